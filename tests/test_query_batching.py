"""Queries waiting in a server's read lane are embedded together, for embedders that gain
from batching (``use``, an HTTP endpoint); recalls then find their vectors cached and answer
exactly as they would have alone."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import UTC, datetime
from typing import Any

import pytest

from palimpsest import Memory
from palimpsest.embed.base import FloatMatrix, ForwardingEmbedder, batches_queries
from palimpsest.embed.cache import CachedEmbedder
from palimpsest.embed.hash import HashEmbedder
from palimpsest.errors import StorageError
from palimpsest.server.app import _Lanes

AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
QUESTIONS = ["where does the user live?", "which order has not arrived?", "上次说的发票发到哪里？"]


class CallRecordingEmbedder(ForwardingEmbedder):
    """The hash embedder, declared to gain from batching, noting every query call."""

    batches_queries = True

    def __init__(self, inner: HashEmbedder, fail: bool = False) -> None:
        super().__init__(inner)
        self.fail = fail
        self.query_calls: list[list[str]] = []

    def embed_queries(self, texts: Sequence[str]) -> FloatMatrix:
        self.query_calls.append(list(texts))
        if self.fail:
            raise StorageError("embedding endpoint unreachable")
        return self.inner.embed_queries(texts)


@pytest.fixture
def memory() -> Iterator[Memory]:
    with Memory.open("memory://", embedder="hash") as m:
        m.add("I moved from Shanghai to Beijing last month.", user_id="u1", session_id="s1", at=AT)
        m.add("My order ORD-2024-001 has not arrived.", user_id="u1", session_id="s1", at=AT.replace(hour=10))
        yield m


def batching(memory: Memory, *, cached: bool = True, fail: bool = False) -> CallRecordingEmbedder:
    plain = memory.conversation.embedder
    if isinstance(plain, CachedEmbedder):
        plain = plain.inner
    assert isinstance(plain, HashEmbedder)
    recorder = CallRecordingEmbedder(plain, fail=fail)
    memory.conversation._embedder = CachedEmbedder(recorder) if cached else recorder
    return recorder


def test_the_cache_forwards_whether_its_model_batches(memory: Memory) -> None:
    assert batches_queries(CachedEmbedder(CallRecordingEmbedder(HashEmbedder())))
    assert not batches_queries(CachedEmbedder(HashEmbedder()))
    cache = CachedEmbedder(HashEmbedder())
    cache.embed_queries(["a question"])
    assert cache.holds("a question", "query") and not cache.holds("a question", "passage")


def test_prepared_queries_are_embedded_in_one_call_and_recall_answers_the_same(memory: Memory) -> None:
    alone = [memory.recall(q, user_id="u1", at=AT.replace(hour=18)) for q in QUESTIONS]
    recorder = batching(memory)
    assert memory.conversation.prepare_queries([*QUESTIONS, QUESTIONS[0], "  "]) == 3
    assert recorder.query_calls == [QUESTIONS]
    assert all(memory.conversation.query_cached(q) for q in QUESTIONS)
    batched = [memory.recall(q, user_id="u1", at=AT.replace(hour=18)) for q in QUESTIONS]
    assert recorder.query_calls == [QUESTIONS]  # every recall found its vector ready
    assert [p.text for p in batched] == [p.text for p in alone]


def test_nothing_is_prepared_without_batching_or_a_cache(memory: Memory) -> None:
    assert memory.conversation.prepare_queries(QUESTIONS) == 0  # hash: no gain from batching
    recorder = batching(memory, cached=False)
    assert memory.conversation.prepare_queries(QUESTIONS) == 0  # nowhere to keep the vectors
    assert recorder.query_calls == []


def _read(memory: Memory, query: str) -> Any:
    return memory.recall(query, user_id="u1", at=AT.replace(hour=18))


def test_the_read_lane_embeds_the_waiting_queries_together(memory: Memory) -> None:
    recorder = batching(memory)
    lanes = _Lanes(1)
    try:
        for q in QUESTIONS:
            lanes.announce(memory, q)
        first = lanes.run_read(_read, (memory, QUESTIONS[0]), {}, (memory, QUESTIONS[0]))
        assert recorder.query_calls == [QUESTIONS]  # its own query and the two waiting behind it
        for q in QUESTIONS[1:]:
            lanes.run_read(_read, (memory, q), {}, (memory, q))
        assert recorder.query_calls == [QUESTIONS]  # they found their vectors ready
        lanes.announce(memory, "a new question")
        lanes.run_read(_read, (memory, "a new question"), {}, (memory, "a new question"))
        assert recorder.query_calls[-1] == ["a new question"]  # an idle lane: a batch of one
        assert "Beijing" in first.text
    finally:
        lanes.shutdown()


def test_a_failed_batch_leaves_each_read_its_own_error(memory: Memory) -> None:
    batching(memory, fail=True)
    lanes = _Lanes(1)
    try:
        lanes.announce(memory, QUESTIONS[0])
        with pytest.raises(StorageError, match="unreachable"):
            lanes.run_read(_read, (memory, QUESTIONS[0]), {}, (memory, QUESTIONS[0]))
    finally:
        lanes.shutdown()


def test_use_declares_that_it_batches() -> None:
    from palimpsest.embed.e5 import E5Embedder
    from palimpsest.embed.use import USEEmbedder

    assert USEEmbedder.batches_queries and not getattr(E5Embedder, "batches_queries", False)


def test_the_waiting_list_is_bounded(memory: Memory) -> None:
    lanes = _Lanes(1)
    try:
        for i in range(1000):  # reads cancelled before they ran never take their entries
            lanes.announce(memory, f"question {i}")
        assert len(lanes._waiting) == 256 and lanes._waiting[-1][1] == "question 999"
    finally:
        lanes.shutdown()
