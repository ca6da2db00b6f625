"""Workflow memory contract (issue 5 §1-4): identical assertions over every backend."""

from __future__ import annotations

from typing import Any

import pytest

from palimpsest import Memory
from palimpsest.errors import EmbedderMismatchError, NotFoundError, ValidationError
from palimpsest.workflows import WORKFLOW_SPACE, Workflows, _knows_only_words, _ViewPlan

REFUND = ["validate_order", "check_refund_policy", "process_refund", "notify_user"]


def refund_steps(order_id: str, *, skip: str | None = None, fail: str | None = None) -> list[dict[str, Any]]:
    params = {
        "validate_order": {"order_id": order_id},
        "check_refund_policy": {"order_id": order_id, "policy": "standard"},
        "process_refund": {"order_id": order_id, "amount": "full"},
        "notify_user": {"channel": "email"},
    }
    return [{"action": a, "params": params[a], "result": {"ok": a != fail}} for a in REFUND if a != skip]


def hash_memory(make_memory: Any) -> Memory:
    memory: Memory = make_memory(embedder="hash", embedder_options={"dimension": 256})
    return memory


def test_done_when_refunds_induce_the_workflow_and_recall_finds_it(make_memory: Any) -> None:
    memory: Memory = make_memory()  # the default embedder (e5): the Chinese question has no English words
    for order in ("A1001", "B2002", "C3003"):
        memory.workflows.record(f"Refund order {order} for the customer", refund_steps(order), task_type="order_refund")
    failed = memory.workflows.record(
        "Refund order D4004", refund_steps("D4004", skip="check_refund_policy"), "failure", task_type="order_refund"
    )
    [workflow] = memory.workflows.current()
    assert failed.workflow_id == workflow.id
    assert workflow.actions == tuple(REFUND)
    assert [s.name for s in workflow.slots] == ["order_id"]
    assert workflow.steps[0].params == {"order_id": "{order_id}"}
    assert workflow.steps[1].params == {"order_id": "{order_id}", "policy": "standard"}
    assert (workflow.success_count, workflow.failure_count, workflow.success_rate) == (3, 1, 0.75)
    [risk] = workflow.risk_points
    assert (risk.position, risk.action, risk.kind, risk.count) == (1, "check_refund_policy", "missing", 1)
    for question in ("how do I refund an order?", "这类退款一般怎么处理？"):
        packet = memory.recall(question, user_id="u1")
        assert packet.route.query_kind == "procedure"
        items = [i for i in packet.items if i.kind == "workflow"]
        assert [i.id for i in items] == [workflow.id], question
        assert "order_refund" in items[0].why and "75%" in items[0].why and "check_refund_policy" in items[0].why
        assert "validate_order" in packet.text


def test_online_learning_keeps_versions_and_updates_counts(make_memory: Any, clock: Any) -> None:
    memory = hash_memory(make_memory)
    first = memory.workflows.record("refund order A1", refund_steps("A1"), task_type="refund")
    assert first.workflow_id is not None
    wid = first.workflow_id
    clock.advance(minutes=1)
    # A new successful path (fraud check before the refund) shifts the consensus once it is the majority.
    new_path = ["validate_order", "fraud_check", "check_refund_policy", "process_refund", "notify_user"]
    for order in ("B2", "C3"):
        steps = refund_steps(order)
        steps.insert(1, {"action": "fraud_check", "params": {"order_id": order}, "result": None})
        memory.workflows.record(f"refund order {order}", steps, task_type="refund")
        clock.advance(minutes=1)
    current = memory.workflows.get(wid)
    assert current.actions == tuple(new_path)
    assert current.version == 2
    history = memory.workflows.history(wid)
    assert [(w.version, w.current) for w in history] == [(1, False), (2, True)]
    assert history[0].actions == tuple(REFUND)
    memory.workflows.record("refund order D4", refund_steps("D4", fail="process_refund"), "failure", task_type="refund")
    after = memory.workflows.get(wid)
    assert after.version == 2 and (after.success_count, after.failure_count) == (3, 1)
    assert after.risk_points[0].kind == "missing" and after.risk_points[0].action == "fraud_check"
    # a failure of a task type with no workflow is stored but starts nothing
    lone = memory.workflows.record("cancel order", [{"action": "cancel"}], "failure", task_type="cancel")
    assert lone.workflow_id is None
    assert [w.task_type for w in memory.workflows.current()] == ["refund"]
    actions = [e.action for e in memory.audit.events()]
    assert actions.count("workflow.record") == 5 and "workflow.version" in actions
    assert memory.audit.verify().ok


def test_offline_induction_clusters_untyped_trajectories(make_memory: Any) -> None:
    memory = hash_memory(make_memory)
    password = ["verify_identity", "send_reset_link", "confirm_reset"]
    for order in ("A1", "B2", "C3"):
        memory.workflows.record(f"refund order {order} please", refund_steps(order), learn=False)
    for user in ("u1", "u2", "u3"):
        steps = [{"action": a, "params": {"user": user}} for a in password]
        memory.workflows.record(f"reset password for account {user}", steps, learn=False)
    assert memory.workflows.current() == []
    written = memory.workflows.induce()
    assert sorted(w.actions for w in written) == sorted([tuple(REFUND), tuple(password)])
    assert all(w.success_count == 3 for w in written)
    # induction is idempotent: the same trajectories give the same templates, no new versions
    again = memory.workflows.induce()
    assert sorted((w.id, w.version) for w in again) == sorted((w.id, w.version) for w in written)
    # an untyped trajectory learned online joins the nearest workflow
    joined = memory.workflows.record("refund order D4 please", refund_steps("D4"))
    refund = next(w for w in memory.workflows.current() if w.actions == tuple(REFUND))
    assert joined.workflow_id == refund.id and refund.success_count == 4
    best = memory.workflows.find("refund an order")[0]
    assert best.workflow.id == refund.id and best.lexical > 0


def test_find_by_task_type_feedback_and_tenants(make_memory: Any) -> None:
    memory = hash_memory(make_memory)
    memory.workflows.record("refund order A1", refund_steps("A1"), task_type="order_refund")
    memory.workflows.record("reset password", [{"action": "send_reset_link"}], task_type="password_reset")
    [match] = memory.workflows.find("password_reset", limit=1)
    assert match.workflow.task_type == "password_reset" and match.score >= 1.0
    refund = memory.workflows.find("order_refund", limit=1)[0].workflow
    worse = memory.workflows.feedback(refund.id, useful=False)
    assert (worse.useless, worse.useful) == (1, 0)
    assert memory.workflows.find("order_refund", limit=1)[0].score < 1.0
    other = memory.with_tenant("other")
    assert other.workflows.current() == [] and other.workflows.find("order_refund") == []
    with pytest.raises(NotFoundError):
        other.workflows.get(refund.id)


def watch_embeddings(memory: Memory, monkeypatch: Any) -> list[tuple[str, list[str]]]:
    """Every (method, texts) the memory's embedder is asked for from now on (the process-wide
    probe of what the embedder knows is done first: it is not about workflows)."""
    embedder = memory.conversation.embedder
    _knows_only_words(embedder)
    calls: list[tuple[str, list[str]]] = []
    for mode in ("embed_queries", "embed_passages"):
        original = getattr(embedder, mode)
        monkeypatch.setattr(
            embedder,
            mode,
            lambda texts, mode=mode, original=original: calls.append((mode, list(texts))) or original(texts),
        )
    return calls


def test_descriptions_keep_one_per_wording_and_find_embeds_only_the_query(make_memory: Any, monkeypatch: Any) -> None:
    memory = hash_memory(make_memory)
    for order in ("A1001", "B2002", "C3003"):
        memory.workflows.record(f"Refund order {order} for the customer", refund_steps(order), task_type="order_refund")
    memory.workflows.record("为客户办理订单D4004的退款", refund_steps("D4004"), task_type="order_refund")
    memory.workflows.record("reset password", [{"action": "send_reset_link"}], task_type="password_reset")
    refund = next(w for w in memory.workflows.current() if w.task_type == "order_refund")
    assert refund.descriptions == ("Refund order A1001 for the customer", "为客户办理订单D4004的退款")
    calls = watch_embeddings(memory, monkeypatch)
    # The vectors were made when the workflows were written, and are read from the store by a
    # fresh `Workflows` (as in a new process) as well as by the one that wrote them.
    for workflows in (memory.workflows, Workflows(memory)):
        assert workflows.find("how do I refund an order?")[0].workflow.id == refund.id
        assert calls == [("embed_queries", ["how do I refund an order? (purchase)"])]
        calls.clear()
    memory.workflows.record("Please refund the order E5005", refund_steps("E5005"), task_type="order_refund")
    # writing embeds only the new wording, once per mode
    assert sorted(calls) == [
        ("embed_passages", ["Please refund the order"]),
        ("embed_queries", ["Please refund the order"]),
    ]
    calls.clear()
    memory.workflows.find("refund")
    assert calls == [("embed_queries", ["refund"])]


