"""A tenant's own rules, kept in the store: its predicates and its business rules.

A deployment's rule files (``Config.predicates``, ``Config.business_rules``, the ``PALIMPSEST_*`` variables) apply to
every tenant it serves. A tenant that needs more — a predicate of its own trade, a rule that its complaints carry
a case number — stores a document here, and every process serving the tenant picks it up without a restart:

- ``predicates``: a registry file (the format of ``palimpsest/data/predicates.yaml``) laid over the deployment's
  registry — it adds predicates and overrides the fields it sets of existing ones;
- ``business_rules``: a business-rules file (the format of ``palimpsest/data/business_rules.yaml``) used *instead
  of* the deployment's rules for this tenant (rules are a list, and a tenant that drops one means it).

A document is parsed before it is stored (a broken one is a :class:`ValidationError` and changes nothing), kept
as a record of the tenant (kind ``tenant_rules``) with its SHA-256, and every change is in the audit log. A
stored document that no longer parses over the deployment's files (the deployment removed a normalizer it
names, say) is skipped with ``last_error`` saying why, rather than making the tenant unusable.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Literal, get_args

from palimpsest.core.clock import require_aware
from palimpsest.core.predicates import parse_registry_text
from palimpsest.errors import ConfigError, NotFoundError, ValidationError
from palimpsest.types import Record

if TYPE_CHECKING:
    from palimpsest.config import Config
    from palimpsest.memory import Memory
    from palimpsest.storage.base import Backend

logger = logging.getLogger(__name__)

RULES_KIND = "tenant_rules"
RuleDocument = Literal["predicates", "business_rules"]
RULE_DOCUMENTS: tuple[RuleDocument, ...] = get_args(RuleDocument)
MAX_DOCUMENT_CHARS = 256_000
"""A rules file is hand-written configuration; a quarter megabyte is far past any real one."""


@dataclass(frozen=True, slots=True)
class StoredRules:
    document: RuleDocument
    text: str
    sha256: str
    updated_at: datetime
    updated_by: str


def _document(name: str) -> RuleDocument:
    for known in RULE_DOCUMENTS:
        if name == known:
            return known
    raise ValidationError(f"unknown rules document {name!r}; expected one of: {', '.join(RULE_DOCUMENTS)}")


def _origin(tenant: str, document: str) -> str:
    return f"(tenant {tenant} {document})"


def apply_documents(config: Config, documents: dict[RuleDocument, str]) -> Config:
    """``config`` with the tenant's documents applied. Raises :class:`ConfigError` naming the document and key."""
    from palimpsest.write.registry import check_normalizers
    from palimpsest.write.validator import parse_rules

    changes: dict[str, object] = {}
    if "predicates" in documents:
        origin = _origin(config.tenant, "predicates")
        base = config.predicates
        registry = parse_registry_text(documents["predicates"], origin, base)
        check_normalizers(registry, origin, {n for n, s in registry.specs.items() if base.specs.get(n) is not s})
        changes["predicates"] = registry
    if "business_rules" in documents:
        changes["business_rules"] = parse_rules(documents["business_rules"], _origin(config.tenant, "business_rules"))
    return config.with_changes(**changes) if changes else config


def _read(backend: Backend, tenant: str) -> dict[RuleDocument, Record]:
    found: dict[RuleDocument, Record] = {}
    for record in backend.records.list(tenant, RULES_KIND):
        if record.id in RULE_DOCUMENTS:
            found[_document(record.id)] = record
    return found


def _stamp(records: dict[RuleDocument, Record]) -> tuple[tuple[str, str], ...]:
    return tuple(sorted((name, str(record.payload.get("sha256", ""))) for name, record in records.items()))


