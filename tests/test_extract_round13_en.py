"""Round 13, English: the classes of phrasing added after the twelfth held-out set.

Every sentence here is written for this file (none is taken from a bench set); each class has
look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 9, 16, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u13"

TABLE = FactTable(ME, AT)
extract, state = TABLE.extract, TABLE.state


CONTACTS: list[tuple[str, set[Fact]]] = [
    # a German mobile in its national form, the prefix set off
    ("new number: 0151 2345678, the old sim is gone", {state("phone", "01512345678")}),
    ("New mobile: 0172/98765432", {state("phone", "017298765432")}),
    ("the code on the box is 0151 2345678", set()),
    # the line named by having given it, then corrected
    ("oops, the number I gave you was wrong, it's 021 448 3390", {state("phone", "0214483390")}),
    ("the email I entered at signup had a typo, it's tom.r@example.org", {state("email", "tom.r@example.org")}),
    ("the number I gave for my wife was wrong, it's 021 448 3390", set()),
    ("the number you gave me was wrong, it's 021 448 3390", set()),
    # the contact named bare at the start, as the speaker's own
    ("Email's changed, it's Lena.Berg@Example.com now", {state("email", "lena.berg@example.com")}),
    ("Number's changed, it's 0413 222 918", {state("phone", "0413222918")}),
    ("Email's changed? is it lena@example.com now?", set()),
]


@pytest.mark.parametrize(("text", "expected"), CONTACTS, ids=[t for t, _ in CONTACTS])
def test_round13_en_contacts(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected
