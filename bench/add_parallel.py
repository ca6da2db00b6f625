"""``add()`` throughput on all cores: N processes add batches of 50 turns into ONE SQLite store.

    python -m bench.add_parallel --embedder use --turns 1000 --processes 2

Embedding runs in parallel (outside the write transaction); the writes themselves serialize on
SQLite's write lock, so this measures what a multi-worker deployment gets from one store file.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import random
import tempfile
import time
from pathlib import Path
from typing import Any

EN_WORDS = [
    "order",
    "refund",
    "Beijing",
    "Shanghai",
    "laptop",
    "phone",
    "report",
    "weekly",
    "PDF",
    "meeting",
    "invoice",
    "shipping",
    "delayed",
    "account",
    "password",
    "travel",
    "hotel",
    "flight",
    "budget",
]
ZH_WORDS = [
    "订单",
    "退款",
    "北京",
    "上海",
    "电脑",
    "手机",
    "周报",
    "会议",
    "发票",
    "快递",
    "延迟",
    "账号",
    "出差",
    "酒店",
    "航班",
    "预算",
]
BATCH = 50
WARM_UP = 12  # turns, English and Chinese, enough for a session summary


def generate(count: int, seed: int) -> list[str]:
    """Seeded bilingual support-style turns (half English, half Chinese)."""
    rng = random.Random(seed)
    out: list[str] = []
    for i in range(count):
        if i % 2:
            out.append(
                "我想问一下" + "".join(rng.choice(ZH_WORDS) for _ in range(6)) + f"，编号{rng.randint(1000, 9999)}"
            )
        else:
            words = " ".join(rng.choice(EN_WORDS) for _ in range(8))
            out.append(f"Could you check my {words} number {rng.randint(1000, 9999)}?")
    return out


def _worker(url: str, embedder: str, user: str, turns: int, seed: int, results: Any) -> None:
    from palimpsest import Memory

    memory = Memory.open(url, embedder=embedder)
    texts = generate(turns + WARM_UP, seed)
    # Once per process, not per turn: the model, jieba's dictionaries and the summarizer's
    # part-of-speech tables (loaded by the first summary, after `summary_every` turns: 0.7 s,
    # 3.3 ms per turn of a 200-turn run when it was charged to the timed turns).
    memory.add(texts[:WARM_UP], user_id=user, session_id="warm-up")
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(WARM_UP, len(texts), BATCH):
        batch = [{"role": "user", "content": t} for t in texts[i : i + BATCH]]
        memory.add(batch, user_id=user, session_id=f"s{i // 200}")
    results.put((turns, time.perf_counter() - start, time.process_time() - cpu))
    memory.close()


def run(embedder: str, turns: int, processes: int, url: str) -> dict[str, Any]:
    ctx = mp.get_context("spawn")
    results = ctx.Queue()
    workers = [
        ctx.Process(target=_worker, args=(url, embedder, f"user{k}", turns, 1000 + k, results))
        for k in range(processes)
    ]
    for w in workers:
        w.start()
    measured = [results.get() for _ in workers]
    for w in workers:
        w.join()
    total = sum(m[0] for m in measured)
    wall = max(m[1] for m in measured)
    cpu_ms = 1000 * sum(m[2] for m in measured) / total
    # On a shared machine the wall clock includes the wait for a core; the CPU time per turn
    # gives what the cores could do idle: each of `processes` (<= cores) busy all the time.
    return {"embedder": embedder, "processes": processes, "turns": total, "wall_s": round(wall, 2),
            "turns_per_s": round(total / wall, 1), "cpu_ms_per_turn": round(cpu_ms, 2),
            "idle_ceiling_turns_per_s": round(processes * 1000 / cpu_ms, 1),
            "loadavg_after": os.getloadavg()}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--embedder", default="use")
    parser.add_argument("--turns", type=int, default=1000, help="turns per process")
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--url", default=None, help="store (default: a fresh temporary SQLite file)")
    args = parser.parse_args()
    url = args.url or f"sqlite:///{Path(tempfile.mkdtemp(prefix='palimpsest-add-')) / 'store.db'}"
    print(json.dumps(run(args.embedder, args.turns, args.processes, url)))


if __name__ == "__main__":
    main()
