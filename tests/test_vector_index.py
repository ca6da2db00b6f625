"""ScopeVectors: the bulk paths (cache load, batch add) behave exactly like row-by-row adds."""

from __future__ import annotations

import numpy as np
import pytest

from palimpsest.errors import ValidationError
from palimpsest.storage.vector_index import ScopeVectors


def unit(rows: int, dimension: int = 8, seed: int = 0) -> np.ndarray:
    matrix = np.random.default_rng(seed).standard_normal((rows, dimension)).astype(np.float32)
    return matrix / np.linalg.norm(matrix, axis=1, keepdims=True)


def one_by_one(ids: list[str], rows: np.ndarray) -> ScopeVectors:
    scope = ScopeVectors(rows.shape[1])
    for vid, row in zip(ids, rows, strict=True):
        scope.add([vid], row.reshape(1, -1))
    return scope


def test_from_rows_and_batch_add_search_like_row_by_row_adds() -> None:
    rows = unit(300)
    ids = [f"t{i}" for i in range(300)]
    reference = one_by_one(ids, rows)
    loaded = ScopeVectors.from_rows(ids, rows)
    batched = ScopeVectors(8)
    for start in range(0, 300, 70):
        batched.add(ids[start : start + 70], rows[start : start + 70])
    for q in unit(20, seed=1):
        expected = reference.search(q, 25)
        assert loaded.search(q, 25) == expected
        assert batched.search(q, 25) == expected
    assert len(loaded) == len(batched) == 300


def test_a_batch_with_known_or_repeated_ids_updates_in_place() -> None:
    rows = unit(4)
    scope = ScopeVectors.from_rows(["a", "b"], rows[:2])
    scope.add(["c", "a", "c"], rows[[2, 3, 3]])  # a replaced; c added once, its last row wins
    assert len(scope) == 3
    assert scope.search(rows[3], 1)[0][0] in {"a", "c"}
    assert {vid for vid, _ in scope.search(rows[3], 2)} == {"a", "c"}
    assert scope.search(rows[1], 1)[0][0] == "b"


def test_a_loaded_scope_takes_removals_and_later_adds() -> None:
    rows = unit(5)
    scope = ScopeVectors.from_rows(["a", "b", "c"], np.frombuffer(rows[:3].tobytes(), dtype=np.float32).reshape(3, 8))
    scope.remove(["b"])  # the read-only buffer was copied, so zeroing the row works
    scope.add(["d", "e"], rows[3:])
    assert "b" not in {vid for vid, _ in scope.search(rows[1], 5)}
    assert len(scope) == 4


def test_from_rows_refuses_repeated_ids() -> None:
    with pytest.raises(ValidationError):
        ScopeVectors.from_rows(["a", "a"], unit(2))


def test_the_ann_index_follows_bulk_adds() -> None:
    pytest.importorskip("usearch")
    rows = unit(200, dimension=16)
    ids = [f"t{i}" for i in range(200)]
    scope = ScopeVectors.from_rows(ids[:150], rows[:150], ann_threshold=100)
    assert scope.search(rows[0], 1)[0][0] == "t0"  # builds the graph
    scope.add(ids[150:], rows[150:])  # appended to the graph in one call
    assert scope.search(rows[180], 1)[0][0] == "t180"
