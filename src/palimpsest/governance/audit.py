"""The tamper-evident audit chain, as pure functions.

Each event's hash covers its own fields and the previous event's hash, so altering or
removing any row breaks every later link. Payloads are stored only as digests: the
audit log proves *that* something was written or forgotten without keeping the data,
so purging a fact never requires rewriting the chain.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any

from palimpsest.types import AuditEvent, AuditReport

GENESIS_HASH = "0" * 64


def payload_digest(payload: Mapping[str, Any]) -> str:
    """A stable SHA-256 of a JSON-able payload (keys sorted, datetimes as ISO strings)."""
    blob = json.dumps(payload, sort_keys=True, default=_json_default, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def _json_default(value: object) -> str:
    if isinstance(value, datetime):
        return value.isoformat()
    return str(value)


def link_hash(
    *, prev_hash: str, seq: int, tenant: str, at: datetime, actor: str, action: str, target: str, digest: str
) -> str:
    fields = [prev_hash, str(seq), tenant, at.isoformat(), actor, action, target, digest]
    return hashlib.sha256("\x1f".join(fields).encode("utf-8")).hexdigest()


def next_event(
    head: AuditEvent | None,
    *,
    tenant: str,
    at: datetime,
    actor: str,
    action: str,
    target: str,
    digest: str,
) -> AuditEvent:
    seq = 1 if head is None else head.seq + 1
    prev = GENESIS_HASH if head is None else head.hash
    # Event times never go backwards along the chain, whatever the clock did.
    if head is not None and at < head.at:
        at = head.at
    return AuditEvent(
        seq=seq,
        tenant=tenant,
        at=at,
        actor=actor,
        action=action,
        target=target,
        payload_digest=digest,
        prev_hash=prev,
        hash=link_hash(
            prev_hash=prev, seq=seq, tenant=tenant, at=at, actor=actor, action=action, target=target, digest=digest
        ),
    )


def verify_chain(events: Iterable[AuditEvent], *, head_seq: int | None, head_hash: str | None) -> AuditReport:
    """Check every link in order; report the first sequence number where the chain breaks.

    ``head_seq``/``head_hash`` are the chain head the store recorded beside the log: they
    reveal a truncated tail, which links alone cannot.
    """
    expected_seq = 1
    prev = GENESIS_HASH
    checked = 0
    last: AuditEvent | None = None
    for event in events:
        if event.seq != expected_seq:
            return AuditReport(False, checked, expected_seq, f"event {expected_seq} is missing")
        if event.prev_hash != prev:
            return AuditReport(False, checked, event.seq, "prev_hash does not match the previous event")
        recomputed = link_hash(
            prev_hash=event.prev_hash,
            seq=event.seq,
            tenant=event.tenant,
            at=event.at,
            actor=event.actor,
            action=event.action,
            target=event.target,
            digest=event.payload_digest,
        )
        if recomputed != event.hash:
            return AuditReport(False, checked, event.seq, "event content does not match its hash")
        checked += 1
        prev = event.hash
        expected_seq += 1
        last = event
    last_seq = last.seq if last else 0
    if head_seq is not None and head_seq != last_seq:
        if head_seq > last_seq:
            return AuditReport(False, checked, last_seq + 1, f"events {last_seq + 1}..{head_seq} are missing")
        return AuditReport(False, checked, head_seq + 1, "events exist past the recorded chain head")
    if head_hash is not None and last is not None and head_hash != last.hash:
        return AuditReport(False, checked, last.seq, "the last event does not match the recorded chain head")
    return AuditReport(True, checked)
