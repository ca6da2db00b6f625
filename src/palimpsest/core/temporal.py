"""The temporal rules of the fact store (DESIGN §3), as pure functions.

A write never edits a version. It may *close* versions (end their transaction time)
and *insert* versions. Supersession of a *one*-cardinality fact closes every current
version whose valid interval overlaps the new one and re-inserts the parts of those
intervals the new version does not cover ("remnants"), so that valid-time history
stays readable as of any transaction time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from palimpsest.core.clock import ONE_MICROSECOND
from palimpsest.errors import InvalidIntervalError, NotFoundError, ValidationError
from palimpsest.types import Cardinality, FactOutcome, FactStatus, FactVersion, Source


@dataclass(frozen=True, slots=True)
class FactKey:
    """What one write contends on: (scope, subject, predicate) and, for *many*, the value."""

    tenant: str
    user_id: str
    subject: str
    predicate: str


@dataclass(frozen=True, slots=True)
class WritePlan:
    outcome: FactOutcome
    version: FactVersion
    close: tuple[FactVersion, ...] = ()
    insert: tuple[FactVersion, ...] = ()
    derived: tuple[FactVersion, ...] = ()

    @property
    def writes_anything(self) -> bool:
        return bool(self.close or self.insert)


def normalize_value(value: str) -> str:
    """Key under which two *many* values count as the same value."""
    return " ".join(value.split()).casefold()


def check_interval(valid_from: datetime, valid_to: datetime | None) -> None:
    if valid_to is not None and valid_to <= valid_from:
        raise InvalidIntervalError(
            f"valid_to ({valid_to.isoformat()}) must be after valid_from ({valid_from.isoformat()})"
        )


def check_names(subject: str, predicate: str) -> None:
    if not isinstance(subject, str) or not subject.strip():
        raise ValidationError("subject must be a non-empty string")
    if not isinstance(predicate, str) or not predicate.strip():
        raise ValidationError("predicate must be a non-empty string")


def overlaps(version: FactVersion, start: datetime, end: datetime | None) -> bool:
    """Half-open interval overlap of ``version``'s valid time with ``[start, end)``."""
    starts_before_end = end is None or version.valid_from < end
    ends_after_start = version.valid_to is None or version.valid_to > start
    return starts_before_end and ends_after_start


def covers(version: FactVersion, start: datetime, end: datetime | None) -> bool:
    if version.valid_from > start:
        return False
    if version.valid_to is None:
        return True
    return end is not None and version.valid_to >= end


def transaction_time(clock_now: datetime, current: Sequence[FactVersion]) -> datetime:
    """The store's time for this write: never earlier than, nor equal to, what it replaces.

    Two writes in the same microsecond (or a clock that stepped back) would otherwise
    produce an empty or inverted transaction interval.
    """
    latest = max((v.recorded_at for v in current), default=None)
    if latest is not None and clock_now <= latest:
        return latest + ONE_MICROSECOND
    return clock_now


def _remnants(
    old: FactVersion, start: datetime, end: datetime | None, now: datetime, new_id: Callable[[], str], why: str
) -> list[FactVersion]:
    """The parts of ``old``'s valid interval outside ``[start, end)``, as fresh current versions."""
    parts: list[tuple[datetime, datetime | None]] = []
    if old.valid_from < start:
        parts.append((old.valid_from, start))
    if end is not None and (old.valid_to is None or end < old.valid_to):
        parts.append((end, old.valid_to))
    return [
        replace(
            old,
            id=new_id(),
            valid_from=lo,
            valid_to=hi,
            recorded_at=now,
            superseded_at=None,
            derived_from=old.id,
            note=why,
        )
        for lo, hi in parts
    ]


