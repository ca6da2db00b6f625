"""Round 22, English (part B): devices, preferences, channels, carriers, formats and order numbers.

Every sentence here is written for this file (none is taken from a bench set); each class has
look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u22b"

TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off


ORDERS: list[tuple[str, set[Fact]]] = [
    # a refund, payment or invoice for a short code: four digits will do
    ("still waiting on the refund for TR-5521, it's been weeks", {state("order_id", "TR-5521")}),
    ("has the payment on HB-7730 gone through yet?", {state("order_id", "HB-7730")}),
    ("where's my invoice for MX-1184?", {state("order_id", "MX-1184")}),
    ("is there a refund for XPS-9310 owners?", set()),
    ("does the refund policy cover the XPS-9310?", set()),
    # capitals and five digits, unbroken, as the subject of a shipping verb
    ("JK40215 still hasn't arrived, can you check", {state("order_id", "JK40215")}),
    ("BT55102 arrived smashed, I want a refund", {state("order_id", "BT55102")}),
    ("the RTX4090 arrived today", set()),
    # an order named by the placing of it, a complaint after it notwithstanding
    (
        "we ordered KX-55120 on Friday and it came broken, I'm raising a ticket",
        {state("order_id", "KX-55120")},
    ),
    ("I placed #QA-70412 last week and nothing came, I'd like to complain", {state("order_id", "QA-70412")}),
    ("I never placed AB-55120", set()),
    # codes the speaker calls their orders
    (
        "KX-1187 and KX-1192 are my orders",
        {state("order_id", "KX-1187"), state("order_id", "KX-1192")},
    ),
    ("QX-4410 is my order, not my husband's", {state("order_id", "QX-4410")}),
    ("is RTX-4090 my order?", set()),
    # an errand on a code whose prefix is a letter and digits
    ("please track B7-550912", {state("order_id", "B7-550912")}),
    ("could you cancel C12-448810 before it leaves the warehouse?", {state("order_id", "C12-448810")}),
    # a question put as "whether" or "if" is about the user's own order
    ("can you see whether order PL-66102 left the depot?", {state("order_id", "PL-66102")}),
    ("could you check if order NN-33019 shipped?", {state("order_id", "NN-33019")}),
]


@pytest.mark.parametrize(("text", "expected"), ORDERS, ids=[t for t, _ in ORDERS])
def test_round22_en2_orders(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


DEVICES: list[tuple[str, set[Fact]]] = [
    # a device broken past fixing ends
    ("my Kindle Paperwhite died, beyond repair apparently", {ended("owns_device", "Kindle Paperwhite")}),
    ("the old iPad died and can't be repaired, so that's that", {ended("owns_device", "iPad")}),
    ("my Pixel 7 finally died for good, off to recycling", {ended("owns_device", "Pixel 7")}),
    ("my Galaxy Watch went in the pool, it's toast and I'm not replacing it", {ended("owns_device", "Galaxy Watch")}),
    ("my iPhone died at the concert, so I couldn't call", set()),
    ("my Galaxy S21 died, off to the repair shop tomorrow", set()),
    ("my Apple Watch went in the pool, luckily it survived", set()),
    # a device put away "straight" in the bin, gone, or handed on
    (
        "bought a Pixel 9 last week, my old iPhone 12 is going right into a drawer",
        {state("owns_device", "Pixel 9"), ended("owns_device", "iPhone 12")},
    ),
    ("the old Fire tablet is going straight in the bin", {ended("owns_device", "Fire tablet")}),
    (
        "I switched to a Pixel 8 (so the Galaxy A52 is gone)",
        {state("owns_device", "Pixel 8"), ended("owns_device", "Galaxy A52")},
    ),
    ("my iPad is gone for repair", set()),
    ("my iPad's gone quiet", set()),
    # a replacement with its time between the two devices
    (
        "swapped my Fitbit yesterday for a Garmin Venu 3",
        {ended("owns_device", "Fitbit"), state("owns_device", "Garmin Venu 3")},
    ),
    (
        "I replaced my Kindle last month with a Kobo Libra",
        {ended("owns_device", "Kindle"), state("owns_device", "Kobo Libra")},
    ),
    ("I didn't trade in my Pixel 7 last week for a Pixel 9", set()),
    # the device a new one was bought to replace
    ("got a Kobo Libra to replace my Kindle", {state("owns_device", "Kobo Libra"), ended("owns_device", "Kindle")}),
    ("I haven't bought a Pixel 9 to replace my Pixel 6", set()),
    ("should I buy a Pixel 9 to replace my Pixel 6?", set()),
    # the device asked about, then "mine" said of it
    ("can the Galaxy Watch 6 track swimming? mine only counts steps", {state("owns_device", "Galaxy Watch 6")}),
    ("is the Pixel 8 waterproof? mine got soaked yesterday", {state("owns_device", "Pixel 8")}),
    ("does the iPad Air support the pencil? mine is an old one", {state("owns_device", "iPad Air")}),
    ("does the Pixel 8 come in blue? my sister's is green", set()),
    ("does my wife's Pixel 8 get updates? mine doesn't", set()),
    # the device at the turn's start, the setting of a fault
    ("on a Pixel 8, Android 15, the app crashes at login", {state("owns_device", "Pixel 8")}),
    ("using a Galaxy S23 btw", {state("owns_device", "Galaxy S23")}),
    ("on an iPhone, can I turn off the sounds?", set()),
    ("on a Pixel 9 is it possible to get dark mode?", set()),
    # a device in the speaker's own rooms
    ("the Echo Dot in my kitchen keeps disconnecting", {state("owns_device", "Echo Dot")}),
    ("the Sonos in our living room sounds great", {state("owns_device", "Sonos")}),
    ("the TV in my hotel room won't turn on", set()),
    ("the Roku in the lobby is broken", set()),
    ("the Chromecast in our bedroom isn't there anymore", set()),
    # boards, robot vacuums, a model letter before its verb, a use after the device
    # a new device arrived, "to replace" or "replacing" the old one
    (
        "New Garmin Fenix 8 arrived today to replace my Forerunner 255",
        {state("owns_device", "Garmin Fenix 8"), ended("owns_device", "Forerunner 255")},
    ),
    (
        "new Kobo Libra came yesterday, replacing my old Kindle",
        {state("owns_device", "Kobo Libra"), ended("owns_device", "Kindle")},
    ),
    ("brand new iPad Air arrived this morning", {state("owns_device", "iPad Air")}),
    ("the new iPad hasn't arrived yet", set()),
    ("my Raspberry Pi 5 won't boot", {state("owns_device", "Raspberry Pi 5")}),
    (
        "We replaced the Dyson V8 with a Roborock S7",
        {ended("owns_device", "Dyson V8"), state("owns_device", "Roborock S7")},
    ),
    ("I got a Moto G for my mum", {state("owns_device", "Moto G", f"{ME}:mother")}),
    (
        "I've got two laptops, a MacBook Air for personal and a ThinkPad for work stuff",
        {state("owns_device", "MacBook Air"), state("owns_device", "ThinkPad")},
    ),
]


@pytest.mark.parametrize(("text", "expected"), DEVICES, ids=[t for t, _ in DEVICES])
def test_round22_en2_devices(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


DEVICE_DATES: list[tuple[str, str, date]] = [
    # the time between the replaced device and its replacement dates both
    ("traded in my Surface Go 3 three days ago for an iPad Air", "iPad Air", date(2026, 11, 15)),
    ("traded in my Surface Go 3 three days ago for an iPad Air", "Surface Go 3", date(2026, 11, 15)),
    # handed on or binned the day the new one came
    ("Bought a Pixel 9a yesterday, my old Moto G goes to my nephew", "Moto G", date(2026, 11, 17)),
    (
        "picked up a Galaxy Tab S10 yesterday, the old Fire tablet is going straight in the bin",
        "Fire tablet",
        date(2026, 11, 17),
    ),
]


@pytest.mark.parametrize(("text", "device", "day"), DEVICE_DATES, ids=[f"{t} [{d}]" for t, d, _ in DEVICE_DATES])
def test_round22_en2_device_dates(text: str, device: str, day: date) -> None:
    found = [f for f in extract(text).facts if f.predicate == "owns_device" and f.value == device and f.subject == ME]
    assert len(found) == 1
    when = found[0].valid_to or found[0].valid_from
    assert when is not None and when.date() == day


PREFERENCES: list[tuple[str, set[Fact]]] = [
    # a carrier "only for me"
    ("DHL only for us, please", {state("preferred_shipping_carrier", "DHL")}),
    ("Royal Mail only for me from now on", {state("preferred_shipping_carrier", "Royal Mail")}),
    ("is NZ Post only for me or for everyone?", set()),
    # the channel asked for, the other refused as a habit
    ("email me please, I don't answer the phone at work", {state("preferred_notification_channel", "email")}),
    ("WhatsApp me, I hardly ever check my emails", {state("preferred_notification_channel", "WhatsApp")}),
    ("text me, I can't take calls at work", {state("preferred_notification_channel", "SMS")}),
    ("text me when it ships", set()),
    ("my sister texts me, I never answer calls", set()),
    # the handiest channel
    ("SMS is easiest, honestly", {state("preferred_notification_channel", "SMS")}),
    ("email is easiest to search through", set()),
    ("is WhatsApp easiest for updates?", set()),
    # the channel for a kind of message, said first and bare, or as an arrow
    ("SMS for delivery updates please", {state("preferred_notification_channel", "SMS")}),
    ("WhatsApp for order confirmations going forward", {state("preferred_notification_channel", "WhatsApp")}),
    ("email for the refund, is that how it works?", set()),
    ("alerts -> email from now on", {state("preferred_notification_channel", "email")}),
    ("reminders → WhatsApp pls", {state("preferred_notification_channel", "WhatsApp")}),
    # an errand ruled out as "a no"
    ("calls after 8pm are a hard no, I have a newborn", {state("preference", "no calls after 8pm")}),
    ("weekend visits are a no-go for us", {state("preference", "no weekend visits")}),
    ("are deliveries before noon a no?", set()),
    ("the blue one is a no", set()),
    # what never goes in "the" box, with a marker
    ("no plastic bags in the parcel, ever", {state("preference", "no plastic bags")}),
    ("no price tags on the gifts please, every time", {state("preference", "no price tags")}),
    ("don't put flyers in my parcels, ever", {state("preference", "no flyers")}),
    ("no ice in the drink please", set()),
    # a thing never wanted, said bare before "ever" (a diet said beside it is the rule kept)
    ("no plastic packaging, ever. we recycle everything", {state("preference", "no plastic packaging")}),
    ("no straws ever please", {state("preference", "no straws")}),
    ("no problem, ever", set()),
    ("is there no plastic ever?", set()),
    ("no dairy ever, been vegan for years", {state("preference", "vegan")}),
    # messages of a kind switched off
    ("keep marketing emails switched off for good", {state("preference", "no marketing emails")}),
    ("please switch off all promo texts", {state("preference", "no promo texts")}),
    ("don't turn off the marketing emails", set()),
    ("how do I turn off the marketing emails?", set()),
    ("don't put it in the box", set()),
    # a diet offered "if that matters", or its "I've" dropped
    ("we're vegan if it helps with the menu", {state("preference", "vegan")}),
    ("been vegan for ages, fyi", {state("preference", "vegan")}),
    ("if I were vegetarian I'd tell you", set()),
    ("I'm vegetarian if I'm eating out", set()),
    # a delivery window, "only"
    ("drop-offs after 5pm only please", {state("preference", "drop-offs after 5pm")}),
    ("deliveries on weekends only?", set()),
    # a style said first, bare; a board pack is a recurring document
    ("short version of the monthly digest from now on", {state("preferred_report_format", "short version")}),
    ("condensed version of the weekly report, always", {state("preferred_report_format", "condensed version")}),
    ("the one-page version of the report was nice", set()),
    (
        "for the weekly board pack I'd like the one-page summary version, every week",
        {state("preferred_report_format", "one-page summary")},
    ),
    # a card of any kind
    ("I always pay by card", {state("preferred_payment_method", "card")}),
    ("pay by card for this one, the wallet app is down", {one_off("preferred_payment_method", "card")}),
    ("what's the card number on file?", set()),
    ("pay with my gift card", set()),
    ("can you charge it to my card?", set()),
    ("I'll pay by card number later", set()),
]


@pytest.mark.parametrize(("text", "expected"), PREFERENCES, ids=[t for t, _ in PREFERENCES])
def test_round22_en2_preferences(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected
