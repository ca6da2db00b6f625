"""Round 20, English: the classes of phrasing added after the eighteenth held-out set (contacts, names, addresses,
homes and jobs).

Every sentence here is written for this file (none is taken from a bench set); each class has
look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u20"

TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off


WORK: list[tuple[str, set[Fact]]] = [
    # an employer described before its name: "a small agency called X", "a tiny studio, X, as …"
    ("started at a little bike shop called Spoke & Chain yesterday", {state("works_at", "Spoke & Chain")}),
    ("I joined a family law firm called Baxter Lowe in May", {state("works_at", "Baxter Lowe")}),
    (
        "joined a tiny design agency, Fieldnote Studio, as a junior designer",
        {state("works_at", "Fieldnote Studio"), state("job_title", "junior designer")},
    ),
    (
        "I'm done at Sky — joined a local charity, Hope Lane, as a fundraising coordinator",
        {state("works_at", "Hope Lane"), state("job_title", "fundraising coordinator")},
    ),
    ("I started at a winery called Tall Poppy last week", {state("works_at", "Tall Poppy")}),
    ("I'd love to join a startup called Mintly", set()),
    # being with / at an employer as a title (a job noun, never a customer or a guest)
    (
        "I am now with Maersk as a logistics planner.",
        {state("works_at", "Maersk"), state("job_title", "logistics planner")},
    ),
    ("I'm at Arup as a structural engineer", {state("works_at", "Arup"), state("job_title", "structural engineer")}),
    ("I'm now at the Mater as a radiographer", {state("works_at", "Mater"), state("job_title", "radiographer")}),
    ("I'm with Vodafone as a customer", set()),
    ("I'm at the Hilton as a guest this week", set()),
    ("I'm not with Maersk as a planner", set()),
    # on the payroll / books of an employer
    ("Since May I've been on the payroll of Siemens", {state("works_at", "Siemens")}),
    ("my wife is on the payroll at Telstra now", {state("works_at", "Telstra", f"{ME}:wife")}),
    ("I'm on the books at Hays, temping", {state("works_at", "Hays")}),
    ("the invoice is on the payroll of nobody", set()),
    # the bookkeeping of an employer
    (
        "I do the books for a little florist now, Petal Post, so send it there",
        {state("works_at", "Petal Post"), state("job_title", "bookkeeper")},
    ),
    (
        "my mum does the accounts for Harvey Norman",
        {state("works_at", "Harvey Norman", f"{ME}:mother"), state("job_title", "bookkeeper", f"{ME}:mother")},
    ),
    ("I do the books for my dad's shop", set()),
    # a new job given as a label: "new job: TITLE, EMPLOYER"
    ("new job: line cook, Dishoom", {state("job_title", "line cook"), state("works_at", "Dishoom")}),
    (
        "New role - data analyst, Atlassian. Start next Monday!",
        {state("job_title", "data analyst"), state("works_at", "Atlassian")},
    ),
    (
        "my new job: barista, Blue Bottle, from next week",
        {state("job_title", "barista"), state("works_at", "Blue Bottle")},
    ),
    ("new job: anything, Google please", set()),
    # a hiring said in the passive, of the speaker or a relative
    (
        "my daughter got taken on as a trainee chef at Rockpool last week",
        {state("job_title", "trainee chef", f"{ME}:daughter"), state("works_at", "Rockpool", f"{ME}:daughter")},
    ),
    (
        "I was brought on as a paralegal at Clifford Chance",
        {state("job_title", "paralegal"), state("works_at", "Clifford Chance")},
    ),
    (
        "my brother has been signed as a session drummer with Abbey Road",
        {state("job_title", "session drummer", f"{ME}:brother"), state("works_at", "Abbey Road", f"{ME}:brother")},
    ),
    ("my son hopes to get taken on as an apprentice at Sparks Ltd", set()),
]


@pytest.mark.parametrize(("text", "expected"), WORK)
def test_round20_en_work(text: str, expected: set[Fact]) -> None:
    got = {f for f in facts_of(extract(text)) if f[1] in ("works_at", "job_title") and not f[4]}
    assert got == expected


def test_round20_en_new_job_dated_by_its_start() -> None:
    facts = extract("new job: sous chef, Hawksmoor. starting tomorrow").facts
    assert {f.valid_from.date().isoformat() for f in facts if f.valid_from} == {"2026-11-19"}


NAMES: list[tuple[str, set[Fact]]] = [
    # "name's X" with "my" dropped, where a clause or a label opens
    ("heyy quick one: name's Tane Walker, I'll be ordering for the team", {state("name", "Tane Walker")}),
    ("Name is Joss Whitley btw, order coming", {state("name", "Joss Whitley")}),
    ("hello! the name's Ruby Okoro", {state("name", "Ruby Okoro")}),
    ("the dog's name is Rex", set()),
    # a letter's sign-off
    ("Hello,\nMy parcel is late again.\nKind regards,\nAmaka Eze", {state("name", "Amaka Eze")}),
    ("Hi, the box was damaged.\n\nBest,\nJonas van Dijk", {state("name", "Jonas van Dijk")}),
    ("Dear team,\nplease cancel order 5.\nYours sincerely,\nPriya Raman", {state("name", "Priya Raman")}),
    ("Thanks,\nSam", set()),
    ("Thanks, Tom Hanks is great", set()),
]


@pytest.mark.parametrize(("text", "expected"), NAMES)
def test_round20_en_names(text: str, expected: set[Fact]) -> None:
    assert {f for f in facts_of(extract(text)) if f[1] == "name"} == expected


CONTACTS: list[tuple[str, set[Fact]]] = [
    # a new contact as a label set off by a comma or a dash
    ("new number, 07700 900111 — the old one's gone", {state("phone", "07700900111")}),
    ("new email - kat.o@gmail.com", {state("email", "kat.o@gmail.com")}),
    ("new mobile, 0412 555 100", {state("phone", "0412555100")}),
    ("is that a new number, 0412 555 779?", set()),
    # a relative's new contact, "my" may be dropped
    (
        "wife's got a new work email — amira.h@northwind.co — cc her please",
        {state("email", "amira.h@northwind.co", f"{ME}:wife")},
    ),
    ("my son has a new number: 0412 555 777", {state("phone", "0412555777", f"{ME}:son")}),
    ("Mum's got a new mobile, 0412 555 778", {state("phone", "0412555778", f"{ME}:mother")}),
    ("my wife's old email was x.y@gmail.com", set()),
    # a relative's line when the speaker cannot be reached
    (
        "if you can't get hold of me, try my sister — her mobile's 0412 555 101",
        {state("phone", "0412555101", f"{ME}:sister")},
    ),
    # the stored one replaced: "put X there instead"
    ("the email on my account is old, please put lin.w@proton.me there instead", {state("email", "lin.w@proton.me")}),
    # a changed contact named, then a colon
    ("Phone number's been different since last week fyi: 0412 555 102", {state("phone", "0412555102")}),
    ("my old number: 0412 555 112", set()),
]


@pytest.mark.parametrize(("text", "expected"), CONTACTS)
def test_round20_en_contacts(text: str, expected: set[Fact]) -> None:
    assert {f for f in facts_of(extract(text)) if f[1] in ("phone", "email") and not f[4]} == expected


PLACES: list[tuple[str, set[Fact]]] = [
    # "shifted" as the verb of a move; a place answered bare with "now" before "moved here"
    ("shifted to Chennai last month for work", {state("lives_in", "Chennai")}),
    ("Kochi now. Shifted here from Delhi on Sunday", {state("lives_in", "Kochi")}),
    ("we shifted the sofa to the other room", set()),
    # an island is lived on
    ("been living on Magnetic Island since March", {state("lives_in", "Magnetic Island")}),
    ("we live on Kangaroo Island", {state("lives_in", "Kangaroo Island")}),
    ("we're on the ferry to Rottnest Island", set()),
    # addresses: the label said as a sentence, billing to, a relative's workplace for one parcel
    (
        "we moved house on Sunday, new address is 8 Kauri Road, Whangarei 0110, can you change it",
        {state("address", "8 Kauri Road, Whangarei 0110")},
    ),
    (
        "From now on bill everything to Rua Augusta 120, 1100-053 Lisboa pls",
        {state("address", "Rua Augusta 120, 1100-053 Lisboa")},
    ),
    ("for this parcel only, ship it to my dad's shop: 14 Mill Lane, Bath", {one_off("address", "14 Mill Lane, Bath")}),
    ("bill it to 12 High Street, Leeds", set()),
]


@pytest.mark.parametrize(("text", "expected"), PLACES)
def test_round20_en_places(text: str, expected: set[Fact]) -> None:
    assert {f for f in facts_of(extract(text)) if f[1] in ("lives_in", "address")} == expected
