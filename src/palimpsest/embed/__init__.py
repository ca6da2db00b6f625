"""Text embedders behind one small protocol.

``open_embedder("e5")`` (default, bundled weights, multilingual), ``"use"``
(faster, weaker), ``"openai"`` (any OpenAI-compatible endpoint) and ``"hash"``
(deterministic feature hashing, for tests). Implementations are imported lazily
so that importing :mod:`palimpsest.embed` never loads a model.
"""

from __future__ import annotations

from palimpsest.embed.base import Embedder, l2_normalize
from palimpsest.embed.cache import CachedEmbedder
from palimpsest.embed.registry import known_embedders, open_embedder

__all__ = ["CachedEmbedder", "Embedder", "known_embedders", "l2_normalize", "open_embedder"]
