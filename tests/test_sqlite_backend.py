"""What is specific to the SQLite backend: URLs, pragmas, real SQL views, the invariants the
database itself enforces, error translation, and the shared in-memory database."""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from tests.conftest import FakeClock

from palimpsest import Memory
from palimpsest.errors import ConfigError, ConflictError, StorageError
from palimpsest.storage.sqlite import SQLiteBackend, open_sqlite, parse_sqlite_url

JAN, MAR, JUL = (datetime(2026, m, 1, tzinfo=UTC) for m in (1, 3, 7))


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "store.db"


@pytest.fixture
def mem(db_path: Path, clock: FakeClock) -> Iterator[Memory]:
    memory = Memory.open(f"sqlite:///{db_path}", clock=clock)
    yield memory
    memory.close()


@pytest.fixture
def raw(db_path: Path, mem: Memory) -> Iterator[sqlite3.Connection]:
    """A plain sqlite3 connection on the store's file, as an operator (or attacker) would have."""
    conn = sqlite3.connect(db_path, isolation_level=None)
    yield conn
    conn.close()


# -- URLs ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("url", "path", "synchronous", "busy"),
    [
        ("sqlite:///relative.db", "relative.db", "FULL", 30_000),
        ("sqlite:////abs/path.db", "/abs/path.db", "FULL", 30_000),
        ("sqlite:///:memory:", ":memory:", "FULL", 30_000),
        ("sqlite:////abs/p.db?synchronous=normal", "/abs/p.db", "NORMAL", 30_000),
        ("sqlite:///x.db?busy_timeout=50&synchronous=FULL", "x.db", "FULL", 50),
    ],
)
def test_url_forms(url: str, path: str, synchronous: str, busy: int) -> None:
    location = parse_sqlite_url(url)
    assert (location.path, location.synchronous, location.busy_timeout_ms) == (path, synchronous, busy)


@pytest.mark.parametrize(
    "url", ["sqlite://host/x.db", "sqlite:///", "sqlite:///x.db?journal=off", "sqlite:///x.db?synchronous=off"]
)
def test_bad_urls_are_config_errors(url: str) -> None:
    with pytest.raises(ConfigError):
        parse_sqlite_url(url)


def test_relative_url_is_relative_to_the_working_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with Memory.open("sqlite:///nested/relative.db") as memory:
        memory.facts.set("u1", "lives_in", "Shanghai")
    assert (tmp_path / "nested" / "relative.db").is_file()


def test_pragmas_on_every_connection(db_path: Path) -> None:
    backend = open_sqlite(f"sqlite:///{db_path}?synchronous=normal&busy_timeout=1234")
    try:
        pragma = {name: backend.execute(f"PRAGMA {name}")[0][0] for name in ("journal_mode", "synchronous")}
        pragma |= {name: backend.execute(f"PRAGMA {name}")[0][0] for name in ("foreign_keys", "busy_timeout")}
        assert pragma == {"journal_mode": "wal", "synchronous": 1, "foreign_keys": 1, "busy_timeout": 1234}
    finally:
        backend.close()
    default = open_sqlite(f"sqlite:///{db_path}")
    try:
        assert default.execute("PRAGMA synchronous")[0][0] == 2  # FULL
    finally:
        default.close()


# -- the views the code reads from ----------------------------------------------------------


def test_views_exist_and_filter_like_the_api(mem: Memory, raw: sqlite3.Connection, clock: FakeClock) -> None:
    views = {r[0] for r in raw.execute("SELECT name FROM sqlite_master WHERE type = 'view'")}
    assert views == {"facts_active", "facts_audit", "facts_compliance"}
    clock.set(MAR)
    mem.facts.set("u1", "lives_in", "Beijing", valid_from=JAN, source="user_command")
    overridden = mem.facts.set("u1", "lives_in", "Shenzhen", source="system_default").version
    mem.facts.set("u1", "phone", "13800001111")
    forgotten = mem.forget("u1", "phone").forgotten

    def ids(view: str) -> set[str]:
        return {r[0] for r in raw.execute(f"SELECT id FROM facts_{view} WHERE user_id = 'u1'")}

    every = {r[0] for r in raw.execute("SELECT id FROM facts")}
    assert ids("audit") == every
    assert ids("compliance") == set(forgotten)
    assert ids("active") == every - set(forgotten) - {overridden.id}
    for view in ("active", "audit", "compliance"):
        listed = mem.facts.list(user_id="u1", valid_at=None, known_at=None, view=view)
        assert {v.id for v in listed} == ids(view)


