"""Session summaries and user storylines (seed 000 §2.3), decided without I/O.

(The one exception: jieba loads its bundled dictionaries once, on first Chinese text.)

A summary has the sections of seed 000 §2.3: core topic, confirmed facts, open items,
key entities, intent and sentiment (:class:`~palimpsest.types.SummarySections`).

:class:`RuleSummarizer` is the deterministic, offline default for English and Chinese.
It folds turns into the summary **one at a time**, and everything it needs to carry
from one turn to the next lives in the sections themselves (fact strings are
``"label: value"``, open items carry an owner prefix, the topic is a ``" · "``-joined
list of terms). So ``summarize_session(summarize_session(None, a), b)`` equals
``summarize_session(None, a + b)`` for every split, by construction.

Strings the rule summarizer writes are parsed back by the same module, in either
language: a summary written in Chinese can be continued by an English turn.
"""

from __future__ import annotations

import logging
import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from typing import Literal, Protocol

from palimpsest.text import STOPWORDS, detect_language, stem
from palimpsest.types import Summary, SummarySections, Turn

__all__ = ["SENTIMENTS", "RuleSummarizer", "Summarizer"]

Lang = Literal["en", "zh"]
Speaker = Literal["user", "agent"]

SENTIMENTS: tuple[str, ...] = ("positive", "neutral", "negative", "frustrated")
"""The sentiment labels a summary may carry (the same in both languages, machine-readable)."""

TOPIC_SEPARATOR = " · "


class Summarizer(Protocol):
    """Turns conversation into :class:`SummarySections` (seed 000 §2.3)."""

    def summarize_session(self, previous: SummarySections | None, new_turns: Sequence[Turn]) -> SummarySections:
        """The session summary after ``new_turns``, given the summary of the turns before them."""
        ...

    def storyline(self, session_summaries: Sequence[Summary]) -> SummarySections:
        """One user's storyline across sessions (``session_summaries`` oldest to newest)."""
        ...


# ---------------------------------------------------------------------------- jieba (typed, lazy)

_PosTagger = Callable[[str], tuple[tuple[str, str], ...]]
_KeywordExtractor = Callable[[str, int], list[tuple[str, float]]]


@cache
def _jieba() -> tuple[_PosTagger, _KeywordExtractor]:
    """(POS tagger, TF-IDF keywords), imported on first use; only jieba's own logger is quieted.

    Two threads racing here both build the same tools (imports are locked by Python),
    so no lock of our own is needed.
    """
    import jieba
    import jieba.posseg

    jieba.setLogLevel(logging.WARNING)
    idf, median_idf = _jieba_idf()

    # Folding a Chinese turn tags it twice (its names, then its topic words); jieba's HMM
    # tagger is the summarizer's largest cost, so the second call is answered from here.
    @lru_cache(maxsize=256)
    def posseg(text: str) -> tuple[tuple[str, str], ...]:
        return tuple((str(p.word), str(p.flag)) for p in jieba.posseg.cut(text))

    def keywords(text: str, k: int) -> list[tuple[str, float]]:
        counts = Counter(w for w, flag in posseg(text) if flag in _ZH_TOPIC_POS and len(w.strip()) >= 2)
        total = sum(counts.values())
        weights = {w: n / total * idf.get(w, median_idf) for w, n in counts.items()}
        return sorted(weights.items(), key=lambda p: -p[1])[:k]

    return posseg, keywords


