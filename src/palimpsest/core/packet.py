"""Rendering a memory packet as prompt-ready text (pure).

The text always says which values are current and which are history, with their
dates, so a model reading it cannot mistake a superseded value for the present one
(seed 000 §1.3).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from palimpsest.core.tokens import estimate_tokens
from palimpsest.types import MemoryItem, MemoryPacket, RoutePlan

_EARLIEST = datetime.min.replace(tzinfo=UTC)


def _day(value: datetime | None) -> str:
    return value.date().isoformat() if value is not None else "?"


def _interval(item: MemoryItem) -> str:
    if item.valid_from is None:
        return ""
    end = "now" if item.valid_to is None else _day(item.valid_to)
    return f"{_day(item.valid_from)} → {end}"


def render_item(item: MemoryItem) -> str:
    if item.kind in ("fact", "exact") and item.valid_from is not None:
        if item.status == "history":
            return f"- {item.content} (was true {_interval(item)}; no longer current)"
        return f"- {item.content} (current, since {_day(item.valid_from)})"
    if item.kind in ("episode", "window"):
        return f"- [{_day(item.occurred_at)}] {item.content}"
    return f"- {item.content}"


_SECTIONS: tuple[tuple[str, str], ...] = (
    ("exact", "Exact matches"),
    ("fact_current", "Current facts"),
    ("fact_history", "History (superseded; not current)"),
    ("workflow", "Procedures"),
    ("knowledge", "Knowledge"),
    ("file", "From the user's files"),
    ("summary", "Summaries"),
    ("episode", "Relevant conversation"),
    ("window", "Recent turns in this session"),
)


def _section_of(item: MemoryItem) -> str:
    if item.kind == "fact":
        return "fact_history" if item.status == "history" else "fact_current"
    return item.kind


def render_text(query: str, items: Sequence[MemoryItem]) -> str:
    if not items:
        return f"No stored memory is relevant to: {query}"
    lines: list[str] = []
    for section, title in _SECTIONS:
        chosen = [i for i in items if _section_of(i) == section]
        if section == "episode":
            # Newest first so that, when episodes disagree, the latest statement leads.
            chosen.sort(key=lambda i: i.occurred_at or _EARLIEST, reverse=True)
        if not chosen:
            continue
        lines.append(f"{title}:")
        lines.extend(render_item(i) for i in chosen)
    return "\n".join(lines)


def build_packet(query: str, items: Sequence[MemoryItem], route: RoutePlan) -> MemoryPacket:
    text = render_text(query, items)
    return MemoryPacket(query=query, text=text, items=tuple(items), route=route, tokens=estimate_tokens(text))
