"""VectorStore contract for reading vectors back by id: identical assertions over every backend."""

from __future__ import annotations

import numpy as np
import pytest

from palimpsest import Memory
from palimpsest.embed.base import l2_normalize


def rows(count: int, seed: int) -> np.ndarray:
    return l2_normalize(np.random.default_rng(seed).normal(size=(count, 8)))


def test_get_returns_stored_rows_by_id_in_any_scope_of_the_tenant(mem: Memory) -> None:
    store = mem.backend.vectors
    first, second = rows(2, 1), rows(1, 2)
    with mem.backend.transaction():
        store.set_space_info("probe", "test", 8)
        store.upsert("probe", "default", "u1", ["a", "b"], first)
        store.upsert("probe", "default", "", ["c"], second)
        store.upsert("probe", "other", "u1", ["d"], second)
    found = store.get("probe", "default", ["c", "a", "missing", "d", "a"])
    assert sorted(found) == ["a", "c"]  # "d" is another tenant's
    np.testing.assert_array_equal(found["a"], first[0])
    np.testing.assert_array_equal(found["c"], second[0])
    assert found["a"].dtype == np.float32 and found["a"].shape == (8,)
    assert store.get("probe", "default", []) == {}
    assert store.get("other-space", "default", ["a"]) == {}
    with mem.backend.transaction():
        store.upsert("probe", "default", "u1", ["a"], second)  # replaced in place
        store.delete("probe", "default", ["b"])
    found = store.get("probe", "default", ["a", "b"])
    assert list(found) == ["a"]
    np.testing.assert_array_equal(found["a"], second[0])


def test_get_does_not_see_a_rolled_back_upsert(mem: Memory) -> None:
    store = mem.backend.vectors

    def write_then_fail() -> None:
        with mem.backend.transaction():
            store.set_space_info("probe", "test", 8)
            store.upsert("probe", "default", "", ["x"], rows(1, 3))
            raise RuntimeError("roll back")

    with pytest.raises(RuntimeError):
        write_then_fail()
    assert store.get("probe", "default", ["x"]) == {}