def test_query_reads_from_the_named_view(mem: Memory, raw: sqlite3.Connection) -> None:
    """Redefine a view by hand: the API's answer follows the view, so the code really uses it."""
    mem.facts.set("u1", "lives_in", "Beijing")
    assert mem.facts.get("u1", "lives_in") is not None
    raw.execute("DROP VIEW facts_active")
    raw.execute("CREATE VIEW facts_active AS SELECT * FROM facts WHERE 0")
    assert mem.facts.get("u1", "lives_in") is None
    assert mem.facts.get("u1", "lives_in", view="audit") is not None


# -- invariants the database enforces ------------------------------------------------------


def test_database_refuses_overlapping_current_versions(mem: Memory) -> None:
    current = mem.facts.set("u1", "lives_in", "Beijing", valid_from=JAN).version
    clone = replace(current, id="f-intruder", value="Tokyo", valid_from=MAR)
    with pytest.raises(ConflictError, match="overlapping"), mem.backend.transaction():
        mem.backend.facts.insert_versions([clone])
    assert [v.value for v in mem.facts.history("u1", "lives_in")] == ["Beijing"]


def test_database_refuses_editing_a_version(mem: Memory, raw: sqlite3.Connection) -> None:
    mem.facts.set("u1", "lives_in", "Beijing")
    with pytest.raises(sqlite3.IntegrityError, match="immutable"):
        raw.execute("UPDATE facts SET value = 'Tokyo'")
    assert isinstance(mem.backend, SQLiteBackend)
    with pytest.raises(StorageError, match="immutable"):
        mem.backend.execute("UPDATE facts SET superseded_at = NULL, valid_from = 0")


def test_exception_in_a_transaction_rolls_everything_back(mem: Memory) -> None:
    class Boom(Exception):
        pass

    def write_then_fail() -> None:
        with mem.backend.transaction():
            mem.facts.set("u1", "lives_in", "Beijing")  # joins the outer transaction
            raise Boom

    with pytest.raises(Boom):
        write_then_fail()
    assert mem.facts.list(user_id="u1", valid_at=None, known_at=None, view="audit") == []
    assert mem.audit.events() == [] and mem.backend.audit.head("default") is None


# -- error translation ---------------------------------------------------------------------


def test_a_held_write_lock_is_a_conflict(db_path: Path) -> None:
    url = f"sqlite:///{db_path}?busy_timeout=50"
    with Memory.open(url, write_retries=0) as memory:
        holder = sqlite3.connect(db_path, isolation_level=None)
        try:
            holder.execute("BEGIN IMMEDIATE")
            with pytest.raises(ConflictError, match="SQLITE_BUSY"):
                memory.facts.set("u1", "lives_in", "Beijing")
            assert memory.facts.list(user_id="u1") == []  # reads never wait for the writer
            holder.execute("ROLLBACK")
        finally:
            holder.close()
        assert memory.facts.set("u1", "lives_in", "Beijing").outcome == "created"


def test_an_unopenable_file_is_a_storage_error(tmp_path: Path) -> None:
    with pytest.raises(StorageError, match="unable to open"):
        open_sqlite(f"sqlite:///{tmp_path / 'no' / 'such' / 'dir.db'}")


def test_use_after_close_is_a_storage_error(db_path: Path) -> None:
    backend = open_sqlite(f"sqlite:///{db_path}")
    backend.close()
    with pytest.raises(StorageError, match="closed"):
        backend.facts.count("default")


# -- :memory: -------------------------------------------------------------------------------


def test_in_memory_database_is_shared_by_threads() -> None:
    with Memory.open("sqlite:///:memory:") as memory:
        memory.facts.set("main", "lives_in", "Beijing")
        seen: list[str | None] = []
        errors: list[BaseException] = []

        def worker(n: int) -> None:
            try:
                found = memory.facts.get("main", "lives_in")
                seen.append(found.value if found else None)
                for i in range(10):
                    memory.facts.set(f"t{n}", "counter", str(i))
            except BaseException as exc:  # reported below; a thread cannot raise into the test
                errors.append(exc)

        threads = [threading.Thread(target=worker, args=(n,)) for n in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        assert seen == ["Beijing"] * 4
        assert [memory.facts.get(f"t{n}", "counter").value for n in range(4)] == ["9"] * 4  # type: ignore[union-attr]
        report = memory.audit.verify()
        assert report.ok and report.checked == 1 + 4 * 10
