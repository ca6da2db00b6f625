"""Round 18, Chinese: classes found on heldout17, tested on fresh sentences and look-alikes.

Written Cantonese and 俺们 read as Mandarin; a start said without 我 after its time ("昨天开始在…做…");
kitchen, ground and helping-hand titles (帮厨, 地勤, 学徒, 普工); a kind of workplace (公路旅馆, 珍珠养殖场,
机场) or a country (澳洲, 日本) is no employer; an employer one is no longer at, in a turn about changing
jobs; the self-introduction "<employer><title>一枚"; settled from now on ("以后就住…"); a town's home given
up with no fixed home since; a number to call from now on and a number used instead (改用); a channel
named with the address after it; an address to go by from now ("以这个为准：…"), and 以后就用; topics set by
导表 / 下载 / 买东西 …的话; a report named bare as its own phrase. Intents: carriers compared by delivery
time, a refund asked as a heading, a question whether the shop ships somewhere, what a document is for.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 9, 16, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u18"
TABLE = FactTable(ME, AT)
extract, state, ended = TABLE.extract, TABLE.state, TABLE.ended


CASES: list[tuple[str, set[Fact]]] = [
    # written Cantonese, 俺们
    ("我而家喺深圳住", {state("lives_in", "深圳")}),
    ("我哋搬咗去温哥华", {state("lives_in", "温哥华")}),
    ("俺们家搬回大连了", {state("lives_in", "大连")}),
    ("然而家里没人", set()),
    ("我唔住喺广州", set()),
    # a start said after its time, without 我
    ("上周一开始在顺丰做快递员", {state("works_at", "顺丰"), state("job_title", "快递员")}),
    ("开始在海底捞当服务员了", {state("works_at", "海底捞"), state("job_title", "服务员")}),
    ("开始了吗", set()),
    # kitchen, ground and helping hands; kinds of workplace and countries are no employer
    ("现在在路边饭馆后厨当帮厨", {state("job_title", "帮厨")}),
    ("我弟在汽修店当学徒", {state("job_title", "学徒", f"{ME}:brother")}),
    ("我在工厂当普工", {state("job_title", "普工")}),
    ("在机场做地勤", {state("job_title", "地勤")}),
    ("我在海底捞后厨当帮厨", {state("works_at", "海底捞"), state("job_title", "帮厨")}),
    ("我在全聚德饭店当厨师", {state("works_at", "全聚德饭店"), state("job_title", "厨师")}),
    (
        "我女儿在三亚的椰子农场当技术员",
        {state("job_title", "技术员", f"{ME}:daughter")},
    ),
    ("我在日本上班", set()),
    ("在新西兰打工度假", set()),
    ("我想在海底捞当服务员", set()),
    ("他在饭店当帮厨", set()),
    # an employer one is no longer at, in a turn about changing jobs
    ("早就不在腾讯了，上个月跳槽去了字节", {ended("works_at", "腾讯"), state("works_at", "字节")}),
    (
        "我老公已经不在京东了，换工作去了美团",
        {ended("works_at", "京东", f"{ME}:husband"), state("works_at", "美团", f"{ME}:husband")},
    ),
    ("我已经不在群里了", set()),
    ("我今天不在家，明天上班", set()),
    ("他已经不在华为了，跳槽了", set()),
    # "<employer><title>一枚"
    ("腾讯产品经理一枚", {state("works_at", "腾讯"), state("job_title", "产品经理")}),
    ("北漂程序员一枚", {state("job_title", "程序员")}),
    ("我老公是美团骑手一枚", {state("works_at", "美团", f"{ME}:husband"), state("job_title", "骑手", f"{ME}:husband")}),
    ("吃货一枚", set()),
    ("招聘程序员一名", set()),
    # settled from now on
    ("以后就住厦门了", {state("lives_in", "厦门")}),
    ("往后都在大连生活了", {state("lives_in", "大连")}),
    ("以后住杭州", set()),
    ("以后想住杭州", set()),
    # a town's home given up, no fixed home since
    ("深圳的公寓卖掉了，暂时居无定所", {ended("lives_in", "深圳")}),
    ("上海那边的房子退租了，现在没有固定住处", {ended("lives_in", "上海")}),
    ("我朋友的房子卖了，他现在到处跑", set()),
    # a number to call from now on, a number used instead
    ("有事直接拨 138 0000 1111", {state("phone", "13800001111")}),
    ("找我就打这个新号 13700001111", {state("phone", "13700001111")}),
    ("我老婆的手机改用13900002222了", {state("phone", "13900002222", f"{ME}:wife")}),
    ("以后打13900001111转人工", set()),
    ("以后打这个13912345678找前台", set()),
    # a channel named with the address or ID after it; how to reach the speaker
    (
        "有事发我邮箱 liwei88@163.com",
        {state("email", "liwei88@163.com"), state("preferred_notification_channel", "email")},
    ),
    ("以后找我就发邮件，电话别打了", {state("preferred_notification_channel", "email")}),
    ("你找我干嘛发邮件", set()),
    # an address to go by from now
    ("收货地址换了，按下面这个来：杭州市西湖区文三路90号", {state("address", "杭州市西湖区文三路90号")}),
    ("收货地址以后就用杭州市西湖区文三路90号", {state("address", "杭州市西湖区文三路90号")}),
    ("订单号以这个为准：AB-1234", set()),
    # topics set by …的话
    ("下载的话默认给我PDF", {state("preferred_export_format", "PDF")}),
    ("如果导表的话要xlsx", set()),
    # a report named bare as its own phrase
    ("每周的周报，默认发我详细版那份", {state("preferred_report_format", "周报详细版")}),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_round18_zh_fact_classes(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


@pytest.mark.parametrize(
    ("text", "predicate", "since"),
    [
        ("昨天开始在东航做地勤", "works_at", datetime(2026, 9, 15, tzinfo=UTC)),
        ("三天前把家也搬过来了，以后就住珠海", "lives_in", datetime(2026, 9, 13, tzinfo=UTC)),
    ],
)
def test_round18_zh_a_state_is_dated_by_its_start(text: str, predicate: str, since: datetime) -> None:
    (fact,) = (f for f in extract(text).facts if f.predicate == predicate)
    assert fact.valid_from == since


def intents_of(text: str) -> set[str]:
    return {i.intent_type for i in extract(text).intents}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("各家快递的配送时效对比一下", {"data_aggregation"}),
        ("每家快递公司上个月的订单数", {"data_aggregation"}),
        ("仅退款：订单 JD-2231，没收到货", {"refund"}),
        ("退款，订单号 JD-2231", {"refund"}),
        ("退货退款一直没到账", set()),
        ("老地址不用了，麻烦以这个为准：南京市鼓楼区中山北路200号", {"modify_setting"}),
        ("数据以这个为准", set()),
        ("可以寄到新西兰吗？", set()),
        ("我的快递能送到吗？", {"query"}),
        ("把上个月的账单导出来，报销核对用", {"export"}),
    ],
)
def test_round18_zh_intent_classes(text: str, expected: set[str]) -> None:
    assert intents_of(text) == expected
