"""``FactStore.relevant``: the recall facts channel's bounded pre-selection, identical on every backend.

Every assertion is checked against the in-Python reference (``select_relevant``) as well as
against hand-written expectations, so a backend that drifts from the reference fails here.
"""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from tests.conftest import FakeClock

from palimpsest import FactInput, Memory
from palimpsest.storage.base import RelevanceQuery
from palimpsest.storage.relevance import fact_words, select_ended, select_relevant
from palimpsest.text import tokenize
from palimpsest.types import FactVersion


def d(year: int, month: int, day: int) -> datetime:
    return datetime(year, month, day, tzinfo=UTC)


NOW = d(2026, 9, 1)


def relevant(mem: Memory, user_id: str = "u1", **fields: Any) -> list[FactVersion]:
    """The backend's answer, after checking it equals the reference's over all stored versions."""
    query = RelevanceQuery(tenant=mem.config.tenant, user_id=user_id, valid_at=fields.pop("valid_at", NOW), **fields)
    found = mem.backend.facts.relevant(query)
    everything = mem.facts.list(user_id=user_id, valid_at=None, known_at=None, view="audit")
    assert found == select_relevant(everything, query)
    return found


def shown(versions: list[FactVersion]) -> list[tuple[str, str, str]]:
    return [(v.subject, v.predicate, v.value) for v in versions]


def profile(mem: Memory, clock: FakeClock) -> None:
    clock.set(d(2026, 3, 1))
    mem.facts.set_many(
        [
            FactInput("u1", "lives_in", "Shanghai", valid_from=d(2026, 1, 1)),
            FactInput("u1", "works_at", "Acme Ltd"),
            FactInput("u1", "preferred_export_format", "PDF"),
            FactInput("Alice", "lives_in", "Paris", user_id="u1"),
            FactInput("Alice", "works_at", "Globex", user_id="u1"),
            FactInput("u1", "address", "北京海淀区中关村大街1号"),
            FactInput("u2", "lives_in", "Paris"),
        ]
    )
    clock.set(d(2026, 7, 4))
    mem.facts.set("u1", "lives_in", "Beijing", valid_from=d(2026, 7, 1), source="user_command")
    clock.set(NOW)


def test_words_of_value_and_third_party_subject(mem: Memory, clock: FakeClock) -> None:
    profile(mem, clock)
    assert shown(relevant(mem, terms=("paris",), per_predicate=0)) == [("Alice", "lives_in", "Paris")]
    assert shown(relevant(mem, terms=("alice",), per_predicate=0)) == [
        ("Alice", "lives_in", "Paris"),
        ("Alice", "works_at", "Globex"),
    ]
    # The user's own name is not a word of their facts (the channel shows them without it).
    assert relevant(mem, terms=("u1",), per_predicate=0) == []
    assert shown(relevant(mem, terms=("北京",), per_predicate=0)) == [("u1", "address", "北京海淀区中关村大街1号")]
    assert shown(relevant(mem, user_id="u2", terms=("paris",))) == [("u2", "lives_in", "Paris")]


def test_predicates_named_by_list_or_by_the_words_of_their_name(mem: Memory, clock: FakeClock) -> None:
    profile(mem, clock)
    assert shown(relevant(mem, predicates=("works_at",))) == [
        ("Alice", "works_at", "Globex"),
        ("u1", "works_at", "Acme Ltd"),
    ]
    named = relevant(mem, terms=("format",))  # preferred_export_format, by its name
    assert shown(named) == [("u1", "preferred_export_format", "PDF")]
    both = relevant(mem, terms=("paris", "live"))
    assert shown(both) == [("Alice", "lives_in", "Paris"), ("u1", "lives_in", "Beijing")]


def test_only_current_versions_valid_at_the_time_asked(mem: Memory, clock: FakeClock) -> None:
    profile(mem, clock)
    now = relevant(mem, predicates=("lives_in",))
    assert [(v.subject, v.value) for v in now] == [("Alice", "Paris"), ("u1", "Beijing")]
    assert all(v.superseded_at is None for v in now)
    before_the_move = relevant(mem, predicates=("lives_in",), valid_at=d(2026, 5, 1))
    assert [(v.subject, v.value) for v in before_the_move] == [("Alice", "Paris"), ("u1", "Shanghai")]
    assert relevant(mem, terms=("shanghai",)) == []  # no longer valid now
    mem.forget("u1", subject="Alice")
    assert relevant(mem, terms=("paris", "alice")) == []


def test_excluded_predicates_are_left_out_of_both_paths(mem: Memory, clock: FakeClock) -> None:
    profile(mem, clock)
    found = relevant(mem, terms=("paris", "work"), exclude_predicates=("lives_in",))
    assert shown(found) == [("Alice", "works_at", "Globex"), ("u1", "works_at", "Acme Ltd")]


def test_limits_keep_the_most_words_then_the_newest(mem: Memory, clock: FakeClock) -> None:
    clock.set(d(2026, 8, 1))
    start = d(2026, 1, 1)
    mem.facts.set_many(
        [FactInput("u1", "order_id", f"ORD-{n:04d}", valid_from=start + timedelta(days=n)) for n in range(1, 8)]
        + [
            FactInput("u1", "note", "red bicycle", valid_from=start),
            FactInput("u1", "wish", "red bicycle bell", valid_from=start),
            FactInput("u1", "gift", "red scarf", valid_from=start + timedelta(days=3)),
        ]
    )
    clock.set(NOW)
    newest = relevant(mem, predicates=("order_id",), per_predicate=2)
    assert [v.value for v in newest] == ["ORD-0006", "ORD-0007"]
    by_words = relevant(mem, terms=("red", "bicycle", "bell"), term_limit=2, per_predicate=0)
    assert [v.predicate for v in by_words] == ["note", "wish"]  # 3 and 2 words, before "red scarf"
    only_red = relevant(mem, terms=("red",), term_limit=1, per_predicate=0)
    assert [v.value for v in only_red] == ["red scarf"]  # equal words: the newest
    assert relevant(mem, terms=("red",), term_limit=0, per_predicate=0) == []


def test_a_word_shared_by_hundreds_of_versions_keeps_the_exact_order_across_read_batches(
    mem: Memory, clock: FakeClock
) -> None:
    # The SQLite store reads matching versions a batch at a time, best ranked first, and stops
    # early: ties of (words, valid_from) spanning batches and excluded versions must not move it.
    clock.set(d(2026, 8, 1))
    start = d(2026, 1, 1)
    mem.facts.set_many(
        [
            FactInput(
                f"shop{n}",
                "order_id" if n % 3 else "parcel_id",
                f"ORD-{n:04d}",
                valid_from=start + timedelta(days=n % 4),
                user_id="u1",
            )
            for n in range(450)
        ]
        + [FactInput("u1", "order_id", "ORD-9999 red", valid_from=start)]
    )
    clock.set(NOW)
    for limit in (1, 5, 150, 299, 1000):
        found = relevant(mem, terms=("ord", "red"), term_limit=limit, per_predicate=0)
        assert len(found) == min(limit, 451)
        kept = relevant(mem, terms=("ord",), term_limit=limit, per_predicate=0, exclude_predicates=("parcel_id",))
        assert len(kept) == min(limit, 301) and all(v.predicate == "order_id" for v in kept)
    # Most of the best-ranked matches excluded: the first ranked rows cannot settle the answer.
    assert len(relevant(mem, terms=("ord",), term_limit=100, per_predicate=0, exclude_predicates=("order_id",))) == 100


def test_tenants_and_users_stay_apart(make_memory: Any, clock: FakeClock) -> None:
    acme = make_memory(tenant="acme")
    globex = make_memory(tenant="globex")
    acme.facts.set("u1", "lives_in", "Paris")
    globex.facts.set("u1", "lives_in", "Paris")
    globex.facts.set("u9", "lives_in", "Paris")
    found = relevant(acme, terms=("paris",), valid_at=clock.now + timedelta(seconds=1))
    assert [(v.tenant, v.user_id) for v in found] == [("acme", "u1")]


