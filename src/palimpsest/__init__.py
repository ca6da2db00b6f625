"""palimpsest — long-term memory for AI agents.

New knowledge supersedes old knowledge without erasing it, and every answer can say
what was true, when, and how we came to know it.
"""

from palimpsest.config import Config, LLMSettings
from palimpsest.core.predicates import PredicateRegistry, PredicateSpec
from palimpsest.errors import (
    ConfigError,
    ConflictError,
    IntegrityError,
    NotFoundError,
    PalimpsestError,
    StorageError,
    ValidationError,
)
from palimpsest.facts import FactInput
from palimpsest.memory import ForgetResult, Memory
from palimpsest.types import (
    NOW,
    AuditEvent,
    AuditReport,
    Cardinality,
    FactStatus,
    FactVersion,
    FactWrite,
    Source,
    View,
)

__version__ = "0.1.0"

__all__ = [
    "NOW",
    "AuditEvent",
    "AuditReport",
    "Cardinality",
    "Config",
    "ConfigError",
    "ConflictError",
    "FactInput",
    "FactStatus",
    "FactVersion",
    "FactWrite",
    "ForgetResult",
    "IntegrityError",
    "LLMSettings",
    "Memory",
    "NotFoundError",
    "PalimpsestError",
    "PredicateRegistry",
    "PredicateSpec",
    "Source",
    "StorageError",
    "ValidationError",
    "View",
    "__version__",
]
