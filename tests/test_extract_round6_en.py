"""Round 6, English: the classes of phrasing added after the fifth and sixth blind sets.

Every sentence here is written for this file (none is taken from a bench set); each class has
look-alikes that must stay silent: questions, plans, negations, other people's words.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from palimpsest.write.extract import RuleExtractor
from palimpsest.write.model import Extraction

AT = datetime(2026, 3, 11, 10, 0, tzinfo=UTC)  # a Wednesday
LAST_TUESDAY = datetime(2026, 3, 3, tzinfo=UTC)
LAST_WEEK = datetime(2026, 3, 2, tzinfo=UTC)
YESTERDAY = datetime(2026, 3, 10, tzinfo=UTC)
ME = "u1"

EXTRACTOR = RuleExtractor()


def extract(text: str) -> Extraction:
    return EXTRACTOR.extract(text, speaker_id=ME, at=AT, role="user")


# (subject, predicate, value, lasting, ended)
Fact = tuple[str, str, str, bool, bool]


def facts_of(extraction: Extraction) -> set[Fact]:
    return {(f.subject, f.predicate, f.value, f.lasting, f.valid_to is not None) for f in extraction.facts}


def state(predicate: str, value: str, subject: str = ME) -> Fact:
    return (subject, predicate, value, True, False)


def ended(predicate: str, value: str, subject: str = ME) -> Fact:
    return (subject, predicate, value, True, True)


def one_off(predicate: str, value: str) -> Fact:
    return (ME, predicate, value, False, False)


ENDINGS: list[tuple[str, set[Fact]]] = [
    # a residence ended, said of the place
    ("Krakow isn't home any more, I handed back the keys.", {ended("lives_in", "Krakow")}),
    ("Ghent is no longer our home.", {ended("lives_in", "Ghent")}),
    ("Krakow isn't home.", set()),
    ("Is Krakow not home any more?", set()),
    # an employer left, said as a state
    (
        "I'm not with Accenture any more, I freelance now.",
        {ended("works_at", "Accenture"), state("job_title", "freelancer")},
    ),
    ("I'm no longer at Siemens.", {ended("works_at", "Siemens")}),
    ("I'm not with Vodafone any more.", set()),  # a customer's word, no work said
    ("I'm not at Siemens today.", set()),
    ("I freelance for Vogue.", set()),
    # a device disposed of, said of the device
    ("My old Kindle Paperwhite found a new owner last Monday.", {ended("owns_device", "Kindle Paperwhite")}),
    ("The Pixel 7 was sold yesterday.", {ended("owns_device", "Pixel 7")}),
    ("Our Galaxy Tab went to a buyer from Vinted.", {ended("owns_device", "Galaxy Tab")}),
    ("The Pixel 7 wasn't sold yet.", set()),
    ("The iPhone 15 was sold out yesterday.", set()),
    ("Was the Pixel 7 sold?", set()),
    ("If my Pixel 7 gets sold I'll buy another.", set()),
    # a contact the speaker stops using
    ("Please stop using k.mori@hotmail.com, that account is closed.", {ended("email", "k.mori@hotmail.com")}),
    (
        "Stop using kate@old.example, use kate@new.example instead.",
        {ended("email", "kate@old.example"), state("email", "kate@new.example")},
    ),
    ("Please don't text me on 07700 900123 anymore.", {ended("phone", "07700900123")}),
    ("Don't email me at kate@old.example.", {ended("email", "kate@old.example")}),
    ("Should I stop using kate@old.example?", set()),
]

RELATIVES: list[tuple[str, set[Fact]]] = [
    # relation words: "our eldest boy", "my gran", renting a home
    (
        "Our youngest girl is at college now and rents a flat in Aberdeen.",
        {state("lives_in", "Aberdeen", f"{ME}:daughter")},
    ),
    ("My nan still lives in Sligo.", {state("lives_in", "Sligo", f"{ME}:grandmother")}),
    ("I'm renting a studio in Leith.", {state("lives_in", "Leith")}),
    ("I'm renting a car in Rome.", set()),
    # "she"/"he" point back to the one relative of that gender the turn names
    (
        "My nan loves jigsaws, and she still lives in Cork.",
        {state("lives_in", "Cork", f"{ME}:grandmother"), state("preference", "jigsaws", f"{ME}:grandmother")},
    ),
    ("My wife and I moved; she works at Aldi now.", {state("works_at", "Aldi", f"{ME}:wife")}),
    ("My sister met Anna, and she lives in Rome.", set()),
    ("She lives in Lyon.", set()),
    ("My brother called and she lives in Lyon.", set()),
]


@pytest.mark.parametrize(("text", "expected"), ENDINGS + RELATIVES, ids=[c[0][:50] for c in ENDINGS + RELATIVES])
def test_round6_en_facts(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


def test_an_ending_said_of_a_device_is_dated() -> None:
    (fact,) = extract("My old Kindle Paperwhite found a new owner last week.").facts
    assert fact.valid_to == LAST_WEEK


def test_a_transfer_dates_the_home_rented_there() -> None:
    (fact,) = extract("Last Tuesday I transferred to the Bergen office and I rent a flat there now.").facts
    assert (fact.predicate, fact.value, fact.valid_from) == ("lives_in", "Bergen", LAST_TUESDAY)
