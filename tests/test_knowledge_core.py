"""Tenant knowledge, the pure decisions: questions, concepts, clustering, steps, confidence."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import numpy as np
import pytest

from palimpsest.core.knowledge import (
    Distilled,
    DistillParams,
    Question,
    cluster_questions,
    concepts,
    confidence,
    dice,
    distill,
    is_question,
    mask_identifiers,
    match_item,
    match_score,
    pick_solution,
    split_steps,
)
from palimpsest.embed.hash import HashEmbedder

T0 = datetime(2026, 3, 1, 9, tzinfo=UTC)
PARAMS = DistillParams()


def q(n: int, text: str, user: str | None = None, answer: str | None = None) -> Question:
    at = T0 + timedelta(hours=n)
    return Question(
        id=f"q{n:02d}",
        user_id=user or f"u{n}",
        text=text,
        occurred_at=at,
        answer=answer,
        answer_id=f"a{n:02d}" if answer else None,
        answer_at=at + timedelta(seconds=5) if answer else None,
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("How do I export a PDF?", True),
        ("how to export pdf", True),
        ("PDF export: can it be done", False),
        ("怎么导出PDF报告", True),
        ("导出PDF可以吗", True),
        ("请问如何修改密码", True),
        ("I exported the PDF yesterday.", False),
        ("把报告导出成PDF", False),
        ("", False),
    ],
)
def test_is_question(text: str, expected: bool) -> None:
    assert is_question(text) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("How do I export a PDF?", {"export", "pdf"}),
        ("怎么导出PDF？", {"export", "pdf"}),
        ("如何把报表导出成PDF", {"export", "pdf", "report"}),
        ("Exporting reports to PDF - how?", {"export", "pdf", "report"}),
        ("请问怎样下载发票？", {"download", "invoice"}),
        ("how can I reset my password?", {"reset", "password"}),
        ("怎么办？", set()),
    ],
)
def test_concepts_fold_both_languages_and_drop_fillers(text: str, expected: set[str]) -> None:
    assert concepts(text) == frozenset(expected)


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ({"export", "pdf"}, {"export", "pdf"}, 1.0),
        ({"export", "pdf"}, {"export", "pdf", "report"}, 0.8),
        ({"export", "pdf"}, {"reset", "password"}, 0.0),
        (set(), {"x"}, 0.0),
    ],
)
def test_dice(a: set[str], b: set[str], expected: float) -> None:
    assert dice(frozenset(a), frozenset(b)) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("answer", "steps"),
    [
        (
            "Sure, here's how: 1. Click More actions. 2. Choose Export as PDF. 3. Click Download.",
            ("Click More actions", "Choose Export as PDF", "Click Download"),
        ),
        ("1) open 2) close", ("open", "close")),
        ("第一步：打开报表；第二步：点击导出；第三步：选择PDF", ("打开报表", "点击导出", "选择PDF")),
        (
            "首先点击“更多操作”，然后选择“导出为PDF”，最后点击“下载”。",
            ("点击“更多操作”", "选择“导出为PDF”", "点击“下载”"),
        ),
        ("Open Settings, then pick Language, and finally save.", ("Open Settings", "pick Language", "save")),
        ("- open the report\n- click export\n- choose PDF", ("open the report", "click export", "choose PDF")),
        ("Go to Reports → Export → PDF.", ("Go to Reports", "Export", "PDF")),
        ("Upgrade to version 2.0. It fixes the export.", ("Upgrade to version 2.0", "It fixes the export")),
        ("Click Export.", ("Click Export",)),
    ],
)
def test_split_steps(answer: str, steps: tuple[str, ...]) -> None:
    assert split_steps(answer) == steps


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("order 12345678 was refunded", "order <id> was refunded"),
        ("call 138-0000-1111 or mail a@b.com", "call <id> or mail <id>"),
        ("export as PDF", "export as PDF"),
    ],
)
def test_mask_identifiers(text: str, expected: str) -> None:
    assert mask_identifiers(text) == expected


@pytest.mark.parametrize(
    ("users", "agreement", "expected"),
    [
        (0, 1.0, 0.0),
        (3, 1.0, 0.5),
        (3, 0.0, 0.25),
        (10, 1.0, 0.901),
        (10, 0.5, 0.676),
        (30, 1.0, 0.999),
    ],
)
def test_confidence_grows_with_users_and_agreement(users: int, agreement: float, expected: float) -> None:
    assert confidence(users, agreement) == pytest.approx(expected, abs=1e-3)


def test_confidence_is_monotone() -> None:
    assert all(confidence(n, 0.8) < confidence(n + 1, 0.8) for n in range(1, 20))
    assert all(confidence(5, a / 10) < confidence(5, (a + 1) / 10) for a in range(10))


MIXED = [
    q(0, "How do I export a PDF?"),
    q(1, "怎么导出PDF报告？"),
    q(2, "how can I reset my password?"),
    q(3, "如何把报表导出成PDF"),
    q(4, "怎么重置密码？"),
    q(5, "Exporting reports to PDF - how?"),
    q(6, "what's the weather like?"),
    q(7, "how?"),
]


@pytest.mark.parametrize("vectors", [False, True], ids=["lexical", "hash-vectors"])
def test_clusters_by_meaning_across_languages(vectors: bool) -> None:
    embedded = HashEmbedder(128).embed_queries([x.text for x in MIXED]) if vectors else None
    clusters = cluster_questions(MIXED, embedded, PARAMS)
    as_ids = sorted([MIXED[i].id for i in c] for c in clusters)
    # "how?" has no concepts: it cannot be compared, so it is left out.
    assert as_ids == [["q00", "q01", "q03", "q05"], ["q02", "q04"], ["q06"]]


def test_clustering_is_deterministic_whatever_the_input_order() -> None:
    forward = cluster_questions(MIXED, None, PARAMS)
    backward_input = list(reversed(MIXED))
    backward = cluster_questions(backward_input, None, PARAMS)
    assert sorted(sorted(MIXED[i].id for i in c) for c in forward) == sorted(
        sorted(backward_input[i].id for i in c) for c in backward
    )


def test_near_verbatim_paraphrase_joins_without_shared_concepts() -> None:
    pair = [q(0, "How do I export a PDF?"), q(1, "Save it in the portable document format?")]
    assert not concepts(pair[0].text) & concepts(pair[1].text)
    close = np.array([[1.0, 0.0], [0.96, 0.28]], np.float32)
    merely_related = np.array([[1.0, 0.0], [0.88, 0.475]], np.float32)
    assert len(cluster_questions(pair, close, PARAMS)) == 1
    assert len(cluster_questions(pair, merely_related, PARAMS)) == 2
    assert len(cluster_questions(pair, None, PARAMS)) == 2


EN = "1. Click More actions. 2. Choose Export as PDF. 3. Click Download."
ZH = "1. 点击“更多操作”。2. 选择“导出为PDF”。3. 点击“下载”。"
WRONG = "Printing is under File > Print."


@pytest.mark.parametrize(
    ("answers", "steps", "agreement"),
    [
        ([EN, EN, ZH], ("Click More actions", "Choose Export as PDF", "Click Download"), 1.0),
        ([ZH, ZH, EN], ("点击“更多操作”", "选择“导出为PDF”", "点击“下载”"), 1.0),
        ([EN, WRONG, EN, WRONG, EN], ("Click More actions", "Choose Export as PDF", "Click Download"), 0.6),
        ([WRONG], ("Printing is under File > Print",), 1.0),
    ],
)
def test_pick_solution_takes_the_answer_most_agree_with(
    answers: list[str], steps: tuple[str, ...], agreement: float
) -> None:
    rows = [(text, T0 + timedelta(days=i), f"a{i}") for i, text in enumerate(answers)]
    picked = pick_solution(rows, None, PARAMS)
    assert picked is not None
    assert picked[0] == steps
    assert picked[1] == pytest.approx(agreement)
    # Valid since the first answer that agrees with the chosen one.
    assert picked[2] == min(at for text, at, _ in rows if split_steps(text) == steps or text in (EN, ZH))


def test_pick_solution_without_answers() -> None:
    assert pick_solution([], None, PARAMS) is None


@pytest.mark.parametrize(
    ("users", "answered", "items"),
    [
        (3, True, 1),  # three users asked and got answers: knowledge
        (2, True, 0),  # two users are not "many"
        (4, False, 0),  # nobody answered: nothing to distill yet
    ],
)
def test_distill_needs_many_users_and_an_answer(users: int, answered: bool, items: int) -> None:
    questions = [q(i, "how do I export a PDF?", answer=EN if answered else None) for i in range(users)]
    assert len(distill(questions, None, None, PARAMS)) == items


def test_distill_counts_users_not_questions() -> None:
    questions = [q(i, "how do I export a PDF?", user="same", answer=EN) for i in range(5)]
    assert distill(questions, None, None, PARAMS) == []
    assert len(distill(questions, None, None, DistillParams(min_users=1))) == 1


def test_distilled_item() -> None:
    questions = [
        q(0, "How do I export a PDF?", answer=EN),
        q(1, "怎么导出PDF？", answer=ZH),
        q(2, "how to export my order 12345678 as pdf?", answer=EN),
        q(3, "导出PDF报告怎么弄？", answer=ZH),
    ]
    [item] = distill(questions, None, None, PARAMS)
    assert item.topic == "export_pdf"
    assert item.patterns[:3] == ("export", "导出", "pdf")
    assert "how to export my order <id> as pdf?" in item.examples
    assert item.solution_steps == ("Click More actions", "Choose Export as PDF", "Click Download")
    assert item.users == frozenset({"u0", "u1", "u2", "u3"})
    assert item.agreement == 1.0
    assert item.confidence == confidence(4, 1.0)
    assert item.valid_since == questions[0].answer_at
    assert item.question_ids == ("q00", "q01", "q02", "q03")


def _distilled(patterns: tuple[str, ...]) -> Distilled:
    return Distilled("t", patterns, (), ("s",), frozenset({"u"}), 1.0, 0.5, T0)


@pytest.mark.parametrize(
    ("patterns", "stored", "expected"),
    [
        (("export", "pdf"), [{"reset", "password"}, {"export", "pdf", "report"}], 1),
        (("export", "导出", "pdf"), [{"export", "pdf"}], 0),
        (("export", "pdf"), [{"reset", "password"}], None),
        (("export", "pdf"), [], None),
    ],
)
def test_match_item(patterns: tuple[str, ...], stored: list[set[str]], expected: int | None) -> None:
    assert match_item(_distilled(patterns), [frozenset(s) for s in stored], PARAMS) == expected


@pytest.mark.parametrize(
    ("query", "cosine", "matches"),
    [
        ("how do I export a PDF?", 0.5, True),
        ("怎么导出PDF", 0.5, True),
        ("how do I export my invoices as PDF?", 0.5, True),
        ("how do I reset my password?", 0.5, False),
        ("Save it in the portable document format?", 0.97, True),  # a paraphrase the words miss
        ("how do I print?", 0.2, False),
    ],
)
def test_match_score(query: str, cosine: float, matches: bool) -> None:
    vocabulary = frozenset({"export", "pdf", "report"})
    score = match_score(concepts(query), vocabulary, cosine, PARAMS)
    assert (score > 0) is matches
    assert 0.0 <= score <= 1.0


def test_match_score_orders_by_meaning_within_equal_words() -> None:
    vocabulary = frozenset({"export", "pdf"})
    wanted = concepts("how do I export a PDF?")
    assert match_score(wanted, vocabulary, 0.9, PARAMS) > match_score(wanted, vocabulary, 0.3, PARAMS)
