"""Extraction: one turn in, an :class:`~palimpsest.write.model.Extraction` out.

Two extractors behind one :class:`Extractor` protocol:

- :class:`RuleExtractor` (the default, no LLM needed): identifiers, time expressions,
  candidate facts, structured intents, topic/intent tags and cognitive anchors from the
  English and Chinese rule sets; request types are checked by a small learned classifier
  shipped as package data (:mod:`palimpsest.write.intent_model`). Code-switched turns
  ("我买了iPhone 15", "I moved to 北京") run both rule sets and the results are de-duplicated.
- :class:`LLMExtractor`: an OpenAI-compatible chat model proposes facts, intents, tags and
  anchors as one JSON object, validated strictly by hand; identifiers and times stay
  deterministic. On any failure (network, HTTP error, invalid JSON, schema violation) the
  fallback extractor answers instead and ``last_error`` says why.

Conventions a caller may rely on:

- facts come only from user turns; other roles still get identifiers, times, tags and anchors
  (an assistant's proposal becomes a fact only when the user confirms it — the
  "confirmation" anchor — which the write pipeline links);
- an *ending* ("I don't live in Shanghai anymore", "不用iPhone了", "I left Google") is a
  :class:`CandidateFact` carrying the ended value with ``valid_to`` set (the time the turn
  names, else the turn's time), ``valid_from=None`` and ``ends_previous=True``;
- a move or change ("I moved to Beijing last Monday", "我上个月搬到了杭州") sets
  ``ends_previous=True`` and ``valid_from`` to the start of the time mentioned;
- one-off preferences ("今天用深色模式") have ``lasting=False``; a preference without a
  marker is lasting with confidence 0.7;
- every extraction has at least one intent tag ("statement" when nothing else applies).
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime, tzinfo
from typing import Any, Literal, Protocol, runtime_checkable

from palimpsest.errors import NaiveDatetimeError, PalimpsestError
from palimpsest.llm.record import CallRecord, RecordedCalls
from palimpsest.text import detect_language
from palimpsest.write import rules_en, rules_zh
from palimpsest.write.casual import Tidied, tidy_en, tidy_zh
from palimpsest.write.identifiers import find_identifiers
from palimpsest.write.intent_model import IntentClassifier, blend, default_classifier
from palimpsest.write.model import (
    AnchorKind,
    CandidateFact,
    Extraction,
    Intent,
    Language,
    RelativeTime,
)
from palimpsest.write.rulekit import INTENT_TAG_OF_TYPE, RuleOutput, TurnContext
from palimpsest.write.timeexpr import find_times

__all__ = [
    "ANCHORS",
    "CANONICAL_PREDICATES",
    "INTENT_TAGS",
    "TOPICS",
    "ExtractionShapeError",
    "Extractor",
    "LLMExtractor",
    "RuleExtractor",
    "parse_llm_extraction",
]

CANONICAL_PREDICATES: tuple[str, ...] = (
    "lives_in",
    "address",
    "works_at",
    "job_title",
    "owns_device",
    "phone",
    "email",
    "order_id",
    "ticket_id",
    "name",
    "preferred_report_format",
    "preferred_export_format",
    "preferred_theme",
    "preferred_language",
    "preferred_notification_channel",
    "preferred_shipping_carrier",
    "preferred_payment_method",
    "preference",
)
"""The predicates the rule extractors produce, in report order (the registry YAML describes them)."""
TOPICS: tuple[str, ...] = (
    "orders",
    "billing",
    "relocation",
    "reports",
    "account",
    "devices",
    "shipping",
    "support",
    "preferences",
    "profile",
)
INTENT_TAGS: tuple[str, ...] = (
    "query",
    "export",
    "modify_setting",
    "complaint",
    "refund",
    "confirm",
    "correction",
    "statement",
)
ANCHORS: tuple[AnchorKind, ...] = ("decision", "confirmation", "change", "failure_correction")

_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
_LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
_MIN_CJK_FOR_ZH = 2
_MIN_WORDS_FOR_EN = 2


@runtime_checkable
class Extractor(Protocol):
    """Turns one turn's text into an :class:`Extraction`."""

    name: str

    def extract(
        self, text: str, *, speaker_id: str, at: datetime, role: str = "user", tz: tzinfo = UTC
    ) -> Extraction: ...


