"""Round 24, English part B: devices, preferences and order numbers, tested on fresh sentences and look-alikes.

A device handed on to a relative is the relative's now as well as no longer the speaker's ("I gave my old iPad to
my mum", "旧手机给我爸用了": the convention settled this round, shared code in rulekit); the old one named by its
model code alone ("gave the M1 Air to my son"); a maker's model code is no order number ("I returned the Lenovo
TB-8505", "联想 TB-8505"), while an order the user calls theirs still is ("my order TB-88213"); an order code read
out with a space ("order number PE 66120"); a preferred thing with the refused one after it ("paperless receipts, no
printed ones"); paying on delivery, and the usual method told beside a one-off one ("this time …, next time card as
usual"); the currency prices are shown in, with a marker; devices listed as one's setup ("my setup = Pixel 8 Pro +
ThinkPad X1 Carbon"); a present unwrapped; a relative named with the relation in brackets ("Theo (my son, 9)"); a
standing gift-wrap; the time a recurring report comes, set ("change the report delivery time to 7am").
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 9, 16, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u24b"
TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off


CASES: list[tuple[str, set[Fact]]] = [
    # a device handed on to a relative: the relative's now, no longer the speaker's
    (
        "I gave my old iPad to my mum",
        {ended("owns_device", "iPad"), state("owns_device", "iPad", f"{ME}:mother")},
    ),
    (
        "handed my Kindle down to my little brother",
        {ended("owns_device", "Kindle"), state("owns_device", "Kindle", f"{ME}:brother")},
    ),
    (
        "No longer use the Kobo Clara, gave it to my niece",
        {ended("owns_device", "Kobo Clara"), state("owns_device", "Kobo Clara", f"{ME}:niece")},
    ),
    (
        "my old Garmin Forerunner went to my dad",
        {ended("owns_device", "Garmin Forerunner"), state("owns_device", "Garmin Forerunner", f"{ME}:father")},
    ),
    (
        "那台华为平板送给我奶奶了",
        {ended("owns_device", "华为平板"), state("owns_device", "华为平板", f"{ME}:grandmother")},
    ),
    ("I might give my old iPad to my mum", set()),
    ("I'll give my old iPad to my mum next week", set()),
    ("should I give my iPad to my son?", set()),
    ("I sold my iPad and gave the money to my son", {ended("owns_device", "iPad")}),
    ("I gave my mum an iPad for her birthday", {state("owns_device", "iPad", f"{ME}:mother")}),
    ("Switch上个月借给表弟了", {state("owns_device", "Switch")}),
    ("我卖了iPad，钱给我妈了", {ended("owns_device", "iPad")}),
    # sold to someone outside the family: the speaker's ends, the buyer's is not ours to keep
    ("sold my Dell XPS to my colleague", {ended("owns_device", "Dell XPS")}),
    # the old one named by its model code alone, in a turn that names a branded device
    (
        "got a Galaxy S25 and passed the old S21 on to my nephew",
        {
            state("owns_device", "Galaxy S25"),
            ended("owns_device", "S21"),
            state("owns_device", "S21", f"{ME}:nephew"),
        },
    ),
    (
        "got a MacBook Pro M4 for work, my old M2 Air goes to my daughter",
        {
            state("owns_device", "MacBook Pro M4"),
            ended("owns_device", "M2 Air"),
            state("owns_device", "M2 Air", f"{ME}:daughter"),
        },
    ),
    ("gave the A4 to my son", set()),  # a paper size, a car: no device named in the turn
    # a preferred thing with the refused one after it
    ("I prefer e-receipts, no printed ones in the parcel", {state("preference", "e-receipts")}),
    ("I prefer aisle seats, not the window", {state("preference", "aisle seats")}),
    ("I prefer aisle seats, not sure why", set()),
    # paying on delivery; the usual method told beside a one-off one
    ("I'll pay on delivery this time", {one_off("preferred_payment_method", "cash on delivery")}),
    (
        "this time I'd rather pay on delivery, otherwise card as usual",
        {one_off("preferred_payment_method", "cash on delivery"), state("preferred_payment_method", "card")},
    ),
    ("can I pay on delivery?", set()),
    ("my card as usual was declined", set()),
    # the currency prices are shown in, with a marker
    ("for today please show prices in euros", {one_off("preference", "prices in euros")}),
    ("could you always quote totals in NZD?", {state("preference", "totals in NZD")}),
    ("show me the price in USD", set()),
    ("can you show prices in USD?", set()),
    # devices listed as one's setup
    (
        "my setup right now: Galaxy S24 + Surface Laptop 6",
        {state("owns_device", "Galaxy S24"), state("owns_device", "Surface Laptop 6")},
    ),
    ("my ideal setup would be a MacBook Pro", set()),
    ("is my setup a MacBook Pro?", set()),
    # a present unwrapped; a relative named with the relation in brackets
    (
        "my daughter unwrapped a Kindle Paperwhite at Christmas",
        {state("owns_device", "Kindle Paperwhite", f"{ME}:daughter")},
    ),
    (
        "Ana (my daughter, 12) bought a Kindle",
        {state("owns_device", "Kindle", f"{ME}:daughter"), state("name", "Ana", f"{ME}:daughter")},
    ),
    ("if my son unwrapped a Switch OLED he'd be thrilled", set()),
    # the time a recurring thing comes, set
    ("please set my digest send time to 6:45am", {state("preference", "digest send time 6:45am")}),
    ("change the delivery time to 7am", set()),  # a parcel's slot, not a standing setting
    ("what happens if I change the report time to 7am", set()),
    # a standing gift-wrap asked for
    ("always gift-wrap anything for my godson", {state("preference", "gift-wrap anything for my godson")}),
    ("can you gift-wrap this one?", set()),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_round24_en2_fact_classes(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


ORDER_IDS: list[tuple[str, set[str]]] = [
    # a maker's model code is no order number, in either language
    ("I returned the Lenovo TB-8505", set()),
    ("the Samsung SM-G991B I sent back never got refunded", set()),
    ("returned my Sony WH-1000XM5, where's the refund?", set()),
    ("just bought an Nvidia RTX-4090, where is my order?", set()),
    ("the Apple A2337 refund came through", set()),
    ("我退了联想 TB-8505", set()),
    # an order the user calls theirs still is one
    ("my order TB-88213 hasn't arrived", {"TB-88213"}),
    ("订单 TB-88213 还没到", {"TB-88213"}),
    ("TB-88213 still not here", {"TB-88213"}),
    # an order code read out with a space
    ("my order number is QW 55120, when does it get here", {"QW55120"}),
    ("my orders from JD 2024 were all late", set()),
]


@pytest.mark.parametrize(("text", "expected"), ORDER_IDS)
def test_round24_en2_order_ids(text: str, expected: set[str]) -> None:
    facts = extract(text).facts
    assert {f.value for f in facts if f.predicate == "order_id"} == expected


def test_round24_en2_model_code_is_the_device() -> None:
    """The maker's code stays part of the device's name: "Lenovo TB-8505", not "Lenovo TB"."""
    facts = extract("I sold my Lenovo TB-8505").facts
    assert {(f.predicate, f.value) for f in facts} == {("owns_device", "Lenovo TB-8505")}


def test_round24_en2_handed_on_relative_is_undated() -> None:
    """The hand-over dates the speaker's ending; the relative's ownership is undated."""
    facts = extract("I passed my Switch on to my nephew yesterday").facts
    mine = next(f for f in facts if f.subject == ME)
    theirs = next(f for f in facts if f.subject == f"{ME}:nephew")
    assert mine.valid_to is not None and mine.valid_to.date().isoformat() == "2026-09-15"
    assert theirs.valid_from is None and theirs.valid_to is None