def effective_config(deployment: Config, backend: Backend) -> tuple[Config, tuple[tuple[str, str], ...], str | None]:
    """The deployment's config with the tenant's stored documents applied, the stamp of what was read, and why a
    document was skipped (``None`` when all applied)."""
    records = _read(backend, deployment.tenant)
    if not records:
        return deployment, (), None
    documents = {name: str(record.payload["text"]) for name, record in records.items()}
    try:
        return apply_documents(deployment, documents), _stamp(records), None
    except ConfigError as exc:
        # Apply what still parses, one document at a time, so one stale document does not take the other down.
        logger.debug("tenant %s: stored rules do not parse together (%s); trying each alone", deployment.tenant, exc)
        config, errors = deployment, []
        for name, text in documents.items():
            try:
                config = apply_documents(config, {name: text})
            except ConfigError as one:
                errors.append(str(one))
        error = "; ".join(errors)
        logger.error("stored rules of tenant %s skipped: %s", deployment.tenant, error)
        return config, _stamp(records), error


class TenantRules:
    """``Memory.rules``: the tenant's stored rule documents (see the module docstring)."""

    def __init__(self, memory: Memory, deployment: Config, stamp: tuple[tuple[str, str], ...], error: str | None):
        self._memory = memory
        self._deployment = deployment
        self._stamp = stamp
        self.last_error = error
        """Why a stored document is not in force (it no longer parses over the deployment's files), else ``None``."""

    def get(self, document: str) -> StoredRules | None:
        name = _document(document)
        record = self._memory.backend.records.get(self._memory.config.tenant, RULES_KIND, name)
        return None if record is None else _stored(name, record)

    def list(self) -> list[StoredRules]:
        records = _read(self._memory.backend, self._memory.config.tenant)
        return [_stored(name, records[name]) for name in RULE_DOCUMENTS if name in records]

    def put(self, document: str, text: str, *, actor: str | None = None) -> StoredRules:
        """Store ``text`` as the tenant's ``document`` after parsing it over the deployment's files; in force at
        once in this process, and in every other within its refresh interval."""
        name = _document(document)
        if not isinstance(text, str) or not text.strip():
            raise ValidationError(f"the {name} document is empty")
        if len(text) > MAX_DOCUMENT_CHARS:
            raise ValidationError(f"the {name} document is {len(text)} characters; the limit is {MAX_DOCUMENT_CHARS}")
        memory = self._memory
        tenant = memory.config.tenant
        current = {n: str(r.payload["text"]) for n, r in _read(memory.backend, tenant).items()}
        try:
            apply_documents(self._deployment, {**current, name: text})
        except ConfigError as exc:
            raise ValidationError(exc.message) from exc
        now = require_aware(memory.config.clock(), "clock()")
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        who = actor or memory.config.actor
        existing = memory.backend.records.get(tenant, RULES_KIND, name)
        record = Record(
            kind=RULES_KIND,
            id=name,
            tenant=tenant,
            payload={"text": text, "sha256": digest, "updated_by": who},
            created_at=existing.created_at if existing else now,
            updated_at=now,
        )
        with memory.backend.transaction():
            memory.backend.records.put(record)
            memory.audit.append("rules.updated", name, {"sha256": digest, "actor": who})
        self.refresh()
        return _stored(name, record)

    def delete(self, document: str, *, actor: str | None = None) -> None:
        """Drop the tenant's ``document``: the deployment's files apply again."""
        name = _document(document)
        memory = self._memory
        tenant = memory.config.tenant
        if memory.backend.records.get(tenant, RULES_KIND, name) is None:
            raise NotFoundError(f"tenant {tenant!r} has no stored {name} document")
        with memory.backend.transaction():
            memory.backend.records.delete(tenant, RULES_KIND, [name])
            memory.audit.append("rules.removed", name, {"actor": actor or memory.config.actor})
        self.refresh()

    def refresh(self) -> bool:
        """Re-read the stored documents; apply them if they changed since this process last read them.
        Returns whether anything changed."""
        memory = self._memory
        records = _read(memory.backend, memory.config.tenant)
        if _stamp(records) == self._stamp:
            return False
        config, stamp, error = effective_config(self._deployment, memory.backend)
        # Requests already running keep the config they started with; the next one reads the new one.
        memory.config = config
        memory.pipeline.reset()
        self._stamp, self.last_error = stamp, error
        return True


def _stored(name: RuleDocument, record: Record) -> StoredRules:
    payload = record.payload
    return StoredRules(
        name, str(payload["text"]), str(payload["sha256"]), record.updated_at, str(payload.get("updated_by", ""))
    )
