"""Permission inheritance (seed 002 §6): an assistant inherits a director's preferences.

The link is a record (kind ``inheritance``) on the heir. Reads of *effective* facts
overlay the heir's own facts on the inherited ones, predicate by predicate; the heir's
own change is an ordinary fact of the heir — it overrides for the heir and never
touches the director's memory. Chains (an assistant of an assistant) are followed;
a cycle is refused when the link is made.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from palimpsest.core.clock import require_aware
from palimpsest.errors import ValidationError
from palimpsest.types import NOW, FactVersion, Record, TimeArg

if TYPE_CHECKING:
    from palimpsest.memory import Memory

INHERITANCE_KIND = "inheritance"
MAX_CHAIN = 8


@dataclass(frozen=True, slots=True)
class EffectiveFact:
    version: FactVersion
    inherited_from: str | None = None
    """The user whose fact this is, when it is inherited; ``None`` for the user's own."""


class Inheritance:
    """``Memory.inheritance``."""

    def __init__(self, memory: Memory) -> None:
        self._memory = memory

    def link(self, heir: str, source: str, *, categories: Sequence[str] = ("preferences",)) -> None:
        """``heir`` inherits ``source``'s facts of ``categories`` (audited)."""
        for name, value in (("heir", heir), ("source", source)):
            if not isinstance(value, str) or not value.strip():
                raise ValidationError(f"{name} must be a non-empty string")
        if heir == source or heir in self.chain(source):
            raise ValidationError(f"linking {heir!r} to {source!r} would make an inheritance cycle")
        if not categories:
            raise ValidationError("categories must not be empty")
        memory = self._memory
        now = require_aware(memory.config.clock(), "clock()")
        with memory.backend.transaction():
            memory.backend.records.put(
                Record(
                    kind=INHERITANCE_KIND,
                    id=heir,
                    tenant=memory.config.tenant,
                    payload={"source": source, "categories": list(categories)},
                    created_at=now,
                    updated_at=now,
                    user_id=heir,
                )
            )
            memory.audit.record("inheritance.linked", f"{heir}<-{source}", {"categories": list(categories)})

    def unlink(self, heir: str) -> None:
        memory = self._memory
        with memory.backend.transaction():
            memory.backend.records.delete(memory.config.tenant, INHERITANCE_KIND, [heir])
            memory.audit.record("inheritance.unlinked", heir, {})

    def parent(self, user_id: str) -> tuple[str, tuple[str, ...]] | None:
        record = self._memory.backend.records.get(self._memory.config.tenant, INHERITANCE_KIND, user_id)
        if record is None:
            return None
        return str(record.payload["source"]), tuple(record.payload.get("categories", ()))

    def chain(self, user_id: str) -> list[str]:
        """The users ``user_id`` inherits from, nearest first."""
        found: list[str] = []
        current = user_id
        while len(found) < MAX_CHAIN:
            link = self.parent(current)
            if link is None or link[0] in found or link[0] == user_id:
                break
            found.append(link[0])
            current = link[0]
        return found

    def effective(
        self, user_id: str, *, category: str | None = "preferences", valid_at: TimeArg = NOW
    ) -> list[EffectiveFact]:
        """The user's current facts of ``category`` overlaid on what they inherit.

        A predicate the user has set themselves hides the inherited one (the override);
        otherwise the nearest ancestor's value applies.
        """
        registry = self._memory.config.predicates

        def of_category(versions: list[FactVersion]) -> list[FactVersion]:
            return [
                v
                for v in versions
                if category is None or (v.category or registry.get(v.predicate).category) == category
            ]

        own = of_category(self._memory.facts.list(user_id=user_id, valid_at=valid_at))
        result = [EffectiveFact(v) for v in own]
        covered = {(v.predicate) for v in own}
        current = user_id
        for ancestor in self.chain(user_id):
            link = self.parent(current)
            current = ancestor
            if link is None or (category is not None and category not in link[1]):
                break
            inherited = [
                v
                for v in of_category(self._memory.facts.list(user_id=ancestor, subject=ancestor, valid_at=valid_at))
                if v.predicate not in covered
            ]
            result.extend(EffectiveFact(v, inherited_from=ancestor) for v in inherited)
            covered |= {v.predicate for v in inherited}
        return result
