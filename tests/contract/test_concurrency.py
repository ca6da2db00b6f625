"""Concurrent writers on one key, over every shared backend: threads in one process and
processes (spawned, each with its own ``Memory``) on the same database.

Whatever the interleaving, afterwards:
- every version id a writer was handed back by ``set`` exists in history (nothing
  acknowledged was lost);
- the current versions of the key never overlap in valid time, and every acknowledged
  value is still believed for the part of valid time its write claimed;
- the audit chain has one event per acknowledged write and verifies.
"""

from __future__ import annotations

import multiprocessing
import threading
from itertools import pairwise
from pathlib import Path

import pytest

from palimpsest import FactVersion, Memory

pytestmark = pytest.mark.slow

SHARED_BACKENDS = ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
WRITERS = 4
WRITES_EACH = 15

Acknowledged = list[tuple[str, str]]
"""(version id, value) pairs a writer was handed back by ``set``."""


@pytest.fixture(params=SHARED_BACKENDS)
def shared_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A URL several processes can open at once (so not ``memory://``)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


def write_many(url: str, writer: int, memory: Memory | None = None) -> Acknowledged:
    """One writer: ``WRITES_EACH`` values for the same key, each a distinct value."""
    own = memory is None
    mem = Memory.open(url) if memory is None else memory
    try:
        acknowledged: Acknowledged = []
        for i in range(WRITES_EACH):
            value = f"w{writer}-{i}"
            written = mem.facts.set("u1", "lives_in", value, reason=f"writer {writer}")
            assert written.outcome in ("created", "superseded"), written.outcome
            acknowledged.append((written.version.id, value))
        return acknowledged
    finally:
        if own:
            mem.close()


def _write_in_process(args: tuple[str, int]) -> Acknowledged:
    return write_many(*args)


def check_store(url: str, acknowledged: Acknowledged) -> None:
    assert len(acknowledged) == WRITERS * WRITES_EACH
    with Memory.open(url) as mem:
        history = mem.facts.history("u1", "lives_in")
        stored = {v.id for v in history}
        lost = [vid for vid, _ in acknowledged if vid not in stored]
        assert lost == [], f"acknowledged versions missing from history: {lost}"

        current = mem.facts.list(user_id="u1", predicate="lives_in", valid_at=None)
        assert all(v.is_current for v in current)
        _assert_no_overlap(current)
        # Each write started at its own transaction time, later than every earlier write, so
        # every acknowledged value still owns a slice of valid time.
        assert sorted(v.value for v in current) == sorted(value for _, value in acknowledged)

        report = mem.audit.verify()
        assert report.ok, report
        assert report.checked == len(acknowledged)


def _assert_no_overlap(current: list[FactVersion]) -> None:
    ordered = sorted(current, key=lambda v: v.valid_from)
    for earlier, later in pairwise(ordered):
        assert earlier.valid_to is not None, f"{earlier.id} is open-ended but {later.id} starts later"
        assert earlier.valid_to <= later.valid_from, f"{earlier.id} overlaps {later.id}"
    assert ordered and ordered[-1].valid_to is None


def test_threads_racing_on_one_key(shared_url: str) -> None:
    with Memory.open(shared_url) as mem:  # one instance shared by every thread
        results: dict[int, Acknowledged] = {}
        errors: list[BaseException] = []
        start = threading.Barrier(WRITERS)

        def run(writer: int) -> None:
            try:
                start.wait()
                results[writer] = write_many(shared_url, writer, mem)
            except BaseException as exc:  # reported below; a thread cannot raise into the test
                errors.append(exc)

        threads = [threading.Thread(target=run, args=(n,)) for n in range(WRITERS)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert errors == []
    check_store(shared_url, [ack for n in range(WRITERS) for ack in results[n]])


def test_processes_racing_on_one_key(shared_url: str) -> None:
    Memory.open(shared_url).close()  # migrate once, so the workers race on writes, not on DDL
    with multiprocessing.get_context("spawn").Pool(WRITERS) as pool:
        results = pool.map(_write_in_process, [(shared_url, n) for n in range(WRITERS)])
    check_store(shared_url, [ack for batch in results for ack in batch])


def test_processes_racing_on_a_fresh_store(shared_url: str) -> None:
    """Migrations race too when several processes open a store nobody has opened yet."""
    with multiprocessing.get_context("spawn").Pool(WRITERS) as pool:
        results = pool.map(_write_in_process, [(shared_url, n) for n in range(WRITERS)])
    check_store(shared_url, [ack for batch in results for ack in batch])
