"""RecordStore contract: identical assertions over every backend."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from palimpsest import Memory
from palimpsest.errors import ValidationError
from palimpsest.types import Record

T0 = datetime(2026, 5, 1, tzinfo=UTC)


def rec(
    kind: str, rid: str, *, user: str | None = "u1", status: str = "", minutes: int = 0, **payload: object
) -> Record:
    at = T0 + timedelta(minutes=minutes)
    return Record(
        kind=kind, id=rid, tenant="default", payload=payload, created_at=at, updated_at=at, user_id=user, status=status
    )


def test_put_get_replace(mem: Memory) -> None:
    store = mem.backend.records
    store.put(rec("settings", "u1", memory=True, nested={"a": [1, 2]}, text="中文"))
    got = store.get("default", "settings", "u1")
    assert got is not None
    assert dict(got.payload) == {"memory": True, "nested": {"a": [1, 2]}, "text": "中文"}
    assert got.created_at == T0
    store.put(rec("settings", "u1", minutes=5, memory=False))
    again = store.get("default", "settings", "u1")
    assert again is not None and dict(again.payload) == {"memory": False}
    assert store.get("default", "settings", "nobody") is None
    assert store.get("other", "settings", "u1") is None


def test_list_filters_and_orders_newest_first(mem: Memory) -> None:
    store = mem.backend.records
    store.put(rec("quarantine", "q1", status="pending", minutes=1))
    store.put(rec("quarantine", "q2", status="confirmed", minutes=2))
    store.put(rec("quarantine", "q3", user="u2", status="pending", minutes=3))
    store.put(rec("settings", "u1"))
    assert [r.id for r in store.list("default", "quarantine")] == ["q3", "q2", "q1"]
    assert [r.id for r in store.list("default", "quarantine", user_id="u1")] == ["q2", "q1"]
    assert [r.id for r in store.list("default", "quarantine", status="pending")] == ["q3", "q1"]
    assert [r.id for r in store.list("default", "quarantine", limit=1, offset=1)] == ["q2"]


def test_delete_and_delete_user(mem: Memory) -> None:
    store = mem.backend.records
    store.put(rec("quarantine", "q1"))
    store.put(rec("settings", "u1"))
    store.put(rec("settings", "u2", user="u2"))
    assert store.delete("default", "quarantine", ["q1", "missing"]) == 1
    assert store.delete_user("default", "u1") == 1
    assert [r.id for r in store.list("default", "settings")] == ["u2"]


def test_writes_roll_back_with_the_transaction(mem: Memory) -> None:
    store = mem.backend.records

    def fail_after_put() -> None:
        with mem.backend.transaction():
            store.put(rec("settings", "u1"))
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError):
        fail_after_put()
    assert store.get("default", "settings", "u1") is None


def test_payload_must_be_json(mem: Memory) -> None:
    with pytest.raises(ValidationError):
        mem.backend.records.put(rec("settings", "u1", bad=object()))
