"""Tenant knowledge distilled from many users' questions (seed 002 §2.3), pure and table-testable.

When many users ask the same question ("how do I export a PDF?", "怎么导出PDF报告？"), the
answers the agent gave them become one knowledge item: the question's salient keywords
(patterns), the solution steps, how many users asked and how far the answers agreed.

Questions are compared by their *concepts*: salient words (question words and fillers
dropped) folded through a small bilingual lexicon, so "export" and "导出" are one concept.
Embedding cosine alone cannot decide: e5 puts two unrelated how-to questions at ~0.84 and
the same question in English and Chinese at ~0.87, so concept overlap decides and cosine
only admits near-verbatim paraphrases and breaks ties. Everything here is deterministic:
same questions in, same items out.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from types import MappingProxyType

import numpy as np
from numpy.typing import NDArray

from palimpsest.core.identifiers import classify_identifier
from palimpsest.text import stem, tokenize

# -- concepts ------------------------------------------------------------------------------

_LEXICON_SOURCE: Mapping[str, tuple[str, ...]] = {
    # concept: English words (stemmed on load) and Chinese words, as tokenize() yields them.
    "export": ("export", "导出", "输出", "导成"),
    "download": ("download", "下载"),
    "upload": ("upload", "上传"),
    "save": ("save", "保存", "存"),
    "print": ("print", "打印"),
    "share": ("share", "分享", "共享"),
    "report": ("report", "报告", "报表"),
    "file": ("file", "document", "文件", "文档"),
    "filename": ("filename", "文件名"),
    "invoice": ("invoice", "receipt", "发票", "收据"),
    "password": ("password", "密码"),
    "reset": ("reset", "重置", "找回"),
    "change": ("change", "modify", "update", "edit", "修改", "更改", "更新", "编辑", "改"),
    "login": ("login", "log", "sign", "signin", "登录", "登陆"),
    "account": ("account", "账户", "账号", "帐号", "帐户"),
    "delete": ("delete", "remove", "删除", "删掉", "移除"),
    "cancel": ("cancel", "取消"),
    "refund": ("refund", "退款", "退钱"),
    "order": ("order", "订单"),
    "subscription": ("subscription", "subscribe", "订阅"),
    "pay": ("pay", "payment", "支付", "付款", "付费"),
    "language": ("language", "语言"),
    "setting": ("setting", "settings", "preference", "设置", "偏好"),
    "email": ("email", "mail", "e-mail", "邮件", "邮箱"),
    "phone": ("phone", "mobile", "手机", "电话"),
    "address": ("address", "地址"),
    "notification": ("notification", "notify", "通知", "提醒"),
    "create": ("create", "new", "创建", "新建"),
    "add": ("add", "添加", "增加"),
    "template": ("template", "模板"),
    "data": ("data", "数据"),
    "click": ("click", "tap", "press", "点击", "单击", "点"),
    "select": ("select", "choose", "pick", "选择", "选"),
    "confirm": ("confirm", "确认", "确定"),
    "open": ("open", "打开", "进入"),
    "menu": ("menu", "菜单"),
    "button": ("button", "按钮"),
    "more": ("more", "更多"),
    "action": ("action", "operation", "操作"),
    "page": ("page", "页面", "页"),
    "top": ("top", "上方", "顶部"),
    "right": ("right", "右上角", "右侧", "右边"),
    "enter": ("enter", "type", "input", "输入", "填写"),
    "name": ("name", "名称", "名字"),
}


def _build_lexicon() -> Mapping[str, str]:
    lexicon: dict[str, str] = {}
    for concept, words in _LEXICON_SOURCE.items():
        for word in words:
            lexicon[stem(word.lower()) if word.isascii() else word] = concept
    return MappingProxyType(lexicon)


LEXICON: Mapping[str, str] = _build_lexicon()
"""Token → concept. Small on purpose: it only has to bridge the two languages for the words
support questions are made of; an unknown word is its own concept."""

# Words that say *that* something is asked, not *what*: dropping them keeps "how do I export a
# PDF" and "请问怎么导出PDF" down to {export, pdf}.
_FILLER: frozenset[str] = frozenset(
    {
        *("pleas", "please", "want", "need", "way", "get", "thing", "help", "tell", "know", "possible", "abl", "able"),
        *("anyon", "anyone", "someon", "someone", "hello", "thank", "thanks", "go", "make", "use", "us"),
        *("怎么", "如何", "怎样", "怎么样", "怎么弄", "怎么办", "怎么做", "请问", "请", "问", "一下", "我", "我们"),
        *("你", "您", "能", "能不能", "可以", "可不可以", "吗", "呢", "啊", "吧", "的", "了", "把", "要", "想"),
        *("在", "哪里", "哪儿", "哪", "什么", "是", "有", "个", "成", "为", "到", "给", "用", "中", "里", "弄"),
        *("做", "办", "一个", "这个", "那个", "如何才能", "应该", "需要", "麻烦", "谢谢", "您好", "你好", "后"),
    }
)
_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


def salient_terms(text: str) -> list[str]:
    """The words of ``text`` that say what it is about, in order (fillers and stopwords dropped).

    A single Chinese character is kept only when the lexicon knows it ("存", "点"): alone,
    jieba's single characters are almost always particles.
    """
    out: list[str] = []
    for token in tokenize(text):
        if token in _FILLER or token.isdigit():
            continue
        if len(token) == 1 and _CJK.match(token) and token not in LEXICON:
            continue
        out.append(token)
    return out


def concept_of(term: str) -> str:
    return LEXICON.get(term, term)


@lru_cache(maxsize=8192)
def concepts(text: str) -> frozenset[str]:
    """The concepts ``text`` is about (cached: the same questions are compared many times)."""
    return frozenset(concept_of(t) for t in salient_terms(text))


def dice(a: frozenset[str], b: frozenset[str]) -> float:
    """Dice overlap of two concept sets, 0..1 (0 when either is empty)."""
    if not a or not b:
        return 0.0
    return 2 * len(a & b) / (len(a) + len(b))


# -- questions and answers -------------------------------------------------------------------

_QUESTION = re.compile(
    r"^\W*(how|what|why|which|who|where|when|is|are|was|does|do|did|can|could|should|would|will|may)\b"
    r"|怎么|如何|怎样|为什么|为啥|是什么|什么意思|哪里|哪儿|在哪|能不能|可不可以|有没有|是否|[吗呢]\W*$",
    re.IGNORECASE,
)


def is_question(text: str) -> bool:
    """A question in English or Chinese: a question mark, an interrogative opening or marker."""
    stripped = text.strip()
    return bool(stripped) and (stripped.endswith(("?", "？")) or bool(_QUESTION.search(stripped)))


@dataclass(frozen=True, slots=True)
class Question:
    """A user's question and, when there was one, the assistant turn right after it."""

    id: str
    user_id: str
    text: str
    occurred_at: datetime
    answer: str | None = None
    answer_id: str | None = None
    answer_at: datetime | None = None


