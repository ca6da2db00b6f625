"""The exceptions palimpsest raises, and only these.

Every error a caller can see derives from :class:`PalimpsestError`; driver errors
(sqlite3, psycopg, redis) are translated at the backend boundary so callers never
need to import a driver to handle a failure. Surfaces (REST, MCP, CLI) map these
*types* to status codes in one table.

    PalimpsestError
    ├── ConfigError                 bad configuration, unknown backend URL or embedder
    │   └── EmbedderMismatchError   store was built with another embedder (run `palimpsest reindex`)
    ├── ValidationError             bad input from the caller; nothing was written
    │   ├── FileTooLargeError       a file over the size limit
    │   ├── NaiveDatetimeError      a datetime without tzinfo
    │   ├── InvalidIntervalError    valid_to <= valid_from
    │   └── UnknownViewError        view= names no view
    ├── NotFoundError               the addressed record does not exist (in this tenant)
    ├── ConflictError               the write conflicts with stored state (e.g. overlapping
    │   │                           current intervals that survived every retry)
    │   └── StaleVersionError       the addressed version is no longer current (never retried)
    ├── PermissionDeniedError       scope or consent forbids the operation
    │   └── SwitchedOffError        the user switched this kind of memory off (or withdrew consent)
    ├── IntegrityError              stored data fails a check (e.g. a broken audit chain)
    ├── StorageError                the backend failed (connection lost, disk full, ...)
    │   └── MigrationError          a schema migration failed or the schema is newer than this code
    └── QuarantinedError            a write was held back by the immune system
"""

from __future__ import annotations


class PalimpsestError(Exception):
    """Base class of every error raised by palimpsest."""

    code: str = "MEM_ERR"

    def __init__(self, message: str, *, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code

    @property
    def message(self) -> str:
        return str(self.args[0]) if self.args else ""


class ConfigError(PalimpsestError):
    code = "MEM_ERR_CONFIG"


class EmbedderMismatchError(ConfigError):
    code = "MEM_ERR_EMBEDDER_MISMATCH"


class ValidationError(PalimpsestError):
    code = "MEM_ERR_INVALID"


class NaiveDatetimeError(ValidationError):
    code = "MEM_ERR_NAIVE_DATETIME"


class FileTooLargeError(ValidationError):
    code = "MEM_ERR_FILE_TOO_LARGE"


class InvalidIntervalError(ValidationError):
    code = "MEM_ERR_INVALID_INTERVAL"


class UnknownViewError(ValidationError):
    code = "MEM_ERR_UNKNOWN_VIEW"


class NotFoundError(PalimpsestError):
    code = "MEM_ERR_NOT_FOUND"


class ConflictError(PalimpsestError):
    code = "MEM_ERR_CONFLICT"


class StaleVersionError(ConflictError):
    code = "MEM_ERR_STALE_VERSION"


class PermissionDeniedError(PalimpsestError):
    code = "MEM_ERR_PERMISSION"


class SwitchedOffError(PermissionDeniedError):
    code = "MEM_ERR_SWITCHED_OFF"


class IntegrityError(PalimpsestError):
    code = "MEM_ERR_INTEGRITY"


class StorageError(PalimpsestError):
    code = "MEM_ERR_STORAGE"


class MigrationError(StorageError):
    code = "MEM_ERR_MIGRATION"


class QuarantinedError(PalimpsestError):
    code = "MEM_ERR_QUARANTINED"


__all__ = [
    "ConfigError",
    "ConflictError",
    "EmbedderMismatchError",
    "FileTooLargeError",
    "IntegrityError",
    "InvalidIntervalError",
    "MigrationError",
    "NaiveDatetimeError",
    "NotFoundError",
    "PalimpsestError",
    "PermissionDeniedError",
    "QuarantinedError",
    "StaleVersionError",
    "StorageError",
    "SwitchedOffError",
    "UnknownViewError",
    "ValidationError",
]
