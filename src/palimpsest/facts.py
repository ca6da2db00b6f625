"""``Memory.facts``: the bi-temporal fact store API (DESIGN §3).

The flow of every write: validate input → open one transaction → lock the tenant's
audit head (serializes writers) → read the current versions of the key → let
``core.temporal`` plan → apply the plan → append an audit event. What a call
returned is committed.

``set`` is ``set_many`` with one item: a batch reads the current versions of all its keys
at once, plans item by item against an in-memory overlay of what earlier items did, and
writes closes, inserts and audit events with one statement each.
"""

from __future__ import annotations

import builtins
import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from json.encoder import encode_basestring
from typing import TYPE_CHECKING, TypeVar

from palimpsest.core import temporal
from palimpsest.core.clock import require_aware
from palimpsest.core.identifiers import identifier_key
from palimpsest.errors import ConflictError, NotFoundError, StaleVersionError, ValidationError
from palimpsest.governance.audit import next_event, payload_digest
from palimpsest.ids import new_id
from palimpsest.storage.base import Backend, FactQuery, RetentionFilter
from palimpsest.storage.filters import sort_key
from palimpsest.types import NOW, AuditEvent, FactVersion, FactWrite, Source, TimeArg, View, _Now

if TYPE_CHECKING:
    from palimpsest.memory import Memory

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class FactInput:
    """One fact to write with :meth:`Facts.set_many` (same meaning as :meth:`Facts.set`'s arguments)."""

    subject: str
    predicate: str
    value: str
    user_id: str | None = None
    valid_from: datetime | _Now = NOW
    valid_to: datetime | None = None
    source: Source | str = Source.AGENT_INFERRED
    confidence: float = 1.0
    reason: str = ""
    evidence: Sequence[str] = ()
    category: str | None = None
    sensitive: bool | None = None


def _value_digest(value: str) -> str:
    """``payload_digest({"value": value})``, without a general JSON encode per fact.

    ``encode_basestring`` is exactly what ``json.dumps(..., ensure_ascii=False)`` emits for a
    string, so the digest (and so the audit event) is byte-for-byte what it always was.
    """
    return hashlib.sha256(('{"value":' + encode_basestring(value) + "}").encode("utf-8")).hexdigest()


class _BatchOverlay:
    """A batch's view of the current versions: what the store held when the batch started,
    changed by the plans of the batch's earlier items; and what the batch will write.

    A version inserted by an earlier item and closed by a later one is held in ``inserts``
    already closed (never inserted, then updated), so the flush "close pre-existing rows, then
    insert" never puts two overlapping current rows in the table, not even for a moment.
    """

    def __init__(self, current: dict[temporal.FactKey, list[FactVersion]]) -> None:
        self._current = current
        self.closes: dict[str, datetime] = {}
        """Pre-existing rows to close: id -> superseded_at."""
        self.inserts: dict[str, FactVersion] = {}
        """Rows to insert, in plan order (by id, so a later close can replace the pending row)."""
        self.events: list[AuditEvent] = []

    def current(self, key: temporal.FactKey) -> list[FactVersion]:
        return self._current.get(key, [])

    def apply(self, key: temporal.FactKey, plan: temporal.WritePlan) -> None:
        closed = {v.id for v in plan.close}
        for v in plan.close:
            assert v.superseded_at is not None  # a closed version always has its transaction end
            if v.id in self.inserts:
                self.inserts[v.id] = v
            else:
                self.closes[v.id] = v.superseded_at
        rows = [v for v in self.current(key) if v.id not in closed]
        for v in plan.insert:
            self.inserts[v.id] = v
            if v.is_current:
                rows.append(v)
        # The order the store returns current versions in: plans see exactly what a fresh read would.
        rows.sort(key=sort_key)
        self._current[key] = rows


