"""Round 31, English: the classes of phrasing behind the misses of the twenty-seventh held-out set.

"last Monday" after "for good" (the greeting guard looks at a bare day only), a premise told before ", so …?", a
trade named by another's setting ("a vet nurse"), a job begun "with" an employer or a campus placement, drivers named
by the vehicles they drive for a firm, others' wrong beliefs about the speaker ("people keep assuming I live in …"),
a dash left before a question after an address, a move with its subject dropped dating the new address, a bare
relative after a sentence's opening word, a spaced dash ending a condition, the dropped agreement of "keep" in a
device's fault and a fault retried on another device. Every sentence is written for this file (none is taken from a
bench set); each class has look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import FactTable, facts_of
from palimpsest.write.timeexpr import find_times

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u31"

TABLE = FactTable(ME, AT)
extract = TABLE.extract

Triple = tuple[str, str, str]


def _kin(relation: str) -> str:
    return f"{ME}:{relation}"


def _triples(text: str, *predicates: str) -> set[Triple]:
    return {f[:3] for f in facts_of(extract(text)) if f[1] in predicates}


def _ended(text: str, predicate: str) -> set[str]:
    return {f[2] for f in facts_of(extract(text)) if f[1] == predicate and f[4]}


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("my laptop gave up for good last Monday", "last Monday"),
        ("the shop closed for good last Friday", "last Friday"),
        ("have a good Friday!", None),
        ("good Monday everyone", None),
    ],
)
def test_round31_en_weekday_after_good(text: str, said: str | None) -> None:
    got = [m.text for m in find_times(text, AT)]
    assert got == ([said] if said else [])


JOBS: list[tuple[str, set[Triple]]] = [
    # a premise told before a consequence asked with "so"
    ("I left Unilever on Friday, so my work account should be closed I guess?", {(ME, "works_at", "Unilever")}),
    ("I quit Tesco last week, so what happens to my staff discount?", {(ME, "works_at", "Tesco")}),
    ("did I leave Unilever, so the account closed?", set()),
    ("if I left Unilever, so would my discount end?", set()),
    # a trade named by another's setting
    ("been a vet nurse for nine years", {(ME, "job_title", "vet nurse")}),
    (
        "my partner works as a vet receptionist at Greencross",
        {(_kin("partner"), "job_title", "vet receptionist"), (_kin("partner"), "works_at", "Greencross")},
    ),
    ("I'm a vet in Nelson", {(ME, "job_title", "vet")}),
    # a job begun "with" an employer, a campus placement
    (
        "my sister just started work with Zenith Bank as a teller",
        {(_kin("sister"), "works_at", "Zenith Bank"), (_kin("sister"), "job_title", "teller")},
    ),
    (
        "son got placed in Wipro as trainee engineer",
        {(_kin("son"), "works_at", "Wipro"), (_kin("son"), "job_title", "trainee engineer")},
    ),
    ("if my son got placed in Wipro as a trainee we would be happy", set()),
    ("was my sister placed in TCS as a tester?", set()),
    # drivers named by the vehicles they drive for a firm
    (
        "I drive buses for Go North East so I'm out most days",
        {(ME, "works_at", "Go North East"), (ME, "job_title", "bus driver")},
    ),
    (
        "my uncle drives lorries for Eddie Stobart",
        {(_kin("uncle"), "works_at", "Eddie Stobart"), (_kin("uncle"), "job_title", "lorry driver")},
    ),
    ("I don't drive trucks for Mainfreight", set()),
    ("do you drive vans for DPD?", set()),
    ("I drive trucks", set()),
    # a spaced dash ends a condition; the news after it is told
    (
        "ring 027 555 1234 if nobody answers the door - I deliver for NZ Post so I'm out a lot",
        {(ME, "works_at", "NZ Post")},
    ),
    ("if I get the job - I might work at NZ Post", set()),
]


@pytest.mark.parametrize(("text", "expected"), JOBS)
def test_round31_en_jobs(text: str, expected: set[Triple]) -> None:
    assert _triples(text, "works_at", "job_title") == expected


def test_round31_en_premise_before_so_question_is_an_ending() -> None:
    assert _ended("I left Unilever on Friday, so my work account should be closed I guess?", "works_at") == {"Unilever"}


HOMES: list[tuple[str, set[Triple]]] = [
    # others' wrong beliefs about the speaker
    ("my friends keep assuming I live in Leeds because of my accent", set()),
    ("everyone is always thinking I'm in Cardiff but no", set()),
    ("the courier thinks I live in York but I actually live in Hull", {(ME, "lives_in", "Hull")}),
    # a bare relative after a sentence's opening word
    (
        "We moved to Pune in June. Also son got placed in Infosys as analyst.",
        {(ME, "lives_in", "Pune"), (_kin("son"), "works_at", "Infosys"), (_kin("son"), "job_title", "analyst")},
    ),
]


@pytest.mark.parametrize(("text", "expected"), HOMES)
def test_round31_en_homes(text: str, expected: set[Triple]) -> None:
    assert _triples(text, "lives_in", "works_at", "job_title") == expected


ADDRESSES: list[tuple[str, set[Triple]]] = [
    # a dash left before a question after the address
    (
        "new address is 22 Grove Road, Leeds LS6 2AB - can you check it's saved?",
        {(ME, "address", "22 Grove Road, Leeds LS6 2AB")},
    ),
    (
        "Moved house on Saturday, new address is 9 Elm Close, Bath BA2 3QT - is that on file now?",
        {(ME, "address", "9 Elm Close, Bath BA2 3QT")},
    ),
]


@pytest.mark.parametrize(("text", "expected"), ADDRESSES)
def test_round31_en_addresses(text: str, expected: set[Triple]) -> None:
    assert _triples(text, "address") == expected


def test_round31_en_dropped_subject_move_dates_the_address() -> None:
    facts = extract("Moved house on Saturday, new address is 9 Elm Close, Bath BA2 3QT - is that on file now?").facts
    (address,) = [f for f in facts if f.predicate == "address"]
    assert address.valid_from is not None and address.valid_from.date().isoformat() == "2026-11-14"


DEVICES: list[tuple[str, set[Triple]]] = [
    # "keep" without its agreement
    ("my Galaxy S23 keep restarting lah", {(ME, "owns_device", "Galaxy S23")}),
    ("does my Pixel 8 keep restarting?", set()),
    # a fault retried on another device
    ("the app logs me out, tried it on my iPad Air too, same problem", {(ME, "owns_device", "iPad Air")}),
    ("then I try on my Pixel 8 also same thing", {(ME, "owns_device", "Pixel 8")}),
    ("should I try on my iPad Air?", set()),
    ("I haven't tried it on my iPad Air yet", set()),
    ("if I try on my Pixel 8 will it work", set()),
]


@pytest.mark.parametrize(("text", "expected"), DEVICES)
def test_round31_en_devices(text: str, expected: set[Triple]) -> None:
    assert _triples(text, "owns_device") == expected


NAMES: list[tuple[str, set[Triple]]] = [
    # the relative named as the owner of what was told, then "his name's …"
    (
        "hubby's number is 0400 123 456 if I'm not in, his name's Dave",
        {(_kin("husband"), "phone", "0400123456"), (_kin("husband"), "name", "Dave")},
    ),
    (
        "my mum's mobile is 0400 123 456, her name is Ruth",
        {(_kin("mother"), "phone", "0400123456"), (_kin("mother"), "name", "Ruth")},
    ),
    ("my dad's mobile is 0400 123 456, her name is Ruth", {(_kin("father"), "phone", "0400123456")}),
    ("my sister's and my brother's phones are off, his name is Tom", set()),
    # the speaker away: the rest of the sentence holds
    ("if I'm not home, my son's name is Leo and he can sign", {(_kin("son"), "name", "Leo")}),
    ("if I'm a member, my discount is 10%", set()),
]


@pytest.mark.parametrize(("text", "expected"), NAMES)
def test_round31_en_names(text: str, expected: set[Triple]) -> None:
    assert _triples(text, "phone", "name") == expected
