"""The learned intent-type classifier and its blend with the intent rules.

The sentences below are written for this file (none is taken from a bench set)."""

from __future__ import annotations

import math
from datetime import UTC, datetime

import pytest

from palimpsest.errors import ConfigError
from palimpsest.write.extract import RuleExtractor
from palimpsest.write.intent_model import (
    ADD_FROM,
    KEEP_BELOW,
    IntentClassifier,
    blend,
    char_grams,
    default_classifier,
    word_grams,
)

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)


def _tiny(**changes: object) -> dict[str, object]:
    document: dict[str, object] = {
        "format": 1,
        "types": ["refund", "query"],
        "intercept": [-1.0, 0.5],
        "blocks": {
            "char": {"grams": [" r", "q"], "idf": [2.0, 1.0], "coef": [[3.0, 0.0], [0.0, -2.0]]},
            "word": {"grams": ["refund"], "idf": [1.5], "coef": [[1.0, -1.0]]},
        },
        "trained_on": ["hand-made"],
    }
    document.update(changes)
    return document


def test_character_grams_stay_inside_padded_words() -> None:
    assert char_grams("Ab") == {
        " ": 2, "a": 1, "b": 1, " a": 1, "ab": 1, "b ": 1, " ab": 1, "ab ": 1, " ab ": 1,
    }  # fmt: skip
    grams = char_grams("退款 ok")
    assert grams["退款"] == 1
    assert grams[" 退款 "] == 1
    assert "款 o" not in grams  # never across the space between two words


def test_word_grams_are_tokens_and_bigrams() -> None:
    assert word_grams("Refund my order, please") == {
        "refund": 1, "my": 1, "order": 1, "please": 1, "refund my": 1, "my order": 1, "order please": 1,
    }  # fmt: skip


def test_scores_are_the_logistic_of_the_weighted_unit_vectors() -> None:
    model = IntentClassifier(_tiny())
    # char block of "refund": " r" once (the only known gram) -> unit vector (1.0); word block: "refund" -> (1.0)
    refund_logit = -1.0 + 3.0 * 1.0 + 1.0 * 1.0
    query_logit = 0.5 + 0.0 - 1.0
    scores = model.scores("refund")
    assert scores["refund"] == pytest.approx(1 / (1 + math.exp(-refund_logit)))
    assert scores["query"] == pytest.approx(1 / (1 + math.exp(-query_logit)))
    # nothing known: the intercepts alone
    assert model.scores("zzz")["query"] == pytest.approx(1 / (1 + math.exp(-0.5)))