def _check_aware(at: datetime) -> None:
    if at.tzinfo is None or at.utcoffset() is None:
        raise NaiveDatetimeError("extraction needs a timezone-aware turn time")


def _language(text: str) -> Language:
    return "zh" if detect_language(text) == "zh" else "en"


# ---------------------------------------------------------------------------- rules

Shipped = Literal["shipped"]
"""The model shipped with the package, loaded on first use."""


class RuleExtractor:
    """Deterministic bilingual extraction (the default; needs no LLM).

    ``intent_model``: the learned request-type classifier blended with the intent rules (the one shipped with the
    package by default, loaded on first use); ``None`` keeps the rules alone.

    ``tidy`` (the default) lets each rule set read a tidied copy of the turn, with casual typing
    ("im", "ok so", "哈", half-width commas in Chinese, emoji) made standard; ``tidy=False`` reads the
    turn exactly as written (the benchmarks use it as the baseline).
    """

    name = "rules"

    def __init__(self, *, tidy: bool = True, intent_model: IntentClassifier | Shipped | None = "shipped") -> None:
        self.tidy = tidy
        self._intent_model = intent_model

    @property
    def intent_model(self) -> IntentClassifier | None:
        """The learned classifier that decides request types beside the rules (``None``: the rules alone)."""
        if self._intent_model == "shipped":
            self._intent_model = default_classifier()
        return self._intent_model

    def extract(self, text: str, *, speaker_id: str, at: datetime, role: str = "user", tz: tzinfo = UTC) -> Extraction:
        _check_aware(at)
        identifiers = tuple(find_identifiers(text))
        # language=None: both word sets, which code-switched turns need ("I moved to 北京 上周一").
        times = tuple(find_times(text, at, tz=tz, language=None))
        ctx = TurnContext(text, speaker_id, at, role, times, identifiers)
        language = _language(text)
        out = RuleOutput()
        if language == "zh" or len(_CJK.findall(text)) >= _MIN_CJK_FOR_ZH:
            out.merge(
                _read_tidied(
                    rules_zh.apply_rules,
                    tidy_zh(text, chinese_turn=language == "zh") if self.tidy else Tidied.of(text),
                    ctx,
                    tz,
                )
            )
        if language == "en" or len(_LATIN_WORD.findall(text)) >= _MIN_WORDS_FOR_EN:
            out.merge(_read_tidied(rules_en.apply_rules, tidy_en(text) if self.tidy else _as_written(text), ctx, tz))
        intents, intent_tags = _dedupe_intents(out.intents), set(out.intent_tags)
        model = self.intent_model
        if model is not None and role == "user":
            intents, intent_tags = _blend_intents(model, ctx, language, intents, intent_tags)
        return Extraction(
            language=language,
            identifiers=identifiers,
            times=times,
            facts=tuple(_dedupe_facts(out.facts)),
            intents=tuple(intents),
            topics=_ordered(out.topics, TOPICS),
            intent_tags=_ordered(intent_tags or {"statement"}, INTENT_TAGS),
            anchors=_ordered(out.anchors, ANCHORS),
            extractor=self.name,
        )


def _blend_intents(
    model: IntentClassifier, ctx: TurnContext, language: Language, intents: list[Intent], tags: set[str]
) -> tuple[list[Intent], set[str]]:
    """The rules' requests, less the types the learned model rules out, plus the types it is sure of that the rules
    missed (their details read by the rules of the turn's language); the intent tags follow."""
    kinds = (m.kind for m in ctx.identifiers)
    kept, added = blend((i.intent_type for i in intents), model.scores(ctx.text), ctx.text, kinds)
    describe = rules_zh.describe_request if language == "zh" else rules_en.describe_request
    final = [i for i in intents if i.intent_type in kept] + [describe(ctx, kind) for kind in added]
    dropped = {INTENT_TAG_OF_TYPE.get(i.intent_type) for i in intents if i.intent_type not in kept}
    still = {INTENT_TAG_OF_TYPE.get(i.intent_type) for i in final}
    tags = (tags - (dropped - still)) | {tag for tag in still if tag is not None}
    return final, tags


def _as_written(text: str) -> Tidied:
    # The literal reading keeps the rules' own sign of a turn typed in lower case: no capital "I".
    return dataclasses.replace(Tidied.of(text), typed_in_lower_case=re.search(r"\bI\b", text) is None)


