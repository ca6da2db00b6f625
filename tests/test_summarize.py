"""The rule summarizer (seed 000 §2.3): sections, incremental == batch, storyline, open items."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime, timedelta

import pytest

from palimpsest.core.summarize import RuleSummarizer, Summarizer
from palimpsest.types import Summary, SummarySections, Turn

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
RULES = RuleSummarizer()

Conversation = Sequence[tuple[str, str]]


def turns(conversation: Conversation, session: str = "s1") -> list[Turn]:
    return [
        Turn(
            id=f"{session}-{i}",
            tenant="default",
            user_id="u1",
            session_id=session,
            role=role,
            content=content,
            occurred_at=T0 + timedelta(minutes=i),
            recorded_at=T0 + timedelta(minutes=i),
            content_hash=f"h{i}",
        )
        for i, (role, content) in enumerate(conversation)
    ]


def summarize(conversation: Conversation) -> SummarySections:
    return RULES.summarize_session(None, turns(conversation))


# ---------------------------------------------------------------------------- conversations

ZH_REFUND: Conversation = [
    ("assistant", "您好，请问有什么可以帮您？"),
    ("user", "你好，我上周在京东买的美的电饭煲坏了，我要退款，订单号是JD20240615001"),
    ("assistant", "非常抱歉给您带来不便。请您提供一下商品损坏的照片，我帮您核实一下。"),
    ("user", "好的，我稍后发照片。退款什么时候能到账？"),
    ("assistant", "核实通过后，退款预计3个工作日内原路退回。"),
    ("user", "我已经发过去了，怎么还没处理！"),
    ("assistant", "照片已收到，退款已处理完成，预计3个工作日到账。跟您确认一下，退回原支付方式可以吗？"),
    ("user", "对，没错。另外我的手机号是13800001111，以后都用顺丰发货。"),
]

EN_RELOCATION: Conversation = [
    ("user", "Hi, I'm moving to Beijing next month and need to update my shipping address."),
    ("assistant", "Congratulations on the move! What is the new address?"),
    ("user", "It's 88 Jianguo Road, Chaoyang District. I currently live in Shanghai."),
    ("assistant", "So your new address is 88 Jianguo Road, Chaoyang District, Beijing?"),
    ("user", "Yes, that's right. My phone number is +86 138 0000 1111 and my email is li.wei@example.com."),
    ("assistant", "Thanks. I'll update the address on order A-99812 and send you a confirmation email."),
    ("user", "Great, thanks! When will my next delivery arrive?"),
    ("assistant", "Your next delivery is scheduled for June 20."),
    ("user", "I moved to Beijing last week, by the way."),
    ("assistant", "Done, the address on order A-99812 has been updated."),
]

MIXED: Conversation = [
    ("user", "我住在上海，我的 iPhone 15 Pro 屏幕打不开了，订单号是 AP-2025-7781"),
    ("assistant", "Sorry to hear that. Could you send a photo of the screen?"),
    ("user", "I'll send the photo tonight. My email is zhang.min@example.cn"),
    ("user", "Actually I moved to Hangzhou last month."),
]


def test_chinese_refund_conversation() -> None:
    s = summarize(ZH_REFUND)
    assert "退款" in s.topic.split(" · ")
    assert s.confirmed_facts == (
        "订单号：JD20240615001",
        "已确认：退回原支付方式",
        "手机号：13800001111",
        "偏好：顺丰发货",
    )
    assert s.open_items == ()
    assert {"JD20240615001", "13800001111", "京东", "顺丰"} <= set(s.entities)
    assert s.entities[0] == "13800001111"  # most recent first
    assert s.intent == "退款申请"
    assert s.sentiment == "frustrated"


def test_chinese_refund_open_items_along_the_way() -> None:
    s = summarize(ZH_REFUND[:4])
    assert s.open_items == ("用户待办：我稍后发照片", "用户问：退款什么时候能到账？")
    s = summarize(ZH_REFUND[:5])  # the agent answered the question; the photos are still owed
    assert s.open_items == ("用户待办：我稍后发照片",)
    s = summarize(ZH_REFUND[:6])  # "我已经发过去了"
    assert s.open_items == ()


def test_english_relocation_conversation() -> None:
    s = summarize(EN_RELOCATION)
    assert "relocation" in s.topic.split(" · ")
    assert "shipping address" in s.topic.split(" · ")
    # Shanghai was where the user lived; "moving to Beijing" became "lives in: Beijing".
    assert s.confirmed_facts == (
        "address: 88 Jianguo Road, Chaoyang District, Beijing",
        "phone: +86 138 0000 1111",
        "email: li.wei@example.com",
        "lives in: Beijing",
    )
    assert s.open_items == ()
    assert s.entities[:2] == ("A-99812", "Beijing")
    assert {"Shanghai", "li.wei@example.com", "+86 138 0000 1111", "June 20", "Chaoyang District"} <= set(s.entities)
    assert s.intent == "relocation"
    assert s.sentiment == "positive"


def test_english_relocation_midway() -> None:
    s = summarize(EN_RELOCATION[:3])
    assert s.confirmed_facts == ("moving to: Beijing", "lives in: Shanghai")
    assert s.open_items == ()  # the agent's question was answered by the user's next turn
    s = summarize(EN_RELOCATION[:7])
    assert s.open_items == (
        "agent to do: I'll update the address on order A-99812 and send you a confirmation email",
        "user asked: When will my next delivery arrive?",
    )


def test_mixed_language_conversation() -> None:
    s = summarize(MIXED)
    # A fact written in Chinese is superseded by one told in English about the same thing.
    assert s.confirmed_facts == ("订单号：AP-2025-7781", "email: zhang.min@example.cn", "lives in: Hangzhou")
    assert s.open_items == ("user to do: I'll send the photo tonight",)
    assert s.intent == "relocation"  # the latest goal: the user reports a move
    assert {"AP-2025-7781", "zhang.min@example.cn", "上海", "Hangzhou"} <= set(s.entities)


# ---------------------------------------------------------------------------- incremental == batch


@pytest.mark.parametrize("conversation", [ZH_REFUND, EN_RELOCATION, MIXED], ids=["zh", "en", "mixed"])
def test_incremental_equals_batch(conversation: Conversation) -> None:
    all_turns = turns(conversation)
    batch = RULES.summarize_session(None, all_turns)
    for cut in range(len(all_turns) + 1):
        first = RULES.summarize_session(None, all_turns[:cut])
        assert RULES.summarize_session(first, all_turns[cut:]) == batch, cut
    one_by_one: SummarySections | None = None
    for turn in all_turns:
        one_by_one = RULES.summarize_session(one_by_one, [turn])
    assert one_by_one == batch


def test_empty_and_non_conversational_turns_change_nothing() -> None:
    previous = summarize(EN_RELOCATION[:3])
    assert RULES.summarize_session(previous, []) == previous
    noise = turns([("system", "You are a helpful agent. My address is nowhere."), ("tool", '{"ok": true}')])
    assert RULES.summarize_session(previous, noise) == previous
    assert RULES.summarize_session(None, []) == SummarySections()


def test_rule_summarizer_satisfies_protocol() -> None:
    summarizer: Summarizer = RULES
    assert summarizer.summarize_session(None, turns([("user", "hello")])).sentiment == "neutral"


# ---------------------------------------------------------------------------- sections, table-driven


@pytest.mark.parametrize(
    ("conversation", "expected"),
    [
        (
            [("user", "My phone number is 13800001111"), ("user", "My new phone number is 13900002222")],
            ["phone: 13900002222"],
        ),
        ([("user", "我的手机号是13800001111"), ("user", "手机号改成13900002222了")], ["手机号：13900002222"]),
        ([("user", "我住在上海浦东"), ("user", "我上个月搬到北京了")], ["居住地：北京"]),
        ([("user", "I live in Shanghai."), ("user", "I moved to Beijing in March.")], ["lives in: Beijing"]),
        ([("user", "My order number is A12345 and my name is Li Wei")], ["order number: A12345", "name: Li Wei"]),
        ([("user", "Order 55501 and order 55502 both arrived damaged")], ["order number: 55501"]),
        ([("user", "我叫张伟，以后都用顺丰发货")], ["姓名：张伟", "偏好：顺丰发货"]),
        ([("user", "From now on, send invoices as PDF.")], ["preference: send invoices as PDF"]),
        ([("user", "I work at Acme Corp and my email is a@b.io")], ["works at: Acme Corp", "email: a@b.io"]),
        # a confirmation attaches to the agent's question it answers
        (
            [("assistant", "Your address is 5 Elm Street, Springfield?"), ("user", "yes")],
            ["address: 5 Elm Street, Springfield"],
        ),
        ([("assistant", "Shall I cancel the order?"), ("user", "Yes, please.")], ["confirmed: cancel the order"]),
        ([("assistant", "您的地址是杭州西湖区文三路1号，对吗？"), ("user", "对，没错")], ["地址：杭州西湖区文三路1号"]),
        # ... and a denial confirms nothing
        ([("assistant", "So your address is 5 Elm Street?"), ("user", "No, that's my old one.")], []),
        # the agent's own statements are not user facts
        ([("assistant", "Your order number is Z99999."), ("user", "ok")], []),
    ],
)
def test_confirmed_facts(conversation: Conversation, expected: list[str]) -> None:
    assert list(summarize(conversation).confirmed_facts) == expected


@pytest.mark.parametrize(
    ("conversation", "expected"),
    [
        # a question stays open while the agent only defers, and closes with the answer
        ([("user", "Where is my parcel?")], ["user asked: Where is my parcel?"]),
        (
            [("user", "Where is my parcel?"), ("assistant", "Let me check.")],
            ["user asked: Where is my parcel?", "agent to do: Let me check"],
        ),
        (
            [("user", "Where is my parcel?"), ("assistant", "Let me check."), ("assistant", "It is in Leeds today.")],
            ["agent to do: Let me check"],
        ),
        (
            [("user", "Where is my parcel?"), ("assistant", "Let me check."), ("assistant", "Done: it is in Leeds.")],
            [],
        ),
        # requests become the other party's to-do; "done" from the owner closes them
        ([("user", "Please check my refund status.")], ["agent to do: Please check my refund status"]),
        ([("user", "Please check my refund status."), ("assistant", "Checked: the refund was processed.")], []),
        ([("user", "帮我查一下物流")], ["客服待办：帮我查一下物流"]),
        ([("user", "帮我查一下物流"), ("assistant", "已处理，包裹明天送达。")], []),
        ([("assistant", "地址待确认，稍后联系您")], ["待确认：地址待确认，稍后联系您"]),
        # a user's promise closes when the user reports it done, not when the agent talks
        (
            [("user", "I'll send the receipt tomorrow."), ("assistant", "Thanks, noted.")],
            ["user to do: I'll send the receipt tomorrow"],
        ),
        ([("user", "I'll send the receipt tomorrow."), ("user", "I've sent the receipt.")], []),
        # the agent asking something is open until the user replies
        ([("assistant", "What is your order number?")], ["agent asked: What is your order number?"]),
        ([("assistant", "What is your order number?"), ("user", "It's 77123.")], []),
        ([("user", "退款什么时候到账？"), ("assistant", "预计3个工作日到账。")], []),
    ],
)
def test_open_items(conversation: Conversation, expected: list[str]) -> None:
    assert list(summarize(conversation).open_items) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Contact me at jane.doe@example.com or +44 20 7946 0958.", ["jane.doe@example.com", "+44 20 7946 0958"]),
        ("我的手机号是138 0000 1111，订单号JD778899", ["138 0000 1111", "JD778899"]),
        ("Order ORD-20240615 was placed on 2024-06-15 for Maria Lopez in San Francisco.", None),
        ("我叫张伟，住在北京朝阳区，6月15日在京东下的单", ["张伟", "北京", "6月15日", "京东"]),
        ("Thanks! I'll call Acme Movers on March 3rd.", ["Acme Movers", "March 3rd"]),
    ],
)
def test_entities(text: str, expected: list[str] | None) -> None:
    entities = summarize([("user", text)]).entities
    if expected is None:
        assert set(entities) >= {"ORD-20240615", "2024-06-15", "Maria Lopez", "San Francisco"}
    else:
        assert set(expected) <= set(entities)
    assert not {"Thanks", "I'll", "I", "Order"} & set(entities)


def test_entities_most_recent_first_deduplicated_and_capped() -> None:
    s = summarize([("user", "I met Alice Smith in Paris."), ("user", "Then Bob Jones in Paris again.")])
    assert s.entities == ("Bob Jones", "Paris", "Alice Smith")
    many = [("user", f"Order AB{1000 + i} is late.") for i in range(30)]
    capped = summarize(many).entities
    assert len(capped) == RULES.max_entities
    assert capped[0] == "AB1029"


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        ("I want a refund, the blender arrived broken.", "refund request"),
        ("This is unacceptable, I want to file a complaint.", "complaint"),
        ("Where is my order? Can you track it?", "order status"),
        ("Please cancel my subscription.", "cancellation"),
        ("The app keeps crashing when I log in.", "technical support"),
        ("What are your opening hours?", "information"),
        ("帮我查一下订单到哪了", "查询订单"),
        ("我要退款，东西坏了", "退款申请"),
        ("我要投诉你们的快递员", "投诉"),
        ("请问你们周末营业吗？", "咨询"),
        ("Just saying hello.", ""),
    ],
)
def test_intent(text: str, intent: str) -> None:
    assert summarize([("user", text)]).intent == intent


@pytest.mark.parametrize(
    ("text", "sentiment"),
    [
        ("Thanks, that's great!", "positive"),
        ("I'm not happy with this at all.", "negative"),
        ("The box arrived damaged and I'm disappointed.", "negative"),
        ("Not bad, actually.", "positive"),
        ("This is the third time I'm asking!!", "frustrated"),
        ("It's still not fixed.", "frustrated"),
        ("My address is 5 Elm Street.", "neutral"),
        ("非常满意，谢谢", "positive"),
        ("我很不满意", "negative"),
        ("东西坏了，太失望了", "negative"),
        ("怎么还没到账？", "frustrated"),
        ("不错", "positive"),
    ],
)
def test_sentiment(text: str, sentiment: str) -> None:
    assert summarize([("user", text)]).sentiment == sentiment


def test_sentiment_follows_the_user_and_neutral_turns_keep_it() -> None:
    s = summarize([("user", "This is ridiculous, still no refund!"), ("assistant", "Great news, it's done!")])
    assert s.sentiment == "frustrated"  # the agent's cheerfulness is not the user's mood
    s = RULES.summarize_session(s, turns([("user", "My order number is 12345678.")]))
    assert s.sentiment == "frustrated"
    s = RULES.summarize_session(s, turns([("user", "OK thanks, that helps.")]))
    assert s.sentiment == "positive"


# ---------------------------------------------------------------------------- topic


def test_topic_is_kept_while_the_conversation_continues() -> None:
    s = summarize(
        [
            ("user", "I want a refund for the blender I ordered."),
            ("assistant", "Sure. Is the blender damaged?"),
            ("user", "Yes, the blender motor burns. The refund should go to my credit card."),
        ]
    )
    assert s.topic.split(" · ")[0] == "refund"
    assert "blender" in s.topic


def test_topic_switches_when_the_user_clearly_moves_on() -> None:
    refund = summarize([("user", "I want a refund for the blender I ordered.")])
    moved_on = RULES.summarize_session(refund, turns([("user", "Another question: how do I reset my password?")]))
    assert "login" in moved_on.topic
    assert "refund" not in moved_on.topic
    # details handed over after "另外" are not a new subject
    zh = summarize([("user", "我要退款，电饭煲坏了"), ("user", "另外我的手机号是13800001111")])
    assert "退款" in zh.topic


def test_topic_switches_on_a_new_kind_of_request() -> None:
    s = summarize([("user", "帮我查一下物流"), ("user", "我要投诉你们的快递员态度太差")])
    assert s.intent == "投诉"
    assert s.topic != "物流"
    assert "投诉" in s.topic.split(" · ")


# ---------------------------------------------------------------------------- storyline


def _summary(index: int, sections: SummarySections) -> Summary:
    return Summary(
        id=f"sum{index}",
        tenant="default",
        user_id="u1",
        kind="session",
        sections=sections,
        covers=(),
        updated_at=T0 + timedelta(days=index),
        session_id=f"s{index}",
    )


def test_storyline_merges_sessions() -> None:
    sessions = [
        summarize([("user", "I live in Shanghai. I want a refund for order 10001."), ("user", "I'll send photos.")]),
        summarize([("user", "Where is my refund for order 10001?"), ("user", "My email is li@example.com")]),
        summarize([("user", "I moved to Beijing. Please update my shipping address."), ("user", "Thanks, great!")]),
    ]
    summaries = [_summary(i, s) for i, s in enumerate(sessions)]
    story = RULES.storyline(list(reversed(summaries)))  # given in any order, read oldest to newest
    assert story.topic.split(" · ")[0] == "refund"  # the recurring theme
    assert story.confirmed_facts == ("order number: 10001", "email: li@example.com", "lives in: Beijing")
    assert "user to do: I'll send photos" in story.open_items
    assert "user asked: Where is my refund for order 10001?" in story.open_items
    assert story.entities[0] == "Beijing"
    assert {"Shanghai", "li@example.com", "10001"} <= set(story.entities)
    assert story.intent == "relocation"
    assert story.sentiment == "positive"


def test_storyline_drops_items_settled_later() -> None:
    first = SummarySections(topic="relocation", open_items=("user to do: send the new address",))
    second = SummarySections(topic="relocation", confirmed_facts=("address: 88 Jianguo Road",))
    story = RULES.storyline([_summary(0, first), _summary(1, second)])
    assert story.open_items == ()
    assert story.confirmed_facts == ("address: 88 Jianguo Road",)


def test_storyline_of_nothing_is_empty() -> None:
    assert RULES.storyline([]) == SummarySections()
