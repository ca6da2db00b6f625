"""Round 11, English: the classes of phrasing added after the tenth held-out set.

Every sentence here is written for this file (none is taken from a bench set); each class has
look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of
from palimpsest.write.identifiers import find_identifiers

AT = datetime(2026, 9, 16, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u11"

TABLE = FactTable(ME, AT)
extract, state, one_off = TABLE.extract, TABLE.state, TABLE.one_off


ORDER_IDS: list[tuple[str, list[str]]] = [
    # a code as the subject of a delivery complaint
    ("QM-77201-B came with a split seam, I want it replaced", ["qm-77201-b"]),
    ("TR-5530981 never arrived, where is it?", ["tr-5530981"]),
    ("RTX-4090 came with a bent pin", []),  # a product, four digits
    # "#" after the order word and a comma or bracket
    ("Charged twice on one order, #K7781-20. Please sort it out.", ["k7781-20"]),
    ("The second order (#66120-4) is missing a lid", ["66120-4"]),
    ("My order, 3 items, is late", []),
    # the number set off by commas after when the order was placed
    ("The order I placed on Friday, 7740-1182, is still processing.", ["7740-1182"]),
    ("My order from the 2nd of May, BX-40917, hasn't moved.", ["bx-40917"]),
    ("My order from Tuesday, 555-1234, call me about it", []),  # a local phone number
    # a parcel's own number is its order id (heldout10, heldout12 and heldout15 label it so; a short dashed run of
    # digits stays silent, as "track my parcel 7781-2290" does in dev4)
    ("Could you trace parcel 8830021774 please?", ["8830021774"]),
    ("Could you trace parcel 8830-0217 please?", []),
    ("Parcel 2 of 3 never showed up", []),
]


@pytest.mark.parametrize(("text", "expected"), ORDER_IDS, ids=[t for t, _ in ORDER_IDS])
def test_round11_en_order_ids(text: str, expected: list[str]) -> None:
    assert [m.value for m in find_identifiers(text) if m.kind == "order_id"] == expected


INTENTS: list[tuple[str, list[str]]] = [
    # a measure asked over a time: the team's tickets, a basket size, one's total spend
    ("How many tickets did support resolve last month?", ["data_aggregation"]),
    ("What was our average basket size in June?", ["data_aggregation"]),
    ("roughly what was my total spend in April", ["data_aggregation"]),
    ("How many days until my parcel arrives?", ["query"]),  # a status question, no measure
    # a measure by a dimension after "give me"
    ("Give me weekly signups by country for last quarter", ["data_aggregation"]),
    # a file wanted in the passive
    ("I need this year's receipts exported as CSV for my tax return", ["export"]),
    ("I downloaded the PDF yesterday but it is blank", []),
    # all one's personal data asked for by e-mail
    ("Email me everything personal you have stored on me", ["export"]),
    # news on one's own process, named by what it is about
    ("any update on the blender refund? it's been weeks", ["query"]),
    ("Any news on the election?", []),
    # the record as the user has it on file
    ("what phone number do you have on file?", ["query"]),
    ("is the email you have still the gmail one?", ["query"]),
    # a change asked after a reason, or for a while, or as the record should read
    ("Temporarily switch me to Italian, my cousin is visiting", ["modify_setting"]),
    ("Name on my profile should say Dr. Ana Ruiz, can you fix it?", ["modify_setting"]),
    ("please add my daughter Mia as a member", ["modify_setting"]),
    ("I want to add my daughter as a member someday", []),
]


@pytest.mark.parametrize(("text", "expected"), INTENTS, ids=[t for t, _ in INTENTS])
def test_round11_en_intents(text: str, expected: list[str]) -> None:
    assert [i.intent_type for i in extract(text).intents] == expected


FACTS: list[tuple[str, set[Fact]]] = [
    # the language one writes in, conceded, is no preference
    ("Answer me in Dutch from now on, even when I write to you in German.", {state("preferred_language", "Dutch")}),
    ("Reply in French whenever I write in French.", {state("preferred_language", "fr")}),
    # "switch me to <language>"
    ("Temporarily switch me to Italian, my cousin is visiting", {one_off("preferred_language", "Italian")}),
    ("Can you switch me to the German team?", set()),
    # a closing courtesy is no part of the address
    ("Please update my address to 12 Mill Lane, Bristol please", {state("address", "12 Mill Lane, Bristol")}),
    ("Update my address to 4 Elm Road, Leeds, thanks!", {state("address", "4 Elm Road, Leeds")}),
]


@pytest.mark.parametrize(("text", "expected"), FACTS, ids=[t for t, _ in FACTS])
def test_round11_en_facts(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected
