"""The PostgreSQL backend (``postgresql://`` / ``postgres://``), on psycopg 3 and psycopg_pool.

The database itself enforces the fact-store invariant: an exclusion constraint forbids two
current, accepted, unforgotten versions of a *one*-cardinality (tenant, user, subject,
predicate) from having overlapping valid intervals. Writers of one tenant are serialized by
a row lock on ``audit_heads`` (``lock_head``), so the facade's read-plan-write sequences never
interleave; the constraint is the proof that they did not.

URL parameters read by this module (removed before the URL reaches libpq; everything else,
e.g. ``host=/run/postgresql`` or ``sslmode=require``, is passed through unchanged):

``pool_min``
    connections kept open (default 1);
``pool_max``
    most connections open at once (default 5);
``pool_timeout``
    seconds a caller waits for a free connection before :class:`StorageError` (default 30).

Example: ``postgresql://app:secret@db.internal/palimpsest?pool_max=10&sslmode=require``.

Driver errors are translated here and only here: exclusion violations, serialization
failures, deadlocks and unique violations become :class:`ConflictError` (the facade retries
the whole transaction); anything else becomes :class:`StorageError`, with the URL's password
redacted from every message.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, fields
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

import psycopg
import psycopg_pool
from psycopg import sql
from psycopg.rows import TupleRow

from palimpsest.core.temporal import FactKey
from palimpsest.errors import ConfigError, ConflictError, IntegrityError, PalimpsestError, StorageError
from palimpsest.storage.base import FactQuery, RelevanceQuery, RetentionFilter
from palimpsest.storage.filters import sort_key
from palimpsest.storage.migrations import LEDGER_TABLE, MigrationRunner
from palimpsest.storage.postgres_conversation import MIGRATIONS as CONVERSATION_MIGRATIONS
from palimpsest.storage.postgres_conversation import PostgresSummaryStore, PostgresTurnStore, PostgresVectorStore
from palimpsest.storage.postgres_records import RECORD_MIGRATIONS, PostgresRecordStore
from palimpsest.storage.relevance import fact_words, named_predicates, newest_per_predicate
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

Connection = psycopg.Connection[TupleRow]

# SQLSTATEs that mean "another writer got there first": retrying the transaction can succeed.
_CONFLICT_STATES = {
    "23P01": "overlapping current valid intervals (exclusion constraint)",
    "23505": "a row with the same key was written concurrently",
    "40001": "serialization failure",
    "40P01": "deadlock",
    "55P03": "lock not available",
}

# Every FactVersion field, in declaration order: rows map back to the dataclass by name.
_FACT_COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(FactVersion))
_FACT_SELECT = ", ".join(_FACT_COLUMNS)
_FACT_SELECT_OF_F = ", ".join(f"f.{c}" for c in _FACT_COLUMNS)
_ORDER_BY = "ORDER BY subject, predicate, valid_from, recorded_at, id"
_AUDIT_FIELDS = ("seq", "tenant", "at", "actor", "action", "target", "payload_digest", "prev_hash", "hash")
_AUDIT_COLUMNS = ", ".join(_AUDIT_FIELDS)

_CURRENT = "superseded_at IS NULL AND forgotten_at IS NULL AND status = 'accepted'"
_CURRENT_AT_F = (
    "f.superseded_at IS NULL AND f.forgotten_at IS NULL AND f.status = 'accepted'"
    " AND f.valid_from <= %s AND (f.valid_to IS NULL OR %s < f.valid_to)"
)
# The distinct predicates of a user's current versions, one index probe each (a loose index
# scan of facts_current_predicate) instead of a scan of all the user's versions.
_PRESENT_PREDICATES = f"""
    WITH RECURSIVE present(name) AS (
        (SELECT predicate FROM facts WHERE tenant = %(tenant)s AND user_id = %(user_id)s AND {_CURRENT}
         ORDER BY predicate LIMIT 1)
        UNION ALL
        SELECT (SELECT predicate FROM facts WHERE tenant = %(tenant)s AND user_id = %(user_id)s AND {_CURRENT}
                AND predicate > present.name ORDER BY predicate LIMIT 1)
        FROM present WHERE present.name IS NOT NULL
    )
    SELECT name FROM present WHERE name IS NOT NULL
"""

_WORD_COLUMNS = "tenant, word, user_id, fact_id, valid_from, valid_to"
# The newest versions of one predicate (p.name) valid at a time: the open ones (valid_to IS
# NULL) and the ones ending later, each read newest first from facts_current_predicate.
_NEWEST_OF_PREDICATE = " UNION ALL ".join(
    f"(SELECT {_FACT_SELECT} FROM facts WHERE tenant = %(tenant)s AND user_id = %(user_id)s"
    f" AND predicate = p.name AND {_CURRENT} AND {validity} AND valid_from <= %(at)s"
    " ORDER BY valid_from DESC, recorded_at DESC, id DESC LIMIT %(limit)s)"
    for validity in ("valid_to IS NULL", "valid_to > %(at)s")
)

_VIEW_TABLES = {View.ACTIVE: "facts_active", View.AUDIT: "facts_audit", View.COMPLIANCE: "facts_compliance"}


# Text columns are COLLATE "C" so ORDER BY compares code points exactly as Python's str
# ordering does (UTF-8 byte order == code point order); the contract suite checks that every
# backend returns rows in the same order.
MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        "0001_extensions",
        (
            # btree_gist lets the exclusion constraint combine text equality with range overlap;
            # pgvector stores the embeddings of turns and summaries.
            "CREATE EXTENSION IF NOT EXISTS btree_gist",
            "CREATE EXTENSION IF NOT EXISTS vector",
        ),
    ),
    Migration(
        "0002_facts",
        (
            """
            CREATE TABLE facts (
                id            text COLLATE "C" PRIMARY KEY,
                tenant        text COLLATE "C" NOT NULL,
                user_id       text COLLATE "C" NOT NULL,
                subject       text COLLATE "C" NOT NULL,
                predicate     text COLLATE "C" NOT NULL,
                value         text NOT NULL,
                cardinality   text NOT NULL CHECK (cardinality IN ('one', 'many')),
                valid_from    timestamptz NOT NULL,
                valid_to      timestamptz,
                recorded_at   timestamptz NOT NULL,
                superseded_at timestamptz,
                source        smallint NOT NULL,
                confidence    double precision NOT NULL,
                reason        text NOT NULL DEFAULT '',
                evidence      text[] NOT NULL DEFAULT '{}',
                category      text,
                sensitive     boolean NOT NULL DEFAULT false,
                status        text NOT NULL CHECK (status IN ('accepted', 'overridden')),
                note          text NOT NULL DEFAULT '',
                value_key     text COLLATE "C",
                derived_from  text COLLATE "C",
                forgotten_at  timestamptz,
                CONSTRAINT facts_valid_interval CHECK (valid_to IS NULL OR valid_to > valid_from),
                CONSTRAINT facts_transaction_interval
                    CHECK (superseded_at IS NULL OR superseded_at >= recorded_at),
                CONSTRAINT facts_no_overlapping_current_belief EXCLUDE USING gist (
                    tenant WITH =,
                    user_id WITH =,
                    subject WITH =,
                    predicate WITH =,
                    tstzrange(valid_from, valid_to, '[)') WITH &&
                ) WHERE (
                    superseded_at IS NULL AND cardinality = 'one'
                    AND status = 'accepted' AND forgotten_at IS NULL
                ),
                -- *many* values accumulate, but one value is never believed twice for the
                -- same valid time (the SQLite trigger enforces the same).
                CONSTRAINT facts_no_overlapping_same_value EXCLUDE USING gist (
                    tenant WITH =,
                    user_id WITH =,
                    subject WITH =,
                    predicate WITH =,
                    value WITH =,
                    tstzrange(valid_from, valid_to, '[)') WITH &&
                ) WHERE (
                    superseded_at IS NULL AND cardinality = 'many'
                    AND status = 'accepted' AND forgotten_at IS NULL
                )
            )
            """,
            # current_versions(): the probe every write makes after taking the tenant lock.
            """
            CREATE INDEX facts_current_key ON facts (tenant, user_id, subject, predicate)
            WHERE superseded_at IS NULL AND status = 'accepted' AND forgotten_at IS NULL
            """,
            # list()/history(): one user's rows in the order reads return them.
            "CREATE INDEX facts_user_order ON facts (tenant, user_id, subject, predicate, valid_from, recorded_at)",
            # lookup(): exact identifier probe across a tenant's users.
            "CREATE INDEX facts_value_key ON facts (tenant, value_key) WHERE value_key IS NOT NULL",
            # purge() and the compliance view.
            "CREATE INDEX facts_forgotten ON facts (tenant, forgotten_at) WHERE forgotten_at IS NOT NULL",
        ),
    ),
    Migration(
        "0003_audit",
        (
            """
            CREATE TABLE audit_events (
                tenant         text COLLATE "C" NOT NULL,
                seq            bigint NOT NULL CHECK (seq > 0),
                at             timestamptz NOT NULL,
                actor          text NOT NULL,
                action         text NOT NULL,
                target         text NOT NULL,
                payload_digest text NOT NULL,
                prev_hash      text NOT NULL,
                hash           text NOT NULL,
                PRIMARY KEY (tenant, seq)
            )
            """,
            # Kept beside the log (not derived from it) so a truncated tail is detectable;
            # its row is also the per-tenant writer lock. seq 0 = locked but nothing appended yet.
            """
            CREATE TABLE audit_heads (
                tenant text COLLATE "C" PRIMARY KEY,
                seq    bigint NOT NULL CHECK (seq >= 0),
                hash   text NOT NULL
            )
            """,
        ),
    ),
    Migration(
        "0004_views",
        (
            """
            CREATE VIEW facts_active AS
            SELECT * FROM facts WHERE forgotten_at IS NULL AND status = 'accepted'
            """,
            "CREATE VIEW facts_audit AS SELECT * FROM facts",
            "CREATE VIEW facts_compliance AS SELECT * FROM facts WHERE forgotten_at IS NOT NULL",
        ),
    ),
    # 0005_turns, 0006_vectors, 0007_summaries: schema beside the stores that use it.
    *CONVERSATION_MIGRATIONS,
    *RECORD_MIGRATIONS,
    Migration(
        "0009_fact_words",
        (
            # FactStore.relevant(), by words: which current versions hold a word of their subject
            # or value (palimpsest.storage.relevance.fact_words), with their valid interval (frozen
            # like every column but the transaction end) so a probe filters by validity without
            # reading the version. A version leaves the index when it stops being current; erase
            # and purge take the words (personal data) along (ON DELETE CASCADE).
            """
            CREATE TABLE fact_words (
                tenant     text COLLATE "C" NOT NULL,
                word       text COLLATE "C" NOT NULL,
                user_id    text COLLATE "C" NOT NULL,
                fact_id    text COLLATE "C" NOT NULL REFERENCES facts (id) ON DELETE CASCADE,
                valid_from timestamptz NOT NULL,
                valid_to   timestamptz,
                PRIMARY KEY (tenant, word, user_id, fact_id)
            )
            """,
            "CREATE INDEX fact_words_fact ON fact_words (fact_id)",
            """
            CREATE FUNCTION fact_words_retire() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                DELETE FROM fact_words WHERE fact_id = NEW.id;
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE TRIGGER fact_words_retired AFTER UPDATE OF superseded_at, forgotten_at ON facts
            FOR EACH ROW WHEN (NEW.superseded_at IS NOT NULL OR NEW.forgotten_at IS NOT NULL)
            EXECUTE FUNCTION fact_words_retire()
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
            # Words need the tokenizer, which SQL does not have: PostgresBackend.migrate() indexes
            # the versions stored before this migration, then clears the mark.
            "CREATE TABLE fact_words_backfill (pending integer PRIMARY KEY)",
            "INSERT INTO fact_words_backfill VALUES (1)",
        ),
    ),
)


