"""Conversation memory contract: add → episodes/window/summaries → search/recall, on every backend."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from tests.conftest import FakeClock

from palimpsest import Memory
from palimpsest.conversation import turn_space_embedder
from palimpsest.embed.base import l2_normalize
from palimpsest.errors import EmbedderMismatchError, NaiveDatetimeError, ValidationError


def d(month: int, day: int, hour: int = 10) -> datetime:
    return datetime(2026, month, day, hour, tzinfo=UTC)


@pytest.fixture
def conv(make_memory: Any) -> Memory:
    memory: Memory = make_memory(embedder="hash", embedder_options={"dimension": 256})
    return memory


def test_add_accepts_string_dict_and_list(conv: Memory) -> None:
    one = conv.add("hello there", user_id="u1", session_id="s1")
    two = conv.add({"role": "assistant", "content": "hi, how can I help?"}, user_id="u1", session_id="s1")
    many = conv.add(
        [{"role": "user", "content": "where is my parcel"}, {"role": "assistant", "content": "checking now"}],
        user_id="u1",
        session_id="s1",
    )
    assert [t.role for t in (*one.turns, *two.turns, *many.turns)] == ["user", "assistant", "user", "assistant"]
    assert many.turns[0].occurred_at < many.turns[1].occurred_at
    assert conv.backend.turns.count("default", "u1") == 4


def test_turn_times_and_hash(conv: Memory, clock: FakeClock) -> None:
    result = conv.add("I moved to Beijing", user_id="u1", session_id="s1", at=d(7, 1))
    turn = result.turns[0]
    assert turn.occurred_at == d(7, 1)
    assert turn.recorded_at == clock.now
    assert len(turn.content_hash) == 64


def test_duplicates_within_a_session_are_stored_once(conv: Memory) -> None:
    conv.add("my phone is broken", user_id="u1", session_id="s1")
    again = conv.add(["my  phone is broken", "and the screen is cracked"], user_id="u1", session_id="s1")
    assert again.duplicates == 1
    assert [t.content for t in again.turns] == ["and the screen is cracked"]
    other_session = conv.add("my phone is broken", user_id="u1", session_id="s2")
    assert len(other_session.turns) == 1
    assert conv.backend.turns.count("default", "u1") == 3


@pytest.mark.parametrize(
    "bad",
    ["", "   ", [], [{"role": "user", "content": ""}], [{"role": "boss", "content": "x"}], [42], None],
)
def test_bad_messages_write_nothing(conv: Memory, bad: Any) -> None:
    with pytest.raises(ValidationError):
        conv.add(bad, user_id="u1", session_id="s1")
    assert conv.backend.turns.count("default", "u1") == 0
    assert conv.audit.events() == []


def test_bad_scope_and_time_write_nothing(conv: Memory) -> None:
    with pytest.raises(ValidationError):
        conv.add("hi", user_id="", session_id="s1")
    with pytest.raises(ValidationError):
        conv.add("hi", user_id="u1", session_id=" ")
    with pytest.raises(NaiveDatetimeError):
        conv.add("hi", user_id="u1", session_id="s1", at=datetime(2026, 1, 1))
    assert conv.backend.turns.count("default") == 0


def test_remember_false_keeps_turn_in_window_only(conv: Memory) -> None:
    result = conv.add("my card number is secret", user_id="u1", session_id="s1", remember=False)
    assert result.window_only
    assert result.turns == ()
    assert conv.search("card number", user_id="u1") == []
    window = conv.window.recent("default", "u1", "s1", now=conv.config.clock())
    assert [t.content for t in window] == ["my card number is secret"]


def test_window_is_fifo_last_n(make_memory: Any) -> None:
    memory: Memory = make_memory(embedder="hash", window_turns=3)
    for i in range(5):
        memory.add(f"message number {i}", user_id="u1", session_id="s1")
    window = memory.window.recent("default", "u1", "s1", now=memory.config.clock())
    assert [t.content for t in window] == ["message number 2", "message number 3", "message number 4"]


def test_search_ranks_with_provenance(conv: Memory) -> None:
    conv.add("I ordered a blue bicycle last week", user_id="u1", session_id="s1", at=d(3, 1))
    conv.add("the weather is lovely today", user_id="u1", session_id="s1", at=d(3, 2))
    conv.add("my bicycle arrived with a flat tyre", user_id="u1", session_id="s2", at=d(3, 9))
    hits = conv.search("bicycle", user_id="u1", limit=5)
    assert {h.content for h in hits[:2]} == {
        "user: I ordered a blue bicycle last week",
        "user: my bicycle arrived with a flat tyre",
    }
    assert all(h.kind == "episode" for h in hits)
    assert hits == sorted(hits, key=lambda h: -h.score)
    top = hits[0]
    assert top.occurred_at is not None and top.session_id in {"s1", "s2"}
    assert "lexical" in top.scores and "vector" in top.scores
    assert top.why


def test_search_is_confined_to_user_and_tenant(conv: Memory) -> None:
    conv.add("secret project falcon", user_id="u1", session_id="s1")
    conv.add("secret project falcon", user_id="u2", session_id="s1")
    other = conv.with_tenant("acme")
    other.add("secret project falcon", user_id="u1", session_id="s1")
    hits = conv.search("falcon", user_id="u1")
    assert len(hits) == 1
    assert conv.backend.turns.get("default", [hits[0].id])[0].user_id == "u1"
    assert len(other.search("falcon", user_id="u1")) == 1
    assert conv.search("falcon", user_id="nobody") == []


def test_turn_heads_match_the_full_turns_in_order_without_forgotten_or_foreign_ones(conv: Memory) -> None:
    first = conv.add(["where is my parcel", "checking now"], user_id="u1", session_id="s1").turns
    second = conv.add("a new topic", user_id="u1", session_id="s2").turns
    foreign = conv.with_tenant("acme").add("elsewhere", user_id="u1", session_id="s1").turns
    conv.forget_session("u1", "s2")
    asked = [first[1].id, second[0].id, "no-such-id", foreign[0].id, first[0].id]
    heads = conv.backend.turns.heads("default", asked)
    assert [(h.id, h.session_id, h.seq, h.recorded_at) for h in heads] == [
        (t.id, t.session_id, t.seq, t.recorded_at) for t in conv.backend.turns.get("default", asked)
    ]
    assert [h.id for h in heads] == [first[1].id, first[0].id]
    assert [h.seq for h in heads] == [1, 0]
    assert conv.backend.turns.heads("default", []) == []


def test_chinese_is_segmented_for_lexical_search(conv: Memory) -> None:
    conv.add("我上个月搬到北京海淀区了", user_id="u1", session_id="s1")
    conv.add("今天天气不错", user_id="u1", session_id="s1")
    hits = conv.search("海淀区", user_id="u1")
    assert hits[0].content == "user: 我上个月搬到北京海淀区了"
    assert hits[0].scores["lexical"] > 0


def test_identifier_question_answers_from_exact_channel_only(conv: Memory) -> None:
    conv.facts.set("u1", "order_id", "ORD-2024-001", source="user_command")
    conv.facts.set("u2", "order_id", "ORD-2024-002", source="user_command")
    conv.add("my order ORD-2024-002 is late", user_id="u1", session_id="s1")
    packet = conv.recall("what's the status of order ord-2024-001?", user_id="u1")
    assert packet.route.query_kind == "identifier"
    assert packet.route.channels == ("exact",)
    assert packet.route.stopped_early
    assert [i.kind for i in packet.items] == ["exact"]
    assert "ORD-2024-001" in packet.text and "ORD-2024-002" not in packet.text


def test_identifier_without_exact_match_falls_back(conv: Memory) -> None:
    conv.add("my order ORD-9 never arrived", user_id="u1", session_id="s1")
    packet = conv.recall("what about ORD-404?", user_id="u1")
    assert packet.route.query_kind == "identifier"
    assert not packet.route.stopped_early
    assert "exact" in packet.route.channels and "episodes" in packet.route.channels


def _move_story(memory: Memory, clock: FakeClock) -> None:
    clock.set(d(3, 1))
    memory.add("I live in Shanghai, near the Bund", user_id="u1", session_id="s1", at=d(3, 1))
    memory.facts.set("u1", "lives_in", "Shanghai", valid_from=d(1, 1), source="user_command")
    clock.set(d(7, 4))
    memory.add("I moved from Shanghai to Beijing on July 1st", user_id="u1", session_id="s2", at=d(7, 4))
    memory.facts.set("u1", "lives_in", "Beijing", valid_from=d(7, 1), source="user_command")
    clock.set(d(7, 10))


@pytest.fixture
def conv_kept(make_memory: Any, tmp_path: Path) -> Memory:
    """``conv`` under a consent policy that keeps conversations: the move story spans more than
    the packaged 90-day retention of conversations (whose enforcement tests/contract/test_retention.py covers)."""
    policy = tmp_path / "consent.yaml"
    policy.write_text("categories:\n  conversations: {default_consent: true}\n", encoding="utf-8")
    memory: Memory = make_memory(embedder="hash", embedder_options={"dimension": 256}, consent_policy=policy)
    return memory


@pytest.mark.parametrize("question", ["where does the user live?", "用户现在住在哪？"])
def test_move_presents_new_city_as_current_old_as_history(conv_kept: Memory, clock: FakeClock, question: str) -> None:
    conv = conv_kept
    _move_story(conv, clock)
    packet = conv.recall(question, user_id="u1")
    facts = [i for i in packet.items if i.kind == "fact"]
    current = [i for i in facts if i.status == "current"]
    history = [i for i in facts if i.status == "history"]
    assert [i.content for i in current] == ["lives in: Beijing"]
    assert [i.content for i in history] == ["lives in: Shanghai"]
    assert packet.text.index("Beijing (current") < packet.text.index("Shanghai (was true")
    assert "2026-07-01" in packet.text
    episodes = [i for i in packet.items if i.kind == "episode"]
    assert len(episodes) == 2
    ordered = packet.text.split("Relevant conversation:")[1]
    assert ordered.index("[2026-07-04]") < ordered.index("[2026-03-01]")


def test_recall_as_of_a_past_time(conv: Memory, clock: FakeClock) -> None:
    _move_story(conv, clock)
    packet = conv.recall("where does the user live?", user_id="u1", at=d(5, 1))
    current = [i.content for i in packet.items if i.kind == "fact" and i.status == "current"]
    assert current == ["lives in: Shanghai"]


def test_packet_respects_token_budget(conv: Memory) -> None:
    for i in range(40):
        conv.add(
            f"note {i}: the quarterly sales report for region {i} needs review " * 3, user_id="u1", session_id="s1"
        )
    small = conv.recall("sales report review", user_id="u1", budget_tokens=120)
    large = conv.recall("sales report review", user_id="u1", budget_tokens=2000)
    assert small.tokens <= 160
    assert len(small.items) < len(large.items)


def test_last_time_is_anchored_to_session_then_recent_history(conv: Memory, clock: FakeClock) -> None:
    clock.set(d(3, 1))
    conv.add("export the sales report as PDF", user_id="u1", session_id="old", at=d(3, 1))
    clock.set(d(3, 20))
    packet = conv.recall("use the same export format as last time", user_id="u1", session_id="new")
    assert any("confidence 0" in r for r in packet.route.reasons)
    conv.add("export the sales report as Excel", user_id="u1", session_id="recent", at=d(3, 18))
    packet = conv.recall("use the same export format as last time", user_id="u1", session_id="new")
    assert any("recent history (confidence 0.6)" in r for r in packet.route.reasons)
    conv.add("export it as CSV please", user_id="u1", session_id="new", at=d(3, 20))
    packet = conv.recall("use the same export format as last time", user_id="u1", session_id="new")
    assert any("current session (confidence 0.9)" in r for r in packet.route.reasons)


def test_a_recall_scans_the_turn_vectors_once_even_when_anchoring_in_the_session(
    conv: Memory, monkeypatch: pytest.MonkeyPatch
) -> None:
    conv.add("export the sales report as PDF", user_id="u1", session_id="s1")
    conv.add("export it as CSV please", user_id="u1", session_id="s2")
    spaces: list[str] = []
    search = conv.backend.vectors.search

    def counted(space: str, *args: Any, **kwargs: Any) -> list[tuple[str, float]]:
        spaces.append(space)
        return search(space, *args, **kwargs)

    monkeypatch.setattr(conv.backend.vectors, "search", counted)
    packet = conv.recall("use the same export format as last time", user_id="u1", session_id="s2")
    assert any("current session (confidence 0.9)" in r for r in packet.route.reasons)
    assert any(i.kind == "episode" and i.session_id == "s1" for i in packet.items)  # the unfiltered search too
    assert spaces.count("turns") == 1


def test_session_summary_is_kept_current_and_searchable(make_memory: Any) -> None:
    memory: Memory = make_memory(embedder="hash", summary_every=2)
    memory.add("I want a refund for order ORD-77, the blender is broken", user_id="u1", session_id="s1")
    assert memory.summaries.get("u1", "s1") is None
    memory.add(
        {"role": "assistant", "content": "Sorry about that, I will check the refund policy"},
        user_id="u1",
        session_id="s1",
    )
    summary = memory.summaries.get("u1", "s1")
    assert summary is not None
    assert len(summary.covers) == 2
    assert "ORD-77" in summary.sections.entities
    memory.add("thanks", user_id="u1", session_id="s1")
    storyline_before = memory.summaries.get("u1")
    assert storyline_before is None
    final = memory.end_session("u1", "s1")
    assert final is not None and len(final.covers) == 3
    assert memory.summaries.get("u1") is not None
    hits = memory.search("refund blender", user_id="u1", channels=["summaries"])
    assert hits and hits[0].kind == "summary"


def test_forget_user_removes_episodes_from_search_and_recall(conv: Memory) -> None:
    conv.add("my secret hobby is falconry", user_id="u1", session_id="s1")
    conv.forget("u1")
    assert conv.search("falconry", user_id="u1") == []
    assert "falconry" not in conv.recall("what is my hobby?", user_id="u1").text


def test_forget_session_removes_that_conversation_only(conv: Memory) -> None:
    conv.add("talking about falconry", user_id="u1", session_id="s1")
    conv.add("talking about falconry and hawks", user_id="u1", session_id="s2")
    assert conv.forget_session("u1", "s1") == 1
    hits = conv.search("falconry", user_id="u1")
    assert [h.session_id for h in hits] == ["s2"]
    assert conv.window.recent("default", "u1", "s1", now=conv.config.clock()) == []


def test_opening_with_another_embedder_is_a_clear_error(backend_url: str, make_memory: Any) -> None:
    if backend_url == "memory://":
        pytest.skip("an in-process store cannot be reopened")
    first: Memory = make_memory(embedder="hash", embedder_options={"dimension": 64})
    first.add("hello", user_id="u1", session_id="s1")
    second: Memory = make_memory(embedder="hash", embedder_options={"dimension": 32})
    with pytest.raises(EmbedderMismatchError, match="palimpsest reindex"):
        second.search("hello", user_id="u1")


def test_add_is_audited(conv: Memory) -> None:
    conv.add(["one", "two"], user_id="u1", session_id="s1")
    events = conv.audit.events()
    assert [e.action for e in events] == ["turns.added"]
    assert conv.audit.verify().ok


def test_turns_as_of_time_keep_order_across_calls(conv: Memory, clock: FakeClock) -> None:
    conv.add("first", user_id="u1", session_id="s1", at=d(1, 1))
    clock.advance(minutes=1)
    conv.add("second", user_id="u1", session_id="s1", at=d(1, 1) + timedelta(minutes=1))
    recent = conv.backend.turns.recent("default", "u1", session_id="s1", limit=5)
    assert [t.content for t in recent] == ["second", "first"]


def test_turns_know_their_position_in_the_session(conv: Memory) -> None:
    conv.add(["first", "second"], user_id="u1", session_id="s1", at=d(1, 2))
    conv.add("backfilled earlier", user_id="u1", session_id="s1", at=d(1, 1))
    conv.add("third", user_id="u1", session_id="s1", at=d(1, 3))
    conv.add("elsewhere", user_id="u1", session_id="s2")
    turns = conv.backend.turns.recent("default", "u1", session_id="s1", limit=10)
    assert sorted((t.seq, t.content) for t in turns) == [
        (0, "first"),
        (1, "second"),
        (2, "backfilled earlier"),
        (3, "third"),
    ]
    assert conv.backend.turns.recent("default", "u1", session_id="s2", limit=1)[0].seq == 0
    assert conv.backend.turns.next_seq("default", "u1", "s1") == 4


def test_reindex_re_embeds_with_the_configured_embedder(backend_url: str, make_memory: Any) -> None:
    if backend_url == "memory://":
        pytest.skip("an in-process store cannot be reopened")
    first: Memory = make_memory(embedder="hash", embedder_options={"dimension": 64}, summary_every=2)
    first.add(["the red bicycle is broken", "we will repair the bicycle"], user_id="u1", session_id="s1")
    first.add("a question about taxes", user_id="u2", session_id="s9")
    second: Memory = make_memory(embedder="hash", embedder_options={"dimension": 32})
    seen: list[tuple[int, int]] = []
    assert second.reindex(progress=lambda done, total: seen.append((done, total))) == 4
    assert seen[-1] == (4, 4)
    hits = second.search("bicycle", user_id="u1")
    assert hits[0].content.endswith("bicycle is broken") or hits[0].content.endswith("repair the bicycle")
    embedder = second.conversation.embedder
    recipe = turn_space_embedder(embedder.name, second.config.passage_context_weight)
    assert second.backend.vectors.space_info("turns") == (recipe, 32)
    assert any(e.action == "reindex" for e in second.audit.events())


def test_turn_vectors_borrow_the_previous_turns_vector(conv: Memory) -> None:
    """Each turn is embedded alone; its stored vector adds the previous turn's, also across calls."""
    first = conv.add(["the red bicycle is broken", "we will repair it"], user_id="u1", session_id="s1").turns
    later = conv.add("thank you", user_id="u1", session_id="s1").turns
    other = conv.add("a new topic", user_id="u1", session_id="s2").turns
    raw = conv.conversation.embedder.embed_passages(
        ["user: the red bicycle is broken", "user: we will repair it", "user: thank you", "user: a new topic"]
    )
    w = conv.config.passage_context_weight
    expected = l2_normalize(np.stack([raw[0], raw[1] + w * raw[0], raw[2] + w * raw[1], raw[3]]))
    for turn, vector in zip((*first, *later, *other), expected, strict=True):
        hits = conv.backend.vectors.search("turns", "default", "u1", vector, limit=1)
        assert hits[0][0] == turn.id
        assert hits[0][1] == pytest.approx(1.0, abs=1e-5)


