"""Round 20, Chinese: classes found on the blind set heldout18, tested on fresh sentences.

One payment at hand (这一笔, 先刷); a job change told with 跳到 … 当; a post held (担任 … 一职, 现任) or a trade
one is in charge of (我负责运营); a trade in apposition ("我是做产品的，产品经理"); the trade one is doing now
(在做会计); got in by exam (考上了国家电网), not into a school nor a civil-service post; a site of the employer
(变电站, 营业厅) is no employer; the company told of, then named ("…的小公司上班，叫…"); a colleague's title in
"我们部门的…"; written Cantonese (返工, 做緊); a device counted by its measure word and named in Latin; changed
over to a phone (switch 到); a device of the home broken then thrown away; one bought then lost; sold on
闲鱼 after 把; the old one named by its model only, of the brand just named; kinds of watches.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 9, 16, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u20"
TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off


CASES: list[tuple[str, set[Fact]]] = [
    # one payment at hand
    ("余额不够了，这笔先用花呗吧", {one_off("preferred_payment_method", "花呗")}),
    ("这一笔刷信用卡", {one_off("preferred_payment_method", "credit card")}),
    ("支付宝被限额了，先刷信用卡", {one_off("preferred_payment_method", "credit card")}),
    ("这单先扫支付宝", {one_off("preferred_payment_method", "支付宝")}),
    ("我平时都走微信支付", {state("preferred_payment_method", "微信支付")}),
    ("这笔钱是用支付宝付的吗？", set()),
    # a job change: 跳到 … 当
    ("现在跳到美团当骑手了", {state("job_title", "骑手"), state("works_at", "美团")}),
    ("去年跳到了蔚来做产品经理", {state("job_title", "产品经理"), state("works_at", "蔚来")}),
    (
        "我老公跳到比亚迪当工程师了",
        {state("job_title", "工程师", f"{ME}:husband"), state("works_at", "比亚迪", f"{ME}:husband")},
    ),
    ("我不想跳到别家当主管", set()),
    # a post held, a trade one is in charge of
    ("目前担任区域销售总监一职", {state("job_title", "区域销售总监")}),
    ("本人现任项目经理，负责对接", {state("job_title", "项目经理")}),
    ("我在这边主要负责财务", {state("job_title", "财务")}),
    ("我负责这个项目的进度", set()),
    ("他担任技术总监", set()),
    # a trade in apposition, the trade one is doing now
    ("我是搞技术的，后端开发", {state("job_title", "后端开发")}),
    ("我其实是做设计的，UI设计师", {state("job_title", "UI设计师")}),
    ("我现在在做会计", {state("job_title", "会计")}),
    ("这两年在当导游", {state("job_title", "导游")}),
    ("我在做项目，忙死了", set()),
    ("他在做销售", set()),
    # got in by exam; a site of the employer is no employer
    ("我儿子考上了中国移动", {state("works_at", "中国移动", f"{ME}:son")}),
    ("我表妹终于考上了南方电网", {state("works_at", "南方电网", f"{ME}:cousin")}),
    # (公务员 is no employer; since round 33 the post won by the exam is the brother's title, as "我是公务员" is)
    ("我弟考上了公务员", {state("job_title", "公务员", f"{ME}:brother")}),
    ("我女儿考上了浙江大学", set()),
    ("我在营业厅当柜员", {state("job_title", "柜员")}),
    ("我爸在加油站做收银员", {state("job_title", "收银员", f"{ME}:father")}),
    # the company told of, then named
    ("我在一家做跨境电商的公司工作，名字叫星海贸易", {state("works_at", "星海贸易")}),
    ("我老婆在一家外企上班，叫博世", {state("works_at", "博世", f"{ME}:wife")}),
    ("在一家做母婴用品的小公司上班，叫贝贝乐，我负责客服", {state("works_at", "贝贝乐"), state("job_title", "客服")}),
    ("以前在一家小公司上班，叫华达", set()),
    # a colleague's title
    ("我同事刘建国现在是我们组的测试主管", {state("job_title", "测试主管", "刘建国")}),
    ("领导赵丽已经是我们部门的总监", {state("job_title", "总监", "赵丽")}),
    # written Cantonese
    ("我喺香港返工，做緊會計，公司叫德勤", {state("works_at", "德勤"), state("job_title", "会计")}),
    ("我而家喺深圳返工，做緊設計師", {state("job_title", "设计师")}),
    ("这批货要返工", set()),
    ("抓紧时间做紧急任务", set()),
    # a device counted and named in Latin; changed over to a phone
    ("上周换了台Nothing Phone 2", {state("owns_device", "Nothing Phone 2")}),
    ("新买了部Xperia 1", {state("owns_device", "Xperia 1")}),
    ("我刚switch到Pixel 9了", {state("owns_device", "Pixel 9")}),
    ("终于换到了iPhone 15", {state("owns_device", "iPhone 15")}),
    ("没买台Nothing Phone 2", set()),
    # broken then thrown away; bought then lost; sold on 闲鱼 after 把
    ("家里那台联想拯救者Y9000P彻底坏了，直接扔了", {ended("owns_device", "联想拯救者Y9000P")}),
    ("去年买的AirPods Pro落在出租车上了", {ended("owns_device", "AirPods Pro")}),
    ("刚买的小米14被偷了", {ended("owns_device", "小米14")}),
    ("把iPad Air挂闲鱼卖了", {ended("owns_device", "iPad Air")}),
    ("去年买的Kindle还能用吗", {state("owns_device", "Kindle")}),
    # the old one named by its model only
    (
        "入手了一台小米15，旧的13转给我爸用了",
        {
            state("owns_device", "小米15"),
            ended("owns_device", "小米13"),
            state("owns_device", "小米13", f"{ME}:father"),
        },
    ),
    ("买了台华为Mate 60，之前的P30卖了", {state("owns_device", "华为Mate 60"), ended("owns_device", "华为P30")}),
    # kinds of watches and small devices
    ("给儿子买了个华为儿童手表", {state("owns_device", "华为儿童手表", f"{ME}:son")}),
    ("我女儿戴的是小天才电话手表", {state("owns_device", "小天才电话手表", f"{ME}:daughter")}),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_round20_zh_fact_classes(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


def test_round20_zh_the_old_one_goes_when_the_new_one_came() -> None:
    (end,) = (f for f in extract("前天入手了一台华为Mate 70，旧的P40送给我妈了").facts if f.valid_to)
    assert end.value.replace(" ", "") == "华为P40"
    assert end.valid_to is not None and end.valid_to.date() == datetime(2026, 9, 14).date()


def test_round20_zh_a_loss_is_dated_when_told_not_when_bought() -> None:
    (end,) = extract("三月份买的Kindle掉进河里了").facts
    assert end.valid_to == AT
