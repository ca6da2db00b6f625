"""Bilingual tokenizer used by lexical (BM25) search."""

from __future__ import annotations

import pytest

from palimpsest.text import STOPWORDS, detect_language, stem, tokenize


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("我住在北京海淀区", ["我", "住", "在", "北京", "海淀区"]),
        ("北京海淀区，喜欢爬山。", ["北京", "海淀区", "喜欢", "爬山"]),
        ("Melanie's kids painted sunsets", ["melanie", "kid", "paint", "sunset"]),
        ("The CAT sat on the mat!", ["cat", "sat", "mat"]),
        ("Caroline去了LGBTQ支持小组", ["caroline", "去", "了", "lgbtq", "支持", "小组"]),
        ("I’m going hiking in 2023", ["going", "hike", "2023"]),
        ("Ｆｕｌｌｗｉｄｔｈ ＡＢＣ", ["fullwidth", "abc"]),
        ("", []),
        ("... !!! ，。", []),
    ],
)
def test_tokenize_table(text: str, expected: list[str]) -> None:
    assert tokenize(text) == expected


def test_query_and_document_forms_meet() -> None:
    doc = set(tokenize("She has been painting landscapes and adopted two puppies"))
    for query in ("paints landscape", "adopting puppy"):
        assert set(tokenize(query)) <= doc


def test_options_disable_normalisation() -> None:
    assert tokenize("The painted cats", drop_stopwords=False, stemming=False) == ["the", "painted", "cats"]
    assert "the" in STOPWORDS


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        ("caresses", "caress"),
        ("ponies", "poni"),
        ("cats", "cat"),
        ("status", "status"),
        ("agreed", "agree"),
        ("hopping", "hop"),
        ("filing", "file"),
        ("happy", "happi"),
        ("sky", "sky"),
        ("café", "café"),
        ("run", "run"),
    ],
)
def test_light_stemmer(word: str, expected: str) -> None:
    assert stem(word) == expected


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("我住在北京海淀区", "zh"),
        ("我在Google工作了三年", "zh"),
        ("I moved to Beijing last year", "en"),
        ("12345 !!", "unknown"),
    ],
)
def test_detect_language(text: str, lang: str) -> None:
    assert detect_language(text) == lang
