"""The MCP server through the official SDK's own client, over stdio and streamable HTTP:
every tool is called, and errors carry the same machine-readable codes as REST. Over HTTP each
request needs a tenant's API key (the REST API's keys) and sees that tenant only."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import anyio
import httpx
import httpx2
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from starlette.testclient import TestClient
from typer.testing import CliRunner

from palimpsest import Memory
from palimpsest.cli import app as cli_app
from palimpsest.config import Config
from palimpsest.errors import ConfigError
from palimpsest.server import mcp_server
from palimpsest.server.auth import KeyStore, RateLimiter
from palimpsest.server.mcp_auth import is_loopback

TOOLS = {
    "remember", "recall", "search", "get_fact", "set_fact", "fact_history", "lookup", "forget",
    "record_trajectory", "find_workflow",
}  # fmt: skip
TIMEOUT = 90.0


def _server_args(url: str, *extra: str) -> list[str]:
    return ["-m", "palimpsest.server.mcp_server", "--url", url, "--embedder", "hash", *extra]


async def _call(client: Client, tool: str, **arguments: Any) -> Any:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    return result.structured_content


async def _exercise(client: Client) -> None:
    """Call every tool once, as an agent would, and check what comes back."""
    listed = await client.list_tools()
    assert {t.name for t in listed.tools} == TOOLS
    added = await _call(client, "remember", content="I live in Shanghai.", user_id="u1", session_id="s1")
    assert len(added["turns"]) == 1
    assert ("lives_in", "Shanghai") in {(f["predicate"], f["value"]) for f in added["facts"]}
    assert added["findings"] == []
    # the validator's word reaches the agent: what to ask the user for
    complaint = await _call(client, "remember", content="我要投诉，耳机坏了", user_id="u1", session_id="s1")
    assert [f["code"] for f in complaint["findings"]] == ["MEM_ERR_MISSING_TICKET"]
    packet = await _call(client, "recall", query="where does the user live?", user_id="u1")
    assert "Shanghai" in packet["text"] and packet["route"]["channels"]
    hits = await _call(client, "search", query="Shanghai", user_id="u1", limit=3)
    assert "Shanghai" in hits["items"][0]["content"]
    fact = await _call(client, "get_fact", subject="u1", predicate="lives_in")
    assert fact["fact"]["value"] == "Shanghai"
    before = await _call(client, "get_fact", subject="u1", predicate="lives_in", known_at="2000-01-01")
    assert before["fact"] is None
    await _call(client, "set_fact", subject="u1", predicate="phone", value="+86 138-0000-1111", reason="said so")
    found = await _call(client, "lookup", identifier="13800001111")
    assert [f["predicate"] for f in found["facts"]] == ["phone"]
    history = await _call(client, "fact_history", subject="u1")
    assert {v["predicate"] for v in history["versions"]} == {"lives_in", "phone"}
    steps = [{"action": "lookup_order", "params": {"order": "A1"}}, {"action": "refund", "params": {"amount": 5}}]
    recorded = await _call(client, "record_trajectory", task="refund a broken order", steps=steps,
                           task_type="refund")  # fmt: skip
    assert recorded["workflow_id"]
    workflows = await _call(client, "find_workflow", query="refund")
    assert workflows["workflows"][0]["task_type"] == "refund"
    forgotten = await _call(client, "forget", user_id="u1", predicate="phone", reason="asked")
    assert forgotten["forgotten"] == 1
    assert (await _call(client, "lookup", identifier="13800001111"))["facts"] == []
    naive = {"subject": "u1", "predicate": "lives_in", "valid_at": "2026-01-01T00:00"}
    failed = await client.call_tool("get_fact", naive)
    assert failed.is_error
    text = failed.content[0].text  # type: ignore[union-attr]
    assert json.loads(text[text.index("{") :])["error"]["code"] == "MEM_ERR_NAIVE_DATETIME"


def test_every_tool_over_stdio(tmp_path: Path) -> None:
    params = StdioServerParameters(command=sys.executable, args=_server_args(f"sqlite:///{tmp_path / 'm.db'}"))

    async def main() -> None:
        with anyio.fail_after(TIMEOUT):
            async with Client(params) as client:
                await _exercise(client)

    anyio.run(main)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@contextmanager
def _http_server(url: str, log_path: Path, *extra: str, cli: bool = False) -> Iterator[str]:
    """``python -m palimpsest.server.mcp_server --transport http`` (or ``palimpsest mcp --transport http``
    with ``cli``) on a free loopback port; yields its URL."""
    port = _free_port()
    log = log_path.open("w")
    http = ["--transport", "http", "--port", str(port), *extra]
    if cli:
        args = ["-m", "palimpsest.cli", "--url", url, "--embedder", "hash", "mcp", *http]
    else:
        args = _server_args(url, *http)
    process = subprocess.Popen([sys.executable, *args], stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, log_path.read_text()
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the MCP server did not start within 30 s"
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        log.close()


@dataclass(frozen=True)
class KeyedServer:
    """An MCP server over HTTP with API keys, and the keys its store holds (made as the REST admin does)."""

    url: str
    keys: dict[str, str]
    """tenant -> a key of that tenant"""
    second_acme: str
    revoked_acme: str
    admin: str


@pytest.fixture(scope="module")
def keyed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[KeyedServer]:
    root = tmp_path_factory.mktemp("mcp-keys")
    url = f"sqlite:///{root / 'm.db'}"
    with Memory(config=Config(url=url, embedder="hash")) as memory:
        store = KeyStore(memory, admin_key=None)
        keys = {}
        for tenant in ("acme", "globex", "tools"):
            store.create_tenant(tenant)
            keys[tenant] = store.create_key(tenant)[1]
        second_acme = store.create_key("acme", label="second")[1]
        revoked_info, revoked_acme = store.create_key("acme", label="revoked")
        store.revoke(revoked_info.key_id)
        admin = store.create_admin_key()
    with _http_server(url, root / "server.log") as server_url:
        yield KeyedServer(server_url, keys, second_acme, revoked_acme, admin)


@asynccontextmanager
async def _client(url: str, key: str | None) -> AsyncIterator[Client]:
    """The SDK's own client over streamable HTTP, sending ``key`` as a bearer token."""
    headers = {} if key is None else {"Authorization": f"Bearer {key}"}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=TIMEOUT) as http,
        Client(streamable_http_client(url, http_client=http)) as client,
    ):
        yield client


def test_every_tool_over_streamable_http(keyed_server: KeyedServer) -> None:
    async def main() -> None:
        with anyio.fail_after(TIMEOUT):
            async with _client(keyed_server.url, keyed_server.keys["tools"]) as client:
                await _exercise(client)

    anyio.run(main)


def test_each_key_sees_only_its_tenant(keyed_server: KeyedServer) -> None:
    async def main() -> None:
        with anyio.fail_after(TIMEOUT):
            async with _client(keyed_server.url, keyed_server.keys["acme"]) as acme:
                await _call(acme, "remember", content="I live in Shanghai.", user_id="u1", session_id="s-acme")
            async with _client(keyed_server.url, keyed_server.keys["globex"]) as globex:
                assert (await _call(globex, "get_fact", subject="u1", predicate="lives_in"))["fact"] is None
                hits = await _call(globex, "search", query="Shanghai", user_id="u1")
                assert hits["items"] == []
                packet = await _call(globex, "recall", query="where does the user live?", user_id="u1")
                assert "Shanghai" not in packet["text"]
                await _call(globex, "remember", content="I live in Berlin.", user_id="u1", session_id="s-globex")
                fact = await _call(globex, "get_fact", subject="u1", predicate="lives_in")
                assert fact["fact"]["value"] == "Berlin"
            # another key of the same tenant sees the tenant's memory, untouched by globex's write
            async with _client(keyed_server.url, keyed_server.second_acme) as acme_again:
                fact = await _call(acme_again, "get_fact", subject="u1", predicate="lives_in")
                assert fact["fact"]["value"] == "Shanghai"
                history = await _call(acme_again, "fact_history", subject="u1", predicate="lives_in")
                assert [v["value"] for v in history["versions"]] == ["Shanghai"]

    anyio.run(main)


def test_a_session_is_bound_to_its_user_as_over_rest(keyed_server: KeyedServer) -> None:
    async def main() -> None:
        with anyio.fail_after(TIMEOUT):
            async with _client(keyed_server.url, keyed_server.keys["acme"]) as acme:
                await _call(acme, "remember", content="Hello.", user_id="alice", session_id="s-shared")
                taken = await acme.call_tool("remember", {"content": "Hi.", "user_id": "bob", "session_id": "s-shared"})
                assert taken.is_error
                text = taken.content[0].text  # type: ignore[union-attr]
                assert json.loads(text[text.index("{") :])["error"]["code"] == "MEM_ERR_PERMISSION"

    anyio.run(main)


