"""CPU cost of embedding the turns ``add()`` stores, by recipe and engine batch size.

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 python -m bench.embed_cost --embedder e5 --batch-sizes 1,4,8,16,64

The turns are ``bench.add_parallel``'s (bilingual support-style, seeded). Recipes:
``pair`` embeds "previous turn\\nturn" as one text per turn (the recipe before
``passage_vectors``), ``alone`` each turn once (what ``passage_vectors`` embeds). Batch sizes
and recipes are interleaved round by round so that a change of machine load hits all of
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


def measure(embedder_name: str, batch_sizes: Sequence[int], turns: int, rounds: int, seed: int) -> dict[str, Any]:
    texts = _texts(turns, seed)
    cpu: dict[str, list[float]] = {}
    wall: dict[str, list[float]] = {}
    for _ in range(rounds):
        for size in batch_sizes:
            embedder = open_embedder(embedder_name, batch_size=size)
            embedder.embed_passages(["warm-up: load the model"])
            for recipe, items in texts.items():
                key = f"{recipe} batch {size}"
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
    parser.add_argument("--batch-sizes", default="1,4,8,16,64")
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.batch_sizes.split(",")]
    print(f"load average before: {os.getloadavg()}", flush=True)
    print(json.dumps(measure(args.embedder, sizes, args.turns, args.rounds, args.seed), indent=1))


if __name__ == "__main__":
    main()
