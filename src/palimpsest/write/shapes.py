"""Value shapes: does a span cut out by a rule look like a value of its predicate?

Phrase rules find *where* a value is said; they cannot always tell where it ends, and on text
they were not written for they cut spans that are no value at all ("住得还挺习惯" read as a
residence "得还挺习惯", "一直住到现在" as "到现在"). A check on the shape of the value itself
generalizes better than another guard on the phrase: a residence is a place name, a title ends in
a trade word, an employer is an organisation (not one of its departments).

Chinese place names come from jieba's part-of-speech dictionary (~17,700 words tagged ``ns``),
which ships with jieba: no data is downloaded. jieba tags some towns as adjectives or verbs (清迈 a,
自贡 v); the packaged list of the world's cities in Chinese (``data/cities_zh.txt``, from GeoNames)
vouches for those, but only for a span a residence or move cue has already cut. Pure functions, no I/O
beyond jieba's and that list's one-time load.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache
from importlib import resources

__all__ = [
    "employer_without_unit",
    "is_city_area",
    "is_world_city",
    "noun_first",
    "place_shape_ok",
    "place_trimmed",
    "plain_nouns",
    "title_shape_ok",
    "word_starts",
]

_CJK = re.compile(r"[\u4e00-\u9fff]")
# A place named by its administrative or street suffix: 鄞州区, 顺德区, 学府路12号.
_PLACE_SUFFIX = re.compile(r"[市省区县州镇乡村岛湾]$|(?:路|街|道|巷|弄)\d*号?$")
# Parts of speech that never occur inside a place name: adverbs, prepositions, particles,
# pronouns, conjunctions, verbs, adjectives, modal particles, interjections.
_NOT_IN_A_PLACE = frozenset(
    {"d", "p", "u", "uj", "ul", "uz", "ug", "uv", "ud", "r", "c", "v", "vn", "a", "ad", "y", "e"}
)


@lru_cache(maxsize=1024)
def _tags(text: str) -> tuple[tuple[str, str], ...]:
    from jieba import posseg  # loaded on first use: the dictionary takes ~0.7 s

    return tuple((w.word, w.flag) for w in posseg.cut(text))


@cache
def _world_cities() -> frozenset[str]:
    text = resources.files("palimpsest").joinpath("data/cities_zh.txt").read_text(encoding="utf-8")
    return frozenset(line for line in text.splitlines() if line and not line.startswith("#"))


def is_world_city(name: str) -> bool:
    """Whether ``name`` is the Chinese name of a city of over 15,000 people (GeoNames): 清迈, 阿布扎比.

    Many such names are also words (光明, 太平): ask this only of a span that a cue already names as
    a place (or as what is no employer), never to find places in free text.
    """
    return name in _world_cities()


# Generic places that are no town: "平时住学校宿舍", "住酒店".
_GENERIC_PLACES = frozenset(
    ["宿舍", "酒店", "宾馆", "家", "家里", "公司", "学校", "单位", "房子", "小区", "楼", "楼上", "楼下", "附近", "隔壁",
     "现在", "那边", "这边", "那里", "这里", "那儿", "这儿"]
)  # fmt: skip


# Kinds of area, named by their use, that are no town: "住在别墅区", "住在老城区".
_GENERIC_AREA = re.compile(r"(?:别墅|住宅|生活|学|校|园|开发|城|郊|市|景|厂|老城|新城|居民|商业|工业|保税)区")


def word_starts(text: str) -> frozenset[int]:
    """The offsets where jieba starts a word in ``text`` (0 included)."""
    starts, offset = [], 0
    for word, _ in _tags(text):
        starts.append(offset)
        offset += len(word)
    return frozenset(starts)


def plain_nouns(text: str) -> bool:
    """Whether ``text`` is only common nouns (or is empty): "公路", "珍珠", not a name ("希尔顿", "全聚德")."""
    return all(flag in ("n", "s", "j", "f") for _, flag in _tags(text)) if text else True


def noun_first(text: str) -> bool:
    """Whether ``text`` starts with a noun or a name ("美的", "国家电网", "Shopee"), not with an adverb, a verb or
    an adjective ("很忙", "得去一趟", "老样子"): the shape of a name said after a word that may also say how
    things are ("公司还是…")."""
    tags = _tags(text)
    return bool(tags) and (tags[0][1].startswith("n") or tags[0][1] in ("j", "eng", "x"))


def place_shape_ok(place: str, known: frozenset[str] = frozenset()) -> bool:
    """Whether ``place`` reads as a place name (Latin-script names are left to their rules).

    A span with a function word in it is no place ("不在武汉", "得还挺习惯", "到现在"), nor is one
    ending in a generic noun ("学校宿舍"); anything else is given the benefit of the doubt, since
    jieba tags many towns as plain nouns (大理 n).
    """
    if not _CJK.search(place):
        return True
    if _GENERIC_AREA.fullmatch(place):
        return False
    if place in known or _PLACE_SUFFIX.search(place) or is_world_city(place):
        return True
    tags = _tags(place)
    if any(flag in _NOT_IN_A_PLACE for _, flag in tags):
        return False
    return tags[-1][0] not in _GENERIC_PLACES


def is_city_area(text: str, known: frozenset[str] = frozenset()) -> bool:
    """Whether ``text`` is a city and a part of it ("上海张江", "深圳南山"), not an organisation
    named after its city ("上海电气", "北京银行"): every word after the city is a place name (jieba
    tags some districts as person names: 张江 nr, 陆家嘴 nr)."""
    if not _CJK.search(text):
        return False
    tags = _tags(text)
    if len(tags) < 2 or not (tags[0][1] == "ns" or tags[0][0] in known):
        return False
    return all(flag in ("ns", "nr") for _, flag in tags[1:])


# Words that may trail a place in a span cut too long: durations, counts, "after", "this long".
_TRAILING = frozenset({"m", "mq", "q", "t", "f", "r", "ul", "uj", "y"})


def place_trimmed(place: str) -> str:
    """``place`` without the words that trail it: "绍兴半年" (搬到绍兴半年了) -> "绍兴"."""
    if not _CJK.search(place):
        return place
    tags = list(_tags(place))
    # (a place is never one character: "台中" keeps its 中)
    while len(tags) > 1 and tags[-1][1] in _TRAILING and len("".join(word for word, _ in tags[:-1])) >= 2:
        tags.pop()
    return "".join(word for word, _ in tags)


# A department, branch or ward after an organisation is not the employer: "协和医院心内科" is 协和医院,
# "中国银行某支行" is 中国银行.
_UNITS = (
    r"(?:科|部|处|室|组|中心|分行|支行|分公司|分院|门店|营业厅|营业部|分部|校区|分店|分局|车间|实验室"
    r"|部门|项目部|事业部|团队)"
)
_UNIT = re.compile(
    r"^(?P<org>.+?(?:医院|银行|公司|集团|大学|学院|学校|中学|小学|研究院|研究所|局|厅))"
    r"(?:某个?|一个|一家|的)?[\u4e00-\u9fff]{0,6}?" + _UNITS + "$"
    # Any name, then 的 and a unit: "中铁国际的海外项目部", "腾讯的游戏事业部", "Shopee的支付团队".
    r"|^(?P<named>[^的]{2,}?)的[\u4e00-\u9fffA-Za-z]{0,6}?" + _UNITS + "$"
    # A part of a restaurant or hotel: "海底捞后厨", "希尔顿酒店前台".
    r"|^(?P<house>[^的]{2,}?)(?:后厨|厨房|前台|大堂)$"
    # One site of a firm, by its kind: "小米研发中心", "腾讯总部", "比亚迪工厂"; a shop of a chain written in Latin
    # letters: "Countdown超市", "IKEA商场".
    r"|^(?P<site>[^的]{2,}?)(?:研发中心|研究中心|总部|工厂|仓库|物流中心|数据中心|客服中心|呼叫中心)$"
    r"|^(?P<chain>[A-Za-z][A-Za-z0-9&.' -]*?)\s*(?:超市|商场|门店|专卖店|仓库|工厂)$"
)


def employer_without_unit(org: str) -> str:
    unit = _UNIT.match(org)
    if unit is None:
        return org
    site = unit.group("site")
    if site and _CJK.search(site) and _tags(site)[-1][1] == "ns":
        return org  # ("比亚迪西安工厂": a town between the firm and its site; the town's rule trims both)
    return unit.group("org") or unit.group("named") or unit.group("house") or site or unit.group("chain")


# Words with a trade's ending that name no job: memberships, roles in a group, honorifics.
_NOT_TITLES = re.compile(r"(?:会员|成员|党员|学员|人员|委员|动员|职员|老师傅|大师|祖师|法师|家长|群主)$")


def title_shape_ok(title: str) -> bool:
    return not _NOT_TITLES.search(title)