@pytest.mark.parametrize(
    "change",
    [
        {"format": 99},
        {"intercept": [0.0]},
        {
            "blocks": {
                "char": {"grams": ["a"], "idf": [1.0], "coef": [[1.0]]},
                "word": {"grams": [], "idf": [], "coef": []},
            }
        },
    ],
)
def test_a_malformed_model_is_refused(change: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        IntentClassifier(_tiny(**change))


def test_the_shipped_model_loads_and_names_what_it_was_trained_on() -> None:
    model = default_classifier()
    assert set(model.types) == {
        "cancel_order", "complaint", "data_aggregation", "export", "modify_setting", "query", "refund",
    }  # fmt: skip
    assert any(name.startswith("heldout") for name in model.trained_on)
    assert all(0.0 <= p <= 1.0 for p in model.scores("hello there").values())


def test_blend_drops_rule_types_the_model_rules_out_and_fills_an_empty_turn() -> None:
    scores = {"refund": 0.9, "query": KEEP_BELOW / 2, "export": 0.2, "complaint": ADD_FROM}
    # a broad-cue type the model rules out is dropped; one it does not is kept, and nothing is added beside it
    assert blend(["query", "export"], scores, "refund the charge on my card") == (["export"], [])
    # left with nothing, the turn gets the model's most likely type
    assert blend(["query"], scores, "refund the charge on my card") == ([], ["refund"])
    # a setting change, refund or cancellation the rules found is never dropped
    assert blend(["modify_setting"], {"modify_setting": 0.001}) == (["modify_setting"], [])


def test_a_query_or_setting_added_by_the_model_must_name_a_record_or_setting() -> None:
    query, setting = {"query": 0.95}, {"modify_setting": 0.95}
    assert blend([], query, "Where did you take that photo?") == ([], [])
    assert blend([], setting, "Can you make the essay shorter?") == ([], [])
    assert blend([], {"cancel_order": 0.9}, "Cancel the meeting I booked yesterday") == ([], [])
    assert blend([], query, "where's my parcel at?") == ([], ["query"])
    assert blend([], setting, "把我的手机号换一下") == ([], ["modify_setting"])
    # an order or contact identifier names the record by itself
    assert blend([], query, "AB-55231 ??", ["order_id"]) == ([], ["query"])


def test_a_how_to_question_gets_no_type_from_the_model() -> None:
    sure = {"export": 0.9, "modify_setting": 0.9}
    assert blend([], sure, "How do I export my orders to a spreadsheet myself?") == ([], [])
    assert blend([], sure, "怎么开通指纹支付？设置里找不到") == ([], [])
    assert blend([], sure, "export my orders to a spreadsheet please") == ([], ["export"])


def test_an_export_of_the_data_held_on_the_speaker_is_never_vetoed() -> None:
    unsure = {"export": KEEP_BELOW / 2}
    assert blend(["export"], unsure, "Zip up whatever you hold on me and mail it across.") == (["export"], [])
    assert blend(["export"], unsure, "把你们存的关于我的数据打包发我") == (["export"], [])
    # any other export the model rules out is dropped
    assert blend(["export"], unsure, "Stop sending me the download links.") == ([], [])


def test_a_case_named_as_a_record_is_ones_own_or_numbered() -> None:
    query = {"query": 0.9}
    assert blend([], query, "Is that really the case in every country?") == ([], [])
    assert blend([], query, "any news on my case?") == ([], ["query"])


def _types(text: str, extractor: RuleExtractor | None = None) -> list[str]:
    extraction = (extractor or RuleExtractor()).extract(text, speaker_id="u", at=AT)
    return sorted(i.intent_type for i in extraction.intents)


@pytest.mark.parametrize(
    ("text", "wanted"),
    [
        ("money back for QP-77120 please, the blender arrived cracked", "refund"),
        ("pls cancel 4410-2231-ZT, I ordered the wrong size", "cancel_order"),
        ("帮我把订单 JD-88123412 取消了，买重复了", "cancel_order"),
        ("我要退钱，这个耳机用了两天就坏了", "refund"),
        ("give me a breakdown of our returns by region for last quarter", "data_aggregation"),
        ("把上个季度的退货按省份汇总一下", "data_aggregation"),
    ],
)
def test_requests_are_typed_in_either_language(text: str, wanted: str) -> None:
    assert wanted in _types(text)


def test_chit_chat_gets_no_request() -> None:
    for text in ("Wow, where was that picture taken?", "How did you two meet?", "周末去哪儿玩了呀？"):
        assert _types(text) == []


def test_the_rules_alone_are_one_switch_away() -> None:
    rules_only = RuleExtractor(intent_model=None)
    assert rules_only.intent_model is None
    text = "refund for QP-77120 pls, the blender arrived cracked"
    assert _types(text, rules_only) == []
    assert _types(text) == ["refund"]


def test_an_added_request_gets_its_details_and_its_tag() -> None:
    extraction = RuleExtractor().extract("refund for QP-77120 pls, the blender arrived cracked", speaker_id="u", at=AT)
    (refund,) = extraction.intents
    assert refund.intent_type == "refund"
    assert refund.slots.get("order_id") == "qp-77120"  # the order number as the identifier finder normalizes it
    assert extraction.intent_tags == ("refund",)


def test_assistant_turns_get_no_request() -> None:
    extraction = RuleExtractor().extract(
        "I can cancel order 4410-2231-ZT for you.", speaker_id="a", at=AT, role="assistant"
    )
    assert extraction.intents == ()
