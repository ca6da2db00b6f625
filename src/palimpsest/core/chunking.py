"""Cutting a text document into passages for retrieval (``Memory.files``). Pure: no I/O.

A passage is a span ``text[start:end]``; the spans of a document are contiguous and cover it
whole, so joining them gives the document back byte for byte (a file's content is kept as its
passages, never twice). Cuts prefer, in order: a blank line (paragraph), a sentence end
(``. ! ?`` followed by a space, or the Chinese ``。！？；`` which need none), a line break, a
space, and only as a last resort an arbitrary character. Size is measured in estimated
tokens (one per CJK character, ~1.3 per English word), so a Chinese passage and an English
one carry a similar amount of meaning.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from palimpsest.core.tokens import estimate_tokens
from palimpsest.errors import ValidationError

DEFAULT_MAX_TOKENS = 160
"""Passage size: long enough to hold a paragraph's point, short enough that a hit is specific."""

_PARAGRAPH = re.compile(r"\n[ \t\r\f\v]*\n\s*")
_SENTENCE = re.compile(r"(?:[.!?]+[\"')\]]*\s+|[。！？；…]+[”’」』）]*\s*|[;；]\s*)")
_LINE = re.compile(r"\n\s*")
_SPACE = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class Passage:
    position: int
    start: int
    end: int
    text: str
    """``document[start:end]`` with surrounding whitespace removed (what is indexed and shown)."""


def _cuts(text: str, pattern: re.Pattern[str]) -> list[int]:
    """Positions just after each separator: a piece starts at each of them."""
    return [m.end() for m in pattern.finditer(text) if 0 < m.end() < len(text)]


def _pieces(text: str, start: int, end: int, level: int, max_tokens: int) -> list[tuple[int, int]]:
    """Split ``text[start:end]`` into spans of at most ``max_tokens`` each, cutting at the
    coarsest separator that makes the pieces fit."""
    if estimate_tokens(text[start:end]) <= max_tokens:
        return [(start, end)]
    patterns = (_PARAGRAPH, _SENTENCE, _LINE, _SPACE)
    if level >= len(patterns):
        return _hard_split(text, start, end, max_tokens)
    segment = text[start:end]
    bounds = [start, *(start + c for c in _cuts(segment, patterns[level])), end]
    if len(bounds) == 2:
        return _pieces(text, start, end, level + 1, max_tokens)
    spans: list[tuple[int, int]] = []
    for a, b in itertools.pairwise(bounds):
        spans.extend(_pieces(text, a, b, level + 1, max_tokens))
    return spans


def _hard_split(text: str, start: int, end: int, max_tokens: int) -> list[tuple[int, int]]:
    """No separator left (one enormous word, or unpunctuated CJK): cut by estimated size."""
    spans: list[tuple[int, int]] = []
    a = start
    while a < end:
        b = a + 1
        step = max(1, max_tokens // 2)
        while b < end and estimate_tokens(text[a : min(end, b + step)]) <= max_tokens:
            b = min(end, b + step)
        while b < end and estimate_tokens(text[a : b + 1]) <= max_tokens:
            b += 1
        spans.append((a, b))
        a = b
    return spans


def _pack(text: str, spans: list[tuple[int, int]], max_tokens: int) -> list[tuple[int, int]]:
    """Join neighbouring small spans back together while they fit (a paragraph of short sentences
    is one passage, not ten)."""
    packed: list[tuple[int, int]] = []
    for a, b in spans:
        if packed and estimate_tokens(text[packed[-1][0] : b]) <= max_tokens:
            packed[-1] = (packed[-1][0], b)
        elif packed and not text[a:b].strip():
            packed[-1] = (packed[-1][0], b)  # whitespace alone is no passage: it ends the previous one
        else:
            packed.append((a, b))
    return packed


def chunk_text(text: str, max_tokens: int = DEFAULT_MAX_TOKENS) -> list[Passage]:
    """Contiguous passages covering ``text``; ``"".join(text[p.start:p.end])`` is ``text``.

    Leading whitespace of the document belongs to the first passage. An empty or blank text has
    no passages.
    """
    if max_tokens < 8:
        raise ValidationError("max_tokens must be at least 8")
    if not text.strip():
        return []
    spans = _pack(text, _pieces(text, 0, len(text), 0, max_tokens), max_tokens)
    if len(spans) > 1 and not text[spans[0][0] : spans[0][1]].strip():
        spans = [(0, spans[1][1]), *spans[2:]]
    return [Passage(i, a, b, text[a:b].strip()) for i, (a, b) in enumerate(spans)]
