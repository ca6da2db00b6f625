"""Named migrations on SQLite: recorded, idempotent, transactional, and refusing a newer schema."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest

from palimpsest import Memory
from palimpsest.errors import MigrationError
from palimpsest.storage.migrations import MigrationRunner
from palimpsest.storage.sqlite import SQLITE_MIGRATIONS, SQLiteBackend, SQLiteMigrationTarget, open_sqlite
from palimpsest.types import Migration

EXPECTED = [
    "0001_facts",
    "0002_audit",
    "0003_views",
    "0004_turns",
    "0005_turns_fts",
    "0006_vectors",
    "0007_summaries",
    "0008_turn_position",
    "0009_records",
    "0010_fact_words",
]


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "store.db"


def url_of(path: Path) -> str:
    return f"sqlite:///{path}"


def test_open_applies_and_records_every_migration(db_path: Path) -> None:
    backend = open_sqlite(url_of(db_path))
    try:
        applied = backend.applied_migrations()
        assert [m.name for m in applied] == EXPECTED
        assert all(m.applied_at.tzinfo is not None for m in applied)
        assert backend.pending_migrations() == []
    finally:
        backend.close()


def test_migrating_again_and_reopening_changes_nothing(db_path: Path) -> None:
    first = open_sqlite(url_of(db_path))
    before = first.applied_migrations()
    assert first.migrate() == []
    first.close()
    second = open_sqlite(url_of(db_path))
    try:
        assert second.applied_migrations() == before
        assert second.migrate() == []
    finally:
        second.close()
    with sqlite3.connect(db_path) as raw:
        assert raw.execute("SELECT count(*) FROM schema_migrations").fetchone() == (len(EXPECTED),)


def test_pending_lists_what_a_partially_migrated_store_lacks(db_path: Path) -> None:
    backend = SQLiteBackend(url_of(db_path))
    try:
        assert backend.applied_migrations() == []
        assert backend.pending_migrations() == EXPECTED
        MigrationRunner(SQLiteMigrationTarget(backend), SQLITE_MIGRATIONS[:1]).apply()
        assert backend.pending_migrations() == EXPECTED[1:]
        assert backend.migrate() == EXPECTED[1:]
        assert backend.pending_migrations() == []
    finally:
        backend.close()


def test_a_migration_from_newer_code_is_refused(db_path: Path) -> None:
    open_sqlite(url_of(db_path)).close()
    with sqlite3.connect(db_path) as raw:
        raw.execute("INSERT INTO schema_migrations (name, applied_at) VALUES ('0099_from_the_future', 0)")
    with pytest.raises(MigrationError, match="schema is newer than this code"):
        open_sqlite(url_of(db_path))
    with pytest.raises(MigrationError, match="0099_from_the_future"):
        Memory.open(url_of(db_path))


def test_a_failing_migration_rolls_back_alone(db_path: Path) -> None:
    backend = SQLiteBackend(url_of(db_path))
    steps = (
        Migration("0001_good", ("CREATE TABLE good (x INTEGER)",)),
        Migration("0002_bad", ("CREATE TABLE half_done (x INTEGER)", "CREATE TABLE broken (")),
    )
    runner = MigrationRunner(SQLiteMigrationTarget(backend), steps)
    try:
        with pytest.raises(MigrationError, match="0002_bad"):
            runner.apply()
        assert [m.name for m in runner.applied()] == ["0001_good"]
        assert runner.pending() == ["0002_bad"]
        tables = {r[0] for r in backend.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        assert "good" in tables
        assert "half_done" not in tables  # the failed migration's first statement was rolled back
    finally:
        backend.close()


def test_duplicate_migration_names_are_rejected(db_path: Path) -> None:
    backend = SQLiteBackend(url_of(db_path))
    try:
        with pytest.raises(MigrationError, match="0001_x"):
            MigrationRunner(SQLiteMigrationTarget(backend), (Migration("0001_x"), Migration("0001_x")))
    finally:
        backend.close()


def test_concurrent_openers_apply_each_migration_once(db_path: Path) -> None:
    errors: list[BaseException] = []
    start = threading.Barrier(4)

    def opener() -> None:
        try:
            start.wait()
            open_sqlite(url_of(db_path)).close()
        except BaseException as exc:  # reported below; a thread cannot raise into the test
            errors.append(exc)

    threads = [threading.Thread(target=opener) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    with sqlite3.connect(db_path) as raw:
        names = [r[0] for r in raw.execute("SELECT name FROM schema_migrations ORDER BY name")]
    assert names == EXPECTED
