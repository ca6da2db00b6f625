"""One Memory per tenant for a server process (REST and MCP alike), made once and kept: its embedder and
session windows live between requests. Every ``RULES_REFRESH_SECONDS`` a request re-reads the tenant's stored
rules (one small read), so a change made through another process is in force here within that time."""

from __future__ import annotations

import threading
import time

from palimpsest.memory import Memory

RULES_REFRESH_SECONDS = 5.0
"""How stale a tenant's stored rules may be in this process: another process may have changed them."""


class TenantMemories:
    def __init__(self, memory: Memory, refresh_seconds: float | None = None) -> None:
        self._memory = memory
        self._refresh = refresh_seconds
        self._open: dict[str, Memory] = {}
        self._checked: dict[str, float] = {}
        self._lock = threading.Lock()

    def _stale(self, tenant: str, now: float) -> bool:
        interval = RULES_REFRESH_SECONDS if self._refresh is None else self._refresh
        return now - self._checked.get(tenant, float("-inf")) > interval

    def opened(self, tenant: str) -> Memory | None:
        """The tenant's Memory if it was made already and its rules were checked lately (no lock: dict reads are
        atomic); ``None`` sends an async caller to the thread pool, where ``__call__`` may read the store."""
        found = self._open.get(tenant)
        if found is None or self._stale(tenant, time.monotonic()):
            return None
        return found

    def __call__(self, tenant: str) -> Memory:
        with self._lock:
            found = self._open.get(tenant)
            now = time.monotonic()
            if found is None:
                found = self._open[tenant] = self._memory.with_tenant(tenant)
            elif self._stale(tenant, now):
                found.rules.refresh()
            self._checked[tenant] = now
            return found
