"""``Memory.workflows``: workflow memory (seed 000 §4, DESIGN §1 "workflow memory").

An agent records *trajectories* (the steps it executed for a task and the outcome);
workflow templates are induced from them (``palimpsest.core.workflows`` does the
deciding) and found again by meaning when a similar task comes up.

Storage is the tenant's :class:`~palimpsest.storage.base.RecordStore`:

- kind ``trajectory``: one record per trajectory (``status`` = outcome, ``user_id`` when
  the caller named a user, so a hard forget of the user takes it along);
- kind ``workflow``: one record per *version* (id ``<workflow id>.v<n>``); the newest has
  ``status="current"``, older ones ``"superseded"`` and stay readable as history. A version
  changes when the steps or slots change; counts, risks and feedback update in place.

Every write takes the tenant's audit lock first and appends one audit event in the same
transaction, so the read-match-write of online learning never interleaves with another.

``find`` compares a query with each workflow's *retrieval texts* (``_retrieval_texts``), each
embedded twice (as passage and as query). Those vectors live in the tenant's vector store,
space ``workflows``, under ids made of the workflow id and a hash of (recipe, embedder name,
dimension, mode, text): a stored vector is only ever used for the exact text and embedder it
was made from. They are computed when a write creates or changes a workflow (after its
transaction, so the tenant's writers never wait on the model), kept in process memory once
read, re-computed and stored by ``find`` if missing (a crash between the two, vectors of
another embedder), and rebuilt by ``reindex``. A fresh process, or another worker seeing a new
version, reads them instead of embedding every workflow again.

LLM-assisted induction is not implemented: the deterministic induction needs no model, and
a model's template could not be checked against the traces any better than the consensus.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from importlib import resources
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import yaml

from palimpsest.core import workflows as core
from palimpsest.core.clock import require_aware
from palimpsest.embed.base import Embedder, FloatMatrix
from palimpsest.errors import ConfigError, EmbedderMismatchError, NotFoundError, ValidationError
from palimpsest.ids import new_id
from palimpsest.text import tokenize
from palimpsest.types import MemoryItem, Record

if TYPE_CHECKING:
    from palimpsest.memory import Memory

Outcome = Literal["success", "failure"]
TRAJECTORY = "trajectory"
WORKFLOW = "workflow"
MATCH_THRESHOLD = 0.6
"""Online matching of an untyped trajectory: mean of task-meaning cosine and step-sequence
similarity to a workflow must reach this (same-type pairs score ~0.7-0.95 with e5 and hash,
different types ~0.15-0.45, because the steps rarely agree)."""
CLUSTER_THRESHOLD = 0.7
"""Offline clustering of untyped trajectories, on the same half-meaning, half-steps similarity."""
MAX_DESCRIPTIONS = 16
"""Task descriptions kept per workflow for retrieval: the first one of each distinct wording
(``core.task_pattern``: ids taken out), so twenty refunds of different orders keep one
"Refund order … for the customer" and leave room for other phrasings and languages."""
PASSAGE_CACHE = 4096
"""Workflows whose retrieval vectors ``find`` keeps in memory (per ``Memory``; 3 kB per text and mode)."""
LEXICAL_SHARE = 0.8
"""``find`` with an embedder that knows only words: the share of the score from IDF-weighted
word overlap (the views' cosines make the rest). Calibrated on the benchmark's dev queries with
the ``hash`` embedder: hit@1 0.27 with cosines alone, 0.44 for every share from 0.75 to 0.99."""
MEANING_PROBE = (("refund", "退款"), ("password", "密码"), ("invoice", "发票"))
"""Words and their translations: texts of one meaning without a token in common. An embedder
that knows meaning puts each pair close (e5: cosine ~0.88); one that knows only words has
nothing to relate them by (``hash``: 0, or ±1 when two tokens share a bucket)."""
WORKFLOW_SPACE = "workflows"
"""The vector space holding every workflow's retrieval vectors."""
TENANT_WIDE = ""
"""The vector scope (``user_id``) of workflows: they belong to the tenant, not to a user."""
VIEW_RECIPE = "workflow-views/2"
"""Names how a retrieval text is embedded; part of each vector's id, so a change of recipe
makes stored vectors unreachable (and recomputed) instead of silently reused."""
MODES = ("passage", "query")
GLOSS_WEIGHT = 2.0
"""Weight of each of the two glossary views (``core.gloss``: the type's words in everyday
English and in Chinese) against 1 for the other views in ``_meaning``. Chosen on the benchmark's
tuning splits (dev and the first held-out set, e5, before ``core.expand_query``): hit@1 0.81
without them, 0.89 at weight 1, 0.90 at every weight from 1.5 to 4."""

_ACTION = re.compile(r"^[\w.:/-]{1,128}$")


@dataclass(frozen=True, slots=True)
class TrajectoryStep:
    action: str
    params: Mapping[str, Any]
    result: Any = None


@dataclass(frozen=True, slots=True)
class Trajectory:
    """One recorded execution of a task: its steps (tool calls, decisions) and outcome."""

    id: str
    task: str
    steps: tuple[TrajectoryStep, ...]
    outcome: Outcome
    recorded_at: datetime
    task_type: str | None = None
    agent_id: str | None = None
    user_id: str | None = None
    workflow_id: str | None = None
    """The workflow it was learned into (``None`` while it belongs to none)."""

    def trace(self) -> core.Trace:
        return core.Trace(
            steps=tuple(core.TraceStep(s.action, s.params, core.step_failed(s.result)) for s in self.steps),
            success=self.outcome == "success",
        )


@dataclass(frozen=True, slots=True)
class Workflow:
    """One version of a workflow template."""

    id: str
    task_type: str
    version: int
    steps: tuple[core.TemplateStep, ...]
    slots: tuple[core.Slot, ...]
    risk_points: tuple[core.RiskPoint, ...]
    success_count: int
    failure_count: int
    source_trajectories: tuple[str, ...]
    descriptions: tuple[str, ...]
    created_at: datetime
    updated_at: datetime
    useful: int = 0
    useless: int = 0
    current: bool = True

    @property
    def success_rate(self) -> float:
        runs = self.success_count + self.failure_count
        return self.success_count / runs if runs else 0.0

    @property
    def actions(self) -> tuple[str, ...]:
        return tuple(s.action for s in self.steps)

    def template(self) -> core.Template:
        return core.Template(self.steps, self.slots, self.risk_points, self.success_count, self.failure_count)

    def render(self) -> str:
        """Prompt-ready text: the steps with their parameters, the rate, the risks."""
        parts = []
        for step in self.steps:
            args = ", ".join(f"{k}={v}" for k, v in step.params.items())
            parts.append(f"{step.action}({args})")
        text = f"Workflow '{self.task_type}' v{self.version}: " + " → ".join(parts)
        runs = self.success_count + self.failure_count
        text += f". Success rate {self.success_rate:.0%} ({self.success_count}/{runs})"
        if self.risk_points:
            text += ". Risks: " + "; ".join(r.describe() for r in self.risk_points[:3])
        return text + "."


@dataclass(frozen=True, slots=True)
class WorkflowMatch:
    """A ``find`` result: the workflow and how well it matched. ``meaning`` is the weighted mean
    cosine of the query to the workflow's five views (its task descriptions, its type with its
    steps, its type alone, the type's English and Chinese glossaries), each embedded as passage
    and as query (``_meaning``); ``lexical`` is the IDF-weighted share
    of query words the workflow contains, scored only with an embedder that knows nothing but
    words (see ``find``)."""

    workflow: Workflow
    score: float
    meaning: float
    lexical: float


class Workflows:
    """``Memory.workflows``: record trajectories, induce and learn workflows, find them."""

    def __init__(self, memory: Memory) -> None:
        self._memory = memory
        self._views: OrderedDict[str, _Views] = OrderedDict()
        self._views_lock = threading.Lock()

    # -- recording and online learning -----------------------------------------------
    def record(
        self,
        task: str,
        steps: Sequence[Mapping[str, Any]],
        outcome: str = "success",
        agent_id: str | None = None,
        task_type: str | None = None,
        user_id: str | None = None,
        *,
        learn: bool = True,
    ) -> Trajectory:
        """Store a trajectory (durable when this returns) and, unless ``learn=False``, learn
        it into the workflows at once."""
        memory = self._memory
        trajectory = Trajectory(
            id=new_id("tr"),
            task=_text(task, "task"),
            steps=_steps(steps),
            outcome=_outcome(outcome),
            recorded_at=self._now(),
            task_type=None if task_type is None else _text(task_type, "task_type"),
            agent_id=None if agent_id is None else _text(agent_id, "agent_id"),
            user_id=None if user_id is None else _text(user_id, "user_id"),
        )
        record = _trajectory_record(trajectory, memory.config.tenant)
        self._commit([record], "workflow.record", trajectory.id, record.payload)
        if learn:
            learned = self.learn(trajectory)
            if learned is not None:
                trajectory = replace(trajectory, workflow_id=learned.id)
        return trajectory

    def learn(self, trajectory: Trajectory) -> Workflow | None:
        """Online learning: match ``trajectory`` to a workflow (same task type, else the
        nearest by meaning and steps) and re-induce it; a successful trajectory that matches
        none starts a workflow. Returns the workflow it went into, if any."""
        with self._memory.backend.transaction():
            self._lock()
            current = self.current()
            target = self._match(trajectory, current)
            if target is None and trajectory.outcome != "success":
                return None
            if target is None:
                written = self._write_group(None, trajectory.task_type or _auto_type(trajectory), [trajectory])
            else:
                written = self._write_group(target, target.task_type, [trajectory])
        if written is not None:
            self._retrieval_views([written])  # its new texts' vectors, stored for every process
        return written

    def induce(self, task_type: str | None = None) -> list[Workflow]:
        """Offline induction over every stored trajectory (or those of ``task_type``).

        Typed trajectories group by task type; untyped ones join the workflow they were
        learned into, or are clustered by task meaning and steps. Returns the workflows
        written (new versions or updated counts), in group order.
        """
        with self._memory.backend.transaction():
            self._lock()
            trajectories = self.trajectories()
            current = {w.id: w for w in self.current()}
            by_type = {w.task_type: w for w in current.values()}
            groups: dict[str, list[Trajectory]] = {}
            loose: list[Trajectory] = []
            for t in trajectories:
                if t.task_type is not None:
                    groups.setdefault(t.task_type, []).append(t)
                elif t.workflow_id in current:
                    groups.setdefault(current[t.workflow_id].task_type, []).append(t)
                else:
                    loose.append(t)
            for members in self._clusters(loose):
                groups.setdefault(_auto_type(members[0]), []).extend(members)
            written: list[Workflow] = []
            for kind, members in groups.items():
                if task_type is not None and kind != task_type:
                    continue
                result = self._write_group(by_type.get(kind), kind, members)
                if result is not None:
                    written.append(result)
        self._retrieval_views(written)
        return written

    # -- reading ------------------------------------------------------------------------
    def current(self) -> list[Workflow]:
        """The current version of every workflow, most recently updated first."""
        records = self._memory.backend.records.list(self._memory.config.tenant, WORKFLOW, status="current")
        return [_workflow(r) for r in records]

    def get(self, workflow_id: str) -> Workflow:
        for workflow in self.current():
            if workflow.id == workflow_id:
                return workflow
        raise NotFoundError(f"no workflow {workflow_id!r}")

    def history(self, workflow_id: str) -> list[Workflow]:
        """Every version of the workflow, oldest first."""
        records = self._memory.backend.records.list(self._memory.config.tenant, WORKFLOW)
        versions = [_workflow(r) for r in records if r.payload.get("workflow_id") == workflow_id]
        if not versions:
            raise NotFoundError(f"no workflow {workflow_id!r}")
        return sorted(versions, key=lambda w: w.version)

    def trajectories(self, task_type: str | None = None) -> list[Trajectory]:
        """Stored trajectories, oldest first."""
        records = self._memory.backend.records.list(self._memory.config.tenant, TRAJECTORY)
        found = [_trajectory(r) for r in reversed(records)]
        return [t for t in found if task_type is None or t.task_type == task_type]

    def find(self, query: str, limit: int = 3) -> list[WorkflowMatch]:
        """The workflows best matching ``query`` — a task type, or a task described in any
        language — by meaning.

        Each workflow is seen five ways: its task descriptions with ids taken out (the best
        one counts), its type with its steps in words ("order refund: validate order, check
        refund policy, …"), its type alone, and the type's words glossed in everyday English
        and in Chinese from a general term table ("refund: money back, …", "退款 退钱 …";
        ``core.gloss``). Each is embedded both as a passage and as a query (e5's symmetric
        mode, the one it was trained with for paraphrase pairs); the score is the mean of the
        ten cosines, the glossaries' weighted ``GLOSS_WEIGHT``. On the benchmark's dev
        paraphrases (bench/workflows.py) the best single view reaches hit@1 0.67 and the mean
        of the first three views 0.83: the views err on different queries; the glossaries
        bridge questions asked in words no description uses (dev and first held-out set
        together: 0.81 -> 0.90). The same table read the other way round adds to the question
        the words its everyday wordings stand for ("money back" -> "refund";
        ``core.expand_query``): 0.90 -> 0.94. Word overlap is not scored with an embedder that knows
        meaning: at any weight above a tie-breaker it lowered e5 dev hit@1 (0.83 -> 0.80 at
        0.05), because paraphrases share few words with a description and the ones they share
        ("customer", "用户") are generic. An embedder that knows only words (``_knows_only_words``:
        the ``hash`` embedder) measures unweighted overlap, dominated by particles such as "的"
        and "我"; for it the score is mostly IDF-weighted overlap (``LEXICAL_SHARE``).
        """
        text = _text(query, "query")
        if limit < 1:
            raise ValidationError("limit must be at least 1")
        workflows = self.current()
        if not workflows:
            return []
        embedder = self._memory.conversation.embedder
        # Compared with descriptions whose ids were taken out, "refund order A1001" is "refund order".
        # And "they want their money back" also says "refund" (``core.expand_query``).
        question = core.expand_query(core.task_pattern(text) or text, _term_index())
        query_vector = embedder.embed_queries([question])[0]
        views = self._retrieval_views(workflows)
        query_terms = set(tokenize(question))
        # Words every workflow shares ("user", "order") say little: weight query words by their
        # rarity among the workflows (IDF).
        weight = {t: math.log(1 + len(workflows) / (1 + sum(t in v.words for v in views))) for t in query_terms}
        total = sum(weight.values())
        lexical_share = LEXICAL_SHARE if _knows_only_words(embedder) else 0.0
        matches = []
        for workflow, view in zip(workflows, views, strict=True):
            meaning = _meaning(view.vectors @ query_vector)
            lexical = sum(weight[t] for t in query_terms & view.words) / total if total else 0.0
            exact = 1.0 if text == workflow.task_type else 0.0
            relevance = lexical_share * lexical + (1 - lexical_share) * meaning
            score = max(exact, relevance) * _feedback(workflow)
            matches.append(WorkflowMatch(workflow, round(score, 6), round(meaning, 6), round(lexical, 6)))
        matches.sort(key=lambda m: (-m.score, m.workflow.task_type))
        return matches[:limit]

    def items(self, query: str, limit: int = 2) -> list[MemoryItem]:
        """``find`` as memory items for the router's ``workflows`` channel."""
        items = []
        for match in self.find(query, limit=limit):
            workflow = match.workflow
            risks = "; ".join(r.describe() for r in workflow.risk_points[:2]) or "no known risks"
            items.append(
                MemoryItem(
                    kind="workflow",
                    id=workflow.id,
                    content=workflow.render(),
                    score=match.score,
                    why=f"workflow for task type '{workflow.task_type}' (v{workflow.version}), success rate "
                    f"{workflow.success_rate:.0%} over {workflow.success_count + workflow.failure_count} runs; "
                    f"risks: {risks}; matched by meaning ({match.meaning:.2f}) and words ({match.lexical:.2f})",
                    occurred_at=workflow.updated_at,
                    scores={"vector": match.meaning, "lexical": match.lexical, "fused": match.score},
                )
            )
        return items

    def feedback(self, workflow_id: str, useful: bool) -> Workflow:
        """Record whether a workflow helped; unhelpful ones rank lower in ``find``."""
        with self._memory.backend.transaction():
            self._lock()
            workflow = self.get(workflow_id)
            updated = replace(
                workflow,
                useful=workflow.useful + int(useful),
                useless=workflow.useless + int(not useful),
                updated_at=self._now(),
            )
            self._commit(
                [_workflow_record(updated, self._memory.config.tenant)],
                "workflow.feedback",
                workflow_id,
                {"useful": useful},
            )
        return updated

    def reindex(self, progress: Callable[[int], None] | None = None, batch: int = 64) -> int:
        """Re-embed every tenant's current workflows with the configured embedder (after
        ``Conversation.reindex`` switched embedders); returns the vectors stored."""
        backend = self._memory.backend
        embedder = self._memory.conversation.embedder
        with backend.transaction():
            backend.vectors.clear_space(WORKFLOW_SPACE)
            backend.vectors.set_space_info(WORKFLOW_SPACE, embedder.name, embedder.dimension)
        records = backend.records.list(None, WORKFLOW, status="current")
        done = 0
        for start in range(0, len(records), batch):
            part = records[start : start + batch]
            plans = [(r.tenant, _ViewPlan.of(_workflow(r), embedder)) for r in part]
            vectors = _embed_views((e for _, plan in plans for e in plan.entries()), embedder)
            with backend.transaction():
                for tenant in sorted({t for t, _ in plans}):
                    ids = list(dict.fromkeys(v for t, plan in plans if t == tenant for v in plan.ids))
                    rows = np.vstack([vectors[v] for v in ids])
                    backend.vectors.upsert(WORKFLOW_SPACE, tenant, TENANT_WIDE, ids, rows)
            done += len(vectors)
            if progress is not None:
                progress(done)
        return done

    # -- internals ------------------------------------------------------------------------
    def _retrieval_views(self, workflows: Sequence[Workflow]) -> list[_Views]:
        """Each workflow's retrieval vectors (``_retrieval_texts`` embedded as passages, then
        as queries) and words: from process memory while the workflow's texts and the embedder
        are unchanged, else from the store (written with the workflow, or by another process),
        else embedded now and stored, so ``find`` normally embeds just the query."""
        embedder = self._memory.conversation.embedder
        # What the texts and their ids are made of, cheaper to compare than to hash the texts.
        stamps = [(embedder.name, embedder.dimension, w.task_type, w.actions, w.descriptions) for w in workflows]
        found: dict[int, _Views] = {}
        with self._views_lock:
            for i, (workflow, stamp) in enumerate(zip(workflows, stamps, strict=True)):
                entry = self._views.get(workflow.id)
                if entry is not None and entry.stamp == stamp:
                    found[i] = entry
        missing = [i for i in range(len(workflows)) if i not in found]
        if missing:
            plans = {i: _ViewPlan.of(workflows[i], embedder) for i in missing}
            vectors = self._stored_vectors(list(plans.values()), embedder)
            for i, plan in plans.items():
                rows = np.vstack([vectors[v] for v in plan.ids])
                found[i] = _Views(stamps[i], plan.ids, rows, frozenset(tokenize(" ".join(plan.texts))))
        with self._views_lock:
            for i, workflow in enumerate(workflows):
                self._views[workflow.id] = found[i]
                self._views.move_to_end(workflow.id)
            while len(self._views) > PASSAGE_CACHE:
                self._views.popitem(last=False)
        return [found[i] for i in range(len(workflows))]

    def _stored_vectors(self, plans: Sequence[_ViewPlan], embedder: Embedder) -> dict[str, FloatMatrix]:
        """The vectors of ``plans`` by id: read from the store; those it lacks are embedded and
        stored (self-healing: the first reader after a lost write pays for it, once)."""
        backend = self._memory.backend
        tenant = self._memory.config.tenant
        self._check_space(embedder)
        wanted = list(dict.fromkeys(v for plan in plans for v in plan.ids))
        found = backend.vectors.get(WORKFLOW_SPACE, tenant, wanted)
        absent = [entry for plan in plans for entry in plan.entries() if entry[0] not in found]
        if absent:
            made = _embed_views(absent, embedder)
            self._save_vectors(made, embedder)
            found.update(made)
        return found

    def _save_vectors(self, vectors: Mapping[str, FloatMatrix], embedder: Embedder) -> None:
        backend = self._memory.backend
        tenant = self._memory.config.tenant
        with backend.transaction():
            self._lock()
            if backend.vectors.space_info(WORKFLOW_SPACE) is None:
                backend.vectors.set_space_info(WORKFLOW_SPACE, embedder.name, embedder.dimension)
            self._check_space(embedder)
            # Only vectors a current workflow still uses: another writer may have replaced the
            # workflow (and deleted its old vectors) since they were computed.
            owners = {_owner(v) for v in vectors}
            live = {v for w in self.current() if w.id in owners for v in _ViewPlan.of(w, embedder).ids}
            ids = [v for v in vectors if v in live]
            if ids:
                backend.vectors.upsert(WORKFLOW_SPACE, tenant, TENANT_WIDE, ids, np.vstack([vectors[v] for v in ids]))

    def _check_space(self, embedder: Embedder) -> None:
        info = self._memory.backend.vectors.space_info(WORKFLOW_SPACE)
        if info is not None and info != (embedder.name, embedder.dimension):
            raise EmbedderMismatchError(
                f"this store's workflow vectors were made with {info[0]!r} ({info[1]}-d) but the configured "
                f"embedder is {embedder.name!r} ({embedder.dimension}-d); run `palimpsest reindex` to re-embed "
                "everything with the configured embedder, or configure the original one"
            )

    def _now(self) -> datetime:
        return require_aware(self._memory.config.clock(), "clock()")

    def _lock(self) -> None:
        self._memory.backend.audit.lock_head(self._memory.config.tenant)

    def _commit(self, records: Iterable[Record], action: str, target: str, payload: Mapping[str, Any]) -> None:
        memory = self._memory
        backend = memory.backend
        with backend.transaction():
            backend.audit.lock_head(memory.config.tenant)  # serialize this tenant's writers first
            for record in records:
                backend.records.put(record)
            memory.audit.append(action, target, payload, at=self._now())

    def _match(self, trajectory: Trajectory, workflows: Sequence[Workflow]) -> Workflow | None:
        if trajectory.task_type is not None:
            return next((w for w in workflows if w.task_type == trajectory.task_type), None)
        if not workflows:
            return None
        embedder = self._memory.conversation.embedder
        task_vector = embedder.embed_queries([core.task_pattern(trajectory.task) or trajectory.task])[0]
        actions = tuple(s.action for s in trajectory.steps)
        best: tuple[float, Workflow] | None = None
        for workflow, view in zip(workflows, self._retrieval_views(workflows), strict=True):
            meaning = float(np.max(view.described() @ task_vector))
            score = (meaning + core.sequence_similarity(actions, workflow.actions)) / 2
            if score >= MATCH_THRESHOLD and (best is None or score > best[0]):
                best = (score, workflow)
        return None if best is None else best[1]

    def _clusters(self, trajectories: Sequence[Trajectory]) -> list[list[Trajectory]]:
        if not trajectories:
            return []
        embedder = self._memory.conversation.embedder
        meaning = embedder.embed_passages([t.task for t in trajectories])
        vocabulary = sorted({s.action for t in trajectories for s in t.steps})
        column = {a: i for i, a in enumerate(vocabulary)}
        steps = np.zeros((len(trajectories), len(vocabulary)), dtype=np.float32)
        for row, t in enumerate(trajectories):
            for s in t.steps:
                steps[row, column[s.action]] = 1.0
        steps /= np.maximum(np.linalg.norm(steps, axis=1, keepdims=True), 1e-9)
        # Concatenating the halves scaled by sqrt(1/2) makes the dot product the mean of the two cosines.
        joined = np.hstack([meaning, steps]).astype(np.float32) * np.float32(np.sqrt(0.5))
        return [[trajectories[i] for i in group] for group in core.cluster(joined, CLUSTER_THRESHOLD)]

    def _load(self, ids: Iterable[str]) -> list[Trajectory]:
        store, tenant = self._memory.backend.records, self._memory.config.tenant
        found = (store.get(tenant, TRAJECTORY, i) for i in ids)
        return [_trajectory(r) for r in found if r is not None]

    def _write_group(self, existing: Workflow | None, task_type: str, new: Sequence[Trajectory]) -> Workflow | None:
        """Re-induce ``existing`` with ``new`` trajectories (or start a workflow from them)
        and write the result: a new version when the template's shape changed."""
        tenant = self._memory.config.tenant
        known = set(existing.source_trajectories) if existing else set()
        members = self._load(existing.source_trajectories) if existing else []
        members += [t for t in new if t.id not in known]
        template = core.induce([t.trace() for t in members])
        if template is None:
            return None
        now = self._now()
        descriptions = list(existing.descriptions) if existing else []
        wordings = {core.task_pattern(d) for d in descriptions}
        for t in members:
            wording = core.task_pattern(t.task)
            if wording not in wordings and len(descriptions) < MAX_DESCRIPTIONS:
                descriptions.append(t.task)
                wordings.add(wording)
        base = Workflow(
            id=existing.id if existing else new_id("wf"),
            task_type=task_type,
            version=existing.version if existing else 1,
            steps=template.steps,
            slots=template.slots,
            risk_points=template.risk_points,
            success_count=template.success_count,
            failure_count=template.failure_count,
            source_trajectories=tuple(t.id for t in members),
            descriptions=tuple(descriptions),
            created_at=existing.created_at if existing else now,
            updated_at=now,
            useful=existing.useful if existing else 0,
            useless=existing.useless if existing else 0,
        )
        records: list[Record] = []
        action = "workflow.update"
        if existing is None:
            action = "workflow.create"
        elif not template.same_shape(existing.template()):
            action = "workflow.version"
            records.append(_workflow_record(replace(existing, current=False), tenant))
            base = replace(base, version=existing.version + 1, created_at=now)
        workflow = base
        records.append(_workflow_record(workflow, tenant))
        records += [
            _trajectory_record(replace(t, workflow_id=workflow.id), tenant)
            for t in members
            if t.workflow_id != workflow.id
        ]
        stale: list[str] = []
        if existing is not None:  # vectors of texts the workflow no longer has
            embedder = self._memory.conversation.embedder
            kept = set(_ViewPlan.of(workflow, embedder).ids)
            stale = [v for v in _ViewPlan.of(existing, embedder).ids if v not in kept]
        self._commit(records, action, f"{workflow.id}.v{workflow.version}", {"steps": list(workflow.actions)})
        if stale:
            self._memory.backend.vectors.delete(WORKFLOW_SPACE, tenant, stale)
        return workflow


# -- validation -----------------------------------------------------------------------------


def _text(value: Any, name: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValidationError(f"{name} must be a non-empty string")
    return value.strip()


def _outcome(value: Any) -> Outcome:
    if value == "success":
        return "success"
    if value == "failure":
        return "failure"
    raise ValidationError(f"outcome must be 'success' or 'failure', got {value!r}")


def _steps(steps: Any) -> tuple[TrajectoryStep, ...]:
    if isinstance(steps, str | bytes | Mapping) or not isinstance(steps, Sequence) or not steps:
        raise ValidationError("steps must be a non-empty list of {action, params, result} dicts")
    out: list[TrajectoryStep] = []
    for i, step in enumerate(steps):
        if not isinstance(step, Mapping):
            raise ValidationError(f"steps[{i}] must be a dict with an 'action'")
        unknown = set(step) - {"action", "params", "result"}
        if unknown:
            raise ValidationError(f"steps[{i}] has unknown key(s) {sorted(unknown)}; expected action, params, result")
        action = step.get("action")
        if not isinstance(action, str) or not _ACTION.match(action.strip()):
            raise ValidationError(f"steps[{i}].action must be a tool or action name (letters, digits, _ . : / -)")
        params = step.get("params") or {}
        if not isinstance(params, Mapping) or not all(isinstance(k, str) for k in params):
            raise ValidationError(f"steps[{i}].params must be a dict with string keys")
        result = step.get("result")
        try:
            json.dumps({"params": params, "result": result}, allow_nan=False)
        except (TypeError, ValueError):
            raise ValidationError(f"steps[{i}] must hold JSON-compatible params and result") from None
        out.append(TrajectoryStep(action=action.strip(), params=dict(params), result=result))
    return tuple(out)


# -- records <-> objects ----------------------------------------------------------------------


def _trajectory_record(t: Trajectory, tenant: str) -> Record:
    payload = {
        "task": t.task,
        "task_type": t.task_type,
        "steps": [{"action": s.action, "params": dict(s.params), "result": s.result} for s in t.steps],
        "outcome": t.outcome,
        "agent_id": t.agent_id,
        "workflow_id": t.workflow_id,
    }
    return Record(
        kind=TRAJECTORY,
        id=t.id,
        tenant=tenant,
        payload=payload,
        created_at=t.recorded_at,
        updated_at=t.recorded_at,
        user_id=t.user_id,
        status=t.outcome,
    )


def _trajectory(r: Record) -> Trajectory:
    p = r.payload
    return Trajectory(
        id=r.id,
        task=str(p["task"]),
        steps=tuple(TrajectoryStep(s["action"], dict(s.get("params") or {}), s.get("result")) for s in p["steps"]),
        outcome=_outcome(p["outcome"]),
        recorded_at=r.created_at,
        task_type=p.get("task_type"),
        agent_id=p.get("agent_id"),
        user_id=r.user_id,
        workflow_id=p.get("workflow_id"),
    )


def _workflow_record(w: Workflow, tenant: str) -> Record:
    payload = {
        "workflow_id": w.id,
        "task_type": w.task_type,
        "version": w.version,
        "steps": [
            {"action": s.action, "params": dict(s.params), "slots": dict(s.slots), "support": s.support}
            for s in w.steps
        ],
        "slots": [{"name": s.name, "examples": list(s.examples)} for s in w.slots],
        "risk_points": [
            {"position": r.position, "action": r.action, "kind": r.kind, "count": r.count} for r in w.risk_points
        ],
        "success_count": w.success_count,
        "failure_count": w.failure_count,
        "source_trajectories": list(w.source_trajectories),
        "descriptions": list(w.descriptions),
        "useful": w.useful,
        "useless": w.useless,
    }
    return Record(
        kind=WORKFLOW,
        id=f"{w.id}.v{w.version}",
        tenant=tenant,
        payload=payload,
        created_at=w.created_at,
        updated_at=w.updated_at,
        status="current" if w.current else "superseded",
    )


def _workflow(r: Record) -> Workflow:
    p = r.payload
    return Workflow(
        id=str(p["workflow_id"]),
        task_type=str(p["task_type"]),
        version=int(p["version"]),
        steps=tuple(
            core.TemplateStep(s["action"], dict(s["params"]), dict(s["slots"]), float(s["support"])) for s in p["steps"]
        ),
        slots=tuple(core.Slot(s["name"], tuple(s["examples"])) for s in p["slots"]),
        risk_points=tuple(
            core.RiskPoint(int(x["position"]), str(x["action"]), x["kind"], int(x["count"])) for x in p["risk_points"]
        ),
        success_count=int(p["success_count"]),
        failure_count=int(p["failure_count"]),
        source_trajectories=tuple(p["source_trajectories"]),
        descriptions=tuple(p["descriptions"]),
        created_at=r.created_at,
        updated_at=r.updated_at,
        useful=int(p.get("useful", 0)),
        useless=int(p.get("useless", 0)),
        current=r.status == "current",
    )


# -- retrieval helpers ------------------------------------------------------------------------


def _humanize(name: str) -> str:
    return re.sub(r"[_\-.:/]+", " ", name).strip()


@dataclass(frozen=True, slots=True)
class _Views:
    """``find``'s view of one workflow version: its retrieval vectors and words."""

    stamp: tuple[str, int, str, tuple[str, ...], tuple[str, ...]]
    """What the texts are made of: embedder name and dimension, type, actions, descriptions."""
    ids: tuple[str, ...]
    """The vectors' ids (``_ViewPlan``)."""
    vectors: FloatMatrix
    """One row per id: the texts as passages, then as queries."""
    words: frozenset[str]

    def described(self) -> FloatMatrix:
        """The passage-mode rows of the descriptions and of the type with steps (not the type
        alone, nor its glossaries): what a new trajectory's task is matched against."""
        return self.vectors[: len(self.ids) // 2 - FIXED_VIEWS + 1]


@dataclass(frozen=True, slots=True)
class _ViewPlan:
    """The retrieval texts of a workflow and the ids of their vectors, passages then queries."""

    texts: tuple[str, ...]
    ids: tuple[str, ...]
    modes: tuple[str, ...]
    """``MODES`` entry of each id."""

    @classmethod
    def of(cls, workflow: Workflow, embedder: Embedder) -> _ViewPlan:
        texts = _retrieval_texts(workflow)
        ids, modes = [], []
        for mode in MODES:
            for text in texts:
                key = "\x1f".join((VIEW_RECIPE, embedder.name, str(embedder.dimension), mode, text))
                ids.append(f"{workflow.id}:{hashlib.blake2b(key.encode(), digest_size=12).hexdigest()}")
                modes.append(mode)
        return cls(texts, tuple(ids), tuple(modes))

    def entries(self) -> Iterator[tuple[str, str, str]]:
        """(id, mode, text) of every vector."""
        for n, (vid, mode) in enumerate(zip(self.ids, self.modes, strict=True)):
            yield vid, mode, self.texts[n % len(self.texts)]


def _owner(vector_id: str) -> str:
    """The workflow a retrieval vector id (``_ViewPlan``) belongs to."""
    return vector_id.rsplit(":", 1)[0]


def _embed_views(entries: Iterable[tuple[str, str, str]], embedder: Embedder) -> dict[str, FloatMatrix]:
    """The vectors of (id, mode, text) entries by id, each distinct text embedded once per mode."""
    texts: dict[str, dict[str, str]] = {mode: {} for mode in MODES}
    for vid, mode, text in entries:
        texts[mode][vid] = text
    vectors: dict[str, FloatMatrix] = {}
    for mode, by_id in texts.items():
        distinct = list(dict.fromkeys(by_id.values()))
        if distinct:
            embed = embedder.embed_passages if mode == "passage" else embedder.embed_queries
            rows = dict(zip(distinct, embed(distinct), strict=True))
            vectors.update((vid, rows[text]) for vid, text in by_id.items())
    return vectors


FIXED_VIEWS = 4
"""Texts ``_retrieval_texts`` puts after the descriptions: the type with its steps, the type,
and its English and Chinese glossary."""


def _retrieval_texts(workflow: Workflow) -> tuple[str, ...]:
    """``find``'s texts for a workflow: its distinct description wordings, then its type with
    its steps, its type alone, and the type's words glossed in everyday English and in Chinese
    (``core.gloss``; the type alone where the term table knows none of its words), in that
    order (``_meaning`` and ``_Views.described`` rely on it)."""
    wordings = [core.task_pattern(d) for d in workflow.descriptions]
    task_type = _humanize(workflow.task_type)
    patterns = list(dict.fromkeys(w for w in wordings if w)) or [task_type]
    steps = ", ".join(_humanize(a) for a in workflow.actions)
    english, chinese = core.gloss(task_type.split(), _support_terms())
    return (*patterns, f"{task_type}: {steps}", task_type, english or task_type, chinese or task_type)


def _meaning(cosines: FloatMatrix) -> float:
    """Weighted mean of the view cosines from the ``_retrieval_views`` column of one workflow:
    for each embedding mode, the best description, the steps, the type (weight 1 each) and the
    two glossaries (``GLOSS_WEIGHT`` each)."""
    half = len(cosines) // 2
    total = weights = 0.0
    for mode in (cosines[:half], cosines[half:]):
        plain = mode[:-FIXED_VIEWS]
        steps, task_type, english, chinese = (float(c) for c in mode[-FIXED_VIEWS:])
        total += float(np.max(plain)) + steps + task_type + GLOSS_WEIGHT * (english + chinese)
        weights += 3 + 2 * GLOSS_WEIGHT
    return total / weights


@functools.cache
def _term_index() -> core.TermIndex:
    """``_support_terms`` prepared for ``core.expand_query``, once per process."""
    return core.TermIndex.of(_support_terms())


@functools.cache
def _support_terms() -> dict[str, tuple[str, ...]]:
    """The packaged bilingual term table (``data/support_terms.yaml``), read once per process."""
    text = resources.files("palimpsest").joinpath("data/support_terms.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    if not isinstance(data, dict) or not all(
        isinstance(k, str) and isinstance(v, list) and all(isinstance(w, str) for w in v) for k, v in data.items()
    ):
        raise ConfigError("data/support_terms.yaml must map words to lists of wordings")
    return {k.lower(): tuple(v) for k, v in data.items()}


_WORDS_ONLY: dict[tuple[str, int], bool] = {}
"""``_knows_only_words`` per embedder identity, for the life of the process."""


def _knows_only_words(embedder: Embedder) -> bool:
    """Whether ``embedder`` relates texts only through the words they share (``MEANING_PROBE``:
    its translation pairs average a cosine below 0.25), probed once per process."""
    key = (embedder.name, embedder.dimension)
    known = _WORDS_ONLY.get(key)
    if known is None:
        words = embedder.embed_passages([word for word, _ in MEANING_PROBE])
        translations = embedder.embed_passages([translation for _, translation in MEANING_PROBE])
        known = _WORDS_ONLY[key] = float(np.mean(np.sum(words * translations, axis=1))) < 0.25
    return known


def _feedback(workflow: Workflow) -> float:
    """0.8 (only "useless") .. 1.2 (only "useful"); 1.0 without feedback (Laplace-smoothed)."""
    share = (workflow.useful + 1) / (workflow.useful + workflow.useless + 2)
    return 0.8 + 0.4 * share


def _auto_type(trajectory: Trajectory) -> str:
    """A readable name for a task type nobody named: its first and last actions."""
    actions = [s.action for s in trajectory.steps]
    return f"auto:{actions[0]}..{actions[-1]}" if len(actions) > 1 else f"auto:{actions[0]}"


__all__ = ["Trajectory", "TrajectoryStep", "Workflow", "WorkflowMatch", "Workflows"]
