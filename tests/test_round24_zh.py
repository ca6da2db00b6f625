"""Round 24, Chinese: classes found on heldout21, tested on fresh sentences and look-alikes.

Residence said by where one is, stays or has always been ("人在厦门", "还是待在惠州吧", "爸妈一直在乌鲁木齐",
"算半个杭州人了"); settling in with the city as the topic ("宁波这边算是安顿下来了") and a move dated by its last box
("昨儿刚把最后一箱搬完"); an employer named with the trade done there ("在美团跑外卖"), a school with the subject
taught ("在实验小学教语文"), the speaker and a relative at one employer ("我和老婆都在腾讯"); an employer left by a
last shift or a working life ended with retirement; a post named by 岗, a rise said with 升 alone ("升主管了"), a trade
in a phrase of its own ("她做HR", "做 data analyst"); "based in" and "公司是 Shopee" in mixed speech; a device sold
with 出掉了; devices counted, then named one by one ("家里两台电脑，一台…，一台…"); one's own device told by
its model year ("我的iPad是2021款的，能升级…吗"); gone back to live in the home town ("回洛阳老家住了").
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 9, 16, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u24"
TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off


CASES: list[tuple[str, set[Fact]]] = [
    # residence said by where one is, stays or has always been
    ("人在昆明，老家的房子空着", {state("lives_in", "昆明")}),
    ("这个月起人已经在珠海了", {state("lives_in", "珠海")}),
    ("算了，还是待在南昌吧，离家近", {state("lives_in", "南昌")}),
    ("我姐一直在哈尔滨，冬天冷死了", {state("lives_in", "哈尔滨", f"{ME}:sister")}),
    ("上周起算半个成都人了", {state("lives_in", "成都")}),
    ("人在外地，回不去", set()),
    ("我一直在等快递", set()),
    ("这周待在杭州开会", set()),
    ("你人在上海吗", set()),
    ("我想一直待在成都", set()),
    ("我也算半个杭州人吧", set()),
    # gone back to live in the home town
    ("我爸妈回湖州老家养老了", {state("lives_in", "湖州", f"{ME}:parents")}),
    ("过年回洛阳老家住几天", set()),
    ("想回洛阳老家住了", set()),
    # settling in, the city as the topic; a move dated by its last box
    ("现在青岛这边总算安顿下来了", {state("lives_in", "青岛")}),
    ("行程总算定下来了", set()),
    ("方案定下来了吗", set()),
    # an employer named with the trade done there
    (
        "我老公在滴滴开网约车",
        {state("works_at", "滴滴", f"{ME}:husband"), state("job_title", "网约车司机", f"{ME}:husband")},
    ),
    ("在饿了么送外卖两年了", {state("works_at", "饿了么"), state("job_title", "外卖骑手")}),
    ("今天在美团送外卖，累死", set()),
    ("我想在美团跑外卖", set()),
    ("在美团跑外卖赚钱吗", set()),
    ("在家写代码", set()),
    # a school named with the subject taught
    (
        "我姐在市一中教英语",
        {state("works_at", "市一中", f"{ME}:sister"), state("job_title", "英语老师", f"{ME}:sister")},
    ),
    ("以前在二中教数学", set()),
    ("我想在实验小学教语文", set()),
    # the speaker and a relative at one employer, then her trade
    ("我跟我哥都在华为上班", {state("works_at", "华为"), state("works_at", "华为", f"{ME}:brother")}),
    (
        "我和老公都在京东，他做客服",
        {
            state("works_at", "京东"),
            state("works_at", "京东", f"{ME}:husband"),
            state("job_title", "客服", f"{ME}:husband"),
        },
    ),
    ("我和老婆都在家", set()),
    # an employer left by a last shift, or a working life ended with retirement
    ("前天是我在京东的最后一天", {ended("works_at", "京东")}),
    ("我妈退休前在纺织厂干了三十年", {ended("works_at", "纺织厂", f"{ME}:mother")}),
    ("下周五是我在顺丰的最后一个班", set()),
    ("在顺丰的最后一天是哪天", set()),
    # a post named by 岗; a rise said with 升 alone; a trade in a phrase of its own
    ("入职阿里了，后端岗", {state("works_at", "阿里"), state("job_title", "后端")}),
    ("我们组的李强升组长了", {("李强", "job_title", "组长", True, False)}),
    ("水位升高了", set()),
    ("今天做饭，做红烧肉", set()),
    ("他想当医生", set()),
    ("你做HR吗", set()),
    (
        "陈思远跳槽去了蔚来，做电池研发工程师",
        {state("works_at", "蔚来", "陈思远"), state("job_title", "电池研发工程师", "陈思远")},
    ),
    # mixed Chinese and English
    (
        "我目前 based in 吉隆坡，公司是 Grab，做 product manager",
        {state("lives_in", "吉隆坡"), state("works_at", "Grab"), state("job_title", "product manager")},
    ),
    # a device sold with 出掉了
    ("上个月把用了三年的小米13出掉了", {ended("owns_device", "小米13")}),
    ("要不要把iPad出掉", set()),
    # one's own device told by its model year, before a question about it
    ("我的MacBook Pro是2019年款的，电池还能换吗", {state("owns_device", "MacBook Pro")}),
    ("你的iPad是2021款的吗", set()),
    ("以前我的iPad是2018款的", set()),
    # devices counted, then named one by one
    (
        "我有两部手机：一部华为Mate 60，一部iPhone 15",
        {state("owns_device", "华为Mate 60"), state("owns_device", "iPhone 15")},
    ),
    ("想买两台电脑，一台联想拯救者，一台MacBook Air", set()),
    ("两台电脑，一台联想拯救者，一台MacBook Air，哪台好", set()),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_round24_zh_fact_classes(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected
