"""Row filters shared by in-process code paths (the memory backend, post-filtering).

SQL backends express the same predicates in SQL; the contract suite checks they agree.
"""

from __future__ import annotations

from datetime import datetime

from palimpsest.storage.base import FactQuery
from palimpsest.types import FactStatus, FactVersion, View


def sort_key(version: FactVersion) -> tuple[str, str, datetime, datetime, str]:
    return (version.subject, version.predicate, version.valid_from, version.recorded_at, version.id)


def in_view(version: FactVersion, view: View) -> bool:
    if view is View.ACTIVE:
        return version.forgotten_at is None and version.status is FactStatus.ACCEPTED
    if view is View.COMPLIANCE:
        return version.forgotten_at is not None
    return True


def matches_query(version: FactVersion, query: FactQuery) -> bool:
    if version.tenant != query.tenant or not in_view(version, query.view):
        return False
    if query.user_id is not None and version.user_id != query.user_id:
        return False
    if query.subject is not None and version.subject != query.subject:
        return False
    if query.predicate is not None and version.predicate != query.predicate:
        return False
    if version.predicate in query.exclude_predicates:
        return False
    if query.value_key is not None and version.value_key != query.value_key:
        return False
    if query.valid_at is not None and not version.valid_at(query.valid_at):
        return False
    if query.retention is not None and query.retention.expired(version):
        return False
    return query.known_at is None or version.known_at(query.known_at)
