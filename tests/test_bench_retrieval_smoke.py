"""The retrieval benchmark still runs end to end on real LoCoMo data (tiny; timings not asserted)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from bench.retrieval import (
    DATA_DIR,
    SYSTEMS,
    load_locomo,
    parse_locomo_date,
    render,
    repair_evidence,
    run,
    score,
)

LOCOMO = DATA_DIR / "locomo" / "locomo10.json"


@pytest.mark.parametrize(
    ("evidence", "expected"),
    [
        (["D8:6; D9:17"], ["D8:6", "D9:17"]),
        (["D:11:26"], ["D11:26"]),
        (["D30:05"], ["D30:5"]),
        (["D1:3, D1:4", "D1:3"], ["D1:3", "D1:4"]),
        (["D2:1 D2:2"], ["D2:1", "D2:2"]),
        (["D99:1", "garbage", ""], []),  # D99:1 is not in the conversation
    ],
)
def test_evidence_repair_follows_the_readme(evidence: list[str], expected: list[str]) -> None:
    known = {"D8:6", "D9:17", "D11:26", "D30:5", "D1:3", "D1:4", "D2:1", "D2:2"}
    assert repair_evidence(evidence, known) == expected


def test_locomo_dates_are_utc() -> None:
    assert parse_locomo_date("1:56 pm on 8 May, 2023") == datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


@pytest.mark.skipif(not LOCOMO.exists(), reason="../shared/benchmarks is not present")
def test_locomo_runner_produces_recall_per_category() -> None:
    dataset = load_locomo(LOCOMO, limit_conversations=1, limit_questions=5)
    assert {u.user_id for u in dataset.utterances} == {"conv-26"}
    assert 0 < len(dataset.probes) <= 5

    result = run(dataset, url="memory://", embedder="hash")
    scores = score(dataset, result.rankings)

    assert result.stored == len(dataset.utterances)
    assert set(result.rankings) == set(SYSTEMS)
    assert len(result.search_ms) == len(dataset.probes)
    assert scores.counts["overall"] == len(dataset.probes)
    for system in SYSTEMS:
        assert len(result.rankings[system]) == len(dataset.probes)
        for category, metrics in scores.values[system].items():
            assert category in scores.counts
            assert set(metrics) == {"R@5", "R@10", "R@25", "R@50"}
            assert all(0.0 <= v <= 1.0 for v in metrics.values())
            assert metrics["R@5"] <= metrics["R@10"] <= metrics["R@25"] <= metrics["R@50"]
    report = render(result, scores, "palimpsest bench retrieval --dataset locomo", datetime.now(UTC))
    assert "| **ours** |" in report
    assert "## R@10" in report
