"""Round 21, English: the classes of phrasing added after the nineteenth held-out set.

Every sentence here is written for this file (none is taken from a bench set); each class has
look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u21"

TABLE = FactTable(ME, AT)
extract, state, ended = TABLE.extract, TABLE.state, TABLE.ended


CASES: list[tuple[str, set[Fact]]] = [
    # a place left, the new home said as "based in": a move, not an employer left
    ("we finally left Derby, I'm based in Galway now", {state("lives_in", "Galway")}),
    ("Left Cardiff in the spring, I'm based in Bristol these days", {state("lives_in", "Bristol")}),
    ("we left Perth at last, we're based out of Darwin now", {state("lives_in", "Darwin")}),
    ("I left Deloitte and I'm freelancing now", {ended("works_at", "Deloitte"), state("job_title", "freelancer")}),
    ("I left Accenture, now based in the Leeds office of KPMG", {ended("works_at", "Accenture")}),
    # an employer whose name ends in its lower-case kind: a service, a council, a hospital
    (
        "I'm a paramedic for the Waikato ambulance service",
        {state("job_title", "paramedic"), state("works_at", "Waikato ambulance service")},
    ),
    ("I work for Kent county council now", {state("works_at", "Kent county council")}),
    ("I work for the Accra city council", {state("works_at", "Accra city council")}),
    (
        "I'm a porter at the Hilo general hospital",
        {state("job_title", "porter"), state("works_at", "Hilo general hospital")},
    ),
    ("I work at Google service desk", {state("works_at", "Google")}),
    # hired by an employer AS a title: the role after the employer, any trade
    (
        "got hired by Pacific Cable as a lineman",
        {state("works_at", "Pacific Cable"), state("job_title", "lineman")},
    ),
    (
        "I was hired by Tonga Power as a meter reader",
        {state("works_at", "Tonga Power"), state("job_title", "meter reader")},
    ),
    (
        "got hired at Woolworths as a shelf stacker",
        {state("works_at", "Woolworths"), state("job_title", "shelf stacker")},
    ),
    (
        "I got hired by Nordic Rail as a conductor!",
        {state("works_at", "Nordic Rail"), state("job_title", "conductor")},
    ),
    ("got hired by Acme as a favour to my uncle", {state("works_at", "Acme")}),
    ("I haven't been hired by Acme as a tester", set()),
    ("if I got hired by Boots as a cashier I'd move", set()),
    # "new job" said with emoji or marks for the colon, "@" for "at"
    (
        "new job 🎉 junior accountant @ Harrods",
        {state("job_title", "junior accountant"), state("works_at", "Harrods")},
    ),
    (
        "new role 🙌 staff nurse at Waikato Hospital",
        {state("job_title", "staff nurse"), state("works_at", "Waikato Hospital")},
    ),
    (
        "New gig - line cook @ Nando's",
        {state("job_title", "line cook"), state("works_at", "Nando's")},
    ),
    (
        "new position, sales agent at Qantas",
        {state("job_title", "sales agent"), state("works_at", "Qantas")},
    ),
    ("new job at Google", set()),
    ("new job offer from Google, not sure yet", set()),
    ("new job, no more commute at all at Google", set()),
]


@pytest.mark.parametrize(("text", "expected"), CASES, ids=[t for t, _ in CASES])
def test_round21_en(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


START_DATED: list[tuple[str, str, date]] = [
    # the first day said after the new post dates it
    ("got hired by Pacific Cable as a lineman!! I start tomorrow", "works_at", date(2026, 11, 19)),
    ("new job 🎉 junior accountant @ Harrods, start date tmrw", "job_title", date(2026, 11, 19)),
    ("new role: analyst at Xero, first day is next Monday", "works_at", date(2026, 11, 23)),
    ("I was hired by Tonga Power as a meter reader, starting next Monday", "job_title", date(2026, 11, 23)),
]


@pytest.mark.parametrize(("text", "predicate", "day"), START_DATED, ids=[t for t, _, _ in START_DATED])
def test_round21_en_start_dates_the_post(text: str, predicate: str, day: date) -> None:
    found = [f for f in extract(text).facts if f.predicate == predicate]
    assert found and found[0].valid_from is not None
    assert found[0].valid_from.date() == day


HOME_ENDED: list[tuple[str, date | None]] = [
    # a home left, the next sentence telling how and when it ended
    ("Not in Leeds anymore. Lease ran out last month, staying with my folks.", date(2026, 10, 1)),
    ("I don't live in Cork anymore. We handed back the keys two weeks ago.", date(2026, 11, 4)),
    ("Not in Bath anymore! Moved out yesterday", date(2026, 11, 17)),
    ("no longer in Ely. gave up the flat last Monday, long story", date(2026, 11, 9)),
    # (a later time, or one that is not the home's end, dates nothing)
    ("Not in Hull anymore. Lease runs out next month for the new tenant.", None),
    ("Not in Perth anymore. Last month was wild.", None),
]


@pytest.mark.parametrize(("text", "day"), HOME_ENDED, ids=[t for t, _ in HOME_ENDED])
def test_round21_en_home_end_dated_by_the_next_sentence(text: str, day: date | None) -> None:
    found = [f for f in extract(text).facts if f.predicate == "lives_in"]
    assert len(found) == 1 and found[0].valid_from is None and found[0].valid_to is not None
    assert found[0].valid_to.date() == (day or AT.date())


MADE_RANK: list[tuple[str, set[Fact]]] = [
    # a rank reached, said with "made" and no article
    (
        "My wife just made partner at Hale & Dorr, champagne tonight",
        {state("job_title", "partner", f"{ME}:wife"), state("works_at", "Hale & Dorr", f"{ME}:wife")},
    ),
    ("I finally made sergeant!", {state("job_title", "sergeant")}),
    ("my brother made detective inspector last month", {state("job_title", "detective inspector", f"{ME}:brother")}),
    (
        "I just made senior partner at Clyde Baird",
        {state("job_title", "senior partner"), state("works_at", "Clyde Baird")},
    ),
    ("my son made captain of the rugby team", set()),
    ("I made dinner for the kids", set()),
    ("did you make partner yet?", set()),
    ("I never made partner at Linklaters", set()),
    ("if I made partner I'd buy a boat", set()),
]


@pytest.mark.parametrize(("text", "expected"), MADE_RANK, ids=[t for t, _ in MADE_RANK])
def test_round21_en_made_rank(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


DEVICE_FIELDS: list[tuple[str, set[Fact]]] = [
    # a device filled in as a form field
    ("Phone: Pixel 8. Tablet: none, I borrow my kid's.", {state("owns_device", "Pixel 8")}),
    ("laptop - ThinkPad X1 Carbon", {state("owns_device", "ThinkPad X1 Carbon")}),
    (
        "Tablet: iPad Air, phone: Galaxy S24",
        {state("owns_device", "iPad Air"), state("owns_device", "Galaxy S24")},
    ),
    ("Watch = Garmin Forerunner 265", {state("owns_device", "Garmin Forerunner 265")}),
    ("Phone: iPhone 16 or Pixel 9? which should I get", set()),
    ("phone: 0412 555 019", {state("phone", "0412555019")}),
]


@pytest.mark.parametrize(("text", "expected"), DEVICE_FIELDS, ids=[t for t, _ in DEVICE_FIELDS])
def test_round21_en_device_fields(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected
