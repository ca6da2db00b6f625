"""The Redis window store (``redis://[:password@]host:port/db``, ``rediss://`` for TLS).

Layout, for tenant ``t``, user ``u``, session ``s`` (each part percent-escaped, so a ``:``,
``{`` or ``}`` inside an id can neither collide with another key nor break the hash tag):

- ``pal:win:{t:u}:s`` — a LIST of the session's turns as JSON, oldest first;
- ``pal:winidx:{t:u}`` — a SET of the user's window keys, so ``clear_user`` needs no SCAN.

The ``{t:u}`` hash tag puts a user's windows and index in one Redis Cluster slot, so the
scripts below, which touch both, stay atomic on a cluster too.

Time: the ttl is enforced by Redis ``EXPIRE`` on *Redis's* clock, and the ``now`` callers pass
is only checked, not used. Every API replica shares these windows, and replicas' clocks drift;
if each replica computed expiry from its own ``now``, a session's lifetime would depend on
which replica served the last request. The one server clock is the only clock they share.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime, timedelta
from typing import Any, cast
from urllib.parse import parse_qsl, quote, urlencode, urlsplit, urlunsplit

import redis
import redis.exceptions

from palimpsest.core.clock import require_aware
from palimpsest.core.window import WindowPolicy, trim
from palimpsest.errors import ConfigError, IntegrityError, StorageError
from palimpsest.storage.window import WindowKey, check_limit, normalize_turns
from palimpsest.types import WindowTurn

KEY_PREFIX = "pal:win:"
INDEX_PREFIX = "pal:winidx:"

# One script so the push, the FIFO trim, the index entry and both expiries happen atomically:
# no reader ever sees more than max_turns turns, and no window outlives its index entry (which
# would make it invisible to clear_user, i.e. a forget that silently misses data). The index
# expires with the longest-lived window it lists, hence the PTTL comparison, which a plain
# MULTI cannot express. Turns are pushed in chunks because Lua's unpack() has a stack limit.
_APPEND = """
local max_turns = tonumber(ARGV[1])
local ttl = tonumber(ARGV[2])
local index_is_new = redis.call('EXISTS', KEYS[2]) == 0
for i = 3, #ARGV, 1000 do
  redis.call('RPUSH', KEYS[1], unpack(ARGV, i, math.min(i + 999, #ARGV)))
end
redis.call('LTRIM', KEYS[1], -max_turns, -1)
redis.call('SADD', KEYS[2], KEYS[1])
if ttl == 0 then
  redis.call('PERSIST', KEYS[1])
  redis.call('PERSIST', KEYS[2])
else
  redis.call('EXPIRE', KEYS[1], ttl)
  local left = redis.call('PTTL', KEYS[2])
  if index_is_new or (left >= 0 and left < ttl * 1000) then
    redis.call('PEXPIRE', KEYS[2], ttl * 1000)
  end
end
return 1
"""

# Atomic so a session appended concurrently is either removed or keeps its index entry.
# The member keys share the index's hash tag, hence its cluster slot.
_CLEAR_USER = """
local removed = 0
for _, key in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  removed = removed + redis.call('DEL', key)
end
redis.call('DEL', KEYS[1])
return removed
"""


def _escape(part: str) -> str:
    return quote(part, safe="")


def _user_tag(tenant: str, user_id: str) -> str:
    return "{" + _escape(tenant) + ":" + _escape(user_id) + "}"


def window_key(key: WindowKey) -> str:
    return KEY_PREFIX + _user_tag(key.tenant, key.user_id) + ":" + _escape(key.session_id)


def index_key(tenant: str, user_id: str) -> str:
    return INDEX_PREFIX + _user_tag(tenant, user_id)


def ttl_seconds(ttl: timedelta | None) -> int:
    """Whole seconds for EXPIRE, rounded up so a window never expires before its ttl; 0 = none."""
    if ttl is None:
        return 0
    return -((-ttl) // timedelta(seconds=1))


def redact(url: str) -> str:
    """``url`` without its password (in the userinfo or a ``password=`` query option)."""
    parts = urlsplit(url)
    netloc = parts.netloc
    if "@" in netloc:
        userinfo, _, hostport = netloc.rpartition("@")
        user, has_password, _ = userinfo.partition(":")
        netloc = f"{user}:***@{hostport}" if has_password else netloc
    query = urlencode(
        [(k, "***" if k.lower() == "password" else v) for k, v in parse_qsl(parts.query, keep_blank_values=True)]
    )
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


def _encode(turn: WindowTurn) -> str:
    record = {
        "role": turn.role,
        "content": turn.content,
        "occurred_at": turn.occurred_at.isoformat(),
        "turn_id": turn.turn_id,
    }
    # ensure_ascii=False: Chinese content stays UTF-8 (a third of the bytes of \\u escapes).
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))


def _decode(raw: str, where: str) -> WindowTurn:
    try:
        record = json.loads(raw)
        return WindowTurn(
            role=str(record["role"]),
            content=str(record["content"]),
            occurred_at=require_aware(datetime.fromisoformat(record["occurred_at"]), "occurred_at"),
            turn_id=None if record.get("turn_id") is None else str(record["turn_id"]),
        )
    except (ValueError, KeyError, TypeError) as exc:
        raise IntegrityError(f"unreadable window turn in {where}: {exc}") from exc


class RedisWindowStore:
    """Thread-safe: redis-py's client draws a connection from its pool per command."""

    def __init__(self, url: str, client: redis.Redis) -> None:
        self.url = url
        self._safe_url = redact(url)
        self._client = client
        self._append = client.register_script(_APPEND)
        self._clear_user = client.register_script(_CLEAR_USER)

    @contextmanager
    def _translated(self) -> Iterator[None]:
        """Driver errors become StorageError here, so callers never import redis."""
        try:
            yield
        except redis.exceptions.AuthenticationError as exc:
            raise StorageError(f"Redis at {self._safe_url} rejected the credentials: {exc}") from exc
        except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError) as exc:
            raise StorageError(f"cannot reach Redis at {self._safe_url}: {exc}") from exc
        except redis.exceptions.RedisError as exc:
            raise StorageError(f"Redis at {self._safe_url} failed: {exc}") from exc

    def ping(self) -> None:
        with self._translated():
            self._client.ping()

    def append(self, key: WindowKey, turns: Sequence[WindowTurn], *, policy: WindowPolicy, now: datetime) -> None:
        require_aware(now, "now")  # checked for parity with memory://; Redis's clock decides expiry
        kept = trim(normalize_turns(turns), policy)
        if not kept:
            return  # nothing happened in the session, so there is no activity to refresh
        args: list[str | int] = [policy.max_turns, ttl_seconds(policy.ttl), *(_encode(t) for t in kept)]
        with self._translated():
            self._append(keys=[window_key(key), index_key(key.tenant, key.user_id)], args=args)

    def recent(self, key: WindowKey, *, limit: int | None = None, now: datetime) -> list[WindowTurn]:
        require_aware(now, "now")
        limit = check_limit(limit)
        if limit == 0:
            return []
        name = window_key(key)
        with self._translated():
            raw = cast(list[str], self._client.lrange(name, 0 if limit is None else -limit, -1))
        return [_decode(item, name) for item in raw]

    def clear(self, key: WindowKey) -> None:
        name = window_key(key)
        with self._translated():
            pipe = self._client.pipeline(transaction=True)
            pipe.delete(name)
            pipe.srem(index_key(key.tenant, key.user_id), name)
            pipe.execute()

    def clear_user(self, tenant: str, user_id: str) -> int:
        with self._translated():
            removed: Any = self._clear_user(keys=[index_key(tenant, user_id)])
        return int(removed)

    def close(self) -> None:
        self._client.close()


def open_redis_window(url: str) -> RedisWindowStore:
    """Connect and ping, so a wrong URL fails at open rather than on the first request.

    Options in the URL's query (``?socket_timeout=…``) override the defaults below.
    """
    try:
        client = redis.Redis.from_url(url, decode_responses=True, socket_connect_timeout=5, socket_timeout=5)
    except ValueError as exc:  # redis-py's word for a malformed URL
        raise ConfigError(f"bad Redis URL {redact(url)!r}: {exc}") from exc
    store = RedisWindowStore(url, client)
    try:
        store.ping()
    except BaseException:
        store.close()
        raise
    return store


__all__ = ["RedisWindowStore", "index_key", "open_redis_window", "redact", "ttl_seconds", "window_key"]
