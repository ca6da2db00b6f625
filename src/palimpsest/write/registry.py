"""Loading the predicate registry from YAML files, and the value normalizers it names.

:func:`load_registry` lays tenant files over the packaged ``data/predicates.yaml``;
:func:`normalize_value` canonicalizes a value the way its predicate says, so that
"北京市" and "北京", "iphone14" and "iPhone 14", "+86 138-0000-1111" and "13800001111"
compare equal. Normalizers never reject a value: what they cannot canonicalize comes
back whitespace-folded, and judging validity is the validator's job.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType

from palimpsest.core.identifiers import identifier_key
from palimpsest.core.predicates import PredicateRegistry, PredicateSpec, builtin_registry, parse_registry_text
from palimpsest.errors import ConfigError

__all__ = ["NORMALIZERS", "load_registry", "normalize_value"]

_SPACES = re.compile(r"\s+")
# Sentence-final marks a speaker leaves on a value ("周报B版。"); "." is kept because it ends
# abbreviations ("Acme Inc.").
_TRAILING_MARKS = "。！？；，!?;,、"
# A word of letters in any script, so a diacritic does not split it ("Whakatāne", not "WhakatāNe").
_LETTER_WORD = re.compile(r"[^\W\d_](?:[^\W\d_]|['\-])*")


def normalize_text(value: str) -> str:
    # NFKC folds the full-width letters, digits and spaces that Chinese IMEs produce.
    folded = _SPACES.sub(" ", unicodedata.normalize("NFKC", value)).strip()
    return folded.rstrip(_TRAILING_MARKS).strip()


def _title_lower_words(text: str) -> str:
    # Only all-lower-case words are title-cased, so "NYC" and "McAllen" stay as written.
    return _LETTER_WORD.sub(lambda m: m.group(0).capitalize() if m.group(0).islower() else m.group(0), text)


def normalize_city(value: str) -> str:
    text = normalize_text(value)
    # "北京市" and "北京" are one city; a one-character remainder ("沙市") is a name of its own.
    if text.endswith("市") and len(text) >= 3:
        text = text[:-1]
    return _title_lower_words(text)


# Product lines people type in every casing, with the casing their makers use.
_PRODUCT_LINES = {
    "iphone": "iPhone",
    "ipad": "iPad",
    "imac": "iMac",
    "macbook": "MacBook",
    "airpods": "AirPods",
    "galaxy": "Galaxy",
    "pixel": "Pixel",
    "thinkpad": "ThinkPad",
    "surface": "Surface",
    "kindle": "Kindle",
    "mate": "Mate",
    "redmi": "Redmi",
    "oneplus": "OnePlus",
    "xiaomi": "Xiaomi",
    "huawei": "Huawei",
    "oppo": "OPPO",
    "vivo": "vivo",
}
# Latin-letter boundaries rather than \b: Chinese characters are word characters, and "华为Mate60"
# must still find "Mate".
_PRODUCT_LINE = re.compile(r"(?i)(?<![A-Za-z])(" + "|".join(_PRODUCT_LINES) + r")(?![A-Za-z])(?:\s*(\d+))?")


# Model suffixes are capitalized by every maker ("iPhone 14 Pro Max", "MacBook Air").
_MODEL_SUFFIX = re.compile(r"(?<![A-Za-z])(pro|max|plus|air|mini|ultra|lite)(?![A-Za-z])")


def normalize_device(value: str) -> str:
    def fix(match: re.Match[str]) -> str:
        line = _PRODUCT_LINES[match.group(1).lower()]
        return f"{line} {match.group(2)}" if match.group(2) else line

    text = _PRODUCT_LINE.sub(fix, normalize_text(value))
    return _MODEL_SUFFIX.sub(lambda m: m.group(1).capitalize(), text)


_FORMAT_NAMES = {
    "excel": "Excel",
    "xlsx": "Excel",
    "xls": "Excel",
    "word": "Word",
    "docx": "Word",
    "doc": "Word",
    "markdown": "Markdown",
    "md": "Markdown",
    "powerpoint": "PPT",
    "pptx": "PPT",
    "表格": "Excel",
    "spreadsheet": "Excel",
}
_FORMAT_SUFFIX = re.compile(r"(?i)\s*(格式|文件|format|file)$")
_SHORT_LATIN = re.compile(r"^[A-Za-z0-9]{2,5}$")


def normalize_format(value: str) -> str:
    text = _FORMAT_SUFFIX.sub("", normalize_text(value)).strip().lstrip(".")
    named = _FORMAT_NAMES.get(text.casefold())
    if named is not None:
        return named
    # Short Latin tokens are file-type abbreviations: pdf, csv, json, txt, html.
    return text.upper() if _SHORT_LATIN.match(text) else text


_THEMES = (
    ("dark", re.compile(r"(?i)深色|暗色|暗黑|黑色|夜间|夜晚模式|\bdark\b|\bnight\b")),
    ("light", re.compile(r"(?i)浅色|亮色|明亮|白色|日间|\blight\b|\bday\b")),
)


def _first_label(text: str, table: tuple[tuple[str, re.Pattern[str]], ...]) -> str | None:
    for label, pattern in table:
        if pattern.search(text):
            return label
    return None


def normalize_theme(value: str) -> str:
    text = normalize_text(value)
    return _first_label(text, _THEMES) or text


_CHANNELS = (
    ("email", re.compile(r"(?i)邮件|邮箱|e-?mail|\bmail\b")),
    ("SMS", re.compile(r"(?i)短信|\bsms\b|\btext messages?\b")),
    ("WeChat", re.compile(r"(?i)微信|wechat|weixin")),
    ("phone", re.compile(r"(?i)电话|\bphone( calls?)?\b|\bcalls?\b")),
    ("app", re.compile(r"(?i)推送|站内信|\bpush\b|\bapp\b|\bin-app\b")),
)


def normalize_channel(value: str) -> str:
    text = normalize_text(value)
    return _first_label(text, _CHANNELS) or text


_LANGUAGES = (
    ("zh", re.compile(r"(?i)中文|汉语|普通话|国语|简体|繁体|粤语|\bchinese\b|\bmandarin\b|^zh\b")),
    ("en", re.compile(r"(?i)英文|英语|\benglish\b|^en\b")),
    ("ja", re.compile(r"(?i)日语|日文|\bjapanese\b|^ja\b")),
    ("ko", re.compile(r"(?i)韩语|韩文|\bkorean\b|^ko\b")),
    ("fr", re.compile(r"(?i)法语|法文|\bfrench\b|^fr\b")),
    ("de", re.compile(r"(?i)德语|德文|\bgerman\b|^de\b")),
    ("es", re.compile(r"(?i)西班牙语|\bspanish\b|^es\b")),
)


def normalize_language(value: str) -> str:
    text = normalize_text(value)
    return _first_label(text, _LANGUAGES) or text


def normalize_phone(value: str) -> str:
    text = normalize_text(value)
    key = identifier_key(text, "phone")
    if not key or not key.isdigit():
        return text
    written_international = text.startswith("+") or re.sub(r"\D", "", text).startswith("00")
    chinese_mobile = len(key) == 11 and key.startswith("1")
    # Chinese mobiles are stored as people say them (11 digits); other international numbers
    # keep their country code, which the exact-lookup key drops for +1 numbers.
    if written_international and not chinese_mobile:
        return "+" + re.sub(r"\D", "", text).removeprefix("00")
    return key


def normalize_email(value: str) -> str:
    text = normalize_text(value)
    return identifier_key(text, "email") or text


def normalize_id(value: str) -> str:
    return _SPACES.sub("", normalize_text(value))


NORMALIZERS: Mapping[str, Callable[[str], str]] = MappingProxyType(
    {
        "text": normalize_text,
        "city": normalize_city,
        "device": normalize_device,
        "format": normalize_format,
        "theme": normalize_theme,
        "channel": normalize_channel,
        "language": normalize_language,
        "identifier:phone": normalize_phone,
        "identifier:email": normalize_email,
        "identifier:id": normalize_id,
    }
)
"""Normalizer name (as written in a registry file) → function."""


def normalize_value(spec: PredicateSpec, value: str) -> str:
    """``value`` canonicalized by the normalizer ``spec`` names."""
    normalizer = NORMALIZERS.get(spec.normalizer)
    if normalizer is None:
        raise ConfigError(f"predicate {spec.name!r}: unknown normalizer {spec.normalizer!r}")
    return normalizer(value)


def check_normalizers(registry: PredicateRegistry, origin: str, names: set[str] | None = None) -> None:
    for name, spec in registry.specs.items():
        if (names is None or name in names) and spec.normalizer not in NORMALIZERS:
            known = ", ".join(sorted(NORMALIZERS))
            raise ConfigError(
                f"predicate registry {origin}: predicates.{name}.normalizer: "
                f"unknown normalizer {spec.normalizer!r} (known: {known})"
            )


def load_registry(*paths: Path | str) -> PredicateRegistry:
    """The packaged predicates with each file in ``paths`` laid over them, in order.

    A later file adds predicates, or overrides the fields it sets of a predicate an earlier
    file (or the package) defined. Raises :class:`ConfigError` naming the file and the key
    for unreadable files, invalid YAML, unknown keys and unknown normalizers.
    """
    registry = builtin_registry()
    check_normalizers(registry, "(packaged predicates.yaml)")
    for raw_path in paths:
        path = Path(raw_path)
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise ConfigError(f"predicate registry {path}: cannot read: {exc}") from exc
        before = registry
        registry = parse_registry_text(text, str(path), registry)
        touched = {name for name, spec in registry.specs.items() if before.specs.get(name) is not spec}
        check_normalizers(registry, str(path), touched)
    return registry