def _jieba_idf() -> tuple[dict[str, float], float]:
    """jieba's bundled IDF table, the "IDF" half of TF-IDF for Chinese.

    Read here rather than through ``jieba.analyse``, which opens the file without
    closing it at import time (a ResourceWarning that warnings-as-errors turns fatal).
    """
    from importlib.resources import files

    table: dict[str, float] = {}
    for line in files("jieba").joinpath("analyse", "idf.txt").read_text("utf-8").splitlines():
        word, _, value = line.strip().partition(" ")
        if value:
            table[word] = float(value)
    values = sorted(table.values())
    return table, values[len(values) // 2] if values else 1.0


# ---------------------------------------------------------------------------- text helpers

_CJK = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
_CJK_RUN = re.compile(rf"[{_CJK}]+")
_EN_WORD = re.compile(r"[A-Za-z][A-Za-z'\-]*")
# A period ends a sentence only before whitespace, so e-mails and decimals stay whole.
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+|(?<=[。！？；])|\n+")
_TRAILING_PUNCT = " \t,.;:!?，。；：！？、\"'“”)）"


# Full-width letters, digits, "@+-." and the ideographic space, as Chinese IMEs produce them.
# Full-width *punctuation* (，。：) stays: it is what Chinese summaries should read like.
_FOLD = {
    **{cp: cp - 0xFEE0 for cp in range(0xFF10, 0xFF1A)},
    **{cp: cp - 0xFEE0 for cp in range(0xFF21, 0xFF3B)},
    **{cp: cp - 0xFEE0 for cp in range(0xFF41, 0xFF5B)},
    **{cp: cp - 0xFEE0 for cp in (0xFF20, 0xFF0B, 0xFF0D, 0xFF0E)},
    0x3000: 0x20,
    0x2019: 0x27,
}


def _norm(text: str) -> str:
    return text.translate(_FOLD).strip()


def _lang(text: str) -> Lang:
    return "zh" if detect_language(text) == "zh" else "en"


def _sentences(text: str) -> list[str]:
    return [s.strip() for s in _SENTENCE_END.split(text) if s.strip(_TRAILING_PUNCT)]


def _clip(text: str, limit: int = 80, *, keep_question_mark: bool = False) -> str:
    strip = _TRAILING_PUNCT.replace("?", "").replace("？", "") if keep_question_mark else _TRAILING_PUNCT
    text = re.sub(r"\s+", " ", text).strip(strip)
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _units(text: str) -> set[str]:
    """Comparable units for "do these two texts talk about the same thing".

    English words become canonical stems; Chinese runs become character bigrams, which
    match ``订单`` inside ``订单号`` without depending on how jieba happened to cut.
    """
    out: set[str] = set()
    for word in _EN_WORD.findall(text.lower()):
        if word not in STOPWORDS and word not in _EN_GENERIC and len(word) > 2:
            out.add(_EN_CANONICAL.get(word, stem(word)))
    for run in _CJK_RUN.findall(text):
        if len(run) == 1:
            continue
        out.update(run[i : i + 2] for i in range(len(run) - 1) if run[i : i + 2] not in _ZH_GENERIC_BIGRAMS)
    return out


# ---------------------------------------------------------------------------- lexicons


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_EN_GENERIC = _words("""
    want wants wanted need needs needed like get got make made know think help please thanks thank hello
    okay ok sure yes yeah right just can could would also still one thing things question questions
    today tomorrow yesterday next last week weeks month months day days time let lot much many well good
    great new going go say said tell told see look looking way able sorry hey hi dear kind regards use
    sir madam assist assistance anything something everything wondering wonder happy glad fine check
    send sent call back soon moment minute email mail number update updated change changed currently arrive
    problem issue info information details live lives living stay staying
    """)

# Surface words folded into one topic label, so "moving"/"moved"/"relocating" read as one theme.
_EN_CANONICAL: dict[str, str] = {
    **dict.fromkeys(["move", "moving", "moved", "relocate", "relocating", "relocated", "relocation"], "relocation"),
    **dict.fromkeys(["refund", "refunds", "refunded", "reimburse", "reimbursement"], "refund"),
    **dict.fromkeys(["order", "orders", "ordered"], "order"),
    **dict.fromkeys(["deliver", "delivery", "delivered", "deliveries"], "delivery"),
    **dict.fromkeys(["address", "addresses"], "address"),
    **dict.fromkeys(["complain", "complaint", "complaints"], "complaint"),
    **dict.fromkeys(["cancel", "cancelled", "canceled", "cancellation"], "cancellation"),
    **dict.fromkeys(["invoice", "invoices", "billing", "bill"], "billing"),
    **dict.fromkeys(["password", "login", "log-in", "sign-in"], "login"),
}

_EN_DOMAIN = frozenset(_EN_CANONICAL.values()) | {"subscription", "account", "warranty", "payment", "insurance"}

_ZH_TOPIC_POS = ("n", "vn", "v", "nz", "eng")
_ZH_TOPIC_STOP = _words("""
    请问 时候 问题 帮忙 没错 好的 对的 是的 不是 不对 好吧 发过去 已经 核实 照片 提供 麻烦您 抱歉 不便
    一下 谢谢 您好 你好 可以 需要 知道 觉得 感觉 没有 应该 怎么 什么 这个 那个 就是 还是
    已经 现在 然后 因为 所以 如果 但是 希望 麻烦 告诉 看看 帮 查 查询 处理 联系 收到 发 给 说 想 要 用 买 到
    谢谢您 客服 您的 稍后 确认 是否 进行 有点 情况 一直 东西 工作日 预计 号码 手机号 手机号码 电话 邮箱 地址 姓名 名字
    """)
_ZH_CANONICAL: dict[str, str] = {
    **dict.fromkeys(["搬家", "搬到", "搬去", "搬迁"], "搬家"),
    **dict.fromkeys(["退钱", "退款", "退费"], "退款"),
    **dict.fromkeys(["订单号", "订单"], "订单"),
    **dict.fromkeys(["快递", "物流", "发货"], "物流"),
}
_ZH_GENERIC_BIGRAMS = _words(
    "一下 什么 怎么 可以 谢谢 您好 你好 我们 你们 这个 那个 时候 已经 没有 就是 还是 需要 请问 帮我 好的 是的 没错 一个"
)

_ZH_ENTITY_POS = frozenset({"nr", "ns", "nt", "nz", "nrt", "nrfg"})
_ZH_ENTITY_STOP = _words("谢谢 谢谢你 谢谢您 谢谢你们 你好 您好 客服 小姐 先生 亲 美团 老师 好评 差评")
_EN_ENTITY_STOP = _words("""
    i hi hello hey thanks thank yes no ok okay sure please great perfect sorry dear could can would will
    what when where which who why how is are do does did have has the a an and but so my your our we you
    it this that there they he she also just well oh right good hmm actually unfortunately however done
    congratulations certainly absolutely welcome awesome sounds let glad apologies apologize noted got
    """)

_MONTHS = "january|february|march|april|may|june|july|august|september|october|november|december"
_ENTITY_PATTERNS: tuple[re.Pattern[str], ...] = (
    re.compile(r"[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)+"),
    re.compile(r"(?<![0-9A-Za-z+])(?:\+?86[\s\-]?)?1[3-9]\d[\s\-]?\d{4}[\s\-]?\d{4}(?!\d)"),
    re.compile(r"(?<![0-9A-Za-z+])\+\d{1,3}[\s\-]?\(?\d{1,4}\)?(?:[\s\-]?\d{2,4}){2,4}(?!\d)"),
    re.compile(
        r"(?<![A-Za-z0-9])(?=[A-Za-z0-9\-]*\d)(?=[A-Za-z0-9\-]*[A-Za-z])[A-Za-z][A-Za-z0-9\-]{4,}(?![A-Za-z0-9])"
    ),
    re.compile(r"(?<![\d\-])\d{6,}(?![\d\-])"),
    # Short order numbers are only identifiers next to the word "order" / "订单".
    re.compile(r"(?:\border\s*(?:number|no\.?|id|#)?\s*(?:is\s+)?#?|订单号?(?:是|为)?)\s*(?P<e>\d{4,})(?!\d)", re.I),
    re.compile(r"\d{4}[-/.]\d{1,2}[-/.]\d{1,2}"),
    re.compile(r"(?:\d{4}年)?\d{1,2}月\d{1,2}[日号]"),
    re.compile(rf"\b(?:{_MONTHS})\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?\b", re.IGNORECASE),
    re.compile(rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTHS})(?:\s+\d{{4}})?\b", re.IGNORECASE),
)
_CAPITALISED_SPAN = re.compile(r"\b[A-Z][\w\-&']*(?:\s+(?:of\s+|de\s+)?[A-Z][\w\-&']*)*")


