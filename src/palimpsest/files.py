"""``Memory.files``: text documents a user gives the memory (seed 002 §5.1 "files").

A file is a record of kind ``file`` (name, media type, size, digest, who added it and when);
its content is cut into passages (:mod:`palimpsest.core.chunking`), each a record of kind
``file_passage`` holding its span of the text and its lexical tokens, with a passage vector
in the ``files`` vector space. The passages cover the text whole, so they *are* the stored
content: nothing is kept twice. Recall's ``files`` channel ranks passages by words (BM25) and
meaning (the embedder), fused as the episodes are.

Why records and not the episode store: passages are not turns. Stored as turns they would show
up as conversations (``sessions``, the storyline, "last time", knowledge distillation); as
records they are governed like every other user document (tenant, user, hard forget).

Governance, consistent with the rest of the facade:

- the user's ``memory`` or ``files`` switch off, or consent for the ``files`` category
  withdrawn: :class:`~palimpsest.errors.SwitchedOffError`, nothing stored;
- every passage is screened by the immune system (a document is a prompt-injection vector:
  its passages are pasted into the agent's prompt by recall). A file with a high-risk passage
  waits in quarantine, whole, for the user's confirmation (``QuarantinedError`` names the
  item); confirmed, it is stored as if just given;
- ``delete`` hides the file at once (it leaves ``list``/``search``/``recall``; its passage
  vectors are dropped) and keeps the text in the compliance view until ``Memory.purge``;
  ``delete(hard=True)`` erases it at once; ``Memory.forget(user)`` does the same to all files;
- files expire after the ``files`` category's retention (consent policy) and are then purged;
- every change is one audited transaction.
"""

from __future__ import annotations

import hashlib
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

import numpy as np
from numpy.typing import NDArray

from palimpsest.core import fusion
from palimpsest.core.bm25 import InvertedIndex
from palimpsest.core.chunking import Passage, chunk_text
from palimpsest.core.clock import require_aware
from palimpsest.errors import (
    FileTooLargeError,
    NotFoundError,
    QuarantinedError,
    SwitchedOffError,
    ValidationError,
)
from palimpsest.ids import new_id
from palimpsest.text import tokenize
from palimpsest.types import MemoryItem, Record
from palimpsest.write.immune import assess, risky

if TYPE_CHECKING:
    from palimpsest.governance.quarantine import QuarantineItem
    from palimpsest.memory import Memory
    from palimpsest.write.model import RiskFinding

FILE_KIND = "file"
PASSAGE_KIND = "file_passage"
FILE_SPACE = "files"
FILE_CATEGORY = "files"
MAX_FILE_BYTES = 512 * 1024
"""Largest file accepted (UTF-8 bytes). A REST upload carries it base64-encoded, which must
still fit the default 1 MB request limit."""
MAX_NAME_CHARS = 255
CANDIDATES = 100
PASSAGE_INDEX_USERS = 256
"""Users whose passage index a ``Files`` keeps in memory (least recently used out)."""
ACTIVE = "active"
FORGOTTEN = "forgotten"
TEXT_MEDIA_TYPES = frozenset(
    {
        "application/json",
        "application/ld+json",
        "application/xml",
        "application/yaml",
        "application/x-yaml",
        "application/toml",
        "application/x-ndjson",
        "application/javascript",
        "application/sql",
    }
)
_MEDIA_TYPE = re.compile(r"^[a-z0-9][a-z0-9!#$&^_.+-]*/[a-z0-9][a-z0-9!#$&^_.+-]*$")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


