"""Time expressions in Chinese and English, resolved against the time a turn was said.

Pure functions, no I/O. :func:`find_times` finds every time expression in a text and resolves it
to a half-open ``[start, end)`` UTC range; relative expressions also keep a :class:`RelativeTime`
spec so a stored request ("把上个月销售数据按区域汇总") can be re-resolved at read time with
:func:`resolve_relative` — "上个月" said on 31 January is December, read on 1 February it is
January (seed 002 §3.2).

Day, week, month and year boundaries are local midnights in the user's zone ``tz`` (default UTC),
converted to UTC. The rules, with what a caller may rely on:

====================================  =========================================================
expression                            range
====================================  =========================================================
today / 今天 / this morning / 今早     the anchor's day (also tonight, 今晚, 今天早上 …)
yesterday / 昨天 / last night / 昨晚   the day before; 前天, 大前天, 明天, 后天, 大后天 likewise
N days/weeks/months/years ago,        one day: the anchor's day moved by N units; months and
in N …, N … from now, 三天前,          years move the calendar date and clamp to the month's end
两周前, 三个月后, 半个月前, 半年前      (31 May − 3 months = 28/29 Feb); 半个月 = 15 days,
                                      半年 = 6 months. Granularity ``day``.
last/this/next week, 上周/本周/下周     the Monday-to-Monday week; weeks start on Monday
last/this/next month, 上个月/本月 …     the calendar month (a range, never a day)
last/this/next year, 去年/今年/明年     the calendar year; 前年/后年 two years away
last/this/next Monday, 上周一/本周一/   Monday of the previous/current/next calendar week, even
这周一/下周一                          when "this Monday" is still to come
Monday, on Monday, 周一, 星期一, 礼拜一  the nearest Monday not after the anchor (today if today
                                      is Monday); "every Monday"/"每周一" is not a time
in March, (last) March, 三月, 3月(份)   the most recent March not after the anchor's month
                                      (said Nov 2026 → March 2026; said Feb 2026 → March 2025)
March 3, 3 March, 3月5日, 3月5号        that day in the year chosen by the rule above
(the same, in a clause that looks      the next such weekday / month / day / holiday: "should
ahead)                                arrive by Friday", "I'll move in June", "我打算6月搬去深圳";
                                      after "from"/"起" with no verb of the past, this year's
                                      ("my address from the 1st of May", "5月1号起搬到杭州")
Friday last week, Monday of next week  that weekday of the calendar week named
this March, 今年三月 / 去年三月 / 明年三月 the month in this / last / next calendar year
March 2024, 2024年3月, 2024-03          that month; 3 March 2024, 2024年3月5日, 2024-03-05,
                                      2024/3/5 that day; in 2024, 2024年 that year (absolute)
上个月5号, 下个月1号                    that day of the previous / next calendar month
on the 5th                              that day of the turn's own month
====================================  =========================================================

Bare numbers are never times: a year needs a marker ("in 2024", "2024年"), numeric dates need a
four-digit year and must not be glued to letters, digits or hyphens ("ORD-2024-03-05" is an
order number), and "next March" / "每周一" are left alone rather than guessed. Overlapping
matches resolve to the longest ("去年三月" is one mention, not 去年 + 三月).

At find time a named day that does not exist (2月30日, 29 February in a common year) is not a
time; at read time :func:`resolve_relative` clamps it to the month's last day instead, because a
stored request must always resolve.
"""

from __future__ import annotations

import calendar
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo
from typing import Literal

from palimpsest.errors import NaiveDatetimeError, ValidationError
from palimpsest.write.model import Granularity, Language, RelativeTime, TimeMention

__all__ = ["find_times", "resolve_relative"]

_Unit = Literal["day", "week", "month", "year", "weekday", "hour", "minute"]


@dataclass(frozen=True, slots=True)
class _Absolute:
    """An expression that names its date itself ("2024年3月5日"); local dates, end exclusive."""

    start: date
    end: date
    granularity: Granularity


@dataclass(frozen=True, slots=True)
class _Nearest:
    """A holiday named bare ("got it for christmas", "元旦那天"): the one nearest the anchor's day, this
    year's, last year's or next year's; resolved as a calendar day of that year."""

    month: int
    day: int
    toward: int = 0
    """-1: the last one by the anchor's day ("since christmas"); 1: the next one from it ("by christmas");
    0: whichever is nearer ("for christmas", said in January or in November)."""
    shift: int = 0
    """Days from the holiday ("国庆前一天" -1, "元旦后第二天" +2): one day, with no spec to re-resolve."""


@dataclass(frozen=True, slots=True)
class _PastDay:
    """A day of the month by its ordinal where a span starts ("since the 28th"): the last such day by the
    anchor's, this month's or last month's."""

    day: int


@dataclass(frozen=True, slots=True)
class _MonthPart:
    """A month said by its part: its first ten days ("月初", "下个月初"), its 15th ("月中") or its last day
    ("上个月底", "三月底", "月末"); ``spec`` names the month without a day."""

    spec: RelativeTime
    part: Literal["first", "middle", "last"]


@dataclass(frozen=True, slots=True)
class _NextWeekday:
    """A weekday said bare of a time to come: the first such day after the anchor's."""

    weekday: int


@dataclass(frozen=True, slots=True)
class _NextMonth:
    """A month (or a day of it) named without a year in a clause that looks ahead ("I'm moving to Leeds from
    the 1st of May", "in June I'll start at Acme", "5月1号起搬到杭州"): the first such month not before the
    anchor's, or the first such day not before the anchor's day."""

    month: int
    day: int | None


@dataclass(frozen=True, slots=True)
class _NextDay:
    """A day of the month by its ordinal in a clause that looks ahead ("need to pick it up on the 23rd", said on
    the 25th): this month's if still to come (or today), else next month's."""

    day: int


_Parsed = RelativeTime | _Absolute | _Nearest | _PastDay | _MonthPart | _NextWeekday | _NextMonth | _NextDay


@dataclass(frozen=True, slots=True)
class _Resolution:
    relative: RelativeTime | None
    first: date
    after: date
    """Local first day and the local day after the range."""
    granularity: Granularity


@dataclass(frozen=True, slots=True)
class _Candidate:
    span: tuple[int, int]
    resolution: _Resolution | None
    """None: a rule recognised the shape but it names no real time ("February 30", "this may
    change"). It still claims its span, so a shorter rule cannot salvage a piece ("February")."""


# --------------------------------------------------------------------------------------------
# Resolution


def resolve_relative(spec: RelativeTime, anchor: datetime, *, tz: tzinfo = UTC) -> tuple[datetime, datetime]:
    """The half-open UTC range ``spec`` denotes when resolved at ``anchor`` (e.g. read time).

    Rules by ``spec.mode``:

    - ``calendar``: the calendar day / Monday-start week / month / year ``offset`` units from the
      anchor's; ``unit="weekday"`` is ``weekday`` of the week ``offset`` weeks away; ``month``
      (with ``unit="year"``) and ``day`` (with ``unit="month"`` or a ``month``) narrow it.
    - ``shift``: the one day reached by moving the anchor's local date ``offset`` units
      (month-end clamped).
    - ``most_recent``: the latest ``weekday`` (``unit="weekday"``) on or before the anchor's day,
      or the latest ``month`` (``unit="year"``) not after the anchor's month, narrowed by ``day``;
      ``offset`` then steps further in weeks or years (0 = the most recent one).

    ``hour``/``minute`` units give that clock hour/minute, ``offset`` units from the anchor.
    A named day past the month's end is clamped to its last day. Raises
    :class:`NaiveDatetimeError` for a naive anchor and :class:`ValidationError` for a spec that
    names no time (e.g. ``unit="weekday"`` without ``weekday``).
    """
    local_anchor = _local_anchor(anchor, tz)
    _check_spec(spec)
    try:
        if spec.unit in ("hour", "minute"):
            return _clock_range(spec, local_anchor)
        first, after = _local_range(spec, local_anchor.date(), clamp=True)
    except (OverflowError, ValueError) as exc:
        raise ValidationError(f"{spec!r} falls outside the supported calendar: {exc}") from exc
    return _utc_midnight(first, tz), _utc_midnight(after, tz)


def _local_anchor(anchor: datetime, tz: tzinfo) -> datetime:
    if anchor.tzinfo is None or anchor.utcoffset() is None:
        raise NaiveDatetimeError("anchor must be timezone-aware (a naive datetime has no defined instant)")
    return anchor.astimezone(tz)


def _check_spec(spec: RelativeTime) -> None:
    problems: list[str] = []
    if spec.weekday is not None and not 0 <= spec.weekday <= 6:
        problems.append("weekday must be 0 (Monday) … 6 (Sunday)")
    if spec.month is not None and not 1 <= spec.month <= 12:
        problems.append("month must be 1 … 12")
    if spec.day is not None and not 1 <= spec.day <= 31:
        problems.append("day must be 1 … 31")
    if spec.unit == "weekday" and spec.weekday is None:
        problems.append('unit="weekday" needs a weekday')
    if spec.month is not None and spec.unit != "year":
        problems.append('a named month needs unit="year"')
    if spec.day is not None and not (spec.unit == "month" or spec.month is not None):
        problems.append('a named day needs unit="month" or a named month')
    if spec.mode == "shift" and spec.unit == "weekday":
        problems.append('mode="shift" counts days, weeks, months or years, not weekdays')
    if spec.mode == "most_recent" and not (
        (spec.unit == "weekday") or (spec.unit == "year" and spec.month is not None)
    ):
        problems.append('mode="most_recent" needs a weekday or a named month')
    if problems:
        raise ValidationError(f"invalid relative time {spec!r}: " + "; ".join(problems))


def _local_range(spec: RelativeTime, today: date, *, clamp: bool) -> tuple[date, date]:
    """Local first day and the day after the range. ``clamp=False`` raises ValueError for a
    named day the month lacks (find time: "2月30日" is not a date)."""
    if spec.mode == "shift":
        day = _shift(today, spec.unit, spec.offset)
        return day, day + timedelta(days=1)
    if spec.mode == "most_recent":
        return _most_recent(spec, today, clamp=clamp)
    return _calendar(spec, today, clamp=clamp)


def _shift(today: date, unit: str, offset: int) -> date:
    if unit == "day":
        return today + timedelta(days=offset)
    if unit == "week":
        return today + timedelta(weeks=offset)
    months = offset * (12 if unit == "year" else 1)
    year, month = _add_months(today.year, today.month, months)
    return _day_in_month(year, month, today.day, clamp=True)


def _most_recent(spec: RelativeTime, today: date, *, clamp: bool) -> tuple[date, date]:
    if spec.unit == "weekday":
        assert spec.weekday is not None  # guaranteed by _check_spec
        day = today - timedelta(days=(today.weekday() - spec.weekday) % 7) + timedelta(weeks=spec.offset)
        return day, day + timedelta(days=1)
    assert spec.month is not None  # guaranteed by _check_spec
    year = today.year if spec.month <= today.month else today.year - 1
    return _month_or_day(year + spec.offset, spec.month, spec.day, clamp=clamp)


def _calendar(spec: RelativeTime, today: date, *, clamp: bool) -> tuple[date, date]:
    if spec.unit == "day":
        day = today + timedelta(days=spec.offset)
        return day, day + timedelta(days=1)
    monday = today - timedelta(days=today.weekday())
    if spec.unit == "week":
        first = monday + timedelta(weeks=spec.offset)
        return first, first + timedelta(weeks=1)
    if spec.unit == "weekday":
        assert spec.weekday is not None  # guaranteed by _check_spec
        day = monday + timedelta(weeks=spec.offset, days=spec.weekday)
        return day, day + timedelta(days=1)
    if spec.unit == "month":
        year, month = _add_months(today.year, today.month, spec.offset)
        return _month_or_day(year, month, spec.day, clamp=clamp)
    year = today.year + spec.offset
    if spec.month is None:
        return date(year, 1, 1), date(year + 1, 1, 1)
    return _month_or_day(year, spec.month, spec.day, clamp=clamp)


def _month_or_day(year: int, month: int, day: int | None, *, clamp: bool) -> tuple[date, date]:
    if day is None:
        next_year, next_month = _add_months(year, month, 1)
        return date(year, month, 1), date(next_year, next_month, 1)
    first = _day_in_month(year, month, day, clamp=clamp)
    return first, first + timedelta(days=1)


def _day_in_month(year: int, month: int, day: int, *, clamp: bool) -> date:
    if clamp:
        day = min(day, calendar.monthrange(year, month)[1])
    return date(year, month, day)


def _add_months(year: int, month: int, months: int) -> tuple[int, int]:
    index = year * 12 + (month - 1) + months
    return index // 12, index % 12 + 1


def _clock_range(spec: RelativeTime, local_anchor: datetime) -> tuple[datetime, datetime]:
    step = timedelta(hours=1) if spec.unit == "hour" else timedelta(minutes=1)
    moved = local_anchor + step * spec.offset
    start = moved.replace(second=0, microsecond=0)
    if spec.unit == "hour":
        start = start.replace(minute=0)
    return start.astimezone(UTC), (start + step).astimezone(UTC)


def _utc_midnight(day: date, tz: tzinfo) -> datetime:
    return datetime.combine(day, time(), tzinfo=tz).astimezone(UTC)


def _granularity(spec: RelativeTime) -> Granularity:
    if spec.unit in ("hour", "minute"):
        return "instant"
    if spec.mode == "shift" or spec.unit in ("day", "weekday") or spec.day is not None:
        return "day"
    if spec.unit == "week":
        return "week"
    if spec.unit == "month" or spec.month is not None:
        return "month"
    return "year"


# --------------------------------------------------------------------------------------------
# Finding


def find_times(text: str, anchor: datetime, *, tz: tzinfo = UTC, language: Language | None = None) -> list[TimeMention]:
    """Every time expression in ``text``, non-overlapping, in text order, resolved at ``anchor``.

    ``language`` restricts the word rules to English or Chinese; numeric dates (2024-03-05) are
    found either way. ``None`` runs both, which code-switched turns ("I moved to 北京 上周一") need.
    Raises :class:`NaiveDatetimeError` for a naive ``anchor``. See the module docstring for the
    meaning of each expression.
    """
    today = _local_anchor(anchor, tz).date()
    candidates: list[_Candidate] = []
    for rule in _RULES:
        if language is not None and rule.language not in (None, language):
            continue
        candidates += (_Candidate(m.span("t"), _resolution(rule.build(m), today)) for m in rule.pattern.finditer(text))
    return [
        TimeMention(
            text=text[start:end],
            span=(start, end),
            start=_utc_midnight(found.first, tz),
            end=_utc_midnight(found.after, tz),
            granularity=found.granularity,
            relative=found.relative,
        )
        for (start, end), found in _range_ends_after_start(
            text, _same_day_merged(text, _longest_non_overlapping(candidates)), today
        )
    ]


def _same_day_merged(
    text: str, found: list[tuple[tuple[int, int], _Resolution]]
) -> list[tuple[tuple[int, int], _Resolution]]:
    """A weekday and the date beside it naming the same day are one mention: "on Sunday 31 October", "Friday, March
    3rd", "周五（3月3日）"."""
    merged: list[tuple[tuple[int, int], _Resolution]] = []
    for span, resolution in found:
        if merged:
            (start, end), before = merged[-1]
            same_day = (before.first, before.after) == (resolution.first, resolution.after)
            # (the date names the day by number: "上周一 last Monday" is one day said twice, left as two)
            dated = re.search(r"\d", text[span[0] : span[1]]) and not re.search(r"\d", text[start:end])
            if same_day and dated and re.fullmatch(r"[\s,，(（]*", text[end : span[0]]):
                merged[-1] = ((start, span[1] + _closing_bracket(text, span[1])), resolution)
                continue
        merged.append((span, resolution))
    return merged


# "from 20 December to 3 January", "从12月20号到1月3号": a span's end named by its month is after its start, in the
# next year if need be (each alone would be the most recent such day).
_SPAN_JOIN = re.compile(r"\s*(?:to|until|till|through|thru|-|–|—|~|～|至|到)\s*$", re.IGNORECASE)


def _range_ends_after_start(
    text: str, found: list[tuple[tuple[int, int], _Resolution]], today: date
) -> list[tuple[tuple[int, int], _Resolution]]:
    out = list(found)
    for index in range(1, len(out)):
        (_, end_before), before = out[index - 1]
        span, after = out[index]
        spec = after.relative
        if (
            after.first < before.first
            and spec is not None
            and spec.unit == "year"
            and spec.month is not None
            and _SPAN_JOIN.fullmatch(text[end_before : span[0]])
        ):
            later = RelativeTime("year", spec.offset + 1, month=spec.month, day=spec.day, mode=spec.mode)
            try:
                first, last = _local_range(later, today, clamp=False)
            except (OverflowError, ValueError):
                continue
            out[index] = (span, _Resolution(later, first, last, after.granularity))
    return out


def _closing_bracket(text: str, end: int) -> int:
    return 1 if text[end : end + 1] in (")", "）") and text.rfind("(", 0, end) + text.rfind("（", 0, end) > -2 else 0


def _resolution(parsed: _Parsed | None, today: date) -> _Resolution | None:
    if parsed is None:
        return None
    if isinstance(parsed, _Absolute):
        return _Resolution(None, parsed.start, parsed.end, parsed.granularity)
    if isinstance(parsed, _MonthPart):
        return _month_part(parsed, today)
    if isinstance(parsed, _Nearest):
        if parsed.shift:
            first, _after = _local_range(_nearest(parsed, today), today, clamp=True)
            day = first + timedelta(days=parsed.shift)
            return _Resolution(None, day, day + timedelta(days=1), "day")
        parsed = _nearest(parsed, today)
    if isinstance(parsed, _NextWeekday):
        parsed = RelativeTime("weekday", 0 if parsed.weekday > today.weekday() else 1, weekday=parsed.weekday)
    if isinstance(parsed, _NextDay):
        parsed = RelativeTime("month", 0 if parsed.day >= today.day else 1, day=parsed.day)
    if isinstance(parsed, _NextMonth):
        behind = (parsed.month, parsed.day or 31) < (today.month, today.day)
        parsed = RelativeTime("year", 1 if behind else 0, month=parsed.month, day=parsed.day)
    if isinstance(parsed, _PastDay):
        parsed = RelativeTime("month", 0 if parsed.day <= today.day else -1, day=parsed.day)
    try:
        first, after = _local_range(parsed, today, clamp=False)
    except (OverflowError, ValueError):
        return None  # "2月30日", or a count that leaves the calendar: not a time
    return _Resolution(parsed, first, after, _granularity(parsed))


_PART_DAY = {"first": 1, "middle": 15, "last": 31}


def _month_part(said: _MonthPart, today: date) -> _Resolution | None:
    try:
        first, after = _local_range(said.spec, today, clamp=False)
    except (OverflowError, ValueError):
        return None
    if said.part == "first":
        # 月初 is the month's first ten days (its 上旬), not only its 1st: "月初你们说有满减活动".
        return _Resolution(None, first, min(first + timedelta(days=10), after), "day")
    day = {"middle": first + timedelta(days=14), "last": after - timedelta(days=1)}[said.part]
    # (re-resolved later, day 31 is clamped to the month's last day)
    relative = RelativeTime(
        said.spec.unit, said.spec.offset, month=said.spec.month, day=_PART_DAY[said.part], mode=said.spec.mode
    )
    return _Resolution(relative, day, day + timedelta(days=1), "day")


def _nearest(holiday: _Nearest, today: date) -> RelativeTime:
    """The holiday of last, this or next year, whichever is nearest ``today``."""
    month, day = holiday.month, holiday.day
    years = [-1, 0, 1]
    if holiday.toward < 0:
        years = [y for y in years if date(today.year + y, month, day) <= today]
    elif holiday.toward > 0:
        years = [y for y in years if date(today.year + y, month, day) >= today]
    offset = min(years, key=lambda y: abs(date(today.year + y, month, day) - today))
    return RelativeTime("year", offset, month=month, day=day)


def _longest_non_overlapping(candidates: Iterable[_Candidate]) -> list[tuple[tuple[int, int], _Resolution]]:
    # Longest first, so "去年三月" wins over 去年 and 三月 and "in March 2024" over "in March".
    claimed: list[_Candidate] = []
    for candidate in sorted(candidates, key=lambda c: (c.span[0] - c.span[1], c.span[0])):
        start, end = candidate.span
        if all(end <= other.span[0] or start >= other.span[1] for other in claimed):
            claimed.append(candidate)
    found = [(c.span, c.resolution) for c in claimed if c.resolution is not None]
    return sorted(found, key=lambda pair: pair[0])


# --------------------------------------------------------------------------------------------
# Rules


@dataclass(frozen=True, slots=True)
class _Rule:
    language: Language | None
    """None: language-neutral (numeric dates)."""
    pattern: re.Pattern[str]
    """Group ``t`` is the mention's span; text outside it is context ("since March")."""
    build: Callable[[re.Match[str]], _Parsed | None]


def _en(pattern: str, build: Callable[[re.Match[str]], _Parsed | None], *, ignore_case: bool = True) -> _Rule:
    # ASCII word boundaries, so "上周Monday" still has a boundary before "Monday".
    flags = re.ASCII | re.VERBOSE | (re.IGNORECASE if ignore_case else 0)
    return _Rule("en", re.compile(pattern, flags), build)


def _zh(pattern: str, build: Callable[[re.Match[str]], _Parsed | None]) -> _Rule:
    return _Rule("zh", re.compile(pattern, re.VERBOSE), build)


def _valid_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


def _absolute_day(year: int, month: int, day: int) -> _Absolute | None:
    found = _valid_date(year, month, day)
    return None if found is None else _Absolute(found, found + timedelta(days=1), "day")


def _absolute_month(year: int, month: int) -> _Absolute:
    next_year, next_month = _add_months(year, month, 1)
    return _Absolute(date(year, month, 1), date(next_year, next_month, 1), "month")


def _absolute_year(year: int) -> _Absolute:
    return _Absolute(date(year, 1, 1), date(year + 1, 1, 1), "year")


def _named_month(year: int | None, month: int, day: int | None) -> _Parsed | None:
    """A month (and day) with an explicit year, or — without one — the most recent such month."""
    if year is not None:
        return _absolute_month(year, month) if day is None else _absolute_day(year, month, day)
    return RelativeTime("year", 0, month=month, day=day, mode="most_recent")


# --- English -------------------------------------------------------------------------------

_EN_COUNTS = {
    "a": 1, "an": 1, "one": 1, "a couple of": 2, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
    "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
}  # fmt: skip
_EN_COUNT = r"(?P<n>\d{1,3}|a\s+couple\s+of|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)"
_EN_UNIT = r"(?P<u>day|week|fortnight|month|year)s?"

_EN_FULL_MONTHS = (
    "january", "february", "march", "april", "may", "june",
    "july", "august", "september", "october", "november", "december",
)  # fmt: skip
_EN_MONTHS = {name: index + 1 for index, name in enumerate(_EN_FULL_MONTHS)} | {
    "jan": 1, "feb": 2, "mar": 3, "apr": 4, "jun": 6, "jul": 7, "aug": 8, "sep": 9, "sept": 9,
    "oct": 10, "nov": 11, "dec": 12,
}  # fmt: skip
_EN_MONTH = r"(?P<mon>" + "|".join(sorted(_EN_MONTHS, key=len, reverse=True)) + r")\.?"
_EN_FULL_MONTH = r"(?P<mon>" + "|".join(_EN_FULL_MONTHS) + ")"
_EN_DAY = r"(?P<day>3[01]|[12][0-9]|0?[1-9])(?:st|nd|rd|th)?"
_EN_YEAR = r"(?P<year>(?:19|20)[0-9]{2})"

_EN_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")

_EN_DAY_WORDS = {
    "today": 0, "tonight": 0, "this morning": 0, "this afternoon": 0, "this evening": 0,
    "yesterday": -1, "last night": -1, "tomorrow": 1,
    "the day before yesterday": -2, "day before yesterday": -2,
    "the day after tomorrow": 2, "day after tomorrow": 2,
}  # fmt: skip
_EN_RELATIONS = {"last": -1, "this": 0, "next": 1}


def _words(match: re.Match[str], group: str) -> str:
    return " ".join(match.group(group).lower().split())


def _en_count(match: re.Match[str]) -> int:
    said = _words(match, "n")
    return int(said) if said.isdigit() else _EN_COUNTS[said]


_EN_UNITS: dict[str, _Unit] = {"day": "day", "week": "week", "month": "month", "year": "year"}


def _en_unit(match: re.Match[str]) -> _Unit:
    return _EN_UNITS[match.group("u").lower().removesuffix("s")]


def _en_span(match: re.Match[str]) -> tuple[_Unit, int]:
    """The unit and count said: a fortnight is two weeks ("a fortnight ago", "in two fortnights")."""
    count = _en_count(match)
    if match.group("u").lower().startswith("fortnight"):
        return "week", 2 * count
    return _en_unit(match), count


def _en_day_word(match: re.Match[str]) -> _Parsed:
    said = _words(match, "w")
    return RelativeTime("day", _EN_DAY_WORDS[said])


def _en_ago(match: re.Match[str]) -> _Parsed | None:
    unit, count = _en_span(match)
    return RelativeTime(unit, -count, mode="shift") if count else None


def _en_ahead(match: re.Match[str]) -> _Parsed | None:
    unit, count = _en_span(match)
    return RelativeTime(unit, count, mode="shift") if count else None


def _en_calendar_unit(match: re.Match[str]) -> _Parsed:
    return RelativeTime(_en_unit(match), _EN_RELATIONS[match.group("rel").lower()])


# "the Monday ops digest", "our Friday stand-up": a day a recurring thing falls on, not a date.
_RECURRING_AFTER = re.compile(
    r"\s+(?:[a-z-]+\s+)?(?:digest|meeting|stand-?up|report|newsletter|briefing|recap|round-?up|sync|check-?in|class"
    r"|shift|summary|run|rota|catch-?up|call)s?\b",
    re.IGNORECASE,
)
_DETERMINER_BEFORE = re.compile(r"\b(?:the|our|my|your|their|his|her|each|a)\s+$", re.IGNORECASE)


def _en_weekday(match: re.Match[str]) -> _Parsed | None:
    weekday = _EN_WEEKDAYS.index(match.group("wd").lower())
    relation = (match.group("rel") or "").lower()
    text = match.string
    if (
        not relation
        and _DETERMINER_BEFORE.search(text, 0, match.start("t"))
        and _RECURRING_AFTER.match(text, match.end("t"))
    ):
        return None
    if relation in _EN_RELATIONS:
        return RelativeTime("weekday", _EN_RELATIONS[relation], weekday=weekday)
    if not _SINCE_BEFORE.search(text, 0, match.start("t")) and _told_ahead(text, match.start("t"), match.end("t")):
        return _NextWeekday(weekday)  # ("from Monday" with no verb of the past: the coming one too)
    return RelativeTime("weekday", 0, weekday=weekday, mode="most_recent")


def _en_weekday_of_week(match: re.Match[str]) -> _Parsed:
    weekday = _EN_WEEKDAYS.index(match.group("wd").lower())
    return RelativeTime("weekday", _EN_RELATIONS[match.group("rel").lower()], weekday=weekday)


def _en_month_parts(match: re.Match[str]) -> tuple[int | None, int, int | None]:
    groups = match.groupdict()
    year = int(groups["year"]) if groups.get("year") else None
    day = int(groups["day"]) if groups.get("day") else None
    return year, _EN_MONTHS[match.group("mon").lower()], day


def _is_verb_may(match: re.Match[str], year: int | None) -> bool:
    # Lower-case "may" without a year is the verb ("you may 2 …", "this may change").
    return match.group("mon") == "may" and year is None


def _en_named_month(match: re.Match[str]) -> _Parsed | None:
    year, month, day = _en_month_parts(match)
    if _is_verb_may(match, year):
        return None
    if year is None and not _SINCE_BEFORE.search(match.string, 0, match.start("t")):
        told = _told_ahead(match.string, match.start("t"), match.end("t"))
        if told == "ahead":
            return _NextMonth(month, day)
        if told == "this year":
            return RelativeTime("year", 0, month=month, day=day)
    return _named_month(year, month, day)


_SINCE_BEFORE = re.compile(r"\b(?:since|as\s+of)\s+(?:the\s+)?$", re.IGNORECASE)


def _en_this_month_name(match: re.Match[str]) -> _Parsed | None:
    year, month, _ = _en_month_parts(match)
    return None if _is_verb_may(match, year) else RelativeTime("year", 0, month=month)


def _en_month_of_relative_year(match: re.Match[str]) -> _Parsed:
    _, month, _ = _en_month_parts(match)
    return RelativeTime("year", _EN_RELATIONS[match.group("rel").lower()], month=month)


# A clause told in the past ("I moved in on the 30th", "it arrived on the 29th", "we were burgled on the 28th"),
# and one that looks ahead ("I'll move on the 30th", "the lease starts on the 1st").
_EN_AHEAD_TOLD = re.compile(
    r"\b(?:will|shall|going\s+to|gonna|'ll|plan(?:ning)?|hope|next|due|should|would|could|might|may|until|till"
    r"|by)\b|'ll\b",
    re.IGNORECASE,
)


def _told_in_past(text: str, start: int) -> bool:
    clause_start = max(text.rfind(mark, 0, start) for mark in ".!?;\n") + 1
    before = text[clause_start:start]
    return bool(_EN_PAST_CUE.search(before)) and not _EN_AHEAD_TOLD.search(before)


# A clause that looks ahead to the time it names ("I'll start at Acme in June", "the parcel should arrive by Friday",
# "need it by Friday", "can I still change delivery to Saturday?", "I'm moving to Leeds in May"): a bare weekday,
# month, day of the month or holiday in it is the next one, not the last. "From the 1st of May" with no verb of
# either tense ("my new address from the 1st of May") is this year's: the nearest reading, said in April or in June.
_EN_PROGRESSIVE = (
    r"(?:moving|starting|leaving|flying|going|relocating|joining|switching|heading|travell?ing|coming|getting"
    r"|changing|transferring)"
)
_EN_AHEAD_CUE = re.compile(
    r"\b(?:will|shall|going\s+to|gonna|plan(?:ning)?\s+to|hop(?:e|ing)\s+to|due|expect(?:ing)?"
    r"|(?:should|would|could|will|might)\s+(?:it\s+|they\s+|you\s+|that\s+|this\s+)?(?:still\s+)?"
    r"(?:arrive|reach|get\s+(?:here|there|to)|ship|land|turn\s+up|be\s+(?:delivered|here|ready|back))"
    rf"|(?:am|are|is)\s+(?:\w+\s+)?{_EN_PROGRESSIVE})\b"
    rf"|'(?:ll|m\s+(?:\w+\s+)?{_EN_PROGRESSIVE}|re\s+{_EN_PROGRESSIVE})\b",
    re.IGNORECASE,
)
# (right before the time: "by Friday", "no later than the 5th", "change delivery to Saturday")
_EN_AHEAD_JUST_BEFORE = re.compile(
    r"\b(?:by|until|till|before|no\s+later\s+than|(?:change|move|switch|reschedule|push|postpone|delay|bring)\b"
    r"(?:\s+[\w'-]+){0,4}\s+to)\s+(?:on\s+)?(?:the\s+)?$",
    re.IGNORECASE,
)
# ("need", "feed", "speed" end in -ed and tell nothing of the past)
_EN_PAST_CUE = re.compile(
    r"\b(?!(?:need|feed|speed|seed|indeed|proceed|exceed|succeed|breed|bleed)\b)(?:[a-z]{2,}ed|was|were|had|got|went"
    r"|came|left|began|bought|took|sent|paid|made|did|found|gave|lost|broke|sold|quit|joined|moved|arrived|been"
    r"|ago)\b|\b(?:didn|wasn|weren|hadn|couldn)'?t\b",
    re.IGNORECASE,
)
_EN_FROM_BEFORE = re.compile(r"\b(?:from|starting(?:\s+from)?|effective)\s+(?:on\s+)?(?:the\s+)?$", re.IGNORECASE)
_EN_CLAUSE_END = re.compile(r"[.!?;](?=\s|$)|\n")

_Ahead = Literal["ahead", "this year"] | None


def _told_ahead(text: str, start: int, end: int) -> _Ahead:
    """Does the clause around ``text[start:end]`` look ahead to it? A cue right before the time ("by Friday"), else
    the last cue before it (a cue of the future with no past verb after it: "the one I ordered yesterday - when will
    it arrive, Friday?"), else the words after it ("on Friday I'll move"). "this year": a time after "from" in a
    clause with no verb of the past."""
    clause_start = max((m.end() for m in _EN_CLAUSE_END.finditer(text, 0, start)), default=0)
    clause_end = next((m.start() for m in _EN_CLAUSE_END.finditer(text, end)), len(text))
    before, after = text[clause_start:start], text[end:clause_end]
    if _EN_AHEAD_JUST_BEFORE.search(before) or re.match(r"(?i)(?:by|until|till|before)\s", text[start:end]):
        return "ahead"
    ahead = list(_EN_AHEAD_CUE.finditer(before))
    past = list(_EN_PAST_CUE.finditer(before))
    if ahead and (not past or past[-1].start() < ahead[-1].start()):
        return "ahead"
    if past:
        return None
    past_after = _EN_PAST_CUE.search(after)
    ahead_after = _EN_AHEAD_CUE.search(after)
    if ahead_after is not None and (past_after is None or ahead_after.start() < past_after.start()):
        return "ahead"
    if past_after is None and (_EN_FROM_BEFORE.search(before) or _EN_FROM_BEFORE.match(text, start)):
        return "this year"
    return None


def _en_ordinal_day(match: re.Match[str]) -> _Parsed:
    # ("since the 28th", said on 1 November, is 28 October; "on the 5th" and "until the 20th" stay in this month,
    # but "I moved on the 30th", told in the past on 18 November, is 30 October)
    said, day = match.group("t"), int(match.group("day"))
    if re.match(r"(?i)since|as\s+of", said):
        return _PastDay(day)
    if _told_ahead(match.string, match.start("t"), match.end("t")) == "ahead":
        return _NextDay(day)
    if re.match(r"(?i)on|from|after|before", said) and _told_in_past(match.string, match.start("t")):
        return _PastDay(day)
    return RelativeTime("month", 0, day=day)


def _en_day_of_relative_month(match: re.Match[str]) -> _Parsed:
    return RelativeTime("month", _EN_RELATIONS[match.group("rel").lower()], day=int(match.group("day")))


_EN_MONTH_PARTS: dict[str, Literal["first", "middle", "last"]] = {
    "end": "last",
    "start": "first",
    "beginning": "first",
    "middle": "middle",
}


def _en_part_of_relative_month(match: re.Match[str]) -> _Parsed:
    spec = RelativeTime("month", _EN_RELATIONS[match.group("rel").lower()])
    return _MonthPart(spec, _EN_MONTH_PARTS[match.group("part").lower()])


def _en_year(match: re.Match[str]) -> _Parsed:
    return _absolute_year(int(match.group("year")))


_EN_MONTH_CONTEXT = r"(?:since|from|until|till|by|before|after|of|early|late|mid-?|end\s+of|start\s+of)\s*"

# Holidays on a fixed date, each the most recent one not after the turn's day ("€89.50 got taken twice on new
# years eve", said on 4 January, is 31 December). New Year's and Christmas need "eve" or "day" ("Happy new year!",
# "the Christmas sale" name no day); Halloween and Valentine's Day need "on", "since", "before" or "after".
_EN_HOLIDAYS = {
    "new years eve": (12, 31), "new year eve": (12, 31), "new years day": (1, 1), "new year day": (1, 1),
    "christmas eve": (12, 24), "christmas day": (12, 25), "boxing day": (12, 26),
    "xmas eve": (12, 24), "xmas day": (12, 25),
    "valentines day": (2, 14), "halloween": (10, 31),
}  # fmt: skip
_EN_HOLIDAY = (
    r"(?P<hol>new\s+year'?s?\s+(?:eve|day)|(?:christmas|xmas)\s+(?:eve|day)|boxing\s+day"
    r"|(?:(?<=\bon\s)|(?<=\bsince\s)|(?<=\bafter\s)|(?<=\bbefore\s))(?:valentine'?s\s+day|halloween))"
)


def _en_holiday(match: re.Match[str]) -> _Parsed:
    said = " ".join(match.group("hol").lower().replace("'", "").split())
    month, day = _EN_HOLIDAYS[said]
    if not _SINCE_BEFORE.search(match.string, 0, match.start("t")) and _told_ahead(
        match.string, match.start("t"), match.end("t")
    ):
        return _NextMonth(month, day)  # ("from boxing day" with no verb of the past: the coming one too)
    return RelativeTime("year", 0, month=month, day=day, mode="most_recent")


# Christmas named bare after a preposition: "got a Switch for christmas", "since Xmas", "over Christmas", "by
# Christmas" - the nearest one, since "for christmas" looks back in January and ahead in November. Not a word that
# names something of the season ("the Christmas sale", "christmas tree", "merry Christmas", "the Christmas break").
_EN_CHRISTMAS = (
    r"(?:(?<=\bfor\s)|(?<=\bover\s)|(?<=\bat\s)|(?<=\bon\s)|(?<=\bsince\s)|(?<=\bafter\s)|(?<=\bbefore\s)"
    r"|(?<=\buntil\s)|(?<=\btill\s)|(?<=\bby\s)|(?<=\baround\s))(?:christmas|xmas|x-mas)\b"
    # "since New Year", "right after new year": the first of January (never "Happy New Year", nor "for new year")
    r"|(?:(?<=\bsince\s)|(?<=\bafter\s)|(?<=\bbefore\s)|(?<=\buntil\s)|(?<=\btill\s)|(?<=\bby\s))new\s+year(?!'?s)\b"
    r"(?!\s+(?:sales?|trees?|part(?:y|ies)|dinners?|lunch|shopping|cards?|gifts?|presents?|jumpers?|sweaters?|markets?"
    r"|lights|decorations?|bonus(?:es)?|menus?|lists?|films?|movies?|songs?|music|specials?|break|holidays?|period"
    r"|rush|season|week|spirit|cakes?|puddings?|stockings?|orders?|deals?|editions?|crackers?|eve|day|morning"
    r"|ham|turkey|shift|closures?|hours|opening|deliver(?:y|ies)|post|cut-?off)\b)"
)


def _en_christmas(match: re.Match[str]) -> _Parsed:
    before = match.string[: match.start("t")].rstrip().rsplit(maxsplit=1)[-1].lower()
    toward = -1 if before == "since" else 1 if before in ("until", "till", "by") else 0
    month, day = (1, 1) if match.group("t").lower().startswith("new") else (12, 25)
    return _Nearest(month, day, toward)


_EN_RULES = [
    _en(
        r"""\b(?P<t>(?P<w>(?:the\s+)?day\s+(?:before\s+yesterday|after\s+tomorrow)|yesterday|today|tonight
        |tomorrow|last\s+night|this\s+(?:morning|afternoon|evening))
        (?:\s+(?:morning|afternoon|evening|night))?)\b""",
        _en_day_word,
    ),
    _en(rf"\b(?P<t>{_EN_COUNT}\s+{_EN_UNIT}\s+ago)\b", _en_ago),
    # "twice in a month" is a frequency, not a date.
    _en(rf"(?<!once\s)(?<!twice\s)(?<!times\s)\b(?P<t>in\s+{_EN_COUNT}\s+{_EN_UNIT})\b", _en_ahead),
    _en(rf"\b(?P<t>{_EN_COUNT}\s+{_EN_UNIT}\s+from\s+now)\b", _en_ahead),
    _en(r"\b(?P<t>(?P<rel>last|this|next)\s+(?P<u>week|month|year))\b", _en_calendar_unit),
    # "since the 3rd of last month", "on the 12th of next month": a day of a month named relative to this one
    _en(
        r"\b(?P<t>(?:(?:on|since|from|as\s+of|starting|until|till|by)\s+)?the\s+(?P<day>3[01]|[12][0-9]|[1-9])"
        r"(?:st|nd|rd|th)\s+of\s+(?P<rel>last|this|next)\s+month)\b",
        _en_day_of_relative_month,
    ),
    # "the end of last month", "at the start of next month": a month's first, middle or last day
    _en(
        r"\b(?P<t>the\s+(?P<part>end|start|beginning|middle)\s+of\s+(?P<rel>last|this|next)\s+month)\b",
        _en_part_of_relative_month,
    ),
    # ("Happy Sunday.", "have a good Friday!", "TGI Friday": a greeting names no day of the record)
    _en(
        # (the greeting guard looks only at a bare day: "died for good last Monday" still says last Monday)
        r"\b(?P<t>(?:(?P<rel>last|this|next|on)\s+|(?<!every\s)(?<!happy\s)(?<!good\s)(?<!great\s)(?<!nice\s)"
        r"(?<!lovely\s)(?<!blessed\s)(?<!tgi\s))"
        rf"(?P<wd>{'|'.join(_EN_WEEKDAYS)}))\b",
        _en_weekday,
    ),
    # "Friday last week", "on Monday of next week": that weekday of the calendar week named
    _en(
        rf"\b(?P<t>(?:on\s+)?(?P<wd>{'|'.join(_EN_WEEKDAYS)}),?\s+(?:of\s+)?(?P<rel>last|this|next)\s+week)\b",
        _en_weekday_of_week,
    ),
    # "March 3", "on March 3rd, 2023", "Mar. 3 2024"
    _en(rf"\b(?P<t>(?:(?:on|in)\s+)?{_EN_MONTH}\s+{_EN_DAY}(?:,?\s+{_EN_YEAR})?)\b(?!:)", _en_named_month),
    # "3 March", "on 1 July", "the 1st of July 2024"
    _en(rf"\b(?P<t>(?:on\s+)?(?:the\s+)?{_EN_DAY}\s+(?:of\s+)?{_EN_MONTH}(?:,?\s+{_EN_YEAR})?)\b", _en_named_month),
    # "started on the 5th": a day of the turn's own month, said by its ordinal alone (never "the 5th floor",
    # "on the 3rd attempt": only before a pause or a word that ends the phrase); also where a span starts or ends
    # ("been a ground agent since the 28th", "as of the 3rd", "from the 12th", "until the 20th")
    _en(
        r"\b(?P<t>(?:on|since|from|as\s+of|starting|until|till|by|after|before)\s+the\s+(?P<day>3[01]|[12][0-9]|[1-9])"
        r"(?:st|nd|rd|th))\b"
        r"(?=\s*(?:[,.;!?)]|$)|\s+(?:as|and|but|so|when|after|before|at|with|I|we|my|this|last)\b)",
        _en_ordinal_day,
    ),
    # "March 2024", "in March of 2024"
    _en(rf"\b(?P<t>(?:(?:in|during)\s+)?{_EN_MONTH},?\s+(?:of\s+)?{_EN_YEAR})\b", _en_named_month),
    # "March of last year", "in May next year": a month of the year named relative to this one
    _en(
        rf"\b(?P<t>(?:(?:in|during)\s+)?{_EN_MONTH},?\s+(?:of\s+)?(?P<rel>last|this|next)\s+year)\b",
        _en_month_of_relative_year,
    ),
    # "in March", "since March"; the context word stays outside the span unless it is in/during
    _en(rf"\b(?P<t>(?:in|during)\s+{_EN_MONTH})\b", _en_named_month),
    # Full names only: "from Jan" is more often a person than January.
    _en(rf"\b{_EN_MONTH_CONTEXT}(?P<t>{_EN_FULL_MONTH})\b", _en_named_month),
    # A capitalised full month name alone is a month; "May" alone is too often the verb.
    _en(
        r"(?<!next\s)(?<!this\s)\b(?P<t>(?P<mon>January|February|March|April|June|July|August|September"
        r"|October|November|December))\b",
        _en_named_month,
        ignore_case=False,
    ),
    _en(rf"\b(?P<t>this\s+{_EN_MONTH})\b", _en_this_month_name),
    # "march's invoices", "September's statement": a month named as the owner of its records
    _en(
        r"(?<!next\s)(?<!this\s)\b(?P<t>(?P<mon>january|february|march|april|june|july|august|september|october"
        r"|november|december))'s\b",
        _en_named_month,
    ),
    _en(rf"\b(?P<t>{_EN_HOLIDAY})\b", _en_holiday),
    _en(rf"\b(?P<t>{_EN_CHRISTMAS})", _en_christmas),
    _en(rf"\b(?P<t>(?:in|during)\s+{_EN_YEAR})\b(?![-/][0-9])", _en_year),
    _en(rf"\b(?:since|from|until|till|by|before|after)\s+(?P<t>{_EN_YEAR})\b(?![-/][0-9])", _en_year),
]


# --- Chinese -------------------------------------------------------------------------------

_ZH_DIGITS = {
    "零": 0, "〇": 0, "一": 1, "二": 2, "两": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9,
}  # fmt: skip
_ZH_NUMERAL_CHARS = "0-9零〇一二三四五六七八九十两百千万"


def _zh_number(said: str) -> int:
    """Arabic digits or a Chinese numeral below 100 (十二, 二十, 二十三, 两)."""
    if said.isdigit():
        return int(said)
    if "十" not in said:
        return _ZH_DIGITS[said]
    tens, _, units = said.partition("十")
    return (_ZH_DIGITS[tens] if tens else 1) * 10 + (_ZH_DIGITS[units] if units else 0)


_ZH_COUNT = r"(?P<n>[0-9]{1,3}|[一二三四五六七八九]?十[一二三四五六七八九]?|[一二三四五六七八九两]|半)"
_ZH_MONTH = r"(?P<mon>1[0-2]|0?[1-9]|十[一二]?|[一二三四五六七八九])"
_ZH_DAY = r"(?P<day>3[01]|[12][0-9]|0?[1-9]|三十一?|二?十[一二三四五六七八九]?|[一二三四五六七八九])"
# A weekday numeral must not start a longer word: "上周一起吃饭" is "last week, together" (but
# "下周一起，…" / "下周一起生效" / "下周一起包裹都寄到…" is "from next Monday"), "上周三天"
# "three days last week", "这周天气" "the weather this week".
_ZH_WEEKDAY = r"""(?P<wd>
    一(?!起(?![，,。；;\s]|生效|执行|默认|我|你|您|他|她|咱|就|改|换|统一|正式|一律|恢复|调整|报表|报告|周报|月报|日报|通知|账单|发票|地址|主题|界面|所有|全部|包裹|快递|订单|收货)|样|直|共|定|些|下(?!午)|切|般|次|同|块|边|半|致|生|会|天|个|周|年|月|号|日)
    |[二三四五六](?![天个次位名件本项号日月年周十])
    |日(?![报子常记期程])
    |天(?![气数内里后前都以下])
)"""
_ZH_WEEKDAY_INDEX = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}

_ZH_DAY_WORDS = {
    "大前天": -3, "前天": -2, "昨天": -1, "昨日": -1, "昨儿": -1, "昨晚": -1, "昨夜": -1,
    "今天": 0, "今日": 0, "今儿": 0, "今早": 0, "今晚": 0,
    "明天": 1, "明日": 1, "明儿": 1, "明早": 1, "明晚": 1, "后天": 2, "大后天": 3,
    # Cantonese, as the extractor reads it (in simplified characters): 琴日/噚日/尋日 yesterday, 琴晚 last night,
    # 前日 the day before, 今朝 this morning, 聽日 tomorrow, 聽朝 tomorrow morning, 後日 the day after
    "琴日": -1, "噚日": -1, "寻日": -1, "琴晚": -1, "前日": -2, "今朝": 0, "听日": 1, "听朝": 1, "后日": 2,
}  # fmt: skip
_ZH_YEAR_WORDS = {"前年": -2, "去年": -1, "今年": 0, "明年": 1, "后年": 2}
_ZH_MONTH_WORDS = {
    "上上个月": -2, "上个月": -1, "上月": -1, "这个月": 0, "这月": 0, "本月": 0,
    "下个月": 1, "下月": 1, "下下个月": 2,
}  # fmt: skip
# A month's part as one day (the labels' reading of "上个月底"): 初 the 1st, 中 the 15th, 底/末 the last day; not
# 中旬/中秋/中午, 初一 (a lunar day), 末班.
_ZH_MONTH_PART = r"(?P<part>底|末(?!班|尾)|初(?![一二三四五六七八九十])|中(?![旬秋午心间部文国央期考学]))"
_ZH_PARTS: dict[str, Literal["first", "middle", "last"]] = {"底": "last", "末": "last", "初": "first", "中": "middle"}
_ZH_COUNT_UNITS: dict[str, _Unit] = {
    "天": "day",
    "周": "week",
    "星期": "week",
    "礼拜": "week",
    "月": "month",
    "年": "year",
}
_ZH_WEEK_PREFIXES = {"上上": -2, "上": -1, "这": 0, "本": 0, "下": 1, "下下": 2}


def _zh_day_word(match: re.Match[str]) -> _Parsed:
    return RelativeTime("day", _ZH_DAY_WORDS[match.group("w")])


def _zh_count(match: re.Match[str]) -> _Parsed | None:
    said, unit = match.group("n"), match.group("u")
    sign = -1 if match.group("dir").endswith("前") else 1
    if said == "半":
        # Half a month is 15 days and half a year six months; 半天/半周 are not dates.
        if unit == "个月":
            return RelativeTime("day", sign * 15, mode="shift")
        return RelativeTime("month", sign * 6, mode="shift") if unit == "年" else None
    count = _zh_number(said)
    if count == 0:
        return None
    return RelativeTime(_ZH_COUNT_UNITS[unit.removeprefix("个")], sign * count, mode="shift")


def _zh_year_month(match: re.Match[str]) -> _Parsed | None:
    month = _zh_number(match.group("mon")) if match.group("mon") else None
    day = _zh_number(match.group("day")) if match.group("day") else None
    if month is not None and not 1 <= month <= 12:
        return None
    part = _ZH_PARTS[match.group("part")] if match.group("part") else None
    if match.group("yn"):
        year = int(match.group("yn"))
        if month is not None and part is not None:
            first, after = _month_or_day(year, month, None, clamp=False)
            if part == "first":
                return _Absolute(first, first + timedelta(days=10), "day")  # (its first ten days, as 月初 alone)
            found = {"middle": first + timedelta(days=14), "last": after - timedelta(days=1)}[part]
            return _Absolute(found, found + timedelta(days=1), "day")
        return _absolute_year(year) if month is None else _named_month(year, month, day)
    spec = RelativeTime("year", _ZH_YEAR_WORDS[match.group("yw")], month=month, day=day)
    return _MonthPart(spec, part) if part is not None else spec


def _zh_month_word(match: re.Match[str]) -> _Parsed:
    day = _zh_number(match.group("day")) if match.group("day") else None
    spec = RelativeTime("month", _ZH_MONTH_WORDS[match.group("mw")], day=day)
    return _MonthPart(spec, _ZH_PARTS[match.group("part")]) if match.group("part") else spec


def _zh_this_month_part(match: re.Match[str]) -> _Parsed:
    return _MonthPart(RelativeTime("month", 0), _ZH_PARTS[match.group("part")])


def _zh_week(match: re.Match[str]) -> _Parsed:
    offset = _ZH_WEEK_PREFIXES[match.group("wp")]
    if match.group("wd"):
        return RelativeTime("weekday", offset, weekday=_ZH_WEEKDAY_INDEX[match.group("wd")])
    return RelativeTime("week", offset)


# A bare weekday told as still to come: "周六就要用", "周五之前能到吗", "星期三会发货吗", "等周日再说".
_ZH_WEEKDAY_AHEAD = re.compile(
    r"(?:就要|要|之前|以前|前(?![\u4e00-\u9fff])|前(?=[能要到给发寄送交得必])|会(?!议|员)|能|可以|再|见|截止|到期)"
)


def _zh_bare_weekday(match: re.Match[str]) -> _Parsed:
    weekday = _ZH_WEEKDAY_INDEX[match.group("wd")]
    text = match.string
    if _ZH_WEEKDAY_AHEAD.match(text, match.end("t")) or re.search(r"等到?$", text[: match.start("t")]):
        return _NextWeekday(weekday)
    return RelativeTime("weekday", 0, weekday=weekday, mode="most_recent")


def _zh_month(match: re.Match[str]) -> _Parsed | None:
    month = _zh_number(match.group("mon"))
    day = _zh_number(match.group("day")) if match.group("day") else None
    if not 1 <= month <= 12:
        return None
    if match.group("part"):
        return _MonthPart(RelativeTime("year", 0, month=month, mode="most_recent"), _ZH_PARTS[match.group("part")])
    told = _zh_told_ahead(match.string, match.start("t"), match.end("t"))
    if told == "ahead":
        return _NextMonth(month, day)
    if told == "this year":
        return RelativeTime("year", 0, month=month, day=day)
    return _named_month(None, month, day)


# A month or day named in a clause that looks ahead to it: "我打算6月搬去深圳", "3月15号之前能到吗";
# "5月1号起我搬到杭州" is this year's May (said in April, to come; said in June, "三月份开始我在格力做质检" is the
# March gone by); not one told as done ("3月起我就在这上班了", "5月1号以后就没收到过").
_ZH_AHEAD_AFTER = re.compile(r"(?:之前|以前|前(?=[能要到给发寄送交得必])|就要|要|会(?!议|员)|将|能|可以|截止|到期)")
_ZH_AHEAD_BEFORE = re.compile(r"(?:打算|准备|计划|将要|预计|预定|即将|等到?|要在|会在|将在)$")
_ZH_FROM = re.compile(r"(?:起(?!来)|开始|以后|之后|生效)")
_ZH_PAST = re.compile(r"[了过]|已经|曾经|那时|当时|的时候")


def _zh_told_ahead(text: str, start: int, end: int) -> _Ahead:
    clause_start = max(text.rfind(mark, 0, start) for mark in "。！？；!?;\n") + 1
    ends = [found for mark in "。！？；!?;\n" if (found := text.find(mark, end)) >= 0]
    clause = text[clause_start : min(ends, default=len(text))]
    if _ZH_PAST.search(clause):
        return None
    if _ZH_AHEAD_AFTER.match(text, end) or _ZH_AHEAD_BEFORE.search(text, clause_start, start):
        return "ahead"
    if _ZH_FROM.match(text, end) or text[clause_start:start].endswith("从"):
        return "this year"
    return None


