"""PostgreSQL-only behaviour: the database enforces the invariant, the audit log detects
tampering done with SQL, migrations are safe to race, and driver errors leave as ours."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import psycopg
import pytest

from palimpsest import Memory
from palimpsest.errors import ConfigError, ConflictError, IntegrityError, MigrationError, StorageError
from palimpsest.storage.base import FactQuery
from palimpsest.storage.postgres import MIGRATIONS, PostgresBackend, _Translator, open_postgres, parse_url, redact_url
from palimpsest.types import View

pytestmark = pytest.mark.postgres

JAN, MAR, JUL = (datetime(2026, m, 1, tzinfo=UTC) for m in (1, 3, 7))


@pytest.fixture
def mem(postgres_url: str) -> Iterator[Memory]:
    with Memory.open(postgres_url) as opened:
        yield opened


def sql(url: str, statement: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Run raw SQL as an attacker or operator with database access would, outside palimpsest."""
    with psycopg.connect(url, autocommit=True) as conn:
        cur = conn.execute(statement, params)
        return cur.fetchall() if cur.description else []


# -- the exclusion constraint ------------------------------------------------------------------

RAW_INSERT = """
    INSERT INTO facts (id, tenant, user_id, subject, predicate, value, cardinality, valid_from, valid_to,
                       recorded_at, superseded_at, source, confidence, status, forgotten_at)
    VALUES (%s, 'default', 'u1', 'u1', 'lives_in', %s, %s, %s, %s, now(), %s, 1, 1.0, %s, %s)
"""


def raw_insert(
    url: str,
    value: str,
    valid_from: datetime,
    valid_to: datetime | None = None,
    *,
    cardinality: str = "one",
    superseded_at: datetime | None = None,
    status: str = "accepted",
    forgotten_at: datetime | None = None,
) -> None:
    sql(
        url,
        RAW_INSERT,
        (f"raw-{uuid.uuid4().hex}", value, cardinality, valid_from, valid_to, superseded_at, status, forgotten_at),
    )


def test_database_rejects_hand_made_overlapping_current_version(mem: Memory, postgres_url: str) -> None:
    mem.facts.set("u1", "lives_in", "Shanghai", valid_from=JAN)
    with pytest.raises(psycopg.errors.ExclusionViolation, match="facts_no_overlapping_current_belief"):
        raw_insert(postgres_url, "Beijing", MAR)
    with pytest.raises(psycopg.errors.ExclusionViolation):
        raw_insert(postgres_url, "Beijing", datetime(2025, 1, 1, tzinfo=UTC), JAN.replace(day=2))
    assert [v.value for v in mem.facts.history("u1", "lives_in")] == ["Shanghai"]


def test_constraint_only_binds_current_accepted_one_cardinality_rows(mem: Memory, postgres_url: str) -> None:
    mem.facts.set("u1", "lives_in", "Shanghai", valid_from=JAN)
    raw_insert(postgres_url, "Old", datetime(2025, 1, 1, tzinfo=UTC), JAN)  # adjacent: [a, JAN) [JAN, ∞)
    raw_insert(postgres_url, "Closed", MAR, superseded_at=datetime(2100, 1, 1, tzinfo=UTC))
    raw_insert(postgres_url, "Overridden", MAR, status="overridden")
    raw_insert(postgres_url, "Forgotten", MAR, forgotten_at=MAR)
    raw_insert(postgres_url, "Many", MAR, cardinality="many")
    assert len(sql(postgres_url, "SELECT id FROM facts")) == 6


def test_constraint_forbids_one_many_value_believed_twice_at_once(postgres_url: str) -> None:
    open_postgres(postgres_url).close()
    raw_insert(postgres_url, "iPhone", JAN, cardinality="many")
    raw_insert(postgres_url, "AirPods", JAN, cardinality="many")
    with pytest.raises(psycopg.errors.ExclusionViolation, match="facts_no_overlapping_same_value"):
        raw_insert(postgres_url, "iPhone", MAR, cardinality="many")


