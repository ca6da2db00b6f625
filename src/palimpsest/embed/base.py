"""The :class:`Embedder` protocol every embedding backend satisfies.

Retrieval models such as e5 are *asymmetric*: a question and the passage that
answers it are embedded differently (``"query: "`` vs ``"passage: "``). The
protocol therefore has two methods, and callers must use ``embed_queries`` for
search text and ``embed_passages`` for stored text. Symmetric models implement
both the same way.

Contract: both methods return a ``float32`` array of shape ``(len(texts),
dimension)`` whose rows are L2-normalised, so a dot product is the cosine
similarity. An empty input gives a ``(0, dimension)`` array.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

__all__ = ["Embedder", "FloatMatrix", "ForwardingEmbedder", "batches_queries", "embeds_outside_gil", "l2_normalize"]

FloatMatrix = npt.NDArray[np.float32]


@runtime_checkable
class Embedder(Protocol):
    """Turns texts into unit-length float32 vectors."""

    @property
    def name(self) -> str:
        """Stable identifier of model + configuration (stored with the index)."""
        ...

    @property
    def dimension(self) -> int:
        """Length of every vector this embedder returns."""
        ...

    def embed_queries(self, texts: Sequence[str]) -> FloatMatrix:
        """Embed search queries (questions, keywords)."""
        ...

    def embed_passages(self, texts: Sequence[str]) -> FloatMatrix:
        """Embed stored passages (memories, dialogue turns, documents)."""
        ...


class ForwardingEmbedder:
    """An embedder that forwards every call to ``inner``: the base of wrappers that watch,
    time or change some calls (subclasses override what they change)."""

    def __init__(self, inner: Embedder) -> None:
        self.inner = inner

    @property
    def name(self) -> str:
        return self.inner.name

    @property
    def dimension(self) -> int:
        return self.inner.dimension

    def embed_queries(self, texts: Sequence[str]) -> FloatMatrix:
        return self.inner.embed_queries(texts)

    def embed_passages(self, texts: Sequence[str]) -> FloatMatrix:
        return self.inner.embed_passages(texts)


def embeds_outside_gil(embedder: object) -> bool:
    """Does ``embedder`` do its work without holding Python's GIL (a C engine called through
    ctypes, a network call)? Then a query can be embedded on another thread while the caller
    reads the lexical index; a pure-Python embedder would only take turns with the caller.
    Optional: an embedder says so with a true ``embeds_outside_gil`` attribute."""
    return bool(getattr(embedder, "embeds_outside_gil", False))


def batches_queries(embedder: object) -> bool:
    """Is one call with several queries clearly cheaper than one call per query (weights read
    once per batch, one network round trip)? Then a server embeds the queries waiting for it
    together. Optional: an embedder says so with a true ``batches_queries`` attribute."""
    return bool(getattr(embedder, "batches_queries", False))


def l2_normalize(matrix: npt.ArrayLike, dimension: int | None = None) -> FloatMatrix:
    """Return ``matrix`` as a 2-D float32 array with unit-length rows.

    Backends differ in whether (and how precisely) they normalise; doing it once
    here makes cosine == dot product everywhere. All-zero rows stay zero rather
    than becoming NaN.
    """
    arr = np.asarray(matrix, dtype=np.float32)
    if arr.ndim == 1:
        arr = arr.reshape(1, -1) if arr.size else arr.reshape(0, dimension or 0)
    norms = np.linalg.norm(arr, axis=1, keepdims=True)
    out: FloatMatrix = np.divide(arr, norms, out=np.zeros_like(arr), where=norms > 0).astype(np.float32, copy=False)
    return out
