"""The storage Protocols. Backends implement mechanism only: which rows to close or
insert is decided above them (``palimpsest.core``), never inside a backend.

Contract shared by every backend (enforced by ``tests/contract``):

- writes happen inside ``Backend.transaction()``; nested calls join the outer one; an
  exception rolls everything back;
- ``AuditLog.lock_head`` is the first statement of every write transaction and
  serializes writers of one tenant (across threads and processes where the backend
  is shared), so read-plan-write sequences never interleave;
- reads return rows ordered by (subject, predicate, valid_from, recorded_at, id);
- every read is confined to one tenant.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from palimpsest.core.temporal import FactKey
from palimpsest.types import (
    AppliedMigration,
    AuditEvent,
    FactVersion,
    Record,
    Summary,
    SummaryKind,
    Turn,
    TurnHead,
    View,
)


@dataclass(frozen=True, slots=True)
class SessionInfo:
    session_id: str
    first_at: datetime
    last_at: datetime
    turns: int


@dataclass(frozen=True, slots=True)
class RetentionRule:
    """Versions whose category is one of ``categories`` or whose predicate is one of
    ``predicates`` are kept ``retention`` after they were recorded."""

    retention: timedelta
    categories: tuple[str, ...] = ()
    predicates: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RetentionFilter:
    """The retention rules as of ``now``: a version a rule governs that was recorded before
    ``now - rule.retention`` is past its retention. ``rules`` is the same tuple for every query
    of a ``Memory``, so SQL backends can build its clause once."""

    now: datetime
    rules: tuple[RetentionRule, ...]

    def expired(self, version: FactVersion) -> bool:
        return any(
            version.recorded_at < self.now - r.retention
            and (version.category in r.categories or version.predicate in r.predicates)
            for r in self.rules
        )


@dataclass(frozen=True, slots=True)
class FactQuery:
    """A read of fact versions. ``valid_at``/``known_at`` of ``None`` mean all time."""

    tenant: str
    user_id: str | None = None
    subject: str | None = None
    predicate: str | None = None
    value_key: str | None = None
    valid_at: datetime | None = None
    known_at: datetime | None = None
    view: View = View.ACTIVE
    limit: int | None = None
    offset: int = 0
    exclude_predicates: tuple[str, ...] = ()
    """Predicates to leave out (the recall facts channel skips large *many* predicates it was not asked about)."""
    retention: RetentionFilter | None = None
    """Versions past their retention are left out (``palimpsest.governance.retention``)."""


@dataclass(frozen=True, slots=True)
class RelevanceQuery:
    """The current versions of one user's facts that a question could be about.

    Reads the user's versions that are current (accepted, not superseded, not forgotten),
    valid at ``valid_at`` and not of ``exclude_predicates``, and keeps the union of:

    - *by words*: those holding at least one of ``terms`` among their indexed words
      (``palimpsest.storage.relevance.fact_words``: the tokens of the subject, unless it is
      the user, and of the value); the ``term_limit`` holding the most of them, the newest
      first among equals;
    - *by predicate*: of every predicate listed in ``predicates`` or whose name shares a word
      with ``terms`` (``relevance.predicate_words``), the newest ``per_predicate`` versions.

    "Newest" orders by (valid_from, recorded_at, id), all descending. The result holds each
    version once, in the contract's order. ``palimpsest.storage.relevance.select_relevant``
    is the reference every backend agrees with.
    """

    tenant: str
    user_id: str
    valid_at: datetime
    terms: tuple[str, ...] = ()
    predicates: tuple[str, ...] = ()
    exclude_predicates: tuple[str, ...] = ()
    term_limit: int = 100
    per_predicate: int = 20


class FactStore(Protocol):
    def current_versions(self, key: FactKey) -> list[FactVersion]:
        """Versions of ``key`` whose transaction time is open (accepted, not forgotten)."""
        ...

    def current_versions_many(self, keys: Sequence[FactKey]) -> dict[FactKey, list[FactVersion]]:
        """``current_versions`` of every key at once (one statement where the backend allows).

        Keys without a current version may be missing from the result.
        """
        ...

    def insert_versions(self, versions: Sequence[FactVersion]) -> None:
        """Insert in order (the non-overlap check sees earlier rows of the same call)."""
        ...

    def close_many(self, closes: Sequence[tuple[str, datetime]]) -> None:
        """``close_versions`` of many versions, each with its own ``superseded_at``; raises
        ``ConflictError`` (nothing changed) when any of them is no longer current."""
        ...

    def close_versions(self, ids: Sequence[str], superseded_at: datetime, note: str | None = None) -> None:
        """End transaction time of the given current versions (the only in-place change a version
        ever sees; ``note``, when given, records why)."""
        ...

    def get_version(self, tenant: str, version_id: str) -> FactVersion | None: ...

    def query(self, query: FactQuery) -> list[FactVersion]: ...

    def relevant(self, query: RelevanceQuery) -> list[FactVersion]:
        """The versions a question could be about (see :class:`RelevanceQuery`): bounded by the
        query's words and named predicates, not by how many facts the user holds."""
        ...

    def ended_versions(
        self, tenant: str, user_id: str, subject: str, predicate: str, *, ended_by: datetime, limit: int
    ) -> list[FactVersion]:
        """Current versions (accepted, not superseded, not forgotten) of one key whose valid time
        ended at or before ``ended_by``: the ``limit`` that ended last, latest first (by valid_to,
        valid_from, recorded_at, id, all descending). What the facts channel shows as history."""
        ...

    def forget(
        self, tenant: str, user_id: str, *, subject: str | None, predicate: str | None, at: datetime
    ) -> list[str]:
        """Mark not-yet-forgotten versions forgotten; returns their ids."""
        ...

    def purge(self, tenant: str, *, forgotten_before: datetime) -> int:
        """Physically delete versions forgotten before the given time; returns the count."""
        ...

    def past_retention(self, tenant: str, retention: RetentionFilter) -> list[FactVersion]:
        """Not-yet-forgotten versions (any status) past their retention."""
        ...

    def forget_versions(self, tenant: str, forgets: Sequence[tuple[str, datetime]]) -> list[str]:
        """Mark the given ``(version id, forgotten_at)`` versions forgotten (those not forgotten
        already); returns the ids marked."""
        ...

    def erase(self, tenant: str, user_id: str, *, subject: str | None, predicate: str | None) -> int:
        """Physically delete every version of the user (optionally of one subject/predicate)."""
        ...

    def count(self, tenant: str) -> int: ...


class AuditLog(Protocol):
    def lock_head(self, tenant: str) -> AuditEvent | None:
        """Serialize writers of ``tenant`` for the rest of the transaction; return the chain head."""
        ...

    def append(self, event: AuditEvent) -> None:
        """Store ``event`` and record it as the new head."""
        ...

    def append_many(self, events: Sequence[AuditEvent]) -> None:
        """Store consecutive ``events`` (oldest first) and record the last one as the new head, once."""
        ...

    def events(self, tenant: str, *, after_seq: int = 0, limit: int | None = None) -> list[AuditEvent]: ...

    def head(self, tenant: str) -> tuple[int, str] | None:
        """The (seq, hash) the store recorded as the chain head, independent of the event rows."""
        ...


class TurnStore(Protocol):
    """Episodes: every remembered turn, with a lexical index entry."""

    def insert(self, turns: Sequence[Turn], lexical_texts: Sequence[str]) -> None:
        """Store turns; ``lexical_texts[i]`` is turn i's pre-tokenized text (tokens joined by spaces)."""
        ...

    def known_hashes(self, tenant: str, user_id: str, session_id: str, hashes: Sequence[str]) -> set[str]:
        """Which of ``hashes`` are already stored (not forgotten) in that session."""
        ...

    def get(self, tenant: str, ids: Sequence[str]) -> list[Turn]:
        """The turns with these ids (forgotten ones excluded), in the order of ``ids``."""
        ...

    def heads(self, tenant: str, ids: Sequence[str]) -> list[TurnHead]:
        """``get`` reduced to each turn's ``TurnHead``: the same turns, in the same order."""
        ...

    def next_seq(self, tenant: str, user_id: str, session_id: str) -> int:
        """The position the next turn of the session takes (forgotten turns keep theirs)."""
        ...

    def recent(
        self,
        tenant: str,
        user_id: str,
        *,
        session_id: str | None = None,
        limit: int = 10,
        before: datetime | None = None,
    ) -> list[Turn]:
        """Newest first by (occurred_at, id); forgotten turns excluded."""
        ...

    def lexical(
        self, tenant: str, user_id: str, terms: Sequence[str], *, limit: int, session_id: str | None = None
    ) -> list[tuple[str, float]]:
        """BM25-ranked (turn id, score) pairs, best first, higher is better; forgotten excluded."""
        ...

    def sessions(self, tenant: str, user_id: str) -> list[SessionInfo]:
        """The user's sessions, most recently active first."""
        ...

    def forget(
        self, tenant: str, user_id: str, *, session_id: str | None, turn_ids: Sequence[str] | None, at: datetime
    ) -> list[str]: ...

    def erase(self, tenant: str, user_id: str, *, session_id: str | None, turn_ids: Sequence[str] | None) -> int: ...

    def purge(self, tenant: str, *, forgotten_before: datetime) -> int: ...

    def count(self, tenant: str, user_id: str | None = None) -> int: ...

    def iter_all(self, tenant: str | None = None, *, batch: int = 1000) -> Iterator[list[Turn]]:
        """Every stored (not forgotten) turn, in batches: for re-embedding."""
        ...


class VectorStore(Protocol):
    """Embeddings per *space* ("turns", "summaries", "files", "workflows"), scoped by (tenant, user)."""

    def space_info(self, space: str) -> tuple[str, int] | None:
        """(embedder name, dimension) the space was built with, or None if never used."""
        ...

    def set_space_info(self, space: str, embedder: str, dimension: int) -> None: ...

    def upsert(self, space: str, tenant: str, user_id: str, ids: Sequence[str], vectors: NDArray[np.float32]) -> None:
        """Rows of ``vectors`` are L2-normalized float32 embeddings for ``ids``."""
        ...

    def search(
        self, space: str, tenant: str, user_id: str, query: NDArray[np.float32], *, limit: int
    ) -> list[tuple[str, float]]:
        """Cosine similarity, best first."""
        ...

    def get(self, space: str, tenant: str, ids: Sequence[str]) -> dict[str, NDArray[np.float32]]:
        """The stored vectors of ``ids`` (whoever's scope they are in), by id; ids without one
        are absent. For callers that keep vectors to compare in bulk rather than to search."""
        ...

    def delete(self, space: str, tenant: str, ids: Sequence[str]) -> None: ...

    def clear_space(self, space: str) -> None:
        """Drop every vector of a space and its embedder info (before re-embedding)."""
        ...


class SummaryStore(Protocol):
    def upsert(self, summary: Summary) -> None:
        """Insert or replace the summary with the same (tenant, user, kind, session_id)."""
        ...

    def get(self, tenant: str, user_id: str, kind: SummaryKind, session_id: str | None = None) -> Summary | None: ...

    def for_user(
        self, tenant: str, user_id: str, kind: SummaryKind | None = None, *, limit: int | None = None
    ) -> list[Summary]:
        """Most recently updated first; at most ``limit`` of them."""
        ...

    def get_by_ids(self, tenant: str, ids: Sequence[str], *, with_covers: bool = True) -> list[Summary]:
        """``with_covers=False`` returns ``covers=()``: a user storyline covers every turn of the
        user (2.6 MB of JSON at 100k turns), and displaying a summary never needs them."""
        ...

    def erase(self, tenant: str, user_id: str, *, session_id: str | None = None) -> int: ...


class RecordStore(Protocol):
    """Small documents by (tenant, kind, id): quarantine items, settings, consent, workflows, ...

    ``list`` orders newest first by (updated_at, id). Payloads are JSON-compatible mappings.
    """

    def put(self, record: Record) -> None:
        """Insert or replace the record with the same (tenant, kind, id)."""
        ...

    def get(self, tenant: str, kind: str, record_id: str) -> Record | None: ...

    def list(
        self,
        tenant: str | None,
        kind: str,
        *,
        user_id: str | None = None,
        status: str | None = None,
        limit: int | None = None,
        offset: int = 0,
    ) -> list[Record]:
        """``tenant=None``: every tenant's records of ``kind`` (maintenance only: re-embedding)."""
        ...

    def delete(self, tenant: str, kind: str, ids: Sequence[str]) -> int: ...

    def delete_user(self, tenant: str, user_id: str) -> int:
        """Every record of the user, whatever its kind (hard forget)."""
        ...


@runtime_checkable
class Backend(Protocol):
    url: str
    facts: FactStore
    audit: AuditLog
    turns: TurnStore
    vectors: VectorStore
    summaries: SummaryStore
    records: RecordStore

    def transaction(self) -> AbstractContextManager[None]: ...

    def applied_migrations(self) -> list[AppliedMigration]: ...

    def pending_migrations(self) -> list[str]: ...

    def migrate(self) -> list[str]:
        """Apply pending migrations, each in its own transaction; return the names applied."""
        ...

    def close(self) -> None: ...
