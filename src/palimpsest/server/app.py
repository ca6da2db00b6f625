"""The REST API: one FastAPI app over one :class:`~palimpsest.Memory` (OpenAPI at ``/docs``).

Every data route runs on ``memory.with_tenant(<the tenant of the caller's key>)`` and calls
exactly one library method; errors are mapped by type in :mod:`palimpsest.server.errors`.
Admin routes (``/v1/admin/...``, ``/metrics``) need the admin key: tenants, keys and health.
``/ui`` (the memory panel) and ``/ui/health`` (the dashboard) are static pages that call these routes.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import contextlib
import contextvars
import functools
import inspect
import logging
import threading
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Annotated, Any, TypeVar

from fastapi import APIRouter, Depends, FastAPI, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from palimpsest import __version__
from palimpsest.errors import NotFoundError, PalimpsestError, PermissionDeniedError, ValidationError
from palimpsest.facts import FactInput
from palimpsest.files import StoredFile
from palimpsest.memory import Memory
from palimpsest.server import schemas as s
from palimpsest.server.auth import KeyStore, Principal, RateLimiter, SessionOwners
from palimpsest.server.errors import (
    HTTP_CODES,
    MalformedRequestError,
    PayloadTooLargeError,
    RateLimitedError,
    error_body,
    status_of,
)
from palimpsest.server.tenants import TenantMemories
from palimpsest.surface import parse_query_time, to_jsonable
from palimpsest.types import NOW, TimeArg

T = TypeVar("T")
logger = logging.getLogger(__name__)

STATIC = Path(__file__).resolve().parent / "static"
MAX_PAGE = 500
DEFAULT_PAGE = 50


@dataclass(frozen=True, slots=True)
class RateLimit:
    per_second: float = 500.0
    burst: int = 1000


# -- request size ----------------------------------------------------------------------------


class BodyLimit:
    """Refuses bodies over ``max_bytes`` with 413, by Content-Length or while a chunked body streams."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.max_bytes:
            await self._refuse(scope, send)
            return
        if declared is not None:
            await self.app(scope, receive, send)
            return
        # No length declared (a chunked body): read it here, up to the limit, then replay it.
        body = b""
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay([message]), send)
                return
            body += message.get("body", b"")
            more = bool(message.get("more_body", False))
            if len(body) > self.max_bytes:
                await self._refuse(scope, send)
                return
        await self.app(scope, _replay([{"type": "http.request", "body": body, "more_body": False}], receive), send)

    def _message(self) -> str:
        return f"the request body is larger than {self.max_bytes} bytes"

    async def _refuse(self, scope: Scope, send: Send) -> None:
        response = JSONResponse(error_body(PayloadTooLargeError.code, self._message()), status_code=413)
        await response(scope, _no_body, send)


async def _no_body() -> Message:
    return {"type": "http.request", "body": b"", "more_body": False}


def _replay(messages: list[Message], then: Receive | None = None) -> Receive:
    """A ``receive`` that hands out ``messages`` first, then defers to ``then`` (disconnects)."""
    pending = list(messages)

    async def receive() -> Message:
        if pending:
            return pending.pop(0)
        if then is None:
            return {"type": "http.disconnect"}
        return await then()

    return receive


# -- error mapping ---------------------------------------------------------------------------


def _error_response(exc: PalimpsestError) -> JSONResponse:
    headers = {"Retry-After": str(max(1, round(exc.retry_after)))} if isinstance(exc, RateLimitedError) else None
    return JSONResponse(error_body(exc.code, exc.message), status_code=status_of(exc), headers=headers)


async def _on_palimpsest_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, PalimpsestError)
    return _error_response(exc)


async def _on_validation_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors: Sequence[Any] = exc.errors()
    if any(e.get("type") == "json_invalid" for e in errors):
        return _error_response(MalformedRequestError("the request body is not valid JSON"))
    parts = [".".join(str(p) for p in e.get("loc", ())) + f": {e.get('msg', '')}" for e in errors]
    return JSONResponse(error_body("MEM_ERR_INVALID", "; ".join(parts)), status_code=422)


async def _on_http_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    code = HTTP_CODES.get(exc.status_code, f"MEM_ERR_HTTP_{exc.status_code}")
    return JSONResponse(error_body(code, str(exc.detail)), status_code=exc.status_code)


# -- helpers ---------------------------------------------------------------------------------


Limit = Annotated[int, Query(ge=1, le=MAX_PAGE, description=f"Page size (at most {MAX_PAGE}).")]
Offset = Annotated[int, Query(ge=0, description="Rows to skip.")]
TimeQuery = Annotated[str, Query(description="'now' (default), 'all' (every point in time) or an ISO 8601 time.")]


def _page(items: Sequence[T], limit: int, offset: int, more: bool | None = None) -> dict[str, Any]:
    """A page of ``items`` (already cut when ``more`` is given, else cut here)."""
    if more is None:
        more = len(items) > offset + limit
        items = items[offset : offset + limit]
    return {"items": list(items), "limit": limit, "offset": offset, "next_offset": offset + limit if more else None}