@pytest.mark.parametrize(
    ("headers", "status", "code", "says"),
    [
        ({}, 401, "MEM_ERR_UNAUTHENTICATED", "an API key is required"),
        ({"Authorization": "Bearer pk_0123456789abcdef_" + "0" * 64}, 401, "MEM_ERR_UNAUTHENTICATED", "unknown"),
        ({"Authorization": "Bearer not-a-key"}, 401, "MEM_ERR_UNAUTHENTICATED", "unknown"),
        ({"Authorization": "Basic dXNlcjpwYXNz"}, 401, "MEM_ERR_UNAUTHENTICATED", "an API key is required"),
        ("revoked", 401, "MEM_ERR_UNAUTHENTICATED", "revoked"),
        ("admin", 403, "MEM_ERR_PERMISSION", "admin key"),
    ],
    ids=["missing", "unknown", "malformed", "not-bearer", "revoked", "admin"],
)
def test_a_request_without_a_tenant_key_is_refused_before_any_tool(
    keyed_server: KeyedServer, headers: dict[str, str] | str, status: int, code: str, says: str
) -> None:
    if headers == "revoked":
        headers = {"Authorization": f"Bearer {keyed_server.revoked_acme}"}
    elif headers == "admin":
        headers = {"X-API-Key": keyed_server.admin}
    assert isinstance(headers, dict)
    call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "forget", "arguments": {"user_id": "u1"}}}  # fmt: skip
    response = httpx.post(
        keyed_server.url,
        json=call,
        headers={**headers, "Accept": "application/json, text/event-stream"},
        timeout=TIMEOUT,
    )
    assert response.status_code == status
    assert response.headers["content-type"] == "application/json"
    error = response.json()["error"]
    assert error["code"] == code and says in error["message"]
    if status == 401:
        assert response.headers["www-authenticate"].startswith("Bearer")


def test_the_sdk_client_cannot_connect_with_a_wrong_key(keyed_server: KeyedServer) -> None:
    async def main() -> None:
        with anyio.fail_after(TIMEOUT):
            async with _client(keyed_server.url, "pk_0123456789abcdef_" + "0" * 64) as client:
                await client.list_tools()

    # The SDK reports the 401 as an MCPError (inside its task groups' exception groups).
    with pytest.raises(BaseException) as refused:  # noqa: PT011
        anyio.run(main)
    leaves = [refused.value]
    while isinstance(leaves[-1], BaseExceptionGroup):
        leaves.append(leaves[-1].exceptions[0])
    assert isinstance(leaves[-1], MCPError), repr(refused.value)


def test_a_session_cannot_be_used_with_another_key(keyed_server: KeyedServer) -> None:
    """The SDK binds an MCP session to the key that opened it: another key gets 404, as for no session."""
    accept = {"Accept": "application/json, text/event-stream", "Content-Type": "application/json"}
    opening = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
               "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                          "clientInfo": {"name": "test", "version": "0"}}}  # fmt: skip
    with httpx.Client(timeout=TIMEOUT) as http:
        opened = http.post(
            keyed_server.url, json=opening, headers={**accept, "Authorization": f"Bearer {keyed_server.keys['acme']}"}
        )
        assert opened.status_code == 200, opened.text
        session = opened.headers["mcp-session-id"]
        listing = {"jsonrpc": "2.0", "id": 2, "method": "tools/list"}
        for key, status in ((keyed_server.keys["globex"], 404), (keyed_server.second_acme, 404)):
            hijack = http.post(
                keyed_server.url,
                json=listing,
                headers={**accept, "Authorization": f"Bearer {key}", "mcp-session-id": session},
            )
            assert hijack.status_code == status, hijack.text


