"""The memory router's decisions (seed 000 §5.2, seed 003 §3.1), pure and table-testable.

A :class:`RouterRecipe` is frozen data (usually loaded from YAML). ``plan_route``
classifies a query and names the channels to read, in order, with the reasons.
Per-call changes make a copy (``dataclasses.replace``); a shared recipe is never mutated.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from palimpsest.core.identifiers import classify_identifier, identifier_key
from palimpsest.errors import ConfigError
from palimpsest.types import RoutePlan

KNOWN_CHANNELS = frozenset(
    {"exact", "facts", "facts_history", "summaries", "episodes", "window", "workflows", "knowledge", "files"}
)
QUERY_KINDS = frozenset({"identifier", "current_state", "past_state", "preference", "procedure", "general"})

# Candidate identifiers inside free text: e-mails, phone-like digit runs, and
# alphanumeric tokens with a digit (order numbers, user ids).
_CANDIDATES = re.compile(
    r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+"
    r"|\+?\d[\d\s\-()]{5,}\d"
    r"|[A-Za-z][A-Za-z0-9]*(?:[-_#:/][A-Za-z0-9]+)+"
    r"|[A-Za-z]+\d[A-Za-z0-9]*"
)


@dataclass(frozen=True, slots=True)
class RouteRule:
    name: str
    kind: str
    channels: tuple[str, ...]
    patterns: tuple[re.Pattern[str], ...]

    def matches(self, query: str) -> str | None:
        for pattern in self.patterns:
            found = pattern.search(query)
            if found:
                return found.group(0)
        return None


@dataclass(frozen=True, slots=True)
class RouterRecipe:
    name: str
    rules: tuple[RouteRule, ...]
    default_kind: str = "general"
    default_channels: tuple[str, ...] = ("facts", "episodes", "summaries", "window")
    identifier_channels: tuple[str, ...] = ("exact",)
    identifier_fallback: tuple[str, ...] = ("facts", "episodes")
    stop_when_answered: bool = True
    channel_weights: Mapping[str, float] = field(default_factory=lambda: MappingProxyType({}))
    decay_per_hour: float = 0.001
    decay_floor: float = 0.5
    temperature: float = 0.5

    def weight(self, channel: str) -> float:
        return float(self.channel_weights.get(channel, 1.0))


def find_identifiers(query: str) -> tuple[str, ...]:
    """Identifiers mentioned in ``query`` (normalized keys), in order of appearance."""
    keys: list[str] = []
    for match in _CANDIDATES.finditer(query):
        text = match.group(0).strip()
        if classify_identifier(text) is None:
            continue
        key = identifier_key(text)
        if key is not None and key not in keys:
            keys.append(key)
    return tuple(keys)


def plan_route(query: str, recipe: RouterRecipe) -> RoutePlan:
    """Classify ``query`` and plan channels. Identifiers go to the exact channel first."""
    identifiers = find_identifiers(query)
    if identifiers:
        return RoutePlan(
            query_kind="identifier",
            channels=recipe.identifier_channels,
            reasons=(
                f"identifier(s) {', '.join(identifiers)} found: exact lookup, never similarity",
                f"fallback if nothing matches: {', '.join(recipe.identifier_fallback)}",
            ),
        )
    for rule in recipe.rules:
        cue = rule.matches(query)
        if cue is not None:
            return RoutePlan(
                query_kind=rule.kind,
                channels=rule.channels,
                reasons=(f"rule {rule.name!r} matched {cue!r}",),
            )
    return RoutePlan(
        query_kind=recipe.default_kind,
        channels=recipe.default_channels,
        reasons=("no rule matched: general recall",),
    )


# -- loading recipes from data ---------------------------------------------------------


def _channels(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value or not all(isinstance(c, str) for c in value):
        raise ConfigError(f"router: {where} must be a non-empty list of channel names")
    unknown = sorted(set(value) - KNOWN_CHANNELS)
    if unknown:
        raise ConfigError(f"router: {where} names unknown channel(s) {unknown}; known: {sorted(KNOWN_CHANNELS)}")
    return tuple(value)


def _number(data: Mapping[str, Any], key: str, default: float, lo: float, hi: float) -> float:
    value = data.get(key, default)
    if not isinstance(value, int | float) or not lo <= float(value) <= hi:
        raise ConfigError(f"router: {key} must be a number in [{lo}, {hi}], got {value!r}")
    return float(value)


def recipe_from_dict(data: Mapping[str, Any]) -> RouterRecipe:
    """Build and validate a recipe; any mistake is a ConfigError naming the place."""
    if not isinstance(data, Mapping):
        raise ConfigError("router: the document must be a mapping")
    rules: list[RouteRule] = []
    raw_rules = data.get("rules", [])
    if not isinstance(raw_rules, list):
        raise ConfigError("router: rules must be a list")
    for i, raw in enumerate(raw_rules):
        if not isinstance(raw, Mapping):
            raise ConfigError(f"router: rules[{i}] must be a mapping")
        name = str(raw.get("name") or f"rule{i}")
        kind = str(raw.get("kind", ""))
        if kind not in QUERY_KINDS:
            raise ConfigError(f"router: rule {name!r} has unknown kind {kind!r}; known: {sorted(QUERY_KINDS)}")
        patterns = raw.get("patterns")
        if not isinstance(patterns, list) or not patterns:
            raise ConfigError(f"router: rule {name!r} needs a non-empty patterns list")
        compiled: list[re.Pattern[str]] = []
        for pattern in patterns:
            try:
                compiled.append(re.compile(str(pattern), re.IGNORECASE))
            except re.error as exc:
                raise ConfigError(f"router: rule {name!r} has a bad pattern {pattern!r}: {exc}") from exc
        rules.append(RouteRule(name, kind, _channels(raw.get("channels"), f"rule {name!r} channels"), tuple(compiled)))
    ident = data.get("identifier", {}) or {}
    default = data.get("default", {}) or {}
    weights = data.get("channel_weights", {}) or {}
    if not isinstance(weights, Mapping) or not all(isinstance(v, int | float) and v >= 0 for v in weights.values()):
        raise ConfigError("router: channel_weights must map channel names to non-negative numbers")
    _channels(list(weights) or ["facts"], "channel_weights")
    return RouterRecipe(
        name=str(data.get("name", "custom")),
        rules=tuple(rules),
        default_kind=str(default.get("kind", "general")),
        default_channels=_channels(default.get("channels", ["facts", "episodes", "summaries", "window"]), "default"),
        identifier_channels=_channels(ident.get("channels", ["exact"]), "identifier channels"),
        identifier_fallback=_channels(ident.get("fallback", ["facts", "episodes"]), "identifier fallback"),
        stop_when_answered=bool(ident.get("stop_when_answered", True)),
        channel_weights=MappingProxyType({str(k): float(v) for k, v in weights.items()}),
        decay_per_hour=_number(data, "decay_per_hour", 0.001, 0.0, 10.0),
        decay_floor=_number(data, "decay_floor", 0.5, 0.0, 1.0),
        temperature=_number(data, "temperature", 0.5, 0.0, 1.0),
    )


def channel_order(plan: RoutePlan, extra: Sequence[str] = ()) -> tuple[str, ...]:
    seen: list[str] = []
    for channel in (*plan.channels, *extra):
        if channel not in seen:
            seen.append(channel)
    return tuple(seen)
