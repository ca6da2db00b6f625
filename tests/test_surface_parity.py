"""Surface parity (STYLE practice 12): every public operation of ``Memory`` is exposed by REST, MCP
and the CLI, or the table below says why a surface leaves it out.

A new public method of ``Memory`` or of one of its sub-APIs fails this test until it gets a row.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any

import anyio
import pytest
import typer.main

from palimpsest import Memory
from palimpsest.cli import app as cli_app
from palimpsest.config import Config
from palimpsest.server.app import create_app
from palimpsest.server.mcp_server import build_server


@dataclass(frozen=True)
class Without:
    """A surface deliberately lacks the operation, and why."""

    reason: str


Surface = str | Without

AGENT_ONLY_PEOPLE = Without("people decide this (REST, CLI, panel); an agent must not")
OPERATOR = Without("an operator's maintenance command, CLI only")
NOT_FOR_AGENTS = Without("workflow/knowledge curation is for operators and reviewers, not the agent's tools")
PANEL = Without("served by REST and the web panel; the CLI is for operators")
OPERATOR_DASHBOARD = Without("operators read it on the health dashboard (/ui/health) and /metrics")
INTERNAL_STEP = Without("a step inside another operation, not an operation of its own")
RULES_BY_ADMINS = Without("a tenant's rules are its administrators' (admin key, CLI); an agent must not change them")
FILES_BY_PEOPLE = Without("people give and manage their files (panel, REST, CLI); an agent reads them through recall")

# operation: (REST route, MCP tool, CLI command)
OPERATIONS: dict[str, tuple[Surface, Surface, Surface]] = {
    "add": ("POST /v1/memories", "remember", "add"),
    "recall": ("POST /v1/recall", "recall", "recall"),
    "search": ("POST /v1/search", "search", "search"),
    "end_session": ("POST /v1/users/{user_id}/sessions/{session_id}/end", Without("sessions end with the client"),
                    PANEL),
    "why": ("GET /v1/facts/versions/{version_id}/why", Without("fact_history carries reason and evidence"), PANEL),
    "lookup": ("GET /v1/lookup", "lookup", "lookup"),
    "forget": ("POST /v1/users/{user_id}/forget", "forget", "forget"),
    "forget_session": ("POST /v1/users/{user_id}/sessions/{session_id}/forget", AGENT_ONLY_PEOPLE, PANEL),
    "purge": ("POST /v1/purge", AGENT_ONLY_PEOPLE, "purge"),
    "enforce_retention": ("POST /v1/retention/enforce", Without("retention is the consent policy's, run by operators; "
                          "an agent's reads never see expired data anyway"), "retention"),
    "export": ("GET /v1/users/{user_id}/export", AGENT_ONLY_PEOPLE, "export"),
    "import_": ("POST /v1/import", AGENT_ONLY_PEOPLE, "import"),
    "reindex": (OPERATOR, OPERATOR, "reindex"),
    "sessions": ("GET /v1/users/{user_id}/sessions", Without("an agent works within the session it is in"), PANEL),
    "recall_feedback": ("POST /v1/recall/feedback", Without("not exposed yet: the people reading an answer judge it"),
                        PANEL),
    "health": ("GET /v1/admin/health", OPERATOR_DASHBOARD, OPERATOR_DASHBOARD),
    "facts.set": ("POST /v1/facts", "set_fact", "facts set"),
    "facts.set_many": (Without("POST /v1/facts writes one; batches are a library optimisation"),
                       Without("one fact per tool call"), Without("one fact per command")),
    "facts.get": ("GET /v1/facts/{subject}/{predicate}", "get_fact", "facts get"),
    "facts.list": ("GET /v1/facts", Without("get_fact and fact_history cover an agent's reads"), "facts list"),
    "facts.history": ("GET /v1/facts/{subject}/history", "fact_history", "facts history"),
    "facts.end": ("POST /v1/facts/{subject}/{predicate}/end", AGENT_ONLY_PEOPLE, "facts end"),
    "facts.correct": ("POST /v1/facts/versions/{version_id}/correct", AGENT_ONLY_PEOPLE, "facts correct"),
    "facts.version": ("GET /v1/facts/versions/{version_id}", Without("fact_history returns versions"), PANEL),
    "audit.verify": ("GET /v1/audit/verify", OPERATOR, "audit verify"),
    "audit.events": ("GET /v1/audit/events", OPERATOR, "audit log"),
    "audit.record": (INTERNAL_STEP, INTERNAL_STEP, INTERNAL_STEP),
    "audit.append": (INTERNAL_STEP, INTERNAL_STEP, INTERNAL_STEP),
    "controls.get": ("GET /v1/users/{user_id}/controls", AGENT_ONLY_PEOPLE, PANEL),
    "controls.set": ("PATCH /v1/users/{user_id}/controls", AGENT_ONLY_PEOPLE, PANEL),
    "controls.last_changed": (INTERNAL_STEP, INTERNAL_STEP, INTERNAL_STEP),
    "quarantine.items": ("GET /v1/quarantine", AGENT_ONLY_PEOPLE, PANEL),
    "quarantine.confirm": ("POST /v1/quarantine/{item_id}/confirm", AGENT_ONLY_PEOPLE, PANEL),
    "quarantine.reject": ("POST /v1/quarantine/{item_id}/reject", AGENT_ONLY_PEOPLE, PANEL),
    "quarantine.get": (Without("items lists them"), AGENT_ONLY_PEOPLE, PANEL),
    "quarantine.expire": (INTERNAL_STEP, INTERNAL_STEP, INTERNAL_STEP),
    "quarantine.hold": (INTERNAL_STEP, INTERNAL_STEP, INTERNAL_STEP),
    "quarantine.note_risk": (INTERNAL_STEP, INTERNAL_STEP, INTERNAL_STEP),
    "quarantine.freeze": (INTERNAL_STEP, INTERNAL_STEP, INTERNAL_STEP),
    "quarantine.session_frozen": (INTERNAL_STEP, INTERNAL_STEP, INTERNAL_STEP),
    "quarantine.unfreeze": (Without("not exposed yet: a frozen session thaws with its quarantine review"),
                            AGENT_ONLY_PEOPLE, PANEL),
    "inheritance.link": ("PUT /v1/users/{user_id}/inheritance", AGENT_ONLY_PEOPLE, PANEL),
    "inheritance.unlink": ("DELETE /v1/users/{user_id}/inheritance", AGENT_ONLY_PEOPLE, PANEL),
    "inheritance.effective": ("GET /v1/users/{user_id}/inheritance", Without("recall applies it"), PANEL),
    "inheritance.chain": (INTERNAL_STEP, INTERNAL_STEP, INTERNAL_STEP),
    "inheritance.parent": (INTERNAL_STEP, INTERNAL_STEP, INTERNAL_STEP),
    "workflows.record": ("POST /v1/workflows/trajectories", "record_trajectory", "workflows record"),
    "workflows.find": ("GET /v1/workflows/find", "find_workflow", "workflows find"),
    "workflows.induce": ("POST /v1/workflows/induce", NOT_FOR_AGENTS, "workflows induce"),
    "workflows.current": ("GET /v1/workflows", NOT_FOR_AGENTS, "workflows list"),
    "workflows.get": ("GET /v1/workflows/{workflow_id}", NOT_FOR_AGENTS, PANEL),
    "workflows.history": ("GET /v1/workflows/{workflow_id}/history", NOT_FOR_AGENTS, PANEL),
    "workflows.trajectories": ("GET /v1/workflows/trajectories", NOT_FOR_AGENTS, PANEL),
    "workflows.feedback": ("POST /v1/workflows/{workflow_id}/feedback", NOT_FOR_AGENTS, PANEL),
    "workflows.learn": (INTERNAL_STEP, INTERNAL_STEP, INTERNAL_STEP),
    "workflows.items": (Without("recall's workflow channel"), Without("recall's workflow channel"), INTERNAL_STEP),
    "workflows.reindex": (INTERNAL_STEP, INTERNAL_STEP, INTERNAL_STEP),
    "knowledge.add": ("POST /v1/knowledge", NOT_FOR_AGENTS, PANEL),
    "knowledge.distill": ("POST /v1/knowledge/distill", NOT_FOR_AGENTS, "knowledge distill"),
    "knowledge.find": ("GET /v1/knowledge/find", Without("recall's knowledge channel"), "knowledge find"),
    "knowledge.feedback": ("POST /v1/knowledge/{item_id}/feedback", NOT_FOR_AGENTS, "knowledge feedback"),
    "knowledge.review_queue": ("GET /v1/knowledge/review", NOT_FOR_AGENTS, "knowledge review"),
    "knowledge.approve": ("POST /v1/knowledge/{item_id}/approve", NOT_FOR_AGENTS, "knowledge approve"),
    "knowledge.reject": ("POST /v1/knowledge/{item_id}/reject", NOT_FOR_AGENTS, "knowledge reject"),
    "knowledge.get": ("GET /v1/knowledge/{item_id}", NOT_FOR_AGENTS, PANEL),
    "knowledge.items": ("GET /v1/knowledge", NOT_FOR_AGENTS, PANEL),
    "knowledge.use": ("POST /v1/knowledge/{item_id}/use", NOT_FOR_AGENTS, PANEL),
    "files.add": ("POST /v1/files", FILES_BY_PEOPLE, "files add"),
    "files.list": ("GET /v1/users/{user_id}/files", FILES_BY_PEOPLE, "files list"),
    "files.get": ("GET /v1/files/{file_id}", FILES_BY_PEOPLE, "files show"),
    "files.delete": ("DELETE /v1/files/{file_id}", AGENT_ONLY_PEOPLE, "files delete"),
    "files.items": (Without("recall's files channel; search(channels=[files])"), Without("recall's files channel"),
                    INTERNAL_STEP),
    "files.forget_user": (INTERNAL_STEP, INTERNAL_STEP, INTERNAL_STEP),
    "files.purge": (INTERNAL_STEP, INTERNAL_STEP, INTERNAL_STEP),
    "files.reindex": (INTERNAL_STEP, INTERNAL_STEP, INTERNAL_STEP),
    "files.store_imported": (INTERNAL_STEP, INTERNAL_STEP, INTERNAL_STEP),
    "files.release": (INTERNAL_STEP, INTERNAL_STEP, INTERNAL_STEP),
    "rules.list": ("GET /v1/admin/tenants/{tenant}/rules", RULES_BY_ADMINS, "rules list"),
    "rules.get": ("GET /v1/admin/tenants/{tenant}/rules/{document}", RULES_BY_ADMINS, "rules show"),
    "rules.put": ("PUT /v1/admin/tenants/{tenant}/rules/{document}", RULES_BY_ADMINS, "rules set"),
    "rules.delete": ("DELETE /v1/admin/tenants/{tenant}/rules/{document}", RULES_BY_ADMINS, "rules clear"),
    "rules.refresh": (INTERNAL_STEP, INTERNAL_STEP, INTERNAL_STEP),
}  # fmt: skip

SUB_APIS = ("facts", "audit", "controls", "quarantine", "inheritance", "workflows", "knowledge", "files", "rules")
NOT_OPERATIONS = {
    "open": "a constructor", "close": "lifecycle", "with_tenant": "the REST API's tenancy itself",
    "router_recipe": "configuration read by recall", "config": "configuration", "backend": "storage",
    "metrics": "latency counters (the health dashboard)", "window": "part of add/recall",
    "conversation": "part of add/recall/search", "summaries": "part of add/recall", "pipeline": "part of add",
    "consent_policy": "configuration",
    "retention": "the consent policy's deadlines, applied by reads, writes and enforce_retention",
}  # fmt: skip


def public_operations(memory: Memory) -> set[str]:
    names = {n for n in dir(memory) if not n.startswith("_")} - set(NOT_OPERATIONS)
    unknown = names - {n for n in names if callable(getattr(memory, n))} - set(SUB_APIS)
    assert not unknown, f"new public attribute(s) of Memory: {sorted(unknown)}; add them to SUB_APIS or NOT_OPERATIONS"
    found = {n for n in names if n not in SUB_APIS}
    for api in SUB_APIS:
        obj = getattr(memory, api)
        found |= {f"{api}.{n}" for n, v in inspect.getmembers(type(obj)) if not n.startswith("_") and callable(v)}
    return found


@pytest.fixture(scope="module")
def memory() -> Any:
    with Memory(config=Config(url="memory://", embedder="hash")) as mem:
        yield mem


def test_every_public_operation_has_a_row(memory: Memory) -> None:
    operations = public_operations(memory)
    missing = operations - set(OPERATIONS)
    assert not missing, f"new operation(s) without a surface or a justified exception: {sorted(missing)}"
    stale = set(OPERATIONS) - operations
    assert not stale, f"rows for operations that no longer exist: {sorted(stale)}"


def test_every_named_rest_route_exists(memory: Memory) -> None:
    app = create_app(memory, admin_key=None)
    # Read from the OpenAPI document: a route is exposed when /docs shows it.
    routes = {f"{method.upper()} {path}" for path, ops in app.openapi()["paths"].items() for method in ops}
    for operation, (rest, _, _) in OPERATIONS.items():
        if isinstance(rest, str):
            assert rest in routes, f"{operation}: no REST route {rest}"


def test_every_named_mcp_tool_exists(memory: Memory) -> None:
    tools = {t.name for t in anyio.run(build_server(memory).list_tools)}
    named = {mcp for _, mcp, _ in OPERATIONS.values() if isinstance(mcp, str)}
    assert named == tools, f"tools without a row: {sorted(tools - named)}; rows without a tool: {sorted(named - tools)}"


def test_every_named_cli_command_exists() -> None:
    def walk(command: Any, path: tuple[str, ...] = ()) -> set[str]:
        found = {" ".join(path)}
        for name, sub in getattr(command, "commands", {}).items():
            found |= walk(sub, (*path, name))
        return found

    commands = walk(typer.main.get_command(cli_app))
    for operation, (_, _, cli) in OPERATIONS.items():
        if isinstance(cli, str):
            assert cli in commands, f"{operation}: no CLI command `palimpsest {cli}`"


def test_every_exception_says_why() -> None:
    for operation, surfaces in OPERATIONS.items():
        for surface in surfaces:
            assert isinstance(surface, str) or surface.reason.strip(), operation