def _read_tidied(
    apply_rules: Callable[[TurnContext], RuleOutput], tidied: Tidied, ctx: TurnContext, tz: tzinfo
) -> RuleOutput:
    """Run one rule set on its tidied copy of the turn (see :mod:`palimpsest.write.casual`).

    The times and identifiers the extraction reports stay those of the turn as written; the rules get
    their own, found in the copy they read, and their evidence is quoted back in the user's words."""
    if tidied.text == ctx.text:
        return apply_rules(dataclasses.replace(ctx, typed_in_lower_case=tidied.typed_in_lower_case))
    tidy_ctx = TurnContext(
        tidied.text,
        ctx.speaker_id,
        ctx.at,
        ctx.role,
        tuple(find_times(tidied.text, ctx.at, tz=tz, language=None)),
        tuple(find_identifiers(tidied.text)),
        tidied.typed_in_lower_case,
    )
    out = apply_rules(tidy_ctx)
    out.facts = [
        dataclasses.replace(fact, evidence_text=tidied.in_original(ctx.text, fact.evidence_text))
        if fact.evidence_text
        else fact
        for fact in out.facts
    ]
    # (an address is kept in the script it was typed in; the rules read it simplified; so are the names of people and
    # employers: "我太太叫陳美玲", "我在台積電當工程師")
    out.facts = [
        dataclasses.replace(fact, value=tidied.as_written(ctx.text, fact.value))
        if fact.predicate in _KEPT_AS_WRITTEN
        else fact
        for fact in out.facts
    ]
    # (so is a person named as the subject: "同事陳怡君的信箱是 …" is about 陳怡君)
    out.facts = [
        dataclasses.replace(fact, subject=tidied.as_written(ctx.text, fact.subject))
        if not fact.subject.startswith(ctx.speaker_id)
        else fact
        for fact in out.facts
    ]
    return out


# The values kept in the script they were typed in (see :func:`_read_tidied`); a carrier is a company's name too
# ("用黑貓宅急便").
_KEPT_AS_WRITTEN = frozenset({"address", "name", "works_at", "preferred_shipping_carrier"})


def _ordered(found: Iterable[str], vocabulary: Sequence[str]) -> tuple[Any, ...]:
    present = set(found)
    return tuple(tag for tag in vocabulary if tag in present)


def _dedupe_facts(facts: Iterable[CandidateFact]) -> list[CandidateFact]:
    """One candidate per (subject, predicate, value, ending-or-not), the most confident; a number one rule set reads
    as a ticket is not an order too ("售後單 AS-20260915-033": the English rules know no 售后单 and guess an order)."""
    facts = list(facts)
    tickets = {f.value.casefold() for f in facts if f.predicate == "ticket_id"}
    best: dict[tuple[str, str, str, bool], CandidateFact] = {}
    for fact in facts:
        if fact.predicate == "order_id" and fact.value.casefold() in tickets:
            continue
        key = (fact.subject, fact.predicate, fact.value.casefold(), fact.valid_to is None)
        kept = best.get(key)
        if kept is None or fact.confidence > kept.confidence:
            best[key] = fact
    return list(best.values())


def _dedupe_intents(intents: Iterable[Intent]) -> list[Intent]:
    # Both rule sets may read the same request; the first (and richer: it has the most slots) wins.
    best: dict[str, Intent] = {}
    for intent in intents:
        kept = best.get(intent.intent_type)
        if kept is None or _richness(intent) > _richness(kept):
            best[intent.intent_type] = intent
    return list(best.values())


def _richness(intent: Intent) -> int:
    return (
        len(intent.dimensions)
        + len(intent.slots)
        + sum(x is not None for x in (intent.time_range, intent.metric, intent.output_format))
    )


# ---------------------------------------------------------------------------- LLM


class ChatCompleter(Protocol):
    """What the extractor needs from a chat client (:class:`palimpsest.llm.ChatClient` has it)."""

    def complete(
        self, messages: Sequence[Mapping[str, str]], *, json_mode: bool = False, temperature: float = 0.0
    ) -> str: ...


class ExtractionShapeError(ValueError):
    """The LLM's answer is not an extraction of the expected shape (never escapes the extractor)."""