def _times(valid_at: str, known_at: str) -> tuple[TimeArg, TimeArg]:
    return parse_query_time(valid_at, "valid_at"), parse_query_time(known_at, "known_at")


@dataclass(frozen=True, slots=True)
class _Surface:
    """What the dependencies below need, kept on ``app.state``."""

    memory: Memory
    keys: KeyStore
    tenants: TenantMemories
    limiter: RateLimiter | None
    owners: SessionOwners


# The dependencies below are async so that FastAPI runs them on the event loop: a sync one
# costs a hop to the thread pool and back per request. They only touch the store (blocking
# I/O) on a cache miss, and then in the thread pool.


async def _principal(request: Request) -> Principal:
    surface: _Surface = request.app.state.surface
    header = request.headers.get("authorization", "")
    key = header[7:].strip() if header.lower().startswith("bearer ") else request.headers.get("x-api-key")
    found = surface.keys.recently_verified(key)
    if found is None:
        found = await run_in_threadpool(surface.keys.authenticate, key)
    if surface.limiter is not None:
        surface.limiter.take(found.key_id)
    return found


async def _admin(who: Annotated[Principal, Depends(_principal)]) -> Principal:
    if not who.is_admin:
        raise PermissionDeniedError("this route needs the admin key")
    return who


async def _memory(request: Request, who: Annotated[Principal, Depends(_principal)]) -> Memory:
    if who.tenant is None:
        raise PermissionDeniedError("the admin key manages tenants and keys; use a tenant's key for data")
    surface: _Surface = request.app.state.surface
    opened = surface.tenants.opened(who.tenant)
    return opened if opened is not None else await run_in_threadpool(surface.tenants, who.tenant)


async def _admin_surface(request: Request, _: Annotated[Principal, Depends(_admin)]) -> _Surface:
    surface: _Surface = request.app.state.surface
    return surface


async def _owners(request: Request) -> SessionOwners:
    surface: _Surface = request.app.state.surface
    return surface.owners


Mem = Annotated[Memory, Depends(_memory)]
AdminSurface = Annotated[_Surface, Depends(_admin_surface)]
Owners = Annotated[SessionOwners, Depends(_owners)]


# Agents call these in their loop and wait for the answer; everything else (writes, exports,
# purges, admin) may take long and must not queue in front of them.
_READ_LANE_ATTRIBUTE = "_palimpsest_read_lane"


def _read_lane(endpoint: Callable[..., T]) -> Callable[..., T]:
    """Mark ``endpoint`` as a point read that runs in the read lane (see :class:`_Lanes`)."""
    setattr(endpoint, _READ_LANE_ATTRIBUTE, True)
    return endpoint


class _Lanes:
    """The threads that run sync endpoints in a worker process.

    Point reads (recall, search, lookup, fact reads, finds) run on a small dedicated pool,
    ``read_threads`` threads, first come first served. The library's reads are CPU-bound under
    the GIL: with six threads taking turns at it, a recall on the embedded store cost 2.4 ms of
    CPU instead of 1.9 and p95 latency doubled (one worker, 8 clients: 409 req/s at p95 44 ms
    against 511 req/s at p95 22 ms with one thread). Each handoff of the GIL after a short
    SQLite call waits for the holder's switch interval. On a server database a read spends part
    of its time waiting for round trips, so two threads overlap those. Everything else runs on
    the event loop's default pool, so a slow export or an ``add`` that embeds with e5 never
    queues in front of a recall."""

    # Queries embedded together at most (the batch gain flattens out beyond this).
    MAX_QUERY_BATCH = 16

    def __init__(self, read_threads: int) -> None:
        if read_threads < 1:
            raise ValidationError("read_threads must be at least 1")
        self.read_threads = read_threads
        self.reads = ThreadPoolExecutor(read_threads, thread_name_prefix="palimpsest-read")
        # A hint, so bounded: reads cancelled before they ran leave entries that only others' batches take.
        self._waiting: deque[tuple[Memory, str]] = deque(maxlen=256)
        self._waiting_lock = threading.Lock()

    def shutdown(self) -> None:
        self.reads.shutdown(wait=False, cancel_futures=True)

    def announce(self, memory: Memory, query: str) -> None:
        """A read with this query joins the lane's queue (called before it is submitted)."""
        with self._waiting_lock:
            self._waiting.append((memory, query))

    def run_read(
        self, endpoint: Callable[..., T], args: Sequence[Any], kwargs: dict[str, Any], own: tuple[Memory, str] | None
    ) -> T:
        """Runs in the lane. A read whose query (``own``) is not embedded yet first embeds it
        together with the queries waiting behind it; then the read itself runs. Under load a
        worker's queue holds several recalls, so the reads behind find their vectors ready and
        the next batch gathers the ones that arrived meanwhile: with ``use`` a batch of 8 costs
        0.77 ms per query instead of 1.37 ms each. An idle lane embeds just its own query."""
        if own is not None and not own[0].conversation.query_cached(own[1]):
            self._embed_waiting()
        return endpoint(*args, **kwargs)

    def _embed_waiting(self) -> None:
        with self._waiting_lock:
            waiting = [self._waiting.popleft() for _ in range(min(len(self._waiting), self.MAX_QUERY_BATCH))]
        by_memory: dict[int, tuple[Memory, list[str]]] = {}
        for memory, query in waiting:
            by_memory.setdefault(id(memory), (memory, []))[1].append(query)
        for memory, queries in by_memory.values():
            try:
                memory.conversation.prepare_queries(queries)
            except Exception:  # a hint only: each read embeds its own query and reports its own error
                logger.debug("batched query embedding failed; each read embeds its own", exc_info=True)


_LANES: contextvars.ContextVar[_Lanes | None] = contextvars.ContextVar("palimpsest_lanes", default=None)


class _LaneContext:
    """Makes the app's :class:`_Lanes` visible to its endpoints (which see no request)."""

    def __init__(self, app: ASGIApp, lanes: _Lanes) -> None:
        self.app = app
        self.lanes = lanes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        token = _LANES.set(self.lanes)
        try:
            await self.app(scope, receive, send)
        finally:
            _LANES.reset(token)


def default_read_threads(memory: Memory) -> int:
    """One read thread on the embedded store (all CPU in process), two on a server database."""
    return 1 if memory.config.url.startswith(("sqlite:", "memory:")) else 2


def _in_worker_thread(endpoint: Callable[..., T]) -> Callable[..., Awaitable[T]]:
    """``endpoint`` (sync: the library blocks on its store) as a coroutine that runs it in a
    worker thread, with the caller's context variables, in one hop: the read lane's pool for
    point reads, else the event loop's default pool (``min(32, cores + 4)`` threads)."""
    reads = bool(getattr(endpoint, _READ_LANE_ATTRIBUTE, False))

    @functools.wraps(endpoint)
    async def run(*args: Any, **kwargs: Any) -> T:
        lanes = _LANES.get()
        context = contextvars.copy_context()
        loop = asyncio.get_running_loop()
        if not reads or lanes is None:
            return await loop.run_in_executor(None, functools.partial(context.run, endpoint, *args, **kwargs))
        memory, query = kwargs.get("m"), getattr(kwargs.get("body"), "query", None)
        own = (memory, query) if isinstance(memory, Memory) and isinstance(query, str) else None
        if own is not None:
            lanes.announce(*own)
        call = functools.partial(context.run, lanes.run_read, endpoint, args, kwargs, own)
        return await loop.run_in_executor(lanes.reads, call)

    return run


class _Route(APIRoute):
    """Runs sync endpoints with one plain executor hop. Left to FastAPI, a sync endpoint costs
    two hops through anyio's thread machinery per request (the endpoint, then the response
    validation), a fifth of the CPU time of a recall on the embedded store."""

    def __init__(self, path: str, endpoint: Callable[..., Any], **options: Any) -> None:
        if not inspect.iscoroutinefunction(endpoint):
            endpoint = _in_worker_thread(endpoint)
        super().__init__(path, endpoint, **options)


router = APIRouter(route_class=_Route)


def create_app(
    memory: Memory,
    *,
    admin_key: str | None,
    max_body_bytes: int = 1_000_000,
    rate_limit: RateLimit | None = RateLimit(),
    read_threads: int | None = None,
) -> FastAPI:
    """The REST API over ``memory``. ``admin_key``: the admin's key in plain text (else only a
    stored, hashed admin key works); ``rate_limit=None`` turns the per-key limit off;
    ``read_threads``: threads of the point-read lane (default :func:`default_read_threads`)."""
    lanes = _Lanes(default_read_threads(memory) if read_threads is None else read_threads)
    keys = KeyStore(memory, admin_key)
    limiter = None if rate_limit is None else RateLimiter(rate_limit.per_second, rate_limit.burst)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        try:
            yield
        finally:
            lanes.shutdown()

    app = FastAPI(
        lifespan=lifespan,
        title="palimpsest",
        version=__version__,
        description="Long-term memory for AI agents: bi-temporal facts, exact lookup, conversation memory.",
        responses={code: {"model": s.ErrorOut} for code in (400, 401, 403, 404, 409, 413, 422, 429)},
    )
    app.add_exception_handler(PalimpsestError, _on_palimpsest_error)
    app.add_exception_handler(RequestValidationError, _on_validation_error)
    app.add_exception_handler(StarletteHTTPException, _on_http_error)
    app.add_middleware(BodyLimit, max_bytes=max_body_bytes)
    app.add_middleware(_LaneContext, lanes=lanes)
    app.state.lanes = lanes
    app.state.surface = _Surface(memory, keys, TenantMemories(memory), limiter, SessionOwners())

    app.include_router(router)
    app.mount("/ui/static", StaticFiles(directory=STATIC), name="ui-static")
    return app


# -- conversation memory -------------------------------------------------------------
@router.post("/v1/memories", response_model=s.AddOut, tags=["conversation"])
def add(body: s.AddIn, m: Mem, owners: Owners) -> Any:
    """Remember conversation turns (durable when the response arrives)."""
    owners.bind(m, body.user_id, body.session_id)
    messages = body.messages if isinstance(body.messages, str) else _messages(body.messages)
    return m.add(
        messages, body.user_id, body.session_id, at=body.at, metadata=body.metadata, remember=body.remember,
        agent_id=body.agent_id, source=body.source,
    )  # fmt: skip


