"""Retrieval benchmark: evidence recall of ``Memory.search`` on public conversation benchmarks.

    python -m bench.retrieval --dataset locomo --out bench/results/retrieval-locomo.md
    palimpsest bench retrieval --dataset longmemeval --embedder e5
    palimpsest bench retrieval --dataset madial

Everything goes through the product: a fresh :class:`~palimpsest.Memory` per run (a
temporary SQLite file unless ``--url`` says otherwise), ``Memory.add`` to ingest and
``Memory.search`` to rank ("ours"). The baselines come from the same store in the same
run: ``memory.conversation.episode_scores(...)`` returns the lexical (BM25) and vector
candidate dicts that ``search`` fuses, and each is ranked on its own ("bm25", "vector").

Data is read from ``../shared/benchmarks/`` (relative to the project root) and never
copied. Its README's protocol and hazards are applied here:

- LoCoMo: evidence strings repaired (split on ``[;,\\s]``, ``D:11:26`` → ``D11:26``,
  ``D30:05`` → ``D30:5``, unknown ids dropped); questions left without evidence excluded;
  session dates without a session ignored. Each conversation is its own user, each LoCoMo
  session a session, the session date (UTC) the turn time. Both speakers are stored with
  role ``user`` and their name in ``metadata["speaker"]``; image turns append
  `` [image: <caption>]``. ``Memory.add`` takes one metadata mapping per call, so every turn
  is its own call (the turn's ``dia_id`` and speaker differ from its neighbours'); turn i of
  a session is stamped ``session date + i seconds`` so the store's order is the dialogue's.
- LongMemEval: ``answer_*`` session ids renamed, ``has_answer`` dropped before ingest,
  sessions sorted by date; only user turns indexed (official protocol), one ``Memory.add``
  per session. Each question is its own user holding its own haystack. Abstention
  questions and those with no user-side ``has_answer`` are skipped.
- MADial-Bench: the 160 memories are one user's turns, each memory its own session (so
  no memory lends score to an unrelated "neighbour"). Query: the last
  ``MADIAL_CONTEXT_TURNS`` turns before the test turn, speaker tags kept as names.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import platform
import re
import shlex
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from palimpsest import Memory, __version__
from palimpsest.config import Config
from palimpsest.conversation import content_hash

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DATA_DIR = PROJECT_ROOT.parent / "shared" / "benchmarks"
RESULTS_DIR = PROJECT_ROOT / "bench" / "results"
DATASETS = ("locomo", "longmemeval", "madial")
EMBEDDERS = ("e5", "use", "hash")
SYSTEMS = ("ours", "bm25", "vector")
ROLE = "user"
MADIAL_CONTEXT_TURNS = 3
"""How many dialogue turns before the test turn form the MADial query (the latest context)."""

LOCOMO_CATEGORIES = {4: "single-hop", 1: "multi-hop", 2: "temporal", 3: "open-domain", 5: "adversarial"}
LONGMEMEVAL_DEFAULT = "longmemeval_s_subset34.json"
LOCOMO_SPLITS = {
    "conversations 0-4 (tuning split of the fusion and passage-context weights)": range(0, 5),
    "conversations 5-9 (held out)": range(5, 10),
}
"""LoCoMo conversations (by position in the file) that weights were tuned on, and those held out."""


# -- the neutral shape every loader produces ---------------------------------------------


@dataclass(frozen=True, slots=True)
class Utterance:
    """One unit to store: ``key`` is the benchmark's id for it (dia_id, session:turn, memory id)."""

    key: str
    user_id: str
    session_id: str
    at: datetime
    content: str
    metadata: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Probe:
    """One question: ``relevant`` are keys of evidence units; ``sessions`` evidence sessions (oldest first)."""

    user_id: str
    query: str
    category: str
    relevant: tuple[str, ...]
    sessions: tuple[str, ...] = ()


@dataclass(frozen=True)
class Dataset:
    name: str
    utterances: list[Utterance]
    probes: list[Probe]
    depth: int
    """How many ranked units to fetch per probe and system."""
    notes: tuple[str, ...] = ()
    extra: Mapping[str, Any] = field(default_factory=dict)


# -- LoCoMo --------------------------------------------------------------------------------

_EVIDENCE_SPLIT = re.compile(r"[;,\s]+")
_DIA_ID = re.compile(r"^D:?(\d+):0*(\d+)$")