# -- URL handling ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PoolSettings:
    min_size: int = 1
    max_size: int = 5
    timeout: float = 30.0


def redact_url(url: str) -> str:
    """``url`` with its password (in the authority or a ``password=`` parameter) replaced by ``***``."""
    parts = urlsplit(url)
    netloc = parts.netloc
    if "@" in netloc:
        userinfo, _, hostport = netloc.rpartition("@")
        user, sep, password = userinfo.partition(":")
        if sep and password:
            netloc = f"{user}:***@{hostport}"
    query = [(k, "***" if k.lower() == "password" else v) for k, v in parse_qsl(parts.query, keep_blank_values=True)]
    return urlunsplit((parts.scheme, netloc, parts.path, urlencode(query, safe="/:"), parts.fragment))


def _secrets_of(url: str) -> list[str]:
    parts = urlsplit(url)
    found = [parts.password] if parts.password else []
    found += [v for k, v in parse_qsl(parts.query) if k.lower() == "password" and v]
    # libpq may echo a percent-decoded or re-encoded form; hide every spelling.
    return [s for secret in found for s in {secret, quote(secret, safe="")}]


def parse_url(url: str) -> tuple[str, PoolSettings]:
    """Split ``url`` into the conninfo handed to libpq and this module's pool settings."""
    parts = urlsplit(url)
    if parts.scheme not in ("postgresql", "postgres"):
        raise ConfigError(f"not a PostgreSQL URL: {redact_url(url)}")
    ours: dict[str, str] = {}
    theirs: list[tuple[str, str]] = []
    for key, value in parse_qsl(parts.query, keep_blank_values=True):
        if key.startswith("pool_"):
            ours[key] = value
        else:
            theirs.append((key, value))
    unknown = set(ours) - {"pool_min", "pool_max", "pool_timeout"}
    if unknown:
        raise ConfigError(
            f"unknown PostgreSQL URL parameter(s) {sorted(unknown)}; known: pool_min, pool_max, pool_timeout"
        )
    defaults = PoolSettings()
    try:
        settings = PoolSettings(
            min_size=int(ours.get("pool_min", defaults.min_size)),
            max_size=int(ours.get("pool_max", defaults.max_size)),
            timeout=float(ours.get("pool_timeout", defaults.timeout)),
        )
    except ValueError as exc:
        raise ConfigError(f"bad pool parameter in {redact_url(url)}: {exc}") from None
    if not 0 <= settings.min_size <= settings.max_size or settings.max_size < 1 or settings.timeout <= 0:
        raise ConfigError(
            f"pool parameters need 0 <= pool_min <= pool_max, pool_max >= 1, pool_timeout > 0 in {redact_url(url)}"
        )
    # libpq accepts both schemes; rebuild the URL without our parameters.
    conninfo = urlunsplit(("postgresql", parts.netloc, parts.path, urlencode(theirs, safe="/:"), parts.fragment))
    return conninfo, settings


# -- error translation -------------------------------------------------------------------------


