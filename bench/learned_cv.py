"""Leave-one-set-out evaluation of the learned span tagger as a backup to the extraction rules.

For each left-out labelled set, a CRF (the span tagger below; it is not product code) is trained on every other set
(``extraction_heldout18.yaml`` is never read: it is kept blind) and the left-out set is scored twice with
the bench's own fact scorer (strict): the rules alone, and the rules plus the tagger's backup facts at a
few confidence thresholds. Then a model trained on every set tags real user turns (LongMemEval, LoCoMo),
and a sample of the facts it would add is printed for reading.

    pip install python-crfsuite   # not a project dependency: the experiment did not earn it a place
    PYTHONPATH=src:. python -m bench.learned_cv [--real /work/shared/benchmarks] [--sample 40] [--only email,phone]

Results and conclusion: ``bench/results/learned_cv.md``.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from bench.extraction import (
    FactScores,
    PredictedFact,
    Utterance,
    call_extract,
    load_dataset,
    normalize_value,
    pct,
    predicted_facts,
    real_turns,
    score_facts,
)
from palimpsest.text import STOPWORDS
from palimpsest.write.extract import RuleExtractor
from palimpsest.write.identifiers import find_identifiers
from palimpsest.write.model import CandidateFact, IdentifierMention, TimeMention
from palimpsest.write.registry import normalize_channel, normalize_language, normalize_theme
from palimpsest.write.timeexpr import find_times

# ---------------------------------------------------------------------------- the tagger (not product code)

DEFAULT_THRESHOLD = 0.9
BACKUP_CONFIDENCE = 0.6
"""The confidence a backup fact carries (below every rule's): it loses any tie with a rule."""


# ---------------------------------------------------------------------------- tokens


@dataclass(frozen=True, slots=True)
class Token:
    text: str
    start: int
    end: int
    pos: str = ""
    """jieba's part-of-speech tag for Chinese words; "" for English."""
    kind: str = ""
    """``id:<kind>`` for an identifier the finder reported (one token), else ""."""


_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_EN_TOKEN = re.compile(r"[A-Za-z0-9]+(?=['’]s\b)|['’]s\b|[A-Za-z0-9]+(?:['’][A-Za-z]+)?|\S")
_MIN_CJK_FOR_ZH = 2


def is_chinese(text: str) -> bool:
    return len(_CJK.findall(text)) >= _MIN_CJK_FOR_ZH


@cache
def _posseg() -> Any:
    import logging

    import jieba  # type: ignore[import-untyped,unused-ignore]
    from jieba import posseg  # type: ignore[import-untyped,unused-ignore]

    jieba.setLogLevel(logging.WARNING)
    return posseg


def _plain_tokens(text: str, offset: int, chinese: bool) -> Iterable[Token]:
    if not chinese:
        for m in _EN_TOKEN.finditer(text):
            yield Token(m.group(), offset + m.start(), offset + m.end())
        return
    at = 0
    for pair in _posseg().cut(text):
        word, flag = str(pair.word), str(pair.flag)
        start = text.find(word, at)
        at = start + len(word)
        if word.strip():
            yield Token(word, offset + start, offset + at, flag)


def tokenize(text: str, identifiers: Sequence[IdentifierMention] = ()) -> list[Token]:
    """Words of ``text`` with their character spans; each identifier the finder reported is one token.

    Chinese turns (two CJK characters or more) are cut by jieba, with its part-of-speech tags; others
    by a word pattern that keeps contractions and splits off a possessive "'s".
    """
    chinese = is_chinese(text)
    tokens: list[Token] = []
    at = 0
    for mention in sorted(identifiers, key=lambda m: m.span):
        start, end = mention.span
        if start < at:
            continue
        tokens += _plain_tokens(text[at:start], at, chinese)
        tokens.append(Token(text[start:end], start, end, "id", f"id:{mention.kind}"))
        at = end
    tokens += _plain_tokens(text[at:], at, chinese)
    return tokens


# ---------------------------------------------------------------------------- features

_ONE_OFF = re.compile(
    r"\b(?:today|tonight|this time|this once|just (?:for )?now|for now|for this (?:one )?(?:order|session|report|one)"
    r"|this (?:one )?order only|only this (?:one|order|time)|just this (?:one|order|time)|this session|right now"
    r"|temporarily)\b|今天|今晚|这次|这一次|这回|本次|这单|暂时|临时|先用",
    re.IGNORECASE,
)
_LASTING = re.compile(
    r"\b(?:always|by default|default|from now on|going forward|every time|in future|in the future|permanently)\b"
    r"|以后|今后|默认|总是|一直|每次|一律|往后|习惯",
    re.IGNORECASE,
)
_NEGATION = re.compile(
    r"\b(?:not|never|no longer|used to|don't|doesn't|didn't|isn't|wasn't|won't|can't|cannot|anymore|any more)\b"
    r"|n't\b|不|没|别|未|非",
    re.IGNORECASE,
)
_HYPOTHETICAL = re.compile(
    r"\b(?:if|suppose|supposing|imagine|in case|unless|maybe|perhaps|might|whether|pretend|hypothetically|would"
    r"|thinking (?:of|about)|considering|planning|plan to|going to|gonna|want to|wanna|hope to|hoping|wish"
    r"|should I|could I|said|says|told|asked)\b"
    r"|如果|假如|要是|万一|假设|的话|可能|也许|打算|准备|计划|想要|考虑|是否|说过|问",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"[^.!?。！？;；\n]+[.!?。！？;；\n]*")
_RELATION_EN = {
    "wife": "wife", "husband": "husband", "son": "son", "daughter": "daughter", "mother": "mother",
    "mom": "mother", "mum": "mother", "father": "father", "dad": "father", "sister": "sister",
    "brother": "brother", "friend": "friend", "colleague": "colleague", "boss": "boss", "partner": "partner",
    "girlfriend": "girlfriend", "boyfriend": "boyfriend", "parents": "parents", "grandma": "grandmother",
    "grandmother": "grandmother", "grandpa": "grandfather", "grandfather": "grandfather", "aunt": "aunt",
    "uncle": "uncle", "cousin": "cousin", "kid": "child", "kids": "children", "roommate": "roommate",
    "neighbor": "neighbor", "neighbour": "neighbor", "coworker": "colleague", "manager": "manager",
    "he": "", "she": "", "they": "", "his": "", "her": "", "their": "",
}  # fmt: skip
_RELATION_ZH = (
    "老婆", "妻子", "太太", "爱人", "媳妇", "老公", "丈夫", "先生", "儿子", "女儿", "妈妈", "母亲", "爸爸", "父亲",
    "姐姐", "妹妹", "哥哥", "弟弟", "朋友", "同事", "老板", "爸妈", "父母", "爷爷", "奶奶", "外婆", "姥姥", "外公",
    "姥爷", "舅舅", "阿姨", "叔叔", "姑姑", "孩子", "室友", "邻居", "对象", "男朋友", "女朋友", "领导", "他", "她",
)  # fmt: skip
_OTHER_SUBJECT = re.compile(
    r"\b(?:" + "|".join(_RELATION_EN) + r")\b|" + "|".join(sorted(_RELATION_ZH, key=len, reverse=True)),
    re.IGNORECASE,
)


@cache
def _world_cities() -> frozenset[str]:
    text = resources.files("palimpsest").joinpath("data/cities_zh.txt").read_text(encoding="utf-8")
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))


