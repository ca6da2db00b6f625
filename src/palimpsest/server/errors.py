"""The ONE table from exception types to HTTP statuses (STYLE practice 5).

Every error body is ``{"error": {"code": "MEM_ERR_...", "message": "..."}}``; the code is the
exception's own ``code``, so clients branch on it, never on the message text. The table is
ordered most specific first; the first type the exception is an instance of wins.

Decisions worth writing down:

- ``QuarantinedError`` → 422: the content itself was judged risky, so repeating the same
  request cannot succeed (409 is for state conflicts that re-reading and retrying can resolve).
- ``ConfigError`` → 500: it names the server's configuration, never the caller's input.
- ``StorageError`` → 503: the backend is unavailable; the request may succeed later.
- A body that is not JSON at all → 400 ``MEM_ERR_MALFORMED``; JSON of the wrong shape → 422.
"""

from __future__ import annotations

from palimpsest.errors import (
    ConfigError,
    ConflictError,
    FileTooLargeError,
    IntegrityError,
    MigrationError,
    NotFoundError,
    PalimpsestError,
    PermissionDeniedError,
    QuarantinedError,
    StorageError,
    ValidationError,
)


class AuthenticationError(PalimpsestError):
    """No API key, or one that is unknown or revoked."""

    code = "MEM_ERR_UNAUTHENTICATED"


class RateLimitedError(PalimpsestError):
    """The key spent its request budget; retry after ``retry_after`` seconds."""

    code = "MEM_ERR_RATE_LIMITED"

    def __init__(self, message: str, *, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class PayloadTooLargeError(PalimpsestError):
    code = "MEM_ERR_TOO_LARGE"


class MalformedRequestError(PalimpsestError):
    """The body is not JSON (JSON of the wrong shape is a ValidationError)."""

    code = "MEM_ERR_MALFORMED"


ERROR_STATUS: tuple[tuple[type[PalimpsestError], int], ...] = (
    (MalformedRequestError, 400),
    (AuthenticationError, 401),
    (PermissionDeniedError, 403),
    (NotFoundError, 404),
    (ConflictError, 409),  # StaleVersionError included
    (PayloadTooLargeError, 413),
    (FileTooLargeError, 413),
    (ValidationError, 422),  # NaiveDatetimeError, InvalidIntervalError, UnknownViewError included
    (QuarantinedError, 422),
    (RateLimitedError, 429),
    (ConfigError, 500),  # EmbedderMismatchError included
    (IntegrityError, 500),
    (MigrationError, 500),
    (StorageError, 503),
    (PalimpsestError, 500),
)

HTTP_CODES: dict[int, str] = {
    404: "MEM_ERR_NOT_FOUND",
    405: "MEM_ERR_METHOD_NOT_ALLOWED",
}
"""Codes for errors the web framework raises before a handler runs (unknown route or method)."""


def status_of(exc: PalimpsestError) -> int:
    """The HTTP status for ``exc``: the first row of :data:`ERROR_STATUS` it is an instance of."""
    for kind, status in ERROR_STATUS:
        if isinstance(exc, kind):
            return status
    raise AssertionError("PalimpsestError is the table's last row")  # pragma: no cover


def error_body(code: str, message: str) -> dict[str, dict[str, str]]:
    return {"error": {"code": code, "message": message}}
