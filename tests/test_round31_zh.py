"""Round 31, Chinese: classes from the strict misses and extras of heldout27, tested on fresh sentences and
look-alikes.

"我一直住在X" is a residence, no taste for "在X"; a relative who lives with the speaker ("她跟我一起住在…") has
the speaker living there too; a move from a day still to come, told as settled ("下个月起我就搬去厦门了"), holds
from that day; "我在X，…" with a named city or a country, said first, is where the speaker is based; a device
said to be in use is not dated by another phrase's time; "坏了 totally dead": English words after the end; the
employer's site in a town ("圣保罗的比亚迪工厂") is the employer; paying so "from then on, every time", with 了;
信箱 in a traditional-script turn is an e-mail box and a person named in it keeps the script; "之后回复都用…好吗"
asks for a standing way; a look liked for how it looks ("看着舒服"); a promotion said in the passive with no
agent and "还在同一家X"; a retirement said first, the working life after; "我是做美甲的"; "在医院当护士" names
no employer; "工作邮件发这个：…"; "…地址，正确的是：…"; a device handed to a relative "…上网课用了"; "X是我儿子
的"; a teacher's title said before "在…教语文"; at work in a town, "人也搬过来了"; "以后都这样" after a wish;
"快递直接塞快递柜就好"; "下午四点以后再送货".
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 9, 16, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u31"
TABLE = FactTable(ME, AT)
extract, state, ended = TABLE.extract, TABLE.state, TABLE.ended


CASES: list[tuple[str, set[Fact]]] = [
    # always lived there: a residence, no taste
    ("其实我一直住在无锡", {state("lives_in", "无锡")}),
    ("我一直住在南昌", {state("lives_in", "南昌")}),
    # living with the speaker
    ("我爸跟我一起住在珠海", {state("lives_in", "珠海", f"{ME}:father"), state("lives_in", "珠海")}),
    (
        "我婆婆的手机是13612345678，她跟我一起住在中山",
        {
            state("phone", "13612345678", f"{ME}:mother_in_law"),
            state("lives_in", "中山", f"{ME}:mother_in_law"),
            state("lives_in", "中山"),
        },
    ),
    ("我妈不跟我一起住在佛山", set()),
    # a move from a day still to come, told as settled
    ("下个月起我就搬去青岛了", {state("lives_in", "青岛")}),
    ("我姐从下周开始就搬到武汉了", {state("lives_in", "武汉", f"{ME}:sister")}),
    ("下个月起我可能搬去青岛", set()),
    ("如果下个月起我搬去青岛了，地址怎么改", set()),
    ("下个月我就要搬去青岛了", set()),
    # where the speaker is, said first
    ("我在悉尼，快递寄过来要多久", {state("lives_in", "悉尼")}),
    ("我在墨尔本，想改一下收货地址", {state("lives_in", "墨尔本")}),
    ("我在阿根廷这边，买的东西能寄过来吗", {state("lives_in", "阿根廷")}),
    ("我在智利这边，你们的app打不开", {state("lives_in", "智利")}),
    ("我在超市，晚点再说", set()),
    ("我在公司，等会回你", set()),
    ("我在成都出差，快递能寄酒店吗", set()),
    ("我在外地，下周回来", set()),
    ("我在东京，明天就回国了", set()),
    ("我在广州，每天都加班到很晚", set()),
    ("我在曼谷，等转机，能改地址吗", set()),
    ("我在西安，下个月搬去兰州", set()),
    # a device in use, undated by another phrase
    ("我在多伦多，用的Pixel 8，昨天更新完就打不开了", {state("lives_in", "多伦多"), state("owns_device", "Pixel 8")}),
    # broken, then English words
    (
        "我的ThinkPad X1上周坏了 completely dead，现在只能用公司的电脑",
        {ended("owns_device", "ThinkPad X1")},
    ),
    # the employer's site in a town
    ("我在深圳的华为工厂上班", {state("works_at", "华为")}),
    ("我在越南的三星工厂做质检", {state("works_at", "三星"), state("job_title", "质检")}),
    # paying so from then on, with 了
    ("上周起我都用支付宝付款了", {state("preferred_payment_method", "支付宝")}),
    ("从上个月开始我一直用云闪付支付了", {state("preferred_payment_method", "云闪付")}),
    ("那单我都用花呗付了，怎么还显示未付款", set()),
    ("我昨天用支付宝付款了", set()),
    # 信箱 in a traditional-script turn; the person's name as typed
    (
        "同事林雅婷的信箱是 yating.lin@gmail.com，幫我加成聯絡人",
        {("林雅婷", "email", "yating.lin@gmail.com", True, False)},
    ),
    ("我同事陳志明住在台中", {("陳志明", "lives_in", "台中", True, False)}),
    # a standing way asked for, the question only closing it
    ("我看簡體字很累，之後回覆都用繁體中文好嗎", {state("preferred_language", "繁体中文")}),
    ("之后回复都用英文好吗", {state("preferred_language", "en")}),
    ("之后回复能用英文吗", set()),
    # a look liked for how it looks
    ("深色模式看着更护眼，帮我换回来", {state("preferred_theme", "dark")}),
    ("深色模式看着舒服吗", set()),
    ("深色模式看着不舒服", set()),
    ("我女儿说深色模式看着舒服", set()),
    # promoted, still at the same employer
    ("我被提拔成店长了", {state("job_title", "店长")}),
    ("升职了，还在原来那家京东", {state("works_at", "京东")}),
    ("我还在同一家店", set()),
    # retired, the working life after
    ("我爸前年退休了，之前在武钢干了一辈子", {ended("works_at", "武钢", f"{ME}:father")}),
    ("明年就要退休了，以前在中国移动干了三十年", set()),
    # a beauty trade named by its work
    ("我是做美容的，白天都在店里", {state("job_title", "美容师")}),
    ("我老婆是做美发的", {state("job_title", "美发师", f"{ME}:wife")}),
    ("我不做美甲了", set()),
    ("周末想去做美甲", set()),
    ("我以前是做美发的", set()),
    # a bare place of work names no employer
    ("我在医院当护士，上班接不了电话", {state("job_title", "护士")}),
    ("我在协和医院当护士", {state("job_title", "护士"), state("works_at", "协和医院")}),
    # where work mail goes
    ("工作邮件发这个：zhao.min@abc-tech.cn", {state("email", "zhao.min@abc-tech.cn")}),
    ("邮件就发到这个邮箱：zhao.min@abc-tech.cn", {state("email", "zhao.min@abc-tech.cn")}),
    ("我同事说工作邮件发这个：wang@abc.com", set()),
    # the right address after the wrong one
    ("请忽略我刚才发的地址，正确的是：南京市鼓楼区中山路18号", {state("address", "南京市鼓楼区中山路18号")}),
    ("刚才的地址不对，应该是南京市鼓楼区中山路18号", {state("address", "南京市鼓楼区中山路18号")}),
    # handed to a relative, what for said before 用
    (
        "旧的Kindle给我儿子看书用了",
        {ended("owns_device", "Kindle"), state("owns_device", "Kindle", f"{ME}:son")},
    ),
    ("我借给我女儿上网课用了", set()),
    # a device said to be a relative's
    ("那台Switch是我儿子的，不是我的", {state("owns_device", "Switch", f"{ME}:son")}),
    ("这台iPad是我女儿的吗", set()),
    ("这台iPad不是我女儿的", set()),
    ("这台iPad是我同事的", set()),
    # a teacher's title said before the subject taught
    (
        "我姐是中学老师，在市一中教英语",
        {state("job_title", "中学老师", f"{ME}:sister"), state("works_at", "市一中", f"{ME}:sister")},
    ),
    (
        "我姐在市一中教英语",
        {state("job_title", "英语老师", f"{ME}:sister"), state("works_at", "市一中", f"{ME}:sister")},
    ),
    # at work in a town, moved there too
    ("上周开始我就在苏州上班了，人也搬过来了", {state("lives_in", "苏州")}),
    ("我在杭州上班了，人还没搬过来", set()),
    # a parcel stuffed into a locker; the hours named, then the delivery
    ("经常加班，快递直接塞丰巢就好", {state("preference", "快递放丰巢")}),
    ("晚上七点后再派送吧", {state("preference", "晚上七点后送货")}),
    ("今天下午四点以后再送货", set()),
    ("他说下午四点以后再送货", set()),
    # the way just asked for, from now on
    ("导出的报表我要PDF格式，以后都这样", {state("preferred_export_format", "PDF")}),
]


def test_round31_zh_dates() -> None:
    """A settled move from a day still to come; the end of a broken device; a payment habit begun."""
    move = extract("下个月起我就搬去青岛了").facts
    assert [f.valid_from.date() for f in move if f.valid_from] == [datetime(2026, 10, 1).date()]
    broken = extract("我的ThinkPad X1上周坏了 completely dead，现在只能用公司的电脑").facts
    assert [f.valid_to.date() for f in broken if f.valid_to] == [datetime(2026, 9, 7).date()]
    paid = extract("上周起我都用支付宝付款了").facts
    assert [f.valid_from.date() for f in paid if f.valid_from] == [datetime(2026, 9, 7).date()]
    moved = extract("昨天开始我就在苏州上班了，人也搬过来了").facts
    assert [f.valid_from.date() for f in moved if f.valid_from] == [datetime(2026, 9, 15).date()]
    in_use = extract("我在多伦多，用的Pixel 8，昨天更新完就打不开了").facts
    assert all(f.valid_from is None for f in in_use)
    promoted = extract("上周一被提拔成店长了，还在同一家优衣库").facts
    assert {(f.predicate, f.value, f.valid_from.date() if f.valid_from else None) for f in promoted} == {
        ("job_title", "店长", datetime(2026, 9, 7).date()),
        ("works_at", "优衣库", None),
    }
    retired = extract("去年三月退休了，以前在中国移动干了三十年").facts
    assert [(f.value, f.valid_to.date()) for f in retired if f.valid_to] == [("中国移动", datetime(2025, 3, 1).date())]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_round31_zh(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected
