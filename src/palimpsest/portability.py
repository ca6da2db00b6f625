"""Export and import one user's memory as JSON (``Memory.export`` / ``Memory.import_``).

The export holds the user's fact versions (every stored version on both time axes, forgotten
ones excluded: they are on their way out), remembered turns, files (with their text) and
switches. Import is validated
before anything is written, runs in one transaction, and is idempotent: importing the same
export twice writes nothing the second time.

Ids are kept when an export returns to the tenant it came from. Imported into another tenant,
every id is replaced by a deterministic one derived from (tenant, original id), so the copy
never collides with the original rows and a repeated import still finds what it wrote.
"""

from __future__ import annotations

import hashlib
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from palimpsest.conversation import TURN_SPACE, lexical_text, passage_vectors
from palimpsest.core import temporal
from palimpsest.core.clock import require_aware
from palimpsest.errors import ConflictError, ValidationError
from palimpsest.files import FileDraft, StoredFile, check_media_type, check_name, decode_content
from palimpsest.governance.controls import SWITCH_TYPES
from palimpsest.types import Cardinality, FactStatus, FactVersion, Source, Turn, View

if TYPE_CHECKING:
    from palimpsest.memory import Memory

FORMAT = "palimpsest.export"
VERSION = 1


@dataclass(frozen=True, slots=True)
class ImportResult:
    """What :meth:`Memory.import_` wrote (all zero / ``False`` when the export was already in)."""

    user_id: str
    facts: int = 0
    turns: int = 0
    files: int = 0
    settings: bool = False
    """Whether the user's switches changed."""


# -- export ------------------------------------------------------------------------------


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def fact_to_dict(v: FactVersion) -> dict[str, Any]:
    return {
        "id": v.id,
        "user_id": v.user_id,
        "subject": v.subject,
        "predicate": v.predicate,
        "value": v.value,
        "cardinality": v.cardinality.value,
        "valid_from": _iso(v.valid_from),
        "valid_to": _iso(v.valid_to),
        "recorded_at": _iso(v.recorded_at),
        "superseded_at": _iso(v.superseded_at),
        "source": v.source.label,
        "confidence": v.confidence,
        "reason": v.reason,
        "evidence": list(v.evidence),
        "category": v.category,
        "sensitive": v.sensitive,
        "status": v.status.value,
        "note": v.note,
        "value_key": v.value_key,
        "derived_from": v.derived_from,
    }


def turn_to_dict(t: Turn) -> dict[str, Any]:
    return {
        "id": t.id,
        "session_id": t.session_id,
        "role": t.role,
        "content": t.content,
        "occurred_at": _iso(t.occurred_at),
        "recorded_at": _iso(t.recorded_at),
        "content_hash": t.content_hash,
        "agent_id": t.agent_id,
        "metadata": dict(t.metadata),
        "tags": list(t.tags),
        "seq": t.seq,
    }


def file_to_dict(f: StoredFile) -> dict[str, Any]:
    return {
        "id": f.id,
        "name": f.name,
        "media_type": f.media_type,
        "content": f.content,
        "added_at": _iso(f.added_at),
        "recorded_at": _iso(f.recorded_at),
        "source": f.source,
        "added_by": f.added_by,
        "agent_id": f.agent_id,
        "metadata": dict(f.metadata),
        "expires_at": _iso(f.expires_at),
    }


def export_user(memory: Memory, user_id: str) -> dict[str, Any]:
    if not isinstance(user_id, str) or not user_id.strip():
        raise ValidationError("user_id must be a non-empty string")
    tenant = memory.config.tenant
    versions = memory.facts.list(user_id=user_id, valid_at=None, known_at=None, view=View.AUDIT)
    # Data past its retention is forgotten (hidden from reads) even before a sweep marks it: not exported.
    now = require_aware(memory.config.clock(), "clock()")
    expired = {v.id for v, _ in memory.retention.expired_facts(versions, now)}
    kept = (v for v in versions if v.forgotten_at is None and v.id not in expired)
    facts = sorted(kept, key=lambda v: (v.recorded_at, v.valid_from, v.id))
    stored = memory.backend.turns.recent(tenant, user_id, limit=10**9)
    turns = sorted(
        (t for t in stored if memory.retention.keeps_turn(t, now)), key=lambda t: (t.session_id, t.seq, t.id)
    )
    switches = memory.controls.get(user_id)
    settings = {k: v for k, v in asdict(switches).items() if k != "consent"}
    settings["consent"] = dict(switches.consent or {})
    return {
        "format": FORMAT,
        "version": VERSION,
        "tenant": tenant,
        "user_id": user_id,
        "exported_at": require_aware(memory.config.clock(), "clock()").isoformat(),
        "facts": [fact_to_dict(v) for v in facts],
        "turns": [turn_to_dict(t) for t in turns],
        "files": [file_to_dict(memory.files.get(f.id)) for f in reversed(memory.files.list(user_id))],
        "settings": settings,
    }


# -- validation ----------------------------------------------------------------------------


class _Reader:
    """Typed access to one JSON object of an export; every problem names where it is."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, Mapping):
            raise ValidationError(f"{where}: expected an object")
        self._data = data
        self._where = where

    def _fail(self, key: str, expected: str) -> ValidationError:
        return ValidationError(f"{self._where}.{key}: expected {expected}")

    def text(self, key: str, *, optional: bool = False, empty: bool = False) -> str:
        value = self._data.get(key)
        if value is None and optional:
            return ""
        if not isinstance(value, str) or (not empty and not value.strip()):
            raise self._fail(key, "a non-empty string" if not empty else "a string")
        return value

    def maybe_text(self, key: str) -> str | None:
        value = self._data.get(key)
        if value is None:
            return None
        if not isinstance(value, str):
            raise self._fail(key, "a string or null")
        return value

    def time(self, key: str, *, optional: bool = False) -> datetime | None:
        value = self._data.get(key)
        if value is None and optional:
            return None
        if not isinstance(value, str):
            raise self._fail(key, "an ISO 8601 time")
        try:
            parsed = datetime.fromisoformat(value)
        except ValueError:
            raise self._fail(key, "an ISO 8601 time") from None
        return require_aware(parsed, f"{self._where}.{key}")

    def required_time(self, key: str) -> datetime:
        found = self.time(key)
        assert found is not None  # time() without optional=True never returns None
        return found

    def number(self, key: str, default: float) -> float:
        value = self._data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self._fail(key, "a number")
        return float(value)

    def integer(self, key: str, default: int) -> int:
        value = self._data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self._fail(key, "an integer")
        return value

    def flag(self, key: str, default: bool) -> bool:
        value = self._data.get(key, default)
        if not isinstance(value, bool):
            raise self._fail(key, "true or false")
        return value

    def strings(self, key: str) -> tuple[str, ...]:
        value = self._data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self._fail(key, "a list of strings")
        return tuple(value)

    def mapping(self, key: str) -> Mapping[str, Any]:
        value = self._data.get(key, {})
        if not isinstance(value, Mapping):
            raise self._fail(key, "an object")
        return value

    def items(self, key: str) -> list[Any]:
        value = self._data.get(key, [])
        if not isinstance(value, list):
            raise self._fail(key, "a list")
        return value

    def choice(self, key: str, parse: Any, expected: str) -> Any:
        value = self._data.get(key)
        try:
            return parse(value)
        except (ValueError, KeyError, TypeError):
            raise self._fail(key, expected) from None


class _Ids:
    """Keeps ids when importing into the export's own tenant; else derives stable new ones."""

    def __init__(self, source_tenant: str, tenant: str) -> None:
        self._keep = source_tenant == tenant
        self._tenant = tenant

    def __call__(self, original: str) -> str:
        if self._keep:
            return original
        digest = hashlib.sha256(f"{self._tenant}\x1f{original}".encode()).hexdigest()[:26]
        return f"{original[:1]}{digest}"


