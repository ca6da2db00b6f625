"""The guarded write path (DESIGN §4): screen → extract → gate → validate → write.

``Conversation.add`` hands every admitted turn to :class:`WritePipeline` inside its one
transaction. The pipeline decides, per turn:

1. **screen** — the immune system's findings; a risky turn (or any turn of a frozen
   session) goes to quarantine instead of memory, and a burst of them freezes the session;
2. **extract** — identifiers, times, candidate facts, intents, topic/intent tags, anchors;
3. **gate** — one-off statements stay in the window; long-term writes need a cognitive
   anchor (an explicit first-person statement counts as a confirmation); consent and the
   user's switches apply per category;
4. **validate** — consistency, business rules, plausibility; a reject is audited and skipped;
5. **write** — facts (supersession by the temporal rules), structured intents as records;
   facts from untrusted sources are quarantined instead.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol

from palimpsest.errors import PalimpsestError, ValidationError
from palimpsest.governance.controls import Switches
from palimpsest.governance.quarantine import QuarantineItem
from palimpsest.ids import new_id
from palimpsest.types import FactVersion, FactWrite, Record, Source, Turn
from palimpsest.write.immune import TRUSTED_SOURCES, assess, risky, should_freeze
from palimpsest.write.model import CandidateFact, Extraction, RiskFinding, Verdict
from palimpsest.write.registry import normalize_value
from palimpsest.write.validator import turn_context

if TYPE_CHECKING:
    from palimpsest.memory import Memory

logger = logging.getLogger(__name__)

INTENT_KIND = "intent"
EXTRACTING_ROLES = frozenset({"user", "tool"})


class ExtractorLike(Protocol):
    name: str

    def extract(self, text: str, *, speaker_id: str, at: datetime, role: str = "user") -> Extraction: ...


class ValidatorLike(Protocol):
    def validate(
        self, candidate: CandidateFact, *, current: Sequence[FactVersion], context: Mapping[str, Any]
    ) -> Verdict: ...

    def check_turn(self, context: Mapping[str, Any]) -> tuple[Verdict, ...]: ...


@dataclass(frozen=True, slots=True)
class FactDecision:
    """What happened to one candidate fact (returned by ``add`` and kept in the audit log)."""

    candidate: CandidateFact
    outcome: str
    """What the store did when it was written (``created``, ``superseded``, ``unchanged``, ... — the write's
    outcome), else ``window_only | not_anchored | no_consent | rejected | quarantined:<item id> | ended``."""
    write: FactWrite | None = None
    verdict: Verdict | None = None
    turn_id: str | None = None


class WritePipeline:
    def __init__(self, memory: Memory) -> None:
        self._memory = memory
        self._extractor: ExtractorLike | None = None
        self._validator: ValidatorLike | None = None
        # Components the caller set stay as set; the ones built here from the config are rebuilt when it changes.
        self._built: set[str] = set()

    # -- components (lazy: rule files and jieba load on first write) ----------------------------
    @property
    def extractor(self) -> ExtractorLike:
        if self._extractor is None:
            from palimpsest.write.extract import LLMExtractor, RuleExtractor

            rules = RuleExtractor()
            llm = self._memory.config.llm
            if llm is not None and llm.extract:
                registry = self._memory.config.predicates
                self._extractor = LLMExtractor(
                    llm.client(),
                    fallback=rules,
                    predicates=registry.names(),
                    descriptions={name: registry.get(name).description for name in registry.names()},
                )
            else:
                self._extractor = rules
            self._built.add("extractor")
        return self._extractor

    @extractor.setter
    def extractor(self, value: ExtractorLike) -> None:
        self._extractor = value
        self._built.discard("extractor")

    @property
    def validator(self) -> ValidatorLike:
        if self._validator is None:
            from palimpsest.write.validator import default_validator

            config = self._memory.config
            self._validator = default_validator(config.predicates, config.business_rules)
            self._built.add("validator")
        return self._validator

    @validator.setter
    def validator(self, value: ValidatorLike) -> None:
        self._validator = value
        self._built.discard("validator")

    def reset(self) -> None:
        """Rebuild, on next use, the components made from the config (the tenant's rules changed); an
        extractor or validator the caller set is kept."""
        if "extractor" in self._built:
            self._extractor = None
        if "validator" in self._built:
            self._validator = None
        self._built.clear()

    # -- 1. screen ------------------------------------------------------------------------------
    def classify(
        self, turns: Sequence[Turn], *, user_id: str, session_id: str, source: str
    ) -> tuple[list[Turn], list[tuple[Turn, list[RiskFinding]]]]:
        """Split turns into admitted and held (with the findings that hold them). Reads only."""
        policy = self._memory.config.risk_policy
        frozen = self._memory.quarantine.session_frozen(user_id, session_id)
        admitted: list[Turn] = []
        held: list[tuple[Turn, list[RiskFinding]]] = []
        for turn in turns:
            findings = [f for f in assess(turn.content, source=source, role=turn.role) if f.kind != "untrusted_source"]
            high = risky(findings, policy)
            if high:
                held.append((turn, high))
            elif frozen:
                held.append((turn, [_frozen_finding()]))
            else:
                admitted.append(turn)
        return admitted, held

    def hold(
        self, held: Sequence[tuple[Turn, list[RiskFinding]]], *, user_id: str, session_id: str, source: str
    ) -> list[QuarantineItem]:
        """Quarantine held turns (inside the add transaction); a burst freezes the session."""
        quarantine = self._memory.quarantine
        policy = self._memory.config.risk_policy
        items: list[QuarantineItem] = []
        frozen = quarantine.session_frozen(user_id, session_id)
        for turn, findings in held:
            items.append(
                quarantine.hold(
                    user_id=user_id,
                    session_id=session_id,
                    item="turn",
                    content=turn.content,
                    findings=findings,
                    payload={"turn": _turn_payload(turn), "source": source},
                )
            )
            if frozen or findings[0].rule == "session_frozen":
                continue
            times = quarantine.note_risk(user_id, session_id, turn.recorded_at)
            if should_freeze(times, turn.recorded_at, policy):
                quarantine.freeze(user_id, session_id, f"{len(times)} high-risk writes within {policy.burst_window}")
                frozen = True
        return items

    # -- 2. extract -----------------------------------------------------------------------------
    def extract(self, turns: Sequence[Turn], *, user_id: str) -> dict[str, Extraction]:
        found: dict[str, Extraction] = {}
        for turn in turns:
            if turn.role not in EXTRACTING_ROLES:
                continue
            extractor = self.extractor
            found[turn.id] = extractor.extract(turn.content, speaker_id=user_id, at=turn.occurred_at, role=turn.role)
            # An LLM extractor that fell back to the rules still wrote what the rules found; the operator
            # sees how often that happens (metrics, the health page) and why (the log), not the caller.
            error = getattr(extractor, "last_error", None)
            if error is not None:
                self._memory.metrics.count("extract.llm_fallback")
                logger.warning("LLM extraction fell back to the rules for turn %s: %s", turn.id, error)
        return found

    @staticmethod
    def tag(turn: Turn, extraction: Extraction | None) -> Turn:
        if extraction is None:
            return turn
        tags = tuple(dict.fromkeys((*extraction.topics, *extraction.intent_tags)))
        return replace(turn, tags=tags) if tags else turn

    # -- 3-5. gate, validate, write -------------------------------------------------------------
    def apply(
        self,
        turn: Turn,
        extraction: Extraction,
        *,
        user_id: str,
        switches: Switches,
        source: str,
    ) -> tuple[list[FactDecision], list[Verdict]]:
        """Write what ``extraction`` justifies (inside the add transaction).

        Returns the decision on every candidate fact and the turn-level rule findings
        (e.g. ``MEM_ERR_MISSING_TICKET`` for a complaint without a ticket id).
        """
        decisions: list[FactDecision] = []
        findings: list[Verdict] = []
        trusted = source in TRUSTED_SOURCES and turn.role != "tool"
        anchored = bool(extraction.anchors) or any(c.confidence >= 0.8 for c in extraction.facts)
        context = turn_context(extraction, text=turn.content, source=source, turn_id=turn.id, role=turn.role)
        for finding in self.validator.check_turn(context):
            if not finding.accepted or finding.severity == "warn":
                self._memory.audit.record(
                    "validator.turn_rule",
                    f"{user_id}/{turn.session_id}/{turn.id}",
                    {"code": finding.code, "message": finding.message, "severity": finding.severity},
                )
                findings.append(finding)
        for candidate in extraction.facts:
            decisions.append(self._apply_one(turn, candidate, user_id, switches, trusted, anchored, source, context))
        if switches.memory and switches.preferences:
            self._store_intents(turn, extraction, user_id)
        return decisions, findings

    def _apply_one(
        self,
        turn: Turn,
        candidate: CandidateFact,
        user_id: str,
        switches: Switches,
        trusted: bool,
        anchored: bool,
        source: str,
        context: Mapping[str, Any],
    ) -> FactDecision:
        memory = self._memory
        spec = memory.config.predicates.get(candidate.predicate)
        if not candidate.lasting:
            return FactDecision(candidate, "window_only", turn_id=turn.id)
        if not anchored:
            return FactDecision(candidate, "not_anchored", turn_id=turn.id)
        if not switches.allows_category(spec.category, memory.consent_policy):
            return FactDecision(candidate, "no_consent", turn_id=turn.id)
        if not trusted:
            item = memory.quarantine.hold(
                user_id=user_id,
                session_id=turn.session_id,
                item="fact",
                content=f"{candidate.subject} {candidate.predicate} {candidate.value}",
                findings=[
                    RiskFinding("untrusted_source", 1.0, f"source={source}, role={turn.role}", "untrusted_source")
                ],
                payload={"fact": _candidate_payload(candidate), "turn_id": turn.id, "source": source},
            )
            return FactDecision(candidate, f"quarantined:{item.id}", turn_id=turn.id)
        current = memory.facts.list(user_id=user_id, subject=candidate.subject, predicate=candidate.predicate)
        verdict = self.validator.validate(candidate, current=current, context=context)
        if not verdict.accepted:
            memory.audit.record(
                "validator.rejected",
                f"{user_id}/{candidate.subject}/{candidate.predicate}",
                {"code": verdict.code, "message": verdict.message, "turn": turn.id, "rule": candidate.rule},
            )
            return FactDecision(candidate, "rejected", verdict=verdict, turn_id=turn.id)
        write = self._write_fact(turn, candidate, user_id, verdict)
        return FactDecision(
            candidate, write.outcome if write else "ended", write=write, verdict=verdict, turn_id=turn.id
        )

    def _write_fact(self, turn: Turn, candidate: CandidateFact, user_id: str, verdict: Verdict) -> FactWrite | None:
        facts = self._memory.facts
        reason = f"rule {candidate.rule}: {candidate.evidence_text or turn.content}"[:500]
        source = Source.USER_COMMAND if candidate.confidence >= 0.8 and turn.role == "user" else Source.AGENT_INFERRED
        for old_value in verdict.details.get("end_values", ()) if verdict.details else ():
            try:
                facts.end(
                    candidate.subject,
                    candidate.predicate,
                    user_id=user_id,
                    value=str(old_value),
                    at=candidate.valid_from or turn.occurred_at,
                    reason=reason,
                )
            except PalimpsestError:
                continue  # already ended or never current: nothing to close
        if candidate.valid_to is not None and candidate.valid_from is None:
            # "I no longer live in Shanghai": the value's valid time ends; nothing new begins.
            try:
                return facts.end(
                    candidate.subject,
                    candidate.predicate,
                    user_id=user_id,
                    value=candidate.value,
                    at=candidate.valid_to,
                    reason=reason,
                )
            except PalimpsestError:
                return None
        valid_from = candidate.valid_from or turn.occurred_at
        if candidate.valid_to is not None and candidate.valid_to <= valid_from:
            raise ValidationError(f"extracted fact {candidate.predicate} has an empty valid interval")
        return facts.set(
            candidate.subject,
            candidate.predicate,
            _normalized(self._memory, candidate),
            user_id=user_id,
            valid_from=valid_from,
            valid_to=candidate.valid_to,
            source=source,
            confidence=candidate.confidence,
            reason=reason,
            evidence=[turn.id],
        )

    def _store_intents(self, turn: Turn, extraction: Extraction, user_id: str) -> None:
        memory = self._memory
        for intent in extraction.intents:
            payload: dict[str, Any] = {
                "intent_type": intent.intent_type,
                "dimensions": list(intent.dimensions),
                "metric": intent.metric,
                "output_format": intent.output_format,
                "slots": dict(intent.slots),
                "turn_id": turn.id,
                "session_id": turn.session_id,
                "said_at": turn.occurred_at.isoformat(),
            }
            if intent.time_range is not None:
                payload["time_range"] = {
                    "unit": intent.time_range.unit,
                    "offset": intent.time_range.offset,
                    "weekday": intent.time_range.weekday,
                }
            memory.backend.records.put(
                Record(
                    kind=INTENT_KIND,
                    id=new_id("i"),
                    tenant=memory.config.tenant,
                    payload=payload,
                    created_at=turn.recorded_at,
                    updated_at=turn.recorded_at,
                    user_id=user_id,
                    status=intent.intent_type,
                )
            )

    # -- quarantine release --------------------------------------------------------------------
    def release(self, item: QuarantineItem) -> None:
        """A confirmed item is written now, as a trusted write."""
        memory = self._memory
        payload = item.payload
        if item.item == "file":
            memory.files.release(item)
            return
        if item.item == "turn":
            turn = payload.get("turn", {})
            memory.conversation.add(
                {"role": turn.get("role", "user"), "content": turn.get("content", item.content)},
                user_id=item.user_id,
                session_id=str(turn.get("session_id") or item.session_id or "released"),
                at=datetime.fromisoformat(turn["occurred_at"]) if turn.get("occurred_at") else None,
                metadata={**turn.get("metadata", {}), "released_from_quarantine": item.id},
                screened=False,
            )
            return
        fact = payload.get("fact", {})
        memory.facts.set(
            str(fact["subject"]),
            str(fact["predicate"]),
            str(fact["value"]),
            user_id=item.user_id,
            valid_from=datetime.fromisoformat(fact["valid_from"]) if fact.get("valid_from") else item.created_at,
            source=Source.AGENT_INFERRED,
            confidence=float(fact.get("confidence", 0.5)),
            reason=f"confirmed from quarantine {item.id}: {fact.get('rule', '')}",
            evidence=[str(payload.get("turn_id"))] if payload.get("turn_id") else [],
        )


def _frozen_finding() -> RiskFinding:
    return RiskFinding("instruction", 1.0, "session frozen after a burst of high-risk writes", "session_frozen")


def _turn_payload(turn: Turn) -> dict[str, Any]:
    return {
        "role": turn.role,
        "content": turn.content,
        "session_id": turn.session_id,
        "occurred_at": turn.occurred_at.isoformat(),
        "metadata": dict(turn.metadata),
    }


def _candidate_payload(candidate: CandidateFact) -> dict[str, Any]:
    return {
        "subject": candidate.subject,
        "predicate": candidate.predicate,
        "value": candidate.value,
        "valid_from": candidate.valid_from.isoformat() if candidate.valid_from else None,
        "valid_to": candidate.valid_to.isoformat() if candidate.valid_to else None,
        "confidence": candidate.confidence,
        "rule": candidate.rule,
    }


def _normalized(memory: Memory, candidate: CandidateFact) -> str:
    return normalize_value(memory.config.predicates.get(candidate.predicate), candidate.value)
