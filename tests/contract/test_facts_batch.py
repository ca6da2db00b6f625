"""Batch semantics of ``facts.set_many``: several writes to one key inside one batch, equivalence
with writing the same items one by one with ``set``, and all-or-nothing when the flush fails.
Identical assertions over memory://, SQLite and PostgreSQL."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest
from tests.conftest import FakeClock

from palimpsest import FactInput, FactStatus, Memory, Source
from palimpsest.errors import StorageError
from palimpsest.facts import _value_digest
from palimpsest.governance.audit import payload_digest
from palimpsest.types import FactVersion


def d(year: int, month: int, day: int) -> datetime:
    return datetime(year, month, day, tzinfo=UTC)


JAN, MAR, APR, JUL1, AUG = d(2026, 1, 1), d(2026, 3, 1), d(2026, 4, 1), d(2026, 7, 1), d(2026, 8, 1)
SEEDED_AT, BATCH_AT = d(2026, 2, 1), d(2026, 9, 1)

SEED = [
    FactInput("u1", "email", "old@example.com", valid_from=JAN),
    FactInput("u1", "works_at", "Initech", valid_from=JAN),
]
"""Written before the batch, so the batch also closes rows that already exist."""

BATCH = [
    # supersede within the batch, then a remnant of a remnant
    FactInput("u1", "lives_in", "Shanghai", valid_from=JAN, reason="form"),
    FactInput("u1", "lives_in", "Beijing", valid_from=JUL1, reason="moved"),
    FactInput(
        "u1",
        "lives_in",
        "Hangzhou",
        valid_from=MAR,
        valid_to=APR,
        reason="was away",
        evidence=["t-7", 'odd, "quoted" {braced} \\ back\tslash', ""],
    ),
    # override by source priority within the batch
    FactInput("u1", "phone", "138 0000 1111", source=Source.USER_COMMAND),
    FactInput("u1", "phone", "139 2222 3333", source=Source.AGENT_INFERRED, reason="guess"),
    # unchanged within the batch
    FactInput("u1", "preferred_report_format", "pdf", valid_from=JAN),
    FactInput("u1", "preferred_report_format", " PDF ", valid_from=MAR),
    # a pre-existing row closed, then the row that closed it closed again in the same batch
    FactInput("u1", "email", "new@example.com", valid_from=MAR),
    FactInput("u1", "email", "newer@example.com", valid_from=AUG),
    # a pre-existing row split by a retroactive interval
    FactInput("u1", "works_at", "Globex", valid_from=MAR, valid_to=APR),
    # many: values accumulate, the same value again is unchanged
    FactInput("u1", "owns_device", "Pixel 9", valid_from=JAN),
    FactInput("u1", "owns_device", "Kindle", valid_from=MAR),
    FactInput("u1", "owns_device", "pixel  9", valid_from=APR),
]

_ID = re.compile(r"f[0-9a-f]{26}")


def _load(mem: Memory, clock: FakeClock, *, batched: bool) -> list[str]:
    clock.set(SEEDED_AT)
    mem.facts.set_many(SEED)
    clock.set(BATCH_AT)  # the fake clock stands still: same-key writes get transaction times 1 µs apart
    writes = mem.facts.set_many(BATCH) if batched else [_set_one(mem, item) for item in BATCH]
    clock.advance(seconds=1)  # reads "now" see every transaction time the batch used
    return [w.outcome for w in writes]


def _set_one(mem: Memory, item: FactInput) -> Any:
    return mem.facts.set(
        item.subject,
        item.predicate,
        item.value,
        valid_from=item.valid_from,
        valid_to=item.valid_to,
        source=item.source,
        reason=item.reason,
        evidence=item.evidence,
    )


def _shape(rows: list[FactVersion]) -> list[tuple[Any, ...]]:
    """History without ids: every field, provenance as the shape of the origin row."""
    by_id = {v.id: v for v in rows}

    def origin(v: FactVersion) -> tuple[Any, ...] | None:
        o = by_id.get(v.derived_from) if v.derived_from else None
        return None if o is None else (o.value, o.valid_from, o.valid_to, o.recorded_at)

    shapes = [
        (
            v.predicate, v.value, v.valid_from, v.valid_to, v.recorded_at, v.superseded_at, v.source, v.status,
            v.reason, v.evidence, _ID.sub("<id>", v.note), v.value_key, origin(v),
        )
        for v in rows
    ]  # fmt: skip
    return sorted(shapes, key=repr)


def _current(mem: Memory, predicate: str) -> list[tuple[str, datetime, datetime | None]]:
    rows = mem.facts.list(user_id="u1", predicate=predicate, valid_at=None)
    return [(v.value, v.valid_from, v.valid_to) for v in rows]


def test_same_key_several_times_in_one_batch(mem: Memory, clock: FakeClock) -> None:
    outcomes = _load(mem, clock, batched=True)
    assert outcomes == [
        "created", "superseded", "superseded",
        "created", "overridden",
        "created", "unchanged",
        "superseded", "superseded",
        "superseded",
        "created", "created", "unchanged",
    ]  # fmt: skip
    # the remnant [JAN, JUL1) of Shanghai was split again by Hangzhou: a remnant of a remnant
    assert _current(mem, "lives_in") == [
        ("Shanghai", JAN, MAR),
        ("Hangzhou", MAR, APR),
        ("Shanghai", APR, JUL1),
        ("Beijing", JUL1, None),
    ]
    history = mem.facts.history("u1", "lives_in")
    assert len(history) == 6  # Shanghai and its remnant (both closed), Beijing, Hangzhou and its two remnants
    closed_in_batch = [v for v in history if v.superseded_at is not None]
    assert [(v.value, v.valid_from, v.valid_to) for v in closed_in_batch] == [
        ("Shanghai", JAN, None),
        ("Shanghai", JAN, JUL1),
    ]
    assert all(v.recorded_at < v.superseded_at for v in closed_in_batch)  # type: ignore[operator]
    hangzhou = [v for v in history if v.value == "Hangzhou"]
    assert hangzhou[0].evidence == tuple(BATCH[2].evidence)  # odd characters survive the bulk insert
    remnant_of_remnant = [v for v in history if v.is_current and v.valid_from == APR]
    assert remnant_of_remnant[0].derived_from == closed_in_batch[1].id
    assert closed_in_batch[1].derived_from == closed_in_batch[0].id

    phones = mem.facts.history("u1", "phone")
    assert [(v.value, v.status) for v in phones] == [
        ("138 0000 1111", FactStatus.ACCEPTED),
        ("139 2222 3333", FactStatus.OVERRIDDEN),
    ]
    assert mem.facts.get("u1", "phone").value == "138 0000 1111"  # type: ignore[union-attr]
    assert len(mem.facts.history("u1", "preferred_report_format")) == 1
    assert _current(mem, "email") == [("old@example.com", JAN, MAR), ("new@example.com", MAR, AUG),
                                      ("newer@example.com", AUG, None)]  # fmt: skip
    assert _current(mem, "works_at") == [("Initech", JAN, MAR), ("Globex", MAR, APR), ("Initech", APR, None)]
    assert sorted(v.value for v in mem.facts.list(user_id="u1", predicate="owns_device")) == ["Kindle", "Pixel 9"]
    report = mem.audit.verify()
    assert report.ok and report.checked == 2 + 11  # one event per write that stored something


def test_batch_equals_one_by_one(make_memory: Any, clock: FakeClock) -> None:
    # Two tenants are two independent stores on the same backend (every read and the chain are per tenant).
    one_by_one: Memory = make_memory(tenant="one-by-one")
    batched: Memory = make_memory(tenant="batched")
    assert _load(one_by_one, clock, batched=False) == _load(batched, clock, batched=True)
    for predicate in ("lives_in", "phone", "preferred_report_format", "email", "works_at", "owns_device"):
        assert _shape(batched.facts.history("u1", predicate)) == _shape(one_by_one.facts.history("u1", predicate))

    def chain(mem: Memory) -> list[tuple[int, datetime, str, str]]:
        return [(e.seq, e.at, e.action, e.target) for e in mem.audit.events()]

    assert chain(batched) == chain(one_by_one)
    assert batched.audit.verify().ok and one_by_one.audit.verify().ok


@pytest.mark.parametrize(
    ("store", "method"), [("facts", "close_many"), ("facts", "insert_versions"), ("audit", "append_many")]
)
def test_failure_in_the_middle_of_the_flush_writes_nothing(
    mem: Memory, clock: FakeClock, monkeypatch: pytest.MonkeyPatch, store: str, method: str
) -> None:
    clock.set(SEEDED_AT)
    mem.facts.set_many(SEED)
    before = mem.facts.history("u1")
    events = mem.audit.events()
    target = getattr(mem.backend, store)
    real = getattr(target, method)

    def fail_after_writing(*args: Any, **kwargs: Any) -> None:
        real(*args, **kwargs)  # the statement ran; the transaction must still roll it back
        raise StorageError("disk on fire")

    monkeypatch.setattr(target, method, fail_after_writing)
    clock.set(BATCH_AT)
    with pytest.raises(StorageError, match="disk on fire"):
        mem.facts.set_many(BATCH)
    assert mem.facts.history("u1") == before
    assert mem.audit.events() == events
    assert mem.audit.verify().ok

    monkeypatch.undo()
    assert len(mem.facts.set_many(BATCH)) == len(BATCH)
    assert mem.audit.verify().checked == 2 + 11


def test_empty_batch_writes_nothing(mem: Memory) -> None:
    assert mem.facts.set_many([]) == []
    assert mem.audit.events() == []


@pytest.mark.parametrize("value", ["Shanghai", 'say "hi"\\', "北京 ✓", "tab\there\nnewline\x01", "\u2028"])
def test_value_digest_is_the_payload_digest_it_replaced(value: str) -> None:
    assert _value_digest(value) == payload_digest({"value": value})
