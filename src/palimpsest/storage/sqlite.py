"""The embedded SQLite backend (``sqlite:///relative.db``, ``sqlite:////abs/path.db``,
``sqlite:///:memory:``), on the standard library's ``sqlite3``.

Concurrency model. Every thread gets its own connection. A write transaction starts
with ``BEGIN IMMEDIATE``, which takes the database's single write lock at once, so
writers serialize across threads *and* processes and a read-plan-write sequence can
never interleave with another writer (``AuditLog.lock_head`` then just reads the head).
Reads outside a transaction run in autocommit and, under WAL, never block or wait for
writers. ``:memory:`` databases cannot be shared between connections without SQLite's
shared-cache mode, whose table locks bypass the busy timeout, so an in-memory store uses
one connection guarded by a re-entrant lock instead.

Durability. The default is ``synchronous=FULL``: WAL is fsynced at every commit, so a
write that ``Memory`` acknowledged survives a process crash *and* a power loss or OS
crash. ``synchronous=NORMAL`` (``?synchronous=normal`` in the URL) survives a process
crash too — a committed transaction is in the WAL file the moment ``COMMIT`` returns —
but the last transactions before a power cut can roll back. Measured on the CI VM: 12 µs
(NORMAL) vs 3.9 ms (FULL) per write transaction; a few milliseconds is small next to the
rest of a write path, and DESIGN §4 promises that what ``add`` returned is durable.

Errors. Every ``sqlite3`` error is translated at this module's boundary: lock contention
(``SQLITE_BUSY``/``SQLITE_LOCKED``) and key collisions become ``ConflictError`` so the
facade retries; everything else (I/O, disk full, corruption, read-only) ``StorageError``.
"""

from __future__ import annotations

import functools
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Literal

from palimpsest.core.clock import from_micros, to_micros
from palimpsest.core.temporal import FactKey
from palimpsest.errors import ConfigError, ConflictError, IntegrityError, StorageError
from palimpsest.storage.base import FactQuery, RelevanceQuery, RetentionFilter, RetentionRule
from palimpsest.storage.filters import sort_key
from palimpsest.storage.migrations import LEDGER_TABLE, MigrationRunner
from palimpsest.storage.relevance import fact_words, named_predicates, newest_per_predicate
from palimpsest.storage.sqlite_conversation import (
    CONVERSATION_MIGRATIONS,
    PROCESS_VECTOR_CACHE,
    SQLiteSummaryStore,
    SQLiteTurnStore,
    SQLiteVectorStore,
    VectorCache,
)
from palimpsest.storage.sqlite_records import RECORD_MIGRATIONS, SQLiteRecordStore
from palimpsest.types import (
    AppliedMigration,
    AuditEvent,
    Cardinality,
    FactStatus,
    FactVersion,
    Migration,
    Source,
    View,
)

BUSY_TIMEOUT_MS = 30_000
"""Default wait for the write lock before the facade sees a ``ConflictError`` (URL: ``busy_timeout``)."""

_OVERLAP_MESSAGE = "palimpsest: overlapping current valid intervals"
_IMMUTABLE_MESSAGE = "palimpsest: fact versions are immutable"

_FACT_COLUMNS = (
    "id, tenant, user_id, subject, predicate, value, cardinality, valid_from, valid_to, recorded_at, "
    "superseded_at, source, confidence, reason, evidence, category, sensitive, status, note, value_key, "
    "derived_from, forgotten_at"
)
_AUDIT_COLUMNS = "tenant, seq, at, actor, action, target, payload_digest, prev_hash, hash"

# The only columns a stored version may ever change: its transaction end (once), the note
# explaining that end, and the moment it was forgotten (once). Everything else is the record.
_FROZEN_COLUMNS = tuple(
    c.strip() for c in _FACT_COLUMNS.split(",") if c.strip() not in {"superseded_at", "note", "forgotten_at"}
)

SQLITE_MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        "0001_facts",
        (
            """
            CREATE TABLE facts (
                id            TEXT PRIMARY KEY,
                tenant        TEXT NOT NULL,
                user_id       TEXT NOT NULL,
                subject       TEXT NOT NULL,
                predicate     TEXT NOT NULL,
                value         TEXT NOT NULL,
                cardinality   TEXT NOT NULL CHECK (cardinality IN ('one', 'many')),
                valid_from    INTEGER NOT NULL,
                valid_to      INTEGER CHECK (valid_to IS NULL OR valid_to > valid_from),
                recorded_at   INTEGER NOT NULL,
                superseded_at INTEGER CHECK (superseded_at IS NULL OR superseded_at >= recorded_at),
                source        INTEGER NOT NULL CHECK (source BETWEEN 0 AND 3),
                confidence    REAL NOT NULL CHECK (confidence BETWEEN 0.0 AND 1.0),
                reason        TEXT NOT NULL DEFAULT '',
                evidence      TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(evidence)),
                category      TEXT,
                sensitive     INTEGER NOT NULL CHECK (sensitive IN (0, 1)),
                status        TEXT NOT NULL CHECK (status IN ('accepted', 'overridden')),
                note          TEXT NOT NULL DEFAULT '',
                value_key     TEXT,
                -- No foreign key: purge and erase may delete the version a remnant came from,
                -- and provenance that outlives its origin is still worth keeping.
                derived_from  TEXT,
                forgotten_at  INTEGER
            ) STRICT
            """,
            # Current versions of one key: what every write reads under the lock.
            "CREATE INDEX facts_current_key ON facts (tenant, user_id, subject, predicate) WHERE superseded_at IS NULL",
            # Listing a user's facts in the contract's order.
            "CREATE INDEX facts_user_order ON facts (tenant, user_id, subject, predicate, valid_from, recorded_at, id)",
            "CREATE INDEX facts_value_key ON facts (tenant, value_key) WHERE value_key IS NOT NULL",
            "CREATE INDEX facts_forgotten ON facts (tenant, forgotten_at) WHERE forgotten_at IS NOT NULL",
            # DESIGN §3: PostgreSQL enforces non-overlapping current intervals with an exclusion
            # constraint; here a trigger checks the same inside the write transaction. *many*
            # values only contend with the same value.
            f"""
            CREATE TRIGGER facts_no_overlap BEFORE INSERT ON facts
            WHEN NEW.superseded_at IS NULL AND NEW.status = 'accepted' AND NEW.forgotten_at IS NULL
            BEGIN
                SELECT RAISE(ABORT, '{_OVERLAP_MESSAGE}')
                WHERE EXISTS (
                    SELECT 1 FROM facts AS f
                    WHERE f.tenant = NEW.tenant AND f.user_id = NEW.user_id
                      AND f.subject = NEW.subject AND f.predicate = NEW.predicate
                      AND f.superseded_at IS NULL AND f.status = 'accepted' AND f.forgotten_at IS NULL
                      AND (NEW.cardinality = 'one' OR f.value = NEW.value)
                      AND (NEW.valid_to IS NULL OR f.valid_from < NEW.valid_to)
                      AND (f.valid_to IS NULL OR f.valid_to > NEW.valid_from)
                );
            END
            """,
            f"""
            CREATE TRIGGER facts_immutable BEFORE UPDATE ON facts
            WHEN {" OR ".join(f"NEW.{c} IS NOT OLD.{c}" for c in _FROZEN_COLUMNS)}
              OR (OLD.superseded_at IS NOT NULL AND NEW.superseded_at IS NOT OLD.superseded_at)
              OR (OLD.forgotten_at IS NOT NULL AND NEW.forgotten_at IS NOT OLD.forgotten_at)
            BEGIN
                SELECT RAISE(ABORT, '{_IMMUTABLE_MESSAGE}');
            END
            """,
        ),
    ),
    Migration(
        "0002_audit",
        (
            """
            CREATE TABLE audit_events (
                tenant         TEXT NOT NULL,
                seq            INTEGER NOT NULL CHECK (seq >= 1),
                at             INTEGER NOT NULL,
                actor          TEXT NOT NULL,
                action         TEXT NOT NULL,
                target         TEXT NOT NULL,
                payload_digest TEXT NOT NULL,
                prev_hash      TEXT NOT NULL,
                hash           TEXT NOT NULL,
                PRIMARY KEY (tenant, seq)
            ) STRICT
            """,
            # Kept beside the events so a truncated tail is detectable (links alone cannot show it).
            """
            CREATE TABLE audit_heads (
                tenant TEXT PRIMARY KEY,
                seq    INTEGER NOT NULL,
                hash   TEXT NOT NULL
            ) STRICT
            """,
        ),
    ),
    Migration(
        "0003_views",
        tuple(
            f"CREATE VIEW facts_{view} AS SELECT {_FACT_COLUMNS} FROM facts{where}"
            for view, where in (
                ("active", " WHERE forgotten_at IS NULL AND status = 'accepted'"),
                ("audit", ""),
                ("compliance", " WHERE forgotten_at IS NOT NULL"),
            )
        ),
    ),
    *CONVERSATION_MIGRATIONS,
    *RECORD_MIGRATIONS,
    Migration(
        "0010_fact_words",
        (
            # FactStore.relevant(), by words: which current versions hold a word of their subject
            # or value (palimpsest.storage.relevance.fact_words), with their valid interval (frozen
            # like every column but the transaction end) so a probe filters by validity without
            # reading the version. A version leaves the index when it stops being current.
            """
            CREATE TABLE fact_words (
                tenant     TEXT NOT NULL,
                word       TEXT NOT NULL,
                user_id    TEXT NOT NULL,
                fact_id    TEXT NOT NULL,
                valid_from INTEGER NOT NULL,
                valid_to   INTEGER,
                PRIMARY KEY (tenant, word, user_id, fact_id)
            ) STRICT, WITHOUT ROWID
            """,
            "CREATE INDEX fact_words_fact ON fact_words (fact_id)",
            # Superseded or forgotten versions are no longer candidates; erased and purged ones
            # take their words (personal data) along.
            """
            CREATE TRIGGER fact_words_retired AFTER UPDATE OF superseded_at, forgotten_at ON facts
            WHEN NEW.superseded_at IS NOT NULL OR NEW.forgotten_at IS NOT NULL
            BEGIN
                DELETE FROM fact_words WHERE fact_id = NEW.id;
            END
            """,
            """
            CREATE TRIGGER fact_words_gone AFTER DELETE ON facts
            BEGIN
                DELETE FROM fact_words WHERE fact_id = OLD.id;
            END
            """,
            # FactStore.relevant(), by predicate: one predicate's current versions that are open
            # (valid_to IS NULL) newest first, or that end after a given time. Versions whose valid
            # time ended (a one-valued key's past values) are never scanned.
            """
            CREATE INDEX facts_current_predicate
            ON facts (tenant, user_id, predicate, valid_to, valid_from, recorded_at, id)
            WHERE superseded_at IS NULL AND forgotten_at IS NULL AND status = 'accepted'
            """,
            # FactStore.ended_versions(): a key's ended current versions, latest-ending first.
            """
            CREATE INDEX facts_ended ON facts (tenant, user_id, subject, predicate, valid_to)
            WHERE valid_to IS NOT NULL AND superseded_at IS NULL AND forgotten_at IS NULL AND status = 'accepted'
            """,
            # Words need the tokenizer, which SQL does not have: SQLiteBackend.migrate() indexes
            # the versions stored before this migration, then clears the mark.
            "CREATE TABLE fact_words_backfill (pending INTEGER PRIMARY KEY) STRICT",
            "INSERT INTO fact_words_backfill VALUES (1)",
        ),
    ),
)
"""The SQLite schema, oldest first. Never edit an entry that has shipped; append a new one."""

_VIEW_TABLES: dict[View, str] = {view: f"facts_{view.value}" for view in View}
"""``FactStore.query`` reads from the SQL view its ``FactQuery.view`` names, never from ``facts``."""

Synchronous = Literal["FULL", "NORMAL"]


# -- URL --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SQLiteLocation:
    """Where a ``sqlite://`` URL points and how to open it."""

    path: str
    """A filesystem path, or ``":memory:"``."""
    synchronous: Synchronous = "FULL"
    busy_timeout_ms: int = BUSY_TIMEOUT_MS
    vector_cache_mb: int | None = None
    """A private vector cache of this many MiB; None shares the process-wide one."""

    @property
    def in_memory(self) -> bool:
        return self.path == ":memory:"


def parse_sqlite_url(url: str) -> SQLiteLocation:
    """``sqlite:///relative.db``, ``sqlite:////abs/path.db`` or ``sqlite:///:memory:``, optionally
    with ``?synchronous=full|normal``, ``&busy_timeout=<milliseconds>`` and ``&vector_cache_mb=<MiB>``."""
    prefix = "sqlite:///"
    if not url.startswith(prefix):
        raise ConfigError(
            f"bad SQLite URL {url!r}; expected sqlite:///relative.db, sqlite:////abs/path.db or sqlite:///:memory:"
        )
    path, _, query = url[len(prefix) :].partition("?")
    if not path:
        raise ConfigError(f"SQLite URL {url!r} names no database file")
    options: dict[str, Any] = {}
    for pair in filter(None, query.split("&")):
        name, _, value = pair.partition("=")
        if name == "synchronous" and value.upper() in ("FULL", "NORMAL"):
            options["synchronous"] = value.upper()
        elif name == "busy_timeout" and value.isdigit():
            options["busy_timeout_ms"] = int(value)
        elif name == "vector_cache_mb" and value.isdigit():
            options["vector_cache_mb"] = int(value)
        else:
            raise ConfigError(
                f"unsupported SQLite URL option {pair!r}; known: synchronous=full|normal, busy_timeout=<ms>, "
                "vector_cache_mb=<MiB>"
            )
    if path != ":memory:":
        path = str(Path(path).expanduser())
    return SQLiteLocation(path=path, **options)


# -- error translation ------------------------------------------------------------------


def translate(exc: sqlite3.Error) -> StorageError | ConflictError:
    """The palimpsest error for a driver error (the one place driver errors are mapped)."""
    name = getattr(exc, "sqlite_errorname", "") or type(exc).__name__
    message = str(exc)
    contention = name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "database is locked" in message
    collision = name in ("SQLITE_CONSTRAINT_PRIMARYKEY", "SQLITE_CONSTRAINT_UNIQUE")
    if contention or collision or _OVERLAP_MESSAGE in message:
        return ConflictError(f"SQLite write conflict ({name}): {message}")
    return StorageError(f"SQLite error ({name}): {message}")


@contextmanager
def translated() -> Iterator[None]:
    try:
        yield
    except sqlite3.Error as exc:
        raise translate(exc) from exc


# -- the backend -------------------------------------------------------------------------


