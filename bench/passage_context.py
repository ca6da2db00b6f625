"""Tune how a turn's stored vector borrows context from the previous turn (LoCoMo, e5).

    python -m bench.passage_context --data-dir /work/shared/benchmarks --cache /work/scratch/passage-context

Recipes compared, each scored as vector-only and as the product's fused ranking
(the lexical candidates of ``Memory.search``'s BM25, fused with ``core.fusion.fuse`` and the
default ``FusionParams``, neighbours and sessions as ``Conversation._episodes`` builds them):

- ``pair``: the model embeds "previous turn\\nturn" as one text (the recipe before
  ``passage_vectors``; twice the tokens per turn);
- ``alone``: the turn alone;
- ``blend w``: ``normalize(v_turn + w * v_previous)``, each turn embedded alone (``passage_vectors``);
- ``sum w``: the unnormalised ``v_turn + w * v_previous`` (the same as scoring
  ``q·v_turn + w * q·v_previous`` with both vectors stored).

Weights are chosen on conversations 0-4 and checked on the held-out conversations 5-9 (the
split the fusion parameters were tuned on). Vectors are cached in ``--cache`` (scratch, not
the repository) so a re-run only re-scores; the lexical candidates come from a fresh store
filled with the ``hash`` embedder (BM25 does not depend on the embedder).
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from bench.retrieval import DATA_DIR, LOCOMO_SPLITS, Dataset, ingest, load_locomo, recall_at
from palimpsest import Memory
from palimpsest.config import Config
from palimpsest.core import fusion
from palimpsest.embed.base import l2_normalize
from palimpsest.embed.e5 import E5Embedder

Matrix = NDArray[np.float32]
CANDIDATES = 100


def cached_vectors(cache: Path, mode: str, texts: Sequence[str], compute: Any) -> Matrix:
    """Vectors of ``texts`` (``mode``: "query" or "passage"), computing only those not yet in
    ``cache``; every computed batch is saved as ``<mode>-<digest>.npz`` (texts + vectors)."""
    known: dict[str, NDArray[np.float32]] = {}
    for path in sorted(cache.glob(f"{mode}-*.npz")):
        with np.load(path) as saved:
            known.update(zip(saved["texts"].tolist(), saved["vectors"], strict=True))
    missing = list(dict.fromkeys(t for t in texts if t not in known))
    if missing:
        c0, t0 = time.process_time(), time.perf_counter()
        fresh = np.asarray(compute(missing), dtype=np.float32)
        cpu, wall = time.process_time() - c0, time.perf_counter() - t0
        each = f"{1000 * cpu / len(missing):.1f} ms CPU, {1000 * wall / len(missing):.1f} ms wall each"
        print(f"embedded {len(missing)} {mode} texts: {each}", flush=True)
        cache.mkdir(parents=True, exist_ok=True)
        digest = hashlib.sha256("\0".join(missing).encode("utf-8")).hexdigest()[:16]
        np.savez(cache / f"{mode}-{digest}.npz", texts=np.asarray(missing), vectors=fresh)
        known.update(zip(missing, fresh, strict=True))
    return np.stack([known[t] for t in texts]).astype(np.float32)


def _previous_index(dataset: Dataset) -> list[int]:
    """Index of each utterance's predecessor in its session, -1 for a session's first."""
    out: list[int] = []
    for i, u in enumerate(dataset.utterances):
        prev = dataset.utterances[i - 1] if i else None
        same = prev is not None and (prev.user_id, prev.session_id) == (u.user_id, u.session_id)
        out.append(i - 1 if same else -1)
    return out


def recipes(alone: Matrix, pair: Matrix | None, previous: Sequence[int], weights: Sequence[float]) -> dict[str, Matrix]:
    prev = np.zeros_like(alone)
    has = np.asarray(previous) >= 0
    prev[has] = alone[np.asarray(previous)[has]]
    out = {"alone": alone} if pair is None else {"pair": pair, "alone": alone}
    for w in weights:
        out[f"blend {w:g}"] = l2_normalize(alone + np.float32(w) * prev)
        out[f"sum {w:g}"] = (alone + np.float32(w) * prev).astype(np.float32)
    return out


def evaluate(
    dataset: Dataset,
    vectors: Mapping[str, Matrix],
    queries: Matrix,
    lexical: Sequence[Mapping[int, float]],
    params: fusion.FusionParams | None = None,
) -> dict[str, dict[str, dict[str, float]]]:
    """``result[recipe][split]`` = {"vector": R@10, "fused": R@10}."""
    utterances = dataset.utterances
    rows_of: dict[str, NDArray[np.int64]] = {}
    for user in {u.user_id for u in utterances}:
        rows_of[user] = np.asarray([i for i, u in enumerate(utterances) if u.user_id == user])
    position = {}
    counter: dict[tuple[str, str], int] = {}
    for i, u in enumerate(utterances):
        key = (u.user_id, u.session_id)
        position[i] = (u.session_id, counter.get(key, 0))
        counter[key] = counter.get(key, 0) + 1
    order = dataset.extra["conversations"]
    splits = {
        title.split(" (")[0]: {order[i] for i in chosen if i < len(order)} for title, chosen in LOCOMO_SPLITS.items()
    }
    params = params or fusion.FusionParams()
    result: dict[str, dict[str, dict[str, float]]] = {}
    for recipe, matrix in vectors.items():
        per: dict[str, list[tuple[float, float]]] = {"all": [], **{s: [] for s in splits}}
        for n, probe in enumerate(dataset.probes):
            rows = rows_of[probe.user_id]
            sims = matrix[rows] @ queries[n]
            top = np.argsort(-sims, kind="stable")[:CANDIDATES]
            vector = {int(rows[j]): float(sims[j]) for j in top}
            lex = lexical[n]
            candidates = {**lex, **vector}
            by_position = {position[i]: i for i in candidates}
            neighbours = {
                i: [
                    m
                    for m in (
                        by_position.get((position[i][0], position[i][1] - 1)),
                        by_position.get((position[i][0], position[i][1] + 1)),
                    )
                    if m is not None
                ]
                for i in candidates
            }
            group_of = {i: position[i][0] for i in candidates}
            fused = fusion.fuse(lex, vector, params, neighbours=neighbours, group_of=group_of)
            keys = [utterances[i].key for i, _ in fusion.rank(fused, 10)]
            vkeys = [utterances[i].key for i, _ in fusion.rank(vector, 10)]
            pair = (recall_at(probe.relevant, vkeys, 10), recall_at(probe.relevant, keys, 10))
            per["all"].append(pair)
            for name, users in splits.items():
                if probe.user_id in users:
                    per[name].append(pair)
        result[recipe] = {
            split: {"vector": statistics.fmean(v for v, _ in got), "fused": statistics.fmean(f for _, f in got)}
            for split, got in per.items()
            if got
        }
    return result


def lexical_candidates(dataset: Dataset) -> list[dict[int, float]]:
    """The BM25 candidates ``Memory.search`` fuses, per probe, keyed by utterance index."""
    index = {u.key + "\0" + u.user_id: i for i, u in enumerate(dataset.utterances)}
    with tempfile.TemporaryDirectory(prefix="palimpsest-ctx-") as tmp:
        memory = Memory(config=Config(url=f"sqlite:///{Path(tmp) / 'lex.db'}", embedder="hash", actor="bench"))
        try:
            keys = ingest(memory, dataset.utterances)
            out = []
            for probe in dataset.probes:
                lexical, _, _ = memory.conversation.episode_scores(probe.query, user_id=probe.user_id)
                out.append({index[keys[t] + "\0" + probe.user_id]: s for t, s in lexical.items() if t in keys})
        finally:
            memory.close()
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--data-dir", type=Path, default=DATA_DIR)
    parser.add_argument("--cache", type=Path, required=True, help="scratch folder for embedded vectors")
    parser.add_argument("--weights", default="0.3,0.4,0.5,0.6,0.7,0.8,1.0")
    parser.add_argument(
        "--limit-conversations", type=int, help="only the first N (5: the tuning split alone, half the embedding)"
    )
    parser.add_argument("--lexical-weights", default="", help="also re-tune fusion: lexical weights to try")
    parser.add_argument("--neighbour-weights", default="0.3", help="with --lexical-weights: neighbour weights")
    parser.add_argument("--fusion-for", type=float, default=0.5, help="the blend weight the fusion grid uses")
    parser.add_argument("--with-pair", action="store_true", help="also embed the pair texts (twice the cost)")
    args = parser.parse_args(argv)
    dataset = load_locomo(args.data_dir / "locomo" / "locomo10.json", limit_conversations=args.limit_conversations)
    weights = [float(w) for w in args.weights.split(",")]
    embedder = E5Embedder()
    texts = [f"{u.metadata.get('speaker', 'user')}: {u.content}" for u in dataset.utterances]
    previous = _previous_index(dataset)
    pairs = [f"{texts[p]}\n{t}" if p >= 0 else t for t, p in zip(texts, previous, strict=True)]
    queries = cached_vectors(args.cache, "query", [p.query for p in dataset.probes], embedder.embed_queries)
    alone = cached_vectors(args.cache, "passage", texts, embedder.embed_passages)
    pair = cached_vectors(args.cache, "passage", pairs, embedder.embed_passages) if args.with_pair else None
    lexical = lexical_candidates(dataset)
    table = evaluate(dataset, recipes(alone, pair, previous, weights), queries, lexical)
    if args.lexical_weights:
        # Fusion weights were tuned for the pair vectors: does the blend want others? (chosen weight only)
        chosen = {k: v for k, v in recipes(alone, None, previous, [args.fusion_for]).items() if k.startswith("blend")}
        for lw in (float(w) for w in args.lexical_weights.split(",")):
            for nw in (float(w) for w in args.neighbour_weights.split(",")):
                params = fusion.FusionParams(lexical_weight=lw, neighbour_weight=nw)
                for name, row in evaluate(dataset, chosen, queries, lexical, params).items():
                    table[f"{name}, lexical {lw:g}, neighbour {nw:g}"] = row
    splits = list(next(iter(table.values())))
    print("| recipe | " + " | ".join(f"{s} vector | {s} fused" for s in splits) + " |")
    print("|---" * (2 * len(splits) + 1) + "|")
    for recipe, row in table.items():
        print(f"| {recipe} | " + " | ".join(f"{row[s]['vector']:.3f} | {row[s]['fused']:.3f}" for s in splits) + " |")


if __name__ == "__main__":
    main()