class _Translator:
    """Maps driver exceptions to ours, hiding the URL's password from every message."""

    def __init__(self, url: str) -> None:
        self.shown_url = redact_url(url)
        self._secrets = _secrets_of(url)

    def scrub(self, text: str) -> str:
        for secret in self._secrets:
            text = text.replace(secret, "***")
        return text

    def translate(self, exc: Exception) -> PalimpsestError:
        detail = self.scrub(str(exc).strip()) or type(exc).__name__
        state = getattr(exc, "sqlstate", None)
        if state in _CONFLICT_STATES:
            return ConflictError(f"{_CONFLICT_STATES[state]}: {detail}")
        if isinstance(exc, psycopg_pool.PoolTimeout):
            return StorageError(f"no free PostgreSQL connection to {self.shown_url}: {detail}")
        if isinstance(exc, psycopg.OperationalError | psycopg.InterfaceError | psycopg_pool.PoolClosed):
            return StorageError(f"PostgreSQL at {self.shown_url} is unavailable: {detail}")
        return StorageError(f"PostgreSQL error ({state or type(exc).__name__}) at {self.shown_url}: {detail}")

    @contextmanager
    def boundary(self) -> Iterator[None]:
        try:
            yield
        except PalimpsestError:
            raise
        except (psycopg.Error, psycopg_pool.PoolTimeout, psycopg_pool.PoolClosed) as exc:
            raise self.translate(exc) from None


# -- the backend ------------------------------------------------------------------------------


def _configure(conn: Connection) -> None:
    # Datetimes come back in the session zone; UTC keeps them equal to what was written.
    conn.execute("SET TIME ZONE 'UTC'")
    conn.commit()


class PostgresBackend:
    """A pool of connections; a transaction is one pooled connection bound to the calling thread."""

    def __init__(self, url: str, *, migrate: bool = True) -> None:
        self.url = url
        self._conninfo, settings = parse_url(url)
        self._errors = _Translator(url)
        self._local = threading.local()
        if migrate:
            self.migrate()
        with self._errors.boundary():
            self._pool: psycopg_pool.ConnectionPool[Connection] = psycopg_pool.ConnectionPool(
                self._conninfo,
                min_size=settings.min_size,
                max_size=settings.max_size,
                timeout=settings.timeout,
                configure=_configure,
                name="palimpsest",
                open=True,
            )
        self.facts = PostgresFactStore(self)
        self.audit = PostgresAuditLog(self)
        self.turns = PostgresTurnStore(self)
        self.vectors = PostgresVectorStore(self)
        self.summaries = PostgresSummaryStore(self)
        self.records = PostgresRecordStore(self)

    def __repr__(self) -> str:
        return f"PostgresBackend({self._errors.shown_url!r})"

    # -- connections and transactions ----------------------------------------------------------
    def _current(self) -> Connection | None:
        conn: Connection | None = getattr(self._local, "conn", None)
        return conn

    @contextmanager
    def connection(self) -> Iterator[Connection]:
        """The calling thread's transaction connection, or a pooled one for this call only
        (committed when the call ends). Driver errors leave as palimpsest errors."""
        conn = self._current()
        with self._errors.boundary():
            if conn is not None:
                yield conn
                return
            with self._pool.connection() as borrowed:
                yield borrowed

    @contextmanager
    def transaction(self) -> Iterator[None]:
        if self._current() is not None:  # nested: join the outer transaction
            yield
            return
        with self._errors.boundary():
            conn = self._pool.getconn()
        self._local.conn = conn
        try:
            try:
                yield
            except BaseException:
                # The caller's error is the one worth seeing; if the rollback fails too the
                # connection is broken, and the pool discards it on return.
                with suppress(psycopg.Error):
                    conn.rollback()
                raise
            with self._errors.boundary():
                conn.commit()  # a failed commit also rolls back; the error says why
        finally:
            self._local.conn = None
            self._pool.putconn(conn)

    # -- migrations ------------------------------------------------------------------------------
    def _runner(self, conn: Connection) -> MigrationRunner:
        return MigrationRunner(_PostgresMigrationTarget(conn, self._errors), MIGRATIONS)

    @contextmanager
    def _migration_session(self) -> Iterator[Connection]:
        # Migrations run on a session of their own, outside the pool: the runner manages its
        # transactions explicitly, one per migration.
        with self._errors.boundary():
            conn = psycopg.connect(self._conninfo, autocommit=True)
        try:
            with self._errors.boundary():
                _configure(conn)
            yield conn
        finally:
            conn.close()

    def applied_migrations(self) -> list[AppliedMigration]:
        with self._migration_session() as conn:
            return self._runner(conn).applied()

    def pending_migrations(self) -> list[str]:
        with self._migration_session() as conn:
            return self._runner(conn).pending()

    def migrate(self) -> list[str]:
        with self._migration_session() as conn:
            applied = self._runner(conn).apply()
            with self._errors.boundary(), conn.transaction():
                _index_fact_words(conn)
        return applied

    def close(self) -> None:
        self._pool.close()


def _index_fact_words(conn: Connection) -> None:
    """Index the words of versions stored before ``0009_fact_words`` (once; the mark's row
    lock keeps a second migrating process waiting until the first has committed)."""
    if conn.execute("SELECT pending FROM fact_words_backfill FOR UPDATE").fetchone() is None:
        return
    with conn.cursor(name="fact_words_backfill") as cur:
        cur.execute(f"SELECT id, tenant, user_id, subject, value, valid_from, valid_to FROM facts WHERE {_CURRENT}")
        while rows := cur.fetchmany(5000):
            with conn.cursor() as out, out.copy(f"COPY fact_words ({_WORD_COLUMNS}) FROM STDIN") as copy:
                for fid, tenant, user_id, subject, value, valid_from, valid_to in rows:
                    for word in fact_words(user_id, subject, value):
                        copy.write_row((tenant, word, user_id, fid, valid_from, valid_to))
    conn.execute("DELETE FROM fact_words_backfill")


