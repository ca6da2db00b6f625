"""The serving benchmark still runs end to end (a tiny seed, hash embedder, one-second rows; timings are
not asserted) and its request mixes are what the report says they are."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from bench.serving import add_bodies, main, question_pool, recall_bodies, tree_cpu_seconds


def test_question_pool_is_distinct_bilingual_and_disjoint_from_what_it_excludes() -> None:
    pool = question_pool(3000, seed=7)
    assert len(set(pool)) == 3000
    assert any("\u4e00" <= ch <= "\u9fff" for text in pool for ch in text)
    assert any(text.isascii() for text in pool)
    assert pool == question_pool(3000, seed=7)
    other = question_pool(500, seed=8, exclude=frozenset(pool))
    assert not set(other) & set(pool)


def test_recall_bodies_name_the_users_open_session() -> None:
    bodies = [json.loads(line) for line in recall_bodies(["where do I live now", "订单ORD-1234567的状态"], 4, 3, 7)]
    for body in bodies:
        assert body["session_id"] == f"s02-{body['user_id']}"


def test_add_bodies_carry_new_text_for_each_request() -> None:
    bodies = [json.loads(line) for line in add_bodies(200, users=5, seed=7)]
    texts = [tuple(m["content"] for m in body["messages"]) for body in bodies]
    assert len(set(texts)) == len(texts)
    assert [m["role"] for m in bodies[0]["messages"]] == ["user", "assistant"]
    assert {body["user_id"] for body in bodies[:5]} == {f"user{i:05d}" for i in range(5)}


def test_tree_cpu_seconds_counts_this_process() -> None:
    import os

    assert tree_cpu_seconds([os.getpid()]) > 0
    assert tree_cpu_seconds([]) == 0


@pytest.mark.parametrize("client", ["python", "wrk"])
def test_benchmark_serves_seeds_drives_and_reports(tmp_path: Path, client: str) -> None:
    if client == "wrk" and shutil.which("wrk") is None:
        pytest.skip("wrk is not installed (apt-get install -y wrk); the python client is tested above")
    out = tmp_path / "serving.md"
    argv = [
        "--backends", "sqlite", "--embedders", "hash", "--workers", "1", "--users", "3", "--sessions", "2",
        "--session-turns", "4", "--concurrency", "2", "--duration", "1", "--add-duration", "1", "--repeat-pool", "5",
        "--distinct-per-run", "5000", "--adds-per-run", "60", "--client", client,
        "--scratch", str(tmp_path), "--out", str(out),
    ]  # fmt: skip
    assert main(argv) == 0

    (raw,) = tmp_path.glob("serving-*.json")
    (report,) = json.loads(raw.read_text())["reports"]
    assert report["seeded"]["turns"] == 3 * 2 * 4
    rows = {(r["operation"], r["mix"]): r for r in report["rows"]}
    assert set(rows) == {("recall", "distinct"), ("recall", "repeated"), ("add", "new turns")}
    for row in rows.values():
        assert row["requests"] > 0
        assert sum(row["errors"].values()) == 0
        assert 0 < row["p50_ms"] <= row["p95_ms"] <= row["p99_ms"] <= row["max_ms"]
        assert row["server_cpu_s"] > 0
        assert row["client"] == ("wrk" if client == "wrk" else "python (httpx)")
    assert rows[("recall", "distinct")]["bodies_reused"] == 0
    text = out.read_text()
    assert "| sqlite | hash | recall | distinct | 2 |" in text
    assert "Target: ≥ 300 recall requests/s" in text
