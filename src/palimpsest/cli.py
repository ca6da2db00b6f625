"""The ``palimpsest`` command line: a thin surface over one :class:`~palimpsest.Memory`.

The CLI is the only layer that reads the environment (``PALIMPSEST_URL``,
``PALIMPSEST_TENANT``). Every :class:`~palimpsest.errors.PalimpsestError` becomes one
red line ``error[CODE]: message`` on stderr and exit code 2; anything else is a bug and
keeps its traceback.

Times on the command line are ISO 8601 with a timezone (``2026-07-01T09:00+08:00``,
``2026-07-01T01:00Z``) or a bare date (``2026-07-01``), which means midnight UTC. A
date-time without a timezone is ambiguous and therefore an error, never a guess.
"""

from __future__ import annotations

import enum
import json
import os
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text
from typer.core import TyperGroup

from palimpsest import __version__
from palimpsest.config import Config, LLMSettings, default_url, llm_settings_from_env, policy_files_from_env
from palimpsest.errors import ConflictError, FileTooLargeError, NotFoundError, PalimpsestError, ValidationError
from palimpsest.files import MAX_FILE_BYTES, StoredFile
from palimpsest.knowledge import KnowledgeItem
from palimpsest.memory import Memory
from palimpsest.storage.registry import open_backend
from palimpsest.surface import TIME_FORMS, parse_query_time, parse_time, to_jsonable
from palimpsest.types import NOW, FactStatus, FactVersion, FactWrite, TimeArg, _Now

if TYPE_CHECKING:
    from palimpsest.governance.tenant_rules import StoredRules
    from palimpsest.server.auth import ApiKeyInfo, KeyStore

QUERY_TIME_HELP = f"{TIME_FORMS}; 'now' (default) or 'all' for every point in time."
VIEW_HELP = "active (what the agent sees), audit (everything kept) or compliance (what was forgotten)."
SOURCE_HELP = "Who asserts it: user_command > auth_profile > agent_inferred > system_default."
JSON_HELP = "Print JSON (for scripts) instead of tables."
USER_HELP = "Owner of the memory (default: SUBJECT)."


# -- error boundary ---------------------------------------------------------------------


class _Group(TyperGroup):
    """Turns every PalimpsestError raised below it into one red line and exit code 2."""

    def invoke(self, ctx: Any) -> Any:  # recent typer vendors click: its Context is not click's
        try:
            return super().invoke(ctx)
        except PalimpsestError as exc:
            message = exc.message.replace("\n", " ")
            _console(stderr=True).print(Text(f"error[{exc.code}]: {message}", style="red"), soft_wrap=True)
            raise typer.Exit(2) from None