def test_overlapping_insert_through_the_backend_is_a_conflict_and_rolls_back(mem: Memory) -> None:
    current = mem.facts.set("u1", "lives_in", "Shanghai", valid_from=JAN).version
    rogue = replace(current, id="f-rogue", value="Beijing", valid_from=MAR)
    fine = replace(rogue, id="f-fine", valid_from=JAN.replace(year=2025), valid_to=JAN)
    backend = mem.backend

    def insert_both() -> None:
        with backend.transaction():
            backend.facts.insert_versions([fine])
            backend.facts.insert_versions([rogue])

    with pytest.raises(ConflictError, match="overlapping"):
        insert_both()
    assert [v.id for v in mem.facts.history("u1", "lives_in")] == [current.id]


def test_closing_a_version_that_is_no_longer_current_is_a_conflict(mem: Memory) -> None:
    first = mem.facts.set("u1", "lives_in", "Shanghai", valid_from=JAN).version
    mem.facts.set("u1", "lives_in", "Beijing", valid_from=MAR)
    with pytest.raises(ConflictError), mem.backend.transaction():
        mem.backend.facts.close_versions([first.id], datetime.now(UTC))


# -- views and ordering -------------------------------------------------------------------------


def test_reads_select_from_the_named_sql_view(mem: Memory, postgres_url: str) -> None:
    names = {r[0] for r in sql(postgres_url, "SELECT viewname FROM pg_views WHERE schemaname = 'public'")}
    assert {"facts_active", "facts_audit", "facts_compliance"} <= names
    mem.facts.set("u1", "lives_in", "Shanghai")
    # Redefine the active view: if query() read the table, this would not change the answer.
    sql(postgres_url, "CREATE OR REPLACE VIEW facts_active AS SELECT * FROM facts WHERE false")
    assert mem.facts.list(user_id="u1") == []
    assert [v.value for v in mem.facts.list(user_id="u1", view="audit")] == ["Shanghai"]


def test_text_ordering_matches_python_code_point_order(mem: Memory) -> None:
    subjects = ["b", "B", "a", "é", "Z", "_x", "中文", "a b", "ab", "A"]
    for s in subjects:
        mem.facts.set(s, "rank", "1", user_id="u1")
    rows = mem.facts.list(user_id="u1")
    assert [v.subject for v in rows] == sorted(subjects)
    page = mem.backend.facts.query(FactQuery(tenant="default", user_id="u1", view=View.ACTIVE, limit=3, offset=4))
    assert [v.subject for v in page] == sorted(subjects)[4:7]


# -- audit tampering with SQL ------------------------------------------------------------------


@pytest.fixture
def chained(mem: Memory) -> Memory:
    for i, city in enumerate(["Shanghai", "Beijing", "Hangzhou", "Chengdu", "Xiamen"]):
        mem.facts.set("u1", "lives_in", city, valid_from=datetime(2026, 1, 1 + i, tzinfo=UTC))
    assert mem.audit.verify().ok and mem.audit.verify().checked == 5
    return mem


def test_sql_update_of_an_audit_row_is_detected_at_that_seq(chained: Memory, postgres_url: str) -> None:
    sql(postgres_url, "UPDATE audit_events SET actor = 'mallory' WHERE seq = 3")
    report = chained.audit.verify()
    assert not report.ok and report.first_broken_seq == 3 and report.checked == 2


def test_sql_delete_of_a_middle_audit_row_is_detected(chained: Memory, postgres_url: str) -> None:
    sql(postgres_url, "DELETE FROM audit_events WHERE seq = 2")
    report = chained.audit.verify()
    assert not report.ok and report.first_broken_seq == 2 and "missing" in report.problem


def test_sql_delete_of_the_last_audit_row_is_detected_via_the_head(chained: Memory, postgres_url: str) -> None:
    sql(postgres_url, "DELETE FROM audit_events WHERE seq = 5")
    report = chained.audit.verify()
    assert not report.ok and report.first_broken_seq == 5 and report.checked == 4


def test_a_cut_tail_stops_the_next_write_and_verify_names_the_break(chained: Memory, postgres_url: str) -> None:
    sql(postgres_url, "DELETE FROM audit_events WHERE seq = 5")
    with pytest.raises(IntegrityError, match="recorded head"):
        chained.facts.set("u1", "lives_in", "Lhasa", valid_from=datetime(2026, 2, 1, tzinfo=UTC))
    with pytest.raises(IntegrityError):
        chained.add("hello", user_id="u1", session_id="s1")
    assert [e.seq for e in chained.audit.events()] == [1, 2, 3, 4]  # nothing re-used seq 5
    assert chained.backend.turns.count("default") == 0
    report = chained.audit.verify()
    assert not report.ok and report.first_broken_seq == 5 and "missing" in report.problem


