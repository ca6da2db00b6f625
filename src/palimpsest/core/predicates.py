"""The predicate registry: what each predicate means to the store.

Cardinality decides supersession (*one*) versus accumulation (*many*); ``identifier``
makes values findable by exact lookup. Unknown predicates are *one*-cardinality and
not identifiers: most facts about a subject have one current value.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from palimpsest.core.identifiers import IdentifierKind
from palimpsest.types import Cardinality


@dataclass(frozen=True, slots=True)
class PredicateSpec:
    name: str
    cardinality: Cardinality = Cardinality.ONE
    identifier: IdentifierKind | None = None
    category: str | None = None
    sensitive: bool = False
    description: str = ""


def _spec(
    name: str,
    cardinality: Cardinality = Cardinality.ONE,
    identifier: IdentifierKind | None = None,
    category: str | None = None,
    sensitive: bool = False,
) -> PredicateSpec:
    return PredicateSpec(name, cardinality, identifier, category, sensitive)


BUILTIN_PREDICATES: tuple[PredicateSpec, ...] = (
    _spec("lives_in", category="profile"),
    _spec("address", category="profile", sensitive=True),
    _spec("works_at", category="profile"),
    _spec("job_title", category="profile"),
    _spec("name", category="profile"),
    _spec("phone", identifier="phone", category="contact", sensitive=True),
    _spec("email", identifier="email", category="contact", sensitive=True),
    _spec("user_id", identifier="id", category="identity"),
    _spec("order_id", Cardinality.MANY, identifier="id", category="orders"),
    _spec("placed_order", Cardinality.MANY, identifier="id", category="orders"),
    _spec("ticket_id", Cardinality.MANY, identifier="id", category="support"),
    _spec("owns_device", Cardinality.MANY, category="devices"),
    _spec("preferred_report_format", category="preferences"),
    _spec("preferred_language", category="preferences"),
    _spec("preference", Cardinality.MANY, category="preferences"),
)


@dataclass(frozen=True)
class PredicateRegistry:
    """An immutable registry; :meth:`with_specs` returns an extended copy."""

    specs: Mapping[str, PredicateSpec] = field(
        default_factory=lambda: MappingProxyType({s.name: s for s in BUILTIN_PREDICATES})
    )

    def get(self, predicate: str) -> PredicateSpec:
        found = self.specs.get(predicate)
        return found if found is not None else PredicateSpec(predicate)

    def with_specs(self, specs: Iterable[PredicateSpec]) -> PredicateRegistry:
        merged = dict(self.specs)
        for spec in specs:
            merged[spec.name] = spec
        return PredicateRegistry(MappingProxyType(merged))

    def with_cardinality(self, predicate: str, cardinality: Cardinality) -> PredicateRegistry:
        return self.with_specs([replace(self.get(predicate), cardinality=cardinality)])

    def names(self) -> list[str]:
        return sorted(self.specs)
