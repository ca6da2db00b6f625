"""Deterministic feature-hashing embedder for tests and offline smoke runs.

No model, no randomness, no dependency beyond numpy: each token of
:func:`palimpsest.text.tokenize` is hashed (blake2b) to a bucket and a sign, and
the counts are L2-normalised. Texts sharing words get positive cosine, which is
enough to exercise vector code paths; it has no semantic knowledge at all.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

import numpy as np

from palimpsest.embed.base import FloatMatrix, l2_normalize
from palimpsest.errors import ConfigError
from palimpsest.text import tokenize

__all__ = ["HashEmbedder"]

_EMPTY_TOKEN = "\0empty"


class HashEmbedder:
    """Signed feature hashing of tokens into ``dimension`` buckets (symmetric)."""

    def __init__(self, dimension: int = 256) -> None:
        if dimension < 2:
            raise ConfigError("hash embedder: dimension must be >= 2")
        self.dimension = dimension
        self.name = f"hash-{dimension}"

    def _vector(self, text: str) -> FloatMatrix:
        vec = np.zeros(self.dimension, dtype=np.float32)
        # Empty / token-less texts map to one fixed unit vector so rows stay unit-length.
        for tok in tokenize(text) or [_EMPTY_TOKEN]:
            digest = hashlib.blake2b(tok.encode("utf-8"), digest_size=8).digest()
            h = int.from_bytes(digest, "little")
            vec[h % self.dimension] += 1.0 if (h >> 63) & 1 else -1.0
        if not vec.any():  # all hashed counts cancelled out
            vec[0] = 1.0
        return vec

    def _embed(self, texts: Sequence[str]) -> FloatMatrix:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return l2_normalize(np.stack([self._vector(t) for t in texts]))

    def embed_queries(self, texts: Sequence[str]) -> FloatMatrix:
        return self._embed(texts)

    def embed_passages(self, texts: Sequence[str]) -> FloatMatrix:
        return self._embed(texts)
