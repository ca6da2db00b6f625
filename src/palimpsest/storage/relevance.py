"""Which of a user's facts a question could be about, decided by the store (the recall facts channel).

A user can hold thousands of current facts (a customer's order ids, the cities of every
contact), and reading and scoring all of them on every recall dominated its cost: 151 ms
p95 at 100,000 turns for one user against 9.7 ms for the episode search. The facts channel
scores a fact only when the query shares a word with it (its value, its subject, its
predicate's name or keywords), so the store can pre-select exactly those:

- *by words*: an inverted index from the words of each current version's subject (when it
  is not the user) and value to the version and its valid interval, written with the version
  and dropped when it is superseded, forgotten or erased. The words are this module's
  tokenization (``palimpsest.text.tokenize``), stored: a change to the tokenizer needs the
  index rebuilt, as the turns' lexical index does;
- *by predicate*: the predicates the query names (by keyword, or by the words of their
  name), each read newest first from an index, at most ``per_predicate`` versions each.

Every backend implements :class:`~palimpsest.storage.base.RelevanceQuery` with the same
result; :func:`select_relevant` is the reference (the in-process backend runs it as is).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from functools import lru_cache

from palimpsest.storage.base import RelevanceQuery
from palimpsest.storage.filters import sort_key
from palimpsest.text import tokenize
from palimpsest.types import FactStatus, FactVersion

__all__ = [
    "fact_words",
    "named_predicates",
    "newest_per_predicate",
    "predicate_words",
    "select_ended",
    "select_relevant",
    "version_words",
]


@lru_cache(maxsize=65536)
def fact_words(user_id: str, subject: str, value: str) -> frozenset[str]:
    """The indexed words of a fact version: its subject's (unless the subject is the user) and
    its value's tokens — the same tokens the facts channel's scoring derives from them."""
    words = set(tokenize(value))
    if subject != user_id:
        words.update(tokenize(subject))
    return frozenset(words)


def version_words(version: FactVersion) -> frozenset[str]:
    return fact_words(version.user_id, version.subject, version.value)


@lru_cache(maxsize=4096)
def predicate_words(predicate: str) -> frozenset[str]:
    """The words of a predicate's name (``lives_in`` -> ``live``)."""
    return frozenset(tokenize(predicate.replace("_", " ")))


def _newest_first(versions: Iterable[FactVersion]) -> list[FactVersion]:
    return sorted(versions, key=lambda v: (v.valid_from, v.recorded_at, v.id), reverse=True)


def newest_per_predicate(versions: Iterable[FactVersion], limit: int) -> list[FactVersion]:
    """The newest ``limit`` of ``versions`` for each predicate (a store reads a few more per
    predicate, from more than one index range, and keeps these)."""
    by_predicate: dict[str, list[FactVersion]] = {}
    for v in versions:
        by_predicate.setdefault(v.predicate, []).append(v)
    return [v for group in by_predicate.values() for v in _newest_first(group)[:limit]]


def _is_candidate(version: FactVersion, query: RelevanceQuery) -> bool:
    return (
        version.tenant == query.tenant
        and version.user_id == query.user_id
        and version.status is FactStatus.ACCEPTED
        and version.superseded_at is None
        and version.forgotten_at is None
        and version.valid_at(query.valid_at)
        and version.predicate not in query.exclude_predicates
    )


def select_relevant(versions: Iterable[FactVersion], query: RelevanceQuery) -> list[FactVersion]:
    """The reference answer to ``query`` over ``versions`` (see :class:`RelevanceQuery`)."""
    candidates = [v for v in versions if _is_candidate(v, query)]
    terms = frozenset(query.terms)
    chosen: dict[str, FactVersion] = {}
    if terms and query.term_limit > 0:
        hits = {v.id: len(terms & version_words(v)) for v in candidates}
        matched = _newest_first(v for v in candidates if hits[v.id] > 0)
        matched.sort(key=lambda v: -hits[v.id])  # stable: newest first among equal hits
        chosen.update((v.id, v) for v in matched[: query.term_limit])
    named = named_predicates(query, {v.predicate for v in candidates})
    if query.per_predicate > 0:
        for predicate in named:
            newest = _newest_first(v for v in candidates if v.predicate == predicate)
            chosen.update((v.id, v) for v in newest[: query.per_predicate])
    return sorted(chosen.values(), key=sort_key)


def named_predicates(query: RelevanceQuery, present: Iterable[str]) -> list[str]:
    """The predicates among ``present`` the query names: listed in ``query.predicates``, or
    sharing a word with ``query.terms`` through their name. Sorted."""
    listed = set(query.predicates)
    terms = frozenset(query.terms)
    return sorted(p for p in set(present) if p in listed or terms & predicate_words(p))


def select_ended(
    versions: Iterable[FactVersion],
    tenant: str,
    user_id: str,
    subject: str,
    predicate: str,
    ended_by: datetime,
    limit: int,
) -> list[FactVersion]:
    """The reference answer of ``FactStore.ended_versions`` over ``versions``."""
    ended = [
        v
        for v in versions
        if v.tenant == tenant
        and v.user_id == user_id
        and v.subject == subject
        and v.predicate == predicate
        and v.status is FactStatus.ACCEPTED
        and v.superseded_at is None
        and v.forgotten_at is None
        and v.valid_to is not None
        and v.valid_to <= ended_by
    ]
    ended.sort(key=lambda v: (v.valid_to, v.valid_from, v.recorded_at, v.id), reverse=True)
    return ended[: max(0, limit)]
