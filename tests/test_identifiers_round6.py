"""Round 6 identifier shapes: an id named as "my order" after it, a ticket pointed at after its number,
an order cue followed by "actually", an Australian mobile; and the dates and local numbers they must not take."""

from __future__ import annotations

import pytest

from palimpsest.write.identifiers import find_identifiers


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Still nothing on 4410-8812-07, my order?", [("order_id", "4410-8812-07")]),
        ("Please cancel 31-907-224, which is my order.", [("order_id", "31-907-224")]),
        ("Sorry, my order is actually 7731-0098.", [("order_id", "7731-0098")]),
        ("771204这个工单怎么还没人处理？", [("ticket_id", "771204")]),
        ("Text me on 0433 812 660 if the courier is late.", [("phone", "0433 812 660")]),
        # a UK mobile grouped 5-3-3, as people read it out (session 19)
        ("Call me back about the refund? 07700 900 461, thanks", [("phone", "07700 900 461")]),
        # handles said after who or where they are
        ("查一下用户 zhao_li77 的情况。", [("user_id", "zhao_li77")]),
        ("有问题加微信 shop_help01 找我。", [("user_id", "shop_help01")]),
        ("Has user m_ortiz9 written in today?", [("user_id", "m_ortiz9")]),
        # a member number names the account (round 9)
        ("会员卡上写的号码是 GOLD20261122。", [("user_id", "GOLD20261122")]),
        ("我的会员编号：66012345", [("user_id", "66012345")]),
        ("会员卡丢了怎么办？", []),
        ("我的用户名是 wang_xiao88，登不上去。", [("user_id", "wang_xiao88")]),
        # look-alikes
        ("用户 体验不好。", []),
        ("I'm a new user here.", []),
        ("2025-06-14 is my order date.", []),
        ("Ring 555-0134, my order is stuck.", []),
        ("13912345678这个工单的联系人是我。", [("phone", "13912345678")]),
    ],
)
def test_round6_identifier_shapes(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(m.kind, m.text) for m in find_identifiers(text)] == expected