# ---------------------------------------------------------------------------- facts


@dataclass(frozen=True, slots=True)
class _Slot:
    key: str
    en: str
    zh: str
    many: bool = False
    """Several values may stand side by side (order numbers); otherwise newer replaces older."""
    cut_commas: bool = True
    """Whether a comma ends the value (not for addresses, which contain commas)."""


_SLOTS: dict[str, _Slot] = {
    s.key: s
    for s in (
        _Slot("lives_in", "lives in", "居住地"),
        _Slot("moving_to", "moving to", "即将搬到"),
        _Slot("address", "address", "地址", cut_commas=False),
        _Slot("phone", "phone", "手机号"),
        _Slot("email", "email", "邮箱"),
        _Slot("name", "name", "姓名"),
        _Slot("order", "order number", "订单号", many=True),
        _Slot("employer", "works at", "工作单位"),
        _Slot("preference", "preference", "偏好", many=True),
        _Slot("birthday", "birthday", "生日"),
        _Slot("confirmed", "confirmed", "已确认", many=True),
    )
}
_LABEL_TO_SLOT: dict[str, str] = {lbl: s.key for s in _SLOTS.values() for lbl in (s.en, s.zh)}
# A settled fact makes the plan it fulfils obsolete: living in X ends "moving to: X".
_SLOT_ENDS: dict[str, tuple[str, ...]] = {"lives_in": ("moving_to",)}

_ZH_FUTURE = "准备|打算|要搬|下个月|下周|明年|马上|将要|即将|会搬|想搬"
_FACT_PATTERNS: tuple[tuple[str, re.Pattern[str], re.Pattern[str] | None], ...] = tuple(
    (key, re.compile(pattern, re.IGNORECASE), re.compile(unless) if unless else None)
    for key, pattern, unless in (
        ("lives_in", r"\bi(?:'ve| have)?\s+(?:just\s+)?(?:moved|relocated)\s+to\s+(?P<v>.+)", None),
        (
            "lives_in",
            r"\bi(?:'m| am)?\s+(?:now\s+|currently\s+|still\s+)?(?:live|living|based|staying)\s+in\s+(?P<v>.+)",
            None,
        ),
        ("lives_in", r"\bwe(?:'ve| have)?\s+(?:just\s+)?(?:moved|relocated)\s+to\s+(?P<v>.+)", None),
        ("moving_to", r"\bi(?:'m| am)\s+(?:moving|relocating)\s+to\s+(?P<v>.+)", None),
        ("moving_to", r"\bi\s+will\s+(?:move|relocate)\s+to\s+(?P<v>.+)", None),
        ("address", r"\bmy\s+(?:new\s+|shipping\s+|delivery\s+|home\s+)*address\s+(?:is|will be)\s+(?P<v>.+)", None),
        ("phone", r"\bmy\s+(?:new\s+)?(?:phone|mobile|cell)(?:\s+number)?\s+is\s+(?P<v>[+\d][\d\s\-()]{5,}\d)", None),
        (
            "email",
            r"\bmy\s+(?:new\s+)?e-?mail(?:\s+address)?\s+is\s+(?P<v>[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-.]+[A-Za-z0-9])",
            None,
        ),
        ("name", r"\bmy\s+name\s+is\s+(?P<v>[A-Z][\w\-']*(?:\s+[A-Z][\w\-']*)*)", None),
        (
            "order",
            r"\border\s*(?:number|no\.?|id|#)?\s*(?:is\s+|:\s*|#\s*)?(?P<v>[A-Za-z]*-?\d[A-Za-z0-9\-]{3,})",
            None,
        ),
        ("employer", r"\bi\s+(?:work|am working)\s+(?:at|for)\s+(?P<v>.+)", None),
        ("preference", r"\bi\s+(?:prefer|would prefer)\s+(?P<v>.+)", None),
        ("preference", r"\bfrom now on,?\s+(?:please\s+)?(?P<v>.+)", None),
        ("preference", r"\bplease\s+always\s+(?P<v>.+)", None),
        ("birthday", r"\bmy\s+birthday\s+is\s+(?:on\s+)?(?P<v>.+)", None),
        ("lives_in", r"我(?:现在)?(?:住在|住|家在)(?P<v>.+)", None),
        ("lives_in", r"我(?:们)?[^，。,！？]{0,6}?(?:搬到|搬去|搬家到)了?(?P<v>.+)", _ZH_FUTURE),
        ("moving_to", r"我(?:们)?(?:准备|打算|要|下个月|下周|马上)+(?:搬到|搬去|搬家到)(?P<v>.+)", None),
        ("address", r"(?:我的)?(?:新的?|收货|送货|家庭)*地址(?:是|为|改成|改为|换成)(?P<v>.+)", None),
        (
            "phone",
            r"(?:手机号码?|电话号码?|联系电话|手机)(?:是|为|改成|改为|换成)?[:：]?\s*(?P<v>\+?\d[\d\s\-]{5,}\d)",
            None,
        ),
        ("email", r"邮箱(?:地址)?(?:是|为|改成)?[:：]?\s*(?P<v>[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-.]+[A-Za-z0-9])", None),
        ("name", r"我(?:叫|的名字是|的姓名是)(?P<v>[\u4e00-\u9fff]{2,4})", None),
        ("order", r"订单(?:号|编号)?(?:是|为)?[:：]?\s*(?P<v>[A-Za-z]*-?\d[A-Za-z0-9\-]{3,})", None),
        ("employer", r"我在(?P<v>[\u4e00-\u9fffA-Za-z]{2,20})(?:工作|上班)", None),
        ("preference", r"以后(?:都|就|一律)?(?:用|走|发|选|要)(?P<v>.+)", None),
        ("preference", r"(?:默认|统一)(?:用|走|发|选)(?P<v>.+)", None),
        ("birthday", r"我的?生日是(?P<v>.+)", None),
    )
)
_VALUE_CUT_EN = re.compile(
    rf"\s+(?:and|but|because|since|so|as|last|next|this|yesterday|today|tomorrow|ago|from now|"
    rf"in\s+(?:{_MONTHS}|\d{{4}})|on\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b.*$",
    re.IGNORECASE,
)
_VALUE_CUT_ZH = re.compile(r"(?:了|啦|哦|呢|吧|的话|，|,|但是|因为|所以|然后|以后|上个月|下个月|上周|下周).*$")

