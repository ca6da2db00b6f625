"""PostgreSQL-only behaviour of the conversation stores: tsquery safety, CJK lexemes, BM25
parity with the reference index, the HNSW path for large scopes, rollback, schema details."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np
import psycopg
import pytest
from numpy.typing import NDArray

from palimpsest import Memory
from palimpsest.core.bm25 import InvertedIndex
from palimpsest.errors import ValidationError
from palimpsest.storage.postgres import PostgresBackend
from palimpsest.storage.postgres_conversation import (
    ann_settings,
    ann_statement,
    hnsw_index_name,
    tsquery_any,
    tsvector_literal,
)
from palimpsest.types import Summary, SummarySections, Turn

pytestmark = pytest.mark.postgres

T0 = datetime(2026, 3, 1, tzinfo=UTC)


@pytest.fixture
def backend(postgres_url: str) -> Iterator[PostgresBackend]:
    opened = PostgresBackend(postgres_url)
    yield opened
    opened.close()


def sql(url: str, statement: Any, params: Any = ()) -> list[tuple[Any, ...]]:
    with psycopg.connect(url, autocommit=True) as conn:
        cur = conn.execute(statement, params)
        return cur.fetchall() if cur.description else []


def turn(i: int, *, user: str = "u1", session: str = "s1", tenant: str = "default", **extra: Any) -> Turn:
    return Turn(
        id=f"t{i:05d}",
        tenant=tenant,
        user_id=user,
        session_id=session,
        role="user",
        content=f"turn {i}",
        occurred_at=T0 + timedelta(minutes=i),
        recorded_at=T0 + timedelta(minutes=i),
        content_hash=f"h{i}",
        **extra,
    )


def insert(backend: PostgresBackend, texts: dict[int, str], **scope: Any) -> None:
    with backend.transaction():
        backend.turns.insert([turn(i, **scope) for i in texts], list(texts.values()))


def unit_rows(rng: np.random.Generator, n: int, dim: int) -> NDArray[np.float32]:
    rows = rng.standard_normal((n, dim)).astype(np.float32)
    return rows / np.linalg.norm(rows, axis=1, keepdims=True)


# -- lexical search -------------------------------------------------------------------------


def test_tsquery_quotes_every_term() -> None:
    assert tsquery_any(["a&b", "it's", "back\\slash", "x:*", "a", "a", ""]) == (
        "'a&b' | 'it''s' | 'back\\\\slash' | 'x:*' | 'a'"
    )
    assert tsquery_any([]) is None
    assert tsquery_any(["x" * 3000]) is None


def test_tsvector_keeps_tokens_verbatim() -> None:
    assert tsvector_literal(["a", "b", "a", "it's", "x\\y", "", "z" * 3000]) == "'a':1,2 'b':1 'it''s':1 'x\\\\y':1"
    assert tsvector_literal(["w"] * 300).count(",") == 255  # tf saturates at 256 positions


def test_tsquery_syntax_in_terms_is_only_ever_a_lexeme(backend: PostgresBackend) -> None:
    hostile = ["&", "|", "!", "(", ")", ":*", "<->", "<2>", "'", "''", '"', "\\", "a&b", "x:A", "it's"]
    insert(backend, {1: "foo bar", 2: "foobar baz", 3: " ".join(hostile)})
    for term in hostile:
        assert [i for i, _ in backend.turns.lexical("default", "u1", [term], limit=10)] == ["t00003"], term
    for term in ["!foo", "foo:*", "foo & baz", "foo | bar", "!!", "a & b", "'a'"]:
        assert backend.turns.lexical("default", "u1", [term], limit=10) == [], term
    # ! does not negate, :* does not prefix-match: each term is one exact lexeme
    assert [i for i, _ in backend.turns.lexical("default", "u1", ["foo", "!bar"], limit=10)] == ["t00001"]


def test_chinese_lexemes_match_whole_words_only(postgres_url: str) -> None:
    with Memory.open(postgres_url, embedder="hash") as mem:
        mem.add("我上个月搬到北京海淀区了", user_id="u1", session_id="s1")
        mem.add("北京市的天气", user_id="u1", session_id="s1")
        backend = mem.backend
        first, second = (t.id for t in backend.turns.recent("default", "u1", limit=2)[::-1])
        assert [i for i, _ in backend.turns.lexical("default", "u1", ["海淀区"], limit=5)] == [first]
        assert [i for i, _ in backend.turns.lexical("default", "u1", ["北京"], limit=5)] == [first]
        assert [i for i, _ in backend.turns.lexical("default", "u1", ["北京市"], limit=5)] == [second]
        assert backend.turns.lexical("default", "u1", ["海淀"], limit=5) == []


def test_bm25_scores_equal_the_reference_index(backend: PostgresBackend) -> None:
    rng = random.Random(7)
    vocabulary = [f"w{i}" for i in range(40)] + ["北京", "海淀区", "it's"]
    docs = {i: " ".join(rng.choices(vocabulary, k=rng.randint(0, 25))) for i in range(300)}
    sessions = {i: f"s{i % 4}" for i in docs}
    with backend.transaction():
        backend.turns.insert([turn(i, session=sessions[i]) for i in docs], list(docs.values()))
        backend.turns.insert([turn(1000 + i, user="u2") for i in range(50)], ["w1 w2 w3"] * 50)
    forgotten = backend.turns.forget("default", "u1", session_id=None, turn_ids=["t00003", "t00007"], at=T0)
    assert forgotten == ["t00003", "t00007"]
    reference = InvertedIndex()
    for i, text in docs.items():
        if i not in (3, 7):
            reference.add(f"t{i:05d}", text.split())
    for _ in range(25):
        terms = rng.sample(vocabulary, rng.randint(1, 4))
        session = rng.choice([None, "s1"])
        allowed = None if session is None else {f"t{i:05d}" for i, s in sessions.items() if s == session}
        expected = dict(reference.search(terms, 1000, allowed))
        got = backend.turns.lexical("default", "u1", terms, limit=1000, session_id=session)
        assert dict(got).keys() == expected.keys()
        assert all(got_score == pytest.approx(expected[i], rel=1e-9) for i, got_score in got)
        assert [s for _, s in got] == sorted((s for _, s in got), reverse=True)
        top = backend.turns.lexical("default", "u1", terms, limit=5, session_id=session)
        assert [i for i, _ in top] == [i for i, _ in got[:5]]


def test_lexical_stats_follow_forget_erase_and_purge(backend: PostgresBackend, postgres_url: str) -> None:
    insert(backend, {i: "a b c"[: 1 + 2 * (i % 3)] for i in range(30)})
    insert(backend, {100 + i: "x y" for i in range(5)}, user="u2")
    backend.turns.forget("default", "u1", session_id=None, turn_ids=[f"t{i:05d}" for i in range(10)], at=T0)
    backend.turns.erase("default", "u1", session_id=None, turn_ids=[f"t{i:05d}" for i in range(5, 15)])
    backend.turns.purge("default", forgotten_before=T0 + timedelta(seconds=1))
    stats = sql(postgres_url, "SELECT user_id, doc_count, total_len FROM lexical_stats ORDER BY user_id")
    recount = sql(
        postgres_url,
        "SELECT user_id, count(*), sum(lexical_len) FROM turns WHERE forgotten_at IS NULL "
        "GROUP BY user_id ORDER BY user_id",
    )
    assert stats == recount
    assert [r[:2] for r in stats] == [("u1", 15), ("u2", 5)]


def test_lexical_candidates_come_from_the_scoped_gin_index(backend: PostgresBackend, postgres_url: str) -> None:
    insert(backend, {i: f"w{i % 500} common" for i in range(2000)}, user="big")
    insert(backend, {5000 + i: f"w{i} other" for i in range(2000)}, user="other")
    sql(postgres_url, "ANALYZE turns")
    with psycopg.connect(postgres_url) as conn:
        # At this size the planner rightly prefers the (tenant, user) btrees; hide them (the
        # transaction is rolled back) to show the GIN index serves scope and terms at once,
        # as it does by itself at 100k turns (see bench/conversation_store_pg.py).
        conn.execute("DROP INDEX turns_session_hash, turns_user_time, turns_session_time, turns_session_seq")
        conn.execute("SET LOCAL enable_seqscan = off")
        plan = "\n".join(
            r[0]
            for r in conn.execute(
                "EXPLAIN SELECT id FROM turns WHERE tenant = 'default' AND user_id = 'big' "
                "AND forgotten_at IS NULL AND lexical @@ $$'w1' | 'w2'$$::tsquery"
            ).fetchall()
        )
        conn.rollback()
    assert "Bitmap Index Scan on turns_lexical" in plan
    assert "Index Cond: ((tenant = 'default'::text) AND (user_id = 'big'::text) AND (lexical @@" in plan


# -- vectors --------------------------------------------------------------------------------


def test_claiming_a_space_creates_its_hnsw_index(backend: PostgresBackend, postgres_url: str) -> None:
    with backend.transaction():
        backend.vectors.set_space_info("turns", "hash-64", 64)
        backend.vectors.set_space_info("wide", "big-model", 3072)
        backend.vectors.set_space_info("huge", "bigger-model", 8192)
    indexes = dict(sql(postgres_url, "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'vectors'"))
    assert "vector(64)" in indexes[hnsw_index_name("turns", 64)]
    assert "vector_cosine_ops" in indexes[hnsw_index_name("turns", 64)]
    assert "WHERE ((space = 'turns'::text) AND (vector_dims(embedding) = 64))" in indexes[hnsw_index_name("turns", 64)]
    assert "halfvec(3072)" in indexes[hnsw_index_name("wide", 3072)]  # vector HNSW stops at 2,000
    assert not any(name.startswith(hnsw_index_name("huge", 8192)[:-14]) for name in indexes)

    backend.vectors.set_space_info("turns", "hash-32", 32)  # re-claimed at another width
    names = {r[0] for r in sql(postgres_url, "SELECT indexname FROM pg_indexes WHERE tablename = 'vectors'")}
    assert hnsw_index_name("turns", 32) in names and hnsw_index_name("turns", 64) not in names

    backend.vectors.clear_space("turns")
    names = {r[0] for r in sql(postgres_url, "SELECT indexname FROM pg_indexes WHERE tablename = 'vectors'")}
    assert hnsw_index_name("turns", 32) not in names and hnsw_index_name("wide", 3072) in names
    assert backend.vectors.space_info("turns") is None


def test_large_scope_searches_through_hnsw_and_stays_in_scope(backend: PostgresBackend, postgres_url: str) -> None:
    rng = np.random.default_rng(3)
    dim = 32
    backend.vectors.set_space_info("turns", "test", dim)
    big = unit_rows(rng, 600, dim)
    other = unit_rows(rng, 300, dim)
    with backend.transaction():
        backend.vectors.upsert("turns", "default", "u1", [f"a{i}" for i in range(600)], big)
        backend.vectors.upsert("turns", "default", "u2", [f"b{i}" for i in range(300)], other)
        backend.vectors.upsert("turns", "acme", "u1", [f"c{i}" for i in range(300)], other)
    sql(postgres_url, "ANALYZE vectors")
    query = big[17]
    backend.vectors.exact_search_max = 100_000
    exact = backend.vectors.search("turns", "default", "u1", query, limit=20)
    backend.vectors.exact_search_max = 100
    approximate = backend.vectors.search("turns", "default", "u1", query, limit=20)

    assert exact[0][0] == "a17" and exact[0][1] == pytest.approx(1.0, abs=1e-6)
    assert all(vid.startswith("a") for vid, _ in approximate) and len(approximate) == 20
    assert len({v for v, _ in approximate} & {v for v, _ in exact}) >= 18  # recall@20 on a tiny graph
    assert [s for _, s in approximate] == sorted((s for _, s in approximate), reverse=True)
    scores = dict(exact)
    assert all(s == pytest.approx(scores[v], abs=1e-5) for v, s in approximate if v in scores)

    text = "[" + ",".join(f"{x:.9g}" for x in query.tolist()) + "]"
    statement = psycopg.sql.SQL("EXPLAIN ") + ann_statement("turns", dim)
    with psycopg.connect(postgres_url) as conn:
        with ann_settings(conn, 20):
            plan = "\n".join(r[0] for r in conn.execute(statement, (text, "default", "u1", text, 20)).fetchall())
        # the settings were rolled back with their savepoint
        assert conn.execute("SELECT current_setting('enable_sort')").fetchone() == ("on",)
    assert f"Index Scan using {hnsw_index_name('turns', dim)}" in plan


def test_small_scope_search_is_exact(backend: PostgresBackend) -> None:
    rng = np.random.default_rng(5)
    rows = unit_rows(rng, 50, 16)
    backend.vectors.set_space_info("turns", "test", 16)
    backend.vectors.upsert("turns", "default", "u1", [f"v{i:02d}" for i in range(50)], rows)
    got = backend.vectors.search("turns", "default", "u1", rows[0], limit=50)
    expected = sorted(((f"v{i:02d}", float(rows[i] @ rows[0])) for i in range(50)), key=lambda p: -p[1])
    assert [v for v, _ in got] == [v for v, _ in expected]
    assert [s for _, s in got] == pytest.approx([s for _, s in expected], abs=1e-5)
    backend.vectors.delete("turns", "default", ["v00"])
    assert backend.vectors.search("turns", "default", "u1", rows[0], limit=1)[0][0] != "v00"


# -- transactions ---------------------------------------------------------------------------


def test_failed_add_rolls_back_turns_vectors_stats_and_audit(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with Memory.open(postgres_url, embedder="hash", summary_every=100) as mem:
        mem.add("kept turn about falcons", user_id="u1", session_id="s1")
        before = sql(postgres_url, "SELECT doc_count, total_len FROM lexical_stats")

        def broken_append(event: Any) -> None:
            raise RuntimeError("disk full while auditing")

        monkeypatch.setattr(mem.backend.audit, "append", broken_append)
        with pytest.raises(RuntimeError, match="disk full"):
            mem.add(["lost turn about hawks", "another lost one"], user_id="u1", session_id="s1")
        monkeypatch.undo()
        assert mem.backend.turns.count("default", "u1") == 1
        assert sql(postgres_url, "SELECT count(*) FROM vectors") == [(1,)]
        assert sql(postgres_url, "SELECT doc_count, total_len FROM lexical_stats") == before
        assert all("hawks" not in hit.content for hit in mem.search("hawks", user_id="u1"))
        assert [e.action for e in mem.audit.events()] == ["turns.added"]
        assert mem.audit.verify().ok


def test_explicit_transaction_rolls_back_every_store(backend: PostgresBackend) -> None:
    summary = Summary("s-1", "default", "u1", "session", SummarySections(topic="x"), ("t00001",), T0, "s1")

    def write_everything_then_fail() -> None:
        with backend.transaction():
            backend.vectors.set_space_info("turns", "test", 4)
            backend.turns.insert([turn(1)], ["alpha beta"])
            backend.vectors.upsert("turns", "default", "u1", ["t00001"], np.eye(4, dtype=np.float32)[:1])
            backend.summaries.upsert(summary)
            raise RuntimeError("abort")

    with pytest.raises(RuntimeError):
        write_everything_then_fail()
    assert backend.turns.count("default") == 0
    assert backend.vectors.space_info("turns") is None
    assert backend.summaries.get("default", "u1", "session", "s1") is None
    assert backend.turns.lexical("default", "u1", ["alpha"], limit=5) == []


# -- rows -----------------------------------------------------------------------------------


def test_turn_rows_round_trip_every_field(backend: PostgresBackend) -> None:
    original = turn(1, agent_id="agent-7", metadata={"channel": "app", "n": [1, 2]}, tags=("refund", "order"), seq=41)
    with backend.transaction():
        backend.turns.insert([original], ["turn 1"])
    assert backend.turns.get("default", ["t00001"]) == [original]
    with pytest.raises(ValidationError, match="JSON"), backend.transaction():
        backend.turns.insert([turn(2, metadata={"when": T0})], ["turn 2"])


def test_storyline_without_session_is_upserted_in_place(backend: PostgresBackend) -> None:
    first = Summary("s-1", "default", "u1", "user_storyline", SummarySections(topic="a"), ("t1",), T0)
    second = Summary("s-1", "default", "u1", "user_storyline", SummarySections(topic="b", entities=("X",)), (), T0)
    backend.summaries.upsert(first)
    backend.summaries.upsert(second)
    assert backend.summaries.for_user("default", "u1") == [second]
    assert backend.summaries.get("default", "u1", "user_storyline") == second