def test_an_altered_head_row_stops_the_next_write(chained: Memory, postgres_url: str) -> None:
    sql(postgres_url, "UPDATE audit_heads SET hash = 'forged'")
    with pytest.raises(IntegrityError):
        chained.forget("u1", "lives_in")
    assert not chained.audit.verify().ok


def test_head_row_locked_by_a_write_that_changed_nothing_is_not_a_head(mem: Memory) -> None:
    mem.facts.set("u1", "lives_in", "Shanghai", valid_from=JAN)
    mem.forget("u2", "lives_in")  # audited, so the head moves; nothing else happens
    assert mem.backend.audit.head("default") == (2, mem.audit.events()[-1].hash)
    other = mem.with_tenant("acme")
    with other.backend.transaction():
        assert other.backend.audit.lock_head("acme") is None
    assert other.backend.audit.head("acme") is None
    assert other.audit.verify().ok


# -- transactions ---------------------------------------------------------------------------------


def test_nested_transactions_join_and_roll_back_together(mem: Memory) -> None:
    backend = mem.backend

    def write_then_fail() -> None:
        with backend.transaction():
            backend.audit.lock_head("default")
            with backend.transaction():
                mem.facts.set("u1", "lives_in", "Shanghai")  # joins: its commit is the outer one
            raise RuntimeError("abort the outer transaction")

    with pytest.raises(RuntimeError):
        write_then_fail()
    assert mem.facts.history("u1", "lives_in") == []
    assert mem.audit.events() == []


def test_uncommitted_writes_are_invisible_to_other_threads(mem: Memory) -> None:
    written = threading.Event()
    release = threading.Event()
    seen: list[int] = []

    def writer() -> None:
        with mem.backend.transaction():
            mem.facts.set("u1", "lives_in", "Shanghai")
            written.set()
            release.wait(timeout=30)

    thread = threading.Thread(target=writer)
    thread.start()
    assert written.wait(timeout=30)
    seen.append(len(mem.facts.list(user_id="u1")))
    release.set()
    thread.join(timeout=30)
    seen.append(len(mem.facts.list(user_id="u1")))
    assert seen == [0, 1]


# -- migrations -----------------------------------------------------------------------------------


def test_migrations_are_recorded_once_and_reopening_is_a_no_op(postgres_url: str) -> None:
    open_postgres(postgres_url).close()
    backend = open_postgres(postgres_url)
    try:
        assert [m.name for m in backend.applied_migrations()] == [m.name for m in MIGRATIONS]
        assert [m.name for m in MIGRATIONS][:4] == ["0001_extensions", "0002_facts", "0003_audit", "0004_views"]
        assert backend.pending_migrations() == []
        assert backend.migrate() == []
        extensions = {r[0] for r in sql(postgres_url, "SELECT extname FROM pg_extension")}
        assert {"btree_gist", "vector"} <= extensions
    finally:
        backend.close()


def test_concurrent_openers_of_a_fresh_database_migrate_once(postgres_url: str) -> None:
    start = threading.Barrier(6)
    opened: list[PostgresBackend] = []
    errors: list[BaseException] = []

    def open_one() -> None:
        try:
            start.wait(timeout=30)
            opened.append(open_postgres(postgres_url))
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=open_one) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    for backend in opened:
        backend.close()
    assert errors == []
    names = [r[0] for r in sql(postgres_url, "SELECT name FROM schema_migrations ORDER BY name")]
    assert names == [m.name for m in MIGRATIONS]


def test_a_store_migrated_by_newer_code_is_refused(postgres_url: str) -> None:
    open_postgres(postgres_url).close()
    sql(postgres_url, "INSERT INTO schema_migrations VALUES ('9999_from_the_future', now())")
    with pytest.raises(MigrationError, match="9999_from_the_future"):
        open_postgres(postgres_url)


