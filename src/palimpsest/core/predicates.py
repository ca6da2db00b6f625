"""The predicate registry: what each predicate means to the store.

Cardinality decides supersession (*one*) versus accumulation (*many*); ``identifier``
makes values findable by exact lookup; ``consent`` names the consent category whose
switch and retention govern the facts; ``normalizer`` names how values are canonicalized
(implemented in ``palimpsest.write.registry``). Unknown predicates are *one*-cardinality,
not identifiers and normalized as text: most facts about a subject have one current value.

The built-in predicates are data: ``palimpsest/data/predicates.yaml``, read once on first
use. Tenants layer their own files on top with ``palimpsest.write.registry.load_registry``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any, get_args

import yaml

from palimpsest.core.identifiers import IdentifierKind
from palimpsest.errors import ConfigError
from palimpsest.types import Cardinality


@dataclass(frozen=True, slots=True)
class PredicateSpec:
    name: str
    cardinality: Cardinality = Cardinality.ONE
    identifier: IdentifierKind | None = None
    category: str | None = None
    sensitive: bool = False
    description: str = ""
    keywords: tuple[str, ...] = ()
    """Words (both languages) that signal a question is about this predicate."""
    consent: str | None = None
    """The consent category whose switch and retention govern this predicate's facts."""
    normalizer: str = "text"
    """How values are canonicalized before comparison and storage (see ``write.registry``)."""


FILE_KEYS = frozenset({"version", "consent_categories", "predicates"})
SPEC_KEYS = frozenset(
    {"cardinality", "identifier", "consent", "category", "sensitive", "normalizer", "description", "keywords"}
)
KEYWORD_LANGUAGES = frozenset({"en", "zh"})


def _fail(origin: str, where: str, problem: str) -> ConfigError:
    return ConfigError(f"predicate registry {origin}: {where}: {problem}")


