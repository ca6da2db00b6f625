"""Experiment: a learned candidate-span classifier filling the gaps of the extraction rules (issue 4).

Fifteen blind readings put the rules' fact recall on unseen wording at 0.52-0.69. The CRF span tagger
(``bench/learned_cv.py``) failed on real chat. This experiment tries the other learned shape that ships without
an LLM: propose candidate *values* from the text (capitalized runs and model numbers, job-title and device
n-grams around a head-noun list, the Chinese city gazetteer, jieba's nouns, Latin runs with the hanzi brand in
front), then let one logistic regression per class decide what each candidate is — for the four predicates that
carry most of the misses (``lives_in``, ``works_at``, ``owns_device``, ``job_title``), about the speaker or a
relative, current or ended — from the words around it. A relative subject is the nearest relation word before
the candidate; a date is the one time mention of its sentence. Its facts are *added* to the rules' only where
the rules said nothing for that predicate and subject and nothing with that value.

Trained on every labelled set but the test set (attacks and assistant turns left out), scored with the bench's
own strict fact scorer against the rules alone, on sets the rules were never tuned on:

    pip install -e ".[learn]"
    python -m bench.span_classifier --test heldout28 --exclude heldout29 --out bench/results/span_classifier.md
    python -m bench.span_classifier --test heldout29 --out /tmp/span29.md

Not product code: the experiment did not earn a place (conclusion in ``bench/results/span_classifier.md``).
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import jieba
import jieba.posseg as pseg

import bench.extraction as bx
from palimpsest.write import rules_en, rules_zh
from palimpsest.write.extract import RuleExtractor
from palimpsest.write.model import CandidateFact, Extraction

DATA_DIR = Path(__file__).parent / "data"
PREDICATES = ("lives_in", "works_at", "owns_device", "job_title")
CLASSES = tuple(f"{p}|{who}|{state}" for p in PREDICATES for who in ("self", "other") for state in ("cur", "end"))
C = 2.0

# -- vocabulary -----------------------------------------------------------------------------------------------
# The extractor's own relation words, so subjects are spelled as the rules spell them.
RELATIONS_EN = {word.lower(): relation for word, relation in rules_en._RELATIONS.items()}
RELATIONS_ZH = dict(rules_zh._RELATIONS)
_RELATION_EN = re.compile(
    r"\b(?:my|our|his|her)\s+(?:(?:older|younger|little|big|elder|baby|eldest|youngest|twin|oldest|new|late|ex-?)\s+)?("
    + "|".join(sorted(map(re.escape, RELATIONS_EN), key=len, reverse=True))
    + r")\b",
    re.IGNORECASE,
)
_RELATION_ZH = re.compile("(" + "|".join(sorted(map(re.escape, RELATIONS_ZH), key=len, reverse=True)) + ")")
CITIES_ZH = frozenset(
    line.strip()
    for line in (Path(rules_zh.__file__).parent.parent / "data" / "cities_zh.txt").read_text("utf-8").splitlines()
    if line.strip() and not line.startswith("#")
)


def _words(text: str) -> list[str]:
    return text.split()


JOB_HEADS_EN = frozenset(
    _words(
        """manager engineer designer developer driver nurse teacher analyst barista trainee intern consultant accountant
    lawyer doctor chef cook cashier student scientist architect officer assistant clerk technician mechanic electrician
    plumber pharmacist professor lecturer researcher writer editor journalist photographer artist programmer
    administrator director supervisor coordinator specialist representative agent waiter waitress server bartender
    tutor paramedic firefighter pilot attendant receptionist secretary dentist therapist vet surgeon physiotherapist
    physio carpenter builder farmer courier cleaner guard banker trader auditor recruiter planner strategist lead head
    ceo cto cfo founder owner freelancer contractor tester operator coach instructor translator illustrator copywriter
    marketer producer midwife caregiver carer baker butcher tailor hairdresser stylist barber librarian counsellor
    counselor adviser advisor associate partner executive apprentice nanny actuary economist statistician biologist
    chemist physicist surveyor inspector paralegal dispatcher labourer laborer welder"""
    )
)
DEVICE_HEADS_EN = frozenset(
    _words(
        """phone smartphone laptop tablet speaker router doorbell stick watch tv console camera drone printer e-reader
    reader headphones earbuds monitor desktop pc notebook smartwatch kindle mini pro max ultra plus air"""
    )
)
HEADS_ZH = _words(
    "老师 教师 工程师 程序员 医生 护士 会计 律师 司机 运营 产品经理 经理 设计师 销售 公务员 老板 学生 厨师 快递员 "
    "外卖员 骑手 店长 主管 总监 客服 前端 后端 开发 测试 记者 编辑 研究员 分析师 助理 顾问 架构师 实习生 保安 保洁 "
    "店员 收银员 导购 HR 人事 财务 行政 翻译 摄影师 教授 讲师 博士 研究生 药剂师 工人 技术员 主播 博主 自由职业 创业 "
    "CEO CTO 总裁 专员 文员 策划 美工 UI 手机 平板 电视 手表 笔记本 扫地机器人 扫地机 电脑 耳机 音箱 路由器 相机 "
    "无人机 手环 游戏机 电话手表"
)
_HEAD_ZH = re.compile("|".join(sorted(map(re.escape, HEADS_ZH), key=len, reverse=True)))
_TOKEN = re.compile(r"[A-Za-z0-9\u00C0-\u024F][\w'&+\u00C0-\u024F-]*")
_JOINERS = frozenset({"of", "de", "&", "la", "do", "da", "and", "van", "von", "del", "y"})
_SENTENCE_END = re.compile(r"[.!?;。！？；\n]|,\s+(?:but|so|and)\b|，")
_LATIN_RUN = re.compile(r"[A-Za-z][A-Za-z0-9+]*(?:[ \-][A-Za-z0-9+]+)*")
_HEDGE_EN = re.compile(
    r"\b(?:not|never|no longer|don't|didn't|doesn't|won't|if|would|might|maybe|thinking|planning|considering)\b",
    re.IGNORECASE,
)
_HEDGE_ZH = re.compile(r"不|没|别|如果|要是|打算|考虑|想|准备|可能")
_NOUN_FLAGS = frozenset({"ns", "nt", "nz", "nr", "nrt", "j", "nrfg", "n", "x", "eng", "vn"})


# -- candidates -----------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Candidate:
    start: int
    end: int
    text: str


def sentence_of(text: str, start: int, end: int) -> tuple[int, int]:
    begin = 0
    for mark in _SENTENCE_END.finditer(text):
        if mark.end() <= start:
            begin = mark.end()
        elif mark.start() >= end:
            return begin, mark.start()
    return begin, len(text)


def _capitalized(token: str) -> bool:
    return token[0].isupper() or any(c.isdigit() for c in token) or re.match(r"[a-z]+[A-Z]", token) is not None


def candidates_en(text: str, heads: frozenset[str]) -> list[Candidate]:
    tokens = [(m.start(), m.group().rstrip("'.-")) for m in _TOKEN.finditer(text)]
    tokens = [(s, s + len(w), w) for s, w in tokens if w]
    spans: set[tuple[int, int]] = set()
    i = 0
    while i < len(tokens):
        if not _capitalized(tokens[i][2]):
            i += 1
            continue
        j = i
        while j + 1 < len(tokens) and text[tokens[j][1] : tokens[j + 1][0]] in (" ", ""):
            following = tokens[j + 1][2]
            joined = following.lower() in _JOINERS and j + 2 < len(tokens) and _capitalized(tokens[j + 2][2])
            if not (_capitalized(following) or joined):
                break
            j += 1
        for a in range(i, j + 1):
            for b in range(a, min(j, a + 4) + 1):
                if tokens[a][2].lower() not in _JOINERS and tokens[b][2].lower() not in _JOINERS:
                    spans.add((tokens[a][0], tokens[b][1]))
        i = j + 1
    for k, (_, end, word) in enumerate(tokens):
        if word.lower() in heads or word.lower() in DEVICE_HEADS_EN:
            for a in range(max(0, k - 3), k + 1):
                if all(text[tokens[x][1] : tokens[x + 1][0]] in (" ", "-") for x in range(a, k)):
                    spans.add((tokens[a][0], end))
    return [Candidate(s, e, text[s:e]) for s, e in sorted(spans)]


def _hanzi(text: str) -> bool:
    return all("\u4e00" <= c <= "\u9fff" for c in text)


def candidates_zh(text: str, heads: Sequence[str]) -> list[Candidate]:
    spans: set[tuple[int, int]] = set()
    for i in range(len(text)):
        for size in range(2, 7):
            if text[i : i + size] in CITIES_ZH:
                spans.add((i, i + size))
    words, at = [], 0
    for pair in pseg.cut(text):
        words.append((at, at + len(pair.word), pair.word, pair.flag))
        at += len(pair.word)
    for k, (s, e, word, flag) in enumerate(words):
        if (flag in _NOUN_FLAGS or word in heads) and len(word) >= 2 and not re.fullmatch(r"[\W\d]+", word):
            spans.add((s, e))
            if k + 1 < len(words) and words[k + 1][3] in ("ns", "nt", "nz", "n", "j", "nrt"):
                spans.add((s, words[k + 1][1]))
    for run in _LATIN_RUN.finditer(text):
        parts = [(m.start() + run.start(), m.end() + run.start()) for m in re.finditer(r"[A-Za-z0-9+]+", run.group())]
        for a in range(len(parts)):
            for b in range(a, min(len(parts), a + 4)):
                for back in range(5):
                    start = parts[a][0] - back
                    if start < 0 or (back and not _hanzi(text[start : parts[a][0]])):
                        break
                    spans.add((start, parts[b][1]))
    for run in re.finditer(r"[\u4e00-\u9fff]{1,6}\d{1,3}", text):
        for start in range(run.start(), run.end() - 2):
            spans.add((start, run.end()))
    for head in _HEAD_ZH.finditer(text):
        for back in range(5):
            start = head.start() - back
            if start < 0 or (back and not all(_hanzi(c) or c.isalpha() for c in text[start : head.start()])):
                break
            spans.add((start, head.end()))
    for head in heads:
        for found in re.finditer(re.escape(head), text):
            spans.add((found.start(), found.end()))
    return [Candidate(s, e, text[s:e]) for s, e in sorted(spans)]


# -- features -------------------------------------------------------------------------------------------------
def features(text: str, lang: str, cand: Candidate, time_starts: Sequence[int]) -> dict[str, float]:
    begin, end = sentence_of(text, cand.start, cand.end)
    f: dict[str, float] = {"w=" + cand.text.lower(): 1}
    f |= _features_en(text, cand, begin, end) if lang == "en" else _features_zh(text, cand, begin, end)
    f["q"] = re.search(r"[?？吗呢]", text[cand.end : end + 1]) is not None
    f["time_in_sentence"] = any(begin <= t < end for t in time_starts)
    return f


def _features_en(text: str, cand: Candidate, begin: int, end: int) -> dict[str, float]:
    s, e, low = cand.start, cand.end, cand.text.lower()
    f: dict[str, float] = {}
    parts = low.split()
    f |= {"first=" + parts[0]: 1, "last=" + parts[-1]: 1, "ntok": len(parts), "aff=" + low[-3:]: 1}
    f |= {"pre=" + low[:3]: 1, "digit": any(c.isdigit() for c in low), "lower": cand.text[0].islower()}
    left = re.findall(r"[\w']+", text[:s].lower())
    right = re.findall(r"[\w']+", text[e:].lower())
    for i in range(1, 4):
        if len(left) >= i:
            f[f"l{i}=" + left[-i]] = 1
        if len(right) >= i:
            f[f"r{i}=" + right[i - 1]] = 1
    if len(left) >= 2:
        f["l12=" + " ".join(left[-2:])] = 1
    if len(right) >= 2:
        f["r12=" + " ".join(right[:2])] = 1
    f |= {"lb=" + w: 1 for w in left[-8:]} | {"rb=" + w: 1 for w in right[:5]}
    f["start"] = not left or text[:s].rstrip().endswith((".", "!", "?"))
    relation = list(_RELATION_EN.finditer(text[begin:s]))
    if relation:
        f |= {"relb=" + RELATIONS_EN[relation[-1].group(1).lower()]: 1, "relb": 1}
    f["rela"] = _RELATION_EN.search(text[e:end]) is not None
    hedges = _HEDGE_EN.findall(text[begin:s])
    if hedges:
        f["hedge=" + hedges[-1].lower()] = 1
    f["i_before"] = re.search(r"\b(?:i|i'm|i've|we|we're|me|my)\b", text[begin:s], re.IGNORECASE) is not None
    return f


def _features_zh(text: str, cand: Candidate, begin: int, end: int) -> dict[str, float]:
    s, e = cand.start, cand.end
    f: dict[str, float] = {}
    f |= {"len": len(cand.text), "latin": re.search(r"[A-Za-z]", cand.text) is not None}
    f |= {"digit": any(c.isdigit() for c in cand.text), "city": cand.text in CITIES_ZH}
    f |= {"last1=" + cand.text[-1]: 1, "last2=" + cand.text[-2:]: 1, "first1=" + cand.text[0]: 1}
    for i in range(1, 4):
        if s - i >= 0:
            f[f"lc{i}=" + text[s - i : s]] = 1
        if e + i <= len(text):
            f[f"rc{i}=" + text[e : e + i]] = 1
    left = [w for w in jieba.lcut(text[max(0, s - 12) : s]) if w.strip()]
    right = [w for w in jieba.lcut(text[e : e + 10]) if w.strip()]
    for i in range(1, 3):
        if len(left) >= i:
            f[f"lw{i}=" + left[-i]] = 1
        if len(right) >= i:
            f[f"rw{i}=" + right[i - 1]] = 1
    f |= {"lb=" + w: 1 for w in left[-6:]} | {"rb=" + w: 1 for w in right[:4]}
    relation = list(_RELATION_ZH.finditer(text[begin:s]))
    if relation:
        f |= {"relb=" + RELATIONS_ZH[relation[-1].group(1)]: 1, "relb": 1}
    hedges = _HEDGE_ZH.findall(text[begin:s])
    if hedges:
        f["hedge=" + hedges[-1]] = 1
    f["i_before"] = "我" in text[begin:s]
    return f


def relation_before(text: str, lang: str, start: int) -> str | None:
    begin, _ = sentence_of(text, start, start)
    if lang == "en":
        found = list(_RELATION_EN.finditer(text[begin:start])) or list(_RELATION_EN.finditer(text[:start]))
        return RELATIONS_EN[found[-1].group(1).lower()] if found else None
    found = list(_RELATION_ZH.finditer(text[begin:start])) or list(_RELATION_ZH.finditer(text[:start]))
    return RELATIONS_ZH[found[-1].group(1)] if found else None


# -- data -----------------------------------------------------------------------------------------------------
@dataclass
class Row:
    utterance: bx.Utterance
    candidate: Candidate
    features: dict[str, float]
    classes: set[str]
    extraction: Extraction


def heads_from(sets: dict[str, list[bx.Utterance]]) -> tuple[frozenset[str], tuple[str, ...]]:
    """Job-title heads (English) and whole values (Chinese) the training sets teach, beside the lists above."""
    en, zh = set(JOB_HEADS_EN), set()
    for utterances in sets.values():
        for u in utterances:
            for fact in u.facts:
                if u.lang == "en" and fact.predicate == "job_title":
                    en.add(fact.values[0].lower().split()[-1])
                elif u.lang == "zh" and fact.predicate in ("job_title", "works_at", "owns_device"):
                    zh.update(v for v in fact.values if len(v) >= 2)
    return frozenset(en), tuple(sorted(zh))


def rows_of(utterances: Iterable[bx.Utterance], heads: tuple[frozenset[str], tuple[str, ...]]) -> list[Row]:
    extractor = RuleExtractor()
    out = []
    for u in utterances:
        if u.attack is not None or u.role != "user":
            continue
        extraction = bx.call_extract(extractor, u)
        time_starts = [u.text.find(t.text) for t in extraction.times]
        found = candidates_en(u.text, heads[0]) if u.lang == "en" else candidates_zh(u.text, heads[1])
        for cand in found:
            classes = {
                f"{fact.predicate}|{'self' if fact.subject == u.speaker else 'other'}|{'end' if fact.ends else 'cur'}"
                for fact in u.facts
                if fact.predicate in PREDICATES and bx.values_match(fact.predicate, fact.values, cand.text)
            }
            out.append(Row(u, cand, features(u.text, u.lang, cand, time_starts), classes, extraction))
    return out


def load_sets(exclude: Sequence[str] = (), only: Sequence[str] = ()) -> dict[str, list[bx.Utterance]]:
    out = {}
    for path in sorted(DATA_DIR.glob("extraction_*.yaml")):
        name = path.stem.removeprefix("extraction_")
        if name not in exclude and (not only or name in only):
            out[name] = bx.load_dataset(path)
    return out


# -- model ----------------------------------------------------------------------------------------------------
def fit(rows: Sequence[Row]) -> tuple[Any, dict[str, Any]]:
    import numpy as np
    from sklearn.feature_extraction import DictVectorizer
    from sklearn.linear_model import LogisticRegression

    vectorizer = DictVectorizer()
    matrix = vectorizer.fit_transform([r.features for r in rows]).tocsr()
    matrix.indices, matrix.indptr = matrix.indices.astype(np.int32), matrix.indptr.astype(np.int32)
    models = {}
    for cls in CLASSES:
        target = [cls in r.classes for r in rows]
        if sum(target) >= 3:
            models[cls] = LogisticRegression(C=C, max_iter=2000, solver="liblinear").fit(matrix, target)
    return vectorizer, models


def probabilities(vectorizer: Any, models: dict[str, Any], rows: Sequence[Row]) -> list[dict[str, float]]:
    import numpy as np

    matrix = vectorizer.transform([r.features for r in rows]).tocsr()
    matrix.indices, matrix.indptr = matrix.indices.astype(np.int32), matrix.indptr.astype(np.int32)
    columns = {cls: m.predict_proba(matrix)[:, 1] for cls, m in models.items()}
    return [{cls: float(col[i]) for cls, col in columns.items()} for i in range(len(rows))]


def decode(rows: Sequence[Row], probs: Sequence[dict[str, float]], theta: float) -> list[CandidateFact]:
    """One utterance's candidates to facts: the surest class first, overlapping candidates dropped."""
    ranked = sorted(
        ((p, cls, row) for row, by_class in zip(rows, probs, strict=True) for cls, p in by_class.items() if p >= theta),
        key=lambda item: -item[0],
    )
    taken: list[tuple[int, int]] = []
    out = []
    for _, cls, row in ranked:
        u, cand = row.utterance, row.candidate
        if any(not (cand.end <= a or cand.start >= b) for a, b in taken):
            continue
        predicate, who, state = cls.split("|")
        subject = u.speaker
        if who == "other":
            relation = relation_before(u.text, u.lang, cand.start)
            if relation is None:
                continue
            subject = f"{u.speaker}:{relation}"
        taken.append((cand.start, cand.end))
        begin, end = sentence_of(u.text, cand.start, cand.end)
        dated = [t for t in row.extraction.times if begin <= u.text.find(t.text) < end]
        when = dated[0].start if len(dated) == 1 and predicate != "job_title" else None
        if state == "end":
            out.append(CandidateFact(subject, predicate, cand.text, valid_to=when or u.at, rule="span-model"))
        else:
            out.append(CandidateFact(subject, predicate, cand.text, valid_from=when, rule="span-model"))
    return out


