"""The workflow benchmark's task table: dev and held-out paraphrases are separate and fresh."""

from __future__ import annotations

import re
from importlib import resources

import yaml
from bench.workflows import LANGS, SPLITS, TASKS, TUNED_SPLITS


def test_every_task_type_has_fresh_dev_and_heldout_paraphrases_in_both_languages() -> None:
    assert len(TASKS) >= 20 and len({t.type for t in TASKS}) == len(TASKS)
    seen: set[str] = set()
    for task in TASKS:
        for split in SPLITS:
            for lang in LANGS:
                queries = task.queries(split, lang)
                assert len(queries) >= 2, (task.type, split, lang)
                assert not seen & set(queries), (task.type, split, lang)  # no query in two places
                seen |= set(queries)
        trace_texts = {task.en.format(id="").strip(), task.zh.format(id="")}
        assert not trace_texts & seen


def test_the_term_table_has_no_wording_taken_from_the_untuned_heldout2_queries() -> None:
    """``find``'s term table (data/support_terms.yaml) was written while the tuning splits'
    misses were in view; a wording found in a ``heldout2`` query but in no tuning query would
    make that split's figure flatter the table, so there must be none."""
    text = resources.files("palimpsest").joinpath("data/support_terms.yaml").read_text(encoding="utf-8")
    wordings = {w.lower() for ws in yaml.safe_load(text).values() for w in ws}
    untuned = [q.lower() for t in TASKS for lang in LANGS for q in t.queries("heldout2", lang)]
    tuned = [q.lower() for t in TASKS for s in TUNED_SPLITS for lang in LANGS for q in t.queries(s, lang)]

    def occurs(wording: str, queries: list[str]) -> bool:
        bounded = re.escape(wording) if re.search(r"[\u3400-\u9fff]", wording) else rf"\b{re.escape(wording)}\b"
        return any(re.search(bounded, q) for q in queries)

    leaked = sorted(w for w in wordings if occurs(w, untuned) and not occurs(w, tuned))
    assert not leaked
