"""User controls (seed 002 §5.1): a global switch, per-type switches, consent per category.

Stored as records (kind ``settings``), so every backend keeps them and forget erases them.
Defaults follow the seed: memory on, every type on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from palimpsest.core.clock import require_aware
from palimpsest.errors import ConfigError, ValidationError
from palimpsest.types import Record

if TYPE_CHECKING:
    from palimpsest.memory import Memory

SETTINGS_KIND = "settings"
SWITCH_TYPES = ("preferences", "conversations", "files")


@dataclass(frozen=True, slots=True)
class Switches:
    """What a user lets the memory keep. ``memory`` off means nothing persists at all."""

    memory: bool = True
    preferences: bool = True
    conversations: bool = True
    files: bool = True
    consent: Mapping[str, bool] | None = None
    """Consent per category; a category not listed uses the policy's default."""

    def allows_category(self, category: str | None, policy: ConsentPolicy) -> bool:
        if not self.memory:
            return False
        if category in ("preferences",) and not self.preferences:
            return False
        if category in ("files",) and not self.files:
            return False
        if category is None:
            return True
        given = (self.consent or {}).get(category)
        return policy.default_consent(category) if given is None else given


@dataclass(frozen=True, slots=True)
class CategoryPolicy:
    retention: timedelta | None
    """How long facts of this category are kept (``None``: until forgotten)."""
    default_consent: bool = True


@dataclass(frozen=True)
class ConsentPolicy:
    """Consent categories with retention, from a policy file (``data/consent.yaml`` by default)."""

    categories: Mapping[str, CategoryPolicy]

    def default_consent(self, category: str) -> bool:
        found = self.categories.get(category)
        return True if found is None else found.default_consent

    def retention(self, category: str | None) -> timedelta | None:
        found = self.categories.get(category or "")
        return None if found is None else found.retention

    @classmethod
    def from_mapping(cls, data: Any, origin: str) -> ConsentPolicy:
        if not isinstance(data, Mapping) or not isinstance(data.get("categories"), Mapping):
            raise ConfigError(f"consent policy {origin}: expected a mapping with 'categories'")
        categories: dict[str, CategoryPolicy] = {}
        for name, raw in data["categories"].items():
            if not isinstance(raw, Mapping):
                raise ConfigError(f"consent policy {origin}: category {name!r} must be a mapping")
            unknown = set(raw) - {"retention_days", "default_consent"}
            if unknown:
                raise ConfigError(f"consent policy {origin}: category {name!r} has unknown keys {sorted(unknown)}")
            days = raw.get("retention_days")
            if days is not None and (not isinstance(days, int | float) or days <= 0):
                raise ConfigError(f"consent policy {origin}: {name}.retention_days must be a positive number")
            categories[str(name)] = CategoryPolicy(
                retention=None if days is None else timedelta(days=float(days)),
                default_consent=bool(raw.get("default_consent", True)),
            )
        return cls(categories)

    @classmethod
    def load(cls, path: Path | None = None) -> ConsentPolicy:
        if path is None:
            from importlib import resources

            text = resources.files("palimpsest").joinpath("data/consent.yaml").read_text(encoding="utf-8")
            origin = "(packaged default)"
        else:
            try:
                text = path.read_text(encoding="utf-8")
            except OSError as exc:
                raise ConfigError(f"consent policy {path}: cannot read: {exc}") from exc
            origin = str(path)
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise ConfigError(f"consent policy {origin}: not valid YAML: {exc}") from exc
        return cls.from_mapping(data, origin)


class Controls:
    """``Memory.controls``: read and change a user's switches and consent."""

    def __init__(self, memory: Memory) -> None:
        self._memory = memory

    def get(self, user_id: str) -> Switches:
        record = self._memory.backend.records.get(self._memory.config.tenant, SETTINGS_KIND, user_id)
        if record is None:
            return Switches()
        payload = dict(record.payload)
        consent = payload.pop("consent", None)
        return Switches(**{k: bool(v) for k, v in payload.items() if k in ("memory", *SWITCH_TYPES)}, consent=consent)

    def set(
        self,
        user_id: str,
        *,
        memory: bool | None = None,
        preferences: bool | None = None,
        conversations: bool | None = None,
        files: bool | None = None,
        consent: Mapping[str, bool] | None = None,
    ) -> Switches:
        """Change some switches (``None`` leaves one as it is); audited."""
        if not isinstance(user_id, str) or not user_id.strip():
            raise ValidationError("user_id must be a non-empty string")
        current = self.get(user_id)
        changes = {
            k: v
            for k, v in {
                "memory": memory,
                "preferences": preferences,
                "conversations": conversations,
                "files": files,
            }.items()
            if v is not None
        }
        merged_consent = {**(current.consent or {}), **(consent or {})}
        updated = replace(current, **changes, consent=merged_consent or None)
        now = require_aware(self._memory.config.clock(), "clock()")
        payload: dict[str, Any] = {k: v for k, v in asdict(updated).items() if k != "consent"}
        payload["consent"] = dict(updated.consent or {})
        existing = self._memory.backend.records.get(self._memory.config.tenant, SETTINGS_KIND, user_id)
        with self._memory.backend.transaction():
            self._memory.backend.records.put(
                Record(
                    kind=SETTINGS_KIND,
                    id=user_id,
                    tenant=self._memory.config.tenant,
                    payload=payload,
                    created_at=existing.created_at if existing else now,
                    updated_at=now,
                    user_id=user_id,
                )
            )
            self._memory.audit.record("controls.set", user_id, payload)
        return updated

    def last_changed(self, user_id: str) -> datetime | None:
        record = self._memory.backend.records.get(self._memory.config.tenant, SETTINGS_KIND, user_id)
        return None if record is None else record.updated_at