def repair_evidence(evidence: Iterable[str], known: Iterable[str] | None = None) -> list[str]:
    """LoCoMo evidence ids, repaired as the benchmark README says, unique and in order.

    ``"D8:6; D9:17"`` → ``["D8:6", "D9:17"]``, ``"D:11:26"`` → ``D11:26``, ``"D30:05"`` →
    ``D30:5``; anything else unparseable, and ids not in ``known`` (when given), is dropped.
    """
    valid = None if known is None else set(known)
    out: list[str] = []
    for raw in evidence:
        for part in _EVIDENCE_SPLIT.split(str(raw)):
            match = _DIA_ID.match(part.strip())
            if match is None:
                continue
            dia_id = f"D{int(match.group(1))}:{int(match.group(2))}"
            if (valid is None or dia_id in valid) and dia_id not in out:
                out.append(dia_id)
    return out


def parse_locomo_date(text: str) -> datetime:
    """``"1:56 pm on 8 May, 2023"`` → 2023-05-08 13:56 UTC."""
    return datetime.strptime(" ".join(text.split()), "%I:%M %p on %d %B, %Y").replace(tzinfo=UTC)


def _locomo_sessions(conversation: Mapping[str, Any]) -> list[int]:
    numbers = (int(k.split("_")[1]) for k in conversation if re.fullmatch(r"session_\d+", k))
    return sorted(n for n in numbers if isinstance(conversation[f"session_{n}"], list))


def load_locomo(path: Path, *, limit_conversations: int | None = None, limit_questions: int | None = None) -> Dataset:
    data = json.loads(path.read_text(encoding="utf-8"))[:limit_conversations]
    utterances: list[Utterance] = []
    probes: list[Probe] = []
    excluded = 0
    for sample in data:
        user_id = str(sample["sample_id"])
        conversation = sample["conversation"]
        known: set[str] = set()
        for number in _locomo_sessions(conversation):
            start = parse_locomo_date(conversation[f"session_{number}_date_time"])
            for i, turn in enumerate(conversation[f"session_{number}"]):
                content = turn["text"].strip()
                if turn.get("blip_caption"):
                    content = f"{content} [image: {turn['blip_caption'].strip()}]".strip()
                known.add(turn["dia_id"])
                utterances.append(
                    Utterance(
                        key=turn["dia_id"],
                        user_id=user_id,
                        session_id=f"session_{number}",
                        at=start + timedelta(seconds=i),
                        content=content,
                        metadata={"speaker": turn["speaker"], "dia_id": turn["dia_id"]},
                    )
                )
        questions = sample["qa"][:limit_questions]
        for qa in questions:
            evidence = repair_evidence(qa.get("evidence", []), known)
            if not evidence:
                excluded += 1
                continue
            category = LOCOMO_CATEGORIES[int(qa["category"])]
            probes.append(Probe(user_id, str(qa["question"]), category, tuple(evidence)))
    notes = (
        f"{len(data)} conversations, {len(utterances):,} turns, {len(probes):,} questions "
        f"({excluded} without usable evidence excluded).",
        "Each turn is one `Memory.add` call (role `user`, metadata speaker + dia_id, "
        "time = session date + turn index seconds, UTC).",
    )
    order = [str(sample["sample_id"]) for sample in data]
    return Dataset("locomo", utterances, probes, depth=50, notes=notes, extra={"conversations": order})


# -- LongMemEval ------------------------------------------------------------------------------


def parse_longmemeval_date(text: str) -> datetime:
    """``"2023/05/20 (Sat) 02:21"`` → 2023-05-20 02:21 UTC."""
    return datetime.strptime(re.sub(r"\s*\(\w+\)\s*", " ", text).strip(), "%Y/%m/%d %H:%M").replace(tzinfo=UTC)


def _read_json(path: Path) -> Any:
    if path.suffix == ".gz":
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            return json.load(handle)
    return json.loads(path.read_text(encoding="utf-8"))


