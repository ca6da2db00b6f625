"""An OpenAI-compatible endpoint made part of the configuration: `Memory.open(..., llm=LLMSettings(...))` and the
entry points' PALIMPSEST_LLM_* variables put the LLM extractor and summarizer behind the write path, the rules kept as
the fallback (a fake server stands in for the model)."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from palimpsest import Config, LLMSettings, Memory
from palimpsest.cli import app
from palimpsest.config import llm_settings_from_env
from palimpsest.errors import ConfigError
from test_llm_extractor import GOOD, FakeOpenAI, fake  # noqa: F401  (the fake server fixture)

AT = datetime(2026, 3, 11, 10, 0, tzinfo=UTC)
TEXT = "I moved to Beijing last Monday, my wife works at Alibaba."


def _open(settings: LLMSettings) -> Memory:
    return Memory.open("memory://", embedder="hash", llm=settings)


def _add(memory: Memory, text: str = TEXT) -> None:
    memory.add({"role": "user", "content": text}, user_id="u1", session_id="s1", at=AT)


def test_a_configured_endpoint_extracts_the_facts_written(fake: FakeOpenAI) -> None:  # noqa: F811
    fake.answer(json.dumps(GOOD))
    with _open(LLMSettings(fake.url, "tiny", api_key="sk-test", timeout=5)) as memory:
        _add(memory)
        active = {(f.subject, f.predicate, f.value) for f in memory.facts.list(user_id="u1", valid_at=None)}
        assert ("u1", "lives_in", "Beijing") in active
        assert ("u1:wife", "works_at", "Alibaba") in active
        (move,) = [f for f in memory.facts.list(user_id="u1", valid_at=None) if f.predicate == "lives_in"]
        assert "llm" in memory.why(move.id).text
    (request,) = fake.requests
    assert request["model"] == "tiny" and request["messages"][1]["content"] == TEXT
    # the tenant's registered predicates are offered to the model
    assert "preferred_theme" in request["messages"][0]["content"]


def test_a_failing_endpoint_falls_back_to_the_rules_and_loses_nothing(fake: FakeOpenAI) -> None:  # noqa: F811
    # no reply queued: the fake answers 500, as an outage would
    with _open(LLMSettings(fake.url, "tiny", timeout=5)) as memory:
        _add(memory)
        active = {(f.predicate, f.value) for f in memory.facts.list(user_id="u1", valid_at=None)}
        assert ("lives_in", "Beijing") in active
        assert memory.pipeline.extractor.last_error is not None  # type: ignore[attr-defined]
        # the operator sees the fallback among the metrics (the health page and /metrics show them)
        assert memory.metrics.counter_values()["extract.llm_fallback"] == 1
    assert len(fake.requests) == 1


def test_summaries_only_leave_extraction_to_the_rules(fake: FakeOpenAI) -> None:  # noqa: F811
    with _open(LLMSettings(fake.url, "tiny", timeout=5, extract=False)) as memory:
        _add(memory)
        assert ("lives_in", "Beijing") in {
            (f.predicate, f.value) for f in memory.facts.list(user_id="u1", valid_at=None)
        }
        assert type(memory.pipeline.extractor).__name__ == "RuleExtractor"
        assert type(memory.summaries.summarizer).__name__ == "LLMSummarizer"
    assert fake.requests == []  # one turn: no extraction call, no summary due yet


def test_a_failing_summary_endpoint_still_summarizes_and_is_counted(fake: FakeOpenAI) -> None:  # noqa: F811
    # no reply queued: every summary call gets HTTP 500; the rule summarizer writes the summary instead
    with _open(LLMSettings(fake.url, "tiny", timeout=5, extract=False)) as memory:
        _add(memory)
        summary = memory.end_session("u1", "s1")
        assert summary is not None and summary.covers
        counters = memory.metrics.counter_values()
        # the session's summary and the storyline rebuilt from it
        assert counters["summarize.llm_fallback"] == 2
        assert "extract.llm_fallback" not in counters
    assert len(fake.requests) == 2


def test_without_llm_nothing_leaves_the_machine() -> None:
    with Memory.open("memory://", embedder="hash") as memory:
        assert memory.config.llm is None
        assert type(memory.pipeline.extractor).__name__ == "RuleExtractor"
        assert type(memory.summaries.summarizer).__name__ == "RuleSummarizer"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"base_url": "ftp://host/v1", "model": "m"}, "base_url"),
        ({"base_url": "localhost:11434", "model": "m"}, "base_url"),
        ({"base_url": "http://localhost:11434/v1", "model": " "}, "model"),
        ({"base_url": "http://localhost:11434/v1", "model": "m", "timeout": 0}, "timeout"),
        ({"base_url": "http://localhost:11434/v1", "model": "m", "extract": False, "summarize": False}, "nothing"),
    ],
)
def test_bad_settings_are_config_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        LLMSettings(**kwargs)  # type: ignore[arg-type]


def test_the_key_stays_out_of_reprs_and_config_must_be_typed() -> None:
    settings = LLMSettings("https://api.example.com/v1", "m", api_key="sk-secret")
    assert "sk-secret" not in repr(settings) and "sk-secret" not in repr(Config(url="memory://", llm=settings))
    with pytest.raises(ConfigError, match="LLMSettings"):
        Config(url="memory://", llm="https://api.example.com/v1")  # type: ignore[arg-type]


def test_settings_from_the_environment() -> None:
    assert llm_settings_from_env({}) is None
    assert llm_settings_from_env({"PALIMPSEST_LLM_URL": "  ", "PALIMPSEST_LLM_MODEL": "m"}) is None
    full = llm_settings_from_env(
        {
            "PALIMPSEST_LLM_URL": "http://localhost:11434/v1",
            "PALIMPSEST_LLM_MODEL": "qwen2.5:7b",
            "PALIMPSEST_LLM_API_KEY": "sk-1",
            "PALIMPSEST_LLM_TIMEOUT": "12.5",
            "PALIMPSEST_LLM_USE": "extract",
        }
    )
    assert full == LLMSettings(
        "http://localhost:11434/v1", "qwen2.5:7b", api_key="sk-1", timeout=12.5, extract=True, summarize=False
    )
    with pytest.raises(ConfigError, match="PALIMPSEST_LLM_MODEL"):
        llm_settings_from_env({"PALIMPSEST_LLM_URL": "http://localhost:11434/v1"})
    with pytest.raises(ConfigError, match="seconds"):
        llm_settings_from_env(
            {"PALIMPSEST_LLM_URL": "http://h/v1", "PALIMPSEST_LLM_MODEL": "m", "PALIMPSEST_LLM_TIMEOUT": "soon"}
        )
    with pytest.raises(ConfigError, match="extract, summarize"):
        llm_settings_from_env(
            {"PALIMPSEST_LLM_URL": "http://h/v1", "PALIMPSEST_LLM_MODEL": "m", "PALIMPSEST_LLM_USE": "x"}
        )


def test_the_cli_reads_the_endpoint_and_refuses_half_a_setting() -> None:
    env = {"PALIMPSEST_URL": None, "PALIMPSEST_LLM_URL": "http://127.0.0.1:9/v1", "PALIMPSEST_LLM_MODEL": None}
    result = CliRunner().invoke(app, ["--url", "memory://", "facts", "list", "--user", "u1"], env=env)
    assert result.exit_code == 2
    assert "PALIMPSEST_LLM_MODEL" in result.stderr


def test_the_rest_entry_point_reads_the_endpoint(monkeypatch: pytest.MonkeyPatch) -> None:
    from palimpsest.server.entry import config_from_env

    monkeypatch.setenv("PALIMPSEST_URL", "memory://")
    monkeypatch.setenv("PALIMPSEST_LLM_URL", "http://localhost:8000/v1")
    monkeypatch.setenv("PALIMPSEST_LLM_MODEL", "served-model")
    monkeypatch.setenv("PALIMPSEST_LLM_USE", "summarize")
    assert config_from_env().llm == LLMSettings("http://localhost:8000/v1", "served-model", extract=False)
    monkeypatch.delenv("PALIMPSEST_LLM_URL")
    assert config_from_env().llm is None


def test_the_extraction_bench_scores_an_llm_endpoint(fake: FakeOpenAI) -> None:  # noqa: F811
    from bench import extraction as bench

    from palimpsest.llm import ChatClient
    from palimpsest.write.extract import LLMExtractor, RuleExtractor

    turns = [u for u in bench.load_dataset(bench.DATA) if u.attack is None][:3]
    fake.answer(json.dumps({"facts": [], "intents": [], "topics": [], "intent_tags": [], "anchors": []}))
    report = bench.Report(turns)
    bench.run_extraction(report, LLMExtractor(ChatClient(fake.url, None, "tiny", timeout=5), RuleExtractor()))
    assert len(fake.requests) == 3
    # the first turn got the model's (empty) answer; the other two fell back to the rules and are listed
    assert len(report.errors["LLM calls that fell back to the rules"]) == 2
    assert bench.main(["--llm-url", "ftp://nowhere", "--llm-model", "m", "--skip-end-to-end"]) == 2


def test_the_model_is_told_what_each_predicate_holds(fake: FakeOpenAI) -> None:  # noqa: F811
    fake.answer(json.dumps(GOOD))
    with _open(LLMSettings(fake.url, "tiny", timeout=5)) as memory:
        _add(memory)
    system = fake.requests[0]["messages"][0]["content"]
    assert "lives_in: The city the subject lives in" in system
    assert "preferred_theme: The display theme, dark or light." in system


def test_a_tenant_predicate_reaches_the_prompt_with_its_description(fake: FakeOpenAI, tmp_path: Path) -> None:  # noqa: F811
    from palimpsest.write.registry import load_registry

    tenant = tmp_path / "vehicle.yaml"
    tenant.write_text(
        "version: 1\npredicates:\n  vehicle:\n    cardinality: many\n    consent: devices\n"
        "    description: A car or bike the subject owns.\n",
        encoding="utf-8",
    )
    fake.answer(json.dumps(GOOD))
    with Memory.open(
        "memory://", embedder="hash", llm=LLMSettings(fake.url, "t"), predicates=load_registry(tenant)
    ) as m:
        _add(m)
    assert "vehicle: A car or bike the subject owns." in fake.requests[0]["messages"][0]["content"]
