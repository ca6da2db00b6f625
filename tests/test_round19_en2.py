"""Round 19, English preferences: the classes of phrasing added for the preference misses of dev5, heldout10,
heldout12 and heldout17 (third parties' wishes, channels refused and moved to, languages named alone, carriers named
alone, settings changed, coded layouts, a theme kept on).

Every sentence here is written for this file (none is taken from a bench set); each class has
look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u19b"

TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off


def _prefs(text: str) -> set[Fact]:
    """The facts of ``text`` other than names (a relative's name is the name rules' business)."""
    return {f for f in facts_of(extract(text)) if f[1] != "name"}


PREFERENCES: list[tuple[str, set[Fact]]] = [
    # someone else's standing wish, told as theirs: by relation, or by a pronoun after one
    (
        "my mum rang again — she wants the light theme on her login by default",
        {state("preferred_theme", "light", f"{ME}:mother")},
    ),
    ("my wife Aiko always pays with Google Pay", {state("preferred_payment_method", "Google Pay", f"{ME}:wife")}),
    (
        "my son is staying with us and he'd like texts rather than calls",
        {state("preferred_notification_channel", "SMS", f"{ME}:son")},
    ),
    (
        "my boss wants the weekly report in layout B from now on",
        {state("preferred_report_format", "layout B", f"{ME}:boss")},
    ),
    ("she wants the dark theme by default", set()),  # nobody named for "she"
    ("My colleague pays with Amex.", set()),
    ("my dad never pays with PayPal", set()),
    # a channel: the verb's own, the other refused; the speaker moved onto one; one wanted over another
    ("Email me, don't text, my phone is on silent all day", {state("preferred_notification_channel", "email")}),
    (
        "text me on +44 7700 900123 from now on, not email",
        {state("preferred_notification_channel", "SMS"), state("phone", "+447700900123")},
    ),
    ("I want emails rather than texts", {state("preferred_notification_channel", "email")}),
    ("switch me over to WhatsApp for reminders", {state("preferred_notification_channel", "WhatsApp")}),
    (
        "cancel the SMS alerts and move me to email for updates",
        {state("preferred_notification_channel", "email")},
    ),
    ("Don't email me, not ever", set()),
    ("text me, not now", set()),
    ("put me on hold for a sec", set()),
    ("no alerts by email please", set()),
    # a stretch of days is a one-off
    ("for the next couple of days ring me instead of texting", {one_off("preferred_notification_channel", "phone")}),
    # a language named alone, or for everything, or as the default
    ("today German please", {one_off("preferred_language", "de")}),
    ("I want everything in Japanese", {state("preferred_language", "ja")}),
    ("Korean from now on please", {state("preferred_language", "ko")}),
    ("let's set French as my default language", {state("preferred_language", "fr")}),
    ("could we switch to Spanish just this once?", {one_off("preferred_language", "es")}),
    ("my English is okay", set()),
    ("Is English fine?", set()),
    ("can we meet tomorrow?", set()),
    ("reply in French, I prefer français", {state("preferred_language", "fr")}),
    # a carrier named alone with its scope; sending kept going by a carrier
    ("UPS from now on, FedEx keeps losing things", {state("preferred_shipping_carrier", "UPS")}),
    ("Evri please, not Yodel, going forward", {state("preferred_shipping_carrier", "Evri")}),
    ("just keep shipping my stuff with Royal Mail", {state("preferred_shipping_carrier", "Royal Mail")}),
    ("CourierPost by default please", {state("preferred_shipping_carrier", "CourierPost")}),
    ("I keep sending stuff by DHL and it gets lost", set()),
    ("DHL please?", set()),
    ("Keep sending me updates.", set()),
    # a card named by its end
    ("charge the Mastercard ending 0091 by default", {state("preferred_payment_method", "Mastercard")}),
    # a setting changed: the export format; a document's standing form asked for in a question
    ("set my download format to CSV", {state("preferred_export_format", "CSV")}),
    ("switch the export type to PDF", {state("preferred_export_format", "PDF")}),
    ("the export format is broken", set()),
    (
        "could the weekly report default to the short version going forward?",
        {state("preferred_report_format", "short version")},
    ),
    ("just this once can I have the export as CSV?", {one_off("preferred_export_format", "CSV")}),
    ("can I have a refund?", set()),
    # a code, then the kind of form
    ("from now on the monthly report should be the C layout", {state("preferred_report_format", "C layout")}),
    ("the A version of the report had typos", set()),
    # a theme kept on
    ("I keep light mode on all day", {state("preferred_theme", "light")}),
    ("dark mode on my tablet looks broken", set()),
    ("I don't have dark mode on", set()),
]


@pytest.mark.parametrize(("text", "expected"), PREFERENCES, ids=[t for t, _ in PREFERENCES])
def test_round19_en2_preferences(text: str, expected: set[Fact]) -> None:
    assert _prefs(text) == expected


def test_round19_en2_theme_on_since_a_year_is_dated() -> None:
    (fact,) = extract("I've had light theme on since 2023, it's easier on my eyes").facts
    assert (fact.predicate, fact.value, fact.valid_from) == (
        "preferred_theme",
        "light",
        datetime(2023, 1, 1, tzinfo=fact.valid_from.tzinfo if fact.valid_from else None),
    )
