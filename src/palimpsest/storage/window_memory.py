"""The in-process window store (``memory://``): the reference implementation.

Windows live in this process only, so each API replica has its own; use ``redis://`` when
replicas share sessions. Memory is bounded twice: by ``policy.max_turns`` per window and by
an LRU over windows (``max_sessions``), so a flood of one-shot sessions cannot grow the
process without limit. Expired windows are dropped when touched and swept from the cold end
of the LRU on every write.
"""

from __future__ import annotations

import threading
from collections import OrderedDict, deque
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from urllib.parse import parse_qs, urlsplit

from palimpsest.core.clock import require_aware
from palimpsest.core.window import WindowPolicy, expires_at, trim
from palimpsest.errors import ConfigError
from palimpsest.storage.window import WindowKey, check_limit, normalize_turns
from palimpsest.types import WindowTurn

DEFAULT_MAX_SESSIONS = 100_000


@dataclass(slots=True)
class _Window:
    turns: deque[WindowTurn]
    expires_at: datetime | None
    """Set from the ``now`` of the last append plus the policy's ttl; ``None`` = never."""

    def expired(self, now: datetime) -> bool:
        return self.expires_at is not None and now >= self.expires_at


class MemoryWindowStore:
    """Thread-safe: one lock guards the LRU and the per-user index together."""

    def __init__(self, url: str = "memory://", *, max_sessions: int = DEFAULT_MAX_SESSIONS) -> None:
        if isinstance(max_sessions, bool) or not isinstance(max_sessions, int) or max_sessions < 1:
            raise ConfigError(f"max_sessions must be a positive int, got {max_sessions!r}")
        self.url = url
        self.max_sessions = max_sessions
        self._windows: OrderedDict[WindowKey, _Window] = OrderedDict()
        """Least recently used first."""
        self._by_user: dict[tuple[str, str], set[WindowKey]] = {}
        self._lock = threading.Lock()
        self._latest_now: datetime | None = None
        """The newest ``now`` callers have passed: this store's clock for calls that take no time."""

    def append(self, key: WindowKey, turns: Sequence[WindowTurn], *, policy: WindowPolicy, now: datetime) -> None:
        now = require_aware(now, "now")
        kept = trim(normalize_turns(turns), policy)
        if not kept:
            return  # nothing happened in the session, so there is no activity to refresh
        with self._lock:
            self._observe(now)
            window = self._live(key, now)
            if window is None:
                window = _Window(deque(maxlen=policy.max_turns), None)
                self._windows[key] = window
                self._by_user.setdefault((key.tenant, key.user_id), set()).add(key)
            elif window.turns.maxlen != policy.max_turns:
                # A policy change applies from this append on; deque(..., maxlen) keeps the newest.
                window.turns = deque(window.turns, maxlen=policy.max_turns)
            window.turns.extend(kept)
            window.expires_at = expires_at(now, policy)
            self._windows.move_to_end(key)
            self._sweep(now)

    def recent(self, key: WindowKey, *, limit: int | None = None, now: datetime) -> list[WindowTurn]:
        now = require_aware(now, "now")
        limit = check_limit(limit)
        with self._lock:
            self._observe(now)
            window = self._live(key, now)
            if window is None or limit == 0:
                return []
            # Reading keeps a window warm in the LRU but does not extend its ttl: only new
            # turns are activity, as with Redis, where LRANGE leaves EXPIRE alone.
            self._windows.move_to_end(key)
            turns = list(window.turns)
        return turns if limit is None else turns[-limit:]

    def clear(self, key: WindowKey) -> None:
        with self._lock:
            self._drop(key)

    def clear_user(self, tenant: str, user_id: str) -> int:
        with self._lock:
            keys = self._by_user.pop((tenant, user_id), set())
            live = 0
            for key in keys:
                window = self._windows.pop(key)
                if self._latest_now is None or not window.expired(self._latest_now):
                    live += 1
            return live

    def close(self) -> None:
        with self._lock:
            self._windows.clear()
            self._by_user.clear()

    def __len__(self) -> int:
        """Windows held, expired ones not yet swept included."""
        with self._lock:
            return len(self._windows)

    # -- internals (lock held) ----------------------------------------------------------
    def _observe(self, now: datetime) -> None:
        if self._latest_now is None or now > self._latest_now:
            self._latest_now = now

    def _live(self, key: WindowKey, now: datetime) -> _Window | None:
        window = self._windows.get(key)
        if window is not None and window.expired(now):
            self._drop(key)
            return None
        return window

    def _drop(self, key: WindowKey) -> None:
        if self._windows.pop(key, None) is None:
            return
        user = (key.tenant, key.user_id)
        keys = self._by_user.get(user)
        if keys is not None:
            keys.discard(key)
            if not keys:
                del self._by_user[user]

    def _sweep(self, now: datetime) -> None:
        # The LRU's cold end holds the windows idle longest, so expired ones gather there;
        # each window is dropped at most once, so this stays amortized O(1) per append.
        while self._windows:
            oldest_key, oldest = next(iter(self._windows.items()))
            if not (oldest.expired(now) or len(self._windows) > self.max_sessions):
                break
            self._drop(oldest_key)


def open_memory_window(url: str) -> MemoryWindowStore:
    """``memory://`` or ``memory://?max_sessions=N``."""
    query = parse_qs(urlsplit(url).query, keep_blank_values=True)
    unknown = sorted(set(query) - {"max_sessions"})
    if unknown:
        raise ConfigError(f"unknown option(s) {', '.join(unknown)} in {url!r}; known: max_sessions")
    if "max_sessions" not in query:
        return MemoryWindowStore(url)
    raw = query["max_sessions"][-1]
    try:
        max_sessions = int(raw)
    except ValueError:
        raise ConfigError(f"max_sessions must be an integer in {url!r}, got {raw!r}") from None
    return MemoryWindowStore(url, max_sessions=max_sessions)


__all__ = ["DEFAULT_MAX_SESSIONS", "MemoryWindowStore", "open_memory_window"]
