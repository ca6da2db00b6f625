"""Normalization of identifiers for the exact channel.

One function, :func:`identifier_key`, is applied to stored values and to lookup
queries alike, so the two sides always agree. Lookup is an index probe on the
normalized key, never a similarity search: ``13800001111`` cannot match ``13900001111``.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Literal

IdentifierKind = Literal["email", "phone", "id"]

_EMAIL = re.compile(r"^[^\s@]+@[^\s@]+\.[^\s@]+$")
# Characters people put inside phone numbers; anything else means "not a phone".
_PHONE_CHARS = re.compile(r"^\+?[\d\s\-().]+$")
_ID_TOKEN = re.compile(r"^[\w\-.:/#]+$")
_HAS_DIGIT = re.compile(r"\d")
_MIN_PHONE_DIGITS = 7
_MAX_PHONE_DIGITS = 15  # E.164


def _fold(text: str) -> str:
    # NFKC folds full-width digits and letters (１３８, ＡＢＣ) that Chinese IMEs produce.
    return unicodedata.normalize("NFKC", text).strip()


def classify_identifier(text: str) -> IdentifierKind | None:
    """What kind of identifier ``text`` looks like, or ``None`` when it looks like prose."""
    folded = _fold(text)
    if not folded or len(folded) > 128:
        return None
    if _EMAIL.match(folded):
        return "email"
    if _PHONE_CHARS.match(folded):
        digits = re.sub(r"\D", "", folded)
        if _MIN_PHONE_DIGITS <= len(digits) <= _MAX_PHONE_DIGITS:
            return "phone"
    if _ID_TOKEN.match(folded) and _HAS_DIGIT.search(folded):
        return "id"
    return None


def _phone_key(folded: str) -> str:
    explicit_plus = folded.startswith("+")
    digits = re.sub(r"\D", "", folded)
    if explicit_plus or digits.startswith("00"):
        digits = digits.lstrip("0") if not explicit_plus else digits
        if digits.startswith("86") and len(digits) == 13:
            return digits[2:]
        if digits.startswith("1") and len(digits) == 11:
            return digits[1:]
        return digits
    # A bare 86 + 11-digit Chinese mobile is still recognisable without the plus.
    if digits.startswith("86") and len(digits) == 13 and digits[2] == "1":
        return digits[2:]
    return digits


def identifier_key(text: str, kind: IdentifierKind | None = None) -> str | None:
    """The normalized key of an identifier, or ``None`` if ``text`` is not one.

    - e-mail: case-insensitive (the whole address is folded)
    - phone: digits only; spaces, dashes, dots, parentheses and +86 / +1 prefixes removed
    - ids (order numbers, user ids): case-insensitive, surrounding space removed

    ``kind`` forces an interpretation (a predicate that declares its values are ids);
    without it the kind is detected.
    """
    folded = _fold(text)
    if not folded:
        return None
    detected = kind or classify_identifier(folded)
    if detected == "email":
        return folded.casefold()
    if detected == "phone":
        key = _phone_key(folded)
        return key or None
    if detected == "id":
        return re.sub(r"\s+", "", folded).casefold()
    return None
