"""In-process operational metrics (latency percentiles, counts) for the health dashboard.

Bounded memory: latencies are kept in fixed-size rings per operation.
"""

from __future__ import annotations

import threading
from collections import Counter, deque
from dataclasses import dataclass

from palimpsest.types import MemoryPacket


@dataclass(frozen=True, slots=True)
class LatencySummary:
    count: int
    p50_ms: float
    p95_ms: float
    p99_ms: float


def _percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    index = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[index]


class Metrics:
    def __init__(self, window: int = 10_000) -> None:
        self._lock = threading.Lock()
        self._latency: dict[str, deque[float]] = {}
        self._window = window
        self.counters: Counter[str] = Counter()

    def observe(self, operation: str, seconds: float) -> None:
        with self._lock:
            ring = self._latency.setdefault(operation, deque(maxlen=self._window))
            ring.append(seconds * 1000.0)
            self.counters[f"{operation}.calls"] += 1

    def count(self, name: str, amount: int = 1) -> None:
        with self._lock:
            self.counters[name] += amount

    def observe_recall(self, packet: MemoryPacket) -> None:
        with self._lock:
            self.counters[f"recall.kind.{packet.route.query_kind}"] += 1
            if not packet.items:
                self.counters["recall.empty"] += 1

    def latency(self, operation: str) -> LatencySummary:
        with self._lock:
            values = sorted(self._latency.get(operation, ()))
        return LatencySummary(
            len(values), _percentile(values, 0.5), _percentile(values, 0.95), _percentile(values, 0.99)
        )

    def operations(self) -> list[str]:
        with self._lock:
            return sorted(self._latency)
