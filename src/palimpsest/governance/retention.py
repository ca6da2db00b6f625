"""Retention per consent category (``data/consent.yaml``), for facts and conversation episodes.

When the clock starts. The policy counts from when data was *recorded* (the store's transaction
time), not from when it was true in the world or said:

- a fact version expires at ``recorded_at + retention``. Which retention: the shortest of the
  version's stored ``category`` and its predicate's consent category (the registry's
  ``consent``), so a predicate filed under another display category (``category: identity``)
  is still governed by its consent category, and a fact written with an explicit stricter
  category (``category="health"``) by that one;
- history is not kept longer than the value: a superseded or ended version expires on its own
  clock (the supersession does not restart it), and so does a version kept for audit only
  (``overridden``). A *remnant* — the copy of a closed version's earlier valid interval that a
  supersession inserts, same value, fresh ``recorded_at`` — inherits the clock of the version it
  was copied from (transitively): the value was recorded when the original was. A correction
  with a new value is new information and starts its own clock;
- a conversation turn expires at its ``recorded_at + retention`` of the ``conversations``
  category (a conversation imported today with old ``occurred_at`` times is kept from today).

How it is enforced:

- at read time, never served past the deadline: ``Facts.list``/``get``/``history`` (so recall's
  facts channel) and ``Memory.lookup`` leave expired versions out of the active view even
  before a sweep has run; recall and search leave expired turns out;
- at write time: a write that meets an expired current version of its key forgets it first
  (audited), so a restated value starts afresh and an expired value is never superseded into
  a fresh-looking remnant;
- by the sweep :meth:`Retention.enforce` (``Memory.enforce_retention``, also run first by
  ``Memory.purge``): expired versions and turns are forgotten — moved to the compliance view,
  ``forgotten_at`` set to their deadline, audited with reason ``retention`` — their vectors
  dropped, and summaries covering an expired turn erased (they are derived from it). ``purge``
  then deletes them physically once ``Config.forgotten_retention`` has passed since the
  deadline, as it does for anything forgotten.

Limits: summaries are erased by the sweep only, not filtered at read time (telling whether a
summary covers an expired turn means reading every turn it covers, a whole user's history for
the storyline), and ``Memory.sessions`` lists a session until its turns are swept: run the sweep
(or ``purge``) at least daily. The sweep reads the tenant's stored turns once.

Moving the clock back resurrects nothing that a sweep or a write has forgotten: forgetting is a
stored fact, not a computation.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from palimpsest.core.clock import require_aware
from palimpsest.storage.base import FactQuery, RetentionFilter, RetentionRule
from palimpsest.types import FactVersion, Turn, TurnHead, View

if TYPE_CHECKING:
    from palimpsest.memory import Memory

CONVERSATIONS = "conversations"
REASON = "retention"
_TURN_SPACE = "turns"
_SUMMARY_SPACE = "summaries"


@dataclass(frozen=True, slots=True)
class RetentionReport:
    """What :meth:`Retention.enforce` forgot (ids) and erased (summaries), as of ``now``."""

    now: datetime
    facts: tuple[str, ...] = ()
    turns: tuple[str, ...] = ()
    summaries: int = 0

    @property
    def count(self) -> int:
        return len(self.facts) + len(self.turns) + self.summaries


class Retention:
    """``Memory.retention``: deadlines from the consent policy, read-time filters and the sweep."""

    def __init__(self, memory: Memory) -> None:
        self._memory = memory
        # The policy and the registry are fixed for a Memory (its config is immutable): every
        # read needs these, so they are worked out once.
        policy = memory.consent_policy
        self._by_category = {n: c.retention for n, c in policy.categories.items() if c.retention is not None}
        self._by_predicate = {
            spec.name: retention
            for spec in memory.config.predicates.specs.values()
            if (retention := policy.retention(spec.consent)) is not None
        }
        categories: dict[timedelta, list[str]] = defaultdict(list)
        predicates: dict[timedelta, list[str]] = defaultdict(list)
        for name, length in self._by_category.items():
            categories[length].append(name)
        for name, length in self._by_predicate.items():
            predicates[length].append(name)
        self._rules = tuple(
            RetentionRule(length, tuple(sorted(categories[length])), tuple(sorted(predicates[length])))
            for length in sorted({*categories, *predicates})
        )
        self._rules_of: dict[str, tuple[RetentionRule, ...]] = {}

    # -- deadlines ---------------------------------------------------------------------------
    def _retention_of(self, version: FactVersion) -> timedelta | None:
        by_category = self._by_category.get(version.category or "")
        by_predicate = self._by_predicate.get(version.predicate)
        if by_category is None or by_predicate is None:
            return by_predicate if by_category is None else by_category
        return min(by_category, by_predicate)

    def filter(self, now: datetime, predicate: str | None = None) -> RetentionFilter:
        """The store-side filter as of ``now``: one rule per retention length, naming the
        categories and predicates it governs; for a read of one ``predicate``, only what can
        match its rows (fewer SQL parameters on the hottest reads)."""
        if predicate is None:
            return RetentionFilter(now, self._rules)
        rules = self._rules_of.get(predicate)
        if rules is None:
            narrowed = (replace(r, predicates=(predicate,) if predicate in r.predicates else ()) for r in self._rules)
            rules = tuple(r for r in narrowed if r.categories or r.predicates)
            self._rules_of[predicate] = rules
        return RetentionFilter(now, rules)

    def _clock_start(self, version: FactVersion, known: dict[str, FactVersion]) -> datetime:
        """When the version's value was first recorded (a remnant inherits its original's time)."""
        start = version.recorded_at
        seen = {version.id}
        current = version
        while current.derived_from is not None and current.derived_from not in seen:
            parent = known.get(current.derived_from)
            if parent is None:
                parent = self._memory.backend.facts.get_version(self._memory.config.tenant, current.derived_from)
            if parent is None or parent.value != current.value:
                break
            known[parent.id] = parent
            seen.add(parent.id)
            start = min(start, parent.recorded_at)
            current = parent
        return start

    def fact_deadline(self, version: FactVersion, known: dict[str, FactVersion] | None = None) -> datetime | None:
        """When ``version`` expires (``None``: kept until forgotten)."""
        retention = self._retention_of(version)
        if retention is None:
            return None
        return self._clock_start(version, {} if known is None else known) + retention

    def turn_deadline(self, turn: Turn | TurnHead) -> datetime | None:
        retention = self._memory.consent_policy.retention(CONVERSATIONS)
        return None if retention is None else turn.recorded_at + retention

    # -- read-time filters -------------------------------------------------------------------
    def live_facts(self, versions: Sequence[FactVersion], now: datetime) -> list[FactVersion]:
        """``versions`` without those past their deadline at ``now``. The store already left out
        versions recorded before their cutoff; what is left to check here are remnants, whose
        clock started with the version they were copied from."""
        known = {v.id: v for v in versions}
        kept = []
        for v in versions:
            if v.derived_from is not None:
                deadline = self.fact_deadline(v, known)
                if deadline is not None and deadline <= now:
                    continue
            kept.append(v)
        return kept

    def keeps_turn(self, turn: Turn | TurnHead, now: datetime) -> bool:
        deadline = self.turn_deadline(turn)
        return deadline is None or now < deadline

    def expired_facts(self, versions: Iterable[FactVersion], now: datetime) -> list[tuple[FactVersion, datetime]]:
        """The versions among ``versions`` whose deadline has passed at ``now``, with it."""
        known: dict[str, FactVersion] = {}
        found = []
        for v in versions:
            deadline = self.fact_deadline(v, known)
            if deadline is not None and deadline <= now:
                found.append((v, deadline))
        return found

    # -- the sweep ---------------------------------------------------------------------------
    def forget_facts(self, expired: Sequence[tuple[FactVersion, datetime]], now: datetime) -> list[str]:
        """Forget expired versions (their ``forgotten_at`` is their deadline) and audit it, one
        event per key. Runs inside the caller's transaction, after the tenant lock."""
        memory = self._memory
        ids = memory.backend.facts.forget_versions(
            memory.config.tenant, [(v.id, min(deadline, now)) for v, deadline in expired]
        )
        marked = set(ids)
        by_key: dict[str, list[str]] = defaultdict(list)
        for v, _ in expired:
            if v.id in marked:
                by_key[f"{v.user_id}/{v.subject}/{v.predicate}"].append(v.id)
        for target, versions in sorted(by_key.items()):
            memory.audit.append("forget.retention", target, {"reason": REASON, "versions": versions}, at=now)
        return ids

    def enforce(self, now: datetime | None = None) -> RetentionReport:
        """Forget every fact version and turn of the tenant past its retention at ``now``
        (default: the clock), and erase the summaries derived from those turns. Idempotent."""
        memory = self._memory
        tenant = memory.config.tenant
        backend = memory.backend
        with backend.transaction():
            backend.audit.lock_head(tenant)  # serialize this tenant's writers before reading
            at = require_aware(memory.config.clock() if now is None else now, "now")
            fact_ids = self.forget_facts(self._expired_versions(at), at)
            turn_ids, summaries = self._forget_turns(at)
        return RetentionReport(now=at, facts=tuple(fact_ids), turns=tuple(turn_ids), summaries=summaries)

    def _expired_versions(self, now: datetime) -> list[tuple[FactVersion, datetime]]:
        backend = self._memory.backend
        tenant = self._memory.config.tenant
        recorded_long_ago = backend.facts.past_retention(tenant, self.filter(now))
        # Remnants of those versions were recorded later, but their clock is their original's:
        # read the keys involved whole and check every version's own deadline.
        keys = {(v.user_id, v.subject, v.predicate) for v in recorded_long_ago}
        candidates = {v.id: v for v in recorded_long_ago}
        for user_id, subject, predicate in sorted(keys):
            query = FactQuery(
                tenant=tenant, user_id=user_id, subject=subject, predicate=predicate,
                valid_at=None, known_at=None, view=View.AUDIT,
            )  # fmt: skip
            for v in backend.facts.query(query):
                if v.forgotten_at is None:
                    candidates.setdefault(v.id, v)
        return self.expired_facts(candidates.values(), now)

    def _forget_turns(self, now: datetime) -> tuple[list[str], int]:
        memory = self._memory
        tenant = memory.config.tenant
        backend = memory.backend
        retention = memory.consent_policy.retention(CONVERSATIONS)
        if retention is None:
            return [], 0
        due: dict[tuple[str, datetime], list[str]] = defaultdict(list)
        sessions: set[tuple[str, str]] = set()
        for batch in backend.turns.iter_all(tenant):
            for turn in batch:
                deadline = turn.recorded_at + retention
                if deadline <= now:
                    due[(turn.user_id, deadline)].append(turn.id)
                    sessions.add((turn.user_id, turn.session_id))
        forgotten: list[str] = []
        users: dict[str, set[str]] = defaultdict(set)
        for (user_id, deadline), ids in sorted(due.items()):
            marked = backend.turns.forget(tenant, user_id, session_id=None, turn_ids=ids, at=deadline)
            forgotten.extend(marked)
            users[user_id].update(marked)
        backend.vectors.delete(_TURN_SPACE, tenant, forgotten)
        summaries = 0
        for user_id, user_turns in sorted(users.items()):
            summaries += self._erase_summaries_covering(user_id, user_turns)
            memory.audit.append(
                "forget.retention", f"{user_id}/turns", {"reason": REASON, "turns": sorted(user_turns)}, at=now
            )
        # A window holds a session's latest raw turns: one with an expired turn is cleared (a
        # window keeps turns for hours, so this only matters for a session idle since then).
        for user_id, session_id in sorted(sessions):
            memory.window.clear_session(tenant, user_id, session_id)
        return sorted(forgotten), summaries

    def _erase_summaries_covering(self, user_id: str, turn_ids: set[str]) -> int:
        """Summaries are derived from the turns they cover: one that covers an expired turn holds
        its content, so it goes (the next session end rebuilds the storyline from what is left)."""
        backend = self._memory.backend
        tenant = self._memory.config.tenant
        erased = 0
        for summary in backend.summaries.for_user(tenant, user_id):
            if turn_ids.isdisjoint(summary.covers):
                continue
            backend.vectors.delete(_SUMMARY_SPACE, tenant, [summary.id])
            if summary.kind == "session":
                erased += backend.summaries.erase(tenant, user_id, session_id=summary.session_id)
            else:
                erased += self._erase_storyline(user_id)
        return erased

    def _erase_storyline(self, user_id: str) -> int:
        backend = self._memory.backend
        tenant = self._memory.config.tenant
        # The store erases by session (None: every summary of the user); keep the session
        # summaries that do not cover an expired turn by putting them back.
        sessions = [s for s in backend.summaries.for_user(tenant, user_id) if s.kind == "session"]
        erased = backend.summaries.erase(tenant, user_id) - len(sessions)
        for summary in sessions:
            backend.summaries.upsert(summary)
        return erased
