"""Conversation-store benchmark on SQLite: fill through ``Memory.add``, then time retrieval.

    python -m bench.conversation_store --turns 100000 --users 1
    python -m bench.conversation_store --turns 1000000 --users 1000 --queries 500

The store is filled through the real write path (``Memory.add`` in batches: dedupe,
embedding, turns + FTS rows + vectors + audit event in one transaction, incremental
session summaries) with the cheap deterministic ``hash`` embedder, so the numbers
measure storage, not a model. Then, on the loaded store, it times per query:

- ``lexical``: ``turns.lexical`` (FTS5, top 100);
- ``vector``: ``vectors.search`` (top 100) with every queried scope already cached;
- ``vector (cold)``: the same after dropping the cache (the first search of a scope loads it);
- ``search``: ``Memory.search`` (hybrid episodes, top 10);
- ``recall``: ``Memory.recall`` (routed packet).

Texts are synthetic: English words drawn with a Zipf-like skew (so some terms are in
most turns and some in few) plus Chinese phrases, about 14 tokens a turn.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from palimpsest import Memory
from palimpsest.config import Config
from palimpsest.text import tokenize

_WORD_TEXT = (
    "order parcel refund delivery address phone invoice account password payment card bank transfer "
    "report sales export format excel pdf csv meeting schedule calendar reminder flight hotel booking "
    "train ticket price discount coupon member points warranty repair screen battery charger laptop "
    "printer router network wifi signal upgrade plan contract cancel subscription renew email message "
    "weather beijing shanghai shenzhen hangzhou chengdu office home family birthday gift dinner "
    "restaurant coffee tea doctor appointment medicine insurance claim tax salary bonus project deadline "
    "design review feedback budget quarter region customer supplier warehouse stock shipment customs "
    "falcon bicycle camera lens tripod guitar piano violin novel poetry museum concert football tennis"
)
_WORDS = tuple(_WORD_TEXT.split())
_CHINESE = (
    "我上个月搬到北京海淀区了", "请帮我查一下订单", "快递什么时候到", "我想申请退款", "发票开错了",
    "以后都用顺丰发货", "手机屏幕坏了", "会员积分怎么用", "下周三开会", "报表导出成表格",
)  # fmt: skip


@dataclass(frozen=True)
class Stats:
    name: str
    samples_ms: tuple[float, ...]

    def row(self) -> dict[str, float | str | int]:
        ordered = sorted(self.samples_ms)

        def pct(p: float) -> float:
            return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]

        return {
            "name": self.name,
            "n": len(ordered),
            "p50_ms": round(pct(50), 3),
            "p95_ms": round(pct(95), 3),
            "p99_ms": round(pct(99), 3),
            "mean_ms": round(statistics.fmean(ordered), 3),
        }


class TextMaker:
    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)
        # Zipf-like: word i drawn with weight 1/(i+1).
        self._weights = [1.0 / (i + 1) for i in range(len(_WORDS))]

    def turn(self, serial: int) -> str:
        words = self._rng.choices(_WORDS, weights=self._weights, k=self._rng.randint(8, 16))
        text = " ".join(words) + f" item{serial % 9973}"
        if self._rng.random() < 0.2:
            text += " " + self._rng.choice(_CHINESE)
        return text

    def query(self) -> str:
        if self._rng.random() < 0.15:
            return self._rng.choice(_CHINESE)
        return " ".join(self._rng.choices(_WORDS, weights=self._weights, k=self._rng.randint(2, 4)))


def fill(memory: Memory, *, turns: int, users: int, batch: int, session_turns: int, seed: int) -> float:
    """Add ``turns`` turns spread evenly over ``users``; return turns per second."""
    maker = TextMaker(seed)
    per_user = -(-turns // users)
    start_at = datetime(2025, 1, 1, tzinfo=UTC)
    added = 0
    started = time.perf_counter()
    last_report = started
    for offset in range(0, per_user, batch):
        for u in range(users):
            count = min(batch, per_user - offset, turns - added)
            if count <= 0:
                break
            messages = [
                {"role": "user" if (offset + i) % 2 == 0 else "assistant", "content": maker.turn(added + i)}
                for i in range(count)
            ]
            at = start_at + timedelta(minutes=offset)
            result = memory.add(messages, user_id=f"user{u:05d}", session_id=f"s{offset // session_turns}", at=at)
            added += len(result.turns)
        now = time.perf_counter()
        if now - last_report > 10:
            rate = added / (now - started)
            print(f"  … {added:,} turns, {rate:,.0f} turns/s", file=sys.stderr, flush=True)
            last_report = now
        if added >= turns:
            break
    return added / (time.perf_counter() - started)


def timed(name: str, calls: Sequence[Callable[[], Any]]) -> Stats:
    samples = []
    for call in calls:
        t0 = time.perf_counter()
        call()
        samples.append((time.perf_counter() - t0) * 1000)
    return Stats(name, tuple(samples))


def measure(memory: Memory, *, users: int, queries: int, seed: int) -> list[Stats]:
    from palimpsest.storage.sqlite_conversation import SQLiteVectorStore

    rng = random.Random(seed + 1)
    maker = TextMaker(seed + 2)
    plan = [(maker.query(), f"user{rng.randrange(users):05d}") for _ in range(queries)]
    backend = memory.backend
    tenant = memory.config.tenant
    embedder = memory.conversation.embedder
    qvecs = embedder.embed_queries([q for q, _ in plan])
    terms = [tokenize(q) for q, _ in plan]

    vectors = backend.vectors
    assert isinstance(vectors, SQLiteVectorStore)
    vectors._cache.discard(vectors.store_id)  # cold: every scope loads on its first search
    cold_seen: set[str] = set()
    cold_calls = []
    for i, (_, user) in enumerate(plan):
        if user not in cold_seen:
            cold_seen.add(user)
            cold_calls.append(lambda i=i, user=user: vectors.search("turns", tenant, user, qvecs[i], limit=100))
    cold = timed("vector (cold: loads the scope)", cold_calls[:50])
    for user in {u for _, u in plan}:  # warm every queried scope
        vectors.search("turns", tenant, user, qvecs[0], limit=1)

    return [
        timed(
            "lexical (FTS5 top 100)",
            [lambda i=i, u=u: backend.turns.lexical(tenant, u, terms[i], limit=100) for i, (_, u) in enumerate(plan)],
        ),
        timed(
            "vector (warm, top 100)",
            [lambda i=i, u=u: vectors.search("turns", tenant, u, qvecs[i], limit=100) for i, (_, u) in enumerate(plan)],
        ),
        cold,
        timed("Memory.search (top 10)", [lambda q=q, u=u: memory.search(q, user_id=u) for q, u in plan]),
        timed("Memory.recall", [lambda q=q, u=u: memory.recall(q, user_id=u) for q, u in plan]),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--turns", type=int, default=100_000)
    parser.add_argument("--users", type=int, default=1)
    parser.add_argument("--batch", type=int, default=50, help="turns per Memory.add call")
    parser.add_argument("--session-turns", type=int, default=200, help="turns per session")
    parser.add_argument("--dimension", type=int, default=384, help="hash embedder dimension (e5 is 384)")
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--db", type=Path, help="SQLite file (default: a temporary one); reused if it exists")
    parser.add_argument("--synchronous", choices=("full", "normal"), default="full")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)

    db = args.db or Path(tempfile.mkdtemp(prefix="palimpsest-bench-")) / "store.db"
    url = f"sqlite:///{db}?synchronous={args.synchronous}"
    config = Config(url=url, embedder="hash", embedder_options={"dimension": args.dimension})
    memory = Memory(config=config)
    try:
        existing = memory.backend.turns.count(config.tenant)
        rate = None
        if existing < args.turns:
            print(f"filling {db} with {args.turns - existing:,} turns over {args.users:,} users", file=sys.stderr)
            rate = fill(
                memory, turns=args.turns - existing, users=args.users, batch=args.batch,
                session_turns=args.session_turns, seed=args.seed + existing,
            )  # fmt: skip
        total = memory.backend.turns.count(config.tenant)
        results = measure(memory, users=args.users, queries=args.queries, seed=args.seed)
    finally:
        memory.close()

    size_mb = sum(p.stat().st_size for p in db.parent.glob(db.name + "*")) / 1e6
    print(f"\nstore: {total:,} turns, {args.users:,} users, {size_mb:,.0f} MB ({db})")
    if rate is not None:
        setup = f"batches of {args.batch}, hash-{args.dimension}, synchronous={args.synchronous}"
        print(f"add: {rate:,.0f} turns/s ({setup})")
    print(f"{'operation':34} {'n':>5} {'p50 ms':>9} {'p95 ms':>9} {'p99 ms':>9}")
    rows = [r.row() for r in results]
    for r in rows:
        print(f"{r['name']:34} {r['n']:>5} {r['p50_ms']:>9} {r['p95_ms']:>9} {r['p99_ms']:>9}")
    if args.json:
        args.json.write_text(
            json.dumps(
                {"turns": total, "users": args.users, "add_turns_per_s": rate, "size_mb": size_mb, "results": rows},
                indent=2,
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
