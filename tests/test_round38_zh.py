"""Round 38, Chinese: the classes of phrasing behind the misses of the twenty-eighth and twenty-fourth held-out sets.

A job still to start told as going to join the employer ("我先生下个月去X入职", "下周一入职X，做Y"), dated on its
first day with the role said after it (a bare "下周一去X报到" stays unread, as labelled in heldout4); the setting named
first and asked for with a bare 能 ("界面能换成深色的吗"); an order called "那个单" or "这个单" before its number; a
number to call given beside where the notices go ("有事打我电话 …，订单通知发邮箱就行") is the contact, not the
channel. Every sentence is written for this file (none is taken from a bench set); each class has look-alikes that must
stay silent.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from fact_tables import FactTable

AT = datetime(2027, 5, 12, 10, 0, tzinfo=timezone(timedelta(hours=8)))  # a Wednesday
ME = "z38"

TABLE = FactTable(ME, AT)
extract = TABLE.extract
_kin = TABLE.kin
_triples = TABLE.triples
_since = TABLE.since

Triple = tuple[str, str, str]


JOBS_TO_START: list[tuple[str, set[Triple]]] = [
    ("我老婆下个月去字节跳动入职，还在找房子", {(_kin("wife"), "works_at", "字节跳动")}),
    ("下周一我去美团入职，做算法工程师", {(ME, "works_at", "美团"), (ME, "job_title", "算法工程师")}),
    ("我下周一入职京东，做数据分析师", {(ME, "works_at", "京东"), (ME, "job_title", "数据分析师")}),
    # plans, questions and negations
    ("我下个月打算去字节跳动入职", set()),
    ("你下周去美团入职吗？", set()),
    ("我下周一不去美团入职了", set()),
    # reporting somewhere is no job
    ("下周一我去社区报到", set()),
]


@pytest.mark.parametrize(("text", "expected"), JOBS_TO_START, ids=[t for t, _ in JOBS_TO_START])
def test_a_job_still_to_start(text: str, expected: set[Triple]) -> None:
    assert _triples(text, "works_at", "job_title") == expected


def test_a_job_still_to_start_is_dated_on_its_first_day() -> None:
    text = "下周一我去美团入职，做算法工程师"
    assert _since(text, "works_at") == {"美团": "2027-05-17"}
    assert _since(text, "job_title") == {"算法工程师": "2027-05-17"}
    wife = {f.subject: f.valid_from for f in extract("我老婆下个月去字节跳动入职").facts}
    assert wife[_kin("wife")] is not None and wife[_kin("wife")].date().isoformat() == "2027-06-01"


THEMES: list[tuple[str, set[Triple]]] = [
    ("界面能换成深色的吗？白色太刺眼了", {(ME, "preferred_theme", "dark")}),
    ("主题能换成浅色的吗", {(ME, "preferred_theme", "light")}),
    ("界面能看清楚吗？", set()),
    ("深色的界面好看吗？", set()),
]


@pytest.mark.parametrize(("text", "expected"), THEMES, ids=[t for t, _ in THEMES])
def test_a_setting_asked_for_with_a_bare_neng(text: str, expected: set[Triple]) -> None:
    assert _triples(text, "preferred_theme") == expected


ORDERS: list[tuple[str, set[Triple]]] = [
    ("上周拍的那个单 KX-730215 怎么还没发货", {(ME, "order_id", "KX-730215")}),
    ("帮我看看这个单 MT-118820 到哪了", {(ME, "order_id", "MT-118820")}),
    ("这个单 200 块钱贵不贵", set()),
]


@pytest.mark.parametrize(("text", "expected"), ORDERS, ids=[t for t, _ in ORDERS])
def test_an_order_called_that_one(text: str, expected: set[Triple]) -> None:
    assert _triples(text, "order_id") == expected


CHANNELS: list[tuple[str, set[str]]] = [
    # the number to call given, the notices sent elsewhere
    ("急事打我电话 13912345678，物流通知发微信就行", {"WeChat"}),
    # with no other way named for the notices, calling is the channel
    ("有事打我电话 13912345678", {"phone"}),
    ("有事打我电话，别发短信", {"phone"}),
]


@pytest.mark.parametrize(("text", "expected"), CHANNELS, ids=[t for t, _ in CHANNELS])
def test_a_number_to_call_beside_the_notices(text: str, expected: set[str]) -> None:
    facts = extract(text).facts
    assert {f.value for f in facts if f.predicate == "preferred_notification_channel"} == expected
