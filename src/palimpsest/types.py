"""The nouns of palimpsest as frozen dataclasses (DESIGN §2).

Every datetime here is timezone-aware UTC. Intervals are half-open ``[from, to)``;
``None`` as an upper bound means "open". Versions are immutable: a change of belief
is a new row, and the old row's transaction time ends.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final, Literal


class _Now:
    """Sentinel for "the store's current time" (distinct from ``None`` = all time)."""

    _instance: _Now | None = None

    def __new__(cls) -> _Now:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "NOW"

    def __reduce__(self) -> str:
        return "NOW"


NOW: Final = _Now()
"""Default for ``valid_at`` / ``known_at`` / ``valid_from``: the store's clock at call time."""

TimeArg = datetime | None | _Now
"""A point in time for queries: a datetime, ``NOW`` (default) or ``None`` (all time)."""


class Source(enum.IntEnum):
    """Who asserted a fact. Higher wins: a lower source never supersedes a higher current value."""

    SYSTEM_DEFAULT = 0
    AGENT_INFERRED = 1
    AUTH_PROFILE = 2
    USER_COMMAND = 3

    @classmethod
    def parse(cls, value: Source | str | int) -> Source:
        if isinstance(value, Source):
            return value
        if isinstance(value, int):
            return cls(value)
        try:
            return cls[value.strip().upper()]
        except KeyError:
            names = ", ".join(s.name.lower() for s in cls)
            from palimpsest.errors import ValidationError

            raise ValidationError(f"unknown source {value!r}; expected one of: {names}") from None

    @property
    def label(self) -> str:
        return self.name.lower()


class Cardinality(enum.StrEnum):
    """*one*: a new value supersedes the current one. *many*: values accumulate until ended."""

    ONE = "one"
    MANY = "many"


class View(enum.StrEnum):
    """Which rows a read may see (seed 000 §3.4, §5.3)."""

    ACTIVE = "active"
    """What the agent sees: not forgotten, not overridden by a higher source."""
    AUDIT = "audit"
    """Everything still stored, with reasons, forgotten and overridden rows included."""
    COMPLIANCE = "compliance"
    """Only what was forgotten (logically deleted, awaiting purge)."""

    @classmethod
    def parse(cls, value: View | str) -> View:
        if isinstance(value, View):
            return value
        try:
            return cls(value.strip().lower())
        except ValueError:
            from palimpsest.errors import UnknownViewError

            names = ", ".join(v.value for v in cls)
            raise UnknownViewError(f"unknown view {value!r}; expected one of: {names}") from None


class FactStatus(enum.StrEnum):
    ACCEPTED = "accepted"
    """Took part in belief: current until its transaction time ends."""
    OVERRIDDEN = "overridden"
    """Written by a lower source than the current value: kept for audit, never believed."""


@dataclass(frozen=True, slots=True)
class FactVersion:
    """One immutable version of a fact.

    ``valid_from``/``valid_to`` is valid time (when it is true in the world);
    ``recorded_at``/``superseded_at`` is transaction time (when the store believed it).
    """

    id: str
    tenant: str
    user_id: str
    subject: str
    predicate: str
    value: str
    cardinality: Cardinality
    valid_from: datetime
    valid_to: datetime | None
    recorded_at: datetime
    superseded_at: datetime | None
    source: Source
    confidence: float = 1.0
    reason: str = ""
    evidence: tuple[str, ...] = ()
    category: str | None = None
    sensitive: bool = False
    status: FactStatus = FactStatus.ACCEPTED
    note: str = ""
    """Why the store did what it did with this row (overridden, derived by supersession, ...)."""
    value_key: str | None = None
    """Normalized identifier form of ``value`` for exact lookup, when the value is an identifier."""
    derived_from: str | None = None
    """The version this row was derived from (a remnant of a closed interval, a correction)."""
    forgotten_at: datetime | None = None

    @property
    def is_current(self) -> bool:
        """Still believed (transaction time open) and accepted."""
        return self.superseded_at is None and self.status is FactStatus.ACCEPTED

    def valid_at(self, at: datetime) -> bool:
        return self.valid_from <= at and (self.valid_to is None or at < self.valid_to)

    def known_at(self, at: datetime) -> bool:
        return self.recorded_at <= at and (self.superseded_at is None or at < self.superseded_at)


FactOutcome = Literal["created", "superseded", "unchanged", "overridden", "ended", "corrected"]


@dataclass(frozen=True, slots=True)
class FactWrite:
    """What a fact write did: the version that now stands for the call, and the versions it closed."""

    version: FactVersion
    outcome: FactOutcome
    closed: tuple[FactVersion, ...] = ()
    derived: tuple[FactVersion, ...] = ()
    """Remnant copies inserted to keep the parts of closed intervals the write did not cover."""


@dataclass(frozen=True, slots=True)
class AuditEvent:
    """One link of the tamper-evident audit chain (per tenant)."""

    seq: int
    tenant: str
    at: datetime
    actor: str
    action: str
    target: str
    payload_digest: str
    prev_hash: str
    hash: str


@dataclass(frozen=True, slots=True)
class AuditReport:
    ok: bool
    checked: int
    first_broken_seq: int | None = None
    problem: str = ""