_AFFIRM = re.compile(
    r"^(?:yes|yeah|yep|yup|correct|right|exactly|indeed|confirmed|that'?s (?:right|correct)|sure|absolutely"
    r"|对|对的|是的|是|没错|正确|确认|嗯|好的|可以|就是)(?:[\s,.!，。！、]|$)",
    re.IGNORECASE,
)
_DENY = re.compile(r"^(?:no|nope|not quite|wrong|incorrect|不对|不是|错了|不)(?:[\s,.!，。！、]|$)", re.IGNORECASE)


def _fact_string(slot: _Slot, value: str, lang: Lang) -> str:
    return f"{slot.zh}：{value}" if lang == "zh" else f"{slot.en}: {value}"


def _parse_fact(fact: str) -> tuple[str, str]:
    """(slot key, value) of a fact string; unknown labels key on the whole string."""
    m = re.match(r"^(.+?)\s*[:：]\s*(.*)$", fact)
    if m and m.group(1) in _LABEL_TO_SLOT:
        return _LABEL_TO_SLOT[m.group(1)], m.group(2)
    return fact, fact


def _fact_identity(fact: str) -> str:
    key, value = _parse_fact(fact)
    slot = _SLOTS.get(key)
    if slot is None or slot.many:
        return f"{key}={_norm(value).casefold()}"
    return key


def _clean_value(raw: str, slot: _Slot, lang: Lang) -> str:
    """The value up to where the clause ends ("Beijing", not "Beijing last month and ...")."""
    # Values come from one sentence, so only a clause break (or, for most slots, a comma) ends them.
    value = re.split(r"[,，]" if slot.cut_commas else r"(?!)", raw.strip(), maxsplit=1)[0]
    if lang == "zh":
        value = _VALUE_CUT_ZH.sub("", value) if slot.cut_commas else re.sub(r"(?:了|啦|哦|呢|吧)$", "", value)
    elif slot.key not in ("address", "preference"):
        value = _VALUE_CUT_EN.sub("", value)
    return _clip(value, 60)


def _extract_facts(text: str, speaker: Speaker) -> list[str]:
    """Facts asserted in ``text``, as ``"label: value"`` strings in the text's language.

    An agent's sentence is read from the user's side ("your address is" -> "my address
    is"): it only ever reaches here when the user confirmed it.
    """
    facts: list[str] = []
    for said in _sentences(_norm(text)):
        lang = _lang(said)
        sentence = _to_first_person(said) if speaker == "agent" else said
        seen: set[str] = set()
        found: list[tuple[int, str]] = []
        for key, pattern, unless in _FACT_PATTERNS:
            m = pattern.search(sentence)
            if m is None or (key in seen and not _SLOTS[key].many) or (unless and unless.search(sentence)):
                continue
            value = _clean_value(m.group("v"), _SLOTS[key], lang)
            if value and not _is_question_word(value):
                seen.add(key)
                found.append((m.start("v"), _fact_string(_SLOTS[key], value, lang)))
        facts.extend(fact for _, fact in sorted(found, key=lambda p: p[0]))
    return facts


def _to_first_person(sentence: str) -> str:
    s = re.sub(r"\byour\b", "my", sentence, flags=re.IGNORECASE)
    s = re.sub(r"\byou(?:'re| are)\b", "I am", s, flags=re.IGNORECASE)
    s = re.sub(r"\byou(?:'ve| have)\b", "I have", s, flags=re.IGNORECASE)
    s = re.sub(r"\byou\b", "I", s, flags=re.IGNORECASE)
    return s.replace("您的", "我的").replace("你的", "我的").replace("您", "我")


def _is_question_word(value: str) -> bool:
    return bool(re.fullmatch(r"(?:what|which|where|when|how|什么|哪里|哪儿|多少|几).*", value, re.IGNORECASE))


def _merge_facts(existing: Sequence[str], new: Iterable[str], limit: int) -> tuple[str, ...]:
    """Newer facts replace older ones about the same thing; the result is oldest first."""
    facts = list(existing)
    for fact in new:
        identity = _fact_identity(fact)
        key = _parse_fact(fact)[0]
        ended = _SLOT_ENDS.get(key, ())
        value = _norm(_parse_fact(fact)[1]).casefold()
        facts = [f for f in facts if _fact_identity(f) != identity and not _fulfilled(f, ended, value)]
        facts.append(fact)
    return tuple(facts[-limit:])


_TAG_QUESTION = re.compile(
    r"[,，]?\s*(?:对吗|是吗|对不对|是不是|好吗|right|correct|is that right|is that correct)\s*[?？]?$", re.IGNORECASE
)


def _fulfilled(fact: str, ended_slots: tuple[str, ...], value: str) -> bool:
    key, old_value = _parse_fact(fact)
    return key in ended_slots and _norm(old_value).casefold() == value


def _confirmed_from_question(question: str) -> list[str]:
    """What a "yes" to an agent's question confirms: its facts, else the proposition itself."""
    question = _TAG_QUESTION.sub("", question.strip(_TRAILING_PUNCT))
    facts = _extract_facts(question, "agent")
    if facts:
        return facts
    lang = _lang(question)
    core = re.sub(
        r"^(?:so|ok|okay|just to confirm|to confirm|can you confirm|could you confirm|please confirm|"
        r"do you want me to|would you like me to|shall i|should i|is it|is that)[\s,:]*",
        "",
        question.strip(_TRAILING_PUNCT),
        flags=re.IGNORECASE,
    )
    core = re.sub(r"^(?:请问|确认一下|跟您确认一下|请确认)[，,：:]?", "", core)
    core = re.sub(r"(?:对吗|是吗|可以吗|好吗|吗|呢)$", "", core.strip(_TRAILING_PUNCT))
    return [_fact_string(_SLOTS["confirmed"], _clip(core, 60), lang)] if core else []


