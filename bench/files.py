"""File memory on SQLite: what ``Memory.files.add`` costs, and what the files channel adds to recall.

    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 python -m bench.files
    OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 python -m bench.files --embedder use --users 10

Builds a fresh SQLite store (``--db``, default a temporary file) through the real write path:
``--users`` users each get ``--files`` generated documents of about ``--kb`` KiB (bilingual
product manuals: English and Chinese paragraphs of warranty, return, shipping and care rules
for named products, seeded, so the same arguments build the same store). Each document holds
one *planted* sentence with a unique value ("The <product> <model> warranty lasts <N>
months"); a query asks for it in other words, so the report can say whether recall found it.

Measured:

- ``add``: per file, wall and CPU time (``time.process_time``), passages, throughput;
- ``recall``: ``Memory.recall`` over ``--queries`` questions for users with files: the first
  recall of each user (its passage index is built then) and warm ones; p50/p95/p99 wall, mean
  CPU; whether the planted passage is among the packet's items (hit rate);
- ``overhead``: the files channel alone (``Memory.files.items``) for users with files and for
  users without any, since every general recall reads the channel.

The machine is shared: the report records the load average before and after each phase.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from palimpsest import Memory
from palimpsest.config import Config
from palimpsest.text import tokenize

_PRODUCTS = (
    ("headphones", "耳机"), ("laptop", "笔记本电脑"), ("router", "路由器"), ("camera", "相机"),
    ("monitor", "显示器"), ("keyboard", "键盘"), ("tablet", "平板"), ("printer", "打印机"),
    ("coffee machine", "咖啡机"), ("bicycle", "自行车"),
)  # fmt: skip
_CITIES = (("Beijing", "北京"), ("Shanghai", "上海"), ("Shenzhen", "深圳"), ("Hangzhou", "杭州"), ("Chengdu", "成都"))
_EN = (
    "The {p} can be returned within {d} days of delivery if it is unused and in its original packaging.",
    "Refunds for the {p} go back to the original payment method within {n} business days.",
    "Orders of the {p} ship from our {c} warehouse; express delivery takes {n} days.",
    "Clean the {p} with a dry cloth; do not use solvents or spray water on it.",
    "Damage caused by drops or liquids is not covered for the {p}.",
    "Support for the {p} answers from 9:00 to 18:00 on working days.",
    "Keep the receipt of the {p}: repairs and returns need the order number.",
)
_ZH = (
    "{p}签收后{d}天内可以无理由退货，商品需保持未使用状态并保留原包装。",
    "{p}的退款会在{n}个工作日内退回原支付方式。",
    "{p}从{c}仓库发货，快递一般{n}天送达。",
    "清洁{p}时请用干布擦拭，不要使用溶剂或直接喷水。",
    "人为摔坏或进水造成的{p}损坏不在保修范围内。",
    "{p}的客服工作日9点到18点在线。",
)


@dataclass(frozen=True)
class Document:
    name: str
    text: str
    product: str
    model: str
    months: int


def make_document(rng: random.Random, user: int, number: int, kib: int) -> Document:
    product, product_zh = rng.choice(_PRODUCTS)
    model = f"{rng.choice('ABCDEFGHKMPRSTX')}{rng.randint(100, 999)}"
    months = rng.randint(13, 59)
    paragraphs: list[str] = []
    planted_at = rng.randint(3, 12)
    while sum(len(p.encode()) for p in paragraphs) < kib * 1024:
        if len(paragraphs) == planted_at:
            paragraphs.append(
                f"Warranty. The {product} {model} warranty lasts {months} months from the day of purchase; "
                f"keep the receipt."
            )
            continue
        english = rng.random() < 0.5
        templates = _EN if english else _ZH
        sentences = []
        for _ in range(rng.randint(3, 6)):
            other, other_zh = rng.choice(_PRODUCTS)
            city, city_zh = rng.choice(_CITIES)
            sentences.append(
                rng.choice(templates).format(
                    p=other if english else other_zh, c=city if english else city_zh, d=rng.choice((7, 14, 30)),
                    n=rng.randint(2, 9),
                )
            )  # fmt: skip
        paragraphs.append((" " if english else "").join(sentences))
    return Document(f"u{user}-manual-{number}-{product_zh}.md", "\n\n".join(paragraphs) + "\n", product, model, months)


def percentile(samples: Sequence[float], p: float) -> float:
    ordered = sorted(samples)
    if not ordered:
        return float("nan")
    k = (len(ordered) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def timed(action: Callable[[], Any]) -> tuple[Any, float, float]:
    wall, cpu = time.perf_counter(), time.process_time()
    result = action()
    return result, time.perf_counter() - wall, time.process_time() - cpu


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def ms(values: Sequence[float]) -> str:
    return " / ".join(f"{percentile(values, p) * 1000:.1f}" for p in (50, 95, 99))


def run(args: argparse.Namespace) -> str:
    rng = random.Random(args.seed)
    db = args.db or Path(tempfile.mkdtemp(prefix="palimpsest-files-")) / "files.db"
    memory = Memory(config=Config(url=f"sqlite:///{db}", embedder=args.embedder, actor="bench"))
    lines = [
        "# File memory: add, recall and the files channel (SQLite)",
        "",
        f"`python -m bench.files --users {args.users} --files {args.files} --kb {args.kb} --queries {args.queries} "
        f"--embedder {args.embedder} --seed {args.seed}`; {os.cpu_count()} cores, "
        "`OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1`. Times in ms (p50 / p95 / p99); CPU is process time.",
        "",
    ]
    memory.recall("warm up the embedder", "nobody")
    docs, passages, report = add_phase(memory, rng, args)
    lines += report
    lines += recall_phase(memory, rng, docs, args.queries)
    lines += channel_phase(memory, sorted(docs), args.queries, f"with {args.files} files (~{passages} passages)")
    memory.close()
    return "\n".join(lines)


def add_phase(
    memory: Memory, rng: random.Random, args: argparse.Namespace
) -> tuple[dict[str, list[Document]], int, list[str]]:
    docs: dict[str, list[Document]] = {}
    add_wall: list[float] = []
    add_cpu: list[float] = []
    passages = 0
    size = 0
    before = load()
    for user in range(args.users):
        for number in range(args.files):
            doc = make_document(rng, user, number, args.kb)
            stored, wall, cpu = timed(lambda d=doc, u=user: memory.files.add(f"u{u}", d.name, d.text.encode()))
            docs.setdefault(f"u{user}", []).append(doc)
            add_wall.append(wall)
            add_cpu.append(cpu)
            passages += stored.passages
            size += stored.size
    report = [
        f"## add ({args.users * args.files} files, {size / 1024:.0f} KiB, {passages} passages; "
        f"load {before} → {load()})",
        "",
        "| wall per file | CPU per file (mean) | passages/s (wall) | KiB/s (wall) |",
        "|---|---|---|---|",
        f"| {ms(add_wall)} | {statistics.mean(add_cpu) * 1000:.1f} | {passages / sum(add_wall):.0f} | "
        f"{size / 1024 / sum(add_wall):.0f} |",
        "",
    ]
    return docs, passages // max(1, args.users), report


def recall_phase(memory: Memory, rng: random.Random, docs: dict[str, list[Document]], queries: int) -> list[str]:
    users = sorted(docs)
    cold: tuple[list[float], list[float]] = ([], [])
    warm: tuple[list[float], list[float]] = ([], [])
    hits = 0
    before = load()
    for i in range(queries):
        user = users[i % len(users)]
        doc = rng.choice(docs[user])
        query = f"How long is the warranty on my {doc.product} {doc.model}?" if i % 2 else f"我的{doc.model}保修多久？"
        first = all(i % len(users) != j % len(users) for j in range(i))
        packet, wall, cpu = timed(lambda q=query, u=user: memory.recall(q, u))
        (cold if first else warm)[0].append(wall)
        (cold if first else warm)[1].append(cpu)
        hits += any(item.kind == "file" and f"{doc.months} months" in item.content for item in packet.items)
    return [
        f"## recall ({queries} questions about a planted sentence; load {before} → {load()})",
        "",
        "| | recalls | wall | CPU (mean) |",
        "|---|---|---|---|",
        f"| first recall of a user (builds its passage index) | {len(cold[0])} | {ms(cold[0])} | "
        f"{statistics.mean(cold[1]) * 1000:.1f} |",
        f"| warm | {len(warm[0])} | {ms(warm[0])} | {statistics.mean(warm[1]) * 1000:.1f} |",
        "",
        f"Planted passage among the packet's items: {hits}/{queries} ({hits / queries:.0%}).",
        "",
    ]


def channel_phase(memory: Memory, users: Sequence[str], queries: int, label: str) -> list[str]:
    vector = memory.conversation.embedder.embed_queries(["warranty months"])[0]
    terms = tokenize("how long is the warranty")
    with_files: list[float] = []
    without: list[float] = []
    before = load()
    for i in range(queries):
        user = users[i % len(users)]
        _, wall, _ = timed(lambda u=user: memory.files.items(u, terms, lambda: vector, limit=5))
        with_files.append(wall)
        _, wall, _ = timed(lambda n=i: memory.files.items(f"nofiles{n}", terms, lambda: vector, limit=5))
        without.append(wall)
    return [
        f"## the files channel alone (load {before} → {load()})",
        "",
        "| user | wall |",
        "|---|---|",
        f"| {label} | {ms(with_files)} |",
        f"| without files | {ms(without)} |",
        "",
    ]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--users", type=int, default=20)
    parser.add_argument("--files", type=int, default=5, help="files per user")
    parser.add_argument("--kb", type=int, default=32, help="approximate size of each file in KiB")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--embedder", default="hash")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--db", type=Path, default=None, help="SQLite file (default: a new temporary one)")
    parser.add_argument("--out", type=Path, default=None, help="also write the report here")
    args = parser.parse_args(argv)
    report = run(args)
    print(report)
    if args.out is not None:
        args.out.write_text(report + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