def _shape(word: str) -> str:
    shape = re.sub(r"[A-Z]", "X", word)
    shape = re.sub(r"[a-z]", "x", shape)
    shape = re.sub(r"[0-9]", "d", shape)
    shape = _CJK.sub("C", shape)
    return re.sub(r"(.)\1+", r"\1\1", shape)


def _word_features(token: Token, prefix: str) -> list[str]:
    low = token.text.casefold()
    out = [f"{prefix}w={low}", f"{prefix}shape={_shape(token.text)}"]
    if token.pos:
        out.append(f"{prefix}pos={token.pos}")
    if token.kind:
        out.append(f"{prefix}kind={token.kind}")
    return out


def features(text: str, tokens: Sequence[Token], times: Sequence[TimeMention] = ()) -> list[list[str]]:
    """One feature list per token: the word, its shape and affixes, part of speech (Chinese), whether an
    identifier or a time expression covers it, whether it is a city's Chinese name, the words two
    either side, and flags of the sentence it is in (question, negation, one-off or lasting cue)."""
    cities = _world_cities()
    time_spans = [m.span for m in times]
    sentence_flags: list[tuple[int, int, list[str]]] = []
    for m in _SENTENCE.finditer(text):
        part = m.group()
        flags = [
            name
            for name, hit in (
                ("s:question", part.rstrip().endswith(("?", "？")) or bool(re.search(r"[吗么]\W*$", part))),
                ("s:negation", bool(_NEGATION.search(part))),
                ("s:hypothetical", bool(_HYPOTHETICAL.search(part))),
                ("s:one_off", bool(_ONE_OFF.search(part))),
                ("s:lasting", bool(_LASTING.search(part))),
                ("s:other", bool(_OTHER_SUBJECT.search(part))),
            )
            if hit
        ]
        sentence_flags.append((m.start(), m.end(), flags))
    rows: list[list[str]] = []
    for i, token in enumerate(tokens):
        low = token.text.casefold()
        row = ["bias", *_word_features(token, "")]
        row += [f"p2={low[:2]}", f"p3={low[:3]}", f"s2={low[-2:]}", f"s3={low[-3:]}", f"len={min(len(low), 8)}"]
        if token.text[:1].isupper():
            row.append("title")
        if any(ch.isdigit() for ch in token.text):
            row.append("digit")
        if "@" in token.text:
            row.append("at")
        if token.text in cities:
            row.append("city_zh")
        if any(s <= token.start < e for s, e in time_spans):
            row.append("time")
        if low in STOPWORDS:
            row.append("stop")
        if _CJK.search(token.text):
            row += [f"c0={token.text[0]}", f"c-1={token.text[-1]}"]
        for offset in (-2, -1, 1, 2):
            j = i + offset
            if 0 <= j < len(tokens):
                row += _word_features(tokens[j], f"{offset}:")
            else:
                row.append(f"{offset}:edge")
        if i > 0:
            row.append(f"bi-1={tokens[i - 1].text.casefold()}|{low}")
        if i + 1 < len(tokens):
            row.append(f"bi+1={low}|{tokens[i + 1].text.casefold()}")
        row += next((flags for s, e, flags in sentence_flags if s <= token.start < e), [])
        rows.append(row)
    return rows


def bio_tags(tokens: Sequence[Token], spans: Iterable[tuple[int, int, str]]) -> list[str]:
    """BIO tags for ``tokens`` given labelled character spans (start, end, predicate): a token is in a
    span when it overlaps it; overlapping spans keep the first."""
    tags = ["O"] * len(tokens)
    for start, end, predicate in spans:
        inside = [i for i, t in enumerate(tokens) if t.start < end and t.end > start]
        if not inside or any(tags[i] != "O" for i in inside):
            continue
        for n, i in enumerate(inside):
            tags[i] = f"{'B' if n == 0 else 'I'}-{predicate}"
    return tags


# ---------------------------------------------------------------------------- the tagger


@dataclass(frozen=True, slots=True)
class Span:
    predicate: str
    start: int
    end: int
    text: str
    probability: float
    """The least marginal probability of the span's tags, token by token."""


class SpanTagger:
    """A trained CRF model; :meth:`spans` tags one turn."""

    def __init__(self, path: Path) -> None:
        import pycrfsuite  # type: ignore[import-untyped]  # pip install python-crfsuite

        self._tagger = pycrfsuite.Tagger()
        self._tagger.open(str(path))

    def spans(
        self, text: str, identifiers: Sequence[IdentifierMention] = (), times: Sequence[TimeMention] = ()
    ) -> list[Span]:
        tokens = tokenize(text, identifiers)
        if not tokens:
            return []
        self._tagger.set(features(text, tokens, times))
        tags = self._tagger.tag()
        out: list[Span] = []
        i = 0
        while i < len(tags):
            if tags[i] == "O":
                i += 1
                continue
            predicate = tags[i][2:]
            j = i + 1
            while j < len(tags) and tags[j] == f"I-{predicate}":
                j += 1
            probability = min(self._tagger.marginal(tags[k], k) for k in range(i, j))
            start, end = tokens[i].start, tokens[j - 1].end
            out.append(Span(predicate, start, end, text[start:end], probability))
            i = j
        return out


# ---------------------------------------------------------------------------- the merge

_ENUMERATED: dict[str, tuple[Any, frozenset[str]]] = {
    "preferred_theme": (normalize_theme, frozenset({"dark", "light"})),
    "preferred_notification_channel": (normalize_channel, frozenset({"email", "SMS", "WeChat", "phone", "app"})),
    "preferred_language": (normalize_language, frozenset({"zh", "en", "ja", "ko", "fr", "de", "es"})),
}
_ID_PREDICATES = {"phone": ("phone",), "email": ("email",), "order_id": ("order_id",), "ticket_id": ("ticket_id",)}
_PRONOUNS = frozenset(
    [
        "i",
        "me",
        "my",
        "mine",
        "we",
        "us",
        "our",
        "you",
        "your",
        "it",
        "this",
        "that",
        "there",
        "here",
        "one",
        "them",
        "these",
        "those",
        "我",
        "你",
        "他",
        "她",
        "它",
        "我们",
        "你们",
        "这",
        "那",
    ]
)
_MAX_VALUE_CHARS = 60
_TRIM = " \t,.;:!?'\"“”‘’()[]（）【】，。；：！？、"
_MAX_VALUE_WORDS = 6


def value_ok(predicate: str, value: str, identifiers: Sequence[IdentifierMention], span: tuple[int, int]) -> bool:
    """The shape checks a tagged value must pass for its predicate."""
    stripped = value.strip(_TRIM)
    if len(stripped) < 2 or len(stripped) > _MAX_VALUE_CHARS or len(stripped.split()) > _MAX_VALUE_WORDS:
        return False
    if stripped.casefold() in STOPWORDS or stripped.casefold() in _PRONOUNS:
        return False
    kinds = _ID_PREDICATES.get(predicate)
    if kinds is not None:
        return any(m.kind in kinds and m.span[0] <= span[0] and span[1] <= m.span[1] for m in identifiers) or (
            predicate in ("order_id", "ticket_id")
            and bool(re.fullmatch(r"#?[A-Za-z0-9][A-Za-z0-9-]{3,}", stripped))
            and any(ch.isdigit() for ch in stripped)
        )
    enumerated = _ENUMERATED.get(predicate)
    if enumerated is not None:
        normalize, labels = enumerated
        return normalize(stripped) in labels
    if any(m.span[0] < span[1] and span[0] < m.span[1] for m in identifiers):
        return False  # free text never holds an identifier (a phone number is no city)
    check = _FREE_TEXT_SHAPES.get(predicate)
    return check is None or check(stripped)


_FORMATS = frozenset(
    [
        "pdf",
        "excel",
        "xlsx",
        "xls",
        "csv",
        "word",
        "docx",
        "doc",
        "markdown",
        "md",
        "ppt",
        "pptx",
        "powerpoint",
        "json",
        "xml",
        "html",
        "txt",
        "表格",
    ]
)


_ADDRESS_WORD = re.compile(
    r",|\b(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|crescent|cres|blvd|boulevard|way|court|ct|place|pl|apt"
    r"|apartment|unit|suite|floor|flat|house|box|po|highway|hwy|terrace|close|square|sq|parkway|pkwy)\b"
    r"|路|街|号|区|巷|弄|栋|室|单元|村|镇|大道|小区|楼|座|幢",
    re.IGNORECASE,
)


def _place_shape(value: str) -> bool:
    if normalize_language(value) != value.strip() or re.search(r"\d", value):
        return False  # "German" is a language, not a town
    if is_chinese(value):
        return value in _world_cities() or bool(re.search(r"[市省区县州镇]$", value))
    return value[:1].isupper()


def _employer_shape(value: str) -> bool:
    return value not in _world_cities() and normalize_language(value) == value.strip()


_FREE_TEXT_SHAPES: dict[str, Any] = {
    "lives_in": _place_shape,
    "works_at": _employer_shape,
    # An address has a number (street, building, postcode): "5/22 Wattle Crescent", "彩云北路66号".
    "address": lambda v: bool(re.search(r"\d", v) and _ADDRESS_WORD.search(v)),
    "preferred_export_format": lambda v: (
        re.sub(r"(?i)\s*(格式|文件|format|files?)$", "", v).casefold().lstrip(".") in _FORMATS
    ),
    "name": lambda v: (not is_chinese(v) and v[:1].isupper()) or (is_chinese(v) and len(v) <= 4),
}


