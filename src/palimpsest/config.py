"""Explicit, immutable configuration. The library never reads the environment;
only the CLI, REST and MCP entry points do, and they build a :class:`Config`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from palimpsest.core.clock import utc_now
from palimpsest.core.fusion import FusionParams
from palimpsest.core.predicates import PredicateRegistry
from palimpsest.errors import ConfigError
from palimpsest.write.immune import RiskPolicy

if TYPE_CHECKING:
    from palimpsest.llm.client import ChatClient
    from palimpsest.write.validator import RuleSet


def default_data_dir() -> Path:
    return Path.home() / ".palimpsest"


def default_url() -> str:
    """The embedded default: one SQLite file in the user's data directory."""
    return f"sqlite:///{default_data_dir() / 'memory.db'}"


@dataclass(frozen=True)
class LLMSettings:
    """An OpenAI-compatible chat endpoint (OpenAI, vLLM, Ollama, llama.cpp server) for fact extraction and session
    summaries. With it set, each turn's extraction and each summary update is one chat request; the rules stay the
    fallback, so a refused, failed or malformed answer costs that call its model reading, never the write."""

    base_url: str
    """The API root, e.g. ``https://api.openai.com/v1`` or ``http://localhost:11434/v1``."""
    model: str
    api_key: str | None = field(default=None, repr=False)
    timeout: float = 30.0
    """Seconds one request may take before the rules answer instead."""
    extract: bool = True
    """Facts, intents and tags from the model (validated against the schema; the rules on failure)."""
    summarize: bool = True
    """Session summaries from the model (the rule summarizer on failure)."""

    def __post_init__(self) -> None:
        parts = urlsplit(self.base_url) if isinstance(self.base_url, str) else None
        if parts is None or parts.scheme not in ("http", "https") or not parts.netloc:
            raise ConfigError(f"llm base_url must be an http(s) URL, got {self.base_url!r}")
        if not isinstance(self.model, str) or not self.model.strip():
            raise ConfigError("llm model must be a non-empty string")
        if not self.timeout > 0:
            raise ConfigError(f"llm timeout must be positive, got {self.timeout!r}")
        if not (self.extract or self.summarize):
            raise ConfigError("llm settings that neither extract nor summarize do nothing: leave llm unset instead")

    def client(self) -> ChatClient:
        from palimpsest.llm.client import ChatClient

        return ChatClient(self.base_url, self.api_key, self.model, timeout=self.timeout)


_LLM_USES = {"extract", "summarize"}


def llm_settings_from_env(environ: Mapping[str, str]) -> LLMSettings | None:
    """The LLM endpoint the entry points' environment names, or ``None`` when ``PALIMPSEST_LLM_URL`` is unset.

    ``PALIMPSEST_LLM_MODEL`` is required with it; ``PALIMPSEST_LLM_API_KEY`` and ``PALIMPSEST_LLM_TIMEOUT`` (seconds)
    are optional; ``PALIMPSEST_LLM_USE`` limits what it does (``extract``, ``summarize`` or both, comma-separated)."""
    url = (environ.get("PALIMPSEST_LLM_URL") or "").strip()
    if not url:
        return None
    model = (environ.get("PALIMPSEST_LLM_MODEL") or "").strip()
    if not model:
        raise ConfigError("PALIMPSEST_LLM_URL is set but PALIMPSEST_LLM_MODEL is not: name the model to call")
    raw_timeout = (environ.get("PALIMPSEST_LLM_TIMEOUT") or "").strip()
    try:
        timeout = float(raw_timeout) if raw_timeout else 30.0
    except ValueError:
        raise ConfigError(f"PALIMPSEST_LLM_TIMEOUT must be a number of seconds, got {raw_timeout!r}") from None
    named = environ.get("PALIMPSEST_LLM_USE") or "extract,summarize"
    uses = {part.strip() for part in named.split(",") if part.strip()}
    if not uses or not uses <= _LLM_USES:
        raise ConfigError(
            f"PALIMPSEST_LLM_USE must name extract, summarize or both, got {environ.get('PALIMPSEST_LLM_USE')!r}"
        )
    return LLMSettings(
        base_url=url,
        model=model,
        api_key=(environ.get("PALIMPSEST_LLM_API_KEY") or "").strip() or None,
        timeout=timeout,
        extract="extract" in uses,
        summarize="summarize" in uses,
    )


_POLICY_FILES = {
    "PALIMPSEST_CONSENT_POLICY": "consent_policy",
    "PALIMPSEST_ROUTER_RULES": "router_rules",
    "PALIMPSEST_BUSINESS_RULES": "business_rules",
}


def policy_files_from_env(environ: Mapping[str, str]) -> dict[str, Any]:
    """The tenant's rule and policy files the entry points' environment names, as :class:`Config` keyword arguments:
    ``PALIMPSEST_PREDICATES`` (predicate registry files laid over the packaged one, in order, separated like
    ``PATH``), ``PALIMPSEST_CONSENT_POLICY``, ``PALIMPSEST_ROUTER_RULES`` and ``PALIMPSEST_BUSINESS_RULES``. A named
    file that does not exist is a :class:`ConfigError` now, not a surprise at the first write."""
    import os

    from palimpsest.write.registry import load_registry

    out: dict[str, Any] = {}
    for variable, key in _POLICY_FILES.items():
        raw = (environ.get(variable) or "").strip()
        if raw:
            if not Path(raw).is_file():
                raise ConfigError(f"{variable} names {raw!r}, which is not a readable file")
            out[key] = Path(raw)
    registries = [part for part in (environ.get("PALIMPSEST_PREDICATES") or "").split(os.pathsep) if part.strip()]
    if registries:
        for raw in registries:
            if not Path(raw.strip()).is_file():
                raise ConfigError(f"PALIMPSEST_PREDICATES names {raw.strip()!r}, which is not a readable file")
        out["predicates"] = load_registry(*(part.strip() for part in registries))
    return out


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
    business_rules: Path | RuleSet | None = None
    """A YAML file of the validator's business rules (reloaded when it changes), or rules already parsed (a
    tenant's stored rules, see :mod:`palimpsest.governance.tenant_rules`); ``None`` uses the packaged rules."""
    llm: LLMSettings | None = None
    """An OpenAI-compatible chat endpoint for extraction and summaries; ``None`` (the default): rules only, offline."""

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
        if self.llm is not None and not isinstance(self.llm, LLMSettings):
            raise ConfigError(f"llm must be an LLMSettings, got {type(self.llm).__name__}")

    def with_changes(self, **changes: Any) -> Config:
        return replace(self, **changes)
