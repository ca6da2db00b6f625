"""A session summary's text is updated every ``summary_every`` turns; its vector (search by
meaning) only when first written, every ``summary_embed_every`` folded turns, and at session end."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from palimpsest import Memory
from palimpsest.channels.summaries import SUMMARY_SPACE
from palimpsest.errors import ConfigError

AT = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)
LINES = [
    "I moved to Hangzhou last month.",
    "My order ORD-7781 has not arrived yet.",
    "以后都用周报B版。",
    "Please send invoices to my work e-mail.",
    "I switched to a Pixel 9 phone.",
    "我现在在网易工作。",
    "The delivery address is 12 Xihu Road.",
    "Can you check the refund for ORD-7781?",
]


def stored_vector(memory: Memory, summary_id: str) -> np.ndarray:
    found = memory.backend.vectors.get(SUMMARY_SPACE, memory.config.tenant, [summary_id])
    return found[summary_id]


def text_vector(memory: Memory, user_id: str, session_id: str) -> np.ndarray:
    summary = memory.summaries.get(user_id, session_id)
    assert summary is not None
    return memory.conversation.embedder.embed_passages([summary.sections.render()])[0]


def add(memory: Memory, count: int, start: int) -> None:
    for i in range(start, start + count):
        memory.add(LINES[i % len(LINES)] + f" ({i})", user_id="u1", session_id="s1", at=AT + timedelta(minutes=i))


@pytest.fixture
def memory() -> Memory:
    return Memory.open("memory://", embedder="hash", summary_every=4, summary_embed_every=16)


def test_the_vector_follows_the_text_every_embed_every_turns_and_at_session_end(memory: Memory) -> None:
    add(memory, 4, 0)
    first = memory.summaries.get("u1", "s1")
    assert first is not None and len(first.covers) == 4
    np.testing.assert_allclose(stored_vector(memory, first.id), text_vector(memory, "u1", "s1"), atol=1e-6)
    created = stored_vector(memory, first.id)

    add(memory, 8, 4)  # two more text updates (8 and 12 turns): the vector stays the first one
    updated = memory.summaries.get("u1", "s1")
    assert updated is not None and len(updated.covers) == 12 and updated.sections != first.sections
    np.testing.assert_array_equal(stored_vector(memory, first.id), created)

    add(memory, 4, 12)  # 16 turns folded in: re-embedded from the current text
    np.testing.assert_allclose(stored_vector(memory, first.id), text_vector(memory, "u1", "s1"), atol=1e-6)

    add(memory, 6, 16)  # 20 folded (text updated, vector kept), 2 pending
    memory.end_session("u1", "s1")
    ended = memory.summaries.get("u1", "s1")
    assert ended is not None and len(ended.covers) == 22
    np.testing.assert_allclose(stored_vector(memory, first.id), text_vector(memory, "u1", "s1"), atol=1e-6)


def test_ending_a_session_with_nothing_pending_still_refreshes_a_stale_vector(memory: Memory) -> None:
    add(memory, 8, 0)  # the vector is that of the 4-turn text, the text covers 8
    summary = memory.summaries.get("u1", "s1")
    assert summary is not None
    assert not np.allclose(stored_vector(memory, summary.id), text_vector(memory, "u1", "s1"))
    memory.end_session("u1", "s1")
    np.testing.assert_allclose(stored_vector(memory, summary.id), text_vector(memory, "u1", "s1"), atol=1e-6)


def test_embed_every_one_embeds_every_update() -> None:
    with Memory.open("memory://", embedder="hash", summary_every=4, summary_embed_every=1) as memory:
        add(memory, 8, 0)
        summary = memory.summaries.get("u1", "s1")
        assert summary is not None
        np.testing.assert_allclose(stored_vector(memory, summary.id), text_vector(memory, "u1", "s1"), atol=1e-6)


def test_summary_embed_every_must_be_positive() -> None:
    with pytest.raises(ConfigError, match="summary_embed_every"):
        Memory.open("memory://", embedder="hash", summary_embed_every=0)
