"""The sliding-window store: the last N raw turns of each session (DESIGN §1.1, seed 000 §2.4).

One Protocol, one module per backend, chosen by URL:

- ``memory://`` (optionally ``memory://?max_sessions=100000``) — in-process, per API replica;
- ``redis://[:password@]host:port/db`` or ``rediss://…`` — shared by all API replicas.

Contract shared by every backend (enforced by ``tests/contract/test_window.py``):

- ``append`` keeps the newest ``policy.max_turns`` turns of the key (FIFO) and refreshes the
  key's expiry to ``policy.ttl`` after this append (sliding expiry, see ``core.window``);
- ``recent`` returns the newest ``limit`` turns (all when ``None``), oldest first, and nothing
  for an expired or unknown key;
- keys of different tenants, users and sessions never see each other's turns;
- ``clear_user`` removes every window of the user and returns how many live windows it removed.

The window is a cache of raw context, not a record: it is never the only copy of anything
that must survive (episodes are), so losing it (restart, eviction) costs context, not data.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Protocol, cast, runtime_checkable
from urllib.parse import urlsplit

from palimpsest.core.clock import require_aware
from palimpsest.core.window import WindowPolicy
from palimpsest.errors import ConfigError, ValidationError
from palimpsest.types import WindowTurn


@dataclass(frozen=True, slots=True)
class WindowKey:
    """Addresses one session's window. Every part is a non-empty string."""

    tenant: str
    user_id: str
    session_id: str

    def __post_init__(self) -> None:
        for name in ("tenant", "user_id", "session_id"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value:
                raise ValidationError(f"WindowKey.{name} must be a non-empty string, got {value!r}")


@runtime_checkable
class WindowStore(Protocol):
    url: str

    def append(self, key: WindowKey, turns: Sequence[WindowTurn], *, policy: WindowPolicy, now: datetime) -> None:
        """Add ``turns`` (oldest first) to the end of the window; keep the newest ``policy.max_turns``."""
        ...

    def recent(self, key: WindowKey, *, limit: int | None = None, now: datetime) -> list[WindowTurn]:
        """The newest ``limit`` turns of the window (all when ``None``), oldest first."""
        ...

    def clear(self, key: WindowKey) -> None:
        """Drop one session's window (no error when there is none)."""
        ...

    def clear_user(self, tenant: str, user_id: str) -> int:
        """Drop every window of the user (forget); return how many live windows were dropped."""
        ...

    def close(self) -> None: ...


def normalize_turns(turns: Sequence[WindowTurn]) -> list[WindowTurn]:
    """Check what every backend must store identically: strings, and aware times in UTC.

    Done before any backend writes, so a bad turn in a batch leaves the window untouched.
    """
    if isinstance(turns, WindowTurn):
        # A single turn is a Sequence of nothing useful; catching it here gives a clear error.
        raise ValidationError("append takes a sequence of WindowTurn, got a single WindowTurn; wrap it in a list")
    out: list[WindowTurn] = []
    for turn in turns:
        if not isinstance(turn, WindowTurn):
            raise ValidationError(f"window turns must be WindowTurn, got {type(turn).__name__}")
        if not isinstance(turn.role, str) or not isinstance(turn.content, str):
            raise ValidationError("WindowTurn.role and WindowTurn.content must be strings")
        if turn.turn_id is not None and not isinstance(turn.turn_id, str):
            raise ValidationError("WindowTurn.turn_id must be a string or None")
        out.append(replace(turn, occurred_at=require_aware(turn.occurred_at, "WindowTurn.occurred_at")))
    return out


def check_limit(limit: int | None) -> int | None:
    if limit is None:
        return None
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise ValidationError(f"limit must be a non-negative int or None, got {limit!r}")
    return limit


WindowStoreFactory = Callable[[str], WindowStore]

# scheme -> "module:function"; imported only when used, so redis-py stays an optional extra.
_STORES: dict[str, str] = {
    "memory": "palimpsest.storage.window_memory:open_memory_window",
    "redis": "palimpsest.storage.window_redis:open_redis_window",
    "rediss": "palimpsest.storage.window_redis:open_redis_window",
}

_EXTRA_FOR = {"redis": "redis", "rediss": "redis"}


def open_window_store(url: str) -> WindowStore:
    """Open the window store named by ``url`` (``memory://`` or ``redis://host:port/db``)."""
    if not isinstance(url, str) or "://" not in url:
        raise ConfigError(f"not a window store URL: {url!r}; expected memory:// or redis://host:6379/0")
    scheme = urlsplit(url).scheme.lower()
    target = _STORES.get(scheme)
    if target is None:
        known = ", ".join(f"{s}://" for s in sorted(_STORES))
        raise ConfigError(f"unknown window store {scheme!r} in {url!r}; known: {known}")
    module_name, _, func_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        extra = _EXTRA_FOR.get(scheme)
        hint = f" (pip install 'palimpsest[{extra}]')" if extra else ""
        raise ConfigError(f"window store {scheme!r} needs a driver that is not installed: {exc}{hint}") from exc
    factory = cast(WindowStoreFactory, getattr(module, func_name))
    return factory(url)


__all__ = ["WindowKey", "WindowPolicy", "WindowStore", "check_limit", "normalize_turns", "open_window_store"]
