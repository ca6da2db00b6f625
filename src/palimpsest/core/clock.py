"""Time helpers: every datetime that enters the store is aware and UTC."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from palimpsest.errors import NaiveDatetimeError

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
ONE_MICROSECOND = timedelta(microseconds=1)


def utc_now() -> datetime:
    return datetime.now(UTC)


def require_aware(value: datetime, name: str) -> datetime:
    """Return ``value`` in UTC; a naive datetime is ambiguous, so it is an error, never a guess."""
    if not isinstance(value, datetime):
        raise NaiveDatetimeError(f"{name} must be a datetime, got {type(value).__name__}")
    if value.tzinfo is None or value.tzinfo.utcoffset(value) is None:
        raise NaiveDatetimeError(
            f"{name}={value.isoformat()} has no timezone; pass an aware datetime "
            "(e.g. datetime(..., tzinfo=timezone.utc))"
        )
    return value.astimezone(UTC)


def to_micros(value: datetime) -> int:
    """Microseconds since the epoch: exact, sortable, index-friendly."""
    delta = value - EPOCH
    return (delta.days * 86_400 + delta.seconds) * 1_000_000 + delta.microseconds


def from_micros(value: int) -> datetime:
    return EPOCH + timedelta(microseconds=value)