def test_no_auth_serves_the_configured_tenant_on_loopback(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    with _http_server(url, tmp_path / "server.log", "--no-auth", "--tenant", "dev") as server_url:

        async def main() -> None:
            with anyio.fail_after(TIMEOUT):
                async with _client(server_url, None) as client:
                    await _call(client, "remember", content="I live in Shanghai.", user_id="u1", session_id="s1")

        anyio.run(main)
    with Memory(config=Config(url=url, tenant="dev", embedder="hash")) as memory:
        assert memory.facts.get("u1", "lives_in") is not None


@pytest.mark.parametrize(
    ("host", "loopback"),
    [("127.0.0.1", True), ("127.8.9.1", True), ("::1", True), ("[::1]", True), ("localhost", True),
     ("LOCALHOST", True), ("0.0.0.0", False), ("::", False), ("192.168.1.20", False), ("example.org", False),
     ("localhost.example.org", False), ("", False)],
)  # fmt: skip
def test_is_loopback(host: str, loopback: bool) -> None:
    assert is_loopback(host) is loopback


def test_no_auth_is_refused_off_loopback(tmp_path: Path) -> None:
    args = ["--url", f"sqlite:///{tmp_path / 'm.db'}", "--transport", "http", "--host", "0.0.0.0", "--no-auth"]
    with pytest.raises(ConfigError, match="without API keys"):
        mcp_server.main(args)
    assert not (tmp_path / "m.db").exists(), "refused before the store is opened"
    # with keys, a public address is allowed (nothing is bound here: the app is only built)
    with Memory(config=Config(url="memory://", embedder="hash")) as memory:
        assert mcp_server.http_app(memory, host="0.0.0.0", keys=KeyStore(memory, None)) is not None
        with pytest.raises(ConfigError):
            mcp_server.http_app(memory, host="0.0.0.0", keys=None)


def test_palimpsest_mcp_over_http_checks_keys_made_for_the_rest_api(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'm.db'}"
    with Memory(config=Config(url=url, embedder="hash")) as memory:
        store = KeyStore(memory, admin_key=None)
        store.create_tenant("acme")
        key = store.create_key("acme")[1]
    with _http_server(url, tmp_path / "server.log", cli=True) as server_url:

        async def main() -> None:
            with anyio.fail_after(TIMEOUT):
                async with _client(server_url, key) as client:
                    await _call(client, "remember", content="I live in Shanghai.", user_id="u1", session_id="s1")

        anyio.run(main)
        refused = httpx.post(server_url, json={}, headers={"Accept": "application/json, text/event-stream"})
        assert refused.status_code == 401 and refused.json()["error"]["code"] == "MEM_ERR_UNAUTHENTICATED"
    assert "no API keys" not in (tmp_path / "server.log").read_text()
    with Memory(config=Config(url=url, tenant="acme", embedder="hash")) as memory:
        assert memory.facts.get("u1", "lives_in") is not None


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--transport", "http", "--host", "0.0.0.0", "--no-auth"], "without API keys"),
        (["--no-auth"], "--transport http only"),
    ],
    ids=["no-auth-off-loopback", "no-auth-with-stdio"],
)
def test_palimpsest_mcp_refuses_unsafe_or_meaningless_options(tmp_path: Path, args: list[str], says: str) -> None:
    store = tmp_path / "m.db"
    env: dict[str, str | None] = {
        "PALIMPSEST_URL": None,
        "PALIMPSEST_TENANT": None,
        "PALIMPSEST_LLM_URL": None,
        "COLUMNS": "200",
    }
    result = CliRunner().invoke(cli_app, ["--url", f"sqlite:///{store}", "mcp", *args], env=env)
    assert result.exit_code == 2, result.output
    assert says in result.stderr and "Traceback" not in result.output
    assert not store.exists(), "refused before the store is opened"


def test_each_key_has_a_request_budget_as_over_rest() -> None:
    """In process (Starlette's TestClient runs the app's lifespan): 1 request/s, bursts of 2."""
    with Memory(config=Config(url="memory://", embedder="hash")) as memory:
        store = KeyStore(memory, admin_key=None)
        store.create_tenant("acme")
        key = store.create_key("acme")[1]
        app = mcp_server.http_app(memory, host="127.0.0.1", keys=store, limiter=RateLimiter(1.0, burst=2))
        headers = {"Authorization": f"Bearer {key}", "Accept": "application/json, text/event-stream"}
        opening = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                   "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                              "clientInfo": {"name": "test", "version": "0"}}}  # fmt: skip
        with TestClient(app, base_url="http://127.0.0.1:8766") as http:
            answers = [http.post("/mcp", json=opening, headers=headers) for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 429], [a.text for a in answers]
    assert answers[2].json()["error"]["code"] == "MEM_ERR_RATE_LIMITED"
    assert int(answers[2].headers["retry-after"]) >= 1
