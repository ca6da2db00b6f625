"""The recall-at-scale benchmark still runs end to end (a tiny size, hash embedder; timings are not asserted)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.recall_scale import DialogueMaker, batches, main, plan_queries


def test_generator_is_seeded_and_bilingual() -> None:
    first = DialogueMaker(7).turns("user00000:0", 40)
    assert first == DialogueMaker(7).turns("user00000:0", 40)
    assert first != DialogueMaker(8).turns("user00000:0", 40)
    assert [m["role"] for m in first[:4]] == ["user", "assistant", "user", "assistant"]
    text = " ".join(m["content"] for m in DialogueMaker(7).turns("user00000:50", 400))
    assert any("\u4e00" <= ch <= "\u9fff" for ch in text)
    assert "ORD-" in text


def test_batches_cover_every_turn_round_robin() -> None:
    plan = list(batches(230, 2, 50))
    assert sum(count for _, _, count in plan) == 230
    assert [u for u, _, _ in plan[:4]] == [0, 1, 0, 1]


def test_queries_are_distinct_so_the_embedding_cache_never_answers() -> None:
    plan = plan_queries(users=3, queries=60, seed=7)
    texts = [q for q, _ in (*plan.warmups, *plan.recall, *plan.search)]
    assert len(texts) == len(set(texts))
    assert {u for _, u in plan.warmups} == {u for _, u in (*plan.recall, *plan.search)}


def test_benchmark_builds_measures_and_reports(tmp_path: Path) -> None:
    out = tmp_path / "report.json"
    store = ["--turns", "300", "--users", "2", "--embedder", "hash", "--db", str(tmp_path / "s.db")]
    assert main([*store, "--queries", "20", "--add-turns", "100", "--add-embedders", "hash", "--json", str(out)]) == 0

    report = json.loads(out.read_text())
    assert report["store"]["turns"] >= 300
    assert report["build"]["turns_added"] == report["store"]["turns"]
    measured = {r["name"]: r for r in report["measure"]["results"]}
    assert measured["Memory.recall (warm)"]["n"] == 20
    assert measured["Memory.search top 10 (warm)"]["n"] == 20
    assert measured["recall, cold (first query of a user)"]["n"] == 1  # two users; the first one is timed apart
    for row in measured.values():
        assert 0 < row["p50_ms"] <= row["p95_ms"] <= row["p99_ms"] <= row["max_ms"]
    for key in ("rss_after_open", "rss_after_warmup", "rss_after_queries"):
        assert report["measure"][key]["rss_mb"] > 0
    (add,) = report["add"]
    assert add["embedder"] == "hash" and add["turns"] == 100 and add["add_turns_per_s"] > 0

    # A second run on the same file measures the stored turns without adding any.
    assert main([*store, "--phase", "measure", "--queries", "5", "--json", str(out)]) == 0
    assert json.loads(out.read_text())["store"]["turns"] == report["store"]["turns"]
