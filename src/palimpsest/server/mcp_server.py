"""The MCP server (official ``mcp`` SDK, v2 ``MCPServer``): memory tools for agents.

Each tool calls one method of one :class:`~palimpsest.Memory` and returns JSON. Errors are
tool errors whose text is the REST error body, ``{"error": {"code": ..., "message": ...}}``,
so a client branches on the same machine-readable codes everywhere.

Run it with ``palimpsest mcp`` (stdio, for desktop clients) or ``palimpsest mcp --transport http``
(streamable HTTP at ``http://127.0.0.1:8766/mcp``), or as
``python -m palimpsest.server.mcp_server --url sqlite:///memory.db``.

Over HTTP every request needs a tenant's API key, the REST API's keys on the same store, and runs as
that key's tenant (:mod:`palimpsest.server.mcp_auth`); ``--no-auth`` drops the keys for development
and is refused unless the host is loopback. stdio serves the one configured tenant without a key.

Only what an agent should decide is a tool: hard erasure, purge, quarantine decisions, switches,
export and import stay with people (REST, CLI, the panel).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
from collections.abc import Callable, Sequence
from typing import Any, Literal, ParamSpec

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from starlette.applications import Starlette

from palimpsest import __version__
from palimpsest.config import Config, default_url, llm_settings_from_env, policy_files_from_env
from palimpsest.errors import PalimpsestError
from palimpsest.memory import Memory
from palimpsest.server.auth import KeyStore, RateLimiter, SessionOwners
from palimpsest.server.errors import error_body
from palimpsest.server.mcp_auth import TenantViews, check_binding, rate_limiter, require_api_keys
from palimpsest.surface import parse_query_time, to_jsonable

P = ParamSpec("P")

Transport = Literal["stdio", "http"]
DEFAULT_MCP_PORT = 8766
DEFAULT_RATE_LIMIT = 500.0
RATE_LIMIT_HELP = "HTTP: requests per second per API key, as for the REST API (0 = no limit; bursts of twice that)."
NO_AUTH_HELP = (
    "HTTP only: serve the configured tenant without API keys (development; refused unless the host is loopback)."
)

INSTRUCTIONS = (
    "Long-term memory. Call `recall` before answering a question about the user; call `remember` with "
    "what the user said. Facts are bi-temporal: `get_fact` takes valid_at/known_at ('now', 'all' or an "
    "ISO 8601 time), `fact_history` shows every version."
)


def _tool_errors(fn: Callable[P, dict[str, Any]]) -> Callable[P, dict[str, Any]]:
    """Turn a PalimpsestError into a tool error carrying its machine-readable code."""

    @functools.wraps(fn)
    def run(*args: P.args, **kwargs: P.kwargs) -> dict[str, Any]:
        try:
            return fn(*args, **kwargs)
        except PalimpsestError as exc:
            raise ToolError(json.dumps(error_body(exc.code, exc.message), ensure_ascii=False)) from exc

    return run


def _json(value: object) -> Any:
    return to_jsonable(value)


def build_server(memory: Memory, *, per_tenant: bool = False) -> MCPServer:
    """An MCP server whose tools call ``memory`` (nothing is opened or read from the environment).

    ``per_tenant``: each tool call runs on ``memory`` seen as the tenant of the caller's API key
    (behind :func:`~palimpsest.server.mcp_auth.require_api_keys`); otherwise on ``memory`` itself.
    """
    server: MCPServer = MCPServer("palimpsest", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING")
    views = TenantViews(memory) if per_tenant else None
    owners = SessionOwners()  # sessions bound to their users, as over REST

    def current() -> Memory:
        return memory if views is None else views.of_caller()

    @server.tool()
    @_tool_errors
    def remember(
        content: str, user_id: str, session_id: str, role: str = "user", source: str = "user"
    ) -> dict[str, Any]:
        """Remember what was said in a conversation (facts and preferences are extracted from it).

        source: where the content came from; anything but user/assistant/system (e.g. "tool", "web")
        is untrusted and its facts wait in quarantine for a person to confirm them.
        """
        m = current()
        owners.bind(m, user_id, session_id)
        result = m.add({"role": role, "content": content}, user_id, session_id, source=source)
        return {
            "turns": [t.id for t in result.turns],
            "duplicates": result.duplicates,
            "window_only": result.window_only,
            "quarantined": [q.id for q in result.quarantined],
            "facts": [
                {
                    "outcome": d.outcome,
                    "predicate": d.candidate.predicate,
                    "value": d.candidate.value,
                    **({"code": d.verdict.code, "message": d.verdict.message} if d.verdict and d.verdict.code else {}),
                }
                for d in result.facts
            ],
            # what to ask the user for (e.g. MEM_ERR_MISSING_TICKET: a complaint needs its ticket number)
            "findings": [{"code": v.code, "severity": v.severity, "message": v.message} for v in result.findings],
        }

    @server.tool()
    @_tool_errors
    def recall(query: str, user_id: str, session_id: str | None = None, budget_tokens: int = 1500) -> dict[str, Any]:
        """Prompt-ready memory for a question: `text` to put in the prompt, the items behind it, the route."""
        m = current()
        if session_id is not None:
            owners.bind(m, user_id, session_id)
        packet = m.recall(query, user_id, session_id=session_id, budget_tokens=budget_tokens)
        return {"text": packet.text, "items": _json(packet.items), "route": _json(packet.route)}

    @server.tool()
    @_tool_errors
    def search(query: str, user_id: str, limit: int = 10) -> dict[str, Any]:
        """Ranked hits over remembered turns (hybrid lexical + vector), with scores and provenance."""
        return {"items": _json(current().search(query, user_id, limit=min(max(limit, 1), 100)))}

    @server.tool()
    @_tool_errors
    def get_fact(
        subject: str, predicate: str, user_id: str | None = None, valid_at: str = "now", known_at: str = "now"
    ) -> dict[str, Any]:
        """The value of `subject predicate` true at valid_at, as the store believed at known_at
        ('now', 'all' or ISO 8601 with a timezone); `fact` is null when there is none."""
        found = current().facts.get(
            subject,
            predicate,
            user_id=user_id,
            valid_at=parse_query_time(valid_at, "valid_at"),
            known_at=parse_query_time(known_at, "known_at"),
        )
        return {"fact": _json(found)}

    @server.tool()
    @_tool_errors
    def set_fact(
        subject: str, predicate: str, value: str, user_id: str | None = None, reason: str = ""
    ) -> dict[str, Any]:
        """Record a fact the agent inferred (source agent_inferred: never overrides what the user said)."""
        return _json(current().facts.set(subject, predicate, value, user_id=user_id, reason=reason))  # type: ignore[no-any-return]

    @server.tool()
    @_tool_errors
    def fact_history(subject: str, predicate: str | None = None, user_id: str | None = None) -> dict[str, Any]:
        """Every version of the fact(s) on both time axes: valid from/to, recorded/superseded, source, reason."""
        return {"versions": _json(current().facts.history(subject, predicate, user_id=user_id))}

    @server.tool()
    @_tool_errors
    def lookup(identifier: str, user_id: str | None = None) -> dict[str, Any]:
        """Facts whose value IS this phone number, e-mail, order or user id (exact, never similar)."""
        return {"facts": _json(current().lookup(identifier, user_id=user_id))}

    @server.tool()
    @_tool_errors
    def forget(
        user_id: str, predicate: str | None = None, subject: str | None = None, reason: str = ""
    ) -> dict[str, Any]:
        """Hide the user's memory (or one predicate / subject) from now on, as the user asked.

        Kept in the compliance view until purged; permanent erasure is not an agent's decision.
        """
        result = current().forget(user_id, predicate, subject=subject, reason=reason)
        return {"forgotten": len(result.forgotten)}

    @server.tool()
    @_tool_errors
    def record_trajectory(
        task: str,
        steps: list[dict[str, Any]],
        outcome: Literal["success", "failure"] = "success",
        task_type: str | None = None,
        agent_id: str | None = None,
        user_id: str | None = None,
    ) -> dict[str, Any]:
        """Record how a task was done: steps [{action, params, result}] and the outcome.

        Workflows are learned from trajectories at once; `workflow_id` names the one it went into.
        """
        trajectory = current().workflows.record(
            task, steps, outcome, agent_id=agent_id, task_type=task_type, user_id=user_id
        )
        return {"id": trajectory.id, "workflow_id": trajectory.workflow_id, "outcome": trajectory.outcome}

    @server.tool()
    @_tool_errors
    def find_workflow(query: str, limit: int = 3) -> dict[str, Any]:
        """Workflows for a task like this one (a task type or a description, any language), best first:
        each with its steps, slots, risk points and success rate."""
        matches = current().workflows.find(query, limit=min(max(limit, 1), 20))
        return {
            "workflows": [
                {
                    "id": m.workflow.id,
                    "task_type": m.workflow.task_type,
                    "score": m.score,
                    "success_rate": m.workflow.success_rate,
                    "text": m.workflow.render(),
                    "steps": _json(m.workflow.steps),
                    "slots": _json(m.workflow.slots),
                    "risk_points": _json(m.workflow.risk_points),
                }
                for m in matches
            ]
        }

    return server


def http_app(memory: Memory, *, host: str, keys: KeyStore | None, limiter: RateLimiter | None = None) -> Starlette:
    """The streamable-HTTP app at ``/mcp``: with ``keys``, every request needs a tenant's API key and
    runs as that tenant (``limiter``: each key's request budget); ``keys=None`` serves ``memory``'s
    tenant to anyone (loopback only)."""
    check_binding(host, require_keys=keys is not None)
    app = build_server(memory, per_tenant=keys is not None).streamable_http_app(host=host)
    if keys is not None:
        require_api_keys(app, keys, limiter)
    return app


def run(
    memory: Memory,
    transport: Transport = "stdio",
    *,
    host: str = "127.0.0.1",
    port: int = DEFAULT_MCP_PORT,
    keys: KeyStore | None = None,
    limiter: RateLimiter | None = None,
) -> None:
    """Serve ``memory`` over stdio, or streamable HTTP at ``http://host:port/mcp``.

    Over HTTP ``keys`` (the REST API's key store) is required unless ``host`` is loopback: see
    :func:`http_app`. stdio never asks for a key: the pipe belongs to the client that started us.
    """
    if transport == "stdio":
        build_server(memory).run("stdio")
        return
    import uvicorn

    uvicorn.run(http_app(memory, host=host, keys=keys, limiter=limiter), host=host, port=port, log_level="warning")


def main(argv: Sequence[str] | None = None) -> None:
    """``python -m palimpsest.server.mcp_server``: the entry point reads the environment, nothing below it does."""
    parser = argparse.ArgumentParser(prog="python -m palimpsest.server.mcp_server", description=__doc__)
    parser.add_argument("--url", default=os.environ.get("PALIMPSEST_URL") or default_url(), help="storage URL")
    tenant = os.environ.get("PALIMPSEST_TENANT", "default")
    parser.add_argument("--tenant", default=tenant, help="tenant served over stdio or --no-auth")
    parser.add_argument("--embedder", default=os.environ.get("PALIMPSEST_EMBEDDER", "e5"), help="e5, use or hash")
    parser.add_argument("--transport", choices=("stdio", "http"), default="stdio", help="stdio or http")
    parser.add_argument("--host", default="127.0.0.1", help="HTTP: address to bind (loopback by default)")
    parser.add_argument("--port", type=int, default=DEFAULT_MCP_PORT, help="HTTP: port")
    parser.add_argument("--no-auth", action="store_true", help=NO_AUTH_HELP)
    parser.add_argument("--rate-limit", type=float, default=DEFAULT_RATE_LIMIT, help=RATE_LIMIT_HELP)
    args = parser.parse_args(argv)
    if args.no_auth and args.transport != "http":
        parser.error("--no-auth applies to --transport http only (stdio never asks for a key)")
    if args.transport == "http":
        check_binding(args.host, require_keys=not args.no_auth)
    config = Config(
        url=args.url,
        tenant=args.tenant,
        embedder=args.embedder,
        actor="mcp",
        llm=llm_settings_from_env(os.environ),
        **policy_files_from_env(os.environ),
    )
    with Memory(config=config) as memory:
        keys = None if args.no_auth else KeyStore(memory, os.environ.get("PALIMPSEST_ADMIN_KEY") or None)
        run(memory, args.transport, host=args.host, port=args.port, keys=keys, limiter=rate_limiter(args.rate_limit))


if __name__ == "__main__":
    main()