# ---------------------------------------------------------------------------- open items

_ITEM_PREFIXES: dict[str, tuple[str, str]] = {
    # kind: (English prefix, Chinese prefix)
    "user_q": ("user asked", "用户问"),
    "agent_q": ("agent asked", "客服问"),
    "agent_todo": ("agent to do", "客服待办"),
    "user_todo": ("user to do", "用户待办"),
    "pending": ("to confirm", "待确认"),
}
_PREFIX_TO_KIND: dict[str, str] = {p: kind for kind, ps in _ITEM_PREFIXES.items() for p in ps}

_QUESTION_ZH = re.compile(
    r"(?:吗|呢|么|没有|几[天号点个]|多久|什么时候|怎么|为什么|哪里|哪儿|是否|能否|可否)[^\u4e00-\u9fff]*$"
)
_PROMISE = re.compile(
    r"\b(?:i'll|i will|we'll|we will|i'm going to|we're going to|let me|i'll get back|will follow up|"
    r"remind me to|i need to|i have to)\b|稍后|回头|我会|我们会|我来|我去|晚点|明天(?:给|发|回)",
    re.IGNORECASE,
)
_REQUEST = re.compile(
    r"\b(?:please|pls|kindly|can you|could you|would you|make sure)\b|帮我|帮忙|麻烦|请(?:您|你)?(?=[\u4e00-\u9fff])",
    re.IGNORECASE,
)
_PENDING = re.compile(
    r"\b(?:to be confirmed|tbd|pending|not sure yet|awaiting)\b|待确认|待定|还不确定|再确认", re.IGNORECASE
)
_DONE = re.compile(
    r"\b(?:done|completed|finished|resolved|processed|approved|sorted|fixed|i've sent|we've sent|has been sent|"
    r"have sent|already sent|just sent|i sent|took care|taken care|it's been|has been)\b|已完成|完成了|办好了|处理好了|"
    r"已处理|已经处理|已解决|解决了|已发送|发过去了|已经发|已经退|已退款|已经到账|已到账|搞定|好了",
    re.IGNORECASE,
)
_DEFERRAL = re.compile(
    r"\b(?:let me check|let me look|i'll check|i will check|one moment|give me a moment|i'll look into|"
    r"checking now|i'll get back|we'll get back|hold on)\b"
    r"|稍等|请稍候|我帮您查|我帮你查|正在查询|正在核实|我查一下|核实一下",
    re.IGNORECASE,
)


_ACK_PREFIX = re.compile(r"^(?:好的|好吧|好|嗯|行|ok|okay|sure|alright|great|thanks)[\s,，!！]+", re.IGNORECASE)


def _item(kind: str, text: str, lang: Lang) -> str:
    en, zh = _ITEM_PREFIXES[kind]
    text = _ACK_PREFIX.sub("", text)
    text = _clip(text, keep_question_mark=True)
    return f"{zh}：{text}" if lang == "zh" else f"{en}: {text}"


def _parse_item(item: str) -> tuple[str, str]:
    m = re.match(r"^(.+?)\s*[:：]\s*(.*)$", item)
    if m and m.group(1) in _PREFIX_TO_KIND:
        return _PREFIX_TO_KIND[m.group(1)], m.group(2)
    return "pending", item


def _is_question(sentence: str) -> bool:
    return sentence.rstrip().endswith(("?", "？")) or bool(_QUESTION_ZH.search(sentence.strip(" 。.!！")))


def _new_items(text: str, speaker: Speaker) -> list[str]:
    items: list[str] = []
    for sentence in _sentences(_norm(text)):
        lang = _lang(sentence)
        if _is_question(sentence) and not (speaker == "user" and _REQUEST.search(sentence)):
            items.append(_item("user_q" if speaker == "user" else "agent_q", sentence, lang))
        elif _PENDING.search(sentence):
            items.append(_item("pending", sentence, lang))
        elif _PROMISE.search(sentence) and not _DONE.search(sentence):
            items.append(_item("user_todo" if speaker == "user" else "agent_todo", sentence, lang))
        elif _REQUEST.search(sentence) and not _DONE.search(sentence):
            items.append(_item("agent_todo" if speaker == "user" else "user_todo", sentence, lang))
    return items


def _resolve_items(items: list[str], text: str, speaker: Speaker) -> tuple[list[str], list[str]]:
    """(items still open, facts confirmed) after ``speaker`` said ``text``."""
    confirmed: list[str] = []
    if speaker == "user":
        items, confirmed = _user_replies(items, text)
    elif not _DEFERRAL.search(text) and any(not _is_question(s) for s in _sentences(_norm(text))):
        items = _close_matching(items, text, kinds=("user_q",), fallback_latest=True)
    if _DONE.search(text):
        own = ("user_todo", "pending") if speaker == "user" else ("agent_todo", "pending")
        items = _close_matching(items, text, kinds=own, fallback_latest=True)
    return items, confirmed


def _user_replies(items: list[str], text: str) -> tuple[list[str], list[str]]:
    """A user turn answers every open agent question; a "yes" confirms the latest one."""
    head = _norm(text).lower()
    asked = [i for i in items if _parse_item(i)[0] == "agent_q"]
    pending = [i for i in items if _parse_item(i)[0] == "pending"]
    confirmed: list[str] = []
    if _AFFIRM.match(head) and not _DENY.match(head) and (asked or pending):
        target = (asked or pending)[-1]
        confirmed = _confirmed_from_question(_parse_item(target)[1])
        items = [i for i in items if i != target]
    return [i for i in items if _parse_item(i)[0] != "agent_q"], confirmed