def _sentence_span(text: str, position: int) -> tuple[int, int]:
    for m in _SENTENCE.finditer(text):
        if m.start() <= position < m.end():
            return m.start(), m.end()
    return 0, len(text)


def states_nothing(sentence: str) -> bool:
    """A question, negation, hypothetical, plan or reported speech: no fact from this sentence."""
    from palimpsest.write.immune import is_question

    return bool(
        is_question(sentence)
        or re.search(r"[吗么嘛]\W*$", sentence)
        or _NEGATION.search(sentence)
        or _HYPOTHETICAL.search(sentence)
    )


def _flagged(text: str) -> bool:
    from palimpsest.write import immune

    return bool(immune.risky(immune.assess(text, source="user"), immune.RiskPolicy()))


# Fiction, role play and drafts for others: nothing in them is about the speaker.
_MADE_UP = re.compile(
    r"\b(?:story|novel|character|fiction|role-?play|pretend|script|screenplay|draft|bio|poem|example|sample|ad|advert)s?\b"
    r"|故事|小说|主角|角色|剧本|扮演|假装|举个?例|例子|示例|广告|范文",
    re.IGNORECASE,
)
_QUOTED = re.compile(r"[\"“「『]([^\"”」』]*)[\"”」』]|(?<!\w)'([^']*)'(?!\w)")
# A name needs its cue just before it: "I'm Kevin", "my name is …", "call me …", "我叫…", "我是…".
_NAME_CUE = re.compile(
    r"(?:\b(?:i'm|i am|im|my name is|my name's|name is|name's|call me|this is|it's|signed|regards|cheers)\s*[,:]?\s*"
    r"|(?:我是|我叫|叫我|名字是|名字叫|本人)\s*)$",
    re.IGNORECASE,
)
_PREFERENCE_LIKE = frozenset({"address", "preference"})


def _quoted(text: str, start: int, end: int) -> bool:
    return any(m.start() < start and end <= m.end() for m in _QUOTED.finditer(text))


def _is_preference(predicate: str) -> bool:
    return predicate.startswith("preferred_") or predicate in _PREFERENCE_LIKE


# A time said as the start of a contact detail: "new email from today", "since last Monday it's …".
_STARTS = re.compile(r"\b(?:since|from|as of|starting|effective)\s*$|(?:从|自)\s*$", re.IGNORECASE)
_STATE_PREDICATES = frozenset({"lives_in", "works_at", "job_title", "owns_device", "address"})


def _valid_from(span: Span, text: str, sentence: tuple[int, int], times: Sequence[TimeMention]) -> datetime | None:
    """The start of the one time expression in the span's sentence (the rules' reading of "moved to Busan
    last Monday"); for a contact detail only a time said as its start ("from today", "since last Monday");
    else the turn's time (None)."""
    inside = [m for m in times if sentence[0] <= m.span[0] < sentence[1]]
    if len(inside) != 1:
        return None
    if span.predicate in _STATE_PREDICATES:
        return inside[0].start
    if span.predicate in _ID_PREDICATES and _STARTS.search(text[: inside[0].span[0]]):
        return inside[0].start
    return None


