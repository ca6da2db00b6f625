"""Exact numpy search vs usearch HNSW for one scope: latency and overlap with the exact top-k.

    python -m bench.ann_threshold --sizes 20000,50000,100000
    python -m bench.ann_threshold --db store.db --sizes 20000,50000     # vectors of a built store

Measures, per scope size, through :class:`~palimpsest.storage.vector_index.ScopeVectors`
itself (so the numbers are what a search pays): exact search latency, ANN search latency,
the one-off ANN graph build, and recall@10 / recall@100 of the ANN results against the
exact ones (the fusion takes the top 100 vector hits, so both matter).

Vectors: ``--db`` takes the rows of a store's ``turns`` space (any users), queries are other
rows perturbed; without ``--db`` they are synthetic clustered unit vectors (a mixture of
topics plus noise), which are harder for HNSW than real text embeddings of one user.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from palimpsest.storage.vector_index import ScopeVectors


def synthetic(count: int, dimension: int, rng: np.random.Generator) -> NDArray[np.float32]:
    topics = rng.standard_normal((max(16, count // 50), dimension)).astype(np.float32)
    rows = topics[rng.integers(0, len(topics), count)] + 0.7 * rng.standard_normal((count, dimension))
    return (rows / np.linalg.norm(rows, axis=1, keepdims=True)).astype(np.float32)


def stored(db: Path, count: int) -> NDArray[np.float32]:
    with sqlite3.connect(db) as conn:
        blobs = [r[0] for r in conn.execute("SELECT vector FROM vectors WHERE space = 'turns' LIMIT ?", (count,))]
    if len(blobs) < count:
        raise SystemExit(f"{db} holds only {len(blobs)} turn vectors")
    return np.frombuffer(b"".join(blobs), dtype="<f4").reshape(count, -1).astype(np.float32)


def queries_near(rows: NDArray[np.float32], count: int, rng: np.random.Generator) -> NDArray[np.float32]:
    """A query resembles some stored rows without being one of them."""
    picked = rows[rng.integers(0, len(rows), count)] + 0.5 * rng.standard_normal((count, rows.shape[1])) / np.sqrt(
        rows.shape[1]
    )
    return (picked / np.linalg.norm(picked, axis=1, keepdims=True)).astype(np.float32)


def percentile(samples: Sequence[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[max(0, min(len(ordered) - 1, -(-len(ordered) * p // 100) - 1))]


def measure(rows: NDArray[np.float32], queries: NDArray[np.float32]) -> dict[str, Any]:
    ids = [f"t{i}" for i in range(len(rows))]
    exact = ScopeVectors.from_rows(ids, rows, ann_threshold=len(rows) + 1)
    ann = ScopeVectors.from_rows(ids, rows, ann_threshold=1)
    t0 = time.perf_counter()
    ann.search(queries[0], 1)  # builds the graph
    build_s = time.perf_counter() - t0
    out: dict[str, Any] = {"vectors": len(rows), "dimension": rows.shape[1], "ann_build_s": round(build_s, 2)}
    exact_ms: list[float] = []
    ann_ms: list[float] = []
    overlap10: list[float] = []
    overlap100: list[float] = []
    for q in queries:
        t0 = time.perf_counter()
        truth = exact.search(q, 100)
        exact_ms.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        found = ann.search(q, 100)
        ann_ms.append((time.perf_counter() - t0) * 1000)
        overlap10.append(len({i for i, _ in truth[:10]} & {i for i, _ in found[:10]}) / 10)
        overlap100.append(len({i for i, _ in truth} & {i for i, _ in found}) / len(truth))
    out.update(
        exact_p50_ms=round(percentile(exact_ms, 50), 2),
        exact_p95_ms=round(percentile(exact_ms, 95), 2),
        ann_p50_ms=round(percentile(ann_ms, 50), 2),
        ann_p95_ms=round(percentile(ann_ms, 95), 2),
        recall_at_10=round(statistics.fmean(overlap10), 4),
        recall_at_100=round(statistics.fmean(overlap100), 4),
        worst_recall_at_10=min(overlap10),
    )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="20000,50000,100000")
    parser.add_argument("--dimension", type=int, default=384, help="synthetic vectors only")
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--db", type=Path, help="take vectors from this store's turns space")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    rng = np.random.default_rng(args.seed)
    results = []
    for size in (int(s) for s in args.sizes.split(",")):
        rows = stored(args.db, size) if args.db else synthetic(size, args.dimension, rng)
        row = measure(rows, queries_near(rows, args.queries, rng))
        row["source"] = str(args.db) if args.db else "synthetic"
        print(json.dumps(row), flush=True)
        results.append(row)
    if args.json:
        args.json.write_text(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