class _PostgresMigrationTarget:
    """The migration runner's view of one autocommit PostgreSQL session."""

    def __init__(self, conn: Connection, errors: _Translator) -> None:
        self._conn = conn
        self._errors = errors

    @contextmanager
    def transaction(self) -> Iterator[None]:
        with self._errors.boundary(), self._conn.transaction():
            yield

    def lock(self) -> None:
        # Held until the migration's transaction ends: concurrent openers (threads, processes,
        # API replicas) apply each migration once, one after another.
        with self._errors.boundary():
            self._conn.execute("SELECT pg_advisory_xact_lock(hashtextextended('palimpsest.migrations', 0))")

    def execute(self, statement: str) -> None:
        try:
            self._conn.execute(statement)
        except psycopg.Error as exc:
            if "EXTENSION" in statement and "vector" in statement:
                raise _pgvector_missing(exc, self._errors) from None
            raise self._errors.translate(exc) from None

    def create_ledger(self) -> None:
        self.execute(
            f'CREATE TABLE IF NOT EXISTS {LEDGER_TABLE} (name text COLLATE "C" PRIMARY KEY, '
            "applied_at timestamptz NOT NULL)"
        )

    def read_ledger(self) -> list[AppliedMigration]:
        with self._errors.boundary():
            exists = self._conn.execute("SELECT to_regclass(%s)", (LEDGER_TABLE,)).fetchone()
            if exists is None or exists[0] is None:
                return []
            rows = self._conn.execute(f"SELECT name, applied_at FROM {LEDGER_TABLE} ORDER BY applied_at, name")
            return [AppliedMigration(str(name), _utc(at)) for name, at in rows.fetchall()]

    def record(self, name: str, applied_at: datetime) -> None:
        with self._errors.boundary():
            self._conn.execute(f"INSERT INTO {LEDGER_TABLE} (name, applied_at) VALUES (%s, %s)", (name, applied_at))


def _pgvector_missing(exc: psycopg.Error, errors: _Translator) -> StorageError:
    # The runner wraps this in a MigrationError that also names the migration.
    detail = errors.scrub(str(exc).strip())
    return StorageError(
        f"PostgreSQL at {errors.shown_url} cannot create the pgvector extension ('vector'), which the "
        f"palimpsest PostgreSQL backend requires: {detail}. Install pgvector on the server "
        "(https://github.com/pgvector/pgvector) or have a superuser run CREATE EXTENSION vector "
        "in this database."
    )


# -- row conversion -------------------------------------------------------------------------------


def _utc(value: datetime) -> datetime:
    return value.astimezone(UTC)


def _utc_or_none(value: datetime | None) -> datetime | None:
    return None if value is None else value.astimezone(UTC)


def _fact_from_row(row: Sequence[Any]) -> FactVersion:
    f = dict(zip(_FACT_COLUMNS, row, strict=True))
    for name in ("valid_from", "recorded_at"):
        f[name] = _utc(f[name])
    for name in ("valid_to", "superseded_at", "forgotten_at"):
        f[name] = _utc_or_none(f[name])
    f["cardinality"] = Cardinality(f["cardinality"])
    f["source"] = Source(f["source"])
    f["status"] = FactStatus(f["status"])
    f["evidence"] = tuple(f["evidence"])
    return FactVersion(**f)


def _fact_params(v: FactVersion) -> list[Any]:
    params: list[Any] = [getattr(v, name) for name in _FACT_COLUMNS]
    params[_FACT_COLUMNS.index("source")] = int(v.source)
    params[_FACT_COLUMNS.index("evidence")] = list(v.evidence)  # psycopg adapts lists, not tuples, to arrays
    return params


def _event_from_row(row: Sequence[Any]) -> AuditEvent:
    seq, tenant, at, actor, action, target, digest, prev_hash, hash_ = row
    return AuditEvent(seq, tenant, _utc(at), actor, action, target, digest, prev_hash, hash_)


def _scope_filter(user_id: str | None, subject: str | None, predicate: str | None) -> tuple[list[str], list[Any]]:
    clauses: list[str] = []
    params: list[Any] = []
    for column, value in (("user_id", user_id), ("subject", subject), ("predicate", predicate)):
        if value is not None:
            clauses.append(f"{column} = %s")
            params.append(value)
    return clauses, params


# -- stores ---------------------------------------------------------------------------------------


