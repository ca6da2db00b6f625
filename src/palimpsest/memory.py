"""The facade: one ``Memory`` wires configuration, storage and the pure core together.

Every surface (CLI, REST, MCP) talks to one instance of this class and adds no domain
logic of its own.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from types import TracebackType
from typing import Any
from urllib.parse import urlsplit

from palimpsest.channels.summaries import SummaryChannel
from palimpsest.channels.window import WindowChannel
from palimpsest.config import Config
from palimpsest.conversation import AddResult, Conversation
from palimpsest.core.clock import require_aware
from palimpsest.core.identifiers import identifier_key
from palimpsest.core.router import RouterRecipe
from palimpsest.core.window import WindowPolicy
from palimpsest.errors import ValidationError
from palimpsest.facts import Facts
from palimpsest.files import Files
from palimpsest.governance.audit import next_event, payload_digest, verify_chain
from palimpsest.governance.controls import ConsentPolicy, Controls
from palimpsest.governance.inheritance import Inheritance
from palimpsest.governance.quarantine import Quarantine
from palimpsest.governance.retention import Retention, RetentionReport
from palimpsest.governance.tenant_rules import TenantRules, effective_config
from palimpsest.health import (
    DEFAULT_FEEDBACK_WINDOW,
    DEFAULT_THRESHOLD,
    FeedbackSample,
    Health,
    record_feedback,
    snapshot,
)
from palimpsest.knowledge import Knowledge
from palimpsest.metrics import Metrics
from palimpsest.portability import ImportResult, export_user, import_user
from palimpsest.router_rules import ReloadingRecipe
from palimpsest.storage.base import Backend, FactQuery, SessionInfo
from palimpsest.storage.registry import open_backend
from palimpsest.types import (
    NOW,
    AuditEvent,
    AuditReport,
    FactVersion,
    MemoryItem,
    MemoryPacket,
    Summary,
    TimeArg,
    Turn,
    View,
    _Now,
)
from palimpsest.workflows import Workflows
from palimpsest.write.pipeline import WritePipeline


@dataclass(frozen=True, slots=True)
class Explanation:
    """The answer to "why was this remembered?" (seed 002 §6)."""

    version: FactVersion
    turns: tuple[Turn, ...]
    """The turns the fact was extracted from (its evidence), when they are still stored."""
    rule: str
    recorded_at: datetime
    text: str


@dataclass(frozen=True, slots=True)
class ForgetResult:
    """What :meth:`Memory.forget` did: ``forgotten`` ids hidden now, or ``erased`` rows deleted."""

    forgotten: tuple[str, ...] = ()
    erased: int = 0
    hard: bool = False


class Audit:
    """``Memory.audit``: read and verify the tenant's hash-chained audit log."""

    def __init__(self, memory: Memory) -> None:
        self._memory = memory

    def events(self, *, after_seq: int = 0, limit: int | None = None) -> list[AuditEvent]:
        return self._memory.backend.audit.events(self._memory.config.tenant, after_seq=after_seq, limit=limit)

    def verify(self) -> AuditReport:
        """Recompute every link; ``first_broken_seq`` names where the chain was altered or cut."""
        tenant = self._memory.config.tenant
        head = self._memory.backend.audit.head(tenant)
        events = self._memory.backend.audit.events(tenant)
        return verify_chain(
            events,
            head_seq=head[0] if head else 0,
            head_hash=head[1] if head else None,
        )

    def append(self, action: str, target: str, payload: Mapping[str, Any], *, at: datetime | None = None) -> AuditEvent:
        """Append an event to the chain inside the caller's transaction (joins it; opens one if none).

        Only a digest of ``payload`` is kept: the log proves what happened without holding the data.
        """
        memory = self._memory
        with memory.backend.transaction():
            head = memory.backend.audit.lock_head(memory.config.tenant)
            event = next_event(
                head,
                tenant=memory.config.tenant,
                at=at if at is not None else require_aware(memory.config.clock(), "clock()"),
                actor=memory.config.actor,
                action=action,
                target=target,
                digest=payload_digest(dict(payload)),
            )
            memory.backend.audit.append(event)
        return event

    def record(self, action: str, target: str, payload: Mapping[str, Any]) -> AuditEvent:
        """Append an event in its own transaction (for operations outside the fact store)."""
        return self.append(action, target, payload)


