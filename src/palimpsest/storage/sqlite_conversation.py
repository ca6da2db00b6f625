"""SQLite stores for episodes (turns + an FTS5 index), vectors and summaries.

Lexical search. The facade hands every turn over already tokenized (jieba for Chinese,
a light stemmer for English) as tokens joined by spaces, so FTS5 must split on those
spaces and nothing else: ``unicode61`` with ``remove_diacritics 0`` and the apostrophe
as a token character does exactly that for every token our tokenizer can emit (runs of
letters and digits, ``o'brien``; CJK words such as ``海淀区`` stay whole). It never stems.

Scoping. Every indexed token is prefixed with a 16-hex-digit hash of (tenant, user), so
``order`` of user A and ``order`` of user B are different FTS terms: a query touches only
the asking user's posting lists, and document frequencies are per user (as in the
in-process reference) instead of being diluted by a million other users' rows. A query
phrase is built from the same prefix, inside double quotes, so user input can never
become FTS5 syntax. The result is still joined back to ``turns`` on (tenant, user): the
prefix is for speed, the join is the isolation guarantee. The ``scope`` column carries a
session token so a session-confined search is one more FTS5 term (column weight 0: it
filters, it never scores).

Ranking. ``bm25()`` (k1=1.2, b=0.75) negated so higher is better. Its cost grows with the
number of matching rows (≈1.5 µs each), so a query matching more than ``RANK_WINDOW``
of a user's turns ranks only the newest ``RANK_WINDOW`` matches (found from the rowid
order, which is insertion order): a word in most of 100,000 turns would otherwise cost
hundreds of milliseconds to rank, and it carries little evidence anyway (FTS5 clamps
the IDF of a term in more than half the rows to ~0); rarer words are always ranked over
every match. Older matches stay reachable through the vector channel.

Vectors. Rows live in ``vectors``; a search loads the scope's rows once into a
:class:`~palimpsest.storage.vector_index.ScopeVectors` held in a process-wide LRU cache
bounded by bytes. Each scope has a change counter in ``vector_scope_versions`` bumped in
the writing transaction: a search compares it (one primary-key read) with the version
the cached copy reflects, so writes by other processes are seen at once, and writes by
this process are applied to the cached copy after their transaction commits.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from palimpsest.core.clock import from_micros, to_micros
from palimpsest.errors import StorageError, ValidationError
from palimpsest.storage.base import SessionInfo
from palimpsest.storage.vector_index import ScopeVectors
from palimpsest.types import Migration, Summary, SummaryKind, SummarySections, Turn, TurnHead

if TYPE_CHECKING:
    from palimpsest.storage.sqlite import SQLiteBackend

DEFAULT_VECTOR_CACHE_BYTES = 1 << 30
"""Process-wide budget for cached scopes (1 GiB ≈ 700k 384-d vectors)."""

RANK_WINDOW = 2000
"""At most this many matches (the newest) are ranked per lexical query (see the module docstring)."""

_CHUNK = 500
"""Ids per ``IN (...)`` list: far below SQLite's host-parameter limit, large enough to be cheap."""

_FTS_TOKENIZER = "unicode61 remove_diacritics 0 tokenchars ''''"

CONVERSATION_MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        "0004_turns",
        (
            # seq is the FTS rowid: an INTEGER PRIMARY KEY never changes (an implicit rowid may, on VACUUM).
            """
            CREATE TABLE turns (
                seq          INTEGER PRIMARY KEY,
                id           TEXT NOT NULL UNIQUE,
                tenant       TEXT NOT NULL,
                user_id      TEXT NOT NULL,
                session_id   TEXT NOT NULL,
                agent_id     TEXT,
                role         TEXT NOT NULL,
                content      TEXT NOT NULL,
                occurred_at  INTEGER NOT NULL,
                recorded_at  INTEGER NOT NULL,
                content_hash TEXT NOT NULL,
                metadata     TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(metadata)),
                tags         TEXT NOT NULL DEFAULT '[]' CHECK (json_valid(tags)),
                forgotten_at INTEGER
            ) STRICT
            """,
            # Dedupe probe; also the (tenant, user[, session]) prefix erase uses, forgotten rows included.
            "CREATE INDEX turns_hash ON turns (tenant, user_id, session_id, content_hash)",
            # Live rows only: every read of live turns is an index range, counts and sessions index-only.
            "CREATE INDEX turns_user_time ON turns (tenant, user_id, occurred_at, id) WHERE forgotten_at IS NULL",
            "CREATE INDEX turns_session_time ON turns (tenant, user_id, session_id, occurred_at, id)"
            " WHERE forgotten_at IS NULL",
            "CREATE INDEX turns_tenant_id ON turns (tenant, id) WHERE forgotten_at IS NULL",
            "CREATE INDEX turns_forgotten ON turns (tenant, forgotten_at) WHERE forgotten_at IS NOT NULL",
        ),
    ),
    Migration(
        "0005_turns_fts",
        (
            f'CREATE VIRTUAL TABLE turns_fts USING fts5(body, scope, tokenize="{_FTS_TOKENIZER}")',
            # The default rank: bm25 with the scope column weighted 0 (it filters, it never scores).
            "INSERT INTO turns_fts (turns_fts, rank) VALUES ('rank', 'bm25(1.0, 0.0)')",
        ),
    ),
    Migration(
        "0006_vectors",
        (
            """
            CREATE TABLE vector_spaces (
                space     TEXT PRIMARY KEY,
                embedder  TEXT NOT NULL,
                dimension INTEGER NOT NULL CHECK (dimension > 0)
            ) STRICT
            """,
            """
            CREATE TABLE vectors (
                seq     INTEGER PRIMARY KEY,
                space   TEXT NOT NULL,
                tenant  TEXT NOT NULL,
                user_id TEXT NOT NULL,
                id      TEXT NOT NULL,
                vector  BLOB NOT NULL
            ) STRICT
            """,
            "CREATE UNIQUE INDEX vectors_id ON vectors (space, tenant, id)",
            "CREATE INDEX vectors_scope ON vectors (space, tenant, user_id)",
            # Bumped by every write to a scope and never reset (a reset could let a stale
            # cached copy match a reused number), so "same version" means "same rows".
            """
            CREATE TABLE vector_scope_versions (
                space   TEXT NOT NULL,
                tenant  TEXT NOT NULL,
                user_id TEXT NOT NULL,
                version INTEGER NOT NULL,
                PRIMARY KEY (space, tenant, user_id)
            ) STRICT, WITHOUT ROWID
            """,
            # Names this database in the process-wide cache: two files (or a file deleted and
            # created again at the same path) never share cached scopes.
            "CREATE TABLE store_identity (store_id TEXT NOT NULL) STRICT",
            "INSERT INTO store_identity (store_id) VALUES (lower(hex(randomblob(16))))",
        ),
    ),
    Migration(
        "0007_summaries",
        (
            """
            CREATE TABLE summaries (
                id         TEXT NOT NULL UNIQUE,
                tenant     TEXT NOT NULL,
                user_id    TEXT NOT NULL,
                kind       TEXT NOT NULL CHECK (kind IN ('session', 'user_storyline')),
                session_id TEXT,
                sections   TEXT NOT NULL CHECK (json_valid(sections)),
                covers     TEXT NOT NULL CHECK (json_valid(covers)),
                updated_at INTEGER NOT NULL
            ) STRICT
            """,
            # One summary per key; ifnull() because NULLs are distinct in a UNIQUE index.
            "CREATE UNIQUE INDEX summaries_key ON summaries (tenant, user_id, kind, ifnull(session_id, ''))",
            "CREATE INDEX summaries_user_time ON summaries (tenant, user_id, updated_at, id)",
        ),
    ),
    Migration(
        "0008_turn_position",
        (
            # The turn's position in its session (Turn.seq): retrieval's neighbour smoothing needs
            # to know which turns are adjacent, whatever their timestamps say.
            "ALTER TABLE turns ADD COLUMN position INTEGER NOT NULL DEFAULT 0",
            "CREATE INDEX turns_session_position ON turns (tenant, user_id, session_id, position)",
        ),
    ),
)
"""Appended to ``SQLITE_MIGRATIONS`` after the facts and audit schema."""


def _chunks(items: Sequence[str]) -> Iterator[Sequence[str]]:
    for start in range(0, len(items), _CHUNK):
        yield items[start : start + _CHUNK]


def _marks(items: Sequence[Any]) -> str:
    return ", ".join("?" * len(items))


# -- lexical tokens ----------------------------------------------------------------------


def _digest(*parts: str, size: int = 10) -> str:
    return hashlib.blake2b("\x1f".join(parts).encode(), digest_size=size).hexdigest()


def user_prefix(tenant: str, user_id: str) -> str:
    """What every indexed token of (tenant, user) starts with: 16 hex digits, a token
    character run that fuses with the word it precedes."""
    return _digest(tenant, user_id, size=8)


def session_token(tenant: str, user_id: str, session_id: str) -> str:
    """The token a turn carries in the ``scope`` column (one session's rows)."""
    return "s" + _digest(tenant, user_id, session_id)


def indexed_body(prefix: str, lexical_text: str) -> str:
    return " ".join(prefix + token for token in lexical_text.split())


def _phrase(text: str) -> str:
    """``text`` as an FTS5 string: inside double quotes every character is literal (a
    doubled quote is a quote), so no user input can become an operator, column filter,
    prefix star or NEAR group."""
    return '"' + text.replace('"', '""') + '"'


def match_expression(prefix: str, terms: Sequence[str], session: str | None = None) -> str | None:
    """The FTS5 query for any of ``terms`` of one user (optionally one session); None if no term."""
    unique = [t for t in dict.fromkeys(terms) if t and not t.isspace()]
    if not unique:
        return None
    body = f"{{body}} : ({' OR '.join(_phrase(prefix + t) for t in unique)})"
    return body if session is None else f"{{scope}} : {_phrase(session)} AND {body}"


# -- turns --------------------------------------------------------------------------------

_TURN_COLUMNS = (
    "id, tenant, user_id, session_id, agent_id, role, content, occurred_at, recorded_at, content_hash, "
    "metadata, tags, forgotten_at, position"
)


def _turn_row(turn: Turn) -> tuple[Any, ...]:
    try:
        metadata = json.dumps(dict(turn.metadata), ensure_ascii=False)
    except (TypeError, ValueError) as exc:
        raise ValidationError(f"turn metadata must be JSON-serializable: {exc}") from exc
    return (
        turn.id, turn.tenant, turn.user_id, turn.session_id, turn.agent_id, turn.role, turn.content,
        to_micros(turn.occurred_at), to_micros(turn.recorded_at), turn.content_hash, metadata,
        json.dumps(list(turn.tags), ensure_ascii=False),
        None if turn.forgotten_at is None else to_micros(turn.forgotten_at), turn.seq,
    )  # fmt: skip


def _json_object(text: str) -> dict[str, Any]:
    # Most turns carry no metadata; skipping the JSON parser for them is a tenth of a
    # recall's time on a loaded machine (a recall reads ~150 candidate turns).
    return {} if text == "{}" else dict(json.loads(text))


def _json_list(text: str) -> list[Any]:
    return [] if text == "[]" else list(json.loads(text))


def _turn(row: Sequence[Any]) -> Turn:
    (
        id_, tenant, user_id, session_id, agent_id, role, content, occurred_at, recorded_at, content_hash,
        metadata, tags, forgotten_at, position,
    ) = row  # fmt: skip
    return Turn(
        id=id_,
        tenant=tenant,
        user_id=user_id,
        session_id=session_id,
        role=role,
        content=content,
        occurred_at=from_micros(occurred_at),
        recorded_at=from_micros(recorded_at),
        content_hash=content_hash,
        agent_id=agent_id,
        metadata=_json_object(metadata),
        tags=tuple(_json_list(tags)),
        forgotten_at=None if forgotten_at is None else from_micros(forgotten_at),
        seq=position,
    )


def _selection(
    tenant: str, user_id: str, session_id: str | None, turn_ids: Sequence[str] | None
) -> tuple[str, list[Any]]:
    """``WHERE`` fragment and parameters choosing a user's turns (optionally narrower)."""
    clauses = ["tenant = ?", "user_id = ?"]
    params: list[Any] = [tenant, user_id]
    if session_id is not None:
        clauses.append("session_id = ?")
        params.append(session_id)
    if turn_ids is not None:
        clauses.append(f"id IN ({_marks(turn_ids)})")
        params.extend(turn_ids)
    return " AND ".join(clauses), params