@dataclass(frozen=True, slots=True)
class StoredFile:
    """One file of a user. ``content`` is filled by :meth:`Files.get` only (``None`` in lists)."""

    id: str
    user_id: str
    name: str
    media_type: str
    size: int
    """UTF-8 bytes."""
    sha256: str
    passages: int
    added_at: datetime
    """When the user gave it (``at`` of :meth:`Files.add`, default now)."""
    recorded_at: datetime
    source: str
    """Who gave it: ``user`` (the panel, an upload), ``assistant``, ``tool``, ..."""
    added_by: str
    """The actor (the configured ``Config.actor``: the surface or application) that stored it."""
    agent_id: str | None = None
    metadata: Mapping[str, Any] = field(default_factory=dict)
    status: str = ACTIVE
    forgotten_at: datetime | None = None
    expires_at: datetime | None = None
    content: str | None = None

    def why(self) -> str:
        """Why is this remembered: who gave it, when, and until when it is kept."""
        by = self.source if self.agent_id is None else f"{self.source} (agent {self.agent_id})"
        kept = "until you delete it" if self.expires_at is None else f"until {self.expires_at.date().isoformat()}"
        return (
            f"uploaded by {by} via {self.added_by} on {self.added_at.date().isoformat()}; "
            f"{self.passages} searchable passage{'s' if self.passages != 1 else ''}; kept {kept}"
        )

    @classmethod
    def from_record(cls, record: Record) -> StoredFile:
        p = record.payload
        forgotten = p.get("forgotten_at")
        return cls(
            id=record.id,
            user_id=str(record.user_id),
            name=str(p["name"]),
            media_type=str(p["media_type"]),
            size=int(p["size"]),
            sha256=str(p["sha256"]),
            passages=int(p["passages"]),
            added_at=datetime.fromisoformat(str(p["added_at"])),
            recorded_at=record.created_at,
            source=str(p.get("source", "user")),
            added_by=str(p.get("added_by", "")),
            agent_id=p.get("agent_id"),
            metadata=dict(p.get("metadata", {})),
            status=record.status,
            forgotten_at=None if forgotten is None else datetime.fromisoformat(str(forgotten)),
            expires_at=record.expires_at,
        )


@dataclass(frozen=True, slots=True)
class FileDraft:
    """A validated file about to be stored (by ``add`` or an import)."""

    id: str
    user_id: str
    name: str
    media_type: str
    text: str
    added_at: datetime
    recorded_at: datetime
    source: str
    added_by: str
    agent_id: str | None
    metadata: Mapping[str, Any]
    expires_at: datetime | None

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()

    def record(self, tenant: str, passages: int) -> Record:
        return Record(
            kind=FILE_KIND,
            id=self.id,
            tenant=tenant,
            payload={
                "name": self.name,
                "media_type": self.media_type,
                "size": len(self.text.encode("utf-8")),
                "sha256": self.sha256,
                "passages": passages,
                "added_at": self.added_at.isoformat(),
                "source": self.source,
                "added_by": self.added_by,
                "agent_id": self.agent_id,
                "metadata": dict(self.metadata),
            },
            created_at=self.recorded_at,
            updated_at=self.recorded_at,
            user_id=self.user_id,
            status=ACTIVE,
            expires_at=self.expires_at,
        )


@dataclass(frozen=True, slots=True)
class DeleteResult:
    """What :meth:`Files.delete` did: the file hidden now (``hard=False``) or erased."""

    file: StoredFile
    passages: int
    hard: bool


# -- validation -----------------------------------------------------------------------------


