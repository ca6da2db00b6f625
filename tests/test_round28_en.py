"""Round 28, English: the classes of phrasing behind the misses of the twenty-fourth and twenty-fifth held-out sets.

Days of the month told in the past and fortnights (times), and order codes of capitals run into digits after an
errand. Every sentence is written for this file (none is taken from a bench set); each class has look-alikes that
must stay silent.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of
from palimpsest.write.timeexpr import find_times

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u28"

TABLE = FactTable(ME, AT)
extract, state, ended = TABLE.extract, TABLE.state, TABLE.ended


def _kin(relation: str) -> str:
    return f"{ME}:{relation}"


def _facts(text: str, *predicates: str) -> set[Fact]:
    return {f for f in facts_of(extract(text)) if f[1] in predicates}


TIMES: list[tuple[str, str, date | None]] = [
    # a day of the month said alone, told in the past: the last such day (last month's when it is still to come)
    ("We moved into the flat on the 30th", "on the 30th", date(2026, 10, 30)),
    ("the parcel finally arrived on the 12th", "on the 12th", date(2026, 11, 12)),
    ("I'll move the boxes on the 30th", "on the 30th", date(2026, 11, 30)),
    ("the new lease starts on the 29th", "on the 29th", date(2026, 11, 29)),
    # a fortnight is two weeks
    ("I left Leeds a fortnight ago", "a fortnight ago", date(2026, 11, 4)),
    ("we got the keys two fortnights ago", "two fortnights ago", date(2026, 10, 21)),
    ("the refund lands in a fortnight", "in a fortnight", date(2026, 12, 2)),
    # a bare weekday told in the past: the last one
    ("my Kobo arrived on Friday", "on Friday", date(2026, 11, 13)),
]


@pytest.mark.parametrize(("text", "said", "start"), TIMES, ids=[t for t, _, _ in TIMES])
def test_round28_en_times(text: str, said: str, start: date | None) -> None:
    found = {t.text: t.start.date() for t in find_times(text, AT, language="en")}
    assert found.get(said) == start


def test_round28_en_moved_on_a_past_day() -> None:
    facts = extract("I moved to Dundee on the 30th").facts
    assert [(f.value, f.valid_from) for f in facts if f.predicate == "lives_in"] == [
        ("Dundee", datetime(2026, 10, 30, tzinfo=UTC))
    ]


CODES: list[tuple[str, set[Fact]]] = [
    # capitals run straight into digits after an errand
    ("cancel QT55120 pls, found it cheaper", {state("order_id", "QT55120")}),
    ("please track my RB881204", {state("order_id", "RB881204")}),
    ("cancel my Netflix subscription", set()),
]


@pytest.mark.parametrize(("text", "expected"), CODES, ids=[t for t, _ in CODES])
def test_round28_en_codes(text: str, expected: set[Fact]) -> None:
    assert _facts(text, "order_id", "ticket_id") == expected