@router.post("/v1/recall", response_model=s.PacketOut, tags=["conversation"])
@_read_lane
def recall(body: s.RecallIn, m: Mem, owners: Owners) -> Any:
    """The routed memory packet for a question: prompt-ready text, items and the route taken."""
    if body.session_id is not None:
        owners.bind(m, body.user_id, body.session_id)
    return m.recall(
        body.query, body.user_id, session_id=body.session_id, at=body.at, budget_tokens=body.budget_tokens,
        temperature=body.temperature,
    )  # fmt: skip


@router.post("/v1/recall/feedback", response_model=s.FeedbackSampleOut, tags=["conversation"])
def recall_feedback(body: s.RecallFeedbackIn, m: Mem) -> Any:
    """Was a recalled item useful for the query? The health dashboard's recall precision."""
    return m.recall_feedback(body.query, body.item_id, body.useful, user_id=body.user_id)


@router.post("/v1/search", response_model=list[s.MemoryItemOut], tags=["conversation"])
@_read_lane
def search(body: s.SearchIn, m: Mem, owners: Owners) -> Any:
    """Ranked hybrid (lexical + vector) hits with scores and provenance."""
    if body.session_id is not None:
        owners.bind(m, body.user_id, body.session_id)
    return m.search(body.query, body.user_id, limit=body.limit, channels=body.channels, session_id=body.session_id)


@router.get("/v1/users/{user_id}/sessions", response_model=list[s.SessionOut], tags=["conversation"])
def sessions(user_id: str, m: Mem) -> Any:
    """The user's remembered conversations, most recently active first."""
    return m.sessions(user_id)


@router.post("/v1/users/{user_id}/sessions/{session_id}/end", response_model=s.SummaryOut | None, tags=["conversation"])
def end_session(user_id: str, session_id: str, m: Mem, owners: Owners) -> Any:
    """Close a session: fold its remaining turns into its summary."""
    owners.bind(m, user_id, session_id)
    summary = m.end_session(user_id, session_id)
    return None if summary is None else _summary(summary)


# -- facts -----------------------------------------------------------------------------
@router.post("/v1/facts", response_model=s.FactWriteOut, tags=["facts"])
def facts_set(body: s.FactSetIn, m: Mem) -> Any:
    """Assert a fact valid from ``valid_from`` (default now); see the library's ``facts.set``."""
    fields = body.model_dump(exclude={"valid_from"})
    return m.facts.set_many([FactInput(**fields, valid_from=body.valid_from or NOW)])[0]


@router.get("/v1/facts", response_model=s.Page[s.FactOut], tags=["facts"])
@_read_lane
def facts_list(
    m: Mem,
    user_id: str,
    subject: str | None = None,
    predicate: str | None = None,
    valid_at: TimeQuery = "now",
    known_at: TimeQuery = "now",
    view: str = "active",
    limit: Limit = DEFAULT_PAGE,
    offset: Offset = 0,
) -> Any:
    """A user's facts as of ``valid_at`` / ``known_at``."""
    valid, known = _times(valid_at, known_at)
    rows = m.facts.list(
        user_id=user_id, subject=subject, predicate=predicate, valid_at=valid, known_at=known, view=view,
        limit=limit + 1, offset=offset,
    )  # fmt: skip
    return _page(rows[:limit], limit, offset, more=len(rows) > limit)


@router.get("/v1/facts/versions/{version_id}", response_model=s.FactOut, tags=["facts"])
@_read_lane
def facts_version(version_id: str, m: Mem) -> Any:
    """One version by id."""
    return m.facts.version(version_id)


@router.get("/v1/facts/versions/{version_id}/why", response_model=s.ExplanationOut, tags=["facts"])
@_read_lane
def why(version_id: str, m: Mem) -> Any:
    """Why was this remembered: the turns it came from, the rule and the time."""
    return m.why(version_id)


@router.post("/v1/facts/versions/{version_id}/correct", response_model=s.FactWriteOut, tags=["facts"])
def facts_correct(version_id: str, body: s.FactCorrectIn, m: Mem) -> Any:
    """The recorded version was wrong: end its transaction time, optionally recording the right value."""
    return m.facts.correct(version_id, body.value, reason=body.reason, source=body.source)


@router.get("/v1/facts/{subject}/history", response_model=s.Page[s.FactOut], tags=["facts"])
@_read_lane
def facts_history(
    subject: str,
    m: Mem,
    predicate: str | None = None,
    user_id: str | None = None,
    view: str = "audit",
    limit: Limit = DEFAULT_PAGE,
    offset: Offset = 0,
) -> Any:
    """Every version on both time axes, oldest record first."""
    return _page(m.facts.history(subject, predicate, user_id=user_id, view=view), limit, offset)


@router.get("/v1/facts/{subject}/{predicate}", response_model=s.MaybeFactOut, tags=["facts"])
@_read_lane
def facts_get(
    subject: str,
    predicate: str,
    m: Mem,
    user_id: str | None = None,
    valid_at: TimeQuery = "now",
    known_at: TimeQuery = "now",
    view: str = "active",
) -> Any:
    """The value as of both times (``fact`` is null when there is none)."""
    valid, known = _times(valid_at, known_at)
    return {"fact": m.facts.get(subject, predicate, user_id=user_id, valid_at=valid, known_at=known, view=view)}


@router.post("/v1/facts/{subject}/{predicate}/end", response_model=s.FactWriteOut, tags=["facts"])
def facts_end(subject: str, predicate: str, body: s.FactEndIn, m: Mem) -> Any:
    """The fact stops being true at ``at`` (default now); history is kept."""
    return m.facts.end(
        subject, predicate, user_id=body.user_id, value=body.value, at=body.at or NOW, reason=body.reason
    )


@router.get("/v1/lookup", response_model=s.Page[s.FactOut], tags=["facts"])
@_read_lane
def lookup(
    m: Mem,
    identifier: str,
    user_id: str | None = None,
    valid_at: TimeQuery = "now",
    known_at: TimeQuery = "now",
    view: str = "active",
    limit: Limit = DEFAULT_PAGE,
    offset: Offset = 0,
) -> Any:
    """Facts whose value IS the identifier after normalization: exact, never similar."""
    valid, known = _times(valid_at, known_at)
    return _page(m.lookup(identifier, user_id=user_id, valid_at=valid, known_at=known, view=view), limit, offset)


# -- governance ------------------------------------------------------------------------
@router.post("/v1/users/{user_id}/forget", response_model=s.ForgetOut, tags=["governance"])
def forget(user_id: str, body: s.ForgetIn, m: Mem) -> Any:
    """Hide the user's data now (compliance view until purge); ``hard`` erases at once."""
    return m.forget(user_id, body.predicate, subject=body.subject, hard=body.hard, reason=body.reason)


@router.post("/v1/users/{user_id}/sessions/{session_id}/forget", response_model=s.CountOut, tags=["governance"])
def forget_session(user_id: str, session_id: str, body: s.ForgetSessionIn, m: Mem, owners: Owners) -> Any:
    """Forget one conversation: its episodes, window and summary leave recall at once."""
    owners.bind(m, user_id, session_id)
    return {"count": m.forget_session(user_id, session_id, hard=body.hard)}


@router.post("/v1/purge", response_model=s.CountOut, tags=["governance"])
def purge(body: s.PurgeIn, m: Mem) -> Any:
    """Enforce retention, then physically delete what was forgotten before ``before`` (default: now − retention)."""
    return {"count": m.purge(body.before)}


@router.post("/v1/retention/enforce", response_model=s.RetentionOut, tags=["governance"])
def enforce_retention(m: Mem) -> Any:
    """Forget the tenant's facts and turns past their consent category's retention now (audited);
    reads never serve them after their deadline anyway, and purge deletes them later."""
    report = m.enforce_retention()
    return {"now": report.now, "facts": len(report.facts), "turns": len(report.turns), "summaries": report.summaries}


@router.get("/v1/users/{user_id}/export", tags=["governance"])
def export(user_id: str, m: Mem) -> dict[str, Any]:
    """The user's facts (both time axes), turns and switches as JSON (input of import)."""
    return m.export(user_id)


@router.post("/v1/import", response_model=s.ImportOut, tags=["governance"])
def import_(body: dict[str, Any], m: Mem) -> Any:
    """Load an export: validated first, one transaction, idempotent."""
    return m.import_(body)


@router.get("/v1/users/{user_id}/controls", response_model=s.SwitchesOut, tags=["governance"])
def controls_get(user_id: str, m: Mem) -> Any:
    """The user's switches (memory, preferences, conversations, files) and consent."""
    return m.controls.get(user_id)


@router.patch("/v1/users/{user_id}/controls", response_model=s.SwitchesOut, tags=["governance"])
def controls_set(user_id: str, body: s.ControlsIn, m: Mem) -> Any:
    """Change some switches (a field left out stays as it is)."""
    return m.controls.set(user_id, **body.model_dump())


@router.get("/v1/users/{user_id}/inheritance", response_model=list[s.EffectiveFactOut], tags=["governance"])
def inheritance_effective(user_id: str, m: Mem, category: str | None = "preferences") -> Any:
    """The user's facts of ``category`` overlaid on what they inherit."""
    return m.inheritance.effective(user_id, category=category)


@router.put("/v1/users/{user_id}/inheritance", status_code=204, tags=["governance"])
def inheritance_link(user_id: str, body: s.InheritanceIn, m: Mem) -> None:
    """``user_id`` inherits ``source``'s facts of ``categories``."""
    m.inheritance.link(user_id, body.source, categories=body.categories)


@router.delete("/v1/users/{user_id}/inheritance", status_code=204, tags=["governance"])
def inheritance_unlink(user_id: str, m: Mem) -> None:
    """Stop inheriting."""
    m.inheritance.unlink(user_id)


@router.get("/v1/quarantine", response_model=s.Page[s.QuarantineItemOut], tags=["governance"])
def quarantine_items(
    m: Mem,
    user_id: str | None = None,
    status: str | None = "pending",
    limit: Limit = DEFAULT_PAGE,
    offset: Offset = 0,
) -> Any:
    """Writes the immune system held back (pending by default), newest first."""
    return _page(m.quarantine.items(user_id=user_id, status=status), limit, offset)  # type: ignore[arg-type]


@router.post("/v1/quarantine/{item_id}/confirm", response_model=s.QuarantineItemOut, tags=["governance"])
def quarantine_confirm(item_id: str, body: s.DecisionIn, m: Mem) -> Any:
    """Release the item: it is written now as a trusted write."""
    return m.quarantine.confirm(item_id, by=body.by)


@router.post("/v1/quarantine/{item_id}/reject", response_model=s.QuarantineItemOut, tags=["governance"])
def quarantine_reject(item_id: str, body: s.DecisionIn, m: Mem) -> Any:
    """Reject the item: it never becomes memory."""
    return m.quarantine.reject(item_id, by=body.by)


@router.get("/v1/audit/verify", response_model=s.AuditReportOut, tags=["governance"])
def audit_verify(m: Mem) -> Any:
    """Recompute every link of the tenant's hash chain."""
    return m.audit.verify()


@router.get("/v1/audit/events", response_model=s.Page[s.AuditEventOut], tags=["governance"])
def audit_events(m: Mem, after_seq: Annotated[int, Query(ge=0)] = 0, limit: Limit = DEFAULT_PAGE) -> Any:
    """Audit events after ``after_seq``, oldest first (page on with the last seq seen)."""
    events = m.audit.events(after_seq=after_seq, limit=limit + 1)
    more = len(events) > limit
    last = events[limit - 1].seq if more else None
    return {"items": events[:limit], "limit": limit, "offset": after_seq, "next_offset": last}


# -- files -----------------------------------------------------------------------------------
def _file(stored: StoredFile) -> s.FileOut:
    return s.FileOut(**asdict(stored) | {"why": stored.why()})


def _content(body: s.FileIn) -> str | bytes:
    if (body.content is None) == (body.content_base64 is None):
        raise ValidationError("give the file as exactly one of content (text) or content_base64 (bytes)")
    if body.content is not None:
        return body.content
    try:
        return base64.b64decode(body.content_base64 or "", validate=True)
    except (binascii.Error, ValueError):
        raise ValidationError("content_base64 is not valid base64") from None


@router.post("/v1/files", response_model=s.FileOut, tags=["files"])
def files_add(body: s.FileIn, m: Mem) -> Any:
    """Remember a text document (UTF-8, at most 512 KiB); searchable when the response arrives.
    Refused with 403 ``MEM_ERR_SWITCHED_OFF`` when the user turned file memory off."""
    stored = m.files.add(
        body.user_id, body.name, _content(body), media_type=body.media_type, at=body.at, metadata=body.metadata,
        source=body.source, agent_id=body.agent_id,
    )  # fmt: skip
    return _file(stored)


@router.get("/v1/users/{user_id}/files", response_model=s.Page[s.FileOut], tags=["files"])
def files_list(user_id: str, m: Mem, limit: Limit = DEFAULT_PAGE, offset: Offset = 0) -> Any:
    """The user's files, most recently added first, each with why it is remembered (no content)."""
    rows = m.files.list(user_id, limit=limit + 1, offset=offset)
    return _page([_file(f) for f in rows[:limit]], limit, offset, more=len(rows) > limit)


@router.get("/v1/files/{file_id}", response_model=s.FileOut, tags=["files"])
def files_get(file_id: str, m: Mem) -> Any:
    """One file with its text."""
    return _file(m.files.get(file_id))


@router.delete("/v1/files/{file_id}", response_model=s.FileDeleteOut, tags=["files"])
def files_delete(file_id: str, m: Mem, hard: bool = False) -> Any:
    """Forget a file: it leaves recall at once (kept for compliance until purge); ``hard`` erases it now."""
    result = m.files.delete(file_id, hard=hard)
    return {"file": _file(result.file), "passages": result.passages, "hard": result.hard}


# -- workflows and knowledge (their shapes are the library's dataclasses, as JSON) -------------


@router.post("/v1/workflows/trajectories", tags=["workflows"])
def workflows_record(body: s.TrajectoryIn, m: Mem) -> Any:
    """Record an agent trajectory (steps and outcome) and learn it into the workflows."""
    return to_jsonable(m.workflows.record(**body.model_dump()))


@router.get("/v1/workflows/trajectories", tags=["workflows"])
def workflows_trajectories(
    m: Mem, task_type: str | None = None, limit: Limit = DEFAULT_PAGE, offset: Offset = 0
) -> Any:
    """Stored trajectories, oldest first."""
    return to_jsonable(_page(m.workflows.trajectories(task_type), limit, offset))