def _longmemeval_question(item: Mapping[str, Any], user_id: str) -> tuple[list[Utterance], Probe | None]:
    """One question's haystack (hazards stripped) and its probe (None when it is not scored)."""
    dated = sorted(
        zip(item["haystack_dates"], item["haystack_session_ids"], item["haystack_sessions"], strict=True),
        key=lambda entry: parse_longmemeval_date(entry[0]),
    )
    # Neutral session names in date order: the original ids mark evidence ("answer_...").
    renamed = {original: f"s{n:03d}" for n, (_, original, _) in enumerate(dated)}
    utterances: list[Utterance] = []
    evidence: list[str] = []
    for date, original, turns in dated:
        session = renamed[original]
        at = parse_longmemeval_date(date)
        for index, turn in enumerate(turns):
            if turn["role"] != "user" or not str(turn["content"]).strip():
                continue
            key = f"{session}:{index}"
            if turn.get("has_answer"):
                evidence.append(key)
            # Only the role and the words reach the product; has_answer stays here.
            utterances.append(Utterance(key, user_id, session, at, str(turn["content"]).strip()))
    scored = not str(item["question_id"]).endswith("_abs") and bool(evidence)
    if not scored:
        return utterances, None
    answer_sessions = tuple(renamed[s] for s in item["answer_session_ids"] if s in renamed)
    ordered = tuple(sorted(answer_sessions))  # renamed ids sort by date
    return utterances, Probe(user_id, str(item["question"]), str(item["question_type"]), tuple(evidence), ordered)


def load_longmemeval(path: Path, *, limit_questions: int | None = None) -> Dataset:
    items = _read_json(path)[:limit_questions]
    utterances: list[Utterance] = []
    probes: list[Probe] = []
    for item in items:
        found, probe = _longmemeval_question(item, user_id=f"q-{item['question_id']}")
        if probe is None:
            continue  # its haystack is not needed either
        utterances.extend(found)
        probes.append(probe)
    notes = (
        f"{path.name}: {len(items)} questions, {len(probes)} scored (abstention questions and those with no "
        f"user-side evidence skipped), {len(utterances):,} user turns indexed.",
        "Each question is its own user holding its haystack; one `Memory.add` per session (user turns only, "
        "time = session date UTC); `answer_*` ids renamed and `has_answer` dropped before ingest.",
    )
    return Dataset("longmemeval", utterances, probes, depth=50, notes=notes, extra={"file": path.name})


# -- MADial-Bench ----------------------------------------------------------------------------


def _json_lines(path: Path) -> Iterator[Any]:
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            if line.strip():
                yield json.loads(line)


def _madial_time(text: str) -> datetime:
    try:
        parsed = datetime.fromisoformat(text.strip())
    except ValueError:
        return datetime(2023, 1, 1, tzinfo=UTC)  # unparseable: one fixed, stated default
    return parsed.replace(tzinfo=UTC) if parsed.tzinfo is None else parsed.astimezone(UTC)


_TAG = re.compile(r"^<([^>]+)>:\s*")


def madial_query(dialogue: Sequence[str], test_turn: int, context: int = MADIAL_CONTEXT_TURNS) -> str:
    """The last ``context`` turns before ``test_turn`` as ``Name: words`` lines."""
    lines: list[str] = []
    for raw in dialogue[:test_turn]:
        text = raw.strip()
        if text in {"<BOD>", "<EOD>"} or not text:
            continue
        match = _TAG.match(text)
        speaker = match.group(1) if match else ""
        words = text[match.end() :] if match else text
        words = words.strip().strip('"').strip()
        lines.append(f"{speaker}: {words}" if speaker else words)
    return "\n".join(lines[-context:])


def load_madial(directory: Path, *, limit_questions: int | None = None) -> Dataset:
    user_id = "madial"
    utterances: list[Utterance] = []
    for row in _json_lines(directory / "MADial-Bench-en-memory.json"):
        for memory_id, memory in row.items():
            content = f"{memory['event'].strip()} (scene: {memory['scene']}; emotion: {memory['emotion']})"
            utterances.append(
                Utterance(str(memory_id), user_id, f"memory-{memory_id}", _madial_time(str(memory["time"])), content)
            )
    dialogues = list(_json_lines(directory / "MADial-Bench-en-dialogue.json"))[:limit_questions]
    probes = [
        Probe(
            user_id,
            madial_query(d["dialogue"], int(d["test-turn"][0])),
            "all",
            tuple(str(r) for r in d["relevant-id"]),
        )
        for d in dialogues
    ]
    published = {
        path.name.split("_top_")[0]: [[str(i) for i in row["top-20-ids"]] for row in _json_lines(path)][: len(probes)]
        for path in sorted((directory / "published_rankings").glob("*.json"))
    }
    notes = (
        f"{len(utterances)} memories (one user; each memory its own session; content = event + scene + emotion; "
        "time from its `time` field), "
        f"{len(probes)} dialogues.",
        f"Query = the last {MADIAL_CONTEXT_TURNS} turns before the test turn, as `Name: words` lines.",
    )
    return Dataset("madial", utterances, probes, depth=20, notes=notes, extra={"published": published})


