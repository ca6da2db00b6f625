"""``Memory.knowledge``: tenant-wide knowledge distilled from many users (seed 002 §2.3).

Items are records of kind ``knowledge`` in the :class:`~palimpsest.storage.base.RecordStore`,
keyed by tenant, so one tenant's knowledge is never another's. The decisions (clustering,
steps, confidence, matching) are in :mod:`palimpsest.core.knowledge`; this module reads the
tenant's turns, stores items and enforces the review rules:

- ``active`` items are what :meth:`Knowledge.find` (and the router) return;
- one "useless" feedback, or three uses in a row without any feedback, moves an item to
  ``review``; a reviewer approves it (``active`` again) or rejects it (``rejected``, never
  returned, and distillation does not recreate it);
- every change is one audited transaction.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, Literal, TypeVar

import numpy as np
from numpy.typing import NDArray

from palimpsest.core import knowledge as core
from palimpsest.core.clock import require_aware
from palimpsest.errors import ConflictError, NotFoundError, StaleVersionError, ValidationError
from palimpsest.ids import new_id
from palimpsest.types import AuditEvent, Record, Turn

if TYPE_CHECKING:
    from palimpsest.memory import Memory

KNOWLEDGE_KIND = "knowledge"
SILENT_USES_FOR_REVIEW = 3
"""Seed 002 §2.3: three uses in a row without feedback send an item to review."""
ITEM_VECTOR_CACHE = 4096

ItemStatus = Literal["active", "review", "rejected"]
STATUSES: tuple[ItemStatus, ...] = ("active", "review", "rejected")
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Feedback:
    useful: int = 0
    useless: int = 0
    silent: int = 0
    """Uses since the last feedback (three in a row send the item to review)."""


@dataclass(frozen=True, slots=True)
class KnowledgeItem:
    """One knowledge item of the tenant. ``source`` is ``distilled`` or ``curated``."""

    id: str
    tenant: str
    topic: str
    patterns: tuple[str, ...]
    examples: tuple[str, ...]
    solution_steps: tuple[str, ...]
    users_count: int
    confidence: float
    valid_since: datetime
    status: ItemStatus
    feedback: Feedback
    uses: int
    source: str
    created_at: datetime
    updated_at: datetime
    review_reason: str = ""
    reviewed_by: str | None = None
    history: tuple[Mapping[str, Any], ...] = ()
    """Status changes, oldest first: {at, status, by, reason}."""

    def render(self) -> str:
        """Prompt-ready: the topic and the numbered steps."""
        steps = " ".join(f"{i}. {step}" for i, step in enumerate(self.solution_steps, 1))
        asked = f" (asked as: {self.examples[0]})" if self.examples else ""
        return f"{self.topic.replace('_', ' ')}{asked}: {steps}"

    def why(self) -> str:
        asked = f"asked by {self.users_count} users" if self.source == "distilled" else "curated"
        return f"tenant knowledge {asked}; confidence {self.confidence:.2f}; valid since {self.valid_since.date()}"

    @classmethod
    def from_record(cls, record: Record) -> KnowledgeItem:
        p = record.payload
        fb = p.get("feedback", {})
        status = record.status if record.status in STATUSES else "review"
        return cls(
            id=record.id,
            tenant=record.tenant,
            topic=str(p.get("topic", "")),
            patterns=tuple(p.get("patterns", ())),
            examples=tuple(p.get("examples", ())),
            solution_steps=tuple(p.get("solution_steps", ())),
            users_count=int(p.get("users_count", 0)),
            confidence=float(p.get("confidence", 0.0)),
            valid_since=datetime.fromisoformat(str(p["valid_since"])),
            status=status,
            feedback=Feedback(int(fb.get("useful", 0)), int(fb.get("useless", 0)), int(fb.get("silent", 0))),
            uses=int(p.get("uses", 0)),
            source=str(p.get("source", "distilled")),
            created_at=record.created_at,
            updated_at=record.updated_at,
            review_reason=str(p.get("review_reason", "")),
            reviewed_by=p.get("reviewed_by"),
            history=tuple(p.get("history", ())),
        )


@dataclass(frozen=True, slots=True)
class KnowledgeMatch:
    """A :meth:`Knowledge.find` hit: the item, its score (0..1) and the signals behind it."""

    item: KnowledgeItem
    score: float
    scores: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class DistillResult:
    """What :meth:`Knowledge.distill` did."""

    created: tuple[KnowledgeItem, ...] = ()
    refreshed: tuple[KnowledgeItem, ...] = ()
    unchanged: tuple[str, ...] = ()
    skipped_rejected: tuple[str, ...] = ()
    """Rejected items a cluster matched: reviewers said no, so they are not recreated."""
    questions: int = 0
    clusters: int = 0


def _user_digest(tenant: str, user_id: str) -> str:
    # Items are shown tenant-wide (reviewers, every user's recall): who asked is counted,
    # never named.
    return hashlib.sha256(f"{tenant}\x1f{user_id}".encode()).hexdigest()[:16]


def _strings(values: Iterable[str], name: str) -> tuple[str, ...]:
    if isinstance(values, str):
        raise ValidationError(f"{name} must be a list of strings, not one string")
    out = tuple(v.strip() for v in values if isinstance(v, str) and v.strip())
    if not out:
        raise ValidationError(f"{name} must contain at least one non-empty string")
    return out


class Knowledge:
    """``Memory.knowledge``."""

    def __init__(self, memory: Memory, params: core.DistillParams | None = None) -> None:
        self._memory = memory
        self.params = params or core.DistillParams()
        self._vectors: OrderedDict[tuple[str, str, str], NDArray[np.float32]] = OrderedDict()
        self._vector_lock = threading.Lock()

    # -- plumbing ---------------------------------------------------------------------------
    @property
    def _tenant(self) -> str:
        return self._memory.config.tenant

    def _now(self) -> datetime:
        return require_aware(self._memory.config.clock(), "clock()")

    def _write(self, action: Callable[[AuditEvent | None], T]) -> T:
        """One transaction, the audit head locked first (it serializes the tenant's writers, so
        two concurrent ``use`` calls never lose a count); retried when it lost a race."""
        backend = self._memory.backend
        attempts = self._memory.config.write_retries + 1
        for attempt in range(attempts):
            try:
                with backend.transaction():
                    return action(backend.audit.lock_head(self._tenant))
            except StaleVersionError:
                raise
            except ConflictError:
                if attempt == attempts - 1:
                    raise
        raise AssertionError("unreachable")

    def _audit(self, head: AuditEvent | None, action: str, target: str, payload: dict[str, Any]) -> AuditEvent:
        # ``head`` was locked by the caller at the start of its transaction; the append re-reads it.
        return self._memory.audit.append(action, target, payload, at=self._now())

    def _record(self, item_id: str) -> Record:
        record = self._memory.backend.records.get(self._tenant, KNOWLEDGE_KIND, item_id)
        if record is None:
            raise NotFoundError(f"no knowledge item {item_id!r}")
        return record

    def _put(self, record: Record, payload: Mapping[str, Any], status: str) -> Record:
        updated = Record(
            kind=KNOWLEDGE_KIND,
            id=record.id,
            tenant=record.tenant,
            payload=dict(payload),
            created_at=record.created_at,
            updated_at=self._now(),
            status=status,
        )
        self._memory.backend.records.put(updated)
        return updated

    # -- reading ----------------------------------------------------------------------------
    def get(self, item_id: str) -> KnowledgeItem:
        return KnowledgeItem.from_record(self._record(item_id))

    def items(self, status: ItemStatus | None = None) -> list[KnowledgeItem]:
        """The tenant's items (all statuses unless ``status``), most recently changed first."""
        if status is not None and status not in STATUSES:
            raise ValidationError(f"unknown status {status!r}; expected one of {', '.join(STATUSES)}")
        records = self._memory.backend.records.list(self._tenant, KNOWLEDGE_KIND, status=status)
        return [KnowledgeItem.from_record(r) for r in records]

    def review_queue(self) -> list[KnowledgeItem]:
        """Items waiting for a reviewer, oldest change first (first in, first reviewed)."""
        return sorted(self.items("review"), key=lambda i: (i.updated_at, i.id))

    def find(self, query: str, limit: int = 5) -> list[KnowledgeMatch]:
        """Active items that answer ``query``, best first: pattern (concept) match ordered by
        meaning, weighted by confidence. Only this tenant's items; never ``review`` or
        ``rejected`` ones."""
        if not isinstance(query, str) or not query.strip():
            raise ValidationError("query must be a non-empty string")
        if limit < 1:
            raise ValidationError("limit must be at least 1")
        items = self.items("active")
        if not items:
            return []
        wanted = core.concepts(query)
        embedder = self._memory.conversation.embedder
        cosines = self._item_vectors(items) @ embedder.embed_queries([query])[0]
        matches = []
        for item, cosine in zip(items, cosines, strict=True):
            vocabulary = _vocabulary(item)
            match = core.match_score(wanted, vocabulary, float(cosine), self.params)
            if match <= 0:
                continue
            score = match * (0.5 + 0.5 * item.confidence)
            matches.append(
                KnowledgeMatch(
                    item, round(score, 6), {"match": match, "vector": float(cosine), "confidence": item.confidence}
                )
            )
        matches.sort(key=lambda m: (-m.score, m.item.id))
        return matches[:limit]

    def _item_vectors(self, items: Sequence[KnowledgeItem]) -> NDArray[np.float32]:
        """Passage vectors of the items, kept per (embedder, id, version) so a recall does not
        re-embed the tenant's knowledge each time."""
        embedder = self._memory.conversation.embedder
        keys = [(embedder.name, i.id, i.updated_at.isoformat()) for i in items]
        with self._vector_lock:
            known = {k: self._vectors[k] for k in keys if k in self._vectors}
        missing = [(k, i) for k, i in zip(keys, items, strict=True) if k not in known]
        if missing:
            fresh = embedder.embed_passages([_passage(i) for _, i in missing])
            with self._vector_lock:
                for (k, _), row in zip(missing, fresh, strict=True):
                    known[k] = self._vectors[k] = row
                while len(self._vectors) > ITEM_VECTOR_CACHE:
                    self._vectors.popitem(last=False)
        return np.stack([known[k] for k in keys])

    # -- distillation -----------------------------------------------------------------------
    def distill(self, min_users: int = 3, since: datetime | None = None) -> DistillResult:
        """Scan the tenant's user questions (since ``since``, default all stored turns), cluster
        the ones many users asked, and create or refresh one item per cluster of at least
        ``min_users`` distinct users, with the steps from the assistant turns that answered them.

        Refreshing keeps an item's id, status and feedback; rejected items are not recreated.
        Running it twice on the same turns changes nothing the second time.
        """
        if min_users < 1:
            raise ValidationError("min_users must be at least 1")
        cutoff = None if since is None else require_aware(since, "since")
        params = replace(self.params, min_users=min_users)
        questions = self._questions(cutoff)
        embedder = self._memory.conversation.embedder
        q_vectors = embedder.embed_queries([q.text for q in questions]) if questions else None
        answered = [q for q in questions if q.answer and q.answer_id]
        a_vectors = (
            dict(
                zip(
                    [q.answer_id or "" for q in answered],
                    embedder.embed_passages([q.answer or "" for q in answered]),
                    strict=True,
                )
            )
            if answered
            else None
        )
        distilled = core.distill(questions, q_vectors, a_vectors, params)
        return self._write(lambda head: self._store_distilled(head, distilled, len(questions)))

    def _questions(self, since: datetime | None) -> list[core.Question]:
        """User questions of every user of the tenant, each with the assistant turn that came
        right after it in its session (the answer the user got)."""
        sessions: dict[tuple[str, str], list[Turn]] = {}
        for batch in self._memory.backend.turns.iter_all(self._tenant):
            for turn in batch:
                if turn.tenant == self._tenant:
                    sessions.setdefault((turn.user_id, turn.session_id), []).append(turn)
        questions: list[core.Question] = []
        for key in sorted(sessions):
            turns = sorted(sessions[key], key=lambda t: (t.seq, t.occurred_at, t.id))
            for i, turn in enumerate(turns):
                if turn.role != "user" or not core.is_question(turn.content):
                    continue
                if since is not None and turn.occurred_at < since:
                    continue
                nxt = turns[i + 1] if i + 1 < len(turns) else None
                answer = nxt if nxt is not None and nxt.role == "assistant" else None
                questions.append(
                    core.Question(
                        id=turn.id,
                        user_id=turn.user_id,
                        text=turn.content,
                        occurred_at=turn.occurred_at,
                        answer=answer.content if answer else None,
                        answer_id=answer.id if answer else None,
                        answer_at=answer.occurred_at if answer else None,
                    )
                )
        return questions

    def _store_distilled(
        self, head: AuditEvent | None, distilled: Sequence[core.Distilled], questions: int
    ) -> DistillResult:
        existing = self._memory.backend.records.list(self._tenant, KNOWLEDGE_KIND)
        concept_sets = [_pattern_concepts(r.payload.get("patterns", ())) for r in existing]
        created: list[KnowledgeItem] = []
        refreshed: list[KnowledgeItem] = []
        unchanged: list[str] = []
        rejected: list[str] = []
        now = self._now()
        for found in distilled:
            digests = sorted(_user_digest(self._tenant, u) for u in found.users)
            index = core.match_item(found, concept_sets, self.params)
            if index is None:
                record = Record(
                    kind=KNOWLEDGE_KIND,
                    id=new_id("kb_"),
                    tenant=self._tenant,
                    payload=_distilled_payload(found, digests, now),
                    created_at=now,
                    updated_at=now,
                    status="active",
                )
                self._memory.backend.records.put(record)
                head = self._audit(head, "knowledge.created", record.id, dict(record.payload))
                created.append(KnowledgeItem.from_record(record))
                continue
            record = existing[index]
            if record.status == "rejected":
                rejected.append(record.id)
                continue
            payload = _refreshed_payload(record.payload, found, digests)
            if payload == dict(record.payload):
                unchanged.append(record.id)
                continue
            updated = self._put(record, payload, record.status)
            head = self._audit(head, "knowledge.refreshed", record.id, payload)
            refreshed.append(KnowledgeItem.from_record(updated))
        return DistillResult(
            created=tuple(created),
            refreshed=tuple(refreshed),
            unchanged=tuple(unchanged),
            skipped_rejected=tuple(rejected),
            questions=questions,
            clusters=len(distilled),
        )

    # -- curation ---------------------------------------------------------------------------
    def add(
        self,
        topic: str,
        patterns: Sequence[str],
        solution_steps: Sequence[str],
        *,
        examples: Sequence[str] = (),
        confidence: float = 0.9,
        valid_since: datetime | None = None,
    ) -> KnowledgeItem:
        """A curated item (written by an operator, not distilled): active at once."""
        if not isinstance(topic, str) or not topic.strip():
            raise ValidationError("topic must be a non-empty string")
        if not 0.0 <= confidence <= 1.0:
            raise ValidationError("confidence must be between 0 and 1")
        now = self._now()
        payload: dict[str, Any] = {
            "topic": topic.strip(),
            "patterns": list(_strings(patterns, "patterns")),
            "examples": [core.mask_identifiers(e) for e in examples if isinstance(e, str) and e.strip()],
            "solution_steps": list(_strings(solution_steps, "solution_steps")),
            "users": [],
            "users_count": 0,
            "confidence": confidence,
            "valid_since": (now if valid_since is None else require_aware(valid_since, "valid_since")).isoformat(),
            "feedback": {"useful": 0, "useless": 0, "silent": 0},
            "uses": 0,
            "source": "curated",
            "history": [
                {"at": now.isoformat(), "status": "active", "by": self._memory.config.actor, "reason": "curated"}
            ],
        }
        record = Record(
            kind=KNOWLEDGE_KIND,
            id=new_id("kb_"),
            tenant=self._tenant,
            payload=payload,
            created_at=now,
            updated_at=now,
            status="active",
        )

        def write(head: AuditEvent | None) -> KnowledgeItem:
            self._memory.backend.records.put(record)
            self._audit(head, "knowledge.added", record.id, payload)
            return KnowledgeItem.from_record(record)

        return self._write(write)

    # -- feedback and review ----------------------------------------------------------------
    def use(self, item_id: str) -> KnowledgeItem:
        """The agent answered with this item. The third use in a row without feedback sends it
        to review: nobody confirmed it helps (seed 002 §2.3)."""

        def write(head: AuditEvent | None) -> KnowledgeItem:
            record = self._record(item_id)
            if record.status != "active":
                raise StaleVersionError(f"knowledge item {item_id!r} is {record.status}, not active: do not use it")
            payload = dict(record.payload)
            fb = dict(payload.get("feedback", {}))
            fb["silent"] = int(fb.get("silent", 0)) + 1
            payload["feedback"] = fb
            payload["uses"] = int(payload.get("uses", 0)) + 1
            head = self._audit(head, "knowledge.used", item_id, {"uses": payload["uses"], "silent": fb["silent"]})
            status = record.status
            if fb["silent"] >= SILENT_USES_FOR_REVIEW:
                reason = f"{fb['silent']} uses without feedback"
                payload, status = self._to_review(payload, reason), "review"
                self._audit(head, "knowledge.review", item_id, {"reason": reason})
            return KnowledgeItem.from_record(self._put(record, payload, status))

        return self._write(write)

    def feedback(self, item_id: str, useful: bool) -> KnowledgeItem:
        """A user said the item was useful or useless. One "useless" sends an active item to
        review at once: wrong knowledge must not keep reaching every user of the tenant."""
        if not isinstance(useful, bool):
            raise ValidationError("useful must be True or False")

        def write(head: AuditEvent | None) -> KnowledgeItem:
            record = self._record(item_id)
            payload = dict(record.payload)
            fb = dict(payload.get("feedback", {}))
            key = "useful" if useful else "useless"
            fb[key] = int(fb.get(key, 0)) + 1
            fb["silent"] = 0  # the streak of uses without feedback is broken
            payload["feedback"] = fb
            head = self._audit(head, "knowledge.feedback", item_id, {"useful": useful})
            status = record.status
            if not useful and status == "active":
                payload, status = self._to_review(payload, "marked useless"), "review"
                self._audit(head, "knowledge.review", item_id, {"reason": "marked useless"})
            return KnowledgeItem.from_record(self._put(record, payload, status))

        return self._write(write)

    def approve(self, item_id: str, by: str) -> KnowledgeItem:
        """A reviewer keeps the item (from review, or reverses a rejection): active again, with a
        fresh streak of uses."""
        return self._decide(item_id, "active", by, allowed=("review", "rejected"))

    def reject(self, item_id: str, by: str) -> KnowledgeItem:
        """A reviewer (or operator, for an active item) withdraws the item for good."""
        return self._decide(item_id, "rejected", by, allowed=("review", "active"))

    def _decide(self, item_id: str, status: ItemStatus, by: str, *, allowed: tuple[str, ...]) -> KnowledgeItem:
        if not isinstance(by, str) or not by.strip():
            raise ValidationError("by (the reviewer) must be a non-empty string")

        def write(head: AuditEvent | None) -> KnowledgeItem:
            record = self._record(item_id)
            if record.status not in allowed:
                raise StaleVersionError(f"knowledge item {item_id!r} is {record.status}; cannot make it {status}")
            payload = dict(record.payload)
            fb = dict(payload.get("feedback", {}))
            fb["silent"] = 0
            payload["feedback"] = fb
            payload["reviewed_by"] = by
            payload["review_reason"] = ""
            payload["history"] = [
                *payload.get("history", ()),
                {"at": self._now().isoformat(), "status": status, "by": by, "reason": "reviewed"},
            ]
            action = "knowledge.approved" if status == "active" else "knowledge.rejected"
            self._audit(head, action, item_id, {"by": by, "from": record.status})
            return KnowledgeItem.from_record(self._put(record, payload, status))

        return self._write(write)

    def _to_review(self, payload: dict[str, Any], reason: str) -> dict[str, Any]:
        payload["review_reason"] = reason
        payload["history"] = [
            *payload.get("history", ()),
            {"at": self._now().isoformat(), "status": "review", "by": self._memory.config.actor, "reason": reason},
        ]
        return payload


# -- payloads --------------------------------------------------------------------------------


def _distilled_payload(found: core.Distilled, digests: Sequence[str], now: datetime) -> dict[str, Any]:
    return {
        "topic": found.topic,
        "patterns": list(found.patterns),
        "examples": list(found.examples),
        "solution_steps": list(found.solution_steps),
        "users": list(digests),
        "users_count": len(digests),
        "agreement": found.agreement,
        "confidence": found.confidence,
        "valid_since": found.valid_since.isoformat(),
        "feedback": {"useful": 0, "useless": 0, "silent": 0},
        "uses": 0,
        "source": "distilled",
        "history": [{"at": now.isoformat(), "status": "active", "by": "distill", "reason": "distilled"}],
    }


def _refreshed_payload(old: Mapping[str, Any], found: core.Distilled, digests: Sequence[str]) -> dict[str, Any]:
    """An existing item seen again: users accumulate (a shorter ``since`` window never lowers the
    count), examples fill up; a distilled item takes the fresh solution — and a new
    ``valid_since`` only when its steps changed —, a curated one keeps its own."""
    payload = dict(old)
    users = sorted(set(old.get("users", ())) | set(digests))
    payload["users"] = users
    payload["users_count"] = max(len(users), int(old.get("users_count", 0)))
    payload["examples"] = list(dict.fromkeys([*old.get("examples", ()), *found.examples]))[:5]
    if old.get("source", "distilled") == "distilled":
        payload["patterns"] = list(found.patterns)
        payload["topic"] = found.topic
        if list(found.solution_steps) != list(old.get("solution_steps", ())):
            payload["solution_steps"] = list(found.solution_steps)
            payload["valid_since"] = found.valid_since.isoformat()
        payload["agreement"] = found.agreement
        payload["confidence"] = core.confidence(len(users), found.agreement)
    return payload


def _pattern_concepts(patterns: Iterable[str]) -> frozenset[str]:
    """Concepts of stored patterns: distilled ones are already tokens; curated ones are words as
    an operator typed them ("Exporting", "PDF"), so they are tokenized too."""
    listed = [p for p in patterns if isinstance(p, str)]
    return frozenset(core.concept_of(p.lower()) for p in listed) | core.concepts(" ".join(listed))


def _vocabulary(item: KnowledgeItem) -> frozenset[str]:
    """The concepts an item can be found by: its patterns, topic and example questions."""
    return _pattern_concepts(item.patterns) | core.concepts(" ".join((item.topic.replace("_", " "), *item.examples)))


def _passage(item: KnowledgeItem) -> str:
    return " ".join((item.topic.replace("_", " "), *item.patterns, *item.examples))


__all__ = [
    "KNOWLEDGE_KIND",
    "DistillResult",
    "Feedback",
    "Knowledge",
    "KnowledgeItem",
    "KnowledgeMatch",
]
