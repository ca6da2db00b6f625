"""Round 30, Chinese: classes from the strict misses and extras over all sets, tested on fresh sentences and
look-alikes.

A relative's move told after 自从 ("自从我姐搬去杭州以后…"); a number named by the country or region it is for, no
verb ("新加坡手机 8123 4567", "缅甸新号 09 …"); a thing bought named only to point at an order ("上周买的那个烤箱，订单
…") is no ownership; a file format for a periodic report (周报 / 月报 / 日报 / report) is the report's format, not an
export; "有事发邮件给我" in a turn that gives the address is the address only; "我和我老公住在…" is where both
live; a start said first ("从下个月起…") is no part of the wish it dates; the model in use dated by the phrase
after it ("…，上周一刚换的"); a street address set against a wrong house number ("是…72号，不是27号"); 老年机 is
a device; 吃不了X / 不能吃X is 不吃X; 再 after 以后 goes; a screen size and chip stay with the model; an old
number replaced by a new one given in the same turn is not told as ended.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 9, 16, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u30"
TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off


CASES: list[tuple[str, set[Fact]]] = [
    # a relative's move told after 自从
    ("自从我姐前年搬去杭州以后，家里冷清多了", {state("lives_in", "杭州", f"{ME}:sister")}),
    ("自打我爸退休搬回长沙，身体好多了", {state("lives_in", "长沙", f"{ME}:father")}),
    ("自从我哥从北京搬到成都，我们就很少见面", {state("lives_in", "成都", f"{ME}:brother")}),
    ("自从搬到厦门，我天天去海边跑步", {state("lives_in", "厦门")}),
    ("自从我妈不打算搬到昆明，她心情好多了", set()),
    # a number named by the country or region it is for
    ("新加坡手机 9234 5678，有事打这个", {state("phone", "92345678")}),
    ("我女儿新加坡的号 8345 6712", {state("phone", "83456712", f"{ME}:daughter")}),
    ("缅甸的新号 09 4561 2378", {state("phone", "0945612378")}),
    ("香港的号码：6234 5671", {state("phone", "62345671")}),
    ("新加坡的号 8123 4567 已经停用了", set()),
    ("新加坡手机 9123 4567 能收到验证码吗？", set()),
    ("我朋友新加坡的号 9345 6781", set()),
    # a thing bought named only to point at an order
    ("前天买的那个烤箱，订单号 KX-55123，能改地址吗", {state("order_id", "KX-55123")}),
    ("上个月买的空气净化器，订单 HB-78812，发票怎么开", {state("order_id", "HB-78812")}),
    ("上个月买的空气净化器，滤网多久换一次", {state("owns_device", "空气净化器")}),
    # a file format for a periodic report
    ("以后月报都用PDF发给我", {state("preferred_report_format", "PDF")}),
    ("周报以后统一做成Markdown", {state("preferred_report_format", "Markdown")}),
    ("以后报表都导出成Excel", {state("preferred_export_format", "Excel")}),
    ("以后周报的数据都导出成CSV", {state("preferred_export_format", "CSV")}),
    # the address given, mail sent to it
    ("我邮箱是 gao.lin@qq.com，有事发邮件给我", {state("email", "gao.lin@qq.com")}),
    ("以后有事发邮件到 li_ping@126.com", {state("email", "li_ping@126.com")}),
    ("以后有事发邮件，别打电话", {state("preferred_notification_channel", "email")}),
    # living with a relative named as "my" again: both live there
    ("我跟我妈一起住在南京", {state("lives_in", "南京"), state("lives_in", "南京", f"{ME}:mother")}),
    ("我和我老婆住在苏州工业园区", {state("lives_in", "苏州"), state("lives_in", "苏州", f"{ME}:wife")}),
    ("我和我同事住在杭州", {state("lives_in", "杭州")}),
    ("我和我老公住在上海吗？", set()),
    # from when a wish holds, said first, is no part of it
    ("从下周一开始快递默认放前台", {state("preference", "快递放前台")}),
    ("从下个月起发票默认开个人抬头", {state("preference", "发票开个人抬头")}),
    # the model in use, dated by the phrase after it
    ("我现在用的是荣耀Magic6，上个月刚换的", {state("owns_device", "荣耀Magic6")}),
    ("现在用的是iPhone 15，我妈买的", {state("owns_device", "iPhone 15")}),
    # a street address set right against a wrong house number
    ("是建国北路316号，不是361号，快递老送错", {state("address", "建国北路316号")}),
    ("门牌号写错了，是滨河大道1205号，不是1250号，福田区的", {state("address", "滨河大道1205号")}),
    ("是建国北路316号，不是361号吗？", set()),
    ("我朋友家是建国北路316号，不是361号", set()),
    # a phone for the old names itself
    ("我外婆用的还是老人机，收不了验证码", {state("owns_device", "老人机", f"{ME}:grandmother")}),
    ("我爸用的还是华为P30", {state("owns_device", "华为P30", f"{ME}:father")}),
    ("要不要给我爸买个老年机？", set()),
    ("老年机哪款好", set()),
    # what one cannot have is what one does not
    ("我吃不了香菜，点外卖记得备注", {state("preference", "不吃香菜")}),
    ("我不能吃花生，点菜注意一下", {state("preference", "不吃花生")}),
    # after a time, 再 adds nothing
    ("我习惯晚上十点以后再看工作邮件", {state("preference", "晚上十点以后看工作邮件")}),
    # a screen size and a chip are part of which model
    (
        "设备：MacBook Pro 16寸（M3 Max）、Kindle、Switch",
        {
            state("owns_device", "MacBook Pro 16寸（M3 Max）"),
            state("owns_device", "Kindle"),
            state("owns_device", "Switch"),
        },
    ),
    # the old contact replaced by a new one given in the same turn: the new one alone
    ("旧号码13912345678停用了，以后打我新号13912345699", {state("phone", "13912345699")}),
    ("旧号码13912345678停用了", {ended("phone", "13912345678")}),
]


def test_round30_zh_dates() -> None:
    """The start said first dates the wish; the time of getting a model dates the model."""
    wish = extract("从下个月起发票默认开个人抬头").facts
    assert [f.valid_from.date() for f in wish if f.valid_from] == [datetime(2026, 10, 1).date()]
    model = extract("我现在用的是荣耀Magic6，上个月刚换的").facts
    assert [f.valid_from.date() for f in model if f.valid_from] == [datetime(2026, 8, 1).date()]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_round30_zh(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected
