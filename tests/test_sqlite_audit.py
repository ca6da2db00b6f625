"""Tampering with the SQLite audit log by raw SQL, as someone with access to the file would."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.conftest import FakeClock

from palimpsest import IntegrityError, Memory

WRITES = 5


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "store.db"


@pytest.fixture
def mem(db_path: Path, clock: FakeClock) -> Iterator[Memory]:
    memory = Memory.open(f"sqlite:///{db_path}", clock=clock)
    for i in range(WRITES):
        clock.advance(minutes=1)
        memory.facts.set("u1", "lives_in", f"city-{i}")
    assert memory.audit.verify().ok
    yield memory
    memory.close()


@pytest.fixture
def raw(db_path: Path, mem: Memory) -> Iterator[sqlite3.Connection]:
    conn = sqlite3.connect(db_path, isolation_level=None)
    yield conn
    conn.close()


def test_edited_row_is_detected_at_its_seq(mem: Memory, raw: sqlite3.Connection) -> None:
    raw.execute("UPDATE audit_events SET action = 'fact.nothing_to_see' WHERE seq = 3")
    report = mem.audit.verify()
    assert not report.ok
    assert report.first_broken_seq == 3
    assert report.checked == 2


def test_rehashed_row_breaks_the_next_link(mem: Memory, raw: sqlite3.Connection) -> None:
    """An attacker who also recomputes the edited row's hash still breaks the next row's prev_hash."""
    from palimpsest.governance.audit import link_hash

    event = mem.audit.events(after_seq=2, limit=1)[0]
    forged = link_hash(
        prev_hash=event.prev_hash, seq=event.seq, tenant=event.tenant, at=event.at, actor=event.actor,
        action="fact.nothing_to_see", target=event.target, digest=event.payload_digest,
    )  # fmt: skip
    raw.execute("UPDATE audit_events SET action = 'fact.nothing_to_see', hash = ? WHERE seq = 3", (forged,))
    report = mem.audit.verify()
    assert not report.ok and report.first_broken_seq == 4


def test_deleted_middle_row_is_reported_missing(mem: Memory, raw: sqlite3.Connection) -> None:
    raw.execute("DELETE FROM audit_events WHERE seq = 3")
    report = mem.audit.verify()
    assert not report.ok
    assert report.first_broken_seq == 3
    assert "missing" in report.problem


def test_deleted_last_row_is_detected_by_the_head(mem: Memory, raw: sqlite3.Connection) -> None:
    raw.execute(f"DELETE FROM audit_events WHERE seq = {WRITES}")
    report = mem.audit.verify()
    assert not report.ok
    assert report.first_broken_seq == WRITES
    assert report.checked == WRITES - 1


def test_writes_refuse_to_extend_a_cut_chain(mem: Memory, raw: sqlite3.Connection) -> None:
    """Appending after a deleted tail would re-use its seq and hide the cut, so writes stop instead."""
    raw.execute(f"DELETE FROM audit_events WHERE seq = {WRITES}")
    with pytest.raises(IntegrityError, match="recorded head"):
        mem.facts.set("u1", "lives_in", "elsewhere")
    assert mem.audit.verify().first_broken_seq == WRITES
    assert mem.facts.get("u1", "lives_in").value == f"city-{WRITES - 1}"  # type: ignore[union-attr]