def test_words_are_the_tokens_the_channel_scores() -> None:
    value = "Prefers SF-Express deliveries"
    assert fact_words("u1", "u1", value) == frozenset(tokenize(value)) >= {"prefer", "sf", "express"}
    assert fact_words("u1", "Alice's mother", "北京") == frozenset({"alice", "mother", "北京"})


def ended(mem: Memory, subject: str, predicate: str, ended_by: datetime, limit: int = 5) -> list[FactVersion]:
    tenant = mem.config.tenant
    found = mem.backend.facts.ended_versions(tenant, "u1", subject, predicate, ended_by=ended_by, limit=limit)
    everything = mem.facts.list(user_id="u1", valid_at=None, known_at=None, view="audit")
    assert found == select_ended(everything, tenant, "u1", subject, predicate, ended_by, limit)
    return found


def test_ended_versions_are_the_latest_past_values_of_one_key(mem: Memory, clock: FakeClock) -> None:
    clock.set(d(2026, 1, 1))
    for month, city in enumerate(("Shanghai", "Hangzhou", "Chengdu", "Beijing"), start=2):
        clock.set(d(2026, month, 2))
        mem.facts.set("u1", "lives_in", city, valid_from=d(2026, month, 1), source="user_command")
    mem.facts.set("Alice", "lives_in", "Paris", user_id="u1", valid_from=d(2026, 1, 1), valid_to=d(2026, 2, 1))
    past = ended(mem, "u1", "lives_in", ended_by=d(2026, 5, 1))
    assert [(v.value, v.valid_to) for v in past] == [
        ("Chengdu", d(2026, 5, 1)),
        ("Hangzhou", d(2026, 4, 1)),
        ("Shanghai", d(2026, 3, 1)),
    ]
    assert all(v.superseded_at is None for v in past)  # the current record of each past value
    assert [v.value for v in ended(mem, "u1", "lives_in", ended_by=d(2026, 5, 1), limit=1)] == ["Chengdu"]
    assert [v.value for v in ended(mem, "u1", "lives_in", ended_by=d(2026, 4, 15))] == ["Hangzhou", "Shanghai"]
    assert ended(mem, "u1", "lives_in", ended_by=d(2026, 3, 1), limit=0) == []
    assert [v.value for v in ended(mem, "Alice", "lives_in", ended_by=d(2026, 9, 1))] == ["Paris"]


# -- SQLite specifics: the word index follows erasure, and stores made before it are indexed --


def test_sqlite_erasure_takes_the_words_along(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "store.db"
    with Memory.open(f"sqlite:///{path}", clock=clock) as mem:
        mem.facts.set("u1", "phone", "13800001111")
        mem.facts.set("u2", "lives_in", "Paris")
        mem.forget("u1", hard=True)
    rows = sqlite3.connect(path).execute("SELECT user_id, word FROM fact_words ORDER BY word").fetchall()
    assert rows == [("u2", "paris")]


def test_sqlite_store_from_before_the_word_index_is_indexed_on_open(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "store.db"
    with Memory.open(f"sqlite:///{path}", clock=clock) as mem:
        mem.facts.set("u1", "lives_in", "Paris")
    raw = sqlite3.connect(path, isolation_level=None)
    raw.execute("DELETE FROM fact_words")  # as a store written before migration 0010 would be
    raw.execute("INSERT INTO fact_words_backfill VALUES (1)")
    raw.close()
    clock.advance(seconds=1)
    with Memory.open(f"sqlite:///{path}", clock=clock) as mem:
        assert shown(relevant(mem, terms=("paris",), valid_at=clock.now)) == [("u1", "lives_in", "Paris")]
    assert sqlite3.connect(path).execute("SELECT count(*) FROM fact_words_backfill").fetchone() == (0,)
