"""SQLite implementation of the ``RecordStore`` (small governed documents by kind)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from palimpsest.core.clock import from_micros, to_micros
from palimpsest.errors import ValidationError
from palimpsest.types import Migration, Record

if TYPE_CHECKING:
    from palimpsest.storage.sqlite import SQLiteBackend

RECORD_MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        "0009_records",
        (
            """
            CREATE TABLE records (
                tenant     TEXT NOT NULL,
                kind       TEXT NOT NULL,
                id         TEXT NOT NULL,
                user_id    TEXT,
                status     TEXT NOT NULL DEFAULT '',
                payload    TEXT NOT NULL CHECK (json_valid(payload)),
                created_at INTEGER NOT NULL,
                updated_at INTEGER NOT NULL,
                expires_at INTEGER,
                PRIMARY KEY (tenant, kind, id)
            ) STRICT
            """,
            "CREATE INDEX records_kind_time ON records (tenant, kind, updated_at, id)",
            "CREATE INDEX records_user ON records (tenant, user_id, kind)",
        ),
    ),
)

_COLUMNS = "tenant, kind, id, user_id, status, payload, created_at, updated_at, expires_at"


def _row(record: Record) -> tuple[Any, ...]:
    try:
        payload = json.dumps(dict(record.payload), ensure_ascii=False, sort_keys=True)
    except (TypeError, ValueError) as exc:
        raise ValidationError(f"record payload must be JSON-serializable: {exc}") from exc
    return (
        record.tenant, record.kind, record.id, record.user_id, record.status, payload,
        to_micros(record.created_at), to_micros(record.updated_at),
        None if record.expires_at is None else to_micros(record.expires_at),
    )  # fmt: skip


def _record(row: Sequence[Any]) -> Record:
    tenant, kind, id_, user_id, status, payload, created_at, updated_at, expires_at = row
    return Record(
        kind=kind,
        id=id_,
        tenant=tenant,
        payload=json.loads(payload),
        created_at=from_micros(created_at),
        updated_at=from_micros(updated_at),
        user_id=user_id,
        status=status,
        expires_at=None if expires_at is None else from_micros(expires_at),
    )


class SQLiteRecordStore:
    def __init__(self, backend: SQLiteBackend) -> None:
        self._db = backend

    def put(self, record: Record) -> None:
        self._db.execute(
            f"INSERT OR REPLACE INTO records ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", _row(record)
        )

    def get(self, tenant: str, kind: str, record_id: str) -> Record | None:
        rows = self._db.execute(
            f"SELECT {_COLUMNS} FROM records WHERE tenant = ? AND kind = ? AND id = ?", (tenant, kind, record_id)
        )
        return _record(rows[0]) if rows else None

    def list(
        self,
        tenant: str | None,
        kind: str,
        *,
        user_id: str | None = None,
        status: str | None = None,
        limit: int | None = None,
        offset: int = 0,
    ) -> list[Record]:
        where = "kind = ?" if tenant is None else "tenant = ? AND kind = ?"
        params: list[Any] = [kind] if tenant is None else [tenant, kind]
        if user_id is not None:
            where += " AND user_id = ?"
            params.append(user_id)
        if status is not None:
            where += " AND status = ?"
            params.append(status)
        rows = self._db.execute(
            f"SELECT {_COLUMNS} FROM records WHERE {where} ORDER BY updated_at DESC, id DESC LIMIT ? OFFSET ?",
            [*params, -1 if limit is None else limit, offset],
        )
        return [_record(r) for r in rows]

    def delete(self, tenant: str, kind: str, ids: Sequence[str]) -> int:
        count = 0
        for record_id in dict.fromkeys(ids):
            count += self._db.execute_count(
                "DELETE FROM records WHERE tenant = ? AND kind = ? AND id = ?", (tenant, kind, record_id)
            )
        return count

    def delete_user(self, tenant: str, user_id: str) -> int:
        return self._db.execute_count("DELETE FROM records WHERE tenant = ? AND user_id = ?", (tenant, user_id))
