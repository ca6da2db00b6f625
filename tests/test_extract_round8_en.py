"""Round 8, English: the classes of phrasing added after the eighth blind set.

Every sentence here is written for this file (none is taken from a bench set); each class has
look-alikes that must stay silent: questions, plans, negations, other people's words.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 5, 13, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u8"

TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off


HOMES: list[tuple[str, set[Fact]]] = [
    # a home bought (or its keys got), then moved into
    ("We got the keys to a flat in Tromsø and moved in on Saturday.", {state("lives_in", "Tromsø")}),
    ("I bought the cottage in Kendal and already moved in.", {state("lives_in", "Kendal")}),
    ("My brother closed on a house in Derby and moved in last week.", {state("lives_in", "Derby", f"{ME}:brother")}),
    ("We bought a house in Ghent but haven't moved in yet.", set()),
    ("Did you buy the flat in Leeds and move in?", set()),
    # "been in X since …" with its auxiliary dropped
    ("Been in Perth since March, loving it.", {state("lives_in", "Perth")}),
    ("Been in a bad mood since Monday.", set()),
    ("Have you been in Lyon since Monday?", set()),
    # a place left, the new one settled in: no employer left
    ("We left Lagos two weeks ago, we're settled in Accra now.", {state("lives_in", "Accra")}),
    ("Packed my bags and left Oslo for good.", set()),
]


@pytest.mark.parametrize(("text", "expected"), HOMES, ids=[t for t, _ in HOMES])
def test_round8_en_homes(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


def test_round8_en_home_dates() -> None:
    moved = extract("We got the keys to a flat in Tromsø and moved in last Monday.").facts
    assert [f.valid_from for f in moved] == [datetime(2026, 5, 4, tzinfo=UTC)]
    settled = extract("We left Lagos two weeks ago, we're settled in Accra now.").facts
    assert [f.valid_from.date() for f in settled if f.valid_from] == [datetime(2026, 4, 29).date()]


JOBS: list[tuple[str, set[Fact]]] = [
    # a first-person report whose "I" was dropped before a verb in -ed and "my"
    ("Cleared out my locker and left Tesco last Friday.", {ended("works_at", "Tesco")}),
    ("Handed over my keys and left Deloitte on Friday.", {ended("works_at", "Deloitte")}),
    ("Ted quit Amazon and joined Meta.", {state("works_at", "Meta", "Ted"), ended("works_at", "Amazon", "Ted")}),
    # signing with an employer, among words of a job
    (
        "Signed with Atlassian yesterday, I'm their new data engineer.",
        {state("works_at", "Atlassian"), state("job_title", "data engineer")},
    ),
    ("I signed with EE for a new phone contract.", set()),
    ("Signed with Canva? Not me.", set()),
    # retrained or qualified as a title
    ("Requalified as a paramedic this spring.", {state("job_title", "paramedic")}),
    ("My cousin retrained as an electrician.", {state("job_title", "electrician", f"{ME}:cousin")}),
    ("I never qualified as a lawyer.", set()),
    ("Did you retrain as a chef?", set()),
    # a title without its article, before the employer
    (
        "Lukas Brandt is operations manager at Siemens.",
        {state("job_title", "operations manager", "Lukas Brandt"), state("works_at", "Siemens", "Lukas Brandt")},
    ),
    ("Is Lukas Brandt operations manager at Siemens?", set()),
    # new job nouns
    ("I'm a mountain guide, mostly in the Alps.", {state("job_title", "mountain guide")}),
    # the employer's kind, then its name
    ("I now work at a tiny bakery called Crumbhouse.", {state("works_at", "Crumbhouse")}),
    ("I used to work at a studio called Foxglove.", set()),
    # a full name's title as its apposition ("our …")
    (
        "Mirela Popescu, our new office manager, lives in Cluj.",
        {state("lives_in", "Cluj", "Mirela Popescu"), state("job_title", "office manager", "Mirela Popescu")},
    ),
    ("Mirela Popescu, our former office manager, lives in Cluj.", {state("lives_in", "Cluj", "Mirela Popescu")}),
    ("Jonas Weber, our accountant, lives in Graz.", {state("lives_in", "Graz", "Jonas Weber")}),
    ("Would Mirela Popescu, our new office manager, relocate?", set()),
    # a profile filled in as fields
    (
        "Please update my profile: employer Vestas, title wind technician.",
        {state("works_at", "Vestas"), state("job_title", "wind technician")},
    ),
    ("Company: Arup; role: transport planner.", {state("works_at", "Arup"), state("job_title", "transport planner")}),
    ("My old employer Maersk, title analyst.", set()),
    ("Employer Maersk is a good one.", set()),
    ("Position filled, company Nestle.", set()),
]


@pytest.mark.parametrize(("text", "expected"), JOBS, ids=[t for t, _ in JOBS])
def test_round8_en_jobs(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


DEVICES: list[tuple[str, set[Fact]]] = [
    # a device named by its use, without "my"; a second one kept for a place or a use
    (
        "Home laptop's a Dell XPS 13; for work it's a MacBook Pro.",
        {state("owns_device", "Dell XPS 13"), state("owns_device", "MacBook Pro")},
    ),
    (
        "My phone's a Pixel 7; at work I use a ThinkPad T14.",
        {state("owns_device", "Pixel 7"), state("owns_device", "ThinkPad T14")},
    ),
    ("For work it's a MacBook Pro.", set()),
    ("My wife's phone is an iPhone 14; at home it's a Kindle.", {state("owns_device", "iPhone 14", f"{ME}:wife")}),
]


@pytest.mark.parametrize(("text", "expected"), DEVICES, ids=[t for t, _ in DEVICES])
def test_round8_en_devices(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


PROFILE: list[tuple[str, set[Fact]]] = [
    # streets whose street word is written into the name, the number after it
    (
        "Going forward please ship parcels to Prinsengracht 42, 1016 GV Amsterdam.",
        {state("address", "Prinsengracht 42, 1016 GV Amsterdam")},
    ),
    ("My new address is Bergstraße 4, 10115 Berlin.", {state("address", "Bergstraße 4, 10115 Berlin")}),
    ("Is Prinsengracht 42 a nice area?", set()),
    # the full name to put on the account, where a name change is spoken of
    (
        "Please make it Hana Novak on the account, I got married in June.",
        {state("name", "Hana Novak")},
    ),
    ("Make it Visa on the account.", set()),
    ("My surname changed, but don't make it Ana Lopez on the account.", set()),
    # a relative named in a request
    ("Please add my husband Bram as a second user.", {state("name", "Bram", f"{ME}:husband")}),
    ("Could you put my son Leo on the family plan?", {state("name", "Leo", f"{ME}:son")}),
    ("My daughter is named after my grandmother.", set()),
]


@pytest.mark.parametrize(("text", "expected"), PROFILE, ids=[t for t, _ in PROFILE])
def test_round8_en_profile(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


PREFERENCES: list[tuple[str, set[Fact]]] = [
    # a recurring document in a coded version
    (
        "I always want the monthly recap as version B, it reads best.",
        {state("preferred_report_format", "version B")},
    ),
    ("Send the weekly digest in template 2 from now on.", {state("preferred_report_format", "template 2")}),
    ("Send the recap as version B today.", {one_off("preferred_report_format", "version B")}),
    ("Can I get the weekly digest as version B?", set()),
    ("I don't want the digest as version A.", set()),
    ("My boss wants the weekly summary as version C.", set()),
    # the thing, then how it should be
    ("I like my stand-up notes short: three lines, tops.", {state("preference", "short stand-up notes")}),
    ("We want our invoices itemised from now on.", {state("preference", "itemised invoices")}),
    ("I don't like my summaries short.", set()),
    ("Do you like your coffee black?", set()),
    # what is left out of something, said as "no …"
    ("Always keep peanuts off my shopping list.", {state("preference", "no peanuts on shopping list")}),
    (
        "I'm vegan, so always leave dairy out of my meal plans.",
        {state("preference", "vegan"), state("preference", "no dairy in meal plans")},
    ),
    ("Leave the receipt out of the box, it's a gift.", set()),
    # words in single quotes that someone else says
    ("My aunt keeps telling me 'always pay by card', but I ignore her.", set()),
    ("My dad is always telling me 'use Royal Mail', I never listen.", set()),
    # (a word the speaker quotes is no one else's: the rest of the turn still holds)
    (
        "Use the 'express' option from now on, I always ship with Royal Mail.",
        {state("preferred_shipping_carrier", "Royal Mail")},
    ),
]


@pytest.mark.parametrize(("text", "expected"), PREFERENCES, ids=[t for t, _ in PREFERENCES])
def test_round8_en_preferences(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


INTENTS: list[tuple[str, set[str]]] = [
    # a refund of one of the charges just named
    ("I was billed twice for the same lamp. Please refund one of them.", {"refund"}),
    ("They refunded one of them already, thanks.", set()),
    # a subscription switched off; the account's record changed after a reason
    ("Turn off the monthly newsletter for me.", {"modify_setting"}),
    ("I married in May, so please make it Lena Park on the account.", {"modify_setting"}),
    ("I was late, so please set expectations.", set()),
    # another person added to the account, named
    ("Please add my wife Ines as a second cardholder.", {"modify_setting"}),
    # an aggregate broken down by a dimension the vocabulary does not know
    ("Average basket size by store for last week, please.", {"data_aggregation"}),
    ("Per depot, how many vans left yesterday?", {"data_aggregation"}),
    ("Count login failures per browser in March.", {"data_aggregation"}),
    ("I sent it by courier, total cost was fine.", set()),
    ("Count me in for Friday.", set()),
    # records pulled into a file
    ("Pull last Friday's returns into a spreadsheet.", {"export"}),
    ("I can't get my head into the report.", set()),
]


@pytest.mark.parametrize(("text", "expected"), INTENTS, ids=[t for t, _ in INTENTS])
def test_round8_en_intents(text: str, expected: set[str]) -> None:
    assert {i.intent_type for i in extract(text).intents} == expected
