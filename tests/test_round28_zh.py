"""Round 28, Chinese: classes found on heldout24/25 and the brief's known gaps, tested on fresh sentences.

Times: a day counted from a holiday (国庆前一天, 元旦后第二天, 劳动节的第二天), a month by its part as one
day (上个月底, 月中, 三月底; 下个月初 its first ten days since round 29), vague recent days (前两天, 前几天)
left without a day.
Jobs: years spent somewhere, then a bare leaving (在顺丰干了五年，上个月辞了); the leaving's paperwork done
there after the quitting is told (京东那边上个月底走完的流程); an employer by its place in one's history
(老东家) is none.
Addresses typed in Traditional characters keep their script.
Names: the registered name (实名登记的姓名是…), a relative named before a move (我表妹李然调到了…).
Devices: broken or lost with a new one to be got (摔碎了，打算换个新的), handed on told by
给了我<relative>, the model in use now or from now on (现在全家都用…, 以后用…登录).
Contacts: the speaker's own details listed, the first one claimed with 我 (我邮箱 …，手机 …).
Orders: someone else's record named as theirs (她的单子 …); a code in a turn about an order or a parcel
(把 KP-30418 取消掉, 包裹 ZT55012345 还没到).
Jobs joined with the role glued on (刚入职美团做算法工程师); the one who moved named by a cleft (搬去青岛的是我哥).
Deliveries: a pick-up point for a stretch of days (这两天的包裹先放快递柜), no delivery at a time with the parcel
named first (包裹晚上不要送). Places are never one character (台中). Addresses: the day they hold from said
in the next sentence (。从下周一起寄这里), one deleted and lived at no more; the word and the address in
English (address是 …), lasting when the one-off marker closes on a payment (这单刷信用卡，address是 …).
Jobs told by the work (我是跑美团的), a title alone after a self-introduction (我是Lisa，深圳分公司的…).
Themes switched to for a try (先换成深色看看). An address said to be a relative's (…，是我妈的).
Languages: shown in (用日语显示); a standing way asked for with 好吗. Channels: notifications named in English.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from fact_tables import Fact, FactTable, facts_of
from palimpsest.write.timeexpr import find_times, resolve_relative

AT = datetime(2026, 9, 16, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u28"
TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off
CST = timezone(timedelta(hours=8))


CASES: list[tuple[str, set[Fact]]] = [
    # years spent there, then the leaving by a bare verb
    ("我在顺丰干了五年，上个月辞了", {ended("works_at", "顺丰")}),
    ("我妈在中石化干了二十年，去年不干了", {ended("works_at", "中石化", f"{ME}:mother")}),
    ("在海尔待了三年多，上周走了", {ended("works_at", "海尔")}),
    ("他在美团干了三年，打算辞了", set()),
    # the leaving's paperwork done there, the quitting told
    ("辞职了，京东那边上个月底走完的流程，现在在家带娃", {ended("works_at", "京东")}),
    ("离职了，小米那边昨天办完手续", {ended("works_at", "小米")}),
    ("社保那边办完手续了", set()),
    # an employer by its place in one's history names none
    ("今天是在老东家的最后一天", set()),
    ("明天在原单位办交接", set()),
    # addresses typed in Traditional characters
    (
        "寄件地址麻煩改一下，臺北市信義區松仁路100號12樓，謝謝",
        {state("address", "臺北市信義區松仁路100號12樓")},
    ),
    ("收貨地址：廣州市天河區體育西路191號B座2003", {state("address", "廣州市天河區體育西路191號B座2003")}),
    # the speaker's own details listed
    (
        "我邮箱 zhou.min@126.com，手机 13722446688，住成都",
        {state("email", "zhou.min@126.com"), state("phone", "13722446688"), state("lives_in", "成都")},
    ),
    ("我的邮箱是 a.li@qq.com，电话 15811112222", {state("email", "a.li@qq.com"), state("phone", "15811112222")}),
    # someone else's order
    ("我同事托我问下，他的订单 JD20260101888 到哪了", set()),
    ("邻居的包裹 SF1234567890123 帮她查一下", set()),
    ("我的订单 JD20260101888 到哪了", {state("order_id", "JD20260101888")}),
    # the name an account is registered under
    ("实名登记的姓名是王小川，昵称无所谓", {state("name", "王小川")}),
    ("注册用的名字是陈一鸣", {state("name", "陈一鸣")}),
    # a relative named, then a move or a job change told of them
    (
        "我表妹李然调到了深圳",
        {state("lives_in", "深圳", f"{ME}:cousin"), state("name", "李然", f"{ME}:cousin")},
    ),
    ("我哥天天搬砖", set()),
    # broken or lost, to be replaced by a new one
    ("我女儿的iPad摔碎了，打算换个新的", {ended("owns_device", "iPad", f"{ME}:daughter")}),
    ("我的华为平板昨天丢了，准备换台新的", {ended("owns_device", "华为平板")}),
    ("iPhone 15屏幕摔坏了，能修吗", set()),
    # handed to a relative told by 给了我…
    (
        "我的旧Switch送人了，给了我弟",
        {ended("owns_device", "Switch"), state("owns_device", "Switch", f"{ME}:brother")},
    ),
    ("钱给了我哥", set()),
    # the model in use now or from now on
    ("以后用ThinkPad X1登录", {state("owns_device", "ThinkPad X1")}),
    ("旧手机不用了，现在我们全家都用小米14", {state("owns_device", "小米14")}),
    ("以后用手机登录", set()),
    ("现在用华为Mate 60吗？", set()),
    # the role glued to the employer joined
    ("上周刚入职美团做算法工程师", {state("works_at", "美团"), state("job_title", "算法工程师")}),
    (
        "我老婆上个月加入了蔚来当设计师",
        {state("works_at", "蔚来", f"{ME}:wife"), state("job_title", "设计师", f"{ME}:wife")},
    ),
    ("想入职华为做开发", set()),
    # the one who moved, named by a cleft
    ("记错了，搬去青岛的是我哥，我还在济南", {state("lives_in", "青岛", f"{ME}:brother")}),
    ("不是我，去苏州的是我姐", {state("lives_in", "苏州", f"{ME}:sister")}),
    ("去北京的是我哥", set()),
    # a pick-up point for a stretch of days, or for good; no delivery at a time, the parcel named first
    ("下周要去外地，这两天的包裹先放快递柜", {one_off("preference", "包裹放快递柜")}),
    ("休假期间快递先帮我放门卫代收", {one_off("preference", "快递放门卫代收")}),
    ("以后包裹都放丰巢", {state("preference", "包裹放丰巢")}),
    ("包裹晚上不要送", {state("preference", "晚上不送包裹")}),
    # a place is never one character
    ("我住在台南", {state("lives_in", "台南")}),
    # a code named in a turn about an order or a parcel
    ("帮我把 KP-30418 取消掉", {state("order_id", "KP-30418")}),
    ("包裹 ZT55012345 还没到", {state("order_id", "ZT55012345")}),
    ("快递 123456 元", set()),
    # the day an address holds from, said in the next sentence
    ("新地址：成都市高新区天府大道100号。从下周一起寄这里", {state("address", "成都市高新区天府大道100号")}),
    # an address asked to be deleted, lived at no more
    ("那个南京市鼓楼区中山路18号的旧地址删掉，已经搬走了", {ended("address", "南京市鼓楼区中山路18号")}),
    ("那个南京市鼓楼区中山路18号的地址删掉", set()),
    # the language the text is shown in; a standing way asked for, the question only closing it
    ("以后页面用日语显示", {state("preferred_language", "ja")}),
    ("以后用英文回复好吗？", {state("preferred_language", "en")}),
    ("能用英文显示吗？", set()),
    ("你以后用英文吗？", set()),
    # notices and the channel named in English in a Chinese turn
    (
        "我在Shopee做运营，notifications都走SMS吧",
        {state("works_at", "Shopee"), state("job_title", "运营"), state("preferred_notification_channel", "SMS")},
    ),
    ("notification发email吗？", set()),
    # the address word in English, the address in English; a one-off marker closing on the payment
    (
        "这单刷信用卡，address是 12 King St, Sydney NSW 2000",
        {one_off("preferred_payment_method", "credit card"), state("address", "12 King St, Sydney NSW 2000")},
    ),
    ("IP address是 10.0.0.1", set()),
    ("这次地址是南京市鼓楼区中山路18号", {one_off("address", "南京市鼓楼区中山路18号")}),
    # what the speaker is, told by the work, the platform worked for
    # (…and, since round 29, the hours not to be called in: "白天尽量别打电话" is labelled a preference in heldout26.)
    (
        "我是跑美团的，中午别打电话",
        {state("job_title", "外卖骑手"), state("works_at", "美团"), state("preference", "中午别打电话")},
    ),
    ("俺就是个开出租的", {state("job_title", "出租车司机")}),
    ("我老公是开滴滴的", set()),
    ("我不是开滴滴的", set()),
    # a self-introduction, then the title alone
    ("你好，我是Lisa，深圳分公司的marketing manager", {state("name", "Lisa"), state("job_title", "marketing manager")}),
    ("我是小周，经理让我来问问", set()),
    # a look switched to, to try it out
    ("先换成深色看看", {one_off("preferred_theme", "dark")}),
    ("要不要切到深色看看？", set()),
    # whose the address just given is
    (
        "收货地址更新下：成都市武侯区科华北路65号，是我妈的",
        {state("address", "成都市武侯区科华北路65号", f"{ME}:mother")},
    ),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_round28_zh(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


ON_1_OCT = datetime(2026, 10, 1, 7, 20, tzinfo=CST)  # a Thursday
ON_16_DEC = datetime(2026, 12, 16, 16, 45, tzinfo=CST)

TIMES: list[tuple[str, datetime, str, date, date]] = [
    ("国庆前一天刚把户口落到厦门", ON_1_OCT, "国庆前一天", date(2026, 9, 30), date(2026, 10, 1)),
    ("元旦后第二天搬去成都", ON_16_DEC, "元旦后第二天", date(2027, 1, 3), date(2027, 1, 4)),
    ("劳动节的第二天入职的", ON_1_OCT, "劳动节的第二天", date(2026, 5, 2), date(2026, 5, 3)),
    ("国庆节后第三天开始上班", ON_1_OCT, "国庆节后第三天", date(2026, 10, 4), date(2026, 10, 5)),
    ("上个月底走完的流程", ON_16_DEC, "上个月底", date(2026, 11, 30), date(2026, 12, 1)),
    ("下个月初搬家", ON_16_DEC, "下个月初", date(2027, 1, 1), date(2027, 1, 11)),  # (its first ten days, round 29)
    ("月中换了手机", ON_1_OCT, "月中", date(2026, 10, 15), date(2026, 10, 16)),
    ("我月底前寄到", ON_1_OCT, "月底", date(2026, 10, 31), date(2026, 11, 1)),
    ("三月底搬到了南京", ON_1_OCT, "三月底", date(2026, 3, 31), date(2026, 4, 1)),
    ("去年二月末换的工作", ON_1_OCT, "去年二月末", date(2025, 2, 28), date(2025, 3, 1)),
]


@pytest.mark.parametrize(("text", "at", "said", "first", "after"), TIMES)
def test_round28_zh_times(text: str, at: datetime, said: str, first: date, after: date) -> None:
    found = find_times(text, at, tz=CST, language="zh")
    assert [m.text for m in found] == [said]
    assert (found[0].start, found[0].end) == (
        datetime.combine(first, datetime.min.time(), tzinfo=CST).astimezone(UTC),
        datetime.combine(after, datetime.min.time(), tzinfo=CST).astimezone(UTC),
    )


@pytest.mark.parametrize(
    "text", ["前两天买了个iPad", "前几天搬到了无锡", "岁月中的点滴", "正月初一回老家", "五月中旬", "这个月中秋不放假"]
)
def test_round28_zh_no_wrong_day(text: str) -> None:
    found = find_times(text, ON_1_OCT, tz=CST, language="zh")
    assert all(m.granularity != "day" or m.text in ("这个月",) for m in found)
    assert not any(m.text in ("前两天", "前几天", "月中", "月初") for m in found)


def test_round28_zh_from_monday_then_qi() -> None:
    at = datetime(2026, 6, 1, 0, 20, tzinfo=CST)  # a Monday
    assert [m.text for m in find_times("从下周一起寄这里", at, tz=CST, language="zh")] == ["下周一"]
    assert [m.text for m in find_times("下周一起吃饭吧", at, tz=CST, language="zh")] == ["下周"]
    (address,) = extract("新地址：成都市高新区天府大道100号。从下周一起寄这里").facts
    assert address.valid_from == datetime(2026, 9, 21, tzinfo=UTC)


def test_round28_zh_month_end_rereads_to_the_last_day() -> None:
    (found,) = find_times("上个月底", datetime(2026, 3, 10, tzinfo=CST), tz=CST, language="zh")
    assert found.relative is not None
    start, _end = resolve_relative(found.relative, datetime(2026, 4, 10, tzinfo=CST), tz=CST)
    assert start == datetime(2026, 3, 31, tzinfo=CST).astimezone(UTC)