# Holidays on a fixed date, the nearest one: "元旦那天", "新年第一天就要上班", "圣诞节收到的". Greetings ("元旦快乐",
# "圣诞快乐") and things of the season ("圣诞树", "圣诞礼物", "圣诞促销") are not dates; 七夕情人节 is lunar.
_ZH_HOLIDAYS = {
    "元旦": (1, 1), "新年第一天": (1, 1), "新年头一天": (1, 1), "圣诞节": (12, 25), "圣诞": (12, 25),
    "平安夜": (12, 24), "跨年夜": (12, 31), "万圣节": (10, 31), "情人节": (2, 14),
    # (the public holidays on a fixed solar date: "国庆节前能送到吗", "劳动节那天", "教师节收到的")
    "国庆节": (10, 1), "国庆": (10, 1), "劳动节": (5, 1), "儿童节": (6, 1), "妇女节": (3, 8), "教师节": (9, 10),
    "建军节": (8, 1),
}  # fmt: skip


def _zh_holiday_day(match: re.Match[str]) -> _Parsed | None:
    month, day = _ZH_HOLIDAYS[match.group("hol")]
    count = _zh_number(match.group("n"))
    if count == 0:
        return None
    if match.group("ord"):
        return _Nearest(month, day, shift=count - 1)  # "元旦的第二天": the holiday is its first day
    return _Nearest(month, day, shift=-count if match.group("dir").endswith("前") else count)


def _zh_holiday(match: re.Match[str]) -> _Parsed:
    month, day = _ZH_HOLIDAYS[match.group("hol")]
    return _Nearest(month, day)


_ZH_DAY_SUFFIX = r"(?:[日号])"
_ZH_PART_OF_DAY = r"(?:早上|上午|中午|下午|傍晚|晚上|夜里)"
_ZH_RULES = [
    _zh(
        # (听日 is no day in 听日语 / 听日文 / 听日本歌: listening to Japanese)
        r"(?P<t>(?P<w>" + "|".join(sorted(_ZH_DAY_WORDS, key=len, reverse=True)) + r")(?<!听日(?=[语文本剧]))"
        rf"{_ZH_PART_OF_DAY}?)",
        _zh_day_word,
    ),
    _zh(
        # (a count in hanzi may follow a model's number: "我的Switch 2两周前落在渡轮上了")
        rf"(?:(?<![{_ZH_NUMERAL_CHARS}])|(?<=[0-9])(?=[一二三四五六七八九两半十]))"
        rf"(?P<t>{_ZH_COUNT}(?P<u>天|周|个?星期|个?礼拜|个月|年)(?P<dir>以前|之前|前|以后|之后|后))",
        _zh_count,
    ),
    _zh(
        r"(?P<t>(?:(?P<yw>前年|去年|今年|明年|后年)|(?<![0-9])(?P<yn>(?:19|20)[0-9]{2})年)"
        rf"(?:{_ZH_MONTH}月份?(?:{_ZH_DAY}{_ZH_DAY_SUFFIX}|{_ZH_MONTH_PART})?)?)",
        _zh_year_month,
    ),
    _zh(
        # 晚上月亮 is "evening moon", not 上月: the 上 must not end a word.
        r"(?<![晚早马路楼线身])(?P<t>(?P<mw>" + "|".join(sorted(_ZH_MONTH_WORDS, key=len, reverse=True)) + r")"
        rf"(?:{_ZH_DAY}{_ZH_DAY_SUFFIX}|{_ZH_MONTH_PART})?)",
        _zh_month_word,
    ),
    _zh(
        r"(?<![晚早马路楼线身])(?P<t>(?P<wp>上上|下下|上|这|本|下)个?(?:周|星期|礼拜)"
        rf"(?:{_ZH_WEEKDAY}{_ZH_PART_OF_DAY}?)?)",
        _zh_week,
    ),
    # ("从下周一起寄这里": after 从, 一起 is Monday and 起, not "together")
    _zh(r"(?<=从)(?P<t>(?P<wp>上上|下下|上|这|本|下)个?(?:周|星期|礼拜)(?P<wd>一))(?=起)", _zh_week),
    _zh(rf"(?<![每上下这本个])(?P<t>(?:周|星期|礼拜){_ZH_WEEKDAY}{_ZH_PART_OF_DAY}?)", _zh_bare_weekday),
    # ("我的大疆Air 3三月份撞树上了": a month in hanzi numerals right after a model's Arabic digit)
    _zh(
        rf"(?:(?<![{_ZH_NUMERAL_CHARS}])|(?<=[0-9])(?=[一二三四五六七八九十]))"
        rf"(?P<t>{_ZH_MONTH}月份?(?:{_ZH_DAY}{_ZH_DAY_SUFFIX}|{_ZH_MONTH_PART})?)",
        _zh_month,
    ),
    # the turn's own month by its part: "月底前寄到", "我月初刚搬过来" (not 岁月中, 正月初一, 个月底)
    _zh(rf"(?<![{_ZH_NUMERAL_CHARS}个岁日风明正腊闰蜜满赏年])(?P<t>月{_ZH_MONTH_PART})", _zh_this_month_part),
    _zh(
        # a day counted from a holiday: "国庆前一天", "元旦后第二天", "国庆节后第三天", "元旦的第二天"
        r"(?<!七夕)(?<![号日])(?P<t>(?P<hol>" + "|".join(sorted(_ZH_HOLIDAYS, key=len, reverse=True)) + r")"
        r"(?:节)?(?:(?P<dir>前|后|过后|之前|之后)(?P<nth>第)?|的?(?P<ord>第))(?P<n>[0-9]{1,2}|[一二三四五六七八九两十])天)",
        _zh_holiday_day,
    ),
    _zh(
        # ("三月八号妇女节": the holiday named after its own date restates it)
        r"(?<!七夕)(?<![号日])(?P<t>(?P<hol>" + "|".join(sorted(_ZH_HOLIDAYS, key=len, reverse=True)) + r"))"
        # ("国庆黄金周", "国庆长假", "国庆七天": the holiday week, not its day)
        r"(?!快乐|节快乐|树|老人|礼物|促销|特惠|活动|装饰|大餐|晚会|假期|期间|前后|档|歌|氛围|套餐|限定|主题|黄金周|长假|七天|节假期"
        r"|节长假|节黄金周|节期间|节假日|假日)",
        _zh_holiday,
    ),
]


# --- Numeric dates (any language) ------------------------------------------------------------

# Glued to letters, digits, dots, slashes or hyphens, a digit run is an identifier (ORD-2024-03-05,
# v2024.03.05), never a date.
_NOT_GLUED_BEFORE = r"(?<![A-Za-z0-9_./-])"
_NOT_GLUED_AFTER = r"(?![A-Za-z0-9_/-]|\.[0-9])"


def _numeric_day(match: re.Match[str]) -> _Parsed | None:
    return _absolute_day(int(match.group("year")), int(match.group("mon")), int(match.group("day")))


def _numeric_month(match: re.Match[str]) -> _Parsed:
    return _absolute_month(int(match.group("year")), int(match.group("mon")))


_NUMERIC_RULES = [
    _Rule(
        None,
        re.compile(
            _NOT_GLUED_BEFORE + r"(?P<t>(?P<year>(?:19|20)[0-9]{2})(?P<sep>[-/])(?P<mon>1[0-2]|0?[1-9])(?P=sep)"
            r"(?P<day>3[01]|[12][0-9]|0?[1-9]))" + _NOT_GLUED_AFTER
        ),
        _numeric_day,
    ),
    # Year-month only with a two-digit month and a hyphen, the ISO form ("2024-03").
    _Rule(
        None,
        re.compile(_NOT_GLUED_BEFORE + r"(?P<t>(?P<year>(?:19|20)[0-9]{2})-(?P<mon>1[0-2]|0[1-9]))" + _NOT_GLUED_AFTER),
        _numeric_month,
    ),
]

_RULES: tuple[_Rule, ...] = (*_EN_RULES, *_ZH_RULES, *_NUMERIC_RULES)