def _parse_fact(raw: Any, where: str, user_id: str, tenant: str, ids: _Ids) -> FactVersion:
    r = _Reader(raw, where)
    owner = r.text("user_id")
    if owner != user_id:
        raise ValidationError(f"{where}.user_id: {owner!r} is not the exported user {user_id!r}")
    subject, predicate = r.text("subject"), r.text("predicate")
    temporal.check_names(subject, predicate)
    valid_from, valid_to = r.required_time("valid_from"), r.time("valid_to", optional=True)
    temporal.check_interval(valid_from, valid_to)
    recorded_at, superseded_at = r.required_time("recorded_at"), r.time("superseded_at", optional=True)
    if superseded_at is not None and superseded_at < recorded_at:
        raise ValidationError(f"{where}: superseded_at is before recorded_at")
    confidence = r.number("confidence", 1.0)
    if not 0.0 <= confidence <= 1.0:
        raise ValidationError(f"{where}.confidence: must be between 0 and 1")
    derived = r.maybe_text("derived_from")
    return FactVersion(
        id=ids(r.text("id")),
        tenant=tenant,
        user_id=owner,
        subject=subject,
        predicate=predicate,
        value=r.text("value"),
        cardinality=r.choice("cardinality", Cardinality, "'one' or 'many'"),
        valid_from=valid_from,
        valid_to=valid_to,
        recorded_at=recorded_at,
        superseded_at=superseded_at,
        source=r.choice("source", lambda s: Source[str(s).upper()], "a source name"),
        confidence=confidence,
        reason=r.text("reason", optional=True, empty=True),
        evidence=tuple(ids(e) for e in r.strings("evidence")),
        category=r.maybe_text("category"),
        sensitive=r.flag("sensitive", False),
        status=r.choice("status", FactStatus, "'accepted' or 'overridden'"),
        note=r.text("note", optional=True, empty=True),
        value_key=r.maybe_text("value_key"),
        derived_from=None if derived is None else ids(derived),
    )


def _parse_turn(raw: Any, where: str, user_id: str, tenant: str, ids: _Ids) -> Turn:
    r = _Reader(raw, where)
    return Turn(
        id=ids(r.text("id")),
        tenant=tenant,
        user_id=user_id,
        session_id=r.text("session_id"),
        role=r.text("role"),
        content=r.text("content", empty=True),
        occurred_at=r.required_time("occurred_at"),
        recorded_at=r.required_time("recorded_at"),
        content_hash=r.text("content_hash"),
        agent_id=r.maybe_text("agent_id"),
        metadata=dict(r.mapping("metadata")),
        tags=r.strings("tags"),
        seq=r.integer("seq", 0),
    )


def _parse_file(raw: Any, where: str, user_id: str, ids: _Ids) -> FileDraft:
    r = _Reader(raw, where)
    try:
        name, media_type = check_name(r.text("name")), check_media_type(r.text("media_type"))
        text = decode_content(r.text("content"))
    except ValidationError as exc:
        raise ValidationError(f"{where}: {exc.message}") from None
    return FileDraft(
        id=ids(r.text("id")),
        user_id=user_id,
        name=name,
        media_type=media_type,
        text=text,
        added_at=r.required_time("added_at"),
        recorded_at=r.required_time("recorded_at"),
        source=r.text("source"),
        added_by=r.text("added_by", optional=True, empty=True),
        agent_id=r.maybe_text("agent_id"),
        metadata=dict(r.mapping("metadata")),
        expires_at=r.time("expires_at", optional=True),
    )


def _parse_settings(raw: Any) -> dict[str, Any]:
    r = _Reader(raw, "settings")
    switches: dict[str, Any] = {name: r.flag(name, True) for name in ("memory", *SWITCH_TYPES)}
    consent = r.mapping("consent")
    if not all(isinstance(k, str) and isinstance(v, bool) for k, v in consent.items()):
        raise ValidationError("settings.consent: expected an object of true/false values")
    switches["consent"] = dict(consent)
    return switches


@dataclass(frozen=True, slots=True)
class _Parsed:
    user_id: str
    facts: list[FactVersion]
    turns: list[Turn]
    files: list[FileDraft]
    settings: dict[str, Any]


