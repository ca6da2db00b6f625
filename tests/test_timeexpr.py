"""Time expressions in both languages, resolved against the turn's time (issue 4 §1)."""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta, tzinfo
from zoneinfo import ZoneInfo

import pytest

from palimpsest.errors import NaiveDatetimeError, ValidationError
from palimpsest.write.model import Granularity, RelativeTime
from palimpsest.write.timeexpr import find_times, resolve_relative

SHANGHAI = ZoneInfo("Asia/Shanghai")
# A Wednesday afternoon in Shanghai: the week runs Mon 6 July .. Sun 12 July 2026.
ANCHOR = datetime(2026, 7, 8, 15, 0, tzinfo=SHANGHAI)


def rel(unit: str, offset: int, **kwargs: object) -> RelativeTime:
    return RelativeTime(unit, offset, **kwargs)  # type: ignore[arg-type]


def local(day: date, tz: tzinfo = SHANGHAI) -> datetime:
    """Local midnight of ``day`` in the user's zone, as a UTC instant."""
    return datetime.combine(day, time(), tzinfo=tz).astimezone(UTC)


D = date
SHIFT = {"mode": "shift"}
RECENT = {"mode": "most_recent"}

# (text, mention text, first local day, local day after, granularity, relative spec)
CASES: list[tuple[str, str, date, date, Granularity, RelativeTime | None]] = [
    # --- Chinese: days
    ("昨天我搬到了北京", "昨天", D(2026, 7, 7), D(2026, 7, 8), "day", rel("day", -1)),
    ("今天用深色模式", "今天", D(2026, 7, 8), D(2026, 7, 9), "day", rel("day", 0)),
    ("前天下单的", "前天", D(2026, 7, 6), D(2026, 7, 7), "day", rel("day", -2)),
    ("大前天", "大前天", D(2026, 7, 5), D(2026, 7, 6), "day", rel("day", -3)),
    ("明天发货", "明天", D(2026, 7, 9), D(2026, 7, 10), "day", rel("day", 1)),
    ("后天", "后天", D(2026, 7, 10), D(2026, 7, 11), "day", rel("day", 2)),
    ("昨晚没睡好", "昨晚", D(2026, 7, 7), D(2026, 7, 8), "day", rel("day", -1)),
    ("今早收到", "今早", D(2026, 7, 8), D(2026, 7, 9), "day", rel("day", 0)),
    ("今天早上收到", "今天早上", D(2026, 7, 8), D(2026, 7, 9), "day", rel("day", 0)),
    # --- Chinese: counts
    ("三天前", "三天前", D(2026, 7, 5), D(2026, 7, 6), "day", rel("day", -3, **SHIFT)),
    ("两周前换的工作", "两周前", D(2026, 6, 24), D(2026, 6, 25), "day", rel("week", -2, **SHIFT)),
    ("两个星期前", "两个星期前", D(2026, 6, 24), D(2026, 6, 25), "day", rel("week", -2, **SHIFT)),
    ("半个月前", "半个月前", D(2026, 6, 23), D(2026, 6, 24), "day", rel("day", -15, **SHIFT)),
    ("一年前", "一年前", D(2025, 7, 8), D(2025, 7, 9), "day", rel("year", -1, **SHIFT)),
    ("十二天前", "十二天前", D(2026, 6, 26), D(2026, 6, 27), "day", rel("day", -12, **SHIFT)),
    ("二十天后", "二十天后", D(2026, 7, 28), D(2026, 7, 29), "day", rel("day", 20, **SHIFT)),
    ("3个月后", "3个月后", D(2026, 10, 8), D(2026, 10, 9), "day", rel("month", 3, **SHIFT)),
    ("半年前", "半年前", D(2026, 1, 8), D(2026, 1, 9), "day", rel("month", -6, **SHIFT)),
    # --- Chinese: calendar weeks, months, years
    ("上周很忙", "上周", D(2026, 6, 29), D(2026, 7, 6), "week", rel("week", -1)),
    ("本周", "本周", D(2026, 7, 6), D(2026, 7, 13), "week", rel("week", 0)),
    ("下个星期", "下个星期", D(2026, 7, 13), D(2026, 7, 20), "week", rel("week", 1)),
    ("把上个月销售数据按区域汇总", "上个月", D(2026, 6, 1), D(2026, 7, 1), "month", rel("month", -1)),
    ("这个月", "这个月", D(2026, 7, 1), D(2026, 8, 1), "month", rel("month", 0)),
    ("本月", "本月", D(2026, 7, 1), D(2026, 8, 1), "month", rel("month", 0)),
    ("下个月", "下个月", D(2026, 8, 1), D(2026, 9, 1), "month", rel("month", 1)),
    ("去年", "去年", D(2025, 1, 1), D(2026, 1, 1), "year", rel("year", -1)),
    ("今年", "今年", D(2026, 1, 1), D(2027, 1, 1), "year", rel("year", 0)),
    ("明年", "明年", D(2027, 1, 1), D(2028, 1, 1), "year", rel("year", 1)),
    # --- Chinese: weekdays
    ("上周一我搬到北京了", "上周一", D(2026, 6, 29), D(2026, 6, 30), "day", rel("weekday", -1, weekday=0)),
    ("上周日", "上周日", D(2026, 7, 5), D(2026, 7, 6), "day", rel("weekday", -1, weekday=6)),
    ("上个礼拜天", "上个礼拜天", D(2026, 7, 5), D(2026, 7, 6), "day", rel("weekday", -1, weekday=6)),
    ("本周五", "本周五", D(2026, 7, 10), D(2026, 7, 11), "day", rel("weekday", 0, weekday=4)),
    ("这周一", "这周一", D(2026, 7, 6), D(2026, 7, 7), "day", rel("weekday", 0, weekday=0)),
    ("下周一开会", "下周一", D(2026, 7, 13), D(2026, 7, 14), "day", rel("weekday", 1, weekday=0)),
    ("周一", "周一", D(2026, 7, 6), D(2026, 7, 7), "day", rel("weekday", 0, weekday=0, **RECENT)),
    ("星期三", "星期三", D(2026, 7, 8), D(2026, 7, 9), "day", rel("weekday", 0, weekday=2, **RECENT)),
    ("礼拜五", "礼拜五", D(2026, 7, 3), D(2026, 7, 4), "day", rel("weekday", 0, weekday=4, **RECENT)),
    ("星期日", "星期日", D(2026, 7, 5), D(2026, 7, 6), "day", rel("weekday", 0, weekday=6, **RECENT)),
    # --- Chinese: months and dates
    ("三月", "三月", D(2026, 3, 1), D(2026, 4, 1), "month", rel("year", 0, month=3, **RECENT)),
    ("3月", "3月", D(2026, 3, 1), D(2026, 4, 1), "month", rel("year", 0, month=3, **RECENT)),
    ("十二月", "十二月", D(2025, 12, 1), D(2026, 1, 1), "month", rel("year", 0, month=12, **RECENT)),
    ("3月份的账单", "3月份", D(2026, 3, 1), D(2026, 4, 1), "month", rel("year", 0, month=3, **RECENT)),
    ("去年三月", "去年三月", D(2025, 3, 1), D(2025, 4, 1), "month", rel("year", -1, month=3)),
    ("2024年3月", "2024年3月", D(2024, 3, 1), D(2024, 4, 1), "month", None),
    ("3月5日", "3月5日", D(2026, 3, 5), D(2026, 3, 6), "day", rel("year", 0, month=3, day=5, **RECENT)),
    ("3月5号", "3月5号", D(2026, 3, 5), D(2026, 3, 6), "day", rel("year", 0, month=3, day=5, **RECENT)),
    ("7月1日搬的家", "7月1日", D(2026, 7, 1), D(2026, 7, 2), "day", rel("year", 0, month=7, day=1, **RECENT)),
    ("2024年3月5日", "2024年3月5日", D(2024, 3, 5), D(2024, 3, 6), "day", None),
    ("去年3月5日", "去年3月5日", D(2025, 3, 5), D(2025, 3, 6), "day", rel("year", -1, month=3, day=5)),
    ("上个月5号", "上个月5号", D(2026, 6, 5), D(2026, 6, 6), "day", rel("month", -1, day=5)),
    ("2024年", "2024年", D(2024, 1, 1), D(2025, 1, 1), "year", None),
    ("账单2024-03-05已付", "2024-03-05", D(2024, 3, 5), D(2024, 3, 6), "day", None),
    ("2024/3/5", "2024/3/5", D(2024, 3, 5), D(2024, 3, 6), "day", None),
    # --- English: days
    (
        "I moved to Beijing last Monday",
        "last Monday",
        D(2026, 6, 29),
        D(2026, 6, 30),
        "day",
        rel("weekday", -1, weekday=0),
    ),
    ("yesterday", "yesterday", D(2026, 7, 7), D(2026, 7, 8), "day", rel("day", -1)),
    ("the day before yesterday", "the day before yesterday", D(2026, 7, 6), D(2026, 7, 7), "day", rel("day", -2)),
    ("Tomorrow morning", "Tomorrow morning", D(2026, 7, 9), D(2026, 7, 10), "day", rel("day", 1)),
    ("I slept badly last night", "last night", D(2026, 7, 7), D(2026, 7, 8), "day", rel("day", -1)),
    ("this morning", "this morning", D(2026, 7, 8), D(2026, 7, 9), "day", rel("day", 0)),
    # --- English: counts
    ("two weeks ago", "two weeks ago", D(2026, 6, 24), D(2026, 6, 25), "day", rel("week", -2, **SHIFT)),
    ("3 days ago", "3 days ago", D(2026, 7, 5), D(2026, 7, 6), "day", rel("day", -3, **SHIFT)),
    ("a month ago", "a month ago", D(2026, 6, 8), D(2026, 6, 9), "day", rel("month", -1, **SHIFT)),
    ("twelve years ago", "twelve years ago", D(2014, 7, 8), D(2014, 7, 9), "day", rel("year", -12, **SHIFT)),
    ("in 3 days", "in 3 days", D(2026, 7, 11), D(2026, 7, 12), "day", rel("day", 3, **SHIFT)),
    ("in two weeks", "in two weeks", D(2026, 7, 22), D(2026, 7, 23), "day", rel("week", 2, **SHIFT)),
    # --- English: calendar weeks, months, years
    ("last week", "last week", D(2026, 6, 29), D(2026, 7, 6), "week", rel("week", -1)),
    ("this week", "this week", D(2026, 7, 6), D(2026, 7, 13), "week", rel("week", 0)),
    ("next week", "next week", D(2026, 7, 13), D(2026, 7, 20), "week", rel("week", 1)),
    ("sum up last month's sales", "last month", D(2026, 6, 1), D(2026, 7, 1), "month", rel("month", -1)),
    ("next month", "next month", D(2026, 8, 1), D(2026, 9, 1), "month", rel("month", 1)),
    ("last year", "last year", D(2025, 1, 1), D(2026, 1, 1), "year", rel("year", -1)),
    ("this year", "this year", D(2026, 1, 1), D(2027, 1, 1), "year", rel("year", 0)),
    # a month of a year named relative to this one (not "in March" plus "last year")
    (
        "moved in March of last year",
        "in March of last year",
        D(2025, 3, 1),
        D(2025, 4, 1),
        "month",
        rel("year", -1, month=3),
    ),
    ("June next year", "June next year", D(2027, 6, 1), D(2027, 7, 1), "month", rel("year", 1, month=6)),
    # --- English: weekdays
    ("next Monday", "next Monday", D(2026, 7, 13), D(2026, 7, 14), "day", rel("weekday", 1, weekday=0)),
    ("this Monday", "this Monday", D(2026, 7, 6), D(2026, 7, 7), "day", rel("weekday", 0, weekday=0)),
    ("this Sunday", "this Sunday", D(2026, 7, 12), D(2026, 7, 13), "day", rel("weekday", 0, weekday=6)),
    ("on Friday", "on Friday", D(2026, 7, 3), D(2026, 7, 4), "day", rel("weekday", 0, weekday=4, **RECENT)),
    ("Wednesday", "Wednesday", D(2026, 7, 8), D(2026, 7, 9), "day", rel("weekday", 0, weekday=2, **RECENT)),
    # --- English: months and dates
    ("I moved in March", "in March", D(2026, 3, 1), D(2026, 4, 1), "month", rel("year", 0, month=3, **RECENT)),
    ("in November", "in November", D(2025, 11, 1), D(2025, 12, 1), "month", rel("year", 0, month=11, **RECENT)),
    ("since September", "September", D(2025, 9, 1), D(2025, 10, 1), "month", rel("year", 0, month=9, **RECENT)),
    ("this December", "this December", D(2026, 12, 1), D(2027, 1, 1), "month", rel("year", 0, month=12)),
    ("March 2024", "March 2024", D(2024, 3, 1), D(2024, 4, 1), "month", None),
    ("in March 2024", "in March 2024", D(2024, 3, 1), D(2024, 4, 1), "month", None),
    ("March 3", "March 3", D(2026, 3, 3), D(2026, 3, 4), "day", rel("year", 0, month=3, day=3, **RECENT)),
    ("3 March 2024", "3 March 2024", D(2024, 3, 3), D(2024, 3, 4), "day", None),
    ("March 3rd, 2023", "March 3rd, 2023", D(2023, 3, 3), D(2023, 3, 4), "day", None),
    ("I moved on 1 July", "on 1 July", D(2026, 7, 1), D(2026, 7, 2), "day", rel("year", 0, month=7, day=1, **RECENT)),
    ("the 1st of July 2024", "the 1st of July 2024", D(2024, 7, 1), D(2024, 7, 2), "day", None),
    ("I was born in 1990", "in 1990", D(1990, 1, 1), D(1991, 1, 1), "year", None),
    ("due on 2024-03-05.", "2024-03-05", D(2024, 3, 5), D(2024, 3, 6), "day", None),
]


