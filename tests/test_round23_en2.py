"""Round 23, English part B: devices, preferences and order codes added after the twenty-first held-out set.

Every sentence here is written for this file (none is taken from a bench set); each class has
look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u23b"

TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off


def _of(text: str, *predicates: str) -> set[Fact]:
    return {f for f in facts_of(extract(text)) if f[1] in predicates}


ORDERS: list[tuple[str, set[Fact]]] = [
    # an order code with four digits, an order's own word in its sentence
    ("can I get a refund on BX-4410? the lid was missing", {state("order_id", "BX-4410")}),
    ("LM-3021 came in pieces and I'd like to return it", {state("order_id", "LM-3021")}),
    ("ordered the vacuum last week and it's still not here, ref TQ-6652", {state("order_id", "TQ-6652")}),
    ("the lamp I purchased (RW-8830) was delivered to the wrong house", {state("order_id", "RW-8830")}),
    ("the model number is GT-5512, I ordered it last week", set()),
    ("section AB-1234 of the contract was returned unsigned", set()),
    ("I ordered it back in FY-2024", set()),
    ("we met at gate BK-2210 after the flight", set()),
    ("was QP-3390 the return I sent?", set()),
    ("my money back for the XR-7713 I'd need a receipt", set()),
    # a code with five digits, waited for
    ("RX-550918 is still nothing, been waiting forever", {state("order_id", "RX-550918")}),
    ("MN-77120?? is it ever coming", {state("order_id", "MN-77120")}),
    ("PK-66120 was a great film, still nothing like it", set()),
]


@pytest.mark.parametrize(("text", "expected"), ORDERS, ids=[t for t, _ in ORDERS])
def test_round23_en2_orders(text: str, expected: set[Fact]) -> None:
    assert _of(text, "order_id", "ticket_id") == expected


PREFERENCES: list[tuple[str, set[Fact]]] = [
    # the channel asked for, the other refused as "it"
    ("text me pls, my voicemail is full and I never check it", {state("preferred_notification_channel", "SMS")}),
    ("just call me, my email is a mess and I rarely read it", {state("preferred_notification_channel", "phone")}),
    (
        "whatsapp me instead, my inbox is a mess and I never open it",
        {state("preferred_notification_channel", "WhatsApp")},
    ),
    ("whatsapp me, my inbox is fine and I check it daily", set()),
    ("whatsapp me when it ships", set()),
    # the service's language set
    ("please set my account back to Spanish", {state("preferred_language", "es")}),
    ("change the interface to German pls, the Dutch is too hard for me", {state("preferred_language", "de")}),
    ("could you switch the site over to French?", {state("preferred_language", "fr")}),
    ("don't switch the app to English", set()),
    ("my son switched the app to English", set()),
    # the part of the day deliveries are set to
    ("can you move our deliveries to the mornings please", {state("preference", "morning deliveries")}),
    ("please switch my delivery window over to afternoons from now on", {state("preference", "afternoon deliveries")}),
    ("just for this order, move my delivery slot to the evening", {one_off("preference", "evening deliveries")}),
    ("don't change my delivery slot to evenings", set()),
    ("if you move my delivery slot to evenings I'll miss it", set()),
    ("my neighbour changed her delivery slot to evenings", set()),
    ("move my delivery to the evening of the 12th", set()),
]


@pytest.mark.parametrize(("text", "expected"), PREFERENCES, ids=[t for t, _ in PREFERENCES])
def test_round23_en2_preferences(text: str, expected: set[Fact]) -> None:
    assert _of(text, "preferred_notification_channel", "preferred_language", "preference") == expected


DEVICES: list[tuple[str, set[Fact]]] = [
    # still on a device
    ("I'm still on an iPhone 11, is that supported?", {state("owns_device", "iPhone 11")}),
    ("my sister is still on a Galaxy S9", {state("owns_device", "Galaxy S9", f"{ME}:sister")}),
    ("we're currently on a Fire TV Stick", {state("owns_device", "Fire TV Stick")}),
    ("my dad's still on a call", set()),
    ("I'm still on the fence about the iPhone 16", set()),
    ("I'm still on hold with Samsung", set()),
    ("is your mum still on an iPhone 8?", set()),
    # a device something is paired or synced with
    ("the earbuds won't pair with my Galaxy S23 anymore", {state("owns_device", "Galaxy S23")}),
    ("can't get the printer to connect to my iPad Air", {state("owns_device", "iPad Air")}),
    ("does the Kindle sync with my iPhone 15?", {state("owns_device", "iPhone 15")}),
    ("if I bought a Garmin would it sync with my Pixel 8?", set()),
    ("it won't sync with my dad's Pixel 8", set()),
    # a device that died and was not replaced
    (
        "my Kindle Paperwhite broke in June and I never got round to buying another one",
        {ended("owns_device", "Kindle Paperwhite")},
    ),
    ("the Fitbit Charge 5 stopped working last month, haven't replaced it", {ended("owns_device", "Fitbit Charge 5")}),
    ("my Kindle Paperwhite died yesterday, I'll replace it next week", set()),
    ("my Apple Watch SE died last night, haven't charged it", set()),
    # devices typed in lower case, counted and listed
    ("we have a kindle and an ipad air", {state("owns_device", "Kindle"), state("owns_device", "iPad Air")}),
    ("we have two kindles", {state("owns_device", "Kindle")}),
    (
        "i have an echo dot and a fire tv stick",
        {state("owns_device", "Echo Dot"), state("owns_device", "Fire TV Stick")},
    ),
    ("i got a pixel 8 and an iphone 15 for the kids", set()),
    ("we don't have any echo dots", set()),
    ("we could get a fire tv stick", set()),
    ("i got a pixelated photo from my cousin", set()),
]


@pytest.mark.parametrize(("text", "expected"), DEVICES, ids=[t for t, _ in DEVICES])
def test_round23_en2_devices(text: str, expected: set[Fact]) -> None:
    assert _of(text, "owns_device") == expected