def _close_matching(items: list[str], text: str, *, kinds: tuple[str, ...], fallback_latest: bool) -> list[str]:
    """Close the items of ``kinds`` that ``text`` talks about; else (optionally) the latest one."""
    units = _units(text)
    candidates = [i for i in items if _parse_item(i)[0] in kinds]
    matched = {i for i in candidates if _units(_parse_item(i)[1]) & units}
    if not matched and fallback_latest and candidates:
        matched = {candidates[-1]}
    return [i for i in items if i not in matched]


def _same_matter(item: str, kind: str, units: set[str]) -> bool:
    other_kind, text = _parse_item(item)
    return other_kind == kind and bool(units & _units(text))


def _merge_items(existing: Sequence[str], new: Iterable[str], limit: int) -> list[str]:
    """Append new items; a new item of the same kind about the same thing replaces the older one
    ("please send photos" then "I'll send the photos later" is one obligation, not two)."""
    items = list(existing)
    for item in new:
        kind, text = _parse_item(item)
        units = _units(text)
        items = [i for i in items if i != item and not _same_matter(i, kind, units)]
        items.append(item)
    return items[-limit:]


# ---------------------------------------------------------------------------- entities


def _extract_entities(text: str) -> list[str]:
    """Identifiers, dates, names, places and products in order of appearance, de-duplicated."""
    text = _norm(text)
    found: list[tuple[int, str]] = []
    taken: list[tuple[int, int]] = []
    for pattern in _ENTITY_PATTERNS:
        for m in pattern.finditer(text):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue
            group = "e" if "e" in pattern.groupindex else 0
            taken.append((m.start(group), m.end(group)))
            found.append((m.start(group), m.group(group).strip()))
    found.extend(_english_names(text, taken))
    if _CJK_RUN.search(text):
        found.extend(_chinese_names(text))
    ordered = [value for _, value in sorted(found, key=lambda p: p[0])]
    return list(dict.fromkeys(ordered))


def _english_names(text: str, taken: list[tuple[int, int]]) -> list[tuple[int, str]]:
    out: list[tuple[int, str]] = []
    for m in _CAPITALISED_SPAN.finditer(text):
        words = m.group(0).split()
        # A sentence's first word is capitalised anyway: drop it when it is a common word.
        while words and re.sub(r"'\w*$", "", words[0].lower()) in _EN_ENTITY_STOP | STOPWORDS | _EN_GENERIC:
            words = words[1:]
        span = " ".join(words)
        start = m.end() - len(span)
        if len(span) < 2 or any(a < m.end() and start < b for a, b in taken):
            continue
        if re.fullmatch(rf"(?:{_MONTHS}|monday|tuesday|wednesday|thursday|friday|saturday|sunday)", span, re.I):
            continue
        out.append((start, span))
    return out


def _chinese_names(text: str) -> list[tuple[int, str]]:
    posseg = _jieba()[0]
    out: list[tuple[int, str]] = []
    pos = 0
    for word, flag in posseg(text):
        start = text.find(word, pos)
        pos = start + len(word) if start >= 0 else pos
        if flag in _ZH_ENTITY_POS and len(word) >= 2 and word not in _ZH_ENTITY_STOP and _CJK_RUN.search(word):
            out.append((start, word))
    return out


def _merge_entities(existing: Sequence[str], new: Sequence[str], limit: int) -> tuple[str, ...]:
    """Most recent first: a turn's entities (in reading order) go in front of older ones."""
    seen: dict[str, str] = {}
    for entity in [*new, *existing]:
        seen.setdefault(_norm(entity).casefold(), entity)
    return tuple(seen.values())[:limit]


# ---------------------------------------------------------------------------- intent


@dataclass(frozen=True, slots=True)
class _Intent:
    key: str
    en: str
    zh: str
    cues: re.Pattern[str]


# Order is priority: someone who complains *and* asks for money back wants the refund.
_INTENTS: tuple[_Intent, ...] = tuple(
    _Intent(key, en, zh, re.compile(cues, re.IGNORECASE))
    for key, en, zh, cues in (
        ("refund", "refund request", "退款申请", r"\b(?:refund|money back|reimburse)|退款|退钱|退费|退货"),
        ("cancel", "cancellation", "取消订单", r"\bcancel|取消"),
        (
            "complaint",
            "complaint",
            "投诉",
            r"\b(?:complain|complaint|unacceptable|speak to (?:a|your) manager)|投诉|差评|举报",
        ),
        (
            "order_status",
            "order status",
            "查询订单",
            r"\b(?:where is my (?:order|package|parcel)|track(?:ing)?|delivery status|order status|shipped yet)"
            r"|物流|快递|发货了吗|到哪了|查(?:一下|询)?(?:我的)?订单|订单状态",
        ),
        (
            "relocation",
            "relocation",
            "搬家",
            r"\b(?:i(?:'m| am) moving|moved to|relocat\w*|moving to|new address)|搬家|搬到|搬去",
        ),
        (
            "update_info",
            "update account details",
            "修改信息",
            r"\b(?:update|change) (?:my|the) (?:address|phone|number|e-?mail|name|details|account)"
            r"|改地址|修改|更改|换手机号|更新",
        ),
        (
            "purchase",
            "purchase",
            "购买咨询",
            r"\b(?:buy|purchase|how much (?:is|does)|price of)\b|购买|下单|多少钱|价格",
        ),
        (
            "tech_support",
            "technical support",
            "技术支持",
            r"\b(?:not working|doesn't work|error|crash\w*|bug|can't log ?in|cannot log ?in)"
            r"|登录不了|登不上|报错|打不开|闪退",
        ),
    )
)
_INFORMATION = _Intent("information", "information", "咨询", re.compile(r"(?!)"))
_INTENT_BY_LABEL: dict[str, str] = {lbl: i.key for i in (*_INTENTS, _INFORMATION) for lbl in (i.en, i.zh)}


def _detect_intent(text: str) -> _Intent | None:
    for intent in _INTENTS:
        if intent.cues.search(text):
            return intent
    return None


