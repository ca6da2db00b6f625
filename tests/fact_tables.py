"""Table-driven extraction tests: one turn in, its candidate facts as comparable tuples out.

Each test module fixes the speaker and the turn's time once (``FactTable(me, at)``) and writes its
cases with ``state`` / ``ended`` / ``one_off``, compared with ``facts_of(extract(text))``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime

from palimpsest.write.extract import RuleExtractor
from palimpsest.write.model import Extraction

# (subject, predicate, value, lasting, ended)
Fact = tuple[str, str, str, bool, bool]


def facts_of(extraction: Extraction) -> set[Fact]:
    return {(f.subject, f.predicate, f.value, f.lasting, f.valid_to is not None) for f in extraction.facts}


@dataclass(frozen=True)
class FactTable:
    me: str
    at: datetime
    extractor: RuleExtractor = field(default_factory=RuleExtractor)

    def extract(self, text: str, role: str = "user") -> Extraction:
        return self.extractor.extract(text, speaker_id=self.me, at=self.at, role=role)

    def state(self, predicate: str, value: str, subject: str | None = None) -> Fact:
        return (subject or self.me, predicate, value, True, False)

    def ended(self, predicate: str, value: str, subject: str | None = None) -> Fact:
        return (subject or self.me, predicate, value, True, True)

    def one_off(self, predicate: str, value: str) -> Fact:
        return (self.me, predicate, value, False, False)
