"""The sliding-window policy (seed 000 §2.4): pure decisions, no I/O.

A session's window holds its last ``max_turns`` raw turns, oldest first; appending
past the limit drops the oldest (FIFO). The window expires ``ttl`` after its *last
activity* (sliding expiry, like Redis ``EXPIRE`` refreshed on every append), so a
live conversation keeps its context and an abandoned one is forgotten on its own.
Expiry is half-open: a window last touched at ``t`` is alive on ``[t, t + ttl)``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TypeVar

from palimpsest.core.clock import require_aware
from palimpsest.errors import ConfigError
from palimpsest.types import WindowTurn

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class WindowPolicy:
    """How many turns a session window keeps and how long it outlives its last activity.

    ``ttl=None`` means the window never expires by time (it is still bounded by ``max_turns``).
    """

    max_turns: int = 10
    ttl: timedelta | None = timedelta(hours=24)

    def __post_init__(self) -> None:
        # bool is an int subclass; ``WindowPolicy(max_turns=True)`` is a bug, not a window of one.
        if isinstance(self.max_turns, bool) or not isinstance(self.max_turns, int):
            raise ConfigError(f"max_turns must be an int, got {type(self.max_turns).__name__}")
        if self.max_turns < 1:
            raise ConfigError(f"max_turns must be at least 1, got {self.max_turns}")
        if self.ttl is not None:
            if not isinstance(self.ttl, timedelta):
                raise ConfigError(f"ttl must be a timedelta or None, got {type(self.ttl).__name__}")
            if self.ttl <= timedelta(0):
                raise ConfigError(f"ttl must be positive (or None for no expiry), got {self.ttl}")


def trim(turns: Sequence[T], policy: WindowPolicy) -> list[T]:
    """The newest ``policy.max_turns`` of ``turns`` (given oldest first), still oldest first."""
    return list(turns[-policy.max_turns :])


def expires_at(last_activity: datetime, policy: WindowPolicy) -> datetime | None:
    """When a window last touched at ``last_activity`` stops existing; ``None`` = never."""
    last_activity = require_aware(last_activity, "last_activity")
    return None if policy.ttl is None else last_activity + policy.ttl


def expired(turn_or_last_activity: WindowTurn | datetime, now: datetime, policy: WindowPolicy) -> bool:
    """Whether a window whose last activity was at the given time has expired at ``now``.

    A :class:`WindowTurn` stands for its ``occurred_at`` (useful when the newest turn is
    the last activity); stores pass the time of the last append instead, which is what
    the sliding expiry is defined on.
    """
    last = turn_or_last_activity.occurred_at if isinstance(turn_or_last_activity, WindowTurn) else turn_or_last_activity
    now = require_aware(now, "now")
    end = expires_at(last, policy)
    return end is not None and now >= end


__all__ = ["WindowPolicy", "expired", "expires_at", "trim"]