def _intent_label(intent: _Intent, lang: Lang) -> str:
    return intent.zh if lang == "zh" else intent.en


# ---------------------------------------------------------------------------- sentiment

_EN_POSITIVE = _words(
    "thanks thank great perfect awesome happy appreciate appreciated excellent good love helpful wonderful "
    "amazing fantastic satisfied pleased glad nice brilliant"
)
_EN_NEGATIVE = _words(
    "bad broken disappointed disappointing unhappy annoyed terrible awful poor angry upset wrong damaged worst hate "
    "useless horrible defective dissatisfied frustrating frustrated late missing"
)
_EN_NEGATORS = _words("not no never n't hardly isn't wasn't don't doesn't didn't aren't")
_EN_FRUSTRATED = re.compile(
    r"\b(?:still (?:not|no|hasn't|haven't|hasnt|havent|waiting)|(?:happened|broke|broken|late) again|"
    r"third time|(?:two|three|several|many) times|how many times|ridiculous|unacceptable|fed up|sick of|"
    r"no one|nobody|for weeks|seriously\?|what is going on)\b|[!?]{2,}|!{2,}",
    re.IGNORECASE,
)
_ZH_POSITIVE = (
    "谢谢",
    "感谢",
    "满意",
    "好评",
    "太好了",
    "不错",
    "很好",
    "棒",
    "开心",
    "高兴",
    "给力",
    "靠谱",
    "辛苦了",
)
_ZH_NEGATIVE = ("坏了", "失望", "不满", "生气", "太差", "糟糕", "破损", "损坏", "难用", "垃圾", "差劲", "不高兴", "坑")
_ZH_NEGATORS = ("不", "没", "别", "未", "无")
_ZH_FRUSTRATED = re.compile(
    r"怎么还|还没|到底|第[二三四五]次|又[坏出是没]|一直没|受不了|离谱|气死|无语|催了|多少次|[!！]{2,}"
)


def _sentiment(text: str) -> str:
    """positive / neutral / negative / frustrated for one user turn."""
    text = _norm(text)
    if _EN_FRUSTRATED.search(text) or _ZH_FRUSTRATED.search(text):
        return "frustrated"
    score = _en_polarity(text) + _zh_polarity(text)
    return "positive" if score > 0 else "negative" if score < 0 else "neutral"


def _en_polarity(text: str) -> int:
    words = re.findall(r"[a-z']+", text.lower())
    score = 0
    for i, word in enumerate(words):
        polarity = 1 if word in _EN_POSITIVE else -1 if word in _EN_NEGATIVE else 0
        # "not happy" flips; look two words back for "not very happy".
        if polarity and any(w in _EN_NEGATORS or w.endswith("n't") for w in words[max(0, i - 2) : i]):
            polarity = -polarity
        score += polarity
    return score


def _zh_polarity(text: str) -> int:
    score = 0
    for words, polarity in ((_ZH_POSITIVE, 1), (_ZH_NEGATIVE, -1)):
        for word in words:
            for m in re.finditer(re.escape(word), text):
                negated = word[0] not in _ZH_NEGATORS and text[max(0, m.start() - 1) : m.start()] in _ZH_NEGATORS
                score += -polarity if negated else polarity
    return score


# ---------------------------------------------------------------------------- topic

_SHIFT_CUE = re.compile(
    r"\b(?:another (?:question|thing|issue)|one more thing|different (?:question|topic|issue)|separate(?:ly| question)|"
    r"on another note|by the way|btw|unrelated|also,? (?:i|can|could)|change of topic)\b|换个话题|另外|还有一个|还有个|"
    r"顺便|对了|另一个问题|别的问题",
    re.IGNORECASE,
)


def _topic_terms(text: str, limit: int) -> list[str]:
    """The turn's subject as up to ``limit`` short terms, strongest first."""
    text = _norm(text)
    scored: dict[str, float] = {}
    first_seen: dict[str, int] = {}
    for order, (term, weight) in enumerate([*_en_terms(text), *_zh_terms(text)]):
        scored[term] = scored.get(term, 0.0) + weight
        first_seen.setdefault(term, order)
    ranked = sorted(scored, key=lambda t: (-scored[t], first_seen[t]))
    return ranked[:limit]


def _en_terms(text: str) -> list[tuple[str, float]]:
    """RAKE-style: runs of content words between stopwords, capped at two words, weighted.

    Capitalised words inside a sentence are names (entities, not topics) and break runs.
    """
    out: list[tuple[str, float]] = []
    for sentence in _sentences(text):
        run: list[str] = []
        for index, m in enumerate(_EN_WORD.finditer(sentence)):
            raw = m.group(0)
            word = raw.lower().strip("'-")
            proper = raw[0].isupper() and index > 0 and word != "i"
            if proper or word in STOPWORDS or word in _EN_GENERIC or len(word) < 3 or "'" in word:
                out.extend(_en_phrase(run))
                run = []
                continue
            run.append(_EN_CANONICAL.get(word, word))
        out.extend(_en_phrase(run))
    return out


def _en_phrase(run: list[str]) -> list[tuple[str, float]]:
    if not run:
        return []
    words = list(dict.fromkeys(run[-2:]))
    weight = sum(2.0 if w in _EN_DOMAIN else 1.0 for w in words)
    if len(words) == 2 and words[0] in _EN_DOMAIN and words[1] not in _EN_DOMAIN:
        # "refund blender" reads worse than two terms; keep the domain word on its own.
        return [(words[0], 2.0), (words[1], 1.0)]
    return [(" ".join(words), weight)]


def _zh_terms(text: str) -> list[tuple[str, float]]:
    if not _CJK_RUN.search(text):
        return []
    keywords = _jieba()[1]
    out: list[tuple[str, float]] = []
    for word, weight in keywords(text, 8):
        if word in _ZH_TOPIC_STOP or not _CJK_RUN.fullmatch(word) or len(word) < 2:
            continue
        canonical = _ZH_CANONICAL.get(word, word)
        # jieba's IDF weights are around 2-12; scale them to the English 1-2 range.
        out.append((canonical, weight / 4.0 + (1.0 if canonical in _ZH_CANONICAL.values() else 0.0)))
    return out


