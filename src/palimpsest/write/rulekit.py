"""What the English and Chinese rule sets share: the turn they read, clauses, and fact building.

A rule reads one clause at a time, so "I used to live in Shanghai but now I live in Beijing"
gives each half its own subject, negation and time. Offsets stay relative to the whole turn,
which is how a clause finds the time mentions and identifiers inside it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime

from palimpsest.write.model import (
    AnchorKind,
    CandidateFact,
    IdentifierKind,
    IdentifierMention,
    Intent,
    TimeMention,
)
from palimpsest.write.registry import normalize_email, normalize_phone

__all__ = [
    "INTENT_TAG_OF_TYPE",
    "LASTING_CONFIDENCE",
    "PLAIN_PREFERENCE_CONFIDENCE",
    "Clause",
    "RuleOutput",
    "TurnContext",
    "make_fact",
    "named_as_wrong",
    "settle_move",
    "split_clauses",
]

# The tag each request type gives a turn (cancelling an order carries none of its own).
INTENT_TAG_OF_TYPE: dict[str, str] = {
    "data_aggregation": "query",
    "query": "query",
    "export": "export",
    "modify_setting": "modify_setting",
    "refund": "refund",
    "complaint": "complaint",
}
LASTING_CONFIDENCE = 0.9
PLAIN_PREFERENCE_CONFIDENCE = 0.7
"""A preference said without "always"/"以后都" may be a whim: lasting, but less sure."""
ONE_OFF_CONFIDENCE = 0.8
STATE_CONFIDENCE = 0.85
ENDING_CONFIDENCE = 0.85


@dataclass(frozen=True, slots=True)
class TurnContext:
    """One turn, with the identifiers and times already found in it."""

    text: str
    speaker_id: str
    at: datetime
    role: str
    times: tuple[TimeMention, ...]
    identifiers: tuple[IdentifierMention, ...]
    typed_in_lower_case: bool = False
    """The user typed the turn without capitals ("i moved from brno to olomouc"): a lower-case word
    may be a name. Said by :func:`palimpsest.write.casual.tidy_en` of the turn as written."""


@dataclass(frozen=True, slots=True)
class Clause:
    text: str
    start: int
    """Offset of ``text`` in the turn."""

    @property
    def end(self) -> int:
        return self.start + len(self.text)

    def times(self, ctx: TurnContext) -> list[TimeMention]:
        return [t for t in ctx.times if self.start <= t.span[0] and t.span[1] <= self.end]

    def identifiers(self, ctx: TurnContext, kind: IdentifierKind) -> list[IdentifierMention]:
        return [m for m in ctx.identifiers if m.kind == kind and self.start <= m.span[0] and m.span[1] <= self.end]

    def phrase_at(self, offset: int, marks: str = "，,;；") -> Clause:
        """The part of this clause between the marks around clause-relative ``offset``."""
        cut = max(self.text.rfind(mark, 0, offset) for mark in marks) + 1
        ends = [i for i in (self.text.find(mark, offset) for mark in marks) if i >= 0]
        return Clause(self.text[cut : min(ends) if ends else len(self.text)], self.start + cut)

    def past_time(self, ctx: TurnContext) -> datetime | None:
        """Start of the first time mention here that has begun by the turn's time.

        A move "last Monday" starts then; a time still to come ("next month") does not
        date a statement about the present, so it is ignored.
        """
        for mention in self.times(ctx):
            if mention.start <= ctx.at:
                return mention.start
        return None

    def preference_start(self, ctx: TurnContext) -> datetime | None:
        """Like :meth:`past_time`, but a mention that contains the turn's moment ("today",
        "今天") says when a preference was stated, not since when it holds."""
        for mention in self.times(ctx):
            # "Starting next Monday, …", "从下周一开始，默认 …": the preference holds from that day on.
            if mention.start > ctx.at and _STARTS_THEN.search(ctx.text[: mention.span[0]]) is not None:
                return mention.start
            if mention.start > ctx.at and _STARTS_AFTER.match(ctx.text[mention.span[1] :]) is not None:
                return mention.start
            if mention.start <= ctx.at < mention.end:
                continue
            # "last month's statement", "上个月的订单": the time names the data, not the preference.
            if re.match(r"\s*(?:'s\b|的)", ctx.text[mention.span[1] :]):
                continue
            # ("export every invoice from 2026 - PDF this time": the records asked for, not the preference's start)
            if _RECORDS_OF.search(ctx.text, 0, mention.span[0]):
                continue
            if mention.start <= ctx.at:
                return mention.start
        return None

    def future_time(self, ctx: TurnContext) -> datetime | None:
        """Start of the first time mention here that is still to come: the day a scheduled
        change ("下周一开始上班", "I start at Stripe next Monday") takes effect."""
        for mention in self.times(ctx):
            if mention.start > ctx.at:
                return mention.start
        return None

    def without_times(self, ctx: TurnContext) -> str:
        """The clause with its time expressions blanked (same length, so offsets hold)."""
        chars = list(self.text)
        for mention in self.times(ctx):
            for i in range(mention.span[0] - self.start, mention.span[1] - self.start):
                chars[i] = " "
        return "".join(chars)


# Records named by the time they cover: "invoices from 2026", "orders for March", "transactions in Q1".
_RECORDS_OF = re.compile(
    r"\b(?:invoices?|orders?|statements?|transactions?|receipts?|sales|payments?|records?|bills?|expenses?"
    r"|purchases?|deliveries|shipments?|data|figures|numbers)\s+(?:from|for|of|in|during|since)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# Words that make a future time the start of what the clause says ("starting next Monday", "从下周一开始").
_STARTS_THEN = re.compile(r"(?:\b(?:starting|from|beginning|as of|effective)|从|自)\s*$", re.IGNORECASE)
_STARTS_AFTER = re.compile(r"\s*(?:开始|起|onwards?\b|on\b)", re.IGNORECASE)


@dataclass(slots=True)
class RuleOutput:
    facts: list[CandidateFact] = field(default_factory=list)
    intents: list[Intent] = field(default_factory=list)
    topics: set[str] = field(default_factory=set)
    intent_tags: set[str] = field(default_factory=set)
    anchors: set[AnchorKind] = field(default_factory=set)

    def merge(self, other: RuleOutput) -> None:
        self.facts.extend(other.facts)
        self.intents.extend(other.intents)
        self.topics |= other.topics
        self.intent_tags |= other.intent_tags
        self.anchors |= other.anchors


def split_clauses(text: str, boundary: re.Pattern[str]) -> list[Clause]:
    """Split ``text`` at each ``boundary`` match (the match is kept on the left clause)."""
    clauses: list[Clause] = []
    start = 0
    for m in boundary.finditer(text):
        if m.end() > start:
            clauses.append(Clause(text[start : m.end()], start))
            start = m.end()
    if start < len(text):
        clauses.append(Clause(text[start:], start))
    return [c for c in clauses if c.text.strip()]


def make_fact(
    subject: str,
    predicate: str,
    value: str,
    rule: str,
    evidence: str,
    *,
    valid_from: datetime | None = None,
    lasting: bool = True,
    confidence: float = STATE_CONFIDENCE,
    ends_previous: bool = False,
) -> CandidateFact:
    return CandidateFact(
        subject=subject,
        predicate=predicate,
        value=value,
        valid_from=valid_from,
        lasting=lasting,
        confidence=confidence,
        rule=rule,
        evidence_text=evidence.strip(),
        ends_previous=ends_previous,
    )


def ending(
    ctx: TurnContext, clause: Clause, subject: str, predicate: str, value: str, rule: str, evidence: str
) -> CandidateFact:
    """``value`` stops being true: at the time the clause names, else when it was said.

    Represented as the ended value with ``valid_to`` set, ``valid_from`` left ``None`` and
    ``ends_previous=True``; the write path closes that value and opens nothing.
    """
    return CandidateFact(
        subject=subject,
        predicate=predicate,
        value=value,
        valid_to=clause.past_time(ctx) or ctx.at,
        confidence=ENDING_CONFIDENCE,
        rule=rule,
        evidence_text=evidence.strip(),
        ends_previous=True,
    )


def contact_value(predicate: str, mention: IdentifierMention) -> str:
    """A phone or e-mail as the registry stores it (international numbers keep their +)."""
    return normalize_phone(mention.text) if predicate == "phone" else normalize_email(mention.text)


def first_group(match: re.Match[str], names: Iterable[str]) -> str | None:
    for name in names:
        value = match.groupdict().get(name)
        if value:
            return value
    return None


# The wrong value a correction names: "it's KX-20931, not KX-20913", "是DD7730192，不是DD7730129".
_NAMED_AS_WRONG = re.compile(r"(?:\b(?:not|rather than|instead of)|不是|并非)\s*[#:：]?\s*$", re.IGNORECASE)


# The value disowned right after it, as Chinese says it: "SF-88013 不是我的单，我的是 SF-88031" (in a code-switched turn
# the English reader sees the code too, so both readers ask here).
_DISOWNED_AFTER = re.compile(r"\s*(?:这个|那个)?(?:单号|订单号?|工单号?)?\s*(?:不是我的|并非我的|不是我们的)")


def named_as_wrong(ctx: TurnContext, mention: IdentifierMention) -> bool:
    """Whether the turn names ``mention`` as the value that is NOT meant (so no fact comes of it)."""
    if _DISOWNED_AFTER.match(ctx.text, mention.span[1]) is not None:
        return True
    return _NAMED_AS_WRONG.search(ctx.text, max(0, mention.span[0] - 16), mention.span[0]) is not None


def settle_move(ctx: TurnContext, facts: list[CandidateFact], move: re.Pattern[str]) -> list[CandidateFact]:
    """One move told in several phrases: "两周前搬家了，现在住珠海，离开广州了".

    The new home said without a date takes the one past time the turn names for the move, and the old
    home the turn says was left is no ending of its own: the new value closes it (supersession).
    Only when the turn names a move (``move``).
    """
    if move.search(ctx.text) is None:
        return facts
    homes = {(f.subject, f.value) for f in facts if f.predicate == "lives_in" and f.valid_to is None}
    begun = {t.start for t in ctx.times if t.start <= ctx.at and not t.start <= ctx.at < t.end}
    when = begun.pop() if len(begun) == 1 else None
    settled: list[CandidateFact] = []
    for fact in facts:
        if fact.predicate == "lives_in" and fact.valid_to is not None:
            if any(subject == fact.subject and value != fact.value for subject, value in homes):
                continue
        elif fact.predicate == "lives_in" and fact.valid_from is None and when is not None:
            settled.append(replace(fact, valid_from=when, ends_previous=True))
            continue
        settled.append(fact)
    return settled


_JOB_FACTS = frozenset({"works_at", "job_title"})


def carry_job_change_date(ctx: TurnContext, facts: list[CandidateFact], change: re.Pattern[str]) -> list[CandidateFact]:
    """Date the job facts a turn about a job change leaves undated with the one past time it names.

    "Started at Deloitte yesterday, I'm an audit associate there", "三天前入职了字节跳动，岗位是产品运营":
    the title sits in a clause of its own, but holds from the day of the change. Only when the turn
    names a change (``change``) and exactly one day or range that has begun.
    """
    if change.search(ctx.text) is None:
        return facts
    begun = {t.start for t in ctx.times if t.start <= ctx.at and not t.start <= ctx.at < t.end}
    if len(begun) != 1:
        return facts
    when = begun.pop()
    return [
        replace(f, valid_from=when, ends_previous=True)
        if f.predicate in _JOB_FACTS
        and f.valid_from is None
        and f.valid_to is None
        and not _CONTINUING.search(f.evidence_text)
        else f
        for f in facts
    ]


# "…, still at Shopify though": what goes on unchanged does not start with the change.
# ("升了项目经理，单位还是华为": the employer is the same one, still.)
_CONTINUING = re.compile(
    # ("跳槽到拼多多了，还是做运营": the trade kept through the change)
    r"\b(?:still|staying)\b|仍然|仍在|还在|依然|继续|照旧|(?:公司|单位|东家)也?还是|还是(?:做|干)",
    re.IGNORECASE,
)


# People a device may go to who are not family: sold to a colleague, it leaves the speaker's household, and the
# buyer's devices are nobody's business here.
_NOT_KIN = frozenset(
    {"boss", "manager", "friend", "colleague", "roommate", "flatmate", "housemate", "neighbour", "neighbor"}
    | {"assistant", "secretary", "classmate"}
)


def handed_on_to_relative(
    ctx: TurnContext, facts: list[CandidateFact], recipient: re.Pattern[str], relations: Mapping[str, str]
) -> list[CandidateFact]:
    """A device the speaker handed on to a relative is that relative's now, as well as no longer the speaker's.

    "I gave my old iPad to my mum", "the old A52 went to my niece", "旧的P40送给我妈了": the turn says who has it
    now, so the relative's ``owns_device`` is a fact beside the speaker's ending (undated: the turn dates the
    hand-over, not how long the relative will keep it). ``recipient`` finds the hand-over in the language's words,
    its ``rel`` group the relation (a key of ``relations``). Only when the turn ends exactly one device of the
    speaker's and names exactly one recipient, so two devices and two relatives are never paired by guess.
    """
    ended = {f.value for f in facts if f.predicate == "owns_device" and f.subject == ctx.speaker_id and f.valid_to}
    given = {relations.get(m.group("rel").lower()) for m in recipient.finditer(ctx.text)}
    if len(ended) != 1 or len(given) != 1:
        return facts
    (device,), (relation,) = ended, given
    subject = f"{ctx.speaker_id}:{relation}"
    if (
        relation is None
        or relation in _NOT_KIN
        or any(f.subject == subject and f.predicate == "owns_device" for f in facts)
    ):
        return facts
    source = next(f for f in facts if f.predicate == "owns_device" and f.value == device and f.valid_to)
    return [*facts, make_fact(subject, "owns_device", device, f"{source.rule}.handed_on", source.evidence_text)]