@pytest.mark.parametrize(
    ("text", "said", "first", "after", "granularity", "relative"), CASES, ids=[c[0] for c in CASES]
)
def test_resolves_in_the_users_zone(
    text: str, said: str, first: date, after: date, granularity: Granularity, relative: RelativeTime | None
) -> None:
    [mention] = find_times(text, ANCHOR, tz=SHANGHAI)
    assert mention.text == said
    assert text[mention.span[0] : mention.span[1]] == said
    assert (mention.start, mention.end) == (local(first), local(after))
    assert mention.granularity == granularity
    assert mention.relative == relative
    if relative is not None:
        # A relative mention re-resolved at the same anchor gives the same range.
        assert resolve_relative(relative, ANCHOR, tz=SHANGHAI) == (mention.start, mention.end)


UTC_ANCHOR = datetime(2026, 7, 8, 15, 0, tzinfo=UTC)
UTC_CASES: list[tuple[str, date, date, Granularity]] = [
    ("昨天", D(2026, 7, 7), D(2026, 7, 8), "day"),
    ("上周一", D(2026, 6, 29), D(2026, 6, 30), "day"),
    ("上个月", D(2026, 6, 1), D(2026, 7, 1), "month"),
    ("yesterday", D(2026, 7, 7), D(2026, 7, 8), "day"),
    ("last week", D(2026, 6, 29), D(2026, 7, 6), "week"),
    ("去年三月", D(2025, 3, 1), D(2025, 4, 1), "month"),
    ("in March", D(2026, 3, 1), D(2026, 4, 1), "month"),
]


