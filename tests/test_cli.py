"""The ``palimpsest`` command line, end to end: commands, exit codes, ``--json`` and the demo."""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from palimpsest import Memory
from palimpsest.cli import app, parse_query_time, parse_time, show_time
from palimpsest.errors import NaiveDatetimeError, ValidationError
from palimpsest.types import NOW

# Unset the variables the CLI reads so the developer's own store never leaks into a test;
# a wide console so tables keep one column per field (ids included).
CLEAN_ENV: dict[str, str | None] = {
    "PALIMPSEST_URL": None,
    "PALIMPSEST_TENANT": None,
    "PALIMPSEST_LLM_URL": None,
    "COLUMNS": "200",
}

Invoke = Callable[..., Result]


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cli.db'}"


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A persistent store: every CLI call opens it afresh, as separate processes would."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'cli.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


def make_cli(url: str) -> Invoke:
    return make_cli_with(url)


@pytest.fixture
def cli(store_url: str) -> Invoke:
    return make_cli(store_url)


def ok_json(result: Result) -> Any:
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def error_line(result: Result) -> str:
    """The single red line a PalimpsestError prints (exit code 2, no traceback)."""
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.output
    return lines[0]


def seed(cli: Invoke) -> tuple[dict[str, Any], dict[str, Any]]:
    """Lives in Shanghai since January; moved to Beijing on 1 July (told later)."""
    first = ok_json(
        cli(
            "facts",
            "set",
            "u1",
            "lives_in",
            "Shanghai",
            "--valid-from",
            "2026-01-01",
            "--source",
            "user_command",
            "--reason",
            "onboarding form",
            "--json",
        )
    )
    second = ok_json(
        cli(
            "facts",
            "set",
            "u1",
            "lives_in",
            "Beijing",
            "--valid-from",
            "2026-07-01",
            "--source",
            "user_command",
            "--reason",
            "user said they moved",
            "--evidence",
            "turn-41",
            "--evidence",
            "turn-42",
            "--json",
        )
    )
    return first, second


# -- time parsing ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2026-07-01", datetime(2026, 7, 1, tzinfo=UTC)),
        ("20260701", datetime(2026, 7, 1, tzinfo=UTC)),
        ("2026-07-01T09:00+08:00", datetime(2026, 7, 1, 1, tzinfo=UTC)),
        ("2026-07-01T09:00:00Z", datetime(2026, 7, 1, 9, tzinfo=UTC)),
        (" 2026-07-01T09:00:00.5-05:00 ", datetime(2026, 7, 1, 14, 0, 0, 500000, tzinfo=UTC)),
    ],
)
def test_parse_time_accepts_aware_times_and_bare_dates(text: str, expected: datetime) -> None:
    parsed = parse_time(text, "--at")
    assert parsed == expected
    assert parsed.tzinfo is UTC


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("2026-07-01T09:00", NaiveDatetimeError),
        ("2026-07-01 09:00:00", NaiveDatetimeError),
        ("yesterday", ValidationError),
        ("2026-13-01", ValidationError),
        ("", ValidationError),
    ],
)
def test_parse_time_rejects_naive_and_garbage(text: str, error: type[Exception]) -> None:
    with pytest.raises(error, match="--at"):
        parse_time(text, "--at")


def test_parse_query_time_words() -> None:
    assert parse_query_time("now", "--valid-at") is NOW
    assert parse_query_time(" ALL ", "--valid-at") is None
    assert parse_query_time("2026-07-02", "--valid-at") == datetime(2026, 7, 2, tzinfo=UTC)


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (None, "open"),
        (datetime(2026, 7, 1, tzinfo=UTC), "2026-07-01"),
        (datetime(2026, 7, 1, 9, 30, tzinfo=UTC), "2026-07-01 09:30"),
        (datetime(2026, 7, 1, 9, 30, 5, 123, tzinfo=UTC), "2026-07-01 09:30:05"),
    ],
)
def test_show_time(value: datetime | None, shown: str) -> None:
    assert show_time(value) == shown


