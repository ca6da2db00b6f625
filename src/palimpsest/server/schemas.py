"""Request and response bodies of the REST API (pydantic; they appear in the OpenAPI at /docs).

Responses are read from the library's dataclasses (``from_attributes``): the models only
choose what is shown and how (sources by name, times in ISO 8601).
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Annotated, Any, Generic, Literal, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from palimpsest.surface import parse_time
from palimpsest.types import Source

T = TypeVar("T")


def _time(value: Any) -> Any:
    # Strings are read like the CLI reads them: a bare date is midnight UTC, a date-time without
    # a timezone is a NaiveDatetimeError (422 MEM_ERR_NAIVE_DATETIME), never a guess.
    return parse_time(value, "time") if isinstance(value, str) else value


Time = Annotated[datetime, BeforeValidator(_time)]


def _label(value: Any) -> Any:
    return value.label if isinstance(value, Source) else value


SourceName = Annotated[str, BeforeValidator(_label)]


class _Out(BaseModel):
    model_config = ConfigDict(from_attributes=True)


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid")


# -- responses ------------------------------------------------------------------------------


class FactOut(_Out):
    id: str
    user_id: str
    subject: str
    predicate: str
    value: str
    cardinality: str
    valid_from: datetime
    valid_to: datetime | None
    recorded_at: datetime
    superseded_at: datetime | None
    source: SourceName
    confidence: float
    reason: str
    evidence: tuple[str, ...]
    category: str | None
    sensitive: bool
    status: str
    note: str
    derived_from: str | None
    forgotten_at: datetime | None


class FactWriteOut(_Out):
    version: FactOut
    outcome: str
    closed: tuple[FactOut, ...]
    derived: tuple[FactOut, ...]


class MaybeFactOut(_Out):
    fact: FactOut | None


class Page(_Out, Generic[T]):
    items: list[T]
    limit: int
    offset: int
    next_offset: int | None
    """Pass as ``offset`` for the next page; ``null`` on the last page."""


class MemoryItemOut(_Out):
    kind: str
    id: str
    content: str
    score: float
    why: str
    occurred_at: datetime | None
    valid_from: datetime | None
    valid_to: datetime | None
    source: str | None
    status: str
    session_id: str | None
    scores: Mapping[str, float]


class RouteOut(_Out):
    query_kind: str
    channels: tuple[str, ...]
    reasons: tuple[str, ...]
    stopped_early: bool


class PacketOut(_Out):
    query: str
    text: str
    items: tuple[MemoryItemOut, ...]
    route: RouteOut
    tokens: int


class TurnOut(_Out):
    id: str
    user_id: str
    session_id: str
    role: str
    content: str
    occurred_at: datetime
    recorded_at: datetime
    tags: tuple[str, ...]
    seq: int


class QuarantineItemOut(_Out):
    id: str
    user_id: str
    session_id: str | None
    item: str
    content: str
    findings: tuple[Mapping[str, Any], ...]
    status: str
    created_at: datetime
    expires_at: datetime | None


class CandidateOut(_Out):
    """A fact the extractor proposed, before the validator and the user's switches had their say."""

    subject: str
    predicate: str
    value: str
    valid_from: datetime | None
    valid_to: datetime | None
    lasting: bool
    confidence: float
    rule: str
    ends_previous: bool


class VerdictOut(_Out):
    """The validator on a fact or a turn: ``code`` and ``message`` say what to ask the user for."""

    accepted: bool
    severity: str | None
    code: str | None
    message: str
    suggestion: str | None
    plausibility: float


class FactDecisionOut(_Out):
    outcome: str
    candidate: CandidateOut
    verdict: VerdictOut | None
    write: FactWriteOut | None
    turn_id: str | None


class AddOut(_Out):
    turns: tuple[TurnOut, ...]
    duplicates: int
    window_only: bool
    quarantined: tuple[QuarantineItemOut, ...]
    facts: tuple[FactDecisionOut, ...]
    findings: tuple[VerdictOut, ...]
    """Rule findings about whole turns (e.g. MEM_ERR_MISSING_TICKET: ask the user for the ticket number)."""
    not_stored: tuple[TurnOut, ...]


class ForgetOut(_Out):
    forgotten: tuple[str, ...]
    erased: int
    hard: bool


class CountOut(_Out):
    count: int


class RetentionOut(_Out):
    now: datetime
    facts: int
    """Fact versions forgotten."""
    turns: int
    """Conversation turns forgotten."""
    summaries: int
    """Summaries erased (derived from a forgotten turn)."""


class AuditEventOut(_Out):
    seq: int
    at: datetime
    actor: str
    action: str
    target: str
    payload_digest: str
    prev_hash: str
    hash: str


class AuditReportOut(_Out):
    ok: bool
    checked: int
    first_broken_seq: int | None
    problem: str


class SwitchesOut(_Out):
    memory: bool
    preferences: bool
    conversations: bool
    files: bool
    consent: Mapping[str, bool] | None


class ExplanationOut(_Out):
    version: FactOut
    turns: tuple[TurnOut, ...]
    rule: str
    recorded_at: datetime
    text: str


class ImportOut(_Out):
    user_id: str
    facts: int
    turns: int
    files: int
    settings: bool


class FileOut(_Out):
    id: str
    user_id: str
    name: str
    media_type: str
    size: int
    sha256: str
    passages: int
    added_at: datetime
    recorded_at: datetime
    source: str
    added_by: str
    agent_id: str | None
    metadata: Mapping[str, Any]
    expires_at: datetime | None
    why: str
    """Who gave the file, when, and until when it is kept."""
    content: str | None = None
    """The text: in ``GET /v1/files/{file_id}`` only."""