@pytest.fixture
def unprivileged_url(postgres_url: str) -> Iterator[str]:
    """The fresh database, reached as a role that may create tables but not install pgvector
    (pgvector is not a trusted extension): how many managed databases look to an app."""
    role = f"app_{uuid.uuid4().hex[:10]}"
    database = urlsplit(postgres_url).path.lstrip("/")
    sql(postgres_url, f'CREATE ROLE "{role}" LOGIN NOSUPERUSER')
    sql(postgres_url, f'GRANT CREATE ON DATABASE "{database}" TO "{role}"')
    sql(postgres_url, f'GRANT CREATE ON SCHEMA public TO "{role}"')
    yield postgres_url.replace("postgresql://postgres:", f"postgresql://{role}:", 1)
    sql(postgres_url, f'REVOKE ALL ON DATABASE "{database}" FROM "{role}"')
    sql(postgres_url, f'REVOKE ALL ON SCHEMA public FROM "{role}"')
    sql(postgres_url, f'DROP OWNED BY "{role}"')
    sql(postgres_url, f'DROP ROLE "{role}"')


def test_missing_pgvector_is_a_migration_error_that_names_it(unprivileged_url: str, postgres_url: str) -> None:
    assert unprivileged_url != postgres_url
    with pytest.raises(MigrationError, match="pgvector") as caught:
        open_postgres(unprivileged_url)
    assert "0001_extensions" in str(caught.value)
    # The failed migration rolled back whole: btree_gist was not left half-installed.
    assert "btree_gist" not in {r[0] for r in sql(postgres_url, "SELECT extname FROM pg_extension")}


# -- URLs, pool settings and error translation --------------------------------------------------


def test_pool_parameters_are_read_and_stripped_before_libpq() -> None:
    conninfo, settings = parse_url("postgres://u:pw@db:5433/mem?pool_max=10&pool_min=2&sslmode=require&host=/run/pg")
    assert (settings.min_size, settings.max_size, settings.timeout) == (2, 10, 30.0)
    assert "pool_" not in conninfo
    assert conninfo.startswith("postgresql://u:pw@db:5433/mem?")
    assert "sslmode=require" in conninfo and "host=/run/pg" in conninfo


@pytest.mark.parametrize(
    "query", ["pool_max=many", "pool_min=3&pool_max=2", "pool_max=0", "pool_timeout=0", "pool_size=3"]
)
def test_bad_pool_parameters_are_config_errors(query: str) -> None:
    with pytest.raises(ConfigError):
        parse_url(f"postgresql://u:topsecret@db/mem?{query}")
    with pytest.raises(ConfigError) as caught:
        parse_url(f"postgresql://u:topsecret@db/mem?{query}")
    assert "topsecret" not in str(caught.value)


def test_pool_max_bounds_open_connections(postgres_url: str) -> None:
    backend = open_postgres(f"{postgres_url}&pool_max=2" if "?" in postgres_url else f"{postgres_url}?pool_max=2")
    try:
        stats = backend._pool.get_stats()
        assert stats["pool_max"] == 2 and stats["pool_min"] == 1
    finally:
        backend.close()


def test_redact_url_hides_passwords_everywhere() -> None:
    assert redact_url("postgresql://app:s3cret@db/mem") == "postgresql://app:***@db/mem"
    assert "s3cret" not in redact_url("postgresql://app@db/mem?password=s3cret&sslmode=require")
    assert redact_url("postgresql://db/mem") == "postgresql://db/mem"


def test_connection_failure_is_a_storage_error_without_the_password() -> None:
    url = "postgresql://app:hunter2-secret@127.0.0.1:1/mem?connect_timeout=3"
    with pytest.raises(StorageError) as caught:
        open_postgres(url)
    message = str(caught.value)
    assert "hunter2-secret" not in message and "***" in message
    assert not isinstance(caught.value, MigrationError) or "unavailable" in message


@pytest.mark.parametrize(
    "error",
    [
        psycopg.errors.ExclusionViolation("overlap"),
        psycopg.errors.SerializationFailure("could not serialize access"),
        psycopg.errors.DeadlockDetected("deadlock detected"),
    ],
)
def test_races_translate_to_conflict_errors(error: psycopg.Error) -> None:
    assert isinstance(_Translator("postgresql://u:pw@db/x").translate(error), ConflictError)


def test_other_driver_errors_translate_to_storage_errors() -> None:
    translated = _Translator("postgresql://u:pw@db/x").translate(psycopg.OperationalError("server closed pw"))
    assert type(translated) is StorageError and "pw" not in translated.message.replace("postgresql", "")