@pytest.mark.parametrize(("text", "first", "after", "granularity"), UTC_CASES, ids=[c[0] for c in UTC_CASES])
def test_resolves_in_utc_by_default(text: str, first: date, after: date, granularity: Granularity) -> None:
    [mention] = find_times(text, UTC_ANCHOR)
    assert (mention.start, mention.end) == (local(first, UTC), local(after, UTC))
    assert mention.start.tzinfo is UTC
    assert mention.granularity == granularity


def test_day_boundaries_follow_the_users_zone() -> None:
    # 01:00 on 8 July in Shanghai is still 7 July in UTC: "yesterday" differs by zone.
    early = datetime(2026, 7, 8, 1, 0, tzinfo=SHANGHAI)
    [in_shanghai] = find_times("yesterday", early, tz=SHANGHAI)
    [in_utc] = find_times("yesterday", early)
    assert (in_shanghai.start, in_shanghai.end) == (local(D(2026, 7, 7)), local(D(2026, 7, 8)))
    assert in_shanghai.start == datetime(2026, 7, 6, 16, 0, tzinfo=UTC)
    assert (in_utc.start, in_utc.end) == (local(D(2026, 7, 6), UTC), local(D(2026, 7, 7), UTC))


def test_a_day_across_a_daylight_saving_change_is_23_hours() -> None:
    new_york = ZoneInfo("America/New_York")
    [mention] = find_times("yesterday", datetime(2026, 3, 9, 12, 0, tzinfo=new_york), tz=new_york)
    assert mention.start == datetime(2026, 3, 8, 5, 0, tzinfo=UTC)
    assert mention.end - mention.start == timedelta(hours=23)


@pytest.mark.parametrize("text", ["三月", "in March"])
@pytest.mark.parametrize(
    ("said_on", "year"),
    [(datetime(2026, 11, 20, tzinfo=SHANGHAI), 2026), (datetime(2026, 2, 10, tzinfo=SHANGHAI), 2025)],
)
def test_a_month_without_a_year_is_the_most_recent_one_not_after_the_anchor(
    text: str, said_on: datetime, year: int
) -> None:
    [mention] = find_times(text, said_on, tz=SHANGHAI)
    assert (mention.start, mention.end) == (local(D(year, 3, 1)), local(D(year, 4, 1)))


def test_last_month_is_re_resolved_at_read_time() -> None:
    """Seed 002 §3.2: said on 31 January it is December; read on 1 February it is January."""
    said_on = datetime(2026, 1, 31, 10, 0, tzinfo=SHANGHAI)
    [mention] = find_times("把上个月销售数据按区域汇总", said_on, tz=SHANGHAI)
    assert mention.relative == RelativeTime("month", -1)
    assert (mention.start, mention.end) == (local(D(2025, 12, 1)), local(D(2026, 1, 1)))
    read_on = datetime(2026, 2, 1, 9, 0, tzinfo=SHANGHAI)
    assert resolve_relative(mention.relative, read_on, tz=SHANGHAI) == (local(D(2026, 1, 1)), local(D(2026, 2, 1)))


