"""SQLite-specific behaviour of the conversation stores (the contract suite covers the rest):
FTS5 escaping and tokens, the cross-process vector cache, transactions and durability."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np
import pytest

from palimpsest import Memory
from palimpsest.config import Config
from palimpsest.storage.sqlite import SQLiteBackend, open_sqlite
from palimpsest.storage.sqlite_conversation import RANK_WINDOW, VectorCache, match_expression, user_prefix
from palimpsest.types import Summary, SummarySections, Turn

T0 = datetime(2026, 3, 1, 12, tzinfo=UTC)


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "store.db"


@pytest.fixture
def backend(db_path: Path) -> Iterator[SQLiteBackend]:
    opened = open_sqlite(f"sqlite:///{db_path}")
    yield opened
    opened.close()


def turn(n: int, *, user: str = "u1", session: str = "s1", tenant: str = "default") -> Turn:
    return Turn(
        id=f"t{n:04d}",
        tenant=tenant,
        user_id=user,
        session_id=session,
        role="user",
        content=f"turn {n}",
        occurred_at=T0 + timedelta(minutes=n),
        recorded_at=T0,
        content_hash=f"h{n}",
        metadata={"n": n, "where": "海淀区"},
        tags=("topic",),
    )


def unit(rows: int, dimension: int = 4, seed: int = 0) -> np.ndarray:
    matrix = np.random.default_rng(seed).normal(size=(rows, dimension)).astype(np.float32)
    return (matrix / np.linalg.norm(matrix, axis=1, keepdims=True)).astype(np.float32)


def fts_rows(backend: SQLiteBackend) -> int:
    return int(backend.execute("SELECT count(*) FROM turns_fts")[0][0])


def run_child(db_path: Path, code: str) -> str:
    """Run ``code`` in a fresh interpreter (another process on the same file)."""
    script = f"from pathlib import Path\nDB = Path({str(db_path)!r})\n" + textwrap.dedent(code)
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


# -- turns and the FTS5 index -------------------------------------------------------------


def test_turn_fields_round_trip(backend: SQLiteBackend) -> None:
    original = turn(1)
    backend.turns.insert([original], ["turn 1"])
    assert backend.turns.get("default", ["t0001"]) == [original]
    assert backend.turns.get("other-tenant", ["t0001"]) == []


INJECTIONS = ["AND", "OR", "NOT", "NEAR", "NEAR(a b)", '"', '""', "*", "a*", "-", "-a", "^a", "body:a", "{scope}", "("]


@pytest.mark.parametrize("term", INJECTIONS)
def test_user_terms_can_never_become_fts_syntax(backend: SQLiteBackend, term: str) -> None:
    backend.turns.insert([turn(1), turn(2, user="u2")], ["and or not near a", "a b c"])
    hits = backend.turns.lexical("default", "u1", [term], limit=10)
    assert [h[0] for h in hits] in ([], ["t0001"])  # a literal token match or nothing; never an error
    assert all(tid != "t0002" for tid, _ in hits)


def test_operator_words_match_only_as_literal_tokens(backend: SQLiteBackend) -> None:
    backend.turns.insert([turn(1), turn(2)], ["near and", "apple pie"])
    assert [h[0] for h in backend.turns.lexical("default", "u1", ["NEAR"], limit=10)] == ["t0001"]
    # "apple NOT pie" as separate quoted terms is an OR of literals, not a negation.
    assert {h[0] for h in backend.turns.lexical("default", "u1", ["apple", "NOT", "pie"], limit=10)} == {"t0002"}


def test_match_expression_quotes_every_term() -> None:
    assert match_expression("p", ['say "hi"', "", " ", "x"]) == '{body} : ("psay ""hi""" OR "px")'
    assert match_expression("p", ["x"], "s1") == '{scope} : "s1" AND {body} : ("px")'
    assert match_expression("p", ["", ""]) is None


def test_another_users_prefix_in_a_term_cannot_reach_their_rows(backend: SQLiteBackend) -> None:
    backend.turns.insert([turn(1, user="u2")], ["private words"])
    stolen = user_prefix("default", "u2") + "private"
    assert backend.turns.lexical("default", "u1", [stolen, "private", "u2"], limit=10) == []
    assert [h[0] for h in backend.turns.lexical("default", "u2", ["private"], limit=10)] == ["t0001"]


def test_a_very_common_word_ranks_only_the_newest_matches(backend: SQLiteBackend) -> None:
    count = RANK_WINDOW + 50
    backend.turns.insert([turn(i) for i in range(count)], ["common rare" if i < 5 else "common" for i in range(count)])
    common = backend.turns.lexical("default", "u1", ["common"], limit=count)
    assert len(common) == RANK_WINDOW
    assert min(tid for tid, _ in common) == f"t{count - RANK_WINDOW:04d}"
    # A word below the window is ranked over every match, however old.
    assert {h[0] for h in backend.turns.lexical("default", "u1", ["rare"], limit=10)} == {f"t{i:04d}" for i in range(5)}


def test_cjk_words_stay_one_token_and_nothing_is_stemmed(backend: SQLiteBackend) -> None:
    backend.turns.insert([turn(1), turn(2)], ["我 上 个 月 搬到 北京 海淀区 了", "running o'brien"])
    backend.execute("CREATE VIRTUAL TABLE temp.vocab USING fts5vocab(main, turns_fts, 'row')")
    vocabulary = {r[0] for r in backend.execute("SELECT term FROM temp.vocab")}
    prefix = user_prefix("default", "u1")
    assert {prefix + w for w in ("海淀区", "北京", "running", "o'brien")} <= vocabulary
    assert not {prefix + w for w in ("海", "run", "brien")} & vocabulary
    assert [h[0] for h in backend.turns.lexical("default", "u1", ["海淀区"], limit=5)] == ["t0001"]
    assert backend.turns.lexical("default", "u1", ["海淀"], limit=5) == []  # no partial-word matches
    assert backend.turns.lexical("default", "u1", ["run"], limit=5) == []  # the tokenizer stemmed; FTS5 must not
    assert [h[0] for h in backend.turns.lexical("default", "u1", ["o'brien"], limit=5)] == ["t0002"]


def test_lexical_scores_are_positive_best_first_and_session_scoped(backend: SQLiteBackend) -> None:
    turns = [turn(1), turn(2), turn(3, session="s2"), turn(4, user="u2"), turn(5), turn(6)]
    backend.turns.insert(turns, ["bike bike bike", "bike and car", "bike", "bike", "tea", "coffee"])
    hits = backend.turns.lexical("default", "u1", ["bike"], limit=10)
    assert [h[0] for h in hits] == ["t0001", "t0003", "t0002"]
    assert all(score > 0 for _, score in hits) and hits == sorted(hits, key=lambda h: -h[1])
    in_s2 = backend.turns.lexical("default", "u1", ["bike"], limit=10, session_id="s2")
    assert [h[0] for h in in_s2] == ["t0003"]


def test_forgotten_and_erased_turns_leave_the_index(backend: SQLiteBackend) -> None:
    backend.turns.insert([turn(i, session=f"s{i % 2}") for i in range(6)], ["word"] * 6)
    assert fts_rows(backend) == 6
    forgotten = backend.turns.forget("default", "u1", session_id="s0", turn_ids=None, at=T0)
    assert forgotten == ["t0000", "t0002", "t0004"]
    assert fts_rows(backend) == 3
    assert {h[0] for h in backend.turns.lexical("default", "u1", ["word"], limit=10)} == {"t0001", "t0003", "t0005"}
    assert backend.turns.erase("default", "u1", session_id=None, turn_ids=["t0001", "t0002"]) == 2
    assert fts_rows(backend) == 2
    assert backend.turns.purge("default", forgotten_before=T0 + timedelta(seconds=1)) == 2
    assert backend.turns.count("default", "u1") == 2
    assert fts_rows(backend) == 2
    backend.execute("INSERT INTO turns_fts (turns_fts) VALUES ('integrity-check')")


def test_iter_all_pages_by_id(backend: SQLiteBackend) -> None:
    backend.turns.insert([turn(i, tenant="a" if i % 3 else "b") for i in range(10)], ["x"] * 10)
    backend.turns.forget("a", "u1", session_id=None, turn_ids=["t0001"], at=T0)
    pages = list(backend.turns.iter_all("a", batch=3))
    assert [len(p) for p in pages] == [3, 2]
    assert [t.id for p in pages for t in p] == ["t0002", "t0004", "t0005", "t0007", "t0008"]
    assert [t.id for p in backend.turns.iter_all(batch=4) for t in p] == [f"t{i:04d}" for i in range(10) if i != 1]
    plan = backend.execute("EXPLAIN QUERY PLAN SELECT id FROM turns WHERE tenant = 'a' AND forgotten_at IS NULL"
                           " AND id > '' ORDER BY id LIMIT 3")  # fmt: skip
    assert "USE TEMP B-TREE" not in " ".join(str(r) for r in plan)


# -- transactions and durability ------------------------------------------------------------


def test_a_rolled_back_transaction_leaves_no_turn_fts_row_or_vector(backend: SQLiteBackend) -> None:
    backend.vectors.set_space_info("turns", "test", 4)
    before = backend.vectors.search("turns", "default", "u1", unit(1)[0], limit=5)  # cache the (empty) scope
    seen_inside: list[tuple[str, float]] = []

    def write_then_fail() -> None:
        with backend.transaction():
            backend.turns.insert([turn(1)], ["word"])
            backend.vectors.upsert("turns", "default", "u1", ["t0001"], unit(1))
            seen_inside.extend(backend.vectors.search("turns", "default", "u1", unit(1)[0], limit=5))
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        write_then_fail()
    assert before == []
    assert [h[0] for h in seen_inside] == ["t0001"]
    assert backend.turns.count("default") == 0
    assert fts_rows(backend) == 0
    assert backend.execute("SELECT count(*) FROM vectors")[0][0] == 0
    assert backend.turns.lexical("default", "u1", ["word"], limit=5) == []
    assert backend.vectors.search("turns", "default", "u1", unit(1)[0], limit=5) == []


def test_memory_add_is_one_transaction(db_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    memory = Memory(config=Config(url=f"sqlite:///{db_path}", embedder="hash"))
    try:
        backend = memory.backend
        assert isinstance(backend, SQLiteBackend)

        def broken_append(event: object) -> None:
            raise RuntimeError("audit store failed")

        monkeypatch.setattr(backend.audit, "append", broken_append)
        with pytest.raises(RuntimeError, match="audit store failed"):
            memory.add("remember the falcon", user_id="u1", session_id="s1")
        assert backend.turns.count("default") == 0
        assert fts_rows(backend) == 0
        assert backend.execute("SELECT count(*) FROM vectors")[0][0] == 0
    finally:
        memory.close()


def test_add_is_durable_across_processes(db_path: Path) -> None:
    run_child(
        db_path,
        """
        import os
        from palimpsest import Memory
        from palimpsest.config import Config
        memory = Memory(config=Config(url=f"sqlite:///{DB}", embedder="hash"))
        memory.add("我上个月搬到北京海淀区了", user_id="u1", session_id="s1")
        os._exit(0)  # no close(): what add() returned must already be on disk
        """,
    )
    memory = Memory(config=Config(url=f"sqlite:///{db_path}", embedder="hash"))
    try:
        hits = memory.search("海淀区", user_id="u1")
        assert [h.content for h in hits] == ["user: 我上个月搬到北京海淀区了"]
        assert hits[0].scores["lexical"] > 0 and hits[0].scores["vector"] > 0
    finally:
        memory.close()


# -- the vector cache -----------------------------------------------------------------------


def test_writes_through_one_instance_are_seen_by_another(db_path: Path) -> None:
    # Private caches: two backends in one process behave like two processes.
    url = f"sqlite:///{db_path}?vector_cache_mb=16"
    first, second = open_sqlite(url), open_sqlite(url)
    try:
        vectors = unit(3)
        first.vectors.upsert("turns", "default", "u1", ["a", "b"], vectors[:2])
        assert [h[0] for h in second.vectors.search("turns", "default", "u1", vectors[0], limit=1)] == ["a"]
        first.vectors.upsert("turns", "default", "u1", ["c"], vectors[2:])
        assert [h[0] for h in second.vectors.search("turns", "default", "u1", vectors[2], limit=1)] == ["c"]
        first.vectors.delete("turns", "default", ["c"])
        assert "c" not in {h[0] for h in second.vectors.search("turns", "default", "u1", vectors[2], limit=5)}
        first.vectors.upsert("turns", "default", "u1", ["a"], vectors[2:])  # replaced in place
        top = second.vectors.search("turns", "default", "u1", vectors[2], limit=1)
        assert top[0][0] == "a" and top[0][1] == pytest.approx(1.0, abs=1e-5)
    finally:
        first.close()
        second.close()


def test_another_process_write_invalidates_the_cached_scope(db_path: Path) -> None:
    url = f"sqlite:///{db_path}"
    memory = Memory(config=Config(url=url, embedder="hash"))
    try:
        memory.add("the quick brown fox", user_id="u1", session_id="s1")
        assert len(memory.search("zebra crossing", user_id="u1")) == 1  # the scope is now cached
        run_child(
            db_path,
            """
            from palimpsest import Memory
            from palimpsest.config import Config
            with Memory(config=Config(url=f"sqlite:///{DB}", embedder="hash")) as other:
                other.add("zebra crossing ahead", user_id="u1", session_id="s2")
            """,
        )
        hits = memory.search("zebra crossing", user_id="u1")
        assert hits[0].content == "user: zebra crossing ahead"
        assert hits[0].scores["vector"] > 0.5
    finally:
        memory.close()


def test_this_process_keeps_its_cached_copy_in_step_without_reloading(backend: SQLiteBackend) -> None:
    vectors = unit(4)
    backend.vectors.upsert("turns", "default", "u1", ["a"], vectors[:1])
    backend.vectors.search("turns", "default", "u1", vectors[0], limit=1)
    key = (backend.vectors.store_id, "turns", "default", "u1")
    cached = backend.vectors._cache.lookup(key, 1)
    assert cached is not None
    with backend.transaction():
        backend.vectors.upsert("turns", "default", "u1", ["b"], vectors[1:2])
        backend.vectors.upsert("turns", "default", "u1", ["c"], vectors[2:3])
    patched = backend.vectors._cache.lookup(key, 3)
    assert patched is not None and patched.vectors is cached.vectors  # patched in place, not reloaded
    assert [h[0] for h in backend.vectors.search("turns", "default", "u1", vectors[2], limit=1)] == ["c"]


def test_clear_space_drops_rows_info_and_cache(backend: SQLiteBackend) -> None:
    backend.vectors.set_space_info("turns", "hash-4", 4)
    backend.vectors.upsert("turns", "default", "u1", ["a"], unit(1))
    backend.vectors.upsert("summaries", "default", "u1", ["s"], unit(1))
    assert backend.vectors.search("turns", "default", "u1", unit(1)[0], limit=1)
    backend.vectors.clear_space("turns")
    assert backend.vectors.space_info("turns") is None
    assert backend.vectors.search("turns", "default", "u1", unit(1)[0], limit=1) == []
    assert [h[0] for h in backend.vectors.search("summaries", "default", "u1", unit(1)[0], limit=1)] == ["s"]
    backend.vectors.upsert("turns", "default", "u1", ["b"], unit(1, dimension=8))  # a new dimension is fine
    assert [h[0] for h in backend.vectors.search("turns", "default", "u1", unit(1, dimension=8)[0], limit=1)] == ["b"]


def test_cache_is_bounded_by_bytes_least_recently_used_first() -> None:
    from palimpsest.storage.vector_index import ScopeVectors

    def scope(rows: int) -> ScopeVectors:
        vectors = ScopeVectors(4)
        vectors.add([f"v{i}" for i in range(rows)], unit(rows))
        return vectors

    cache = VectorCache(max_bytes=3 * 10 * (4 * 4 + 100))
    for user in ("a", "b", "c"):
        cache.install(("db", "turns", "t", user), 1, scope(10))
    assert cache.lookup(("db", "turns", "t", "a"), 1) is not None  # a is now the most recent
    cache.install(("db", "turns", "t", "d"), 1, scope(10))
    assert cache.lookup(("db", "turns", "t", "b"), 1) is None
    assert cache.lookup(("db", "turns", "t", "a"), 1) is not None
    assert cache.nbytes <= cache.max_bytes
    cache.install(("db", "turns", "t", "huge"), 1, scope(100))  # larger than the budget: never cached
    assert cache.lookup(("db", "turns", "t", "huge"), 1) is None
    assert cache.lookup(("db", "turns", "t", "a"), 2) is None  # another version is a miss


# -- summaries ------------------------------------------------------------------------------


def test_summaries_upsert_replace_and_order(backend: SQLiteBackend) -> None:
    def summary(sid: str, session: str | None, minutes: int, topic: str) -> Summary:
        return Summary(
            id=sid, tenant="default", user_id="u1", kind="session" if session else "user_storyline",
            sections=SummarySections(topic=topic, entities=("ORD-1", "海淀区")), covers=("t1", "t2"),
            updated_at=T0 + timedelta(minutes=minutes), session_id=session,
        )  # fmt: skip

    backend.summaries.upsert(summary("a", "s1", 1, "first"))
    backend.summaries.upsert(summary("b", "s2", 2, "second"))
    backend.summaries.upsert(summary("c", None, 3, "story"))
    backend.summaries.upsert(summary("a", "s1", 4, "first, revised"))
    assert backend.summaries.get("default", "u1", "session", "s1") == summary("a", "s1", 4, "first, revised")
    assert backend.summaries.get("default", "u1", "user_storyline") == summary("c", None, 3, "story")
    assert [s.id for s in backend.summaries.for_user("default", "u1")] == ["a", "c", "b"]
    assert [s.id for s in backend.summaries.for_user("default", "u1", "session")] == ["a", "b"]
    assert [s.id for s in backend.summaries.get_by_ids("default", ["b", "zz", "a"])] == ["b", "a"]
    assert backend.summaries.get_by_ids("elsewhere", ["a"]) == []
    bare = backend.summaries.get_by_ids("default", ["a"], with_covers=False)
    assert bare == [replace(summary("a", "s1", 4, "first, revised"), covers=())]
    assert backend.summaries.erase("default", "u1", session_id="s2") == 1
    assert backend.summaries.erase("default", "u1") == 2