# -- facts -------------------------------------------------------------------------------


def test_set_get_and_time_travel(cli: Invoke) -> None:
    first, second = seed(cli)
    assert first["outcome"] == "created"
    assert second["outcome"] == "superseded"
    assert second["version"]["evidence"] == ["turn-41", "turn-42"]

    current = ok_json(cli("facts", "get", "u1", "lives_in", "--json"))
    assert current["value"] == "Beijing"
    assert current["valid_from"] == "2026-07-01T00:00:00+00:00"
    assert current["source"] == "user_command"

    in_march = ok_json(cli("facts", "get", "u1", "lives_in", "--valid-at", "2026-03-01", "--json"))
    assert in_march["value"] == "Shanghai"

    # The late report: as known just before Beijing was recorded, 2 July was still Shanghai.
    told = datetime.fromisoformat(second["version"]["recorded_at"])
    before = (told - timedelta(microseconds=1)).isoformat()
    then = ok_json(cli("facts", "get", "u1", "lives_in", "--valid-at", "2026-07-02", "--known-at", before, "--json"))
    now = ok_json(cli("facts", "get", "u1", "lives_in", "--valid-at", "2026-07-02", "--json"))
    assert (then["value"], now["value"]) == ("Shanghai", "Beijing")

    human = cli("facts", "get", "u1", "lives_in")
    assert human.exit_code == 0
    assert "u1 lives_in = Beijing" in human.stdout
    assert "user said they moved" in human.stdout
    assert "turn-41, turn-42" in human.stdout


def test_get_missing_prints_null_or_no_value(cli: Invoke) -> None:
    assert ok_json(cli("facts", "get", "u1", "lives_in", "--json")) is None
    human = cli("facts", "get", "u1", "lives_in")
    assert human.exit_code == 0
    assert "no value for u1 lives_in" in human.stdout


def test_history_shows_both_time_axes(cli: Invoke) -> None:
    seed(cli)
    rows = ok_json(cli("facts", "history", "u1", "lives_in", "--json"))
    shape = [
        (r["value"], r["valid_from"][:10], (r["valid_to"] or "open")[:10], r["superseded_at"] is None) for r in rows
    ]
    assert shape == [
        ("Shanghai", "2026-01-01", "open", False),
        ("Shanghai", "2026-01-01", "2026-07-01", True),
        ("Beijing", "2026-07-01", "open", True),
    ]
    table = cli("facts", "history", "u1", "lives_in")
    assert table.exit_code == 0
    for header in ("id", "value", "valid from", "valid to", "recorded", "superseded", "source", "status", "reason"):
        assert header in table.stdout
    assert "superseded" in table.stdout and "believed" in table.stdout
    assert rows[0]["id"] in table.stdout
    assert "onboarding form" in table.stdout


def test_history_on_a_narrow_console_keeps_every_field_but_ids(cli: Invoke) -> None:
    seed(cli)
    table = cli("facts", "history", "u1", env={"COLUMNS": "80"})
    assert table.exit_code == 0
    for text in ("valid (world)", "believed (store)", "Shanghai", "Beijing", "user_command", "onboarding form"):
        assert text in table.stdout
    assert "ids: --json" in table.stdout


def test_list_with_all_times_and_views(cli: Invoke) -> None:
    seed(cli)
    cli("facts", "set", "u1", "phone", "138 0000 1111", "--source", "auth_profile")
    current = ok_json(cli("facts", "list", "--user", "u1", "--json"))
    assert sorted(r["value"] for r in current) == ["138 0000 1111", "Beijing"]
    everything = ok_json(cli("facts", "list", "--user", "u1", "--valid-at", "all", "--known-at", "all", "--json"))
    assert len(everything) == 4
    page = ok_json(cli("facts", "list", "--user", "u1", "--limit", "1", "--offset", "1", "--json"))
    assert [r["predicate"] for r in page] == ["phone"]
    human = cli("facts", "list", "--user", "u1")
    assert human.exit_code == 0
    assert "phone" in human.stdout and "lives_in" in human.stdout


def test_lower_source_is_kept_as_overridden(cli: Invoke) -> None:
    seed(cli)
    result = cli("facts", "set", "u1", "lives_in", "Shenzhen", "--reason", "guessed from IP")
    assert result.exit_code == 0
    assert result.stdout.startswith("overridden")
    assert "agent_inferred is lower than user_command" in result.stdout
    assert ok_json(cli("facts", "get", "u1", "lives_in", "--json"))["value"] == "Beijing"
    statuses = {r["value"]: r["status"] for r in ok_json(cli("facts", "history", "u1", "lives_in", "--json"))}
    assert statuses["Shenzhen"] == "overridden"


def test_end_and_correct(cli: Invoke) -> None:
    wrong = ok_json(cli("facts", "set", "u1", "works_at", "Acmee", "--valid-from", "2026-01-01", "--json"))
    fixed = ok_json(cli("facts", "correct", wrong["version"]["id"], "Acme", "--reason", "typo", "--json"))
    assert fixed["outcome"] == "corrected"
    assert ok_json(cli("facts", "get", "u1", "works_at", "--json"))["value"] == "Acme"

    ended = cli("facts", "end", "u1", "works_at", "--at", "2026-07-01", "--reason", "left")
    assert ended.exit_code == 0 and ended.stdout.startswith("ended")
    assert ok_json(cli("facts", "get", "u1", "works_at", "--json")) is None
    assert ok_json(cli("facts", "get", "u1", "works_at", "--valid-at", "2026-03-01", "--json"))["value"] == "Acme"

    stale = cli("facts", "correct", wrong["version"]["id"], "Again", "--reason", "x")
    assert error_line(stale).startswith("error[MEM_ERR_STALE_VERSION]: ")
    missing = cli("facts", "correct", "f-nope", "--reason", "x")
    assert error_line(missing).startswith("error[MEM_ERR_NOT_FOUND]: ")
    needs_reason = cli("facts", "correct", wrong["version"]["id"])
    assert needs_reason.exit_code == 2 and "--reason" in needs_reason.output


def test_many_valued_end_one_value(cli: Invoke) -> None:
    cli("facts", "set", "u1", "owns_device", "iPhone", "--valid-from", "2026-01-01")
    cli("facts", "set", "u1", "owns_device", "AirPods", "--valid-from", "2026-01-01")
    assert ok_json(cli("facts", "end", "u1", "owns_device", "--value", "iPhone", "--json"))["outcome"] == "ended"
    assert [r["value"] for r in ok_json(cli("facts", "list", "--user", "u1", "--json"))] == ["AirPods"]


# -- lookup, forget, purge ---------------------------------------------------------------


def test_lookup_is_exact(cli: Invoke) -> None:
    cli("facts", "set", "u1", "phone", "+86 138-0000-1111")
    cli("facts", "set", "u2", "phone", "139 0000 1111")
    found = ok_json(cli("lookup", "13800001111", "--json"))
    assert [(r["user_id"], r["value"]) for r in found] == [("u1", "+86 138-0000-1111")]
    assert ok_json(cli("lookup", "13800001112", "--json")) == []
    assert ok_json(cli("lookup", "13800001111", "--user", "u2", "--json")) == []
    hit = cli("lookup", "138 0000 1111")
    assert hit.exit_code == 0 and "found" in hit.stdout and "u1" in hit.stdout
    miss = cli("lookup", "13700001111")
    assert miss.exit_code == 0 and "not found" in miss.stdout


def test_forget_then_purge(cli: Invoke) -> None:
    seed(cli)
    cli("facts", "set", "u1", "phone", "13800001111")
    forgot = ok_json(cli("forget", "u1", "--predicate", "lives_in", "--reason", "user asked", "--json"))
    assert len(forgot["forgotten"]) == 3 and forgot["hard"] is False
    assert ok_json(cli("facts", "get", "u1", "lives_in", "--json")) is None
    hidden = ok_json(
        cli("facts", "list", "--user", "u1", "--view", "compliance", "--valid-at", "all", "--known-at", "all", "--json")
    )
    assert len(hidden) == 3
    assert ok_json(cli("purge", "--json")) == {"deleted": 0}  # still within retention
    purged = cli("purge", "--before", "2999-01-01")
    assert purged.exit_code == 0 and purged.stdout.strip() == "purged 3 forgotten version(s)"
    assert ok_json(cli("facts", "get", "u1", "phone", "--json"))["value"] == "13800001111"


