"""The conversation paths of the facade: ``add`` (write) and ``search`` / ``recall`` (read).

Write (DESIGN §4): validate → window append → dedupe by content hash → embed and
tokenize outside the transaction → one transaction: episodes + vectors + audit event
→ incremental session summary. What ``add`` returned is committed.

Read: ``search`` is the ranked hybrid list (lexical BM25 fused with vector
similarity); ``recall`` routes the query over channels and returns a
:class:`~palimpsest.types.MemoryPacket`.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from palimpsest.core import fusion
from palimpsest.core.clock import require_aware
from palimpsest.core.merge import merge
from palimpsest.core.packet import build_packet
from palimpsest.core.predicates import PredicateRegistry
from palimpsest.core.router import RouterRecipe, find_identifiers, plan_route
from palimpsest.embed.base import FloatMatrix, batches_queries, embeds_outside_gil, l2_normalize
from palimpsest.embed.cache import CachedEmbedder
from palimpsest.errors import EmbedderMismatchError, ValidationError
from palimpsest.ids import new_id
from palimpsest.storage.base import RelevanceQuery
from palimpsest.text import tokenize
from palimpsest.types import Cardinality, FactVersion, MemoryItem, MemoryPacket, RoutePlan, Summary, Turn, TurnHead

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

    from palimpsest.embed.base import Embedder
    from palimpsest.governance.controls import Switches
    from palimpsest.governance.quarantine import QuarantineItem
    from palimpsest.knowledge import KnowledgeMatch
    from palimpsest.memory import Memory
    from palimpsest.write.model import Extraction, RiskFinding, Verdict
    from palimpsest.write.pipeline import FactDecision

ROLES = frozenset({"user", "assistant", "system", "tool"})
TURN_SPACE = "turns"
SUMMARY_SPACE = "summaries"
CANDIDATES = 100
"""How many hits each retriever contributes before fusion."""
FACT_VECTOR_CACHE = 65_536
FACT_CANDIDATES_BY_WORDS = 100
"""Facts the store hands the facts channel for sharing words with the query (most shared first)."""
FACT_CANDIDATES_PER_PREDICATE = 20
"""Facts per predicate the query names (newest first): a *many* predicate can hold thousands."""
FACT_HISTORY_PER_KEY = 5
"""Past values shown beside a current fact, the latest first."""
"""Fact passage vectors kept per ``Conversation`` (≈100 MB at 384-d; least recently used out)."""

_LAST_TIME = re.compile(r"(上次|上回|上一次|last time|previous time|the other day|最近一次)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class AddResult:
    """What ``add`` did. Everything it reports is committed when it returns.

    ``turns``: episodes written; ``quarantined``: turns (or facts) the immune system held;
    ``facts``: what happened to every candidate fact extracted (written, rejected, ...);
    ``not_stored``: turns kept out of episodes because the user switched conversations off.
    """

    turns: tuple[Turn, ...]
    duplicates: int = 0
    window_only: bool = False
    quarantined: tuple[QuarantineItem, ...] = ()
    facts: tuple[FactDecision, ...] = ()
    findings: tuple[Verdict, ...] = ()
    """Rule findings about whole turns (e.g. MEM_ERR_MISSING_TICKET: ask the user for a ticket id)."""
    not_stored: tuple[Turn, ...] = ()


def content_hash(role: str, content: str) -> str:
    normalized = " ".join(content.split())
    return hashlib.sha256(f"{role}\x1f{normalized}".encode()).hexdigest()


def normalize_messages(messages: Any) -> list[tuple[str, str]]:
    """A string, a ``{"role", "content"}`` dict, or a list of either → [(role, content)]."""
    if isinstance(messages, str | Mapping):
        messages = [messages]
    if isinstance(messages, Sequence) and any(
        isinstance(m, Mapping) and m.get("content") is not None and not isinstance(m.get("content"), str)
        for m in messages
    ):
        raise ValidationError("message content must be a string")
    if not isinstance(messages, Sequence) or not messages:
        raise ValidationError("messages must be a string, a {role, content} dict, or a non-empty list of them")
    out: list[tuple[str, str]] = []
    for i, message in enumerate(messages):
        if isinstance(message, str):
            role, content = "user", message
        elif isinstance(message, Mapping):
            role = str(message.get("role", "user")).strip().lower()
            raw = message.get("content")
            content = raw if isinstance(raw, str) else ""
        else:
            raise ValidationError(f"messages[{i}] must be a string or a {{role, content}} dict")
        if role not in ROLES:
            raise ValidationError(f"messages[{i}] has unknown role {role!r}; expected one of {sorted(ROLES)}")
        if not isinstance(content, str) or not content.strip():
            raise ValidationError(f"messages[{i}] has empty content")
        out.append((role, content.strip()))
    return out


def _require_name(value: str, name: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValidationError(f"{name} must be a non-empty string")
    return value


def speaker_of(turn: Turn) -> str:
    """Who said it: a name from metadata when the caller gave one, else the role."""
    for key in ("speaker", "name"):
        value = turn.metadata.get(key)
        if isinstance(value, str) and value.strip():
            return value.strip()
    return turn.role


def spoken_date(when: datetime) -> str:
    """The turn's date as people say it, in English and Chinese ("8 May 2023 2023年5月8日")."""
    return f"{when.day} {when:%B %Y} {when.year}年{when.month}月{when.day}日"


def lexical_text(turn: Turn) -> str:
    """The lexical index entry: speaker, words and spoken date.

    Measured on LoCoMo (evidence recall@10 of BM25 alone): the speaker's name adds +0.03 and
    the date +0.02, because questions name people ("what did Caroline…") and times ("in May").
    """
    return " ".join(tokenize(f"{speaker_of(turn)}: {turn.content} {spoken_date(turn.occurred_at)}"))


