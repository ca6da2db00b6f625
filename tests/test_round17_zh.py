"""Round 17, Chinese: classes found on heldout16, tested on fresh sentences and look-alikes.

Titles of research, teaching, cabin crew and crafts (博士后, 访问学者, 空乘, 瓦工, 木匠); an employer got into
after a word of time or success ("去年进了大疆", "顺利进了比亚迪"), joined in English ("join 了 Shopee"),
headhunted ("被字节挖走了"); a unit after 的 names the organisation ("中铁国际的海外项目部"); the new job's
employer named ("新工作在网易", "新东家是小米"); a trade corrected ("我不是护士，是药剂师"); a trade by its
work, done now ("现在开网约车"); a trade said "做…的" at the turn's start; a promotion told after the title
("我现在是店长啦，上周一刚升的"); a move's day is not the job's; "base 在…" beside a job is no home; a device
worn or played no more, or lost for good; a device of one's own that has gone wrong; a new number taken
into use; a contact update asked for with the value after it; a channel asked for "直接"; northern 俺 / 搁.
Intents: cancel, export and setting requests said shortly; gross profit; one's own total spending; a
complaint about no follow-up asks nothing.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 9, 16, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u17"
TABLE = FactTable(ME, AT)
extract, state, ended = TABLE.extract, TABLE.state, TABLE.ended


CASES: list[tuple[str, set[Fact]]] = [
    # titles of research, teaching, cabin crew and crafts
    ("我在中科院当访问学者", {state("works_at", "中科院"), state("job_title", "访问学者")}),
    ("我女儿在国航当空乘", {state("works_at", "国航", f"{ME}:daughter"), state("job_title", "空乘", f"{ME}:daughter")}),
    ("我爸是电工", {state("job_title", "电工", f"{ME}:father")}),
    ("我是个木匠", {state("job_title", "木匠")}),
    ("我老公在工地当瓦工", {state("job_title", "瓦工", f"{ME}:husband")}),
    ("我去年在复旦做过博后", set()),
    ("我们公司的员工很多", set()),
    ("打工挺累的", set()),
    ("他是电工吗", set()),
    # an employer got into, after a word of time or of success; joined in English; headhunted
    ("我上个月顺利进了比亚迪", {state("works_at", "比亚迪")}),
    ("我女儿终于进了宁德时代", {state("works_at", "宁德时代", f"{ME}:daughter")}),
    ("我去年进了华为，做硬件工程师", {state("works_at", "华为"), state("job_title", "硬件工程师")}),
    ("我弟被字节挖走了", {state("works_at", "字节", f"{ME}:brother")}),
    (
        "我表姐最近 join 了 Grab，做 data analyst",
        {state("works_at", "Grab", f"{ME}:cousin"), state("job_title", "data analyst", f"{ME}:cousin")},
    ),
    ("我爸去年进了医院", set()),
    ("我儿子今年进了北大", set()),
    ("我们队上周进了决赛", set()),
    ("昨天进了一批货", set()),
    ("我想进华为", set()),
    # "base 在…" beside a job is where the work is
    ("我在字节上班，base在上海", {state("works_at", "字节")}),
    ("目前base在厦门", {state("lives_in", "厦门")}),
    # a unit after 的 names the organisation
    ("我在腾讯的游戏事业部工作", {state("works_at", "腾讯")}),
    ("我在Shopee的支付团队上班", {state("works_at", "Shopee")}),
    ("我在我们公司的财务部上班", set()),
    # the new job's employer
    ("我的新东家是小米", {state("works_at", "小米")}),
    ("我现在的公司是蔚来", {state("works_at", "蔚来")}),
    ("我老公新工作定在了比亚迪", {state("works_at", "比亚迪", f"{ME}:husband")}),
    ("新工作在上海", set()),
    ("新工作还没着落", set()),
    ("新工作在哪", set()),
    # a trade corrected
    ("我不是老师啊，我是校医", {state("job_title", "校医")}),
    ("我老公不是医生，是护士", {state("job_title", "护士", f"{ME}:husband")}),
    ("他不是经理，是销售", set()),
    ("我要的不是客服，是你们经理", set()),
    ("我找的不是销售，是售后", set()),
    # a trade by its work, done now
    ("我老公这几年跑滴滴", {state("job_title", "网约车司机", f"{ME}:husband")}),
    ("我转行送外卖了", {state("job_title", "外卖骑手")}),
    ("我爸靠开出租养家", {state("job_title", "出租车司机", f"{ME}:father")}),
    ("今天开滴滴去机场", set()),
    ("现在开网约车赚钱吗", set()),
    ("我以前跑滴滴", set()),
    # a trade said "做…的"
    ("我是做外贸的", {state("job_title", "外贸")}),
    ("干保险的，一年到头跑客户", {state("job_title", "保险")}),
    ("做饭的人是我", set()),
    ("做设计的话要多少钱", set()),
    ("他是做外贸的", set()),
    # a device worn or played no more, or lost for good
    ("我的AirPods昨天落在出租车上了", {ended("owns_device", "AirPods")}),
    ("我的iPad上周被偷了", {ended("owns_device", "iPad")}),
    ("我的Switch早就不玩了", {ended("owns_device", "Switch")}),
    ("我的Apple Watch你们能修吗", set()),
    # a device of one's own gone wrong is still owned
    ("我的AirPods Pro左耳没声音了", {state("owns_device", "AirPods Pro")}),
    ("我妈的华为P40老是死机", {state("owns_device", "华为P40", f"{ME}:mother")}),
    ("我这台iPad充不进电", {state("owns_device", "iPad")}),
    ("小米14上个月摔坏了，现在用的是备用机", {ended("owns_device", "小米14")}),
    ("我以前的iPhone坏了", set()),
    ("iPhone 15会死机吗", set()),
    # contacts: a new number taken into use; an update asked for with the value after it
    ("现在改用这个新号：13912345678", {state("phone", "13912345678")}),
    ("我老婆用新号码了：13912345678", {state("phone", "13912345678", f"{ME}:wife")}),
    ("邮箱帮我改一下：amy.w@qq.com", {state("email", "amy.w@qq.com")}),
    ("手机号麻烦更新一下，用这个：13912345678", {state("phone", "13912345678")}),
    # the channel asked for, with how readily
    ("有事随时发微信", {state("preferred_notification_channel", "WeChat")}),
    ("有事别打电话", set()),
    # northern 俺 / 搁
    ("俺闺女搁青岛上班", set()),
    ("俺搁成都住", {state("lives_in", "成都")}),
    ("这事先搁置一下", set()),
    ("东西搁桌上了", set()),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_round17_zh_fact_classes(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


@pytest.mark.parametrize(
    ("text", "predicate", "since"),
    [
        ("我上个月顺利进了比亚迪", "works_at", datetime(2026, 8, 1, tzinfo=UTC)),
        ("我是区域经理了，三月份提上来的", "job_title", datetime(2026, 3, 1, tzinfo=UTC)),
        ("我现在是主管，上个月才升的", "job_title", datetime(2026, 8, 1, tzinfo=UTC)),
        ("俺现在搁大连住，前年从沈阳搬过来的", "lives_in", datetime(2024, 1, 1, tzinfo=UTC)),
    ],
)
def test_round17_zh_a_state_is_dated_by_its_change(text: str, predicate: str, since: datetime) -> None:
    (fact,) = (f for f in extract(text).facts if f.predicate == predicate)
    assert fact.valid_from == since


def test_a_moves_day_does_not_date_the_job() -> None:
    facts = extract("上个月搬到深圳，在腾讯上班").facts
    (job,) = (f for f in facts if f.predicate == "works_at")
    assert job.valid_from is None


def test_a_lost_device_ends_on_the_day_it_was_lost() -> None:
    (fact,) = extract("我那台Kindle三天前掉河里了，彻底没了").facts
    assert fact.valid_to == datetime(2026, 9, 13, tzinfo=UTC)


def intents_of(text: str) -> set[str]:
    return {i.intent_type for i in extract(text).intents}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("这个订单给我取消吧", {"cancel_order"}),
        ("那单不要了，取消", {"cancel_order"}),
        ("我昨天下的单 JD20260915，麻烦取消一下", {"cancel_order"}),
        ("换个深色模式", {"modify_setting"}),
        ("切英文界面吧", {"modify_setting"}),
        ("把推送通知都关掉", {"modify_setting"}),
        ("把店员小王的改价权限收回", {"modify_setting"}),
        ("切水果", set()),
        ("改天有空也许切个深色模式", set()),
        ("流水拉一份给我", {"export"}),
        ("账单导个表吧", {"export"}),
        ("各门店上周的净利帮我算算", {"data_aggregation"}),
        ("今年在你们这总共消费了多少", {"query"}),
        ("快递三天没人跟进，我要投诉", {"complaint"}),
    ],
)
def test_round17_zh_intent_classes(text: str, expected: set[str]) -> None:
    assert intents_of(text) == expected