@router.post("/v1/workflows/induce", tags=["workflows"])
def workflows_induce(m: Mem, task_type: str | None = None) -> Any:
    """Induce workflows from every stored trajectory (offline)."""
    return to_jsonable(m.workflows.induce(task_type))


@router.get("/v1/workflows", tags=["workflows"])
def workflows_current(m: Mem, limit: Limit = DEFAULT_PAGE, offset: Offset = 0) -> Any:
    """Every workflow's current version."""
    return to_jsonable(_page(m.workflows.current(), limit, offset))


@router.get("/v1/workflows/find", tags=["workflows"])
@_read_lane
def workflows_find(m: Mem, query: str, limit: Annotated[int, Query(ge=1, le=20)] = 3) -> Any:
    """The workflows best matching a task, with steps, slots, success rate and risks."""
    return to_jsonable(m.workflows.find(query, limit=limit))


@router.get("/v1/workflows/{workflow_id}", tags=["workflows"])
@_read_lane
def workflows_get(workflow_id: str, m: Mem) -> Any:
    """A workflow's current version."""
    return to_jsonable(m.workflows.get(workflow_id))


@router.get("/v1/workflows/{workflow_id}/history", tags=["workflows"])
def workflows_history(workflow_id: str, m: Mem) -> Any:
    """Every version of a workflow, oldest first."""
    return to_jsonable(m.workflows.history(workflow_id))


@router.post("/v1/workflows/{workflow_id}/feedback", tags=["workflows"])
def workflows_feedback(workflow_id: str, body: s.FeedbackIn, m: Mem) -> Any:
    """Was the workflow useful? Feedback weighs its ranking."""
    return to_jsonable(m.workflows.feedback(workflow_id, body.useful))


@router.get("/v1/knowledge", tags=["knowledge"])
def knowledge_items(m: Mem, status: str | None = None, limit: Limit = DEFAULT_PAGE, offset: Offset = 0) -> Any:
    """Knowledge items, optionally of one status."""
    return to_jsonable(_page(m.knowledge.items(status), limit, offset))  # type: ignore[arg-type]


@router.post("/v1/knowledge", tags=["knowledge"])
def knowledge_add(body: s.KnowledgeIn, m: Mem) -> Any:
    """Add a knowledge item by hand."""
    return to_jsonable(m.knowledge.add(**body.model_dump()))


@router.post("/v1/knowledge/distill", tags=["knowledge"])
def knowledge_distill(body: s.DistillIn, m: Mem) -> Any:
    """Create or refresh items from questions many users asked and the answers they got."""
    return to_jsonable(m.knowledge.distill(body.min_users, since=body.since))


@router.get("/v1/knowledge/find", tags=["knowledge"])
@_read_lane
def knowledge_find(m: Mem, query: str, limit: Annotated[int, Query(ge=1, le=50)] = 5) -> Any:
    """Active items that answer the query, best first."""
    return to_jsonable(m.knowledge.find(query, limit=limit))


@router.get("/v1/knowledge/review", tags=["knowledge"])
def knowledge_review(m: Mem) -> Any:
    """The review queue: items marked useless or used often without feedback."""
    return to_jsonable(m.knowledge.review_queue())


@router.get("/v1/knowledge/{item_id}", tags=["knowledge"])
@_read_lane
def knowledge_get(item_id: str, m: Mem) -> Any:
    return to_jsonable(m.knowledge.get(item_id))


@router.post("/v1/knowledge/{item_id}/use", tags=["knowledge"])
def knowledge_use(item_id: str, m: Mem) -> Any:
    """Note that an item was used in an answer."""
    return to_jsonable(m.knowledge.use(item_id))


@router.post("/v1/knowledge/{item_id}/feedback", tags=["knowledge"])
def knowledge_feedback(item_id: str, body: s.FeedbackIn, m: Mem) -> Any:
    """A user's verdict on an item."""
    return to_jsonable(m.knowledge.feedback(item_id, body.useful))


@router.post("/v1/knowledge/{item_id}/approve", tags=["knowledge"])
def knowledge_approve(item_id: str, body: s.DecisionIn, m: Mem) -> Any:
    """Keep a reviewed (or rejected) item: it is active again."""
    return to_jsonable(m.knowledge.approve(item_id, body.by))


@router.post("/v1/knowledge/{item_id}/reject", tags=["knowledge"])
def knowledge_reject(item_id: str, body: s.DecisionIn, m: Mem) -> Any:
    """Withdraw an item for good."""
    return to_jsonable(m.knowledge.reject(item_id, body.by))


# -- administration --------------------------------------------------------------------
@router.post("/v1/admin/tenants", response_model=s.TenantOut, status_code=201, tags=["admin"])
def create_tenant(body: s.TenantIn, surface: AdminSurface) -> Any:
    """Create a tenant (its data is separate from every other tenant's)."""
    return surface.keys.create_tenant(body.name)


@router.get("/v1/admin/tenants", response_model=list[s.TenantOut], tags=["admin"])
def list_tenants(surface: AdminSurface) -> Any:
    return surface.keys.tenants()


