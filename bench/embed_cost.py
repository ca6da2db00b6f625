"""CPU cost of embedding the turns ``add()`` stores, by recipe and engine batch size.

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 python -m bench.embed_cost --batch-sizes 64 --token-budgets 64,128,256,512

The turns are ``bench.add_parallel``'s (bilingual support-style, seeded). Recipes:
``pair`` embeds "previous turn\\nturn" as one text per turn (the recipe before
``passage_vectors``), ``alone`` each turn once (what ``passage_vectors`` embeds). Engine calls
are grouped by text count (``E5Embedder(batch_size=n, batch_tokens=None)``, the grouping before
the token budget) or by token budget (``batch_tokens=n``). Groupings and recipes are interleaved
round by round so that a change of machine load hits all of
them alike; CPU time (``time.process_time``) is reported beside the wall clock.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Sequence
from typing import Any

from bench.add_parallel import generate
from palimpsest.embed.registry import open_embedder


def _texts(turns: int, seed: int) -> dict[str, list[str]]:
    alone = [f"user: {t}" for t in generate(turns, seed)]
    pair = [alone[0]] + [f"{alone[i - 1]}\n{alone[i]}" for i in range(1, len(alone))]
    return {"alone": alone, "pair": pair}


def configurations(batch_sizes: Sequence[int], token_budgets: Sequence[int]) -> dict[str, dict[str, Any]]:
    """Engine-call groupings to compare: by text count alone, and by token budget."""
    out: dict[str, dict[str, Any]] = {f"{n} texts": {"batch_size": n, "batch_tokens": None} for n in batch_sizes}
    out.update({f"{n} tokens": {"batch_size": 64, "batch_tokens": n} for n in token_budgets})
    return out


def measure(
    embedder_name: str, setups: dict[str, dict[str, Any]], turns: int, rounds: int, seed: int
) -> dict[str, Any]:
    texts = _texts(turns, seed)
    cpu: dict[str, list[float]] = {}
    wall: dict[str, list[float]] = {}
    embedders = {label: open_embedder(embedder_name, **options) for label, options in setups.items()}
    for embedder in embedders.values():
        embedder.embed_passages(["warm-up: load the model"])
    for _ in range(rounds):
        for label, embedder in embedders.items():
            for recipe, items in texts.items():
                key = f"{recipe}, {label} per call"
                c0, t0 = time.process_time(), time.perf_counter()
                embedder.embed_passages(items)
                cpu.setdefault(key, []).append((time.process_time() - c0) * 1000 / len(items))
                wall.setdefault(key, []).append((time.perf_counter() - t0) * 1000 / len(items))
    return {
        "embedder": embedder_name,
        "turns": turns,
        "rounds": rounds,
        "loadavg_after": os.getloadavg(),
        "ms_per_turn": {
            key: {"cpu_min": round(min(cpu[key]), 2), "cpu_mean": round(sum(cpu[key]) / len(cpu[key]), 2),
                  "wall_min": round(min(wall[key]), 2)}
            for key in cpu
        },
    }  # fmt: skip


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--embedder", default="e5")
    parser.add_argument("--batch-sizes", default="64", help="texts per engine call (no token budget)")
    parser.add_argument("--token-budgets", default="64,128,256,512", help="tokens per engine call")
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args(argv)
    setups = configurations(
        [int(n) for n in args.batch_sizes.split(",") if n], [int(n) for n in args.token_budgets.split(",") if n]
    )
    print(f"load average before: {os.getloadavg()}", flush=True)
    print(json.dumps(measure(args.embedder, setups, args.turns, args.rounds, args.seed), indent=1))


if __name__ == "__main__":
    main()
