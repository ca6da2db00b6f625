"""Summaries written by an OpenAI-compatible LLM, with the rule summarizer as the safety net.

The LLM is asked for the sections of seed 000 §2.3 as one JSON object. Its answer is
validated by hand and strictly (exactly the expected keys, the expected types, bounded
sizes, a known sentiment label): a summary feeds later prompts, so a malformed one
is worse than a plainer rule-based one. On any failure — network, HTTP error, invalid
JSON, wrong shape — the fallback summarizer answers instead and ``last_error`` says why.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any, Protocol

from palimpsest.core.summarize import SENTIMENTS, Summarizer
from palimpsest.errors import PalimpsestError
from palimpsest.llm.record import CallRecord, RecordedCalls
from palimpsest.types import Summary, SummarySections, Turn

__all__ = ["LLMSummarizer", "SummaryShapeError", "parse_sections"]

_KEYS = ("topic", "confirmed_facts", "open_items", "entities", "intent", "sentiment")
_LIST_KEYS = ("confirmed_facts", "open_items", "entities")
_MAX_ITEMS = 50
_MAX_TEXT = 300
_MAX_TURN_CHARS = 4000
_FENCE = re.compile(r"^\s*```(?:json)?\s*(.*?)\s*```\s*$", re.DOTALL)

_SHAPE = (
    '{"topic": string, "confirmed_facts": [string], "open_items": [string], '
    '"entities": [string], "intent": string, "sentiment": "positive" | "neutral" | "negative" | "frustrated"}'
)
_SESSION_PROMPT = f"""You maintain a structured summary of one conversation between a user and an agent.
Update the existing summary with the new turns and answer with ONE JSON object of exactly this shape:
{_SHAPE}
- topic: the core topic currently being handled, as a short label;
- confirmed_facts: stable facts the user stated or confirmed, short, de-duplicated; a newer fact about the
  same thing replaces the older one (moving from Shanghai to Beijing leaves only Beijing);
- open_items: questions not yet answered and promised or requested actions not yet done; drop resolved ones;
- entities: people, places, products, order numbers, phones, e-mails and dates mentioned, most recent first;
- intent: the user's current goal; sentiment: the user's current tone.
Write in the language of the conversation. No text outside the JSON object."""

_STORYLINE_PROMPT = f"""You maintain a user's storyline across conversations. Given the summaries of the
user's sessions, oldest first, answer with ONE JSON object of exactly this shape:
{_SHAPE}
- topic: the recurring themes; confirmed_facts: all facts, newer ones winning over older ones about the same
  thing; open_items: only items still open; entities: all entities, most recent first; intent and sentiment:
  the latest. Keep the language of the summaries. No text outside the JSON object."""


class ChatCompleter(Protocol):
    """What the summarizer needs from a chat client (:class:`palimpsest.llm.ChatClient` has it)."""

    def complete(
        self, messages: Sequence[Mapping[str, str]], *, json_mode: bool = False, temperature: float = 0.0
    ) -> str: ...


class SummaryShapeError(ValueError):
    """The LLM's answer is not a summary of the expected shape."""


def parse_sections(text: str) -> SummarySections:
    """Parse and strictly validate an LLM answer into :class:`SummarySections`.

    Raises :class:`SummaryShapeError` naming the first problem found.
    """
    fenced = _FENCE.match(text)
    try:
        data = json.loads(fenced.group(1) if fenced else text)
    except json.JSONDecodeError as exc:
        raise SummaryShapeError(f"not JSON: {exc.msg} at position {exc.pos}") from None
    if not isinstance(data, dict):
        raise SummaryShapeError(f"expected a JSON object, got {type(data).__name__}")
    missing = [k for k in _KEYS if k not in data]
    extra = sorted(set(data) - set(_KEYS))
    if missing or extra:
        raise SummaryShapeError(f"wrong keys: missing {missing}, unexpected {extra}")
    sentiment = _text(data, "sentiment").lower()
    if sentiment not in SENTIMENTS:
        raise SummaryShapeError(f"sentiment must be one of {list(SENTIMENTS)}, got {sentiment!r}")
    lists = {key: _texts(data, key) for key in _LIST_KEYS}
    return SummarySections(
        topic=_text(data, "topic"),
        confirmed_facts=lists["confirmed_facts"],
        open_items=lists["open_items"],
        entities=lists["entities"],
        intent=_text(data, "intent"),
        sentiment=sentiment,
    )


