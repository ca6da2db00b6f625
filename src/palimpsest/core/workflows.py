"""Workflow induction (seed 000 §4, "Agent Workflow Memory"), pure: traces in, templates out.

A *trace* is the action sequence an agent executed for one task, with each step's
parameters and whether the step failed. From the traces of one task type we induce:

1. **the consensus steps** — every step is labelled by its action and occurrence
   (``("check", 0)``, ``("check", 1)`` for an action done twice); a label enters the
   consensus when at least half of the successful traces contain it, and labels are
   ordered by majority vote over pairwise precedence (Copeland ranking). Unlike a
   progressive pairwise alignment, where a swap costs two indels and can push a step
   out, a swap here is one dissenting vote among many, and inserted or dropped steps
   only lower a label's support;
2. **slots** — a parameter whose value varies across the traces that support its step
   becomes a named slot ``{order_id}``; a constant value stays literal. Parameters carrying
   the same value in every trace share one slot, whatever their key in each step;
3. **risk points** — each failed trace is aligned to the consensus (LCS), and its first
   divergence (a missing step, an extra step, or a step that failed) is counted.

Everything here is deterministic: same traces, same template.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray

from palimpsest.core.identifiers import classify_identifier

SUPPORT = 0.5
"""A step enters the consensus when at least this share of successful traces contains it."""

RiskKind = Literal["missing", "extra", "failed", "outcome"]
"""Where a failed trace left the consensus: a step it skipped, a step it added, a step whose
result was a failure, or (``outcome``) no visible divergence before the task failed."""

_FAILED_WORDS = frozenset({"error", "failed", "failure", "fail", "timeout", "denied", "rejected", "失败", "错误"})
_FAILED_PREFIX = re.compile(r"^\s*(error|fail|exception|timeout|denied|rejected|失败|错误)", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class TraceStep:
    action: str
    params: Mapping[str, Any] = field(default_factory=dict)
    failed: bool = False


@dataclass(frozen=True, slots=True)
class Trace:
    steps: tuple[TraceStep, ...]
    success: bool

    @property
    def actions(self) -> tuple[str, ...]:
        return tuple(s.action for s in self.steps)


@dataclass(frozen=True, slots=True)
class TemplateStep:
    """One consensus step: its action, its parameters (slot values written ``{name}``) and
    the share of successful traces that contained it."""

    action: str
    params: Mapping[str, Any]
    slots: Mapping[str, str]
    """Parameter key -> slot name, for the parameters that are slots."""
    support: float


@dataclass(frozen=True, slots=True)
class Slot:
    name: str
    examples: tuple[str, ...]
    """Up to three observed values (as JSON text), for a human reading the template."""


@dataclass(frozen=True, slots=True)
class RiskPoint:
    position: int
    """Index in the consensus steps where the divergence happened (``len(steps)`` = at the end)."""
    action: str
    kind: RiskKind
    count: int

    def describe(self) -> str:
        verb = {
            "missing": f"skipping {self.action}",
            "extra": f"an extra {self.action}",
            "failed": f"{self.action} failing",
            "outcome": f"failure after {self.action}",
        }[self.kind]
        return f"{verb} at step {self.position + 1} ({self.count}×)"


@dataclass(frozen=True, slots=True)
class Template:
    steps: tuple[TemplateStep, ...]
    slots: tuple[Slot, ...]
    risk_points: tuple[RiskPoint, ...]
    success_count: int
    failure_count: int

    @property
    def actions(self) -> tuple[str, ...]:
        return tuple(s.action for s in self.steps)

    def same_shape(self, other: Template) -> bool:
        """True when steps and slots are the same (a new version is due otherwise)."""
        return (
            self.actions == other.actions
            and [dict(s.params) for s in self.steps] == [dict(s.params) for s in other.steps]
            and [s.name for s in self.slots] == [s.name for s in other.slots]
        )


# -- small pieces ---------------------------------------------------------------------------


def step_failed(result: Any) -> bool:
    """Whether a step's recorded result says it failed (``{"ok": false}``, ``{"error": ...}``,
    ``{"status": "failed"}``, ``"error: ..."``, ``False``)."""
    if result is False:
        return True
    if isinstance(result, Mapping):
        if result.get("ok") is False or result.get("success") is False:
            return True
        if result.get("error"):
            return True
        status = result.get("status")
        return isinstance(status, str) and status.strip().lower() in _FAILED_WORDS
    if isinstance(result, str):
        return bool(_FAILED_PREFIX.match(result))
    return False


def labels(actions: Sequence[str]) -> list[tuple[str, int]]:
    """``(action, occurrence)`` for each step: a repeated action is a different step each time."""
    seen: Counter[str] = Counter()
    out: list[tuple[str, int]] = []
    for action in actions:
        out.append((action, seen[action]))
        seen[action] += 1
    return out


def edit_distance(a: Sequence[str], b: Sequence[str]) -> int:
    """Levenshtein distance between two step sequences (insert, delete, substitute = 1)."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def sequence_similarity(a: Sequence[str], b: Sequence[str]) -> float:
    """1 - normalized edit distance: 1.0 for the same steps, 0.0 for nothing in common."""
    longest = max(len(a), len(b))
    return 1.0 - edit_distance(a, b) / longest if longest else 1.0


_CANDIDATE_ID = re.compile(r"[^\s@]+@[^\s@]+\.\w+|[\w\-.:/#+]*\d[\w\-.:/#+]*", re.ASCII)
_SPACE_BEFORE_PUNCTUATION = re.compile(r"\s+([,.;:!?，。；：！？])")


def task_pattern(description: str) -> str:
    """A task description with the case it names taken out: ``"Refund order A1001 for the
    customer"`` -> ``"Refund order for the customer"``, ``"重置账号ACC-12345的密码"`` ->
    ``"重置账号的密码"``. Descriptions of one task type then compare by what the task is, not by
    which order or account it was about (an id is noise to an embedding and to word overlap).
    Short tokens (``v2``, ``4k``) are words, not cases, and stay."""

    def keep(match: re.Match[str]) -> str:
        token = match.group(0)
        return "" if len(token) >= 4 and _looks_instance_specific(token) else token

    kept = " ".join(_CANDIDATE_ID.sub(keep, description).split())
    return _SPACE_BEFORE_PUNCTUATION.sub(r"\1", kept)


_CJK = re.compile(r"[\u3400-\u9fff]")


def gloss(words: Sequence[str], terms: Mapping[str, Sequence[str]]) -> tuple[str, str]:
    """Everyday wordings of ``words`` (a task type's words, e.g. ``["gift", "card"]``) from a
    bilingual term table: an English text (``"gift: present; card: credit card, bank card"``)
    and a Chinese one (``"礼品 礼物 卡 银行卡"``). Words the table lacks (also without a plural
    ``s``) are left out, so either text may be empty. A user asks "my voucher won't work" or
    "礼品卡用不了", rarely in the words a tool or task type is named with; the wordings give an
    embedding more than the name to match such a question against."""
    english: list[str] = []
    chinese: list[str] = []
    for word in dict.fromkeys(w.lower() for w in words):
        wordings = terms.get(word)
        if wordings is None and word.endswith("s"):
            wordings = terms.get(word[:-1])
        if not wordings:
            continue
        latin = [w for w in wordings if not _CJK.search(w)]
        if latin:
            english.append(f"{word}: {', '.join(latin)}")
        chinese += [w for w in wordings if _CJK.search(w) and w not in chinese]
    return "; ".join(english), " ".join(chinese)


@dataclass(frozen=True, slots=True)
class TermIndex:
    """A term table (word -> everyday wordings, as for ``gloss``) prepared for finding its
    wordings in a question: Chinese ones anywhere, others as whole words."""

    patterns: tuple[tuple[str, re.Pattern[str]], ...]

    @classmethod
    def of(cls, terms: Mapping[str, Sequence[str]]) -> TermIndex:
        patterns = []
        for word, wordings in terms.items():
            for wording in wordings:
                escaped = re.escape(wording.lower())
                patterns.append((word, re.compile(escaped if _CJK.search(wording) else rf"\b{escaped}\b")))
        return cls(tuple(patterns))

    def words_in(self, text: str) -> list[str]:
        """The table's words whose wordings ``text`` uses, in table order, each once."""
        lowered = text.lower()
        return list(dict.fromkeys(word for word, pattern in self.patterns if pattern.search(lowered)))


def expand_query(text: str, index: TermIndex) -> str:
    """``text`` followed by the words its everyday wordings stand for (``gloss`` the other way
    round): ``"they want their money back"`` -> ``"they want their money back (refund)"``, so
    the question also meets a workflow in the words its tools and type are named with."""
    words = [w for w in index.words_in(text) if not re.search(rf"\b{re.escape(w)}\b", text.lower())]
    return f"{text} ({', '.join(words)})" if words else text


