"""Round 35, Chinese: the classes of phrasing behind the misses of the twenty-eighth and twenty-ninth held-out sets.

A city gone back to as home beside a home given up or a move (不在北京住了，回西安了), or said settled (回昆明定居了);
a posting by the employer (被公司派到重庆了) is a move; a phrase that only places a relative (我老婆也在这边) makes
the next, subjectless phrase theirs (在平安做会计); the channel the speaker is reached on whenever something comes up
(有啥事微信上找我, 有事請LINE我) and the channel asked for politely (通知可以发WhatsApp吗？), messaging apps used
abroad among them; the years spent as a title end it with the job left (离职了，干了六年分拣员). Every sentence is
written for this file (none is taken from a bench set); each class has look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import FactTable

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u35z"

TABLE = FactTable(ME, AT)
extract = TABLE.extract

Triple = tuple[str, str, str]


_kin = TABLE.kin


_triples = TABLE.triples


_held = TABLE.held


_ended = TABLE.ended_triples


_since = TABLE.since


HOMES: list[tuple[str, set[Triple]]] = [
    # a city gone back to as home
    ("不在北京住了，回西安了，还是老家舒服", {(ME, "lives_in", "西安")}),
    ("去年退租了，回长沙了", {(ME, "lives_in", "长沙")}),
    ("我爸妈回昆明定居了", {(_kin("parents"), "lives_in", "昆明")}),
    ("国庆回成都了，老家还是热闹", set()),
    ("过年回成都了，下周回上海", set()),
    ("不在北京住了，想回西安了", set()),
    ("不在北京住了，回西安了吗？", set()),
    ("我回成都了", set()),
    # a posting by the employer
    ("我老公三天前被公司派到重庆了，要在那边待两年", {(_kin("husband"), "lives_in", "重庆")}),
    ("上个月我被单位派去乌鲁木齐了", {(ME, "lives_in", "乌鲁木齐")}),
    ("我被公司派到深圳出差三天", set()),
    ("下个月可能被公司派到成都", set()),
    ("他没被派到上海", set()),
    ("我老婆被公司派到杭州了吗？", set()),
]


@pytest.mark.parametrize(("text", "expected"), HOMES)
def test_round35_zh_homes(text: str, expected: set[Triple]) -> None:
    assert _held(text, "lives_in") == expected


def test_round35_zh_home_left_is_ended_beside_the_city_gone_back_to() -> None:
    assert _ended("不在北京住了，回西安了", "lives_in") == {(ME, "lives_in", "北京")}


def test_round35_zh_posting_is_dated() -> None:
    assert _since("我老公三天前被公司派到重庆了", "lives_in") == {"重庆": "2026-11-15"}


JOBS: list[tuple[str, set[Triple]]] = [
    # a phrase that only places a relative makes the next phrase theirs
    (
        "我在腾讯上班，我老婆也在这边，在平安做会计",
        {
            (ME, "works_at", "腾讯"),
            (_kin("wife"), "works_at", "平安"),
            (_kin("wife"), "job_title", "会计"),
        },
    ),
    ("我在上海工作，我妈也在这边，帮我带孩子", set()),
    ("我在深圳上班，我老婆说好，在平安买吧", set()),
    (
        "我在杭州上班，我弟也在这边，在网易当设计师",
        {(_kin("brother"), "works_at", "网易"), (_kin("brother"), "job_title", "设计师")},
    ),
]


@pytest.mark.parametrize(("text", "expected"), JOBS)
def test_round35_zh_jobs(text: str, expected: set[Triple]) -> None:
    assert _triples(text, "works_at", "job_title") == expected


CHANNELS: list[tuple[str, set[Triple]]] = [
    ("通知可以发Telegram吗？这边不太用微信", {(ME, "preferred_notification_channel", "Telegram")}),
    ("提醒能不能走短信？", {(ME, "preferred_notification_channel", "SMS")}),
    ("有啥事微信上找我，邮件不怎么看", {(ME, "preferred_notification_channel", "WeChat")}),
    ("我在台北上班，有事請LINE我", {(ME, "preferred_notification_channel", "LINE")}),
    ("有事WhatsApp我就行", {(ME, "preferred_notification_channel", "WhatsApp")}),
    ("有事微信上找我吗？", set()),
    ("你们有WhatsApp吗？", set()),
    ("可以用微信支付吗？", set()),
    ("我朋友说有事LINE他", set()),
]


@pytest.mark.parametrize(("text", "expected"), CHANNELS)
def test_round35_zh_channels(text: str, expected: set[Triple]) -> None:
    assert _held(text, "preferred_notification_channel") == expected


ENDED_TITLES: list[tuple[str, set[Triple]]] = [
    # the years spent as a title, in a turn that tells the job was left
    ("昨天正式从中通离职了，干了六年分拣员，有点舍不得", {(ME, "job_title", "分拣员")}),
    ("上个月辞职了，做了十年会计，想歇歇", {(ME, "job_title", "会计")}),
    ("我老公从京东离职了，干了三年司机", {(_kin("husband"), "job_title", "司机")}),
    ("我干了八年快递员，还在干", set()),
    ("干了八年快递员，打算下个月辞职", set()),
    ("干了八年快递员，要不要辞职？", set()),
    ("干了八年快递员，没辞职", set()),
]


@pytest.mark.parametrize(("text", "expected"), ENDED_TITLES)
def test_round35_zh_years_as_title_ended(text: str, expected: set[Triple]) -> None:
    assert _ended(text, "job_title") == expected


def test_round35_zh_years_as_title_is_no_current_title() -> None:
    assert _held("昨天正式从中通离职了，干了六年分拣员", "job_title") == set()
