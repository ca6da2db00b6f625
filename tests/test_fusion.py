"""Ranking math of hybrid retrieval (pure functions, table-driven)."""

from __future__ import annotations

import math

import pytest

from palimpsest.core.fusion import (
    FusionParams,
    Normalization,
    fuse,
    neighbour_smooth,
    normalize_scores,
    rank,
    reciprocal_rank_fusion,
    session_prior,
    weighted_fusion,
)
from palimpsest.errors import ConfigError


def approx(d: dict[str, float]) -> dict[str, object]:
    return {k: pytest.approx(v) for k, v in d.items()}


@pytest.mark.parametrize(
    ("method", "scores", "expected"),
    [
        ("minmax", {"a": 2.0, "b": 4.0, "c": 3.0}, {"a": 0.0, "b": 1.0, "c": 0.5}),
        ("minmax", {"a": 5.0, "b": 5.0}, {"a": 0.0, "b": 0.0}),
        ("max", {"a": 2.0, "b": 4.0}, {"a": 0.5, "b": 1.0}),
        ("max", {"a": -1.0, "b": 0.0}, {"a": 0.0, "b": 0.0}),
        ("zscore", {"a": 1.0, "b": 3.0}, {"a": -1.0, "b": 1.0}),
        ("zscore", {"a": 7.0}, {"a": 0.0}),
        ("none", {"a": 7.0, "b": -2.0}, {"a": 7.0, "b": -2.0}),
        ("minmax", {}, {}),
    ],
)
def test_normalize_scores(method: Normalization, scores: dict[str, float], expected: dict[str, float]) -> None:
    assert normalize_scores(scores, method) == approx(expected)


def test_normalize_rejects_unknown_method() -> None:
    with pytest.raises(ConfigError, match="unknown normalization"):
        normalize_scores({"a": 1.0}, "softmax")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("lexical", "vector", "weight", "expected"),
    [
        # both lists complete: plain convex combination of min-max scores
        ({"a": 10.0, "b": 0.0}, {"a": 0.2, "b": 0.9}, 0.5, {"a": 0.5, "b": 0.5}),
        ({"a": 10.0, "b": 0.0}, {"a": 0.2, "b": 0.9}, 0.8, {"a": 0.8, "b": 0.2}),
        ({"a": 10.0, "b": 0.0}, {"a": 0.2, "b": 0.9}, 1.0, {"a": 1.0, "b": 0.0}),
        # "c" missing from the lexical list gets the lexical floor (0 after min-max)
        ({"a": 4.0, "b": 2.0}, {"c": 0.9, "a": 0.5}, 0.5, {"a": 0.5, "b": 0.0, "c": 0.5}),
        ({}, {"x": 0.3, "y": 0.1}, 0.5, {"x": 0.5, "y": 0.0}),
    ],
)
def test_weighted_fusion_minmax(
    lexical: dict[str, float], vector: dict[str, float], weight: float, expected: dict[str, float]
) -> None:
    assert weighted_fusion(lexical, vector, weight, "minmax") == approx(expected)


def test_weighted_fusion_zscore_orders_by_margin() -> None:
    # BM25 has one clear winner; vectors are flat-ish: the BM25 winner must win.
    lexical = {"a": 12.0, "b": 1.0, "c": 0.5}
    vector = {"a": 0.80, "b": 0.82, "c": 0.79}
    fused = weighted_fusion(lexical, vector, 0.5, "zscore")
    assert rank(fused)[0][0] == "a"


def test_rrf_matches_formula() -> None:
    fused = reciprocal_rank_fusion([["a", "b"], ["b", "c"]], k=60)
    assert fused == approx({"a": 1 / 61, "b": 1 / 62 + 1 / 61, "c": 1 / 62})


@pytest.mark.parametrize(
    ("weight", "expected"),
    [
        (0.0, {"t1": 1.0, "t2": 0.0, "t3": 0.5, "t9": 0.2}),
        # t2 inherits half of its best neighbour (t1); t1 and t3 only have t2 (0.0) next to them;
        # t4 is not scored so it is ignored; t9 has no neighbours and is unchanged.
        (0.5, {"t1": 1.0, "t2": 0.5, "t3": 0.5, "t9": 0.2}),
        (1.0, {"t1": 1.0, "t2": 1.0, "t3": 0.5, "t9": 0.2}),
    ],
)
def test_neighbour_smooth(weight: float, expected: dict[str, float]) -> None:
    scores = {"t1": 1.0, "t2": 0.0, "t3": 0.5, "t9": 0.2}
    neighbours = {"t1": ["t2"], "t2": ["t1", "t3"], "t3": ["t2", "t4"]}
    assert neighbour_smooth(scores, neighbours, weight) == approx(expected)


def test_session_prior_boosts_topical_sessions() -> None:
    scores = {"a1": 1.0, "a2": 0.8, "a3": 0.1, "b1": 0.9, "b2": 0.0, "x": 0.3}
    group = {"a1": "A", "a2": "A", "a3": "A", "b1": "B", "b2": "B"}
    out = session_prior(scores, group, weight=0.5, top=2)
    sa, sb = (1.0 + 0.8) / 2, (0.9 + 0.0) / 2
    assert out == approx(
        {
            "a1": 1.0 + 0.5 * sa,
            "a2": 0.8 + 0.5 * sa,
            "a3": 0.1 + 0.5 * sa,
            "b1": 0.9 + 0.5 * sb,
            "b2": 0.0 + 0.5 * sb,
            "x": 0.3,
        }
    )
    assert out["a2"] > out["b1"]  # session A is more topical than B


def test_fuse_pipeline_and_defaults() -> None:
    p = FusionParams()
    lexical = {"t1": 5.0, "t2": 1.0, "t3": 0.0}
    vector = {"t1": 0.9, "t2": 0.7, "t3": 0.6}
    plain = fuse(lexical, vector, FusionParams(p.normalization, p.lexical_weight, 0.0, 0.0))
    assert plain == approx(weighted_fusion(lexical, vector, p.lexical_weight, p.normalization))
    full = fuse(lexical, vector, p, neighbours={"t2": ["t1"]}, group_of={"t1": 1, "t2": 1, "t3": 2})
    assert rank(full, 1)[0][0] == "t1"
    assert all(math.isfinite(v) for v in full.values())


@pytest.mark.parametrize(
    "kwargs",
    [{"lexical_weight": 1.5}, {"neighbour_weight": -0.1}, {"session_weight": -1.0}, {"session_top": 0}],
)
def test_params_validated(kwargs: dict[str, float]) -> None:
    with pytest.raises(ConfigError, match="must be"):
        FusionParams(**kwargs)  # type: ignore[arg-type]


def test_params_frozen() -> None:
    with pytest.raises(AttributeError):
        FusionParams().lexical_weight = 0.1  # type: ignore[misc]


def test_rank_is_stable_and_truncates() -> None:
    assert rank({"a": 1.0, "b": 2.0, "c": 1.0}, k=2) == [("b", 2.0), ("a", 1.0)]
    assert rank({"a": 1.0}, k=0) == []
