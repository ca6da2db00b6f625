"""Memory.export / Memory.import_: a validated, idempotent JSON round trip of one user's memory."""

from __future__ import annotations

import copy
import json
from datetime import UTC, datetime
from typing import Any

import pytest
from tests.conftest import FakeClock

from palimpsest import Memory
from palimpsest.config import Config
from palimpsest.errors import ConflictError, NaiveDatetimeError, ValidationError


def _utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def _filled(clock: FakeClock, tenant: str = "default") -> Memory:
    mem = Memory(config=Config(url="memory://", embedder="hash", clock=clock, tenant=tenant))
    mem.facts.set("u1", "lives_in", "Shanghai", valid_from=_utc(2025, 9, 1), source="user_command")
    clock.advance(days=1)
    mem.facts.set("u1", "lives_in", "Beijing", valid_from=_utc(2026, 1, 1), source="user_command")
    mem.add("I like green tea.", user_id="u1", session_id="s1")
    mem.controls.set("u1", files=False, consent={"health": False})
    return mem


FACT_FIELDS = ("subject", "predicate", "value", "valid_from", "valid_to", "recorded_at", "superseded_at", "source")


def _shape(export: dict[str, Any]) -> dict[str, Any]:
    """What must survive a round trip (ids and tenant may be remapped)."""
    return {
        "facts": [tuple(f[k] for k in (*FACT_FIELDS, "status")) for f in export["facts"]],
        "turns": [(t["session_id"], t["role"], t["content"], t["seq"]) for t in export["turns"]],
        "settings": export["settings"],
    }


def test_export_is_json_and_round_trips_into_another_store(clock: FakeClock) -> None:
    with _filled(clock) as source:
        exported = source.export("u1")
    text = json.dumps(exported)
    assert [f["value"] for f in exported["facts"]].count("Shanghai") == 2  # both axes kept
    with Memory(config=Config(url="memory://", embedder="hash", clock=clock, tenant="other")) as target:
        result = target.import_(json.loads(text))
        assert (result.facts, result.turns, result.settings) == (len(exported["facts"]), 1, True)
        again = target.export("u1")
        assert _shape(again) == _shape(exported)
        fact = target.facts.get("u1", "lives_in")
        assert fact is not None and fact.value == "Beijing"
        assert target.facts.get("u1", "lives_in", valid_at=_utc(2025, 10, 1)).value == "Shanghai"  # type: ignore[union-attr]
        assert "green tea" in target.search("green tea", user_id="u1")[0].content
        assert target.controls.get("u1").files is False
        assert target.audit.verify().ok


def test_import_is_idempotent(clock: FakeClock) -> None:
    with _filled(clock) as mem:
        exported = mem.export("u1")
        events = len(mem.audit.events())
        assert mem.import_(exported).facts == 0  # same tenant: the ids are already there
        again = mem.import_(exported)
        assert (again.facts, again.turns, again.settings) == (0, 0, False)
        assert len(mem.audit.events()) == events
    with Memory(config=Config(url="memory://", embedder="hash", clock=clock, tenant="t2")) as target:
        first = target.import_(exported)
        assert first.facts > 0
        second = target.import_(copy.deepcopy(exported))
        assert (second.facts, second.turns, second.settings) == (0, 0, False)
        assert len(target.facts.history("u1")) == len(exported["facts"])


def test_import_into_the_source_tenant_of_the_same_store_keeps_ids(clock: FakeClock) -> None:
    with _filled(clock) as mem:
        exported = mem.export("u1")
        mem.forget("u1", hard=True)
        assert mem.facts.history("u1") == []
        mem.import_(exported)
        assert sorted(f["id"] for f in mem.export("u1")["facts"]) == sorted(f["id"] for f in exported["facts"])


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        (lambda d: d.update(format="other"), ValidationError, "export.format"),
        (lambda d: d.update(version=99), ValidationError, "export.version"),
        (lambda d: d["facts"][0].update(valid_from="2026-01-01T00:00:00"), NaiveDatetimeError, "valid_from"),
        (lambda d: d["facts"][0].update(source="rumour"), ValidationError, "facts[0].source"),
        (lambda d: d["facts"][0].update(user_id="u2"), ValidationError, "facts[0].user_id"),
        (lambda d: d["facts"][0].update(valid_to="2000-01-01T00:00:00+00:00"), ValidationError, "valid_to"),
        (lambda d: d["turns"][0].update(seq="x"), ValidationError, "turns[0].seq"),
        (lambda d: d.update(settings={"memory": "yes"}), ValidationError, "settings.memory"),
        (lambda d: d["facts"].append(d["facts"][0]), ValidationError, "unique"),
    ],
)
def test_a_bad_export_writes_nothing(clock: FakeClock, change: Any, error: type[Exception], message: str) -> None:
    with _filled(clock) as source:
        exported = source.export("u1")
    change(exported)
    with Memory(config=Config(url="memory://", embedder="hash", clock=clock)) as target:
        with pytest.raises(error, match=message.replace("[", r"\[").replace("]", r"\]")):
            target.import_(exported)
        assert target.facts.history("u1") == []
        assert target.audit.events() == []


def test_import_over_other_facts_of_the_user_is_a_conflict(clock: FakeClock) -> None:
    with _filled(clock) as source:
        exported = source.export("u1")
    with Memory(config=Config(url="memory://", embedder="hash", clock=clock, tenant="x")) as target:
        target.facts.set("u1", "lives_in", "Paris", source="user_command")
        with pytest.raises(ConflictError, match="not in this export"):
            target.import_(exported)
        assert [v.value for v in target.facts.history("u1")] == ["Paris"]
