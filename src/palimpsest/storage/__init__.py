"""Storage: one narrow Protocol per concern (``base``), one module per backend,
opened by URL through ``registry``."""

from palimpsest.storage.base import AuditLog, Backend, FactQuery, FactStore
from palimpsest.storage.registry import open_backend, register_backend

__all__ = ["AuditLog", "Backend", "FactQuery", "FactStore", "open_backend", "register_backend"]
