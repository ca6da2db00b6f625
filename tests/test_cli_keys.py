"""`palimpsest keys`: tenants and API keys made on the store are the ones the REST server accepts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from palimpsest import Memory
from palimpsest.cli import app
from palimpsest.config import Config

CLEAN_ENV: dict[str, str | None] = {
    "PALIMPSEST_URL": None,
    "PALIMPSEST_TENANT": None,
    "PALIMPSEST_LLM_URL": None,
    "COLUMNS": "200",
}


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'keys.db'}"


def run(url: str, *args: str) -> Result:
    env = {**CLEAN_ENV, "PALIMPSEST_EMBEDDER": "hash"}
    return CliRunner().invoke(app, ["--url", url, *args], env=env)


def ok(result: Result) -> object:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_a_key_made_on_the_command_line_works_over_rest_until_revoked(url: str) -> None:
    pytest.importorskip("fastapi")
    from fastapi.testclient import TestClient

    from palimpsest.server.app import create_app

    assert ok(run(url, "keys", "add-tenant", "acme", "--json"))["name"] == "acme"  # type: ignore[index]
    made = ok(run(url, "keys", "create", "acme", "--label", "support bot", "--json"))
    assert isinstance(made, dict) and made["tenant"] == "acme" and made["key"].startswith("pk_")
    listed = ok(run(url, "keys", "list", "--tenant", "acme", "--json"))
    assert listed == [
        {
            "key_id": made["key_id"],
            "tenant": "acme",
            "label": "support bot",
            "created_at": listed[0]["created_at"],
            "revoked": False,
        }  # type: ignore[index]
    ]
    assert made["key"] not in run(url, "keys", "list").stdout  # the key itself is never shown again

    with Memory(config=Config(url=url, embedder="hash")) as mem:
        client = TestClient(create_app(mem, admin_key=None, rate_limit=None))
        headers = {"Authorization": f"Bearer {made['key']}"}
        body = {"messages": "I live in Shanghai.", "user_id": "u1", "session_id": "s1"}
        assert client.post("/v1/memories", json=body, headers=headers).status_code == 200
        assert "Shanghai" in client.post("/v1/recall", json={"query": "where?", "user_id": "u1"}, headers=headers).text

    assert ok(run(url, "keys", "revoke", made["key_id"], "--json"))["revoked"] is True  # type: ignore[index]
    with Memory(config=Config(url=url, embedder="hash")) as mem:  # a new server process: no cached verification
        client = TestClient(create_app(mem, admin_key=None, rate_limit=None))
        refused = client.post("/v1/recall", json={"query": "where?", "user_id": "u1"}, headers=headers)
        assert refused.status_code == 401


def test_tenants_are_listed_and_bad_requests_are_one_clear_error(url: str) -> None:
    made = run(url, "keys", "add-tenant", "acme")
    assert made.exit_code == 0 and "tenant acme created" in made.stdout
    assert [t["name"] for t in ok(run(url, "keys", "tenants", "--json"))] == ["acme"]  # type: ignore[attr-defined]
    for args, message in [
        (("keys", "add-tenant", "acme"), "already exists"),
        (("keys", "add-tenant", "no spaces"), "tenant names"),
        (("keys", "create", "globex"), "no tenant 'globex'"),
        (("keys", "revoke", "nope"), "no API key 'nope'"),
    ]:
        result = run(url, *args)
        assert result.exit_code == 2, result.output
        assert message in result.stderr and "Traceback" not in result.output
