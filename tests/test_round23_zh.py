"""Round 23, Chinese: classes found on heldout21, tested on fresh sentences and look-alikes.

A contact change asked for politely ("邮箱麻烦换成 …", "手机号请改成 …"); the number of a new SIM card named after
it ("昨天办了张新卡，号码 0412 883 605"); the usual carrier said to do ("这次走顺丰，平时中通就行"); a change of the
way notices come wished for ("消息提醒我想换短信"); an old address lived at no more ("旧地址：…，早就不住那了").
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 9, 16, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u23"
TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off


CASES: list[tuple[str, set[Fact]]] = [
    # a contact change asked for politely
    ("账户上的邮箱麻烦换成 ZhangWei_88@163.com，旧的QQ邮箱登不上了", {state("email", "zhangwei_88@163.com")}),
    ("邮箱请帮我改成 li.ming@qq.com", {state("email", "li.ming@qq.com")}),
    ("我妈的邮箱麻烦改成 mama@126.com", {state("email", "mama@126.com", f"{ME}:mother")}),
    ("手机号麻烦改成 13800138000", {state("phone", "13800138000")}),
    ("电话请换成 139 1234 5678", {state("phone", "13912345678")}),
    ("邮箱麻烦换成新的吗", set()),
    # the number of a new SIM card, named after it
    ("上周换了张电话卡，新号码是 13912345678", {state("phone", "13912345678")}),
    ("刚开了张手机卡，号码：15011112222", {state("phone", "15011112222")}),
    ("办了张银行卡，卡号 6222020200112233", set()),
    ("要不要办张新卡，号码 13912345678", set()),
    # the usual carrier, said to do
    (
        "这回加急发顺丰，平常圆通就可以",
        {state("preferred_shipping_carrier", "圆通"), one_off("preferred_shipping_carrier", "顺丰")},
    ),
    ("一般韵达就好，不用顺丰", {state("preferred_shipping_carrier", "韵达")}),
    ("平时中通就行吗", set()),
    ("平时中通就慢", set()),
    # a change of the way notices come, wished for
    ("消息提醒我想换短信，APP推送老被系统杀掉", {state("preferred_notification_channel", "SMS")}),
    ("通知我要换邮件，短信太多了", {state("preferred_notification_channel", "email")}),
    ("提醒想换微信，邮件老看不到", {state("preferred_notification_channel", "WeChat")}),
    ("通知我不想换短信", set()),
    ("提醒要换短信吗", set()),
    ("通知想换电池", set()),
    ("如果通知想换短信怎么弄", set()),
    # an old address, said to be lived at no more
    ("删掉我地址簿里那个旧地址：海淀区中关村大街27号，早就不住那了", {ended("address", "海淀区中关村大街27号")}),
    ("老地址是南京市鼓楼区中山路18号，我们早就搬走了", {ended("address", "南京市鼓楼区中山路18号")}),
    ("以前的住址：成都市武侯区人民南路四段9号，已经不住那儿了", {ended("address", "成都市武侯区人民南路四段9号")}),
    ("旧地址：南京市鼓楼区中山路18号，还住那", {state("address", "南京市鼓楼区中山路18号")}),
    ("地址：南京市鼓楼区中山路18号，早就不住那了吗", {state("address", "南京市鼓楼区中山路18号")}),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_round23_zh_fact_classes(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected
