"""The summary channel: a session summary kept current incrementally, and a user storyline.

A session's summary is updated when ``every`` new turns have arrived since the last
update and when the session ends; the storyline is rebuilt from the session summaries
when a session ends. Summaries are embedded so they are searchable by meaning: a session
summary when it is first written, each time ``embed_every`` more turns have been folded into
it, and when the session ends (between those, its vector is that of a slightly older text).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

from palimpsest.core.clock import require_aware
from palimpsest.ids import new_id
from palimpsest.types import Summary, SummaryKind, Turn

if TYPE_CHECKING:
    from palimpsest.core.summarize import Summarizer
    from palimpsest.memory import Memory

logger = logging.getLogger(__name__)

SUMMARY_SPACE = "summaries"
STORYLINE_SESSIONS = 30
"""How many of the user's most recent sessions the storyline is rebuilt from."""


class SummaryChannel:
    def __init__(
        self, memory: Memory, summarizer: Summarizer | None = None, every: int = 4, embed_every: int = 16
    ) -> None:
        self._memory = memory
        self._summarizer = summarizer
        self.every = every
        self.embed_every = embed_every

    @property
    def summarizer(self) -> Summarizer:
        if self._summarizer is None:
            from palimpsest.core.summarize import RuleSummarizer

            llm = self._memory.config.llm
            if llm is not None and llm.summarize:
                from palimpsest.llm.summarizer import LLMSummarizer

                self._summarizer = LLMSummarizer(llm.client(), fallback=RuleSummarizer())
            else:
                self._summarizer = RuleSummarizer()
        return self._summarizer

    def after_add(self, user_id: str, session_id: str, fresh: Sequence[Turn]) -> Summary | None:
        """Update the session summary when enough new turns have accumulated."""
        pending = self._pending(user_id, session_id)
        if len(pending) < self.every:
            return None
        return self._update(user_id, session_id, pending, final=False)

    def end_session(self, user_id: str, session_id: str) -> Summary | None:
        """Fold every remaining turn into the session summary, then refresh the storyline."""
        pending = self._pending(user_id, session_id)
        if pending:
            summary: Summary | None = self._update(user_id, session_id, pending, final=True)
        else:
            summary = self.get(user_id, session_id)
            if summary is not None:  # its last update may have kept an older text's vector
                self._store(summary)
        self.refresh_storyline(user_id)
        return summary

    def get(self, user_id: str, session_id: str | None = None) -> Summary | None:
        kind: SummaryKind = "session" if session_id is not None else "user_storyline"
        return self._memory.backend.summaries.get(self._memory.config.tenant, user_id, kind, session_id)

    def refresh_storyline(self, user_id: str) -> Summary | None:
        backend = self._memory.backend
        tenant = self._memory.config.tenant
        # The newest sessions tell the story; a bounded window keeps ending a session O(1) in the
        # user's history (rebuilding from every session took 19 s at 140 sessions).
        sessions = list(backend.summaries.for_user(tenant, user_id, "session", limit=STORYLINE_SESSIONS))
        if not sessions:
            return None
        ordered = sorted(sessions, key=lambda s: s.updated_at)
        sections = self.summarizer.storyline(ordered)
        self._note_fallback(f"storyline of {user_id}")
        existing = backend.summaries.get(tenant, user_id, "user_storyline", None)
        covers = tuple(t for s in ordered for t in s.covers)
        storyline = Summary(
            id=existing.id if existing else new_id("s"),
            tenant=tenant,
            user_id=user_id,
            kind="user_storyline",
            sections=sections,
            covers=covers,
            updated_at=require_aware(self._memory.config.clock(), "clock()"),
        )
        self._store(storyline)
        return storyline

    # -- internals ---------------------------------------------------------------------
    def _note_fallback(self, what: str) -> None:
        """Count and log a summary the LLM summarizer left to its fallback (the summary is still written)."""
        error = getattr(self.summarizer, "last_error", None)
        if error is not None:
            self._memory.metrics.count("summarize.llm_fallback")
            logger.warning("LLM summary of %s fell back to the rules: %s", what, error)

    def _pending(self, user_id: str, session_id: str) -> list[Turn]:
        backend = self._memory.backend
        tenant = self._memory.config.tenant
        existing = backend.summaries.get(tenant, user_id, "session", session_id)
        covered = set(existing.covers) if existing else set()
        # Only the newest turns can be uncovered; look back far enough to find them all.
        look_back = max(self.every * 4, 64)
        recent = backend.turns.recent(tenant, user_id, session_id=session_id, limit=look_back)
        return [t for t in reversed(recent) if t.id not in covered]

    def _update(self, user_id: str, session_id: str, pending: Sequence[Turn], *, final: bool) -> Summary:
        backend = self._memory.backend
        tenant = self._memory.config.tenant
        existing = backend.summaries.get(tenant, user_id, "session", session_id)
        sections = self.summarizer.summarize_session(existing.sections if existing else None, pending)
        self._note_fallback(f"session {session_id} of {user_id}")
        summary = Summary(
            id=existing.id if existing else new_id("s"),
            tenant=tenant,
            user_id=user_id,
            kind="session",
            sections=sections,
            covers=(*(existing.covers if existing else ()), *(t.id for t in pending)),
            updated_at=require_aware(self._memory.config.clock(), "clock()"),
            session_id=session_id,
        )
        before = len(existing.covers) if existing else 0
        crossed = len(summary.covers) // self.embed_every > before // self.embed_every
        self._store(summary, embed=final or existing is None or crossed)
        return summary

    def _store(self, summary: Summary, *, embed: bool = True) -> None:
        """Write ``summary``; with ``embed``, also its vector (else the stored one stays)."""
        backend = self._memory.backend
        conversation = self._memory.conversation
        if not embed:
            backend.summaries.upsert(summary)
            return
        text = summary.sections.render()
        vector = conversation.embedder.embed_passages([text or summary.kind])
        with backend.transaction():
            if backend.vectors.space_info(SUMMARY_SPACE) is None:
                backend.vectors.set_space_info(
                    SUMMARY_SPACE, conversation.embedder.name, conversation.embedder.dimension
                )
            backend.summaries.upsert(summary)
            backend.vectors.upsert(SUMMARY_SPACE, summary.tenant, summary.user_id, [summary.id], vector)
