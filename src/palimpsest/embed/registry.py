"""Name -> embedder factory, with lazy imports.

Configuration files and CLIs refer to embedders by short names; importing the
implementation only when it is asked for keeps ``import palimpsest`` fast and
lets optional backends (``use``) be absent until used.
"""

from __future__ import annotations

import importlib
from typing import Any

from palimpsest.embed.base import Embedder
from palimpsest.errors import ConfigError

__all__ = ["known_embedders", "open_embedder"]

# name -> (module, class)
_REGISTRY: dict[str, tuple[str, str]] = {
    "e5": ("palimpsest.embed.e5", "E5Embedder"),
    "use": ("palimpsest.embed.use", "USEEmbedder"),
    "openai": ("palimpsest.embed.openai", "OpenAIEmbedder"),
    "hash": ("palimpsest.embed.hash", "HashEmbedder"),
}


def known_embedders() -> list[str]:
    """Names accepted by :func:`open_embedder`."""
    return sorted(_REGISTRY)


def open_embedder(name: str, **options: Any) -> Embedder:
    """Create the embedder registered as ``name`` with constructor ``options``.

    ``cache_size=N`` (N > 0) wraps the result in an LRU
    :class:`~palimpsest.embed.cache.CachedEmbedder`. Unknown names and invalid
    options raise :class:`~palimpsest.errors.ConfigError`.

    >>> open_embedder("hash", dimension=64).dimension
    64
    """
    key = name.strip().lower()
    if key not in _REGISTRY:
        raise ConfigError(f"unknown embedder {name!r}; known embedders: {', '.join(known_embedders())}")
    cache_size = options.pop("cache_size", 0)
    module_name, class_name = _REGISTRY[key]
    try:
        cls = getattr(importlib.import_module(module_name), class_name)
    except ImportError as exc:
        raise ConfigError(f"embedder {name!r} is not available: {exc}") from exc
    try:
        embedder: Embedder = cls(**options)
    except TypeError as exc:
        raise ConfigError(f"invalid options for embedder {name!r}: {exc}") from exc
    if cache_size:
        from palimpsest.embed.cache import CachedEmbedder

        return CachedEmbedder(embedder, maxsize=int(cache_size))
    return embedder
