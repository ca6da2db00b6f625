"""The sliding-window channel: the last N raw turns of a session, FIFO, with TTL."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from datetime import datetime

from palimpsest.core.window import WindowPolicy
from palimpsest.storage.window import WindowKey, WindowStore, open_window_store
from palimpsest.types import MemoryItem, Turn, WindowTurn


class WindowChannel:
    def __init__(self, url: str, policy: WindowPolicy) -> None:
        self.policy = policy
        self._url = url
        self._store: WindowStore | None = None
        self._lock = threading.Lock()

    @property
    def store(self) -> WindowStore:
        # Opened on first use (Redis may not be needed at all); once, even under concurrent first calls.
        if self._store is None:
            with self._lock:
                if self._store is None:
                    self._store = open_window_store(self._url)
        return self._store

    def append(self, tenant: str, user_id: str, session_id: str, turns: Sequence[Turn], *, now: datetime) -> None:
        window_turns = [WindowTurn(t.role, t.content, t.occurred_at, turn_id=t.id) for t in turns]
        self.store.append(WindowKey(tenant, user_id, session_id), window_turns, policy=self.policy, now=now)

    def recent(
        self, tenant: str, user_id: str, session_id: str, *, now: datetime, limit: int | None = None
    ) -> list[WindowTurn]:
        return self.store.recent(WindowKey(tenant, user_id, session_id), limit=limit, now=now)

    def items(self, tenant: str, user_id: str, session_id: str, *, now: datetime) -> list[MemoryItem]:
        turns = self.recent(tenant, user_id, session_id, now=now)
        count = len(turns)
        return [
            MemoryItem(
                kind="window",
                id=t.turn_id or f"window:{session_id}:{i}",
                content=f"{t.role}: {t.content}",
                # Later turns in the window matter more to the next reply.
                score=0.3 + 0.4 * (i + 1) / max(1, count),
                why=f"turn {i + 1} of the last {count} in this session (sliding window)",
                occurred_at=t.occurred_at,
                session_id=session_id,
            )
            for i, t in enumerate(turns)
        ]

    def clear_user(self, tenant: str, user_id: str) -> int:
        return self.store.clear_user(tenant, user_id)

    def clear_session(self, tenant: str, user_id: str, session_id: str) -> None:
        self.store.clear(WindowKey(tenant, user_id, session_id))

    def close(self) -> None:
        if self._store is not None:
            self._store.close()
            self._store = None
