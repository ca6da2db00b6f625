"""PostgreSQL implementation of the ``RecordStore`` (small governed documents by kind)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from psycopg.types.json import Jsonb

from palimpsest.errors import ValidationError
from palimpsest.storage.postgres_conversation import _Connections
from palimpsest.types import Migration, Record

RECORD_MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        "0008_records",
        (
            """
            CREATE TABLE records (
                tenant     text COLLATE "C" NOT NULL,
                kind       text COLLATE "C" NOT NULL,
                id         text COLLATE "C" NOT NULL,
                user_id    text COLLATE "C",
                status     text NOT NULL DEFAULT '',
                payload    jsonb NOT NULL,
                created_at timestamptz NOT NULL,
                updated_at timestamptz NOT NULL,
                expires_at timestamptz,
                PRIMARY KEY (tenant, kind, id)
            )
            """,
            "CREATE INDEX records_kind_time ON records (tenant, kind, updated_at DESC, id DESC)",
            "CREATE INDEX records_user ON records (tenant, user_id, kind)",
        ),
    ),
)

_COLUMNS = "tenant, kind, id, user_id, status, payload, created_at, updated_at, expires_at"


def _payload(record: Record) -> Jsonb:
    try:
        # Validate eagerly: psycopg would only fail at execute time, with a driver error.
        json.dumps(dict(record.payload))
    except (TypeError, ValueError) as exc:
        raise ValidationError(f"record payload must be JSON-serializable: {exc}") from exc
    return Jsonb(dict(record.payload))


def _record(row: Sequence[Any]) -> Record:
    tenant, kind, id_, user_id, status, payload, created_at, updated_at, expires_at = row
    return Record(
        kind=kind,
        id=id_,
        tenant=tenant,
        payload=payload,
        created_at=created_at,
        updated_at=updated_at,
        user_id=user_id,
        status=status,
        expires_at=expires_at,
    )


class PostgresRecordStore:
    def __init__(self, backend: _Connections) -> None:
        self._backend = backend

    def put(self, record: Record) -> None:
        params = (
            record.tenant, record.kind, record.id, record.user_id, record.status, _payload(record),
            record.created_at, record.updated_at, record.expires_at,
        )  # fmt: skip
        with self._backend.connection() as conn:
            conn.execute(
                f"INSERT INTO records ({_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) "
                "ON CONFLICT (tenant, kind, id) DO UPDATE SET user_id = EXCLUDED.user_id, status = EXCLUDED.status, "
                "payload = EXCLUDED.payload, created_at = EXCLUDED.created_at, updated_at = EXCLUDED.updated_at, "
                "expires_at = EXCLUDED.expires_at",
                params,
            )

    def get(self, tenant: str, kind: str, record_id: str) -> Record | None:
        with self._backend.connection() as conn:
            row = conn.execute(
                f"SELECT {_COLUMNS} FROM records WHERE tenant = %s AND kind = %s AND id = %s",
                (tenant, kind, record_id),
            ).fetchone()
        return None if row is None else _record(row)

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
        # Every tenant's rows only for maintenance (re-embedding); a tenant's reads keep the
        # plain equality so the (tenant, kind, ...) index serves them.
        scope = "kind = %s" if tenant is None else "tenant = %s AND kind = %s"
        with self._backend.connection() as conn:
            rows = conn.execute(
                f"SELECT {_COLUMNS} FROM records WHERE {scope}"
                " AND (%s::text IS NULL OR user_id = %s::text) AND (%s::text IS NULL OR status = %s::text)"
                " ORDER BY updated_at DESC, id DESC LIMIT %s OFFSET %s",
                (*(() if tenant is None else (tenant,)), kind, user_id, user_id, status, status, limit, offset),
            ).fetchall()
        return [_record(r) for r in rows]

    def delete(self, tenant: str, kind: str, ids: Sequence[str]) -> int:
        with self._backend.connection() as conn:
            cursor = conn.execute(
                "DELETE FROM records WHERE tenant = %s AND kind = %s AND id = ANY(%s)", (tenant, kind, list(ids))
            )
            return cursor.rowcount

    def delete_user(self, tenant: str, user_id: str) -> int:
        with self._backend.connection() as conn:
            cursor = conn.execute("DELETE FROM records WHERE tenant = %s AND user_id = %s", (tenant, user_id))
            return cursor.rowcount
