"""In-process operational metrics (latency percentiles, counts) for the health dashboard.

Bounded memory: latencies are kept in fixed-size rings per operation.
"""

from __future__ import annotations

import re
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

    def counter_values(self) -> dict[str, int]:
        """A copy of every counter, by name."""
        with self._lock:
            return dict(sorted(self.counters.items()))

    def prometheus(self) -> str:
        """Counters and latency quantiles in the Prometheus text exposition format (version 0.0.4)."""
        lines = [
            "# HELP palimpsest_events_total Operations and outcomes counted in this process.",
            "# TYPE palimpsest_events_total counter",
        ]
        for name, value in self.counter_values().items():
            lines.append(f'palimpsest_events_total{{name="{_label(name)}"}} {value}')
        lines += [
            "# HELP palimpsest_operation_latency_seconds Latency of library operations (latest calls).",
            "# TYPE palimpsest_operation_latency_seconds summary",
        ]
        for operation in self.operations():
            summary = self.latency(operation)
            op = _label(operation)
            for q, ms in (("0.5", summary.p50_ms), ("0.95", summary.p95_ms), ("0.99", summary.p99_ms)):
                lines.append(f'palimpsest_operation_latency_seconds{{operation="{op}",quantile="{q}"}} {ms / 1000:.6f}')
            lines.append(f'palimpsest_operation_latency_seconds_count{{operation="{op}"}} {summary.count}')
        return "\n".join(lines) + "\n"


def _label(value: str) -> str:
    """A label value escaped as the exposition format asks (backslash, quote, newline)."""
    return re.sub(r'[\\"\n]', lambda m: "\\n" if m.group() == "\n" else "\\" + m.group(), value)
