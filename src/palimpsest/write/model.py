"""The data model of the write path: what extraction produces and what validation decides.

Shared by the rule extractors (English and Chinese), the optional LLM extractor, the
validator, the immune system and the labelled benchmark, so all of them speak one language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

Language = Literal["en", "zh"]

IdentifierKind = Literal["phone", "email", "order_id", "user_id", "amount", "ticket_id"]

Granularity = Literal["instant", "day", "week", "month", "year"]

AnchorKind = Literal["decision", "confirmation", "change", "failure_correction"]
"""Cognitive anchors (seed 002 §3.1): only these moments justify a long-term write."""

RiskKind = Literal["instruction", "prompt_injection", "privilege_claim", "destructive_command", "untrusted_source"]

Severity = Literal["reject", "warn"]


@dataclass(frozen=True, slots=True)
class RelativeTime:
    """A time expression as said, kept so it can be re-resolved at read time
    ("上个月" means a different month next month). ``offset`` counts ``unit``s from the anchor
    (weeks for ``unit="weekday"``). ``write.timeexpr.resolve_relative`` gives the exact rules."""

    unit: Literal["day", "week", "month", "year", "weekday", "hour", "minute"]
    offset: int
    weekday: int | None = None
    """0 = Monday … 6 = Sunday, for "last Monday" / "上周一"."""
    month: int | None = None
    """1–12: a named month inside the year the spec picks ("去年三月", "in March")."""
    day: int | None = None
    """1–31: a named day inside the month the spec picks ("3月5日", "下个月5号")."""
    mode: Literal["calendar", "shift", "most_recent"] = "calendar"
    """``calendar``: the calendar day/week/month/year ``offset`` units away ("上个月", "last week");
    ``shift``: the anchor's day moved by ``offset`` units ("two weeks ago", "三个月前");
    ``most_recent``: the latest named weekday or month not after the anchor ("周一", "in March")."""


@dataclass(frozen=True, slots=True)
class TimeMention:
    """A time expression found in text, resolved against the turn's time.

    ``start``/``end`` is a half-open UTC range: "yesterday" is one day, "上个月" one month.
    """

    text: str
    span: tuple[int, int]
    start: datetime
    end: datetime
    granularity: Granularity
    relative: RelativeTime | None = None
    """Set when the expression is relative to the time it was said."""


@dataclass(frozen=True, slots=True)
class IdentifierMention:
    kind: IdentifierKind
    text: str
    """As written."""
    value: str
    """Normalized (see ``core.identifiers.identifier_key``; amounts as a decimal string)."""
    span: tuple[int, int]
    currency: str | None = None


@dataclass(frozen=True, slots=True)
class CandidateFact:
    """A fact extraction proposes; the validator and the immune system decide its fate."""

    subject: str
    """Whom it is about: the speaker's user id unless the turn names another entity."""
    predicate: str
    value: str
    valid_from: datetime | None = None
    """``None``: from the turn's time."""
    valid_to: datetime | None = None
    lasting: bool = True
    """False for one-off statements ("今天用深色模式"): window only, never a fact."""
    confidence: float = 0.8
    rule: str = ""
    """Which rule (or "llm") produced it: the "why was this remembered" answer."""
    evidence_text: str = ""
    """The words of the turn that support it."""
    ends_previous: bool = False
    """A change ("no longer", "不再", "moved from X"): the previous value's valid time ends."""


@dataclass(frozen=True, slots=True)
class Intent:
    """A request stored as structured intent, not raw wording (seed 002 §3.2)."""

    intent_type: str
    """e.g. data_aggregation, export, query, modify_setting, refund, complaint."""
    time_range: RelativeTime | None = None
    dimensions: tuple[str, ...] = ()
    metric: str | None = None
    output_format: str | None = None
    slots: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Extraction:
    """Everything extracted from one turn."""

    language: Language
    identifiers: tuple[IdentifierMention, ...] = ()
    times: tuple[TimeMention, ...] = ()
    facts: tuple[CandidateFact, ...] = ()
    intents: tuple[Intent, ...] = ()
    topics: tuple[str, ...] = ()
    """Topic tags (business domain: orders, billing, relocation, reports, account, devices, ...)."""
    intent_tags: tuple[str, ...] = ()
    """Intent tags (query, export, modify_setting, complaint, refund, confirm, ...)."""
    anchors: tuple[AnchorKind, ...] = ()
    extractor: str = "rules"


@dataclass(frozen=True, slots=True)
class RiskFinding:
    kind: RiskKind
    score: float
    """0..1; the immune system quarantines at or above its threshold."""
    evidence: str
    rule: str


@dataclass(frozen=True, slots=True)
class Verdict:
    """The validator's decision on one candidate fact."""

    accepted: bool
    severity: Severity | None = None
    code: str | None = None
    """Machine-readable, e.g. MEM_ERR_MISSING_TICKET."""
    message: str = ""
    suggestion: str | None = None
    """For conflicting *many* facts: e.g. "previously owned: iPhone 14; currently owns: Galaxy S23"."""
    plausibility: float = 1.0
    details: Mapping[str, Any] = field(default_factory=dict)
