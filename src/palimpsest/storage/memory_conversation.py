"""``memory://`` stores for episodes, vectors and summaries (the reference implementations)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from datetime import datetime

import numpy as np
from numpy.typing import NDArray

from palimpsest.core.bm25 import InvertedIndex
from palimpsest.errors import ValidationError
from palimpsest.storage.base import SessionInfo
from palimpsest.storage.vector_index import ScopeVectors
from palimpsest.types import Record, Summary, SummaryKind, Turn, TurnHead


def _turn_order(turn: Turn) -> tuple[datetime, str]:
    return (turn.occurred_at, turn.id)


class MemoryTurnStore:
    def __init__(self, lock: threading.RLock, record_undo: Callable[[Callable[[], None]], None]) -> None:
        self._lock = lock
        self._record_undo = record_undo
        self._turns: dict[str, Turn] = {}
        self._lexical: dict[tuple[str, str], InvertedIndex] = {}

    def _live(self, tenant: str, user_id: str) -> list[Turn]:
        return [
            t for t in self._turns.values() if t.tenant == tenant and t.user_id == user_id and t.forgotten_at is None
        ]

    def insert(self, turns: Sequence[Turn], lexical_texts: Sequence[str]) -> None:
        with self._lock:
            for turn, text in zip(turns, lexical_texts, strict=True):
                self._turns[turn.id] = turn
                index = self._lexical.setdefault((turn.tenant, turn.user_id), InvertedIndex())
                index.add(turn.id, text.split())
            inserted = list(turns)

            def undo() -> None:
                for turn in inserted:
                    self._turns.pop(turn.id, None)
                    self._lexical[(turn.tenant, turn.user_id)].remove(turn.id)

            self._record_undo(undo)

    def known_hashes(self, tenant: str, user_id: str, session_id: str, hashes: Sequence[str]) -> set[str]:
        wanted = set(hashes)
        with self._lock:
            return {
                t.content_hash
                for t in self._live(tenant, user_id)
                if t.session_id == session_id and t.content_hash in wanted
            }

    def get(self, tenant: str, ids: Sequence[str]) -> list[Turn]:
        with self._lock:
            found = [self._turns.get(i) for i in ids]
        return [t for t in found if t is not None and t.tenant == tenant and t.forgotten_at is None]

    def heads(self, tenant: str, ids: Sequence[str]) -> list[TurnHead]:
        return [TurnHead(t.id, t.session_id, t.seq, t.recorded_at) for t in self.get(tenant, ids)]

    def next_seq(self, tenant: str, user_id: str, session_id: str) -> int:
        with self._lock:
            positions = [
                t.seq
                for t in self._turns.values()
                if t.tenant == tenant and t.user_id == user_id and t.session_id == session_id
            ]
        return max(positions) + 1 if positions else 0

    def recent(
        self,
        tenant: str,
        user_id: str,
        *,
        session_id: str | None = None,
        limit: int = 10,
        before: datetime | None = None,
    ) -> list[Turn]:
        with self._lock:
            rows = [
                t
                for t in self._live(tenant, user_id)
                if (session_id is None or t.session_id == session_id) and (before is None or t.occurred_at < before)
            ]
        rows.sort(key=_turn_order, reverse=True)
        return rows[:limit]

    def lexical(
        self, tenant: str, user_id: str, terms: Sequence[str], *, limit: int, session_id: str | None = None
    ) -> list[tuple[str, float]]:
        with self._lock:
            index = self._lexical.get((tenant, user_id))
            if index is None:
                return []
            allowed = None
            if session_id is not None:
                allowed = {t.id for t in self._live(tenant, user_id) if t.session_id == session_id}
            return index.search(terms, limit, allowed)

    def sessions(self, tenant: str, user_id: str) -> list[SessionInfo]:
        with self._lock:
            rows = self._live(tenant, user_id)
        grouped: dict[str, list[Turn]] = {}
        for t in rows:
            grouped.setdefault(t.session_id, []).append(t)
        infos = [
            SessionInfo(sid, min(t.occurred_at for t in ts), max(t.occurred_at for t in ts), len(ts))
            for sid, ts in grouped.items()
        ]
        return sorted(infos, key=lambda s: (s.last_at, s.session_id), reverse=True)

    def _select(self, tenant: str, user_id: str, session_id: str | None, turn_ids: Sequence[str] | None) -> list[Turn]:
        ids = set(turn_ids) if turn_ids is not None else None
        return [
            t
            for t in self._turns.values()
            if t.tenant == tenant
            and t.user_id == user_id
            and (session_id is None or t.session_id == session_id)
            and (ids is None or t.id in ids)
        ]

    def forget(
        self, tenant: str, user_id: str, *, session_id: str | None, turn_ids: Sequence[str] | None, at: datetime
    ) -> list[str]:
        with self._lock:
            chosen = [t for t in self._select(tenant, user_id, session_id, turn_ids) if t.forgotten_at is None]
            index = self._lexical.get((tenant, user_id))
            for t in chosen:
                self._turns[t.id] = replace(t, forgotten_at=at)
                if index is not None:
                    index.remove(t.id)
        return sorted(t.id for t in chosen)

    def erase(self, tenant: str, user_id: str, *, session_id: str | None, turn_ids: Sequence[str] | None) -> int:
        with self._lock:
            chosen = self._select(tenant, user_id, session_id, turn_ids)
            index = self._lexical.get((tenant, user_id))
            for t in chosen:
                del self._turns[t.id]
                if index is not None:
                    index.remove(t.id)
        return len(chosen)

    def purge(self, tenant: str, *, forgotten_before: datetime) -> int:
        with self._lock:
            doomed = [
                t.id
                for t in self._turns.values()
                if t.tenant == tenant and t.forgotten_at is not None and t.forgotten_at < forgotten_before
            ]
            for tid in doomed:
                del self._turns[tid]
        return len(doomed)

    def count(self, tenant: str, user_id: str | None = None) -> int:
        with self._lock:
            return sum(
                1
                for t in self._turns.values()
                if t.tenant == tenant and (user_id is None or t.user_id == user_id) and t.forgotten_at is None
            )

    def iter_all(self, tenant: str | None = None, *, batch: int = 1000) -> Iterator[list[Turn]]:
        with self._lock:
            rows = sorted(
                (t for t in self._turns.values() if (tenant is None or t.tenant == tenant) and t.forgotten_at is None),
                key=lambda t: t.id,
            )
        for start in range(0, len(rows), batch):
            yield rows[start : start + batch]


class MemoryVectorStore:
    def __init__(self, lock: threading.RLock, record_undo: Callable[[Callable[[], None]], None]) -> None:
        self._lock = lock
        self._record_undo = record_undo
        self._info: dict[str, tuple[str, int]] = {}
        self._scopes: dict[tuple[str, str, str], ScopeVectors] = {}
        self._owner: dict[tuple[str, str, str], tuple[str, str, str]] = {}

    def space_info(self, space: str) -> tuple[str, int] | None:
        return self._info.get(space)

    def set_space_info(self, space: str, embedder: str, dimension: int) -> None:
        with self._lock:
            self._info[space] = (embedder, dimension)

    def upsert(self, space: str, tenant: str, user_id: str, ids: Sequence[str], vectors: NDArray[np.float32]) -> None:
        with self._lock:
            key = (space, tenant, user_id)
            scope = self._scopes.get(key)
            if scope is None:
                scope = self._scopes[key] = ScopeVectors(int(vectors.shape[1]))
            scope.add(ids, vectors)
            for vid in ids:
                self._owner[(space, tenant, vid)] = key
            added = list(ids)
            self._record_undo(lambda: self.delete(space, tenant, added))

    def search(
        self, space: str, tenant: str, user_id: str, query: NDArray[np.float32], *, limit: int
    ) -> list[tuple[str, float]]:
        scope = self._scopes.get((space, tenant, user_id))
        return scope.search(query, limit) if scope is not None else []

    def get(self, space: str, tenant: str, ids: Sequence[str]) -> dict[str, NDArray[np.float32]]:
        found: dict[str, NDArray[np.float32]] = {}
        with self._lock:
            for vid in ids:
                key = self._owner.get((space, tenant, vid))
                if key is not None:
                    found.update(self._scopes[key].rows([vid]))
        return found

    def delete(self, space: str, tenant: str, ids: Sequence[str]) -> None:
        with self._lock:
            for vid in ids:
                key = self._owner.pop((space, tenant, vid), None)
                if key is not None:
                    self._scopes[key].remove([vid])

    def clear_space(self, space: str) -> None:
        with self._lock:
            self._info.pop(space, None)
            for key in [k for k in self._scopes if k[0] == space]:
                del self._scopes[key]
            for key in [k for k in self._owner if k[0] == space]:
                del self._owner[key]


class MemorySummaryStore:
    def __init__(self, lock: threading.RLock, record_undo: Callable[[Callable[[], None]], None]) -> None:
        self._lock = lock
        self._record_undo = record_undo
        self._rows: dict[tuple[str, str, str, str | None], Summary] = {}

    def upsert(self, summary: Summary) -> None:
        key = (summary.tenant, summary.user_id, summary.kind, summary.session_id)
        with self._lock:
            previous = self._rows.get(key)
            self._rows[key] = summary

            def undo() -> None:
                if previous is None:
                    self._rows.pop(key, None)
                else:
                    self._rows[key] = previous

            self._record_undo(undo)

    def get(self, tenant: str, user_id: str, kind: SummaryKind, session_id: str | None = None) -> Summary | None:
        with self._lock:
            return self._rows.get((tenant, user_id, kind, session_id))

    def for_user(
        self, tenant: str, user_id: str, kind: SummaryKind | None = None, *, limit: int | None = None
    ) -> list[Summary]:
        with self._lock:
            rows = [s for s in self._rows.values() if s.tenant == tenant and s.user_id == user_id]
        rows = [s for s in rows if kind is None or s.kind == kind]
        ordered = sorted(rows, key=lambda s: (s.updated_at, s.id), reverse=True)
        return ordered if limit is None else ordered[:limit]

    def get_by_ids(self, tenant: str, ids: Sequence[str], *, with_covers: bool = True) -> list[Summary]:
        wanted = set(ids)
        with self._lock:
            found = [s for s in self._rows.values() if s.tenant == tenant and s.id in wanted]
        return found if with_covers else [replace(s, covers=()) for s in found]

    def erase(self, tenant: str, user_id: str, *, session_id: str | None = None) -> int:
        with self._lock:
            doomed = [
                k
                for k, s in self._rows.items()
                if s.tenant == tenant and s.user_id == user_id and (session_id is None or s.session_id == session_id)
            ]
            for k in doomed:
                del self._rows[k]
        return len(doomed)


class MemoryRecordStore:
    def __init__(self, lock: threading.RLock, record_undo: Callable[[Callable[[], None]], None]) -> None:
        self._lock = lock
        self._record_undo = record_undo
        self._rows: dict[tuple[str, str, str], Record] = {}

    def _restore(self, key: tuple[str, str, str], previous: Record | None) -> Callable[[], None]:
        def undo() -> None:
            if previous is None:
                self._rows.pop(key, None)
            else:
                self._rows[key] = previous

        return undo

    def put(self, record: Record) -> None:
        # Round-trip through JSON, as the SQL backends do: same errors, same stored shapes.
        try:
            payload = json.loads(json.dumps(dict(record.payload), ensure_ascii=False))
        except (TypeError, ValueError) as exc:
            raise ValidationError(f"record payload must be JSON-serializable: {exc}") from exc
        record = replace(record, payload=payload)
        key = (record.tenant, record.kind, record.id)
        with self._lock:
            previous = self._rows.get(key)
            self._rows[key] = record
            self._record_undo(self._restore(key, previous))

    def get(self, tenant: str, kind: str, record_id: str) -> Record | None:
        with self._lock:
            return self._rows.get((tenant, kind, record_id))

    def list(
        self,
        tenant: str | None,
        kind: str,
        *,
        user_id: str | None = None,
        status: str | None = None,
        limit: int | None = None,
        offset: int = 0,
    ) -> list[Record]:
        with self._lock:
            rows = [
                r
                for (t, k, _), r in self._rows.items()
                if (tenant is None or t == tenant)
                and k == kind
                and (user_id is None or r.user_id == user_id)
                and (status is None or r.status == status)
            ]
        rows.sort(key=lambda r: (r.updated_at, r.id), reverse=True)
        end = None if limit is None else offset + limit
        return rows[offset:end]

    def delete(self, tenant: str, kind: str, ids: Sequence[str]) -> int:
        count = 0
        with self._lock:
            for record_id in ids:
                key = (tenant, kind, record_id)
                previous = self._rows.pop(key, None)
                if previous is not None:
                    count += 1
                    self._record_undo(self._restore(key, previous))
        return count

    def delete_user(self, tenant: str, user_id: str) -> int:
        with self._lock:
            doomed = [k for k, r in self._rows.items() if k[0] == tenant and r.user_id == user_id]
            for key in doomed:
                self._record_undo(self._restore(key, self._rows.pop(key)))
        return len(doomed)