class SQLiteTurnStore:
    """Episodes in ``turns``; live turns also have a row (rowid = ``turns.seq``) in ``turns_fts``."""

    def __init__(self, backend: SQLiteBackend) -> None:
        self._db = backend

    def insert(self, turns: Sequence[Turn], lexical_texts: Sequence[str]) -> None:
        if len(turns) != len(lexical_texts):
            raise ValidationError("insert() needs one lexical text per turn")
        if not turns:
            return
        with self._db.transaction():
            self._db.executemany(
                f"INSERT INTO turns ({_TURN_COLUMNS}) VALUES ({_marks(_TURN_COLUMNS.split(','))})",
                [_turn_row(t) for t in turns],
            )
            self._db.executemany(
                "INSERT INTO turns_fts (rowid, body, scope) SELECT seq, ?, ? FROM turns WHERE id = ?",
                [
                    (
                        indexed_body(user_prefix(t.tenant, t.user_id), text),
                        session_token(t.tenant, t.user_id, t.session_id),
                        t.id,
                    )
                    for t, text in zip(turns, lexical_texts, strict=True)
                    if t.forgotten_at is None
                ],
            )

    def known_hashes(self, tenant: str, user_id: str, session_id: str, hashes: Sequence[str]) -> set[str]:
        found: set[str] = set()
        for chunk in _chunks(list(dict.fromkeys(hashes))):
            rows = self._db.execute(
                "SELECT content_hash FROM turns WHERE tenant = ? AND user_id = ? AND session_id = ?"
                f" AND content_hash IN ({_marks(chunk)}) AND forgotten_at IS NULL",
                [tenant, user_id, session_id, *chunk],
            )
            found.update(r[0] for r in rows)
        return found

    def get(self, tenant: str, ids: Sequence[str]) -> list[Turn]:
        by_id: dict[str, Turn] = {}
        for chunk in _chunks(list(dict.fromkeys(ids))):
            rows = self._db.execute(
                f"SELECT {_TURN_COLUMNS} FROM turns WHERE id IN ({_marks(chunk)}) AND tenant = ?"
                " AND forgotten_at IS NULL",
                [*chunk, tenant],
            )
            by_id.update((r[0], _turn(r)) for r in rows)
        return [by_id[i] for i in ids if i in by_id]

    def heads(self, tenant: str, ids: Sequence[str]) -> list[TurnHead]:
        by_id: dict[str, TurnHead] = {}
        for chunk in _chunks(list(dict.fromkeys(ids))):
            rows = self._db.execute(
                f"SELECT id, session_id, position, recorded_at FROM turns WHERE id IN ({_marks(chunk)})"
                " AND tenant = ? AND forgotten_at IS NULL",
                [*chunk, tenant],
            )
            by_id.update((r[0], TurnHead(r[0], r[1], r[2], from_micros(r[3]))) for r in rows)
        return [by_id[i] for i in ids if i in by_id]

    def next_seq(self, tenant: str, user_id: str, session_id: str) -> int:
        rows = self._db.execute(
            "SELECT MAX(position) FROM turns WHERE tenant = ? AND user_id = ? AND session_id = ?",
            (tenant, user_id, session_id),
        )
        top = rows[0][0] if rows else None
        return 0 if top is None else int(top) + 1

    def recent(
        self,
        tenant: str,
        user_id: str,
        *,
        session_id: str | None = None,
        limit: int = 10,
        before: datetime | None = None,
    ) -> list[Turn]:
        where, params = _selection(tenant, user_id, session_id, None)
        if before is not None:
            where += " AND occurred_at < ?"
            params.append(to_micros(before))
        rows = self._db.execute(
            f"SELECT {_TURN_COLUMNS} FROM turns WHERE {where} AND forgotten_at IS NULL"
            " ORDER BY occurred_at DESC, id DESC LIMIT ?",
            [*params, limit],
        )
        return [_turn(r) for r in rows]

    def lexical(
        self, tenant: str, user_id: str, terms: Sequence[str], *, limit: int, session_id: str | None = None
    ) -> list[tuple[str, float]]:
        session = None if session_id is None else session_token(tenant, user_id, session_id)
        expression = match_expression(user_prefix(tenant, user_id), terms, session)
        if expression is None or limit <= 0:
            return []
        # Rowids grow with insertion, so the RANK_WINDOW-th newest match bounds the ranked set.
        edge = self._db.execute(
            "SELECT rowid FROM turns_fts WHERE turns_fts MATCH ? ORDER BY rowid DESC LIMIT 1 OFFSET ?",
            (expression, RANK_WINDOW - 1),
        )
        rows = self._db.execute(
            "SELECT t.id, -hit.score FROM"
            " (SELECT rowid, bm25(turns_fts, 1.0, 0.0) AS score FROM turns_fts"
            "  WHERE turns_fts MATCH ? AND rowid >= ? ORDER BY score LIMIT ?) AS hit"
            " JOIN turns AS t ON t.seq = hit.rowid"
            " WHERE t.tenant = ? AND t.user_id = ? AND t.forgotten_at IS NULL"
            " ORDER BY hit.score, t.id",
            (expression, edge[0][0] if edge else 0, limit, tenant, user_id),
        )
        return [(str(r[0]), float(r[1])) for r in rows]

    def sessions(self, tenant: str, user_id: str) -> list[SessionInfo]:
        rows = self._db.execute(
            "SELECT session_id, min(occurred_at), max(occurred_at), count(*) FROM turns"
            " WHERE tenant = ? AND user_id = ? AND forgotten_at IS NULL"
            " GROUP BY session_id ORDER BY max(occurred_at) DESC, session_id DESC",
            (tenant, user_id),
        )
        return [SessionInfo(sid, from_micros(first), from_micros(last), int(n)) for sid, first, last, n in rows]

    def forget(
        self, tenant: str, user_id: str, *, session_id: str | None, turn_ids: Sequence[str] | None, at: datetime
    ) -> list[str]:
        forgotten: list[str] = []
        with self._db.transaction():
            for where, params in self._selections(tenant, user_id, session_id, turn_ids):
                rows = self._db.execute(
                    f"UPDATE turns SET forgotten_at = ? WHERE {where} AND forgotten_at IS NULL RETURNING seq, id",
                    [to_micros(at), *params],
                )
                # A forgotten turn must stop matching at once: its index entry goes now.
                self._delete_fts([r[0] for r in rows])
                forgotten.extend(r[1] for r in rows)
        return sorted(forgotten)

    def erase(self, tenant: str, user_id: str, *, session_id: str | None, turn_ids: Sequence[str] | None) -> int:
        erased = 0
        with self._db.transaction():
            for where, params in self._selections(tenant, user_id, session_id, turn_ids):
                rows = self._db.execute(f"DELETE FROM turns WHERE {where} RETURNING seq, forgotten_at", params)
                self._delete_fts([seq for seq, forgotten_at in rows if forgotten_at is None])
                erased += len(rows)
        return erased

    def purge(self, tenant: str, *, forgotten_before: datetime) -> int:
        # Forgotten turns left the FTS index when they were forgotten.
        return self._db.execute_count(
            "DELETE FROM turns WHERE tenant = ? AND forgotten_at IS NOT NULL AND forgotten_at < ?",
            (tenant, to_micros(forgotten_before)),
        )

    def count(self, tenant: str, user_id: str | None = None) -> int:
        if user_id is None:
            rows = self._db.execute("SELECT count(*) FROM turns WHERE tenant = ? AND forgotten_at IS NULL", (tenant,))
        else:
            rows = self._db.execute(
                "SELECT count(*) FROM turns WHERE tenant = ? AND user_id = ? AND forgotten_at IS NULL",
                (tenant, user_id),
            )
        return int(rows[0][0])

    def iter_all(self, tenant: str | None = None, *, batch: int = 1000) -> Iterator[list[Turn]]:
        if batch < 1:
            raise ValidationError("batch must be at least 1")
        after = ""
        scope, params = ("tenant = ? AND ", [tenant]) if tenant is not None else ("", [])
        while True:
            # Keyset paging: each page is an index range after the last id seen, never an OFFSET scan.
            rows = self._db.execute(
                f"SELECT {_TURN_COLUMNS} FROM turns WHERE {scope}forgotten_at IS NULL AND id > ? ORDER BY id LIMIT ?",
                [*params, after, batch],
            )
            if not rows:
                return
            yield [_turn(r) for r in rows]
            after = rows[-1][0]

    # -- internals ---------------------------------------------------------------------
    @staticmethod
    def _selections(
        tenant: str, user_id: str, session_id: str | None, turn_ids: Sequence[str] | None
    ) -> Iterator[tuple[str, list[Any]]]:
        if turn_ids is None:
            yield _selection(tenant, user_id, session_id, None)
            return
        for chunk in _chunks(list(dict.fromkeys(turn_ids))):
            yield _selection(tenant, user_id, session_id, chunk)

    def _delete_fts(self, seqs: Sequence[int]) -> None:
        for start in range(0, len(seqs), _CHUNK):
            chunk = seqs[start : start + _CHUNK]
            self._db.execute(f"DELETE FROM turns_fts WHERE rowid IN ({_marks(chunk)})", chunk)


# -- the vector cache ---------------------------------------------------------------------

CacheKey = tuple[str, str, str, str]
"""(store id, space, tenant, user id)."""


@dataclass(slots=True)
class _CachedScope:
    version: int
    vectors: ScopeVectors | None
    """None: the scope has no rows (cached too, so empty scopes cost no reload)."""
    nbytes: int


def _scope_bytes(vectors: ScopeVectors | None) -> int:
    # The matrix dominates; ~100 bytes per row covers the id string and its dict slot.
    return 0 if vectors is None else len(vectors) * (vectors.dimension * 4 + 100)


class VectorCache:
    """Loaded scopes, least recently used evicted first once ``max_bytes`` is exceeded.

    Thread-safe. Entries carry the scope version they reflect; callers decide freshness.
    A scope larger than the whole budget is never cached (each search loads it).
    """

    def __init__(self, max_bytes: int = DEFAULT_VECTOR_CACHE_BYTES) -> None:
        if max_bytes < 0:
            raise ValidationError("vector cache size must not be negative")
        self.max_bytes = max_bytes
        self._entries: OrderedDict[CacheKey, _CachedScope] = OrderedDict()
        self._bytes = 0
        self._users: dict[str, int] = {}
        self._lock = threading.Lock()

    @property
    def nbytes(self) -> int:
        return self._bytes

    def __len__(self) -> int:
        return len(self._entries)

    def lookup(self, key: CacheKey, version: int) -> _CachedScope | None:
        """The cached scope if it reflects exactly ``version``."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None or entry.version != version:
                return None
            self._entries.move_to_end(key)
            return entry

    def install(self, key: CacheKey, version: int, vectors: ScopeVectors | None) -> None:
        with self._lock:
            current = self._entries.get(key)
            if current is not None and current.version >= version:
                return  # a concurrent reload or commit already put a newer copy here
            self._drop(key)
            entry = _CachedScope(version, vectors, _scope_bytes(vectors))
            if entry.nbytes > self.max_bytes:
                return
            self._entries[key] = entry
            self._bytes += entry.nbytes
            self._evict()

    def apply(self, key: CacheKey, before: int, after: int, change: Callable[[_CachedScope], None]) -> None:
        """A committed write moved the scope from version ``before`` to ``after``: patch a
        copy that reflects ``before``; drop any other copy (it is stale or of unknown age)."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is None or entry.version >= after:
                return
            if entry.version != before:
                self._drop(key)
                return
            try:
                change(entry)
            except Exception:
                # The write is committed whatever happens here; a copy we failed to patch is
                # simply dropped and the next search reloads it from the database.
                self._drop(key)
                return
            entry.version = after
            self._bytes += _scope_bytes(entry.vectors) - entry.nbytes
            entry.nbytes = _scope_bytes(entry.vectors)
            self._evict()

    def discard(self, store_id: str, space: str | None = None) -> None:
        """Drop every cached scope of one store (optionally of one space)."""
        with self._lock:
            for key in [k for k in self._entries if k[0] == store_id and (space is None or k[1] == space)]:
                self._drop(key)

    def retain(self, store_id: str) -> None:
        with self._lock:
            self._users[store_id] = self._users.get(store_id, 0) + 1

    def release(self, store_id: str) -> None:
        """One user of ``store_id`` closed; the last one frees the store's scopes."""
        with self._lock:
            left = self._users.get(store_id, 0) - 1
            if left > 0:
                self._users[store_id] = left
                return
            self._users.pop(store_id, None)
        self.discard(store_id)

    def _drop(self, key: CacheKey) -> None:
        entry = self._entries.pop(key, None)
        if entry is not None:
            self._bytes -= entry.nbytes

    def _evict(self) -> None:
        while self._bytes > self.max_bytes and self._entries:
            _, entry = self._entries.popitem(last=False)
            self._bytes -= entry.nbytes


PROCESS_VECTOR_CACHE = VectorCache()
"""Shared by every SQLite backend of the process that does not ask for its own budget."""


# -- vectors ------------------------------------------------------------------------------


def _as_matrix(ids: Sequence[str], vectors: NDArray[np.float32]) -> NDArray[np.float32]:
    matrix = np.ascontiguousarray(vectors, dtype=np.float32)
    if matrix.ndim != 2 or matrix.shape[0] != len(ids) or matrix.shape[1] < 1:
        raise ValidationError(f"expected a ({len(ids)}, dimension) matrix of vectors, got shape {matrix.shape}")
    return matrix


def _remover(ids: Sequence[str]) -> Callable[[ScopeVectors], None]:
    def remove(scope: ScopeVectors) -> None:
        scope.remove(ids)

    return remove


def _blob(row: NDArray[np.float32]) -> bytes:
    # Little-endian float32 on disk whatever the machine, so files move between hosts.
    return row.astype("<f4", copy=False).tobytes()


class SQLiteVectorStore:
    def __init__(self, backend: SQLiteBackend, cache: VectorCache) -> None:
        self._db = backend
        self._cache = cache
        self._store_id: str | None = None
        self._lock = threading.Lock()

    @property
    def store_id(self) -> str:
        """This database's identity in the cache (read once; it never changes)."""
        with self._lock:
            if self._store_id is None:
                rows = self._db.execute("SELECT store_id FROM store_identity")
                if not rows:
                    raise StorageError("the SQLite store has no identity row; was migration 0006_vectors applied?")
                self._store_id = str(rows[0][0])
                self._cache.retain(self._store_id)
            return self._store_id

    def close(self) -> None:
        with self._lock:
            store_id, self._store_id = self._store_id, None
        if store_id is not None:
            self._cache.release(store_id)

    def space_info(self, space: str) -> tuple[str, int] | None:
        rows = self._db.execute("SELECT embedder, dimension FROM vector_spaces WHERE space = ?", (space,))
        return (str(rows[0][0]), int(rows[0][1])) if rows else None

    def set_space_info(self, space: str, embedder: str, dimension: int) -> None:
        self._db.execute(
            "INSERT INTO vector_spaces (space, embedder, dimension) VALUES (?, ?, ?)"
            " ON CONFLICT (space) DO UPDATE SET embedder = excluded.embedder, dimension = excluded.dimension",
            (space, embedder, dimension),
        )

    def upsert(self, space: str, tenant: str, user_id: str, ids: Sequence[str], vectors: NDArray[np.float32]) -> None:
        if len(ids) == 0:
            return
        matrix = _as_matrix(ids, vectors)
        ids = list(ids)
        with self._db.transaction():
            # An id re-filed under another user leaves that user's scope: its copy changes too.
            moved: dict[str, list[str]] = {}
            for chunk in _chunks(ids):
                for owner, vid in self._db.execute(
                    f"SELECT user_id, id FROM vectors WHERE space = ? AND tenant = ? AND id IN ({_marks(chunk)})"
                    " AND user_id != ?",
                    [space, tenant, *chunk, user_id],
                ):
                    moved.setdefault(owner, []).append(vid)
            self._db.executemany(
                "INSERT INTO vectors (space, tenant, user_id, id, vector) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (space, tenant, id) DO UPDATE SET user_id = excluded.user_id, vector = excluded.vector",
                [(space, tenant, user_id, vid, _blob(row)) for vid, row in zip(ids, matrix, strict=True)],
            )
            for owner, gone in moved.items():
                self._changed(space, tenant, owner, _remover(gone))
            self._changed(space, tenant, user_id, lambda scope: scope.add(ids, matrix), dimension=matrix.shape[1])

    def search(
        self, space: str, tenant: str, user_id: str, query: NDArray[np.float32], *, limit: int
    ) -> list[tuple[str, float]]:
        if limit <= 0:
            return []
        scope = self._scope(space, tenant, user_id)
        return scope.search(query, limit) if scope is not None else []

    def get(self, space: str, tenant: str, ids: Sequence[str]) -> dict[str, NDArray[np.float32]]:
        found: dict[str, NDArray[np.float32]] = {}
        for chunk in _chunks(list(dict.fromkeys(ids))):
            for vid, blob in self._db.execute(
                f"SELECT id, vector FROM vectors WHERE space = ? AND tenant = ? AND id IN ({_marks(chunk)})",
                [space, tenant, *chunk],
            ):
                found[str(vid)] = np.frombuffer(blob, dtype="<f4").astype(np.float32)
        return found

    def delete(self, space: str, tenant: str, ids: Sequence[str]) -> None:
        if len(ids) == 0:
            return
        with self._db.transaction():
            removed: dict[str, list[str]] = {}
            for chunk in _chunks(list(dict.fromkeys(ids))):
                for owner, vid in self._db.execute(
                    f"DELETE FROM vectors WHERE space = ? AND tenant = ? AND id IN ({_marks(chunk)})"
                    " RETURNING user_id, id",
                    [space, tenant, *chunk],
                ):
                    removed.setdefault(owner, []).append(vid)
            for owner, gone in removed.items():
                self._changed(space, tenant, owner, _remover(gone))

    def clear_space(self, space: str) -> None:
        with self._db.transaction():
            self._db.execute("DELETE FROM vectors WHERE space = ?", (space,))
            self._db.execute("DELETE FROM vector_spaces WHERE space = ?", (space,))
            # Bump rather than delete: other processes' copies must see a new number.
            self._db.execute("UPDATE vector_scope_versions SET version = version + 1 WHERE space = ?", (space,))
            store_id = self.store_id
            self._db.on_commit(lambda: self._cache.discard(store_id, space))

    # -- internals ---------------------------------------------------------------------
    def _changed(
        self,
        space: str,
        tenant: str,
        user_id: str,
        change: Callable[[ScopeVectors], None],
        *,
        dimension: int | None = None,
    ) -> None:
        """Bump the scope's version in this transaction; patch this process's copy on commit."""
        rows = self._db.execute(
            "INSERT INTO vector_scope_versions (space, tenant, user_id, version) VALUES (?, ?, ?, 1)"
            " ON CONFLICT (space, tenant, user_id) DO UPDATE SET version = version + 1 RETURNING version",
            (space, tenant, user_id),
        )
        after = int(rows[0][0])
        key: CacheKey = (self.store_id, space, tenant, user_id)

        def patch(entry: _CachedScope) -> None:
            if entry.vectors is None:
                if dimension is None:
                    return
                entry.vectors = ScopeVectors(dimension)
            change(entry.vectors)

        self._db.on_commit(lambda: self._cache.apply(key, after - 1, after, patch))

    def _version(self, space: str, tenant: str, user_id: str) -> int:
        rows = self._db.execute(
            "SELECT version FROM vector_scope_versions WHERE space = ? AND tenant = ? AND user_id = ?",
            (space, tenant, user_id),
        )
        return int(rows[0][0]) if rows else 0

    def _scope(self, space: str, tenant: str, user_id: str) -> ScopeVectors | None:
        key: CacheKey = (self.store_id, space, tenant, user_id)
        entry = self._cache.lookup(key, self._version(space, tenant, user_id))
        if entry is not None:
            return entry.vectors
        with self._db.read_snapshot():
            # Version and rows from one snapshot, so the copy is exactly what that version names.
            version = self._version(space, tenant, user_id)
            rows = self._db.execute(
                "SELECT id, vector FROM vectors WHERE space = ? AND tenant = ? AND user_id = ? ORDER BY seq",
                (space, tenant, user_id),
            )
        vectors = _load(rows)
        # Inside a write transaction the rows may include writes that could still roll back.
        if not self._db.in_transaction:
            self._cache.install(key, version, vectors)
        return vectors


