"""Merging channel results into one ranked, budgeted list (DESIGN §4 read path).

Pure: items in, items out. The rules, in order:
1. weight each item by its channel (``RouterRecipe.channel_weights``) and by the
   temperature, which shifts weight between the raw window and persistent memory;
2. decay by age, ``floor + (1 - floor) * exp(-λ·hours)``, so old evidence fades but
   never vanishes (a fact from last year may still be the answer);
3. never present a superseded value as current: fact items carry ``status``; if two
   current items disagree on the same (subject, predicate) only the newest stays current;
4. dedupe (same id, or same normalized content), current facts first, then by score;
5. stop adding items when the token budget is spent.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import replace
from datetime import datetime

from palimpsest.core.router import RouterRecipe
from palimpsest.core.tokens import estimate_tokens
from palimpsest.types import MemoryItem

PERSISTENT_KINDS = frozenset({"fact", "exact", "summary", "episode", "workflow", "knowledge"})


def decay_factor(occurred_at: datetime | None, now: datetime, per_hour: float, floor: float) -> float:
    if occurred_at is None or per_hour <= 0:
        return 1.0
    hours = max(0.0, (now - occurred_at).total_seconds() / 3600.0)
    return floor + (1.0 - floor) * math.exp(-per_hour * hours)


def temperature_weight(kind: str, temperature: float) -> float:
    """t = 0.5 is neutral; t → 1 favours the raw window, t → 0 persistent memory."""
    if kind == "window":
        return 0.5 + temperature
    return 1.5 - temperature


def _channel_of(item: MemoryItem) -> str:
    return {
        "fact": "facts",
        "exact": "exact",
        "summary": "summaries",
        "episode": "episodes",
        "window": "window",
        "workflow": "workflows",
        "knowledge": "knowledge",
        "file": "files",
    }[item.kind]


def adjust_scores(
    items: Iterable[MemoryItem], *, recipe: RouterRecipe, now: datetime, temperature: float | None = None
) -> list[MemoryItem]:
    temp = recipe.temperature if temperature is None else temperature
    adjusted: list[MemoryItem] = []
    for item in items:
        when = item.occurred_at or item.valid_from
        decay = decay_factor(when, now, recipe.decay_per_hour, recipe.decay_floor)
        weight = recipe.weight(_channel_of(item)) * temperature_weight(item.kind, temp)
        score = item.score * weight * decay
        scores = {**item.scores, "base": item.score, "decay": decay, "weight": weight, "final": score}
        adjusted.append(replace(item, score=score, scores=scores))
    return adjusted


def _norm(text: str) -> str:
    return " ".join(text.split()).casefold()


def dedupe(items: Sequence[MemoryItem]) -> list[MemoryItem]:
    """Keep the best-scored item per id and per normalized content."""
    best: dict[str, MemoryItem] = {}
    order: list[str] = []
    seen_content: dict[str, str] = {}
    for item in sorted(items, key=lambda i: -i.score):
        content_key = _norm(item.content)
        if item.id in best or content_key in seen_content:
            continue
        best[item.id] = item
        seen_content[content_key] = item.id
        order.append(item.id)
    return [best[i] for i in order]


def rank(items: Sequence[MemoryItem]) -> list[MemoryItem]:
    """Current facts and exact hits first (they answer the question), then by score."""

    def key(item: MemoryItem) -> tuple[int, float]:
        primary = 0 if item.kind == "exact" or (item.kind == "fact" and item.status == "current") else 1
        return (primary, -item.score)

    return sorted(items, key=key)


def within_budget(items: Sequence[MemoryItem], budget_tokens: int, overhead_per_item: int = 12) -> list[MemoryItem]:
    """Greedy fill: skip an item that does not fit, keep trying smaller ones."""
    chosen: list[MemoryItem] = []
    spent = 0
    for item in items:
        cost = estimate_tokens(item.content) + overhead_per_item
        if spent + cost > budget_tokens:
            continue
        chosen.append(item)
        spent += cost
    return chosen


def merge(
    items: Iterable[MemoryItem],
    *,
    recipe: RouterRecipe,
    now: datetime,
    budget_tokens: int,
    temperature: float | None = None,
) -> list[MemoryItem]:
    adjusted = adjust_scores(items, recipe=recipe, now=now, temperature=temperature)
    return within_budget(rank(dedupe(adjusted)), budget_tokens)
