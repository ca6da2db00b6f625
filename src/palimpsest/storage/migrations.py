"""Named, transactional schema migrations (DESIGN practice 9), independent of any dialect.

A backend describes its schema as an ordered tuple of :class:`~palimpsest.types.Migration`
and hands the runner a :class:`MigrationTarget` — a thin adapter over its connection.
The runner decides what is pending and applies each migration in its own transaction,
recording the name in the ``schema_migrations`` ledger inside that same transaction, so
a migration is either applied and recorded or neither.

Rules a caller may rely on:

- names are applied in the order given, once each; re-running :meth:`MigrationRunner.apply`
  is a no-op;
- a ledger naming a migration this code does not know means the store was migrated by
  newer code: :class:`~palimpsest.errors.MigrationError`, and nothing is applied;
- concurrent openers are safe: each migration re-reads the ledger after
  :meth:`MigrationTarget.lock` and skips what another process applied meanwhile;
- a failing statement rolls its migration back and surfaces as ``MigrationError``
  naming the migration; earlier migrations stay applied.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Protocol

from palimpsest.core.clock import utc_now
from palimpsest.errors import MigrationError, PalimpsestError
from palimpsest.types import AppliedMigration, Migration

LEDGER_TABLE = "schema_migrations"


class MigrationTarget(Protocol):
    """What the runner needs from a backend. Implemented once per dialect."""

    def transaction(self) -> AbstractContextManager[None]:
        """A write transaction: commits on success, rolls back on an exception."""
        ...

    def lock(self) -> None:
        """Serialize migrators until the current transaction ends (may be a no-op when
        ``transaction()`` already takes the database's write lock)."""
        ...

    def execute(self, statement: str) -> None:
        """Run one DDL/DML statement (no parameters) inside the current transaction.

        Driver errors must already be translated (``StorageError`` or a subclass)."""
        ...

    def create_ledger(self) -> None:
        """Create the ``schema_migrations(name PRIMARY KEY, applied_at)`` table if missing."""
        ...

    def read_ledger(self) -> list[AppliedMigration]:
        """Recorded migrations in the order applied; ``[]`` when the ledger does not exist yet."""
        ...

    def record(self, name: str, applied_at: datetime) -> None:
        """Add ``name`` to the ledger inside the current transaction."""
        ...


class MigrationRunner:
    """Applies one dialect's ordered migrations to one store."""

    def __init__(
        self,
        target: MigrationTarget,
        migrations: Sequence[Migration],
        *,
        clock: Callable[[], datetime] = utc_now,
    ) -> None:
        names = [m.name for m in migrations]
        duplicates = sorted({n for n in names if names.count(n) > 1})
        if duplicates:
            raise MigrationError(f"migration names must be unique; repeated: {', '.join(duplicates)}")
        self._target = target
        self._migrations = tuple(migrations)
        self._known = frozenset(names)
        self._clock = clock

    @property
    def migrations(self) -> tuple[Migration, ...]:
        return self._migrations

    def applied(self) -> list[AppliedMigration]:
        """What the store's ledger records, oldest first."""
        return self._target.read_ledger()

    def pending(self) -> list[str]:
        """Names not yet applied, in the order :meth:`apply` would apply them."""
        return self._pending({m.name for m in self._checked(self.applied())})

    def apply(self) -> list[str]:
        """Apply every pending migration, each in its own transaction; return the names applied."""
        with self._target.transaction():
            self._target.lock()
            self._target.create_ledger()
        done: list[str] = []
        for migration in self._migrations:
            if self._apply_one(migration):
                done.append(migration.name)
        return done

    def _apply_one(self, migration: Migration) -> bool:
        try:
            with self._target.transaction():
                self._target.lock()
                # Re-read under the lock: another process may have applied it since we looked.
                recorded = {m.name for m in self._checked(self._target.read_ledger())}
                if migration.name in recorded:
                    return False
                for statement in migration.statements:
                    self._target.execute(statement)
                self._target.record(migration.name, self._clock())
        except MigrationError:
            raise
        except PalimpsestError as exc:
            raise MigrationError(f"migration {migration.name!r} failed: {exc.message}") from exc
        return True

    def _checked(self, applied: list[AppliedMigration]) -> list[AppliedMigration]:
        unknown = [m.name for m in applied if m.name not in self._known]
        if unknown:
            raise MigrationError(
                f"schema is newer than this code: the store has migration(s) {', '.join(unknown)} "
                "that this version of palimpsest does not know; upgrade palimpsest"
            )
        return applied

    def _pending(self, recorded: set[str]) -> list[str]:
        return [m.name for m in self._migrations if m.name not in recorded]


__all__ = ["LEDGER_TABLE", "MigrationRunner", "MigrationTarget"]
