"""Round 10, English: the classes of phrasing added after the fifth development set.

Every sentence here is written for this file (none is taken from a bench set); each class has
look-alikes that must stay silent or keep their facts: fiction, other people's words, plans.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 9, 16, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u10"

TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off


NOT_THE_SPEAKERS: list[tuple[str, set[Fact]]] = [
    # fiction the speaker commissions or tells: its people are made up
    ("Write me a movie script where Ruth, a languages teacher, lives in Paris.", set()),
    ("Could you draft a short story in which a nurse named Ines works at a hospital in Oslo?", set()),
    ("In my novel the heroine moves to Lisbon and works at a bakery.", set()),
    ("I'm writing a screenplay: the main character, Tom, is a pilot at Delta.", set()),
    ("Make up a bedtime story about a girl who owns an iPad and lives in Rome.", set()),
    # ... while the speaker's own sentence around it still holds
    ("I live in Paris. Write me a poem about it.", {state("lives_in", "Paris")}),
    ("I'm writing my character reference letter, I work at Tesco.", {state("works_at", "Tesco")}),
    ("Tell me the story of my order, I live in Leeds.", {state("lives_in", "Leeds")}),
    ("What's the character limit for names? My name is Joan Park.", {state("name", "Joan Park")}),
    # someone else quoted, pointed at rather than named
    ("In that commercial the guy goes 'my name is Brad and I live in Malibu', so cheesy.", set()),
    ('The driver was like "I only work for Evri", no idea why.', set()),
    ("My brother keeps saying 'I live at the gym'.", set()),
    ("My name is Brad and I live in Malibu.", {state("name", "Brad"), state("lives_in", "Malibu")}),
]


@pytest.mark.parametrize(("text", "expected"), NOT_THE_SPEAKERS, ids=[t for t, _ in NOT_THE_SPEAKERS])
def test_round10_en_not_the_speakers(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


RELATIVES_NAMED: list[tuple[str, set[Fact]]] = [
    # a taste, a habit or a title told of a relative named after the relation
    (
        "My husband Omar prefers texts for the delivery updates.",
        {state("name", "Omar", f"{ME}:husband"), state("preferred_notification_channel", "SMS", f"{ME}:husband")},
    ),
    (
        "My daughter Ines only reads Portuguese.",
        {state("name", "Ines", f"{ME}:daughter"), state("preferred_language", "Portuguese", f"{ME}:daughter")},
    ),
    # (a relative's own way of paying is theirs, as dev5 labels it; round 19. Someone outside the household
    # ("My boss pays with Amex") stays silent)
    (
        "My wife Nadia pays with PayPal, in case that matters.",
        {state("name", "Nadia", f"{ME}:wife"), state("preferred_payment_method", "PayPal", f"{ME}:wife")},
    ),
    ("My mum always pays by Apple Pay.", {state("preferred_payment_method", "Apple Pay", f"{ME}:mother")}),
    (
        "My brother Kofi's a paramedic at St Thomas.",
        {
            state("name", "Kofi", f"{ME}:brother"),
            state("job_title", "paramedic", f"{ME}:brother"),
            state("works_at", "St Thomas", f"{ME}:brother"),
        },
    ),
    # a maybe said of what the relative will do next leaves what they are alone
    (
        "My son Abel is a chef at Dishoom, he might ring about the order.",
        {
            state("name", "Abel", f"{ME}:son"),
            state("job_title", "chef", f"{ME}:son"),
            state("works_at", "Dishoom", f"{ME}:son"),
        },
    ),
    ("If my son gets the job at Dishoom, he'll move to Leeds.", set()),
    ("My son might be a chef at Dishoom, he'll know soon.", set()),
    ("My mum never pays by PayPal.", set()),
    ("My boss pays with Amex.", set()),
    ("My son Leo doesn't like the dark theme.", set()),
]


@pytest.mark.parametrize(("text", "expected"), RELATIVES_NAMED, ids=[t for t, _ in RELATIVES_NAMED])
def test_round10_en_relatives_named(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


SMALL_CLASSES: list[tuple[str, set[Fact]]] = [
    # the address word misspelt
    (
        "Please update my shipping adress to 7 Larch Road, Hull HU5 2AB.",
        {state("address", "7 Larch Road, Hull HU5 2AB")},
    ),
    # a remark after a dash is no part of the address
    (
        "my home address is 41 Birch Avenue, Leeds LS6 3DT - the old one is still on my invoices",
        {state("address", "41 Birch Avenue, Leeds LS6 3DT")},
    ),
    # an employer written with a plus
    ("I work at Procter+Gamble now.", {state("works_at", "Procter+Gamble")}),
    # a how-to about one's own device says one has it
    ("how do i sync my Garmin Venu 3 with the app?", {state("owns_device", "Garmin Venu 3")}),
    ("How can I factory reset my Kindle Paperwhite?", {state("owns_device", "Kindle Paperwhite")}),
    ("How do I reset a Kindle Paperwhite?", set()),
    ("How do I set up my dad's iPad Air?", set()),
    ("How would I reset my Pixel 8 if I had one?", set()),
    ("Should I buy a Garmin Venu 3?", set()),
]


@pytest.mark.parametrize(("text", "expected"), SMALL_CLASSES, ids=[t for t, _ in SMALL_CLASSES])
def test_round10_en_small_classes(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


LONG_TURNS: list[tuple[str, set[Fact]]] = [
    # a family name with lower-case particles, said first in a long turn
    (
        "Quick one: I'm Joost van Dijk, I moved to Utrecht, and my new number is 06 2231 9087.",
        {state("name", "Joost van Dijk"), state("lives_in", "Utrecht"), state("phone", "0622319087")},
    ),
    ("My name is Ana dos Santos.", {state("name", "Ana dos Santos")}),
    ("I'm Joost van Dijk's brother.", set()),
    # "notifs" for notifications
    ("notifs via Telegram please", {state("preferred_notification_channel", "Telegram")}),
]


@pytest.mark.parametrize(("text", "expected"), LONG_TURNS, ids=[t for t, _ in LONG_TURNS])
def test_round10_en_long_turns(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


def test_round10_en_dutch_mobile() -> None:
    from palimpsest.write.identifiers import find_identifiers

    assert [(i.kind, i.value) for i in find_identifiers("bel me op 06 48 12 77 30")] == [("phone", "0648127730")]
    assert [(i.kind, i.value) for i in find_identifiers("my number is 06-48127730")] == [("phone", "0648127730")]
    assert find_identifiers("invoice 2024 06 4812") == []
