"""Round 28, English: the classes of phrasing behind the misses of the twenty-fourth and twenty-fifth held-out sets.

Days of the month told in the past, fortnights, states ended with their "I'm" dropped ("Not using … anymore"),
titles opening a turn ("Oncology nurse at … here", "Software dev at Monzo."), a name signed before a title,
"Myself"/"Husband" as subjects in Indian English, homes kept after a move not made, a base shifted, "mam", our
family's move, channels set above the others, "hereafter" and "onwards", "Can lah", order numbers said before a
supposition or in a formal complaint, codes of capitals run into digits after an errand, where the speaker's parcels
go (a need, a bare "goes", a greeting, a friend's place, "the address is …" after a delivery gone wrong), employers
said with "in", contacts after "typo'd", a label's purpose or a channel chosen, names of a kind ("my maiden name",
"just for forms", the misspelled one put right), a language's own prefix, a recurring document's standing form, the
old device gone when the new one came, a relative living "there", a title ending at a remark after a dash, and a
theme blamed. Every sentence is written for this file (none is taken from a bench set); each class has look-alikes
that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of
from palimpsest.write.timeexpr import find_times

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u28"

TABLE = FactTable(ME, AT)
extract, state, ended = TABLE.extract, TABLE.state, TABLE.ended


def _kin(relation: str) -> str:
    return f"{ME}:{relation}"


def _facts(text: str, *predicates: str) -> set[Fact]:
    return {f for f in facts_of(extract(text)) if f[1] in predicates}


TIMES: list[tuple[str, str, date | None]] = [
    # a day of the month said alone, told in the past: the last such day (last month's when it is still to come)
    ("We moved into the flat on the 30th", "on the 30th", date(2026, 10, 30)),
    ("the parcel finally arrived on the 12th", "on the 12th", date(2026, 11, 12)),
    ("I'll move the boxes on the 30th", "on the 30th", date(2026, 11, 30)),
    ("the new lease starts on the 29th", "on the 29th", date(2026, 11, 29)),
    # a fortnight is two weeks
    ("I left Leeds a fortnight ago", "a fortnight ago", date(2026, 11, 4)),
    ("we got the keys two fortnights ago", "two fortnights ago", date(2026, 10, 21)),
    ("the refund lands in a fortnight", "in a fortnight", date(2026, 12, 2)),
    # a bare weekday told in the past: the last one
    ("my Kobo arrived on Friday", "on Friday", date(2026, 11, 13)),
]


@pytest.mark.parametrize(("text", "said", "start"), TIMES, ids=[t for t, _, _ in TIMES])
def test_round28_en_times(text: str, said: str, start: date | None) -> None:
    found = {t.text: t.start.date() for t in find_times(text, AT, language="en")}
    assert found.get(said) == start


def test_round28_en_moved_on_a_past_day() -> None:
    facts = extract("I moved to Dundee on the 30th").facts
    assert [(f.value, f.valid_from) for f in facts if f.predicate == "lives_in"] == [
        ("Dundee", datetime(2026, 10, 30, tzinfo=UTC))
    ]


WORK: list[tuple[str, set[Fact]]] = [
    # a capitalised ward or field before the trade's noun is the title's, not a person
    (
        "Oncology nurse at Wellington Hospital here, I sleep days",
        {state("job_title", "nurse"), state("works_at", "Wellington Hospital")},
    ),
    ("Ana nurses at the Royal Free", {state("works_at", "Royal Free", "Ana")}),
    # the bare "<title> at <Org>." opening the turn
    (
        "Backend engineer at Canva. Also my sister just joined Atlassian as a designer.",
        {
            state("job_title", "backend engineer"),
            state("works_at", "Canva"),
            state("works_at", "Atlassian", _kin("sister")),
            state("job_title", "designer", _kin("sister")),
        },
    ),
    ("Sous chef at Nobu! Need a late delivery slot", {state("job_title", "sous chef"), state("works_at", "Nobu")}),
    ("Manager at Tesco said I can't return it", set()),
    ("Book the plumber for next Monday morning.", set()),
    ("Nurse at Mercy?", set()),
    # a name signed, then the title
    ("Tom Baker here, QA lead", {state("name", "Tom Baker"), state("job_title", "QA lead")}),
    (
        "Hi, Dev Patel here - night manager at the Hilton. Need an invoice",
        {state("name", "Dev Patel"), state("job_title", "night manager"), state("works_at", "Hilton")},
    ),
    ("Paramedic here, quick one", {state("job_title", "paramedic")}),
    # a state ended with its "I'm" dropped
    ("Not working at Lidl anymore as of last week", {ended("works_at", "Lidl")}),
    ("Not working at weekends any more", set()),
    # "Myself" and a bare capitalised relation as subjects (Indian English)
    (
        "Myself working as Test Engineer in Wipro. Wife is in TCS as project manager.",
        {state("job_title", "Test Engineer")},
    ),
]


@pytest.mark.parametrize(("text", "expected"), WORK, ids=[t for t, _ in WORK])
def test_round28_en_work(text: str, expected: set[Fact]) -> None:
    got = _facts(text, "works_at", "job_title", "name")
    if "Myself" in text:
        assert expected <= got and all(f[0].startswith(ME) for f in got)
    else:
        assert {(s, p, v.lower(), lasting, e) for s, p, v, lasting, e in got} == {
            (s, p, v.lower(), lasting, e) for s, p, v, lasting, e in expected
        }


DEVICES: list[tuple[str, set[Fact]]] = [
    ("Not using the Lenovo tablet anymore, it sits in a drawer", {ended("owns_device", "Lenovo tablet")}),
    ("Not using my Fitbit Charge any more, battery's gone", {ended("owns_device", "Fitbit Charge")}),
    ("Not using the Fitbit anymore?", set()),
    ("Not using cash anymore", set()),
]


@pytest.mark.parametrize(("text", "expected"), DEVICES, ids=[t for t, _ in DEVICES])
def test_round28_en_devices(text: str, expected: set[Fact]) -> None:
    assert _facts(text, "owns_device") == expected


HOMES: list[tuple[str, set[Fact]]] = [
    # the home kept after a move not made, "still in" with or without its "we're"
    ("Nah we didn't end up moving to Cairns, still in Mackay, too humid up there", {state("lives_in", "Mackay")}),
    ("we decided not to move to Leeds, we're still in York", {state("lives_in", "York")}),
    ("flight delayed, still in Dubai", set()),
    ("we moved last year, we're not still in York", set()),
    # a base shifted
    ("Please note I have shifted base to Pune on transfer", {state("lives_in", "Pune")}),
    ("We moved our base to Galway last month", {state("lives_in", "Galway")}),
    # "mam" is a mother
    ("my mam still lives up in Sligo", {state("lives_in", "Sligo", _kin("mother"))}),
    ("me mam lives in Cork", set()),
    # our family's move is the speaker's own
    ("Our family relocated from Dubai to Muscat in March", {state("lives_in", "Muscat")}),
    ("My family lives in Lagos", {state("lives_in", "Lagos", _kin("family"))}),
]


@pytest.mark.parametrize(("text", "expected"), HOMES, ids=[t for t, _ in HOMES])
def test_round28_en_homes(text: str, expected: set[Fact]) -> None:
    assert _facts(text, "lives_in") == expected


CHANNELS: list[tuple[str, str | None]] = [
    ("My mobile is 021 555 0199, text only please, I never answer calls", "SMS"),
    ("no more emails, Telegram alerts only pls", "Telegram"),
    ("Text me on 027 555 0142 rather than calling, I'm on the tools all day", "SMS"),
    ("WhatsApp is the only app I actually read", "WhatsApp"),
    ("Email's the only thing I look at reliably", "email"),
    ("plain text only please", None),
    ("send the report as plain text only", None),
]


@pytest.mark.parametrize(("text", "channel"), CHANNELS, ids=[t for t, _ in CHANNELS])
def test_round28_en_channels(text: str, channel: str | None) -> None:
    got = {f[2] for f in _facts(text, "preferred_notification_channel")}
    assert got == ({channel} if channel else set())


CARRIERS: list[tuple[str, set[Fact]]] = [
    # "hereafter", "henceforth", "next time onwards": Indian and Singapore English for "from now on"
    (
        "Please bill my company hereafter, and courier via Delhivery only.",
        {state("preferred_shipping_carrier", "Delhivery")},
    ),
    ("henceforth ship by Aramex please", {state("preferred_shipping_carrier", "Aramex")}),
    # "Can lah": a yes, not a question
    (
        "Can lah, next time onwards send by Ninja Van, faster",
        {state("preferred_shipping_carrier", "Ninja Van")},
    ),
    ("courier via Blue Dart?", set()),
]


@pytest.mark.parametrize(("text", "expected"), CARRIERS, ids=[t for t, _ in CARRIERS])
def test_round28_en_carriers(text: str, expected: set[Fact]) -> None:
    assert {f[:3] for f in _facts(text, "preferred_shipping_carrier")} == {f[:3] for f in expected}


REFERENCES: list[tuple[str, set[Fact]]] = [
    # the number named before the supposing or the reported speech
    (
        "case RT-55120 - they said someone would call back, nothing yet",
        {state("ticket_id", "RT-55120")},
    ),
    ("reply like a pirate would: where is my parcel QN-4471?", {state("order_id", "QN-4471")}),
    ("talk to me as Yoda would, when does order MK-80912 arrive", {state("order_id", "MK-80912")}),
    # a formal complaint is no wish
    ("I wish to lodge a complaint about order 5512-8840, the lamp was cracked", {state("order_id", "5512-8840")}),
    # still nothing when the supposing comes first
    ("if order 5512-8840 never arrives I want a refund", set()),
    ("imagine my order KX-22091 was lost", set()),
    # capitals run straight into digits after an errand
    ("cancel QT55120 pls, found it cheaper", {state("order_id", "QT55120")}),
    ("please track my RB881204", {state("order_id", "RB881204")}),
    ("cancel my Netflix subscription", set()),
]


@pytest.mark.parametrize(("text", "expected"), REFERENCES, ids=[t for t, _ in REFERENCES])
def test_round28_en_references(text: str, expected: set[Fact]) -> None:
    assert _facts(text, "order_id", "ticket_id") == expected


ADDRESSES: list[tuple[str, set[Fact]]] = [
    # where the speaker's things go, the verb a need or a bare "goes", or dropped after a greeting (with a marker)
    (
        "from next Monday deliveries need to go to 44 Rata St, Nelson 7010 - new lease starts then",
        {state("address", "44 Rata St, Nelson 7010")},
    ),
    (
        "From now on everything goes to 9 Kauri Close, Whangarei 0110.",
        {state("address", "9 Kauri Close, Whangarei 0110")},
    ),
    ("Hey, post to 14 Mill Lane, Wexford going forward please", {state("address", "14 Mill Lane, Wexford")}),
    ("deliveries to 5 Kings Rd, Leeds were late", set()),
    ("her parcels go to 9 Elm St, Leeds", set()),
    # a friend's place, for this parcel only
    (
        "just this once, drop it at my buddy's place, 22 Elm Grove, Leeds",
        {TABLE.one_off("address", "22 Elm Grove, Leeds")},
    ),
    # "the address is …" in a turn about the speaker's own delivery or move; a remark after the ZIP is no part of it
    (
        "courier went to the wrong house again. the address is 77 Birch Ave apt 2 Dayton OH 45402, apt TWO",
        {state("address", "77 Birch Ave apt 2 Dayton OH 45402")},
    ),
    ("we're meeting at the venue, the address is 5 Main St, Boston", set()),
    ("my sister moved, the address is 5 Main St, Boston", set()),
]


@pytest.mark.parametrize(("text", "expected"), ADDRESSES, ids=[t for t, _ in ADDRESSES])
def test_round28_en_addresses(text: str, expected: set[Fact]) -> None:
    assert _facts(text, "address") == expected


EMPLOYERS_IN: list[tuple[str, set[Fact]]] = [
    (
        "I'm a pharmacist in Beaumont Hospital and I pay by card",
        {state("works_at", "Beaumont Hospital"), state("job_title", "pharmacist")},
    ),
    (
        "My wife is in Deloitte as a senior auditor.",
        {state("works_at", "Deloitte", _kin("wife")), state("job_title", "senior auditor", _kin("wife"))},
    ),
    ("Myself working as QA Engineer in Wipro Chennai campus", {state("works_at", "Wipro")}),
    ("I'm a nurse in Leeds", {state("job_title", "nurse")}),
    ("I'm in Tesco as usual", set()),
    ("I'm a customer in Lloyds Bank", set()),
]


@pytest.mark.parametrize(("text", "expected"), EMPLOYERS_IN, ids=[t for t, _ in EMPLOYERS_IN])
def test_round28_en_employers_in(text: str, expected: set[Fact]) -> None:
    got = _facts(text, "works_at", "job_title")
    if text.startswith("Myself"):
        assert expected <= got
    else:
        assert got == expected


CONTACTS: list[tuple[str, set[Fact]]] = [
    # a verb's past made with 'd is no supposition
    ("ugh typo'd my email when I signed up, it's kt.moana77@gmail.com", {state("email", "kt.moana77@gmail.com")}),
    ("cc'd my work email, it's r.k@acme.io", {state("email", "r.k@acme.io")}),
    # a new contact labelled with what it is for
    ("New email for invoices: p.ngata@xtra.co.nz", {state("email", "p.ngata@xtra.co.nz")}),
    ("New number for deliveries: 0412 555 019", {state("phone", "0412555019")}),
    # the short form of "number", the article dropped
    ("Pls update mobile no. to 021 555 0188, old phone lost", {state("phone", "0215550188")}),
    # the line after the channel chosen
    ("on nights so texts not calls pls: 021 555 0177", {state("phone", "0215550177")}),
    ("my wife prefers texts only: 021 555 0199", set()),
]


@pytest.mark.parametrize(("text", "expected"), CONTACTS, ids=[t for t, _ in CONTACTS])
def test_round28_en_contacts(text: str, expected: set[Fact]) -> None:
    assert {f[:3] for f in _facts(text, "email", "phone")} == {f[:3] for f in expected}


@pytest.mark.parametrize("text", ["I'd move to Leeds if I could", "we'd be in Perth by now"])
def test_round28_en_would_still_supposes(text: str) -> None:
    assert _facts(text, "lives_in") == set()


NAMES: list[tuple[str, set[Fact]]] = [
    # the speaker's name said as one kind of name, or as the right spelling of the one on file
    ("divorced last year, going by my maiden name Okafor again", {state("name", "Okafor")}),
    ("I go by my middle name, Tomas", {state("name", "Tomas")}),
    ("Call me Bex - Rebecca Hale is just for forms.", {state("name", "Bex"), state("name", "Rebecca Hale")}),
    ("name on the account is spelt wrong, it's Ioana Popescu with an I", {state("name", "Ioana Popescu")}),
    ("my son's name on the account is wrong, it's Leo Park", set()),
    ("I'm going by Uber", set()),
]


@pytest.mark.parametrize(("text", "expected"), NAMES, ids=[t for t, _ in NAMES])
def test_round28_en_names(text: str, expected: set[Fact]) -> None:
    assert _facts(text, "name") == expected


TASTES: list[tuple[str, set[Fact]]] = [
    # a language by its own name's prefix
    ("Please reply in te reo Maori where you can", {state("preferred_language", "Maori")}),
    # a recurring document's standing form
    ("Monthly statements should come as PDF", {state("preferred_export_format", "PDF")}),
    (
        "Weekly report should be the condensed version, nothing else",
        {state("preferred_report_format", "condensed version")},
    ),
    ("the weekly report should be here by now", set()),
    # the documents asked for bare, with a lasting marker
    ("can invoices come through as PDF going forward?", {state("preferred_export_format", "PDF")}),
]


@pytest.mark.parametrize(("text", "expected"), TASTES, ids=[t for t, _ in TASTES])
def test_round28_en_tastes(text: str, expected: set[Fact]) -> None:
    got = _facts(text, "preferred_language", "preferred_export_format", "preferred_report_format")
    assert {f[:3] for f in got} == {f[:3] for f in expected}


def test_round28_en_old_device_goes_when_the_new_came() -> None:
    for text in (
        "Got a Fairphone 5 yesterday, ditched the old Moto G",
        "I bought a Kobo on Monday and sold my old Kindle",
    ):
        ended_facts = [f for f in extract(text).facts if f.valid_to is not None]
        assert len(ended_facts) == 1
        assert ended_facts[0].valid_to is not None and ended_facts[0].valid_to < AT
    # a new one someone else got dates nothing of the speaker's
    ended_facts = [f for f in extract("Mum got a Kobo on Monday, I sold my old Kindle").facts if f.valid_to]
    assert [f.valid_to for f in ended_facts] == [AT]


RELATIVES_THERE: list[tuple[str, set[Fact]]] = [
    (
        "my daughter is at uni in Dunedin now, she's been living there since February",
        {state("lives_in", "Dunedin", _kin("daughter"))},
    ),
    (
        "My son Arlo is doing his apprenticeship in Hamilton, he's been living there since March.",
        {state("lives_in", "Hamilton", _kin("son"))},
    ),
    ("my brother is on holiday in Bali, he's been out there since Monday", set()),
]


@pytest.mark.parametrize(("text", "expected"), RELATIVES_THERE, ids=[t for t, _ in RELATIVES_THERE])
def test_round28_en_relatives_living_there(text: str, expected: set[Fact]) -> None:
    assert _facts(text, "lives_in") == expected


def test_round28_en_title_ends_at_a_remark_after_a_dash() -> None:
    assert _facts("Started at Zespri yesterday as a quality analyst - new laptop arriving soon", "job_title") == {
        ("u28", "job_title", "quality analyst", True, False)
    }
    # (a capitalised part after the dash is the title's own: "Senior Manager - Procurement")
    assert _facts("I am working as Head of Sales - Oceania at Fisher Paykel", "job_title") == {
        ("u28", "job_title", "Head of Sales - Oceania", True, False)
    }


def test_round28_en_address_held_since_the_next_sentence() -> None:
    for text, since in (
        (
            "From now on everything goes to 9 Kauri Close, Whangarei 0110. Been there since Monday.",
            datetime(2026, 11, 16),
        ),
        ("Parcels should go to 3 Totara St, Rotorua 3010. We've lived here since March", datetime(2026, 3, 1)),
    ):
        facts = [f for f in extract(text).facts if f.predicate == "address"]
        assert [f.valid_from for f in facts] == [since.replace(tzinfo=UTC)]


@pytest.mark.parametrize(
    ("text", "theme"),
    [
        ("switch my theme to dark, light mode is unreadable at night", "dark"),
        ("change to light mode, dark mode hurts my eyes in the sun", "light"),
        ("I prefer dark mode, it is easier", "dark"),
    ],
)
def test_round28_en_theme_blamed_is_not_chosen(text: str, theme: str) -> None:
    assert {f[2] for f in _facts(text, "preferred_theme")} == {theme}