# -- the runner ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Timing:
    seconds: float
    count: int

    @property
    def rate(self) -> float:
        return self.count / self.seconds if self.seconds > 0 else 0.0


@dataclass
class Run:
    """Rankings of every system for every probe (keys, best first), plus timings."""

    dataset: Dataset
    rankings: dict[str, list[list[str]]]
    ingest: Timing
    stored: int
    search_ms: list[float]
    embedder: str
    url: str


def _batches(utterances: Sequence[Utterance]) -> Iterator[list[Utterance]]:
    """Consecutive utterances one ``Memory.add`` call can carry (same user, session, metadata)."""
    batch: list[Utterance] = []
    for u in utterances:
        if batch and (u.user_id, u.session_id, u.metadata) != (
            batch[0].user_id,
            batch[0].session_id,
            batch[0].metadata,
        ):
            yield batch
            batch = []
        batch.append(u)
    if batch:
        yield batch


def ingest(memory: Memory, utterances: Sequence[Utterance]) -> dict[str, str]:
    """Store every utterance through ``Memory.add``; returns stored turn id → benchmark key."""
    keys: dict[str, str] = {}
    for batch in _batches(utterances):
        first = batch[0]
        result = memory.add(
            [{"role": ROLE, "content": u.content} for u in batch],
            user_id=first.user_id,
            session_id=first.session_id,
            at=first.at,
            metadata=dict(first.metadata),
        )
        waiting: dict[str, list[str]] = defaultdict(list)
        for u in batch:
            waiting[content_hash(ROLE, u.content)].append(u.key)
        for turn in result.turns:  # duplicates within a session are stored once
            pending = waiting.get(turn.content_hash)
            if pending:
                keys[turn.id] = pending.pop(0)
    return keys


def _ranked(scores: Mapping[str, float], keys: Mapping[str, str], depth: int) -> list[str]:
    order = sorted(scores.items(), key=lambda kv: -kv[1])
    return [keys[turn_id] for turn_id, _ in order if turn_id in keys][:depth]


def rank_probe(memory: Memory, probe: Probe, keys: Mapping[str, str], depth: int) -> tuple[dict[str, list[str]], float]:
    """Each system's ranking for one probe, and the latency of ``Memory.search`` in ms."""
    started = time.perf_counter()
    hits = memory.search(probe.query, user_id=probe.user_id, limit=depth)
    elapsed = (time.perf_counter() - started) * 1000
    lexical, vector, _ = memory.conversation.episode_scores(probe.query, user_id=probe.user_id)
    ours = [keys[h.id] for h in hits if h.id in keys]
    return {"ours": ours, "bm25": _ranked(lexical, keys, depth), "vector": _ranked(vector, keys, depth)}, elapsed


@contextmanager
def open_memory(url: str | None, embedder: str) -> Iterator[tuple[Memory, str]]:
    """A fresh store: ``url`` when given, else a SQLite file in a temporary directory."""
    with tempfile.TemporaryDirectory(prefix="palimpsest-bench-") as tmp:
        target = url or f"sqlite:///{Path(tmp) / 'bench.db'}"
        memory = Memory(config=Config(url=target, embedder=embedder, actor="bench"))
        try:
            yield memory, target
        finally:
            memory.close()


