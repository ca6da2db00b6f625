"""Racing writers with random valid intervals on ONE fact key, threads and processes, over the
shared backends (PostgreSQL, and SQLite for comparison).

``tests/contract/test_concurrency.py`` races writes valid from "now"; here each write draws a
random valid interval (open or bounded) in a 90-day range and values alternate, so supersession,
interval splitting (remnants) and ``unchanged`` all happen while writers race. Afterwards:

(a) no two current accepted versions of the key overlap in valid time — checked through the
    API and with SQL straight against the database;
(b) every version id a ``set`` call returned (acknowledged) is in the audit-view history;
(c) the audit chain verifies and holds exactly one event per acknowledged write that was not
    ``unchanged``, with the matching action.
"""

from __future__ import annotations

import multiprocessing
import random
import sqlite3
import threading
from collections import Counter
from datetime import UTC, datetime, timedelta
from itertools import pairwise
from multiprocessing.queues import Queue
from multiprocessing.synchronize import Barrier
from pathlib import Path

import pytest

from palimpsest import Memory

pytestmark = pytest.mark.slow

SHARED_BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
USER, PREDICATE = "u1", "lives_in"
VALUES = ("Shanghai", "Beijing", "Hangzhou")
BASE = datetime(2024, 1, 1, tzinfo=UTC)

Ack = tuple[str, str]
"""(version id, outcome) of one acknowledged write."""

# Pairs of current accepted versions of one *one*-cardinality key whose valid intervals
# overlap (half-open; NULL = open end). The same text runs in both dialects.
OVERLAP_SQL = """
    SELECT count(*) FROM facts a JOIN facts b
      ON a.id < b.id AND a.tenant = b.tenant AND a.user_id = b.user_id
     AND a.subject = b.subject AND a.predicate = b.predicate
    WHERE a.cardinality = 'one' AND b.cardinality = 'one'
      AND a.superseded_at IS NULL AND b.superseded_at IS NULL
      AND a.status = 'accepted' AND b.status = 'accepted'
      AND a.forgotten_at IS NULL AND b.forgotten_at IS NULL
      AND (a.valid_to IS NULL OR b.valid_from < a.valid_to)
      AND (b.valid_to IS NULL OR a.valid_from < b.valid_to)
"""


@pytest.fixture(params=SHARED_BACKENDS)
def shared_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'shared.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


def write_many(mem: Memory, seed: int, count: int) -> list[Ack]:
    """``count`` writes of the contended key: random valid_from, half of them bounded."""
    rng = random.Random(seed)
    acks: list[Ack] = []
    for i in range(count):
        valid_from = BASE + timedelta(days=rng.randrange(90), hours=rng.randrange(24))
        valid_to = valid_from + timedelta(days=rng.randrange(1, 30)) if rng.random() < 0.5 else None
        value = VALUES[(seed + i) % len(VALUES)]
        write = mem.facts.set(USER, PREDICATE, value, valid_from=valid_from, valid_to=valid_to)
        acks.append((write.version.id, write.outcome))
    return acks


def _process_worker(url: str, seed: int, count: int, start: Barrier, results: Queue[object]) -> None:
    """Runs in a spawned process: its own Memory (own connections) on the shared store."""
    try:
        with Memory.open(url) as mem:
            start.wait(timeout=120)
            results.put((seed, write_many(mem, seed, count)))
    except BaseException as exc:  # the parent fails the test with it
        results.put((seed, repr(exc)))


def overlapping_pairs_in_sql(url: str) -> int:
    """Check (a) in the database itself, bypassing every line of our Python."""
    if url.startswith("sqlite:///"):
        conn = sqlite3.connect(url.removeprefix("sqlite:///"))
        try:
            row = conn.execute(OVERLAP_SQL).fetchone()
        finally:
            conn.close()
        return int(row[0])
    import psycopg

    with psycopg.connect(url) as pg:
        found = pg.execute(OVERLAP_SQL).fetchone()
    assert found is not None
    return int(found[0])


def check_invariants(mem: Memory, acks: list[Ack]) -> None:
    assert overlapping_pairs_in_sql(mem.config.url) == 0
    history = mem.facts.history(USER, PREDICATE, view="audit")
    # (a) current beliefs never overlap in valid time
    current = sorted((v for v in history if v.is_current and v.forgotten_at is None), key=lambda v: v.valid_from)
    assert current, "the key has no current value at all"
    for earlier, later in pairwise(current):
        assert earlier.valid_to is not None and earlier.valid_to <= later.valid_from, (earlier, later)
    # (b) nothing acknowledged was lost
    stored = {v.id for v in history}
    assert [vid for vid, _ in acks if vid not in stored] == []
    # (c) one audit event per acknowledged write that changed something, chain intact
    report = mem.audit.verify()
    changed = Counter(f"fact.{outcome}" for _, outcome in acks if outcome != "unchanged")
    assert report.ok, report
    assert report.checked == sum(changed.values())
    assert Counter(e.action for e in mem.audit.events()) == changed


def test_threads_racing_with_random_intervals(shared_url: str) -> None:
    threads_n, writes_n = 8, 25
    start = threading.Barrier(threads_n)
    acks: list[Ack] = []
    errors: list[BaseException] = []
    lock = threading.Lock()
    with Memory.open(shared_url) as mem:  # one instance (one pool) shared by every thread

        def run(seed: int) -> None:
            try:
                start.wait(timeout=60)
                mine = write_many(mem, seed, writes_n)
            except BaseException as exc:  # reported below; a thread cannot raise into the test
                errors.append(exc)
                return
            with lock:
                acks.extend(mine)

        workers = [threading.Thread(target=run, args=(seed,)) for seed in range(threads_n)]
        for t in workers:
            t.start()
        for t in workers:
            t.join(timeout=300)
        assert errors == []
        assert len(acks) == threads_n * writes_n
        check_invariants(mem, acks)


def test_processes_racing_with_random_intervals(shared_url: str) -> None:
    procs_n, writes_n = 4, 20
    Memory.open(shared_url).close()  # migrate once: the race is about facts, not DDL
    ctx = multiprocessing.get_context("spawn")
    start = ctx.Barrier(procs_n)
    results: Queue[object] = ctx.Queue()
    procs = [
        ctx.Process(target=_process_worker, args=(shared_url, seed, writes_n, start, results))
        for seed in range(procs_n)
    ]
    for p in procs:
        p.start()
    try:
        outcomes: dict[int, list[Ack] | str] = dict(results.get(timeout=300) for _ in procs)  # type: ignore[misc]
    finally:
        for p in procs:
            p.join(timeout=60)
    assert [p.exitcode for p in procs] == [0] * procs_n
    assert {seed: out for seed, out in outcomes.items() if isinstance(out, str)} == {}
    acks = [ack for out in outcomes.values() if not isinstance(out, str) for ack in out]
    assert len(acks) == procs_n * writes_n
    with Memory.open(shared_url) as mem:
        check_invariants(mem, acks)
