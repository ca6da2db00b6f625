"""Okapi BM25 over a small in-process inverted index (the ``memory://`` backend's lexical
channel). SQLite uses FTS5's bm25() and PostgreSQL its own index; all use k1=1.2, b=0.75."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

K1 = 1.2
B = 0.75


@dataclass
class InvertedIndex:
    postings: dict[str, dict[str, int]] = field(default_factory=dict)
    lengths: dict[str, int] = field(default_factory=dict)
    total_length: int = 0

    def add(self, doc_id: str, tokens: Sequence[str]) -> None:
        if doc_id in self.lengths:
            self.remove(doc_id)
        counts = Counter(tokens)
        for term, tf in counts.items():
            self.postings.setdefault(term, {})[doc_id] = tf
        self.lengths[doc_id] = len(tokens)
        self.total_length += len(tokens)

    def remove(self, doc_id: str) -> None:
        length = self.lengths.pop(doc_id, None)
        if length is None:
            return
        self.total_length -= length
        for term in list(self.postings):
            docs = self.postings[term]
            if docs.pop(doc_id, None) is not None and not docs:
                del self.postings[term]

    def search(self, terms: Iterable[str], limit: int, allowed: set[str] | None = None) -> list[tuple[str, float]]:
        n = len(self.lengths)
        if n == 0:
            return []
        avgdl = self.total_length / n or 1.0
        scores: dict[str, float] = {}
        for term in set(terms):
            docs = self.postings.get(term)
            if not docs:
                continue
            idf = math.log(1.0 + (n - len(docs) + 0.5) / (len(docs) + 0.5))
            for doc_id, tf in docs.items():
                if allowed is not None and doc_id not in allowed:
                    continue
                norm = tf * (K1 + 1) / (tf + K1 * (1 - B + B * self.lengths[doc_id] / avgdl))
                scores[doc_id] = scores.get(doc_id, 0.0) + idf * norm
        ranked = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
        return ranked[:limit]