def workflow_vector_ids(memory: Memory) -> set[str]:
    """Ids of the workflow vectors in the store that belong to a current workflow's texts."""
    embedder = memory.conversation.embedder
    ids = {v for w in memory.workflows.current() for v in _ViewPlan.of(w, embedder).ids}
    return set(memory.backend.vectors.get(WORKFLOW_SPACE, memory.config.tenant, sorted(ids)))


def test_lost_workflow_vectors_are_made_again_once(make_memory: Any, monkeypatch: Any) -> None:
    memory = hash_memory(make_memory)
    memory.workflows.record("Refund order A1001", refund_steps("A1001"), task_type="order_refund")
    memory.workflows.record("reset password", [{"action": "send_reset_link"}], task_type="password_reset")
    expected = {v for w in memory.workflows.current() for v in _ViewPlan.of(w, memory.conversation.embedder).ids}
    assert workflow_vector_ids(memory) == expected
    before = memory.workflows.find("refund an order")
    # A crash between a workflow's write and its vectors' (or an older store) leaves none.
    memory.backend.vectors.clear_space(WORKFLOW_SPACE)
    calls = watch_embeddings(memory, monkeypatch)
    assert Workflows(memory).find("refund an order") == before  # same vectors, same scores
    assert len([t for _, texts in calls for t in texts]) == 1 + len(expected)  # the query and each view
    assert workflow_vector_ids(memory) == expected  # stored again ...
    calls.clear()
    assert Workflows(memory).find("refund an order") == before
    assert calls == [("embed_queries", ["refund an order (purchase)"])]  # ... so the next process reads them


def test_a_new_version_replaces_its_vectors(make_memory: Any, clock: Any) -> None:
    memory = hash_memory(make_memory)
    first = memory.workflows.record("refund order A1", refund_steps("A1"), task_type="refund")
    embedder = memory.conversation.embedder
    old_ids = set(_ViewPlan.of(memory.workflows.get(str(first.workflow_id)), embedder).ids)
    for order in ("B2", "C3"):  # the path changes: a new version, whose steps text differs
        clock.advance(minutes=1)
        steps = refund_steps(order)
        steps.insert(1, {"action": "fraud_check", "params": {"order_id": order}, "result": None})
        memory.workflows.record(f"refund order {order}", steps, task_type="refund")
    current = memory.workflows.get(str(first.workflow_id))
    assert current.version == 2
    new_ids = set(_ViewPlan.of(current, embedder).ids)
    stored = memory.backend.vectors.get(WORKFLOW_SPACE, memory.config.tenant, sorted(old_ids | new_ids))
    assert set(stored) == new_ids and old_ids - new_ids  # the old steps text's vectors are gone


def test_another_process_reads_the_vectors_of_a_new_version(
    backend_url: str, make_memory: Any, monkeypatch: Any
) -> None:
    if backend_url == "memory://":
        pytest.skip("an in-process store cannot be opened twice")
    writer = hash_memory(make_memory)
    reader = hash_memory(make_memory)
    writer.workflows.record("Refund order A1001", refund_steps("A1001"), task_type="order_refund")
    writer.workflows.record("reset password", [{"action": "send_reset_link"}], task_type="password_reset")
    calls = watch_embeddings(reader, monkeypatch)
    assert reader.workflows.find("refund order")[0].workflow.task_type == "order_refund"
    # the writer learns a new wording; the reader sees the new version without embedding it
    writer.workflows.record("客户要求退款订单B2002", refund_steps("B2002"), task_type="order_refund")
    [best] = reader.workflows.find("客户要求退款订单", limit=1)
    assert best.workflow.task_type == "order_refund" and len(best.workflow.descriptions) == 2
    assert [m for m, _ in calls] == ["embed_queries", "embed_queries"]


