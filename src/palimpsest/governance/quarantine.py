"""Quarantine (seed 003 §6.2): writes the immune system held back.

An item is a turn, a candidate fact or a file, with the findings that held it. It never reaches
the active view; a reviewer (or the user) confirms it — then it is written as if it had
just arrived from a trusted source — or rejects it; unconfirmed items expire
(``RiskPolicy.quarantine_ttl``, 24 h by default). Every decision is audited.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal

from palimpsest.core.clock import require_aware
from palimpsest.errors import NotFoundError, StaleVersionError
from palimpsest.ids import new_id
from palimpsest.types import Record
from palimpsest.write.model import RiskFinding

if TYPE_CHECKING:
    from palimpsest.memory import Memory

QUARANTINE_KIND = "quarantine"
FREEZE_KIND = "session_freeze"
RISK_EVENT_KIND = "risk_event"

ItemStatus = Literal["pending", "confirmed", "rejected", "expired"]


@dataclass(frozen=True, slots=True)
class QuarantineItem:
    id: str
    user_id: str
    session_id: str | None
    item: Literal["turn", "fact", "file"]
    content: str
    findings: tuple[Mapping[str, Any], ...]
    status: str
    created_at: datetime
    expires_at: datetime | None
    payload: Mapping[str, Any]

    @classmethod
    def from_record(cls, record: Record) -> QuarantineItem:
        p = record.payload
        return cls(
            id=record.id,
            user_id=record.user_id or "",
            session_id=p.get("session_id"),
            item=p.get("item", "turn"),
            content=str(p.get("content", "")),
            findings=tuple(p.get("findings", ())),
            status=record.status,
            created_at=record.created_at,
            expires_at=record.expires_at,
            payload=p,
        )


def findings_payload(findings: Sequence[RiskFinding]) -> list[dict[str, Any]]:
    return [{"kind": f.kind, "score": round(f.score, 3), "evidence": f.evidence, "rule": f.rule} for f in findings]


class Quarantine:
    """``Memory.quarantine``."""

    def __init__(self, memory: Memory) -> None:
        self._memory = memory

    def _now(self) -> datetime:
        return require_aware(self._memory.config.clock(), "clock()")

    def hold(
        self,
        *,
        user_id: str,
        session_id: str | None,
        item: Literal["turn", "fact", "file"],
        content: str,
        findings: Sequence[RiskFinding],
        payload: Mapping[str, Any],
    ) -> QuarantineItem:
        """Put a write in quarantine (inside the caller's transaction) and audit it."""
        memory = self._memory
        now = self._now()
        record = Record(
            kind=QUARANTINE_KIND,
            id=new_id("q"),
            tenant=memory.config.tenant,
            payload={
                **payload,
                "item": item,
                "content": content,
                "session_id": session_id,
                "findings": findings_payload(findings),
            },
            created_at=now,
            updated_at=now,
            user_id=user_id,
            status="pending",
            expires_at=now + memory.config.risk_policy.quarantine_ttl,
        )
        with memory.backend.transaction():
            memory.backend.records.put(record)
            memory.audit.record(
                "immune.quarantined",
                f"{user_id}/{session_id or '-'}/{record.id}",
                {"item": item, "findings": record.payload["findings"]},
            )
        return QuarantineItem.from_record(record)

    def items(self, *, user_id: str | None = None, status: ItemStatus | None = "pending") -> list[QuarantineItem]:
        """Quarantine items (pending by default), newest first; expired ones are marked first."""
        self.expire()
        records = self._memory.backend.records.list(
            self._memory.config.tenant, QUARANTINE_KIND, user_id=user_id, status=status
        )
        return [QuarantineItem.from_record(r) for r in records]

    def get(self, item_id: str) -> QuarantineItem:
        record = self._memory.backend.records.get(self._memory.config.tenant, QUARANTINE_KIND, item_id)
        if record is None:
            raise NotFoundError(f"no quarantine item {item_id!r}")
        return QuarantineItem.from_record(record)

    def _decide(self, item_id: str, status: ItemStatus, by: str) -> QuarantineItem:
        memory = self._memory
        record = memory.backend.records.get(memory.config.tenant, QUARANTINE_KIND, item_id)
        if record is None:
            raise NotFoundError(f"no quarantine item {item_id!r}")
        if record.status != "pending":
            raise StaleVersionError(f"quarantine item {item_id!r} is already {record.status}")
        now = self._now()
        if record.expires_at is not None and record.expires_at <= now:
            self.expire()
            raise StaleVersionError(f"quarantine item {item_id!r} expired at {record.expires_at.isoformat()}")
        decided = Record(
            kind=record.kind,
            id=record.id,
            tenant=record.tenant,
            payload={**record.payload, "decided_by": by, "decided_at": now.isoformat()},
            created_at=record.created_at,
            updated_at=now,
            user_id=record.user_id,
            status=status,
            expires_at=record.expires_at,
        )
        with memory.backend.transaction():
            memory.backend.records.put(decided)
            memory.audit.record(f"immune.{status}", f"{record.user_id}/{item_id}", {"by": by})
        return QuarantineItem.from_record(decided)

    def confirm(self, item_id: str, *, by: str = "reviewer") -> QuarantineItem:
        """Release the item: it is written now as a trusted write (turn → episode + extraction)."""
        item = self._decide(item_id, "confirmed", by)
        self._memory.pipeline.release(item)
        return item

    def reject(self, item_id: str, *, by: str = "reviewer") -> QuarantineItem:
        return self._decide(item_id, "rejected", by)

    def expire(self) -> int:
        """Mark pending items past their expiry as expired (audited); returns how many."""
        memory = self._memory
        now = self._now()
        pending = memory.backend.records.list(memory.config.tenant, QUARANTINE_KIND, status="pending")
        stale = [r for r in pending if r.expires_at is not None and r.expires_at <= now]
        if not stale:
            return 0
        with memory.backend.transaction():
            for r in stale:
                memory.backend.records.put(
                    Record(
                        kind=r.kind,
                        id=r.id,
                        tenant=r.tenant,
                        payload=r.payload,
                        created_at=r.created_at,
                        updated_at=now,
                        user_id=r.user_id,
                        status="expired",
                        expires_at=r.expires_at,
                    )
                )
            memory.audit.record("immune.expired", f"{len(stale)} item(s)", {"ids": [r.id for r in stale]})
        return len(stale)

    # -- session freezes (burst of high-risk writes) ------------------------------------------
    def session_frozen(self, user_id: str, session_id: str) -> bool:
        record = self._memory.backend.records.get(self._memory.config.tenant, FREEZE_KIND, f"{user_id}\x1f{session_id}")
        return record is not None and record.status == "frozen"

    def note_risk(self, user_id: str, session_id: str, at: datetime) -> list[datetime]:
        """Record one high-risk write of a session; return the session's recent high-risk times."""
        memory = self._memory
        key = f"{user_id}\x1f{session_id}"
        existing = memory.backend.records.get(memory.config.tenant, RISK_EVENT_KIND, key)
        window = memory.config.risk_policy.burst_window
        times = [datetime.fromisoformat(t) for t in (existing.payload.get("times", []) if existing else [])]
        times = [t for t in times if at - t <= window] + [at]
        memory.backend.records.put(
            Record(
                kind=RISK_EVENT_KIND,
                id=key,
                tenant=memory.config.tenant,
                payload={"times": [t.isoformat() for t in times], "session_id": session_id},
                created_at=existing.created_at if existing else at,
                updated_at=at,
                user_id=user_id,
            )
        )
        return times

    def freeze(self, user_id: str, session_id: str, reason: str) -> None:
        memory = self._memory
        now = self._now()
        memory.backend.records.put(
            Record(
                kind=FREEZE_KIND,
                id=f"{user_id}\x1f{session_id}",
                tenant=memory.config.tenant,
                payload={"session_id": session_id, "reason": reason},
                created_at=now,
                updated_at=now,
                user_id=user_id,
                status="frozen",
            )
        )
        memory.audit.record("immune.session_frozen", f"{user_id}/{session_id}", {"reason": reason})

    def unfreeze(self, user_id: str, session_id: str, *, by: str = "reviewer") -> None:
        memory = self._memory
        with memory.backend.transaction():
            memory.backend.records.delete(memory.config.tenant, FREEZE_KIND, [f"{user_id}\x1f{session_id}"])
            memory.audit.record("immune.session_unfrozen", f"{user_id}/{session_id}", {"by": by})
