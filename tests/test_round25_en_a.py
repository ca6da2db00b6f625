"""Round 25, English (a): the classes of phrasing for homes, employers, job titles and addresses added after the
twenty-second held-out set.

Every sentence here is written for this file (none is taken from a bench set); each class has look-alikes that
must stay silent.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u25a"

TABLE = FactTable(ME, AT)
extract, state, ended = TABLE.extract, TABLE.state, TABLE.ended


def _kin(relation: str) -> str:
    return f"{ME}:{relation}"


JOBS: list[tuple[str, set[Fact]]] = [
    # what one does all day, as a job noun, at a named employer
    (
        "I'm stacking shelves as a night packer for Woolworths",
        {state("job_title", "night packer"), state("works_at", "Woolworths")},
    ),
    (
        "my son's been washing dishes as a kitchen porter at Nando's",
        {state("job_title", "kitchen porter", _kin("son")), state("works_at", "Nando's", _kin("son"))},
    ),
    (
        "and I'm back to cutting hair as a stylist at a little salon called Mane Street",
        {state("job_title", "stylist"), state("works_at", "Mane Street")},
    ),
    ("I'm dressing up as a nurse at Halloween", set()),
    ("I'm getting ready for an interview as a claims handler at Aviva", set()),
    ("I'm starting as a barista at Costa next week", set()),
    ("she's volunteering as a tutor at Oakfield Library", set()),
    ("I'm not pouring pints as a bartender at the Anchor anymore", set()),
    ("if I end up pulling shots as a barista at Costa I'll be broke", set()),
    # "works as …" at an employer named by its kind first
    (
        "I work as a baker at a small bakery called Crumb & Co",
        {state("job_title", "baker"), state("works_at", "Crumb & Co")},
    ),
    # "remote" said as the adverb
    ("my wife works remote for Atlassian", {state("works_at", "Atlassian", _kin("wife"))}),
    # driving for a firm, the subject said or dropped
    ("I'm driving for Lyft these days", {state("works_at", "Lyft"), state("job_title", "driver")}),
    (
        "moved flats last month. still driving for DoorDash tho",
        {state("works_at", "DoorDash"), state("job_title", "driver")},
    ),
    (
        "my brother's been driving for Bolt since he got his licence",
        {state("works_at", "Bolt", _kin("brother")), state("job_title", "driver", _kin("brother"))},
    ),
    (
        "my husband just started driving for Ola",
        {state("works_at", "Ola", _kin("husband")), state("job_title", "driver", _kin("husband"))},
    ),
    ("I'm driving for hours tomorrow", set()),
    ("I'm driving for Mum today", set()),
    ("I'm not driving for Uber anymore", set()),
    # at the employer on working days, in a turn that names the speaker's work
    (
        "send it to my desk, I'm at Canva four days a week",
        {state("works_at", "Canva")},
    ),
    ("I'm at Starbucks most days, love their oat flat white", set()),
    # the last shift or day worked, told as past
    ("Sunday was my last shift at Nando's", {ended("works_at", "Nando's")}),
    ("my final day at Deloitte was yesterday, job hunting now", {ended("works_at", "Deloitte")}),
    ("Friday is my last day at Deloitte", set()),
    ("yesterday was my last day at Disneyland, the kids loved it", set()),
    # the work stopped there
    ("I stopped working at Boots in August", {ended("works_at", "Boots")}),
    ("finished up at Primark last month, job hunting now", {ended("works_at", "Primark")}),
    ("we finished up at Primark and got lunch", set()),
    ("I haven't stopped working at Boots", set()),
    # a relative's title in the perfect, and an employer named with "the"
    (
        "my dad's been a porter at Guy's Hospital for years",
        {state("job_title", "porter", _kin("father")), state("works_at", "Guy's Hospital", _kin("father"))},
    ),
    (
        "my cousin is a firefighter with the LAFD",
        {state("job_title", "firefighter", _kin("cousin")), state("works_at", "LAFD", _kin("cousin"))},
    ),
    # the employer kept through a change of post
    ("new title since Monday, same company, still Unilever", {state("works_at", "Unilever")}),
    ("my brother got promoted, same firm, still Telstra", set()),
    # a post reached, said with "became"
    ("Mira Castellanos just became head of logistics", {state("job_title", "head of logistics", "Mira Castellanos")}),
    (
        "my sister became a partner at Clifford Chance",
        {state("job_title", "partner", _kin("sister")), state("works_at", "Clifford Chance", _kin("sister"))},
    ),
    ("we became partners", set()),
    ("I never became a manager", set()),
    ("became a mum last year", set()),
    # a consequence joined by "so" keeps its negation to itself
    (
        "my wife's a midwife at Auckland Hospital so she's never home at night",
        {state("job_title", "midwife", _kin("wife")), state("works_at", "Auckland Hospital", _kin("wife"))},
    ),
    ("I don't work at Target so I can't get you a discount", set()),
    # an old workplace named, then left as "there"
    ("my old boss at Fonterra, I left there years ago", {ended("works_at", "Fonterra")}),
    ("my old boss at Fonterra was a nightmare", set()),
    ("we went to Nando's and left there at nine", set()),
]


@pytest.mark.parametrize(("text", "expected"), JOBS, ids=[t for t, _ in JOBS])
def test_round25_en_a_jobs(text: str, expected: set[Fact]) -> None:
    assert {f for f in facts_of(extract(text)) if f[1] in ("works_at", "job_title")} == expected


def test_round25_en_a_job_end_dated_by_the_quit_beside_it() -> None:
    (fact,) = extract("I don't work at Aldi anymore, quit in September").facts
    assert (fact.value, fact.valid_to and fact.valid_to.date().isoformat()) == ("Aldi", "2026-09-01")
    (fact,) = extract("I'm no longer with Arup. Resigned last month.").facts
    assert (fact.value, fact.valid_to and fact.valid_to.date().isoformat()) == ("Arup", "2026-10-01")


def test_round25_en_a_last_shift_dated_by_its_day() -> None:
    (fact,) = extract("yesterday was my last shift at Costco").facts
    assert fact.valid_to is not None and fact.valid_to.date().isoformat() == "2026-11-17"


def test_round25_en_a_promoted_title_without_its_date() -> None:
    facts = facts_of(extract("got bumped up to shift supervisor three weeks ago, same company, still Aldi"))
    assert facts == {state("job_title", "shift supervisor"), state("works_at", "Aldi")}


HOMES: list[tuple[str, set[Fact]]] = [
    # the old home set aside after the new one
    ("oh and I'm in Tucson these days, not Phoenix", {state("lives_in", "Tucson")}),
    ("my sister's in Lyon these days, not Paris anymore", {state("lives_in", "Lyon", _kin("sister"))}),
    ("I'm not in Lyon these days, not really", set()),
    # moving in with a partner, in chat's short forms
    (
        "fyi moved in w/ my bf in Wellington last week",
        {state("lives_in", "Wellington"), state("lives_in", "Wellington", _kin("boyfriend"))},
    ),
    # a relative's long stay in the place named before
    (
        "flying out to see my dad in Hobart soon, he's been down there for decades",
        {state("lives_in", "Hobart", _kin("father"))},
    ),
    ("my aunt in Perth, she's lived there since 1990", {state("lives_in", "Perth", _kin("aunt"))}),
    ("visiting my dad in Hobart, he's been out there since Monday", set()),
    ("my cousin's in Cairns, he hasn't been there for years", set()),
]


@pytest.mark.parametrize(("text", "expected"), HOMES, ids=[t for t, _ in HOMES])
def test_round25_en_a_homes(text: str, expected: set[Fact]) -> None:
    assert {f for f in facts_of(extract(text)) if f[1] == "lives_in"} == expected


def test_round25_en_a_move_in_dated() -> None:
    facts = [f for f in extract("btw moved in w my gf in Tacoma two days ago").facts if f.subject == ME]
    assert [(f.value, f.valid_from and f.valid_from.date().isoformat()) for f in facts] == [("Tacoma", "2026-11-16")]


ADDRESSES: list[tuple[str, set[Fact]]] = [
    # a home named by its kind, then its address
    (
        "my son's dorm is Room 12, Hall B, Keele University, Staffordshire ST5 5BG - he needs his coat",
        {state("address", "Room 12, Hall B, Keele University, Staffordshire ST5 5BG", _kin("son"))},
    ),
    ("my flat is 7 Quarry Lane, Hebden Bridge HX7 8AB", {state("address", "7 Quarry Lane, Hebden Bridge HX7 8AB")}),
    ("my flat is 2 minutes from the station", set()),
    ("my mum's place is 10, 12 or 14 minutes away", set()),
]


@pytest.mark.parametrize(("text", "expected"), ADDRESSES, ids=[t for t, _ in ADDRESSES])
def test_round25_en_a_addresses(text: str, expected: set[Fact]) -> None:
    assert {f for f in facts_of(extract(text)) if f[1] == "address"} == expected
