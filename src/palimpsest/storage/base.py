"""The storage Protocols. Backends implement mechanism only: which rows to close or
insert is decided above them (``palimpsest.core``), never inside a backend.

Contract shared by every backend (enforced by ``tests/contract``):

- writes happen inside ``Backend.transaction()``; nested calls join the outer one; an
  exception rolls everything back;
- ``AuditLog.lock_head`` is the first statement of every write transaction and
  serializes writers of one tenant (across threads and processes where the backend
  is shared), so read-plan-write sequences never interleave;
- reads return rows ordered by (subject, predicate, valid_from, recorded_at, id);
- every read is confined to one tenant.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol, runtime_checkable

from palimpsest.core.temporal import FactKey
from palimpsest.types import AppliedMigration, AuditEvent, FactVersion, View


@dataclass(frozen=True, slots=True)
class FactQuery:
    """A read of fact versions. ``valid_at``/``known_at`` of ``None`` mean all time."""

    tenant: str
    user_id: str | None = None
    subject: str | None = None
    predicate: str | None = None
    value_key: str | None = None
    valid_at: datetime | None = None
    known_at: datetime | None = None
    view: View = View.ACTIVE
    limit: int | None = None
    offset: int = 0


class FactStore(Protocol):
    def current_versions(self, key: FactKey) -> list[FactVersion]:
        """Versions of ``key`` whose transaction time is open (accepted, not forgotten)."""
        ...

    def insert_versions(self, versions: Sequence[FactVersion]) -> None: ...

    def close_versions(self, ids: Sequence[str], superseded_at: datetime, note: str | None = None) -> None:
        """End transaction time of the given current versions (the only in-place change a version
        ever sees; ``note``, when given, records why)."""
        ...

    def get_version(self, tenant: str, version_id: str) -> FactVersion | None: ...

    def query(self, query: FactQuery) -> list[FactVersion]: ...

    def forget(
        self, tenant: str, user_id: str, *, subject: str | None, predicate: str | None, at: datetime
    ) -> list[str]:
        """Mark not-yet-forgotten versions forgotten; returns their ids."""
        ...

    def purge(self, tenant: str, *, forgotten_before: datetime) -> int:
        """Physically delete versions forgotten before the given time; returns the count."""
        ...

    def erase(self, tenant: str, user_id: str, *, subject: str | None, predicate: str | None) -> int:
        """Physically delete every version of the user (optionally of one subject/predicate)."""
        ...

    def count(self, tenant: str) -> int: ...


class AuditLog(Protocol):
    def lock_head(self, tenant: str) -> AuditEvent | None:
        """Serialize writers of ``tenant`` for the rest of the transaction; return the chain head."""
        ...

    def append(self, event: AuditEvent) -> None:
        """Store ``event`` and record it as the new head."""
        ...

    def events(self, tenant: str, *, after_seq: int = 0, limit: int | None = None) -> list[AuditEvent]: ...

    def head(self, tenant: str) -> tuple[int, str] | None:
        """The (seq, hash) the store recorded as the chain head, independent of the event rows."""
        ...


@runtime_checkable
class Backend(Protocol):
    url: str
    facts: FactStore
    audit: AuditLog

    def transaction(self) -> AbstractContextManager[None]: ...

    def applied_migrations(self) -> list[AppliedMigration]: ...

    def pending_migrations(self) -> list[str]: ...

    def migrate(self) -> list[str]:
        """Apply pending migrations, each in its own transaction; return the names applied."""
        ...

    def close(self) -> None: ...
