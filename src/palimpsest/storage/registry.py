"""Open a backend from a URL. Drivers are imported only when their scheme is used,
so ``pip install palimpsest`` works without psycopg or redis."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import cast
from urllib.parse import urlsplit

from palimpsest.errors import ConfigError
from palimpsest.storage.base import Backend

BackendFactory = Callable[..., Backend]
"""Called as ``factory(url, migrate=bool)``."""

# scheme -> "module:function"; the function takes the URL (and ``migrate=``) and returns an opened backend.
_BACKENDS: dict[str, str] = {
    "memory": "palimpsest.storage.memory:open_memory",
    "sqlite": "palimpsest.storage.sqlite:open_sqlite",
    "postgresql": "palimpsest.storage.postgres:open_postgres",
    "postgres": "palimpsest.storage.postgres:open_postgres",
}

_EXTRA_FOR = {"postgresql": "postgres", "postgres": "postgres"}


def register_backend(scheme: str, target: str | BackendFactory) -> None:
    """Register a backend for a URL scheme: ``"module:function"`` or a callable."""
    if callable(target):
        _CUSTOM[scheme] = target
    else:
        _BACKENDS[scheme] = target


_CUSTOM: dict[str, BackendFactory] = {}


def known_schemes() -> list[str]:
    return sorted({*_BACKENDS, *_CUSTOM})


def scheme_of(url: str) -> str:
    if not isinstance(url, str) or "://" not in url:
        raise ConfigError(
            f"not a storage URL: {url!r}; expected e.g. memory://, sqlite:///path.db, postgresql://host/db"
        )
    return urlsplit(url).scheme.lower()


def open_backend(url: str, *, migrate: bool = True) -> Backend:
    """Open the backend named by ``url``; pending schema migrations are applied unless ``migrate=False``
    (``palimpsest migrate --status`` needs to see them pending)."""
    scheme = scheme_of(url)
    if scheme in _CUSTOM:
        return _CUSTOM[scheme](url, migrate=migrate)
    target = _BACKENDS.get(scheme)
    if target is None:
        raise ConfigError(f"unknown storage backend {scheme!r} in {url!r}; known: {', '.join(known_schemes())}")
    module_name, _, func_name = target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as exc:
        extra = _EXTRA_FOR.get(scheme)
        hint = f" (pip install 'palimpsest[{extra}]')" if extra else ""
        raise ConfigError(f"backend {scheme!r} needs a driver that is not installed: {exc}{hint}") from exc
    factory = cast(BackendFactory, getattr(module, func_name))
    return factory(url, migrate=migrate)
