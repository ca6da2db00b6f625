"""Operational health (seed 002 §5.3): recall precision from feedback, write rejections and
quarantines, latency percentiles and store sizes, as one snapshot for the operators' dashboard.

Feedback on recall is stored as records (kind ``recall_feedback``), so every backend keeps it.
:func:`recall_precision` is the pure decision (precision and alert); :func:`snapshot` reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from palimpsest.core.clock import require_aware
from palimpsest.errors import ValidationError
from palimpsest.files import ACTIVE, FILE_KIND
from palimpsest.ids import new_id
from palimpsest.types import Record

if TYPE_CHECKING:
    from palimpsest.memory import Memory

RECALL_FEEDBACK_KIND = "recall_feedback"
REJECTED_ACTION = "validator.rejected"
QUARANTINED_ACTION = "immune.quarantined"
DEFAULT_THRESHOLD = 0.7
DEFAULT_FEEDBACK_WINDOW = 200
AUDIT_WINDOW = 10_000
"""Rejections and quarantines are counted over at most this many of a tenant's latest audit events."""


@dataclass(frozen=True, slots=True)
class FeedbackSample:
    """One verdict on one recalled item: was it useful for the query?"""

    id: str
    tenant: str
    query: str
    item_id: str
    useful: bool
    at: datetime
    user_id: str | None = None


@dataclass(frozen=True, slots=True)
class Precision:
    """Recall precision from feedback: useful / (useful + useless) over the latest samples.

    ``precision`` is ``None`` without samples (no alert then); ``failing`` holds the useless
    samples, newest first, when ``alert`` is set.
    """

    precision: float | None
    useful: int
    useless: int
    threshold: float
    alert: bool
    failing: tuple[FeedbackSample, ...]


@dataclass(frozen=True, slots=True)
class OperationLatency:
    operation: str
    count: int
    p50_ms: float
    p95_ms: float
    p99_ms: float


@dataclass(frozen=True, slots=True)
class TenantHealth:
    tenant: str
    facts: int
    turns: int
    files: int
    """Files remembered: not deleted, not past their retention (what ``files.list`` shows)."""
    rejections: int
    quarantines: int
    precision: Precision


@dataclass(frozen=True, slots=True)
class Health:
    """The dashboard's snapshot: per tenant, overall precision, and this process's latencies."""

    at: datetime
    tenants: tuple[TenantHealth, ...]
    precision: Precision
    latency: tuple[OperationLatency, ...]
    counters: dict[str, int]


def recall_precision(samples: Sequence[FeedbackSample], threshold: float) -> Precision:
    """Precision of ``samples``; the alert is raised when it is below ``threshold``."""
    useful = sum(1 for s in samples if s.useful)
    useless = len(samples) - useful
    precision = useful / len(samples) if samples else None
    alert = precision is not None and precision < threshold
    failing = tuple(s for s in samples if not s.useful) if alert else ()
    return Precision(precision, useful, useless, threshold, alert, failing)


def record_feedback(memory: Memory, query: str, item_id: str, useful: bool, user_id: str | None) -> FeedbackSample:
    for value, name in ((query, "query"), (item_id, "item_id")):
        if not isinstance(value, str) or not value.strip():
            raise ValidationError(f"{name} must be a non-empty string")
    if not isinstance(useful, bool):
        raise ValidationError("useful must be true or false")
    now = require_aware(memory.config.clock(), "clock()")
    record = Record(
        kind=RECALL_FEEDBACK_KIND,
        id=new_id("rf_"),
        tenant=memory.config.tenant,
        payload={"query": query, "item_id": item_id, "useful": useful},
        created_at=now,
        updated_at=now,
        user_id=user_id,
        status="useful" if useful else "useless",
    )
    with memory.backend.transaction():
        memory.backend.records.put(record)
        memory.audit.append("recall.feedback", item_id, record.payload, at=now)
    return _sample(record)


def feedback_samples(memory: Memory, tenant: str, limit: int) -> list[FeedbackSample]:
    """The tenant's latest ``limit`` feedback samples, newest first."""
    records = memory.backend.records.list(tenant, RECALL_FEEDBACK_KIND, limit=limit)
    return [_sample(r) for r in records]


def _sample(record: Record) -> FeedbackSample:
    payload = record.payload
    return FeedbackSample(
        id=record.id,
        tenant=record.tenant,
        query=str(payload["query"]),
        item_id=str(payload["item_id"]),
        useful=bool(payload["useful"]),
        at=record.created_at,
        user_id=record.user_id,
    )


def _event_counts(memory: Memory, tenant: str) -> tuple[int, int]:
    head = memory.backend.audit.head(tenant)
    after = max(0, head[0] - AUDIT_WINDOW) if head else 0
    actions = [e.action for e in memory.backend.audit.events(tenant, after_seq=after)]
    return actions.count(REJECTED_ACTION), actions.count(QUARANTINED_ACTION)


def _file_count(memory: Memory, tenant: str, now: datetime) -> int:
    records = memory.backend.records.list(tenant, FILE_KIND, status=ACTIVE)
    return sum(1 for r in records if r.expires_at is None or r.expires_at > now)


def snapshot(memory: Memory, tenants: Sequence[str], threshold: float, window: int) -> Health:
    if not 0.0 <= threshold <= 1.0:
        raise ValidationError("threshold must be between 0 and 1")
    if window < 1:
        raise ValidationError("window must be at least 1")
    now = require_aware(memory.config.clock(), "clock()")
    rows: list[TenantHealth] = []
    everything: list[FeedbackSample] = []
    for tenant in tenants:
        samples = feedback_samples(memory, tenant, window)
        everything.extend(samples)
        rejections, quarantines = _event_counts(memory, tenant)
        rows.append(
            TenantHealth(
                tenant=tenant,
                facts=memory.backend.facts.count(tenant),
                turns=memory.backend.turns.count(tenant),
                files=_file_count(memory, tenant, now),
                rejections=rejections,
                quarantines=quarantines,
                precision=recall_precision(samples, threshold),
            )
        )
    latest = sorted(everything, key=lambda s: (s.at, s.id), reverse=True)[:window]
    latency = []
    for operation in memory.metrics.operations():
        summary = memory.metrics.latency(operation)
        latency.append(OperationLatency(operation, summary.count, summary.p50_ms, summary.p95_ms, summary.p99_ms))
    return Health(
        at=now,
        tenants=tuple(rows),
        precision=recall_precision(latest, threshold),
        latency=tuple(latency),
        counters=memory.metrics.counter_values(),
    )


__all__ = [
    "DEFAULT_FEEDBACK_WINDOW",
    "DEFAULT_THRESHOLD",
    "FeedbackSample",
    "Health",
    "OperationLatency",
    "Precision",
    "TenantHealth",
    "recall_precision",
]