def test_reindex_re_embeds_the_workflows(backend_url: str, make_memory: Any, monkeypatch: Any) -> None:
    if backend_url == "memory://":
        pytest.skip("an in-process store cannot be reopened")
    first: Memory = make_memory(embedder="hash", embedder_options={"dimension": 64})
    first.workflows.record("Refund order A1001", refund_steps("A1001"), task_type="order_refund")
    first.workflows.record("reset password", [{"action": "send_reset_link"}], task_type="password_reset")
    second: Memory = make_memory(embedder="hash", embedder_options={"dimension": 32})
    with pytest.raises(EmbedderMismatchError, match="palimpsest reindex"):
        second.workflows.find("refund order")
    views = sum(len(_ViewPlan.of(w, second.conversation.embedder).ids) for w in second.workflows.current())
    assert second.reindex() == views
    assert second.backend.vectors.space_info(WORKFLOW_SPACE) == ("hash-32", 32)
    calls = watch_embeddings(second, monkeypatch)
    assert second.workflows.find("refund order")[0].workflow.task_type == "order_refund"
    assert calls == [("embed_queries", ["refund order (purchase)"])]


def test_with_an_embedder_that_knows_only_words_find_weighs_rare_words(make_memory: Any) -> None:
    memory = hash_memory(make_memory)
    memory.workflows.record("为客户办理订单A1001的退款", [{"action": "step_one"}], task_type="alpha")
    memory.workflows.record("我想知道我的账户的密码怎么重置", [{"action": "step_two"}], task_type="beta")
    memory.workflows.record("我的账单怎么查看", [{"action": "step_three"}], task_type="gamma")
    matches = memory.workflows.find("我的订单怎么退款")
    # Types and steps named in words the term table lacks, so that only the descriptions carry words.
    # Cosines of token hashes rank the particles ("我的", "怎么") the other two share with the
    # query above the rare words only the refund has ("订单", "退款").
    assert max(matches, key=lambda m: m.meaning).workflow.task_type != "alpha"
    assert matches[0].workflow.task_type == "alpha"
    for match in matches:
        assert match.score == pytest.approx(0.8 * match.lexical + 0.2 * match.meaning, abs=1e-5)


def test_find_bridges_everyday_words_through_the_term_table(make_memory: Any) -> None:
    memory = hash_memory(make_memory)
    memory.workflows.record("Refund order A1001 for the customer", refund_steps("A1001"), task_type="order_refund")
    reset = [{"action": "send_reset_link"}]
    memory.workflows.record("Reset the password of account X9", reset, task_type="account_reset")
    # Neither description nor step says "money back" or "退钱": the glossary of "refund" does.
    for query in ("they want their money back", "客户想退钱"):
        assert memory.workflows.find(query)[0].workflow.task_type == "order_refund"


def test_only_the_hash_embedder_is_taken_to_know_only_words() -> None:
    from palimpsest.embed.registry import open_embedder

    assert all(_knows_only_words(open_embedder("hash", dimension=d)) for d in (8, 32, 64, 256))
    assert not _knows_only_words(open_embedder("e5"))


INVALID: list[tuple[dict[str, Any], str]] = [
    ({"task": " ", "steps": [{"action": "a"}]}, "task"),
    ({"task": "t", "steps": []}, "steps"),
    ({"task": "t", "steps": [{"params": {}}]}, "action"),
    ({"task": "t", "steps": [{"action": "has space"}]}, "action"),
    ({"task": "t", "steps": [{"action": "a", "params": [1]}]}, "params"),
    ({"task": "t", "steps": [{"action": "a", "oops": 1}]}, "unknown"),
    ({"task": "t", "steps": [{"action": "a", "result": object()}]}, "JSON"),
    ({"task": "t", "steps": [{"action": "a"}], "outcome": "maybe"}, "outcome"),
]


def test_record_validates(make_memory: Any) -> None:
    # One store for every case: each case is rejected before anything is written.
    memory = hash_memory(make_memory)
    for kwargs, message in INVALID:
        with pytest.raises(ValidationError, match=message):
            memory.workflows.record(**kwargs)
    assert memory.workflows.trajectories() == []
