"""The REST API's process entry point: reads the environment (only here) and builds the app.

``palimpsest serve`` sets these variables and starts uvicorn with :func:`app_from_env` as
the app factory, so every worker process builds the same app:

- ``PALIMPSEST_URL`` (default: the embedded SQLite file), ``PALIMPSEST_EMBEDDER`` (default ``e5``),
  ``PALIMPSEST_WINDOW_URL`` (default ``memory://``; ``redis://...`` to share windows between workers);
- ``PALIMPSEST_ADMIN_KEY``: the admin key (else only the stored, hashed one works);
- ``PALIMPSEST_RATE_LIMIT``: requests per second per key (``0`` turns the limit off; burst = 2×);
- ``PALIMPSEST_MAX_BODY``: the largest request body in bytes;
- ``PALIMPSEST_READ_THREADS``: threads of each worker's point-read lane (default: 1 on SQLite, 2 on a
  server database; see ``palimpsest.server.app._Lanes``).
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI

from palimpsest.config import Config, default_url, llm_settings_from_env, policy_files_from_env
from palimpsest.memory import Memory
from palimpsest.server.app import RateLimit, create_app

DEFAULT_RATE_LIMIT = 500.0
DEFAULT_MAX_BODY = 1_000_000


def config_from_env() -> Config:
    return Config(
        url=os.environ.get("PALIMPSEST_URL") or default_url(),
        embedder=os.environ.get("PALIMPSEST_EMBEDDER") or "e5",
        window_url=os.environ.get("PALIMPSEST_WINDOW_URL") or "memory://",
        actor="rest",
        llm=llm_settings_from_env(os.environ),
        **policy_files_from_env(os.environ),
    )


def rate_limit(per_second: float) -> RateLimit | None:
    return None if per_second <= 0 else RateLimit(per_second=per_second, burst=max(1, int(2 * per_second)))


def app_from_env() -> FastAPI:
    memory = Memory(config=config_from_env())
    app = create_app(
        memory,
        admin_key=os.environ.get("PALIMPSEST_ADMIN_KEY") or None,
        max_body_bytes=int(os.environ.get("PALIMPSEST_MAX_BODY") or DEFAULT_MAX_BODY),
        rate_limit=rate_limit(float(os.environ.get("PALIMPSEST_RATE_LIMIT") or DEFAULT_RATE_LIMIT)),
        read_threads=int(os.environ["PALIMPSEST_READ_THREADS"]) if os.environ.get("PALIMPSEST_READ_THREADS") else None,
    )

    app_lifespan = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(served: FastAPI) -> AsyncIterator[None]:
        try:
            async with app_lifespan(served):
                yield
        finally:
            memory.close()

    app.router.lifespan_context = lifespan
    return app