@dataclass(frozen=True, slots=True)
class Migration:
    """A named schema step; applied once, inside one transaction, recorded in the store."""

    name: str
    statements: tuple[str, ...] = field(default_factory=tuple)


@dataclass(frozen=True, slots=True)
class AppliedMigration:
    name: str
    applied_at: datetime


# -- conversation memory (episodes, window, summaries, retrieval) ------------------------

Role = Literal["user", "assistant", "system", "tool"]


@dataclass(frozen=True, slots=True)
class Turn:
    """One observed conversation turn (an episode). ``occurred_at`` is when it was said;
    ``recorded_at`` when the store learned of it."""

    id: str
    tenant: str
    user_id: str
    session_id: str
    role: str
    content: str
    occurred_at: datetime
    recorded_at: datetime
    content_hash: str
    agent_id: str | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict)
    tags: tuple[str, ...] = ()
    """Topic and intent tags (seed 002 §4.1)."""
    forgotten_at: datetime | None = None
    seq: int = 0
    """Position of the turn in its session, in the order the store received it (0-based).
    Retrieval uses it to find a turn's neighbours: answers often span adjacent turns."""


@dataclass(frozen=True, slots=True)
class TurnHead:
    """What ranking needs of a candidate turn: where it sits (for its neighbours and session)
    and when it was recorded (for retention). Reading it instead of the whole ``Turn`` spares
    a recall the content, metadata and tags of the ~200 candidates that do not make the result."""

    id: str
    session_id: str
    seq: int
    recorded_at: datetime


@dataclass(frozen=True, slots=True)
class WindowTurn:
    """A raw turn in a session's sliding window (not persisted as an episode by the window)."""

    role: str
    content: str
    occurred_at: datetime
    turn_id: str | None = None
    """The episode id when the turn was also stored as an episode."""


SummaryKind = Literal["session", "user_storyline"]


@dataclass(frozen=True, slots=True)
class SummarySections:
    """The sections of seed 000 §2.3."""

    topic: str = ""
    confirmed_facts: tuple[str, ...] = ()
    open_items: tuple[str, ...] = ()
    entities: tuple[str, ...] = ()
    intent: str = ""
    sentiment: str = ""

    def render(self) -> str:
        lines = [f"Topic: {self.topic}"] if self.topic else []
        if self.confirmed_facts:
            lines.append("Confirmed: " + "; ".join(self.confirmed_facts))
        if self.open_items:
            lines.append("Open: " + "; ".join(self.open_items))
        if self.entities:
            lines.append("Entities: " + ", ".join(self.entities))
        if self.intent:
            lines.append(f"Intent: {self.intent}")
        if self.sentiment:
            lines.append(f"Sentiment: {self.sentiment}")
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Summary:
    id: str
    tenant: str
    user_id: str
    kind: SummaryKind
    sections: SummarySections
    covers: tuple[str, ...]
    """Turn ids summarized."""
    updated_at: datetime
    session_id: str | None = None


ItemKind = Literal["exact", "fact", "episode", "summary", "window", "workflow", "knowledge", "file"]


@dataclass(frozen=True, slots=True)
class MemoryItem:
    """One item of a memory packet or search result, with its provenance."""

    kind: ItemKind
    id: str
    content: str
    score: float
    why: str
    """Human-readable: why this was remembered / retrieved."""
    occurred_at: datetime | None = None
    valid_from: datetime | None = None
    valid_to: datetime | None = None
    source: str | None = None
    status: Literal["current", "history", "n/a"] = "n/a"
    """For facts: whether the packet presents this value as current or as history."""
    session_id: str | None = None
    scores: Mapping[str, float] = field(default_factory=dict)
    """Per-signal scores (lexical, vector, fused, decay, ...)."""


@dataclass(frozen=True, slots=True)
class RoutePlan:
    """What the router decided for a query, and why."""

    query_kind: str
    channels: tuple[str, ...]
    reasons: tuple[str, ...] = ()
    stopped_early: bool = False


@dataclass(frozen=True, slots=True)
class MemoryPacket:
    """Prompt-ready memory for one query: ``text`` for the prompt, ``items`` typed, ``route`` explained."""

    query: str
    text: str
    items: tuple[MemoryItem, ...]
    route: RoutePlan
    tokens: int


@dataclass(frozen=True, slots=True)
class Record:
    """A small governed document (quarantine item, user settings, consent, workflow, ...).

    Typed repositories wrap records per kind; the storage layer only needs this shape.
    """

    kind: str
    id: str
    tenant: str
    payload: Mapping[str, Any]
    created_at: datetime
    updated_at: datetime
    user_id: str | None = None
    status: str = ""
    expires_at: datetime | None = None


__all__ = [
    "NOW",
    "AppliedMigration",
    "AuditEvent",
    "AuditReport",
    "Cardinality",
    "FactOutcome",
    "FactStatus",
    "FactVersion",
    "FactWrite",
    "ItemKind",
    "MemoryItem",
    "MemoryPacket",
    "Migration",
    "Record",
    "Role",
    "RoutePlan",
    "Source",
    "Summary",
    "SummaryKind",
    "SummarySections",
    "TimeArg",
    "Turn",
    "View",
    "WindowTurn",
]