app = typer.Typer(
    cls=_Group,
    name="palimpsest",
    help="Long-term memory for AI agents: bi-temporal facts, exact lookup, a verifiable audit chain.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
facts_app = typer.Typer(help="Write and read bi-temporal facts.", no_args_is_help=True)
audit_app = typer.Typer(help="Inspect and verify the tamper-evident audit chain.", no_args_is_help=True)
app.add_typer(facts_app, name="facts")
workflows_app = typer.Typer(
    help="Workflow memory: record agent trajectories, induce and find workflows.", no_args_is_help=True
)
app.add_typer(audit_app, name="audit")
app.add_typer(workflows_app, name="workflows")


@dataclass(frozen=True, slots=True)
class _Settings:
    url: str
    tenant: str
    embedder: str = "e5"
    llm: LLMSettings | None = None
    """From ``PALIMPSEST_LLM_URL`` / ``_MODEL`` / ``_API_KEY`` / ``_TIMEOUT`` / ``_USE``; unset: rules only."""
    policy_files: dict[str, Any] = field(default_factory=dict)
    """Config keyword arguments from ``PALIMPSEST_PREDICATES`` / ``_CONSENT_POLICY`` / ``_ROUTER_RULES`` /
    ``_BUSINESS_RULES``; empty: the packaged files."""


def _console(*, stderr: bool = False) -> Console:
    return Console(stderr=stderr, highlight=False)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"palimpsest {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    ctx: typer.Context,
    url: Annotated[
        str | None,
        typer.Option(
            envvar="PALIMPSEST_URL",
            help="Storage URL: sqlite:///path.db, postgresql://... or memory:// (lasts one command). "
            "Default: the embedded SQLite file ~/.palimpsest/memory.db.",
            show_default=False,
        ),
    ] = None,
    tenant: Annotated[str, typer.Option(envvar="PALIMPSEST_TENANT", help="Tenant to read and write.")] = "default",
    embedder: Annotated[
        str,
        typer.Option(envvar="PALIMPSEST_EMBEDDER", help="Embedder for conversation memory: e5 (default), use, hash."),
    ] = "e5",
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Long-term memory for AI agents: bi-temporal facts, exact lookup, a verifiable audit chain."""
    ctx.obj = _Settings(
        url=url if url is not None else default_url(),
        tenant=tenant,
        embedder=embedder,
        llm=llm_settings_from_env(os.environ),
        policy_files=policy_files_from_env(os.environ),
    )


def _settings(ctx: typer.Context) -> _Settings:
    settings = ctx.find_root().obj
    if not isinstance(settings, _Settings):  # only when a command is invoked without the root
        raise ValidationError("palimpsest commands must be run through the palimpsest entry point")
    return settings


def _open(ctx: typer.Context) -> Memory:
    settings = _settings(ctx)
    return Memory(
        config=Config(
            url=settings.url,
            tenant=settings.tenant,
            actor="cli",
            embedder=settings.embedder,
            llm=settings.llm,
            **settings.policy_files,
        )
    )


# -- parsing ----------------------------------------------------------------------------


def _optional_time(text: str | None, option: str) -> datetime | None:
    return None if text is None else parse_time(text, option)


def _start_time(text: str, option: str) -> datetime | _Now:
    return NOW if text.strip().lower() == "now" else parse_time(text, option)


# -- rendering ---------------------------------------------------------------------------


def show_time(value: datetime | None, open_label: str = "open") -> str:
    """Compact UTC for people: a date at midnight, else to the minute or second (``--json`` is exact)."""
    if value is None:
        return open_label
    value = value.astimezone(UTC)
    if value.time() == datetime.min.time():
        return value.strftime("%Y-%m-%d")
    if value.second == 0 and value.microsecond == 0:
        return value.strftime("%Y-%m-%d %H:%M")
    return value.strftime("%Y-%m-%d %H:%M:%S")


def _time_arg_label(value: TimeArg) -> str:
    if isinstance(value, _Now):
        return "now"
    return "all time" if value is None else show_time(value)


def _print_json(value: object) -> None:
    typer.echo(json.dumps(to_jsonable(value), ensure_ascii=False, indent=2))


def _table(title: str | Text | None = None, *, tight: bool = False) -> Table:
    """A borderless table; ``tight`` leaves one space between columns (for wide tables)."""
    return Table(
        title=title,
        title_justify="left",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
        padding=(0, 0) if tight else (0, 1),
        collapse_padding=True,
    )


def _status_text(version: FactVersion) -> Text:
    if version.forgotten_at is not None:
        return Text("forgotten", style="magenta")
    if version.status is FactStatus.OVERRIDDEN:
        return Text("overridden", style="yellow")
    if version.superseded_at is None:
        return Text("believed", style="green")
    return Text("superseded", style="dim")


def _cell_time(value: datetime | None, open_label: str = "open") -> str:
    """:func:`show_time` folded onto two lines (date, time of day) to keep table columns narrow."""
    return show_time(value, open_label).replace(" ", "\n")


WIDE_TABLE_WIDTH = 120
"""Console width from which facts get one column per field (ids from ``WIDE_TABLE_WIDTH + 20``)."""


def fact_table(
    versions: Sequence[FactVersion],
    *,
    title: str | None = None,
    ids: bool = True,
    key: bool = True,
    why: bool = True,
) -> Table:
    """Both time axes of every version: valid (in the world) and recorded/superseded (in the store).

    ``why`` adds the caller's reason and the store's note; ``key`` the (subject/)predicate column.
    """
    table = _table(title=title, tight=True)
    one_subject = len({v.subject for v in versions}) <= 1
    if ids:
        table.add_column("id", style="dim", no_wrap=True)
    if key:
        table.add_column("predicate" if one_subject else "subject/predicate", no_wrap=True)
    table.add_column("value", style="bold", min_width=min(12, max((len(v.value) for v in versions), default=5)))
    for name in ("valid from", "valid to", "recorded", "superseded"):
        table.add_column(name, no_wrap=True)
    table.add_column("source", no_wrap=True)
    table.add_column("status", no_wrap=True)
    if why:
        table.add_column("reason / note", min_width=20, ratio=1)
    for v in versions:
        row: list[str | Text] = [v.id] if ids else []
        if key:
            row.append(Text(v.predicate if one_subject else f"{v.subject}/{v.predicate}"))
        row += [
            Text(v.value),
            _cell_time(v.valid_from),
            _cell_time(v.valid_to),
            _cell_time(v.recorded_at),
            _cell_time(v.superseded_at, "—"),
            v.source.label,
            _status_text(v),
        ]
        if why:
            row.append(Text.assemble(v.reason, ("\n" if v.reason and v.note else "", ""), (v.note, "dim")))
        table.add_row(*row)
    return table


def compact_fact_table(versions: Sequence[FactVersion], *, title: str | None = None, key: bool = True) -> Table:
    """:func:`fact_table` for narrow consoles: each axis is one "from →  to" cell."""
    table = _table(title=title, tight=True)
    table.add_column("value", min_width=8, max_width=14)
    table.add_column("valid (world)", no_wrap=True)
    table.add_column("believed (store)", no_wrap=True)
    table.add_column("source · status · why", min_width=20, ratio=1)
    for v in versions:
        value = Text(v.value, style="bold")
        if key:
            value.append(f"\n{v.predicate}", style="dim")
        why = Text.assemble(v.source.label, " · ", _status_text(v))
        if v.reason:
            why.append(f"\n{v.reason}")
        if v.note:
            why.append(f"\n{v.note}", style="dim")
        table.add_row(
            value,
            f"{show_time(v.valid_from)} →\n{show_time(v.valid_to)}",
            f"{show_time(v.recorded_at)} →\n{show_time(v.superseded_at, '—')}",
            why,
        )
    return table


def _print_facts(versions: Sequence[FactVersion], title: str, *, key: bool = True) -> None:
    console = _console()
    if console.width >= WIDE_TABLE_WIDTH:
        console.print(fact_table(versions, title=title, ids=console.width >= WIDE_TABLE_WIDTH + 20, key=key))
    else:
        console.print(compact_fact_table(versions, title=title, key=key))
    if console.width < WIDE_TABLE_WIDTH + 20 and versions:
        console.print(Text(f"(ids: --json, or a console of {WIDE_TABLE_WIDTH + 20}+ columns)", style="dim"))


def _fact_details(version: FactVersion) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="dim", no_wrap=True)
    grid.add_column()
    rows: list[tuple[str, str | Text]] = [
        ("valid", f"{show_time(version.valid_from)} → {show_time(version.valid_to)}"),
        ("recorded", f"{show_time(version.recorded_at)} → {show_time(version.superseded_at, 'still believed')}"),
        ("source", f"{version.source.label} (confidence {version.confidence:g})"),
        ("status", _status_text(version)),
        ("reason", Text(version.reason or "—")),
        ("evidence", Text(", ".join(version.evidence) or "—")),
        ("id", version.id),
    ]
    if version.note:
        rows.append(("note", Text(version.note)))
    for label, value in rows:
        grid.add_row(label, value)
    return grid


_OUTCOME_STYLE = {
    "created": "green",
    "superseded": "green",
    "corrected": "green",
    "ended": "green",
    "unchanged": "cyan",
    "overridden": "yellow",
}


def _print_write(result: FactWrite, *, as_json: bool) -> None:
    if as_json:
        _print_json(result)
        return
    v = result.version
    console = _console()
    line = Text(f"{result.outcome}", style=_OUTCOME_STYLE.get(result.outcome, "green"))
    line.append(f"  {v.subject} {v.predicate} = ", style="default")
    line.append(v.value, style="bold")
    line.append(
        f"  (valid {show_time(v.valid_from)} → {show_time(v.valid_to)}, recorded {show_time(v.recorded_at)}, "
        f"{v.source.label})",
        style="dim",
    )
    console.print(line)
    if result.closed:
        console.print(Text(f"closed {len(result.closed)} earlier version(s); nothing was overwritten", style="dim"))
    if result.outcome == "overridden":
        console.print(Text(v.note, style="yellow"))
    console.print(Text(f"id {v.id}", style="dim"))


# -- facts -------------------------------------------------------------------------------


@facts_app.command("set")
def facts_set(
    ctx: typer.Context,
    subject: Annotated[str, typer.Argument(help="Who or what the fact is about (e.g. a user id).")],
    predicate: Annotated[str, typer.Argument(help="The relation, e.g. lives_in, phone, works_at.")],
    value: Annotated[str, typer.Argument(help="The value.")],
    user: Annotated[str | None, typer.Option(help=USER_HELP)] = None,
    valid_from: Annotated[str, typer.Option(help=f"When it became true: {TIME_FORMS}, or 'now'.")] = "now",
    valid_to: Annotated[str | None, typer.Option(help=f"When it stops being true (exclusive): {TIME_FORMS}.")] = None,
    source: Annotated[str, typer.Option(help=SOURCE_HELP)] = "agent_inferred",
    confidence: Annotated[float, typer.Option(help="Between 0 and 1.")] = 1.0,
    reason: Annotated[str, typer.Option(help="Why this is believed (kept in history).")] = "",
    evidence: Annotated[
        list[str] | None, typer.Option(help="Id of a supporting turn or document; repeat for several.")
    ] = None,
    category: Annotated[str | None, typer.Option(help="Override the predicate's category.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Record a fact. A one-valued predicate supersedes its current value (nothing is overwritten)."""
    start = _start_time(valid_from, "--valid-from")
    end = _optional_time(valid_to, "--valid-to")
    with _open(ctx) as mem:
        result = mem.facts.set(
            subject,
            predicate,
            value,
            user_id=user,
            valid_from=start,
            valid_to=end,
            source=source,
            confidence=confidence,
            reason=reason,
            evidence=evidence or (),
            category=category,
        )
    _print_write(result, as_json=as_json)


@facts_app.command("get")
def facts_get(
    ctx: typer.Context,
    subject: Annotated[str, typer.Argument(help="Who or what the fact is about.")],
    predicate: Annotated[str, typer.Argument(help="The relation, e.g. lives_in.")],
    user: Annotated[str | None, typer.Option(help=USER_HELP)] = None,
    valid_at: Annotated[str, typer.Option(help=f"True in the world at: {QUERY_TIME_HELP}")] = "now",
    known_at: Annotated[str, typer.Option(help=f"As the store believed at: {QUERY_TIME_HELP}")] = "now",
    view: Annotated[str, typer.Option(help=VIEW_HELP)] = "active",
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """The value of SUBJECT PREDICATE as of --valid-at and --known-at (prints null/'no value' if none)."""
    valid = parse_query_time(valid_at, "--valid-at")
    known = parse_query_time(known_at, "--known-at")
    with _open(ctx) as mem:
        found = mem.facts.get(subject, predicate, user_id=user, valid_at=valid, known_at=known, view=view)
    if as_json:
        _print_json(found)
        return
    console = _console()
    when = f"valid at {_time_arg_label(valid)}, known at {_time_arg_label(known)}"
    if found is None:
        console.print(Text(f"no value for {subject} {predicate} ({when})", style="dim"))
        return
    headline = Text(f"{subject} {predicate} = ")
    headline.append(found.value, style="bold")
    headline.append(f"  ({when})", style="dim")
    console.print(headline)
    console.print(_fact_details(found))


@facts_app.command("list")
def facts_list(
    ctx: typer.Context,
    user: Annotated[str, typer.Option(help="Owner of the memory.")],
    subject: Annotated[str | None, typer.Option(help="Only this subject.")] = None,
    predicate: Annotated[str | None, typer.Option(help="Only this predicate.")] = None,
    valid_at: Annotated[str, typer.Option(help=f"True in the world at: {QUERY_TIME_HELP}")] = "now",
    known_at: Annotated[str, typer.Option(help=f"As the store believed at: {QUERY_TIME_HELP}")] = "now",
    view: Annotated[str, typer.Option(help=VIEW_HELP)] = "active",
    limit: Annotated[int | None, typer.Option(help="At most this many rows.")] = None,
    offset: Annotated[int, typer.Option(help="Skip this many rows first.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Every fact of a user as of --valid-at and --known-at."""
    valid = parse_query_time(valid_at, "--valid-at")
    known = parse_query_time(known_at, "--known-at")
    with _open(ctx) as mem:
        rows = mem.facts.list(
            user_id=user,
            subject=subject,
            predicate=predicate,
            valid_at=valid,
            known_at=known,
            view=view,
            limit=limit,
            offset=offset,
        )
    if as_json:
        _print_json(rows)
        return
    title = f"{user}: valid at {_time_arg_label(valid)}, known at {_time_arg_label(known)} ({len(rows)} rows)"
    _print_facts(rows, title)


@facts_app.command("history")
def facts_history(
    ctx: typer.Context,
    subject: Annotated[str, typer.Argument(help="Who or what the facts are about.")],
    predicate: Annotated[str | None, typer.Argument(help="Only this predicate (default: all).")] = None,
    user: Annotated[str | None, typer.Option(help=USER_HELP)] = None,
    view: Annotated[str, typer.Option(help=VIEW_HELP)] = "audit",
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Every version on both time axes (valid from/to, recorded/superseded), with status, source, reason, note."""
    with _open(ctx) as mem:
        rows = mem.facts.history(subject, predicate, user_id=user, view=view)
    if as_json:
        _print_json(rows)
        return
    title = f"history of {subject}" + (f" {predicate}" if predicate else "") + f" ({len(rows)} versions)"
    _print_facts(rows, title, key=predicate is None)


@facts_app.command("end")
def facts_end(
    ctx: typer.Context,
    subject: Annotated[str, typer.Argument(help="Who or what the fact is about.")],
    predicate: Annotated[str, typer.Argument(help="The relation to end.")],
    user: Annotated[str | None, typer.Option(help=USER_HELP)] = None,
    value: Annotated[str | None, typer.Option(help="End only this value (for many-valued predicates).")] = None,
    at: Annotated[str, typer.Option(help=f"When it stopped being true: {TIME_FORMS}, or 'now'.")] = "now",
    reason: Annotated[str, typer.Option(help="Why it ended.")] = "",
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """The fact stops being true at --at (its valid time ends; history is kept)."""
    end_at = _start_time(at, "--at")
    with _open(ctx) as mem:
        result = mem.facts.end(subject, predicate, user_id=user, value=value, at=end_at, reason=reason)
    _print_write(result, as_json=as_json)


@facts_app.command("correct")
def facts_correct(
    ctx: typer.Context,
    version_id: Annotated[str, typer.Argument(help="Id of the wrong version (see facts history).")],
    reason: Annotated[str, typer.Option(help="Why the record was wrong (required).")],
    value: Annotated[str | None, typer.Argument(help="The right value (omit to retract the record).")] = None,
    source: Annotated[str, typer.Option(help=SOURCE_HELP)] = "user_command",
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """A recorded version was wrong: end its transaction time, optionally recording the right value."""
    with _open(ctx) as mem:
        result = mem.facts.correct(version_id, value, reason=reason, source=source)
    _print_write(result, as_json=as_json)


# -- exact lookup and governance ---------------------------------------------------------


@app.command("lookup")
def lookup(
    ctx: typer.Context,
    identifier: Annotated[str, typer.Argument(help="A phone number, e-mail, order or user id.")],
    user: Annotated[str | None, typer.Option(help="Only this user's facts (default: the whole tenant).")] = None,
    valid_at: Annotated[str, typer.Option(help=f"True in the world at: {QUERY_TIME_HELP}")] = "now",
    known_at: Annotated[str, typer.Option(help=f"As the store believed at: {QUERY_TIME_HELP}")] = "now",
    view: Annotated[str, typer.Option(help=VIEW_HELP)] = "active",
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Facts whose value IS the identifier after normalization: an exact match, never a similar one."""
    valid = parse_query_time(valid_at, "--valid-at")
    known = parse_query_time(known_at, "--known-at")
    with _open(ctx) as mem:
        found = mem.lookup(identifier, user_id=user, valid_at=valid, known_at=known, view=view)
    if as_json:
        _print_json(found)
        return
    _console().print(_lookup_view(identifier, found))


def _lookup_view(identifier: str, found: Sequence[FactVersion]) -> Text | Table:
    if not found:
        return Text.assemble((identifier, "bold"), ("  not found", "red"), ("  (exact match only)", "dim"))
    table = _table(title=Text.assemble((identifier, "bold"), ("  found", "green")))
    for name in ("user", "subject", "predicate", "stored value", "valid from", "source"):
        table.add_column(name, no_wrap=name != "stored value")
    for v in found:
        table.add_row(
            Text(v.user_id), Text(v.subject), Text(v.predicate), Text(v.value), show_time(v.valid_from), v.source.label
        )
    return table


@app.command("forget")
def forget(
    ctx: typer.Context,
    user: Annotated[str, typer.Argument(help="The user whose memory to forget.")],
    predicate: Annotated[str | None, typer.Option(help="Only this predicate.")] = None,
    subject: Annotated[str | None, typer.Option(help="Only this subject.")] = None,
    hard: Annotated[bool, typer.Option("--hard", help="Delete at once instead of hiding until purge.")] = False,
    reason: Annotated[str, typer.Option(help="Why (recorded in the audit log as a digest).")] = "",
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask before a --hard erase.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Hide a user's facts from the active view now; purge deletes them after retention (--hard: at once)."""
    if hard and not yes:
        typer.confirm(f"Erase {user}'s facts permanently (no compliance copy is kept)?", abort=True)
    with _open(ctx) as mem:
        result = mem.forget(user, predicate, subject=subject, hard=hard, reason=reason)
    if as_json:
        _print_json(result)
    elif result.hard:
        _console().print(f"erased {result.erased} version(s) of {user}")
    else:
        _console().print(
            f"forgot {len(result.forgotten)} version(s) of {user}: hidden now, kept in the compliance view until purge"
        )


@app.command("purge")
def purge(
    ctx: typer.Context,
    before: Annotated[
        str | None, typer.Option(help=f"Delete what was forgotten before this time: {TIME_FORMS}.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Enforce retention, then physically delete what was forgotten before the cutoff (default: now minus 30 days)."""
    cutoff = _optional_time(before, "--before")
    with _open(ctx) as mem:
        deleted = mem.purge(cutoff)
    if as_json:
        _print_json({"deleted": deleted})
    else:
        _console().print(f"purged {deleted} forgotten version(s)")


@app.command("retention")
def retention(
    ctx: typer.Context,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Forget facts and conversation turns past their consent category's retention now (purge deletes them later)."""
    with _open(ctx) as mem:
        report = mem.enforce_retention()
    counts = {"facts": len(report.facts), "turns": len(report.turns), "summaries": report.summaries}
    if as_json:
        _print_json({"now": report.now.isoformat(), **counts})
    else:
        _console().print(
            f"forgot {counts['facts']} fact version(s) and {counts['turns']} turn(s) past retention, "
            f"erased {counts['summaries']} summary(ies); purge deletes them after the forgotten-data retention"
        )


# -- audit -------------------------------------------------------------------------------


@audit_app.command("verify")
def audit_verify(ctx: typer.Context, as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False) -> None:
    """Recompute every link of the hash chain; exit code 1 and the first broken seq when broken."""
    with _open(ctx) as mem:
        report = mem.audit.verify()
    if as_json:
        _print_json(report)
    elif report.ok:
        _console().print(Text(f"audit chain ok: {report.checked} events verified", style="green"))
    else:
        _console().print(
            Text(
                f"audit chain BROKEN at seq {report.first_broken_seq}: {report.problem} "
                f"({report.checked} events checked)",
                style="bold red",
            )
        )
    if not report.ok:
        raise typer.Exit(1)


@audit_app.command("log")
def audit_log(
    ctx: typer.Context,
    limit: Annotated[int, typer.Option(help="Show the last N events (0 = all).", min=0)] = 20,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """The latest audit events, oldest first: who did what, when, and the chain hashes."""
    with _open(ctx) as mem:
        events = mem.audit.events()
    shown = events[-limit:] if limit else events
    if as_json:
        _print_json(shown)
        return
    table = _table(title=f"audit log: {len(shown)} of {len(events)} events")
    for name in ("seq", "at", "actor", "action", "target", "hash"):
        table.add_column(name, no_wrap=name != "target", justify="right" if name == "seq" else "left")
    for e in shown:
        table.add_row(str(e.seq), show_time(e.at), Text(e.actor), e.action, Text(e.target), e.hash[:12])
    _console().print(table)


# -- conversation memory ------------------------------------------------------------------


@app.command("add")
def add(
    ctx: typer.Context,
    content: Annotated[str, typer.Argument(help="What was said.")],
    user: Annotated[str, typer.Option("--user", help="The user the memory belongs to.")],
    session: Annotated[str, typer.Option("--session", help="The conversation session.")],
    role: Annotated[str, typer.Option("--role", help="user, assistant, system or tool.")] = "user",
    at: Annotated[str | None, typer.Option("--at", help="When it was said (default: now).")] = None,
    no_remember: Annotated[
        bool, typer.Option("--no-remember", help="Keep it in the session window only; store nothing.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Remember a conversation turn (durable when the command returns)."""
    with _open(ctx) as mem:
        result = mem.add(
            {"role": role, "content": content},
            user,
            session,
            at=_optional_time(at, "--at"),
            remember=not no_remember,
        )
    if as_json:
        _print_json(result)
        return
    if result.window_only:
        _console().print("kept in the session window only (not remembered)")
    elif result.turns:
        _console().print(f"remembered turn {result.turns[0].id}")
    else:
        _console().print("already remembered in this session (duplicate)")


@app.command("search")
def search(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="What to look for.")],
    user: Annotated[str, typer.Option("--user", help="Whose memory to search.")],
    limit: Annotated[int, typer.Option("--limit", help="How many hits.")] = 10,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Ranked hybrid (lexical + vector) hits over remembered turns, with scores and provenance."""
    with _open(ctx) as mem:
        hits = mem.search(query, user, limit=limit)
    if as_json:
        _print_json(hits)
        return
    table = _table(title=f"search: {query}")
    for name in ("score", "when", "session", "content", "why"):
        table.add_column(name)
    for hit in hits:
        table.add_row(
            f"{hit.score:.3f}", show_time(hit.occurred_at), Text(hit.session_id or ""), Text(hit.content), Text(hit.why)
        )
    _console().print(table)


@app.command("recall")
def recall(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="The question the agent is about to answer.")],
    user: Annotated[str, typer.Option("--user", help="Whose memory to recall.")],
    session: Annotated[str | None, typer.Option("--session", help="The current session, if any.")] = None,
    at: Annotated[str | None, typer.Option("--at", help="Recall as of this time (default: now).")] = None,
    budget: Annotated[int, typer.Option("--budget", help="Token budget of the packet.")] = 1500,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """The routed memory packet: prompt-ready text, the items behind it and the route taken."""
    with _open(ctx) as mem:
        packet = mem.recall(query, user, session_id=session, at=_optional_time(at, "--at"), budget_tokens=budget)
    if as_json:
        _print_json(packet)
        return
    console = _console()
    console.print(Text(packet.text))
    console.print(
        Text(
            f"route: {packet.route.query_kind} via {', '.join(packet.route.channels)}; "
            + "; ".join(packet.route.reasons)
            + f" ({packet.tokens} tokens)",
            style="dim",
        )
    )


@app.command("reindex")
def reindex(ctx: typer.Context, as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False) -> None:
    """Re-embed every remembered turn and summary with the configured --embedder."""
    from rich.progress import Progress

    with _open(ctx) as mem, Progress(console=_console(stderr=True), transient=as_json) as bar:
        task = bar.add_task("re-embedding", total=None)
        count = mem.reindex(progress=lambda done, total: bar.update(task, completed=done, total=total))
    if as_json:
        _print_json({"reindexed": count})
    else:
        _console().print(f"re-embedded {count} item(s) with {_settings(ctx).embedder}")


# -- tenant knowledge ----------------------------------------------------------------------

knowledge_app = typer.Typer(
    help="Tenant knowledge distilled from questions many users asked, with feedback and review.",
    no_args_is_help=True,
)
app.add_typer(knowledge_app, name="knowledge")


def _knowledge_table(items: Sequence[KnowledgeItem], title: str, scores: Sequence[float] | None = None) -> Table:
    table = _table(title=title)
    columns = ["id", "topic", "users", "confidence", "valid since", "status", "feedback", "steps"]
    for name in (["score"] if scores is not None else []) + columns:
        table.add_column(name, no_wrap=name in {"id", "valid since"})
    for n, item in enumerate(items):
        fb = item.feedback
        row: list[str | Text] = [f"{scores[n]:.3f}"] if scores is not None else []
        row += [
            item.id,
            Text(item.topic),
            str(item.users_count) if item.source == "distilled" else "curated",
            f"{item.confidence:.2f}",
            show_time(item.valid_since),
            Text(item.status + (f" ({item.review_reason})" if item.review_reason else "")),
            f"+{fb.useful} -{fb.useless} ?{fb.silent}",
            Text("\n".join(f"{i}. {step}" for i, step in enumerate(item.solution_steps, 1))),
        ]
        table.add_row(*row)
    return table


@knowledge_app.command("distill")
def knowledge_distill(
    ctx: typer.Context,
    min_users: Annotated[int, typer.Option("--min-users", help="Distinct users who must have asked.", min=1)] = 3,
    since: Annotated[str | None, typer.Option("--since", help="Only questions asked since this time.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Create or refresh items from questions many users asked and the answers they got."""
    with _open(ctx) as mem:
        result = mem.knowledge.distill(min_users=min_users, since=_optional_time(since, "--since"))
    if as_json:
        _print_json(result)
        return
    console = _console()
    console.print(
        f"{result.questions} question(s), {result.clusters} asked by {min_users}+ users: "
        f"{len(result.created)} created, {len(result.refreshed)} refreshed, {len(result.unchanged)} unchanged, "
        f"{len(result.skipped_rejected)} rejected (not recreated)"
    )
    changed = [*result.created, *result.refreshed]
    if changed:
        console.print(_knowledge_table(changed, "new or refreshed knowledge"))


@knowledge_app.command("find")
def knowledge_find(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="The question to find knowledge for.")],
    limit: Annotated[int, typer.Option("--limit", help="How many items.", min=1)] = 5,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Active items that answer QUERY, best first (this tenant's only)."""
    with _open(ctx) as mem:
        matches = mem.knowledge.find(query, limit=limit)
    if as_json:
        _print_json(matches)
        return
    _console().print(
        _knowledge_table([m.item for m in matches], f"knowledge: {query}", scores=[m.score for m in matches])
    )


@knowledge_app.command("feedback")
def knowledge_feedback(
    ctx: typer.Context,
    item_id: Annotated[str, typer.Argument(help="The knowledge item.")],
    useful: Annotated[
        bool, typer.Option("--useful/--useless", help="Was it useful? One --useless sends the item to review.")
    ],
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Record a user's verdict on an item."""
    with _open(ctx) as mem:
        item = mem.knowledge.feedback(item_id, useful)
    if as_json:
        _print_json(item)
        return
    _console().print(f"{item.id}: {item.status}" + (f" ({item.review_reason})" if item.review_reason else ""))


@knowledge_app.command("review")
def knowledge_review(
    ctx: typer.Context, as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False
) -> None:
    """The review queue: items marked useless or used three times without feedback."""
    with _open(ctx) as mem:
        items = mem.knowledge.review_queue()
    if as_json:
        _print_json(items)
        return
    _console().print(_knowledge_table(items, f"review queue: {len(items)} item(s)"))


def _decide(ctx: typer.Context, item_id: str, by: str, *, approve: bool, as_json: bool) -> None:
    with _open(ctx) as mem:
        item = mem.knowledge.approve(item_id, by) if approve else mem.knowledge.reject(item_id, by)
    if as_json:
        _print_json(item)
        return
    _console().print(f"{item.id}: {item.status} (by {by})")


REVIEWER_HELP = "Who decided (recorded on the item and in the audit log)."


@knowledge_app.command("approve")
def knowledge_approve(
    ctx: typer.Context,
    item_id: Annotated[str, typer.Argument(help="The knowledge item.")],
    by: Annotated[str, typer.Option("--by", help=REVIEWER_HELP)],
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Keep a reviewed (or rejected) item: it is active again."""
    _decide(ctx, item_id, by, approve=True, as_json=as_json)


@knowledge_app.command("reject")
def knowledge_reject(
    ctx: typer.Context,
    item_id: Annotated[str, typer.Argument(help="The knowledge item.")],
    by: Annotated[str, typer.Option("--by", help=REVIEWER_HELP)],
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Withdraw an item for good: never found again, and distillation does not recreate it."""
    _decide(ctx, item_id, by, approve=False, as_json=as_json)


# -- workflow memory ---------------------------------------------------------------------


def _parse_steps(text: str) -> list[Any]:
    try:
        steps = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValidationError(f"--steps must be a JSON list of {{action, params, result}} objects: {exc}") from None
    if not isinstance(steps, list):
        raise ValidationError("--steps must be a JSON list of {action, params, result} objects")
    return steps


def _workflow_table(workflows: Sequence[Any], title: str) -> Table:
    table = _table(title=title)
    for name in ("id", "task type", "v", "steps", "slots", "success", "risks"):
        table.add_column(name)
    for w in workflows:
        table.add_row(
            Text(w.id),
            Text(w.task_type),
            str(w.version),
            Text(" → ".join(w.actions)),
            Text(", ".join("{" + s.name + "}" for s in w.slots)),
            f"{w.success_rate:.0%} ({w.success_count}/{w.success_count + w.failure_count})",
            Text("; ".join(r.describe() for r in w.risk_points[:3])),
        )
    return table


@workflows_app.command("record")
def workflows_record(
    ctx: typer.Context,
    task: Annotated[str, typer.Argument(help="The task the agent performed, in words.")],
    steps: Annotated[
        str, typer.Option("--steps", help='JSON list of steps: [{"action": ..., "params": {...}, "result": ...}].')
    ],
    outcome: Annotated[str, typer.Option("--outcome", help="success or failure.")] = "success",
    task_type: Annotated[
        str | None, typer.Option("--task-type", help="The task type (default: matched by meaning).")
    ] = None,
    agent: Annotated[str | None, typer.Option("--agent", help="The agent that executed it.")] = None,
    user: Annotated[str | None, typer.Option("--user", help="The user it was done for.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Record an agent trajectory and learn it into the workflows."""
    with _open(ctx) as mem:
        trajectory = mem.workflows.record(
            task, _parse_steps(steps), outcome, agent_id=agent, task_type=task_type, user_id=user
        )
    if as_json:
        _print_json(trajectory)
        return
    into = f" into workflow {trajectory.workflow_id}" if trajectory.workflow_id else " (no workflow yet)"
    _console().print(Text(f"recorded trajectory {trajectory.id}{into}"), soft_wrap=True)


@workflows_app.command("induce")
def workflows_induce(
    ctx: typer.Context,
    task_type: Annotated[str | None, typer.Option("--task-type", help="Only this task type (default: all).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Induce workflows from every stored trajectory (offline), grouped by task type or meaning."""
    with _open(ctx) as mem:
        written = mem.workflows.induce(task_type)
    if as_json:
        _print_json(written)
        return
    _console().print(_workflow_table(written, f"induced {len(written)} workflow(s)"))


@workflows_app.command("find")
def workflows_find(
    ctx: typer.Context,
    query: Annotated[str, typer.Argument(help="A task type, or the task in words (any language).")],
    limit: Annotated[int, typer.Option("--limit", help="How many workflows.", min=1)] = 3,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """The workflows best matching a task, with steps, slots, success rate and risks."""
    with _open(ctx) as mem:
        matches = mem.workflows.find(query, limit=limit)
    if as_json:
        _print_json(matches)
        return
    for match in matches:
        _console().print(Text(f"{match.score:.3f}  {match.workflow.render()}"))
    if not matches:
        _console().print("no workflows yet")


@workflows_app.command("list")
def workflows_list(
    ctx: typer.Context, as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False
) -> None:
    """Every workflow's current version."""
    with _open(ctx) as mem:
        workflows = mem.workflows.current()
    if as_json:
        _print_json(workflows)
        return
    _console().print(_workflow_table(workflows, f"{len(workflows)} workflow(s)"))


# -- export and import ---------------------------------------------------------------------


@app.command("export")
def export(
    ctx: typer.Context,
    user: Annotated[str, typer.Argument(help="The user whose memory to export.")],
    out: Annotated[Path | None, typer.Option("--out", help="Write to this file (default: standard output).")] = None,
) -> None:
    """A user's facts (both time axes), remembered turns and switches as JSON (input of import)."""
    with _open(ctx) as mem:
        data = mem.export(user)
    text = json.dumps(data, ensure_ascii=False, indent=2)
    if out is None:
        typer.echo(text)
    else:
        out.write_text(text + "\n", encoding="utf-8")
        _console(stderr=True).print(f"exported {len(data['facts'])} fact version(s), {len(data['turns'])} turn(s)")


@app.command("import")
def import_(
    ctx: typer.Context,
    file: Annotated[Path, typer.Argument(help="An export file ('-' reads standard input).")],
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Load an export: validated first, one transaction, idempotent (importing twice writes nothing)."""
    import sys

    try:
        text = sys.stdin.read() if str(file) == "-" else file.read_text(encoding="utf-8")
        data = json.loads(text)
    except OSError as exc:
        raise ValidationError(f"cannot read {file}: {exc}") from None
    except json.JSONDecodeError as exc:
        raise ValidationError(f"{file} is not JSON: {exc}") from None
    with _open(ctx) as mem:
        result = mem.import_(data)
    if as_json:
        _print_json(result)
    else:
        _console().print(
            f"imported {result.facts} fact version(s) and {result.turns} turn(s) of {result.user_id}"
            + ("; switches updated" if result.settings else "")
        )


# -- tenants and API keys (the REST / MCP key store) -------------------------------------------

rules_app = typer.Typer(
    help="The tenant's own rules kept in the store: its predicates (laid over the deployment's) and business rules "
    "(used instead of the deployment's); in force without a restart.",
    no_args_is_help=True,
)
app.add_typer(rules_app, name="rules")
RULES_DOCUMENT_HELP = "predicates or business_rules."


def _rules_info(stored: StoredRules) -> dict[str, object]:
    return {k: getattr(stored, k) for k in ("document", "sha256", "updated_at", "updated_by")}


@rules_app.command("list")
def rules_list(ctx: typer.Context, as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False) -> None:
    """The tenant's stored rule documents (none: the deployment's files apply)."""
    with _open(ctx) as mem:
        stored, error = mem.rules.list(), mem.rules.last_error
    if as_json:
        _print_json([_rules_info(r) for r in stored])
        return
    if not stored:
        _console().print(f"tenant {_settings(ctx).tenant} uses the deployment's rules")
    else:
        table = _table(title=f"rules of tenant {_settings(ctx).tenant}")
        for name in ("document", "sha256", "updated", "by"):
            table.add_column(name)
        for info in stored:
            table.add_row(info.document, info.sha256[:12], show_time(info.updated_at), Text(info.updated_by))
        _console().print(table)
    if error:
        _console(stderr=True).print(Text(f"not in force: {error}", style="red"))


@rules_app.command("show")
def rules_show(ctx: typer.Context, document: Annotated[str, typer.Argument(help=RULES_DOCUMENT_HELP)]) -> None:
    """Print a stored rule document as it was stored."""
    with _open(ctx) as mem:
        found = mem.rules.get(document)
    if found is None:
        raise NotFoundError(f"tenant {_settings(ctx).tenant!r} has no stored {document} document")
    typer.echo(found.text, nl=not found.text.endswith("\n"))


@rules_app.command("set")
def rules_set(
    ctx: typer.Context,
    document: Annotated[str, typer.Argument(help=RULES_DOCUMENT_HELP)],
    file: Annotated[Path, typer.Argument(help="The YAML file to store (read now; later edits need another set).")],
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Store FILE as the tenant's DOCUMENT after checking it parses (audited)."""
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ValidationError(f"cannot read {file}: {exc}") from exc
    with _open(ctx) as mem:
        stored = mem.rules.put(document, text, actor="cli")
    if as_json:
        _print_json(_rules_info(stored))
        return
    _console().print(f"{stored.document} of tenant {_settings(ctx).tenant} stored (sha256 {stored.sha256[:12]})")


@rules_app.command("clear")
def rules_clear(ctx: typer.Context, document: Annotated[str, typer.Argument(help=RULES_DOCUMENT_HELP)]) -> None:
    """Drop the tenant's stored DOCUMENT: the deployment's files apply again (audited)."""
    with _open(ctx) as mem:
        mem.rules.delete(document, actor="cli")
    _console().print(f"{document} of tenant {_settings(ctx).tenant} cleared; the deployment's rules apply")


keys_app = typer.Typer(
    help="Tenants and API keys of the REST and MCP servers, managed on the store directly (no server needed).",
    no_args_is_help=True,
)
app.add_typer(keys_app, name="keys")


def _key_store(ctx: typer.Context) -> tuple[Memory, KeyStore]:
    from palimpsest.server.auth import KeyStore

    settings = _settings(ctx)
    mem = Memory(config=Config(url=settings.url, embedder=settings.embedder, actor="cli"))
    return mem, KeyStore(mem, None)


def _keys_table(keys: Sequence[ApiKeyInfo]) -> Table:
    table = _table(title="API keys")
    for name in ("key id", "tenant", "label", "created", "status"):
        table.add_column(name, no_wrap=name != "label")
    for info in keys:
        status = "revoked" if info.revoked else "active"
        table.add_row(info.key_id, info.tenant, Text(info.label), show_time(info.created_at), status)
    return table


@keys_app.command("add-tenant")
def keys_add_tenant(
    ctx: typer.Context,
    name: Annotated[str, typer.Argument(help="The new tenant's name (letters, digits, '_', '.', '-').")],
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Create a tenant (audited); give it keys with `palimpsest keys create`."""
    mem, store = _key_store(ctx)
    with mem:
        tenant = store.create_tenant(name)
    if as_json:
        _print_json(tenant)
        return
    _console().print(f"tenant {tenant.name} created")


@keys_app.command("tenants")
def keys_tenants(ctx: typer.Context, as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False) -> None:
    """List the tenants."""
    mem, store = _key_store(ctx)
    with mem:
        tenants = store.tenants()
    if as_json:
        _print_json(tenants)
        return
    table = _table(title="tenants")
    table.add_column("name")
    table.add_column("created")
    for tenant in tenants:
        table.add_row(tenant.name, show_time(tenant.created_at))
    _console().print(table)


@keys_app.command("create")
def keys_create(
    ctx: typer.Context,
    tenant: Annotated[str, typer.Argument(help="The tenant the key acts for.")],
    label: Annotated[str, typer.Option("--label", help="A note on who holds the key.")] = "",
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Create an API key for TENANT and print it once (only its salted hash is stored)."""
    mem, store = _key_store(ctx)
    with mem:
        info, key = store.create_key(tenant, label)
    if as_json:
        _print_json({"key_id": info.key_id, "tenant": info.tenant, "label": info.label, "key": key})
        return
    err = _console(stderr=True)
    err.print(Text(f"API key {info.key_id} for tenant {tenant} (shown once; stored only as a hash):", style="bold"))
    typer.echo(key)


@keys_app.command("list")
def keys_list(
    ctx: typer.Context,
    tenant: Annotated[str | None, typer.Option("--tenant", help="Only this tenant's keys.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """List API keys (ids, tenants, labels, status; never the keys)."""
    mem, store = _key_store(ctx)
    with mem:
        keys = store.keys(tenant)
    if as_json:
        _print_json(keys)
        return
    _console().print(_keys_table(keys))


@keys_app.command("revoke")
def keys_revoke(
    ctx: typer.Context,
    key_id: Annotated[str, typer.Argument(help="The key id (from `palimpsest keys list`).")],
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Revoke an API key. A running server refuses it within 5 seconds (each worker trusts a key
    it verified for that long)."""
    mem, store = _key_store(ctx)
    with mem:
        info = store.revoke(key_id)
    if as_json:
        _print_json(info)
        return
    _console().print(f"API key {info.key_id} of tenant {info.tenant} revoked")


# -- serving -----------------------------------------------------------------------------


@app.command("serve")
def serve(
    ctx: typer.Context,
    host: Annotated[str, typer.Option(help="Address to bind; the default is loopback only.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port.")] = 8765,
    workers: Annotated[int, typer.Option(min=1, help="Worker processes (use a server database to share data).")] = 1,
    window_url: Annotated[
        str,
        typer.Option(
            envvar="PALIMPSEST_WINDOW_URL",
            help="Where session windows live: memory:// (one process) or redis://host:port/db (shared by workers).",
        ),
    ] = "memory://",
    rate_limit: Annotated[
        float, typer.Option(min=0, help="Requests per second per API key, per worker (0 = no limit).")
    ] = 500.0,
    max_body: Annotated[int, typer.Option(min=1, help="Largest request body in bytes (413 above).")] = 1_000_000,
    access_log: Annotated[
        bool, typer.Option(help="Log every request (uvicorn's access log: ~5% of a recall's server time).")
    ] = True,
    read_threads: Annotated[
        int,
        typer.Option(
            min=0,
            help="Threads per worker for point reads (recall, search, lookup, fact reads); "
            "0 = 1 on SQLite, 2 on a server database.",
        ),
    ] = 0,
) -> None:
    """Run the REST API (OpenAPI at /docs). The admin key is $PALIMPSEST_ADMIN_KEY; without it, a
    one-time admin key is generated on first start, printed once to stderr and stored hashed."""
    import uvicorn

    from palimpsest.server.auth import KeyStore

    settings = _settings(ctx)
    if workers > 1 and settings.url.startswith("memory://"):
        raise ValidationError("memory:// lives in one process: use SQLite or PostgreSQL with --workers > 1")
    admin_key = os.environ.get("PALIMPSEST_ADMIN_KEY") or None
    with Memory(config=Config(url=settings.url, embedder=settings.embedder, actor="rest")) as mem:
        keys = KeyStore(mem, admin_key)
        if not keys.has_admin_key():
            key = keys.create_admin_key()
            err = _console(stderr=True)
            err.print(Text("admin key (shown once; stored only as a hash):", style="bold yellow"))
            err.print(key, soft_wrap=True)
            err.print(
                Text(
                    f"next: POST http://{host}:{port}/v1/admin/tenants with this key, then "
                    "/v1/admin/tenants/<name>/keys (README: REST API)",
                    style="dim",
                ),
                soft_wrap=True,
            )
    os.environ.update(
        PALIMPSEST_URL=settings.url,
        PALIMPSEST_EMBEDDER=settings.embedder,
        PALIMPSEST_WINDOW_URL=window_url,
        PALIMPSEST_RATE_LIMIT=str(rate_limit),
        PALIMPSEST_MAX_BODY=str(max_body),
        PALIMPSEST_READ_THREADS=str(read_threads) if read_threads else "",
    )
    uvicorn.run(
        "palimpsest.server.entry:app_from_env",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_level="info",
        access_log=access_log,
    )


class McpTransport(enum.StrEnum):
    stdio = "stdio"
    http = "http"


@app.command("mcp")
def mcp(
    ctx: typer.Context,
    transport: Annotated[
        McpTransport, typer.Option(help="stdio (for desktop clients) or http (streamable HTTP at /mcp).")
    ] = McpTransport.stdio,
    host: Annotated[str, typer.Option(help="HTTP: address to bind; the default is loopback only.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="HTTP: port.")] = 8766,
    no_auth: Annotated[
        bool,
        typer.Option(
            "--no-auth",
            help="HTTP only: serve --tenant without API keys (development; refused unless --host is loopback).",
        ),
    ] = False,
    rate_limit: Annotated[
        float, typer.Option(min=0, help="HTTP: requests per second per API key, as for serve (0 = no limit).")
    ] = 500.0,
) -> None:
    """Run the MCP server (tools remember, recall, search, get_fact, fact_history, forget, ...). Over HTTP
    each request needs a tenant's API key (the REST API's keys on the same --url) and runs as that tenant."""

    from palimpsest.server.auth import KeyStore
    from palimpsest.server.mcp_auth import check_binding, rate_limiter
    from palimpsest.server.mcp_server import run

    if no_auth and transport is not McpTransport.http:
        raise ValidationError("--no-auth applies to --transport http only (stdio never asks for a key)")
    if transport is McpTransport.http:
        check_binding(host, require_keys=not no_auth)
    settings = _settings(ctx)
    config = Config(
        url=settings.url,
        tenant=settings.tenant,
        embedder=settings.embedder,
        actor="mcp",
        llm=settings.llm,
        **settings.policy_files,
    )
    with Memory(config=config) as mem:
        keys = None
        if transport is McpTransport.http and not no_auth:
            keys = KeyStore(mem, os.environ.get("PALIMPSEST_ADMIN_KEY") or None)
            issued = keys.keys()
            if all(key.revoked for key in issued):
                _console(stderr=True).print(
                    Text(
                        "no API keys in this store yet: make a tenant and a key with the REST admin routes "
                        "(`palimpsest serve`, README: REST API) on the same --url",
                        style="yellow",
                    ),
                    soft_wrap=True,
                )
        run(mem, transport.value, host=host, port=port, keys=keys, limiter=rate_limiter(rate_limit))


# -- schema ------------------------------------------------------------------------------


@app.command("migrate")
def migrate(
    ctx: typer.Context,
    status: Annotated[
        bool, typer.Option("--status", help="List applied and pending migrations; change nothing.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Apply pending schema migrations (each in its own transaction), or show them with --status."""
    settings = _settings(ctx)
    # Opened without migrating, so --status shows what is pending and migrate applies it.
    backend = open_backend(settings.url, migrate=False)
    try:
        applied_now = [] if status else backend.migrate()
        applied = backend.applied_migrations()
        pending = backend.pending_migrations()
    finally:
        backend.close()
    if as_json:
        body: dict[str, object] = {"applied": applied, "pending": pending}
        if not status:
            body["applied_now"] = applied_now
        _print_json(body)
        return
    console = _console()
    if not status:
        console.print(
            f"applied {len(applied_now)} migration(s)"
            + (": " + ", ".join(applied_now) if applied_now else "; the schema is up to date")
        )
        return
    table = _table(title="schema migrations")
    table.add_column("migration")
    table.add_column("applied at", no_wrap=True)
    for m in applied:
        table.add_row(m.name, show_time(m.applied_at))
    for name in pending:
        table.add_row(name, Text("pending", style="yellow"))
    console.print(table)
    console.print(f"{len(applied)} applied, {len(pending)} pending")


# -- demo --------------------------------------------------------------------------------


class ScriptedClock:
    """The demo's store clock: the story decides what "now" is, so its dates are real."""

    def __init__(self, start: datetime) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now


def _day(month: int, day: int, year: int = 2026) -> datetime:
    return datetime(year, month, day, tzinfo=UTC)


DEMO_USER = "u1"
DEMO_NOW = _day(7, 6)
""""Now" for the demo's reads, two days after the late report."""


@dataclass(frozen=True, slots=True)
class _Told:
    """One step of the seed story: what the agent was told, when, and by whom."""

    on: datetime
    predicate: str
    value: str
    source: str
    reason: str
    valid_from: datetime | None = None
    evidence: tuple[str, ...] = ()


SEED_STORY = (
    _Told(
        _day(3, 1),
        "lives_in",
        "Shanghai",
        "user_command",
        'user: "I have lived in Shanghai since September"',
        _day(9, 1, 2025),
        ("turn-0301-1",),
    ),
    _Told(_day(3, 1), "phone", "+86 138-0000-1111", "auth_profile", "login profile"),
    _Told(
        _day(7, 4),
        "lives_in",
        "Beijing",
        "user_command",
        'user: "I moved to Beijing on 1 July"',
        _day(7, 1),
        ("turn-0704-3",),
    ),
    _Told(_day(7, 5), "lives_in", "Shenzhen", "agent_inferred", "agent guessed it from the IP address"),
)


@contextmanager
def _demo_url(url: str | None, keep: bool) -> Iterator[str]:
    if url is not None:
        yield url
        return
    if keep:
        yield f"sqlite:///{Path(tempfile.mkdtemp(prefix='palimpsest-demo-')) / 'demo.db'}"
        return
    with tempfile.TemporaryDirectory(prefix="palimpsest-demo-") as folder:
        yield f"sqlite:///{Path(folder) / 'demo.db'}"


def _section(console: Console, title: str) -> None:
    console.print()
    console.print(Text(title, style="bold cyan"))


def _demo_write(mem: Memory, clock: ScriptedClock, console: Console) -> None:
    _section(console, "1. What the agent was told")
    table = _table()
    for name in ("told on", "fact", "valid from", "source", "outcome"):
        table.add_column(name, no_wrap=name != "fact")
    for step in SEED_STORY:
        clock.now = step.on
        result = mem.facts.set(
            DEMO_USER,
            step.predicate,
            step.value,
            valid_from=step.valid_from or NOW,
            source=step.source,
            reason=step.reason,
            evidence=step.evidence,
        )
        fact = Text.assemble(f"{step.predicate} = ", (step.value, "bold"), (f"\n{step.reason}", "dim italic"))
        outcome = Text(result.outcome, style=_OUTCOME_STYLE.get(result.outcome, "default"))
        table.add_row(show_time(step.on), fact, show_time(result.version.valid_from), step.source, outcome)
    clock.now = DEMO_NOW
    console.print(table)
    console.print(
        Text(
            "The move was reported 3 days late; the agent's guess ranks below the user's own word, so it "
            "is kept for audit and never believed.",
            style="dim",
        )
    )


def _demo_read(mem: Memory, console: Console) -> None:
    _section(console, f"2. Where does {DEMO_USER} live now?")
    current = mem.facts.get(DEMO_USER, "lives_in")
    console.print(
        Text.assemble(
            "current value: ",
            (current.value if current else "—", "bold green"),
            (f"   (now = {show_time(DEMO_NOW)} on the demo clock)", "dim"),
        )
    )
    _section(console, f"3. Where did {DEMO_USER} live on 2 July?")
    then = mem.facts.get(DEMO_USER, "lives_in", valid_at=_day(7, 2), known_at=_day(7, 3))
    now = mem.facts.get(DEMO_USER, "lives_in", valid_at=_day(7, 2))
    table = Table(box=box.ROUNDED)
    table.add_column("as known on 3 July", justify="center")
    table.add_column("as known now", justify="center")
    table.add_row(Text(then.value if then else "—", style="bold"), Text(now.value if now else "—", style="bold"))
    console.print(table)
    console.print(
        "Why they differ: the move is valid from 1 July but was recorded on 4 July, so on 3 July the "
        "store still believed Shanghai. Both answers stay reproducible: nothing was overwritten."
    )
    _section(console, f"4. History of {DEMO_USER} lives_in, on both time axes")
    console.print(fact_table(mem.facts.history(DEMO_USER, "lives_in"), ids=False, key=False, why=False))
    console.print(
        Text(
            "valid from/to: when it was true in the world; recorded/superseded: when the store believed it.",
            style="dim",
        )
    )


def _demo_lookup_and_audit(mem: Memory, console: Console) -> None:
    _section(console, "5. Exact lookup: identifiers match by key, never by similarity")
    for identifier in ("13800001111", "13900001111"):
        found = mem.lookup(identifier)
        line = Text(f"{identifier}  ", style="bold")
        if found:
            line.append("found", style="green")
            line.append(f": {found[0].user_id} {found[0].predicate} = {found[0].value}", style="default")
        else:
            line.append("not found", style="red")
            line.append(" (one digit differs; near matches are never returned)", style="dim")
        console.print(line)
    _section(console, "6. Audit chain")
    report = mem.audit.verify()
    if not report.ok:
        console.print(Text(f"audit chain BROKEN at seq {report.first_broken_seq}: {report.problem}", style="red"))
        raise typer.Exit(1)
    console.print(Text(f"audit chain verified: {report.checked} events, ok", style="bold green"))


@app.command("demo")
def demo(
    ctx: typer.Context,
    url: Annotated[
        str | None,
        typer.Option(
            help="Store to run on; it must be empty. Default: a fresh temporary SQLite file, deleted "
            "afterwards (PALIMPSEST_URL is ignored).",
            show_default=False,
        ),
    ] = None,
    keep: Annotated[bool, typer.Option("--keep", help="Keep the temporary store and print its URL.")] = False,
) -> None:
    """Run the seed story: lives in Shanghai, moved to Beijing on 1 July, said so on 4 July."""
    settings = _settings(ctx)
    # Only a --url typed on this command line is used: PALIMPSEST_URL names real data, never the demo's.
    source = ctx.find_root().get_parameter_source("url")
    typed = source is not None and source.name == "COMMANDLINE"
    chosen = url if url is not None else (settings.url if typed else None)
    console = _console()
    with _demo_url(chosen, keep) as store:
        # A URL the user typed may carry a password: it is never echoed.
        shown = f"a fresh temporary store: {store}" if chosen is None else "the store given by --url"
        clock = ScriptedClock(SEED_STORY[0].on)
        with Memory(config=Config(url=store, tenant=settings.tenant, actor="demo", clock=clock)) as mem:
            if mem.backend.facts.count(settings.tenant) or mem.audit.events(limit=1):
                raise ConflictError(
                    f"the demo needs an empty store and {shown} has data; omit --url to use a fresh temporary one"
                )
            console.print(Text.assemble(("palimpsest demo", "bold"), f" on {shown}"), soft_wrap=True)
            console.print(
                Text("The store's clock is scripted: each write happens on the date shown (UTC).", style="dim")
            )
            _demo_write(mem, clock, console)
            _demo_read(mem, console)
            _demo_lookup_and_audit(mem, console)
        if keep and chosen is None:
            console.print(
                Text(f"\nKept. Explore it: palimpsest --url {store} facts history {DEMO_USER}", style="dim"),
                soft_wrap=True,
            )


# -- benchmarks ---------------------------------------------------------------------------

bench_app = typer.Typer(
    help="Run the benchmarks of a source checkout (they read ../shared/benchmarks/).", no_args_is_help=True
)
app.add_typer(bench_app, name="bench")


class BenchDataset(enum.StrEnum):
    locomo = "locomo"
    longmemeval = "longmemeval"
    madial = "madial"


class BenchEmbedder(enum.StrEnum):
    e5 = "e5"
    use = "use"
    hash = "hash"


def _bench_module(name: str) -> Any:
    """Import ``bench.<name>`` from the source checkout; it is not part of the installed package."""
    import importlib
    import sys

    checkout = Path(__file__).resolve().parents[2]
    if (checkout / "bench" / "__init__.py").is_file() and str(checkout) not in sys.path:
        sys.path.insert(0, str(checkout))
    try:
        return importlib.import_module(f"bench.{name}")
    except ImportError as exc:
        raise ValidationError(
            f"the benchmarks live in the palimpsest source checkout (bench/), which this installation does not "
            f"have ({exc}); clone the repository and `pip install -e .` from it"
        ) from None


@bench_app.command("retrieval")
def bench_retrieval(
    dataset: Annotated[BenchDataset, typer.Option(help="Benchmark to run.")] = BenchDataset.locomo,
    file: Annotated[
        str | None,
        typer.Option(
            help="Data file in the dataset's folder (longmemeval: default the 34-question subset; "
            "longmemeval_s_498.json.gz for all)."
        ),
    ] = None,
    limit_conversations: Annotated[
        int | None, typer.Option(min=1, help="LoCoMo: only the first N conversations.")
    ] = None,
    limit_questions: Annotated[
        int | None,
        typer.Option(min=1, help="Only the first N questions (LoCoMo: per conversation; others: in the file)."),
    ] = None,
    embedder: Annotated[BenchEmbedder, typer.Option(help="Embedder of the store under test.")] = BenchEmbedder.e5,
    url: Annotated[
        str | None,
        typer.Option(
            "--url",
            help="Store to fill (memory://, sqlite:///..., postgresql://...); "
            "default a temporary SQLite file. The global --url is not used.",
            show_default=False,
        ),
    ] = None,
    out: Annotated[
        Path | None, typer.Option(help="Markdown report (default bench/results/retrieval-<dataset>.md).")
    ] = None,
) -> None:
    """Evidence recall@k per category of Memory.search, beside BM25-only and vector-only baselines."""
    import shlex
    import sys

    retrieval = _bench_module("retrieval")
    options = retrieval.Options(
        dataset=dataset.value,
        file=file,
        limit_conversations=limit_conversations,
        limit_questions=limit_questions,
        embedder=embedder.value,
        url=url,
        out=out,
    )
    console = _console(stderr=True)
    command = shlex.join(["palimpsest", *sys.argv[1:]])
    report, written = retrieval.benchmark(options, command, progress=lambda m: console.print(m, highlight=False))
    typer.echo(report)
    console.print(f"written to {written}")


# -- files -----------------------------------------------------------------------------------

files_app = typer.Typer(
    help="A user's text documents: remembered in passages that recall can find.", no_args_is_help=True
)
app.add_typer(files_app, name="files")


def _files_table(files: Sequence[StoredFile], title: str) -> Table:
    table = _table(title=title, tight=True)
    for name in ("id", "name", "bytes", "why remembered"):
        table.add_column(name, no_wrap=name in {"id", "bytes"}, ratio=None if name != "why remembered" else 1)
    for f in files:
        table.add_row(f.id, Text(f.name), str(f.size), Text(f.why()))
    return table


@files_app.command("add")
def files_add(
    ctx: typer.Context,
    user: Annotated[str, typer.Argument(help="The user the file belongs to.")],
    path: Annotated[Path, typer.Argument(help="A UTF-8 text file (at most 512 KiB).", exists=True, dir_okay=False)],
    name: Annotated[str | None, typer.Option(help="The name to remember it by (default: the file's name).")] = None,
    media_type: Annotated[
        str | None, typer.Option("--media-type", help="e.g. text/markdown (default: guessed from the name).")
    ] = None,
    source: Annotated[str, typer.Option(help="Who gives it: user, assistant, tool, ...")] = "user",
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Remember a text document of USER: cut into passages that search and recall find."""
    import mimetypes

    if path.stat().st_size > MAX_FILE_BYTES:  # refuse before reading a huge file into memory
        raise FileTooLargeError(f"{path} is {path.stat().st_size} bytes; at most {MAX_FILE_BYTES} bytes are accepted")
    guessed = mimetypes.guess_type(path.name)[0]
    media = media_type or (guessed if guessed and guessed.startswith("text/") else "text/plain")
    with _open(ctx) as mem:
        stored = mem.files.add(user, name or path.name, path.read_bytes(), media_type=media, source=source)
    if as_json:
        _print_json(stored)
    else:
        _console().print(_files_table([stored], f"remembered for {user}"))


@files_app.command("list")
def files_list(
    ctx: typer.Context,
    user: Annotated[str, typer.Argument(help="The user whose files to list.")],
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """USER's files, most recently added first, with why each is remembered."""
    with _open(ctx) as mem:
        files = mem.files.list(user)
    if as_json:
        _print_json(files)
    else:
        _console().print(_files_table(files, f"files of {user}"))


@files_app.command("show")
def files_show(
    ctx: typer.Context,
    file_id: Annotated[str, typer.Argument(help="The file's id.")],
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Print a file's text (--json: with its metadata)."""
    with _open(ctx) as mem:
        stored = mem.files.get(file_id)
    if as_json:
        _print_json(stored)
    else:
        typer.echo(stored.content or "", nl=False)


@files_app.command("delete")
def files_delete(
    ctx: typer.Context,
    file_id: Annotated[str, typer.Argument(help="The file's id.")],
    hard: Annotated[bool, typer.Option("--hard", help="Erase at once instead of hiding until purge.")] = False,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Do not ask before a --hard erase.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Forget a file: it leaves recall now; purge erases it after retention (--hard: at once)."""
    if hard and not yes:
        typer.confirm(f"Erase file {file_id} permanently (no compliance copy is kept)?", abort=True)
    with _open(ctx) as mem:
        result = mem.files.delete(file_id, hard=hard)
    if as_json:
        _print_json(result)
    elif result.hard:
        _console().print(f"erased {result.file.name} ({result.passages} passage(s))")
    else:
        _console().print(f"forgot {result.file.name}: hidden now, kept in the compliance view until purge")


def main() -> None:
    """Entry point of the ``palimpsest`` script."""
    app()


if __name__ == "__main__":
    main()