def passage_text(turn: Turn) -> str:
    """What the embedder sees of one turn: who said it and what they said."""
    return f"{speaker_of(turn)}: {turn.content}"


def turn_space_embedder(embedder_name: str, context_weight: float) -> str:
    """The embedder identity stored with turn vectors: the model and the passage recipe.

    Turn vectors are not the model's output alone (see :func:`passage_vectors`), so a store
    written with another recipe (or by a version that embedded "previous turn + turn" as
    one text, which stored the bare model name) must not be mixed with this one: the
    differing name makes opening it raise :class:`EmbedderMismatchError`.
    """
    return f"{embedder_name}; turn + {context_weight:g} x previous turn"


def passage_vectors(
    embedder: Embedder, turns: Sequence[Turn], before: Turn | None, context_weight: float
) -> NDArray[np.float32]:
    """The stored vector of each turn: its own embedding plus ``context_weight`` times the
    previous turn's (``before`` for the first turn, then each turn's predecessor), unit length.

    A reply ("yes, in May!") is meaningless alone; it needs its question to match queries
    (e5 evidence recall@10 on LoCoMo: 0.52 for the turn alone, 0.64 with the previous turn).
    The context used to be embedded as text ("previous turn\nturn"), which doubled the
    tokens per turn, and the model's cost is linear in tokens. Every turn is embedded once
    now and lends its vector to its successor; the previous turn of the first one is
    embedded again, or found in the embedder's cache when the call before embedded it.
    """
    if not turns:
        return np.zeros((0, embedder.dimension), dtype=np.float32)
    texts = [passage_text(t) for t in ([before] if before is not None else [])] + [passage_text(t) for t in turns]
    raw = np.asarray(embedder.embed_passages(texts), dtype=np.float32)
    own = raw[1:] if before is not None else raw
    previous = np.zeros_like(own)
    previous[1:] = own[:-1]
    if before is not None:
        previous[0] = raw[0]
    return l2_normalize(own + np.float32(context_weight) * previous)


@dataclass(frozen=True, slots=True)
class _Episodes:
    """One episode search: the scores of each retriever, the fused scores, the candidate turns."""

    lexical: dict[str, float]
    vector: dict[str, float]
    fused: dict[str, float]
    candidates: dict[str, TurnHead]


@dataclass(slots=True)
class _Query:
    """One query's derived forms, each computed at most once per ``search`` / ``recall``.

    A recall reads several channels (episodes, summaries, facts, the "last time" anchor),
    and each used to tokenize and embed the query again; with e5 one query embedding is
    the largest single cost of a recall.
    """

    text: str
    conversation: Conversation
    episodes: dict[tuple[str | None, int], _Episodes] = field(default_factory=dict)
    turn_hits: dict[int, list[tuple[str, float]]] = field(default_factory=dict)
    """Vector hits over the user's turns by limit: the search scans every row of the scope
    (~5 ms at 100k turns) and does not depend on the session filter applied after it."""
    lexical_hits: dict[tuple[str | None, int], dict[str, float]] = field(default_factory=dict)
    """Lexical (BM25) hits over the user's turns by (session filter, limit)."""
    heads: dict[str, TurnHead] = field(default_factory=dict)
    """Turn heads read so far (absent: not read yet, or gone)."""
    fact_candidates: dict[tuple[str, datetime | None], list[FactVersion]] = field(default_factory=dict)
    """The facts channel's candidates by (user, as-of)."""
    _terms: list[str] | None = None
    _vector: NDArray[np.float32] | None = None
    _pending: Future[FloatMatrix] | None = None

    @property
    def terms(self) -> list[str]:
        if self._terms is None:
            self._terms = tokenize(self.text)
        return self._terms

    def embed_ahead(self, pool: ThreadPoolExecutor, embedder: Embedder) -> None:
        """Start embedding the query on ``pool`` so that reads which need no vector (the
        lexical index, the facts' word index) run meanwhile; ``vector`` waits for it."""
        if self._vector is None and self._pending is None:
            self._pending = pool.submit(embedder.embed_queries, [self.text])

    @property
    def vector(self) -> NDArray[np.float32]:
        """Embedded on first use only: a query answered by the exact channel never needs it."""
        if self._vector is None:
            if self._pending is not None:
                pending, self._pending = self._pending, None
                self._vector = pending.result()[0]
            else:
                self._vector = self.conversation.embedder.embed_queries([self.text])[0]
        return self._vector


_QUERY_EMBED_POOL: list[ThreadPoolExecutor] = []
_QUERY_EMBED_POOL_LOCK = threading.Lock()


def _query_embed_pool() -> ThreadPoolExecutor:
    """One small pool per process for queries embedded ahead (shared by every ``Memory`` and
    tenant view: its threads start on first use and idle between recalls)."""
    with _QUERY_EMBED_POOL_LOCK:
        if not _QUERY_EMBED_POOL:
            _QUERY_EMBED_POOL.append(ThreadPoolExecutor(max_workers=4, thread_name_prefix="palimpsest-query-embed"))
        return _QUERY_EMBED_POOL[0]


def _forget_query_embed_pool() -> None:
    # A forked child (a pre-forking server's worker) inherits the pool but not its threads.
    _QUERY_EMBED_POOL.clear()


os.register_at_fork(after_in_child=_forget_query_embed_pool)


