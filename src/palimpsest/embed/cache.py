"""In-process LRU cache in front of any :class:`Embedder`.

Agents re-embed the same strings constantly (the same question asked twice, a
re-ranked candidate, a passage re-indexed after an edit of another field).
Keys are ``sha256(mode + NUL + text)`` so that a query and a passage with the
same text never share a vector (asymmetric models embed them differently) and
so that memory use per key is fixed regardless of text length.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Sequence

import numpy as np

from palimpsest.embed.base import Embedder, FloatMatrix, ForwardingEmbedder, batches_queries, embeds_outside_gil
from palimpsest.errors import ConfigError

__all__ = ["CachedEmbedder", "cache_key"]


def cache_key(text: str, mode: str) -> bytes:
    """Digest identifying ``text`` embedded in ``mode`` (``"query"`` / ``"passage"``)."""
    return hashlib.sha256(mode.encode("utf-8") + b"\0" + text.encode("utf-8")).digest()


class CachedEmbedder(ForwardingEmbedder):
    """Wraps an embedder; remembers up to ``maxsize`` vectors, least recently used out.

    Only the cache misses of a batch are sent to the wrapped embedder, in one
    call, so batching benefits are preserved. Thread-safe. ``hits`` / ``misses``
    count lookups for observability.
    """

    def __init__(self, inner: Embedder, maxsize: int = 4096) -> None:
        if maxsize < 1:
            raise ConfigError("cache maxsize must be >= 1")
        super().__init__(inner)  # the same name and dimension: caching does not change vectors
        self.maxsize = maxsize
        self.hits = 0
        self.misses = 0
        self._store: OrderedDict[bytes, FloatMatrix] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def embeds_outside_gil(self) -> bool:
        return embeds_outside_gil(self.inner)

    @property
    def batches_queries(self) -> bool:
        return batches_queries(self.inner)

    def __len__(self) -> int:
        return len(self._store)

    def holds(self, text: str, mode: str) -> bool:
        """Is ``text``'s vector in ``mode`` cached? (A peek: the LRU order is left alone.)"""
        with self._lock:
            return cache_key(text, mode) in self._store

    def clear(self) -> None:
        """Drop every cached vector (counters are kept)."""
        with self._lock:
            self._store.clear()

    def _embed(self, texts: Sequence[str], mode: str) -> FloatMatrix:
        items = list(texts)
        keys = [cache_key(t, mode) for t in items]
        found: dict[int, FloatMatrix] = {}
        missing: dict[bytes, list[int]] = {}
        with self._lock:
            for i, key in enumerate(keys):
                vec = self._store.get(key)
                if vec is not None:
                    self._store.move_to_end(key)
                    found[i] = vec
                    self.hits += 1
                else:
                    missing.setdefault(key, []).append(i)
                    self.misses += 1
        if missing:
            todo = [items[positions[0]] for positions in missing.values()]
            fresh = self.inner.embed_queries(todo) if mode == "query" else self.inner.embed_passages(todo)
            with self._lock:
                for (key, positions), vec in zip(missing.items(), fresh, strict=True):
                    row = np.array(vec, dtype=np.float32)
                    row.setflags(write=False)
                    for i in positions:
                        found[i] = row
                    self._store[key] = row
                    self._store.move_to_end(key)
                while len(self._store) > self.maxsize:
                    self._store.popitem(last=False)
        out = np.zeros((len(items), self.dimension), dtype=np.float32)
        for i, vec in found.items():
            out[i] = vec
        return out

    def embed_queries(self, texts: Sequence[str]) -> FloatMatrix:
        return self._embed(texts, "query")

    def embed_passages(self, texts: Sequence[str]) -> FloatMatrix:
        return self._embed(texts, "passage")