def test_shifts_and_named_days_clamp_to_the_end_of_the_month() -> None:
    [mention] = find_times("3 months ago", datetime(2026, 5, 31, 12, 0, tzinfo=UTC))
    assert mention.start == local(D(2026, 2, 28), UTC)
    # At read time a stored "上个月31号" must still resolve: February has no 31st.
    spec = RelativeTime("month", -1, day=31)
    assert resolve_relative(spec, datetime(2026, 3, 15, tzinfo=UTC))[0] == local(D(2026, 2, 28), UTC)


def test_a_day_that_does_not_exist_is_not_a_time() -> None:
    assert find_times("2月30日", ANCHOR, tz=SHANGHAI) == []
    assert find_times("2025-02-29", ANCHOR) == []
    assert find_times("February 30", ANCHOR) == []


@pytest.mark.parametrize(
    "text",
    [
        "ORD-2024-03",
        "订单号 ORD-2024-03-05",
        "13800001111",
        "$3,000",
        "iPhone 14",
        "v2024.03.05",
        "room 2024",
        "I ordered 3 items",
        "每周一开会",
        "every Monday",
        "on Mondays",
        "May I help you?",
        "this may change",
        "you may 2x the dose",
        "twice in a month",
        "I got a message from Jan",
        "晚上月亮很圆",
        "三个月",
        "next March",
    ],
)
def test_numbers_and_identifiers_are_not_times(text: str) -> None:
    assert find_times(text, ANCHOR, tz=SHANGHAI) == []


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("我们上周一起去的", "上周"),  # 一起 = together, not Monday
        ("上周三天都在加班", "上周"),  # 三天 = three days
        ("这周天气不错", "这周"),  # 天气 = weather
        ("上周五下午", "上周五下午"),  # 下午 = afternoon, not 下 + 午
    ],
)
def test_weekday_numerals_that_start_another_word_are_not_weekdays(text: str, said: str) -> None:
    assert [m.text for m in find_times(text, ANCHOR, tz=SHANGHAI)] == [said]


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("去年三月", "去年三月"),
        ("大前天", "大前天"),
        ("2024年3月5日", "2024年3月5日"),
        ("I moved in March 2024", "in March 2024"),
        ("March 3rd, 2023", "March 3rd, 2023"),
        ("上个星期五下午", "上个星期五下午"),
    ],
)
def test_overlapping_expressions_resolve_to_the_longest(text: str, said: str) -> None:
    assert [m.text for m in find_times(text, ANCHOR, tz=SHANGHAI)] == [said]


