"""The fact-store contract: identical assertions over memory://, SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from itertools import pairwise
from typing import Any

import pytest
from tests.conftest import FakeClock

from palimpsest import Cardinality, FactInput, FactStatus, Memory, Source, View
from palimpsest.errors import (
    ConfigError,
    ConflictError,
    InvalidIntervalError,
    NaiveDatetimeError,
    NotFoundError,
    UnknownViewError,
    ValidationError,
)


def d(year: int, month: int, day: int) -> datetime:
    return datetime(year, month, day, tzinfo=UTC)


JAN, MAR = d(2026, 1, 1), d(2026, 3, 1)
JUL1, JUL2, JUL3, JUL4 = d(2026, 7, 1), d(2026, 7, 2), d(2026, 7, 3), d(2026, 7, 4)


def seed_story(mem: Memory, clock: FakeClock) -> None:
    """Lives in Shanghai (recorded in March); moved to Beijing on 1 July, told on 4 July."""
    clock.set(MAR)
    mem.facts.set("u1", "lives_in", "Shanghai", valid_from=JAN, source="user_command", reason="onboarding form")
    clock.set(JUL4)
    mem.facts.set(
        "u1",
        "lives_in",
        "Beijing",
        valid_from=JUL1,
        source="user_command",
        reason="user said they moved",
        evidence=["turn-42"],
    )


# -- bi-temporal basics -----------------------------------------------------------------


def test_current_value_after_move(mem: Memory, clock: FakeClock) -> None:
    seed_story(mem, clock)
    current = mem.facts.get("u1", "lives_in")
    assert current is not None
    assert current.value == "Beijing"
    assert current.valid_from == JUL1
    assert current.recorded_at == JUL4
    assert current.evidence == ("turn-42",)
    assert current.reason == "user said they moved"


def test_late_report_as_of_both_axes(mem: Memory, clock: FakeClock) -> None:
    seed_story(mem, clock)
    as_known_then = mem.facts.get("u1", "lives_in", valid_at=JUL2, known_at=JUL3)
    as_known_now = mem.facts.get("u1", "lives_in", valid_at=JUL2)
    assert as_known_then is not None and as_known_then.value == "Shanghai"
    assert as_known_now is not None and as_known_now.value == "Beijing"
    before_any_record = mem.facts.get("u1", "lives_in", known_at=d(2026, 2, 1))
    assert before_any_record is None


def test_history_keeps_every_version_on_both_axes(mem: Memory, clock: FakeClock) -> None:
    seed_story(mem, clock)
    history = mem.facts.history("u1", "lives_in")
    shape = [(v.value, v.valid_from, v.valid_to, v.recorded_at, v.superseded_at) for v in history]
    assert shape == [
        ("Shanghai", JAN, None, MAR, JUL4),
        ("Shanghai", JAN, JUL1, JUL4, None),
        ("Beijing", JUL1, None, JUL4, None),
    ]
    remnant = history[1]
    assert remnant.derived_from == history[0].id


def test_versions_are_never_edited_except_transaction_end(mem: Memory, clock: FakeClock) -> None:
    clock.set(MAR)
    first = mem.facts.set("u1", "lives_in", "Shanghai", valid_from=JAN).version
    clock.set(JUL4)
    mem.facts.set("u1", "lives_in", "Beijing", valid_from=JUL1)
    stored = mem.facts.version(first.id)
    assert (stored.value, stored.valid_from, stored.valid_to, stored.recorded_at) == (
        first.value,
        first.valid_from,
        first.valid_to,
        first.recorded_at,
    )
    assert stored.superseded_at == JUL4


def test_list_all_time_and_valid_time_travel(mem: Memory, clock: FakeClock) -> None:
    seed_story(mem, clock)
    in_feb = mem.facts.get("u1", "lives_in", valid_at=d(2026, 2, 1))
    assert in_feb is not None and in_feb.value == "Shanghai"
    all_valid = mem.facts.list(user_id="u1", predicate="lives_in", valid_at=None)
    assert [v.value for v in all_valid] == ["Shanghai", "Beijing"]
    everything = mem.facts.list(user_id="u1", predicate="lives_in", valid_at=None, known_at=None)
    assert [v.value for v in everything] == ["Shanghai", "Shanghai", "Beijing"]


def test_same_value_again_is_unchanged(mem: Memory, clock: FakeClock) -> None:
    first = mem.facts.set("u1", "lives_in", "Shanghai", valid_from=JAN)
    clock.advance(days=1)
    again = mem.facts.set("u1", "lives_in", "  shanghai ", valid_from=MAR)
    assert again.outcome == "unchanged"
    assert again.version.id == first.version.id
    assert len(mem.facts.history("u1", "lives_in")) == 1


def test_retroactive_value_inside_an_interval_splits_it(mem: Memory, clock: FakeClock) -> None:
    mem.facts.set("u1", "lives_in", "Shanghai", valid_from=JAN)
    clock.advance(days=1)
    mem.facts.set("u1", "lives_in", "Hangzhou", valid_from=MAR, valid_to=JUL1, reason="was away for a while")
    assert mem.facts.get("u1", "lives_in", valid_at=d(2026, 2, 1)).value == "Shanghai"  # type: ignore[union-attr]
    assert mem.facts.get("u1", "lives_in", valid_at=d(2026, 4, 1)).value == "Hangzhou"  # type: ignore[union-attr]
    assert mem.facts.get("u1", "lives_in", valid_at=d(2026, 8, 1)).value == "Shanghai"  # type: ignore[union-attr]
    current = mem.facts.list(user_id="u1", predicate="lives_in", valid_at=None)
    assert [(v.value, v.valid_from, v.valid_to) for v in current] == [
        ("Shanghai", JAN, MAR),
        ("Hangzhou", MAR, JUL1),
        ("Shanghai", JUL1, None),
    ]


def test_two_writes_in_one_instant_keep_transaction_order(mem: Memory, clock: FakeClock) -> None:
    mem.facts.set("u1", "lives_in", "Shanghai")
    mem.facts.set("u1", "lives_in", "Beijing")  # the fake clock did not move
    history = mem.facts.history("u1", "lives_in")
    assert history[0].superseded_at is not None
    assert history[0].recorded_at < history[0].superseded_at
    clock.advance(seconds=1)
    assert mem.facts.get("u1", "lives_in").value == "Beijing"  # type: ignore[union-attr]


# -- cardinality ------------------------------------------------------------------------


def test_many_cardinality_accumulates_until_ended(mem: Memory, clock: FakeClock) -> None:
    clock.set(d(2026, 4, 1))
    mem.facts.set("u1", "owns_device", "iPhone 14 Pro", valid_from=JAN)
    mem.facts.set("u1", "owns_device", "AirPods Max", valid_from=MAR)
    owned = mem.facts.list(user_id="u1", predicate="owns_device")
    assert sorted(v.value for v in owned) == ["AirPods Max", "iPhone 14 Pro"]
    assert all(v.cardinality is Cardinality.MANY for v in owned)
    clock.set(JUL4)
    ended = mem.facts.end("u1", "owns_device", value="iPhone 14 Pro", at=JUL1, reason="sold it")
    assert ended.outcome == "ended"
    assert [v.value for v in mem.facts.list(user_id="u1", predicate="owns_device")] == ["AirPods Max"]
    before = mem.facts.list(user_id="u1", predicate="owns_device", valid_at=d(2026, 6, 1))
    assert sorted(v.value for v in before) == ["AirPods Max", "iPhone 14 Pro"]


def test_registry_can_declare_cardinality(make_memory: Any) -> None:
    from palimpsest import PredicateRegistry

    registry = PredicateRegistry().with_cardinality("speaks", Cardinality.MANY)
    mem = make_memory(predicates=registry)
    mem.facts.set("u1", "speaks", "English")
    mem.facts.set("u1", "speaks", "Chinese")
    assert len(mem.facts.list(user_id="u1", predicate="speaks")) == 2


def test_end_one_cardinality_fact(mem: Memory, clock: FakeClock) -> None:
    mem.facts.set("u1", "works_at", "Acme", valid_from=JAN)
    clock.set(JUL4)
    mem.facts.end("u1", "works_at", at=JUL1, reason="left the company")
    assert mem.facts.get("u1", "works_at") is None
    assert mem.facts.get("u1", "works_at", valid_at=MAR).value == "Acme"  # type: ignore[union-attr]
    with pytest.raises(NotFoundError):
        mem.facts.end("u1", "works_at", at=JUL3)


# -- source priority --------------------------------------------------------------------


def test_lower_source_never_supersedes_higher(mem: Memory, clock: FakeClock) -> None:
    mem.facts.set("u1", "lives_in", "Beijing", source=Source.USER_COMMAND)
    clock.advance(hours=1)
    attempt = mem.facts.set("u1", "lives_in", "Shenzhen", source="agent_inferred", reason="guessed from IP")
    assert attempt.outcome == "overridden"
    assert mem.facts.get("u1", "lives_in").value == "Beijing"  # type: ignore[union-attr]
    audit = mem.facts.history("u1", "lives_in", view="audit")
    kept = [v for v in audit if v.value == "Shenzhen"]
    assert len(kept) == 1
    assert kept[0].status is FactStatus.OVERRIDDEN
    assert "user_command" in kept[0].note and "agent_inferred" in kept[0].note
    assert kept[0].reason == "guessed from IP"
    assert all(v.value != "Shenzhen" for v in mem.facts.history("u1", "lives_in", view="active"))


def test_equal_or_higher_source_supersedes(mem: Memory, clock: FakeClock) -> None:
    mem.facts.set("u1", "lives_in", "Paris", source="system_default")
    clock.advance(hours=1)
    assert mem.facts.set("u1", "lives_in", "Lyon", source="agent_inferred").outcome == "superseded"
    clock.advance(hours=1)
    assert mem.facts.set("u1", "lives_in", "Nice", source="agent_inferred").outcome == "superseded"
    clock.advance(hours=1)
    assert mem.facts.set("u1", "lives_in", "Nice", source="auth_profile").outcome == "superseded"
    assert mem.facts.get("u1", "lives_in").source is Source.AUTH_PROFILE  # type: ignore[union-attr]


# -- correction ------------------------------------------------------------------------


def test_correct_ends_transaction_time_only(mem: Memory, clock: FakeClock) -> None:
    wrong = mem.facts.set("u1", "lives_in", "Shangahi", valid_from=JAN).version
    clock.advance(days=2)
    fixed = mem.facts.correct(wrong.id, "Shanghai", reason="typo")
    assert fixed.outcome == "corrected"
    assert fixed.version.valid_from == JAN and fixed.version.valid_to is None
    assert mem.facts.get("u1", "lives_in").value == "Shanghai"  # type: ignore[union-attr]
    old = mem.facts.version(wrong.id)
    assert old.superseded_at == clock.now and old.valid_to is None
    # As known before the correction, the wrong value stood.
    assert mem.facts.get("u1", "lives_in", known_at=clock.now - timedelta(days=1)).value == "Shangahi"  # type: ignore[union-attr]
    with pytest.raises(ConflictError):
        mem.facts.correct(wrong.id, "Again")
    with pytest.raises(NotFoundError):
        mem.facts.correct("f-no-such-version")


# -- exact lookup -----------------------------------------------------------------------


def test_lookup_normalizes_and_never_approximates(mem: Memory) -> None:
    mem.facts.set("u1", "phone", "+86 138-0000-1111")
    mem.facts.set("u2", "phone", "139 0000 1111")
    mem.facts.set("u3", "email", "Alice.Smith@Example.COM")
    mem.facts.set("u3", "order_id", "ORD-2024-001")
    mem.facts.set("u4", "phone", "+1 (415) 555-0100")
    assert [f.user_id for f in mem.lookup("13800001111")] == ["u1"]
    assert [f.user_id for f in mem.lookup("+8613800001111")] == ["u1"]
    assert [f.user_id for f in mem.lookup("138 0000 1111")] == ["u1"]
    assert [f.user_id for f in mem.lookup("13900001111")] == ["u2"]
    assert mem.lookup("13800001112") == []
    assert [f.user_id for f in mem.lookup("alice.smith@example.com")] == ["u3"]
    assert [f.user_id for f in mem.lookup("ord-2024-001")] == ["u3"]
    assert [f.user_id for f in mem.lookup("415-555-0100")] == ["u4"]
    assert mem.lookup("ORD-2024-002") == []
    assert [f.user_id for f in mem.lookup("13800001111", user_id="u1")] == ["u1"]
    assert mem.lookup("13800001111", user_id="u2") == []


def test_lookup_sees_only_current_values(mem: Memory, clock: FakeClock) -> None:
    mem.facts.set("u1", "phone", "13800001111")
    clock.advance(days=1)
    mem.facts.set("u1", "phone", "13700002222", reason="changed number")
    assert mem.lookup("13800001111") == []
    assert [f.value for f in mem.lookup("13800001111", valid_at=None, known_at=None)] == ["13800001111"] * 2
    assert [f.value for f in mem.lookup("13700002222")] == ["13700002222"]


# -- views, forget, purge --------------------------------------------------------------


def test_forget_hides_now_and_shows_in_compliance(mem: Memory, clock: FakeClock) -> None:
    seed_story(mem, clock)
    mem.facts.set("u1", "phone", "13800001111")
    mem.facts.set("u2", "lives_in", "Tokyo")
    result = mem.forget("u1", "lives_in", reason="user asked")
    assert len(result.forgotten) == 3
    assert mem.facts.get("u1", "lives_in") is None
    assert mem.facts.get("u1", "phone") is not None
    compliance = mem.facts.list(user_id="u1", valid_at=None, known_at=None, view="compliance")
    assert sorted(v.value for v in compliance) == ["Beijing", "Shanghai", "Shanghai"]
    assert all(v.forgotten_at == clock.now for v in compliance)
    audit = mem.facts.list(user_id="u1", valid_at=None, known_at=None, view=View.AUDIT)
    assert len(audit) == 4
    assert mem.facts.get("u2", "lives_in") is not None
    # A later write of the same predicate starts fresh; the forgotten rows stay out of it.
    clock.advance(days=1)
    assert mem.facts.set("u1", "lives_in", "Chengdu").outcome == "created"


def test_purge_deletes_only_forgotten_past_retention(mem: Memory, clock: FakeClock) -> None:
    mem.facts.set("u1", "lives_in", "Shanghai")
    mem.facts.set("u1", "works_at", "Acme")
    mem.forget("u1", "lives_in")
    forgot_at = clock.now
    clock.advance(days=10)
    assert mem.purge() == 0  # default retention is 30 days
    assert mem.purge(before=forgot_at) == 0  # strictly before
    clock.advance(days=25)
    assert mem.purge() == 1
    assert mem.facts.list(user_id="u1", valid_at=None, known_at=None, view="compliance") == []
    assert [v.predicate for v in mem.facts.list(user_id="u1", view="audit")] == ["works_at"]


def test_hard_forget_erases_at_once(mem: Memory) -> None:
    mem.facts.set("u1", "lives_in", "Shanghai")
    mem.facts.set("u1", "phone", "13800001111")
    result = mem.forget("u1", hard=True)
    assert result.hard and result.erased == 2
    assert mem.facts.list(user_id="u1", valid_at=None, known_at=None, view="audit") == []
    assert mem.lookup("13800001111", view="audit", valid_at=None, known_at=None) == []
    assert mem.audit.verify().ok


def test_unknown_view_is_an_error(mem: Memory) -> None:
    with pytest.raises(UnknownViewError):
        mem.facts.list(user_id="u1", view="everything")


# -- audit chain -----------------------------------------------------------------------


def test_audit_chain_records_every_write_and_verifies(mem: Memory, clock: FakeClock) -> None:
    seed_story(mem, clock)
    mem.facts.set("u1", "lives_in", "Nowhere", source="system_default")  # overridden, still audited
    mem.forget("u1", "lives_in")
    clock.advance(days=40)
    mem.purge()
    events = mem.audit.events()
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    assert [e.action for e in events] == ["fact.created", "fact.superseded", "fact.overridden", "forget", "purge"]
    assert all(e.prev_hash == p.hash for p, e in pairwise(events))
    report = mem.audit.verify()
    assert report.ok and report.checked == 5


def test_empty_audit_chain_verifies(mem: Memory) -> None:
    report = mem.audit.verify()
    assert report.ok and report.checked == 0


# -- tenants ---------------------------------------------------------------------------


def test_tenants_never_see_each_other(mem: Memory) -> None:
    other = mem.with_tenant("acme")
    mem.facts.set("u1", "lives_in", "Shanghai")
    other.facts.set("u1", "lives_in", "Berlin")
    other.facts.set("u9", "phone", "13800001111")
    assert mem.facts.get("u1", "lives_in").value == "Shanghai"  # type: ignore[union-attr]
    assert other.facts.get("u1", "lives_in").value == "Berlin"  # type: ignore[union-attr]
    assert mem.lookup("13800001111") == []
    assert len(other.lookup("13800001111")) == 1
    assert mem.audit.verify().checked == 1 and other.audit.verify().checked == 2
    version = other.facts.get("u1", "lives_in")
    assert version is not None
    with pytest.raises(NotFoundError):
        mem.facts.version(version.id)


# -- bad input writes nothing -----------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"valid_from": datetime(2026, 1, 1)}, NaiveDatetimeError),
        ({"valid_from": JUL1, "valid_to": JUL1}, InvalidIntervalError),
        ({"valid_from": JUL2, "valid_to": JUL1}, InvalidIntervalError),
        ({"valid_to": datetime(2027, 1, 1)}, NaiveDatetimeError),
        ({"source": "the boss"}, ValidationError),
        ({"confidence": 1.5}, ValidationError),
    ],
)
def test_bad_input_is_a_clear_error_and_writes_nothing(
    mem: Memory, kwargs: dict[str, Any], error: type[Exception]
) -> None:
    with pytest.raises(error):
        mem.facts.set("u1", "lives_in", "Shanghai", **kwargs)
    assert mem.facts.list(user_id="u1", valid_at=None, known_at=None, view="audit") == []
    assert mem.audit.events() == []


@pytest.mark.parametrize(("subject", "predicate", "value"), [("", "lives_in", "x"), ("u1", " ", "x"), ("u1", "p", "")])
def test_empty_names_are_rejected(mem: Memory, subject: str, predicate: str, value: str) -> None:
    with pytest.raises(ValidationError):
        mem.facts.set(subject, predicate, value)
    assert mem.audit.events() == []


def test_naive_query_times_are_rejected(mem: Memory) -> None:
    with pytest.raises(NaiveDatetimeError):
        mem.facts.get("u1", "lives_in", valid_at=datetime(2026, 1, 1))
    with pytest.raises(NaiveDatetimeError):
        mem.facts.get("u1", "lives_in", known_at=datetime(2026, 1, 1))


def test_set_many_is_all_or_nothing(mem: Memory) -> None:
    good = FactInput("u1", "lives_in", "Shanghai")
    bad = FactInput("u1", "works_at", "Acme", valid_from=JUL2, valid_to=JUL1)
    with pytest.raises(InvalidIntervalError):
        mem.facts.set_many([good, bad])
    assert mem.facts.list(user_id="u1", valid_at=None, known_at=None, view="audit") == []
    writes = mem.facts.set_many([good, FactInput("u1", "works_at", "Acme")])
    assert [w.outcome for w in writes] == ["created", "created"]
    assert mem.audit.verify().checked == 2


def test_unknown_backend_url_is_a_config_error() -> None:
    with pytest.raises(ConfigError):
        Memory.open("cassandra://nowhere")
    with pytest.raises(ConfigError):
        Memory.open("not a url")


def test_ordering_is_identical_across_backends(mem: Memory, clock: FakeClock) -> None:
    for i, subject in enumerate(["b", "a", "c"]):
        clock.advance(minutes=1)
        mem.facts.set(subject, "rank", str(i), user_id="u1")
        mem.facts.set(subject, "color", f"c{i}", user_id="u1")
    rows = mem.facts.list(user_id="u1")
    assert [(v.subject, v.predicate) for v in rows] == [
        ("a", "color"),
        ("a", "rank"),
        ("b", "color"),
        ("b", "rank"),
        ("c", "color"),
        ("c", "rank"),
    ]
    page = mem.facts.list(user_id="u1", limit=2, offset=2)
    assert [(v.subject, v.predicate) for v in page] == [("b", "color"), ("b", "rank")]