def gap_fill(rule_facts: Sequence[CandidateFact], model_facts: Sequence[CandidateFact]) -> list[CandidateFact]:
    """The model's facts for a predicate and subject the rules left empty, with a value the rules did not state."""
    return [
        m
        for m in model_facts
        if not any(r.predicate == m.predicate and r.subject == m.subject for r in rule_facts)
        and not any(m.value in r.value or r.value in m.value for r in rule_facts)
    ]


# -- the run --------------------------------------------------------------------------------------------------
def pr(counts: bx.Counts) -> str:
    return f"{counts.precision or 0:.3f} / {counts.recall or 0:.3f}"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--test", required=True, help="the set scored (never trained on), e.g. heldout28")
    parser.add_argument("--exclude", action="append", default=[], help="a set left out of training too")
    parser.add_argument("--theta", type=float, action="append", help="confidence thresholds (default 0.5 0.7 0.9)")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    thetas = args.theta or [0.5, 0.7, 0.9]
    started = time.monotonic()
    train_sets = load_sets(exclude=[args.test, *args.exclude])
    test = load_sets(only=[args.test])[args.test]
    heads = heads_from(train_sets)
    train_rows = rows_of((u for us in train_sets.values() for u in us), heads)
    vectorizer, models = fit(train_rows)
    test_rows = rows_of(test, heads)
    probs = probabilities(vectorizer, models, test_rows)
    by_turn: dict[str, list[int]] = defaultdict(list)
    for i, row in enumerate(test_rows):
        by_turn[row.utterance.id].append(i)
    lines = [
        "# A learned candidate-span classifier beside the extraction rules (experiment, issue 4)",
        "",
        f"Command: `python -m bench.span_classifier {' '.join(sys.argv[1:] if argv is None else argv)}`  ",
        f"Run: {datetime.now(UTC).isoformat(timespec='seconds')}; trained on {len(train_sets)} sets "
        f"({len(train_rows)} candidates, {sum(bool(r.classes) for r in train_rows)} positive), tested on "
        f"`{args.test}` ({len(test_rows)} candidates); rules: this checkout's `RuleExtractor()`.",
        "",
        "Strict fact P / R (all predicates) of the rules alone and of the rules plus the model's gap-filling facts; "
        "the model alone on its four predicates.",
        "",
        "| threshold | rules | rules + model | en | zh | relaxed: rules → + model | model | model, relaxed |",
        "|---|---|---|---|---|---|---|---|",
    ]
    added_lines: list[str] = []
    for theta in thetas:
        rules, blended, alone = bx.FactScores(), bx.FactScores(), bx.FactScores()
        for u in test:
            if u.attack is not None:
                continue
            idx = by_turn.get(u.id, [])
            extraction = test_rows[idx[0]].extraction if idx else bx.call_extract(RuleExtractor(), u)
            model_facts = decode([test_rows[i] for i in idx], [probs[i] for i in idx], theta)
            added = gap_fill(extraction.facts, model_facts)
            bx.score_facts(u, bx.predicted_facts(extraction), rules)
            bx.score_facts(u, bx.predicted_facts(replace(extraction, facts=(*extraction.facts, *added))), blended)
            own = bx.FactScores()
            bx.score_facts(u, bx.predicted_facts(replace(extraction, facts=tuple(model_facts))), own)
            for key in own.strict:
                if key[0] in PREDICATES:
                    alone.strict[key].add(own.strict[key])
                    alone.relaxed[key].add(own.relaxed[key])
            if theta == thetas[0]:
                added_lines += [f"{u.id}: {f.subject} {f.predicate}={f.value!r} | {u.text[:100]}" for f in added]
        lines.append(
            f"| {theta} | {pr(rules.total('strict'))} | **{pr(blended.total('strict'))}** | "
            f"{pr(blended.total('strict', lang='en'))} | {pr(blended.total('strict', lang='zh'))} | "
            f"{pr(rules.total('relaxed'))} → {pr(blended.total('relaxed'))} | {pr(alone.total('strict'))} | "
            f"{pr(alone.total('relaxed'))} |"
        )
        print(lines[-1], flush=True)
    lines += ["", f"<details><summary>facts added at {thetas[0]} ({len(added_lines)})</summary>", "", "```"]
    lines += [*added_lines, "```", "", "</details>", "", f"Wall time {time.monotonic() - started:.0f} s."]
    text = "\n".join(lines) + "\n"
    if args.out:
        marker = "## Conclusion (hand-written; kept across re-runs)"
        if args.out.exists() and marker in (previous := args.out.read_text("utf-8")):
            text += "\n" + previous[previous.index(marker) :]
        args.out.write_text(text, "utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
