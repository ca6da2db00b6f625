"""Round 30, English: the classes of phrasing behind the misses of the twenty-fourth to twenty-sixth held-out sets.

A delivery window judged ("… are best", "… won't work") with the household's reason, how the door is to be handled
when someone sleeps days, the keys taken to a home at its address, a device got to replace a dead one, the
Singapore "handphone", Hinglish numbers ("my new number hai …", "mera number … hai"), and an employer kept while an
offer or an interview elsewhere is weighed. Every sentence is written for this file (none is taken from a bench
set); each class has look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u30"

TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off


def _kin(relation: str) -> str:
    return f"{ME}:{relation}"


def _facts(text: str, *predicates: str) -> set[Fact]:
    return {f for f in facts_of(extract(text)) if f[1] in predicates}


PREFERENCES: list[tuple[str, set[Fact]]] = [
    # a delivery window judged, with a reason
    ("I bake overnight at the bakery so deliveries after 1pm are best", {state("preference", "deliveries after 1pm")}),
    ("we're out at work all day, so deliveries on weekends work best", {state("preference", "deliveries on weekends")}),
    ("I do night shifts so deliveries before 2pm won't work", {state("preference", "no deliveries before 2pm")}),
    ("deliveries after 6pm won't work this week, I'm away", set()),
    ("do deliveries after 6pm work?", set()),
    ("deliveries after 6pm are best for the shop, the courier said", set()),
    # how the door is to be handled when someone sleeps days
    (
        "I work nights, so leave parcels at the back door and please don't knock",
        {state("preference", "leave parcels at the back door and don't knock")},
    ),
    (
        "please don't ring the bell, just leave it on the porch - my husband sleeps days",
        {state("preference", "don't ring the bell")},
    ),
    ("please don't knock, I'm in a meeting", set()),
    ("leave it at the door please", set()),
    # (for today only: a one-off, kept in the window, never a standing rule; see round 30's reason-before-rule class)
    ("my wife works nights so please don't knock today", {one_off("preference", "never knock")}),
]


@pytest.mark.parametrize(("text", "expected"), PREFERENCES, ids=[t for t, _ in PREFERENCES])
def test_round30_en_preferences(text: str, expected: set[Fact]) -> None:
    assert _facts(text, "preference") == expected


ADDRESSES: list[tuple[str, set[Fact]]] = [
    # the keys taken to a home, named by its address
    (
        "yesterday the agent handed over the keys to 14 Ferry Road, Napier 4110!",
        {state("address", "14 Ferry Road, Napier 4110")},
    ),
    ("finally got the keys to 9 Rowan Close, Leeds LS6 2AB 🎉", {state("address", "9 Rowan Close, Leeds LS6 2AB")}),
    ("my sister got the keys to 3 Tui Street, Nelson yesterday", set()),
    ("we'll get the keys to 3 Tui Street, Nelson next week", set()),
    ("we didn't get the keys to 3 Tui Street, Nelson after all", set()),
]


@pytest.mark.parametrize(("text", "expected"), ADDRESSES, ids=[t for t, _ in ADDRESSES])
def test_round30_en_addresses(text: str, expected: set[Fact]) -> None:
    assert {f[:3] for f in _facts(text, "address")} == {f[:3] for f in expected}


DEVICES: list[tuple[str, set[Fact]]] = [
    # a device got in the place of a dead one
    (
        "my Galaxy S9 is dead for good, got a Moto G84 to replace it",
        {ended("owns_device", "Galaxy S9"), state("owns_device", "Moto G84")},
    ),
    ("bought a Kindle Paperwhite as a replacement, the old one cracked", {state("owns_device", "Kindle Paperwhite")}),
    ("my mum's phone died so she got a Moto G84 to replace it", set()),
    ("haven't got a Moto G84 to replace it yet", set()),
]


@pytest.mark.parametrize(("text", "expected"), DEVICES, ids=[t for t, _ in DEVICES])
def test_round30_en_devices(text: str, expected: set[Fact]) -> None:
    got = _facts(text, "owns_device")
    assert {f for f in got if f[0] == ME} == expected


CONTACTS: list[tuple[str, set[Fact]]] = [
    # "handphone": the Singapore and Malaysia word for a mobile
    ("my handphone is 8123 4455, text me there", {state("phone", "81234455")}),
    (
        "my husband Wei Jie's handphone is 9345 1122, he can collect",
        {state("phone", "93451122", _kin("husband")), state("name", "Wei Jie", _kin("husband"))},
    ),
    # Hinglish: "hai" after the cue, or "mera number … hai"
    ("bhai my new number hai 98765 11223, please update", {state("phone", "9876511223")}),
    ("mera number 9123456780 hai, call karo after 5", {state("phone", "9123456780")}),
    ("order number hai 98765 11223?", set()),
]


@pytest.mark.parametrize(("text", "expected"), CONTACTS, ids=[t for t, _ in CONTACTS])
def test_round30_en_contacts(text: str, expected: set[Fact]) -> None:
    assert _facts(text, "phone", "name") == expected


WORK: list[tuple[str, set[Fact]]] = [
    # the employer kept while an offer or an interview elsewhere is weighed
    ("got an offer from Deloitte but haven't decided, still at KPMG for now", {state("works_at", "KPMG")}),
    ("interviewed at Monzo last week but I'm still at Revolut", {state("works_at", "Revolut")}),
    ("got an offer from Boots for cheap vitamins, I'm at Tesco now", set()),
]


@pytest.mark.parametrize(("text", "expected"), WORK, ids=[t for t, _ in WORK])
def test_round30_en_work(text: str, expected: set[Fact]) -> None:
    assert _facts(text, "works_at") == expected


HOMES: list[tuple[str, set[Fact]]] = [
    # the home in a place named before its kind, moved out of
    ("moved out of the Hove flat last week, so nothing to Hove please", {ended("lives_in", "Hove")}),
    ("my sister moved out of the Didsbury house in June", set()),
    ("I didn't move out of the Hove flat after all", set()),
    ("moving out of the Hove flat next week", set()),
    # a bed borrowed at a relative's, in the place named
    (
        "crashing on my brother's couch in Brighton till I find somewhere",
        {state("lives_in", "Brighton", _kin("brother"))},
    ),
    ("I might be staying on my aunt's sofa in York", set()),
    # after a vocative, the relative named bare (Indian English)
    ("Madam, son shifted to Chennai in April itself", {state("lives_in", "Chennai", _kin("son"))}),
    ("Madam, son shifted to Chennai?", set()),
    # the home told after news of a transfer, "I" dropped
    ("Company posted me there lah, been staying in Ipoh since last month", {state("lives_in", "Ipoh")}),
    ("got a new job, been living in Kuching since May", {state("lives_in", "Kuching")}),
    ("my brother got a job there, been living in Kuching since May", set()),
    # a relative living with the speaker shares the home the turn names
    (
        "We moved from Leeds to York in May, and my father-in-law stays with us now.",
        {state("lives_in", "York"), state("lives_in", "York", _kin("father-in-law"))},
    ),
    ("I live in Bath and my sister stays with us for the summer", {state("lives_in", "Bath")}),
    ("I live in Bath. If my mum lives with us, does the policy change?", {state("lives_in", "Bath")}),
]


@pytest.mark.parametrize(("text", "expected"), HOMES, ids=[t for t, _ in HOMES])
def test_round30_en_homes(text: str, expected: set[Fact]) -> None:
    assert _facts(text, "lives_in") == expected


def test_round30_en_relative_shares_the_address() -> None:
    got = _facts("since Monday we're at 8 Kowhai Lane, Nelson 7010. my dad moved in with us too", "address")
    assert {(f[0], f[2]) for f in got} == {
        (ME, "8 Kowhai Lane, Nelson 7010"),
        (_kin("father"), "8 Kowhai Lane, Nelson 7010"),
    }


NAMES: list[tuple[str, set[Fact]]] = [
    # a relative named with an honorific: the name without it
    ("my father-in-law Mr. Lim Wee Kiat will collect it", {state("name", "Lim Wee Kiat", _kin("father-in-law"))}),
    ("my aunt Mdm Rosnah will sign for it", {state("name", "Rosnah", _kin("aunt"))}),
]


@pytest.mark.parametrize(("text", "expected"), NAMES, ids=[t for t, _ in NAMES])
def test_round30_en_names(text: str, expected: set[Fact]) -> None:
    assert _facts(text, "name") == expected


MORE_DEVICES: list[tuple[str, set[Fact]]] = [
    # the device in use now, told after a change
    (
        "yep it's the Galaxy S24 now, the old Pixel 5 finally died on me",
        {ended("owns_device", "Pixel 5"), state("owns_device", "Galaxy S24")},
    ),
    ("it's the Galaxy S24 now that's on sale, right?", set()),
    ("it's the Galaxy S24 now", set()),
    # "own" adds nothing to whose it is
    ("my son is at uni now and has his own MacBook Air", {state("owns_device", "MacBook Air", _kin("son"))}),
    ("does my son need his own MacBook Air?", set()),
    ("my son doesn't have his own MacBook Air", set()),
]


@pytest.mark.parametrize(("text", "expected"), MORE_DEVICES, ids=[t for t, _ in MORE_DEVICES])
def test_round30_en_more_devices(text: str, expected: set[Fact]) -> None:
    assert _facts(text, "owns_device") == expected


MORE: list[tuple[str, set[Fact]]] = [
    # the employer in brackets, kept through a promotion
    ("promoted to team lead today!! same company (Zalando) just more meetings", {state("works_at", "Zalando")}),
    ("not the same company (Zalando) any more", set()),
    # the address the speaker writes from from now on
    (
        "joined Wise last week so my invoices will come from ana.k@wise.com now",
        {state("works_at", "Wise"), state("email", "ana.k@wise.com")},
    ),
    ("I'll be emailing from ana.k@wise.com from now on", {state("email", "ana.k@wise.com")}),
    ("my boss's emails will come from boss@wise.com", set()),
    ("my invoices won't come from ana.k@wise.com", set()),
    # a full name said to be an associate, then reached through "he's on …"
    (
        "Rory Quinn is my business partner - he's on rory@quinnbrew.ie if I'm away",
        {state("email", "rory@quinnbrew.ie", "Rory Quinn")},
    ),
    ("Rory is my business partner - he's on rory@quinnbrew.ie if I'm away", set()),
    # a way to pay given up
    ("so I'm not using Venmo anymore, Zelle from now on", {ended("preferred_payment_method", "Venmo")}),
    ("I'm no longer paying with PayPal", {ended("preferred_payment_method", "PayPal")}),
    ("not using PayPal for this order", set()),
    ("if I'm not using PayPal anymore, can I delete it?", set()),
]


@pytest.mark.parametrize(("text", "expected"), MORE, ids=[t for t, _ in MORE])
def test_round30_en_more(text: str, expected: set[Fact]) -> None:
    got = {f for f in facts_of(extract(text)) if f[1] in ("works_at", "email", "preferred_payment_method")}
    assert {f for f in got if f[3] and not (f[1] == "preferred_payment_method" and not f[4])} == expected


FORMATS: list[tuple[str, set[Fact]]] = [
    # a file's format asked for this one time, as a question
    ("just this once could I get the statement as a PDF?", {TABLE.one_off("preferred_export_format", "PDF")}),
    ("could I get the summary in Excel just this time?", {TABLE.one_off("preferred_export_format", "Excel")}),
    ("could I get the summary in Excel?", set()),
    ("I got the summary as a PDF this time", set()),
]


@pytest.mark.parametrize(("text", "expected"), FORMATS, ids=[t for t, _ in FORMATS])
def test_round30_en_formats(text: str, expected: set[Fact]) -> None:
    assert _facts(text, "preferred_export_format") == expected


GONE_OR_KEPT: list[tuple[str, str, set[Fact]]] = [
    # an address removed because the speaker lives there no more
    (
        "address",
        "Please remove 14 Elm Road, Leeds from my address book, I don't live there anymore",
        {ended("address", "14 Elm Road, Leeds")},
    ),
    ("address", "Please remove 14 Elm Road, Leeds from my address book", set()),
    # the device had, set against one not had
    ("owns_device", "I don't have a smart TV, just an old Fire TV Stick", {state("owns_device", "Fire TV Stick")}),
    ("owns_device", "my mum doesn't have a laptop, just an old iPad Air", set()),
    # a device gone with a former partner
    ("owns_device", "divorced in May and the Galaxy Watch went with my ex", {ended("owns_device", "Galaxy Watch")}),
    ("owns_device", "my ex kept the Kindle Oasis", {ended("owns_device", "Kindle Oasis")}),
    ("owns_device", "did the Kindle Oasis go with my ex?", set()),
    ("owns_device", "my ex didn't take the Kindle Oasis", set()),
]


@pytest.mark.parametrize(("predicate", "text", "expected"), GONE_OR_KEPT, ids=[t for _, t, _ in GONE_OR_KEPT])
def test_round30_en_gone_or_kept(predicate: str, text: str, expected: set[Fact]) -> None:
    assert _facts(text, predicate) == expected


def test_round30_en_office_opening_with_its_floor() -> None:
    text = "For this order only, ship to my office: 4th floor, Orion Park, Whitefield, Bengaluru 560066."
    got = _facts(text, "address")
    assert got == {TABLE.one_off("address", "4th floor, Orion Park, Whitefield, Bengaluru 560066")}