def run(
    dataset: Dataset,
    *,
    url: str | None = None,
    embedder: str = "e5",
    progress: Callable[[str], None] | None = None,
) -> Run:
    say = progress or (lambda _message: None)
    with open_memory(url, embedder) as (memory, target):
        say(f"ingesting {len(dataset.utterances):,} units into {target.split('://')[0]}://…")
        started = time.perf_counter()
        keys = ingest(memory, dataset.utterances)
        ingest_timing = Timing(time.perf_counter() - started, len(dataset.utterances))
        say(f"ingested in {ingest_timing.seconds:.1f}s ({ingest_timing.rate:.1f} units/s); querying…")
        rankings: dict[str, list[list[str]]] = {s: [] for s in SYSTEMS}
        latencies: list[float] = []
        for n, probe in enumerate(dataset.probes, start=1):
            ranked, elapsed = rank_probe(memory, probe, keys, dataset.depth)
            latencies.append(elapsed)
            for system in SYSTEMS:
                rankings[system].append(ranked[system])
            if n % 200 == 0:
                say(f"{n}/{len(dataset.probes)} questions")
    return Run(dataset, rankings, ingest_timing, len(keys), latencies, embedder, target)


# -- metrics -----------------------------------------------------------------------------------


def recall_at(relevant: Sequence[str], ranked: Sequence[str], k: int) -> float:
    """|relevant ∩ top-k| / |relevant| (0 when nothing is relevant)."""
    wanted = set(relevant)
    return len(wanted & set(ranked[:k])) / len(wanted) if wanted else 0.0


def recall_all_at(relevant: Sequence[str], ranked: Sequence[str], k: int) -> float:
    return 1.0 if set(relevant) <= set(ranked[:k]) else 0.0


def recall_any_at(relevant: Sequence[str], ranked: Sequence[str], k: int) -> float:
    return 1.0 if set(relevant) & set(ranked[:k]) else 0.0


def ndcg_at(relevant: Sequence[str], ranked: Sequence[str], k: int) -> float:
    """Binary-relevance nDCG@k."""
    wanted = set(relevant)
    dcg = sum(1.0 / math.log2(i + 2) for i, key in enumerate(ranked[:k]) if key in wanted)
    ideal = sum(1.0 / math.log2(i + 2) for i in range(min(len(wanted), k)))
    return dcg / ideal if ideal else 0.0


def sessions_of(ranked: Sequence[str]) -> list[str]:
    """Unique sessions of ``session:turn`` keys, in rank order."""
    return list(dict.fromkeys(key.split(":", 1)[0] for key in ranked))


def newest_above_stale(probe: Probe, ranked: Sequence[str]) -> float:
    """Knowledge update: 1 when the newest evidence session ranks above the oldest (absent = last)."""
    order = sessions_of(ranked)
    position = {s: i for i, s in enumerate(order)}
    stale, newest = probe.sessions[0], probe.sessions[-1]
    return 1.0 if position.get(newest, math.inf) < position.get(stale, math.inf) else 0.0


Metric = Callable[[Probe, Sequence[str]], float]


def _recall(k: int) -> Metric:
    return lambda probe, ranked: recall_at(probe.relevant, ranked, k)


def _session_any(k: int) -> Metric:
    return lambda probe, ranked: recall_any_at(probe.sessions, sessions_of(ranked), k)


def _turn_all(k: int) -> Metric:
    return lambda probe, ranked: recall_all_at(probe.relevant, ranked, k)


def _ndcg(k: int) -> Metric:
    return lambda probe, ranked: ndcg_at(probe.relevant, ranked, k)


def locomo_metrics() -> dict[str, Metric]:
    return {f"R@{k}": _recall(k) for k in (5, 10, 25, 50)}


def longmemeval_metrics() -> dict[str, Metric]:
    """Sessions are ranked by their best turn (the first k unique sessions of the turn ranking)."""
    return {
        **{f"session any@{k}": _session_any(k) for k in (5, 10)},
        **{f"turn all@{k}": _turn_all(k) for k in (5, 10)},
    }


def madial_metrics() -> dict[str, Metric]:
    return {"R@5": _recall(5), "R@10": _recall(10), "nDCG@5": _ndcg(5), "nDCG@10": _ndcg(10)}


METRICS: dict[str, Callable[[], dict[str, Metric]]] = {
    "locomo": locomo_metrics,
    "longmemeval": longmemeval_metrics,
    "madial": madial_metrics,
}
CATEGORY_ORDER = {
    "locomo": [LOCOMO_CATEGORIES[c] for c in (4, 1, 2, 3, 5)],
    "longmemeval": [
        "single-session-user",
        "single-session-assistant",
        "single-session-preference",
        "multi-session",
        "knowledge-update",
        "temporal-reasoning",
    ],
    "madial": ["all"],
}


