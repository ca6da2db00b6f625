"""The predicate registry as data: the packaged YAML, tenant files laid over it, normalizers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from palimpsest import ConfigError, PredicateRegistry
from palimpsest.core import predicates as predicates_module
from palimpsest.core.predicates import PredicateSpec
from palimpsest.types import Cardinality
from palimpsest.write.registry import NORMALIZERS, load_registry, normalize_value

ONE, MANY = Cardinality.ONE, Cardinality.MANY

CANONICAL = {
    "lives_in": ONE,
    "address": ONE,
    "works_at": ONE,
    "job_title": ONE,
    "owns_device": MANY,
    "phone": ONE,
    "email": ONE,
    "order_id": MANY,
    "ticket_id": MANY,
    "name": ONE,
    "preferred_report_format": ONE,
    "preferred_export_format": ONE,
    "preferred_theme": ONE,
    "preferred_language": ONE,
    "preferred_notification_channel": ONE,
    "preferred_shipping_carrier": ONE,
    "preferred_payment_method": ONE,
    "preference": MANY,
}
CONSENT_CATEGORIES = {"profile", "contact", "devices", "orders", "support", "preferences", "conversations"}
_CJK = re.compile(r"[\u4e00-\u9fff]")


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("predicate", "cardinality"), sorted(CANONICAL.items()))
def test_every_canonical_predicate_is_registered(predicate: str, cardinality: Cardinality) -> None:
    spec = PredicateRegistry().get(predicate)
    assert predicate in PredicateRegistry().specs
    assert spec.cardinality is cardinality
    assert spec.consent in CONSENT_CATEGORIES
    assert spec.normalizer in NORMALIZERS
    assert any(_CJK.search(k) for k in spec.keywords), "needs Chinese keywords"
    assert any(k.isascii() for k in spec.keywords), "needs English keywords"


def test_default_registry_is_the_packaged_file_and_the_legacy_tuple_agrees() -> None:
    default = PredicateRegistry()
    loaded = load_registry()
    assert dict(default.specs) == dict(loaded.specs)
    assert default.consent_categories == CONSENT_CATEGORIES
    assert {s.name for s in predicates_module.BUILTIN_PREDICATES} == set(default.specs)


@pytest.mark.parametrize(
    ("predicate", "identifier", "sensitive", "normalizer", "category"),
    [
        ("phone", "phone", True, "identifier:phone", "contact"),
        ("email", "email", True, "identifier:email", "contact"),
        ("address", None, True, "text", "profile"),
        ("order_id", "id", False, "identifier:id", "orders"),
        ("ticket_id", "id", False, "identifier:id", "support"),
        ("user_id", "id", False, "identifier:id", "identity"),
        ("lives_in", None, False, "city", "profile"),
        ("owns_device", None, False, "device", "devices"),
        ("preferred_export_format", None, False, "format", "preferences"),
        ("preferred_theme", None, False, "theme", "preferences"),
    ],
)
def test_packaged_fields(
    predicate: str, identifier: str | None, sensitive: bool, normalizer: str, category: str
) -> None:
    spec = PredicateRegistry().get(predicate)
    assert (spec.identifier, spec.sensitive, spec.normalizer, spec.category) == (
        identifier,
        sensitive,
        normalizer,
        category,
    )


def test_unknown_predicates_are_one_cardinality_text() -> None:
    spec = PredicateRegistry().get("favourite_colour")
    assert spec == PredicateSpec("favourite_colour")
    assert (spec.cardinality, spec.normalizer, spec.consent) == (ONE, "text", None)


def test_with_specs_and_with_cardinality_keep_consent_categories() -> None:
    registry = PredicateRegistry().with_cardinality("speaks", MANY)
    assert registry.get("speaks").cardinality is MANY
    assert registry.consent_categories == CONSENT_CATEGORIES


@pytest.mark.parametrize(
    ("predicate", "value", "expected"),
    [
        ("lives_in", "北京市", "北京"),
        ("lives_in", " 上海市。", "上海"),
        ("lives_in", "沙市", "沙市"),
        ("lives_in", "beijing", "Beijing"),
        ("lives_in", "new york", "New York"),
        ("lives_in", "NYC", "NYC"),
        ("owns_device", "iphone14 pro max", "iPhone 14 Pro Max"),
        ("owns_device", "华为Mate60", "华为Mate 60"),
        ("owns_device", "macbook air", "MacBook Air"),
        ("owns_device", "Galaxy S23", "Galaxy S23"),
        ("preferred_export_format", "pdf", "PDF"),
        ("preferred_export_format", "PDF格式", "PDF"),
        ("preferred_export_format", "csv file", "CSV"),
        ("preferred_export_format", "excel", "Excel"),
        ("preferred_theme", "深色模式", "dark"),
        ("preferred_theme", "暗色", "dark"),
        ("preferred_theme", "dark mode", "dark"),
        ("preferred_theme", "浅色", "light"),
        ("preferred_notification_channel", "短信", "SMS"),
        ("preferred_notification_channel", "微信", "WeChat"),
        ("preferred_notification_channel", "e-mail", "email"),
        ("preferred_language", "中文", "zh"),
        ("preferred_language", "English", "en"),
        ("phone", "+86 138-0000-1111", "13800001111"),
        ("phone", "１３８ ０００ ０１１１１", "13800001111"),
        ("phone", "+1 415 555 0100", "+14155550100"),
        ("phone", "0044 20 7946 0958", "+442079460958"),
        ("phone", "not a number", "not a number"),
        ("email", " Foo@Bar.COM ", "foo@bar.com"),
        ("order_id", "ORD 2024 001", "ORD2024001"),
        ("preferred_report_format", "  周报B版。 ", "周报B版"),
        ("preference", "Ｂ版  报告", "B版 报告"),
        ("works_at", "Acme Inc.", "Acme Inc."),
    ],
)
def test_normalize_value(predicate: str, value: str, expected: str) -> None:
    assert normalize_value(PredicateRegistry().get(predicate), value) == expected


def test_unknown_normalizer_at_use_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="unknown normalizer 'soundex'"):
        normalize_value(PredicateSpec("x", normalizer="soundex"), "value")


def test_tenant_file_overrides_fields_and_adds_predicates(tmp_path: Path) -> None:
    tenant = write(
        tmp_path,
        "tenant.yaml",
        """
consent_categories: [health]
predicates:
  owns_device: {sensitive: true}
  blood_type:
    consent: health
    sensitive: true
    keywords: {en: [blood], zh: [血型]}
  vehicle:
    cardinality: many
    consent: devices
    normalizer: device
""",
    )
    registry = load_registry(tenant)
    device = registry.get("owns_device")
    assert device.sensitive is True
    # Everything the tenant did not set is kept.
    assert (device.cardinality, device.normalizer, device.consent) == (MANY, "device", "devices")
    blood = registry.get("blood_type")
    assert (blood.cardinality, blood.consent, blood.category, blood.keywords) == (
        ONE,
        "health",
        "health",
        ("blood", "血型"),
    )
    assert registry.get("vehicle").cardinality is MANY
    assert "health" in registry.consent_categories
    # The packaged default is untouched.
    assert PredicateRegistry().get("owns_device").sensitive is False


def test_later_files_win(tmp_path: Path) -> None:
    first = write(tmp_path, "a.yaml", "predicates:\n  preference: {cardinality: one}\n")
    second = write(tmp_path, "b.yaml", "predicates:\n  preference: {cardinality: many, description: tenant B}\n")
    spec = load_registry(first, second).get("preference")
    assert (spec.cardinality, spec.description) == (MANY, "tenant B")


def test_identifier_predicates_default_to_their_identifier_normalizer(tmp_path: Path) -> None:
    path = write(tmp_path, "t.yaml", "predicates:\n  contract_id: {identifier: id, consent: orders}\n")
    assert load_registry(path).get("contract_id").normalizer == "identifier:id"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("predicates:\n  owns_device: {cardnality: many}\n", r"predicates\.owns_device\.cardnality: unknown key"),
        ("predicate:\n  x: {}\n", r"predicate: unknown key"),
        ("predicates:\n  x: {cardinality: few}\n", r"predicates\.x\.cardinality: expected one or many"),
        ("predicates:\n  x: {identifier: ssn}\n", r"predicates\.x\.identifier"),
        ("predicates:\n  x: {consent: health}\n", r"predicates\.x\.consent: 'health' is not a declared"),
        ("predicates:\n  x: {sensitive: maybe}\n", r"predicates\.x\.sensitive: expected true or false"),
        ("predicates:\n  x: {normalizer: soundex}\n", r"predicates\.x\.normalizer: unknown normalizer 'soundex'"),
        ("predicates:\n  x: {keywords: [a, b]}\n", r"predicates\.x\.keywords: expected a mapping"),
        ("predicates:\n  x: {keywords: {fr: [maison]}}\n", r"predicates\.x\.keywords\.fr: unknown key"),
        ("predicates: [lives_in]\n", r"predicates: expected a mapping"),
        ("predicates: {x: {\n", r"not valid YAML"),
    ],
)
def test_bad_tenant_files_name_file_and_key(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, "bad-tenant.yaml", text)
    with pytest.raises(ConfigError, match=message) as caught:
        load_registry(path)
    assert "bad-tenant.yaml" in str(caught.value)


def test_missing_file_is_a_config_error(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="cannot read"):
        load_registry(tmp_path / "absent.yaml")