# Step markers: "1." "2)" "3、" "①" "第一步", and bullets at the start of a line.
_NUMBERED = re.compile(
    r"(?<!\w)(?:\d{1,2}[.)、:：](?!\d)|[①-⑩]|第[一二三四五六七八九十]+步[，,：:]?|step \d+[:.]?)\s*", re.IGNORECASE
)
_BULLET = re.compile(r"^\s*[-*•·]\s+", re.MULTILINE)
_SEQUENCE = re.compile(
    r"\b(?:first(?:ly)?|then|next|after that|afterwards|finally|lastly)\b[,:]?\s*|首先|然后|接着|之后|最后",
    re.IGNORECASE,
)
# ASCII punctuation ends a sentence only before a space ("version 2.0" is one sentence).
_SENTENCE = re.compile(r"(?<=[.!?;])\s+|(?<=[。！？；])\s*")
_TRIM = re.compile(r"^[\s,，、;；:：.。\-–—>→]+|[\s,，、;；:：.。\-–—]+$")
_LEADING_AND = re.compile(r"^(?:and then|and)\s+|^(?:并且|并)", re.IGNORECASE)
_TRAILING_AND = re.compile(r"[\s,，]+(?:and|并且|并)$", re.IGNORECASE)


def _clean_steps(parts: Sequence[str]) -> tuple[str, ...]:
    steps = []
    for part in parts:
        step = _TRIM.sub("", " ".join(part.split()))
        step = _TRIM.sub("", _TRAILING_AND.sub("", _LEADING_AND.sub("", step)))
        if step and any(ch.isalnum() for ch in step):
            steps.append(step)
    return tuple(steps)