class Memory:
    """Long-term memory for agents. ``Memory()`` opens the embedded default (a SQLite file
    under ``~/.palimpsest``); ``Memory.open(url)`` opens any backend by URL."""

    def __init__(
        self,
        url: str | None = None,
        *,
        config: Config | None = None,
        backend: Backend | None = None,
        metrics: Metrics | None = None,
    ) -> None:
        base = config if config is not None else Config()
        if url is not None:
            base = base.with_changes(url=url)
        if backend is None:
            _ensure_parent_dir(base.url)
            backend = open_backend(base.url)
        self.backend: Backend = backend
        # The deployment's config, and the one in force: the deployment's with the tenant's stored rules applied.
        self._deployment_config = base
        self.config, stamp, rules_error = effective_config(base, backend)
        self.facts = Facts(self)
        self.audit = Audit(self)
        self.metrics = metrics if metrics is not None else Metrics()
        self.window = WindowChannel(base.window_url, WindowPolicy(max_turns=base.window_turns, ttl=base.window_ttl))
        self.conversation = Conversation(self)
        self.summaries = SummaryChannel(self, every=base.summary_every, embed_every=base.summary_embed_every)
        self._router = ReloadingRecipe(base.router_rules)
        self.consent_policy = ConsentPolicy.load(base.consent_policy)
        self.retention = Retention(self)
        self.controls = Controls(self)
        self.quarantine = Quarantine(self)
        self.pipeline = WritePipeline(self)
        self.inheritance = Inheritance(self)
        self.knowledge = Knowledge(self)
        self.workflows = Workflows(self)
        self.files = Files(self)
        self.rules = TenantRules(self, base, stamp, rules_error)

    def router_recipe(self) -> RouterRecipe:
        return self._router.get()

    # -- conversation memory ---------------------------------------------------------------
    def add(
        self,
        messages: Any,
        user_id: str,
        session_id: str,
        at: datetime | None = None,
        metadata: Mapping[str, Any] | None = None,
        remember: bool = True,
        *,
        agent_id: str | None = None,
        source: str = "user",
    ) -> AddResult:
        """Store turns as episodes (and in the session window). Durable when it returns.

        ``messages``: a string, a ``{"role", "content"}`` dict, or a list of them.
        ``remember=False`` keeps the turns in the sliding window only. ``source`` says where the
        content came from: anything but the user, the assistant or the system (e.g. ``"tool"``,
        ``"web"``) is untrusted, and facts extracted from it wait in quarantine for confirmation.
        """
        started = time.perf_counter()
        result = self.conversation.add(
            messages,
            user_id=user_id,
            session_id=session_id,
            at=at,
            metadata=metadata,
            remember=remember,
            agent_id=agent_id,
            source=source,
        )
        self.metrics.observe("add", time.perf_counter() - started)
        return result

    def search(
        self,
        query: str,
        user_id: str,
        limit: int = 10,
        channels: Sequence[str] | None = None,
        *,
        session_id: str | None = None,
    ) -> list[MemoryItem]:
        """Ranked hits (hybrid lexical + vector) with scores and provenance."""
        started = time.perf_counter()
        hits = self.conversation.search(query, user_id=user_id, limit=limit, session_id=session_id, channels=channels)
        self.metrics.observe("search", time.perf_counter() - started)
        return hits

    def recall(
        self,
        query: str,
        user_id: str,
        session_id: str | None = None,
        at: datetime | None = None,
        budget_tokens: int = 1500,
        *,
        temperature: float | None = None,
    ) -> MemoryPacket:
        """The routed memory packet for ``query``: prompt-ready text, typed items, the route taken."""
        started = time.perf_counter()
        packet = self.conversation.recall(
            query, user_id=user_id, session_id=session_id, at=at, budget_tokens=budget_tokens, temperature=temperature
        )
        self.metrics.observe("recall", time.perf_counter() - started)
        return packet

    def reindex(self, progress: Callable[[int, int], None] | None = None) -> int:
        """Re-embed everything with the configured embedder (after changing embedders)."""
        conversation = self.conversation.reindex(progress)

        def files_progress(done: int) -> None:
            if progress is not None:
                progress(conversation + done, conversation + done)

        count = conversation + self.files.reindex(files_progress)

        def workflows_progress(done: int) -> None:
            if progress is not None:
                progress(count + done, count + done)

        count += self.workflows.reindex(workflows_progress)
        self.audit.record("reindex", self.config.embedder, {"vectors": count})
        return count

    def why(self, version_id: str) -> Explanation:
        """Why was this remembered? The version, the turns it came from, the rule and the time."""
        version = self.facts.version(version_id)
        turns = self.backend.turns.get(self.config.tenant, list(version.evidence)) if version.evidence else []
        rule = (
            version.reason.split(":", 1)[0].removeprefix("rule ").strip() if version.reason.startswith("rule ") else ""
        )
        told = version.recorded_at.date().isoformat()
        said = f'"{turns[0].content}"' if turns else (version.reason or "an explicit write")
        sentence = (
            f"Remembered on {told} from {said}"
            + (f" by rule {rule}" if rule else "")
            + f" (source: {version.source.label}); valid from {version.valid_from.date().isoformat()}"
            + ("" if version.valid_to is None else f" to {version.valid_to.date().isoformat()}")
            + ("" if version.superseded_at is None else f"; superseded on {version.superseded_at.date().isoformat()}")
            + "."
        )
        return Explanation(
            version=version, turns=tuple(turns), rule=rule, recorded_at=version.recorded_at, text=sentence
        )

    def sessions(self, user_id: str) -> list[SessionInfo]:
        """The user's remembered conversations (not forgotten ones), most recently active first."""
        return self.backend.turns.sessions(self.config.tenant, user_id)

    def recall_feedback(self, query: str, item_id: str, useful: bool, *, user_id: str | None = None) -> FeedbackSample:
        """Was the recalled item ``item_id`` useful for ``query``? Stored (and audited); the health
        snapshot's recall precision is computed from these verdicts."""
        return record_feedback(self, query, item_id, useful, user_id)

    def health(
        self,
        tenants: Sequence[str] | None = None,
        *,
        threshold: float = DEFAULT_THRESHOLD,
        window: int = DEFAULT_FEEDBACK_WINDOW,
    ) -> Health:
        """An operational snapshot of ``tenants`` (default: this one): store sizes, write rejections
        and quarantines, recall precision over the latest ``window`` feedback samples (an alert with
        the failing samples below ``threshold``) and this process's latency percentiles."""
        return snapshot(self, [self.config.tenant] if tenants is None else list(tenants), threshold, window)

    def end_session(self, user_id: str, session_id: str) -> Summary | None:
        """Close a session: fold its remaining turns into its summary and refresh the storyline."""
        return self.summaries.end_session(user_id, session_id)

    @classmethod
    def open(cls, url: str | None = None, **config: Any) -> Memory:
        return cls(url, config=Config(**config) if config else None)

    def with_tenant(self, tenant: str) -> Memory:
        """The same store seen as another tenant (shares the backend and the process's metrics;
        nothing is copied)."""
        return Memory(
            config=self._deployment_config.with_changes(tenant=tenant), backend=self.backend, metrics=self.metrics
        )

    # -- exact channel -------------------------------------------------------------------
    def lookup(
        self,
        identifier: str,
        *,
        user_id: str | None = None,
        valid_at: TimeArg = NOW,
        known_at: TimeArg = NOW,
        view: View | str = View.ACTIVE,
    ) -> list[FactVersion]:
        """Facts whose value *is* ``identifier`` after normalization — an index probe, never
        a similarity search. Across the tenant's users unless ``user_id`` is given."""
        if not isinstance(identifier, str) or not identifier.strip():
            raise ValidationError("identifier must be a non-empty string")
        key = identifier_key(identifier) or identifier_key(identifier, "id")
        if key is None:
            return []
        now = require_aware(self.config.clock(), "clock()")

        def point(value: TimeArg, name: str) -> datetime | None:
            if isinstance(value, _Now):
                return now
            return None if value is None else require_aware(value, name)

        parsed_view = View.parse(view)
        query = FactQuery(
            tenant=self.config.tenant,
            user_id=user_id,
            value_key=key,
            valid_at=point(valid_at, "valid_at"),
            known_at=point(known_at, "known_at"),
            view=parsed_view,
            retention=self.retention.filter(now) if parsed_view is View.ACTIVE else None,
        )
        return self.facts._live(self.backend.facts.query(query), query)

    # -- governance ----------------------------------------------------------------------
    def forget(
        self,
        user_id: str,
        predicate: str | None = None,
        *,
        subject: str | None = None,
        hard: bool = False,
        reason: str = "",
    ) -> ForgetResult:
        """Hide the user's data (optionally one predicate / subject) from the active view now.

        Forgotten rows move to the compliance view until :meth:`purge` deletes them after
        retention; ``hard=True`` deletes them at once.
        """
        if not isinstance(user_id, str) or not user_id.strip():
            raise ValidationError("user_id must be a non-empty string")
        tenant = self.config.tenant
        with self.backend.transaction():
            self.backend.audit.lock_head(tenant)  # serialize this tenant's writers before reading
            now = require_aware(self.config.clock(), "clock()")
            whole_user = predicate is None and subject is None
            if hard:
                erased = self.backend.facts.erase(tenant, user_id, subject=subject, predicate=predicate)
                if whole_user:
                    erased += self._erase_conversation(tenant, user_id)
                    erased += len(self.files.forget_user(user_id, now, hard=True))
                result = ForgetResult(erased=erased, hard=True)
            else:
                ids = self.backend.facts.forget(tenant, user_id, subject=subject, predicate=predicate, at=now)
                if whole_user:
                    turn_ids = self.backend.turns.forget(tenant, user_id, session_id=None, turn_ids=None, at=now)
                    self.backend.vectors.delete("turns", tenant, turn_ids)
                    self._erase_summaries(tenant, user_id)
                    ids = [*ids, *turn_ids, *self.files.forget_user(user_id, now, hard=False)]
                result = ForgetResult(forgotten=tuple(ids))
            target = "/".join(p for p in (user_id, subject or "*", predicate or "*"))
            payload = {"hard": hard, "reason": reason, "count": result.erased or len(result.forgotten)}
            self.audit.append("forget.hard" if hard else "forget", target, payload, at=now)
        return result

    def _erase_summaries(self, tenant: str, user_id: str) -> int:
        # Summaries are derived from the forgotten turns, so they go with them.
        ids = [s.id for s in self.backend.summaries.for_user(tenant, user_id)]
        self.backend.vectors.delete("summaries", tenant, ids)
        return self.backend.summaries.erase(tenant, user_id)

    def _erase_conversation(self, tenant: str, user_id: str) -> int:
        turn_ids = [t.id for t in self.backend.turns.recent(tenant, user_id, limit=10**9)]
        self.backend.vectors.delete("turns", tenant, turn_ids)
        erased = self.backend.turns.erase(tenant, user_id, session_id=None, turn_ids=None)
        self.window.clear_user(tenant, user_id)
        return erased + self._erase_summaries(tenant, user_id)

    def forget_session(self, user_id: str, session_id: str, *, hard: bool = False) -> int:
        """Forget one conversation: its episodes, window and summary leave recall at once."""
        tenant = self.config.tenant
        with self.backend.transaction():
            self.backend.audit.lock_head(tenant)  # serialize this tenant's writers before reading
            now = require_aware(self.config.clock(), "clock()")
            if hard:
                ids = [t.id for t in self.backend.turns.recent(tenant, user_id, session_id=session_id, limit=10**9)]
                count = self.backend.turns.erase(tenant, user_id, session_id=session_id, turn_ids=None)
            else:
                ids = self.backend.turns.forget(tenant, user_id, session_id=session_id, turn_ids=None, at=now)
                count = len(ids)
            self.backend.vectors.delete("turns", tenant, ids)
            summary = self.backend.summaries.get(tenant, user_id, "session", session_id)
            if summary is not None:
                self.backend.vectors.delete("summaries", tenant, [summary.id])
                self.backend.summaries.erase(tenant, user_id, session_id=session_id)
            self.audit.append(
                "forget.session.hard" if hard else "forget.session", f"{user_id}/{session_id}", {"turns": ids}, at=now
            )
        self.window.clear_session(tenant, user_id, session_id)
        return count

    def enforce_retention(self, now: datetime | None = None) -> RetentionReport:
        """Forget the tenant's facts and conversation turns past their consent category's
        retention (``Config.consent_policy``) as of ``now`` (default: the clock), and erase the
        summaries derived from those turns; audited with reason ``retention``. Reads never serve
        expired data even before this runs; :meth:`purge` runs it first, then deletes what was
        forgotten long enough ago. See ``palimpsest.governance.retention``."""
        return self.retention.enforce(now)

    def purge(self, before: datetime | None = None) -> int:
        """Enforce retention, then physically delete data forgotten before ``before`` (default:
        now − ``forgotten_retention``)."""
        tenant = self.config.tenant
        with self.backend.transaction():
            self.backend.audit.lock_head(tenant)  # serialize this tenant's writers before reading
            now = require_aware(self.config.clock(), "clock()")
            self.retention.enforce(now)
            cutoff = require_aware(before, "before") if before is not None else now - self.config.forgotten_retention
            deleted = self.backend.facts.purge(tenant, forgotten_before=cutoff)
            deleted += self.backend.turns.purge(tenant, forgotten_before=cutoff)
            deleted += self.files.purge(cutoff, now)
            self.audit.append(
                "purge", f"forgotten_before={cutoff.isoformat()}", {"deleted": deleted, "cutoff": cutoff}, at=now
            )
        return deleted

    # -- portability ---------------------------------------------------------------------
    def export(self, user_id: str) -> dict[str, Any]:
        """A JSON-compatible copy of the user's facts (every stored version, both time axes),
        remembered turns and switches; forgotten data is not exported."""
        return export_user(self, user_id)

    def import_(self, data: Mapping[str, Any]) -> ImportResult:
        """Load an :meth:`export`: validated first (nothing is written when any part is wrong),
        one transaction, idempotent (a second import of the same export writes nothing).

        A user who already has fact versions that are not in the export is a ``ConflictError``.
        """
        return import_user(self, data)

    # -- lifecycle -----------------------------------------------------------------------
    def close(self) -> None:
        self.window.close()
        self.backend.close()

    def __enter__(self) -> Memory:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()


def _ensure_parent_dir(url: str) -> None:
    """Create the directory of an embedded SQLite file so ``Memory()`` just works."""
    parts = urlsplit(url)
    if parts.scheme != "sqlite":
        return
    path = url[len("sqlite:///") :] if url.startswith("sqlite:///") else parts.path
    if path and path != ":memory:":
        Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
