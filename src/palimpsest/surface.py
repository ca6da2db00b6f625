"""What every surface (CLI, REST, MCP) shares: reading times from text and writing results as JSON.

Times are ISO 8601 with a timezone (``2026-07-01T09:00+08:00``, ``2026-07-01T01:00Z``) or a bare
date (``2026-07-01``), which means midnight UTC. A date-time without a timezone is ambiguous and
therefore an error, never a guess.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from datetime import UTC, datetime

from palimpsest.errors import NaiveDatetimeError, ValidationError
from palimpsest.types import NOW, Source, TimeArg

TIME_FORMS = (
    "ISO 8601 with a timezone (2026-07-01T09:00+08:00, 2026-07-01T01:00Z) or a date (2026-07-01 = midnight UTC)"
)

_DATE_ONLY = re.compile(r"\d{4}-?\d{2}-?\d{2}")


def parse_time(text: str, option: str) -> datetime:
    """An aware UTC datetime from ``text``; a bare date is midnight UTC, a naive date-time an error."""
    raw = text.strip()
    try:
        parsed = datetime.fromisoformat(raw)
    except ValueError:
        raise ValidationError(f"{option} {text!r} is not a time: expected {TIME_FORMS}") from None
    if _DATE_ONLY.fullmatch(raw):
        return parsed.replace(tzinfo=UTC)
    if parsed.tzinfo is None or parsed.utcoffset() is None:
        raise NaiveDatetimeError(
            f"{option} {text!r} has no timezone; add one ({raw}Z, {raw}+08:00) or give a bare date (midnight UTC)"
        )
    return parsed.astimezone(UTC)


def parse_query_time(text: str, option: str) -> TimeArg:
    """``now`` → NOW, ``all`` → None (all time), anything else → :func:`parse_time`."""
    word = text.strip().lower()
    if word == "now":
        return NOW
    if word == "all":
        return None
    return parse_time(text, option)


def to_jsonable(value: object) -> object:
    """Dataclasses, enums and datetimes as plain JSON values (times in ISO 8601, sources by name)."""
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Source):
        return value.label
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [to_jsonable(item) for item in value]
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value
