"""API keys, tenants, session ownership and the per-key rate limit of the REST API.

Keys look like ``pk_<key id>_<secret>``. Only a salted SHA-256 of the secret is stored (a
record of kind ``api_key`` in the reserved tenant ``_admin``): the secret is 32 random bytes,
so a slow password hash would add latency to every request and no protection. Comparison is
constant-time. The admin key is either given to :func:`~palimpsest.server.app.create_app`
(``PALIMPSEST_ADMIN_KEY`` at the CLI edge) or stored hashed the same way (kind ``admin_key``).

Two short-lived caches keep store reads off the request path (each worker process has its own):

- a key verified against the store is trusted for ``KEY_CACHE_SECONDS`` without reading it again
  (kept under a SHA-256 fingerprint of the key, never the key itself; failures are never cached).
  Revoking a key drops it from the cache of the process that revoked it at once; other worker
  processes refuse it at the latest ``KEY_CACHE_SECONDS`` later.
- a session's owner, once read or bound, for ``OWNER_CACHE_SECONDS``: ownership never changes
  once bound, so the cache only bounds how long a process could miss a deleted owner record.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Generic, TypeVar

from palimpsest.core.clock import require_aware
from palimpsest.errors import ConflictError, NotFoundError, PermissionDeniedError, ValidationError
from palimpsest.memory import Memory
from palimpsest.server.errors import AuthenticationError, RateLimitedError
from palimpsest.types import Record

ADMIN_TENANT = "_admin"
API_KEY_KIND = "api_key"
ADMIN_KEY_KIND = "admin_key"
TENANT_KIND = "tenant"
SESSION_OWNER_KIND = "session_owner"
_TENANT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
_KEY = re.compile(r"pk_([0-9a-f]{16})_([0-9a-f]{64})")
KEY_CACHE_SECONDS = 5.0
OWNER_CACHE_SECONDS = 60.0
_CACHE_ENTRIES = 50_000

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class ExpiringCache(Generic[K, V]):
    """A map whose entries lapse ``seconds`` after they were put. When it holds ``max_entries``
    it starts over empty (a miss only costs one store read). Safe to share between threads."""

    def __init__(
        self, seconds: float, *, max_entries: int = _CACHE_ENTRIES, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._seconds = seconds
        self._max_entries = max_entries
        self._clock = clock
        self._entries: dict[K, tuple[V, float]] = {}
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        found = self._entries.get(key)
        if found is None:
            return None
        value, expires = found
        if self._clock() >= expires:
            with self._lock:
                if self._entries.get(key) is found:
                    del self._entries[key]
            return None
        return value

    def put(self, key: K, value: V) -> None:
        if self._seconds <= 0:
            return
        with self._lock:
            if len(self._entries) >= self._max_entries:
                self._entries.clear()
            self._entries[key] = (value, self._clock() + self._seconds)

    def drop_where(self, condition: Callable[[V], bool]) -> None:
        with self._lock:
            for key in [k for k, (v, _) in self._entries.items() if condition(v)]:
                del self._entries[key]


def _fingerprint(key: str) -> bytes:
    return hashlib.sha256(key.encode()).digest()


def _digest(salt: str, secret: str) -> str:
    return hashlib.sha256(f"{salt}:{secret}".encode()).hexdigest()


def _new_key() -> tuple[str, str, str, str]:
    """(key id, full key, salt, digest) of a fresh key."""
    key_id, secret, salt = secrets.token_hex(8), secrets.token_hex(32), secrets.token_hex(16)
    return key_id, f"pk_{key_id}_{secret}", salt, _digest(salt, secret)


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is calling: the admin, or a key of one tenant."""

    key_id: str
    tenant: str | None
    """``None`` for the admin key."""

    @property
    def is_admin(self) -> bool:
        return self.tenant is None


@dataclass(frozen=True, slots=True)
class ApiKeyInfo:
    key_id: str
    tenant: str
    label: str
    created_at: datetime
    revoked: bool


@dataclass(frozen=True, slots=True)
class TenantInfo:
    name: str
    created_at: datetime


class KeyStore:
    """Tenants and hashed keys, kept as records of the reserved ``_admin`` tenant."""

    def __init__(
        self, memory: Memory, admin_key: str | None, *, cache: ExpiringCache[bytes, Principal] | None = None
    ) -> None:
        self._admin = memory.with_tenant(ADMIN_TENANT)
        self._admin_key = admin_key
        self._verified = ExpiringCache[bytes, Principal](KEY_CACHE_SECONDS) if cache is None else cache

    def _now(self) -> datetime:
        return require_aware(self._admin.config.clock(), "clock()")

    def _put(self, kind: str, record_id: str, payload: dict[str, Any], status: str = "") -> Record:
        now = self._now()
        record = Record(
            kind=kind, id=record_id, tenant=ADMIN_TENANT, payload=payload, created_at=now, updated_at=now, status=status
        )
        self._admin.backend.records.put(record)
        return record

    # -- the admin key ----------------------------------------------------------------
    def has_admin_key(self) -> bool:
        return self._admin_key is not None or bool(self._admin.backend.records.list(ADMIN_TENANT, ADMIN_KEY_KIND))

    def create_admin_key(self) -> str:
        """Store the hash of a new admin key and return the key (shown once)."""
        key_id, key, salt, digest = _new_key()
        with self._admin.backend.transaction():
            self._put(ADMIN_KEY_KIND, key_id, {"salt": salt, "digest": digest}, status="active")
            self._admin.audit.record("admin_key.created", key_id, {})
        return key

    # -- tenants ----------------------------------------------------------------------
    def create_tenant(self, name: str) -> TenantInfo:
        if not isinstance(name, str) or not _TENANT_NAME.fullmatch(name):
            raise ValidationError(
                "tenant names are 1-64 letters, digits, '_', '.' or '-', starting with a letter or digit"
            )
        if self._admin.backend.records.get(ADMIN_TENANT, TENANT_KIND, name) is not None:
            raise ConflictError(f"tenant {name!r} already exists")
        with self._admin.backend.transaction():
            record = self._put(TENANT_KIND, name, {})
            self._admin.audit.record("tenant.created", name, {})
        return TenantInfo(name, record.created_at)

    def tenants(self) -> list[TenantInfo]:
        return [TenantInfo(r.id, r.created_at) for r in self._admin.backend.records.list(ADMIN_TENANT, TENANT_KIND)]

    # -- keys -------------------------------------------------------------------------
    def create_key(self, tenant: str, label: str = "") -> tuple[ApiKeyInfo, str]:
        """A new key for ``tenant``: its info and the key itself (never retrievable again)."""
        if self._admin.backend.records.get(ADMIN_TENANT, TENANT_KIND, tenant) is None:
            raise NotFoundError(f"no tenant {tenant!r}; create it first")
        key_id, key, salt, digest = _new_key()
        with self._admin.backend.transaction():
            record = self._put(
                API_KEY_KIND, key_id, {"tenant": tenant, "label": label, "salt": salt, "digest": digest}, "active"
            )
            self._admin.audit.record("api_key.created", f"{tenant}/{key_id}", {"label": label})
        return _info(record), key

    def keys(self, tenant: str | None = None) -> list[ApiKeyInfo]:
        records = self._admin.backend.records.list(ADMIN_TENANT, API_KEY_KIND)
        return [_info(r) for r in records if tenant is None or r.payload.get("tenant") == tenant]

    def revoke(self, key_id: str) -> ApiKeyInfo:
        record = self._admin.backend.records.get(ADMIN_TENANT, API_KEY_KIND, key_id)
        if record is None:
            raise NotFoundError(f"no API key {key_id!r}")
        revoked = Record(
            kind=record.kind,
            id=record.id,
            tenant=record.tenant,
            payload=record.payload,
            created_at=record.created_at,
            updated_at=self._now(),
            status="revoked",
        )
        with self._admin.backend.transaction():
            self._admin.backend.records.put(revoked)
            self._admin.audit.record("api_key.revoked", f"{record.payload.get('tenant')}/{key_id}", {})
        self._verified.drop_where(lambda principal: principal.key_id == key_id)
        return _info(revoked)

    # -- authentication ---------------------------------------------------------------
    def recently_verified(self, key: str | None) -> Principal | None:
        """Who ``key`` is, without reading the store: the configured admin key, or a key that
        :meth:`authenticate` accepted within ``KEY_CACHE_SECONDS``; else ``None`` (ask ``authenticate``)."""
        if not key:
            return None
        if self._admin_key is not None and hmac.compare_digest(key.encode(), self._admin_key.encode()):
            return Principal(key_id="admin", tenant=None)
        return self._verified.get(_fingerprint(key))

    def authenticate(self, key: str | None) -> Principal:
        found = self.recently_verified(key)
        if found is not None:
            return found
        if not key:
            raise AuthenticationError("an API key is required: send 'Authorization: Bearer <key>' or 'X-API-Key'")
        principal = self._verify_stored(key)
        self._verified.put(_fingerprint(key), principal)
        return principal

    def _verify_stored(self, key: str) -> Principal:
        match = _KEY.fullmatch(key)
        if match is None:
            raise AuthenticationError("unknown API key")
        key_id, secret = match.groups()
        for kind in (API_KEY_KIND, ADMIN_KEY_KIND):
            record = self._admin.backend.records.get(ADMIN_TENANT, kind, key_id)
            if record is not None and hmac.compare_digest(
                _digest(str(record.payload["salt"]), secret), str(record.payload["digest"])
            ):
                if record.status != "active":
                    raise AuthenticationError("this API key was revoked")
                return Principal(key_id, None if kind == ADMIN_KEY_KIND else str(record.payload["tenant"]))
        raise AuthenticationError("unknown API key")