def test_several_mentions_come_back_in_text_order() -> None:
    text = "昨天说好的，下周一再处理 — or tomorrow, 2024-03-05 at the latest"
    mentions = find_times(text, ANCHOR, tz=SHANGHAI)
    assert [m.text for m in mentions] == ["昨天", "下周一", "tomorrow", "2024-03-05"]
    assert all(text[m.span[0] : m.span[1]] == m.text for m in mentions)
    assert all(m.start < m.end for m in mentions)


def test_language_restricts_the_word_rules_but_not_numeric_dates() -> None:
    text = "上周一 last Monday 2024-03-05"
    assert [m.text for m in find_times(text, ANCHOR, language="en")] == ["last Monday", "2024-03-05"]
    assert [m.text for m in find_times(text, ANCHOR, language="zh")] == ["上周一", "2024-03-05"]
    assert [m.text for m in find_times(text, ANCHOR)] == ["上周一", "last Monday", "2024-03-05"]


def test_a_naive_anchor_is_refused() -> None:
    with pytest.raises(NaiveDatetimeError):
        find_times("昨天", datetime(2026, 7, 8, 15, 0))
    with pytest.raises(NaiveDatetimeError):
        resolve_relative(RelativeTime("day", -1), datetime(2026, 7, 8, 15, 0))


@pytest.mark.parametrize(
    "spec",
    [
        RelativeTime("weekday", -1),
        RelativeTime("weekday", 0, weekday=7),
        RelativeTime("month", 0, month=3),
        RelativeTime("day", 0, day=5),
        RelativeTime("year", 0, month=13),
        RelativeTime("weekday", -1, weekday=0, mode="shift"),
        RelativeTime("month", 0, mode="most_recent"),
        RelativeTime("year", 99999),
    ],
)
def test_a_spec_that_names_no_time_is_a_validation_error(spec: RelativeTime) -> None:
    with pytest.raises(ValidationError):
        resolve_relative(spec, ANCHOR)


def test_most_recent_steps_back_by_offset() -> None:
    # "the Monday before last" as a spec: one week before the most recent Monday.
    spec = RelativeTime("weekday", -1, weekday=0, mode="most_recent")
    assert resolve_relative(spec, ANCHOR, tz=SHANGHAI) == (local(D(2026, 6, 29)), local(D(2026, 6, 30)))


def test_hours_resolve_to_the_clock_hour() -> None:
    start, end = resolve_relative(RelativeTime("hour", -2), datetime(2026, 7, 8, 15, 20, tzinfo=SHANGHAI), tz=SHANGHAI)
    assert (start, end) == (datetime(2026, 7, 8, 5, 0, tzinfo=UTC), datetime(2026, 7, 8, 6, 0, tzinfo=UTC))


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("started at Wix on the 5th as a product designer", [("on the 5th", date(2026, 1, 5))]),
        ("moved in on the 2nd", [("on the 2nd", date(2026, 1, 2))]),
        ("see you on the 12th.", [("on the 12th", date(2026, 1, 12))]),
        # an ordinal that is no day
        ("I live on the 5th floor", []),
        ("on the 3rd attempt it worked", []),
    ],
)
def test_a_day_said_by_its_ordinal_alone_is_in_the_turns_month(text: str, found: list[tuple[str, date]]) -> None:
    at = datetime(2026, 1, 20, 10, 0, tzinfo=UTC)
    assert [(m.text, m.start.date()) for m in find_times(text, at)] == found


# A Saturday in Shanghai, 10 April 2027.
APRIL = datetime(2027, 4, 10, 12, 0, tzinfo=SHANGHAI)