def backup_facts(
    text: str,
    spans: Sequence[Span],
    rule_facts: Sequence[CandidateFact],
    *,
    speaker_id: str,
    at: datetime,
    identifiers: Sequence[IdentifierMention] = (),
    times: Sequence[TimeMention] = (),
    threshold: float = DEFAULT_THRESHOLD,
) -> list[CandidateFact]:
    """The tagged spans that become facts beside ``rule_facts`` (see the module docstring for when)."""
    if _MADE_UP.search(text):
        return []
    ruled = {fact.predicate for fact in rule_facts}
    out: list[CandidateFact] = []
    for span in spans:
        if span.predicate in ruled or span.probability < threshold:
            continue
        if not value_ok(span.predicate, span.text, identifiers, (span.start, span.end)):
            continue
        if span.predicate == "name" and not _NAME_CUE.search(text[: span.start]):
            continue
        if span.predicate == "preferred_notification_channel" and re.match(r"\s+(?:me|us)\b", text[span.end :]):
            continue  # "email me a copy": a request, not a standing channel
        bounds = _sentence_span(text, span.start)
        sentence = text[bounds[0] : bounds[1]]
        if states_nothing(sentence) or _OTHER_SUBJECT.search(sentence) or _quoted(text, span.start, span.end):
            continue
        # A time to come in the sentence makes it a plan ("下周一约了字节跳动二面").
        if any(bounds[0] <= m.span[0] < bounds[1] and m.start > at for m in times):
            continue
        if _flagged(text):
            return []
        one_off = _is_preference(span.predicate) and _ONE_OFF.search(text) and not _LASTING.search(sentence)
        out.append(
            CandidateFact(
                subject=speaker_id,
                predicate=span.predicate,
                value=span.text.strip(_TRIM),
                valid_from=_valid_from(span, text, bounds, times),
                lasting=not one_off,
                confidence=BACKUP_CONFIDENCE,
                rule=f"learned:{span.predicate}",
                evidence_text=sentence.strip(),
            )
        )
        ruled.add(span.predicate)
    return out


# ---------------------------------------------------------------------------- evaluation

DATA_DIR = Path(__file__).parent / "data"
BLIND = "extraction_heldout18.yaml"
LEFT_OUT = ("heldout13", "heldout14", "heldout15", "heldout16", "heldout17", "dev5", "heldout10")
THRESHOLDS = (0.5, 0.7, 0.8, 0.9, 0.95)
TRAINER_PARAMS = {"c1": 0.05, "c2": 0.01, "max_iterations": 150, "feature.possible_transitions": True}


@dataclass
class Example:
    utterance: Utterance
    rule_facts: list[CandidateFact]
    identifiers: list[IdentifierMention]
    times: list[TimeMention]
    features: list[list[str]]
    tags: list[str]


def labelled_sets() -> dict[str, list[Utterance]]:
    """Every labelled set but the blind one, by name ("heldout13", "labelled", ...)."""
    out = {}
    for path in sorted(DATA_DIR.glob("extraction_*.yaml")):
        if path.name == BLIND:
            continue
        out[path.stem.removeprefix("extraction_")] = load_dataset(path)
    return out


def value_spans(utterance: Utterance, identifiers: Sequence[IdentifierMention]) -> list[tuple[int, int, str]]:
    """Character spans of the expected values found in the text: verbatim (case-insensitive), or an
    identifier the finder reported whose normalized value is the expected one. Endings are left out
    (the tagger proposes states, and "sold my iPhone" must not read as owning one)."""
    lowered = utterance.text.casefold()
    spans: list[tuple[int, int, str]] = []
    for fact in utterance.facts:
        if fact.ends:
            continue
        found = None
        for value in fact.values:
            at = lowered.find(value.casefold())
            if value.strip() and at >= 0:
                found = (at, at + len(value), fact.predicate)
                break
        if found is None and fact.predicate in ("phone", "email", "order_id", "ticket_id"):
            wanted = {normalize_value(fact.predicate, v) for v in fact.values}
            for m in identifiers:
                if normalize_value(fact.predicate, m.text) in wanted:
                    found = (m.span[0], m.span[1], fact.predicate)
                    break
        if found is not None:
            spans.append(found)
    return spans


def build_examples(utterances: Iterable[Utterance], extractor: RuleExtractor) -> list[Example]:
    out = []
    for u in utterances:
        identifiers = list(find_identifiers(u.text))
        times = list(find_times(u.text, u.at, tz=u.tz, language=None))
        tokens = tokenize(u.text, identifiers)
        rule_facts = list(call_extract(extractor, u).facts)
        tags = bio_tags(tokens, value_spans(u, identifiers))
        out.append(Example(u, rule_facts, identifiers, times, features(u.text, tokens, times), tags))
    return out


def trainable(example: Example) -> bool:
    return example.utterance.role == "user" and example.utterance.attack is None and bool(example.features)


