"""CPU cost of ``add()`` called once per turn (how an agent usually writes), by summary-vector cadence.

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 python -m bench.add_one_turn --turns 160 --embed-every 4,16

The turns are the first ``--turns`` of LoCoMo's first conversation (read from
``../shared/benchmarks/``), ``--session-turns`` per session, each added alone with its own time.
Every ``--embed-every`` value (``Config.summary_embed_every``; 4 = the summary's vector refreshed on
every text update, as before that setting existed) gets a fresh ``memory://`` store; the values take
turns, round after round, so that a change of machine load hits all of them alike. Reported: CPU
per turn of the whole ``add`` and of the passage embeddings inside it (turns and summaries), and the
number of embedding calls.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from bench.retrieval import DATA_DIR
from palimpsest import Memory
from palimpsest.embed.base import FloatMatrix


def locomo_turns(count: int) -> list[str]:
    conversation = json.loads((DATA_DIR / "locomo" / "locomo10.json").read_text())[0]["conversation"]
    sessions = sorted(
        (k for k in conversation if k.startswith("session_") and not k.endswith("date_time")),
        key=lambda k: int(k.split("_")[1]),
    )
    turns = [f"{t['speaker']}: {t['text']}" for key in sessions for t in conversation[key]]
    return turns[:count]


class _Counting:
    """Counts the CPU time and calls of an embedder's ``embed_passages``."""

    def __init__(self, embedder: Any) -> None:
        self.embedder = embedder
        self.original = embedder.embed_passages
        self.calls = 0
        self.cpu = 0.0
        embedder.embed_passages = self

    def __call__(self, texts: Sequence[str]) -> FloatMatrix:
        started = time.process_time()
        try:
            return self.original(texts)  # type: ignore[no-any-return]
        finally:
            self.cpu += time.process_time() - started
            self.calls += 1


def run(turns: Sequence[str], embed_every: int, session_turns: int, embedder: str) -> dict[str, Any]:
    with Memory.open("memory://", embedder=embedder, summary_embed_every=embed_every) as memory:
        memory.add("warm-up", user_id="warm", session_id="warm")  # loads the model: not timed
        model = memory.conversation.embedder
        counting = _Counting(getattr(model, "inner", model))
        at = datetime(2026, 1, 1, tzinfo=UTC)
        cpu0, wall0 = time.process_time(), time.perf_counter()
        for i, text in enumerate(turns):
            session = f"s{i // session_turns}"
            memory.add(text, user_id="u", session_id=session, at=at + timedelta(minutes=i))
        cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    n = len(turns)
    return {
        "embed_every": embed_every,
        "cpu_ms_per_turn": round(cpu * 1000 / n, 1),
        "wall_ms_per_turn": round(wall * 1000 / n, 1),
        "embed_cpu_ms_per_turn": round(counting.cpu * 1000 / n, 1),
        "embed_calls": counting.calls,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=160)
    parser.add_argument("--session-turns", type=int, default=40)
    parser.add_argument("--embed-every", default="4,16", help="comma-separated summary_embed_every values")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--embedder", default="e5")
    args = parser.parse_args(argv)
    turns = locomo_turns(args.turns)
    cadences = [int(v) for v in args.embed_every.split(",") if v]
    rows: dict[int, list[dict[str, Any]]] = {c: [] for c in cadences}
    for _ in range(args.rounds):
        for cadence in cadences:
            rows[cadence].append(run(turns, cadence, args.session_turns, args.embedder))
    print(f"{len(turns)} one-turn adds, {args.session_turns} turns per session, embedder {args.embedder}, "
          f"load average {os.getloadavg()[0]:.2f}")  # fmt: skip
    print("embed_every  CPU ms/turn  wall ms/turn  embedding CPU ms/turn  embedding calls")
    for cadence, measured in rows.items():
        best = min(measured, key=lambda r: r["cpu_ms_per_turn"])
        print(
            f"{cadence:>11}  {best['cpu_ms_per_turn']:>11}  {best['wall_ms_per_turn']:>12}  "
            f"{best['embed_cpu_ms_per_turn']:>21}  {best['embed_calls']:>15}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
