"""``palimpsest knowledge``: distill, find, feedback, review, approve, reject through the CLI."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from typer.testing import CliRunner, Result

from palimpsest import Memory
from palimpsest.cli import app

CLEAN_ENV: dict[str, str | None] = {
    "PALIMPSEST_URL": None,
    "PALIMPSEST_TENANT": None,
    "PALIMPSEST_LLM_URL": None,
    "COLUMNS": "200",
}
ANSWER = "1. Click More actions. 2. Choose Export as PDF. 3. Click Download."


def run(url: str, *args: str) -> Result:
    return CliRunner().invoke(app, ["--url", url, "--embedder", "hash", *args], env=CLEAN_ENV)


def ok_json(result: Result) -> Any:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_knowledge_commands(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'kb.db'}"
    start = datetime(2026, 3, 1, tzinfo=UTC)
    with Memory.open(url, embedder="hash") as mem:
        for n, question in enumerate(
            ["How do I export a PDF?", "怎么导出PDF？", "how to export pdf", "导出PDF怎么弄？"]
        ):
            mem.add(
                [{"role": "user", "content": question}, {"role": "assistant", "content": ANSWER}],
                user_id=f"u{n}",
                session_id=f"s{n}",
                at=start + timedelta(hours=n),
            )

    assert ok_json(run(url, "knowledge", "distill", "--min-users", "5", "--json"))["created"] == []
    created = ok_json(run(url, "knowledge", "distill", "--since", "2026-03-01", "--json"))["created"]
    [item] = created
    assert item["solution_steps"] == ["Click More actions", "Choose Export as PDF", "Click Download"]
    assert item["users_count"] == 4

    table = run(url, "knowledge", "find", "how do I export a PDF?")
    assert table.exit_code == 0 and item["id"] in table.stdout and "Choose Export as PDF" in table.stdout
    [hit] = ok_json(run(url, "knowledge", "find", "怎么导出PDF", "--limit", "1", "--json"))
    assert hit["item"]["id"] == item["id"]

    assert ok_json(run(url, "knowledge", "feedback", item["id"], "--useless", "--json"))["status"] == "review"
    queue = run(url, "knowledge", "review")
    assert queue.exit_code == 0 and "marked useless" in queue.stdout
    assert (
        run(url, "knowledge", "approve", item["id"], "--by", "anna").stdout.strip() == f"{item['id']}: active (by anna)"
    )
    assert ok_json(run(url, "knowledge", "reject", item["id"], "--by", "bo", "--json"))["status"] == "rejected"
    assert ok_json(run(url, "knowledge", "review", "--json")) == []

    missing = run(url, "knowledge", "approve", "kb_nope", "--by", "anna")
    assert missing.exit_code == 2 and "MEM_ERR_NOT_FOUND" in missing.stderr
