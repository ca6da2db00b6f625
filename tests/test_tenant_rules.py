"""A tenant's own rules kept in the store (`Memory.rules`, the admin REST routes): its predicates laid over the
deployment's registry, its business rules used instead of the deployment's; parsed before they are stored, in force
without a restart (in this process at once, in another within its refresh), audited, and one tenant's rules never
reach another."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from palimpsest import Config, Memory
from palimpsest.errors import NotFoundError, ValidationError
from palimpsest.server import tenants as tenants_module
from palimpsest.server.app import create_app

AT = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)

TEAM = """
predicates:
  favorite_team:
    cardinality: one
    description: The sports team the subject supports.
  owns_device:
    cardinality: one
"""

# An employer that issues iPhones only: any other device is refused; the packaged rules (a complaint must carry a
# ticket id) do not apply to this tenant any more.
IPHONES_ONLY = r"""
version: 1
rules:
  - code: MEM_ERR_DEVICE_NOT_ISSUED
    when: {predicate: owns_device}
    require: {value_pattern: 'iPhone.*'}
    severity: reject
    message: "ACME staff carry the iPhones IT issues"
"""


@pytest.fixture
def memory() -> Iterator[Memory]:
    with Memory.open("memory://", embedder="hash") as mem:
        yield mem


def _codes(memory: Memory, text: str, user: str = "u1") -> list[tuple[str, str, str | None]]:
    result = memory.add({"role": "user", "content": text}, user_id=user, session_id="s1", at=AT)
    return [(d.candidate.value, d.outcome, d.verdict.code if d.verdict else None) for d in result.facts]


def test_stored_predicates_are_in_force_at_once_and_only_for_their_tenant(memory: Memory) -> None:
    stored = memory.rules.put("predicates", TEAM, actor="ops")
    assert (stored.document, stored.updated_by, len(stored.sha256)) == ("predicates", "ops", 64)
    assert memory.config.predicates.get("favorite_team").cardinality == "one"
    # owns_device is "many" in the package: now a second device supersedes the first
    memory.facts.set("u1", "owns_device", "iPhone 14", user_id="u1")
    memory.facts.set("u1", "owns_device", "iPhone 16", user_id="u1")
    assert [f.value for f in memory.facts.list(user_id="u1", predicate="owns_device")] == ["iPhone 16"]
    other = memory.with_tenant("globex")
    assert "favorite_team" not in other.config.predicates.names()
    assert other.config.predicates.get("owns_device").cardinality == "many"
    assert other.rules.list() == []
    # the same tenant opened again (another process, a restart) reads them from the store
    again = memory.with_tenant(memory.config.tenant)
    assert again.config.predicates.get("favorite_team").description == "The sports team the subject supports."
    assert [r.document for r in again.rules.list()] == ["predicates"]


def test_stored_business_rules_replace_the_deployments(memory: Memory) -> None:
    complaint = "I want to complain about the broken {} you sent"  # a new turn each time (a repeat is a duplicate)
    assert any(v.code == "MEM_ERR_MISSING_TICKET" for v in _turn_findings(memory, complaint.format("charger")))
    memory.rules.put("business_rules", IPHONES_ONLY)
    assert ("Pixel 8", "rejected", "MEM_ERR_DEVICE_NOT_ISSUED") in _codes(memory, "I just bought a Pixel 8")
    assert ("iPhone 15", "created", None) in _codes(memory, "I just bought an iPhone 15")
    assert not any(v.code == "MEM_ERR_MISSING_TICKET" for v in _turn_findings(memory, complaint.format("kettle")))
    memory.rules.delete("business_rules")
    assert any(v.code == "MEM_ERR_MISSING_TICKET" for v in _turn_findings(memory, complaint.format("lamp")))
    assert ("Pixel 8", "created", None) in _codes(memory, "I just bought a Pixel 8", user="u2")


def _turn_findings(memory: Memory, text: str) -> list[Any]:
    return list(memory.add({"role": "user", "content": text}, user_id="u9", session_id="s9", at=AT).findings)


RULE = """rules:
  - code: MEM_ERR_X
    when: {{predicate: phone}}
    require: {require}
    severity: {severity}
    message: say more
