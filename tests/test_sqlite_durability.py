"""What a write acknowledged is committed to the file: another process sees it, even when
the writing process dies without closing anything."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

from palimpsest import Memory

pytestmark = pytest.mark.slow

_SPAWN = multiprocessing.get_context("spawn")


def write_then_die(url: str, reply: Connection) -> None:
    """Child: write, report what was acknowledged, then exit without closing or flushing anything."""
    memory = Memory.open(url)
    written = memory.facts.set("u1", "lives_in", "Beijing", reason="told in another process")
    reply.send(written.version.id)
    os._exit(0)


def read_current(url: str, reply: Connection) -> None:
    with Memory.open(url) as memory:
        found = memory.facts.get("u1", "lives_in")
        reply.send(None if found is None else (found.id, found.value))


def _run(target: Callable[[str, Connection], None], url: str) -> object:
    receive, send = _SPAWN.Pipe(duplex=False)
    process = _SPAWN.Process(target=target, args=(url, send))
    process.start()
    assert receive.poll(120), "child process did not answer"
    answer = receive.recv()
    process.join(60)
    assert process.exitcode == 0
    return answer


def test_write_from_a_crashed_process_survives(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'store.db'}"
    version_id = _run(write_then_die, url)
    with Memory.open(url) as memory:
        stored = memory.facts.version(str(version_id))
        assert stored.value == "Beijing" and stored.is_current
        assert memory.audit.verify().ok


def test_acknowledged_write_is_visible_to_another_process(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'store.db'}"
    memory = Memory.open(url)
    try:
        written = memory.facts.set("u1", "lives_in", "Shanghai")
        # The writer stays open: visibility must not depend on closing or checkpointing.
        assert _run(read_current, url) == (written.version.id, "Shanghai")
    finally:
        memory.close()