class Conversation:
    """Episodes, summaries, the window and retrieval over them (``Memory`` delegates here)."""

    def __init__(self, memory: Memory) -> None:
        self._memory = memory
        self._embedder: Embedder | None = None
        self._fact_vector_cache: OrderedDict[tuple[str, str], NDArray[np.float32]] = OrderedDict()
        self._fact_vector_lock = threading.Lock()

    def _embed_ahead(self, q: _Query) -> None:
        """Embed ``q`` on another thread while the caller reads what needs no vector.

        With e5 the query's embedding (~19 ms of CPU) was the largest single cost of a recall
        and ran before the lexical index and the facts' word index were read; those reads
        overlap it now. Only for embedders that work outside the GIL: a pure-Python one
        would just take turns with this thread.
        """
        embedder = self.embedder
        if embeds_outside_gil(embedder):
            q.embed_ahead(_query_embed_pool(), embedder)

    # -- the embedder -----------------------------------------------------------------
    @property
    def embedder(self) -> Embedder:
        if self._embedder is None:
            from palimpsest.embed.registry import open_embedder

            config = self._memory.config
            embedder = open_embedder(config.embedder, **dict(config.embedder_options))
            self._check_space(TURN_SPACE, embedder)
            self._check_space(SUMMARY_SPACE, embedder)
            self._embedder = embedder
        return self._embedder

    def query_cached(self, query: str) -> bool:
        """Would recalling ``query`` now find its vector in the embedder's cache?"""
        embedder = self.embedder
        return isinstance(embedder, CachedEmbedder) and embedder.holds(query, "query")

    def prepare_queries(self, queries: Sequence[str]) -> int:
        """Embed queries that are about to be recalled or searched, together, so that their
        calls find the vectors cached; returns how many were embedded here.

        A server calls it with the queries waiting in its queue. Only for an embedder that
        gains from batching (``batches_queries``) and has a cache to keep the vectors in;
        otherwise nothing is done and each call embeds its own query as before."""
        embedder = self.embedder
        if not batches_queries(embedder) or not isinstance(embedder, CachedEmbedder):
            return 0
        texts = [q for q in dict.fromkeys(queries) if isinstance(q, str) and q.strip()]
        if not texts:
            return 0
        embedder.embed_queries(texts)
        return len(texts)

    def space_embedder(self, space: str, embedder: Embedder) -> str:
        """The embedder identity ``space``'s vectors are stored under (turns: model + recipe)."""
        if space == TURN_SPACE:
            return turn_space_embedder(embedder.name, self._memory.config.passage_context_weight)
        return embedder.name

    def _check_space(self, space: str, embedder: Embedder) -> None:
        info = self._memory.backend.vectors.space_info(space)
        if info is None:
            return
        name, dimension = info
        expected = self.space_embedder(space, embedder)
        if name != expected or dimension != embedder.dimension:
            raise EmbedderMismatchError(
                f"this store's {space} were embedded with {name!r} ({dimension}-d) but the configured embedder is "
                f"{expected!r} ({embedder.dimension}-d); run `palimpsest reindex` to re-embed everything "
                "with the configured embedder, or configure the original one"
            )

    def reindex(self, progress: Callable[[int, int], None] | None = None, batch: int = 256) -> int:
        """Re-embed every stored turn and summary with the configured embedder.

        The vector spaces are cleared and claimed for the configured embedder first, then
        filled session by session (each turn's vector blended with its previous turn's, as
        ``add`` does). ``progress(done, total)`` is called after each batch. Returns the count.
        """
        from palimpsest.embed.registry import open_embedder

        config = self._memory.config
        embedder = open_embedder(config.embedder, **dict(config.embedder_options))
        backend = self._memory.backend
        sessions: dict[tuple[str, str, str], int] = {}
        for chunk in backend.turns.iter_all(None, batch=1000):
            for turn in chunk:
                key = (turn.tenant, turn.user_id, turn.session_id)
                sessions[key] = sessions.get(key, 0) + 1
        users = sorted({(tenant, user) for tenant, user, _ in sessions})
        summaries = [s for tenant, user in users for s in backend.summaries.for_user(tenant, user)]
        total = sum(sessions.values()) + len(summaries)
        with backend.transaction():
            backend.vectors.clear_space(TURN_SPACE)
            backend.vectors.clear_space(SUMMARY_SPACE)
            backend.vectors.set_space_info(TURN_SPACE, self.space_embedder(TURN_SPACE, embedder), embedder.dimension)
            backend.vectors.set_space_info(SUMMARY_SPACE, embedder.name, embedder.dimension)
        done = 0
        for (tenant, user_id, session_id), count in sorted(sessions.items()):
            turns = sorted(
                backend.turns.recent(tenant, user_id, session_id=session_id, limit=count),
                key=lambda t: (t.seq, t.occurred_at, t.id),
            )
            for start in range(0, len(turns), batch):
                part = turns[start : start + batch]
                vectors = passage_vectors(
                    embedder, part, turns[start - 1] if start else None, config.passage_context_weight
                )
                with backend.transaction():
                    backend.vectors.upsert(TURN_SPACE, tenant, user_id, [t.id for t in part], vectors)
                done += len(part)
                if progress is not None:
                    progress(done, total)
        for summary in summaries:
            vector = embedder.embed_passages([summary.sections.render() or summary.kind])
            with backend.transaction():
                backend.vectors.upsert(SUMMARY_SPACE, summary.tenant, summary.user_id, [summary.id], vector)
            done += 1
            if progress is not None:
                progress(done, total)
        self._embedder = embedder
        return done

    def _claim_space(self, space: str) -> None:
        if self._memory.backend.vectors.space_info(space) is None:
            embedder = self.embedder
            self._memory.backend.vectors.set_space_info(space, self.space_embedder(space, embedder), embedder.dimension)

    # -- write path -------------------------------------------------------------------
    def add(
        self,
        messages: Any,
        *,
        user_id: str,
        session_id: str,
        at: datetime | None = None,
        metadata: Mapping[str, Any] | None = None,
        remember: bool = True,
        agent_id: str | None = None,
        source: str = "user",
        screened: bool = True,
    ) -> AddResult:
        memory = self._memory
        _require_name(user_id, "user_id")
        _require_name(session_id, "session_id")
        pairs = normalize_messages(messages)
        now = require_aware(memory.config.clock(), "clock()")
        when = now if at is None else require_aware(at, "at")
        meta = dict(metadata or {})
        tenant = memory.config.tenant
        # Turns of one call share its time; a microsecond apart keeps their order stable.
        drafts = [
            Turn(
                id=new_id("t"),
                tenant=tenant,
                user_id=user_id,
                session_id=session_id,
                role=role,
                content=content,
                occurred_at=when + timedelta(microseconds=i),
                recorded_at=now,
                content_hash=content_hash(role, content),
                agent_id=agent_id,
                metadata=meta,
            )
            for i, (role, content) in enumerate(pairs)
        ]
        memory.window.append(tenant, user_id, session_id, drafts, now=now)
        switches = memory.controls.get(user_id)
        if not remember or not switches.memory:
            return AddResult(turns=(), window_only=True)

        known = memory.backend.turns.known_hashes(tenant, user_id, session_id, [t.content_hash for t in drafts])
        fresh: list[Turn] = []
        for turn in drafts:
            if turn.content_hash in known:
                continue
            known.add(turn.content_hash)
            fresh.append(turn)
        if not fresh:
            return AddResult(turns=(), duplicates=len(drafts))

        pipeline = memory.pipeline
        if screened:
            admitted, held = pipeline.classify(fresh, user_id=user_id, session_id=session_id, source=source)
        else:
            admitted, held = fresh, []
        extractions = pipeline.extract(admitted, user_id=user_id)
        admitted = [pipeline.tag(t, extractions.get(t.id)) for t in admitted]
        episodes = admitted if switches.conversations else []
        vectors = None
        if episodes:
            previous = memory.backend.turns.recent(tenant, user_id, session_id=session_id, limit=1)
            vectors = passage_vectors(
                self.embedder, episodes, previous[0] if previous else None, memory.config.passage_context_weight
            )
        stored, quarantined, decisions, findings = self._persist(
            episodes, vectors, admitted, held, extractions, user_id=user_id, session_id=session_id,
            source=source, switches=switches, now=now,
        )  # fmt: skip
        if stored:
            memory.summaries.after_add(user_id, session_id, stored)
        return AddResult(
            turns=tuple(stored),
            duplicates=len(drafts) - len(fresh) + len(episodes) - len(stored),
            quarantined=tuple(quarantined),
            facts=tuple(decisions),
            findings=tuple(findings),
            not_stored=tuple(t for t in admitted if not switches.conversations),
        )

    def _persist(
        self,
        episodes: list[Turn],
        vectors: NDArray[np.float32] | None,
        admitted: list[Turn],
        held: list[tuple[Turn, list[RiskFinding]]],
        extractions: Mapping[str, Extraction],
        *,
        user_id: str,
        session_id: str,
        source: str,
        switches: Switches,
        now: datetime,
    ) -> tuple[list[Turn], list[QuarantineItem], list[FactDecision], list[Verdict]]:
        """The one transaction of ``add``: quarantine, episodes, vectors, facts, audit."""
        memory = self._memory
        tenant = memory.config.tenant
        pipeline = memory.pipeline
        lexical = [lexical_text(t) for t in episodes]
        backend = memory.backend
        decisions: list[FactDecision] = []
        findings: list[Verdict] = []
        with backend.transaction():
            backend.audit.lock_head(tenant)  # serialize this tenant's writers before reading
            quarantined = pipeline.hold(held, user_id=user_id, session_id=session_id, source=source)
            # Re-check inside the transaction: a concurrent add may have stored the same turn.
            again = backend.turns.known_hashes(tenant, user_id, session_id, [t.content_hash for t in episodes])
            keep = [i for i, t in enumerate(episodes) if t.content_hash not in again]
            start = backend.turns.next_seq(tenant, user_id, session_id)
            stored = [replace(episodes[i], seq=start + n) for n, i in enumerate(keep)]
            if stored and vectors is not None:
                self._claim_space(TURN_SPACE)
                backend.turns.insert(stored, [lexical[i] for i in keep])
                backend.vectors.upsert(TURN_SPACE, tenant, user_id, [t.id for t in stored], vectors[keep])
                memory.audit.append(
                    "turns.added",
                    f"{user_id}/{session_id}",
                    {"turns": [t.id for t in stored], "hashes": [t.content_hash for t in stored]},
                    at=now,
                )
            for turn in admitted:
                extraction = extractions.get(turn.id)
                if extraction is not None:
                    made, found = pipeline.apply(turn, extraction, user_id=user_id, switches=switches, source=source)
                    decisions.extend(made)
                    findings.extend(found)
        return stored, quarantined, decisions, findings

    # -- read path: hybrid episode search ------------------------------------------------
    def episode_scores(
        self, query: str, *, user_id: str, session_id: str | None = None, limit: int = CANDIDATES
    ) -> tuple[dict[str, float], dict[str, float], dict[str, float]]:
        """(lexical, vector, fused) scores of candidate turns for ``query``."""
        found = self._episodes(_Query(query, self), user_id=user_id, session_id=session_id, limit=limit)
        return found.lexical, found.vector, found.fused

    def _episodes(self, q: _Query, *, user_id: str, session_id: str | None, limit: int = CANDIDATES) -> _Episodes:
        """Candidates and scores of one query, computed once per (session filter, limit) per call:
        a recall that asks the episode channel and the "last time" anchor reuses them."""
        key = (session_id, limit)
        cached = q.episodes.get(key)
        if cached is not None:
            return cached
        backend = self._memory.backend
        tenant = self._memory.config.tenant
        lexical = self._lexical_hits(q, user_id=user_id, session_id=session_id, limit=limit)
        vector: dict[str, float] = {}
        if backend.vectors.space_info(TURN_SPACE) is not None:
            hits = q.turn_hits.get(limit)
            if hits is None:
                hits = q.turn_hits[limit] = backend.vectors.search(TURN_SPACE, tenant, user_id, q.vector, limit=limit)
            vector = dict(hits)
        now = _now(self._memory)
        candidates = {
            t.id: t
            for t in self._turn_heads(q, list({**lexical, **vector}))
            if (session_id is None or t.session_id == session_id) and self._memory.retention.keeps_turn(t, now)
        }
        lexical = {k: v for k, v in lexical.items() if k in candidates}
        vector = {k: v for k, v in vector.items() if k in candidates}
        by_position = {(t.session_id, t.seq): t.id for t in candidates.values()}
        neighbours = {
            t.id: [
                n for n in (by_position.get((t.session_id, t.seq - 1)), by_position.get((t.session_id, t.seq + 1))) if n
            ]
            for t in candidates.values()
        }
        group_of = {t.id: t.session_id for t in candidates.values()}
        fused = fusion.fuse(lexical, vector, self._memory.config.fusion, neighbours=neighbours, group_of=group_of)
        # Fusion scores are relative (z-scores); map them to [0, 1] so the merge can weigh
        # them against other channels and decay cannot flip their sign.
        found = _Episodes(lexical, vector, fusion.normalize_scores(fused, "minmax"), candidates)
        q.episodes[key] = found
        return found

    def _turn_heads(self, q: _Query, ids: Sequence[str]) -> list[TurnHead]:
        missing = [i for i in ids if i not in q.heads]
        if missing:
            for head in self._memory.backend.turns.heads(self._memory.config.tenant, missing):
                q.heads[head.id] = head
        return [q.heads[i] for i in ids if i in q.heads]

    def _lexical_hits(self, q: _Query, *, user_id: str, session_id: str | None, limit: int) -> dict[str, float]:
        key = (session_id, limit)
        hits = q.lexical_hits.get(key)
        if hits is None:
            terms = q.terms
            backend = self._memory.backend
            tenant = self._memory.config.tenant
            hits = q.lexical_hits[key] = (
                dict(backend.turns.lexical(tenant, user_id, terms, limit=limit, session_id=session_id)) if terms else {}
            )
        return hits

    def search(
        self,
        query: str,
        *,
        user_id: str,
        limit: int = 10,
        session_id: str | None = None,
        channels: Sequence[str] | None = None,
    ) -> list[MemoryItem]:
        _require_name(query, "query")
        _require_name(user_id, "user_id")
        if limit < 1:
            raise ValidationError("limit must be at least 1")
        wanted = tuple(channels) if channels is not None else ("episodes",)
        unknown = sorted(set(wanted) - {"episodes", "summaries", "facts", "files"})
        if unknown:
            raise ValidationError(f"search() channels must be among episodes, summaries, facts, files; got {unknown}")
        q = _Query(query, self)
        self._embed_ahead(q)
        items: list[MemoryItem] = []
        if "episodes" in wanted:
            items.extend(self._episode_items(q, user_id=user_id, session_id=session_id, limit=limit))
        if "summaries" in wanted:
            items.extend(self._summary_items(q, user_id=user_id, limit=limit))
        if "facts" in wanted:
            items.extend(self._fact_items(q, user_id=user_id, at=None, limit=limit, with_history=False))
        if "files" in wanted:
            items.extend(self._memory.files.items(user_id, q.terms, lambda: q.vector, limit=limit))
        items.sort(key=lambda i: -i.score)
        return items[:limit]

    def _episode_items(self, q: _Query, *, user_id: str, session_id: str | None, limit: int) -> list[MemoryItem]:
        found = self._episodes(q, user_id=user_id, session_id=session_id)
        lexical, vector = found.lexical, found.vector
        items: list[MemoryItem] = []
        ranked = fusion.rank(found.fused, limit)
        # Ranking read only the candidates' heads; whole rows are read for the few shown.
        # A turn forgotten in between is simply left out.
        turns = {t.id: t for t in self._memory.backend.turns.get(self._memory.config.tenant, [i for i, _ in ranked])}
        for turn_id, score in ranked:
            turn = turns.get(turn_id)
            if turn is None:
                continue
            signals = []
            if turn_id in lexical:
                signals.append("shares words with the query")
            if turn_id in vector:
                signals.append(f"similar in meaning ({vector[turn_id]:.2f})")
            items.append(
                MemoryItem(
                    kind="episode",
                    id=turn.id,
                    content=f"{turn.role}: {turn.content}",
                    score=float(score),
                    why=f"said on {turn.occurred_at.date().isoformat()} in session {turn.session_id}; "
                    + " and ".join(signals),
                    occurred_at=turn.occurred_at,
                    session_id=turn.session_id,
                    scores={"lexical": lexical.get(turn_id, 0.0), "vector": vector.get(turn_id, 0.0), "fused": score},
                )
            )
        return items

    def _summary_items(self, q: _Query, *, user_id: str, limit: int) -> list[MemoryItem]:
        backend = self._memory.backend
        tenant = self._memory.config.tenant
        if backend.vectors.space_info(SUMMARY_SPACE) is None:
            return []
        hits = dict(backend.vectors.search(SUMMARY_SPACE, tenant, user_id, q.vector, limit=limit))
        summaries = backend.summaries.get_by_ids(tenant, list(hits), with_covers=False)
        return [
            MemoryItem(
                kind="summary",
                id=s.id,
                content=s.sections.render().replace("\n", " | "),
                score=hits[s.id],
                why=f"{s.kind.replace('_', ' ')} summary updated {s.updated_at.date().isoformat()}, similar in meaning",
                occurred_at=s.updated_at,
                session_id=s.session_id,
                scores={"vector": hits[s.id]},
            )
            for s in summaries
        ]

    def _fact_items(
        self, q: _Query, *, user_id: str, at: datetime | None, limit: int, with_history: bool
    ) -> list[MemoryItem]:
        memory = self._memory
        registry = memory.config.predicates
        candidates = self._fact_candidates(q, user_id=user_id, at=at)
        if not candidates:
            return []
        now = _now(memory)
        scored = _score_facts(q, candidates, self._fact_vectors(candidates), registry)
        items = [_fact_item(f, s, "current") for f, s in scored[:limit] if s > 0]
        if with_history:
            # Several top facts often share a key (a user's many order ids): read each key's
            # history once, and only the values that ended last (a key can hold hundreds).
            history: dict[tuple[str, str], list[FactVersion]] = {}
            for fact, score in scored[:limit]:
                if score <= 0:
                    continue
                key = (fact.subject, fact.predicate)
                if key not in history:
                    history[key] = memory.backend.facts.ended_versions(
                        memory.config.tenant,
                        user_id,
                        fact.subject,
                        fact.predicate,
                        ended_by=max(f.valid_from for f, _ in scored[:limit] if (f.subject, f.predicate) == key),
                        limit=FACT_HISTORY_PER_KEY,
                    )
                    gone = {v.id for v, _ in memory.retention.expired_facts(history[key], now)}
                    history[key] = [v for v in history[key] if v.id not in gone]
                for old in history[key]:
                    if old.id != fact.id and old.valid_to is not None and old.valid_to <= fact.valid_from:
                        items.append(_fact_item(old, score * 0.5, "history"))
        return items

    def _fact_candidates(self, q: _Query, *, user_id: str, at: datetime | None) -> list[FactVersion]:
        """Facts that share a word with the query, retention applied (cached per recall)."""
        key = (user_id, at)
        cached = q.fact_candidates.get(key)
        if cached is not None:
            return cached
        memory = self._memory
        registry = memory.config.predicates
        words = _query_words(q)
        if not words:
            q.fact_candidates[key] = []
            return []  # a fact scores only by the words it shares with the query
        # Only facts sharing a word with the query can score, so the store pre-selects them
        # (an index of value and subject words; the predicates the query names, newest first)
        # instead of the channel reading every current fact of the user: 4,461 at 100,000
        # turns made recall p95 151 ms (bench/results/conversation.md).
        candidates = memory.backend.facts.relevant(
            RelevanceQuery(
                tenant=memory.config.tenant,
                user_id=user_id,
                valid_at=at if at is not None else _now(memory),
                terms=tuple(sorted(words)),
                predicates=_keyword_predicates(registry, words),
                exclude_predicates=self._unasked_many_predicates(q),
                term_limit=FACT_CANDIDATES_BY_WORDS,
                per_predicate=FACT_CANDIDATES_PER_PREDICATE,
            )
        )
        # The store's relevance read knows nothing of retention: versions past their deadline
        # are left out here, before a sweep has forgotten them.
        expired = {v.id for v, _ in memory.retention.expired_facts(candidates, _now(memory))}
        found = q.fact_candidates[key] = [c for c in candidates if c.id not in expired]
        return found

    def _unasked_many_predicates(self, q: _Query) -> tuple[str, ...]:
        """*Many* predicates (order ids, devices, tickets) the query does not ask about.

        They accumulate without bound — a customer's order ids can run into thousands — and
        reading and scoring all of them on every recall dominated its cost (4,461 facts for one
        user: recall p95 151 ms against 9.7 ms for the episodes). A *many* predicate is read
        when the query names it by its words or keywords, or carries an identifier.
        """
        registry = self._memory.config.predicates
        if find_identifiers(q.text):
            return ()
        asked = _query_words(q)
        skipped: list[str] = []
        for name in registry.names():
            spec = registry.get(name)
            if spec.cardinality is Cardinality.MANY and not asked & _predicate_vocabulary(name, tuple(spec.keywords)):
                skipped.append(name)
        return tuple(skipped)

    def _fact_vectors(self, facts: Sequence[FactVersion]) -> NDArray[np.float32]:
        """Passage vectors of ``facts``. A fact version never changes, so its vector is kept
        (by version id) instead of re-embedding the user's facts on every recall."""
        embedder = self.embedder
        keys = [(embedder.name, f.id) for f in facts]
        with self._fact_vector_lock:
            known = {k: self._fact_vector_cache[k] for k in keys if k in self._fact_vector_cache}
            for k in known:
                self._fact_vector_cache.move_to_end(k)
        missing = [(k, f) for k, f in zip(keys, facts, strict=True) if k not in known]
        if missing:
            fresh = embedder.embed_passages([_fact_text(f) for _, f in missing])
            with self._fact_vector_lock:
                for (k, _), row in zip(missing, fresh, strict=True):
                    known[k] = self._fact_vector_cache[k] = row
                while len(self._fact_vector_cache) > FACT_VECTOR_CACHE:
                    self._fact_vector_cache.popitem(last=False)
        return np.stack([known[k] for k in keys]) if keys else np.zeros((0, embedder.dimension), np.float32)

    # -- read path: the routed packet --------------------------------------------------
    def recall(
        self,
        query: str,
        *,
        user_id: str,
        session_id: str | None = None,
        at: datetime | None = None,
        budget_tokens: int = 1500,
        temperature: float | None = None,
    ) -> MemoryPacket:
        _require_name(query, "query")
        _require_name(user_id, "user_id")
        if budget_tokens < 50:
            raise ValidationError("budget_tokens must be at least 50")
        if temperature is not None and not 0.0 <= temperature <= 1.0:
            raise ValidationError("temperature must be between 0 and 1")
        memory = self._memory
        when = None if at is None else require_aware(at, "at")
        now = when or _now(memory)
        recipe = memory.router_recipe()
        plan = plan_route(query, recipe)
        items: list[MemoryItem] = []
        reasons = list(plan.reasons)
        used: list[str] = []
        stopped = False
        q = _Query(query, self)  # one tokenization, one query vector, one episode search per recall

        if plan.query_kind == "identifier":
            exact = self._exact_items(query, user_id=user_id, at=when)
            used.append("exact")
            if exact and recipe.stop_when_answered:
                items.extend(exact)
                stopped = True
                reasons.append(f"exact channel answered with {len(exact)} record(s): stopped")
            else:
                reasons.append("exact channel found nothing: falling back")
                items.extend(exact)
                channels: Sequence[str] = recipe.identifier_fallback
        if not stopped:
            channels = plan.channels if plan.query_kind != "identifier" else recipe.identifier_fallback
            self._read_ahead(q, channels, user_id=user_id, at=when)
            for channel in channels:
                found = self._channel(channel, q, user_id=user_id, session_id=session_id, at=when, plan=plan)
                used.append(channel)
                if found is None:
                    reasons.append(f"{channel}: not available yet")
                    continue
                items.extend(found)
            anchored = self._anchor_last_time(q, user_id=user_id, session_id=session_id, now=now)
            if anchored is not None:
                anchor_items, why = anchored
                items.extend(anchor_items)
                reasons.append(why)
        if plan.query_kind == "current_state":
            items = _newest_episodes_first(items)
        merged = merge(items, recipe=recipe, now=now, budget_tokens=budget_tokens, temperature=temperature)
        route = RoutePlan(
            query_kind=plan.query_kind, channels=tuple(used), reasons=tuple(reasons), stopped_early=stopped
        )
        packet = build_packet(query, merged, route)
        memory.metrics.observe_recall(packet)
        return packet

    def _read_ahead(self, q: _Query, channels: Sequence[str], *, user_id: str, at: datetime | None) -> None:
        """Start the query's embedding, then do the reads that need no vector while it runs:
        the episodes' lexical hits and their heads, the facts channel's candidates."""
        if not {"episodes", "summaries", "facts", "facts_history", "files"} & set(channels):
            return  # nothing below needs the query's vector
        self._embed_ahead(q)
        if "episodes" in channels:
            lexical = self._lexical_hits(q, user_id=user_id, session_id=None, limit=CANDIDATES)
            self._turn_heads(q, list(lexical))
        if "facts" in channels or "facts_history" in channels:
            self._fact_candidates(q, user_id=user_id, at=at)

    def _channel(
        self,
        channel: str,
        q: _Query,
        *,
        user_id: str,
        session_id: str | None,
        at: datetime | None,
        plan: RoutePlan,
    ) -> list[MemoryItem] | None:
        if channel == "facts":
            return self._fact_items(q, user_id=user_id, at=at, limit=10, with_history=True)
        if channel == "facts_history":
            return self._fact_items(q, user_id=user_id, at=at, limit=10, with_history=True)
        if channel == "episodes":
            return self._episode_items(q, user_id=user_id, session_id=None, limit=10)
        if channel == "summaries":
            return self._summary_items(q, user_id=user_id, limit=5)
        if channel == "window":
            if session_id is None:
                return []
            return self._memory.window.items(self._memory.config.tenant, user_id, session_id, now=_now(self._memory))
        if channel == "workflows":
            return self._memory.workflows.items(q.text)
        if channel == "knowledge":
            return [_knowledge_item(m) for m in self._memory.knowledge.find(q.text, limit=3)]
        if channel == "files":
            return self._memory.files.items(user_id, q.terms, lambda: q.vector, limit=5)
        return None

    def _exact_items(self, query: str, *, user_id: str, at: datetime | None) -> list[MemoryItem]:
        items: list[MemoryItem] = []
        for key in find_identifiers(query):
            for fact in self._memory.lookup(
                key, user_id=user_id, valid_at=at if at is not None else _now(self._memory)
            ):
                item = _fact_item(fact, 1.0, "current")
                items.append(
                    MemoryItem(
                        kind="exact",
                        id=item.id,
                        content=item.content,
                        score=1.0,
                        why=f"exact match of identifier {key!r} ({fact.predicate}); no similarity involved",
                        valid_from=fact.valid_from,
                        valid_to=fact.valid_to,
                        source=fact.source.label,
                        status="current",
                        scores={"exact": 1.0},
                    )
                )
        return items

    def _anchor_last_time(
        self, q: _Query, *, user_id: str, session_id: str | None, now: datetime
    ) -> tuple[list[MemoryItem], str] | None:
        """ "上次 / last time": this session first, then the user's last 7 days, else nothing (seed 002 §4.2)."""
        if not _LAST_TIME.search(q.text):
            return None
        backend = self._memory.backend
        tenant = self._memory.config.tenant
        if session_id is not None:
            hits = self._episode_items(q, user_id=user_id, session_id=session_id, limit=3)
            if hits:
                return (
                    [_with_why(h, "anchored in this session (confidence 0.9)") for h in hits],
                    "'last time' anchored in the current session (confidence 0.9)",
                )
        recent = backend.turns.recent(tenant, user_id, limit=200)
        cutoff = now - timedelta(days=7)
        recent_ids = {t.id for t in recent if t.occurred_at >= cutoff}
        if recent_ids:
            hits = [h for h in self._episode_items(q, user_id=user_id, session_id=None, limit=20) if h.id in recent_ids]
            if hits:
                return (
                    [_with_why(h, "anchored in the user's last 7 days (confidence 0.6)") for h in hits[:3]],
                    "'last time' anchored in the user's recent history (confidence 0.6)",
                )
        return ([], "'last time' has no anchor in this session or the last 7 days (confidence 0)")


# -- helpers --------------------------------------------------------------------------------


@functools.lru_cache(maxsize=1024)
def _predicate_vocabulary(name: str, keywords: tuple[str, ...]) -> frozenset[str]:
    """The words that name a predicate: its own name, its keywords and their tokens (both languages)."""
    return frozenset(tokenize(name.replace("_", " "))) | frozenset(keywords) | frozenset(tokenize(" ".join(keywords)))


def _now(memory: Memory) -> datetime:
    return require_aware(memory.config.clock(), "clock()")


def _with_why(item: MemoryItem, why: str) -> MemoryItem:
    return replace(item, why=f"{item.why}; {why}")


def _fact_text(fact: FactVersion) -> str:
    subject = "" if fact.subject == fact.user_id else f"{fact.subject} "
    return f"{subject}{fact.predicate.replace('_', ' ')}: {fact.value}"


def _knowledge_item(match: KnowledgeMatch) -> MemoryItem:
    # No occurred_at / valid_from: knowledge is kept current by feedback and review, and the
    # merge's age decay (meant for episodes) would fade a still-valid procedure.
    return MemoryItem(
        kind="knowledge",
        id=match.item.id,
        content=match.item.render(),
        score=match.score,
        why=match.item.why(),
        scores=dict(match.scores),
    )


def _fact_item(fact: FactVersion, score: float, status: str) -> MemoryItem:
    told = fact.recorded_at.date().isoformat()
    why = f"{fact.source.label} on {told}" + (f": {fact.reason}" if fact.reason else "")
    if fact.evidence:
        why += f" (evidence: {', '.join(fact.evidence)})"
    return MemoryItem(
        kind="fact",
        id=fact.id,
        content=_fact_text(fact),
        score=score,
        why=why,
        valid_from=fact.valid_from,
        valid_to=fact.valid_to,
        source=fact.source.label,
        status="history" if status == "history" else "current",
        scores={"match": score},
    )


def _score_facts(
    q: _Query, facts: Sequence[FactVersion], vectors: NDArray[np.float32], registry: PredicateRegistry
) -> list[tuple[FactVersion, float]]:
    """Relevance of each fact to the query (``vectors``: the facts' passage vectors, in order).

    Word evidence decides (the value, the predicate's name and its bilingual keywords,
    stemmed and jieba-segmented); meaning only orders facts the words cannot tell apart.
    Embedding cosines of short texts sit in a narrow band, so they are rank-normalized
    among the user's facts instead of trusted as absolute relevance.
    """
    query_terms = _query_words(q)
    cosine = vectors @ q.vector
    lo, hi = float(cosine.min()), float(cosine.max())
    scored: list[tuple[FactVersion, float]] = []
    for fact, cos in zip(facts, cosine, strict=True):
        spec = registry.get(fact.predicate)
        vocabulary = _vocabulary(_fact_text(fact), spec.keywords)
        words = len(query_terms & vocabulary) / max(1, min(len(query_terms), 3)) if query_terms else 0.0
        meaning = (float(cos) - lo) / (hi - lo) if hi > lo else 0.5
        scored.append((fact, min(1.0, words) * (0.8 + 0.2 * meaning) if words else 0.0))
    scored.sort(key=lambda fs: -fs[1])
    return scored