def test_a_store_written_with_another_passage_recipe_needs_reindex(backend_url: str, make_memory: Any) -> None:
    """Stores written when the model embedded "previous turn + turn" as one text kept the bare
    model name with the vectors; their vectors must not be mixed with blended ones."""
    if backend_url == "memory://":
        pytest.skip("an in-process store cannot be reopened")
    old: Memory = make_memory(embedder="hash", embedder_options={"dimension": 64})
    old.add(["the red bicycle is broken", "we will repair it"], user_id="u1", session_id="s1")
    old.backend.vectors.set_space_info("turns", "hash-64", 64)  # what the previous recipe stored
    reopened: Memory = make_memory(embedder="hash", embedder_options={"dimension": 64})
    with pytest.raises(EmbedderMismatchError, match="palimpsest reindex"):
        reopened.search("bicycle", user_id="u1")
    with pytest.raises(EmbedderMismatchError, match="palimpsest reindex"):
        reopened.add("and the bell", user_id="u1", session_id="s1")
    assert reopened.reindex() == 2
    recipe = turn_space_embedder("hash-64", reopened.config.passage_context_weight)
    assert recipe.startswith("hash-64; turn + ")
    assert reopened.backend.vectors.space_info("turns") == (recipe, 64)
    assert reopened.search("bicycle", user_id="u1")


def test_changing_the_context_weight_needs_reindex(backend_url: str, make_memory: Any) -> None:
    if backend_url == "memory://":
        pytest.skip("an in-process store cannot be reopened")
    first: Memory = make_memory(embedder="hash", embedder_options={"dimension": 64})
    first.add(["the red bicycle is broken", "we will repair it"], user_id="u1", session_id="s1")
    second: Memory = make_memory(embedder="hash", embedder_options={"dimension": 64}, passage_context_weight=0.25)
    with pytest.raises(EmbedderMismatchError, match=re.escape("turn + 0.25 x previous turn")):
        second.search("bicycle", user_id="u1")


def test_storyline_is_built_from_the_newest_sessions(make_memory: Any, clock: FakeClock) -> None:
    memory: Memory = make_memory(embedder="hash", summary_every=1)
    for i in range(3):
        clock.advance(minutes=1)
        memory.add(f"session {i} is about topic{i}", user_id="u1", session_id=f"s{i}")
        memory.end_session("u1", f"s{i}")
    newest = memory.backend.summaries.for_user("default", "u1", "session", limit=2)
    assert [s.session_id for s in newest] == ["s2", "s1"]
    assert len(memory.backend.summaries.for_user("default", "u1", "session")) == 3
    storyline = memory.summaries.get("u1")
    assert storyline is not None and storyline.covers


def test_facts_channel_reads_many_valued_predicates_only_when_asked(conv: Memory) -> None:
    conv.facts.set("u1", "lives_in", "Hangzhou", source="user_command")
    for i in range(5):
        conv.facts.set("u1", "order_id", f"ORD-77{i}", source="user_command")
    where = conv.recall("where does the user live now?", user_id="u1")
    assert [i.content for i in where.items if i.kind == "fact"] == ["lives in: Hangzhou"]
    orders = conv.recall("which orders did the user place?", user_id="u1")
    assert sum(1 for i in orders.items if i.kind == "fact" and "order id" in i.content) == 5
    rows = conv.facts.list(user_id="u1", exclude_predicates=["order_id"])
    assert [v.predicate for v in rows] == ["lives_in"]