@router.post("/v1/admin/tenants/{tenant}/keys", response_model=s.NewApiKeyOut, status_code=201, tags=["admin"])
def create_key(tenant: str, body: s.ApiKeyIn, surface: AdminSurface) -> Any:
    """A new API key for ``tenant``; the key is in this response only (stored hashed)."""
    info, key = surface.keys.create_key(tenant, body.label)
    return {**_fields(info), "key": key}


@router.get("/v1/admin/keys", response_model=list[s.ApiKeyOut], tags=["admin"])
def list_keys(surface: AdminSurface, tenant: str | None = None) -> Any:
    """Keys (never their secrets), optionally of one tenant."""
    return surface.keys.keys(tenant)


@router.delete("/v1/admin/keys/{key_id}", response_model=s.ApiKeyOut, tags=["admin"])
def revoke_key(key_id: str, surface: AdminSurface) -> Any:
    """Revoke a key: it stops working at once."""
    return surface.keys.revoke(key_id)


def _tenant_memory(surface: _Surface, tenant: str) -> Memory:
    if tenant not in {t.name for t in surface.keys.tenants()}:
        raise NotFoundError(f"no tenant {tenant!r}")
    return surface.tenants(tenant)


@router.get("/v1/admin/tenants/{tenant}/rules", response_model=list[s.RulesInfoOut], tags=["admin"])
def list_rules(tenant: str, surface: AdminSurface) -> Any:
    """The tenant's stored rule documents (``predicates``, ``business_rules``), without their text."""
    return [_fields(r) for r in _tenant_memory(surface, tenant).rules.list()]


@router.get("/v1/admin/tenants/{tenant}/rules/{document}", response_model=s.RulesOut, tags=["admin"])
def get_rules(tenant: str, document: str, surface: AdminSurface) -> Any:
    """One stored rule document with its text; 404 when the tenant uses the deployment's."""
    found = _tenant_memory(surface, tenant).rules.get(document)
    if found is None:
        raise NotFoundError(f"tenant {tenant!r} has no stored {document} document")
    return found


@router.put("/v1/admin/tenants/{tenant}/rules/{document}", response_model=s.RulesOut, tags=["admin"])
def put_rules(tenant: str, document: str, body: s.RulesIn, surface: AdminSurface) -> Any:
    """Store the tenant's ``predicates`` (laid over the deployment's registry) or ``business_rules`` (used instead
    of the deployment's). Parsed first: a broken document is a 422 and changes nothing. In force at once here, and
    on every other replica within a few seconds; audited."""
    return _tenant_memory(surface, tenant).rules.put(document, body.text, actor="admin")


@router.delete("/v1/admin/tenants/{tenant}/rules/{document}", status_code=204, tags=["admin"])
def delete_rules(tenant: str, document: str, surface: AdminSurface) -> None:
    """Drop a stored rule document: the deployment's files apply to the tenant again (audited)."""
    _tenant_memory(surface, tenant).rules.delete(document, actor="admin")


@router.get("/v1/admin/health", response_model=s.HealthOut, tags=["admin"])
def health(
    surface: AdminSurface,
    threshold: Annotated[float, Query(ge=0, le=1, description="Alert below this recall precision.")] = 0.7,
    window: Annotated[int, Query(ge=1, le=10_000, description="Feedback samples per tenant.")] = 200,
) -> Any:
    """Every tenant's store sizes, rejections, quarantines and recall precision; this process's latencies."""
    return surface.memory.health([t.name for t in surface.keys.tenants()], threshold=threshold, window=window)


@router.get("/metrics", response_class=PlainTextResponse, tags=["admin"])
def prometheus(surface: AdminSurface) -> PlainTextResponse:
    """Prometheus text exposition: counters and latency quantiles of this process (admin key)."""
    return PlainTextResponse(surface.memory.metrics.prometheus(), media_type="text/plain; version=0.0.4")


@router.get("/ui", include_in_schema=False)
def panel() -> FileResponse:
    """The memory panel for end users (static; it talks to the REST API with the user's key)."""
    return FileResponse(STATIC / "panel.html")


@router.get("/ui/health", include_in_schema=False)
def dashboard() -> FileResponse:
    """The health dashboard for operators (static; it reads ``/v1/admin/health`` with the admin key)."""
    return FileResponse(STATIC / "health.html")


@router.get("/healthz", tags=["admin"])
def healthz() -> dict[str, str]:
    """Liveness (no key needed)."""
    return {"status": "ok"}


def _messages(messages: s.Message | list[s.Message]) -> list[dict[str, str]]:
    items = messages if isinstance(messages, list) else [messages]
    return [m.model_dump() for m in items]


def _summary(summary: Any) -> dict[str, Any]:
    return {
        "id": summary.id,
        "user_id": summary.user_id,
        "kind": summary.kind,
        "text": summary.sections.render(),
        "covers": summary.covers,
        "updated_at": summary.updated_at,
        "session_id": summary.session_id,
    }


def _fields(obj: Any) -> dict[str, Any]:
    return {name: getattr(obj, name) for name in obj.__slots__}


__all__ = ["RateLimit", "create_app"]
