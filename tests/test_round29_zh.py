"""Round 29, Chinese: classes found on heldout26, tested on fresh sentences and look-alikes.

A question asked on someone's behalf after a statement is its own clause ("…，他让我帮忙问下发票怎么开"); a number
kept ("手机号一直是 …") and a landline to call ("以后有事打座机 …"); an address someone told the speaker to send to
is not the speaker's; got in on leaving school ("刚毕业进了华为"); a job settled by an offer starts on its own day,
its post with it; 月初 is the month's first ten days; a bare weekday told as still to come is the next one.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta, timezone

import pytest

from fact_tables import Fact, FactTable, facts_of
from palimpsest.write.timeexpr import find_times

AT = datetime(2026, 9, 16, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u29"
TABLE = FactTable(ME, AT)
extract, state, ended = TABLE.extract, TABLE.state, TABLE.ended
CST = timezone(timedelta(hours=8))


CASES: list[tuple[str, set[Fact]]] = [
    # a question asked on someone's behalf is its own clause
    (
        "朋友赵海峰上周在你们店买了鞋，他手机是 139 0021 7788，他托我问一下怎么退货",
        {state("phone", "13900217788", "赵海峰")},
    ),
    ("邻居孙晓梅也是会员，她的手机号是 13688120034，想问下积分能不能转", {state("phone", "13688120034", "孙晓梅")}),
    ("他的手机号是多少？", set()),
    # a number kept, a landline to call
    ("我邮箱换了，不过手机号一直是 186 3302 1177", {state("phone", "18633021177")}),
    ("电话还是 13577001122，没变", {state("phone", "13577001122")}),
    ("以后有急事打我座机 021-6655 3210，手机不常看", {state("phone", "02166553210")}),
    ("有事打客服座机 400-800-1234 转人工", set()),
    # told to send it there: not the speaker's
    ("有人打电话让我把身份证照片发到 verify-help@126.com，靠谱吗？", set()),
    ("对方要求我将合同寄到 contract@fake-mail.cn", set()),
    ("以后邮件发到 lin.qiao@outlook.com 就行", {state("email", "lin.qiao@outlook.com")}),
    # got in on leaving school
    ("我表妹研究生毕业后进了宁德时代", {state("works_at", "宁德时代", f"{ME}:cousin")}),
    ("我儿子毕业就进了比亚迪", {state("works_at", "比亚迪", f"{ME}:son")}),
    ("我弟毕业后进了医院", set()),
    # a move told after 自从 / 自打, its time between
    ("自从上个月搬去无锡新区，通勤都变远了", {state("lives_in", "无锡")}),
    ("自打前年搬到珠海，就没怎么回过老家", {state("lives_in", "珠海")}),
    # years in a post, said vaguely; crafts of transport; a trade said as "做…的" after joining
    ("我在东方航空当乘务好几年了", {state("works_at", "东方航空"), state("job_title", "乘务")}),
    (
        "我老公在首都机场做安检很多年了",
        {state("works_at", "首都机场", f"{ME}:husband"), state("job_title", "安检", f"{ME}:husband")},
    ),
    (
        "我表哥去年入职了平安，干保险的",
        {state("works_at", "平安", f"{ME}:cousin"), state("job_title", "保险", f"{ME}:cousin")},
    ),
    # gone from an employer, after the quitting is told
    ("裸辞了，三月份从小米走的", {ended("works_at", "小米")}),
    ("离职了，上周从携程走的，先休息一阵", {ended("works_at", "携程")}),
    ("我是从北京走的", set()),
    ("从公司走的时候忘带钥匙了", set()),
    # an address the same as the speaker's; set to a place named; corrected after an exclamation
    (
        "我岳父搬来和我们一起住了，地址和我的一样：南京市鼓楼区中山路18号3栋201",
        {
            state("address", "南京市鼓楼区中山路18号3栋201"),
            state("address", "南京市鼓楼区中山路18号3栋201", f"{ME}:father_in_law"),
        },
    ),
    ("收货地址设为单位：武汉市洪山区珞喻路1037号", {state("address", "武汉市洪山区珞喻路1037号")}),
    ("收货地址填错了。应该是 青岛市市南区香港中路76号，麻烦改一下", {state("address", "青岛市市南区香港中路76号")}),
    ("地址写错了！是我的问题", set()),
    ("地址跟我一样吗？", set()),
    # devices: a relative's lost, a spare in use after a breakage, a smart display, lower-case kindle
    ("我儿子的Switch上个月卖掉了", {ended("owns_device", "Switch", f"{ME}:son")}),
    ("我同事的iPad丢了", set()),
    (
        "我的iPhone 13摔坏了，先用着备用手机华为P40",
        {ended("owns_device", "iPhone 13"), state("owns_device", "华为P40")},
    ),
    ("平时出差带备用机iPhone 11", set()),
    ("我的小度智能屏连不上网了", {state("owns_device", "小度智能屏")}),
    ("上周给儿子买的有道学习平板", {state("owns_device", "有道学习平板", f"{ME}:son")}),
    ("kindle已经送人了", {ended("owns_device", "kindle")}),
    ("前段时间在京东买的华为MatePad，屏幕有点问题", {state("owns_device", "华为MatePad")}),
    # the language replies come in, asked for
    ("回复可以用英文吗？", {state("preferred_language", "en")}),
    ("能不能用英文写一封邮件？", set()),
    # when not to call; goods of the season are no delivery preference
    ("我上夜班，中午尽量不要给我打电话", {state("preference", "中午别打电话")}),
    ("年货直接寄过去吧", set()),
    ("快递直接放门口吧", {state("preference", "快递放门口")}),
    # years lived somewhere, then the leaving
    ("在上海住了三年多，去年搬走了", set()),
    ("在上海住了三年，不想搬走了", {state("lives_in", "上海")}),
    # his or her name asked for, then said
    ("我儿子在深圳上班，快递填他的名字，叫林志远", {state("name", "林志远", f"{ME}:son")}),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_round29_zh(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


@pytest.mark.parametrize(
    ("text", "org", "title", "day"),
    [
        (
            "前天拿到offer了，下周一去小红书报到，岗位是数据分析",
            "小红书",
            "数据分析",
            datetime(2026, 9, 21, tzinfo=UTC),
        ),
        ("劳动合同签了！下个月一号去顺丰入职，职位是仓储主管", "顺丰", "仓储主管", datetime(2026, 10, 1, tzinfo=UTC)),
    ],
)
def test_round29_zh_settled_job_starts_on_its_day(text: str, org: str, title: str, day: datetime) -> None:
    facts = {f.predicate: f for f in extract(text).facts}
    assert facts["works_at"].value == org and facts["job_title"].value == title
    assert facts["works_at"].valid_from == facts["job_title"].valid_from == day.astimezone(UTC)


def test_round29_zh_unsettled_job_to_come_is_no_fact() -> None:
    assert facts_of(extract("下周一我就去京东报到了")) == set()
    assert facts_of(extract("下周一去拼多多面试")) == set()


ON_WED = datetime(2026, 2, 11, 14, 0, tzinfo=CST)
TIMES = [
    ("月初你们说有活动", ON_WED, "月初", date(2026, 2, 1), date(2026, 2, 11)),
    ("这个月初换了新手机", datetime(2027, 5, 28, tzinfo=CST), "这个月初", date(2027, 5, 1), date(2027, 5, 11)),
    ("下个月初搬家", datetime(2026, 12, 16, tzinfo=CST), "下个月初", date(2027, 1, 1), date(2027, 1, 11)),
    ("周六就要用，能加急吗", ON_WED, "周六", date(2026, 2, 14), date(2026, 2, 15)),
    ("星期五之前能送到吗", ON_WED, "星期五", date(2026, 2, 13), date(2026, 2, 14)),
    ("礼拜二会发货吗", ON_WED, "礼拜二", date(2026, 2, 17), date(2026, 2, 18)),
    ("周二下的单还没到", ON_WED, "周二", date(2026, 2, 10), date(2026, 2, 11)),
    ("周一前台说没货了", ON_WED, "周一", date(2026, 2, 9), date(2026, 2, 10)),
]


@pytest.mark.parametrize(("text", "at", "said", "first", "after"), TIMES)
def test_round29_zh_times(text: str, at: datetime, said: str, first: date, after: date) -> None:
    found = find_times(text, at, tz=CST, language="zh")
    assert [m.text for m in found] == [said]
    assert (found[0].start, found[0].end) == (
        datetime.combine(first, datetime.min.time(), tzinfo=CST).astimezone(UTC),
        datetime.combine(after, datetime.min.time(), tzinfo=CST).astimezone(UTC),
    )