def train(examples: Iterable[Example], path: Path) -> None:
    import pycrfsuite  # type: ignore[import-untyped]

    trainer = pycrfsuite.Trainer(verbose=False)
    for example in examples:
        if trainable(example):
            trainer.append(example.features, example.tags)
    trainer.set_params(TRAINER_PARAMS)
    trainer.train(str(path))


def tagged_spans(tagger: SpanTagger, example: Example) -> list[Span]:
    u = example.utterance
    if u.role != "user":
        return []
    return tagger.spans(u.text, example.identifiers, example.times)


ONLY: frozenset[str] | None = None
"""``--only``: the predicates the backup may add (None: all)."""


def _allowed(spans: Sequence[Span]) -> list[Span]:
    return [s for s in spans if ONLY is None or s.predicate in ONLY]


def with_backup(example: Example, spans: Sequence[Span], threshold: float | None) -> list[CandidateFact]:
    if threshold is None or example.utterance.role != "user":
        return example.rule_facts
    added = backup_facts(
        example.utterance.text,
        _allowed(spans),
        example.rule_facts,
        speaker_id=example.utterance.speaker,
        at=example.utterance.at,
        identifiers=example.identifiers,
        times=example.times,
        threshold=threshold,
    )
    return example.rule_facts + added


def score(examples: Sequence[Example], facts_of: Sequence[list[CandidateFact]]) -> FactScores:
    scores = FactScores()
    for example, facts in zip(examples, facts_of, strict=True):
        if example.utterance.attack is not None:
            continue
        score_facts(example.utterance, _predicted(facts), scores)
    return scores


def _predicted(facts: Sequence[CandidateFact]) -> list[PredictedFact]:
    class _E:  # predicted_facts reads .facts
        pass

    holder = _E()
    holder.facts = facts  # type: ignore[attr-defined]
    return predicted_facts(holder)


def _cell(scores: FactScores, lang: str | None = None) -> str:
    c = scores.total("strict", lang=lang)
    return f"{pct(c.precision)} / {pct(c.recall)}"


def cross_validate(sets: dict[str, list[Example]], thresholds: Sequence[float]) -> list[str]:
    header = ["left out", "facts", "lang", "rules P / R", *[f"+tagger ≥{t} P / R" for t in thresholds]]
    rows: list[list[str]] = []
    added: dict[float, list[str]] = {t: [] for t in thresholds}
    totals: dict[float | None, list[list[CandidateFact]]] = {t: [] for t in (None, *thresholds)}
    all_examples: list[Example] = []
    for name in LEFT_OUT:
        train_on = [e for other, examples in sets.items() if other != name for e in examples]
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "fold.crfsuite"
            train(train_on, path)
            tagger = SpanTagger(path)
            spans = [tagged_spans(tagger, e) for e in sets[name]]
        facts_at = {t: [with_backup(e, s, t) for e, s in zip(sets[name], spans, strict=True)] for t in totals}
        for t in totals:
            totals[t] += facts_at[t]
        all_examples += sets[name]
        scored = {t: score(sets[name], facts_at[t]) for t in totals}
        n_facts = sum(len(e.utterance.facts) for e in sets[name] if e.utterance.attack is None)
        for lang in (None, "en", "zh"):
            rows.append(
                [name if lang is None else "", str(n_facts) if lang is None else "", lang or "all"]
                + [_cell(scored[t], lang) for t in totals]
            )
        for t in thresholds:
            for e, before, after in zip(sets[name], facts_at[None], facts_at[t], strict=True):
                for fact in after[len(before) :]:
                    added[t].append(f"{e.utterance.id}: {fact.predicate}={fact.value!r} lasting={fact.lasting}")
        print(f"fold {name} done", file=sys.stderr)
    pooled = {t: score(all_examples, totals[t]) for t in totals}
    for lang in (None, "en", "zh"):
        rows.append(
            ["**pooled**" if lang is None else "", "", lang or "all"] + [_cell(pooled[t], lang) for t in totals]
        )
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    lines += ["", "Facts the tagger added (all thresholds' counts):"]
    lines += [f"- ≥{t}: {len(added[t])}" for t in thresholds]
    return lines


