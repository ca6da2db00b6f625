"""Round 36, English: the classes of phrasing behind the misses of the thirtieth held-out set.

An address closed by the postal code its country writes last (a US ZIP after the state, an Australian state and
postcode, a UK postcode, an Irish Eircode, an Indian PIN) or by Hong Kong's region, put by things sent there from now
on, the right one after a wrong one, the new home, "it's … now" or a labelled address; a home named as "there" after the
house in a town, a town swapped for another, "back home in X since …", a move told as retiring to a town, a relative
moved into the speaker's spare room, a relative renting near her job at an employer in a town; a job landed at an
employer as a post with its first day, a title at one site of a chain ("a barista at a Starbucks"), the "-man" trades
and trade slang, an employer that let the speaker go, the new employer after "not with X anymore" and the post kept; a
device handed to a relative ("the old Note20 went to my mum", "is my nephew's now"), the one got in a trade-in, a
device that died, "the iPad mini is hers", a gift to "the missus", a fond word for one's own device, "my own laptop is
…"; the e-mail things go to "instead of my work address", the best way to reach the speaker, the name said as "name's
…", a pronoun's contact and post; the channel for the order's news, a channel's messages said to be fine, calls refused
with "never", the report's kind with a marker, a report or a carrier for one time only, a way to pay taken off, the
usual way to pay beside the one for this once; a return's RMA number is a ticket. Every sentence is written for this
file (none is taken from a bench set); each class has look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import FactTable

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u36"

TABLE = FactTable(ME, AT)
extract = TABLE.extract
_kin = TABLE.kin
_triples = TABLE.triples
_held = TABLE.held
_ended = TABLE.ended_values

Triple = tuple[str, str, str]


_since = TABLE.since


def _until(text: str, predicate: str) -> dict[str, str]:
    return {
        f.value: f.valid_to.date().isoformat() for f in extract(text).facts if f.predicate == predicate and f.valid_to
    }


ADDRESSES: list[tuple[str, set[Triple]]] = [
    # closed by the postal code, put by things sent there from now on
    (
        "Please ship everything to Flat 7A, Block 2, Kornhill Gardens, Quarry Bay, Hong Kong Island from now on.",
        {(ME, "address", "Flat 7A, Block 2, Kornhill Gardens, Quarry Bay, Hong Kong Island")},
    ),
    ("Ship it to 18 Wattle Lane, Ryde NSW 2112 please.", set()),  # sent there once: an errand
    # the right one after the wrong one
    (
        "Sorry my address is saved wrong. Correct one is 9/2, Gandhi Colony, Near Ram Temple, Jaipur 302015.",
        {(ME, "address", "9/2, Gandhi Colony, Near Ram Temple, Jaipur 302015")},
    ),
    # the new home; "it's … now"
    (
        "Our new house is 3 Birch Grove, Douglas, Co. Cork, T12 XK34, so send the table there.",
        {(ME, "address", "3 Birch Grove, Douglas, Co. Cork, T12 XK34")},
    ),
    (
        "parcels keep ending up at my old flat. it's Unit 2/40 Ocean Street, Manly NSW 2095 now",
        {(ME, "address", "Unit 2/40 Ocean Street, Manly NSW 2095")},
    ),
    # a labelled address, a relative's
    (
        "My son's dorm address for the birthday box: Baker Hall 210, 1000 Morewood Ave, Pittsburgh, PA 15213.",
        {(_kin("son"), "address", "Baker Hall 210, 1000 Morewood Ave, Pittsburgh, PA 15213")},
    ),
    ("Is 12 High Street, Bath BA1 1AA a valid address for you?", set()),
]


@pytest.mark.parametrize(("text", "expected"), ADDRESSES, ids=[t for t, _ in ADDRESSES])
def test_addresses_closed_by_their_code(text: str, expected: set[Triple]) -> None:
    assert _triples(text, "address") == expected


def test_an_address_for_this_order_only_is_one_off() -> None:
    facts = extract("Could you post it to 5 Mill Road, Leeds LS1 4AB instead, only for this order?").facts
    assert {(f.value, f.lasting) for f in facts if f.predicate == "address"} == {("5 Mill Road, Leeds LS1 4AB", False)}


def test_the_new_house_is_dated_by_the_keys() -> None:
    text = "We picked up the keys last Monday! Our new house is 3 Birch Grove, Douglas, Co. Cork, T12 XK34."
    assert _since(text, "address") == {"3 Birch Grove, Douglas, Co. Cork, T12 XK34": "2026-11-09"}


HOMES: list[tuple[str, set[Triple]]] = [
    # "there" after the house in a town
    (
        "We finally bought the flat in Galway and we've been living there since last Monday.",
        {(ME, "lives_in", "Galway")},
    ),
    # a town swapped for another
    ("I've swapped Leeds for Bristol, been living down here a month now.", {(ME, "lives_in", "Bristol")}),
    ("I've swapped Monzo for Revolut.", set()),
    # back home in a town since a time
    ("Back home in Limerick since last week after two years in Lyon!", {(ME, "lives_in", "Limerick")}),
    ("Back in Limerick for the weekend, lovely to see everyone.", set()),
    # a move told as retiring to a town
    ("My in-laws retired to Tavira last spring.", {(_kin("in-laws"), "lives_in", "Tavira")}),
    ("My dad might retire to Tavira one day.", set()),
    # a relative moved into the speaker's spare room in a town
    (
        "My brother moved into my spare room in Dundee last month, so his post might come to me.",
        {(_kin("brother"), "lives_in", "Dundee"), (ME, "lives_in", "Dundee")},
    ),
    # a relative renting near her job at an employer, in a town
    (
        "My sister is renting near her job at Kaiser Permanente in Oakland.",
        {(_kin("sister"), "lives_in", "Oakland"), (_kin("sister"), "works_at", "Kaiser Permanente")},
    ),
]


@pytest.mark.parametrize(("text", "expected"), HOMES, ids=[t for t, _ in HOMES])
def test_homes(text: str, expected: set[Triple]) -> None:
    assert _triples(text, "lives_in", "works_at") == expected


def test_homes_are_dated_by_the_turn() -> None:
    assert _since(
        "We finally bought the flat in Galway and we've been living there since last Monday.", "lives_in"
    ) == {"Galway": "2026-11-09"}
    assert _since("Back home in Limerick since last week after two years in Lyon!", "lives_in") == {
        "Limerick": "2026-11-09"
    }
    kin = {
        f.subject: f.valid_from.date().isoformat() if f.valid_from else None
        for f in extract(
            "My brother moved into my spare room in Dundee last month, so his post might come to me."
        ).facts
    }
    assert kin == {_kin("brother"): "2026-10-01", ME: None}


def test_a_relative_staying_with_us_is_dated_by_since() -> None:
    text = "My grandad is staying with us in Hamilton since last week, can the courier knock loudly?"
    dated = {
        f.subject: f.valid_from.date().isoformat() if f.valid_from else None
        for f in extract(text).facts
        if f.predicate == "lives_in"
    }
    assert dated == {_kin("grandfather"): "2026-11-09", ME: None}


JOBS: list[tuple[str, set[Triple]]] = [
    # a job landed, with its post
    (
        "Just landed a job at Canva as a product designer!",
        {(ME, "works_at", "Canva"), (ME, "job_title", "product designer")},
    ),
    ("Did you land a job at Canva?", set()),
    ("My cousin moved to Perth and got a job at Canva.", {(_kin("cousin"), "works_at", "Canva")}),
    # a title at one site of a chain
    (
        "These days I'm a cashier at a Lidl in Cork.",
        {(ME, "works_at", "Lidl"), (ME, "job_title", "cashier")},
    ),
    # the -man trades and trade slang
    (
        "My uncle is still a doorman at the Savoy.",
        {(_kin("uncle"), "job_title", "doorman"), (_kin("uncle"), "works_at", "Savoy")},
    ),
    ("I'm a sparky, mostly domestic rewires.", {(ME, "job_title", "electrician")}),
    ("Fancy a chippy tea tonight?", set()),
    # the new employer after the old one given up, and the post kept
    (
        "I'm not with Barclays anymore, I'm at Monzo now, still a risk analyst.",
        {(ME, "works_at", "Monzo"), (ME, "job_title", "risk analyst")},
    ),
    # the speaker works there too
    (
        "Me and my husband Raj both work at Infosys.",
        {(ME, "works_at", "Infosys"), ("Raj", "works_at", "Infosys")},
    ),
]


@pytest.mark.parametrize(("text", "expected"), JOBS, ids=[t for t, _ in JOBS])
def test_jobs(text: str, expected: set[Triple]) -> None:
    assert _triples(text, "works_at", "job_title") == expected


def test_a_job_landed_starts_on_its_first_day() -> None:
    text = "Just landed a job at Canva as a product designer, starting next Monday!"
    assert _since(text, "works_at") == {"Canva": "2026-11-23"}
    assert _since(text, "job_title") == {"product designer": "2026-11-23"}


def test_an_employer_that_let_me_go_is_ended_then() -> None:
    text = "I'm between jobs since Asda let me go two days ago, so pause my meal kit."
    assert _until(text, "works_at") == {"Asda": "2026-11-16"}
    assert _ended("If Asda let me go I'd be stuck.", "works_at") == set()


def test_a_post_given_up_is_dated_by_the_leaving() -> None:
    text = "Not a nurse anymore — I left the hospital in August and now I'm a florist."
    assert _until(text, "job_title") == {"nurse": "2026-08-01"}


def test_a_partners_post_and_number_by_the_pronoun() -> None:
    text = "Me and my partner Robin both work at Fonterra — she's a lab technician. Her mobile is 021 555 0198."
    facts = _triples(text, "works_at", "job_title", "phone")
    assert ("Robin", "job_title", "lab technician") in facts
    assert ("Robin", "phone", "0215550198") in facts
    assert ("Robin", "works_at", "Fonterra") in facts and (ME, "works_at", "Fonterra") in facts


def test_a_mothers_email_by_the_pronoun() -> None:
    text = "Mum finally wants her own login. Could you add her? Her email is jan.okafor61@gmail.com"
    assert _triples(text, "email") == {(_kin("mother"), "email", "jan.okafor61@gmail.com")}
    # two women named before: whose is it? none
    text = "My sister and my mum share a tablet. Her email is jan.okafor61@gmail.com"
    assert (_kin("mother"), "email", "jan.okafor61@gmail.com") not in _triples(text, "email")


DEVICES: list[tuple[str, set[Triple]]] = [
    # handed to a relative
    (
        "Got a Pixel 9 last week and the old Note10 went to my dad.",
        {(ME, "owns_device", "Pixel 9"), (ME, "owns_device", "Note10"), (_kin("father"), "owns_device", "Note10")},
    ),
    (
        "my old Galaxy S21 is my niece's now.",
        {(ME, "owns_device", "Galaxy S21"), (_kin("niece"), "owns_device", "Galaxy S21")},
    ),
    # (a friend's devices are nobody's business here: the speaker's ending only)
    ("my old Galaxy S21 went to my friend.", {(ME, "owns_device", "Galaxy S21")}),
    # a device that died
    ("The Kindle finally died yesterday, any deals on a new one?", {(ME, "owns_device", "Kindle")}),
    ("Has the Kindle died for everyone else too?", set()),
    ("my old Garmin died after nine years, RIP", {(ME, "owns_device", "Garmin")}),
    # (a plain "died" may be a flat battery)
    ("my Garmin died halfway through the run this morning", set()),
    # "is hers" by the pronoun
    (
        "My daughter uses the family laptop, but the Galaxy Tab S9 is hers.",
        {(_kin("daughter"), "owns_device", "Galaxy Tab S9")},
    ),
    # a gift to "the missus"
    ("Bought the missus a Fitbit Charge 6 for Christmas.", {(_kin("wife"), "owns_device", "Fitbit Charge 6")}),
    # a fond word for one's own; "my own laptop is …"
    ("I'm still on my trusty Kindle Oasis.", {(ME, "owns_device", "Kindle Oasis")}),
    ("My own laptop is a Dell XPS 13, does it take USB-C charging?", {(ME, "owns_device", "Dell XPS 13")}),
    ("Is your laptop a Dell XPS 13?", set()),
]


@pytest.mark.parametrize(("text", "expected"), DEVICES, ids=[t for t, _ in DEVICES])
def test_devices(text: str, expected: set[Triple]) -> None:
    assert _triples(text, "owns_device") == expected


def test_the_device_handed_on_and_the_one_that_died_are_endings() -> None:
    assert _ended("my old Galaxy S21 is my niece's now.", "owns_device") == {"Galaxy S21"}
    assert _until("The Kindle finally died yesterday, any deals on a new one?", "owns_device") == {
        "Kindle": "2026-11-17"
    }


def test_the_one_got_in_a_trade_in_takes_the_old_ones_maker() -> None:
    text = "Two days ago I traded in my iPhone 12 and got the 15 Pro."
    assert _since(text, "owns_device") == {"iPhone 15 Pro": "2026-11-16"}


def test_a_purchase_dated_by_a_year() -> None:
    text = "My own laptop is a ThinkPad T14, bought it outright last year."
    assert _since(text, "owns_device") == {"ThinkPad T14": "2025-01-01"}


CONTACTS: list[tuple[str, set[Triple]]] = [
    (
        "Could you email the invoices to rua.tane@fastmail.com instead of my old work address?",
        {(ME, "email", "rua.tane@fastmail.com")},
    ),
    (
        "Easiest way to reach me is Signal, +61 412 555 019.",
        {(ME, "preferred_notification_channel", "Signal"), (ME, "phone", "+61412555019")},
    ),
    ("Member no. is KW-55102, name's Aroha Ngata — please use it on the receipts.", {(ME, "name", "Aroha Ngata")}),
    ("My cat's name's Biscuit.", set()),
]


@pytest.mark.parametrize(("text", "expected"), CONTACTS, ids=[t for t, _ in CONTACTS])
def test_contacts(text: str, expected: set[Triple]) -> None:
    assert _triples(text, "email", "phone", "name", "preferred_notification_channel") == expected


PREFERENCES: list[tuple[str, set[Triple]]] = [
    # the channel for the order's news; a channel's messages said to be fine
    ("WhatsApp me when it ships, emails just get buried.", {(ME, "preferred_notification_channel", "WhatsApp")}),
    ("Don't text me when it ships.", set()),
    (
        "I'm in surgery most days. Signal messages are fine.",
        {(ME, "preferred_notification_channel", "Signal")},
    ),
    # calls refused with "never"
    ("Please never call me, I can't answer at work.", {(ME, "preference", "no phone calls")}),
    ("Don't call me before nine.", set()),
    # the report's kind with a marker
    ("Weekly reports: detailed version going forward please.", {(ME, "preferred_report_format", "detailed")}),
    # a way to pay taken off; the usual way beside the one for this once
    ("Pay by PayPal from now on, I took the Visa off after it expired.", {(ME, "preferred_payment_method", "Visa")}),
    ("I'll pay by EFT this time, usually it's Apple Pay.", {(ME, "preferred_payment_method", "Apple Pay")}),
    ("Can I pay by EFT?", set()),
]


@pytest.mark.parametrize(("text", "expected"), PREFERENCES, ids=[t for t, _ in PREFERENCES])
def test_preferences(text: str, expected: set[Triple]) -> None:
    predicates = ("preferred_notification_channel", "preference", "preferred_report_format", "preferred_payment_method")
    assert expected <= _triples(text, *predicates)
    if not expected:
        assert _triples(text, *predicates) == set()


def test_one_report_and_one_carrier_for_this_time_only() -> None:
    facts = extract("For this month's statement only, can I get the detailed breakdown? The auditor asked.").facts
    assert {(f.predicate, f.value, f.lasting) for f in facts} >= {("preferred_report_format", "detailed", False)}
    facts = extract("Could this one go by DHL? Just for this order, the parcel is urgent.").facts
    assert ("preferred_shipping_carrier", "DHL", False) in {(f.predicate, f.value, f.lasting) for f in facts}
    assert not any(f.predicate == "preferred_shipping_carrier" for f in extract("Could this go by DHL?").facts)


def test_a_card_taken_off_is_an_ending() -> None:
    assert _ended("I took the Mastercard off after it was skimmed.", "preferred_payment_method") == {"Mastercard"}


def test_the_usual_way_to_pay_beside_the_one_for_this_once() -> None:
    facts = extract("I'll pay by EFT this once, normally it's SnapScan.").facts
    assert {(f.value, f.lasting) for f in facts if f.predicate == "preferred_payment_method"} == {
        ("EFT", False),
        ("SnapScan", True),
    }


def test_a_returns_rma_number_is_a_ticket() -> None:
    facts = extract("Return RMA-77120 was picked up on Monday and still no refund.").facts
    assert {(f.predicate, f.value) for f in facts if f.predicate in ("ticket_id", "order_id")} == {
        ("ticket_id", "RMA-77120")
    }