_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL)
_MAX_TURN_CHARS = 4000
_MAX_ITEMS = 30
_MAX_VALUE_CHARS = 200
_TOP_KEYS = frozenset({"facts", "intents", "topics", "intent_tags", "anchors"})
_FACT_REQUIRED = frozenset({"subject", "predicate", "value", "lasting", "confidence"})
_FACT_OPTIONAL = frozenset({"valid_from", "valid_to", "ends_previous", "evidence"})
_INTENT_REQUIRED = frozenset({"intent_type"})
_INTENT_OPTIONAL = frozenset({"time_range", "dimensions", "metric", "output_format", "slots"})
_TIME_UNITS = frozenset({"day", "week", "month", "year", "weekday", "hour", "minute"})
_SPEAKER_WORDS = frozenset({"speaker", "user", "me", "self", "i", "我"})

_PROMPT = """You extract memory from one turn of a conversation between a user and an assistant.
Answer with ONE JSON object, no other text, of exactly this shape:
{{"facts": [{{"subject": string, "predicate": string, "value": string, "valid_from": ISO-8601 with timezone | null,
  "valid_to": ISO-8601 with timezone | null, "lasting": boolean, "confidence": number 0..1,
  "ends_previous": boolean, "evidence": string}}],
 "intents": [{{"intent_type": string, "time_range": {{"unit": "day"|"week"|"month"|"year"|"weekday",
  "offset": integer, "weekday": 0..6 | null}} | null, "dimensions": [string], "metric": string | null,
  "output_format": string | null, "slots": {{string: string}}}}],
 "topics": [one of {topics}], "intent_tags": [one of {intent_tags}], "anchors": [one of {anchors}]}}
Rules:
- predicate is one of these (name: what its value holds):
{predicates}
- subject is "speaker" for the person speaking, "speaker:wife" (etc.) for their relatives, else the
  person's name.
- Only facts the user states about the present or a change; nothing from questions, hypotheticals,
  plans or plain negations. A state that ended ("I no longer live in X") is the ended value with
  valid_to set and ends_previous true. A move or change has ends_previous true and valid_from at the
  start of the time mentioned.
- lasting is false for one-off preferences ("today", "this time", "今天", "这次"); confidence 0.7 for
  a preference said without "always"/"from now on"/"以后都"/"默认".
- Resolve relative times against the turn time {at} (user time zone {tz}).
- intents: requests as structure, e.g. "把上个月销售数据按区域汇总" -> data_aggregation, time_range
  {{"unit": "month", "offset": -1}}, dimensions ["region"], metric "sales_volume", output_format "table".
- anchors: decision, confirmation ("yes, use this template"), change ("change the default to A"),
  failure_correction ("that's wrong, it should be Q1 2024").
The turn's role is {role}."""


class LLMExtractor(RecordedCalls):
    """Extraction by an OpenAI-compatible chat model, with ``fallback`` as the safety net.

    ``last_error`` is ``None`` after a call the model answered well, else a short reason
    (and the fallback's extraction was returned); it is per thread, so one instance can serve
    concurrent requests. ``calls`` and ``fallbacks`` count every thread's calls. ``predicates``
    adds tenant-registered predicate names to the canonical ones the model may use.
    """

    name = "llm"

    def __init__(
        self,
        client: ChatCompleter,
        fallback: Extractor,
        *,
        predicates: Iterable[str] = (),
        descriptions: Mapping[str, str] | None = None,
    ) -> None:
        self._client = client
        self._fallback = fallback
        self.predicates = frozenset(CANONICAL_PREDICATES) | frozenset(predicates)
        # What each predicate's value holds, from the registry ("The city or town where the subject lives."): the
        # model is told the meaning, not only the name. Defaults to the packaged registry's descriptions.
        if descriptions is None:
            from palimpsest.core.predicates import PredicateRegistry

            registry = PredicateRegistry()
            descriptions = {name: registry.get(name).description for name in registry.names()}
        self._predicate_lines = "\n".join(
            f"  {name}: {descriptions.get(name) or name.replace('_', ' ')}" for name in sorted(self.predicates)
        )
        self._record = CallRecord()

    def extract(self, text: str, *, speaker_id: str, at: datetime, role: str = "user", tz: tzinfo = UTC) -> Extraction:
        _check_aware(at)
        prompt = _PROMPT.format(
            topics=", ".join(TOPICS),
            intent_tags=", ".join(INTENT_TAGS),
            anchors=", ".join(ANCHORS),
            predicates=self._predicate_lines,
            at=at.isoformat(),
            tz=str(tz),
            role=role,
        )
        messages = [{"role": "system", "content": prompt}, {"role": "user", "content": text[:_MAX_TURN_CHARS]}]
        try:
            answer = self._client.complete(messages, json_mode=True)
            parsed = parse_llm_extraction(answer, speaker_id=speaker_id, predicates=self.predicates)
        except PalimpsestError as exc:
            self._record.fell_back(f"{type(exc).__name__}: {exc.message}")
            return self._fallback.extract(text, speaker_id=speaker_id, at=at, role=role, tz=tz)
        except ExtractionShapeError as exc:
            self._record.fell_back(f"invalid extraction from LLM: {exc}")
            return self._fallback.extract(text, speaker_id=speaker_id, at=at, role=role, tz=tz)
        self._record.answered()
        facts, intents, topics, intent_tags, anchors = parsed
        return Extraction(
            language=_language(text),
            identifiers=tuple(find_identifiers(text)),
            times=tuple(find_times(text, at, tz=tz, language=None)),
            facts=facts if role == "user" else (),
            intents=intents if role == "user" else (),
            topics=topics,
            intent_tags=intent_tags or ("statement",),
            anchors=anchors,
            extractor=self.name,
        )


