"""CPU cost of the immune screen per turn, with the literal prefilter on and off.

    python -m bench.immune_cost --rounds 5

The turns are the real ones ``bench.extraction --real-data`` screens: the unique LongMemEval user turns
(34-question subset) and every LoCoMo turn, read from ``--real-data`` (never copied into the project).
Each round times ``immune.assess`` over all of them once with the prefilter (``prefilter=True``, rules
skipped when a literal they need is absent) and once without (every rule on every sentence); the two take
turns going first, so that a change of machine load hits both alike. CPU time (``time.process_time``)
per turn is reported for each round beside the ratio off / on. Before timing, the findings of both paths
are compared turn by turn: the prefilter must change no decision, no score, no evidence.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from bench.extraction import REAL_DATA, real_turns
from palimpsest.write import immune


def differing_turns(texts: Sequence[str]) -> list[str]:
    """The turns whose findings differ between the two paths (there must be none)."""
    return [text for text in texts if immune.assess(text, prefilter=True) != immune.assess(text, prefilter=False)]


def ms_per_turn(texts: Sequence[str], *, prefilter: bool) -> float:
    started = time.process_time()
    for text in texts:
        immune.assess(text, prefilter=prefilter)
    return (time.process_time() - started) * 1000 / len(texts)


def measure(texts: Sequence[str], rounds: int) -> list[tuple[float, float]]:
    """(on, off) milliseconds per turn, round by round, the first path alternating."""
    immune.assess("warm-up: the prefilter is built on first use", prefilter=True)
    out: list[tuple[float, float]] = []
    for round_ in range(rounds):
        order = (True, False) if round_ % 2 == 0 else (False, True)
        timing = {prefilter: ms_per_turn(texts, prefilter=prefilter) for prefilter in order}
        out.append((timing[True], timing[False]))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--real-data", type=Path, default=REAL_DATA, help=f"benchmarks directory (default {REAL_DATA})")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args(argv)
    corpora = real_turns(args.real_data)
    texts = [text for turns in corpora.values() for text in turns]
    if not texts:
        print(f"no LongMemEval or LoCoMo turns under {args.real_data}", file=sys.stderr)
        return 2
    print(
        f"turns: {', '.join(f'{name} {len(turns)}' for name, turns in corpora.items())}; load average {os.getloadavg()}"
    )
    differing = differing_turns(texts)
    print(f"turns whose findings differ between the paths: {len(differing)}")
    for text in differing[:10]:
        print(f"  {' '.join(text.split())[:120]}")
    rows = measure(texts, args.rounds)
    print("\n| round | prefilter on (ms/turn) | off (ms/turn) | off / on |\n|---|---|---|---|")
    for number, (on, off) in enumerate(rows, 1):
        print(f"| {number} | {on:.3f} | {off:.3f} | {off / on:.2f} |")
    ratios = [off / on for on, off in rows]
    print(f"\nmedian ratio off / on: {statistics.median(ratios):.2f} (min {min(ratios):.2f}, max {max(ratios):.2f});")
    print(f"load average after {os.getloadavg()}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
