"""Retention on SQLite: what the read-time filter adds to ``facts.get`` / ``lookup``, and what the
sweep (``Memory.enforce_retention``) costs.

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 python -m bench.retention
    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 python -m bench.retention --users 3000 --reads 20000

Builds a fresh SQLite store (``--db``, default a temporary file) through the public API on a
test clock: ``--users`` users each get ``lives_in`` (consent: profile, 730 days), ``phone``
(contact, 365 days) and ``preferred_report_format`` (preferences, kept), one day of clock per
1,000 writes; ``--conversations`` of them say 10 turns each. Then:

- ``reads``: ``--reads`` random ``facts.get`` and ``lookup`` calls, timed as a whole, wall and CPU
  (``time.process_time``) per call. Run the same command with ``PYTHONPATH`` at a checkout
  without retention to compare (the sweep phase is skipped there);
- ``sweep``: the clock moves 800 days on and ``enforce_retention`` forgets what expired (every
  fact but the preferences, every turn); then a second sweep with nothing due.

The machine is shared: the load average is printed with each phase.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

from palimpsest import Memory
from palimpsest.facts import FactInput


class _Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def _load() -> str:
    return "/".join(f"{x:.1f}" for x in os.getloadavg())


def _build(memory: Memory, clock: _Clock, users: int, conversations: int, rng: random.Random) -> None:
    items = []
    for i in range(users):
        items.append(FactInput(f"u{i}", "lives_in", rng.choice(["Beijing", "Shanghai", "Paris"])))
        items.append(FactInput(f"u{i}", "phone", f"138{i:08d}"))
        items.append(FactInput(f"u{i}", "preferred_report_format", "PDF"))
    for start in range(0, len(items), 1000):
        memory.facts.set_many(items[start : start + 1000])
        clock.now += timedelta(days=1)
    for u in range(conversations):
        turns = [f"turn {k} of user {u}: the parcel for my order arrived late" for k in range(10)]
        memory.add(turns, user_id=f"u{u}", session_id=f"s{u}")


def _reads(memory: Memory, users: int, reads: int, rng: random.Random) -> None:
    predicates = ("lives_in", "phone", "preferred_report_format")
    keys = [(f"u{rng.randrange(users)}", rng.choice(predicates)) for _ in range(reads)]
    phones = [f"138{rng.randrange(users):08d}" for _ in range(reads)]
    for subject, predicate in keys[:500]:  # warm-up
        memory.facts.get(subject, predicate)
    wall, cpu = time.perf_counter(), time.process_time()
    found = sum(1 for subject, predicate in keys if memory.facts.get(subject, predicate) is not None)
    get_wall, get_cpu = time.perf_counter() - wall, time.process_time() - cpu
    wall, cpu = time.perf_counter(), time.process_time()
    hits = sum(1 for phone in phones if memory.lookup(phone))
    lookup_wall, lookup_cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"reads (load {_load()}):")
    print(f"  facts.get  {reads} calls: CPU {get_cpu / reads * 1e6:.1f} us/call, wall {get_wall / reads * 1e6:.1f}"
          f" us/call, found {found}")  # fmt: skip
    print(f"  lookup     {reads} calls: CPU {lookup_cpu / reads * 1e6:.1f} us/call, wall"
          f" {lookup_wall / reads * 1e6:.1f} us/call, found {hits}")  # fmt: skip


def _sweep(memory: Memory, clock: _Clock) -> None:
    if not hasattr(memory, "enforce_retention"):
        print("sweep: skipped (this checkout has no Memory.enforce_retention)")
        return
    clock.now += timedelta(days=800)
    wall, cpu = time.perf_counter(), time.process_time()
    report = memory.enforce_retention()
    print(f"sweep (load {_load()}): {len(report.facts)} fact versions, {len(report.turns)} turns and"
          f" {report.summaries} summaries forgotten; CPU {time.process_time() - cpu:.2f} s, wall"
          f" {time.perf_counter() - wall:.2f} s")  # fmt: skip
    wall, cpu = time.perf_counter(), time.process_time()
    again = memory.enforce_retention()
    print(f"second sweep: {again.count} items; CPU {time.process_time() - cpu:.3f} s, wall"
          f" {time.perf_counter() - wall:.3f} s")  # fmt: skip
    assert memory.audit.verify().ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--users", type=int, default=3000)
    parser.add_argument("--conversations", type=int, default=200)
    parser.add_argument("--reads", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--db", type=Path, default=None, help="SQLite file to build (deleted first)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-retention-") as scratch:
        db = args.db if args.db is not None else Path(scratch) / "retention.db"
        for suffix in ("", "-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)
        clock = _Clock()
        rng = random.Random(args.seed)
        with Memory.open(f"sqlite:///{db}", clock=clock, embedder="hash") as memory:
            _build(memory, clock, args.users, args.conversations, rng)
            _reads(memory, args.users, args.reads, rng)
            _sweep(memory, clock)


if __name__ == "__main__":
    main()
