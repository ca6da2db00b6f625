"""The in-process reference backend (``memory://``). Nothing persists past the process.

Every other backend must behave exactly like this one under the contract suite.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime

from palimpsest.core.temporal import FactKey
from palimpsest.errors import ConflictError, IntegrityError
from palimpsest.storage.base import FactQuery, RelevanceQuery, RetentionFilter
from palimpsest.storage.filters import matches_query, sort_key
from palimpsest.storage.memory_conversation import (
    MemoryRecordStore,
    MemorySummaryStore,
    MemoryTurnStore,
    MemoryVectorStore,
)
from palimpsest.storage.relevance import select_ended, select_relevant
from palimpsest.types import AppliedMigration, AuditEvent, FactVersion


def _restore(table: dict[str, FactVersion], version: FactVersion) -> Callable[[], None]:
    def undo() -> None:
        table[version.id] = version

    return undo


def _forget_key(table: dict[str, FactVersion], version_id: str) -> Callable[[], None]:
    def undo() -> None:
        table.pop(version_id, None)

    return undo


class _State:
    def __init__(self) -> None:
        self.facts: dict[str, FactVersion] = {}
        self.events: dict[str, list[AuditEvent]] = {}
        self.heads: dict[str, tuple[int, str]] = {}


class MemoryBackend:
    """Thread-safe: one re-entrant lock is the transaction; an undo log rolls back."""

    def __init__(self, url: str = "memory://") -> None:
        self.url = url
        self._state = _State()
        self._lock = threading.RLock()
        self._local = threading.local()
        self.facts = MemoryFactStore(self)
        self.audit = MemoryAuditLog(self)
        self.turns = MemoryTurnStore(self._lock, self.record_undo)
        self.vectors = MemoryVectorStore(self._lock, self.record_undo)
        self.summaries = MemorySummaryStore(self._lock, self.record_undo)
        self.records = MemoryRecordStore(self._lock, self.record_undo)

    # -- transactions -------------------------------------------------------------
    def _undo_log(self) -> list[Callable[[], None]] | None:
        log: list[Callable[[], None]] | None = getattr(self._local, "undo", None)
        return log

    def record_undo(self, undo: Callable[[], None]) -> None:
        log = self._undo_log()
        if log is not None:
            log.append(undo)

    @contextmanager
    def transaction(self) -> Iterator[None]:
        with self._lock:
            if self._undo_log() is not None:  # nested: join the outer transaction
                yield
                return
            self._local.undo = []
            try:
                yield
            except BaseException:
                for undo in reversed(self._local.undo):
                    undo()
                raise
            finally:
                self._local.undo = None

    @contextmanager
    def locked(self) -> Iterator[_State]:
        with self._lock:
            yield self._state

    # -- migrations: the in-process store has no schema -------------------------------
    def applied_migrations(self) -> list[AppliedMigration]:
        return []

    def pending_migrations(self) -> list[str]:
        return []

    def migrate(self) -> list[str]:
        return []

    def close(self) -> None:
        with self._lock:
            self._state = _State()
            self.turns = MemoryTurnStore(self._lock, self.record_undo)
            self.vectors = MemoryVectorStore(self._lock, self.record_undo)
            self.summaries = MemorySummaryStore(self._lock, self.record_undo)
        self.records = MemoryRecordStore(self._lock, self.record_undo)


class MemoryFactStore:
    def __init__(self, backend: MemoryBackend) -> None:
        self._backend = backend

    def current_versions(self, key: FactKey) -> list[FactVersion]:
        with self._backend.locked() as state:
            found = [
                v
                for v in state.facts.values()
                if v.tenant == key.tenant
                and v.user_id == key.user_id
                and v.subject == key.subject
                and v.predicate == key.predicate
                and v.is_current
                and v.forgotten_at is None
            ]
        return sorted(found, key=sort_key)

    def current_versions_many(self, keys: Sequence[FactKey]) -> dict[FactKey, list[FactVersion]]:
        wanted = set(keys)
        found: dict[FactKey, list[FactVersion]] = {}
        with self._backend.locked() as state:
            for v in state.facts.values():  # one pass over the store, not one per key
                key = FactKey(v.tenant, v.user_id, v.subject, v.predicate)
                if key in wanted and v.is_current and v.forgotten_at is None:
                    found.setdefault(key, []).append(v)
        for rows in found.values():
            rows.sort(key=sort_key)
        return found

    def insert_versions(self, versions: Sequence[FactVersion]) -> None:
        with self._backend.locked() as state:
            for v in versions:
                state.facts[v.id] = v
                self._backend.record_undo(_forget_key(state.facts, v.id))

    def close_versions(self, ids: Sequence[str], superseded_at: datetime, note: str | None = None) -> None:
        with self._backend.locked() as state:
            for vid in ids:
                old = state.facts[vid]
                state.facts[vid] = replace(old, superseded_at=superseded_at, note=note if note else old.note)
                self._backend.record_undo(_restore(state.facts, old))

    def close_many(self, closes: Sequence[tuple[str, datetime]]) -> None:
        with self._backend.locked() as state:
            stale = [vid for vid, _ in closes if vid not in state.facts or state.facts[vid].superseded_at is not None]
            if stale or len({vid for vid, _ in closes}) != len(closes):
                raise ConflictError(f"{len(stale) or 'some'} of the versions to close are no longer current")
            for vid, superseded_at in closes:
                old = state.facts[vid]
                state.facts[vid] = replace(old, superseded_at=superseded_at)
                self._backend.record_undo(_restore(state.facts, old))

    def get_version(self, tenant: str, version_id: str) -> FactVersion | None:
        with self._backend.locked() as state:
            found = state.facts.get(version_id)
        return found if found is not None and found.tenant == tenant else None

    def query(self, query: FactQuery) -> list[FactVersion]:
        with self._backend.locked() as state:
            rows = sorted((v for v in state.facts.values() if matches_query(v, query)), key=sort_key)
        end = None if query.limit is None else query.offset + query.limit
        return rows[query.offset : end]

    def relevant(self, query: RelevanceQuery) -> list[FactVersion]:
        # The reference selection itself: no index to keep, the words are tokenized (and
        # cached) as the scan meets each version.
        with self._backend.locked() as state:
            versions = list(state.facts.values())
        return select_relevant(versions, query)

    def ended_versions(
        self, tenant: str, user_id: str, subject: str, predicate: str, *, ended_by: datetime, limit: int
    ) -> list[FactVersion]:
        with self._backend.locked() as state:
            versions = list(state.facts.values())
        return select_ended(versions, tenant, user_id, subject, predicate, ended_by, limit)

    def _select(self, tenant: str, user_id: str, subject: str | None, predicate: str | None) -> list[FactVersion]:
        return [
            v
            for v in self._backend._state.facts.values()
            if v.tenant == tenant
            and v.user_id == user_id
            and (subject is None or v.subject == subject)
            and (predicate is None or v.predicate == predicate)
        ]

    def forget(
        self, tenant: str, user_id: str, *, subject: str | None, predicate: str | None, at: datetime
    ) -> list[str]:
        with self._backend.locked() as state:
            chosen = [v for v in self._select(tenant, user_id, subject, predicate) if v.forgotten_at is None]
            for v in chosen:
                state.facts[v.id] = replace(v, forgotten_at=at)
                self._backend.record_undo(_restore(state.facts, v))
        return sorted(v.id for v in chosen)

    def purge(self, tenant: str, *, forgotten_before: datetime) -> int:
        with self._backend.locked() as state:
            doomed = [
                v
                for v in state.facts.values()
                if v.tenant == tenant and v.forgotten_at is not None and v.forgotten_at < forgotten_before
            ]
            self._delete(state, doomed)
        return len(doomed)

    def past_retention(self, tenant: str, retention: RetentionFilter) -> list[FactVersion]:
        with self._backend.locked() as state:
            rows = [
                v
                for v in state.facts.values()
                if v.tenant == tenant and v.forgotten_at is None and retention.expired(v)
            ]
        return sorted(rows, key=sort_key)

    def forget_versions(self, tenant: str, forgets: Sequence[tuple[str, datetime]]) -> list[str]:
        marked: list[str] = []
        with self._backend.locked() as state:
            for version_id, at in forgets:
                v = state.facts.get(version_id)
                if v is None or v.tenant != tenant or v.forgotten_at is not None:
                    continue
                state.facts[v.id] = replace(v, forgotten_at=at)
                self._backend.record_undo(_restore(state.facts, v))
                marked.append(v.id)
        return sorted(marked)

    def erase(self, tenant: str, user_id: str, *, subject: str | None, predicate: str | None) -> int:
        with self._backend.locked() as state:
            doomed = self._select(tenant, user_id, subject, predicate)
            self._delete(state, doomed)
        return len(doomed)

    def _delete(self, state: _State, doomed: list[FactVersion]) -> None:
        for v in doomed:
            del state.facts[v.id]
            self._backend.record_undo(_restore(state.facts, v))

    def count(self, tenant: str) -> int:
        with self._backend.locked() as state:
            return sum(1 for v in state.facts.values() if v.tenant == tenant)


class MemoryAuditLog:
    def __init__(self, backend: MemoryBackend) -> None:
        self._backend = backend

    def lock_head(self, tenant: str) -> AuditEvent | None:
        # The transaction already holds the backend lock. A head that disagrees with the
        # last event means the log was cut or altered: refuse to extend a broken chain
        # (as the SQL backends do) rather than paper over the gap.
        with self._backend.locked() as state:
            events = state.events.get(tenant)
            last = events[-1] if events else None
            recorded = state.heads.get(tenant)
            if (recorded is None) != (last is None) or (
                last is not None and recorded is not None and recorded != (last.seq, last.hash)
            ):
                raise IntegrityError(
                    f"audit chain of tenant {tenant!r} does not end at its recorded head; "
                    "run audit verify before writing"
                )
            return last

    def append(self, event: AuditEvent) -> None:
        with self._backend.locked() as state:
            log = state.events.setdefault(event.tenant, [])
            previous_head = state.heads.get(event.tenant)
            log.append(event)
            state.heads[event.tenant] = (event.seq, event.hash)

            def undo() -> None:
                log.pop()
                if previous_head is None:
                    state.heads.pop(event.tenant, None)
                else:
                    state.heads[event.tenant] = previous_head

            self._backend.record_undo(undo)

    def append_many(self, events: Sequence[AuditEvent]) -> None:
        with self._backend.locked():
            for event in events:
                self.append(event)

    def events(self, tenant: str, *, after_seq: int = 0, limit: int | None = None) -> list[AuditEvent]:
        with self._backend.locked() as state:
            rows = [e for e in state.events.get(tenant, []) if e.seq > after_seq]
        return rows if limit is None else rows[:limit]

    def head(self, tenant: str) -> tuple[int, str] | None:
        with self._backend.locked() as state:
            return state.heads.get(tenant)


def open_memory(url: str, *, migrate: bool = True) -> MemoryBackend:
    # Nothing to migrate: the in-process store has no schema.
    return MemoryBackend(url)
