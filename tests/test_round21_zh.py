"""Round 21, Chinese: classes found on heldout19, tested on fresh sentences and look-alikes.

He or she owns the contact told after a person named by role ("我同事…，她现在的邮箱是…", "客户…说他换了个
新号码"); an address corrected after saying what was wrong ("写错了一个字，是…"); a verb and its particle are
no name ("本人下的"); a spot at work ("流水线上", "车间里") is no employer and no part of a title; an
employer's full name said after a short one ("单位全称是…"); the address after "寄到家里，家里地址是：";
a move said with 早 and no 我 ("早搬到宁波去了").
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 9, 16, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u21"
TABLE = FactTable(ME, AT)
extract, state, ended = TABLE.extract, TABLE.state, TABLE.ended


CASES: list[tuple[str, set[Fact]]] = [
    # he or she owns the contact: the person named by role before
    ("我们供应商刘建国说他换了个新号码：139 0011 2233", {state("phone", "13900112233", "刘建国")}),
    ("朋友李明刚换了手机，他新号码是 13912345678", {state("phone", "13912345678", "李明")}),
    (
        "我同事赵雪跳槽去了蔚来，她现在的工作邮箱是 zhaoxue@nio-work.cn",
        {state("works_at", "蔚来", "赵雪"), state("email", "zhaoxue@nio-work.cn", "赵雪")},
    ),
    ("我老板陈志刚的手机是 13600001234", {state("phone", "13600001234", "陈志刚")}),
    (
        "我爸在国家电网上班，他的手机号是 13800001111",
        {state("works_at", "国家电网", f"{ME}:father"), state("phone", "13800001111", f"{ME}:father")},
    ),
    ("他的邮箱是 someone@corp.cn", set()),
    ("她说她换了个新号码 13712340000", set()),
    # an address corrected after saying what was wrong
    ("地址写错了一个字，是贵阳市云岩区中华北路73号，不是中华南路", {state("address", "贵阳市云岩区中华北路73号")}),
    ("收货地址写错了门牌号，是杭州市西湖区文三路90号", {state("address", "杭州市西湖区文三路90号")}),
    ("地址打错了一个数字，应该是南京市鼓楼区中山路18号", {state("address", "南京市鼓楼区中山路18号")}),
    ("地址写错了一个字", set()),
    # a verb and its particle are no name
    ("这两单都是我本人下的", set()),
    ("那个账号是本人注册的", set()),
    ("本人王小明", {state("name", "王小明")}),
    # a spot at work is no employer and no part of the title
    ("我在比亚迪上班，是车间里的班长", {state("works_at", "比亚迪"), state("job_title", "班长")}),
    (
        "我老公在顺丰上班，是仓库里的主管",
        {state("works_at", "顺丰", f"{ME}:husband"), state("job_title", "主管", f"{ME}:husband")},
    ),
    ("我是工地上的电工", {state("job_title", "电工")}),
    ("我是流水线上的质检员", {state("job_title", "质检员")}),
    # an employer's full name said after a short one
    ("在县医院当护士，单位全称是平阴县人民医院", {state("job_title", "护士"), state("works_at", "平阴县人民医院")}),
    ("我在市一院上班，全称叫苏州市第一人民医院", {state("works_at", "苏州市第一人民医院")}),
    (
        "我老婆在区税务局上班，单位全名是深圳市南山区税务局",
        {state("works_at", "深圳市南山区税务局", f"{ME}:wife")},
    ),
    ("公司全称是什么来着", set()),
    # the address after the kind of address said again
    (
        "以后寄到家里吧，家里地址是：成都市武侯区人民南路四段19号",
        {state("address", "成都市武侯区人民南路四段19号")},
    ),
    # a move said with 早 and no 我
    ("早搬到宁波去了", {state("lives_in", "宁波")}),
    ("早已搬到合肥了", {state("lives_in", "合肥")}),
    ("我不住台州啦，早搬到嘉兴去了", {state("lives_in", "嘉兴")}),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_round21_zh_fact_classes(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我在腾讯上班，全名叫王小明", {state("works_at", "腾讯"), state("name", "王小明")}),
        ("我在鹅厂上班，公司全名是深圳市腾讯计算机系统有限公司", {state("works_at", "深圳市腾讯计算机系统有限公司")}),
        ("我在杭州二中教书", {state("works_at", "杭州二中")}),
        ("上个月从阿里离职了", {ended("works_at", "阿里")}),
        # a profile's city set by name
        ("资料上的城市帮我改成惠州", {state("lives_in", "惠州")}),
        ("所在城市改为洛阳吧", {state("lives_in", "洛阳")}),
        ("现居地更新为西安", {state("lives_in", "西安")}),
        ("常住地：哈尔滨", {state("lives_in", "哈尔滨")}),
        ("出差的城市是珠海", set()),
        ("目的城市是三亚", set()),
        ("我朋友的所在城市是珠海", set()),
        ("城市不是珠海", set()),
    ],
)
def test_round21_zh_more_fact_classes(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a profile's list of devices
        ("我的设备有：iPhone 15、Kindle", {state("owns_device", "iPhone 15"), state("owns_device", "Kindle")}),
        ("我的设备是MacBook Air和iPad", {state("owns_device", "MacBook Air"), state("owns_device", "iPad")}),
        ("公司的设备是联想ThinkPad", set()),
        ("你们支持的设备有iPad吗", set()),
        ("他的设备是iPad", set()),
        # a device lost for good, said first
        ("iPhone 13被偷了", {ended("owns_device", "iPhone 13")}),
        ("Kindle弄丢了，找了好几天", {ended("owns_device", "Kindle")}),
        ("钥匙丢了", set()),
        ("iPad丢了吗", set()),
        ("要是iPad丢了怎么办", set()),
        # the relative named as the emergency contact, and the number after
        ("紧急联系人：我老公，手机 13800001111", {state("phone", "13800001111", f"{ME}:husband")}),
        ("紧急联系人填我妈，号码 13900002222", {state("phone", "13900002222", f"{ME}:mother")}),
        ("紧急联系人是我同事，电话 13800001111", set()),
        # the speaker's line at work, opening the turn
        ("单位固话 0571-88776655", {state("phone", "057188776655")}),
        ("你们公司座机是多少", set()),
    ],
)
def test_round21_zh_devices_and_contacts(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a company told of as one, then named
        ("我在一家小公司做会计，叫华信科技", {state("job_title", "会计"), state("works_at", "华信科技")}),
        ("辞职了，去了一家创业公司，叫云帆", {state("works_at", "云帆")}),
        # (the trade by the vehicle driven too: heldout30 labels "我哥在伦敦开出租车" a 出租车司机)
        ("我现在在成都一家物流公司开货车，公司叫顺达", {state("works_at", "顺达"), state("job_title", "货车司机")}),
        ("我去了一家咖啡店，叫Manner", set()),
        ("他去了一家创业公司，叫云帆", set()),
        # orders called 单子, the numbers after
        (
            "我这有三个单子：KD88120、KD88121 和 KD88122",
            {state("order_id", "KD88120"), state("order_id", "KD88121"), state("order_id", "KD88122")},
        ),
        ("单子 PX-55102 还没发货", {state("order_id", "PX-55102")}),
        ("这个单子什么时候发", set()),
        # 咱 alone is I
        ("咱在腾讯上班", {state("works_at", "腾讯")}),
        ("咱们公司搬到苏州了", set()),
    ],
)
def test_round21_zh_company_named_after(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected


@pytest.mark.parametrize(
    "text",
    [
        "我之前一直填的是单位地址，下个月起不用了",
        "我以前都写的是老家的地址",
        "原来总是选顺丰，后来觉得太贵",
    ],
)
def test_round21_zh_a_habit_given_up_is_no_rule(text: str) -> None:
    assert not [f for f in extract(text).facts if f.predicate == "preference"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a choice named, "from now on this one" after it without a verb
        ("浅色模式，以后就这个了", {state("preferred_theme", "light")}),
        ("深色主题，今后就它", {state("preferred_theme", "dark")}),
        ("就这个吧", set()),
    ],
)
def test_round21_zh_this_one_from_now(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected
