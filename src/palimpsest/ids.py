"""Identifiers for stored rows: time-ordered (index-friendly) and unguessable."""

from __future__ import annotations

import secrets
import time


def new_id(prefix: str = "") -> str:
    return f"{prefix}{time.time_ns():016x}{secrets.token_hex(5)}"
