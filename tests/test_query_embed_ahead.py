"""A recall embeds its query on another thread while it reads the lexical and word indexes.

Only embedders that work outside the GIL (e5's C engine, an HTTP endpoint) are embedded
ahead; the packet must be the same either way, and an embedder's failure must reach the caller.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from datetime import UTC, datetime

import pytest

from palimpsest import Memory
from palimpsest.embed.base import FloatMatrix, ForwardingEmbedder, embeds_outside_gil
from palimpsest.embed.cache import CachedEmbedder
from palimpsest.embed.e5 import E5Embedder
from palimpsest.embed.hash import HashEmbedder
from palimpsest.errors import StorageError


class ThreadRecordingEmbedder(ForwardingEmbedder):
    """The hash embedder, declared GIL-free, noting the thread each query is embedded on."""

    embeds_outside_gil = True

    def __init__(self, inner: HashEmbedder, fail_queries: bool = False) -> None:
        super().__init__(inner)
        self.fail_queries = fail_queries
        self.query_threads: list[str] = []

    def embed_queries(self, texts: Sequence[str]) -> FloatMatrix:
        self.query_threads.append(threading.current_thread().name)
        if self.fail_queries:
            raise StorageError("embedding endpoint unreachable")
        return self.inner.embed_queries(texts)


AT = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
TURNS = [
    "I moved from Shanghai to Beijing last month.",
    "My order number is ORD-2024-001, it has not arrived.",
    "以后都用周报B版，谢谢。",
    "Please send the invoice to my work e-mail.",
]


@pytest.fixture
def memory() -> Iterator[Memory]:
    with Memory.open("memory://", embedder="hash") as m:
        for i, text in enumerate(TURNS):
            m.add(text, user_id="u1", session_id="s1", at=AT.replace(hour=9 + i))
        yield m


def recording(memory: Memory, fail_queries: bool = False) -> ThreadRecordingEmbedder:
    plain = memory.conversation.embedder
    if isinstance(plain, CachedEmbedder):  # the default: an LRU in front of the model
        plain = plain.inner
    assert isinstance(plain, HashEmbedder)
    wrapped = ThreadRecordingEmbedder(plain, fail_queries=fail_queries)
    memory.conversation._embedder = wrapped
    return wrapped


@pytest.mark.parametrize(
    "query", ["where does the user live?", "what report version do they want?", "上次说的发票发到哪里？"]
)
def test_the_packet_is_the_same_with_the_query_embedded_ahead(memory: Memory, query: str) -> None:
    before = memory.recall(query, user_id="u1", session_id="s1", at=AT.replace(hour=18))
    embedder = recording(memory)
    after = memory.recall(query, user_id="u1", session_id="s1", at=AT.replace(hour=18))
    assert embedder.query_threads and all(t.startswith("palimpsest-query-embed") for t in embedder.query_threads)
    assert [(i.kind, i.id, round(i.score, 9)) for i in after.items] == [
        (i.kind, i.id, round(i.score, 9)) for i in before.items
    ]
    assert after.text == before.text


def test_search_embeds_ahead_and_ranks_the_same(memory: Memory) -> None:
    before = memory.search("order has not arrived", user_id="u1")
    embedder = recording(memory)
    after = memory.search("order has not arrived", user_id="u1")
    assert len(embedder.query_threads) == 1
    assert [(h.id, round(h.score, 9)) for h in after] == [(h.id, round(h.score, 9)) for h in before]


def test_an_identifier_answered_exactly_embeds_nothing(memory: Memory) -> None:
    embedder = recording(memory)
    packet = memory.recall("ORD-2024-001", user_id="u1")
    assert packet.route.stopped_early
    assert embedder.query_threads == []


def test_a_failing_embedder_fails_the_recall_with_its_own_error(memory: Memory) -> None:
    recording(memory, fail_queries=True)
    with pytest.raises(StorageError, match="unreachable"):
        memory.recall("where does the user live?", user_id="u1")


def test_which_embedders_are_embedded_ahead() -> None:
    assert embeds_outside_gil(E5Embedder())  # nothing is loaded until it embeds
    assert embeds_outside_gil(CachedEmbedder(E5Embedder()))
    assert not embeds_outside_gil(HashEmbedder())
    assert not embeds_outside_gil(CachedEmbedder(HashEmbedder()))


def test_e5_recall_is_the_same_embedded_ahead_or_inline() -> None:
    with Memory.open("memory://", embedder="e5") as m:
        for i, text in enumerate(TURNS):
            m.add(text, user_id="u1", session_id="s1", at=AT.replace(hour=9 + i))
        model = m.conversation.embedder
        inner = model.inner if isinstance(model, CachedEmbedder) else model
        assert isinstance(inner, E5Embedder)
        query = "which city does the user live in now?"
        ahead = m.recall(query, user_id="u1", at=AT.replace(hour=18))
        if isinstance(model, CachedEmbedder):
            model.clear()
        inner.embeds_outside_gil = False  # this instance embeds inline
        inline = m.recall(query, user_id="u1", at=AT.replace(hour=18))
        assert [(i.id, round(i.score, 6)) for i in ahead.items] == [(i.id, round(i.score, 6)) for i in inline.items]
        assert "Beijing" in ahead.text