def parse_export(data: Any, tenant: str) -> _Parsed:
    """Validate a whole export (nothing is written when any part is wrong)."""
    r = _Reader(data, "export")
    if data.get("format") != FORMAT:
        raise ValidationError(f"export.format: expected {FORMAT!r}")
    if r.integer("version", 0) != VERSION:
        raise ValidationError(f"export.version: this palimpsest reads version {VERSION}")
    user_id = r.text("user_id")
    ids = _Ids(r.text("tenant"), tenant)
    facts = [_parse_fact(f, f"facts[{i}]", user_id, tenant, ids) for i, f in enumerate(r.items("facts"))]
    turns = [_parse_turn(t, f"turns[{i}]", user_id, tenant, ids) for i, t in enumerate(r.items("turns"))]
    files = [_parse_file(f, f"files[{i}]", user_id, ids) for i, f in enumerate(r.items("files"))]
    for name, rows in (("facts", facts), ("turns", turns), ("files", files)):
        if len({row.id for row in rows}) != len(rows):
            raise ValidationError(f"export.{name}: ids must be unique")
    return _Parsed(user_id, facts, turns, files, _parse_settings(data.get("settings", {})))


# -- import ------------------------------------------------------------------------------


def _new_facts(memory: Memory, parsed: _Parsed) -> list[FactVersion]:
    """The export's versions not yet stored; a user with other facts is a conflict."""
    tenant = memory.config.tenant
    stored = memory.facts.list(user_id=parsed.user_id, valid_at=None, known_at=None, view=View.AUDIT)
    theirs = {v.id for v in parsed.facts}
    foreign = [v.id for v in stored if v.id not in theirs]
    if foreign:
        raise ConflictError(
            f"user {parsed.user_id!r} already has {len(foreign)} fact version(s) that are not in this export; "
            "forget them (hard) first or import into another user or tenant"
        )
    present = {v.id for v in stored}
    fresh = [v for v in parsed.facts if v.id not in present]
    # A row stored in another tenant under the same id would be a collision, not a match.
    taken = [v.id for v in fresh if memory.backend.facts.get_version(tenant, v.id) is not None]
    if taken:
        raise ConflictError(f"fact version ids already in use: {taken[:3]}")
    return fresh


def _new_turns(memory: Memory, parsed: _Parsed) -> list[Turn]:
    tenant = memory.config.tenant
    present = {t.id for t in memory.backend.turns.get(tenant, [t.id for t in parsed.turns])}
    by_session: dict[str, list[Turn]] = defaultdict(list)
    for turn in parsed.turns:
        if turn.id not in present:
            by_session[turn.session_id].append(turn)
    fresh: list[Turn] = []
    for session_id, turns in by_session.items():
        known = memory.backend.turns.known_hashes(tenant, parsed.user_id, session_id, [t.content_hash for t in turns])
        fresh.extend(t for t in turns if t.content_hash not in known)
    return fresh


def _store_turns(memory: Memory, turns: Sequence[Turn]) -> None:
    if not turns:
        return
    conversation = memory.conversation
    by_session: dict[str, list[Turn]] = defaultdict(list)
    for turn in turns:
        by_session[turn.session_id].append(turn)
    for part in by_session.values():
        part.sort(key=lambda t: (t.seq, t.occurred_at, t.id))
        vectors = passage_vectors(conversation.embedder, part, None, memory.config.passage_context_weight)
        conversation._claim_space(TURN_SPACE)
        memory.backend.turns.insert(part, [lexical_text(t) for t in part])
        memory.backend.vectors.upsert(TURN_SPACE, memory.config.tenant, part[0].user_id, [t.id for t in part], vectors)


def import_user(memory: Memory, data: Any) -> ImportResult:
    parsed = parse_export(data, memory.config.tenant)
    facts = _new_facts(memory, parsed)
    turns = _new_turns(memory, parsed)
    current = memory.controls.get(parsed.user_id)
    wanted = parsed.settings
    differs = any(getattr(current, k) != wanted[k] for k in ("memory", *SWITCH_TYPES)) or dict(
        current.consent or {}
    ) != dict(wanted["consent"])
    with memory.backend.transaction():
        if facts:
            memory.backend.facts.insert_versions(facts)
        _store_turns(memory, turns)
        files = memory.files.store_imported(parsed.files)
        if facts or turns or files:
            memory.audit.record(
                "import",
                parsed.user_id,
                {"facts": [v.id for v in facts], "turns": [t.id for t in turns], "files": files},
            )
        if differs:
            memory.controls.set(parsed.user_id, **wanted)
    return ImportResult(user_id=parsed.user_id, facts=len(facts), turns=len(turns), files=len(files), settings=differs)