def _load(rows: Sequence[Sequence[Any]]) -> ScopeVectors | None:
    if not rows:
        return None
    blob_size = len(rows[0][1])
    if blob_size == 0 or blob_size % 4 or any(len(r[1]) != blob_size for r in rows):
        raise StorageError("stored vectors of one scope have inconsistent sizes; run `palimpsest reindex`")
    # One buffer, one (writable, native-order) copy, adopted by the scope: no per-row work.
    matrix = np.frombuffer(b"".join(r[1] for r in rows), dtype="<f4").reshape(len(rows), blob_size // 4)
    return ScopeVectors.from_rows([str(r[0]) for r in rows], matrix.astype(np.float32))


# -- summaries ----------------------------------------------------------------------------

_SUMMARY_COLUMNS = "id, tenant, user_id, kind, session_id, sections, covers, updated_at"


def _sections(data: Mapping[str, Any]) -> SummarySections:
    return SummarySections(
        topic=str(data.get("topic", "")),
        confirmed_facts=tuple(data.get("confirmed_facts", ())),
        open_items=tuple(data.get("open_items", ())),
        entities=tuple(data.get("entities", ())),
        intent=str(data.get("intent", "")),
        sentiment=str(data.get("sentiment", "")),
    )


def _summary(row: Sequence[Any]) -> Summary:
    id_, tenant, user_id, kind, session_id, sections, covers, updated_at = row
    return Summary(
        id=id_,
        tenant=tenant,
        user_id=user_id,
        kind=kind,
        sections=_sections(json.loads(sections)),
        covers=tuple(json.loads(covers)),
        updated_at=from_micros(updated_at),
        session_id=session_id,
    )


class SQLiteSummaryStore:
    def __init__(self, backend: SQLiteBackend) -> None:
        self._db = backend

    def upsert(self, summary: Summary) -> None:
        with self._db.transaction():
            self._db.execute(
                "DELETE FROM summaries WHERE tenant = ? AND user_id = ? AND kind = ? AND ifnull(session_id, '') = ?"
                " AND session_id IS ?",
                (summary.tenant, summary.user_id, summary.kind, summary.session_id or "", summary.session_id),
            )
            self._db.execute(
                f"INSERT INTO summaries ({_SUMMARY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    summary.id, summary.tenant, summary.user_id, summary.kind, summary.session_id,
                    json.dumps(asdict(summary.sections), ensure_ascii=False),
                    json.dumps(list(summary.covers)), to_micros(summary.updated_at),
                ),
            )  # fmt: skip

    def get(self, tenant: str, user_id: str, kind: SummaryKind, session_id: str | None = None) -> Summary | None:
        rows = self._db.execute(
            f"SELECT {_SUMMARY_COLUMNS} FROM summaries"
            " WHERE tenant = ? AND user_id = ? AND kind = ? AND ifnull(session_id, '') = ? AND session_id IS ?",
            (tenant, user_id, kind, session_id or "", session_id),
        )
        return _summary(rows[0]) if rows else None

    def for_user(
        self, tenant: str, user_id: str, kind: SummaryKind | None = None, *, limit: int | None = None
    ) -> list[Summary]:
        where = " AND kind = ?" if kind is not None else ""
        rows = self._db.execute(
            f"SELECT {_SUMMARY_COLUMNS} FROM summaries WHERE tenant = ? AND user_id = ?{where}"
            " ORDER BY updated_at DESC, id DESC LIMIT ?",
            (tenant, user_id, *([kind] if kind is not None else []), -1 if limit is None else limit),
        )
        return [_summary(r) for r in rows]

    def get_by_ids(self, tenant: str, ids: Sequence[str], *, with_covers: bool = True) -> list[Summary]:
        by_id: dict[str, Summary] = {}
        columns = _SUMMARY_COLUMNS if with_covers else _SUMMARY_COLUMNS.replace("covers", "'[]'")
        for chunk in _chunks(list(dict.fromkeys(ids))):
            rows = self._db.execute(
                f"SELECT {columns} FROM summaries WHERE id IN ({_marks(chunk)}) AND tenant = ?",
                [*chunk, tenant],
            )
            by_id.update((r[0], _summary(r)) for r in rows)
        return [by_id[i] for i in ids if i in by_id]

    def erase(self, tenant: str, user_id: str, *, session_id: str | None = None) -> int:
        if session_id is None:
            return self._db.execute_count("DELETE FROM summaries WHERE tenant = ? AND user_id = ?", (tenant, user_id))
        return self._db.execute_count(
            "DELETE FROM summaries WHERE tenant = ? AND user_id = ? AND session_id = ?", (tenant, user_id, session_id)
        )


__all__ = [
    "CONVERSATION_MIGRATIONS",
    "DEFAULT_VECTOR_CACHE_BYTES",
    "PROCESS_VECTOR_CACHE",
    "RANK_WINDOW",
    "SQLiteSummaryStore",
    "SQLiteTurnStore",
    "SQLiteVectorStore",
    "VectorCache",
    "indexed_body",
    "match_expression",
    "session_token",
    "user_prefix",
]
