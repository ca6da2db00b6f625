"""What an LLM-backed component's calls did: the last outcome per thread, totals over all threads.

An extractor or summarizer instance is shared by every request a server handles, so a plain
``last_error`` attribute would report whichever thread wrote it last: one request could read
another's failure, or miss its own. Each thread here sees the outcome of its own most recent call;
the counts (for the metrics and the health page) add up every thread's calls under a lock.
"""

from __future__ import annotations

import threading


class CallRecord:
    def __init__(self) -> None:
        self._local = threading.local()
        self._lock = threading.Lock()
        self._calls = 0
        self._fallbacks = 0

    @property
    def last_error(self) -> str | None:
        """``None`` if this thread's most recent call was answered by the model (or none was made
        on this thread yet), else why the fallback answered instead."""
        error: str | None = getattr(self._local, "error", None)
        return error

    def answered(self) -> None:
        self._local.error = None
        with self._lock:
            self._calls += 1

    def fell_back(self, reason: str) -> None:
        self._local.error = reason
        with self._lock:
            self._calls += 1
            self._fallbacks += 1

    def skipped(self) -> None:
        """A call with nothing to ask the model (no new turns): no error, and not counted."""
        self._local.error = None

    @property
    def calls(self) -> int:
        with self._lock:
            return self._calls

    @property
    def fallbacks(self) -> int:
        with self._lock:
            return self._fallbacks


class RecordedCalls:
    """``last_error``, ``calls`` and ``fallbacks`` of a component that keeps a :class:`CallRecord` as ``_record``."""

    _record: CallRecord

    @property
    def last_error(self) -> str | None:
        return self._record.last_error

    @property
    def calls(self) -> int:
        return self._record.calls

    @property
    def fallbacks(self) -> int:
        return self._record.fallbacks
