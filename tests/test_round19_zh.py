"""Round 19, Chinese: classes found on dev5, heldout10, heldout12 and heldout17, tested on fresh sentences.

Other verbs of setting a look (切成, 弄成); a UnionPay card named as the card; a move from a known city to a
town jieba misreads; a nickname and a full name (the full name kept); a version of a report sent with a
marker, asked for after the report was named, and this time's choice beside a habit; a format named in
apposition ("表格，Excel那种"); where a parcel may simply be left; a kind of message not wanted at some
hours, or switched off; when a report is sent; when someone is home for a delivery (三点以后 is no
"from now on"); a relative's preference said with him or her; "下周一起" before a report; a code with
letters before "这个工单"; a polite question for a way of serving, then "just this once".
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 9, 16, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u19"
TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off


CASES: list[tuple[str, set[Fact]]] = [
    # other verbs of setting a look
    ("麻烦帮我把界面切成深色模式", {state("preferred_theme", "dark")}),
    ("主题弄成浅色的吧", {state("preferred_theme", "light")}),
    ("界面搞成暗色的", {state("preferred_theme", "dark")}),
    ("深色模式怎么切成的？", set()),
    ("不要切成深色模式", set()),
    # a UnionPay card
    ("付款我一般刷银联卡", {state("preferred_payment_method", "银联卡")}),
    ("我习惯用银联付", {state("preferred_payment_method", "银联")}),
    # a move from a known city to a town jieba misreads
    ("上个月从成都搬去了尤克拉", {state("lives_in", "尤克拉")}),
    ("从墨尔本搬到尤克拉了", {state("lives_in", "尤克拉")}),
    ("从北京搬到了公司宿舍", set()),
    ("从上海搬到这边了", set()),
    # a nickname and a full name
    ("叫我阿明就好，全名李明轩", {state("name", "李明轩")}),
    ("同事都喊我老周，真名叫周建华", {state("name", "周建华")}),
    ("他的真名叫什么", set()),
    # a version of a report: sent with a marker, asked for after the report, this time beside a habit
    ("今天先给我发精简版周报", {one_off("preferred_report_format", "精简版周报")}),
    ("以后都给我出详细版月报", {state("preferred_report_format", "详细版月报")}),
    ("给我发一份英文版的周报", set()),
    ("以后每天给我发日报", set()),
    (
        "月报我平时用C版，今天换成D版",
        {state("preferred_report_format", "月报C版"), one_off("preferred_report_format", "月报D版")},
    ),
    (
        "我一般用微信支付，今天用支付宝吧",
        {state("preferred_payment_method", "微信支付"), one_off("preferred_payment_method", "支付宝")},
    ),
    ("这次给我A版", set()),
    # a format in apposition
    ("导出数据我习惯要表格，xlsx那种", {state("preferred_export_format", "Excel")}),
    ("下载报表一般都要PDF，PDF格式的", {state("preferred_export_format", "PDF")}),
    # where a parcel may be left
    ("外卖放前台就好", {state("preference", "外卖放前台")}),
    ("包裹放驿站就行，不用送上楼", {state("preference", "包裹放驿站")}),
    ("快递放了就行", set()),
    # a kind of message not wanted at some hours, or switched off
    ("晚上别给我推广告消息", {state("preference", "晚上别推广告消息")}),
    ("促销推送帮我关了", {state("preference", "不要促销推送")}),
    ("把广告邮件都关掉", {state("preference", "不要广告邮件")}),
    ("把所有用户的营销短信关掉", set()),
    ("营销短信关掉了吗？", set()),
    # when a report is sent
    ("周报推送时间调成周一上午", {state("preference", "周报周一上午发送")}),
    ("把月报的发送时间改到每月一号", {state("preference", "月报每月一号发送")}),
    # when someone is home for a delivery
    ("快递的话，晚上七点以后家里才有人", {state("preference", "晚上七点以后送货")}),
    ("今天的快递晚点送，下午四点以后家里才有人", {one_off("preference", "下午四点以后送货")}),
    ("下午三点以后家里才有人", set()),
    # a relative's preference said with him or her
    ("我妈眼神不好，给她发通知用短信就行", {state("preferred_notification_channel", "SMS", f"{ME}:mother")}),
    ("我爷爷不会用微信，给他发通知只能发短信", {state("preferred_notification_channel", "SMS", f"{ME}:grandfather")}),
    (
        "我老公在阿里上班，他付款习惯用支付宝",
        {state("works_at", "阿里", f"{ME}:husband"), state("preferred_payment_method", "支付宝", f"{ME}:husband")},
    ),
    (
        "我老公在阿里上班，付款习惯用支付宝",
        {state("works_at", "阿里", f"{ME}:husband"), state("preferred_payment_method", "支付宝")},
    ),
    ("给他发通知只能发短信", set()),
    ("我姐住在无锡，她的快递默认走顺丰", {state("lives_in", "无锡", f"{ME}:sister")}),
    # a polite question for a way of serving, then just this once
    ("可以用英文回复我吗？就这一次", {one_off("preferred_language", "en")}),
    ("能切成深色模式吗？今天而已", {one_off("preferred_theme", "dark")}),
    ("能不能用英文回复我？", set()),
    ("可以用微信支付吗？今天没带卡", set()),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_round19_zh_fact_classes(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


@pytest.mark.parametrize(
    ("text", "predicate", "since"),
    [
        ("下周一起报表默认导出Excel", "preferred_export_format", datetime(2026, 9, 21, tzinfo=UTC)),
        ("下周一起通知都发邮件", "preferred_notification_channel", datetime(2026, 9, 21, tzinfo=UTC)),
        ("两周前从悉尼搬到尤克拉了", "lives_in", datetime(2026, 9, 2, tzinfo=UTC)),
    ],
)
def test_round19_zh_a_state_is_dated_by_its_start(text: str, predicate: str, since: datetime) -> None:
    (fact,) = (f for f in extract(text).facts if f.predicate == predicate)
    assert fact.valid_from == since


@pytest.mark.parametrize(
    ("text", "ticket"),
    [
        ("GD-20261030 这个工单挂了快两周了", "GD-20261030"),
        ("SR55120 这个工单怎么还没人处理", "SR55120"),
        ("880156这个工单", "880156"),
    ],
)
def test_round19_zh_a_coded_ticket_named_after(text: str, ticket: str) -> None:
    assert {f.value for f in extract(text).facts if f.predicate == "ticket_id"} == {ticket}


def test_round19_zh_together_is_no_date() -> None:
    assert not extract("上周一起吃饭的那个同事").facts
