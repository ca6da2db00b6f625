"""The workflow benchmark's task table: dev and held-out paraphrases are separate and fresh."""

from __future__ import annotations

from bench.workflows import LANGS, SPLITS, TASKS


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
