"""The MCP server through the official SDK's own client, over stdio and streamable HTTP:
every tool is called, and errors carry the same machine-readable codes as REST."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client
from mcp.client.stdio import StdioServerParameters

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


@pytest.fixture
def http_server(tmp_path: Path) -> Iterator[str]:
    port = _free_port()
    log = (tmp_path / "server.log").open("w")
    args = _server_args(f"sqlite:///{tmp_path / 'm.db'}", "--transport", "http", "--port", str(port))
    process = subprocess.Popen([sys.executable, *args], stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert process.poll() is None, (tmp_path / "server.log").read_text()
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


def test_every_tool_over_streamable_http(http_server: str) -> None:
    async def main() -> None:
        with anyio.fail_after(TIMEOUT):
            async with Client(http_server) as client:
                await _exercise(client)

    anyio.run(main)
