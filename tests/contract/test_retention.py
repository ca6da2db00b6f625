"""Retention per consent category (data/consent.yaml) for facts and conversation turns, on every backend.

Policy of these tests (tests/data/consent_short_retention.yaml; the packaged one keeps most
categories until forgotten): health 30 days, conversations 90, profile 730; preferences kept until
forgotten; ``Config.forgotten_retention`` (30 days) between forgetting and purging.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from tests.conftest import FakeClock

from palimpsest import Memory
from palimpsest.errors import NotFoundError, StaleVersionError
from palimpsest.types import View

HEALTH = 30
SHORT_RETENTION = Path(__file__).parent.parent / "data" / "consent_short_retention.yaml"


@pytest.fixture
def rmem(make_memory: Callable[..., Any]) -> Memory:
    memory: Memory = make_memory(embedder="hash", embedder_options={"dimension": 256}, consent_policy=SHORT_RETENTION)
    return memory


def _health(memory: Memory, value: str = "asthma") -> str:
    return memory.facts.set("u1", "condition", value, category="health", source="user_command").version.id


def _stored(memory: Memory, version_id: str) -> Any:
    return memory.backend.facts.get_version(memory.config.tenant, version_id)


def test_health_fact_past_retention_is_never_served_then_forgotten_and_purged(rmem: Memory, clock: FakeClock) -> None:
    recorded = clock.now
    version_id = _health(rmem)
    clock.advance(days=HEALTH - 1)
    assert rmem.facts.get("u1", "condition") is not None
    # Recall reads facts through the store's relevance index, not facts.get: it must obey too.
    assert any(i.kind == "fact" and "asthma" in i.content for i in rmem.recall("do I have asthma?", "u1").items)

    clock.advance(days=2)  # recorded 31 days ago
    # Not served, even though no sweep has run yet.
    assert rmem.facts.get("u1", "condition") is None
    assert rmem.facts.list(user_id="u1", valid_at=None, known_at=None) == []
    assert rmem.facts.history("u1", "condition", view=View.ACTIVE) == []
    assert not any(i.kind == "fact" and "asthma" in i.content for i in rmem.recall("what condition?", "u1").items)
    assert not any(i.kind == "fact" and "asthma" in i.content for i in rmem.recall("do I have asthma?", "u1").items)
    assert _stored(rmem, version_id).forgotten_at is None

    report = rmem.enforce_retention()
    assert report.facts == (version_id,) and report.turns == ()
    forgotten = _stored(rmem, version_id)
    assert forgotten.forgotten_at == recorded + timedelta(days=HEALTH)  # forgotten as of its deadline
    assert [v.id for v in rmem.facts.history("u1", "condition", view=View.COMPLIANCE)] == [version_id]
    assert any(e.action == "forget.retention" and e.target == "u1/u1/condition" for e in rmem.audit.events())
    assert rmem.enforce_retention().count == 0  # idempotent

    assert rmem.purge() == 0  # forgotten 1 day ago: kept for the forgotten-data retention
    clock.advance(days=30)
    assert rmem.purge() == 1
    assert _stored(rmem, version_id) is None
    assert rmem.audit.verify().ok


def test_purge_alone_enforces_retention(rmem: Memory, clock: FakeClock) -> None:
    version_id = _health(rmem)
    clock.advance(days=HEALTH + 31)
    assert rmem.purge() == 1  # forgotten as of day 30, more than 30 days ago
    assert _stored(rmem, version_id) is None


def test_preference_without_retention_is_kept(rmem: Memory, clock: FakeClock) -> None:
    rmem.facts.set("u1", "preferred_report_format", "PDF", source="user_command")
    _health(rmem)
    clock.advance(days=1000)
    rmem.purge()
    kept = rmem.facts.get("u1", "preferred_report_format")
    assert kept is not None and kept.value == "PDF"
    assert rmem.facts.get("u1", "condition") is None


def test_predicate_is_governed_by_its_consent_category(rmem: Memory, clock: FakeClock) -> None:
    rmem.facts.set("u1", "lives_in", "Beijing", source="user_command")  # consent: profile (730 days)
    clock.advance(days=729)
    assert rmem.facts.get("u1", "lives_in") is not None
    clock.advance(days=2)
    assert rmem.facts.get("u1", "lives_in") is None
    assert len(rmem.enforce_retention().facts) == 1


def test_custom_policy_file_is_honoured(make_memory: Callable[..., Any], clock: FakeClock, tmp_path: Path) -> None:
    policy = tmp_path / "consent.yaml"
    policy.write_text(
        "categories:\n  preferences: {retention_days: 7, default_consent: true}\n  health: {default_consent: true}\n",
        encoding="utf-8",
    )
    memory: Memory = make_memory(consent_policy=policy)
    memory.facts.set("u1", "preferred_report_format", "PDF", source="user_command")
    _health(memory)
    clock.advance(days=6)
    assert memory.facts.get("u1", "preferred_report_format") is not None
    clock.advance(days=2)
    assert memory.facts.get("u1", "preferred_report_format") is None
    assert memory.facts.get("u1", "condition") is not None  # this policy keeps health
    assert [v.predicate for v in memory.facts.list(user_id="u1")] == ["condition"]
    assert len(memory.enforce_retention().facts) == 1


def test_moving_the_clock_back_resurrects_nothing(rmem: Memory, clock: FakeClock) -> None:
    start = clock.now
    _health(rmem)
    rmem.add("I booked the dentist for my toothache", user_id="u1", session_id="s1")
    clock.advance(days=100)
    report = rmem.enforce_retention()
    assert len(report.facts) == 1 and len(report.turns) == 1
    clock.set(start + timedelta(days=1))
    assert rmem.facts.get("u1", "condition") is None
    assert rmem.facts.list(user_id="u1", valid_at=None, known_at=None) == []
    assert rmem.search("dentist toothache", "u1") == []
    assert rmem.sessions("u1") == []


def test_restating_an_expired_value_starts_afresh(rmem: Memory, clock: FakeClock) -> None:
    old = _health(rmem)
    clock.advance(days=HEALTH + 1)
    write = rmem.facts.set("u1", "condition", "asthma", category="health", source="user_command")
    assert write.outcome == "created" and write.version.id != old  # not "unchanged" against expired data
    assert _stored(rmem, old).forgotten_at is not None  # forgotten by the write, audited
    assert rmem.facts.get("u1", "condition") == write.version
    clock.advance(days=HEALTH - 1)
    assert rmem.facts.get("u1", "condition") == write.version
    assert rmem.audit.verify().ok


def test_expired_version_cannot_be_corrected_or_ended(rmem: Memory, clock: FakeClock) -> None:
    old = _health(rmem)
    clock.advance(days=HEALTH + 1)
    with pytest.raises(StaleVersionError):
        rmem.facts.correct(old, "hay fever")
    with pytest.raises(NotFoundError):
        rmem.facts.end("u1", "condition")
    assert rmem.audit.verify().ok


def test_history_expires_with_the_value_it_holds(rmem: Memory, clock: FakeClock) -> None:
    """A supersession on day 20 copies the old value's earlier valid interval into a remnant
    recorded on day 20; the remnant still expires 30 days after the value was first recorded."""
    first = _health(rmem, "asthma")
    clock.advance(days=20)
    second = rmem.facts.set("u1", "condition", "hay fever", category="health", source="user_command")
    assert second.outcome == "superseded" and second.derived
    remnant = second.derived[0]
    assert remnant.value == "asthma" and remnant.derived_from == first
    clock.advance(days=HEALTH - 20 + 1)  # day 31: asthma expired, hay fever (day 20) not
    everything = rmem.facts.list(user_id="u1", valid_at=None, known_at=None)
    assert [v.value for v in everything] == ["hay fever"]
    report = rmem.enforce_retention()
    assert set(report.facts) == {first, remnant.id}
    clock.advance(days=20)
    assert rmem.facts.list(user_id="u1", valid_at=None, known_at=None) == []


def test_lookup_leaves_expired_identifiers_out(rmem: Memory, clock: FakeClock) -> None:
    rmem.facts.set("u1", "phone", "13800001111", source="user_command")  # consent: contact (365 days)
    assert [v.value for v in rmem.lookup("13800001111")] == ["13800001111"]
    clock.advance(days=366)
    assert rmem.lookup("13800001111") == []


def test_conversation_turns_past_retention_leave_recall_and_are_purged(rmem: Memory, clock: FakeClock) -> None:
    rmem.add(
        ["My order A-1001 arrived damaged", "I will open a ticket for the damaged order"],
        user_id="u1",
        session_id="s1",
    )
    rmem.end_session("u1", "s1")
    assert rmem.summaries.get("u1", "s1") is not None
    clock.advance(days=89)
    fresh = rmem.add("The damaged order was replaced", user_id="u1", session_id="s2")
    assert any("A-1001" in i.content for i in rmem.search("damaged order A-1001", "u1"))

    clock.advance(days=2)  # s1 recorded 91 days ago, s2 2 days ago
    hits = rmem.search("damaged order A-1001", "u1")
    assert hits and all(i.id in {t.id for t in fresh.turns} for i in hits)
    packet = rmem.recall("what happened to my damaged order?", "u1")
    assert not any("A-1001" in i.content for i in packet.items if i.kind == "episode")

    report = rmem.enforce_retention()
    assert len(report.turns) == 2 and report.summaries >= 1
    assert rmem.summaries.get("u1", "s1") is None
    assert [s.session_id for s in rmem.sessions("u1")] == ["s2"]
    assert any(e.action == "forget.retention" and e.target == "u1/turns" for e in rmem.audit.events())
    clock.advance(days=30)
    assert rmem.purge() == 2
    assert rmem.backend.turns.count(rmem.config.tenant, "u1") == 1
    assert rmem.audit.verify().ok


def test_export_leaves_out_what_is_past_retention(rmem: Memory, clock: FakeClock) -> None:
    _health(rmem)
    rmem.facts.set("u1", "preferred_report_format", "PDF", source="user_command")
    rmem.add("I booked the dentist", user_id="u1", session_id="s1")
    assert len(rmem.export("u1")["turns"]) == 1
    clock.advance(days=91)  # before any sweep
    exported = rmem.export("u1")
    assert [f["predicate"] for f in exported["facts"]] == ["preferred_report_format"]
    assert exported["turns"] == []
