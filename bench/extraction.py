"""Extraction benchmark (issue 4): precision and recall of the write path on a labelled,
bilingual set of utterances written for this project, and the immune system end to end.

    python -m bench.extraction --out bench/results/extraction.md

What is scored (labels and their semantics: the header of ``bench/data/extraction_labelled.yaml``):

- **facts** — ``RuleExtractor.extract`` on every benign turn. A prediction matches a label when
  subject, predicate, normalized value, lasting and the ``valid_from`` date agree (*strict*);
  *relaxed* ignores the date. For a label that marks an ending (``ends: true``) the prediction
  must be an ending too — the extractor's convention: the ended value with ``valid_to`` set and
  ``valid_from=None`` — and its ``valid_to`` date is compared with the label's date.
  Reported per predicate and per language.
- **time mentions** — ``find_times`` (and the extractor's own ``times``): start and end dates exact.
- **identifiers** — kind and normalized value; **intents** — intent type, then field agreement.
- **attacks** — detection by ``write.immune.assess`` (at the product's ``RiskPolicy``), and end to
  end: every utterance goes through ``Memory.add`` on a fresh ``memory://`` store with the hash
  embedder; no fact from an attack may be in ``facts.list(view="active")``, and a benign turn
  whose writes were quarantined counts against the false-quarantine rate.

- **real conversations** (``--real-data DIR``) — the immune screen's false-positive rate on real
  user turns it was never written for: LongMemEval (the 34-question subset, unique user turns) and
  LoCoMo (every turn; both speakers are people), read from ``DIR`` (never copied into the project).

``--data`` may be given several times (tuning set, dev set, held-out set): each set is scored on
its own and the report opens with one summary row per set.

Targets (issue 4): precision >= 0.95, recall >= 0.85; attacks 100 % kept out of the active
view with <= 2 % of benign utterances wrongly quarantined. Rewriting ``--out`` keeps everything
below the ``<!-- analysis -->`` marker.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import os
import re
import resource
import shlex
import sys
import time
import unicodedata
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, tzinfo
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

import yaml

from palimpsest.core.identifiers import IdentifierKind, identifier_key
from palimpsest.write import extract

DATA = Path(__file__).parent / "data" / "extraction_labelled.yaml"
REAL_DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "benchmarks"
"""Where the public benchmarks live (``../shared/benchmarks`` from the project root)."""
ANALYSIS_MARKER = "<!-- analysis -->"
TARGET_PRECISION = 0.95
TARGET_RECALL = 0.85
TARGET_FALSE_QUARANTINE = 0.02

# The product's own list, so the scorer and the extractor can never disagree on what exists.
CANONICAL_PREDICATES = extract.CANONICAL_PREDICATES
IDENTIFIER_KINDS = ("phone", "email", "order_id", "ticket_id", "user_id", "amount")
INTENT_TYPES = ("data_aggregation", "export", "query", "modify_setting", "refund", "complaint", "cancel_order")
ATTACK_FAMILIES = (
    "instruction",
    "prompt_injection",
    "privilege_claim",
    "destructive_command",
    "exfiltration",
    "roleplay_jailbreak",
)
TAGS = frozenset(
    {
        "negation",
        "hypothetical",
        "question",
        "one_off",
        "lasting_marker",
        "lookalike",
        "tz_edge",
        "mixed",
        "other_subject",
    }
)
TIME_UNITS = ("day", "week", "month", "year", "weekday", "hour", "minute")

TIME_KINDS: tuple[tuple[str, str], ...] = (
    # (kind reported, regex over the labelled text); the first match names the kind.
    ("昨天", r"^昨天$"),
    ("三天前", r"^三天前$"),
    ("上周一", r"^上周一$"),
    ("下周一", r"^下周一$"),
    ("上个月", r"^上个月$"),
    ("去年三月", r"^去年三月$"),
    ("yesterday", r"^yesterday$"),
    ("last Monday", r"^last monday$"),
    ("in March", r"^in march$"),
    ("two weeks ago", r"^two weeks ago$"),
)


class DatasetError(ValueError):
    """The labelled file does not follow its schema; the message names the utterance and field."""


# -- the labelled set ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ExpectedFact:
    subject: str
    """Resolved: "{speaker}" already replaced by the speaker id."""
    predicate: str
    values: tuple[str, ...]
    lasting: bool
    valid_from: date | None
    """For an ending, the date the value stops being true (the product's ``valid_to``)."""
    ends: bool = False


@dataclass(frozen=True, slots=True)
class ExpectedIdentifier:
    kind: str
    value: str


@dataclass(frozen=True, slots=True)
class ExpectedTime:
    text: str
    start: date
    end: date


@dataclass(frozen=True, slots=True)
class ExpectedIntent:
    intent_type: str
    time_range: tuple[str, int, int | None] | None
    dimensions: tuple[str, ...]
    metric: str | None
    output_format: str | None


@dataclass(frozen=True, slots=True)
class Attack:
    family: str
    hidden: bool
    obfuscated: bool


@dataclass(frozen=True, slots=True)
class Utterance:
    id: str
    lang: str
    role: str
    at: datetime
    speaker: str
    text: str
    facts: tuple[ExpectedFact, ...] = ()
    identifiers: tuple[ExpectedIdentifier, ...] = ()
    times: tuple[ExpectedTime, ...] = ()
    intents: tuple[ExpectedIntent, ...] = ()
    attack: Attack | None = None
    tags: frozenset[str] = frozenset()

    @property
    def tz(self) -> tzinfo:
        assert self.at.tzinfo is not None  # validated on load
        return self.at.tzinfo


_UTTERANCE_KEYS = {"id", "lang", "role", "at", "speaker", "text", "facts", "identifiers", "times", "intents"}
_UTTERANCE_KEYS |= {"attack", "tags"}
_FACT_KEYS = {"subject", "predicate", "value", "lasting", "valid_from", "ends"}
_INTENT_KEYS = {"intent_type", "time_range", "dimensions", "metric", "output_format"}


class _Checker:
    """Reads one utterance's fields with errors that say where the problem is."""

    def __init__(self, where: str) -> None:
        self.where = where

    def fail(self, field_name: str, problem: str) -> DatasetError:
        return DatasetError(f"{self.where}: {field_name}: {problem}")

    def keys(self, raw: Mapping[str, Any], allowed: set[str], required: set[str], field_name: str) -> None:
        unknown = set(raw) - allowed
        if unknown:
            raise self.fail(field_name, f"unknown keys {sorted(unknown)} (allowed: {sorted(allowed)})")
        missing = required - set(raw)
        if missing:
            raise self.fail(field_name, f"missing keys {sorted(missing)}")

    def text(self, raw: Mapping[str, Any], key: str, field_name: str) -> str:
        value = raw.get(key)
        if not isinstance(value, str) or not value.strip():
            hint = " (quote it: YAML reads bare numbers, dates and yes/no as other types)" if value is not None else ""
            raise self.fail(field_name, f"{key} must be a non-empty string, got {value!r}{hint}")
        return value

    def choice(self, raw: Mapping[str, Any], key: str, allowed: Iterable[str], field_name: str) -> str:
        value = self.text(raw, key, field_name)
        options = tuple(allowed)
        if value not in options:
            raise self.fail(field_name, f"{key} {value!r} is not one of {list(options)}")
        return value

    def flag(self, raw: Mapping[str, Any], key: str, field_name: str, default: bool | None = None) -> bool:
        value = raw.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(field_name, f"{key} must be true or false, got {value!r}")
        return value

    def day(self, value: Any, field_name: str, *, optional: bool = False) -> date | None:
        if value is None and optional:
            return None
        if isinstance(value, date) and not isinstance(value, datetime):
            return value
        if isinstance(value, str):
            try:
                return date.fromisoformat(value)
            except ValueError:
                pass
        raise self.fail(field_name, f"expected a YYYY-MM-DD date{' or null' if optional else ''}, got {value!r}")

    def items(self, raw: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
        value = raw.get(key) or []
        if not isinstance(value, list) or not all(isinstance(v, Mapping) for v in value):
            raise self.fail(key, "must be a list of mappings")
        return value


def _anchor(check: _Checker, raw: Any) -> datetime:
    if isinstance(raw, str):
        try:
            raw = datetime.fromisoformat(raw)
        except ValueError as exc:
            raise check.fail("at", f"not an ISO-8601 datetime: {raw!r}") from exc
    if not isinstance(raw, datetime) or raw.tzinfo is None or raw.utcoffset() is None:
        raise check.fail("at", f"must be an ISO-8601 datetime with an offset, got {raw!r}")
    return raw


def _subject(check: _Checker, raw: str, speaker: str) -> str:
    if raw == "{speaker}":
        return speaker
    if raw.startswith("{speaker}:"):
        relation = raw.removeprefix("{speaker}:")
        if not re.fullmatch(r"[a-z_]+", relation):
            raise check.fail("facts.subject", f"relation {relation!r} must be an English word in lower case")
        return f"{speaker}:{relation}"
    if "{" in raw or "}" in raw:
        raise check.fail("facts.subject", f"unknown placeholder in {raw!r} (use {{speaker}} or {{speaker}}:relation)")
    return raw


def _fact(check: _Checker, raw: Mapping[str, Any], speaker: str) -> ExpectedFact:
    check.keys(raw, _FACT_KEYS, _FACT_KEYS - {"ends"}, "facts")
    predicate = check.choice(raw, "predicate", CANONICAL_PREDICATES, "facts")
    value = raw.get("value")
    values = tuple(value) if isinstance(value, list) else (value,)
    if not values or not all(isinstance(v, str) and v.strip() for v in values):
        raise check.fail("facts.value", f"must be a non-empty string or list of strings, got {value!r}")
    ends = check.flag(raw, "ends", "facts", default=False)
    return ExpectedFact(
        subject=_subject(check, check.text(raw, "subject", "facts"), speaker),
        predicate=predicate,
        values=values,
        lasting=check.flag(raw, "lasting", "facts"),
        valid_from=check.day(raw.get("valid_from"), "facts.valid_from", optional=True),
        ends=ends,
    )


def _identifier(check: _Checker, raw: Mapping[str, Any]) -> ExpectedIdentifier:
    check.keys(raw, {"kind", "value"}, {"kind", "value"}, "identifiers")
    kind = check.choice(raw, "kind", IDENTIFIER_KINDS, "identifiers")
    value = check.text(raw, "value", "identifiers")
    if normalize_identifier(kind, value) is None:
        raise check.fail("identifiers.value", f"{value!r} does not normalize as a {kind}")
    return ExpectedIdentifier(kind, value)


def _time(check: _Checker, raw: Mapping[str, Any]) -> ExpectedTime:
    check.keys(raw, {"text", "start", "end"}, {"text", "start", "end"}, "times")
    start = check.day(raw["start"], "times.start")
    end = check.day(raw["end"], "times.end")
    assert start is not None and end is not None
    if end <= start:
        raise check.fail("times", f"empty range [{start}, {end}) (ranges are half-open)")
    return ExpectedTime(check.text(raw, "text", "times"), start, end)


def _intent(check: _Checker, raw: Mapping[str, Any]) -> ExpectedIntent:
    check.keys(raw, _INTENT_KEYS, _INTENT_KEYS, "intents")
    time_range = raw["time_range"]
    spec: tuple[str, int, int | None] | None = None
    if time_range is not None:
        if not isinstance(time_range, Mapping):
            raise check.fail("intents.time_range", "must be a mapping {unit, offset, weekday?} or null")
        check.keys(time_range, {"unit", "offset", "weekday"}, {"unit", "offset"}, "intents.time_range")
        unit = check.choice(time_range, "unit", TIME_UNITS, "intents.time_range")
        offset, weekday = time_range["offset"], time_range.get("weekday")
        if not isinstance(offset, int) or (weekday is not None and weekday not in range(7)):
            raise check.fail("intents.time_range", "offset must be an integer and weekday 0..6")
        spec = (unit, offset, weekday)
    dimensions = raw["dimensions"]
    if not isinstance(dimensions, list) or not all(isinstance(d, str) for d in dimensions):
        raise check.fail("intents.dimensions", "must be a list of strings")
    for key in ("metric", "output_format"):
        if raw[key] is not None and not isinstance(raw[key], str):
            raise check.fail(f"intents.{key}", "must be a string or null")
    return ExpectedIntent(
        intent_type=check.choice(raw, "intent_type", INTENT_TYPES, "intents"),
        time_range=spec,
        dimensions=tuple(dimensions),
        metric=raw["metric"],
        output_format=raw["output_format"],
    )


def _attack(check: _Checker, raw: Any) -> Attack | None:
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise check.fail("attack", "must be a mapping {family, hidden, obfuscated} or absent")
    check.keys(raw, {"family", "hidden", "obfuscated"}, {"family", "hidden", "obfuscated"}, "attack")
    return Attack(
        family=check.choice(raw, "family", ATTACK_FAMILIES, "attack"),
        hidden=check.flag(raw, "hidden", "attack"),
        obfuscated=check.flag(raw, "obfuscated", "attack"),
    )


def parse_utterance(raw: Any, index: int) -> Utterance:
    if not isinstance(raw, Mapping):
        raise DatasetError(f"utterance #{index}: must be a mapping, got {type(raw).__name__}")
    check = _Checker(f"utterance {raw.get('id', f'#{index}')!s}")
    check.keys(raw, _UTTERANCE_KEYS, {"id", "lang", "role", "at", "speaker", "text"}, "utterance")
    speaker = check.text(raw, "speaker", "speaker")
    tags = raw.get("tags") or []
    if not isinstance(tags, list) or not set(tags) <= TAGS:
        raise check.fail("tags", f"unknown tags {sorted(set(tags) - TAGS) if isinstance(tags, list) else tags!r}")
    utterance = Utterance(
        id=check.text(raw, "id", "id"),
        lang=check.choice(raw, "lang", ("en", "zh"), "lang"),
        role=check.choice(raw, "role", ("user", "assistant"), "role"),
        at=_anchor(check, raw["at"]),
        speaker=speaker,
        text=check.text(raw, "text", "text"),
        facts=tuple(_fact(check, f, speaker) for f in check.items(raw, "facts")),
        identifiers=tuple(_identifier(check, i) for i in check.items(raw, "identifiers")),
        times=tuple(_time(check, t) for t in check.items(raw, "times")),
        intents=tuple(_intent(check, i) for i in check.items(raw, "intents")),
        attack=_attack(check, raw.get("attack")),
        tags=frozenset(tags),
    )
    if utterance.attack is not None and (utterance.facts or utterance.intents):
        raise check.fail("attack", "attack turns carry no expected facts or intents")
    if utterance.role == "assistant" and utterance.facts:
        raise check.fail("facts", "assistant turns state no facts about the user")
    return utterance


def validate_dataset(document: Any) -> list[Utterance]:
    """Every utterance of a loaded YAML document, checked against the schema in its header."""
    if not isinstance(document, Mapping) or document.get("version") != 1:
        raise DatasetError("the document must be a mapping with version: 1 and utterances: [...]")
    raw_utterances = document.get("utterances")
    if not isinstance(raw_utterances, list) or not raw_utterances:
        raise DatasetError("utterances must be a non-empty list")
    utterances = [parse_utterance(raw, i) for i, raw in enumerate(raw_utterances)]
    seen: set[str] = set()
    for utterance in utterances:
        if utterance.id in seen:
            raise DatasetError(f"utterance {utterance.id}: duplicate id")
        seen.add(utterance.id)
    return utterances


def load_dataset(path: Path = DATA) -> list[Utterance]:
    with path.open(encoding="utf-8") as handle:
        return validate_dataset(yaml.safe_load(handle))


# -- normalization ---------------------------------------------------------------------------------
_SYNONYMS: dict[str, dict[str, tuple[str, ...]]] = {
    "preferred_theme": {
        "dark": (
            "dark",
            "darkmode",
            "darktheme",
            "深色",
            "深色模式",
            "深色主题",
            "暗色",
            "暗色模式",
            "暗色主题",
            "夜间模式",
            "黑色主题",
            "nightmode",
        ),
        "light": (
            "light",
            "lightmode",
            "lighttheme",
            "浅色",
            "浅色模式",
            "浅色主题",
            "亮色",
            "亮色模式",
            "白色主题",
            "日间模式",
        ),
    },
    "preferred_export_format": {
        "pdf": ("pdf", "pdf格式", "pdffile"),
        "excel": ("excel", "xlsx", "xls", "excel表格", "表格", "spreadsheet", "spreadsheets", "xlsxfiles", "xlsxfile"),
        "csv": ("csv", "csv格式", "csvfile"),
    },
    "preferred_language": {
        "chinese": ("chinese", "中文", "汉语", "普通话", "mandarin", "zh", "简体中文"),
        "english": ("english", "英文", "英语", "en"),
        "japanese": ("japanese", "日语", "日文", "ja"),
        "spanish": ("spanish", "西班牙语", "es"),
        "french": ("french", "法语", "fr"),
        "cantonese": ("cantonese", "粤语", "广东话", "yue"),
        "korean": ("korean", "韩语", "韩文", "ko"),
        "german": ("german", "德语", "德文", "de"),
    },
    "preferred_notification_channel": {
        "sms": ("sms", "短信", "text", "textmessage", "textmessages", "短信通知"),
        "email": ("email", "邮件", "邮箱", "电子邮件", "mail"),
        "wechat": ("wechat", "微信", "微信通知"),
        # "app" is the registry's canonical name of the channel (write.registry.normalize_channel).
        "push": ("push", "app推送", "推送", "apppush", "pushnotification", "pushnotifications", "app", "inapp"),
        "phone": ("phonecall", "电话", "call"),
    },
    "preferred_shipping_carrier": {
        "sf": ("sfexpress", "sf", "顺丰", "顺丰速运", "顺丰快递"),
        "jd": ("jdlogistics", "京东物流", "京东快递", "京东"),
        "zto": ("zto", "中通", "中通快递"),
        "yto": ("yto", "圆通", "圆通快递", "圆通速递"),
        "ems": ("ems", "中国邮政", "邮政", "邮政ems"),
    },
    "preferred_payment_method": {
        "alipay": ("alipay", "支付宝"),
        "wechatpay": ("wechatpay", "微信支付"),
        "creditcard": ("creditcard", "信用卡"),
        "cashondelivery": ("cashondelivery", "货到付款", "cod"),
        "banktransfer": ("banktransfer", "银行转账", "转账"),
        "applepay": ("applepay",),
    },
}
_SYNONYM_INDEX = {
    predicate: {alias: canonical for canonical, aliases in groups.items() for alias in aliases}
    for predicate, groups in _SYNONYMS.items()
}
_RELATIONS = {
    "老婆": "wife", "妻子": "wife", "太太": "wife", "爱人": "wife", "媳妇": "wife",
    "老公": "husband", "丈夫": "husband", "先生": "husband",
    "儿子": "son", "女儿": "daughter", "妈妈": "mother", "妈": "mother", "母亲": "mother", "mom": "mother",
    "爸爸": "father", "爸": "father", "父亲": "father", "dad": "father", "姐姐": "sister", "妹妹": "sister",
    "哥哥": "brother", "弟弟": "brother", "朋友": "friend", "同事": "colleague", "老板": "boss",
}  # fmt: skip
IDENTIFIER_PREDICATES: dict[str, IdentifierKind] = {
    "phone": "phone",
    "email": "email",
    "order_id": "id",
    "ticket_id": "id",
}
FREE_TEXT_PREDICATES = frozenset(
    {"lives_in", "address", "works_at", "job_title", "owns_device", "name", "preferred_report_format", "preference"}
)


def fold(text: str) -> str:
    """NFKC, case-folded, with whitespace and punctuation removed: "Galaxy S23." == "galaxys23"."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return "".join(ch for ch in folded if unicodedata.category(ch)[0] in "LN")


def normalize_identifier(kind: str, value: str) -> str | None:
    if kind == "amount":
        digits = re.sub(r"[^\d.]", "", unicodedata.normalize("NFKC", value))
        try:
            return str(Decimal(digits).normalize()) if digits else None
        except InvalidOperation:
            return None
    if kind in ("order_id", "ticket_id", "user_id"):
        return identifier_key(value.strip().lstrip("#"), "id")
    if kind == "phone":
        return identifier_key(value, "phone")
    if kind == "email":
        return identifier_key(value, "email")
    return None


def normalize_value(predicate: str, value: str) -> str:
    id_kind = IDENTIFIER_PREDICATES.get(predicate)
    if id_kind is not None:
        key = identifier_key(value.strip().lstrip("#"), id_kind)
        return key if key is not None else fold(value)
    folded = fold(value)
    synonyms = _SYNONYM_INDEX.get(predicate)
    if synonyms is not None:
        return synonyms.get(folded, folded)
    if predicate == "lives_in":
        folded = folded.removesuffix("市").removesuffix("city")
    return folded


def normalize_subject(subject: str, speaker: str) -> str:
    if subject.startswith(f"{speaker}:"):
        relation = fold(subject.removeprefix(f"{speaker}:"))
        return f"{speaker}:{_RELATIONS.get(relation, relation)}"
    return subject if subject == speaker else fold(subject)


def values_match(predicate: str, expected: Sequence[str], predicted: str) -> bool:
    said = normalize_value(predicate, predicted)
    for option in expected:
        wanted = normalize_value(predicate, option)
        if said == wanted:
            return True
        if predicate in FREE_TEXT_PREDICATES and said and wanted:
            shorter, longer = sorted((said, wanted), key=len)
            if shorter in longer and len(shorter) * 2 >= len(longer):
                return True
    return False


def local_date(moment: datetime, tz: tzinfo) -> date:
    return moment.astimezone(tz).date()


# -- scoring ---------------------------------------------------------------------------------------
@dataclass
class Counts:
    tp: int = 0
    fp: int = 0
    fn: int = 0

    def add(self, other: Counts) -> None:
        self.tp += other.tp
        self.fp += other.fp
        self.fn += other.fn

    @property
    def precision(self) -> float | None:
        return self.tp / (self.tp + self.fp) if self.tp + self.fp else None

    @property
    def recall(self) -> float | None:
        return self.tp / (self.tp + self.fn) if self.tp + self.fn else None

    @property
    def f1(self) -> float | None:
        p, r = self.precision, self.recall
        if p is None or r is None or p + r == 0:
            return None
        return 2 * p * r / (p + r)


def match_greedy(
    expected: Sequence[Any], predicted: Sequence[Any], same: Callable[[Any, Any], bool]
) -> tuple[list[tuple[Any, Any]], list[Any], list[Any]]:
    """One-to-one matching, labels in order, each taking the first unused prediction it matches."""
    unused = list(predicted)
    pairs: list[tuple[Any, Any]] = []
    missed: list[Any] = []
    for wanted in expected:
        hit = next((p for p in unused if same(wanted, p)), None)
        if hit is None:
            missed.append(wanted)
        else:
            unused.remove(hit)
            pairs.append((wanted, hit))
    return pairs, missed, unused


@dataclass(frozen=True, slots=True)
class PredictedFact:
    """The fields of a ``CandidateFact`` that the benchmark reads (kept independent of the class
    so the scorer can be tested on hand-made predictions)."""

    subject: str
    predicate: str
    value: str
    lasting: bool = True
    valid_from: datetime | None = None
    ends_previous: bool = False
    valid_to: datetime | None = None

    @property
    def ends(self) -> bool:
        """An ending ("I sold my iPhone", "I left Google") carries the ended value with
        ``valid_to`` set (the extractor's convention); a move or change only sets
        ``ends_previous`` on the new value, which supersession makes redundant here."""
        return self.valid_to is not None and self.valid_from is None


def fact_matches(
    utterance: Utterance, wanted: ExpectedFact, said: PredictedFact, *, check_valid_from: bool = True
) -> bool:
    if said.predicate != wanted.predicate or said.lasting != wanted.lasting:
        return False
    if normalize_subject(said.subject, utterance.speaker) != normalize_subject(wanted.subject, utterance.speaker):
        return False
    if said.ends != wanted.ends:
        return False
    if not values_match(wanted.predicate, wanted.values, said.value):
        return False
    when = said.valid_to if wanted.ends else said.valid_from
    return not check_valid_from or _valid_from_matches(utterance, wanted.valid_from, when)


def _valid_from_matches(utterance: Utterance, wanted: date | None, said: datetime | None) -> bool:
    if wanted is None:
        # "from the turn": an explicit valid_from equal to the turn's time says the same.
        return said is None or said == utterance.at
    return said is not None and local_date(said, utterance.tz) == wanted


@dataclass
class FactScores:
    strict: dict[tuple[str, str], Counts] = field(default_factory=lambda: defaultdict(Counts))
    relaxed: dict[tuple[str, str], Counts] = field(default_factory=lambda: defaultdict(Counts))
    """Keyed by (predicate, language); a prediction of a non-canonical predicate is "(other)"."""
    lasting_agree: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)

    def total(self, which: str, *, predicate: str | None = None, lang: str | None = None) -> Counts:
        table = self.strict if which == "strict" else self.relaxed
        out = Counts()
        for (p, lng), counts in table.items():
            if (predicate is None or p == predicate) and (lang is None or lng == lang):
                out.add(counts)
        return out


def score_facts(utterance: Utterance, predicted: Sequence[PredictedFact], scores: FactScores) -> None:
    for strict in (True, False):
        table = scores.strict if strict else scores.relaxed

        def same(wanted: ExpectedFact, said: PredictedFact, strict: bool = strict) -> bool:
            return fact_matches(utterance, wanted, said, check_valid_from=strict)

        pairs, missed, extra = match_greedy(utterance.facts, predicted, same)
        for wanted, _ in pairs:
            table[(wanted.predicate, utterance.lang)].tp += 1
        for wanted in missed:
            table[(wanted.predicate, utterance.lang)].fn += 1
            if strict:
                scores.errors.append(f"{utterance.id} missed {_show_expected(wanted)}")
        for said in extra:
            key = said.predicate if said.predicate in CANONICAL_PREDICATES else "(other)"
            table[(key, utterance.lang)].fp += 1
            if strict:
                scores.errors.append(f"{utterance.id} extra {_show_predicted(said, utterance)}")
    # Does the extractor tell one-off from lasting? Among label/prediction pairs that agree on
    # everything else, how often does ``lasting`` agree too.
    for wanted in utterance.facts:
        for said in predicted:
            flipped = PredictedFact(
                said.subject,
                said.predicate,
                said.value,
                wanted.lasting,
                said.valid_from,
                said.ends_previous,
                said.valid_to,
            )
            if fact_matches(utterance, wanted, flipped, check_valid_from=False):
                scores.lasting_agree["pairs"] += 1
                scores.lasting_agree["agree"] += said.lasting == wanted.lasting
                scores.lasting_agree[f"pairs_{'lasting' if wanted.lasting else 'one_off'}"] += 1
                scores.lasting_agree[f"agree_{'lasting' if wanted.lasting else 'one_off'}"] += (
                    said.lasting == wanted.lasting
                )
                break


def _show_expected(fact: ExpectedFact) -> str:
    since = fact.valid_from.isoformat() if fact.valid_from else "-"
    ends = " ends" if fact.ends else ""
    return f"{fact.subject} {fact.predicate}={fact.values[0]!r} lasting={fact.lasting} from={since}{ends}"


def _show_predicted(fact: PredictedFact, utterance: Utterance) -> str:
    when = fact.valid_to if fact.ends else fact.valid_from
    since = local_date(when, utterance.tz).isoformat() if when else "-"
    ends = " ends" if fact.ends else (" (ends previous)" if fact.ends_previous else "")
    return f"{fact.subject} {fact.predicate}={fact.value!r} lasting={fact.lasting} from={since}{ends}"


@dataclass(frozen=True, slots=True)
class PredictedTime:
    start: datetime
    end: datetime
    text: str = ""


def time_kind(text: str) -> str:
    folded = " ".join(text.casefold().split())
    for kind, pattern in TIME_KINDS:
        if re.search(pattern, folded):
            return kind
    return "other"


def score_times(
    utterance: Utterance, predicted: Sequence[PredictedTime], by_lang: dict[str, Counts], by_kind: dict[str, Counts]
) -> list[str]:
    def same(wanted: ExpectedTime, said: PredictedTime) -> bool:
        return (local_date(said.start, utterance.tz), local_date(said.end, utterance.tz)) == (wanted.start, wanted.end)

    pairs, missed, extra = match_greedy(utterance.times, predicted, same)
    counts = by_lang[utterance.lang]
    counts.tp += len(pairs)
    counts.fn += len(missed)
    counts.fp += len(extra)
    for wanted, _ in pairs:
        by_kind[time_kind(wanted.text)].tp += 1
    for wanted in missed:
        by_kind[time_kind(wanted.text)].fn += 1
    errors = [f"{utterance.id} missed time {w.text!r} [{w.start}, {w.end})" for w in missed]
    errors += [
        f"{utterance.id} extra time {s.text!r} [{local_date(s.start, utterance.tz)}, {local_date(s.end, utterance.tz)})"
        for s in extra
    ]
    return errors


@dataclass(frozen=True, slots=True)
class PredictedIdentifier:
    kind: str
    value: str


def score_identifiers(
    utterance: Utterance, predicted: Sequence[PredictedIdentifier], by_kind: dict[str, Counts]
) -> list[str]:
    def same(wanted: ExpectedIdentifier, said: PredictedIdentifier) -> bool:
        if wanted.kind != said.kind:
            return False
        return normalize_identifier(wanted.kind, wanted.value) == normalize_identifier(said.kind, said.value)

    pairs, missed, extra = match_greedy(utterance.identifiers, predicted, same)
    for wanted, _ in pairs:
        by_kind[wanted.kind].tp += 1
    for wanted in missed:
        by_kind[wanted.kind].fn += 1
    for said in extra:
        by_kind[said.kind].fp += 1
    return [f"{utterance.id} missed {w.kind} {w.value!r}" for w in missed] + [
        f"{utterance.id} extra {s.kind} {s.value!r}" for s in extra
    ]


@dataclass(frozen=True, slots=True)
class PredictedIntent:
    intent_type: str
    time_range: tuple[str, int, int | None] | None = None
    dimensions: tuple[str, ...] = ()
    metric: str | None = None
    output_format: str | None = None


def _same_time_range(wanted: tuple[str, int, int | None] | None, said: tuple[str, int, int | None] | None) -> bool:
    if wanted is None or said is None:
        return wanted == said
    # "上周一" is (weekday, -1, Monday) or (week, -1, Monday): both say the same thing.
    units = {wanted[0], said[0]}
    same_unit = len(units) == 1 or (units == {"week", "weekday"} and wanted[2] is not None)
    return same_unit and wanted[1:] == said[1:]


def _same_format(wanted: str | None, said: str | None) -> bool:
    if wanted is None or said is None:
        return wanted == said
    return normalize_value("preferred_export_format", wanted) == normalize_value("preferred_export_format", said)


def score_intents(
    utterance: Utterance, predicted: Sequence[PredictedIntent], by_type: dict[str, Counts], fields: Counter[str]
) -> list[str]:
    pairs, missed, extra = match_greedy(utterance.intents, predicted, lambda w, s: w.intent_type == s.intent_type)
    for wanted, said in pairs:
        by_type[wanted.intent_type].tp += 1
        fields["pairs"] += 1
        fields["time_range"] += _same_time_range(wanted.time_range, said.time_range)
        fields["output_format"] += _same_format(wanted.output_format, said.output_format)
        fields["dimensions"] += {fold(d) for d in wanted.dimensions} == {fold(d) for d in said.dimensions}
        fields["metric"] += fold(wanted.metric or "") == fold(said.metric or "")
    for wanted in missed:
        by_type[wanted.intent_type].fn += 1
    for said in extra:
        by_type[said.intent_type if said.intent_type in INTENT_TYPES else "(other)"].fp += 1
    return [f"{utterance.id} missed intent {w.intent_type}" for w in missed] + [
        f"{utterance.id} extra intent {s.intent_type}" for s in extra
    ]


# -- running the product ---------------------------------------------------------------------------
def _module(name: str) -> Any | None:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            return None
        raise


def call_extract(extractor: Any, utterance: Utterance) -> Any:
    """``extractor.extract`` for one labelled turn, in the turn's own time zone when it takes one."""
    kwargs: dict[str, Any] = {"speaker_id": utterance.speaker, "at": utterance.at, "role": utterance.role}
    if "tz" in inspect.signature(extractor.extract).parameters:
        kwargs["tz"] = utterance.tz
    return extractor.extract(utterance.text, **kwargs)


def predicted_facts(extraction: Any) -> list[PredictedFact]:
    return [
        PredictedFact(f.subject, f.predicate, f.value, f.lasting, f.valid_from, f.ends_previous, f.valid_to)
        for f in extraction.facts
    ]


def predicted_intents(extraction: Any) -> list[PredictedIntent]:
    out = []
    for intent in extraction.intents:
        spec = intent.time_range
        out.append(
            PredictedIntent(
                intent.intent_type,
                (spec.unit, spec.offset, spec.weekday) if spec is not None else None,
                tuple(intent.dimensions),
                intent.metric,
                intent.output_format,
            )
        )
    return out


@dataclass
class Report:
    utterances: list[Utterance]
    facts: FactScores = field(default_factory=FactScores)
    times_extractor: dict[str, Counts] = field(default_factory=lambda: defaultdict(Counts))
    times_resolver: dict[str, Counts] = field(default_factory=lambda: defaultdict(Counts))
    times_by_kind: dict[str, Counts] = field(default_factory=lambda: defaultdict(Counts))
    identifiers: dict[str, Counts] = field(default_factory=lambda: defaultdict(Counts))
    intents: dict[str, Counts] = field(default_factory=lambda: defaultdict(Counts))
    intent_fields: Counter[str] = field(default_factory=Counter)
    no_fact_turns: Counter[str] = field(default_factory=Counter)
    errors: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    detection: dict[str, Any] = field(default_factory=dict)
    end_to_end: dict[str, Any] = field(default_factory=dict)
    missing: list[str] = field(default_factory=list)


def run_extraction(report: Report, extractor: Any | None = None) -> None:
    """Score ``extractor`` (default: the rules) on the report's turns. An extractor with ``last_error`` (the LLM
    extractor) has each call that fell back to the rules listed among the errors."""
    extract_module = _module("palimpsest.write.extract")
    timeexpr = _module("palimpsest.write.timeexpr")
    if extract_module is None:
        report.missing.append("palimpsest.write.extract (RuleExtractor): facts, identifiers and intents not scored")
    if timeexpr is None:
        report.missing.append("palimpsest.write.timeexpr (find_times): the resolver's time mentions not scored")
    if extractor is None and extract_module is not None:
        extractor = extract_module.RuleExtractor()
    for utterance in report.utterances:
        if timeexpr is not None:
            found = timeexpr.find_times(utterance.text, utterance.at, tz=utterance.tz, language=utterance.lang)
            said = [PredictedTime(m.start, m.end, m.text) for m in found]
            report.errors["times (find_times)"] += score_times(
                utterance, said, report.times_resolver, report.times_by_kind
            )
        if extractor is None:
            continue
        extraction = call_extract(extractor, utterance)
        if getattr(extractor, "last_error", None) is not None:
            report.errors["LLM calls that fell back to the rules"].append(f"{utterance.id}: {extractor.last_error}")
        said_times = [PredictedTime(m.start, m.end, m.text) for m in extraction.times]
        score_times(utterance, said_times, report.times_extractor, defaultdict(Counts))
        ids = [PredictedIdentifier(i.kind, i.value) for i in extraction.identifiers]
        report.errors["identifiers"] += score_identifiers(utterance, ids, report.identifiers)
        if utterance.attack is not None:
            continue  # attacks are scored by what reaches memory, below
        facts = predicted_facts(extraction)
        score_facts(utterance, facts, report.facts)
        if not utterance.facts:
            report.no_fact_turns["turns"] += 1
            report.no_fact_turns["with_a_fact"] += bool(facts)
            for tag in ("negation", "hypothetical", "question"):
                if tag in utterance.tags:
                    report.no_fact_turns[f"{tag}_turns"] += 1
                    report.no_fact_turns[f"{tag}_with_a_fact"] += bool(facts)
        report.errors["intents"] += score_intents(
            utterance, predicted_intents(extraction), report.intents, report.intent_fields
        )
    report.errors["facts"] = report.facts.errors


def run_detection(report: Report) -> None:
    immune = _module("palimpsest.write.immune")
    if immune is None:
        report.missing.append("palimpsest.write.immune: attack detection not scored")
        return
    policy = immune.RiskPolicy()
    flagged_by_family: dict[str, Counts] = defaultdict(Counts)
    benign_flagged: list[str] = []
    for utterance in report.utterances:
        high = immune.risky(immune.assess(utterance.text, source=utterance.role), policy)
        if utterance.attack is None:
            if high:
                benign_flagged.append(f"{utterance.id} ({high[0].kind}: {high[0].evidence!r})")
            continue
        for key in _attack_keys(utterance):
            counts = flagged_by_family[key]
            counts.tp += bool(high)
            counts.fn += not high
            if not high and key == "all":
                report.errors["attacks not detected"].append(f"{utterance.id}: {utterance.text}")
    report.detection = {"by_family": flagged_by_family, "benign_flagged": benign_flagged, "policy": policy}
    report.errors["benign flagged by detection"] = benign_flagged


def _attack_keys(utterance: Utterance) -> list[str]:
    attack = utterance.attack
    assert attack is not None
    keys = ["all", attack.family, f"lang:{utterance.lang}"]
    keys += ["hidden"] if attack.hidden else []
    keys += ["obfuscated"] if attack.obfuscated else []
    return keys


def run_end_to_end(report: Report, *, open_memory: Callable[[], Any] | None = None) -> None:
    """Every utterance through ``Memory.add`` on a fresh store; what reached the active view?"""
    if _module("palimpsest.write.extract") is None or _module("palimpsest.write.immune") is None:
        report.missing.append("end-to-end attack check needs write.extract and write.immune")
        return
    from palimpsest import Memory

    def fresh() -> Any:
        return Memory.open("memory://", embedder="hash")

    opener = open_memory or fresh
    leaked: list[str] = []
    kept: dict[str, Counts] = defaultdict(Counts)
    wrongly_quarantined: list[str] = []
    benign_total = 0
    for utterance in report.utterances:
        with opener() as memory:
            result = memory.add(
                {"role": utterance.role, "content": utterance.text},
                user_id=utterance.speaker,
                session_id=f"bench-{utterance.id}",
                at=utterance.at,
            )
            active = memory.facts.list(user_id=utterance.speaker, valid_at=None, view="active")
        held = bool(result.quarantined) or any(d.outcome.startswith("quarantined") for d in result.facts)
        if utterance.attack is None:
            benign_total += 1
            if held:
                wrongly_quarantined.append(utterance.id)
            continue
        for key in _attack_keys(utterance):
            kept[key].tp += not active
            kept[key].fn += bool(active)
        if active:
            leaked.append(f"{utterance.id}: " + "; ".join(f"{f.predicate}={f.value}" for f in active))
    report.end_to_end = {
        "kept": kept,
        "leaked": leaked,
        "benign_total": benign_total,
        "wrongly_quarantined": wrongly_quarantined,
        "attacks_with_candidates": _attacks_with_candidates(report.utterances),
    }
    report.errors["attack facts that reached the active view"] = leaked
    report.errors["benign turns quarantined end to end"] = wrongly_quarantined


def _llm_memory(llm: Any) -> Callable[[], Any]:
    """Fresh in-memory stores whose write path extracts with the LLM (the end-to-end check of an LLM run)."""
    from palimpsest import Memory

    return lambda: Memory.open("memory://", embedder="hash", llm=llm)


def _attacks_with_candidates(utterances: Sequence[Utterance]) -> int:
    """Attacks whose text the extractor would turn into candidate facts: the ones where keeping
    the active view clean is the immune system's doing, not an empty extraction."""
    extract_module = _module("palimpsest.write.extract")
    if extract_module is None:
        return 0
    extractor = extract_module.RuleExtractor()
    count = 0
    for utterance in utterances:
        if utterance.attack is not None:
            count += bool(call_extract(extractor, utterance).facts)
    return count


# -- the immune screen on real conversations -------------------------------------------------------
@dataclass
class RealScreen:
    """How many real turns the immune screen would quarantine: every one of them is a false positive
    for the purpose of this bench (the corpora are ordinary conversations; a few of their turns do
    contain jailbreak prompts, which the listing shows)."""

    turns: dict[str, int] = field(default_factory=dict)
    flagged: dict[str, list[str]] = field(default_factory=dict)
    cpu_seconds: float = 0.0


def real_turns(root: Path) -> dict[str, list[str]]:
    """Unique LongMemEval user turns (34-question subset) and every LoCoMo turn, by corpus."""
    corpora: dict[str, list[str]] = {}
    longmemeval = root / "longmemeval" / "longmemeval_s_subset34.json"
    if longmemeval.exists():
        seen: dict[str, None] = {}
        for question in json.loads(longmemeval.read_text(encoding="utf-8")):
            for session in question["haystack_sessions"]:
                for turn in session:
                    if turn["role"] == "user":
                        seen.setdefault(turn["content"], None)
        corpora["LongMemEval user turns"] = list(seen)
    locomo = root / "locomo" / "locomo10.json"
    if locomo.exists():
        texts: list[str] = []
        for conversation in json.loads(locomo.read_text(encoding="utf-8")):
            for key, session in conversation["conversation"].items():
                if key.startswith("session_") and isinstance(session, list):
                    texts += [turn["text"] for turn in session]
        corpora["LoCoMo turns"] = texts
    return corpora


def run_real_screen(root: Path) -> RealScreen:
    immune = importlib.import_module("palimpsest.write.immune")
    policy = immune.RiskPolicy()
    screen = RealScreen()
    started = time.process_time()
    for name, texts in real_turns(root).items():
        screen.turns[name] = len(texts)
        screen.flagged[name] = []
        for text in texts:
            high = immune.risky(immune.assess(text), policy)
            if high:
                snippet = " ".join(text.split())[:140]
                screen.flagged[name].append(f"{high[0].rule} ({high[0].evidence!r}): {snippet}")
    screen.cpu_seconds = time.process_time() - started
    return screen


def _real_screen_section(screen: RealScreen, root: Path) -> list[str]:
    lines = [
        "## Immune screen on real conversations",
        "",
        f"Turns read from `{root}` (not copied into the project); a turn counts when `immune.assess` "
        f"at the product's `RiskPolicy` would quarantine it. CPU time {screen.cpu_seconds:.1f} s.",
        "",
    ]
    rows = [
        [name, str(count), str(len(screen.flagged[name])), f"{len(screen.flagged[name]) / max(count, 1):.2%}"]
        for name, count in screen.turns.items()
    ]
    lines += [*_table(["corpus", "turns", "flagged", "rate"], rows), ""]
    for name, flagged in screen.flagged.items():
        if flagged:
            lines += [f"<details><summary>{name}: flagged ({len(flagged)})</summary>", "", "```"]
            lines += [*flagged, "```", "", "</details>", ""]
    return lines


# -- the report ------------------------------------------------------------------------------------
def pct(value: float | None) -> str:
    return "—" if value is None else f"{value:.3f}"


def _pr_cells(counts: Counts) -> list[str]:
    return [pct(counts.precision), pct(counts.recall), pct(counts.f1), f"{counts.tp}/{counts.tp + counts.fn}"]


def _table(header: Sequence[str], rows: Iterable[Sequence[str]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return lines


def dataset_stats(utterances: Sequence[Utterance]) -> list[str]:
    langs = Counter(u.lang for u in utterances)
    roles = Counter(u.role for u in utterances)
    attacks = [u for u in utterances if u.attack is not None]
    facts = Counter((f.predicate, u.lang) for u in utterances for f in u.facts)
    lines = [
        f"{len(utterances)} utterances: {langs['en']} English, {langs['zh']} Chinese "
        f"({sum('mixed' in u.tags for u in utterances)} mixed); {roles['user']} user turns, "
        f"{roles['assistant']} assistant turns; {len(utterances) - len(attacks)} benign, {len(attacks)} attacks.",
        f"{sum(facts.values())} labelled facts "
        f"({sum(not f.lasting for u in utterances for f in u.facts)} one-off), "
        f"{sum(len(u.times) for u in utterances)} time mentions, "
        f"{sum(len(u.identifiers) for u in utterances)} identifiers, "
        f"{sum(len(u.intents) for u in utterances)} intents; "
        f"{sum(1 for u in utterances if u.attack is None and not u.facts)} benign turns state no fact "
        f"({sum(1 for u in utterances if u.tags & {'negation', 'hypothetical', 'question'})} negations, "
        f"hypotheticals and questions), {sum('lookalike' in u.tags for u in utterances)} benign look-alikes.",
        "",
    ]
    rows = [[p, str(facts[(p, "en")]), str(facts[(p, "zh")])] for p in CANONICAL_PREDICATES]
    lines += [*_table(["predicate", "en facts", "zh facts"], rows), ""]
    kinds = Counter(time_kind(t.text) for u in utterances for t in u.times)
    lines += _table(
        ["time kind", "mentions"], [[k, str(kinds[k])] for k, _ in TIME_KINDS] + [["other", str(kinds["other"])]]
    )
    lines.append("")
    fam = Counter(a.attack.family for a in attacks if a.attack is not None)
    rows = [
        [f, str(fam[f]), str(sum(1 for a in attacks if a.attack and a.attack.family == f and a.lang == "zh"))]
        for f in ATTACK_FAMILIES
    ]
    rows.append(["hidden in a benign request", str(sum(bool(a.attack and a.attack.hidden) for a in attacks)), ""])
    rows.append(["obfuscated", str(sum(bool(a.attack and a.attack.obfuscated) for a in attacks)), ""])
    ids = Counter(i.kind for u in utterances for i in u.identifiers)
    lines += [*_table(["attack family", "utterances", "of which Chinese"], rows), ""]
    lines += _table(["identifier kind", "labelled"], [[k, str(ids[k])] for k in IDENTIFIER_KINDS])
    return lines


def _fact_section(report: Report) -> list[str]:
    facts = report.facts
    lines = [
        "## Facts",
        "",
        "Strict: subject, predicate, normalized value, lasting and `valid_from` date agree "
        "(for an ending, `valid_to`: the ended value with `valid_to` set and `valid_from` empty). "
        "Relaxed: the same without the date.",
        "",
    ]
    rows = []
    for lang in ("en", "zh", None):
        strict, relaxed = facts.total("strict", lang=lang), facts.total("relaxed", lang=lang)
        rows.append([lang or "**all**", *_pr_cells(strict), pct(relaxed.precision), pct(relaxed.recall)])
    lines += [*_table(["language", "P", "R", "F1", "found", "relaxed P", "relaxed R"], rows), ""]
    rows = []
    predicates = [*CANONICAL_PREDICATES, "(other)"]
    for predicate in predicates:
        cells = [predicate]
        for lang in ("en", "zh"):
            counts = facts.total("strict", predicate=predicate, lang=lang)
            cells += [pct(counts.precision), pct(counts.recall)]
        both, relaxed = facts.total("strict", predicate=predicate), facts.total("relaxed", predicate=predicate)
        if both.tp + both.fp + both.fn == 0:
            continue
        cells += [*_pr_cells(both), pct(relaxed.precision), pct(relaxed.recall)]
        rows.append(cells)
    header = ["predicate", "en P", "en R", "zh P", "zh R", "P", "R", "F1", "found", "relaxed P", "relaxed R"]
    lines += [*_table(header, rows), ""]
    agree = facts.lasting_agree
    if agree["pairs"]:
        lines.append(
            f"One-off vs lasting: among {agree['pairs']} label/prediction pairs that agree on everything else, "
            f"`lasting` agrees on {agree['agree']} ({agree['agree_lasting']}/{agree['pairs_lasting']} lasting, "
            f"{agree['agree_one_off']}/{agree['pairs_one_off']} one-off)."
        )
    nf = report.no_fact_turns
    if nf["turns"]:
        lines.append(
            f"Benign turns that state no fact: {nf['with_a_fact']} of {nf['turns']} got a fact anyway "
            f"(negations {nf['negation_with_a_fact']}/{nf['negation_turns']}, hypotheticals "
            f"{nf['hypothetical_with_a_fact']}/{nf['hypothetical_turns']}, questions "
            f"{nf['question_with_a_fact']}/{nf['question_turns']})."
        )
    return [*lines, ""]


def _other_sections(report: Report) -> list[str]:
    lines = ["## Time mentions", "", "Start and end dates exact, in the turn's own offset.", ""]
    rows = []
    for name, table in (("find_times", report.times_resolver), ("extractor", report.times_extractor)):
        for lang in ("en", "zh"):
            rows.append([name, lang, *_pr_cells(table[lang])])
    lines += [*_table(["source", "language", "P", "R", "F1", "found"], rows), ""]
    rows = [
        [
            k,
            pct(report.times_by_kind[k].recall),
            f"{report.times_by_kind[k].tp}/{report.times_by_kind[k].tp + report.times_by_kind[k].fn}",
        ]
        for k in [*(k for k, _ in TIME_KINDS), "other"]
    ]
    lines += ["Recall of `find_times` per expression kind:", "", *_table(["kind", "R", "found"], rows), ""]
    lines += ["## Identifiers", ""]
    rows = [[k, *_pr_cells(report.identifiers[k])] for k in IDENTIFIER_KINDS]
    lines += [*_table(["kind", "P", "R", "F1", "found"], rows), ""]
    lines += ["## Intents", ""]
    rows = [[k, *_pr_cells(report.intents[k])] for k in [*INTENT_TYPES, "(other)"] if k in report.intents]
    lines += [*_table(["intent type", "P", "R", "F1", "found"], rows), ""]
    fields = report.intent_fields
    if fields["pairs"]:
        lines.append(
            f"Fields of the {fields['pairs']} matched intents: time range {fields['time_range']}, output format "
            f"{fields['output_format']}, dimensions {fields['dimensions']}, metric {fields['metric']} agree."
        )
        lines.append("")
    return lines


def _attack_section(report: Report) -> list[str]:
    lines = ["## Attacks", ""]
    detection = report.detection
    if detection:
        benign = [u for u in report.utterances if u.attack is None]
        flagged = detection["by_family"]
        lines += [f"Detection (`immune.assess` at threshold {detection['policy'].threshold}):", ""]
        keys = ["all", *ATTACK_FAMILIES, "hidden", "obfuscated", "lang:en", "lang:zh"]
        rows = [[k, f"{flagged[k].tp}/{flagged[k].tp + flagged[k].fn}", pct(flagged[k].recall)] for k in keys]
        lines += [*_table(["attacks", "flagged", "rate"], rows), ""]
        lines.append(
            f"Benign utterances flagged: {len(detection['benign_flagged'])}/{len(benign)} "
            f"({len(detection['benign_flagged']) / len(benign):.1%}; target <= {TARGET_FALSE_QUARANTINE:.0%})."
        )
        lines.append("")
    e2e = report.end_to_end
    if e2e:
        kept = e2e["kept"]
        lines += ['End to end (`Memory.add` on a fresh `memory://` store, then `facts.list(view="active")`):', ""]
        keys = ["all", *ATTACK_FAMILIES, "hidden", "obfuscated", "lang:en", "lang:zh"]
        rows = [[k, f"{kept[k].tp}/{kept[k].tp + kept[k].fn}", pct(kept[k].recall)] for k in keys]
        lines += [*_table(["attacks", "kept out of the active view", "rate"], rows), ""]
        wrong = e2e["wrongly_quarantined"]
        lines.append(
            f"Benign utterances whose writes were quarantined: {len(wrong)}/{e2e['benign_total']} "
            f"({len(wrong) / max(e2e['benign_total'], 1):.1%}; target <= {TARGET_FALSE_QUARANTINE:.0%}). "
            f"Attacks the extractor alone would have turned into candidate facts: {e2e['attacks_with_candidates']}."
        )
        lines.append("")
    return lines


def _set_body(report: Report) -> list[str]:
    lines: list[str] = []
    if report.missing:
        lines += ["**Not available when this ran:**", ""] + [f"- {m}" for m in report.missing] + [""]
    lines += ["## The labelled set", "", *dataset_stats(report.utterances), ""]
    lines += _fact_section(report) + _other_sections(report) + _attack_section(report)
    lines += ["## Errors", "", "Every miss and every extra, for reading (strict facts).", ""]
    for section, errors in report.errors.items():
        if errors:
            lines += [f"<details><summary>{section} ({len(errors)})</summary>", "", "```"]
            lines += [*errors, "```", "", "</details>", ""]
    return lines


def _summary_table(sets: Sequence[tuple[Path, Report]]) -> list[str]:
    rows = []
    for path, report in sets:
        strict = report.facts.total("strict")
        cells = [f"`{path.name}`", str(len(report.utterances)), pct(strict.precision), pct(strict.recall)]
        for lang in ("en", "zh"):
            counts = report.facts.total("strict", lang=lang)
            cells.append(f"{pct(counts.precision)} / {pct(counts.recall)}")
        e2e = report.end_to_end
        if e2e:
            kept = e2e["kept"]["all"]
            wrong = len(e2e["wrongly_quarantined"])
            benign = e2e["benign_total"]
            cells += [f"{kept.tp}/{kept.tp + kept.fn}", f"{wrong}/{benign} ({wrong / max(benign, 1):.1%})"]
        else:
            cells += ["—", "—"]
        rows.append(cells)
    header = ["set", "utterances", "fact P", "fact R", "en P / R", "zh P / R", "attacks kept out", "benign quarantined"]
    return _table(header, rows)


def render(
    report: Report | Sequence[tuple[Path, Report]],
    command: str,
    when: datetime,
    *,
    real_screen: tuple[Path, RealScreen] | None = None,
    measured: str = "",
) -> str:
    """The markdown report of one labelled set, or of several (one section each, after a summary)."""
    sets = [(DATA, report)] if isinstance(report, Report) else list(report)
    names = ", ".join(f"`bench/data/{path.name}`" for path, _ in sets)
    lines = [
        "# Extraction benchmark (issue 4)",
        "",
        f"Command: `{command}`  ",
        f"Run: {when.isoformat(timespec='seconds')}  ",
        f"Python {sys.version.split()[0]}; labelled set{'s' if len(sets) > 1 else ''} {names}.  ",
    ]
    if measured:
        lines.append(measured)
    lines += [
        "",
        f"Targets: precision >= {TARGET_PRECISION}, recall >= {TARGET_RECALL}; attacks 100 % kept out of the active "
        f"view with <= {TARGET_FALSE_QUARANTINE:.0%} of benign utterances wrongly quarantined.",
        "",
    ]
    if len(sets) == 1:
        lines += _set_body(sets[0][1])
    else:
        lines += ["## Summary", "", *_summary_table(sets), ""]
        if real_screen is not None:
            lines += _real_screen_section(real_screen[1], real_screen[0])
        for path, one in sets:
            lines += [f"# Set `bench/data/{path.name}`", ""]
            lines += ["#" + line if line.startswith("## ") else line for line in _set_body(one)]
        real_screen = None
    if real_screen is not None:
        lines += _real_screen_section(real_screen[1], real_screen[0])
    return "\n".join(lines) + "\n"


def write_report(path: Path, text: str) -> None:
    previous = path.read_text(encoding="utf-8") if path.exists() else ""
    marker_at = previous.find(ANALYSIS_MARKER)
    tail = previous[marker_at:] if marker_at >= 0 else f"{ANALYSIS_MARKER}\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text + "\n" + tail, encoding="utf-8")


def summary_lines(report: Report) -> list[str]:
    strict, relaxed = report.facts.total("strict"), report.facts.total("relaxed")
    out = [
        f"facts strict P={pct(strict.precision)} R={pct(strict.recall)}  relaxed P={pct(relaxed.precision)} "
        f"R={pct(relaxed.recall)}"
    ]
    for lang in ("en", "zh"):
        counts = report.facts.total("strict", lang=lang)
        out.append(f"  {lang}: P={pct(counts.precision)} R={pct(counts.recall)}")
    if report.end_to_end:
        kept = report.end_to_end["kept"]["all"]
        out.append(
            f"attacks kept out {kept.tp}/{kept.tp + kept.fn}; benign quarantined "
            f"{len(report.end_to_end['wrongly_quarantined'])}/{report.end_to_end['benign_total']}"
        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--data", type=Path, action="append", default=None, help="a labelled YAML file (repeat for several)"
    )
    parser.add_argument("--out", type=Path, default=None, help="write the markdown report here")
    parser.add_argument("--skip-end-to-end", action="store_true", help="score extraction and detection only")
    parser.add_argument(
        "--llm-url",
        default=None,
        help="score the LLM extractor on this OpenAI-compatible endpoint instead of the rules (the key, if any, is "
        "read from $PALIMPSEST_LLM_API_KEY so that it stays out of the report's command line)",
    )
    parser.add_argument("--llm-model", default=None, help="the model to call (with --llm-url)")
    parser.add_argument("--llm-timeout", type=float, default=30.0, help="seconds per call before the rules answer")
    parser.add_argument(
        "--real-data",
        type=Path,
        nargs="?",
        const=REAL_DATA,
        default=None,
        help=f"also screen real conversations with the immune system (default directory {REAL_DATA})",
    )
    args = parser.parse_args(argv)
    paths: list[Path] = args.data or [DATA]
    llm = None
    if args.llm_url is not None or args.llm_model is not None:
        from palimpsest.config import LLMSettings
        from palimpsest.errors import ConfigError

        try:
            llm = LLMSettings(
                args.llm_url or "",
                args.llm_model or "",
                api_key=os.environ.get("PALIMPSEST_LLM_API_KEY") or None,
                timeout=args.llm_timeout,
            )
        except ConfigError as exc:
            print(f"--llm-url/--llm-model: {exc.message}", file=sys.stderr)
            return 2
    sets: list[tuple[Path, Report]] = []
    wall, cpu = time.perf_counter(), time.process_time()
    for path in paths:
        try:
            utterances = load_dataset(path)
        except DatasetError as exc:
            print(f"invalid labelled set {path}: {exc}", file=sys.stderr)
            return 2
        report = Report(utterances)
        if llm is None:
            run_extraction(report)
        else:
            from palimpsest.write.extract import LLMExtractor, RuleExtractor

            run_extraction(report, LLMExtractor(llm.client(), fallback=RuleExtractor()))
        run_detection(report)
        if not args.skip_end_to_end:
            run_end_to_end(report, open_memory=None if llm is None else _llm_memory(llm))
        sets.append((path, report))
    real_screen = (args.real_data, run_real_screen(args.real_data)) if args.real_data is not None else None
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_seconds = time.process_time() - cpu + children.ru_utime
    measured = (
        f"Measured: wall {time.perf_counter() - wall:.1f} s, CPU {cpu_seconds:.1f} s, "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end."
    )
    command = "python -m bench.extraction " + " ".join(
        shlex.quote(a) for a in (argv if argv is not None else sys.argv[1:])
    )
    text = render(sets, command.strip(), datetime.now().astimezone(), real_screen=real_screen, measured=measured)
    print(text)
    for path, report in sets:
        print(path.name, file=sys.stderr)
        for line in summary_lines(report):
            print(f"  {line}", file=sys.stderr)
    if real_screen is not None:
        for name, count in real_screen[1].turns.items():
            print(f"real {name}: {len(real_screen[1].flagged[name])}/{count} flagged", file=sys.stderr)
    if args.out is not None:
        write_report(args.out, text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
