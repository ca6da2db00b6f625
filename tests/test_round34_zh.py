"""Round 34, Chinese: the classes of phrasing behind the misses of the twenty-ninth held-out set.

The employer behind the city it is in and the site named after it (在悉尼的Woolworths超市做理货,
在成都的华为研发中心做…); the employer kept through a promotion, named bare (被提拔成主管了，还在美的); a bare unit
beside the employer joined is part of it (进了南方电网，在营销部上班); a device handed on that is worn or played
(旧的Apple Watch给我女儿戴了); a device's date kept to its coming (a damage's time dates no owning; a device bought for
a relative keeps the buying's date). Every sentence is written for this file (none is taken from a bench set); each
class has look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import FactTable

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u34z"

TABLE = FactTable(ME, AT)
extract = TABLE.extract

Triple = tuple[str, str, str]


_kin = TABLE.kin


_triples = TABLE.triples


_held = TABLE.held


_ended = TABLE.ended_triples


_since = TABLE.since


EMPLOYERS: list[tuple[str, set[Triple]]] = [
    # the employer behind its city and its site
    ("我在悉尼的Woolworths超市做理货员", {(ME, "works_at", "Woolworths")}),
    ("我在成都的华为研发中心做测试工程师", {(ME, "works_at", "华为")}),
    ("我老公在腾讯总部做运维", {(_kin("husband"), "works_at", "腾讯")}),
    ("我在上海的一家律所当律师", set()),
    ("我在北京的协和医院心内科当护士", {(ME, "works_at", "协和医院")}),
    # the employer kept through a promotion, named bare
    ("上个月被提拔成主管了，还在美的，想问下企业账户怎么改", {(ME, "works_at", "美的")}),
    ("被提拔成主管了，还在考虑要不要换工作", set()),
    ("升职了，还在家里办公", set()),
    ("我还在美的", set()),
    # a bare unit beside the employer joined is part of it
    ("我儿子今年进了南方电网，在营销部上班", {(_kin("son"), "works_at", "南方电网")}),
    ("我在客服中心上班", {(ME, "works_at", "客服中心")}),
]


@pytest.mark.parametrize(("text", "expected"), EMPLOYERS)
def test_round34_zh_employers(text: str, expected: set[Triple]) -> None:
    assert _held(text, "works_at") == expected


@pytest.mark.parametrize(
    ("text", "relative", "device"),
    [
        ("旧的Apple Watch给我女儿戴了", "daughter", "Apple Watch"),
        ("旧的Switch给我弟玩了", "brother", "Switch"),
    ],
)
def test_round34_zh_device_handed_on_worn_or_played(text: str, relative: str, device: str) -> None:
    assert _held(text, "owns_device") == {(_kin(relative), "owns_device", device)}
    assert _ended(text, "owns_device") == {(ME, "owns_device", device)}


def test_round34_zh_device_worn_briefly_is_no_hand_over() -> None:
    assert _ended("我给我女儿戴了一下Apple Watch", "owns_device") == set()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # bought for a relative: dated by the buying, as the older sets label it
        ("上周给我爸买了台OPPO Find X7，他不太会设置", {"OPPO Find X7": "2026-11-09"}),
        # a damage's time dates no owning
        ("手上这台小米14昨天屏幕碎了，能修吗", {"小米14": None}),
        # the buying still dates the speaker's own
        ("上周入手了iPhone 16", {"iPhone 16": "2026-11-09"}),
        ("昨天买了台小米14，今天屏幕就碎了", {"小米14": "2026-11-17"}),
    ],
)
def test_round34_zh_device_dated_by_its_coming(text: str, expected: dict[str, str | None]) -> None:
    assert _since(text, "owns_device") == expected