@dataclass(frozen=True)
class Scores:
    """``values[system][category][metric]`` means; ``counts[category]`` probes; ``overall`` included."""

    values: dict[str, dict[str, dict[str, float]]]
    counts: dict[str, int]
    extra: dict[str, dict[str, float]]


def score(dataset: Dataset, rankings: Mapping[str, Sequence[Sequence[str]]]) -> Scores:
    metrics = METRICS[dataset.name]()
    categories = [c for c in CATEGORY_ORDER[dataset.name] if any(p.category == c for p in dataset.probes)]
    if dataset.name != "madial":
        categories.append("overall")
    counts = {c: sum(1 for p in dataset.probes if c in (p.category, "overall")) for c in categories}
    values: dict[str, dict[str, dict[str, float]]] = {}
    for system, ranked in rankings.items():
        table: dict[str, dict[str, float]] = {}
        for category in categories:
            chosen = [
                (p, r) for p, r in zip(dataset.probes, ranked, strict=True) if category in (p.category, "overall")
            ]
            table[category] = {name: statistics.fmean(m(p, r) for p, r in chosen) for name, m in metrics.items()}
        values[system] = table
    extra: dict[str, dict[str, float]] = {}
    order = dataset.extra.get("conversations", [])
    for title, chosen in LOCOMO_SPLITS.items():
        users = {order[i] for i in chosen if i < len(order)}
        picked = [i for i, p in enumerate(dataset.probes) if p.user_id in users]
        if picked:
            extra[f"R@10, {title} ({len(picked)} questions)"] = {
                system: statistics.fmean(recall_at(dataset.probes[i].relevant, rankings[system][i], 10) for i in picked)
                for system in rankings
            }
    if dataset.name == "longmemeval":
        updates = [
            (i, p) for i, p in enumerate(dataset.probes) if p.category == "knowledge-update" and len(p.sessions) > 1
        ]
        if updates:
            extra["knowledge-update: newest evidence session above the stale one"] = {
                system: statistics.fmean(newest_above_stale(p, rankings[system][i]) for i, p in updates)
                for system in rankings
            }
    return Scores(values, counts, extra)


def published_scores(dataset: Dataset) -> dict[str, dict[str, float]]:
    """MADial's published top-20 rankings scored with the same formulas as ours."""
    metrics = madial_metrics()
    out: dict[str, dict[str, float]] = {}
    for name, rows in dataset.extra.get("published", {}).items():
        pairs = list(zip(dataset.probes, rows, strict=False))
        out[name] = {m: statistics.fmean(f(p, r) for p, r in pairs) for m, f in metrics.items()}
    return out


# -- the report ----------------------------------------------------------------------------------


def _percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def machine_facts() -> str:
    cpu = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        names = [
            line.split(":", 1)[1].strip() for line in cpuinfo.read_text().splitlines() if line.startswith("model name")
        ]
        cpu = names[0] if names else cpu
    return (
        f"{platform.system()} {platform.release()}, {cpu}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"palimpsest {__version__}, OMP_NUM_THREADS={os.environ.get('OMP_NUM_THREADS', 'unset')}"
    )


