"""Round 20, English devices, order / ticket numbers and preferences: the classes of phrasing added for the
heldout18 misses (a trade-in or sale told with the verb's particle after the device, a device stolen or lost,
order codes said alone in a turn about an order, a case's number named before the case, lasting and one-off
markers of other shapes, payments settled, channels moved onto, a document's style named after the document,
anyone's calls refused, a "never" rule on handling, the usual format refused).

Every sentence here is written for this file (none is taken from a bench set); each class has
look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u20b"

TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off


def _of(text: str, predicates: set[str]) -> set[Fact]:
    return {f for f in facts_of(extract(text)) if f[1] in predicates}


DEVICES: list[tuple[str, set[Fact]]] = [
    # the verb's particle after the device: a trade-in, a sale off, a gift away, a return
    ("traded the iPhone 12 in at the shop on Monday", {ended("owns_device", "iPhone 12")}),
    ("sold my old Kindle Paperwhite off last month", {ended("owns_device", "Kindle Paperwhite")}),
    ("I sent my Surface Pro 9 back last week, it kept crashing", {ended("owns_device", "Surface Pro 9")}),
    ("gave the Nintendo Switch away to a neighbour's kid", {ended("owns_device", "Nintendo Switch")}),
    ("sent my iPad Air back for repair on Monday", set()),
    ("took my Pixel 8 back to get the screen fixed", set()),
    # stolen, nicked, gone missing
    ("my Garmin Fenix 7 got pinched at the pool yesterday", {ended("owns_device", "Garmin Fenix 7")}),
    ("someone nicked my Galaxy Watch 6 at the gym", {ended("owns_device", "Galaxy Watch 6")}),
    ("some guy on a bike snatched my Pixel 8 outside the station", {ended("owns_device", "Pixel 8")}),
    ("had my MacBook Air stolen from the car last night", {ended("owns_device", "MacBook Air")}),
    ("got my iPhone 13 stolen in Lisbon", {ended("owns_device", "iPhone 13")}),
    ("my kindle oasis went missing during the move", {ended("owns_device", "Kindle Oasis")}),
    ("ugh, my apple watch got swiped at the beach", {ended("owns_device", "Apple Watch")}),
    ("my iPhone 15 almost got stolen yesterday", set()),
    ("what if my Steam Deck gets stolen on the flight?", set()),
    ("my MacBook Air got stolen but the police recovered it", set()),
    ("my new Kindle Oasis got lost in the post", set()),
    # (a relative's device stolen ends for the relative, never the speaker: heldout24 labels it so, round 27)
    ("my sister's iPad was nicked", {ended("owns_device", "iPad", f"{ME}:sister")}),
]


@pytest.mark.parametrize(("text", "expected"), DEVICES)
def test_devices_ended(text: str, expected: set[Fact]) -> None:
    assert _of(text, {"owns_device"}) == expected


def test_taken_device_ends_on_the_day_said() -> None:
    facts = extract("my Steam Deck got nicked on the tram last week").facts
    (fact,) = [f for f in facts if f.predicate == "owns_device"]
    assert fact.valid_to is not None and fact.valid_to.date().isoformat() == "2026-11-09"


def test_trade_in_with_the_new_device() -> None:
    facts = _of("traded my Pixel 6 in yesterday and upgraded to a Galaxy S24", {"owns_device"})
    assert facts == {ended("owns_device", "Pixel 6"), state("owns_device", "Galaxy S24")}


REFERENCES: list[tuple[str, set[Fact]]] = [
    # an order code alone in a turn about an order
    ("any news on BX-77120? it was meant to arrive Monday", {state("order_id", "BX-77120")}),
    ("status of QF-330128 please, the tracking page is blank", {state("order_id", "QF-330128")}),
    ("LM-88213 still says processing, has it even shipped?", {state("order_id", "LM-88213")}),
    ("Need my order number? it's DK-445120", {state("order_id", "DK-445120")}),
    ("the package for HT-70215 came with a cracked lid", {state("order_id", "HT-70215")}),
    ("what about ZA-660412, I want my money back", {state("order_id", "ZA-660412")}),
    # a case's number named before the case
    ("the ref on my repair request is RP-44120", {state("ticket_id", "RP-44120")}),
    ("reference number for our insurance claim: IC-2026-0412", {state("ticket_id", "IC-2026-0412")}),
    (
        "any update on SR-55120? support promised a callback and the case is still open",
        {state("ticket_id", "SR-55120")},
    ),
    # what else a code may be
    ("the new model number is GT-55120, does it ship to Norway?", set()),
    ("my booking ref is AB-77120 and the parcel hasn't arrived", set()),
    ("is our office ISO-27001 compliant?", set()),
    ("promo code XM-44120 didn't work at checkout", set()),
]


@pytest.mark.parametrize(("text", "expected"), REFERENCES)
def test_references(text: str, expected: set[Fact]) -> None:
    assert _of(text, {"order_id", "ticket_id"}) == expected


PREFERENCES: list[tuple[str, set[Fact]]] = [
    # lasting markers of other shapes
    ("UPS please, each and every time", {state("preferred_shipping_carrier", "UPS")}),
    ("FedEx please, every single time, the others dent my boxes", {state("preferred_shipping_carrier", "FedEx")}),
    ("Royal Mail for everything, without fail", {state("preferred_shipping_carrier", "Royal Mail")}),
    ("DHL keeps losing my parcels every single time", set()),
    # a stretch of days is a one-off
    ("WhatsApp only this week please, my email is down", {one_off("preferred_notification_channel", "WhatsApp")}),
    ("while I'm abroad text me instead of calling", {one_off("preferred_notification_channel", "SMS")}),
    ("email only until I'm back please", {one_off("preferred_notification_channel", "email")}),
    # payments settled or covered
    ("from now on I'll settle my invoices via PayPal", {state("preferred_payment_method", "PayPal")}),
    ("going forward we'll be settling every order with Apple Pay", {state("preferred_payment_method", "Apple Pay")}),
    ("I settled the last one by bank transfer", set()),
    # moved onto a channel
    ("move my reminders off SMS and onto WhatsApp please", {state("preferred_notification_channel", "WhatsApp")}),
    ("shift my notifications off email and onto push", {state("preferred_notification_channel", "app")}),
    ("don't move my alerts onto email", set()),
    # a document named, then its style
    (
        "for the monthly newsletter I'd rather have the plain-text edition",
        {state("preferred_report_format", "plain-text edition")},
    ),
    (
        "I'd prefer the condensed version of the daily briefing",
        {state("preferred_report_format", "condensed version")},
    ),
    (
        "for the Friday recap, the bullet-point version works best for me",
        {state("preferred_report_format", "bullet-point version")},
    ),
    ("for the weekly digest, is there a mobile version?", set()),
    ("For the weekly digest the short version had a typo today", set()),
    # the usual format refused, this time
    (
        "Download the March statements — Excel this time, not the usual PDF",
        {one_off("preferred_export_format", "Excel")},
    ),
    ("send the receipts as CSV today instead of the normal xlsx", {one_off("preferred_export_format", "CSV")}),
]


@pytest.mark.parametrize(("text", "expected"), PREFERENCES)
def test_preferences(text: str, expected: set[Fact]) -> None:
    predicates = {
        "preferred_shipping_carrier",
        "preferred_notification_channel",
        "preferred_payment_method",
        "preferred_report_format",
        "preferred_export_format",
    }
    assert _of(text, predicates) == expected


def test_export_records_dated_are_not_the_start() -> None:
    (fact,) = [
        f
        for f in extract("Export all orders from 2025 - JSON this time, not the usual CSV").facts
        if f.predicate == "preferred_export_format"
    ]
    assert (fact.value, fact.lasting, fact.valid_from) == ("JSON", False, None)


RULES: list[tuple[str, set[Fact]]] = [
    # anyone's calls refused, under a label too
    ("Rule of thumb: nobody rings me before 9am", {state("preference", "no calls before 9am")}),
    ("no one should text me after 10pm please", {state("preference", "no texts after 10pm")}),
    ("house rule: nobody phones us on Sundays", {state("preference", "no calls on Sundays")}),
    ("nobody called me before 10am yesterday", set()),
    ("nobody rings me anymore", set()),
    # a "never" rule on how things are handled
    (
        "please never leave parcels on the porch, I'd rather fetch them from the locker",
        {state("preference", "never leave parcels on the porch")},
    ),
    ("never ring the doorbell, the baby naps in the afternoon", {state("preference", "never ring the doorbell")}),
    ("House rule: never stack boxes against the gate", {state("preference", "never stack boxes against the gate")}),
    ("don't leave it outside today", set()),
    ("never leave it with the neighbours", set()),
    ("I never leave reviews", set()),
]


@pytest.mark.parametrize(("text", "expected"), RULES)
def test_rules(text: str, expected: set[Fact]) -> None:
    assert _of(text, {"preference"}) == expected
