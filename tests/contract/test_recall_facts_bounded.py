"""The recall facts channel with many facts per user: bounded reads, still the right and current facts."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from tests.conftest import FakeClock

from palimpsest import FactInput, Memory
from palimpsest.conversation import FACT_CANDIDATES_PER_PREDICATE, FACT_HISTORY_PER_KEY

CITIES = ("Shanghai", "Hangzhou", "Chengdu", "Nanjing", "Wuhan", "Suzhou", "Beijing")


@pytest.fixture
def busy(make_memory: Any, clock: FakeClock) -> Memory:
    """A user with 300 order ids, 40 contacts' cities and seven moves of their own."""
    memory: Memory = make_memory(embedder="hash", embedder_options={"dimension": 64})
    start = datetime(2025, 1, 1, tzinfo=UTC)
    clock.set(start)
    memory.facts.set_many(
        [FactInput("u1", "order_id", f"ORD-{n:05d}", valid_from=start - timedelta(days=400 - n)) for n in range(300)]
        + [
            FactInput(f"Contact{n}", "lives_in", CITIES[n % len(CITIES)], user_id="u1", valid_from=start)
            for n in range(40)
        ]
    )
    for month, city in enumerate(CITIES, start=1):
        clock.set(start + timedelta(days=31 * month))
        memory.facts.set(
            "u1", "lives_in", city, valid_from=start + timedelta(days=31 * month - 1), source="user_command"
        )
    clock.advance(days=1)
    return memory


def facts(memory: Memory, query: str) -> list[tuple[str, str]]:
    packet = memory.recall(query, user_id="u1", budget_tokens=4000)
    return [(i.status, i.content) for i in packet.items if i.kind == "fact"]


def test_own_city_is_current_with_its_latest_past_values_as_history(busy: Memory) -> None:
    found = facts(busy, "where do I live now?")
    own = [(status, content) for status, content in found if content.startswith("lives in:")]
    assert own[0] == ("current", "lives in: Beijing")
    assert [c for s, c in own if s == "current"] == ["lives in: Beijing"]  # no stale city presented as current
    history = [c for s, c in own if s == "history"]
    assert history[0] == "lives in: Suzhou"
    assert len(history) == FACT_HISTORY_PER_KEY


def test_a_contact_is_found_by_name_beyond_the_newest_of_the_predicate(busy: Memory) -> None:
    found = facts(busy, "where does Contact3 live?")
    assert found[0] == ("current", f"Contact3 lives in: {CITIES[3]}")


def test_many_order_ids_are_read_newest_first_and_bounded(busy: Memory) -> None:
    found = facts(busy, "which orders did I place?")
    orders = [c for _, c in found if c.startswith("order id:")]
    assert orders
    newest = {f"order id: ORD-{n:05d}" for n in range(300 - FACT_CANDIDATES_PER_PREDICATE, 300)}
    assert set(orders) <= newest
    # Asked about orders by number, the exact channel answers whatever the age.
    packet = busy.recall("ORD-00007", user_id="u1")
    assert [i.content for i in packet.items if i.kind == "exact"] == ["order id: ORD-00007"]