def _text(data: Mapping[str, Any], key: str) -> str:
    value = data[key]
    if not isinstance(value, str):
        raise SummaryShapeError(f"{key} must be a string, got {type(value).__name__}")
    if len(value) > _MAX_TEXT:
        raise SummaryShapeError(f"{key} is longer than {_MAX_TEXT} characters")
    return value.strip()


def _texts(data: Mapping[str, Any], key: str) -> tuple[str, ...]:
    value = data[key]
    if not isinstance(value, list):
        raise SummaryShapeError(f"{key} must be a list of strings, got {type(value).__name__}")
    if len(value) > _MAX_ITEMS:
        raise SummaryShapeError(f"{key} has more than {_MAX_ITEMS} entries")
    out: list[str] = []
    for index, item in enumerate(value):
        if not isinstance(item, str) or not item.strip():
            raise SummaryShapeError(f"{key}[{index}] must be a non-empty string")
        if len(item) > _MAX_TEXT:
            raise SummaryShapeError(f"{key}[{index}] is longer than {_MAX_TEXT} characters")
        out.append(item.strip())
    return tuple(dict.fromkeys(out))


def _sections_json(sections: SummarySections | None) -> str:
    return json.dumps(asdict(sections) if sections else {}, ensure_ascii=False)


class LLMSummarizer(RecordedCalls):
    """A :class:`~palimpsest.core.summarize.Summarizer` backed by a chat LLM, falling back on failure.

    ``last_error`` is ``None`` after a call the LLM answered well, else a short reason
    (the fallback produced that call's result). It describes this thread's most recent call, so
    one instance can serve concurrent requests; ``calls`` and ``fallbacks`` count every thread's.
    """

    def __init__(self, client: ChatCompleter, fallback: Summarizer) -> None:
        self.client = client
        self.fallback = fallback
        self._record = CallRecord()

    def summarize_session(self, previous: SummarySections | None, new_turns: Sequence[Turn]) -> SummarySections:
        if not new_turns:
            self._record.skipped()
            return previous or SummarySections()
        conversation = "\n".join(f"{t.role}: {t.content[:_MAX_TURN_CHARS]}" for t in new_turns)
        user = f"Existing summary:\n{_sections_json(previous)}\n\nNew turns:\n{conversation}"
        result = self._ask(_SESSION_PROMPT, user)
        return result if result is not None else self.fallback.summarize_session(previous, new_turns)

    def storyline(self, session_summaries: Sequence[Summary]) -> SummarySections:
        if not session_summaries:
            self._record.skipped()
            return SummarySections()
        ordered = sorted(session_summaries, key=lambda s: s.updated_at)
        sessions = "\n".join(f"{s.updated_at.isoformat()}: {_sections_json(s.sections)}" for s in ordered)
        result = self._ask(_STORYLINE_PROMPT, f"Session summaries, oldest first:\n{sessions}")
        return result if result is not None else self.fallback.storyline(session_summaries)

    def _ask(self, system: str, user: str) -> SummarySections | None:
        messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
        try:
            answer = self.client.complete(messages, json_mode=True)
            sections = parse_sections(answer)
        except PalimpsestError as exc:
            self._record.fell_back(f"{type(exc).__name__}: {exc.message}")
            return None
        except SummaryShapeError as exc:
            self._record.fell_back(f"invalid summary from LLM: {exc}")
            return None
        self._record.answered()
        return sections