def _require_text(value: Any, name: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ValidationError(f"{name} must be a non-empty string")
    return value.strip()


def decode_content(content: str | bytes) -> str:
    """The document's text: a string as given, bytes decoded as UTF-8 (a BOM is dropped).

    Raises ``ValidationError`` for bytes that are not UTF-8, binary data (NUL characters), a
    blank document, and ``FileTooLargeError`` past :data:`MAX_FILE_BYTES`.
    """
    if isinstance(content, bytes | bytearray | memoryview):
        raw = bytes(content)
        if len(raw) > MAX_FILE_BYTES:
            raise FileTooLargeError(f"the file is {len(raw)} bytes; at most {MAX_FILE_BYTES} bytes are accepted")
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise ValidationError(
                f"the file is not UTF-8 text (byte {exc.start} cannot be decoded); only text documents are "
                "remembered: convert it to UTF-8 first"
            ) from None
    elif isinstance(content, str):
        text = content
        size = len(text.encode("utf-8", "surrogatepass"))
        if size > MAX_FILE_BYTES:
            raise FileTooLargeError(f"the file is {size} bytes; at most {MAX_FILE_BYTES} bytes are accepted")
    else:
        raise ValidationError("content must be a string or UTF-8 bytes")
    if "\x00" in text:
        raise ValidationError("the file contains NUL characters: it is binary, and only text documents are remembered")
    if not text.strip():
        raise ValidationError("the file is empty")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValidationError("the file contains unpaired surrogate characters: it is not valid text") from None
    return text


def check_media_type(media_type: str) -> str:
    """``text/*`` or a known structured-text type; anything else is not a text document."""
    value = _require_text(media_type, "media_type").lower().split(";", 1)[0].strip()
    if not _MEDIA_TYPE.match(value):
        raise ValidationError(f"media_type {media_type!r} is not a media type (expected e.g. 'text/plain')")
    if not (value.startswith("text/") or value in TEXT_MEDIA_TYPES or value.endswith(("+json", "+xml"))):
        raise ValidationError(f"media_type {value!r} is not a text type; only text documents are remembered")
    return value


def check_name(name: str) -> str:
    value = _require_text(name, "name")
    if len(value) > MAX_NAME_CHARS:
        raise ValidationError(f"name must be at most {MAX_NAME_CHARS} characters")
    if _CONTROL.search(value):
        raise ValidationError("name must not contain control characters")
    return value


def passage_text(name: str, text: str) -> str:
    """What the embedder sees: the file's name gives an isolated paragraph its topic."""
    return f"{name}\n{text}"


def _passage_id(file_id: str, position: int) -> str:
    return f"{file_id}.{position}"


# -- the API --------------------------------------------------------------------------------


class Files:
    """``Memory.files``."""

    def __init__(self, memory: Memory) -> None:
        self._memory = memory
        self._indexes: OrderedDict[tuple[str, str], _PassageIndex] = OrderedDict()
        self._index_lock = threading.Lock()

    @property
    def _tenant(self) -> str:
        return self._memory.config.tenant

    def _now(self) -> datetime:
        return require_aware(self._memory.config.clock(), "clock()")

    def _check_allowed(self, user_id: str) -> None:
        memory = self._memory
        switches = memory.controls.get(user_id)
        if not switches.memory:
            raise SwitchedOffError(f"user {user_id!r} switched memory off: the file was not stored")
        if not switches.files:
            raise SwitchedOffError(f"user {user_id!r} switched file memory off: the file was not stored")
        if not switches.allows_category(FILE_CATEGORY, memory.consent_policy):
            raise SwitchedOffError(f"user {user_id!r} has not consented to remembering files: the file was not stored")

    # -- writing ----------------------------------------------------------------------------
    def add(
        self,
        user_id: str,
        name: str,
        content: str | bytes,
        media_type: str = "text/plain",
        at: datetime | None = None,
        metadata: Mapping[str, Any] | None = None,
        *,
        source: str = "user",
        agent_id: str | None = None,
    ) -> StoredFile:
        """Remember a text document; durable and searchable when it returns.

        ``content``: a string, or bytes that must be UTF-8 (at most :data:`MAX_FILE_BYTES`).
        The same content added again for the same user returns the file already stored
        (nothing is written twice). Raises ``SwitchedOffError`` when the user's switches or
        consent refuse files, ``ValidationError`` for bad input; nothing is stored then.
        Raises ``QuarantinedError`` when a passage looks like an attack (e.g. a prompt
        injection): the file then waits in quarantine for the user's confirmation.
        """
        return self._add(
            user_id, name, content, media_type, at, metadata, source=source, agent_id=agent_id, screened=True
        )

    def _add(
        self,
        user_id: str,
        name: str,
        content: str | bytes,
        media_type: str,
        at: datetime | None,
        metadata: Mapping[str, Any] | None,
        *,
        source: str,
        agent_id: str | None,
        screened: bool,
    ) -> StoredFile:
        memory = self._memory
        user_id = _require_text(user_id, "user_id")
        name = check_name(name)
        media = check_media_type(media_type)
        text = decode_content(content)
        source = _require_text(source, "source")
        meta = dict(metadata or {})
        now = self._now()
        added_at = now if at is None else require_aware(at, "at")
        self._check_allowed(user_id)
        retention = memory.consent_policy.retention(FILE_CATEGORY)
        draft = FileDraft(
            id=new_id("f"), user_id=user_id, name=name, media_type=media, text=text, added_at=added_at,
            recorded_at=now, source=source, added_by=memory.config.actor, agent_id=agent_id, metadata=meta,
            expires_at=None if retention is None else added_at + retention,
        )  # fmt: skip
        existing = self._find_same(user_id, draft.sha256)
        if existing is not None:
            return existing
        passages = chunk_text(draft.text)
        if screened:
            self._screen(draft, passages)
        vectors = self._embed(draft, passages)
        with memory.backend.transaction():
            memory.backend.audit.lock_head(self._tenant)  # serialize this tenant's writers before reading
            # Re-check inside the transaction: a concurrent add may have stored the same file.
            again = self._find_same(user_id, draft.sha256)
            if again is not None:
                return again
            record = self._store(draft, passages, vectors)
            memory.audit.append(
                "file.added",
                f"{user_id}/{record.id}",
                {"name": name, "sha256": draft.sha256, "size": record.payload["size"], "passages": len(passages)},
                at=now,
            )
        return StoredFile.from_record(record)

    def _embed(self, draft: FileDraft, passages: Sequence[Passage]) -> NDArray[np.float32]:
        self._check_space()
        embedder = self._memory.conversation.embedder
        return embedder.embed_passages([passage_text(draft.name, p.text) for p in passages])

    def _screen(self, draft: FileDraft, passages: Sequence[Passage]) -> None:
        """Hold the whole file in quarantine when any passage is high-risk."""
        memory = self._memory
        flagged: list[tuple[Passage, list[RiskFinding]]] = []
        for passage in passages:
            high = risky(assess(passage.text, source=draft.source, role="user"), memory.config.risk_policy)
            high = [f for f in high if f.kind != "untrusted_source"]
            if high:
                flagged.append((passage, high))
        if not flagged:
            return
        findings = list({f.kind: f for _, found in flagged for f in found}.values())
        excerpt = " … ".join(p.text for p, _ in flagged[:3])
        item = memory.quarantine.hold(
            user_id=draft.user_id,
            session_id=None,
            item="file",
            content=f"{draft.name}: {excerpt[:500]}",
            findings=findings,
            payload={
                "file": {
                    "name": draft.name, "media_type": draft.media_type, "text": draft.text,
                    "added_at": draft.added_at.isoformat(), "source": draft.source, "agent_id": draft.agent_id,
                    "metadata": dict(draft.metadata),
                },
                "passages": [p.position for p, _ in flagged],
            },
        )  # fmt: skip
        kinds = ", ".join(sorted({f.kind for f in findings}))
        where = ", ".join(str(p.position + 1) for p, _ in flagged[:5])
        raise QuarantinedError(
            f"file {draft.name!r} was held for confirmation (quarantine item {item.id}): passage {where} "
            f"looks like {kinds}; it is not remembered unless confirmed"
        )

    def release(self, item: QuarantineItem) -> StoredFile:
        """Store a file the user confirmed from quarantine (called by ``Quarantine.confirm``)."""
        held = item.payload["file"]
        return self._add(
            item.user_id, str(held["name"]), str(held["text"]), str(held["media_type"]),
            datetime.fromisoformat(str(held["added_at"])),
            {**dict(held.get("metadata") or {}), "released_from_quarantine": item.id},
            source=str(held.get("source", "user")), agent_id=held.get("agent_id"), screened=False,
        )  # fmt: skip

    def store_imported(self, drafts: Sequence[FileDraft]) -> list[str]:
        """Store files of an import (inside the caller's transaction): those whose id or content
        the user does not have yet. Returns the ids stored."""
        stored: list[str] = []
        for draft in drafts:
            if self._memory.backend.records.get(self._tenant, FILE_KIND, draft.id) is not None:
                continue
            if self._find_same(draft.user_id, draft.sha256) is not None:
                continue
            passages = chunk_text(draft.text)
            self._store(draft, passages, self._embed(draft, passages))
            stored.append(draft.id)
        return stored

    def _store(self, draft: FileDraft, passages: Sequence[Passage], vectors: NDArray[np.float32]) -> Record:
        backend = self._memory.backend
        record = draft.record(self._tenant, len(passages))
        user_id = draft.user_id
        text = draft.text
        backend.records.put(record)
        name = draft.name
        for passage in passages:
            backend.records.put(
                Record(
                    kind=PASSAGE_KIND,
                    id=_passage_id(record.id, passage.position),
                    tenant=record.tenant,
                    payload={
                        "file_id": record.id,
                        "position": passage.position,
                        # The whole span, whitespace included: the passages give the file back exactly.
                        "span": text[passage.start : passage.end],
                        "terms": " ".join(tokenize(f"{name} {passage.text}")),
                    },
                    created_at=record.created_at,
                    updated_at=record.updated_at,
                    user_id=user_id,
                    status=ACTIVE,
                )
            )
        if passages:
            self._claim_space()
            backend.vectors.upsert(
                FILE_SPACE, record.tenant, user_id, [_passage_id(record.id, p.position) for p in passages], vectors
            )
        return record

    def _find_same(self, user_id: str, digest: str) -> StoredFile | None:
        for found in self.list(user_id):
            if found.sha256 == digest:
                return found
        return None

    def _check_space(self) -> None:
        conversation = self._memory.conversation
        conversation._check_space(FILE_SPACE, conversation.embedder)

    def _claim_space(self) -> None:
        conversation = self._memory.conversation
        if self._memory.backend.vectors.space_info(FILE_SPACE) is None:
            embedder = conversation.embedder
            self._memory.backend.vectors.set_space_info(FILE_SPACE, embedder.name, embedder.dimension)

    # -- reading ----------------------------------------------------------------------------
    def get(self, file_id: str) -> StoredFile:
        """One file with its content; ``NotFoundError`` when there is none (or it was deleted or expired)."""
        record = self._active_record(file_id)
        stored = StoredFile.from_record(record)
        return replace(stored, content=self._content(record))

    def _active_record(self, file_id: str) -> Record:
        file_id = _require_text(file_id, "file_id")
        record = self._memory.backend.records.get(self._tenant, FILE_KIND, file_id)
        expired = record is not None and record.expires_at is not None and record.expires_at <= self._now()
        if record is None or record.status != ACTIVE or expired:
            raise NotFoundError(f"no file {file_id!r}")
        return record

    def _passage_records(self, record: Record) -> list[Record]:
        records = self._memory.backend.records
        count = int(record.payload["passages"])
        found = [records.get(record.tenant, PASSAGE_KIND, _passage_id(record.id, i)) for i in range(count)]
        return [r for r in found if r is not None]

    def _content(self, record: Record) -> str:
        """The text back from its passages: each covers ``start:end`` of it, in order."""
        passages = sorted(self._passage_records(record), key=lambda r: int(r.payload["position"]))
        return "".join(str(r.payload["span"]) for r in passages)

    # -- deleting ---------------------------------------------------------------------------
    def delete(self, file_id: str, *, hard: bool = False) -> DeleteResult:
        """Forget a file: it leaves list/search/recall at once and its passage vectors go.

        Its text stays in the compliance view until ``Memory.purge`` (after the forgotten-data
        retention); ``hard=True`` erases it now. Audited.
        """
        memory = self._memory
        with memory.backend.transaction():
            memory.backend.audit.lock_head(self._tenant)  # serialize this tenant's writers before reading
            now = self._now()
            record = self._active_record(file_id)
            stored = StoredFile.from_record(record)
            count = self._forget_or_erase([record], now, hard=hard)
            memory.audit.append(
                "file.erased" if hard else "file.forgotten",
                f"{stored.user_id}/{stored.id}",
                {"name": stored.name, "sha256": stored.sha256, "passages": count},
                at=now,
            )
        return DeleteResult(file=stored, passages=count, hard=hard)

    def _forget_or_erase(self, files: Sequence[Record], now: datetime, *, hard: bool) -> int:
        """Hide (or erase) ``files`` and their passages; returns the passages touched. Runs
        inside the caller's transaction."""
        backend = self._memory.backend
        count = 0
        for record in files:
            passages = self._passage_records(record)
            count += len(passages)
            backend.vectors.delete(FILE_SPACE, self._tenant, [p.id for p in passages])
            if hard:
                backend.records.delete(self._tenant, PASSAGE_KIND, [p.id for p in passages])
                backend.records.delete(self._tenant, FILE_KIND, [record.id])
                continue
            for passage in passages:
                backend.records.put(replace(passage, status=FORGOTTEN, updated_at=now))
            payload = {**record.payload, "forgotten_at": now.isoformat()}
            backend.records.put(replace(record, payload=payload, status=FORGOTTEN, updated_at=now))
        return count

    def _all_records(self, user_id: str | None = None) -> list[Record]:
        return self._memory.backend.records.list(self._tenant, FILE_KIND, user_id=user_id)

    def forget_user(self, user_id: str, now: datetime, *, hard: bool) -> list[str]:
        """Every file of the user (``Memory.forget`` of the whole user): the ids touched.
        Runs inside the caller's transaction."""
        records = [r for r in self._all_records(user_id) if hard or r.status == ACTIVE]
        self._forget_or_erase(records, now, hard=hard)
        return [r.id for r in records]

    def purge(self, cutoff: datetime, now: datetime) -> int:
        """Erase files forgotten before ``cutoff`` and files past their retention; the rows
        deleted (files and passages). Runs inside the caller's transaction."""
        due = []
        for record in self._all_records():
            forgotten = record.payload.get("forgotten_at")
            forgotten_long_ago = (
                record.status == FORGOTTEN and forgotten is not None and datetime.fromisoformat(str(forgotten)) < cutoff
            )
            if forgotten_long_ago or (record.expires_at is not None and record.expires_at <= now):
                due.append(record)
        passages = self._forget_or_erase(due, now, hard=True)
        return passages + len(due)

    def reindex(self, progress: Callable[[int], None] | None = None) -> int:
        """Re-embed every tenant's file passages with the configured embedder (after
        ``Conversation.reindex`` switched embedders); returns the passages embedded."""
        backend = self._memory.backend
        embedder = self._memory.conversation.embedder
        with backend.transaction():
            backend.vectors.clear_space(FILE_SPACE)
            backend.vectors.set_space_info(FILE_SPACE, embedder.name, embedder.dimension)
        done = 0
        for record in backend.records.list(None, FILE_KIND, status=ACTIVE):
            passages = sorted(self._passage_records(record), key=lambda r: int(r.payload["position"]))
            if not passages:
                continue
            name = str(record.payload["name"])
            texts = [passage_text(name, str(p.payload["span"]).strip()) for p in passages]
            vectors = embedder.embed_passages(texts)
            with backend.transaction():
                backend.vectors.upsert(
                    FILE_SPACE, record.tenant, str(record.user_id), [p.id for p in passages], vectors
                )
            done += len(passages)
            if progress is not None:
                progress(done)
        return done

    # -- recall's files channel -------------------------------------------------------------
    def items(
        self, user_id: str, terms: Sequence[str], query_vector: Callable[[], NDArray[np.float32]], *, limit: int
    ) -> list[MemoryItem]:
        """Passages of the user's files that match the query, best first, with provenance.

        ``query_vector`` is called only when the user has files (the query embedding is the
        largest cost of a recall, and most users have no files)."""
        backend = self._memory.backend
        files = {f.id: f for f in self.list(user_id)}
        if not files:
            return []
        index = self._passage_index(user_id, files)
        if not index.passages:
            return []
        lexical = dict(index.lexical.search(terms, CANDIDATES)) if terms else {}
        vector: dict[str, float] = {}
        if backend.vectors.space_info(FILE_SPACE) is not None:
            self._check_space()
            hits = backend.vectors.search(FILE_SPACE, self._tenant, user_id, query_vector(), limit=CANDIDATES)
            vector = {k: v for k, v in hits if k in index.passages}
        candidates = {**lexical, **vector}
        fused = fusion.fuse(
            lexical,
            vector,
            self._memory.config.fusion,
            neighbours={pid: index.neighbours(pid) for pid in candidates},
            group_of={pid: index.passages[pid].file_id for pid in candidates},
        )
        # Fused scores are relative (min-max over this query's candidates: a lone candidate gets
        # 0); the share of the query's words a passage holds is absolute evidence, so a passage
        # that answers in the query's own words scores high even when it is the only one.
        relative = fusion.normalize_scores(fused, "minmax")
        wanted = set(terms)
        scores = {pid: 0.5 * r + 0.5 * index.passages[pid].coverage(wanted) for pid, r in relative.items()}
        items = []
        for passage_id, score in fusion.rank(scores, limit):
            passage = index.passages[passage_id]
            stored = files[passage.file_id]
            items.append(_passage_item(stored, passage, score, lexical.get(passage_id), vector.get(passage_id)))
        return items

    def _passage_index(self, user_id: str, files: Mapping[str, StoredFile]) -> _PassageIndex:
        """The user's passages and their BM25 index, rebuilt only when the user's active files
        change. Passages never change in place (a delete changes the file's status, so the file
        leaves the active list), so the set of active files identifies the index; it is read
        from the store on every call, so a change made by another process is seen."""
        key = (self._tenant, user_id)
        signature = frozenset((f.id, f.sha256) for f in files.values())
        with self._index_lock:
            cached = self._indexes.get(key)
            if cached is not None and cached.signature == signature:
                self._indexes.move_to_end(key)
                return cached
        records = self._memory.backend.records.list(self._tenant, PASSAGE_KIND, user_id=user_id, status=ACTIVE)
        built = _PassageIndex.build(signature, [r for r in records if r.payload.get("file_id") in files])
        with self._index_lock:
            self._indexes[key] = built
            self._indexes.move_to_end(key)
            while len(self._indexes) > PASSAGE_INDEX_USERS:
                self._indexes.popitem(last=False)
        return built

    def list(self, user_id: str, *, limit: int | None = None, offset: int = 0) -> list[StoredFile]:
        """The user's files (not deleted, not expired), most recently added first; no content."""
        user_id = _require_text(user_id, "user_id")
        if limit is not None and limit < 1:
            raise ValidationError("limit must be at least 1")
        if offset < 0:
            raise ValidationError("offset must not be negative")
        now = self._now()
        records = self._memory.backend.records.list(self._tenant, FILE_KIND, user_id=user_id, status=ACTIVE)
        files = [StoredFile.from_record(r) for r in records if r.expires_at is None or r.expires_at > now]
        files.sort(key=lambda f: (f.added_at, f.id), reverse=True)
        return files[offset:] if limit is None else files[offset : offset + limit]


@dataclass(frozen=True, slots=True)
class _IndexedPassage:
    id: str
    file_id: str
    position: int
    text: str
    terms: frozenset[str]

    def coverage(self, wanted: set[str]) -> float:
        """The share of the query's words the passage (or its file's name) holds."""
        return len(wanted & self.terms) / len(wanted) if wanted else 0.0


@dataclass(frozen=True, slots=True)
class _PassageIndex:
    signature: frozenset[tuple[str, str]]
    passages: Mapping[str, _IndexedPassage]
    lexical: InvertedIndex

    @classmethod
    def build(cls, signature: frozenset[tuple[str, str]], records: Sequence[Record]) -> _PassageIndex:
        passages: dict[str, _IndexedPassage] = {}
        lexical = InvertedIndex()
        for record in records:
            tokens = str(record.payload.get("terms", "")).split()
            passages[record.id] = _IndexedPassage(
                id=record.id,
                file_id=str(record.payload["file_id"]),
                position=int(record.payload["position"]),
                text=str(record.payload["span"]).strip(),
                terms=frozenset(tokens),
            )
            lexical.add(record.id, tokens)
        return cls(signature, passages, lexical)

    def neighbours(self, passage_id: str) -> list[str]:
        passage = self.passages[passage_id]
        around = (
            _passage_id(passage.file_id, passage.position - 1),
            _passage_id(passage.file_id, passage.position + 1),
        )
        return [n for n in around if n in self.passages]


def _passage_item(
    stored: StoredFile, passage: _IndexedPassage, score: float, lexical: float | None, vector: float | None
) -> MemoryItem:
    position = passage.position
    signals = []
    if lexical is not None:
        signals.append("shares words with the query")
    if vector is not None:
        signals.append(f"similar in meaning ({vector:.2f})")
    return MemoryItem(
        kind="file",
        id=passage.id,
        content=f"[{stored.name} §{position + 1}] {passage.text}",
        score=float(score),
        why=f"from file {stored.name!r}, passage {position + 1} of {stored.passages}, uploaded by {stored.source} "
        f"on {stored.added_at.date().isoformat()}; " + " and ".join(signals),
        # No occurred_at: a document stays as true as when it was given, and the merge's age
        # decay (meant for conversation) would fade it.
        source=f"file:{stored.id}",
        scores={"lexical": lexical or 0.0, "vector": vector or 0.0, "fused": float(score)},
    )