class PostgresFactStore:
    def __init__(self, backend: PostgresBackend) -> None:
        self._backend = backend

    def current_versions(self, key: FactKey) -> list[FactVersion]:
        query = (
            f"SELECT {_FACT_SELECT} FROM facts WHERE tenant = %s AND user_id = %s AND subject = %s "
            "AND predicate = %s AND superseded_at IS NULL AND status = 'accepted' AND forgotten_at IS NULL "
            f"{_ORDER_BY}"
        )
        with self._backend.connection() as conn:
            rows = conn.execute(query, (key.tenant, key.user_id, key.subject, key.predicate)).fetchall()
        return [_fact_from_row(r) for r in rows]

    def current_versions_many(self, keys: Sequence[FactKey]) -> dict[FactKey, list[FactVersion]]:
        unique = list(dict.fromkeys(keys))  # a key listed twice would return its rows twice
        if not unique:
            return {}
        # One round trip: the keys travel as four arrays and the join probes facts_current_key per key.
        query = (
            f"SELECT {_FACT_SELECT_OF_F} FROM unnest(%s::text[], %s::text[], %s::text[], %s::text[]) "
            "AS k(tenant, user_id, subject, predicate) JOIN facts AS f "
            'ON f.tenant = k.tenant COLLATE "C" AND f.user_id = k.user_id COLLATE "C" '
            'AND f.subject = k.subject COLLATE "C" AND f.predicate = k.predicate COLLATE "C" '
            "WHERE f.superseded_at IS NULL AND f.status = 'accepted' AND f.forgotten_at IS NULL "
            "ORDER BY f.subject, f.predicate, f.valid_from, f.recorded_at, f.id"
        )
        columns = ([k.tenant for k in unique], [k.user_id for k in unique], [k.subject for k in unique],
                   [k.predicate for k in unique])  # fmt: skip
        with self._backend.connection() as conn:
            # Never a prepared (generic) plan: it cannot see how many keys the arrays hold and,
            # planned while the table was small, kept joining by scanning facts (16-24 s per
            # 5,000-key batch at 100k rows). A custom plan probes facts_current_key per key.
            rows = conn.execute(query, columns, prepare=False).fetchall()
        found: dict[FactKey, list[FactVersion]] = {}
        for row in rows:
            v = _fact_from_row(row)
            found.setdefault(FactKey(v.tenant, v.user_id, v.subject, v.predicate), []).append(v)
        return found

    def insert_versions(self, versions: Sequence[FactVersion]) -> None:
        if not versions:
            return
        # COPY streams the rows in one round trip, in order; the exclusion constraints still check
        # each row against the rows before it.
        with (
            self._backend.connection() as conn,
            conn.cursor() as cur,
            cur.copy(f"COPY facts ({_FACT_SELECT}) FROM STDIN") as copy,
        ):
            for v in versions:
                copy.write_row(_fact_params(v))
        with (
            self._backend.connection() as conn,
            conn.cursor() as cur,
            cur.copy(f"COPY fact_words ({_WORD_COLUMNS}) FROM STDIN") as copy,
        ):
            for v in versions:
                if v.is_current and v.forgotten_at is None and v.status is FactStatus.ACCEPTED:
                    for word in fact_words(v.user_id, v.subject, v.value):
                        copy.write_row((v.tenant, word, v.user_id, v.id, v.valid_from, v.valid_to))

    def close_versions(self, ids: Sequence[str], superseded_at: datetime, note: str | None = None) -> None:
        if not ids:
            return
        with self._backend.connection() as conn:
            cur = conn.execute(
                "UPDATE facts SET superseded_at = %s, note = COALESCE(NULLIF(%s, ''), note) "
                "WHERE id = ANY(%s) AND superseded_at IS NULL",
                (superseded_at, note, list(ids)),
            )
            # Only current versions may be closed; fewer rows means another writer closed
            # (or erased) one since it was read, and the caller's plan is stale.
            if cur.rowcount != len(set(ids)):
                raise ConflictError(f"some of {list(ids)} are no longer current versions")

    def close_many(self, closes: Sequence[tuple[str, datetime]]) -> None:
        if not closes:
            return
        with self._backend.connection() as conn:
            cur = conn.execute(
                "UPDATE facts SET superseded_at = c.at FROM unnest(%s::text[], %s::timestamptz[]) AS c(id, at) "
                'WHERE facts.id = c.id COLLATE "C" AND facts.superseded_at IS NULL',
                ([vid for vid, _ in closes], [at for _, at in closes]),
            )
            if cur.rowcount != len(closes):
                raise ConflictError(f"{len(closes) - cur.rowcount} of the versions to close are no longer current")

    def get_version(self, tenant: str, version_id: str) -> FactVersion | None:
        with self._backend.connection() as conn:
            row = conn.execute(
                f"SELECT {_FACT_SELECT} FROM facts WHERE tenant = %s AND id = %s", (tenant, version_id)
            ).fetchone()
        return None if row is None else _fact_from_row(row)

    def query(self, query: FactQuery) -> list[FactVersion]:
        clauses, params = _scope_filter(query.user_id, query.subject, query.predicate)
        clauses.insert(0, "tenant = %s")
        params.insert(0, query.tenant)
        if query.value_key is not None:
            clauses.append("value_key = %s")
            params.append(query.value_key)
        if query.exclude_predicates:
            clauses.append("predicate <> ALL(%s)")
            params.append(list(query.exclude_predicates))
        if query.valid_at is not None:
            clauses.append("valid_from <= %s AND (valid_to IS NULL OR %s < valid_to)")
            params += [query.valid_at, query.valid_at]
        if query.known_at is not None:
            clauses.append("recorded_at <= %s AND (superseded_at IS NULL OR %s < superseded_at)")
            params += [query.known_at, query.known_at]
        if query.retention is not None and query.retention.rules:
            clause, values = _expired_clause(query.retention)
            clauses.append(f"NOT {clause}")
            params += values
        statement = sql.SQL("SELECT {columns} FROM {view} WHERE {where} {order} LIMIT %s OFFSET %s").format(
            columns=sql.SQL(_FACT_SELECT),
            view=sql.Identifier(_VIEW_TABLES[View.parse(query.view)]),
            where=sql.SQL(" AND ".join(clauses)),
            order=sql.SQL(_ORDER_BY),
        )
        params += [query.limit, query.offset]  # LIMIT NULL means no limit
        with self._backend.connection() as conn:
            rows = conn.execute(statement, params).fetchall()
        return [_fact_from_row(r) for r in rows]

    def relevant(self, query: RelevanceQuery) -> list[FactVersion]:
        chosen: dict[str, FactVersion] = {}
        excluded = list(query.exclude_predicates)
        terms = sorted(set(query.terms))
        with self._backend.connection() as conn:
            if terms and query.term_limit > 0:
                # One probe of the word index per term (tenant, word, user_id are its prefix),
                # then only the matching versions are read.
                rows = conn.execute(
                    f"SELECT {_FACT_SELECT_OF_F} FROM (SELECT fact_id, count(*) AS hits FROM fact_words"
                    " WHERE tenant = %s AND user_id = %s AND word = ANY(%s)"
                    " AND valid_from <= %s AND (valid_to IS NULL OR %s < valid_to) GROUP BY fact_id) AS w"
                    f" JOIN facts AS f ON f.id = w.fact_id WHERE {_CURRENT_AT_F} AND f.predicate <> ALL(%s)"
                    " ORDER BY w.hits DESC, f.valid_from DESC, f.recorded_at DESC, f.id DESC LIMIT %s",
                    (
                        *(query.tenant, query.user_id, terms, query.valid_at, query.valid_at),
                        *(query.valid_at, query.valid_at, excluded, query.term_limit),
                    ),
                ).fetchall()
                chosen.update((v.id, v) for v in map(_fact_from_row, rows))
            if query.per_predicate > 0:
                present = conn.execute(_PRESENT_PREDICATES, {"tenant": query.tenant, "user_id": query.user_id})
                names = [str(r[0]) for r in present.fetchall()]
                named = [p for p in named_predicates(query, names) if p not in query.exclude_predicates]
                if named:
                    # Each predicate is read newest first from facts_current_predicate and stops
                    # at per_predicate rows, however many versions it holds.
                    rows = conn.execute(
                        f"SELECT {_FACT_SELECT_OF_F} FROM unnest(%(names)s::text[]) AS p(name) CROSS JOIN LATERAL ("
                        f"{_NEWEST_OF_PREDICATE}) AS f",
                        {
                            "names": named,
                            "tenant": query.tenant,
                            "user_id": query.user_id,
                            "at": query.valid_at,
                            "limit": query.per_predicate,
                        },
                    ).fetchall()
                    newest = newest_per_predicate(map(_fact_from_row, rows), query.per_predicate)
                    chosen.update((v.id, v) for v in newest)
        return sorted(chosen.values(), key=sort_key)

    def ended_versions(
        self, tenant: str, user_id: str, subject: str, predicate: str, *, ended_by: datetime, limit: int
    ) -> list[FactVersion]:
        with self._backend.connection() as conn:
            rows = conn.execute(
                f"SELECT {_FACT_SELECT} FROM facts WHERE tenant = %s AND user_id = %s AND subject = %s"
                f" AND predicate = %s AND valid_to IS NOT NULL AND valid_to <= %s AND {_CURRENT}"
                " ORDER BY valid_to DESC, valid_from DESC, recorded_at DESC, id DESC LIMIT %s",
                (tenant, user_id, subject, predicate, ended_by, max(0, limit)),
            ).fetchall()
        return [_fact_from_row(r) for r in rows]

    def forget(
        self, tenant: str, user_id: str, *, subject: str | None, predicate: str | None, at: datetime
    ) -> list[str]:
        clauses, params = _scope_filter(user_id, subject, predicate)
        where = " AND ".join(["tenant = %s", *clauses, "forgotten_at IS NULL"])
        with self._backend.connection() as conn:
            rows = conn.execute(
                f"UPDATE facts SET forgotten_at = %s WHERE {where} RETURNING id", [at, tenant, *params]
            ).fetchall()
        return sorted(str(r[0]) for r in rows)

    def purge(self, tenant: str, *, forgotten_before: datetime) -> int:
        with self._backend.connection() as conn:
            cur = conn.execute(
                "DELETE FROM facts WHERE tenant = %s AND forgotten_at IS NOT NULL AND forgotten_at < %s",
                (tenant, forgotten_before),
            )
            return cur.rowcount

    def past_retention(self, tenant: str, retention: RetentionFilter) -> list[FactVersion]:
        if not retention.rules:
            return []
        clause, values = _expired_clause(retention)
        statement = sql.SQL(
            "SELECT {columns} FROM facts WHERE tenant = %s AND forgotten_at IS NULL AND {expired} {order}"
        ).format(columns=sql.SQL(_FACT_SELECT), expired=sql.SQL(clause), order=sql.SQL(_ORDER_BY))
        params = [tenant, *values]
        with self._backend.connection() as conn:
            rows = conn.execute(statement, params).fetchall()
        return [_fact_from_row(r) for r in rows]

    def forget_versions(self, tenant: str, forgets: Sequence[tuple[str, datetime]]) -> list[str]:
        if not forgets:
            return []
        with self._backend.connection() as conn:
            rows = conn.execute(
                "UPDATE facts AS f SET forgotten_at = g.at FROM unnest(%s::text[], %s::timestamptz[]) AS g(id, at)"
                " WHERE f.tenant = %s AND f.id = g.id AND f.forgotten_at IS NULL RETURNING f.id",
                [[i for i, _ in forgets], [at for _, at in forgets], tenant],
            ).fetchall()
        return sorted(str(r[0]) for r in rows)

    def erase(self, tenant: str, user_id: str, *, subject: str | None, predicate: str | None) -> int:
        clauses, params = _scope_filter(user_id, subject, predicate)
        where = " AND ".join(["tenant = %s", *clauses])
        with self._backend.connection() as conn:
            return conn.execute(f"DELETE FROM facts WHERE {where}", [tenant, *params]).rowcount

    def count(self, tenant: str) -> int:
        with self._backend.connection() as conn:
            row = conn.execute("SELECT count(*) FROM facts WHERE tenant = %s", (tenant,)).fetchone()
        return int(row[0]) if row else 0


