"""The pure sliding-window policy: validation, FIFO trim, sliding ttl expiry (table-driven)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone
from typing import Any

import pytest

from palimpsest.core.window import WindowPolicy, expired, expires_at, trim
from palimpsest.errors import ConfigError, NaiveDatetimeError
from palimpsest.types import WindowTurn

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)


def test_defaults_are_ten_turns_and_a_day() -> None:
    assert WindowPolicy() == WindowPolicy(max_turns=10, ttl=timedelta(hours=24))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"max_turns": 0}, "at least 1"),
        ({"max_turns": -3}, "at least 1"),
        ({"max_turns": True}, "must be an int"),
        ({"max_turns": 2.5}, "must be an int"),
        ({"ttl": timedelta(0)}, "must be positive"),
        ({"ttl": timedelta(seconds=-1)}, "must be positive"),
        ({"ttl": 60}, "must be a timedelta"),
    ],
)
def test_invalid_policies_are_config_errors(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        WindowPolicy(**kwargs)


@pytest.mark.parametrize(
    "kwargs",
    [{"max_turns": 1}, {"max_turns": 10_000}, {"ttl": None}, {"ttl": timedelta(microseconds=1)}],
)
def test_valid_edge_policies(kwargs: dict[str, Any]) -> None:
    WindowPolicy(**kwargs)


def test_policy_is_frozen() -> None:
    policy = WindowPolicy()
    with pytest.raises(AttributeError):
        policy.max_turns = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    ("turns", "max_turns", "kept"),
    [
        ([], 3, []),
        ([1], 3, [1]),
        ([1, 2, 3], 3, [1, 2, 3]),
        ([1, 2, 3, 4], 3, [2, 3, 4]),
        ([1, 2, 3, 4, 5, 6, 7], 1, [7]),
        (list(range(25)), 10, list(range(15, 25))),
    ],
)
def test_trim_keeps_the_newest_in_order(turns: list[int], max_turns: int, kept: list[int]) -> None:
    assert trim(turns, WindowPolicy(max_turns=max_turns)) == kept


def test_trim_returns_a_new_list() -> None:
    turns = [1, 2]
    out = trim(turns, WindowPolicy())
    assert out == turns
    assert out is not turns


@pytest.mark.parametrize(
    ("last_activity", "now", "ttl", "is_expired"),
    [
        (T0, T0, HOUR, False),
        (T0, T0 + HOUR - timedelta(microseconds=1), HOUR, False),
        (T0, T0 + HOUR, HOUR, True),  # half-open: alive on [last, last + ttl)
        (T0, T0 + 2 * HOUR, HOUR, True),
        (T0, T0 - HOUR, HOUR, False),  # a clock behind the last activity is not "later"
        (T0, T0 + timedelta(days=3650), None, False),  # no ttl: never by time
        (T0, (T0 + HOUR).astimezone(timezone(timedelta(hours=8))), HOUR, True),  # offsets compare as instants
    ],
)
def test_expired_is_sliding_from_last_activity(
    last_activity: datetime, now: datetime, ttl: timedelta | None, is_expired: bool
) -> None:
    assert expired(last_activity, now, WindowPolicy(ttl=ttl)) is is_expired


def test_a_turn_stands_for_its_time() -> None:
    turn = WindowTurn(role="user", content="你好", occurred_at=T0)
    policy = WindowPolicy(ttl=HOUR)
    assert not expired(turn, T0 + timedelta(minutes=59), policy)
    assert expired(turn, T0 + HOUR, policy)


@pytest.mark.parametrize(("ttl", "end"), [(HOUR, T0 + HOUR), (None, None)])
def test_expires_at(ttl: timedelta | None, end: datetime | None) -> None:
    assert expires_at(T0, WindowPolicy(ttl=ttl)) == end


@pytest.mark.parametrize(
    ("last_activity", "now"),
    [(datetime(2026, 1, 1), T0), (T0, datetime(2026, 1, 1))],
)
def test_naive_times_are_rejected(last_activity: datetime, now: datetime) -> None:
    with pytest.raises(NaiveDatetimeError):
        expired(last_activity, now, WindowPolicy())