# ---------------------------------------------------------------------------- LLM answer validation

_Parsed = tuple[tuple[CandidateFact, ...], tuple[Intent, ...], tuple[str, ...], tuple[str, ...], tuple[AnchorKind, ...]]


def parse_llm_extraction(text: str, *, speaker_id: str, predicates: Iterable[str] = CANONICAL_PREDICATES) -> _Parsed:
    """Parse and strictly validate a model's answer: (facts, intents, topics, intent tags, anchors).

    Raises :class:`ExtractionShapeError` naming the first problem found.
    """
    fenced = _FENCE.match(text)
    try:
        data = json.loads(fenced.group(1) if fenced else text)
    except json.JSONDecodeError as exc:
        raise ExtractionShapeError(f"not JSON: {exc.msg} at position {exc.pos}") from None
    obj = _object(data, "answer", _TOP_KEYS, frozenset())
    allowed = frozenset(predicates)
    facts = tuple(_fact(item, f"facts[{i}]", speaker_id, allowed) for i, item in enumerate(_list(obj, "facts")))
    intents = tuple(_intent(item, f"intents[{i}]") for i, item in enumerate(_list(obj, "intents")))
    return (
        facts,
        intents,
        _labels(obj, "topics", TOPICS),
        _labels(obj, "intent_tags", INTENT_TAGS),
        _labels(obj, "anchors", ANCHORS),
    )


