"""CPU cost per turn of rule extraction, reading the turn as written and reading the tidied copy.

    python -m bench.extraction_cost --rounds 3

The turns are the texts of the labelled sets (``bench/data/extraction_*.yaml``, about half of them
Chinese) and, with ``--real-data``, the real turns ``bench.extraction --real-data`` screens. Each round
extracts every turn once with ``RuleExtractor(tidy=False)`` and once with ``RuleExtractor()`` (the
default, which tidies casual typing first, see ``palimpsest.write.casual``); the two take turns going
first, so that a change of machine load hits both alike. CPU time (``time.process_time``) per turn.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from bench.extraction import REAL_DATA, load_dataset, real_turns
from palimpsest.write.extract import RuleExtractor

DATA_DIR = Path(__file__).parent / "data"
AT = datetime(2026, 11, 30, 12, 0, tzinfo=UTC)


def ms_per_turn(texts: Sequence[str], extractor: RuleExtractor) -> float:
    started = time.process_time()
    for text in texts:
        extractor.extract(text, speaker_id="u_cost", at=AT)
    return (time.process_time() - started) * 1000 / len(texts)


def measure(texts: Sequence[str], rounds: int) -> list[tuple[float, float]]:
    literal, tidied = RuleExtractor(tidy=False), RuleExtractor()
    for extractor in (literal, tidied):  # warm up: jieba's dictionary, OpenCC, regex caches
        ms_per_turn(texts[:50], extractor)
    out = []
    for round_ in range(rounds):
        if round_ % 2 == 0:
            a = ms_per_turn(texts, literal)
            b = ms_per_turn(texts, tidied)
        else:
            b = ms_per_turn(texts, tidied)
            a = ms_per_turn(texts, literal)
        out.append((a, b))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--real-data", nargs="?", const=REAL_DATA, type=Path, default=None)
    args = parser.parse_args(argv)
    texts = [u.text for path in sorted(DATA_DIR.glob("extraction_*.yaml")) for u in load_dataset(path)]
    label = f"{len(texts)} labelled turns"
    if args.real_data:
        real = [t for turns in real_turns(args.real_data).values() for t in turns]
        texts += real
        label += f" + {len(real)} real turns"
    print(f"{label}; CPU ms per turn, as written vs tidied, {args.rounds} rounds alternating")
    rows = measure(texts, args.rounds)
    for a, b in rows:
        print(f"  as written {a:.3f}  tidied {b:.3f}  ratio {b / a:.3f}")
    print(f"median ratio tidied / as written: {statistics.median(b / a for a, b in rows):.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