def plan_set(
    new: FactVersion,
    current: Sequence[FactVersion],
    *,
    new_id: Callable[[], str],
) -> WritePlan:
    """Plan writing ``new`` given the current versions that share its :class:`FactKey`.

    ``new.recorded_at`` must already be the write's transaction time. Rules, in order:
    1. the same value already current over the whole interval from an equal or higher
       source: nothing changes (``unchanged``);
    2. an overlapping current version from a *higher* source: the new version is kept
       for audit as ``overridden`` (never believed) with the reason;
    3. otherwise overlapping versions are closed, their uncovered parts re-inserted,
       and the new version inserted (``superseded``, or ``created`` when nothing overlapped).
    """
    check_interval(new.valid_from, new.valid_to)
    now = new.recorded_at
    live = [v for v in current if v.is_current and v.forgotten_at is None]
    overlapping = [v for v in live if overlaps(v, new.valid_from, new.valid_to)]

    for v in overlapping:
        same_value = normalize_value(v.value) == normalize_value(new.value)
        if same_value and v.source >= new.source and covers(v, new.valid_from, new.valid_to):
            return WritePlan(outcome="unchanged", version=v)

    stronger = [v for v in overlapping if v.source > new.source]
    if stronger:
        top = max(stronger, key=lambda v: (v.source, v.recorded_at))
        note = (
            f"kept, not applied: source {new.source.label} is lower than {top.source.label} "
            f"of current value {top.value!r} (version {top.id})"
        )
        kept = replace(new, status=FactStatus.OVERRIDDEN, superseded_at=now, note=note)
        return WritePlan(outcome="overridden", version=kept, insert=(kept,))

    why = f"valid time adjusted when {new.id} superseded it"
    derived: list[FactVersion] = []
    for old in overlapping:
        derived.extend(_remnants(old, new.valid_from, new.valid_to, now, new_id, why))
    closed = tuple(replace(v, superseded_at=now) for v in overlapping)
    outcome: FactOutcome = "superseded" if overlapping else "created"
    return WritePlan(
        outcome=outcome,
        version=new,
        close=closed,
        insert=(*derived, new),
        derived=tuple(derived),
    )


def plan_end(
    current: Sequence[FactVersion],
    *,
    at: datetime,
    now: datetime,
    reason: str,
    new_id: Callable[[], str],
) -> WritePlan:
    """End valid time at ``at``: versions valid after ``at`` are closed and re-inserted up to ``at``."""
    live = [v for v in current if v.is_current and v.forgotten_at is None]
    affected = [v for v in live if v.valid_to is None or v.valid_to > at]
    if not affected:
        raise NotFoundError("no current version is valid at or after the given end time")
    closed = tuple(replace(v, superseded_at=now) for v in affected)
    truncated = tuple(
        replace(
            v,
            id=new_id(),
            valid_to=at,
            recorded_at=now,
            superseded_at=None,
            derived_from=v.id,
            reason=reason or v.reason,
            note=f"valid time ended at {at.isoformat()}",
        )
        for v in affected
        if v.valid_from < at
    )
    primary = truncated[-1] if truncated else closed[-1]
    return WritePlan(outcome="ended", version=primary, close=closed, insert=truncated, derived=truncated)


def plan_correct(
    wrong: FactVersion,
    *,
    now: datetime,
    value: str | None,
    source: Source,
    reason: str,
    new_id: Callable[[], str],
    value_key: str | None = None,
) -> WritePlan:
    """A correction ends the wrong row's transaction time only; an optional replacement
    takes the same valid interval (the world did not change, our record of it did)."""
    closed = replace(wrong, superseded_at=now, note=f"corrected: {reason}" if reason else "corrected")
    if value is None:
        return WritePlan(outcome="corrected", version=closed, close=(closed,))
    fixed = replace(
        wrong,
        id=new_id(),
        value=value,
        recorded_at=now,
        superseded_at=None,
        source=source,
        reason=reason,
        derived_from=wrong.id,
        note=f"corrects {wrong.id}",
        value_key=value_key,
    )
    return WritePlan(outcome="corrected", version=fixed, close=(closed,), insert=(fixed,))


def key_of(version: FactVersion) -> FactKey:
    return FactKey(version.tenant, version.user_id, version.subject, version.predicate)


def contenders(new: FactVersion, current: Sequence[FactVersion]) -> list[FactVersion]:
    """The current versions a write competes with: all of the key for *one*,
    only those with the same value for *many* (other values accumulate)."""
    if new.cardinality is Cardinality.ONE:
        return list(current)
    wanted = normalize_value(new.value)
    return [v for v in current if normalize_value(v.value) == wanted]
