"""Tenant knowledge contract (seed 002 §2.3, issue 5 §5): the same assertions on every backend."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from tests.conftest import FakeClock

from palimpsest import Memory
from palimpsest.errors import NotFoundError, StaleVersionError, ValidationError
from palimpsest.knowledge import KnowledgeItem

T0 = datetime(2026, 3, 1, 9, tzinfo=UTC)

EN_ANSWER = (
    "Sure, here's how: 1. Click More actions at the top right. 2. Choose Export as PDF. "
    "3. Confirm the file name and click Download."
)
ZH_ANSWER = "1. 点击右上角的“更多操作”。2. 选择“导出为PDF”。3. 确认文件名并点击“下载”。"
STEPS = ("Click More actions at the top right", "Choose Export as PDF", "Confirm the file name and click Download")
PDF_QUESTIONS = [
    "How do I export a PDF?",
    "how can I export my report as PDF?",
    "怎么导出PDF报告？",
    "如何把报表导出成PDF？",
    "Exporting a report to PDF - how?",
    "请问怎样导出PDF？",
    "how to export pdf",
    "PDF export: how do I do it?",
    "导出PDF怎么操作？",
    "How do I export the weekly report as a PDF?",
]


@pytest.fixture
def kb(make_memory: Any, clock: FakeClock) -> Memory:
    clock.set(T0 + timedelta(days=30))
    memory: Memory = make_memory(embedder="hash", embedder_options={"dimension": 256})
    return memory


def ask_everyone(memory: Memory) -> None:
    """Ten users ask how to export a PDF (English and Chinese) and get the answer in their language;
    one of them also asks an unrelated question once."""
    for n, question in enumerate(PDF_QUESTIONS):
        chinese = any("\u4e00" <= ch <= "\u9fff" for ch in question)
        memory.add(
            [
                {"role": "user", "content": "hi there"},
                {"role": "assistant", "content": "Hello! How can I help?"},
                {"role": "user", "content": question},
                {"role": "assistant", "content": ZH_ANSWER if chinese else EN_ANSWER},
            ],
            user_id=f"user{n}",
            session_id=f"s{n}",
            at=T0 + timedelta(hours=n),
        )
    memory.add(
        [
            {"role": "user", "content": "how do I reset my password?"},
            {"role": "assistant", "content": "Open Settings, then Security, then click Reset password."},
        ],
        user_id="user0",
        session_id="other",
        at=T0 + timedelta(days=1),
    )


def distilled(memory: Memory) -> KnowledgeItem:
    ask_everyone(memory)
    result = memory.knowledge.distill()
    assert len(result.created) == 1
    return result.created[0]


def test_ten_users_asking_one_question_become_one_item_with_steps(kb: Memory) -> None:
    ask_everyone(kb)
    result = kb.knowledge.distill(min_users=3)
    assert result.questions == 11
    [item] = result.created
    assert item.topic == "export_pdf"
    assert {"export", "导出", "pdf"} <= set(item.patterns)
    assert item.solution_steps == STEPS
    assert item.users_count == 10
    assert item.confidence == pytest.approx(0.9, abs=0.01)
    assert item.valid_since.date() == T0.date()
    assert item.status == "active"
    assert item.source == "distilled"
    assert len(item.examples) == 5 and item.examples[0] == "How do I export a PDF?"
    assert kb.knowledge.get(item.id) == item
    assert [i.id for i in kb.knowledge.items()] == [item.id]
    assert kb.audit.events()[-1].action == "knowledge.created"
    assert kb.audit.verify().ok
    assert kb.knowledge.distill(min_users=11).created == ()


def test_distilling_again_changes_nothing_and_new_askers_refresh_the_item(kb: Memory, clock: FakeClock) -> None:
    item = distilled(kb)
    again = kb.knowledge.distill()
    assert again.created == () and again.refreshed == () and again.unchanged == (item.id,)
    clock.advance(days=1)
    kb.add(
        [{"role": "user", "content": "怎么导出PDF？"}, {"role": "assistant", "content": ZH_ANSWER}],
        user_id="user10",
        session_id="s10",
    )
    refreshed = kb.knowledge.distill()
    [after] = refreshed.refreshed
    assert after.id == item.id
    assert after.users_count == 11
    assert after.confidence > item.confidence
    assert after.solution_steps == STEPS and after.valid_since == item.valid_since
    # A narrower window never lowers what was counted before.
    assert kb.knowledge.distill(since=clock.now - timedelta(hours=1), min_users=1).created == ()
    assert kb.knowledge.get(item.id).users_count == 11
    with pytest.raises(ValidationError):
        kb.knowledge.distill(min_users=0)


def test_since_limits_the_questions_scanned(kb: Memory) -> None:
    narrow = kb.with_tenant("narrow")  # a clean slate on the same store
    ask_everyone(narrow)
    assert narrow.knowledge.distill(since=T0 + timedelta(hours=8)).created == ()  # two askers since then
    [item] = narrow.knowledge.distill(since=T0 + timedelta(hours=7)).created
    assert item.users_count == 3


def test_find_matches_both_languages_and_only_active_items(kb: Memory) -> None:
    item = distilled(kb)
    for query in ("how do I export a PDF?", "怎么把报告导出为PDF", "export report pdf"):
        [hit] = kb.knowledge.find(query)
        assert hit.item.id == item.id and 0 < hit.score <= 1
    assert kb.knowledge.find("how do I reset my password?") == []  # one user asked: not knowledge
    with pytest.raises(ValidationError):
        kb.knowledge.find("  ")
    # One "useless" moves the item to the review queue, where find no longer sees it.
    kb.knowledge.feedback(item.id, useful=True)
    after = kb.knowledge.feedback(item.id, useful=False)
    assert after.status == "review"
    assert after.review_reason == "marked useless"
    assert (after.feedback.useful, after.feedback.useless) == (1, 1)
    assert [i.id for i in kb.knowledge.review_queue()] == [item.id]
    assert [e.action for e in kb.audit.events()[-2:]] == ["knowledge.feedback", "knowledge.review"]
    assert kb.knowledge.find("how do I export a PDF?") == []


def test_curated_items_and_recall(kb: Memory) -> None:
    item = kb.knowledge.add(
        "password_reset",
        ["reset", "password", "重置", "密码"],
        ["Open Settings", "Choose Security", "Click Reset password"],
        examples=["how do I reset my password?"],
    )
    assert item.source == "curated" and item.status == "active" and item.confidence == 0.9
    [hit] = kb.knowledge.find("怎么重置密码？")
    assert hit.item.id == item.id
    assert "curated" in hit.item.why()
    with pytest.raises(ValidationError):
        kb.knowledge.add("t", "reset", ["x"])
    with pytest.raises(ValidationError):
        kb.knowledge.add("t", ["reset"], [])
    packet = kb.recall("how do I reset my password?", user_id="newcomer")
    assert [i.id for i in packet.items if i.kind == "knowledge"] == [item.id]


def test_silent_uses_then_reviewers_approve_or_reject(kb: Memory) -> None:
    item = distilled(kb)
    # Feedback breaks the streak: two silent uses, feedback, two more silent uses stay active.
    for _ in range(2):
        kb.knowledge.use(item.id)
    kb.knowledge.feedback(item.id, useful=True)
    for _ in range(2):
        kb.knowledge.use(item.id)
    assert kb.knowledge.get(item.id).status == "active"
    third = kb.knowledge.use(item.id)
    assert third.status == "review"
    assert third.review_reason == "3 uses without feedback"
    assert (third.uses, third.feedback.useful, third.feedback.silent) == (5, 1, 3)
    with pytest.raises(StaleVersionError):
        kb.knowledge.use(item.id)  # an item under review is not to be used

    approved = kb.knowledge.approve(item.id, by="ops-anna")
    assert approved.status == "active" and approved.reviewed_by == "ops-anna"
    assert approved.feedback.silent == 0
    assert kb.knowledge.review_queue() == []
    assert [h["status"] for h in approved.history] == ["active", "review", "active"]
    with pytest.raises(StaleVersionError):
        kb.knowledge.approve(item.id, by="ops-anna")  # not in review
    kb.knowledge.feedback(item.id, useful=False)
    rejected = kb.knowledge.reject(item.id, by="ops-bo")
    assert rejected.status == "rejected"
    assert kb.knowledge.find("how do I export a PDF?") == []
    # Reviewers said no: distilling the same questions again does not bring it back.
    again = kb.knowledge.distill()
    assert again.created == () and again.skipped_rejected == (item.id,)
    actions = [e.action for e in kb.audit.events()]
    assert actions.count("knowledge.approved") == 1 and actions.count("knowledge.rejected") == 1
    assert kb.audit.verify().ok
    with pytest.raises(ValidationError):
        kb.knowledge.reject(item.id, by=" ")
    with pytest.raises(NotFoundError):
        kb.knowledge.approve("kb_missing", by="ops")


def test_recall_includes_knowledge_and_it_never_leaks_across_tenants(kb: Memory) -> None:
    item = distilled(kb)
    packet = kb.recall("how do I export a PDF?", user_id="newcomer")
    assert packet.route.query_kind == "procedure"
    assert "knowledge" in packet.route.channels
    [found] = [i for i in packet.items if i.kind == "knowledge"]
    assert found.id == item.id
    assert "Choose Export as PDF" in found.content
    assert found.why == "tenant knowledge asked by 10 users; confidence 0.90; valid since 2026-03-01"
    assert "Choose Export as PDF" in packet.text

    other = kb.with_tenant("acme")
    assert other.knowledge.items() == []
    assert other.knowledge.find("how do I export a PDF?") == []
    assert other.knowledge.distill().created == ()  # acme's users asked nothing
    with pytest.raises(NotFoundError):
        other.knowledge.get(item.id)
    with pytest.raises(NotFoundError):
        other.knowledge.feedback(item.id, useful=False)
    packet = other.recall("how do I export a PDF?", user_id="user0")
    assert not [i for i in packet.items if i.kind == "knowledge"]
    assert kb.knowledge.get(item.id).status == "active"