def _expired_clause(retention: RetentionFilter) -> tuple[str, list[Any]]:
    """``(recorded before a rule's cutoff AND (category = ANY(...) OR predicate = ANY(...))) OR ...``
    and its parameters."""
    rule_sql = "(recorded_at < %s AND (category = ANY(%s) OR predicate = ANY(%s)))"
    params: list[Any] = []
    for rule in retention.rules:
        params += [retention.now - rule.retention, list(rule.categories), list(rule.predicates)]
    return f"({' OR '.join([rule_sql] * len(retention.rules))})", params


class PostgresAuditLog:
    def __init__(self, backend: PostgresBackend) -> None:
        self._backend = backend

    def lock_head(self, tenant: str) -> AuditEvent | None:
        """The chain head, after taking the tenant's writer lock.

        Refuses (``IntegrityError``) to extend a chain whose recorded head does not match its
        last event: appending would re-use a deleted sequence number and hide the cut.
        """
        with self._backend.connection() as conn:
            # The head row is the tenant's writer lock: create it once (a concurrent creator
            # makes us wait for its commit), then hold it FOR UPDATE until our transaction ends.
            conn.execute(
                "INSERT INTO audit_heads (tenant, seq, hash) VALUES (%s, 0, '') ON CONFLICT (tenant) DO NOTHING",
                (tenant,),
            )
            locked = conn.execute(
                "SELECT seq, hash FROM audit_heads WHERE tenant = %s FOR UPDATE", (tenant,)
            ).fetchone()
            row = conn.execute(
                f"SELECT {_AUDIT_COLUMNS} FROM audit_events WHERE tenant = %s ORDER BY seq DESC LIMIT 1", (tenant,)
            ).fetchone()
        last = None if row is None else _event_from_row(row)
        # seq 0 is a head row locked by writes that appended nothing: the same as no head.
        recorded = (int(locked[0]), str(locked[1])) if locked is not None and locked[0] > 0 else None
        if recorded != (None if last is None else (last.seq, last.hash)):
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
        last = events[-1]
        with self._backend.connection() as conn, conn.cursor() as cur:
            with cur.copy(f"COPY audit_events ({_AUDIT_COLUMNS}) FROM STDIN") as copy:
                for event in events:
                    copy.write_row([getattr(event, name) for name in _AUDIT_FIELDS])
            # Once per call, not per event: every update of this row inside one transaction leaves
            # a dead tuple the next update must step over (~350 µs each at 5,000 events).
            cur.execute(
                "INSERT INTO audit_heads (tenant, seq, hash) VALUES (%s, %s, %s) "
                "ON CONFLICT (tenant) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash",
                (last.tenant, last.seq, last.hash),
            )

    def events(self, tenant: str, *, after_seq: int = 0, limit: int | None = None) -> list[AuditEvent]:
        with self._backend.connection() as conn:
            rows = conn.execute(
                f"SELECT {_AUDIT_COLUMNS} FROM audit_events WHERE tenant = %s AND seq > %s ORDER BY seq LIMIT %s",
                (tenant, after_seq, limit),
            ).fetchall()
        return [_event_from_row(r) for r in rows]

    def head(self, tenant: str) -> tuple[int, str] | None:
        with self._backend.connection() as conn:
            row = conn.execute("SELECT seq, hash FROM audit_heads WHERE tenant = %s AND seq > 0", (tenant,)).fetchone()
        return None if row is None else (int(row[0]), str(row[1]))


def open_postgres(url: str, *, migrate: bool = True) -> PostgresBackend:
    """Open the PostgreSQL store named by ``url`` and (unless ``migrate=False``) apply pending migrations."""
    return PostgresBackend(url, migrate=migrate)


__all__ = ["MIGRATIONS", "PoolSettings", "PostgresBackend", "open_postgres", "parse_url", "redact_url"]