def _info(record: Record) -> ApiKeyInfo:
    return ApiKeyInfo(
        key_id=record.id,
        tenant=str(record.payload["tenant"]),
        label=str(record.payload.get("label", "")),
        created_at=record.created_at,
        revoked=record.status != "active",
    )


class SessionOwners:
    """Sessions bound to users: the first request naming a session makes its user the owner;
    a request naming someone else's session gets 403. Owners are remembered for
    ``OWNER_CACHE_SECONDS`` so a busy session costs no store read per request."""

    def __init__(self, cache: ExpiringCache[tuple[str, str], str] | None = None) -> None:
        self._owners = ExpiringCache[tuple[str, str], str](OWNER_CACHE_SECONDS) if cache is None else cache

    def bind(self, memory: Memory, user_id: str, session_id: str) -> None:
        tenant = memory.config.tenant
        owner = self._owners.get((tenant, session_id))
        if owner is None:
            owner = _bind_in_store(memory, user_id, session_id)
            self._owners.put((tenant, session_id), owner)
        if owner != user_id:
            raise PermissionDeniedError(f"session {session_id!r} belongs to another user")


def _bind_in_store(memory: Memory, user_id: str, session_id: str) -> str:
    """The session's owner as stored, making ``user_id`` the owner when it has none yet."""
    records = memory.backend.records
    tenant = memory.config.tenant
    owner = records.get(tenant, SESSION_OWNER_KIND, session_id)
    if owner is None:
        with memory.backend.transaction():
            owner = records.get(tenant, SESSION_OWNER_KIND, session_id)
            if owner is None:
                now = require_aware(memory.config.clock(), "clock()")
                owner = Record(SESSION_OWNER_KIND, session_id, tenant, {}, now, now, user_id=user_id)
                records.put(owner)
    return owner.user_id or ""


class RateLimiter:
    """A token bucket per key: ``per_second`` requests on average, bursts up to ``burst``.

    In-process: with several workers each keeps its own buckets, so the effective limit is
    ``workers × per_second``.
    """

    def __init__(self, per_second: float, burst: int) -> None:
        if per_second <= 0 or burst < 1:
            raise ValidationError("rate limit: per_second must be positive and burst at least 1")
        self._rate = per_second
        self._burst = float(burst)
        self._buckets: dict[str, tuple[float, float]] = {}
        self._lock = threading.Lock()

    def take(self, key_id: str, now: float | None = None) -> None:
        at = time.monotonic() if now is None else now
        with self._lock:
            tokens, last = self._buckets.get(key_id, (self._burst, at))
            tokens = min(self._burst, tokens + (at - last) * self._rate)
            if tokens < 1.0:
                self._buckets[key_id] = (tokens, at)
                wait = (1.0 - tokens) / self._rate
                raise RateLimitedError(f"too many requests; retry in {wait:.2f} s", retry_after=wait)
            self._buckets[key_id] = (tokens - 1.0, at)
