"""The docs stay true: every CLI command has help and a row in README's CLI reference, every error
class has a row in README's error table, the README's Python quickstart runs, and `.ci/run` runs the
README's test command."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer.main

from palimpsest import errors
from palimpsest.cli import app

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")

DEMO_COMMAND = "pip install -e . && palimpsest demo"
TEST_COMMAND = 'pip install -e ".[dev]" && ruff check && mypy && python -m pytest'
# Explained once in the CLI reference's introduction rather than in every row.
SHARED_OPTIONS = {"--help", "--json", "--valid-at", "--known-at", "--view"}


def walk(command: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every command of the CLI (groups included) with its path below ``palimpsest``."""
    yield path, command
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        yield from walk(sub, (*path, name))


COMMANDS = list(walk(typer.main.get_command(app)))
LEAVES = [(path, cmd) for path, cmd in COMMANDS if not getattr(cmd, "commands", None)]


def section(title: str) -> str:
    match = re.search(rf"^## {re.escape(title)}\n(.*?)(?=^## |\Z)", README, flags=re.S | re.M)
    assert match, f"README has no '## {title}' section"
    return match.group(1)


def ids(items: list[tuple[tuple[str, ...], Any]]) -> list[str]:
    return [" ".join(path) or "palimpsest" for path, _ in items]


@pytest.mark.parametrize(("path", "command"), COMMANDS, ids=ids(COMMANDS))
def test_every_command_and_parameter_has_help(path: tuple[str, ...], command: Any) -> None:
    assert (command.help or "").strip(), f"`palimpsest {' '.join(path)}` has no help text"
    for param in command.params:
        if param.name != "help":
            assert (getattr(param, "help", None) or "").strip(), f"{param.name} of {path} has no help text"


@pytest.mark.parametrize(("path", "command"), LEAVES, ids=ids(LEAVES))
def test_every_command_is_in_the_readme_cli_reference(path: tuple[str, ...], command: Any) -> None:
    reference = section("CLI reference")
    start = re.compile(rf"\| `palimpsest {re.escape(' '.join(path))}[ `]")
    rows = [line for line in reference.splitlines() if start.match(line)]
    assert len(rows) == 1, f"README's CLI reference needs one row for `palimpsest {' '.join(path)}`"
    for param in command.params:
        for option in param.opts:
            if option.startswith("--") and option not in SHARED_OPTIONS:
                assert option in rows[0], f"README's row for {path} does not mention {option}"


def test_readme_first_screen_has_the_two_commands() -> None:
    first_screen = "\n".join(README.splitlines()[:24])
    assert f"```bash\n{DEMO_COMMAND}\n```" in first_screen
    assert f"```bash\n{TEST_COMMAND}\n```" in first_screen


def test_ci_runs_the_readme_test_command() -> None:
    script = ROOT / ".ci" / "run"
    commands = [line for line in script.read_text(encoding="utf-8").splitlines() if line and line[0] not in "# "]
    assert commands[-1] == TEST_COMMAND
    assert script.stat().st_mode & 0o111, ".ci/run must be executable"


def test_readme_python_quickstart_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = re.findall(r"```python\n(.*?)```", section("Python quickstart"), flags=re.S)
    assert len(blocks) == 1
    monkeypatch.chdir(tmp_path)
    exec(compile(blocks[0], "README.md quickstart", "exec"), {"__name__": "readme"})


def test_readme_conversation_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocks = re.findall(r"```python\n(.*?)```", section("Conversation memory"), flags=re.S)
    assert len(blocks) == 1
    monkeypatch.chdir(tmp_path)
    exec(compile(blocks[0], "README.md conversation example", "exec"), {"__name__": "readme"})


ERRORS = sorted(
    (cls for cls in vars(errors).values() if isinstance(cls, type) and issubclass(cls, errors.PalimpsestError)),
    key=lambda cls: cls.__name__,
)


@pytest.mark.parametrize("error", [e for e in ERRORS if e is not errors.PalimpsestError], ids=lambda e: e.__name__)
def test_every_error_is_in_the_readme_error_table(error: type[errors.PalimpsestError]) -> None:
    rows = [line for line in section("Errors").splitlines() if line.startswith(f"| `{error.__name__}`")]
    assert len(rows) == 1, f"README's error table needs a row for {error.__name__}"
    assert f"`{error.code}`" in rows[0]
    parent = error.__mro__[1]
    if parent is not errors.PalimpsestError:
        assert f"(a `{parent.__name__}`)" in rows[0]