def real_additions(
    examples: Sequence[Example], root: Path, thresholds: Sequence[float]
) -> tuple[dict[float, list[str]], int, float]:
    """Train on every set, run rules + tagger on real user turns: the facts added at each threshold
    (shuffled), the number of turns, and the seconds the tagger and merge took (rules excluded)."""
    from datetime import UTC, datetime

    extractor = RuleExtractor()
    found: dict[float, list[str]] = {t: [] for t in thresholds}
    tagging = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "all.crfsuite"
        train(examples, path)
        tagger = SpanTagger(path)
        texts = [t for turns in real_turns(root).values() for t in turns]
        at = datetime(2026, 1, 1, 12, tzinfo=UTC)
        for text in texts:
            extraction = extractor.extract(text, speaker_id="u", at=at)
            started = time.perf_counter()
            spans = _allowed(tagger.spans(text, extraction.identifiers, extraction.times))
            for t in thresholds:
                for fact in backup_facts(
                    text,
                    spans,
                    extraction.facts,
                    speaker_id="u",
                    at=at,
                    identifiers=extraction.identifiers,
                    times=extraction.times,
                    threshold=t,
                ):
                    said = f"{fact.predicate}={fact.value!r} lasting={fact.lasting}"
                    found[t].append(f"{said} ⟵ {fact.evidence_text[:240]!r}")
            tagging += time.perf_counter() - started
    for t in thresholds:
        random.Random(7).shuffle(found[t])
    return found, len(texts), tagging


def cost(examples: Sequence[Example], repeats: int = 3) -> tuple[float, float]:
    """Median ms per turn over every set text: the rules alone, and the rules plus tagging and merge."""
    import statistics

    extractor = RuleExtractor()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "all.crfsuite"
        train(examples, path)
        tagger = SpanTagger(path)
        plain: list[float] = []
        backed: list[float] = []
        for _ in range(repeats):
            for runs, with_tagger in ((plain, False), (backed, True)):
                started = time.perf_counter()
                for e in examples:
                    u = e.utterance
                    extraction = extractor.extract(u.text, speaker_id=u.speaker, at=u.at, role=u.role, tz=u.tz)
                    if with_tagger and u.role == "user":
                        spans = tagger.spans(u.text, extraction.identifiers, extraction.times)
                        backup_facts(
                            u.text,
                            spans,
                            extraction.facts,
                            speaker_id=u.speaker,
                            at=u.at,
                            identifiers=extraction.identifiers,
                            times=extraction.times,
                        )
                runs.append((time.perf_counter() - started) * 1000 / len(examples))
    return statistics.median(plain), statistics.median(backed)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--real", type=Path, default=None, help="directory of the real corpora (LongMemEval, LoCoMo)")
    parser.add_argument("--real-threshold", type=float, action="append", default=None)
    parser.add_argument("--sample", type=int, default=40)
    parser.add_argument("--skip-cv", action="store_true")
    parser.add_argument("--cost", action="store_true", help="also time the rules with and without the tagger")
    parser.add_argument("--only", default=None, help="comma-separated predicates the backup may add")
    args = parser.parse_args(argv)
    global ONLY  # noqa: PLW0603 - a bench script's one switch, set once before anything runs
    ONLY = frozenset(args.only.split(",")) if args.only else None
    extractor = RuleExtractor()
    started = time.perf_counter()
    sets = {name: build_examples(utterances, extractor) for name, utterances in labelled_sets().items()}
    print(f"examples built in {time.perf_counter() - started:.0f} s", file=sys.stderr)
    if not args.skip_cv:
        print("\n".join(cross_validate(sets, THRESHOLDS)))
    if args.cost:
        plain, backed = cost([e for examples in sets.values() for e in examples])
        print(f"\nCost per turn (median of 3, every set text): rules {plain:.2f} ms, rules + tagger {backed:.2f} ms")
    if args.real is not None:
        everything = [e for examples in sets.values() for e in examples]
        thresholds = args.real_threshold or [DEFAULT_THRESHOLD]
        found, turns, seconds = real_additions(everything, args.real, thresholds)
        print(f"\nReal user turns: {turns}; tagger and merge took {seconds:.0f} s in all")
        for t in thresholds:
            print(f"\nFacts added at ≥{t}: {len(found[t])}; a sample of {min(args.sample, len(found[t]))}:")
            print("\n".join(f"{i + 1}. {line}" for i, line in enumerate(found[t][: args.sample])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
