"""The predicate registry: what each predicate means to the store.

Cardinality decides supersession (*one*) versus accumulation (*many*); ``identifier``
makes values findable by exact lookup. Unknown predicates are *one*-cardinality and
not identifiers: most facts about a subject have one current value.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from palimpsest.core.identifiers import IdentifierKind
from palimpsest.types import Cardinality


@dataclass(frozen=True, slots=True)
class PredicateSpec:
    name: str
    cardinality: Cardinality = Cardinality.ONE
    identifier: IdentifierKind | None = None
    category: str | None = None
    sensitive: bool = False
    description: str = ""
    keywords: tuple[str, ...] = ()
    """Words (both languages) that signal a question is about this predicate."""


def _spec(
    name: str,
    cardinality: Cardinality = Cardinality.ONE,
    identifier: IdentifierKind | None = None,
    category: str | None = None,
    sensitive: bool = False,
    keywords: str = "",
) -> PredicateSpec:
    return PredicateSpec(name, cardinality, identifier, category, sensitive, keywords=tuple(keywords.split()))


BUILTIN_PREDICATES: tuple[PredicateSpec, ...] = (
    _spec(
        "lives_in",
        category="profile",
        keywords="live lives living reside city home move moved 住 住在 居住 住址 城市 搬 搬家 哪里 哪儿",
    ),
    _spec("address", category="profile", sensitive=True, keywords="address street deliver 地址 住址 收货"),
    _spec("works_at", category="profile", keywords="work works job employer company office 工作 上班 公司 单位"),
    _spec("job_title", category="profile", keywords="job title role position 职位 岗位 职务"),
    _spec("name", category="profile", keywords="name called 名字 叫 姓名"),
    _spec(
        "phone",
        identifier="phone",
        category="contact",
        sensitive=True,
        keywords="phone mobile number call 电话 手机 号码",
    ),
    _spec("email", identifier="email", category="contact", sensitive=True, keywords="email mail 邮箱 邮件"),
    _spec("user_id", identifier="id", category="identity", keywords="id account 账号 用户名"),
    _spec("order_id", Cardinality.MANY, identifier="id", category="orders", keywords="order orders 订单 单号"),
    _spec(
        "placed_order",
        Cardinality.MANY,
        identifier="id",
        category="orders",
        keywords="order ordered bought 订单 下单 购买",
    ),
    _spec("ticket_id", Cardinality.MANY, identifier="id", category="support", keywords="ticket case 工单"),
    _spec("owns_device", Cardinality.MANY, category="devices", keywords="device phone laptop own owns 设备 手机 电脑"),
    _spec("preferred_report_format", category="preferences", keywords="report format 报告 报表 周报 格式 版"),
    _spec("preferred_language", category="preferences", keywords="language speak 语言"),
    _spec(
        "preference",
        Cardinality.MANY,
        category="preferences",
        keywords="prefer like default always 喜欢 偏好 默认 习惯",
    ),
)


@dataclass(frozen=True)
class PredicateRegistry:
    """An immutable registry; :meth:`with_specs` returns an extended copy."""

    specs: Mapping[str, PredicateSpec] = field(
        default_factory=lambda: MappingProxyType({s.name: s for s in BUILTIN_PREDICATES})
    )

    def get(self, predicate: str) -> PredicateSpec:
        found = self.specs.get(predicate)
        return found if found is not None else PredicateSpec(predicate)

    def with_specs(self, specs: Iterable[PredicateSpec]) -> PredicateRegistry:
        merged = dict(self.specs)
        for spec in specs:
            merged[spec.name] = spec
        return PredicateRegistry(MappingProxyType(merged))

    def with_cardinality(self, predicate: str, cardinality: Cardinality) -> PredicateRegistry:
        return self.with_specs([replace(self.get(predicate), cardinality=cardinality)])

    def names(self) -> list[str]:
        return sorted(self.specs)