class FileDeleteOut(_Out):
    file: FileOut
    passages: int
    hard: bool


class SummaryOut(_Out):
    id: str
    user_id: str
    kind: str
    text: str
    covers: tuple[str, ...]
    updated_at: datetime
    session_id: str | None


class EffectiveFactOut(_Out):
    version: FactOut
    inherited_from: str | None


class TenantOut(_Out):
    name: str
    created_at: datetime


class ApiKeyOut(_Out):
    key_id: str
    tenant: str
    label: str
    created_at: datetime
    revoked: bool


class NewApiKeyOut(ApiKeyOut):
    key: str
    """The key itself: shown once, stored only as a salted hash."""


class SessionOut(_Out):
    session_id: str
    first_at: datetime
    last_at: datetime
    turns: int


class FeedbackSampleOut(_Out):
    id: str
    tenant: str
    query: str
    item_id: str
    useful: bool
    at: datetime
    user_id: str | None


class PrecisionOut(_Out):
    precision: float | None
    """useful / (useful + useless); null without feedback."""
    useful: int
    useless: int
    threshold: float
    alert: bool
    failing: tuple[FeedbackSampleOut, ...]
    """The useless samples, newest first, when ``alert`` is set."""


class OperationLatencyOut(_Out):
    operation: str
    count: int
    p50_ms: float
    p95_ms: float
    p99_ms: float


class TenantHealthOut(_Out):
    tenant: str
    facts: int
    turns: int
    files: int
    rejections: int
    quarantines: int
    precision: PrecisionOut


class HealthOut(_Out):
    at: datetime
    tenants: tuple[TenantHealthOut, ...]
    precision: PrecisionOut
    latency: tuple[OperationLatencyOut, ...]
    counters: Mapping[str, int]


class ErrorDetail(BaseModel):
    code: str
    message: str


class ErrorOut(BaseModel):
    error: ErrorDetail


# -- requests -------------------------------------------------------------------------------


class Message(_In):
    role: Literal["user", "assistant", "system", "tool"] = "user"
    content: str


class AddIn(_In):
    messages: str | Message | list[Message]
    user_id: str
    session_id: str
    at: Time | None = None
    metadata: dict[str, Any] | None = None
    remember: bool = True
    agent_id: str | None = None
    source: str = "user"


class FileIn(_In):
    user_id: str
    name: str
    content: str | None = None
    """The text; or give ``content_base64`` (the raw bytes, which must be UTF-8), not both."""
    content_base64: str | None = None
    media_type: str = "text/plain"
    at: Time | None = None
    metadata: dict[str, Any] | None = None
    source: str = "user"
    agent_id: str | None = None


class RecallIn(_In):
    query: str
    user_id: str
    session_id: str | None = None
    at: Time | None = None
    budget_tokens: int = Field(1500, ge=1, le=32_000)
    temperature: float | None = None


class SearchIn(_In):
    query: str
    user_id: str
    limit: int = Field(10, ge=1, le=100)
    channels: list[str] | None = None
    session_id: str | None = None


class FactSetIn(_In):
    subject: str
    predicate: str
    value: str
    user_id: str | None = None
    valid_from: Time | None = None
    """Default: now (the store's clock)."""
    valid_to: Time | None = None
    source: str = "agent_inferred"
    confidence: float = 1.0
    reason: str = ""
    evidence: list[str] = []
    category: str | None = None
    sensitive: bool | None = None


class FactEndIn(_In):
    user_id: str | None = None
    value: str | None = None
    at: Time | None = None
    """Default: now."""
    reason: str = ""


class FactCorrectIn(_In):
    value: str | None = None
    """The right value; omit to retract the record."""
    reason: str
    source: str = "user_command"


class ForgetIn(_In):
    predicate: str | None = None
    subject: str | None = None
    hard: bool = False
    reason: str = ""


class ForgetSessionIn(_In):
    hard: bool = False


class PurgeIn(_In):
    before: Time | None = None


class ControlsIn(_In):
    memory: bool | None = None
    preferences: bool | None = None
    conversations: bool | None = None
    files: bool | None = None
    consent: dict[str, bool] | None = None


class DecisionIn(_In):
    by: str = "reviewer"


class InheritanceIn(_In):
    source: str
    categories: list[str] = ["preferences"]


class TenantIn(_In):
    name: str


class ApiKeyIn(_In):
    label: str = ""


class TrajectoryIn(_In):
    task: str
    steps: list[dict[str, Any]]
    """[{"action": ..., "params": {...}, "result": ...}], validated by the library."""
    outcome: Literal["success", "failure"] = "success"
    agent_id: str | None = None
    task_type: str | None = None
    user_id: str | None = None


class FeedbackIn(_In):
    useful: bool


class RecallFeedbackIn(_In):
    query: str
    """The query the packet answered."""
    item_id: str
    """The recalled item judged."""
    useful: bool
    user_id: str | None = None


class KnowledgeIn(_In):
    topic: str
    patterns: list[str]
    solution_steps: list[str]
    examples: list[str] = []
    confidence: float = 0.9
    valid_since: Time | None = None


class DistillIn(_In):
    min_users: int = Field(3, ge=1)
    since: Time | None = None


class RulesIn(BaseModel):
    text: str = Field(
        min_length=1,
        max_length=256_000,
        description="The YAML document: a predicate registry file, or a business-rules file.",
    )


class RulesInfoOut(_Out):
    document: str
    sha256: str
    updated_at: datetime
    updated_by: str


class RulesOut(RulesInfoOut):
    text: str
