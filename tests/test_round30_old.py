"""Round 30, English, the older sets' leftovers: the classes of phrasing behind them.

An island lived "on" without the word "Island"; a home said by the name of its people ("officially a Londoner"); a
stay of "a couple of years"; a relative moved in with another whose home the turn tells (the move dates the mover's
home, not the host's); the name of one's accountant, lawyer or physio told beside the role; the title of one who
lectures or teaches a field; an employer left "after N years at" it; a standing "never …" told after its reason
("… so please never ring the bell"); a move's time kept from a job begun in a clause joined by "and"; a relative named
bare as the turn opens, taken back by "she"/"he". Every sentence is written for this file (none is taken from a bench
set); each class has look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u30o"

TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off


def _kin(relation: str) -> str:
    return f"{ME}:{relation}"


def _facts(text: str, *predicates: str) -> set[Fact]:
    return {f for f in facts_of(extract(text)) if f[1] in predicates}


def _starts(text: str, predicate: str, subject: str = ME) -> dict[str, date | None]:
    return {
        f.value: (f.valid_from.date() if f.valid_from else None)
        for f in extract(text).facts
        if f.predicate == predicate and f.subject == subject
    }


HOMES: list[tuple[str, set[Fact]]] = [
    # an island lived on, named without "Island" (the particles of its name kept as said)
    ("we live on Rarotonga these days, the reef is right there", {state("lives_in", "Rarotonga")}),
    ("born in Porto but i live on São Jorge now", {state("lives_in", "São Jorge")}),
    ("my parents live on Tasmania's east coast", set()),
    ("my parents live on Rottnest", {state("lives_in", "Rottnest", _kin("parents"))}),
    ("i'm living on Ilha do Mel since the summer", {state("lives_in", "Ilha do Mel")}),
    # a home said by the name of its people, told as new
    ("as of Monday I'm officially a Capetonian, boxes everywhere", {state("lives_in", "Cape Town")}),
    ("we're Aucklanders now!!", {state("lives_in", "Auckland")}),
    ("finally a Brooklynite now, the lease is signed", set()),
    ("I'm officially a Brooklynite now", {state("lives_in", "Brooklyn")}),
    # a long stay said as "a couple of years"
    ("been in Daejeon a couple of years now, love it", {state("lives_in", "Daejeon")}),
    ("been in Leeds a couple years, the flat's tiny", {state("lives_in", "Leeds")}),
]

HOMES_SILENT: list[str] = [
    # a street, a feed one goes live on, an income, the past, a question, a wish
    "I live on Juniper Street, the blue door",
    "we're live on Twitch every Friday night",
    "we live on Social Security since dad retired",
    "I lived on Crete for a summer once",
    "do you live on Rarotonga?",
    "if I lived on Rarotonga I'd dive every day",
    "I don't live on Rarotonga",
    # a people's name without anything new about it, denied, asked, or a faith
    "I'm a proud Glaswegian, born and bred",
    "I'm not a Londoner, just visiting",
    "am I a Brooklynite now?",
    "I'm now a Mennonite",
    # a short stay
    "been in Lisbon a couple of days for work",
]


@pytest.mark.parametrize(("text", "facts"), HOMES, ids=[t for t, _ in HOMES])
def test_round30_old_homes(text: str, facts: set[Fact]) -> None:
    assert _facts(text, "lives_in") == facts


@pytest.mark.parametrize("text", HOMES_SILENT)
def test_round30_old_homes_silent(text: str) -> None:
    assert _facts(text, "lives_in") == set()


def test_round30_old_island_dated_by_the_move() -> None:
    starts = _starts("i live on Ilha Grande now, came over three weeks ago for work", "lives_in")
    assert starts == {"Ilha Grande": date(2026, 10, 28)}


def test_round30_old_people_name_dated() -> None:
    assert _starts("since last week I'm officially a Melburnian", "lives_in") == {"Melbourne": date(2026, 11, 9)}


# A relative moved in with another whose home is told: the mover's home is there from the move; the host's is not
# dated by it.
def test_round30_old_moved_in_with_her() -> None:
    text = "my aunt lives in Ballarat, and my cousin Theo moved in with her last week"
    assert _starts(text, "lives_in", _kin("cousin")) == {"Ballarat": date(2026, 11, 9)}
    assert _starts(text, "lives_in", _kin("aunt")) == {"Ballarat": None}


def test_round30_old_moved_in_with_named_host() -> None:
    text = "my sister is based in Nelson; my nephew has moved in with my sister"
    assert state("lives_in", "Nelson", _kin("nephew")) in _facts(text, "lives_in")


@pytest.mark.parametrize(
    "text",
    [
        "my aunt lives in Ballarat, my cousin never moved in with her",
        "my aunt lives in Ballarat and if my cousin moved in with her it would be chaos",
        "my cousin moved in with her boyfriend last week",
    ],
)
def test_round30_old_moved_in_with_silent(text: str) -> None:
    assert not any(f[0] == _kin("cousin") for f in _facts(text, "lives_in"))


NAMES: list[tuple[str, set[Fact]]] = [
    ("My lawyer Ingrid always wants the originals, so post them", {state("name", "Ingrid", _kin("lawyer"))}),
    ("my physio Tamsin says no running for a month", {state("name", "Tamsin", _kin("physio"))}),
    ("my accountant Rafael Duarte will call about the invoices", {state("name", "Rafael Duarte", _kin("accountant"))}),
    # a title before the name, a question, a role alone
    ("my dentist Dr Moreau said to floss", set()),
    ("is my lawyer Ingrid on the thread?", set()),
    ("send it to my accountant, she needs it by Friday", set()),
]


@pytest.mark.parametrize(("text", "facts"), NAMES, ids=[t for t, _ in NAMES])
def test_round30_old_service_names(text: str, facts: set[Fact]) -> None:
    assert _facts(text, "name") == facts


TITLES: list[tuple[str, set[Fact]]] = [
    ("I lecture in geology at Otago", {state("job_title", "geology lecturer")}),
    ("my husband lectures in law", {state("job_title", "law lecturer", _kin("husband"))}),
    ("I teach chemistry, have done for ten years", {state("job_title", "chemistry teacher")}),
    ("my sister teaches secondary maths now", {state("job_title", "maths teacher", _kin("sister"))}),
    # a bare relative as the turn opens, taken back by "she"
    (
        "daughter just started at Lincoln Uni, she lectures in botany",
        {state("job_title", "botany lecturer", _kin("daughter"))},
    ),
    # a hobby, a question, a negation, the past, a wish, one's own children
    ("my mum teaches piano on Sundays", set()),
    ("do you teach maths?", set()),
    ("I don't teach history anymore", set()),
    ("she used to teach English", set()),
    ("I'd teach physics if they paid more", set()),
    ("I teach my kids maths at home", set()),
]


@pytest.mark.parametrize(("text", "facts"), TITLES, ids=[t for t, _ in TITLES])
def test_round30_old_field_titles(text: str, facts: set[Fact]) -> None:
    assert _facts(text, "job_title") == facts


LEFT: list[tuple[str, set[Fact]]] = [
    ("after nine years at Rio Tinto I finally quit", {ended("works_at", "Rio Tinto")}),
    ("After six years at Accenture, I've finally resigned", {ended("works_at", "Accenture")}),
    ("after a couple of years with Ocado I handed in my notice", {ended("works_at", "Ocado")}),
    # a stretch there that ends nothing, a question, a supposition
    ("after five years at Ocado I'm still learning", set()),
    ("if after two years at Ocado I quit, do I lose the discount?", set()),
    ("after two weeks at Ocado I was exhausted", set()),
]


@pytest.mark.parametrize(("text", "facts"), LEFT, ids=[t for t, _ in LEFT])
def test_round30_old_left_after_years(text: str, facts: set[Fact]) -> None:
    assert _facts(text, "works_at") == facts


def test_round30_old_left_after_years_keeps_its_own_time() -> None:
    text = "after ten years at Rio Tinto I quit, took a break, and as of last week I'm a barista"
    (left,) = [f for f in extract(text).facts if f.predicate == "works_at"]
    assert left.valid_to is not None and left.valid_to.date() == AT.date()


# A standing "never …" told after its reason.
@pytest.mark.parametrize(
    ("text", "value"),
    [
        (
            "the dog goes mad so please never knock on the door, just leave parcels in the porch",
            "never knock on the door",
        ),
        ("my son sleeps days, so never ring the bell", "never ring the bell"),
    ],
)
def test_round30_old_never_after_reason(text: str, value: str) -> None:
    assert state("preference", value) in _facts(text, "preference")


@pytest.mark.parametrize("text", ["the dog barks so never mind", "if the baby sleeps so never ring"])
def test_round30_old_never_after_reason_silent(text: str) -> None:
    assert _facts(text, "preference") == set()


# A move's time, said before "and" and a job begun, is the move's alone; a time after both verbs is both's.
def test_round30_old_move_time_not_the_jobs() -> None:
    text = "Moved to Darwin last month and started at Inpex as a surveyor"
    assert _starts(text, "lives_in") == {"Darwin": date(2026, 10, 1)}
    assert _starts(text, "works_at") == {"Inpex": None}
    assert _starts(text, "job_title") == {"surveyor": None}


def test_round30_old_time_after_both_verbs() -> None:
    text = "I left Woolworths and joined Coles three weeks ago"
    assert _starts(text, "works_at") == {"Woolworths": None, "Coles": date(2026, 10, 28)}