@pytest.mark.parametrize(
    ("text", "mention", "day"),
    [
        # a clause that looks ahead: the next such month, day or weekday
        ("I'm moving to Leeds from the 1st of May", "the 1st of May", D(2027, 5, 1)),
        ("In June I'll start at Acme", "In June", D(2027, 6, 1)),
        ("I'll move back to Perth in March", "in March", D(2028, 3, 1)),
        ("The parcel should arrive by Friday", "Friday", D(2027, 4, 16)),
        ("the order I placed yesterday - can I still change delivery to Saturday?", "Saturday", D(2027, 4, 17)),
        ("I need it picked up by the 5th", "by the 5th", D(2027, 5, 5)),
        ("Is the Boxing Day sale going to include TVs?", "Boxing Day", D(2027, 12, 26)),
        ("我打算3月搬去深圳", "3月", D(2028, 3, 1)),
        ("6月15号之前能到吗", "6月15号", D(2027, 6, 15)),
        # a weekday of the week named after it
        ("What did I order on Friday last week?", "on Friday last week", D(2027, 4, 2)),
        ("Thursday of next week works", "Thursday of next week", D(2027, 4, 15)),
        # "from" with no verb of either tense: this year's
        ("my new address from the 1st of May is 3 Park Lane", "the 1st of May", D(2027, 5, 1)),
        ("5月1号起我搬到杭州", "5月1号", D(2027, 5, 1)),
        ("三月份开始我在格力电器做质检员", "三月份", D(2027, 3, 1)),
        # told as done, or with no cue: the most recent one, as before
        ("I moved to Leeds on the 1st of May", "on the 1st of May", D(2026, 5, 1)),
        ("I moved here in March", "in March", D(2027, 3, 1)),
        ("It arrived on Friday", "on Friday", D(2027, 4, 9)),
        ("5月1号以后就没收到过", "5月1号", D(2026, 5, 1)),
        ("我是6月搬过来的", "6月", D(2026, 6, 1)),
        ("Give me total orders by region for March", "March", D(2027, 3, 1)),
        ("can you pull the number of returns per category in May", "in May", D(2026, 5, 1)),
        # (the dot of an e-mail address ends no clause: "can you" after it says nothing of Monday)
        (
            "Changed my email to ana.f@example.com on Monday but receipts still go to the old one, can you fix it",
            "on Monday",
            D(2027, 4, 5),
        ),
    ],
)
def test_a_time_in_a_clause_that_looks_ahead_is_the_next_one(text: str, mention: str, day: date) -> None:
    found = [(m.text, m.start) for m in find_times(text, APRIL, tz=SHANGHAI) if m.text == mention]
    assert found == [(mention, local(day))]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        (
            "We're off to Queenstown from 20 December to 3 January, can't wait.",
            [("20 December", D(2026, 12, 20)), ("3 January", D(2027, 1, 3))],
        ),
        ("从12月20号到1月3号我在老家", [("12月20号", D(2026, 12, 20)), ("1月3号", D(2027, 1, 3))]),
        # (an end already after its start is left alone, and so is a time not joined as a span's end)
        ("I was in Leeds from 3 March to 5 May", [("3 March", D(2026, 3, 3)), ("5 May", D(2026, 5, 5))]),
        ("on 20 December, and on 3 January", [("on 20 December", D(2025, 12, 20)), ("on 3 January", D(2026, 1, 3))]),
    ],
)
def test_a_spans_end_named_by_its_month_follows_its_start(text: str, found: list[tuple[str, date]]) -> None:
    at = datetime(2026, 11, 10, 12, 0, tzinfo=SHANGHAI)
    assert [(m.text, m.start) for m in find_times(text, at, tz=SHANGHAI)] == [(t, local(d)) for t, d in found]


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("琴日我搬咗去观塘", [("琴日", D(2026, 7, 7))]),
        ("寻日买咗部新手机", [("寻日", D(2026, 7, 7))]),
        ("听日收到就得", [("听日", D(2026, 7, 9))]),
        ("前日到的货", [("前日", D(2026, 7, 6))]),
        # listening to Japanese is no tomorrow
        ("我平时喜欢听日语歌", []),
    ],
)
def test_cantonese_day_words(text: str, found: list[tuple[str, date]]) -> None:
    assert [(m.text, m.start) for m in find_times(text, ANCHOR, tz=SHANGHAI, language="zh")] == [
        (t, local(d)) for t, d in found
    ]
