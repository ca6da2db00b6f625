"""Round 23, English: residence, address, name, contact and job phrasing added after the twenty-first held-out set.

Every sentence here is written for this file (none is taken from a bench set); each class has
look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u23"

TABLE = FactTable(ME, AT)
extract, state, ended = TABLE.extract, TABLE.state, TABLE.ended


HOMES: list[tuple[str, set[Fact]]] = [
    # a home kept by staying put, the subject dropped after a dash or a comma
    ("forget Dunedin, we're not moving after all — staying put in Oamaru", {state("lives_in", "Oamaru")}),
    ("decided against Perth, staying put in Bunbury", {state("lives_in", "Bunbury")}),
    ("I'm staying put in Timaru, the job can wait", {state("lives_in", "Timaru")}),
    ("we're not staying put in Timaru", set()),
    ("if we're staying put in Timaru we need a bigger car", set()),
    ("are you staying put in Timaru?", set()),
    # someone else's belief about the home, told to be wrong, is no home
    ("my sister thinks I live in Rosebank but I've been in Randburg since June", {state("lives_in", "Randburg")}),
    ("everyone assumes we live in Perth, we're in Fremantle", {state("lives_in", "Fremantle")}),
    ("Sipho thinks I live in Durban", set()),
    ("my boss still thinks we're in Sandton", set()),
    # "been in" with an adverb between
    ("I've actually been in Hobart since March", {state("lives_in", "Hobart")}),
    ("we have really been in Napier since the spring", {state("lives_in", "Napier")}),
    ("I've not really been in Hobart since March", set()),
    # the keys to a home named by its place before it
    ("we picked up the keys for our Napier house on Friday", {state("lives_in", "Napier")}),
    ("I got the keys to the new Hobart apartment last week", {state("lives_in", "Hobart")}),
    ("haven't got the keys to the Suva flat yet", set()),
    ("got the keys to the Airbnb yesterday", set()),
]


@pytest.mark.parametrize(("text", "expected"), HOMES, ids=[t for t, _ in HOMES])
def test_round23_en_homes(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


def test_round23_en_homes_dated() -> None:
    found = extract("I got the keys to the Levin flat yesterday, so it's home now")
    assert [(f.value, f.valid_from and f.valid_from.date()) for f in found.facts] == [("Levin", date(2026, 11, 17))]


ADDRESSES: list[tuple[str, set[Fact]]] = [
    # the stored address swapped or switched
    ("could you switch the delivery address to 4 Kowhai Rd, Napier?", {state("address", "4 Kowhai Rd, Napier")}),
    ("swap the shipping address to 22 Hill St, Nelson pls", {state("address", "22 Hill St, Nelson")}),
    ("pls swap the billing address to 7 Aloe Ave, Durban", {state("address", "7 Aloe Ave, Durban")}),
    ("don't swap the billing address to 9 Protea Ave", set()),
    ("should I swap the billing address to 9 Protea Ave?", set()),
    # deliveries sent to a home named, its address after a colon or a dash
    ("parcels go to our new flat — 12 Tui Street, Hamilton", {state("address", "12 Tui Street, Hamilton")}),
    ("my orders should go to the new house: 7 Rata Lane, Nelson", {state("address", "7 Rata Lane, Nelson")}),
    ("do deliveries go to the new place: 7 Rata Lane?", set()),
    ("her parcels go to the new place: 7 Rata Lane, Nelson", set()),
    # the Australian short forms of street words
    ("it's 3/8 Ocean Pde, not 8/3", {state("address", "3/8 Ocean Pde")}),
    ("my address is 3 Banksia Cres, Ballina", {state("address", "3 Banksia Cres, Ballina")}),
    ("ship it to my office: 14 Bay Tce, Wynnum", {state("address", "14 Bay Tce, Wynnum")}),
]


@pytest.mark.parametrize(("text", "expected"), ADDRESSES, ids=[t for t, _ in ADDRESSES])
def test_round23_en_addresses(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


def test_round23_en_address_from_next_week() -> None:
    found = extract("from next Monday parcels go to the new place: 9 Kereru Rd, Taupō 3330")
    assert [(f.value, f.valid_from and f.valid_from.date()) for f in found.facts] == [
        ("9 Kereru Rd, Taupō 3330", date(2026, 11, 23))
    ]


NAMES: list[tuple[str, set[Fact]]] = [
    # the full name said again after the first name alone
    ("I'm Aroha btw, Aroha Ngata", {state("name", "Aroha Ngata")}),
    ("this is Wen — Wen Li", {state("name", "Wen Li")}),
    ("name's Tomasi, Tomasi Fifita.", {state("name", "Tomasi Fifita")}),
    ("I'm Lerato, Thabo Khumalo", {state("name", "Lerato")}),
    ("I'm in Durban, Durban North", set()),
    # a misspelling set right where the name is written
    ("it's Mikaela not Michaela on my account, pls fix", {state("name", "Mikaela")}),
    ("its Tamsin, not Tamzin on the booking", {state("name", "Tamsin")}),
    ("it's Thandeka not Thandiwe on my acct", set()),
    ("it's Monday not Sunday on the booking", set()),
    ("it's Siyabonga not Siyabongo", set()),
]


@pytest.mark.parametrize(("text", "expected"), NAMES, ids=[t for t, _ in NAMES])
def test_round23_en_names(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


EMAILS: list[tuple[str, set[Fact]]] = [
    # the office e-mail, the speaker's own
    ("office email is T.Ward@Firm.co.nz if you need it", {state("email", "t.ward@firm.co.nz")}),
    ("my office email is ana@kauri.nz", {state("email", "ana@kauri.nz")}),
    ("Office e-mail is pita@harbour.co.nz, use that one", {state("email", "pita@harbour.co.nz")}),
    ("the office email is bob@kauri.nz", set()),
]


@pytest.mark.parametrize(("text", "expected"), EMAILS, ids=[t for t, _ in EMAILS])
def test_round23_en_emails(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


JOBS: list[tuple[str, set[Fact]]] = [
    # work on contract for an employer (freelancing for a client is no employer, see round 6)
    (
        "not at Telkom anymore, contracting for MTN now",
        {ended("works_at", "Telkom"), state("works_at", "MTN")},
    ),
    ("I'm contracting for Deloitte these days", {state("works_at", "Deloitte")}),
    ("my sister contracts for Fonterra", {state("works_at", "Fonterra", f"{ME}:sister")}),
    ("I freelance for Vogue", set()),
    ("not contracting for Vodacom anymore", set()),
    ("I'd love to be contracting for Google", set()),
    # the title at an employer, a clause joined after it
    (
        "I work at Mediclinic as a sonographer so weekdays are hard",
        {state("works_at", "Mediclinic"), state("job_title", "sonographer")},
    ),
    ("I'm with Arup as a planner because I love it", {state("works_at", "Arup"), state("job_title", "planner")}),
    # the speaker introduced by the title alone
    ("primary school teacher here — do you do bulk orders?", {state("job_title", "primary school teacher")}),
    ("Paramedic here, quick question about night deliveries", {state("job_title", "paramedic")}),
    ("hi, registered nurse here. can I get the health worker discount?", {state("job_title", "registered nurse")}),
    ("your delivery driver here, I'm outside", set()),
    ("is there a teacher here?", set()),
    ("my son's teacher here said hi", set()),
    # a colleague named by the team they are from
    ("Mia from procurement just got promoted to head buyer", {state("job_title", "head buyer", "Mia")}),
    ("Tariq from reception works at the Hilton now", {state("works_at", "Hilton", "Tariq")}),
    ("I got an email from accounts yesterday", set()),
    # retirement with its time between
    ("retired last year from Transnet after 30 years", {ended("works_at", "Transnet")}),
    ("my dad retired in 2019 from Qantas", {ended("works_at", "Qantas", f"{ME}:father")}),
    ("I retired last year from teaching", set()),
]


@pytest.mark.parametrize(("text", "expected"), JOBS, ids=[t for t, _ in JOBS])
def test_round23_en_jobs(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


def test_round23_en_start_date() -> None:
    found = extract("start date at Xero was Monday, still finding my feet")
    assert [(f.value, f.valid_from and f.valid_from.date()) for f in found.facts] == [("Xero", date(2026, 11, 16))]
    assert facts_of(extract("my start date with Xero is next Monday")) == set()
