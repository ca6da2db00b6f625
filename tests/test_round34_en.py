"""Round 34, English: the classes of phrasing behind the misses of the twenty-ninth held-out set.

A grade taught by its number ("I teach 3rd grade at …"); the clipped sibling words ("my sis", "my bro") and "Mama" as
a subject; the time served said after an employer's name ("my last day at X after nine years"); a shift named by when
it falls and one site of a chain ("the graveyard shift at a Walmart store"); renting told as a participle after the
speaker's own clause (", renting a flat in X since …"); a relative's home by staying at theirs ("staying at my mum's in
X"); a relative still in a place with the copula cliticized and a consequence after "so"; a place left that the turn
names as lived in is no employer; the channel for a kind of message as the verb's object ("WeChat me the shipping
alerts") and everything by one channel; a payment habit denied with "anymore" and a method "always" after a spaced
dash; a post's end said of the contract or post ("my placement at X finished"); the owner of a business by its kind
("I run a small florist"); the title set off by a comma closing the sentence after a job joined; a device damaged by
its owner ("my daughter cracked her iPad Air"). Every sentence is written for this file (none is taken from a bench
set); each class has look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import FactTable

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u34"

TABLE = FactTable(ME, AT)
extract = TABLE.extract

Triple = tuple[str, str, str]


_kin = TABLE.kin


_triples = TABLE.triples


_ended = TABLE.ended_values


_held = TABLE.held


_since = TABLE.since


JOBS: list[tuple[str, set[Triple]]] = [
    # a grade taught by its number
    (
        "I teach 3rd grade at Maple Grove Elementary, any educator pricing?",
        {(ME, "works_at", "Maple Grove Elementary"), (ME, "job_title", "3rd grade teacher")},
    ),
    (
        "my husband teaches year 9 at Westfield Academy",
        {(_kin("husband"), "works_at", "Westfield Academy"), (_kin("husband"), "job_title", "year 9 teacher")},
    ),
    ("do you teach 3rd grade at Maple Grove Elementary?", set()),
    ("I used to teach 5th grade at Pine Ridge Elementary", set()),
    # the clipped sibling words, and "Mama" as a subject
    (
        "my sis Priya is a radiographer at St Vincent's Hospital",
        {
            (_kin("sister"), "job_title", "radiographer"),
            (_kin("sister"), "works_at", "St Vincent's Hospital"),
        },
    ),
    (
        "Mama is a supervisor at Teleperformance",
        {(_kin("mother"), "job_title", "supervisor"), (_kin("mother"), "works_at", "Teleperformance")},
    ),
    ("I work at Papa John's on weekends", {(ME, "works_at", "Papa John's")}),
    # a shift named by when it falls, one site of a chain
    ("I work the graveyard shift at a Walmart store in Tulsa", {(ME, "works_at", "Walmart")}),
    ("my brother works at a Toyota plant near Derby", {(_kin("brother"), "works_at", "Toyota")}),
    ("I shop at a Walmart store most weeks", set()),
    ("do you work the night shift at a Walmart store?", set()),
    ("I work at a Walmart Store", set()),
    # the owner of a business by its kind
    ("I run a small florist in Ballarat", {(ME, "job_title", "florist owner")}),
    ("my aunt owns a little bakery", {(_kin("aunt"), "job_title", "bakery owner")}),
    ("I run a half marathon every spring", set()),
    ("I'd love to run a bakery someday", set()),
    ("do you run a bakery?", set()),
    ("I run a bakery account with you guys", set()),
    # the title set off by a comma closing the sentence after a job joined
    (
        "joined Atlassian on Monday, backend engineer.",
        {(ME, "works_at", "Atlassian"), (ME, "job_title", "backend engineer")},
    ),
    ("I joined Atlassian last week, the office is huge.", {(ME, "works_at", "Atlassian")}),
    (
        "joined a small studio, Pixel Forge, as their first animator",
        {(ME, "works_at", "Pixel Forge"), (ME, "job_title", "animator")},
    ),
]


@pytest.mark.parametrize(("text", "expected"), JOBS)
def test_round34_en_jobs(text: str, expected: set[Triple]) -> None:
    assert _triples(text, "works_at", "job_title") == expected


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        # the time served after an employer's name
        ("Friday was my last day at Boots after nine years, between jobs now", {"Boots"}),
        ("yesterday was my last shift at Bank of America after nearly a decade", {"Bank of America"}),
        # a post's end said of the contract or post
        ("My contract with Canva ended last month, I'm freelancing now", {"Canva"}),
        ("my placement at Arup finished in June", {"Arup"}),
        ("my contract with Vodafone ended last month, can I get a new SIM?", set()),
        ("will my contract with Canva end next month?", set()),
        ("if my internship at Arup finished early I'd travel", set()),
    ],
)
def test_round34_en_employer_ended(text: str, ended: set[str]) -> None:
    assert _ended(text, "works_at") == ended


def test_round34_en_post_ended_is_dated() -> None:
    facts = extract("My contract with Canva ended last month, I'm freelancing now").facts
    (end,) = [f for f in facts if f.predicate == "works_at"]
    assert end.valid_to is not None and end.valid_to.date().isoformat() == "2026-10-01"


HOMES: list[tuple[str, set[Triple]]] = [
    # renting told as a participle after the speaker's own clause
    ("I've left Dunedin, renting a flat in Nelson since last week", {(ME, "lives_in", "Nelson")}),
    ("renting a room in Leith since March, the old address is wrong", {(ME, "lives_in", "Leith")}),
    ("my cousin left Perth, renting a unit in Darwin now", set()),
    ("are you renting a flat in Nelson?", set()),
    # a relative's home by staying at theirs
    ("I'm staying at my mum's in Galway until the lease starts", {(_kin("mother"), "lives_in", "Galway")}),
    ("we're stopping at my parents' place in Cork for now", {(_kin("parents"), "lives_in", "Cork")}),
    ("we had lunch at my mum's in Galway", set()),
    ("ended up crashing at my brother's in Leeds", set()),
    # a relative still in a place, the copula cliticized, a consequence after "so"
    (
        "I've left Napier. my gran's still in Napier so keep her orders going there",
        {(_kin("grandmother"), "lives_in", "Napier")},
    ),
]


@pytest.mark.parametrize(("text", "expected"), HOMES)
def test_round34_en_homes(text: str, expected: set[Triple]) -> None:
    assert _held(text, "lives_in") == expected


def test_round34_en_renting_since_is_dated() -> None:
    assert _since("I've left Dunedin, renting a flat in Nelson since yesterday", "lives_in") == {"Nelson": "2026-11-17"}


def test_round34_en_place_left_is_no_employer() -> None:
    text = "I've left Napier. my gran's still in Napier so keep her orders going there"
    assert _triples(text, "works_at") == set()
    assert _ended("I left Accenture last week", "works_at") == {"Accenture"}


PREFERENCES: list[tuple[str, set[Triple]]] = [
    # the channel for a kind of message as the verb's object
    ("WeChat me the shipping alerts, email just gets lost", {(ME, "preferred_notification_channel", "WeChat")}),
    ("text me all the delivery updates please", {(ME, "preferred_notification_channel", "SMS")}),
    ("email me the invoice for last week", set()),
    # everything by one channel
    ("I'd rather get everything by SMS", {(ME, "preferred_notification_channel", "SMS")}),
    ("would you rather get everything by email?", set()),
    # a method "always" after a spaced dash
    ("Sorry for the mess — Apple Pay always, thanks", {(ME, "preferred_payment_method", "Apple Pay")}),
]


@pytest.mark.parametrize(("text", "expected"), PREFERENCES)
def test_round34_en_preferences(text: str, expected: set[Triple]) -> None:
    assert _held(text, "preferred_notification_channel") | _held(text, "preferred_payment_method") == expected


@pytest.mark.parametrize(
    ("text", "ended"),
    [
        ("I don't use Afterpay anymore", {"Afterpay"}),
        ("we don't pay with Klarna any more, card only", {"Klarna"}),
        ("I don't use Afterpay", set()),
        ("my dad doesn't use Afterpay anymore", set()),
        ("do you not use Afterpay anymore?", set()),
    ],
)
def test_round34_en_payment_given_up(text: str, ended: set[str]) -> None:
    assert _ended(text, "preferred_payment_method") == ended


DEVICES: list[tuple[str, set[Triple]]] = [
    # a device damaged by its owner, the possessive agreeing
    ("my daughter cracked her iPad Air on the bus", {(_kin("daughter"), "owns_device", "iPad Air")}),
    ("my son dropped my Galaxy S23", {(ME, "owns_device", "Galaxy S23")}),
    ("I sat on my Kindle Paperwhite", {(ME, "owns_device", "Kindle Paperwhite")}),
    ("my daughter dropped his iPad Air", set()),
    ("I dropped his Pixel 8", set()),
    ("did you drop your iPhone 15?", set()),
]


@pytest.mark.parametrize(("text", "expected"), DEVICES)
def test_round34_en_devices(text: str, expected: set[Triple]) -> None:
    assert _held(text, "owns_device") == expected
