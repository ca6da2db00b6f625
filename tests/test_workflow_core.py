"""Workflow induction, pure (``palimpsest.core.workflows``): table-driven."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from palimpsest.core import workflows as core

CANON = ["validate_order", "check_refund_policy", "process_refund", "notify_user"]


def trace(actions: list[str], success: bool = True, failed: int | None = None) -> core.Trace:
    steps = tuple(core.TraceStep(a, {}, i == failed) for i, a in enumerate(actions))
    return core.Trace(steps, success)


@pytest.mark.parametrize(
    ("name", "traces", "expected"),
    [
        ("identical", [CANON, CANON, CANON], CANON),
        ("inserted step in one", [CANON, ["validate_order", "log", *CANON[1:]], CANON], CANON),
        ("dropped step in one", [CANON, [CANON[0], *CANON[2:]], CANON], CANON),
        ("adjacent swap in one", [CANON, [CANON[1], CANON[0], *CANON[2:]], CANON], CANON),
        ("noise in every trace", [["x", *CANON], [*CANON[:2], "y", *CANON[2:]], [*CANON, "z"]], CANON),
        ("repeated action", [["a", "b", "a"], ["a", "b", "a"], ["a", "a"]], ["a", "b", "a"]),
        ("single trace", [["b", "a"]], ["b", "a"]),
        ("step in half the traces stays", [["a", "b"], ["a", "c", "b"]], ["a", "c", "b"]),
    ],
)
def test_consensus(name: str, traces: list[list[str]], expected: list[str]) -> None:
    assert [a for a, _ in core.consensus(traces)] == expected, name


@pytest.mark.parametrize(
    ("a", "b", "distance"),
    [([], [], 0), (["a"], [], 1), (["a", "b"], ["b", "a"], 2), (CANON, CANON, 0), (["a", "b", "c"], ["a", "c"], 1)],
)
def test_edit_distance(a: list[str], b: list[str], distance: int) -> None:
    assert core.edit_distance(a, b) == distance
    assert core.sequence_similarity(a, b) == (1.0 if not max(len(a), len(b)) else 1 - distance / max(len(a), len(b)))


def param_traces(*params: dict[str, Any]) -> list[core.Trace]:
    return [core.Trace((core.TraceStep("step", p),), True) for p in params]


@pytest.mark.parametrize(
    ("params", "expected_params", "slots"),
    [
        ([{"id": "A1"}, {"id": "B2"}], {"id": "{id}"}, ["id"]),
        ([{"mode": "full"}, {"mode": "full"}], {"mode": "full"}, []),
        ([{"id": "A1", "mode": "x"}, {"id": "B2", "mode": "x"}], {"id": "{id}", "mode": "x"}, ["id"]),
        ([{"amount": 5}, {"amount": 7}], {"amount": "{amount}"}, ["amount"]),
        ([{"a": 1, "opt": 2}, {"a": 1}, {"a": 1}], {"a": 1}, []),  # optional in a minority: dropped
        ([{"id": "A1001"}], {"id": "{id}"}, ["id"]),  # one trace: an identifier is still a case
        ([{"limit": "100"}], {"limit": "100"}, []),  # one trace: a bare number may be policy
    ],
)
def test_parameter_abstraction(params: list[dict[str, Any]], expected_params: dict[str, Any], slots: list[str]) -> None:
    steps, found = core.abstract_parameters([("step", 0)], param_traces(*params))
    assert dict(steps[0].params) == expected_params
    assert [s.name for s in found] == slots


def test_same_values_share_one_slot_and_different_values_get_their_own() -> None:
    traces = [
        core.Trace((core.TraceStep("a", {"order_id": o}), core.TraceStep("b", {"id": o, "order_id": u})), True)
        for o, u in (("A1", "X9"), ("B2", "Y8"))
    ]
    steps, slots = core.abstract_parameters([("a", 0), ("b", 0)], traces)
    assert dict(steps[1].params) == {"id": "{order_id}", "order_id": "{order_id_2}"}
    assert [s.name for s in slots] == ["order_id", "order_id_2"]


@pytest.mark.parametrize(
    ("failed", "expected"),
    [
        (trace([CANON[0], *CANON[2:]], success=False), (1, "check_refund_policy", "missing")),
        (trace([CANON[0], "retry", *CANON[1:]], success=False), (1, "retry", "extra")),
        (trace(CANON, success=False, failed=2), (2, "process_refund", "failed")),
        (trace(CANON, success=False), (3, "notify_user", "outcome")),
        (trace([CANON[1], CANON[0], *CANON[2:]], success=False), (0, "validate_order", "missing")),
    ],
)
def test_divergence(failed: core.Trace, expected: tuple[int, str, str]) -> None:
    assert core.divergence(CANON, failed) == expected


def test_risk_points_are_counted_most_frequent_first() -> None:
    failures = [trace(CANON, False, failed=2)] * 2 + [trace(CANON[:1] + CANON[2:], False), trace(CANON, True)]
    risks = core.risk_points(CANON, failures)
    assert [(r.action, r.kind, r.count) for r in risks] == [
        ("process_refund", "failed", 2),
        ("check_refund_policy", "missing", 1),
    ]
    assert risks[0].describe() == "process_refund failing at step 3 (2×)"


def test_induce_counts_and_needs_a_success() -> None:
    assert core.induce([trace(CANON, False)]) is None
    template = core.induce([trace(CANON), trace(CANON), trace(CANON, False, failed=1)])
    assert template is not None
    assert template.actions == tuple(CANON)
    assert (template.success_count, template.failure_count) == (2, 1)
    assert template.risk_points[0].action == "check_refund_policy"


@pytest.mark.parametrize(
    ("step_result", "failed"),
    [
        (None, False),
        ({"ok": True}, False),
        ({"ok": False}, True),
        ({"error": "boom"}, True),
        ({"status": "Failed"}, True),
        ({"status": "done"}, False),
        ("error: timeout", True),
        ("失败：余额不足", True),
        ("refunded", False),
        (False, True),
    ],
)
def test_step_failed(step_result: Any, failed: bool) -> None:
    assert core.step_failed(step_result) is failed


def unit(*rows: list[float]) -> np.ndarray:
    m = np.array(rows, dtype=np.float32)
    return m / np.linalg.norm(m, axis=1, keepdims=True)


@pytest.mark.parametrize(
    ("vectors", "threshold", "groups"),
    [
        (unit([1, 0], [0.99, 0.1], [0, 1], [0.1, 0.99]), 0.9, [[0, 1], [2, 3]]),
        (unit([1, 0], [0, 1]), 0.5, [[0], [1]]),
        (unit([1, 0], [0.9, 0.1], [0, 1]), -1.0, [[0, 1, 2]]),
        (unit([0, 1], [1, 0], [0.05, 1]), 0.9, [[0, 2], [1]]),
        (np.zeros((0, 2), np.float32), 0.5, []),
    ],
)
def test_cluster(vectors: np.ndarray, threshold: float, groups: list[list[int]]) -> None:
    assert core.cluster(vectors, threshold) == groups


@pytest.mark.parametrize(
    ("description", "pattern"),
    [
        ("Refund order A1001 for the customer", "Refund order for the customer"),
        ("重置账号ACC-12345的密码", "重置账号的密码"),
        ("Refund 3 items of order ORD-77, then mail bob@example.com", "Refund 3 items of order, then mail"),
        ("Call 13800001111 about the delay", "Call about the delay"),
        ("upgrade to the v2 plan", "upgrade to the v2 plan"),  # short tokens are words, not cases
        ("why did build 2024 fail", "why did build 2024 fail"),  # a bare number is no case id
        ("A1001", ""),
    ],
)
def test_task_pattern_takes_out_the_case(description: str, pattern: str) -> None:
    assert core.task_pattern(description) == pattern


TERMS = {"refund": ["money back", "退款", "退钱"], "order": ["purchase", "订单"], "card": ["卡"], "gift": ["present"]}


@pytest.mark.parametrize(
    ("words", "english", "chinese"),
    [
        (["order", "refund"], "order: purchase; refund: money back", "订单 退款 退钱"),
        (["Refunds"], "refunds: money back", "退款 退钱"),  # case and a plural s do not matter
        (["gift", "card"], "gift: present", "卡"),  # a word with only Chinese wordings
        (["refund", "refund"], "refund: money back", "退款 退钱"),  # said once
        (["audit", "vendor"], "", ""),  # words the table lacks
        ([], "", ""),
    ],
)
def test_gloss(words: list[str], english: str, chinese: str) -> None:
    assert core.gloss(words, TERMS) == (english, chinese)


@pytest.mark.parametrize(
    ("question", "expanded"),
    [
        ("they want their money back", "they want their money back (refund)"),
        ("客户想退钱", "客户想退钱 (refund)"),  # Chinese wordings match inside a run of characters
        ("MONEY BACK please", "MONEY BACK please (refund)"),
        ("a present for you", "a present for you (gift)"),
        ("a presentation", "a presentation"),  # English wordings match whole words only
        ("refund this purchase", "refund this purchase (order)"),  # a word the text already says is not added
        ("买了个订单退款卡", "买了个订单退款卡 (refund, order, card)"),  # each word once, in table order
        ("nothing known here", "nothing known here"),
    ],
)
def test_expand_query(question: str, expanded: str) -> None:
    assert core.expand_query(question, core.TermIndex.of(TERMS)) == expanded