def test_retention_forgets_what_is_past_its_deadline(store_url: str, cli: Invoke) -> None:
    # The CLI runs on the real clock: record the fact as of 31 days ago through the library.
    month_ago = datetime.now(UTC) - timedelta(days=31)
    with Memory.open(store_url, clock=lambda: month_ago) as mem:
        mem.facts.set("u1", "condition", "asthma", category="health")
    cli("facts", "set", "u1", "preferred_report_format", "PDF")
    assert ok_json(cli("facts", "get", "u1", "condition", "--json")) is None  # never served past it
    report = ok_json(cli("retention", "--json"))
    assert (report["facts"], report["turns"], report["summaries"]) == (1, 0, 0)
    again = cli("retention")
    assert again.exit_code == 0 and again.stdout.startswith("forgot 0 fact version(s) and 0 turn(s)")
    assert ok_json(cli("facts", "get", "u1", "preferred_report_format", "--json"))["value"] == "PDF"


def test_hard_forget_asks_unless_yes(cli: Invoke) -> None:
    cli("facts", "set", "u1", "phone", "13800001111")
    declined = cli("forget", "u1", "--hard", input="n\n")
    assert declined.exit_code == 1
    assert ok_json(cli("lookup", "13800001111", "--json")) != []
    erased = ok_json(cli("forget", "u1", "--hard", "--yes", "--json"))
    assert erased["erased"] == 1 and erased["hard"] is True
    assert (
        ok_json(cli("lookup", "13800001111", "--view", "audit", "--valid-at", "all", "--known-at", "all", "--json"))
        == []
    )


# -- audit -------------------------------------------------------------------------------


def test_audit_verify_and_log(cli: Invoke) -> None:
    seed(cli)
    report = ok_json(cli("audit", "verify", "--json"))
    assert report == {"ok": True, "checked": 2, "first_broken_seq": None, "problem": ""}
    human = cli("audit", "verify")
    assert human.exit_code == 0 and "audit chain ok: 2 events verified" in human.stdout
    events = ok_json(cli("audit", "log", "--json"))
    assert [(e["seq"], e["action"], e["actor"]) for e in events] == [
        (1, "fact.created", "cli"),
        (2, "fact.superseded", "cli"),
    ]
    assert [e["seq"] for e in ok_json(cli("audit", "log", "--limit", "1", "--json"))] == [2]
    table = cli("audit", "log")
    assert table.exit_code == 0 and "fact.superseded" in table.stdout and events[1]["hash"][:12] in table.stdout


def test_audit_verify_names_the_first_broken_seq(sqlite_url: str) -> None:
    cli = make_cli(sqlite_url)
    seed(cli)
    cli("facts", "set", "u1", "phone", "13800001111")
    with sqlite3.connect(sqlite_url.removeprefix("sqlite:///")) as raw:
        raw.execute("UPDATE audit_events SET action = 'fact.nothing_to_see' WHERE seq = 2")
    broken = cli("audit", "verify")
    assert broken.exit_code == 1
    assert "BROKEN at seq 2" in broken.stdout
    report = json.loads(cli("audit", "verify", "--json").stdout)
    assert report["ok"] is False and report["first_broken_seq"] == 2


# -- migrations --------------------------------------------------------------------------


