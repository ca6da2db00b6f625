"""The pure chunker (``palimpsest.core.chunking``): table-driven."""

from __future__ import annotations

import pytest

from palimpsest.core.chunking import chunk_text
from palimpsest.core.tokens import estimate_tokens
from palimpsest.errors import ValidationError

EN_PARAGRAPHS = "\n\n".join(
    f"Paragraph {i}. " + " ".join(f"Sentence {i}.{j} says something about topic {i}." for j in range(8))
    for i in range(6)
)
ZH = "退货政策：商品签收后三十天内可以退货。商品必须未使用并保留原包装。退款将在五个工作日内退回原支付方式。" * 8
MIXED = "Warranty 保修\n\n耳机享受一年保修。Headphones carry a one-year warranty. 人为损坏不在保修范围内！\n" * 10
CASES = {
    "english paragraphs": EN_PARAGRAPHS,
    "chinese without line breaks": ZH,
    "mixed languages": MIXED,
    "one huge word": "x" * 5000,
    "leading and trailing whitespace": "\n\n   " + EN_PARAGRAPHS + "\n\n\n",
    "short": "hello world",
}


@pytest.mark.parametrize("text", CASES.values(), ids=CASES.keys())
@pytest.mark.parametrize("max_tokens", [40, 160])
def test_passages_cover_the_text_exactly_and_fit(text: str, max_tokens: int) -> None:
    passages = chunk_text(text, max_tokens)
    assert "".join(text[p.start : p.end] for p in passages) == text
    assert [p.position for p in passages] == list(range(len(passages)))
    for p in passages:
        assert p.text == text[p.start : p.end].strip() and p.text
        assert estimate_tokens(p.text) <= max_tokens


@pytest.mark.parametrize(
    ("text", "max_tokens", "first_ends_with"),
    [
        (EN_PARAGRAPHS, 160, "topic 0."),  # a paragraph that fits stays whole: the cut is at its blank line
        (ZH, 40, "。"),  # Chinese is cut after a full stop, not inside a sentence
        (EN_PARAGRAPHS, 20, "."),  # a paragraph too long is cut at a sentence end
    ],
)
def test_cuts_prefer_paragraphs_then_sentences(text: str, max_tokens: int, first_ends_with: str) -> None:
    assert chunk_text(text, max_tokens)[0].text.endswith(first_ends_with)


def test_small_neighbours_are_packed_into_one_passage() -> None:
    text = "One. Two. Three.\n\nFour. Five."
    assert [p.text for p in chunk_text(text, 160)] == [text]


@pytest.mark.parametrize("text", ["", "   \n\n  "])
def test_a_blank_text_has_no_passages(text: str) -> None:
    assert chunk_text(text) == []


def test_a_tiny_budget_is_refused() -> None:
    with pytest.raises(ValidationError):
        chunk_text("hello", 2)