def _query_words(q: _Query) -> frozenset[str]:
    """The query's tokens and each of its Chinese characters (a single-character keyword such
    as 住 must match 我住哪 whatever jieba makes of it)."""
    return frozenset(q.terms) | {ch for ch in q.text if "\u4e00" <= ch <= "\u9fff"}


def _keyword_predicates(registry: PredicateRegistry, words: frozenset[str]) -> tuple[str, ...]:
    """Registered predicates whose name or keywords share a word with the query."""
    return tuple(
        name for name in registry.names() if words & _predicate_vocabulary(name, tuple(registry.get(name).keywords))
    )


@lru_cache(maxsize=16384)
def _vocabulary(text: str, keywords: tuple[str, ...]) -> frozenset[str]:
    """The words a fact can be found by. Pure, and the same facts are scored on every
    recall of their user, so the tokenization (jieba for Chinese) is done once."""
    return frozenset(tokenize(text)) | frozenset(tokenize(" ".join(keywords))) | frozenset(keywords)


def _newest_episodes_first(items: list[MemoryItem]) -> list[MemoryItem]:
    """For "what is true now" questions, the newest statement leads among episodes of similar relevance."""
    episodes = [i for i in items if i.kind == "episode" and i.occurred_at is not None]
    if len(episodes) < 2:
        return items
    newest = max(i.occurred_at for i in episodes if i.occurred_at is not None)
    oldest = min(i.occurred_at for i in episodes if i.occurred_at is not None)
    span = max((newest - oldest).total_seconds(), 1.0)
    boosted = []
    for item in items:
        if item in episodes and item.occurred_at is not None:
            recency = (item.occurred_at - oldest).total_seconds() / span
            boosted.append(replace(item, score=item.score * (0.75 + 0.5 * recency)))
        else:
            boosted.append(item)
    return boosted


def summary_text(summary: Summary) -> str:
    return summary.sections.render()


__all__ = ["AddResult", "Conversation", "RouterRecipe", "content_hash", "normalize_messages"]