def _split_topic(topic: str) -> list[str]:
    return [t.strip() for t in topic.split(TOPIC_SEPARATOR) if t.strip()] if topic else []


def _next_topic(state: SummarySections, text: str, new_intent: _Intent | None, limit: int) -> str:
    """Keep the topic while the user continues it; switch when they clearly moved on.

    "Clearly" means: the turn shares nothing with the current topic and either asks for
    something of another kind (a different intent), or says it moves on ("another
    question", "另外", "by the way") *and* raises a question or request. Handing over
    details after "另外" ("另外我的手机号是…") is not a new subject.
    """
    terms = _topic_terms(text, limit)
    current = _split_topic(state.topic)
    if not terms:
        return state.topic
    if not current:
        return TOPIC_SEPARATOR.join(terms)
    if _units(" ".join(current)) & _units(text):
        merged = list(dict.fromkeys([*current, *terms]))
        return TOPIC_SEPARATOR.join(merged[: max(limit, len(current))])
    old_intent = _INTENT_BY_LABEL.get(state.intent)
    raises_matter = any(_is_question(s) or _REQUEST.search(s) for s in _sentences(_norm(text)))
    other_intent = new_intent is not None and old_intent not in (None, new_intent.key)
    if (_SHIFT_CUE.search(text) and raises_matter) or other_intent:
        return TOPIC_SEPARATOR.join(terms)
    return state.topic


# ---------------------------------------------------------------------------- the summarizer


def _speaker(role: str) -> Speaker | None:
    role = role.strip().lower()
    if role in ("user", "human", "customer"):
        return "user"
    if role in ("assistant", "agent", "ai", "bot"):
        return "agent"
    return None  # system and tool turns say nothing about the user


@dataclass(frozen=True, slots=True)
class RuleSummarizer:
    """Deterministic, offline, bilingual summarizer (the default; see the module docstring)."""

    max_topic_terms: int = 3
    max_facts: int = 20
    max_open_items: int = 10
    max_entities: int = 15

    def summarize_session(self, previous: SummarySections | None, new_turns: Sequence[Turn]) -> SummarySections:
        state = previous or SummarySections()
        for turn in new_turns:
            state = self.fold(state, turn.role, turn.content)
        return state

    def fold(self, state: SummarySections, role: str, content: str) -> SummarySections:
        """The summary after one more turn: the step ``summarize_session`` repeats."""
        speaker = _speaker(role)
        if speaker is None or not content.strip():
            return state
        items, confirmed = _resolve_items(list(state.open_items), content, speaker)
        items = _merge_items(items, _new_items(content, speaker), self.max_open_items)
        facts = [*confirmed, *(_extract_facts(content, "user") if speaker == "user" else [])]
        entities = _merge_entities(state.entities, _extract_entities(content), self.max_entities)
        state = replace(
            state,
            open_items=tuple(items),
            confirmed_facts=_merge_facts(state.confirmed_facts, facts, self.max_facts),
            entities=entities,
        )
        return self._user_stance(state, content) if speaker == "user" else state

    def _user_stance(self, state: SummarySections, content: str) -> SummarySections:
        """Topic, intent and sentiment follow the user, never the agent's wording."""
        lang = _lang(content)
        intent = _detect_intent(_norm(content))
        topic = _next_topic(state, content, intent, self.max_topic_terms)
        if intent is not None:
            intent_label = _intent_label(intent, lang)
        elif not state.intent and any(_is_question(s) for s in _sentences(_norm(content))):
            intent_label = _intent_label(_INFORMATION, lang)
        else:
            intent_label = state.intent
        mood = _sentiment(content)
        sentiment = mood if mood != "neutral" or not state.sentiment else state.sentiment
        return replace(state, topic=topic, intent=intent_label, sentiment=sentiment)

    def storyline(self, session_summaries: Sequence[Summary]) -> SummarySections:
        ordered = sorted(session_summaries, key=lambda s: s.updated_at)
        sections = [s.sections for s in ordered]
        facts: tuple[str, ...] = ()
        for s in sections:
            facts = _merge_facts(facts, s.confirmed_facts, self.max_facts)
        entities: tuple[str, ...] = ()
        for s in sections:
            entities = _merge_entities(entities, s.entities, self.max_entities)
        return SummarySections(
            topic=_recurring_topic([s.topic for s in sections], self.max_topic_terms),
            confirmed_facts=facts,
            open_items=tuple(_still_open(sections, self.max_open_items)),
            entities=entities,
            intent=next((s.intent for s in reversed(sections) if s.intent), ""),
            sentiment=next((s.sentiment for s in reversed(sections) if s.sentiment), ""),
        )


def _recurring_topic(topics: Sequence[str], limit: int) -> str:
    """Terms by the number of sessions they appear in, recent sessions breaking ties."""
    count: Counter[str] = Counter()
    last_seen: dict[str, int] = {}
    for index, topic in enumerate(topics):
        for term in dict.fromkeys(_split_topic(topic)):
            count[term] += 1
            last_seen[term] = index
    ranked = sorted(count, key=lambda t: (-count[t], -last_seen[t]))
    return TOPIC_SEPARATOR.join(ranked[:limit])


def _still_open(sections: Sequence[SummarySections], limit: int) -> list[str]:
    """Open items of every session, minus those a later session settled.

    A later session settles an item when one of its confirmed facts is about the same
    thing (shares at least half of the item's content units): "user to do: send the new
    address" is settled by a later "address: 88 Jianguo Road".
    """
    items: list[str] = []
    for index, s in enumerate(sections):
        later_facts = [f for later in sections[index + 1 :] for f in later.confirmed_facts]
        for item in s.open_items:
            units = _units(_parse_item(item)[1])
            settled = units and any(len(units & _units(f)) * 2 >= len(units) for f in later_facts)
            if not settled and item not in items:
                items.append(item)
    return items[-limit:]
