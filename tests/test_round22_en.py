"""Round 22, English: residence, address, name, contact and job phrasing added after the twentieth held-out set.

Every sentence here is written for this file (none is taken from a bench set); each class has
look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u22"

TABLE = FactTable(ME, AT)
extract, state, ended = TABLE.extract, TABLE.state, TABLE.ended


HOMES: list[tuple[str, set[Fact]]] = [
    # renting somewhere, the home unsaid
    ("I'm renting in Hobart now", {state("lives_in", "Hobart")}),
    ("my sister rents in Fitzroy", {state("lives_in", "Fitzroy", f"{ME}:sister")}),
    ("we've been renting in Tauranga for a year", {state("lives_in", "Tauranga")}),
    ("I'm renting a car in Hobart", set()),
    ("we might start renting in Hobart", set()),
    # "X's been home": the contraction on the place's name
    ("Whakatane's been home since March", {state("lives_in", "Whakatane")}),
    ("Invercargill's been our home since the spring", {state("lives_in", "Invercargill")}),
    ("Queenstown's been great this week", set()),
    # a lease signed somewhere is a home there, the subject often dropped
    ("signed a lease in Nuku'alofa last week, so I live here now", {state("lives_in", "Nuku'alofa")}),
    ("we signed the lease on a flat in Tromsø", {state("lives_in", "Tromsø")}),
    ("I've just signed a 12-month lease in Dunedin", {state("lives_in", "Dunedin")}),
    ("never signed a lease in Perth, we were subletting", set()),
    ("if we signed a lease in Perth we'd need a car", set()),
    ("did you sign a lease in Perth?", set()),
    # a home given up by its lease or its keys, with no new home named
    ("gave up the flat in Halifax, staying with friends for now", {ended("lives_in", "Halifax")}),
    ("we handed back the keys to our place in Hull", {ended("lives_in", "Hull")}),
    ("I've given up my room in Leeds", {ended("lives_in", "Leeds")}),
    ("never gave up the flat in Halifax", set()),
    # a relative typed bare in lower case, opening the turn
    ("mum just moved into a care home in Timaru", {state("lives_in", "Timaru", f"{ME}:mother")}),
    ("dad lives in Napier", {state("lives_in", "Napier", f"{ME}:father")}),
    ("sister lives in Cork", {state("lives_in", "Cork", f"{ME}:sister")}),
    ("son, you live in Cork?", set()),
    # the home set right in a cleft, told apart from its namesake by the region
    ("records say Perth WA but it's Perth, Scotland where I actually live", {state("lives_in", "Perth, Scotland")}),
    ("no, it's Dunedin where I actually am", {state("lives_in", "Dunedin")}),
    ("it's Paris where I am this week", set()),
    ("it's not Perth where we live", set()),
    ("it's Hamilton, Ontario where I grew up", set()),
]


@pytest.mark.parametrize(("text", "expected"), HOMES, ids=[t for t, _ in HOMES])
def test_round22_en_homes(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


def test_round22_en_moved_in_with_a_relative() -> None:
    found = extract("moved in with my partner Tama in Rotorua last month — his flat, my plants everywhere")
    assert facts_of(found) == {
        state("lives_in", "Rotorua"),
        state("lives_in", "Rotorua", f"{ME}:partner"),
        state("name", "Tama", f"{ME}:partner"),
    }
    dated = {f.subject: f.valid_from for f in found.facts if f.predicate == "lives_in"}
    # (the speaker's home from the move; the partner's was already theirs)
    assert dated[ME] is not None and dated[ME].date() == date(2026, 10, 1)
    assert dated[f"{ME}:partner"] is None
    assert facts_of(extract("not moving in with my boyfriend in Cork")) == set()


MIXED_UP: list[tuple[str, set[Fact]]] = [
    # the speaker mistaken for a relative, who is the one living there
    (
        "I never lived in Galway, that was my sister Niamh",
        {state("lives_in", "Galway", f"{ME}:sister"), state("name", "Niamh", f"{ME}:sister")},
    ),
    ("I didn't move to Leeds. That's my brother", {state("lives_in", "Leeds", f"{ME}:brother")}),
    ("I never moved to Perth, that was a rumour", set()),
    ("I never moved to Perth", set()),
]


@pytest.mark.parametrize(("text", "expected"), MIXED_UP, ids=[t for t, _ in MIXED_UP])
def test_round22_en_mixed_up_with_a_relative(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


def test_round22_en_lease_dated() -> None:
    found = extract("signed a lease in Apia yesterday, resident at last")
    assert [(f.value, f.valid_from and f.valid_from.date()) for f in found.facts] == [("Apia", date(2026, 11, 17))]


ADDRESSES: list[tuple[str, set[Fact]]] = [
    # a remark after a dash closes the address
    ("parcels should go to 3 Beach Road, Raglan — we're moving", {state("address", "3 Beach Road, Raglan")}),
    ("my address is 14 Kauri Road, Whangārei — the old one is gone", {state("address", "14 Kauri Road, Whangārei")}),
    # the wrong number set aside at the end of a correction
    ("it's 42 Tui Street, not 24 — couriers keep getting it wrong", {state("address", "42 Tui Street")}),
    ("it's 7 Rata Lane, not 17", {state("address", "7 Rata Lane")}),
    # an address set by the request that names it
    ("can u put 18 Rua Augusta, Lisbon as my shipping address?", {state("address", "18 Rua Augusta, Lisbon")}),
    ("could you save 7 Kauri Way, Taupō as our delivery address", {state("address", "7 Kauri Way, Taupō")}),
    (
        "please use Flat 2, 9 Hill Street, Dunedin as my billing address",
        {state("address", "Flat 2, 9 Hill Street, Dunedin")},
    ),
    ("don't put 12 Main Road as my address", set()),
    # a relative's home where their things go
    (
        "dad's parcel should go to his place, 23 Totara Road, Gisborne — he's been there for years",
        {state("address", "23 Totara Road, Gisborne", f"{ME}:father")},
    ),
    (
        "my sister's parcels go to her flat: 4 Elm Street, Leeds",
        {state("address", "4 Elm Street, Leeds", f"{ME}:sister")},
    ),
    (
        "Mum's birthday box should go to her house, 8 Rata Lane, Nelson",
        {state("address", "8 Rata Lane, Nelson", f"{ME}:mother")},
    ),
    ("should dad's present go to his place, 23 Kowhai Road?", set()),
    ("dad's present should go to my place, 23 Kowhai Road", set()),
]


@pytest.mark.parametrize(("text", "expected"), ADDRESSES, ids=[t for t, _ in ADDRESSES])
def test_round22_en_addresses(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


ADDRESS_STARTS: list[tuple[str, date | None]] = [
    # a standing address with a start still to come
    ("from next Monday parcels should go to 5 Rue Victor Hugo, Nouméa", date(2026, 11, 23)),
    ("starting next month, deliveries go to 12 Moana Ave, Napier", date(2026, 12, 1)),
    ("parcels should go to 3 Beach Road, Raglan from next Monday", date(2026, 11, 23)),
    ("parcels should go to 3 Beach Road, Raglan", None),
]


@pytest.mark.parametrize(("text", "day"), ADDRESS_STARTS, ids=[t for t, _ in ADDRESS_STARTS])
def test_round22_en_address_start(text: str, day: date | None) -> None:
    found = [f for f in extract(text).facts if f.predicate == "address"]
    assert len(found) == 1 and "from" not in found[0].value
    assert (found[0].valid_from and found[0].valid_from.date()) == day


NAMES: list[tuple[str, set[Fact]]] = [
    # the speaker's name set right, in a turn about the name or its writing
    ("can you fix the name on my account? it's Aroha Ngata-Reid, hyphen and all", {state("name", "Aroha Ngata-Reid")}),
    ("it's Zoë with the umlaut, not Zoe", {state("name", "Zoë")}),
    ("my surname keeps getting mangled — it's MacLeòid, accent and all", {state("name", "MacLeòid")}),
    ("my son's name is spelt wrong, it's Tāne with a macron", set()),
    ("it's Zürich with the umlaut, not Zurich, where I live", set()),
    ("I can't spell — it's Ngaio? or Ngaoi?", set()),
    # a relative's name on a thing sent
    ("Mum's name on the gift card should be Mereana, not Marena", {state("name", "Mereana", f"{ME}:mother")}),
    (
        "my grandad's name on the parcel should read Tomasi Fifita",
        {state("name", "Tomasi Fifita", f"{ME}:grandfather")},
    ),
    ("the name on the gift card should be Leilani", set()),
    ("my brother's name on the booking isn't Sam", set()),
    # the legal name beside the one people use: the legal name is the fact
    ("Margaret on my passport, but everybody calls me Peggy", {state("name", "Margaret")}),
    ("Jonathan officially, though my friends call me Jonno", {state("name", "Jonathan")}),
    ("everyone knows me as Bex", {state("name", "Bex")}),
    ("Rebecca on paper, but honestly I never finished the form", set()),
]


@pytest.mark.parametrize(("text", "expected"), NAMES, ids=[t for t, _ in NAMES])
def test_round22_en_names(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


CONTACTS: list[tuple[str, set[Fact]]] = [
    # a relative's number named by the possessive, where it is kept, then a comma
    ("my brother's number is 617 555 0142", {state("phone", "6175550142", f"{ME}:brother")}),
    ("that's my son's number on there, 021 555 8812", {state("phone", "0215558812", f"{ME}:son")}),
    ("Sina's number is 021 555 8812", {state("phone", "0215558812", "Sina")}),
    ("the courier's number was 021 555 8812", set()),
    ("my brother's number isn't 021 555 8812 anymore", set()),
    # the speaker's number after the messaging app it is for
    ("Signal works best for me: 021 555 8812", {state("phone", "0215558812")}),
    ("whatsapp's quickest - 0412 555 019", {state("phone", "0412555019")}),
    ("whatsapp is down today — call 0800 555 019", set()),
    ("whatsapp is my sister's thing: 021 555 8812", set()),
    # the speaker's e-mail named bare as the turn opens
    ("personal email is kai.m@fastmail.com", {state("email", "kai.m@fastmail.com")}),
    ("Email's tui88@gmail.com btw", {state("email", "tui88@gmail.com")}),
    ("his work email's r.huang@tessaro.co", set()),
    ("work email isn't r.huang@tessaro.co", set()),
    ("email support@shop.com for help", set()),
]


@pytest.mark.parametrize(("text", "expected"), CONTACTS, ids=[t for t, _ in CONTACTS])
def test_round22_en_contacts(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


JOBS: list[tuple[str, set[Fact]]] = [
    # "and" inside an employer's name of three words or more
    ("I work for Fire and Emergency NZ", {state("works_at", "Fire and Emergency NZ")}),
    ("I joined Marks and Spencer Food last week", {state("works_at", "Marks and Spencer Food")}),
    ("I work at Google and Meta pays me too", {state("works_at", "Google")}),
    # the speaker's workplace named by the people worked with there
    ("my coworkers at Westpac are lovely", {state("works_at", "Westpac")}),
    ("my line manager at the Auckland Council signed it off", {state("works_at", "Auckland Council")}),
    ("my old boss at Deloitte called", set()),
    ("my colleague from Brazil uses odd idioms", set()),
    ("my manager at Tesco? no, I don't work there", set()),
    ("if my boss at Xero finds out", set()),
    # the title said bare after the work told as changed, "for" the employer
    (
        "my work's at the mill now — machine operator for Carter Holt",
        {state("job_title", "machine operator"), state("works_at", "Carter Holt")},
    ),
    (
        "job is in Nelson now - nurse at Nelson Hospital",
        {state("job_title", "nurse"), state("works_at", "Nelson Hospital")},
    ),
    ("I'm a crane operator", {state("job_title", "crane operator")}),
    ("my brother's work is at the port now — crane operator for Lyttelton Port Company", set()),
    # the first or only one of the employer is no part of the title
    (
        "my sister joined Mercy Hospital as their only midwife",
        {state("works_at", "Mercy Hospital", f"{ME}:sister"), state("job_title", "midwife", f"{ME}:sister")},
    ),
    (
        "I joined Air NZ as their first officer",
        {state("works_at", "Air NZ"), state("job_title", "first officer")},
    ),
    # a training post begun, a relative typed bare in lower case
    (
        "son just started his apprenticeship as a plumber with Hutt Plumbing",
        {state("job_title", "plumber", f"{ME}:son"), state("works_at", "Hutt Plumbing", f"{ME}:son")},
    ),
    (
        "my daughter began her internship as a junior analyst at Xero",
        {state("job_title", "junior analyst", f"{ME}:daughter"), state("works_at", "Xero", f"{ME}:daughter")},
    ),
    ("son wants to start his apprenticeship as a plumber with Hutt Plumbing", set()),
]


@pytest.mark.parametrize(("text", "expected"), JOBS, ids=[t for t, _ in JOBS])
def test_round22_en_jobs(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


JOB_STARTS: list[tuple[str, date | None]] = [
    # the start set aside after the post dates it
    ("I'm the new shift lead at Kōkako Roasters (started yesterday)", date(2026, 11, 17)),
    ("I'm a nurse at Mercy Hospital — started last Monday", date(2026, 11, 9)),
    ("I'm a barista at Kōkako (began two weeks ago)", date(2026, 11, 4)),
    ("I'm a nurse at Mercy Hospital; my course started yesterday", None),
]


@pytest.mark.parametrize(("text", "day"), JOB_STARTS, ids=[t for t, _ in JOB_STARTS])
def test_round22_en_job_start(text: str, day: date | None) -> None:
    found = [f for f in extract(text).facts if f.predicate == "works_at"]
    assert len(found) == 1
    assert (found[0].valid_from and found[0].valid_from.date()) == day


MORE: list[tuple[str, set[Fact]]] = [
    # the name on the account set right, "Name" opening the turn, "misspelt"
    ("Name on the profile is misspelt — it's Hemi Walker, with one l.", {state("name", "Hemi Walker")}),
    # a relative reached when the speaker does not pick up
    (
        "If I don't answer, ring my husband Sione on 021 555 8812",
        {state("phone", "0215558812", f"{ME}:husband"), state("name", "Sione", f"{ME}:husband")},
    ),
    # more kinds of rented home
    ("I've been renting a walk-up in Hue since March", {state("lives_in", "Hue")}),
    ("my brother rents a granny flat in Otaki", {state("lives_in", "Otaki", f"{ME}:brother")}),
    # a move said as going to live somewhere
    ("my dad sold up and went to live in Nelson", {state("lives_in", "Nelson", f"{ME}:father")}),
    ("I went to live in denial for a bit", set()),
    # street kinds: quay, parade, grove; a slashed unit number
    ("ship everything to 4 Marine Parade, Napier from now on", {state("address", "4 Marine Parade, Napier")}),
    ("it's 3/41 Rimu Grove, Porirua now", {state("address", "3/41 Rimu Grove, Porirua")}),
    # the stored address changed, "on my account" unsaid
    ("could you update the billing address to 3 Kea Street, Wanaka", {state("address", "3 Kea Street, Wanaka")}),
    ("don't change the delivery address to 4 Elm St", set()),
    ("change the delivery address on my sister's order to 4 Elm St", set()),
    # the home set first in a cleft after a label
    ("Correction: it's Whanganui I live in, not Palmerston North", {state("lives_in", "Whanganui")}),
    ("it's not Hobart I live in", set()),
    # the job title the account should hold
    ("the title on my profile should read Head Chef", {state("job_title", "Head Chef")}),
    ("the title on my account should not say Manager", set()),
    # where the workplace is, between the employer and the title
    (
        "I work for Fonterra in Hamilton as a lab tech",
        {state("works_at", "Fonterra"), state("job_title", "lab tech")},
    ),
    ("I work at Ferrari in Maranello as a favour", {state("works_at", "Ferrari")}),
    # the speaker's number on a new SIM card
    ("got a local SIM at last: 021 555 8812", {state("phone", "0215558812")}),
    ("my sister got a new SIM: 021 555 8812", set()),
]


@pytest.mark.parametrize(("text", "expected"), MORE, ids=[t for t, _ in MORE])
def test_round22_en_more(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


def test_round22_en_address_held_since() -> None:
    found = extract("it's 9 Elm Grove, Leeds now, has been since last month").facts
    assert [(f.value, f.valid_from and f.valid_from.date()) for f in found] == [
        ("9 Elm Grove, Leeds", date(2026, 10, 1))
    ]