class Facts:
    def __init__(self, memory: Memory) -> None:
        self._memory = memory

    # -- helpers --------------------------------------------------------------------
    @property
    def _backend(self) -> Backend:
        return self._memory.backend

    def _now(self) -> datetime:
        return require_aware(self._memory.config.clock(), "clock()")

    def _point(self, value: TimeArg, name: str) -> datetime | None:
        if isinstance(value, _Now):
            return self._now()
        if value is None:
            return None
        return require_aware(value, name)

    def _write(self, action: Callable[[], T]) -> T:
        """Run a write transaction, retrying when it lost a race to another writer."""
        attempts = self._memory.config.write_retries + 1
        for attempt in range(attempts):
            try:
                with self._backend.transaction():
                    return action()
            except StaleVersionError:
                raise  # the caller addressed an old version: retrying cannot help
            except ConflictError:
                if attempt == attempts - 1:
                    raise
        raise AssertionError("unreachable")

    def _lock(self) -> AuditEvent | None:
        """First statement of every write transaction: serializes this tenant's writers."""
        head: AuditEvent | None = self._backend.audit.lock_head(self._memory.config.tenant)
        return head

    def _audit(
        self, head: AuditEvent | None, action: str, target: str, payload: dict[str, object], at: datetime
    ) -> AuditEvent:
        """Append the next link of the chain; return it (the new head)."""
        memory = self._memory
        event = next_event(
            head,
            tenant=memory.config.tenant,
            at=at,
            actor=memory.config.actor,
            action=action,
            target=target,
            digest=payload_digest(payload),
        )
        self._backend.audit.append(event)
        return event

    def _build(self, item: FactInput, recorded_at: datetime) -> FactVersion:
        temporal.check_names(item.subject, item.predicate)
        if not isinstance(item.value, str) or not item.value.strip():
            raise ValidationError("value must be a non-empty string")
        if not 0.0 <= item.confidence <= 1.0:
            raise ValidationError("confidence must be between 0 and 1")
        user_id = item.user_id if item.user_id is not None else item.subject
        if not user_id.strip():
            raise ValidationError("user_id must be a non-empty string")
        valid_from = recorded_at if isinstance(item.valid_from, _Now) else require_aware(item.valid_from, "valid_from")
        valid_to = None if item.valid_to is None else require_aware(item.valid_to, "valid_to")
        temporal.check_interval(valid_from, valid_to)
        spec = self._memory.config.predicates.get(item.predicate)
        return FactVersion(
            id=new_id("f"),
            tenant=self._memory.config.tenant,
            user_id=user_id,
            subject=item.subject,
            predicate=item.predicate,
            value=item.value.strip(),
            cardinality=spec.cardinality,
            valid_from=valid_from,
            valid_to=valid_to,
            recorded_at=recorded_at,
            superseded_at=None,
            source=Source.parse(item.source),
            confidence=float(item.confidence),
            reason=item.reason,
            evidence=tuple(item.evidence),
            category=item.category if item.category is not None else spec.category,
            sensitive=item.sensitive if item.sensitive is not None else spec.sensitive,
            value_key=identifier_key(item.value, spec.identifier),
        )

    def _apply(self, plan: temporal.WritePlan) -> None:
        facts = self._backend.facts
        if plan.close:
            closed_at = plan.close[0].superseded_at
            assert closed_at is not None  # a closed version always has its transaction end
            facts.close_versions([v.id for v in plan.close], closed_at)
        if plan.insert:
            facts.insert_versions(plan.insert)

    def _plan_item(
        self, overlay: _BatchOverlay, item: FactInput, draft: FactVersion, head: AuditEvent | None
    ) -> tuple[FactWrite, AuditEvent | None]:
        """Plan one validated ``draft`` against the batch's overlay; return it and the new chain head.

        The draft's ``recorded_at`` is only provisional: the transaction time is read here.
        """
        key = temporal.key_of(draft)
        rivals = temporal.contenders(draft, overlay.current(key))
        recorded_at = temporal.transaction_time(self._now(), rivals)
        if recorded_at != draft.recorded_at:
            valid_from = recorded_at if isinstance(item.valid_from, _Now) else draft.valid_from
            draft = replace(draft, recorded_at=recorded_at, valid_from=valid_from)
        plan = temporal.plan_set(draft, rivals, new_id=lambda: new_id("f"))
        if plan.outcome == "unchanged":
            return FactWrite(version=plan.version, outcome="unchanged"), head
        overlay.apply(key, plan)
        memory = self._memory
        payload = {
            "version": plan.version.id,
            "closed": [v.id for v in plan.close],
            "inserted": [v.id for v in plan.insert],
            "value_sha256": _value_digest(draft.value),
            "source": draft.source.label,
            "reason": draft.reason,
        }
        head = next_event(
            head,
            tenant=memory.config.tenant,
            at=recorded_at,
            actor=memory.config.actor,
            action=f"fact.{plan.outcome}",
            target=f"{draft.user_id}/{draft.subject}/{draft.predicate}",
            digest=payload_digest(payload),
        )
        overlay.events.append(head)
        write = FactWrite(version=plan.version, outcome=plan.outcome, closed=plan.close, derived=plan.derived)
        return write, head

    def _set_batch(self, batch: Sequence[FactInput], drafts: Sequence[FactVersion]) -> list[FactWrite]:
        """Inside one transaction: lock, read every key once, plan in order, flush in three statements."""
        self._lock()
        keys = list(dict.fromkeys(temporal.key_of(d) for d in drafts))
        current = self._without_expired(self._backend.facts.current_versions_many(keys))
        head = self._lock()  # forgetting expired versions may have extended the chain
        overlay = _BatchOverlay(current)
        writes: list[FactWrite] = []
        for item, draft in zip(batch, drafts, strict=True):
            write, head = self._plan_item(overlay, item, draft, head)
            writes.append(write)
        # Close pre-existing rows first, then insert: every row inserted current stays current
        # at the end of the batch, so no prefix of the flush can overlap (trigger / exclusion).
        self._backend.facts.close_many(list(overlay.closes.items()))
        self._backend.facts.insert_versions(list(overlay.inserts.values()))
        self._backend.audit.append_many(overlay.events)
        return writes

    def _without_expired(
        self, current: dict[temporal.FactKey, list[FactVersion]]
    ) -> dict[temporal.FactKey, list[FactVersion]]:
        """``current`` without the versions past their retention, which are forgotten now (inside
        the caller's write transaction, after the lock): a restated value then starts afresh,
        and an expired value is never carried into a fresh remnant by a supersession."""
        now = self._now()
        retention = self._memory.retention
        expired = retention.expired_facts([v for rows in current.values() for v in rows], now)
        if not expired:
            return current
        retention.forget_facts(expired, now)
        gone = {v.id for v, _ in expired}
        return {key: [v for v in rows if v.id not in gone] for key, rows in current.items()}

    # -- writes -----------------------------------------------------------------------
    def set(
        self,
        subject: str,
        predicate: str,
        value: str,
        *,
        user_id: str | None = None,
        valid_from: datetime | _Now = NOW,
        valid_to: datetime | None = None,
        source: Source | str = Source.AGENT_INFERRED,
        confidence: float = 1.0,
        reason: str = "",
        evidence: Sequence[str] = (),
        category: str | None = None,
        sensitive: bool | None = None,
    ) -> FactWrite:
        """Assert ``subject predicate value`` valid from ``valid_from`` (default: now).

        ``user_id`` (default: ``subject``) is the owner of the memory. For a *one*
        predicate the current value is superseded (its valid time closed at
        ``valid_from``, nothing overwritten); a lower ``source`` than the current
        value's is kept for audit only (outcome ``overridden``).
        """
        item = FactInput(
            subject,
            predicate,
            value,
            user_id,
            valid_from,
            valid_to,
            source,
            confidence,
            reason,
            evidence,
            category,
            sensitive,
        )
        return self.set_many([item])[0]

    def set_many(self, items: Iterable[FactInput]) -> list[FactWrite]:
        """Write many facts in ONE transaction (all or nothing), in order.

        The result is what writing the items one by one with :meth:`set` would give (same
        outcomes, versions and audit events), but the current versions of all keys are read
        in one statement and the rows and events are written in one statement each.
        """
        batch = list(items)
        now = self._now()
        # Validate everything before the transaction starts so bad input anywhere writes nothing;
        # the drafts are then written as built.
        drafts = [self._build(item, now) for item in batch]
        if not drafts:
            return []
        return self._write(lambda: self._set_batch(batch, drafts))

    def end(
        self,
        subject: str,
        predicate: str,
        *,
        user_id: str | None = None,
        value: str | None = None,
        at: datetime | _Now = NOW,
        reason: str = "",
    ) -> FactWrite:
        """The fact stops being true at ``at`` (valid time ends; history is kept)."""
        temporal.check_names(subject, predicate)
        owner = user_id if user_id is not None else subject
        end_at = self._now() if isinstance(at, _Now) else require_aware(at, "at")
        tenant = self._memory.config.tenant

        def run() -> FactWrite:
            self._lock()
            key = temporal.FactKey(tenant, owner, subject, predicate)
            current = self._without_expired({key: self._backend.facts.current_versions(key)}).get(key, [])
            head = self._lock()  # forgetting expired versions may have extended the chain
            if value is not None:
                wanted = temporal.normalize_value(value)
                current = [v for v in current if temporal.normalize_value(v.value) == wanted]
            now = temporal.transaction_time(self._now(), current)
            plan = temporal.plan_end(current, at=end_at, now=now, reason=reason, new_id=lambda: new_id("f"))
            self._apply(plan)
            self._audit(
                head,
                "fact.ended",
                f"{owner}/{subject}/{predicate}",
                {"closed": [v.id for v in plan.close], "inserted": [v.id for v in plan.insert], "at": end_at},
                now,
            )
            return FactWrite(version=plan.version, outcome="ended", closed=plan.close, derived=plan.derived)

        return self._write(run)

    def correct(
        self,
        version_id: str,
        value: str | None = None,
        *,
        reason: str = "",
        source: Source | str = Source.USER_COMMAND,
    ) -> FactWrite:
        """The recorded version was wrong: end its transaction time (valid time is untouched).

        With ``value``, a replacement with the same valid interval is recorded.
        """
        if value is not None and not value.strip():
            raise ValidationError("value must be a non-empty string")
        tenant = self._memory.config.tenant
        fixed_source = Source.parse(source)

        def run() -> FactWrite:
            head = self._lock()
            wrong = self._backend.facts.get_version(tenant, version_id)
            if wrong is None:
                raise NotFoundError(f"no fact version {version_id!r}")
            if self._memory.retention.expired_facts([wrong], self._now()):
                raise StaleVersionError(f"fact version {version_id!r} is past its retention")
            if not wrong.is_current or wrong.forgotten_at is not None:
                raise StaleVersionError(f"fact version {version_id!r} is no longer current; correct the current one")
            now = temporal.transaction_time(self._now(), [wrong])
            spec = self._memory.config.predicates.get(wrong.predicate)
            plan = temporal.plan_correct(
                wrong,
                now=now,
                value=value.strip() if value is not None else None,
                source=fixed_source,
                reason=reason,
                new_id=lambda: new_id("f"),
                value_key=identifier_key(value, spec.identifier) if value is not None else None,
            )
            self._backend.facts.close_versions([wrong.id], now, note=plan.close[0].note)
            if plan.insert:
                self._backend.facts.insert_versions(plan.insert)
            self._audit(
                head,
                "fact.corrected",
                f"{wrong.user_id}/{wrong.subject}/{wrong.predicate}",
                {"closed": wrong.id, "inserted": [v.id for v in plan.insert], "reason": reason},
                now,
            )
            return FactWrite(version=plan.version, outcome="corrected", closed=plan.close)

        return self._write(run)

    # -- reads ------------------------------------------------------------------------
    def list(
        self,
        *,
        user_id: str | None = None,
        subject: str | None = None,
        predicate: str | None = None,
        valid_at: TimeArg = NOW,
        known_at: TimeArg = NOW,
        view: View | str = View.ACTIVE,
        limit: int | None = None,
        offset: int = 0,
        exclude_predicates: Sequence[str] = (),
    ) -> list[FactVersion]:
        """Versions matching the filters, as of ``valid_at`` / ``known_at`` (``None`` = all time)."""
        owner = user_id if user_id is not None else subject
        if owner is None or not owner.strip():
            raise ValidationError("list() needs user_id (or subject, which then names the user)")
        if (limit is not None and limit < 0) or offset < 0:
            raise ValidationError("limit and offset must not be negative")
        parsed_view = View.parse(view)
        query = FactQuery(
            tenant=self._memory.config.tenant,
            user_id=owner,
            subject=subject,
            predicate=predicate,
            valid_at=self._point(valid_at, "valid_at"),
            known_at=self._point(known_at, "known_at"),
            view=parsed_view,
            limit=limit,
            offset=offset,
            exclude_predicates=tuple(exclude_predicates),
            retention=self._retention_filter(parsed_view, predicate),
        )
        return self._live(self._backend.facts.query(query), query)

    def _retention_filter(self, view: View, predicate: str | None) -> RetentionFilter | None:
        """The store-side retention filter of a read in ``view``: the active view leaves out
        versions past their retention even before a sweep has forgotten them."""
        return self._memory.retention.filter(self._now(), predicate) if view is View.ACTIVE else None

    def _live(self, found: builtins.list[FactVersion], query: FactQuery) -> builtins.list[FactVersion]:
        """``found`` without remnants past their retention (their clock is their original's,
        which the store-side filter cannot see)."""
        if query.retention is None:
            return found
        return self._memory.retention.live_facts(found, query.retention.now)

    def get(
        self,
        subject: str,
        predicate: str,
        *,
        user_id: str | None = None,
        valid_at: TimeArg = NOW,
        known_at: TimeArg = NOW,
        view: View | str = View.ACTIVE,
    ) -> FactVersion | None:
        """The value of ``subject predicate`` as of the given times, or ``None``.

        For *many* predicates (use :meth:`list` for all values) the latest-starting value is returned.
        """
        temporal.check_names(subject, predicate)
        rows = self.list(
            user_id=user_id, subject=subject, predicate=predicate, valid_at=valid_at, known_at=known_at, view=view
        )
        if not rows:
            return None
        return max(rows, key=lambda v: (v.valid_from, v.recorded_at, v.id))

    def history(
        self,
        subject: str,
        predicate: str | None = None,
        *,
        user_id: str | None = None,
        view: View | str = View.AUDIT,
    ) -> builtins.list[FactVersion]:
        """Every version on both time axes, oldest record first (then by valid time)."""
        if not isinstance(subject, str) or not subject.strip():
            raise ValidationError("subject must be a non-empty string")
        rows = self.list(user_id=user_id, subject=subject, predicate=predicate, valid_at=None, known_at=None, view=view)
        return sorted(rows, key=lambda v: (v.recorded_at, v.valid_from, v.id))

    def version(self, version_id: str) -> FactVersion:
        found = self._backend.facts.get_version(self._memory.config.tenant, version_id)
        if found is None:
            raise NotFoundError(f"no fact version {version_id!r}")
        return found
