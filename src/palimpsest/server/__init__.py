"""Serving surfaces: the REST API (:func:`create_app`) and the MCP server (``mcp_server``).

Both are thin: every request calls one method of one :class:`~palimpsest.Memory`.
"""

from __future__ import annotations

__all__ = ["create_app"]


def __getattr__(name: str) -> object:
    # FastAPI is an optional extra: importing palimpsest.server must not require it.
    if name == "create_app":
        from palimpsest.server.app import create_app

        return create_app
    raise AttributeError(name)