def _value_key(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


# -- consensus ------------------------------------------------------------------------------


def consensus(action_lists: Sequence[Sequence[str]], support: float = SUPPORT) -> list[tuple[str, int]]:
    """The ordered common steps of ``action_lists`` (successful traces), as labels.

    Labels present in at least ``support`` of the lists are kept. Order: a label ranks by
    how many kept labels it precedes in a majority of the lists that contain both (Copeland
    score); ties fall back to its mean relative position, then to first appearance.
    """
    if not action_lists:
        return []
    labelled = [labels(actions) for actions in action_lists]
    presence: Counter[tuple[str, int]] = Counter()
    first_seen: dict[tuple[str, int], tuple[int, int]] = {}
    for t, trace in enumerate(labelled):
        for i, label in enumerate(trace):
            presence[label] += 1
            first_seen.setdefault(label, (t, i))
    needed = support * len(labelled)
    kept = sorted((lab for lab, n in presence.items() if n >= needed), key=lambda lab: first_seen[lab])
    positions = [{lab: i for i, lab in enumerate(trace)} for trace in labelled]
    wins: Counter[tuple[str, int]] = Counter()
    for a_index, a in enumerate(kept):
        for b in kept[a_index + 1 :]:
            before = after = 0
            for pos in positions:
                if a in pos and b in pos:
                    if pos[a] < pos[b]:
                        before += 1
                    else:
                        after += 1
            if before > after:
                wins[a] += 1
            elif after > before:
                wins[b] += 1
    mean_position = {
        lab: float(np.mean([pos[lab] / max(1, len(pos) - 1) for pos in positions if lab in pos])) for lab in kept
    }
    return sorted(kept, key=lambda lab: (-wins[lab], mean_position[lab], first_seen[lab]))


# -- slots ----------------------------------------------------------------------------------


def _looks_instance_specific(value: Any) -> bool:
    """A value that names one case (an order number, an e-mail, a phone), not the procedure.

    Used only when a step has a single supporting trace: with one example nothing varies
    yet, but ``A1001`` is still obviously the order of that one task.
    """
    if not isinstance(value, str):
        return False  # numbers and flags are as likely to be policy (an amount, a limit) as a case
    kind = classify_identifier(value)
    if kind in ("email", "phone"):
        return True
    # "100" classifies as an id too; an id naming a case mixes letters and digits (A1001, ORD-7).
    return kind == "id" and any(ch.isalpha() for ch in value)


def abstract_parameters(
    consensus_labels: Sequence[tuple[str, int]], traces: Sequence[Trace]
) -> tuple[list[TemplateStep], list[Slot]]:
    """Parameters of each consensus step: literal when constant across the successful traces
    that contain the step, a named slot when they vary. Returns the steps and the slots."""
    successful = [t for t in traces if t.success]
    per_label: list[list[Mapping[str, Any] | None]] = [[] for _ in consensus_labels]
    index = {lab: i for i, lab in enumerate(consensus_labels)}
    for trace in successful:
        found: dict[int, Mapping[str, Any]] = {}
        for lab, step in zip(labels(trace.actions), trace.steps, strict=True):
            if lab in index:
                found[index[lab]] = step.params
        for i in range(len(consensus_labels)):
            per_label[i].append(found.get(i))
    slot_of_values: dict[tuple[str | None, ...], str] = {}
    slot_examples: dict[str, list[str]] = {}
    slot_order: list[str] = []
    steps: list[TemplateStep] = []
    for i, (action, _) in enumerate(consensus_labels):
        observed = per_label[i]
        present = [p for p in observed if p is not None]
        keys: list[str] = []
        for params in present:
            keys.extend(k for k in params if k not in keys)
        params_out: dict[str, Any] = {}
        slots_out: dict[str, str] = {}
        for key in keys:
            carrying = [p for p in present if key in p]
            if len(carrying) * 2 < len(present):
                continue  # an optional parameter most traces did without: not part of the template
            values = tuple(None if p is None or key not in p else _value_key(p[key]) for p in observed)
            distinct = {v for v in values if v is not None}
            varies = len(distinct) > 1 or (len(present) == 1 and _looks_instance_specific(carrying[0][key]))
            if not varies:
                params_out[key] = carrying[0][key]
                continue
            name = slot_of_values.get(values)
            if name is None:
                name = key if key not in slot_examples else _fresh_name(key, slot_examples)
                slot_of_values[values] = name
                slot_examples[name] = []
                slot_order.append(name)
            for v in values:
                if v is not None and v not in slot_examples[name] and len(slot_examples[name]) < 3:
                    slot_examples[name].append(v)
            params_out[key] = "{" + name + "}"
            slots_out[key] = name
        support = len(present) / len(successful) if successful else 0.0
        steps.append(TemplateStep(action=action, params=params_out, slots=slots_out, support=round(support, 4)))
    slots = [Slot(name=n, examples=tuple(slot_examples[n])) for n in slot_order]
    return steps, slots


def _fresh_name(key: str, taken: Mapping[str, object]) -> str:
    n = 2
    while f"{key}_{n}" in taken:
        n += 1
    return f"{key}_{n}"


# -- risk points ----------------------------------------------------------------------------

AlignOp = tuple[Literal["match", "missing", "extra"], int, int]
"""(op, consensus index, trace index); -1 where the side has no step."""


def align(reference: Sequence[str], trace: Sequence[str]) -> list[AlignOp]:
    """An LCS alignment of ``trace`` to ``reference``, in order. Ties prefer reporting a
    missing reference step before an extra trace step (the earlier expectation first)."""
    n, m = len(reference), len(trace)
    lcs = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            lcs[i][j] = lcs[i + 1][j + 1] + 1 if reference[i] == trace[j] else max(lcs[i + 1][j], lcs[i][j + 1])
    ops: list[AlignOp] = []
    i = j = 0
    while i < n or j < m:
        if i < n and j < m and reference[i] == trace[j] and lcs[i][j] == lcs[i + 1][j + 1] + 1:
            ops.append(("match", i, j))
            i, j = i + 1, j + 1
        elif i < n and (j == m or lcs[i + 1][j] >= lcs[i][j + 1]):
            ops.append(("missing", i, -1))
            i += 1
        else:
            ops.append(("extra", -1, j))
            j += 1
    return ops


def divergence(reference: Sequence[str], trace: Trace) -> tuple[int, str, RiskKind]:
    """Where a failed ``trace`` first left ``reference``: (consensus position, action, kind)."""
    actions = trace.actions
    position = 0
    for op, i, j in align(reference, actions):
        if op == "match":
            if trace.steps[j].failed:
                return i, reference[i], "failed"
            position = i + 1
        elif op == "missing":
            return i, reference[i], "missing"
        else:
            return position, actions[j], "extra"
    last = reference[-1] if reference else (actions[-1] if actions else "")
    return max(0, len(reference) - 1), last, "outcome"


def risk_points(reference: Sequence[str], traces: Sequence[Trace]) -> list[RiskPoint]:
    """The first divergence of every failed trace, counted; most frequent first."""
    counts: Counter[tuple[int, str, RiskKind]] = Counter(divergence(reference, t) for t in traces if not t.success)
    return [
        RiskPoint(position=p, action=a, kind=k, count=c)
        for (p, a, k), c in sorted(counts.items(), key=lambda item: (-item[1], item[0][0], item[0][1]))
    ]


# -- the whole template ---------------------------------------------------------------------


def induce(traces: Sequence[Trace], support: float = SUPPORT) -> Template | None:
    """The workflow template of one task type's traces; ``None`` without a successful trace."""
    successful = [t for t in traces if t.success]
    if not successful:
        return None
    common = consensus([t.actions for t in successful], support)
    steps, slots = abstract_parameters(common, successful)
    reference = [s.action for s in steps]
    return Template(
        steps=tuple(steps),
        slots=tuple(slots),
        risk_points=tuple(risk_points(reference, traces)),
        success_count=len(successful),
        failure_count=len(traces) - len(successful),
    )


# -- clustering tasks by meaning ------------------------------------------------------------


def cluster(vectors: NDArray[np.float32], threshold: float) -> list[list[int]]:
    """Average-linkage agglomerative clustering of unit vectors by cosine similarity.

    Merges the most similar pair of clusters while their mean pairwise cosine is at least
    ``threshold``. Deterministic: ties go to the lowest indices; clusters are returned
    ordered by their first member, members ascending.
    """
    n = int(vectors.shape[0])
    if n == 0:
        return []
    sim = (vectors @ vectors.T).astype(np.float64)
    members: dict[int, list[int]] = {i: [i] for i in range(n)}
    linkage = sim.copy()
    np.fill_diagonal(linkage, -np.inf)
    while len(members) > 1:
        flat = int(np.argmax(linkage))
        a, b = divmod(flat, n)
        if linkage[a, b] < threshold:
            break
        a, b = min(a, b), max(a, b)
        size_a, size_b = len(members[a]), len(members[b])
        # Lance-Williams update for average linkage: the merged cluster's mean similarity.
        merged = (linkage[a] * size_a + linkage[b] * size_b) / (size_a + size_b)
        linkage[a, :] = merged
        linkage[:, a] = merged
        linkage[a, a] = -np.inf
        linkage[b, :] = -np.inf
        linkage[:, b] = -np.inf
        members[a] = sorted(members[a] + members.pop(b))
    return sorted(members.values(), key=lambda group: group[0])


__all__ = [
    "SUPPORT",
    "AlignOp",
    "RiskKind",
    "RiskPoint",
    "Slot",
    "Template",
    "TemplateStep",
    "Trace",
    "TraceStep",
    "abstract_parameters",
    "align",
    "cluster",
    "consensus",
    "divergence",
    "edit_distance",
    "induce",
    "labels",
    "risk_points",
    "sequence_similarity",
    "step_failed",
]