"""


@pytest.mark.parametrize(
    ("document", "text", "message"),
    [
        ("predicates", "predicates: [1, 2", "not valid YAML"),
        ("predicates", "predicates:\n  shoe_size:\n    cardinality: some\n", "cardinality"),
        ("predicates", "predicates:\n  shoe_size:\n    normalizer: shoe\n", "unknown normalizer"),
        ("business_rules", RULE.format(require="{field: ticket_id}", severity="maybe"), "severity"),
        ("business_rules", RULE.format(require="{value_pattern: '('}", severity="reject"), "value_pattern"),
        ("business_rules", "   ", "empty"),
        ("router_rules", "anything: 1", "unknown rules document"),
    ],
)
def test_a_broken_document_is_refused_and_changes_nothing(
    memory: Memory, document: str, text: str, message: str
) -> None:
    memory.rules.put("predicates", TEAM)
    before = (memory.config, [e.seq for e in memory.audit.events()])
    with pytest.raises(ValidationError, match=message):
        memory.rules.put(document, text)
    assert (memory.config, [e.seq for e in memory.audit.events()]) == before
    assert [r.document for r in memory.rules.list()] == ["predicates"]


def test_every_change_is_audited_and_the_chain_holds(memory: Memory) -> None:
    memory.rules.put("predicates", TEAM, actor="ops")
    memory.rules.put("predicates", TEAM.replace("sports team", "football club"), actor="ops")
    memory.rules.delete("predicates", actor="ops")
    assert [e.action for e in memory.audit.events()] == ["rules.updated", "rules.updated", "rules.removed"]
    assert memory.audit.verify().ok
    with pytest.raises(NotFoundError):
        memory.rules.delete("predicates")


def test_another_process_sees_the_change_on_refresh(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    with Memory.open(url, embedder="hash") as first, Memory.open(url, embedder="hash") as second:
        assert first.rules.refresh() is False
        first.rules.put("predicates", TEAM)
        assert "favorite_team" not in second.config.predicates.names()
        assert second.rules.refresh() is True
        assert "favorite_team" in second.config.predicates.names()
        assert second.rules.refresh() is False


def test_a_stored_document_that_no_longer_parses_is_skipped_not_fatal(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    deployment = tmp_path / "ours.yaml"
    deployment.write_text("consent_categories: [loyalty]\n", encoding="utf-8")
    from palimpsest.write.registry import load_registry

    with Memory(config=Config(url=url, embedder="hash", predicates=load_registry(deployment))) as memory:
        memory.rules.put("predicates", "predicates:\n  shoe_size:\n    consent: loyalty\n")
        memory.rules.put("business_rules", IPHONES_ONLY)
    # the deployment dropped its consent category: the tenant's overlay names one that is not declared
    with Memory.open(url, embedder="hash") as reopened:
        assert reopened.rules.last_error is not None and "loyalty" in reopened.rules.last_error
        assert "shoe_size" not in reopened.config.predicates.names()
        # the other document still applies
        rules = reopened.config.business_rules
        assert rules is not None and not isinstance(rules, Path)
        assert [r.code for r in rules.rules] == ["MEM_ERR_DEVICE_NOT_ISSUED"]


# -- over REST -----------------------------------------------------------------------------------
ADMIN = {"Authorization": "Bearer admin-secret"}


def _client(memory: Memory) -> TestClient:
    return TestClient(create_app(memory, admin_key="admin-secret", rate_limit=None), raise_server_exceptions=True)


def _tenant(client: TestClient, name: str) -> dict[str, str]:
    assert client.post("/v1/admin/tenants", json={"name": name}, headers=ADMIN).status_code == 201
    made = client.post(f"/v1/admin/tenants/{name}/keys", json={"label": "t"}, headers=ADMIN)
    return {"X-API-Key": made.json()["key"]}


def _device_outcomes(client: TestClient, key: dict[str, str], text: str) -> list[tuple[str, str]]:
    body = {"messages": [{"role": "user", "content": text}], "user_id": "u1", "session_id": "s1"}
    response = client.post("/v1/memories", json=body, headers=key)
    assert response.status_code in (200, 201), response.text
    return [(d["candidate"]["value"], d["outcome"]) for d in response.json()["facts"]]


def test_rest_admin_routes_store_apply_and_drop_a_tenants_rules(memory: Memory) -> None:
    with _client(memory) as client:
        acme, globex = _tenant(client, "acme"), _tenant(client, "globex")
        route = "/v1/admin/tenants/acme/rules/business_rules"
        assert client.get(route, headers=ADMIN).status_code == 404
        # a tenant's own key cannot touch rules (an agent holding it could switch validation off)
        assert client.put(route, json={"text": IPHONES_ONLY}, headers=acme).status_code == 403
        put = client.put(route, json={"text": IPHONES_ONLY}, headers=ADMIN)
        assert put.status_code == 200, put.text
        assert put.json()["document"] == "business_rules" and put.json()["updated_by"] == "admin"
        assert client.get(route, headers=ADMIN).json()["text"] == IPHONES_ONLY
        listed = client.get("/v1/admin/tenants/acme/rules", headers=ADMIN).json()
        assert [(r["document"], "text" in r) for r in listed] == [("business_rules", False)]
        assert ("Pixel 8", "rejected") in _device_outcomes(client, acme, "I just bought a Pixel 8")
        assert ("Pixel 8", "created") in _device_outcomes(client, globex, "I just bought a Pixel 8")
        # the response says why, as the validator put it, for facts and for whole turns
        body = {"messages": "I just got a Galaxy S24", "user_id": "u2", "session_id": "s2"}
        (decision,) = client.post("/v1/memories", json=body, headers=acme).json()["facts"]
        assert decision["candidate"]["predicate"] == "owns_device" and decision["write"] is None
        assert decision["verdict"]["code"] == "MEM_ERR_DEVICE_NOT_ISSUED" and decision["verdict"]["message"]
        body = {"messages": "I want to complain about the broken charger you sent", "user_id": "u2", "session_id": "s2"}
        findings = client.post("/v1/memories", json=body, headers=globex).json()["findings"]
        assert [f["code"] for f in findings] == ["MEM_ERR_MISSING_TICKET"]
        broken = client.put(route, json={"text": "rules: 7"}, headers=ADMIN)
        assert broken.status_code == 422 and broken.json()["error"]["code"] == "MEM_ERR_INVALID"
        assert client.get(route, headers=ADMIN).json()["text"] == IPHONES_ONLY
        nobody = client.put("/v1/admin/tenants/nobody/rules/predicates", json={"text": TEAM}, headers=ADMIN)
        assert nobody.status_code == 404
        unknown = client.put("/v1/admin/tenants/acme/rules/router", json={"text": TEAM}, headers=ADMIN)
        assert unknown.status_code == 422
        assert client.delete(route, headers=ADMIN).status_code == 204
        assert ("Pixel 7", "created") in _device_outcomes(client, acme, "I just bought a Pixel 7")
        assert client.delete(route, headers=ADMIN).status_code == 404


def test_rest_replicas_pick_up_a_change_within_the_refresh(memory: Memory, monkeypatch: pytest.MonkeyPatch) -> None:
    # Two app instances over one store stand in for two replicas behind a load balancer.
    with _client(memory) as first, _client(memory) as second:
        acme = _tenant(first, "acme")
        assert ("Pixel 8", "created") in _device_outcomes(second, acme, "I just bought a Pixel 8")
        first.put("/v1/admin/tenants/acme/rules/business_rules", json={"text": IPHONES_ONLY}, headers=ADMIN)
        monkeypatch.setattr(tenants_module, "RULES_REFRESH_SECONDS", 0.0)
        assert ("Pixel 9", "rejected") in _device_outcomes(second, acme, "I just bought a Pixel 9")


# -- from the CLI ------------------------------------------------------------------------------------
def test_cli_sets_shows_lists_and_clears_a_tenants_rules(tmp_path: Path) -> None:
    from test_cli import error_line, make_cli_with, ok_json

    cli = make_cli_with(f"sqlite:///{tmp_path / 'cli.db'}", "--tenant", "acme")
    hashed = {"PALIMPSEST_EMBEDDER": "hash"}
    (tmp_path / "team.yaml").write_text(TEAM, encoding="utf-8")
    (tmp_path / "bad.yaml").write_text("rules: 7\n", encoding="utf-8")
    assert ok_json(cli("rules", "list", "--json", env=hashed)) == []
    stored = ok_json(cli("rules", "set", "predicates", str(tmp_path / "team.yaml"), "--json", env=hashed))
    assert stored["document"] == "predicates" and stored["updated_by"] == "cli" and "text" not in stored
    assert "expected a list of rules" in error_line(cli("rules", "set", "business_rules", str(tmp_path / "bad.yaml")))
    assert "cannot read" in error_line(cli("rules", "set", "predicates", str(tmp_path / "missing.yaml")))
    assert cli("rules", "show", "predicates", env=hashed).stdout == TEAM
    assert [r["document"] for r in ok_json(cli("rules", "list", "--json", env=hashed))] == ["predicates"]
    # the stored registry is in force for the tenant's facts: owns_device is "one" there, so a new device supersedes
    for device in ("iPhone 14", "iPhone 16"):
        assert cli("facts", "set", "u1", "owns_device", device, env=hashed).exit_code == 0
    held = ok_json(cli("facts", "list", "--user", "u1", "--predicate", "owns_device", "--json", env=hashed))
    assert [f["value"] for f in (held["items"] if isinstance(held, dict) else held)] == ["iPhone 16"]
    assert "cleared" in cli("rules", "clear", "predicates", env=hashed).stdout
    assert "no stored predicates" in error_line(cli("rules", "show", "predicates"))
