"""Round 7, English: the classes of phrasing added after the seventh blind set.

Every sentence here is written for this file (none is taken from a bench set); each class has
look-alikes that must stay silent: questions, plans, negations, other people's words.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 5, 13, 10, 0, tzinfo=UTC)  # a Wednesday
YESTERDAY = datetime(2026, 5, 12, tzinfo=UTC)
ME = "u7"

TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off


VOCABULARY: list[tuple[str, set[Fact]]] = [
    # national posts and parcel firms beyond the big four
    ("Please always ship my orders with Purolator.", {state("preferred_shipping_carrier", "Purolator")}),
    ("I switched to Evri for all my parcels.", {state("preferred_shipping_carrier", "Evri")}),
    ("Use PostNL for this delivery only.", {one_off("preferred_shipping_carrier", "PostNL")}),
    ("Is Purolator any good?", set()),
    ("Never ship with Parcelforce again.", set()),
    ('My neighbour keeps saying "always use Purolator", I\'m not convinced.', set()),
    ("Hermes is my favourite Greek god.", set()),
    # wallets, pay-later services and banks' cards
    ("Just this once I'll pay via Venmo.", {one_off("preferred_payment_method", "Venmo")}),
    ("I always pay with Klarna.", {state("preferred_payment_method", "Klarna")}),
    ("These days I pay with my Monzo card.", {state("preferred_payment_method", "Monzo")}),
    ("We switched over to Klarna for big purchases.", {state("preferred_payment_method", "Klarna")}),
    ("I switched to the Revolut app for budgeting.", set()),
    ("Can I pay with Zelle?", set()),
    # (a payment habit given up is the habit's ending, as heldout29 labels "I don't use PayPal anymore"; round 34)
    ("I don't pay with Klarna any more.", {ended("preferred_payment_method", "Klarna")}),
    # (a relative's own way of paying is theirs, as dev5 labels "My husband … pays with Apple Pay"; round 19)
    ("My brother pays with Venmo.", {state("preferred_payment_method", "Venmo", f"{ME}:brother")}),
]


@pytest.mark.parametrize(("text", "expected"), VOCABULARY, ids=[t for t, _ in VOCABULARY])
def test_round7_en_vocabulary(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


DOCUMENTS: list[tuple[str, set[Fact]]] = [
    # a recurring document named, then the style it should come in
    (
        "Going forward, send the monthly recap as the two-page version.",
        {state("preferred_report_format", "two-page version")},
    ),
    (
        "Always deliver my quarterly statement in the condensed layout.",
        {state("preferred_report_format", "condensed layout")},
    ),
    ("Could you send the digest as the short version?", set()),
    ("I never want the newsletter in the compact layout.", set()),
    ("Send the summary as a PDF version by default.", {state("preferred_export_format", "PDF")}),
    # a document asked for in a language, with a marker
    ("Just for today, send the invoice in Italian.", {one_off("preferred_language", "Italian")}),
    ("Always give me the statements in Dutch.", {state("preferred_language", "Dutch")}),
    ("Send the invoice in Italian.", set()),  # an errand: no marker
    ("Just for today, send the invoice in Italian to her.", set()),  # for someone else
]


@pytest.mark.parametrize(("text", "expected"), DOCUMENTS, ids=[t for t, _ in DOCUMENTS])
def test_round7_en_documents(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


RESIDENCE: list[tuple[str, set[Fact]]] = [
    # living somewhere said as who one is
    ("As of yesterday I'm officially a Galway resident.", {state("lives_in", "Galway")}),
    ("We're now residents of Tartu.", {state("lives_in", "Tartu")}),
    ("My brother is a Leeds resident.", {state("lives_in", "Leeds", f"{ME}:brother")}),
    ("I've been a Galway resident since 2019.", {state("lives_in", "Galway")}),
    ("I'm not a Galway resident.", set()),
    ("Am I a Galway resident for tax purposes?", set()),
    ("I'm an EU resident.", set()),
    # a person named with where one knows them from, or described between commas
    ("Oskar Lindgren from my team lives in Malmo.", {state("lives_in", "Malmo", "Oskar Lindgren")}),
    ("Mirela Popescu, the woman who runs our book club, lives in Cluj.", {state("lives_in", "Cluj", "Mirela Popescu")}),
    ("Oskar Lindgren from my team doesn't live in Malmo.", set()),
    # where the mover is now, after a move told
    (
        "My brother moved out of Graz last week, he's in Linz now.",
        {state("lives_in", "Linz", f"{ME}:brother")},
    ),
    ("I left Tromso for good, we're living in Bergen now.", {state("lives_in", "Bergen")}),
    ("My brother is in Linz now.", set()),  # no move told: a visit as likely as a home
    ("We moved the meeting, I'm in Linz now.", set()),
    # typed all in lower case
    ("fyi i live in tampere now, not oulu", {state("lives_in", "Tampere")}),
    ("honestly i live in hope that it arrives", set()),
    ("i don't live in oulu", set()),
]


@pytest.mark.parametrize(("text", "expected"), RESIDENCE, ids=[t for t, _ in RESIDENCE])
def test_round7_en_residence(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


def test_the_new_home_after_a_move_takes_the_move_date() -> None:
    (fact,) = extract("My brother moved out of Graz yesterday, he's in Linz now.").facts
    assert (fact.value, fact.valid_from) == ("Linz", YESTERDAY)
    (fact,) = extract("Yesterday I left Tromso for good. Bergen is home now.").facts
    assert (fact.value, fact.valid_from) == ("Bergen", YESTERDAY)


WORK: list[tuple[str, set[Fact]]] = [
    # where in the workplace, or when, between the verb and the employer
    (
        "Nowadays I work the tills at Lidl as a supervisor.",
        {state("works_at", "Lidl"), state("job_title", "supervisor")},
    ),
    ("My husband works nights at the Royal Infirmary.", {state("works_at", "Royal Infirmary", f"{ME}:husband")}),
    ("I don't work the tills at Lidl.", set()),
    ("Do you work weekends at Lidl?", set()),
    # the employer after a promotion's new title
    (
        "My son got promoted to shift manager at St. Clement's.",
        {state("job_title", "shift manager", f"{ME}:son"), state("works_at", "St. Clement's", f"{ME}:son")},
    ),
    ("I got promoted to team lead at Christmas.", {state("job_title", "team lead")}),
    ("I hope I get promoted to team lead at Ocado.", set()),
    # a person described between commas before the title
    (
        "Lena Fischer, the woman who interviewed me, is our new head of sales.",
        {state("job_title", "head of sales", "Lena Fischer")},
    ),
]


@pytest.mark.parametrize(("text", "expected"), WORK, ids=[t for t, _ in WORK])
def test_round7_en_work(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


DEVICES: list[tuple[str, set[Fact]]] = [
    # a device given up, with an unrelated negation later in the sentence
    ("Sold my Xbox Series X yesterday, never played it anyway.", {ended("owns_device", "Xbox Series X")}),
    ("I haven't sold my Xbox Series X, not yet.", set()),
    # the speaker's devices named without "my"
    (
        "Laptop's a MacBook Air, phone's a Galaxy S23.",
        {state("owns_device", "MacBook Air"), state("owns_device", "Galaxy S23")},
    ),
    ("Phone's a Pixel 7a these days.", {state("owns_device", "Pixel 7a")}),
    ("Phone's a Pixel 7a?", set()),
    ("Phone's not a Pixel 7a, it's older.", set()),
    ("His laptop is old, phone's a Galaxy S23.", set()),
    # what is left after one device went
    (
        "Gave away the old Kindle Oasis; it's only the Kobo Libra now.",
        {ended("owns_device", "Kindle Oasis"), state("owns_device", "Kobo Libra")},
    ),
    ("It's just the Kobo Libra now.", set()),  # nothing given up: which Kobo, whose?
    (
        "Gave my old Pixel 6 to my nephew; it's just the Pixel 9 now.",
        {
            ended("owns_device", "Pixel 6"),
            state("owns_device", "Pixel 9"),
            state("owns_device", "Pixel 6", f"{ME}:nephew"),
        },
    ),
    ("Gave the spare keys to my nephew; it's just the Pixel 9 now.", set()),
    (
        "My tablet's a Galaxy Tab S9 and phone's a Fairphone 5.",
        {state("owns_device", "Galaxy Tab S9"), state("owns_device", "Fairphone 5")},
    ),
    ("My phone's not a Fairphone 5.", set()),
    # typed all in lower case
    ("finally got an iphone 15 pro, loving it", {state("owns_device", "iPhone 15 Pro")}),
    ("i use a thinkpad x1 carbon for work", {state("owns_device", "ThinkPad X1 Carbon")}),
    ("got a pixel 8 for my dad", set()),
    ("should i get a pixel 8?", set()),
    ("i never got a pixel 8", set()),
    # an accessory for a device is not the device
    ("I got a Galaxy S23 case yesterday.", set()),
    ("got a pixel 8 charger", set()),
    ("My new Kindle Paperwhite cover arrived.", set()),
]


@pytest.mark.parametrize(("text", "expected"), DEVICES, ids=[t for t, _ in DEVICES])
def test_round7_en_devices(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


NAMES_AND_CONTACTS: list[tuple[str, set[Fact]]] = [
    # a name a group of people use for the speaker
    ("My students call me Kay.", {state("name", "Kay")}),
    ("The team calls me Rafa now.", {state("name", "Rafa")}),
    ("Everyone at work calls me Jo.", {state("name", "Jo")}),
    ("My team doesn't call me Rafa.", set()),
    ("Does the team call me Rafa?", set()),
    ("The team calls him Rafa.", set()),
    # a new family name, then the full name it makes
    ("Since the wedding my last name is Okafor: Ada Okafor.", {state("name", "Ada Okafor")}),
    ("My surname isn't Okafor: Ada Okafor is my cousin.", set()),
    # a relative's number given to reach them
    ("If you can't reach me, call my husband on 0413 777 204.", {state("phone", "0413777204", f"{ME}:husband")}),
    ("Text my daughter at 0413 777 204 about the pickup.", {state("phone", "0413777204", f"{ME}:daughter")}),
    ("If my husband calls you on 0413 777 204, ignore it.", set()),
    ("Don't call my husband on 0413 777 204.", set()),
    # a change asked for in texting shorthand
    ("can u update the phone on file to 0413 777 204 thx", {state("phone", "0413777204")}),
    ("cud you pls change my email to rafa.k@example.org", {state("email", "rafa.k@example.org")}),
    ("can u tell me the phone on file?", set()),
]


@pytest.mark.parametrize(("text", "expected"), NAMES_AND_CONTACTS, ids=[t for t, _ in NAMES_AND_CONTACTS])
def test_round7_en_names_and_contacts(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


def test_a_name_used_since_a_day_and_a_name_changed_by_a_wedding_are_dated() -> None:
    (fact,) = extract("Since yesterday my colleagues call me Bea.").facts
    assert (fact.value, fact.valid_from) == ("Bea", YESTERDAY)
    (fact,) = extract("Got married yesterday, so my surname is Moreau now: Bea Moreau.").facts
    assert (fact.value, fact.valid_from) == ("Bea Moreau", YESTERDAY)


PREFERENCES: list[tuple[str, set[Fact]]] = [
    # a standing limit on when things are planned for the speaker
    ("Never book meetings with me on Fridays.", {state("preference", "no meetings on Fridays")}),
    ("Please never schedule calls before 9am.", {state("preference", "no calls before 9am")}),
    (
        "Don't set up appointments for me after 6 pm, that's a standing rule.",
        {state("preference", "no appointments after 6pm")},
    ),
    ("Don't book meetings on Fridays.", set()),  # which Fridays? no marker
    ("Never book meetings with my boss on Fridays, she hates it.", set()),
    # the one channel the speaker heeds
    ("E-mails are the only messages I actually check.", {state("preferred_notification_channel", "email")}),
    ("WhatsApp messages are the only ones I read.", {state("preferred_notification_channel", "WhatsApp")}),
    ("Are texts the only notifications I get?", set()),
    ("Texts are the only notifications my dad reads.", set()),
]


@pytest.mark.parametrize(("text", "expected"), PREFERENCES, ids=[t for t, _ in PREFERENCES])
def test_round7_en_preferences(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


def test_a_habit_after_a_dated_switch_holds_from_the_switch() -> None:
    (fact,) = extract("Yesterday I switched banks and now pay with my Monzo card.").facts
    assert (fact.value, fact.valid_from) == ("Monzo", YESTERDAY)
    (fact,) = extract("Yesterday was fun, and now I always pay with my Monzo card.").facts
    assert fact.valid_from is None  # no change told: the habit is not dated by the day


INTENTS: list[tuple[str, set[str]]] = [
    # a change asked for in texting shorthand
    ("can u change the number on file to 0413 777 204 pls", {"modify_setting"}),
    ("cud u switch me to dark mode", {"modify_setting"}),
    # another person added to the account
    ("Please add my son as an additional user on the account.", {"modify_setting"}),
    ("As the owner I'd like you to set my wife up as a joint account holder.", {"modify_setting"}),
    ("My son is an additional user on the account.", set()),
]


@pytest.mark.parametrize(("text", "expected"), INTENTS, ids=[t for t, _ in INTENTS])
def test_round7_en_intents(text: str, expected: set[str]) -> None:
    assert {i.intent_type for i in extract(text).intents} == expected
