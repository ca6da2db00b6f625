"""Explicit, immutable configuration. The library never reads the environment;
only the CLI, REST and MCP entry points do, and they build a :class:`Config`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from pathlib import Path
from types import MappingProxyType
from typing import Any

from palimpsest.core.clock import utc_now
from palimpsest.core.fusion import FusionParams
from palimpsest.core.predicates import PredicateRegistry
from palimpsest.errors import ConfigError
from palimpsest.write.immune import RiskPolicy


def default_data_dir() -> Path:
    return Path.home() / ".palimpsest"


def default_url() -> str:
    """The embedded default: one SQLite file in the user's data directory."""
    return f"sqlite:///{default_data_dir() / 'memory.db'}"


@dataclass(frozen=True)
class Config:
    url: str = field(default_factory=default_url)
    tenant: str = "default"
    actor: str = "library"
    """Who the audit log names as the writer when a call does not say."""
    clock: Callable[[], datetime] = utc_now
    """The store's clock: the source of transaction time. Callers never set transaction time."""
    predicates: PredicateRegistry = field(default_factory=PredicateRegistry)
    forgotten_retention: timedelta = timedelta(days=30)
    """How long forgotten data stays in the compliance view before ``purge()`` deletes it."""
    write_retries: int = 5
    """How often a write that lost a race (serialization failure) is retried."""
    embedder: str = "e5"
    """Embedder name from ``palimpsest.embed.registry`` (``e5``, ``use``, ``openai``, ``hash``)."""
    embedder_options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({"cache_size": 4096}))
    passage_context_weight: float = 0.5
    """A turn's stored vector is its own embedding plus this times its previous turn's (so a
    reply carries its question). Part of the identity stored with the vectors: changing it
    needs ``palimpsest reindex``."""
    window_url: str = "memory://"
    """Where sliding windows live: ``memory://`` (in-process) or ``redis://host:port/db`` (shared)."""
    window_turns: int = 10
    window_ttl: timedelta | None = timedelta(hours=24)
    summary_every: int = 4
    """Update a session summary after this many new turns (and when the session ends)."""
    summary_embed_every: int = 16
    """Re-embed a session summary (for search by meaning) once this many more turns are folded into
    it, and when the session ends. Its text stays current every ``summary_every`` turns; embedding
    a 200-300-token summary with e5 on every update was two thirds of a one-turn ``add``."""
    router_rules: Path | None = None
    """A YAML file of router rules (reloaded when it changes); ``None`` uses the packaged defaults."""
    fusion: FusionParams = field(default_factory=FusionParams)
    risk_policy: RiskPolicy = field(default_factory=RiskPolicy)
    """Immune system: quarantine threshold, quarantine expiry, burst freeze."""
    consent_policy: Path | None = None
    """A YAML file of consent categories and retention; ``None`` uses the packaged defaults."""

    def __post_init__(self) -> None:
        if not self.tenant or not self.tenant.strip():
            raise ConfigError("tenant must be a non-empty string")
        if self.forgotten_retention < timedelta(0):
            raise ConfigError("forgotten_retention must not be negative")
        if self.write_retries < 0:
            raise ConfigError("write_retries must not be negative")
        if not self.passage_context_weight >= 0.0:
            raise ConfigError("passage_context_weight must be >= 0")
        if self.summary_every < 1:
            raise ConfigError("summary_every must be at least 1")
        if self.summary_embed_every < 1:
            raise ConfigError("summary_embed_every must be at least 1")

    def with_changes(self, **changes: Any) -> Config:
        return replace(self, **changes)
