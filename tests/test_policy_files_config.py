"""A deployment's own rule and policy files: `Config.business_rules` reaches the validator, and the entry points read
PALIMPSEST_PREDICATES / _CONSENT_POLICY / _ROUTER_RULES / _BUSINESS_RULES (files checked when read, not at the first
write)."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from palimpsest import Memory
from palimpsest.config import policy_files_from_env
from palimpsest.errors import ConfigError

AT = datetime(2026, 3, 11, 10, 0, tzinfo=UTC)

WORK_MAIL_ONLY = r"""version: 1
plausibility: {warn_below: 0.5, reject_below: 0.15}
rules:
  - code: MEM_ERR_PRIVATE_EMAIL
    when: {predicate: email}
    require: {value_pattern: '.*@example\.com'}
    severity: reject
    message: "only work addresses (@example.com) are kept"
"""

VEHICLE = """version: 1
predicates:
  vehicle:
    cardinality: many
    consent: devices
    normalizer: device
"""


def _emails(memory: Memory) -> set[str]:
    return {f.value for f in memory.facts.list(user_id="u1", valid_at=None) if f.predicate == "email"}


def test_the_business_rules_file_of_the_config_is_the_validators(tmp_path: Path) -> None:
    rules = tmp_path / "rules.yaml"
    rules.write_text(WORK_MAIL_ONLY, encoding="utf-8")
    with Memory.open("memory://", embedder="hash", business_rules=rules) as memory:
        said = memory.add({"role": "user", "content": "my email is bob@gmail.com"}, user_id="u1", session_id="s", at=AT)
        assert _emails(memory) == set()
        assert any(d.outcome == "rejected" for d in said.facts)
        memory.add({"role": "user", "content": "my email is bob@example.com"}, user_id="u1", session_id="s", at=AT)
        assert _emails(memory) == {"bob@example.com"}
    with Memory.open("memory://", embedder="hash") as memory:  # the packaged rules keep a private address
        memory.add({"role": "user", "content": "my email is bob@gmail.com"}, user_id="u1", session_id="s", at=AT)
        assert _emails(memory) == {"bob@gmail.com"}


def test_policy_files_from_the_environment(tmp_path: Path) -> None:
    assert policy_files_from_env({}) == {}
    rules, registry = tmp_path / "rules.yaml", tmp_path / "vehicle.yaml"
    rules.write_text(WORK_MAIL_ONLY, encoding="utf-8")
    registry.write_text(VEHICLE, encoding="utf-8")
    read = policy_files_from_env(
        {"PALIMPSEST_BUSINESS_RULES": str(rules), "PALIMPSEST_PREDICATES": f"{registry}{os.pathsep}"}
    )
    assert read["business_rules"] == rules
    assert read["predicates"].get("vehicle").normalizer == "device"
    assert read["predicates"].get("lives_in") is not None  # laid over the packaged registry
    with pytest.raises(ConfigError, match="PALIMPSEST_CONSENT_POLICY"):
        policy_files_from_env({"PALIMPSEST_CONSENT_POLICY": str(tmp_path / "missing.yaml")})
    with pytest.raises(ConfigError, match="PALIMPSEST_PREDICATES"):
        policy_files_from_env({"PALIMPSEST_PREDICATES": str(tmp_path / "missing.yaml")})


def test_the_rest_entry_point_reads_the_policy_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from palimpsest.server.entry import config_from_env

    rules = tmp_path / "rules.yaml"
    rules.write_text(WORK_MAIL_ONLY, encoding="utf-8")
    monkeypatch.setenv("PALIMPSEST_URL", "memory://")
    monkeypatch.setenv("PALIMPSEST_BUSINESS_RULES", str(rules))
    monkeypatch.delenv("PALIMPSEST_LLM_URL", raising=False)
    assert config_from_env().business_rules == rules