def split_steps(answer: str) -> tuple[str, ...]:
    """An answer as ordered steps. Deterministic, tried in order: numbered markers, bullets,
    sequence words (first/then/finally, 首先/然后/最后), arrows, then sentences.

    With markers, the words before the first one are a preamble ("Sure, here's how:") and
    are not a step.
    """
    text = answer.strip()
    if len(_NUMBERED.findall(text)) >= 2:
        return _clean_steps(_NUMBERED.split(text)[1:])
    if len(_BULLET.findall(text)) >= 2:
        return _clean_steps(_BULLET.split(text)[1:])
    if _SEQUENCE.search(text):
        first = _SEQUENCE.search(text)
        assert first is not None
        head, rest = text[: first.start()], text[first.start() :]
        # A preamble that introduces the steps ("Sure:", "可以的：") is dropped; a real first
        # action before "then" ("Open Settings, then ...") is kept.
        parts = _SEQUENCE.split(rest)
        keep_head = bool(head.strip()) and not head.rstrip().endswith((":", "："))
        return _clean_steps([head, *parts] if keep_head else parts)
    if "→" in text or "->" in text:
        return _clean_steps(re.split(r"→|->", text))
    return _clean_steps(_SENTENCE.split(text))


_ID_CANDIDATE = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\+?\d[\d\s\-()]{5,}\d|[A-Za-z0-9][\w\-#:/]*\d[\w\-#:/]*")


def mask_identifiers(text: str) -> str:
    """Replace identifiers (phones, e-mails, order numbers) with ``<id>``.

    Knowledge is tenant-wide: a question or answer one user saw must not carry that user's
    order number or phone into what every other user of the tenant is shown.
    """

    def swap(match: re.Match[str]) -> str:
        return "<id>" if classify_identifier(match.group(0)) is not None else match.group(0)

    return _ID_CANDIDATE.sub(swap, text)


# -- distillation ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DistillParams:
    min_users: int = 3
    """A cluster becomes knowledge only when this many distinct users asked."""
    join_similarity: float = 0.5
    """Concept overlap (Dice) a question needs with a cluster's core to join it."""
    paraphrase_cosine: float = 0.95
    """Cosine at which two texts count as the same whatever their words (near-verbatim)."""
    agree_similarity: float = 0.3
    """Similarity at which another answer agrees with the chosen solution."""
    max_examples: int = 5
    max_patterns: int = 8


@dataclass(frozen=True, slots=True)
class Distilled:
    """One knowledge item as the questions and answers support it."""

    topic: str
    patterns: tuple[str, ...]
    examples: tuple[str, ...]
    solution_steps: tuple[str, ...]
    users: frozenset[str]
    agreement: float
    """Share of the answered questions whose answer agrees with the chosen solution."""
    confidence: float
    valid_since: datetime
    """The earliest answer that agrees with the chosen solution: it has held since then."""
    question_ids: tuple[str, ...] = field(default_factory=tuple)

    @property
    def concept_set(self) -> frozenset[str]:
        return frozenset(concept_of(p) for p in self.patterns)


def similarity(a: frozenset[str], b: frozenset[str], cosine: float, params: DistillParams) -> float:
    """Concept overlap, raised to the cosine when the embedder sees a near-verbatim paraphrase."""
    overlap = dice(a, b)
    return max(overlap, cosine) if cosine >= params.paraphrase_cosine else overlap


def confidence(users: int, agreement: float) -> float:
    """Grows with the number of users (half at 3, 0.9 at 10) and with how far answers agree.

    Even unanimous answers from few users stay unsure: three people asking is a pattern, not
    yet proof the answer is right.
    """
    if users <= 0:
        return 0.0
    reach = 1.0 - math.pow(0.5, users / 3.0)
    return round(reach * (0.5 + 0.5 * max(0.0, min(1.0, agreement))), 3)


def _core(counts: Counter[str], members: int) -> frozenset[str]:
    """Concepts at least half the members share: what the cluster is about."""
    return frozenset(c for c, n in counts.items() if 2 * n >= members)


def _unit(vector: NDArray[np.float32]) -> NDArray[np.float32]:
    norm = float(np.linalg.norm(vector))
    return vector / norm if norm > 0 else vector


def cluster_questions(
    questions: Sequence[Question], vectors: NDArray[np.float32] | None, params: DistillParams
) -> list[list[int]]:
    """Group questions asking the same thing; returns index lists, each in time order.

    Greedy and deterministic: questions are taken in (time, id) order and each joins the
    cluster whose core concepts it overlaps most (at least ``join_similarity``; cosine to the
    cluster's centroid breaks ties), else starts a new one. Questions without concepts
    ("how?") cannot be compared and are left out.

    Only clusters that share a core concept (an inverted index) or whose centroid is a
    near-verbatim paraphrase (one matrix product) are scored, so a tenant with thousands of
    distinct questions does not cost questions × clusters set comparisons.
    """
    order = sorted(range(len(questions)), key=lambda i: (questions[i].occurred_at, questions[i].id))
    clusters: list[list[int]] = []
    counts: list[Counter[str]] = []
    cores: list[frozenset[str]] = []
    by_concept: dict[str, set[int]] = {}
    # At most one cluster per question: preallocated, so a new cluster costs no copy.
    width = vectors.shape[1] if vectors is not None else 1
    sums = np.zeros((len(questions), width), np.float32)
    centroids = np.zeros((len(questions), width), np.float32)
    for i in order:
        own = concepts(questions[i].text)
        if not own:
            continue
        k = len(clusters)
        cosines = centroids[:k] @ vectors[i] if vectors is not None else np.zeros(k, np.float32)
        candidates = {c for concept in own for c in by_concept.get(concept, ())}
        candidates.update(int(c) for c in np.flatnonzero(cosines >= params.paraphrase_cosine))
        best, best_key = -1, (0.0, 0.0)
        for c in sorted(candidates):
            cosine = float(cosines[c])
            score = similarity(own, cores[c], cosine, params)
            if score >= params.join_similarity and (score, cosine) > best_key:
                best, best_key = c, (score, cosine)
        if best < 0:
            clusters.append([])
            counts.append(Counter())
            cores.append(frozenset())
            best = k
        clusters[best].append(i)
        counts[best].update(own)
        for concept in cores[best]:
            by_concept[concept].discard(best)
        cores[best] = _core(counts[best], len(clusters[best]))
        for concept in cores[best]:
            by_concept.setdefault(concept, set()).add(best)
        if vectors is not None:
            sums[best] += vectors[i]
            centroids[best] = _unit(sums[best])
    return clusters


def _patterns(texts: Sequence[str], limit: int) -> tuple[tuple[str, ...], list[str]]:
    """(surface keywords of the core concepts, core concepts by frequency)."""
    per_concept: Counter[str] = Counter()
    surfaces: dict[str, Counter[str]] = {}
    for text in texts:
        terms = salient_terms(text)
        for term in dict.fromkeys(terms):
            surfaces.setdefault(concept_of(term), Counter())[term] += 1
        per_concept.update({concept_of(t) for t in terms})
    core = [c for c, n in per_concept.items() if 2 * n >= len(texts)]
    ranked = sorted(core, key=lambda c: (-per_concept[c], c))
    words = [w for c in ranked for w, _ in sorted(surfaces[c].items(), key=lambda wn: (-wn[1], wn[0]))]
    return tuple(words[:limit]), ranked


def _topic(ranked_concepts: Sequence[str]) -> str:
    return "_".join(ranked_concepts[:2]) or "general"


def pick_solution(
    answers: Sequence[tuple[str, datetime, str]],
    vectors: NDArray[np.float32] | None,
    params: DistillParams,
) -> tuple[tuple[str, ...], float, datetime] | None:
    """The solution the answers agree on: (steps, agreement, valid_since), or ``None``.

    ``answers`` are (text, time, id). The chosen answer is the medoid — the one most similar
    to all the others —, ties going to more steps, then the earliest; ``agreement`` is the
    share of answers at least ``agree_similarity`` close to it.
    """
    if not answers:
        return None
    sets = [concepts(text) for text, _, _ in answers]
    n = len(answers)
    cos = vectors @ vectors.T if vectors is not None else np.zeros((n, n), np.float32)
    sim = [
        [similarity(sets[i], sets[j], float(cos[i, j]), params) if i != j else 1.0 for j in range(n)] for i in range(n)
    ]
    steps = [split_steps(mask_identifiers(text)) for text, _, _ in answers]

    def rank(i: int) -> tuple[float, int, datetime, str]:
        return (-sum(sim[i]), -len(steps[i]), answers[i][1], answers[i][2])

    chosen = min(range(n), key=rank)
    agreeing = [j for j in range(n) if sim[chosen][j] >= params.agree_similarity]
    valid_since = min(answers[j][1] for j in agreeing)
    return steps[chosen], len(agreeing) / n, valid_since


def distill(
    questions: Sequence[Question],
    question_vectors: NDArray[np.float32] | None,
    answer_vectors: Mapping[str, NDArray[np.float32]] | None,
    params: DistillParams,
) -> list[Distilled]:
    """Knowledge from questions many users asked: one :class:`Distilled` per cluster of at least
    ``min_users`` distinct users that has at least one answer. Ordered by users, then topic.

    ``answer_vectors`` maps answer turn ids to their passage vectors (optional).
    """
    found: list[Distilled] = []
    for members in cluster_questions(questions, question_vectors, params):
        group = [questions[i] for i in members]
        users = frozenset(q.user_id for q in group)
        if len(users) < params.min_users:
            continue
        answered = [q for q in group if q.answer and q.answer_at is not None and q.answer_id is not None]
        answers = [(q.answer or "", q.answer_at or q.occurred_at, q.answer_id or q.id) for q in answered]
        vectors = (
            np.stack([answer_vectors[a[2]] for a in answers])
            if answer_vectors is not None and answers and all(a[2] in answer_vectors for a in answers)
            else None
        )
        solution = pick_solution(answers, vectors, params)
        if solution is None or not solution[0]:
            continue  # a question nobody answered is not knowledge yet
        steps, agreement, valid_since = solution
        texts = [q.text for q in group]
        patterns, ranked = _patterns(texts, params.max_patterns)
        examples = tuple(dict.fromkeys(mask_identifiers(t) for t in texts))[: params.max_examples]
        found.append(
            Distilled(
                topic=_topic(ranked),
                patterns=patterns,
                examples=examples,
                solution_steps=steps,
                users=users,
                agreement=round(agreement, 3),
                confidence=confidence(len(users), agreement),
                valid_since=valid_since,
                question_ids=tuple(q.id for q in group),
            )
        )
    found.sort(key=lambda d: (-len(d.users), d.topic))
    return found


def match_item(distilled: Distilled, items: Sequence[frozenset[str]], params: DistillParams) -> int | None:
    """Which stored item (by its pattern concepts) a fresh distillation refreshes, if any."""
    best, best_score = None, params.join_similarity
    mine = distilled.concept_set
    for i, theirs in enumerate(items):
        score = dice(mine, theirs)
        if score >= best_score and (best is None or score > best_score):
            best, best_score = i, score
    return best


# -- retrieval -------------------------------------------------------------------------------


def match_score(query: frozenset[str], vocabulary: frozenset[str], cosine: float, params: DistillParams) -> float:
    """How well an item answers a query, 0..1: the share of the query's concepts (up to three)
    the item's vocabulary covers, ordered within by meaning (cosine). A near-verbatim paraphrase
    counts even without shared words. Below half of the query's concepts there is no match."""
    words = len(query & vocabulary) / max(1, min(len(query), 3)) if query else 0.0
    if cosine >= params.paraphrase_cosine:
        words = max(words, cosine)
    if words < 0.5:
        return 0.0
    return min(1.0, words) * (0.7 + 0.3 * max(0.0, min(1.0, cosine)))


__all__ = [
    "LEXICON",
    "DistillParams",
    "Distilled",
    "Question",
    "cluster_questions",
    "concept_of",
    "concepts",
    "confidence",
    "dice",
    "distill",
    "is_question",
    "mask_identifiers",
    "match_item",
    "match_score",
    "pick_solution",
    "salient_terms",
    "similarity",
    "split_steps",
]