def _object(data: Any, where: str, required: frozenset[str], optional: frozenset[str]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise ExtractionShapeError(f"{where}: expected an object, got {type(data).__name__}")
    missing = sorted(required - set(data))
    extra = sorted(set(data) - required - optional)
    if missing or extra:
        raise ExtractionShapeError(f"{where}: missing keys {missing}, unexpected keys {extra}")
    return data


def _list(obj: Mapping[str, Any], key: str) -> list[Any]:
    value = obj[key]
    if not isinstance(value, list):
        raise ExtractionShapeError(f"{key}: expected a list, got {type(value).__name__}")
    if len(value) > _MAX_ITEMS:
        raise ExtractionShapeError(f"{key}: more than {_MAX_ITEMS} items")
    return value


def _string(value: Any, where: str, *, optional: bool = False) -> str | None:
    if value is None and optional:
        return None
    if not isinstance(value, str) or not value.strip():
        raise ExtractionShapeError(f"{where}: expected a non-empty string")
    if len(value) > _MAX_VALUE_CHARS:
        raise ExtractionShapeError(f"{where}: longer than {_MAX_VALUE_CHARS} characters")
    return value.strip()


def _bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise ExtractionShapeError(f"{where}: expected true or false")
    return value


def _time(value: Any, where: str) -> datetime | None:
    if value is None:
        return None
    text = _string(value, where)
    try:
        parsed = datetime.fromisoformat(text or "")
    except ValueError:
        raise ExtractionShapeError(f"{where}: not an ISO-8601 time: {value!r}") from None
    if parsed.tzinfo is None or parsed.utcoffset() is None:
        raise ExtractionShapeError(f"{where}: time without a timezone: {value!r}")
    return parsed.astimezone(UTC)


def _subject(raw: str, speaker_id: str) -> str:
    if raw.casefold() in _SPEAKER_WORDS:
        return speaker_id
    head, sep, relation = raw.partition(":")
    if sep and head.casefold() in _SPEAKER_WORDS and relation.strip():
        return f"{speaker_id}:{relation.strip()}"
    return raw


def _fact(item: Any, where: str, speaker_id: str, predicates: frozenset[str]) -> CandidateFact:
    obj = _object(item, where, _FACT_REQUIRED, _FACT_OPTIONAL)
    predicate = _string(obj["predicate"], f"{where}.predicate") or ""
    if predicate not in predicates:
        raise ExtractionShapeError(f"{where}.predicate: unknown predicate {predicate!r}")
    confidence = obj["confidence"]
    if isinstance(confidence, bool) or not isinstance(confidence, int | float) or not 0.0 <= confidence <= 1.0:
        raise ExtractionShapeError(f"{where}.confidence: expected a number in [0, 1]")
    valid_from = _time(obj.get("valid_from"), f"{where}.valid_from")
    valid_to = _time(obj.get("valid_to"), f"{where}.valid_to")
    if valid_from is not None and valid_to is not None and valid_to <= valid_from:
        raise ExtractionShapeError(f"{where}: valid_to is not after valid_from")
    return CandidateFact(
        subject=_subject(_string(obj["subject"], f"{where}.subject") or "", speaker_id),
        predicate=predicate,
        value=_string(obj["value"], f"{where}.value") or "",
        valid_from=valid_from,
        valid_to=valid_to,
        lasting=_bool(obj["lasting"], f"{where}.lasting"),
        confidence=float(confidence),
        rule="llm",
        evidence_text=_string(obj.get("evidence"), f"{where}.evidence", optional=True) or "",
        ends_previous=_bool(obj.get("ends_previous", False), f"{where}.ends_previous"),
    )


def _intent(item: Any, where: str) -> Intent:
    obj = _object(item, where, _INTENT_REQUIRED, _INTENT_OPTIONAL)
    dimensions = obj.get("dimensions", [])
    if not isinstance(dimensions, list):
        raise ExtractionShapeError(f"{where}.dimensions: expected a list")
    slots = obj.get("slots", {})
    if not isinstance(slots, dict):
        raise ExtractionShapeError(f"{where}.slots: expected an object")
    return Intent(
        intent_type=_string(obj["intent_type"], f"{where}.intent_type") or "",
        time_range=_relative(obj.get("time_range"), f"{where}.time_range"),
        dimensions=tuple(_string(d, f"{where}.dimensions") or "" for d in dimensions),
        metric=_string(obj.get("metric"), f"{where}.metric", optional=True),
        output_format=_string(obj.get("output_format"), f"{where}.output_format", optional=True),
        slots={str(k): _string(v, f"{where}.slots.{k}") or "" for k, v in slots.items()},
    )


def _relative(value: Any, where: str) -> RelativeTime | None:
    if value is None:
        return None
    obj = _object(value, where, frozenset({"unit", "offset"}), frozenset({"weekday"}))
    unit, offset, weekday = obj["unit"], obj["offset"], obj.get("weekday")
    if unit not in _TIME_UNITS:
        raise ExtractionShapeError(f"{where}.unit: unknown unit {unit!r}")
    if isinstance(offset, bool) or not isinstance(offset, int):
        raise ExtractionShapeError(f"{where}.offset: expected an integer")
    if weekday is not None and (isinstance(weekday, bool) or not isinstance(weekday, int) or not 0 <= weekday <= 6):
        raise ExtractionShapeError(f"{where}.weekday: expected 0..6 or null")
    return RelativeTime(unit=unit, offset=offset, weekday=weekday)


def _labels(obj: Mapping[str, Any], key: str, vocabulary: Sequence[str]) -> tuple[Any, ...]:
    labels = _list(obj, key)
    for label in labels:
        if label not in vocabulary:
            raise ExtractionShapeError(f"{key}: unknown label {label!r} (known: {', '.join(vocabulary)})")
    return _ordered(labels, vocabulary)
