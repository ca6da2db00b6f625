"""Round 24, English: subjects, place and employer names, homes, jobs and addresses, on fresh sentences and look-alikes.

- A place after a preposition is no subject of a coordinated verb ("gave up the flat in Halifax and moved to Truro").
- A place name keeps the case of its letters after a diacritic ("Whakatāne", not "WhakatāNe").
- An employer whose one name joins two words with "and" stays whole ("Procter and Gamble"); "and" before a verb
  still parts two facts.
- A manager or boss named in full is still the speaker's manager; a colleague named in full is spoken of by the name.
- "me and my wife moved …" is the speaker's move.
- Work done remotely or part-time for an employer as a title; a post held "on the … team as a …"; a move "over to"
  an employer as a title; tenure got at an employer; a new job with its post after a dash; "occupation: …".
- A home shared "with me in <place>"; a relative's home said as "she lives there"; someone named in full "in <place>
  these days"; a question about the speaker answered at once ("Where do I live? Kumasi."); "<place> is home for now";
  "I still stay Tampines".
- An address that "will be" from a day named; a jirón ("Jr. Ucayali 388"); an e-mail change asked for in the
  passive ("that the e-mail on my account be changed to …").
- "Long-time customer here, <full name>, <title> at <employer>".
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u24"

TABLE = FactTable(ME, AT)
extract, state, ended = TABLE.extract, TABLE.state, TABLE.ended


CASES: list[tuple[str, set[Fact]]] = [
    # a place after a preposition is no subject of the verb coordinated after it
    ("gave up the flat in Halifax and moved to Truro", {state("lives_in", "Truro")}),
    ("Gave up our lease in Leeds and moved to York", {state("lives_in", "York")}),
    ("My sister left her job in Dublin and moved to Cork", {state("lives_in", "Cork", f"{ME}:sister")}),
    ("Anna met Tom in Berlin and moved to Munich", {state("lives_in", "Munich", "Anna")}),
    ("worked in Sydney for years and then moved to Hobart", set()),
    # a place name keeps its letters' case after a diacritic
    ("I moved to Whakatāne last year", {state("lives_in", "Whakatāne")}),
    ("i live in whakatāne", {state("lives_in", "Whakatāne")}),
    ("I live in Münster now", {state("lives_in", "Münster")}),
    ("we live in São Paulo", {state("lives_in", "São Paulo")}),
    ("I live in Kraków", {state("lives_in", "Kraków")}),
    ("I live in Reykjavík", {state("lives_in", "Reykjavík")}),
    # an employer named by two words joined by "and" stays whole
    ("I work at Procter and Gamble", {state("works_at", "Procter and Gamble")}),
    ("I work for Marks and Spencer", {state("works_at", "Marks and Spencer")}),
    ("I work at Johnson & Johnson", {state("works_at", "Johnson & Johnson")}),
    ("I'm an auditor at Ernst & Young", {state("works_at", "Ernst & Young"), state("job_title", "auditor")}),
    ("I'm an auditor at Ernst and Young", {state("works_at", "Ernst and Young"), state("job_title", "auditor")}),
    ("I work for Hartley and Sons Ltd", {state("works_at", "Hartley and Sons Ltd")}),
    ("I work for Baker and Sons", {state("works_at", "Baker and Sons")}),
    (
        "I work at Procter and Gamble and live in Cincinnati",
        {state("works_at", "Procter and Gamble"), state("lives_in", "Cincinnati")},
    ),
    ("I work at Google and live in Paris", {state("works_at", "Google"), state("lives_in", "Paris")}),
    ("I work at Google and Meta is our client", {state("works_at", "Google")}),
    ("I don't work at Procter and Gamble", set()),
    # a manager or boss named in full is still the speaker's; a colleague named in full is spoken of by the name
    (
        "My manager Ama Boateng lives in Kumasi",
        {state("lives_in", "Kumasi", f"{ME}:manager"), state("name", "Ama Boateng", f"{ME}:manager")},
    ),
    (
        "my boss Lena Vogt lives in Graz, so send it there",
        {state("lives_in", "Graz", f"{ME}:boss"), state("name", "Lena Vogt", f"{ME}:boss")},
    ),
    (
        "My husband Tom Okafor just got a job at Unilever",
        {state("works_at", "Unilever", f"{ME}:husband"), state("name", "Tom Okafor", f"{ME}:husband")},
    ),
    (
        "my colleague Rhea Sen handles our orders, she's the buyer at Vantor",
        {state("job_title", "buyer", "Rhea Sen"), state("works_at", "Vantor", "Rhea Sen")},
    ),
    ("my sister Anna Monday is fine", set()),
    ("does my manager Ama Boateng live in Kumasi?", set()),
    # the speaker among others ("me and my wife"), as "my wife and I" is: the speaker's fact
    ("me and my wife moved to Leeds last month", {state("lives_in", "Leeds")}),
    ("me n the kids moved back to Esperance", {state("lives_in", "Esperance")}),
    ("Me & my partner live in Napier", {state("lives_in", "Napier")}),
    ("me and my wife are thinking of moving to Leeds", set()),
    ("tell me and my wife when it ships", set()),
    ("we sold our home and my wife moved to Leeds", {state("lives_in", "Leeds", f"{ME}:wife")}),
    # work done remotely, from home or part-time, for an employer as a title
    (
        "I'm working remotely for Zoho as a product manager",
        {state("works_at", "Zoho"), state("job_title", "product manager")},
    ),
    ("I work from home for Atlassian as a designer", {state("works_at", "Atlassian"), state("job_title", "designer")}),
    ("I work part-time at Tesco", {state("works_at", "Tesco")}),
    ("I used to work remotely for Zoho as a product manager", set()),
    ("would I work remotely for Zoho as a tester?", set()),
    # a home shared with the speaker, named by its place: the speaker's, and the other's once they live there
    (
        "my son still lives with me in Rosario",
        {state("lives_in", "Rosario"), state("lives_in", "Rosario", f"{ME}:son")},
    ),
    (
        "my dad moved in with us in Nelson",
        {state("lives_in", "Nelson"), state("lives_in", "Nelson", f"{ME}:father")},
    ),
    ("my niece is moving in with me in Porto next month", {state("lives_in", "Porto")}),
    ("my son doesn't live with me in Rosario", set()),
    ("if my dad moved in with us in Nelson we'd need a bigger house", set()),
    ("does your son live with you in Rosario?", set()),
    # a relative's home said as "she lives there", the place named before
    ("my daughter got into uni in Sendai so she lives there now", {state("lives_in", "Sendai", f"{ME}:daughter")}),
    ("my brother found work in Darwin and he lives there now", {state("lives_in", "Darwin", f"{ME}:brother")}),
    ("my brother visited Darwin, he never lives there", set()),
    # a new job started, the post set off by a dash after it
    (
        "started my new gig at Deliveroo on Monday — data analyst, small team",
        {state("works_at", "Deliveroo"), state("job_title", "data analyst")},
    ),
    ("I started a new role at Canva", {state("works_at", "Canva")}),
    ("I joined Canva — honestly the best decision", {state("works_at", "Canva")}),
    ("I haven't started my new job at Canva yet", set()),
    # the form's other words for a title, and a question about the speaker answered at once by the speaker
    ("occupation: beekeeper", {state("job_title", "beekeeper")}),
    ("profession: midwife", {state("job_title", "midwife")}),
    ("occupation? shopkeeper. mostly the corner store", {state("job_title", "shopkeeper")}),
    ("Where do I live? Tamale. Been here four years.", {state("lives_in", "Tamale")}),
    ("Where do you live? Tamale.", set()),
    ("where do I live? no idea anymore", set()),
    ("occupation? none really", set()),
    ("what's your occupation?", set()),
    # someone named in full, where they are these days
    ("Our supplier Nadia Karim is in Oslo these days", {state("lives_in", "Oslo", "Nadia Karim")}),
    ("Customer Service is in Manila these days", set()),
    ("is Nadia Karim in Oslo these days?", set()),
    # a move over to an employer, in a post, is a job change and no home
    (
        "Tariq from accounts moved over to the Port Authority last month as a planner",
        {state("works_at", "Port Authority", "Tariq"), state("job_title", "planner", "Tariq")},
    ),
    (
        "my brother moved over to Shopify as a designer",
        {state("works_at", "Shopify", f"{ME}:brother"), state("job_title", "designer", f"{ME}:brother")},
    ),
    ("I moved to Leeds as a student", {state("lives_in", "Leeds")}),
    ("I didn't move over to Shopify as a designer", set()),
    # tenure won where one works
    ("wife just got tenure at Rhodes University", {state("works_at", "Rhodes University", f"{ME}:wife")}),
    ("my husband didn't get tenure at Rhodes University", set()),
    ("if she got tenure at Rhodes University we'd stay", set()),
    # a post held on a team (dated by the first day the turn names)
    ("my daughter is on the ICU team as a nurse", {state("job_title", "nurse", f"{ME}:daughter")}),
    ("I'm not on the payments team as a developer", set()),
    ("I'm on the team as a favour", set()),
    # an address to come, with the day it starts
    (
        "from next Monday my postal address will be 14 Tran Hung Dao, Hoan Kiem, Hanoi.",
        {state("address", "14 Tran Hung Dao, Hoan Kiem, Hanoi")},
    ),
    ("my address will be 12 Rua Augusta, Lisboa once we move", set()),
    ("if we move, my address will be 12 Rua Augusta, Lisboa", set()),
    ("my address will be sent separately", set()),
    # the writer introduced by their standing with us, then the full name and the job
    (
        "Loyal customer here, Ana de Souza, nurse at Hospital Moinhos, my order never came",
        {state("name", "Ana de Souza"), state("job_title", "nurse"), state("works_at", "Hospital Moinhos")},
    ),
    ("new customer here, Tomas Brandt", {state("name", "Tomas Brandt")}),
    ("new customer here, which plan should I pick?", set()),
    # a place said to be home "for now"; "stay" without "in" as Singapore and Malaysia say it
    ("found a room in Napier, so Napier is home for now", {state("lives_in", "Napier")}),
    ("Napier is home to the art deco festival", set()),
    ("is Napier home for now?", set()),
    (
        "my parents stay Ipoh, I still stay Bedok",
        {state("lives_in", "Ipoh", f"{ME}:parents"), state("lives_in", "Bedok")},
    ),
    ("I don't stay Tampines", set()),
    ("we stay Marriott when in Dubai", set()),
    ("I'll stay Monday", set()),
    # a Peruvian jirón, its number after the name; the "Jr." dot ends no sentence
    (
        "new shipping address: Jr. Huallaga 512, Dpto 3, Cercado, Lima 15001",
        {state("address", "Jr. Huallaga 512, Dpto 3, Cercado, Lima 15001")},
    ),
    ("Sammy Davis Jr. was great. I live in Leeds", {state("lives_in", "Leeds")}),
    # an e-mail change asked for in the passive
    (
        "I ask that the contact e-mail on my account be changed to m.obi@example.org.",
        {state("email", "m.obi@example.org")},
    ),
    ("I'd like the email on my account updated to m.obi@example.org", {state("email", "m.obi@example.org")}),
    ("the email on my account was changed to m.obi@example.org without my consent", set()),
]


@pytest.mark.parametrize(("text", "expected"), CASES, ids=[t for t, _ in CASES])
def test_round24_en(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected
