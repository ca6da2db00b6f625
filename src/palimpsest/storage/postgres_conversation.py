"""PostgreSQL stores for episodes (turns), vectors and summaries, used by ``PostgresBackend``.

Every statement runs on the backend's connection for the calling thread, so inside
``Backend.transaction()`` turns, vectors, summaries and the audit event of one ``add`` commit
or roll back together.

Lexical search is Okapi BM25 (k1=1.2, b=0.75, the same formula as
:mod:`palimpsest.core.bm25`) computed in SQL:

- each turn stores a ``tsvector`` whose lexemes are exactly the facade's tokens (already
  segmented with jieba and stemmed), written as a tsvector literal rather than through
  ``to_tsvector``: PostgreSQL's parser would split again whatever it considers punctuation
  (``it's`` becomes ``it`` and ``s``) and depends on the database locale, so the index would
  disagree with the tokenizer that the other backends and the query side use. A lexeme's
  positions are 1..tf, so their count is the term frequency;
- candidates are the user's live turns matching an OR of the query terms (a GIN index on
  (tenant, user_id, lexical) keeps one user's search off everyone else's rows);
- document frequencies come from the candidates themselves (a turn containing a term always
  matches an OR query), and the user's document count and total length from
  ``lexical_stats``, which statement-level triggers keep current on every insert, forget,
  erase and purge. Scores therefore equal the ``memory://`` backend's.

Vectors live in one table with an untyped ``vector`` column, because the dimension is known
only when a space is claimed. ``set_space_info`` then creates an HNSW index on the expression
``embedding::vector(dim)`` restricted to that space and dimension (a row of another width,
e.g. one deleted earlier in the re-claiming transaction, falls outside the index instead of
failing the cast). A search over a scope of at most :data:`EXACT_SEARCH_MAX` vectors is exact
(the untyped expression cannot use the index); a larger scope uses the index with pgvector's
iterative scan, so the user filter still returns ``limit`` rows.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import asdict, fields
from datetime import UTC, datetime
from typing import Any, Protocol

import numpy as np
import psycopg
from numpy.typing import NDArray
from psycopg import sql
from psycopg.rows import TupleRow
from psycopg.types.json import Jsonb

from palimpsest.core.bm25 import K1, B
from palimpsest.errors import ValidationError
from palimpsest.storage.base import SessionInfo
from palimpsest.types import Migration, Summary, SummaryKind, SummarySections, Turn, TurnHead

Connection = psycopg.Connection[TupleRow]

EXACT_SEARCH_MAX = 20_000
"""Scopes up to this many vectors are searched exactly; larger ones through HNSW."""

# pgvector's HNSW indexes ``vector`` up to 2,000 dimensions and ``halfvec`` up to 4,000;
# wider embeddings are searched exactly.
_HNSW_VECTOR_MAX_DIM = 2_000
_HNSW_HALFVEC_MAX_DIM = 4_000
# hnsw.ef_search accepts 1..1000; the candidate list must be at least ``limit`` long.
_EF_SEARCH_MIN, _EF_SEARCH_MAX = 40, 1_000
# PostgreSQL rejects lexemes longer than this (in bytes): such tokens are left out of the
# index (they still count towards the turn's length) and can never be searched for.
_MAX_LEXEME_BYTES = 2_047
# A tsvector keeps at most 256 positions per lexeme, so term frequency saturates there; BM25
# has long flattened out by then (tf 256 and tf 1,000 differ by under 0.4%).
_MAX_TF = 256

_INSERT_BATCH = 1_000
_TURN_COLUMNS: tuple[str, ...] = tuple(f.name for f in fields(Turn))
_TURN_SELECT = ", ".join(_TURN_COLUMNS)
_SUMMARY_COLUMNS = ("id", "tenant", "user_id", "kind", "sections", "covers", "updated_at", "session_id")
_SUMMARY_SELECT = ", ".join(_SUMMARY_COLUMNS)


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        "0005_turns",
        (
            # btree_gin lets one GIN index combine the (tenant, user_id) equality with the
            # full-text match, so a search reads only the searching user's postings.
            "CREATE EXTENSION IF NOT EXISTS btree_gin",
            """
            CREATE TABLE turns (
                id           text COLLATE "C" PRIMARY KEY,
                tenant       text COLLATE "C" NOT NULL,
                user_id      text COLLATE "C" NOT NULL,
                session_id   text COLLATE "C" NOT NULL,
                role         text NOT NULL,
                content      text NOT NULL,
                occurred_at  timestamptz NOT NULL,
                recorded_at  timestamptz NOT NULL,
                content_hash text NOT NULL,
                agent_id     text,
                metadata     jsonb NOT NULL DEFAULT '{}',
                tags         jsonb NOT NULL DEFAULT '[]',
                forgotten_at timestamptz,
                seq          integer NOT NULL DEFAULT 0 CHECK (seq >= 0),
                lexical      tsvector NOT NULL,
                lexical_len  integer NOT NULL CHECK (lexical_len >= 0)
            )
            """,
            # known_hashes(): the dedupe probe of every add (also serves session erase).
            "CREATE INDEX turns_session_hash ON turns (tenant, user_id, session_id, content_hash)",
            # recent() of a user, and the user-wide forget/erase.
            "CREATE INDEX turns_user_time ON turns (tenant, user_id, occurred_at, id)",
            # recent(session_id=...): the summary channel asks after every add.
            "CREATE INDEX turns_session_time ON turns (tenant, user_id, session_id, occurred_at, id)",
            # next_seq(): every add reads the session's highest position.
            "CREATE INDEX turns_session_seq ON turns (tenant, user_id, session_id, seq)",
            "CREATE INDEX turns_forgotten ON turns (tenant, forgotten_at) WHERE forgotten_at IS NOT NULL",
            """
            CREATE INDEX turns_lexical ON turns USING gin (tenant, user_id, lexical)
            WHERE forgotten_at IS NULL
            """,
            # BM25 needs the number and total length of the user's live turns; counting them per
            # query would read every row of a large user.
            """
            CREATE TABLE lexical_stats (
                tenant    text COLLATE "C" NOT NULL,
                user_id   text COLLATE "C" NOT NULL,
                doc_count bigint NOT NULL,
                total_len bigint NOT NULL,
                PRIMARY KEY (tenant, user_id)
            )
            """,
            # Statement-level triggers see every path that changes the live set (insert, forget,
            # erase, purge, and SQL run by an operator) without a per-row cost. Stats rows are
            # locked in key order so concurrent multi-user statements cannot deadlock.
            """
            CREATE FUNCTION turns_lexical_stats() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF TG_OP = 'INSERT' THEN
                    INSERT INTO lexical_stats AS s (tenant, user_id, doc_count, total_len)
                    SELECT tenant, user_id, count(*), sum(lexical_len) FROM new_rows
                    WHERE forgotten_at IS NULL GROUP BY tenant, user_id ORDER BY tenant, user_id
                    ON CONFLICT (tenant, user_id) DO UPDATE
                    SET doc_count = s.doc_count + EXCLUDED.doc_count, total_len = s.total_len + EXCLUDED.total_len;
                ELSIF TG_OP = 'DELETE' THEN
                    INSERT INTO lexical_stats AS s (tenant, user_id, doc_count, total_len)
                    SELECT tenant, user_id, -count(*), -sum(lexical_len) FROM old_rows
                    WHERE forgotten_at IS NULL GROUP BY tenant, user_id ORDER BY tenant, user_id
                    ON CONFLICT (tenant, user_id) DO UPDATE
                    SET doc_count = s.doc_count + EXCLUDED.doc_count, total_len = s.total_len + EXCLUDED.total_len;
                ELSE
                    INSERT INTO lexical_stats AS s (tenant, user_id, doc_count, total_len)
                    SELECT tenant, user_id, sum(docs), sum(len) FROM (
                        SELECT tenant, user_id, 1 AS docs, lexical_len AS len FROM new_rows
                        WHERE forgotten_at IS NULL
                        UNION ALL
                        SELECT tenant, user_id, -1, -lexical_len FROM old_rows WHERE forgotten_at IS NULL
                    ) AS delta GROUP BY tenant, user_id ORDER BY tenant, user_id
                    ON CONFLICT (tenant, user_id) DO UPDATE
                    SET doc_count = s.doc_count + EXCLUDED.doc_count, total_len = s.total_len + EXCLUDED.total_len;
                END IF;
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE TRIGGER turns_stats_insert AFTER INSERT ON turns REFERENCING NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION turns_lexical_stats()
            """,
            """
            CREATE TRIGGER turns_stats_update AFTER UPDATE ON turns
            REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
            FOR EACH STATEMENT EXECUTE FUNCTION turns_lexical_stats()
            """,
            """
            CREATE TRIGGER turns_stats_delete AFTER DELETE ON turns REFERENCING OLD TABLE AS old_rows
            FOR EACH STATEMENT EXECUTE FUNCTION turns_lexical_stats()
            """,
        ),
    ),
    Migration(
        "0006_vectors",
        (
            """
            CREATE TABLE vector_spaces (
                space     text COLLATE "C" PRIMARY KEY,
                embedder  text NOT NULL,
                dimension integer NOT NULL CHECK (dimension > 0)
            )
            """,
            # Untyped: each space has its own dimension. The HNSW index of a space is created
            # when the space is claimed (see PostgresVectorStore.set_space_info).
            """
            CREATE TABLE vectors (
                space     text COLLATE "C" NOT NULL,
                tenant    text COLLATE "C" NOT NULL,
                user_id   text COLLATE "C" NOT NULL,
                id        text COLLATE "C" NOT NULL,
                embedding vector NOT NULL,
                PRIMARY KEY (space, tenant, id)
            )
            """,
            "CREATE INDEX vectors_scope ON vectors (space, tenant, user_id)",
        ),
    ),
    Migration(
        "0007_summaries",
        (
            """
            CREATE TABLE summaries (
                id         text COLLATE "C" PRIMARY KEY,
                tenant     text COLLATE "C" NOT NULL,
                user_id    text COLLATE "C" NOT NULL,
                kind       text NOT NULL CHECK (kind IN ('session', 'user_storyline')),
                session_id text COLLATE "C",
                sections   jsonb NOT NULL,
                covers     jsonb NOT NULL,
                updated_at timestamptz NOT NULL,
                -- the storyline has no session: NULLs must collide for the upsert to find it
                CONSTRAINT summaries_key UNIQUE NULLS NOT DISTINCT (tenant, user_id, kind, session_id)
            )
            """,
            "CREATE INDEX summaries_user_updated ON summaries (tenant, user_id, updated_at, id)",
        ),
    ),
)


class _Connections(Protocol):
    """What the stores need from ``PostgresBackend``: the calling thread's connection."""

    def connection(self) -> AbstractContextManager[Connection]: ...


def _utc(value: datetime) -> datetime:
    return value.astimezone(UTC)


def _utc_or_none(value: datetime | None) -> datetime | None:
    return None if value is None else value.astimezone(UTC)


def _json(value: Any, what: str) -> Jsonb:
    try:
        json.dumps(value)
    except (TypeError, ValueError) as exc:
        raise ValidationError(f"{what} must be JSON-serializable: {exc}") from None
    return Jsonb(value)


# -- turns ------------------------------------------------------------------------------------


def _quote_lexeme(token: str) -> str:
    return "'" + token.replace("\\", "\\\\").replace("'", "''") + "'"


def _searchable(token: str) -> bool:
    return bool(token) and len(token.encode("utf-8")) <= _MAX_LEXEME_BYTES


def tsvector_literal(tokens: Sequence[str]) -> str:
    """The tsvector of a token list, lexemes verbatim, positions 1..tf (at most 256)."""
    counts = Counter(t for t in tokens if _searchable(t))
    return " ".join(
        f"{_quote_lexeme(token)}:{','.join(map(str, range(1, min(tf, _MAX_TF) + 1)))}" for token, tf in counts.items()
    )


def tsquery_any(terms: Sequence[str]) -> str | None:
    """A tsquery matching any of ``terms`` as exact lexemes, or None when no term can match.

    Every term is quoted (``'`` doubled, ``\\`` escaped), so characters that are tsquery
    syntax elsewhere (``& | ! ( ) : * <->``) are only ever part of a lexeme.
    """
    return " | ".join(_quote_lexeme(t) for t in dict.fromkeys(terms) if _searchable(t)) or None


def _turn_from_row(row: Sequence[Any]) -> Turn:
    t = dict(zip(_TURN_COLUMNS, row, strict=True))
    t["occurred_at"] = _utc(t["occurred_at"])
    t["recorded_at"] = _utc(t["recorded_at"])
    t["forgotten_at"] = _utc_or_none(t["forgotten_at"])
    t["tags"] = tuple(t["tags"])
    return Turn(**t)


def _turn_params(turn: Turn, lexical_text: str) -> list[Any]:
    params: list[Any] = [getattr(turn, name) for name in _TURN_COLUMNS]
    params[_TURN_COLUMNS.index("metadata")] = _json(dict(turn.metadata), "turn metadata")
    params[_TURN_COLUMNS.index("tags")] = Jsonb(list(turn.tags))
    tokens = lexical_text.split()
    return [*params, tsvector_literal(tokens), len(tokens)]


_BM25 = f"""
WITH matched AS MATERIALIZED (
    SELECT t.id, t.session_id, t.lexical_len, m.lexeme, cardinality(m.positions) AS tf
    FROM turns AS t CROSS JOIN LATERAL unnest(t.lexical) AS m (lexeme, positions, weights)
    WHERE t.tenant = %(tenant)s AND t.user_id = %(user_id)s AND t.forgotten_at IS NULL
      AND t.lexical @@ %(query)s::tsquery AND m.lexeme = ANY(%(terms)s::text[])
),
df AS (SELECT lexeme, count(*) AS docs FROM matched GROUP BY lexeme),
stats AS (
    SELECT doc_count::float8 AS n,
           CASE WHEN total_len > 0 THEN total_len::float8 / doc_count ELSE 1.0 END AS avgdl
    FROM lexical_stats WHERE tenant = %(tenant)s AND user_id = %(user_id)s
)
SELECT m.id, sum(
    ln(1.0 + (s.n - df.docs + 0.5) / (df.docs + 0.5))
    * m.tf * {K1 + 1} / (m.tf + {K1} * (1.0 - {B} + {B} * m.lexical_len / s.avgdl))
) AS score
FROM matched AS m JOIN df USING (lexeme) CROSS JOIN stats AS s
WHERE %(session_id)s::text IS NULL OR m.session_id = %(session_id)s::text
GROUP BY m.id
ORDER BY score DESC, m.id
LIMIT %(limit)s
"""


def _turn_filter(
    tenant: str, user_id: str, session_id: str | None, turn_ids: Sequence[str] | None
) -> tuple[str, list[Any]]:
    clauses = ["tenant = %s", "user_id = %s"]
    params: list[Any] = [tenant, user_id]
    if session_id is not None:
        clauses.append("session_id = %s")
        params.append(session_id)
    if turn_ids is not None:
        clauses.append("id = ANY(%s::text[])")
        params.append(list(turn_ids))
    return " AND ".join(clauses), params


class PostgresTurnStore:
    def __init__(self, backend: _Connections) -> None:
        self._backend = backend

    def insert(self, turns: Sequence[Turn], lexical_texts: Sequence[str]) -> None:
        if len(turns) != len(lexical_texts):
            raise ValidationError("insert() needs one lexical text per turn")
        if not turns:
            return
        columns = ", ".join((*_TURN_COLUMNS, "lexical", "lexical_len"))
        row_values = "(" + ", ".join(["%s"] * len(_TURN_COLUMNS)) + ", %s::tsvector, %s)"
        rows = [_turn_params(t, text) for t, text in zip(turns, lexical_texts, strict=True)]
        with self._backend.connection() as conn:
            # Multi-row statements, so the statement-level stats trigger runs once per batch;
            # batches stay well below the protocol's 65,535 parameters.
            for start in range(0, len(rows), _INSERT_BATCH):
                chunk = rows[start : start + _INSERT_BATCH]
                statement = f"INSERT INTO turns ({columns}) VALUES " + ", ".join([row_values] * len(chunk))
                conn.execute(statement, [p for row in chunk for p in row])

    def known_hashes(self, tenant: str, user_id: str, session_id: str, hashes: Sequence[str]) -> set[str]:
        if not hashes:
            return set()
        with self._backend.connection() as conn:
            rows = conn.execute(
                "SELECT DISTINCT content_hash FROM turns WHERE tenant = %s AND user_id = %s AND session_id = %s "
                "AND content_hash = ANY(%s::text[]) AND forgotten_at IS NULL",
                (tenant, user_id, session_id, list(hashes)),
            ).fetchall()
        return {str(r[0]) for r in rows}

    def get(self, tenant: str, ids: Sequence[str]) -> list[Turn]:
        if not ids:
            return []
        with self._backend.connection() as conn:
            rows = conn.execute(
                f"SELECT {_TURN_SELECT} FROM turns WHERE tenant = %s AND id = ANY(%s::text[]) AND forgotten_at IS NULL",
                (tenant, list(ids)),
            ).fetchall()
        found = {t.id: t for t in map(_turn_from_row, rows)}
        return [found[i] for i in ids if i in found]

    def heads(self, tenant: str, ids: Sequence[str]) -> list[TurnHead]:
        if not ids:
            return []
        with self._backend.connection() as conn:
            rows = conn.execute(
                "SELECT id, session_id, seq, recorded_at FROM turns"
                " WHERE tenant = %s AND id = ANY(%s::text[]) AND forgotten_at IS NULL",
                (tenant, list(ids)),
            ).fetchall()
        found = {r[0]: TurnHead(r[0], r[1], r[2], _utc(r[3])) for r in rows}
        return [found[i] for i in ids if i in found]

    def next_seq(self, tenant: str, user_id: str, session_id: str) -> int:
        with self._backend.connection() as conn:
            row = conn.execute(
                "SELECT max(seq) FROM turns WHERE tenant = %s AND user_id = %s AND session_id = %s",
                (tenant, user_id, session_id),
            ).fetchone()
        return 0 if row is None or row[0] is None else int(row[0]) + 1

    def recent(
        self,
        tenant: str,
        user_id: str,
        *,
        session_id: str | None = None,
        limit: int = 10,
        before: datetime | None = None,
    ) -> list[Turn]:
        where, params = _turn_filter(tenant, user_id, session_id, None)
        with self._backend.connection() as conn:
            rows = conn.execute(
                f"SELECT {_TURN_SELECT} FROM turns WHERE {where} AND forgotten_at IS NULL "
                "AND (%s::timestamptz IS NULL OR occurred_at < %s::timestamptz) "
                "ORDER BY occurred_at DESC, id DESC LIMIT %s",
                [*params, before, before, max(limit, 0)],
            ).fetchall()
        return [_turn_from_row(r) for r in rows]

    def lexical(
        self, tenant: str, user_id: str, terms: Sequence[str], *, limit: int, session_id: str | None = None
    ) -> list[tuple[str, float]]:
        query = tsquery_any(terms)
        if query is None or limit <= 0:
            return []
        params = {
            "tenant": tenant,
            "user_id": user_id,
            "query": query,
            "terms": list(dict.fromkeys(terms)),
            "session_id": session_id,
            "limit": limit,
        }
        with self._backend.connection() as conn:
            rows = conn.execute(_BM25, params).fetchall()
        return [(str(r[0]), float(r[1])) for r in rows]

    def sessions(self, tenant: str, user_id: str) -> list[SessionInfo]:
        with self._backend.connection() as conn:
            rows = conn.execute(
                "SELECT session_id, min(occurred_at), max(occurred_at), count(*) FROM turns "
                "WHERE tenant = %s AND user_id = %s AND forgotten_at IS NULL "
                "GROUP BY session_id ORDER BY max(occurred_at) DESC, session_id DESC",
                (tenant, user_id),
            ).fetchall()
        return [SessionInfo(str(sid), _utc(first), _utc(last), int(n)) for sid, first, last, n in rows]

    def forget(
        self, tenant: str, user_id: str, *, session_id: str | None, turn_ids: Sequence[str] | None, at: datetime
    ) -> list[str]:
        where, params = _turn_filter(tenant, user_id, session_id, turn_ids)
        with self._backend.connection() as conn:
            rows = conn.execute(
                f"UPDATE turns SET forgotten_at = %s WHERE {where} AND forgotten_at IS NULL RETURNING id",
                [at, *params],
            ).fetchall()
        return sorted(str(r[0]) for r in rows)

    def erase(self, tenant: str, user_id: str, *, session_id: str | None, turn_ids: Sequence[str] | None) -> int:
        where, params = _turn_filter(tenant, user_id, session_id, turn_ids)
        with self._backend.connection() as conn:
            return conn.execute(f"DELETE FROM turns WHERE {where}", params).rowcount

    def purge(self, tenant: str, *, forgotten_before: datetime) -> int:
        with self._backend.connection() as conn:
            return conn.execute(
                "DELETE FROM turns WHERE tenant = %s AND forgotten_at IS NOT NULL AND forgotten_at < %s",
                (tenant, forgotten_before),
            ).rowcount

    def count(self, tenant: str, user_id: str | None = None) -> int:
        with self._backend.connection() as conn:
            row = conn.execute(
                "SELECT count(*) FROM turns WHERE tenant = %s AND (%s::text IS NULL OR user_id = %s::text) "
                "AND forgotten_at IS NULL",
                (tenant, user_id, user_id),
            ).fetchone()
        return int(row[0]) if row else 0

    def iter_all(self, tenant: str | None = None, *, batch: int = 1000) -> Iterator[list[Turn]]:
        after = ""
        while True:
            # Keyset pages: each batch is one short statement, never a cursor held open
            # while the caller re-embeds.
            with self._backend.connection() as conn:
                rows = conn.execute(
                    f"SELECT {_TURN_SELECT} FROM turns WHERE (%s::text IS NULL OR tenant = %s::text) "
                    "AND id > %s AND forgotten_at IS NULL ORDER BY id LIMIT %s",
                    (tenant, tenant, after, batch),
                ).fetchall()
            if not rows:
                return
            turns = [_turn_from_row(r) for r in rows]
            yield turns
            after = turns[-1].id


# -- vectors ----------------------------------------------------------------------------------


def _vector_text(row: NDArray[np.float32]) -> str:
    # Nine significant digits round-trip any float32 exactly.
    return "[" + ",".join(f"{x:.9g}" for x in row.tolist()) + "]"


def _ann_type(dimension: int) -> str | None:
    """The type HNSW can index at this dimension, or None when only exact search is possible."""
    if dimension <= _HNSW_VECTOR_MAX_DIM:
        return "vector"
    if dimension <= _HNSW_HALFVEC_MAX_DIM:
        return "halfvec"
    return None


def _index_prefix(space: str) -> str:
    # Readable yet collision-free and within the 63-byte identifier limit whatever the
    # space name: a slug plus a fixed-length digest of the exact name.
    slug = "".join(ch if ch.isascii() and ch.isalnum() else "_" for ch in space.lower())[:24]
    digest = hashlib.sha256(space.encode("utf-8")).hexdigest()[:8]
    return f"vectors_{slug}_{digest}_"


def hnsw_index_name(space: str, dimension: int) -> str:
    """The name of the HNSW index ``set_space_info`` creates for ``space`` at ``dimension``."""
    return f"{_index_prefix(space)}{dimension}_hnsw"


def ann_cast(dimension: int) -> sql.Composable | None:
    """``vector(dim)`` or ``halfvec(dim)``: the typed form the space's HNSW index is built on."""
    kind = _ann_type(dimension)
    if kind is None:
        return None
    return sql.SQL("{kind}({dim})").format(kind=sql.SQL(kind), dim=sql.Literal(dimension))


@contextmanager
def ann_settings(conn: Connection, limit: int) -> Iterator[None]:
    """Planner and pgvector settings for one HNSW search, undone when the block ends.

    - ``hnsw.iterative_scan = relaxed_order`` keeps walking the graph until the user filter
      has let ``limit`` rows through, instead of stopping after ``ef_search`` candidates;
    - ``hnsw.ef_search`` is at least ``limit``;
    - ``enable_sort = off``: the scope is large, so approximate search is the decision already
      taken; the planner's cost model cannot see that and, for a user holding a fraction of
      the table, prefers reading all their rows and sorting (exact, but slow).

    The settings live in a savepoint that is rolled back, so they never leak into the rest of
    the caller's transaction (the search only reads).
    """
    ef_search = min(max(limit, _EF_SEARCH_MIN), _EF_SEARCH_MAX)
    with conn.transaction(force_rollback=True):
        conn.execute(
            "SELECT set_config('hnsw.iterative_scan', 'relaxed_order', true), "
            "set_config('hnsw.ef_search', %s, true), set_config('enable_sort', 'off', true)",
            (str(ef_search),),
        )
        yield


def ann_statement(space: str, dimension: int) -> sql.Composed:
    """The HNSW search of one scope; parameters: query text, tenant, user_id, query text, limit.

    Space and dimension are literals so the planner can match the space's partial index even
    once psycopg has prepared the statement; the relaxed order of an iterative scan is
    re-sorted outside.
    """
    cast = ann_cast(dimension)
    if cast is None:
        raise ValueError(f"HNSW cannot index {dimension}-d vectors")
    return sql.SQL(
        "WITH hits AS MATERIALIZED ("
        " SELECT id, (embedding::{cast}) <=> %s::{cast} AS distance FROM vectors"
        " WHERE space = {space} AND vector_dims(embedding) = {dim} AND tenant = %s AND user_id = %s"
        " ORDER BY (embedding::{cast}) <=> %s::{cast} LIMIT %s)"
        " SELECT id, 1 - distance FROM hits ORDER BY distance, id"
    ).format(cast=cast, space=sql.Literal(space), dim=sql.Literal(dimension))


class PostgresVectorStore:
    """``exact_search_max`` may be changed per instance (tests lower it to reach the HNSW path)."""

    def __init__(self, backend: _Connections, exact_search_max: int = EXACT_SEARCH_MAX) -> None:
        self._backend = backend
        self.exact_search_max = exact_search_max

    def space_info(self, space: str) -> tuple[str, int] | None:
        with self._backend.connection() as conn:
            row = conn.execute("SELECT embedder, dimension FROM vector_spaces WHERE space = %s", (space,)).fetchone()
        return None if row is None else (str(row[0]), int(row[1]))

    def set_space_info(self, space: str, embedder: str, dimension: int) -> None:
        with self._backend.connection() as conn:
            # Claims of one space queue up here, so concurrent claimers never race on
            # creating the same index; the lock ends with the transaction.
            conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (f"palimpsest.vectors:{space}",))
            conn.execute(
                "INSERT INTO vector_spaces (space, embedder, dimension) VALUES (%s, %s, %s) "
                "ON CONFLICT (space) DO UPDATE SET embedder = EXCLUDED.embedder, dimension = EXCLUDED.dimension",
                (space, embedder, dimension),
            )
            wanted = hnsw_index_name(space, dimension)
            for name in self._space_indexes(conn, space):
                if name != wanted:  # an index of another dimension would reject the new rows
                    conn.execute(sql.SQL("DROP INDEX {}").format(sql.Identifier(name)))
            cast = ann_cast(dimension)
            if cast is None:
                return
            conn.execute(
                sql.SQL(
                    "CREATE INDEX IF NOT EXISTS {name} ON vectors USING hnsw ((embedding::{cast}) {ops}) "
                    "WHERE space = {space} AND vector_dims(embedding) = {dim}"
                ).format(
                    name=sql.Identifier(wanted),
                    cast=cast,
                    ops=sql.SQL(f"{_ann_type(dimension)}_cosine_ops"),
                    space=sql.Literal(space),
                    dim=sql.Literal(dimension),
                )
            )

    @staticmethod
    def _space_indexes(conn: Connection, space: str) -> list[str]:
        rows = conn.execute(
            "SELECT indexname FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'vectors' "
            "AND starts_with(indexname, %s)",
            (_index_prefix(space),),
        ).fetchall()
        return [str(r[0]) for r in rows]

    def upsert(self, space: str, tenant: str, user_id: str, ids: Sequence[str], vectors: NDArray[np.float32]) -> None:
        if len(ids) == 0:
            return
        rows = np.asarray(vectors, dtype=np.float32).reshape(len(ids), -1)
        params = [(space, tenant, user_id, vid, _vector_text(row)) for vid, row in zip(ids, rows, strict=True)]
        with self._backend.connection() as conn, conn.cursor() as cur:
            cur.executemany(
                "INSERT INTO vectors (space, tenant, user_id, id, embedding) VALUES (%s, %s, %s, %s, %s::vector) "
                "ON CONFLICT (space, tenant, id) DO UPDATE "
                "SET user_id = EXCLUDED.user_id, embedding = EXCLUDED.embedding",
                params,
            )

    def search(
        self, space: str, tenant: str, user_id: str, query: NDArray[np.float32], *, limit: int
    ) -> list[tuple[str, float]]:
        if limit <= 0:
            return []
        q = np.asarray(query, dtype=np.float32).reshape(-1)
        text = _vector_text(q)
        with self._backend.connection() as conn:
            row = conn.execute(
                "SELECT (SELECT dimension FROM vector_spaces WHERE space = %s), "
                "(SELECT count(*) FROM (SELECT FROM vectors WHERE space = %s AND tenant = %s AND user_id = %s "
                "LIMIT %s) AS scope)",
                (space, space, tenant, user_id, self.exact_search_max + 1),
            ).fetchone()
            dimension, size = (row[0], int(row[1])) if row else (None, 0)
            if size == 0:
                return []
            if size > self.exact_search_max and dimension == len(q) and ann_cast(len(q)) is not None:
                rows = self._search_ann(conn, space, tenant, user_id, text, len(q), limit)
            else:
                rows = conn.execute(
                    "SELECT id, 1 - (embedding <=> %s::vector) FROM vectors "
                    "WHERE space = %s AND tenant = %s AND user_id = %s "
                    "ORDER BY embedding <=> %s::vector, id LIMIT %s",
                    (text, space, tenant, user_id, text, limit),
                ).fetchall()
        # A zero vector has no direction: pgvector answers NaN, which would poison fusion.
        return [(str(vid), 0.0 if sim is None or np.isnan(sim) else float(sim)) for vid, sim in rows]

    @staticmethod
    def _search_ann(
        conn: Connection, space: str, tenant: str, user_id: str, text: str, dimension: int, limit: int
    ) -> list[TupleRow]:
        with ann_settings(conn, limit):
            return conn.execute(ann_statement(space, dimension), (text, tenant, user_id, text, limit)).fetchall()

    def get(self, space: str, tenant: str, ids: Sequence[str]) -> dict[str, NDArray[np.float32]]:
        if len(ids) == 0:
            return {}
        with self._backend.connection() as conn:
            rows = conn.execute(
                "SELECT id, embedding::real[] FROM vectors WHERE space = %s AND tenant = %s AND id = ANY(%s::text[])",
                (space, tenant, list(ids)),
            ).fetchall()
        return {str(vid): np.asarray(values, dtype=np.float32) for vid, values in rows}

    def delete(self, space: str, tenant: str, ids: Sequence[str]) -> None:
        if len(ids) == 0:
            return
        with self._backend.connection() as conn:
            conn.execute(
                "DELETE FROM vectors WHERE space = %s AND tenant = %s AND id = ANY(%s::text[])",
                (space, tenant, list(ids)),
            )

    def clear_space(self, space: str) -> None:
        with self._backend.connection() as conn:
            conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", (f"palimpsest.vectors:{space}",))
            for name in self._space_indexes(conn, space):
                conn.execute(sql.SQL("DROP INDEX {}").format(sql.Identifier(name)))
            conn.execute("DELETE FROM vectors WHERE space = %s", (space,))
            conn.execute("DELETE FROM vector_spaces WHERE space = %s", (space,))


# -- summaries --------------------------------------------------------------------------------


def _sections_from_json(data: Mapping[str, Any]) -> SummarySections:
    known = {f.name for f in fields(SummarySections)}
    values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items() if k in known}
    return SummarySections(**values)


def _summary_from_row(row: Sequence[Any]) -> Summary:
    s = dict(zip(_SUMMARY_COLUMNS, row, strict=True))
    return Summary(
        id=s["id"],
        tenant=s["tenant"],
        user_id=s["user_id"],
        kind=s["kind"],
        sections=_sections_from_json(s["sections"]),
        covers=tuple(s["covers"]),
        updated_at=_utc(s["updated_at"]),
        session_id=s["session_id"],
    )


class PostgresSummaryStore:
    def __init__(self, backend: _Connections) -> None:
        self._backend = backend

    def upsert(self, summary: Summary) -> None:
        params = (
            summary.id,
            summary.tenant,
            summary.user_id,
            summary.kind,
            _json(asdict(summary.sections), "summary sections"),
            Jsonb(list(summary.covers)),
            summary.updated_at,
            summary.session_id,
        )
        with self._backend.connection() as conn:
            conn.execute(
                f"INSERT INTO summaries ({_SUMMARY_SELECT}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s) "
                "ON CONFLICT ON CONSTRAINT summaries_key DO UPDATE SET id = EXCLUDED.id, "
                "sections = EXCLUDED.sections, covers = EXCLUDED.covers, updated_at = EXCLUDED.updated_at",
                params,
            )

    def get(self, tenant: str, user_id: str, kind: SummaryKind, session_id: str | None = None) -> Summary | None:
        with self._backend.connection() as conn:
            row = conn.execute(
                f"SELECT {_SUMMARY_SELECT} FROM summaries WHERE tenant = %s AND user_id = %s AND kind = %s "
                "AND session_id IS NOT DISTINCT FROM %s::text",
                (tenant, user_id, kind, session_id),
            ).fetchone()
        return None if row is None else _summary_from_row(row)

    def for_user(
        self, tenant: str, user_id: str, kind: SummaryKind | None = None, *, limit: int | None = None
    ) -> list[Summary]:
        with self._backend.connection() as conn:
            rows = conn.execute(
                f"SELECT {_SUMMARY_SELECT} FROM summaries WHERE tenant = %s AND user_id = %s "
                "AND (%s::text IS NULL OR kind = %s::text) ORDER BY updated_at DESC, id DESC LIMIT %s",
                (tenant, user_id, kind, kind, limit),
            ).fetchall()
        return [_summary_from_row(r) for r in rows]

    def get_by_ids(self, tenant: str, ids: Sequence[str], *, with_covers: bool = True) -> list[Summary]:
        if not ids:
            return []
        columns = _SUMMARY_SELECT if with_covers else _SUMMARY_SELECT.replace("covers", "'[]'::jsonb AS covers")
        with self._backend.connection() as conn:
            rows = conn.execute(
                f"SELECT {columns} FROM summaries WHERE tenant = %s AND id = ANY(%s::text[]) ORDER BY id",
                (tenant, list(ids)),
            ).fetchall()
        return [_summary_from_row(r) for r in rows]

    def erase(self, tenant: str, user_id: str, *, session_id: str | None = None) -> int:
        with self._backend.connection() as conn:
            return conn.execute(
                "DELETE FROM summaries WHERE tenant = %s AND user_id = %s "
                "AND (%s::text IS NULL OR session_id = %s::text)",
                (tenant, user_id, session_id, session_id),
            ).rowcount


__all__ = [
    "EXACT_SEARCH_MAX",
    "MIGRATIONS",
    "PostgresSummaryStore",
    "PostgresTurnStore",
    "PostgresVectorStore",
    "ann_cast",
    "ann_settings",
    "ann_statement",
    "hnsw_index_name",
    "tsquery_any",
    "tsvector_literal",
]