def _string(value: object, origin: str, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise _fail(origin, where, f"expected a non-empty string, got {value!r}")
    return value.strip()


def _keywords(value: object, origin: str, where: str) -> tuple[str, ...]:
    if not isinstance(value, Mapping):
        raise _fail(origin, where, "expected a mapping of language to a list of words, e.g. {en: [...], zh: [...]}")
    words: list[str] = []
    for language, listed in value.items():
        if language not in KEYWORD_LANGUAGES:
            raise _fail(origin, f"{where}.{language}", f"unknown key (known: {', '.join(sorted(KEYWORD_LANGUAGES))})")
        if not isinstance(listed, list):
            raise _fail(origin, f"{where}.{language}", "expected a list of words")
        words.extend(_string(word, origin, f"{where}.{language}") for word in listed)
    return tuple(words)


def _spec_changes(raw: object, origin: str, where: str, consents: frozenset[str]) -> dict[str, Any]:
    """The fields one file sets for one predicate, checked; absent keys stay absent."""
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        raise _fail(origin, where, "expected a mapping of predicate fields")
    for key in raw:
        if key not in SPEC_KEYS:
            raise _fail(origin, f"{where}.{key}", f"unknown key (known: {', '.join(sorted(SPEC_KEYS))})")
    changes: dict[str, Any] = {}
    if "cardinality" in raw:
        try:
            changes["cardinality"] = Cardinality(raw["cardinality"])
        except ValueError:
            raise _fail(origin, f"{where}.cardinality", f"expected one or many, got {raw['cardinality']!r}") from None
    if "identifier" in raw:
        kind = raw["identifier"]
        if kind is not None and kind not in get_args(IdentifierKind):
            raise _fail(origin, f"{where}.identifier", f"expected phone, email, id or null, got {kind!r}")
        changes["identifier"] = kind
    if "consent" in raw:
        consent = raw["consent"]
        if consent is not None and consent not in consents:
            known = ", ".join(sorted(consents))
            raise _fail(origin, f"{where}.consent", f"{consent!r} is not a declared consent category ({known})")
        changes["consent"] = consent
    if "category" in raw:
        changes["category"] = None if raw["category"] is None else _string(raw["category"], origin, f"{where}.category")
    if "sensitive" in raw:
        if not isinstance(raw["sensitive"], bool):
            raise _fail(origin, f"{where}.sensitive", f"expected true or false, got {raw['sensitive']!r}")
        changes["sensitive"] = raw["sensitive"]
    if "normalizer" in raw:
        changes["normalizer"] = _string(raw["normalizer"], origin, f"{where}.normalizer")
    if "description" in raw:
        changes["description"] = str(raw["description"] or "").strip()
    if "keywords" in raw:
        changes["keywords"] = _keywords(raw["keywords"], origin, f"{where}.keywords")
    return changes


def _new_spec(name: str, changes: Mapping[str, Any]) -> PredicateSpec:
    spec = replace(PredicateSpec(name), **changes)
    # Defaults that depend on other fields of a *new* predicate: the stored category follows
    # the consent category, and identifiers are normalized the way exact lookup keys them.
    if "category" not in changes and spec.consent is not None:
        spec = replace(spec, category=spec.consent)
    if "normalizer" not in changes and spec.identifier is not None:
        spec = replace(spec, normalizer=f"identifier:{spec.identifier}")
    return spec


def _builtin_specs() -> Mapping[str, PredicateSpec]:
    return builtin_registry().specs


def _builtin_consents() -> frozenset[str]:
    return builtin_registry().consent_categories


@dataclass(frozen=True)
class PredicateRegistry:
    """An immutable registry; :meth:`with_specs` and :meth:`merged_with` return extended copies."""

    specs: Mapping[str, PredicateSpec] = field(default_factory=_builtin_specs)
    consent_categories: frozenset[str] = field(default_factory=_builtin_consents)

    def get(self, predicate: str) -> PredicateSpec:
        found = self.specs.get(predicate)
        return found if found is not None else PredicateSpec(predicate)

    def with_specs(self, specs: Iterable[PredicateSpec]) -> PredicateRegistry:
        merged = dict(self.specs)
        for spec in specs:
            merged[spec.name] = spec
        return PredicateRegistry(MappingProxyType(merged), self.consent_categories)

    def with_cardinality(self, predicate: str, cardinality: Cardinality) -> PredicateRegistry:
        return self.with_specs([replace(self.get(predicate), cardinality=cardinality)])

    def names(self) -> list[str]:
        return sorted(self.specs)

    def merged_with(self, data: object, origin: str) -> PredicateRegistry:
        """This registry with one parsed registry file (see ``data/predicates.yaml``) laid over it.

        New predicates are added; a predicate already known keeps every field the file does
        not set. Raises :class:`ConfigError` naming ``origin`` and the offending key.
        """
        if data is None:
            return self
        if not isinstance(data, Mapping):
            raise _fail(origin, "(top level)", "expected a mapping with a 'predicates' key")
        for key in data:
            if key not in FILE_KEYS:
                raise _fail(origin, str(key), f"unknown key (known: {', '.join(sorted(FILE_KEYS))})")
        declared = data.get("consent_categories") or []
        if not isinstance(declared, list):
            raise _fail(origin, "consent_categories", "expected a list of names")
        consents = self.consent_categories | {_string(c, origin, "consent_categories") for c in declared}
        predicates = data.get("predicates") or {}
        if not isinstance(predicates, Mapping):
            raise _fail(origin, "predicates", "expected a mapping of predicate name to fields")
        merged = dict(self.specs)
        for raw_name, raw in predicates.items():
            name = _string(raw_name, origin, "predicates")
            changes = _spec_changes(raw, origin, f"predicates.{name}", consents)
            known = merged.get(name)
            merged[name] = replace(known, **changes) if known is not None else _new_spec(name, changes)
        return PredicateRegistry(MappingProxyType(merged), frozenset(consents))


# libyaml's loader when present: the packaged file is parsed on first use, in every process.
_SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_registry_text(text: str, origin: str, base: PredicateRegistry) -> PredicateRegistry:
    """``base`` with the YAML registry file ``text`` laid over it."""
    try:
        data = yaml.load(text, Loader=_SAFE_LOADER)
    except yaml.YAMLError as exc:
        raise _fail(origin, "(file)", f"not valid YAML: {exc}") from exc
    return base.merged_with(data, origin)


EMPTY_REGISTRY = PredicateRegistry(MappingProxyType({}), frozenset())


@cache
def builtin_registry() -> PredicateRegistry:
    """The packaged predicates (``data/predicates.yaml``), parsed once per process."""
    text = resources.files("palimpsest").joinpath("data/predicates.yaml").read_text(encoding="utf-8")
    return parse_registry_text(text, "(packaged predicates.yaml)", EMPTY_REGISTRY)


def __getattr__(name: str) -> tuple[PredicateSpec, ...]:
    # BUILTIN_PREDICATES predates the YAML file; it is computed on first access so that
    # importing this module reads no file.
    if name == "BUILTIN_PREDICATES":
        return tuple(builtin_registry().specs.values())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