def test_migrate_status_on_sqlite(sqlite_url: str) -> None:
    cli = make_cli(sqlite_url)
    fresh = ok_json(cli("migrate", "--status", "--json"))
    assert fresh["applied"] == []
    assert fresh["pending"] and fresh["pending"] == sorted(fresh["pending"])
    first = ok_json(cli("migrate", "--json"))
    assert first["applied_now"] == fresh["pending"]
    status = ok_json(cli("migrate", "--status", "--json"))
    names = [m["name"] for m in status["applied"]]
    assert names == fresh["pending"]
    assert all(datetime.fromisoformat(m["applied_at"]).tzinfo is not None for m in status["applied"])
    assert status["pending"] == []
    table = cli("migrate", "--status")
    assert table.exit_code == 0
    assert all(name in table.stdout for name in names)
    assert f"{len(names)} applied, 0 pending" in table.stdout
    applied = cli("migrate")
    assert applied.exit_code == 0 and "the schema is up to date" in applied.stdout
    assert ok_json(cli("migrate", "--json"))["applied_now"] == []


def test_migrate_on_memory_has_nothing_to_do() -> None:
    cli = make_cli("memory://")
    assert ok_json(cli("migrate", "--status", "--json")) == {"applied": [], "pending": []}


# -- global options, environment, errors -------------------------------------------------


def test_url_and_tenant_come_from_the_environment(sqlite_url: str) -> None:
    runner = CliRunner()
    env = {**CLEAN_ENV, "PALIMPSEST_URL": sqlite_url, "PALIMPSEST_TENANT": "acme"}
    assert runner.invoke(app, ["facts", "set", "u1", "lives_in", "Berlin"], env=env).exit_code == 0
    got = runner.invoke(app, ["facts", "get", "u1", "lives_in", "--json"], env=env)
    assert json.loads(got.stdout)["tenant"] == "acme"
    other = runner.invoke(app, ["--tenant", "default", "facts", "get", "u1", "lives_in", "--json"], env=env)
    assert json.loads(other.stdout) is None


def test_memory_url_works_within_one_invocation() -> None:
    cli = make_cli("memory://")
    result = cli("facts", "set", "u1", "lives_in", "Shanghai", "--json")
    assert ok_json(result)["outcome"] == "created"


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["facts", "set", "u1", "lives_in", "X", "--valid-from", "2026-07-01T09:00"], "MEM_ERR_NAIVE_DATETIME"),
        (["facts", "get", "u1", "lives_in", "--known-at", "2026-07-01 09:00"], "MEM_ERR_NAIVE_DATETIME"),
        (["facts", "get", "u1", "lives_in", "--valid-at", "soon"], "MEM_ERR_INVALID"),
        (
            ["facts", "set", "u1", "lives_in", "X", "--valid-from", "2026-07-02", "--valid-to", "2026-07-01"],
            "MEM_ERR_INVALID_INTERVAL",
        ),
        (["facts", "set", "u1", "lives_in", "X", "--source", "the boss"], "MEM_ERR_INVALID"),
        (["facts", "get", "u1", "lives_in", "--view", "everything"], "MEM_ERR_UNKNOWN_VIEW"),
        (["facts", "end", "u1", "lives_in"], "MEM_ERR_NOT_FOUND"),
        (["facts", "list", "--user", " "], "MEM_ERR_INVALID"),
    ],
)
def test_palimpsest_errors_are_one_red_line_and_exit_2(sqlite_url: str, args: Sequence[str], code: str) -> None:
    line = error_line(make_cli(sqlite_url)(*args))
    assert line.startswith(f"error[{code}]: ")


def test_bad_url_is_a_config_error() -> None:
    for url in ("cassandra://nowhere", "not a url"):
        assert error_line(make_cli(url)("facts", "get", "u1", "lives_in")).startswith("error[MEM_ERR_CONFIG]: ")