def render(result: Run, scores: Scores, command: str, when: datetime) -> str:
    dataset = result.dataset
    metric_names = list(METRICS[dataset.name]())
    lines = [
        f"# Retrieval benchmark: {dataset.name}",
        "",
        f"- command: `{command}`",
        f"- date: {when.strftime('%Y-%m-%d %H:%M UTC')}",
        f"- machine: {machine_facts()}",
        f"- store: `{result.url.split('://')[0]}://` (fresh, temporary), embedder `{result.embedder}`",
        *(f"- {note}" for note in dataset.notes),
        f"- ingest: {result.ingest.count:,} units ({result.stored:,} stored) in {result.ingest.seconds:.1f} s "
        f"= {result.ingest.rate:.1f} units/s (through `Memory.add`, embedding included)",
        f"- `Memory.search` latency over {len(result.search_ms)} queries: "
        f"p50 {_percentile(result.search_ms, 0.5):.1f} ms, p95 {_percentile(result.search_ms, 0.95):.1f} ms",
        "- systems: **ours** = `Memory.search`; **bm25** = the lexical candidates of "
        "`memory.conversation.episode_scores` ranked alone; **vector** = its vector candidates ranked alone "
        "(same store, same run).",
        "",
    ]
    categories = list(scores.counts)
    for metric in metric_names:
        lines += [f"## {metric}", ""]
        lines.append("| system | " + " | ".join(f"{c} ({scores.counts[c]})" for c in categories) + " |")
        lines.append("|---" * (len(categories) + 1) + "|")
        for system, table in scores.values.items():
            cells = " | ".join(f"{table[c][metric]:.3f}" for c in categories)
            lines.append(f"| {'**ours**' if system == 'ours' else system} | {cells} |")
        lines.append("")
    for title, per_system in scores.extra.items():
        lines += [f"## {title}", "", "| system | value |", "|---|---|"]
        lines += [f"| {s} | {v:.3f} |" for s, v in per_system.items()]
        lines.append("")
    if dataset.name == "madial":
        published = published_scores(dataset)
        if published:
            lines += ["## Published rankings (same formulas, same dialogues)", ""]
            lines.append("| ranking | " + " | ".join(metric_names) + " |")
            lines.append("|---" * (len(metric_names) + 1) + "|")
            for name, values in published.items():
                lines.append(f"| {name} | " + " | ".join(f"{values[m]:.3f}" for m in metric_names) + " |")
            lines.append("")
    return "\n".join(lines)


# -- entry points ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Options:
    dataset: str = "locomo"
    file: str | None = None
    limit_conversations: int | None = None
    limit_questions: int | None = None
    embedder: str = "e5"
    url: str | None = None
    out: Path | None = None
    data_dir: Path = DATA_DIR


def load(options: Options) -> Dataset:
    root = options.data_dir
    if options.dataset == "locomo":
        path = root / "locomo" / (options.file or "locomo10.json")
        return load_locomo(
            path, limit_conversations=options.limit_conversations, limit_questions=options.limit_questions
        )
    if options.dataset == "longmemeval":
        return load_longmemeval(
            root / "longmemeval" / (options.file or LONGMEMEVAL_DEFAULT), limit_questions=options.limit_questions
        )
    if options.dataset == "madial":
        return load_madial(root / (options.file or "madial-en"), limit_questions=options.limit_questions)
    raise ValueError(f"unknown dataset {options.dataset!r}; expected one of {', '.join(DATASETS)}")


def default_out(dataset: str) -> Path:
    return RESULTS_DIR / f"retrieval-{dataset}.md"


def benchmark(options: Options, command: str, progress: Callable[[str], None] | None = None) -> tuple[str, Path]:
    """Load, run, score and write the report; returns (markdown, where it was written)."""
    dataset = load(options)
    result = run(dataset, url=options.url, embedder=options.embedder, progress=progress)
    report = render(result, score(dataset, result.rankings), command, datetime.now(UTC))
    out = options.out or default_out(options.dataset)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(report + "\n", encoding="utf-8")
    return report, out


def parse_args(argv: Sequence[str] | None = None) -> Options:
    parser = argparse.ArgumentParser(prog="python -m bench.retrieval", description=__doc__.split("\n\n")[0])
    parser.add_argument("--dataset", choices=DATASETS, default="locomo")
    parser.add_argument("--file", help="data file inside the dataset's folder (longmemeval: longmemeval_s_498.json.gz)")
    parser.add_argument("--limit-conversations", type=int)
    parser.add_argument("--limit-questions", type=int)
    parser.add_argument("--embedder", choices=EMBEDDERS, default="e5")
    parser.add_argument("--url", help="store URL (default: a temporary SQLite file)")
    parser.add_argument("--out", type=Path)
    parser.add_argument("--data-dir", type=Path, default=DATA_DIR)
    args = parser.parse_args(argv)
    return Options(
        dataset=args.dataset,
        file=args.file,
        limit_conversations=args.limit_conversations,
        limit_questions=args.limit_questions,
        embedder=args.embedder,
        url=args.url,
        out=args.out,
        data_dir=args.data_dir,
    )


def main(argv: Sequence[str] | None = None) -> None:
    options = parse_args(argv)
    command = shlex.join(["python", "-m", "bench.retrieval", *(sys.argv[1:] if argv is None else argv)])
    report, out = benchmark(options, command, progress=lambda m: print(m, file=sys.stderr, flush=True))
    print(report)
    print(f"written to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