class SQLiteBackend:
    """A ``Backend`` over one SQLite database (see the module docstring for the model)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.location = parse_sqlite_url(url)
        self._local = threading.local()
        self._registry_lock = threading.Lock()
        self._connections: list[sqlite3.Connection] = []
        self._closed = False
        # In-memory: one connection for every thread, so it needs a gate; on a file the
        # database's own locks do that job and readers must not wait for writers.
        self._shared: sqlite3.Connection | None = None
        self._gate: threading.RLock | None = threading.RLock() if self.location.in_memory else None
        self.facts = SQLiteFactStore(self)
        self.audit = SQLiteAuditLog(self)
        self.turns = SQLiteTurnStore(self)
        cache_mb = self.location.vector_cache_mb
        self.vectors = SQLiteVectorStore(
            self, PROCESS_VECTOR_CACHE if cache_mb is None else VectorCache(cache_mb * 1024 * 1024)
        )
        self.summaries = SQLiteSummaryStore(self)
        self.records = SQLiteRecordStore(self)
        self._runner = MigrationRunner(SQLiteMigrationTarget(self), SQLITE_MIGRATIONS)

    # -- connections ----------------------------------------------------------------------
    def _open_connection(self) -> sqlite3.Connection:
        timeout = self.location.busy_timeout_ms
        with translated():
            # isolation_level=None: the driver never opens transactions behind our back;
            # check_same_thread=False only so close() can release other threads' connections
            # (each connection is still used by one thread, or behind the in-memory gate).
            conn = sqlite3.connect(
                self.location.path, isolation_level=None, check_same_thread=False, timeout=timeout / 1000
            )
            try:
                conn.execute(f"PRAGMA busy_timeout = {timeout}")
                if not self.location.in_memory:
                    self._enable_wal(conn)
                conn.execute(f"PRAGMA synchronous = {self.location.synchronous}")
                conn.execute("PRAGMA foreign_keys = ON")
                # 64 MiB page cache per connection instead of the 2 MiB default: bulk fact inserts
                # touch five indexes and the overlap trigger probes one; with the default cache the
                # pages thrash (measured 24.1 -> 15.9 µs CPU per inserted row on a 23 MiB file,
                # bench/results/facts.md). Memory is only used as the database grows into it.
                conn.execute("PRAGMA cache_size = -65536")
            except BaseException:
                conn.close()
                raise
        with self._registry_lock:
            self._connections.append(conn)
        return conn

    def _enable_wal(self, conn: sqlite3.Connection) -> None:
        """Switch the file to WAL (a no-op once it is: the mode is stored in the file).

        The switch needs an exclusive lock and SQLite returns ``SQLITE_BUSY`` for it without
        consulting the busy handler, so processes opening a fresh file at once would fail;
        retry within the busy timeout instead.
        """
        deadline = time.monotonic() + self.location.busy_timeout_ms / 1000
        while True:
            try:
                mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
                break
            except sqlite3.OperationalError as exc:
                busy = getattr(exc, "sqlite_errorname", "").startswith("SQLITE_BUSY")
                if not busy or time.monotonic() >= deadline:
                    raise
                time.sleep(0.01)
        if str(mode).lower() != "wal":
            raise StorageError(f"could not switch {self.location.path} to WAL (got {mode!r})")

    def connection(self) -> sqlite3.Connection:
        """This thread's connection (the shared one for ``:memory:``)."""
        if self._closed:
            raise StorageError(f"the SQLite backend for {self.url} is closed")
        if self.location.in_memory:
            if self._shared is None:
                self._shared = self._open_connection()
            return self._shared
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._open_connection()
            self._local.conn = conn
        return conn

    def gate(self) -> AbstractContextManager[Any]:
        """Held around every use of the shared in-memory connection; free on a file."""
        return self._gate if self._gate is not None else nullcontext()

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """Run one statement on this thread's connection and fetch every row."""
        with self.gate(), translated():
            return self.connection().execute(sql, params).fetchall()

    def execute_count(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run one data-changing statement; return how many rows it changed."""
        with self.gate(), translated():
            return self.connection().execute(sql, params).rowcount

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with self.gate(), translated():
            self.connection().executemany(sql, rows)

    def executemany_count(self, sql: str, rows: Sequence[Sequence[Any]]) -> int:
        """``executemany`` of a data-changing statement; return how many rows it changed in all."""
        with self.gate(), translated():
            return self.connection().executemany(sql, rows).rowcount

    # -- transactions ---------------------------------------------------------------------
    @property
    def in_transaction(self) -> bool:
        return bool(getattr(self._local, "depth", 0))

    @contextmanager
    def transaction(self) -> Iterator[None]:
        with self.gate():
            if self.in_transaction:  # nested: join the outer transaction
                yield
                return
            conn = self.connection()
            with translated():
                conn.execute("BEGIN IMMEDIATE")
            self._local.depth = 1
            self._local.after_commit = []
            try:
                yield
            except BaseException:
                self._rollback(conn)
                raise
            else:
                self._commit(conn)
                callbacks, self._local.after_commit = self._local.after_commit, []
                self._local.depth = 0
                for callback in callbacks:
                    callback()
            finally:
                self._local.depth = 0
                self._local.after_commit = []

    def on_commit(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` once the current transaction commits (never if it rolls back).

        Outside a transaction the statements before this call have already committed, so
        it runs at once. Callbacks keep in-process caches in step with committed rows.
        """
        if self.in_transaction:
            self._local.after_commit.append(callback)
        else:
            callback()

    @contextmanager
    def read_snapshot(self) -> Iterator[None]:
        """Reads inside see one consistent snapshot (a deferred read transaction under WAL);
        inside a write transaction they simply join it."""
        with self.gate():
            if self.in_transaction:
                yield
                return
            conn = self.connection()
            with translated():
                conn.execute("BEGIN DEFERRED")
            try:
                yield
            finally:
                self._rollback(conn)

    def _commit(self, conn: sqlite3.Connection) -> None:
        try:
            conn.execute("COMMIT")
        except sqlite3.Error as exc:
            # A failed COMMIT leaves the transaction open; end it so the connection is reusable.
            self._rollback(conn)
            raise translate(exc) from exc

    @staticmethod
    def _rollback(conn: sqlite3.Connection) -> None:
        if conn.in_transaction:
            with translated():
                conn.execute("ROLLBACK")

    # -- migrations -----------------------------------------------------------------------
    def applied_migrations(self) -> list[AppliedMigration]:
        return self._runner.applied()

    def pending_migrations(self) -> list[str]:
        return self._runner.pending()

    def migrate(self) -> list[str]:
        applied = self._runner.apply()
        self._index_fact_words()
        return applied

    def _index_fact_words(self) -> None:
        """Index the words of versions stored before ``0010_fact_words`` (once, under the write lock)."""
        if not self.execute("SELECT 1 FROM fact_words_backfill"):
            return
        with self.transaction():
            if not self.execute("SELECT 1 FROM fact_words_backfill"):
                return  # another process did it meanwhile
            after = 0
            while True:
                rows = self.execute(
                    "SELECT rowid, id, tenant, user_id, subject, value, valid_from, valid_to FROM facts"
                    f" WHERE rowid > ? AND {_CURRENT} ORDER BY rowid LIMIT 5000",
                    (after,),
                )
                if not rows:
                    break
                after = rows[-1][0]
                self.executemany(
                    f"INSERT OR IGNORE INTO fact_words ({_WORD_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)",
                    [
                        (tenant, word, user_id, fid, valid_from, valid_to)
                        for _, fid, tenant, user_id, subject, value, valid_from, valid_to in rows
                        for word in fact_words(user_id, subject, value)
                    ],
                )
            self.execute_count("DELETE FROM fact_words_backfill")

    def close(self) -> None:
        self.vectors.close()
        with self.gate(), self._registry_lock:
            self._closed = True
            connections, self._connections = self._connections, []
            self._shared = None
        for conn in connections:
            conn.close()


class SQLiteMigrationTarget:
    """The migration runner's view of a SQLite database."""

    def __init__(self, backend: SQLiteBackend) -> None:
        self._backend = backend

    def transaction(self) -> AbstractContextManager[None]:
        return self._backend.transaction()

    def lock(self) -> None:
        """``BEGIN IMMEDIATE`` already holds the database's write lock."""

    def execute(self, statement: str) -> None:
        self._backend.execute(statement)

    def create_ledger(self) -> None:
        self._backend.execute(
            f"CREATE TABLE IF NOT EXISTS {LEDGER_TABLE} (name TEXT PRIMARY KEY, applied_at INTEGER NOT NULL) STRICT"
        )

    def read_ledger(self) -> list[AppliedMigration]:
        exists = self._backend.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", (LEDGER_TABLE,))
        if not exists:
            return []
        rows = self._backend.execute(f"SELECT name, applied_at FROM {LEDGER_TABLE} ORDER BY applied_at, rowid")
        return [AppliedMigration(name=name, applied_at=from_micros(at)) for name, at in rows]

    def record(self, name: str, applied_at: datetime) -> None:
        self._backend.execute(
            f"INSERT INTO {LEDGER_TABLE} (name, applied_at) VALUES (?, ?)", (name, to_micros(applied_at))
        )


# -- rows <-> versions ------------------------------------------------------------------


def _micros(value: datetime | None) -> int | None:
    return None if value is None else to_micros(value)


def _interval(version: FactVersion) -> tuple[int, int | None]:
    return to_micros(version.valid_from), None if version.valid_to is None else to_micros(version.valid_to)


def _time(value: int | None) -> datetime | None:
    return None if value is None else from_micros(value)


def _evidence_json(evidence: tuple[str, ...]) -> str:
    # Most versions carry no evidence: skip the encoder for them (measurable at bulk-ingest rates).
    return json.dumps(list(evidence)) if evidence else "[]"


def _fact_row(v: FactVersion) -> tuple[Any, ...]:
    return (
        v.id, v.tenant, v.user_id, v.subject, v.predicate, v.value, v.cardinality.value,
        to_micros(v.valid_from), _micros(v.valid_to), to_micros(v.recorded_at), _micros(v.superseded_at),
        int(v.source), v.confidence, v.reason, _evidence_json(v.evidence), v.category, int(v.sensitive),
        v.status.value, v.note, v.value_key, v.derived_from, _micros(v.forgotten_at),
    )  # fmt: skip


def _version(row: Sequence[Any]) -> FactVersion:
    (
        id_, tenant, user_id, subject, predicate, value, cardinality, valid_from, valid_to, recorded_at,
        superseded_at, source, confidence, reason, evidence, category, sensitive, status, note, value_key,
        derived_from, forgotten_at,
    ) = row  # fmt: skip
    return FactVersion(
        id=id_,
        tenant=tenant,
        user_id=user_id,
        subject=subject,
        predicate=predicate,
        value=value,
        cardinality=Cardinality(cardinality),
        valid_from=from_micros(valid_from),
        valid_to=_time(valid_to),
        recorded_at=from_micros(recorded_at),
        superseded_at=_time(superseded_at),
        source=Source(source),
        confidence=confidence,
        reason=reason,
        evidence=tuple(json.loads(evidence)) if evidence != "[]" else (),
        category=category,
        sensitive=bool(sensitive),
        status=FactStatus(status),
        note=note,
        value_key=value_key,
        derived_from=derived_from,
        forgotten_at=_time(forgotten_at),
    )


def _event(row: Sequence[Any]) -> AuditEvent:
    tenant, seq, at, actor, action, target, digest, prev_hash, hash_ = row
    return AuditEvent(
        seq=seq, tenant=tenant, at=from_micros(at), actor=actor, action=action, target=target,
        payload_digest=digest, prev_hash=prev_hash, hash=hash_,
    )  # fmt: skip


def _scope(user_id: str, subject: str | None, predicate: str | None) -> tuple[str, list[Any]]:
    """``WHERE`` fragment and parameters selecting one user's versions (optionally narrower)."""
    clauses: list[str] = ["tenant = ?", "user_id = ?"]
    params: list[Any] = [user_id]
    if subject is not None:
        clauses.append("subject = ?")
        params.append(subject)
    if predicate is not None:
        clauses.append("predicate = ?")
        params.append(predicate)
    return " AND ".join(clauses), params


@functools.lru_cache(maxsize=64)
def _expired_sql(rules: tuple[RetentionRule, ...]) -> str:
    """``(recorded before a rule's cutoff AND (category IN ... OR predicate IN ...)) OR ...``:
    built once per rule set (a ``Memory`` has one); see :func:`_expired_params`."""
    parts = []
    for rule in rules:
        tests = [
            f"{column} IN ({', '.join('?' * len(values))})"
            for column, values in (("category", rule.categories), ("predicate", rule.predicates))
            if values
        ]
        parts.append(f"(recorded_at < ? AND ({' OR '.join(tests) or 'FALSE'}))")
    return f"({' OR '.join(parts) or 'FALSE'})"


def _expired_params(retention: RetentionFilter) -> list[Any]:
    params: list[Any] = []
    for rule in retention.rules:
        params.append(to_micros(retention.now - rule.retention))
        params += rule.categories
        params += rule.predicates
    return params


# -- facts ------------------------------------------------------------------------------

_ORDER = "ORDER BY subject, predicate, valid_from, recorded_at, id"
_FACT_COLUMNS_OF_F = ", ".join(f"f.{c.strip()}" for c in _FACT_COLUMNS.split(","))
_KEYS_PER_STATEMENT = 500
"""Keys per ``current_versions_many`` statement: 2,000 parameters, far below SQLite's 32,766."""
_CURRENT = "superseded_at IS NULL AND forgotten_at IS NULL AND status = 'accepted'"
_WORD_COLUMNS = "tenant, word, user_id, fact_id, valid_from, valid_to"
_CURRENT_AT_F = (
    "f.superseded_at IS NULL AND f.forgotten_at IS NULL AND f.status = 'accepted'"
    " AND f.valid_from <= ? AND (f.valid_to IS NULL OR ? < f.valid_to)"
)
# The distinct predicates of a user's current versions, one index probe each (a skip scan
# of facts_current_predicate) instead of a scan of all the user's versions.
_PRESENT_PREDICATES = f"""
    WITH RECURSIVE present(name) AS (
        SELECT min(predicate) FROM facts WHERE tenant = ?1 AND user_id = ?2 AND {_CURRENT}
        UNION ALL
        SELECT (SELECT min(predicate) FROM facts WHERE tenant = ?1 AND user_id = ?2 AND {_CURRENT}
                AND predicate > present.name)
        FROM present WHERE present.name IS NOT NULL
    )
    SELECT name FROM present WHERE name IS NOT NULL
"""
# The newest versions of one predicate valid at a time: the open ones (valid_to IS NULL)
# and the ones ending later, each read newest first from facts_current_predicate.
_NEWEST_OF_PREDICATE = " UNION ALL ".join(
    f"SELECT * FROM (SELECT {_FACT_COLUMNS} FROM facts WHERE tenant = ? AND user_id = ? AND predicate = ?"
    f" AND {_CURRENT} AND {validity} AND valid_from <= ?"
    " ORDER BY valid_from DESC, recorded_at DESC, id DESC LIMIT ?)"
    for validity in ("valid_to IS NULL", "valid_to > ?")
)
_PREDICATES_PER_STATEMENT = 100
_RELEVANT_BATCH = 200
"""Versions read per statement by ``relevant()``'s word probe: twice the usual ``term_limit``."""


class SQLiteFactStore:
    def __init__(self, backend: SQLiteBackend) -> None:
        self._db = backend

    def current_versions(self, key: FactKey) -> list[FactVersion]:
        rows = self._db.execute(
            f"SELECT {_FACT_COLUMNS} FROM facts_active"
            " WHERE tenant = ? AND user_id = ? AND subject = ? AND predicate = ? AND superseded_at IS NULL " + _ORDER,
            (key.tenant, key.user_id, key.subject, key.predicate),
        )
        return [_version(r) for r in rows]

    def current_versions_many(self, keys: Sequence[FactKey]) -> dict[FactKey, list[FactVersion]]:
        keys = list(dict.fromkeys(keys))  # a key listed twice would return its rows twice
        found: dict[FactKey, list[FactVersion]] = {}
        for start in range(0, len(keys), _KEYS_PER_STATEMENT):
            chunk = keys[start : start + _KEYS_PER_STATEMENT]
            # A join that starts from the keys (CROSS JOIN fixes the order in SQLite) probes
            # facts_current_key once per key: "SEARCH f USING INDEX facts_current_key (tenant=? AND
            # user_id=? AND subject=? AND predicate=?)". A row-value IN (VALUES ...) list instead
            # scans the whole index (SQLite 3.40).
            rows = self._db.execute(
                f"SELECT {_FACT_COLUMNS_OF_F} FROM (VALUES {', '.join(['(?, ?, ?, ?)'] * len(chunk))}) AS k "
                "CROSS JOIN facts AS f ON f.tenant = k.column1 AND f.user_id = k.column2 "
                "AND f.subject = k.column3 AND f.predicate = k.column4 "
                "WHERE f.superseded_at IS NULL AND f.status = 'accepted' AND f.forgotten_at IS NULL "
                "ORDER BY f.subject, f.predicate, f.valid_from, f.recorded_at, f.id",
                [part for key in chunk for part in (key.tenant, key.user_id, key.subject, key.predicate)],
            )
            for row in rows:
                v = _version(row)
                found.setdefault(FactKey(v.tenant, v.user_id, v.subject, v.predicate), []).append(v)
        return found

    def insert_versions(self, versions: Sequence[FactVersion]) -> None:
        placeholders = ", ".join("?" * len(_FACT_COLUMNS.split(",")))
        # One statement per row, in order: the overlap trigger must see earlier rows of the batch.
        self._db.executemany(
            f"INSERT INTO facts ({_FACT_COLUMNS}) VALUES ({placeholders})", [_fact_row(v) for v in versions]
        )
        self._db.executemany(
            f"INSERT INTO fact_words ({_WORD_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)",
            [
                (
                    v.tenant,
                    word,
                    v.user_id,
                    v.id,
                    to_micros(v.valid_from),
                    None if v.valid_to is None else to_micros(v.valid_to),
                )
                for v in versions
                if v.is_current and v.forgotten_at is None and v.status is FactStatus.ACCEPTED
                for word in fact_words(v.user_id, v.subject, v.value)
            ],
        )

    def close_many(self, closes: Sequence[tuple[str, datetime]]) -> None:
        if not closes:
            return
        changed = self._db.executemany_count(
            "UPDATE facts SET superseded_at = ? WHERE id = ? AND superseded_at IS NULL",
            [(to_micros(at), vid) for vid, at in closes],
        )
        if changed != len(closes):
            raise ConflictError(f"{len(closes) - changed} of the versions to close are no longer current")

    def close_versions(self, ids: Sequence[str], superseded_at: datetime, note: str | None = None) -> None:
        if not ids:
            return
        marks = ", ".join("?" * len(ids))
        set_note = ", note = ?" if note else ""
        params: list[Any] = [to_micros(superseded_at), *([note] if note else []), *ids]
        changed = self._db.execute_count(
            f"UPDATE facts SET superseded_at = ?{set_note} WHERE superseded_at IS NULL AND id IN ({marks})", params
        )
        if changed != len(set(ids)):
            raise ConflictError(f"{len(set(ids)) - changed} of the versions to close are no longer current")

    def get_version(self, tenant: str, version_id: str) -> FactVersion | None:
        rows = self._db.execute(f"SELECT {_FACT_COLUMNS} FROM facts WHERE tenant = ? AND id = ?", (tenant, version_id))
        return _version(rows[0]) if rows else None

    def query(self, query: FactQuery) -> list[FactVersion]:
        clauses: list[str] = ["tenant = ?"]
        params: list[Any] = [query.tenant]
        for column, value in (
            # An identifier probe (value_key) must use facts_value_key: left to itself SQLite
            # prefers facts_user_order for its ORDER BY and scans every version of the user
            # (15 ms at 100,000 turns for one user); the unary + keeps user_id off that index.
            ("+user_id" if query.value_key is not None else "user_id", query.user_id),
            ("subject", query.subject),
            ("predicate", query.predicate),
            ("value_key", query.value_key),
        ):
            if value is not None:
                clauses.append(f"{column} = ?")
                params.append(value)
        if query.exclude_predicates:
            clauses.append(f"predicate NOT IN ({', '.join('?' for _ in query.exclude_predicates)})")
            params += list(query.exclude_predicates)
        if query.valid_at is not None:
            at = to_micros(query.valid_at)
            clauses.append("valid_from <= ? AND (valid_to IS NULL OR ? < valid_to)")
            params += [at, at]
        if query.known_at is not None:
            at = to_micros(query.known_at)
            clauses.append("recorded_at <= ? AND (superseded_at IS NULL OR ? < superseded_at)")
            params += [at, at]
        if query.retention is not None and query.retention.rules:
            clauses.append(f"NOT {_expired_sql(query.retention.rules)}")
            params += _expired_params(query.retention)
        # LIMIT -1 is SQLite for "no limit"; OFFSET needs a LIMIT clause to attach to.
        params += [-1 if query.limit is None else query.limit, query.offset]
        rows = self._db.execute(
            f"SELECT {_FACT_COLUMNS} FROM {_VIEW_TABLES[query.view]} WHERE {' AND '.join(clauses)} "
            f"{_ORDER} LIMIT ? OFFSET ?",
            params,
        )
        return [_version(r) for r in rows]

    def relevant(self, query: RelevanceQuery) -> list[FactVersion]:
        chosen: dict[str, FactVersion] = {}
        excluded = list(query.exclude_predicates)
        not_excluded = f" AND f.predicate NOT IN ({', '.join('?' * len(excluded))})" if excluded else ""
        at = to_micros(query.valid_at)
        terms = sorted(set(query.terms))
        if terms and query.term_limit > 0:
            rows = self._by_words(query, terms, at, excluded, not_excluded)
            chosen.update((v.id, v) for v in map(_version, rows))
        if query.per_predicate > 0:
            present = [r[0] for r in self._db.execute(_PRESENT_PREDICATES, (query.tenant, query.user_id))]
            named = [p for p in named_predicates(query, present) if p not in query.exclude_predicates]
            for start in range(0, len(named), _PREDICATES_PER_STATEMENT):
                chunk = named[start : start + _PREDICATES_PER_STATEMENT]
                # Each predicate is read newest first from facts_current_predicate and stops at
                # per_predicate rows, however many versions it holds.
                rows = self._db.execute(
                    " UNION ALL ".join([_NEWEST_OF_PREDICATE] * len(chunk)),
                    [
                        p
                        for name in chunk
                        for p in (
                            *(query.tenant, query.user_id, name, at, query.per_predicate),
                            *(query.tenant, query.user_id, name, at, at, query.per_predicate),
                        )
                    ],
                )
                chosen.update((v.id, v) for v in newest_per_predicate(map(_version, rows), query.per_predicate))
        return sorted(chosen.values(), key=sort_key)

    def _by_words(
        self, query: RelevanceQuery, terms: list[str], at: int, excluded: list[str], not_excluded: str
    ) -> list[tuple[Any, ...]]:
        """The ``term_limit`` current versions sharing the most words with the query (then newest
        valid_from, recorded_at, id), as rows.

        One probe of the word index per term (tenant, word, user_id are its prefix) ranks the
        matching versions by (hits, valid_from) without reading them: the index holds each
        version's frozen valid_from. Versions are then read best first, a batch at a time, until
        the next one ranks strictly below the ``term_limit``-th kept one. A word of identifiers
        ("ord" of ORD-1234567) matches thousands of versions; joining and sorting them all cost
        ~15 ms of a 30 ms recall at 100k turns, for the same rows. The ranking itself is first
        asked for its head only (SQLite keeps just that many in its sorter); the whole ranking is
        read only when the head did not settle the answer (many matches excluded)."""
        ranking = (
            "SELECT fact_id, count(*) AS hits, max(valid_from) AS valid_from FROM fact_words"
            f" WHERE tenant = ? AND user_id = ? AND word IN ({', '.join('?' * len(terms))})"
            " AND valid_from <= ? AND (valid_to IS NULL OR ? < valid_to)"
            " GROUP BY fact_id ORDER BY hits DESC, valid_from DESC"
        )
        params = [query.tenant, query.user_id, *terms, at, at]
        batch = max(_RELEVANT_BATCH, 2 * query.term_limit)
        # One row past the head: everything after it ranks no higher, so it can end the read.
        head = self._db.execute(ranking + " LIMIT ?", [*params, batch + 1])
        rows, settled = self._read_best_first(head[:batch], head[batch:], query.term_limit, at, excluded, not_excluded)
        if not settled:
            rows, _ = self._read_best_first(
                self._db.execute(ranking, params), [], query.term_limit, at, excluded, not_excluded
            )
        return rows

    def _read_best_first(
        self,
        ranked: list[tuple[Any, ...]],
        beyond: list[tuple[Any, ...]],
        limit: int,
        at: int,
        excluded: list[str],
        not_excluded: str,
    ) -> tuple[list[tuple[Any, ...]], bool]:
        """The best ``limit`` current versions among ``ranked`` ((fact_id, hits, valid_from), best
        first), and whether they are the best overall: true once the next row (of ``ranked``,
        else the first of ``beyond``, the rest of the ranking) ranks strictly below the
        ``limit``-th kept version, or when nothing is beyond."""
        kept: list[tuple[tuple[int, int, int, str], tuple[Any, ...]]] = []  # (order key, row)
        start = 0
        settled = not beyond
        while start < len(ranked) + len(beyond[:1]):
            if len(kept) >= limit:
                kept.sort(key=lambda kr: kr[0], reverse=True)
                nxt = ranked[start] if start < len(ranked) else beyond[0]
                if (nxt[1], nxt[2]) < kept[limit - 1][0][:2]:
                    settled = True
                    break
            if start >= len(ranked):
                break
            chunk = ranked[start : start + _RELEVANT_BATCH]
            start += len(chunk)
            hits_of = {fact_id: hits for fact_id, hits, _ in chunk}
            rows = self._db.execute(
                f"SELECT {_FACT_COLUMNS_OF_F} FROM facts AS f WHERE f.id IN ({', '.join('?' * len(chunk))})"
                f" AND {_CURRENT_AT_F}{not_excluded}",
                [*hits_of, at, at, *excluded],
            )
            # Columns 7 and 9 of _FACT_COLUMNS are valid_from and recorded_at.
            kept.extend(((hits_of[r[0]], r[7], r[9], r[0]), r) for r in rows)
        kept.sort(key=lambda kr: kr[0], reverse=True)
        return [row for _, row in kept[:limit]], settled

    def ended_versions(
        self, tenant: str, user_id: str, subject: str, predicate: str, *, ended_by: datetime, limit: int
    ) -> list[FactVersion]:
        rows = self._db.execute(
            f"SELECT {_FACT_COLUMNS} FROM facts WHERE tenant = ? AND user_id = ? AND subject = ? AND predicate = ?"
            f" AND valid_to IS NOT NULL AND valid_to <= ? AND {_CURRENT}"
            " ORDER BY valid_to DESC, valid_from DESC, recorded_at DESC, id DESC LIMIT ?",
            (tenant, user_id, subject, predicate, to_micros(ended_by), max(0, limit)),
        )
        return [_version(r) for r in rows]

    def forget(
        self, tenant: str, user_id: str, *, subject: str | None, predicate: str | None, at: datetime
    ) -> list[str]:
        where, params = _scope(user_id, subject, predicate)
        rows = self._db.execute(
            f"UPDATE facts SET forgotten_at = ? WHERE {where} AND forgotten_at IS NULL RETURNING id",
            [to_micros(at), tenant, *params],
        )
        return sorted(r[0] for r in rows)

    def purge(self, tenant: str, *, forgotten_before: datetime) -> int:
        return self._db.execute_count(
            "DELETE FROM facts WHERE tenant = ? AND forgotten_at IS NOT NULL AND forgotten_at < ?",
            (tenant, to_micros(forgotten_before)),
        )

    def past_retention(self, tenant: str, retention: RetentionFilter) -> list[FactVersion]:
        if not retention.rules:
            return []
        rows = self._db.execute(
            f"SELECT {_FACT_COLUMNS} FROM facts WHERE tenant = ? AND forgotten_at IS NULL"
            f" AND {_expired_sql(retention.rules)} {_ORDER}",
            [tenant, *_expired_params(retention)],
        )
        return [_version(r) for r in rows]

    def forget_versions(self, tenant: str, forgets: Sequence[tuple[str, datetime]]) -> list[str]:
        marked: list[str] = []
        for version_id, at in forgets:
            rows = self._db.execute(
                "UPDATE facts SET forgotten_at = ? WHERE tenant = ? AND id = ? AND forgotten_at IS NULL RETURNING id",
                (to_micros(at), tenant, version_id),
            )
            marked.extend(str(r[0]) for r in rows)
        return sorted(marked)

    def erase(self, tenant: str, user_id: str, *, subject: str | None, predicate: str | None) -> int:
        where, params = _scope(user_id, subject, predicate)
        return self._db.execute_count(f"DELETE FROM facts WHERE {where}", [tenant, *params])

    def count(self, tenant: str) -> int:
        rows = self._db.execute("SELECT count(*) FROM facts WHERE tenant = ?", (tenant,))
        return int(rows[0][0])


# -- audit ------------------------------------------------------------------------------


class SQLiteAuditLog:
    def __init__(self, backend: SQLiteBackend) -> None:
        self._db = backend

    def lock_head(self, tenant: str) -> AuditEvent | None:
        """The chain head. The write lock is already held since ``BEGIN IMMEDIATE``.

        Refuses (``IntegrityError``) to extend a chain whose recorded head does not match
        its last event: appending would re-use a deleted sequence number and hide the cut.
        """
        if not self._db.in_transaction:
            raise StorageError("lock_head() must run inside transaction()")
        head = self.head(tenant)
        rows = self._db.execute(
            f"SELECT {_AUDIT_COLUMNS} FROM audit_events WHERE tenant = ? ORDER BY seq DESC LIMIT 1", (tenant,)
        )
        last = _event(rows[0]) if rows else None
        if (head, last) == (None, None):
            return None
        if head is None or last is None or head != (last.seq, last.hash):
            raise IntegrityError(
                f"audit chain of tenant {tenant!r} does not end at its recorded head; "
                "run audit verify before writing again"
            )
        return last

    def append(self, event: AuditEvent) -> None:
        self.append_many([event])

    def append_many(self, events: Sequence[AuditEvent]) -> None:
        if not events:
            return
        self._db.executemany(
            f"INSERT INTO audit_events ({_AUDIT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (
                    e.tenant, e.seq, to_micros(e.at), e.actor, e.action, e.target,
                    e.payload_digest, e.prev_hash, e.hash,
                )
                for e in events
            ],
        )  # fmt: skip
        last = events[-1]
        self._db.execute(
            "INSERT INTO audit_heads (tenant, seq, hash) VALUES (?, ?, ?)"
            " ON CONFLICT (tenant) DO UPDATE SET seq = excluded.seq, hash = excluded.hash",
            (last.tenant, last.seq, last.hash),
        )

    def events(self, tenant: str, *, after_seq: int = 0, limit: int | None = None) -> list[AuditEvent]:
        rows = self._db.execute(
            f"SELECT {_AUDIT_COLUMNS} FROM audit_events WHERE tenant = ? AND seq > ? ORDER BY seq LIMIT ?",
            (tenant, after_seq, -1 if limit is None else limit),
        )
        return [_event(r) for r in rows]

    def head(self, tenant: str) -> tuple[int, str] | None:
        rows = self._db.execute("SELECT seq, hash FROM audit_heads WHERE tenant = ?", (tenant,))
        return (int(rows[0][0]), str(rows[0][1])) if rows else None


def open_sqlite(url: str, *, migrate: bool = True) -> SQLiteBackend:
    """Open the database named by ``url`` and (unless ``migrate=False``) apply pending migrations."""
    backend = SQLiteBackend(url)
    if not migrate:
        return backend
    try:
        backend.migrate()
    except BaseException:
        backend.close()
        raise
    return backend


__all__ = [
    "SQLITE_MIGRATIONS",
    "SQLiteAuditLog",
    "SQLiteBackend",
    "SQLiteFactStore",
    "SQLiteLocation",
    "SQLiteMigrationTarget",
    "SQLiteSummaryStore",
    "SQLiteTurnStore",
    "SQLiteVectorStore",
    "open_sqlite",
    "parse_sqlite_url",
]