def test_unexpected_errors_keep_their_traceback(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: object, **__: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(Memory, "lookup", broken)
    result = make_cli("memory://")("lookup", "13800001111")
    assert isinstance(result.exception, RuntimeError)


def test_error_messages_are_not_markup(sqlite_url: str) -> None:
    line = error_line(make_cli(sqlite_url)("facts", "get", "u1", "lives_in", "--view", "[bold]x[/bold]"))
    assert "[bold]x[/bold]" in line


def test_values_are_printed_literally(sqlite_url: str) -> None:
    cli = make_cli(sqlite_url)
    cli("facts", "set", "u1", "nickname", "[red]not markup[/red]")
    assert "[red]not markup[/red]" in cli("facts", "history", "u1").stdout


def test_version_and_help() -> None:
    runner = CliRunner()
    assert runner.invoke(app, ["--version"], env=CLEAN_ENV).stdout.startswith("palimpsest ")
    bare = runner.invoke(app, [], env=CLEAN_ENV)
    assert "facts" in bare.output and "demo" in bare.output


# -- demo --------------------------------------------------------------------------------


def demo_checks(output: str) -> None:
    assert "current value: Beijing" in output
    assert re.search(r"as known on 3 July\s.*as known now", output)
    assert re.search(r"│\s*Shanghai\s*│\s*Beijing\s*│", output), output
    assert "Why they differ" in output
    assert re.search(r"Shenzhen .*agent_inferred\s+overridden", output)
    assert re.search(r"13800001111\s+found: u1 phone", output)
    assert re.search(r"13900001111\s+not found", output)
    assert "audit chain verified: 4 events, ok" in output


def test_demo_runs_on_a_fresh_temporary_store(tmp_path: Path) -> None:
    env_store = tmp_path / "mine.db"
    result = CliRunner().invoke(app, ["demo"], env={**CLEAN_ENV, "PALIMPSEST_URL": f"sqlite:///{env_store}"})
    assert result.exit_code == 0, result.output
    demo_checks(result.stdout)
    assert not env_store.exists()  # PALIMPSEST_URL names real data: the demo never writes there
    temp_url = re.search(r"demo on a fresh temporary store: (sqlite:///\S+)", result.stdout)
    assert temp_url is not None and not Path(temp_url.group(1).removeprefix("sqlite:///")).exists()


def test_demo_history_table(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["demo", "--url", "memory://"], env=CLEAN_ENV)
    assert result.exit_code == 0, result.output
    history = [
        line.split()
        for line in result.stdout.splitlines()
        if line.split()[:1] in (["Shanghai"], ["Beijing"], ["Shenzhen"])
    ]
    assert history == [
        ["Shanghai", "2025-09-01", "open", "2026-03-01", "2026-07-04", "user_command", "superseded"],
        ["Shanghai", "2025-09-01", "2026-07-01", "2026-07-04", "—", "user_command", "believed"],
        ["Beijing", "2026-07-01", "open", "2026-07-04", "—", "user_command", "believed"],
        ["Shenzhen", "2026-07-05", "open", "2026-07-05", "2026-07-05", "agent_inferred", "overridden"],
    ]


def test_demo_on_a_given_store_refuses_one_with_data(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'demo.db'}"
    first = CliRunner().invoke(app, ["--url", url, "demo"], env=CLEAN_ENV)
    assert first.exit_code == 0, first.output
    assert "demo on the store given by --url" in first.stdout and url not in first.stdout
    again = CliRunner().invoke(app, ["demo", "--url", url], env=CLEAN_ENV)
    assert error_line(again).startswith("error[MEM_ERR_CONFLICT]: the demo needs an empty store")
    assert ok_json(make_cli(url)("facts", "get", "u1", "lives_in", "--json"))["value"] == "Beijing"


def test_demo_keep_leaves_the_temporary_store() -> None:
    result = CliRunner().invoke(app, ["demo", "--keep"], env=CLEAN_ENV)
    assert result.exit_code == 0, result.output
    kept = re.search(r"Explore it: palimpsest --url (sqlite:///\S+) facts history u1", result.stdout)
    assert kept is not None
    path = Path(kept.group(1).removeprefix("sqlite:///"))
    try:
        assert ok_json(make_cli(kept.group(1))("facts", "get", "u1", "lives_in", "--json"))["value"] == "Beijing"
    finally:
        shutil.rmtree(path.parent)


def test_demo_as_a_real_process(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "palimpsest"
    command = [str(script)] if script.exists() else [shutil.which("palimpsest") or "palimpsest"]
    env = {k: v for k, v in os.environ.items() if not k.startswith("PALIMPSEST_")}
    done = subprocess.run([*command, "demo"], capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    demo_checks(done.stdout)


# -- conversation memory ----------------------------------------------------------------


def test_add_search_recall_and_reindex(sqlite_url: str) -> None:
    cli = make_cli(sqlite_url)
    hashed = {"PALIMPSEST_EMBEDDER": "hash"}
    added = ok_json(
        cli("add", "my order ORD-7 arrived broken", "--user", "u1", "--session", "s1", "--json", env=hashed)
    )
    assert added["turns"][0]["content"] == "my order ORD-7 arrived broken"
    duplicate = cli("add", "my order ORD-7 arrived broken", "--user", "u1", "--session", "s1", env=hashed)
    assert "duplicate" in duplicate.stdout
    window_only = cli("add", "do not keep this", "--user", "u1", "--session", "s1", "--no-remember", env=hashed)
    assert "window only" in window_only.stdout
    hits = ok_json(cli("search", "broken order", "--user", "u1", "--json", env=hashed))
    assert [h["content"] for h in hits] == ["user: my order ORD-7 arrived broken"]
    packet = ok_json(cli("recall", "what happened to my order?", "--user", "u1", "--json", env=hashed))
    assert "ORD-7" in packet["text"]
    assert packet["route"]["query_kind"] in {"general", "current_state"}
    mismatch = cli("search", "order", "--user", "u1", env={"PALIMPSEST_EMBEDDER": "hash", "X": None})
    assert mismatch.exit_code == 0
    other = make_cli_with(sqlite_url, "--embedder", "use")
    refused = other("search", "order", "--user", "u1")
    assert "MEM_ERR_EMBEDDER_MISMATCH" in error_line(refused)
    assert "palimpsest reindex" in refused.stderr
    assert ok_json(other("reindex", "--json")) == {"reindexed": 1}
    assert ok_json(other("search", "broken order", "--user", "u1", "--json"))[0]["content"].endswith("broken")


def make_cli_with(url: str, *options: str) -> Invoke:
    runner = CliRunner()

    def cli(*args: str, env: dict[str, str | None] | None = None, input: str | None = None) -> Result:
        return runner.invoke(app, ["--url", url, *options, *args], env={**CLEAN_ENV, **(env or {})}, input=input)

    return cli


def test_files_add_list_show_recall_and_delete(sqlite_url: str, tmp_path: Path) -> None:
    cli = make_cli(sqlite_url)
    hashed = {"PALIMPSEST_EMBEDDER": "hash"}
    text = "Returns policy\n\nItems can be returned within 30 days of delivery.\n\n保修：耳机享受一年保修。\n"
    (tmp_path / "policy.md").write_text(text, encoding="utf-8")
    stored = ok_json(cli("files", "add", "u1", str(tmp_path / "policy.md"), "--json", env=hashed))
    assert stored["name"] == "policy.md" and stored["media_type"] == "text/markdown"
    listing = cli("files", "list", "u1", env=hashed)
    assert listing.exit_code == 0 and stored["id"] in listing.stdout and "uploaded by user via cli" in listing.stdout
    shown = cli("files", "show", stored["id"], env=hashed)
    assert shown.exit_code == 0 and shown.stdout == text
    packet = ok_json(cli("recall", "how many days to return items?", "--user", "u1", "--json", env=hashed))
    assert "[policy.md §1]" in packet["text"]
    (tmp_path / "gbk.txt").write_bytes("耳机保修".encode("gbk"))
    assert "not UTF-8" in error_line(cli("files", "add", "u1", str(tmp_path / "gbk.txt"), env=hashed))
    deleted = cli("files", "delete", stored["id"], env=hashed)
    assert deleted.exit_code == 0 and "forgot policy.md" in deleted.stdout
    assert ok_json(cli("files", "list", "u1", "--json", env=hashed)) == []
    assert "MEM_ERR_NOT_FOUND" in error_line(cli("files", "show", stored["id"], env=hashed))
