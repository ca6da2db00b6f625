"""API keys for the MCP server over streamable HTTP: the REST API's keys, checked on every request.

An HTTP request must carry a tenant's key (``Authorization: Bearer <key>``, or ``X-API-Key`` as REST
also accepts). It is checked by the REST API's own :class:`~palimpsest.server.auth.KeyStore`, so the
keys the REST admin routes make on the same store URL are the keys MCP accepts, and a key revoked
there is refused here at once. A refused request is answered before the MCP layer sees it (401 for no,
unknown or revoked key, 403 for the admin key, which reads no data, 429 over the key's rate limit),
with the REST error body ``{"error": {"code": ..., "message": ...}}``: no tool runs.

An accepted request carries the ``mcp`` SDK's own :class:`~mcp.server.auth.provider.AccessToken`
(``client_id`` = the key id, ``subject`` = its tenant). The SDK binds each MCP session to that
principal (a session id presented with another key is answered 404, as if it did not exist) and hands
it to the tool call, which runs on the key's tenant view of the one :class:`~palimpsest.Memory`.

Why not the SDK's ``TokenVerifier`` + ``AuthSettings``: they are built for OAuth (a mandatory issuer
URL for an authorization server palimpsest does not have) and answer every refusal with the same
"Authentication required", where a caller needs to know that its key was revoked, and clients branch
on the same ``MEM_ERR_...`` codes as REST. Starlette's authentication middleware with the SDK's token
and user types keeps everything else the SDK does with an authenticated request.

stdio needs no key: the pipe belongs to the client process that started the server.
"""

from __future__ import annotations

import ipaddress

import anyio.to_thread
from mcp.server.auth.middleware.auth_context import AuthContextMiddleware, get_access_token
from mcp.server.auth.middleware.bearer_auth import AuthenticatedUser
from mcp.server.auth.provider import AccessToken
from starlette.applications import Starlette
from starlette.authentication import AuthCredentials, AuthenticationBackend, AuthenticationError
from starlette.middleware.authentication import AuthenticationMiddleware
from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse, Response

from palimpsest.errors import ConfigError, PalimpsestError, PermissionDeniedError
from palimpsest.memory import Memory
from palimpsest.server.auth import KeyStore, Principal, RateLimiter
from palimpsest.server.errors import AuthenticationError as KeyRefusedError
from palimpsest.server.errors import RateLimitedError, error_body, status_of
from palimpsest.server.tenants import TenantMemories


def is_loopback(host: str) -> bool:
    """Whether binding ``host`` keeps the server reachable from this machine only.

    Any other name is not: it may resolve to a public address, now or later.
    """
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip().strip("[]")).is_loopback
    except ValueError:
        return False


def check_binding(host: str, *, require_keys: bool) -> None:
    """Refuse to serve memory without keys anywhere but on loopback."""
    if not require_keys and not is_loopback(host):
        raise ConfigError(
            f"refusing to serve MCP over HTTP on {host!r} without API keys: anyone who can reach the port "
            "could read and write memory. Drop --no-auth (keys are checked as the REST API checks them), "
            "or bind a loopback address (127.0.0.1, ::1, localhost)."
        )


class _Refused(AuthenticationError):
    """Carries the palimpsest error across Starlette's authentication middleware to :func:`_refusal`."""

    def __init__(self, error: PalimpsestError) -> None:
        super().__init__(error.message)
        self.error = error


def _presented_key(conn: HTTPConnection) -> str | None:
    """The key, read exactly as the REST API reads it."""
    header = conn.headers.get("authorization", "")
    return header[7:].strip() if header.lower().startswith("bearer ") else conn.headers.get("x-api-key")


class ApiKeyBackend(AuthenticationBackend):
    """Starlette authentication against the REST API's key store; refuses rather than lets through."""

    def __init__(self, keys: KeyStore, limiter: RateLimiter | None = None) -> None:
        self._keys = keys
        self._limiter = limiter

    def _tenant_principal(self, key: str | None) -> Principal:
        principal = self._keys.authenticate(key)
        if principal.tenant is None:
            raise PermissionDeniedError("the admin key manages tenants and keys; use a tenant's key for memory")
        if self._limiter is not None:
            self._limiter.take(principal.key_id)
        return principal

    async def authenticate(self, conn: HTTPConnection) -> tuple[AuthCredentials, AuthenticatedUser]:
        key = _presented_key(conn)
        try:
            # The key store reads the database: keep the event loop free for other requests meanwhile.
            principal = await anyio.to_thread.run_sync(self._tenant_principal, key)
        except PalimpsestError as exc:
            raise _Refused(exc) from exc
        assert key is not None and principal.tenant is not None  # authenticate() refused otherwise
        token = AccessToken(token=key, client_id=principal.key_id, subject=principal.tenant, scopes=[])
        return AuthCredentials([]), AuthenticatedUser(token)


def _refusal(_: HTTPConnection, exc: AuthenticationError) -> Response:
    error = exc.error if isinstance(exc, _Refused) else KeyRefusedError(str(exc))
    status = status_of(error)
    headers = None
    if status == 401:  # RFC 6750: a 401 names the scheme the client should use
        headers = {"WWW-Authenticate": 'Bearer realm="palimpsest"'}
    elif isinstance(error, RateLimitedError):
        headers = {"Retry-After": str(max(1, round(error.retry_after)))}
    return JSONResponse(error_body(error.code, error.message), status_code=status, headers=headers)


def require_api_keys(app: Starlette, keys: KeyStore, limiter: RateLimiter | None = None) -> None:
    """Make ``app`` (the SDK's streamable-HTTP app, not yet started) refuse requests without a tenant
    key, and requests over the key's rate limit when ``limiter`` is given."""
    # add_middleware puts each new layer outside the previous one: authentication runs first, then the
    # SDK's AuthContextMiddleware publishes the token to the request's context for the tool call.
    app.add_middleware(AuthContextMiddleware)
    app.add_middleware(AuthenticationMiddleware, backend=ApiKeyBackend(keys, limiter), on_error=_refusal)


def rate_limiter(per_second: float) -> RateLimiter | None:
    """The REST API's per-key limit: ``per_second`` on average, bursts of twice that; 0 turns it off."""
    return None if per_second <= 0 else RateLimiter(per_second, burst=max(1, int(2 * per_second)))


class TenantViews:
    """The one Memory seen as the calling key's tenant; each view made once and kept, and its stored rules
    re-read as the REST API does (:class:`~palimpsest.server.tenants.TenantMemories`)."""

    def __init__(self, memory: Memory) -> None:
        self._memories = TenantMemories(memory)

    def of_caller(self) -> Memory:
        """The view of the tenant whose key made the current request."""
        token = get_access_token()
        if token is None or token.subject is None:
            # Unreachable behind require_api_keys; refusing keeps a mis-wired server from serving a tenant.
            raise KeyRefusedError("this request carries no API key")
        return self._memories(token.subject)
