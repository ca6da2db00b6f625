"""The fact-store benchmark still runs end to end (a tiny size; timings are not asserted)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from bench.facts import ANALYSIS_MARKER, Workload, render, run_backend, write_report


def test_benchmark_produces_a_well_formed_report(tmp_path: Path) -> None:
    workload = Workload(versions=2_000, subjects=200, batch_size=500)

    result = run_backend("sqlite", f"sqlite:///{tmp_path / 'facts.db'}", workload, queries=50, warmup=10)

    assert result.ingest.calls == 2_000
    assert result.ingest.batches == 4
    assert 0 < result.ingest.producing_calls <= result.ingest.calls <= result.ingest.stored_versions
    assert result.ingest.rate > 0
    assert set(result.latency) == {"get (current)", "lookup", "get (as-of)", "history"}
    for latency in result.latency.values():
        assert latency.count == 50
        assert 0 < latency.p50_ms <= latency.p95_ms <= latency.p99_ms <= latency.max_ms
    assert result.latency["history"].nonempty == 50  # every subject has versions
    assert result.latency["lookup"].nonempty > 0  # stored identifiers are found in other spellings
    assert result.size_bytes > 0

    report = render([result], workload, 50, "python -m bench.facts --versions 2000", datetime.now(UTC))
    assert "| `get (current)` |" in report
    assert "ingest ≥ 20,000 versions/s" in report

    out = tmp_path / "facts.md"
    out.write_text("old tables\n" + ANALYSIS_MARKER + "\nhand-written analysis\n")
    write_report(out, report)
    assert out.read_text().startswith("# Fact store benchmark")
    assert out.read_text().endswith(ANALYSIS_MARKER + "\nhand-written analysis\n")


def test_workload_is_reproducible() -> None:
    def first_batch() -> list[tuple[str, str, str]]:
        batch = next(Workload(versions=300, subjects=30, batch_size=100).batches())
        return [(i.subject, i.predicate, i.value) for i in batch.items]

    assert first_batch() == first_batch()
