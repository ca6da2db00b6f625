"""Turn vectors: each turn embedded once, blended with its predecessor's vector."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

import numpy as np
import pytest

from palimpsest.config import Config
from palimpsest.conversation import passage_text, passage_vectors, turn_space_embedder
from palimpsest.embed.base import FloatMatrix
from palimpsest.embed.hash import HashEmbedder
from palimpsest.errors import ConfigError
from palimpsest.types import Turn


class CountingEmbedder:
    """The hash embedder, remembering every text it was asked to embed."""

    def __init__(self) -> None:
        self.inner = HashEmbedder(64)
        self.name = self.inner.name
        self.dimension = self.inner.dimension
        self.seen: list[str] = []

    def embed_queries(self, texts: Sequence[str]) -> FloatMatrix:
        return self.inner.embed_queries(texts)

    def embed_passages(self, texts: Sequence[str]) -> FloatMatrix:
        self.seen.extend(texts)
        return self.inner.embed_passages(texts)


def turn(content: str, speaker: str | None = None) -> Turn:
    at = datetime(2026, 1, 1, tzinfo=UTC)
    return Turn(
        id=f"t-{content}",
        tenant="default",
        user_id="u1",
        session_id="s1",
        role="user",
        content=content,
        occurred_at=at,
        recorded_at=at,
        content_hash=content,
        metadata={"speaker": speaker} if speaker else {},
    )


def unit(v: FloatMatrix) -> FloatMatrix:
    return v / np.linalg.norm(v)


def test_each_turn_is_embedded_once_and_lends_its_vector_to_the_next() -> None:
    embedder = CountingEmbedder()
    turns = [turn("when is the concert?", "Ann"), turn("in May!", "Bob"), turn("great")]
    vectors = passage_vectors(embedder, turns, None, 0.5)
    assert embedder.seen == ["Ann: when is the concert?", "Bob: in May!", "user: great"]
    raw = embedder.inner.embed_passages(embedder.seen)
    np.testing.assert_allclose(vectors[0], raw[0], atol=1e-6)
    np.testing.assert_allclose(vectors[1], unit(raw[1] + 0.5 * raw[0]), atol=1e-6)
    np.testing.assert_allclose(vectors[2], unit(raw[2] + 0.5 * raw[1]), atol=1e-6)
    assert vectors.dtype == np.float32


def test_the_turn_before_a_batch_is_its_first_turns_context() -> None:
    embedder = CountingEmbedder()
    before = turn("when is the concert?", "Ann")
    vectors = passage_vectors(embedder, [turn("in May!", "Bob")], before, 0.8)
    assert embedder.seen == ["Ann: when is the concert?", "Bob: in May!"]
    raw = embedder.inner.embed_passages(embedder.seen)
    np.testing.assert_allclose(vectors[0], unit(raw[1] + 0.8 * raw[0]), atol=1e-6)


def test_weight_zero_is_the_turn_alone_and_no_turns_embed_nothing() -> None:
    embedder = CountingEmbedder()
    turns = [turn("when is the concert?"), turn("in May!")]
    vectors = passage_vectors(embedder, turns, None, 0.0)
    np.testing.assert_allclose(vectors, embedder.inner.embed_passages([passage_text(t) for t in turns]), atol=1e-6)
    empty = passage_vectors(embedder, [], turns[0], 0.5)
    assert empty.shape == (0, 64)
    assert embedder.seen == ["user: when is the concert?", "user: in May!"]


def test_the_recipe_is_part_of_the_stored_identity() -> None:
    assert turn_space_embedder("e5-small-q4", 0.5) != "e5-small-q4"
    assert turn_space_embedder("e5-small-q4", 0.5) != turn_space_embedder("e5-small-q4", 0.6)


def test_negative_context_weight_is_rejected() -> None:
    with pytest.raises(ConfigError):
        Config(passage_context_weight=-0.1)
    with pytest.raises(ConfigError):
        Config(passage_context_weight=float("nan"))
