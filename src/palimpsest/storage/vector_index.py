"""In-process vector search for one scope (tenant, user): exact numpy search while the
scope is small, an ANN index (usearch, HNSW) once it is large.

Why the threshold stays at 200k rows (measured with ``python -m bench.ann_threshold`` on
the 2-core CI-size VM, shared and loaded, Nov 2026; usearch connectivity 16, expansion
128, vectors of a store built by ``bench.recall_scale``):

======== =============== ============= ========= ========== ==============
vectors  exact p50/p95   ANN p50/p95   recall@10 recall@100 graph build
======== =============== ============= ========= ========== ==============
20,000   49 / 93 ms*     0.6 / 2.5 ms  0.987     0.987      35 s
50,000   49 / 95 ms*     0.7 / 2.3 ms  0.978     0.988      91 s
100,000  17 / 27 ms      0.7 / 0.8 ms  0.932     0.966      115 s
======== =============== ============= ========= ========== ==============

(*) the machine was oversubscribed (load 10 on 2 cores): OpenBLAS hands a matrix-vector
product to its threads, which wait for a core; single-threaded the 20k product is ~1 ms.

ANN is 20-70x faster per query, but it is not free: at 100k rows one query in 15 loses
some of its exact top 10 (the worst lost all ten), which changes what recall returns;
and the graph is built lazily by the first search after a scope is loaded, so the cold
query of a large scope would wait minutes instead of ~1 s. Exact search costs O(rows):
~8-17 ms at 100k 384/512-d rows here (memory bandwidth), ~20 ms at 200k. So exact search
stays the default up to 200k rows per scope, where its latency starts to dominate a
recall; an index built at write time and persisted would be needed to go lower.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np
from numpy.typing import NDArray

from palimpsest.errors import ValidationError

DEFAULT_ANN_THRESHOLD = 200_000


class ScopeVectors:
    """Append-mostly vectors of one scope. Thread-safe."""

    def __init__(self, dimension: int, ann_threshold: int = DEFAULT_ANN_THRESHOLD) -> None:
        self.dimension = dimension
        self.ann_threshold = ann_threshold
        self._ids: list[str] = []
        self._pos: dict[str, int] = {}
        self._matrix = np.zeros((0, dimension), dtype=np.float32)
        self._size = 0
        self._deleted: set[int] = set()
        self._ann: Any = None
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return self._size - len(self._deleted)

    @classmethod
    def from_rows(cls, ids: Sequence[str], matrix: NDArray[np.float32], **options: Any) -> ScopeVectors:
        """A scope holding ``matrix`` (one row per id, ids distinct), adopted without a copy
        when it is already a writable C-contiguous float32 array: the cache-load path."""
        scope = cls(int(matrix.shape[1]), **options)
        rows = np.ascontiguousarray(matrix, dtype=np.float32)
        if not rows.flags.writeable:  # remove() zeroes rows in place
            rows = rows.copy()
        scope._matrix = rows
        scope._ids = list(ids)
        scope._pos = dict(zip(scope._ids, range(len(scope._ids)), strict=True))
        if len(scope._pos) != len(scope._ids):
            raise ValidationError("from_rows() needs distinct ids")
        scope._size = len(scope._ids)
        return scope

    def add(self, ids: Sequence[str], vectors: NDArray[np.float32]) -> None:
        """Insert or replace rows; a later occurrence of an id in ``ids`` wins."""
        if len(ids) == 0:
            return
        rows = np.asarray(vectors, dtype=np.float32).reshape(len(ids), self.dimension)
        with self._lock:
            fresh = all(vid not in self._pos for vid in ids) and len(set(ids)) == len(ids)
            if fresh:
                # The common case (new turns): one slice assignment instead of a Python loop
                # of per-row numpy calls, which cost ~1.9 s for a 100k-row first load.
                self._append(list(ids), rows)
                return
            for vid, row in zip(ids, rows, strict=True):
                existing = self._pos.get(vid)
                if existing is not None:
                    self._matrix[existing] = row
                    self._ann = None  # an update invalidates the ANN graph; rebuilt lazily
                else:
                    self._append([vid], row.reshape(1, self.dimension))

    def _append(self, ids: list[str], rows: NDArray[np.float32]) -> None:
        """Append rows of ids not present yet (the caller holds the lock)."""
        count = len(ids)
        end = self._size + count
        if end > len(self._matrix):
            # Doubling keeps appends amortised O(1) per row.
            grown = np.zeros((max(64, 2 * len(self._matrix), end), self.dimension), dtype=np.float32)
            grown[: self._size] = self._matrix[: self._size]
            self._matrix = grown
        self._matrix[self._size : end] = rows
        self._pos.update(zip(ids, range(self._size, end), strict=True))
        self._ids.extend(ids)
        if self._ann is not None:
            self._ann.add(np.arange(self._size, end, dtype=np.uint64), rows)
        self._size = end

    def rows(self, ids: Sequence[str]) -> dict[str, NDArray[np.float32]]:
        """Copies of the stored rows of ``ids``; ids not stored are absent."""
        with self._lock:
            return {vid: self._matrix[self._pos[vid]].copy() for vid in ids if vid in self._pos}

    def remove(self, ids: Sequence[str]) -> None:
        with self._lock:
            for vid in ids:
                pos = self._pos.pop(vid, None)
                if pos is not None:
                    self._deleted.add(pos)
                    self._matrix[pos] = 0.0

    def search(self, query: NDArray[np.float32], limit: int) -> list[tuple[str, float]]:
        with self._lock:
            live = self._size - len(self._deleted)
            if live == 0 or limit <= 0:
                return []
            q = np.asarray(query, dtype=np.float32).reshape(self.dimension)
            if self._size >= self.ann_threshold:
                return self._search_ann(q, limit)
            scores = self._matrix[: self._size] @ q
            if self._deleted:
                scores[list(self._deleted)] = -np.inf
            k = min(limit, live)
            top = np.argpartition(-scores, k - 1)[:k] if k < self._size else np.arange(self._size)
            top = top[np.argsort(-scores[top], kind="stable")]
            return [(self._ids[i], float(scores[i])) for i in top[:k] if np.isfinite(scores[i])]

    def _search_ann(self, q: NDArray[np.float32], limit: int) -> list[tuple[str, float]]:
        if self._ann is None:
            from usearch.index import Index

            index = Index(ndim=self.dimension, metric="ip", dtype="f32", connectivity=16, expansion_search=128)
            index.add(np.arange(self._size, dtype=np.uint64), self._matrix[: self._size])
            self._ann = index
        wanted = min(self._size, limit + len(self._deleted))
        matches = self._ann.search(q, wanted)
        out: list[tuple[str, float]] = []
        for key, distance in zip(matches.keys, matches.distances, strict=True):
            pos = int(key)
            if pos in self._deleted:
                continue
            out.append((self._ids[pos], float(1.0 - distance)))  # usearch "ip" distance is 1 - dot
            if len(out) == limit:
                break
        return out
