"""Recall at scale on SQLite: build a store through ``Memory.add``, then time what an agent waits for.

    python -m bench.recall_scale --turns 100000 --users 1 --embedder use
    python -m bench.recall_scale --turns 1000000 --users 1000 --embedder use
    python -m bench.recall_scale --phase add --add-turns 2000      # add() throughput, e5 vs use

Phases (``--phase``, default ``all``):

- ``build``: fill a SQLite file (``--db``; reused and topped up if it exists) through the real
  write path: ``Memory.add`` in batches of ``--batch`` turns (dedupe, embedding, turns + FTS
  rows + vectors + audit event in one transaction, incremental session summaries),
  ``Memory.end_session`` at every session boundary, and a few facts per user (with one
  superseded value each, so the facts channel has history to show). Texts are generated
  bilingual dialogue (customer-service and personal-assistant talk in English and Chinese
  with names, cities, products, dates and order numbers), seeded: the same arguments build
  the same store.
- ``measure``: on the built store, with the same embedder, ``Memory.recall`` and
  ``Memory.search`` latency (p50/p95/p99) over ``--queries`` distinct queries each,
  *including* query embedding (every timed query text is new to the process, so the
  embedder's LRU cache never answers for it). Warm numbers come after one warm-up recall per
  user; the warm-up calls themselves are reported as the cold-first-query numbers (they load
  the user's vector scope). RSS after opening, after warming every queried user, after the
  timed queries.
- ``add``: ``add()`` throughput on fresh stores in batches of ``--batch``, the same
  ``--add-turns`` turns for each of ``--add-embedders``, next to each embedder's raw
  ``embed_passages`` cost per turn on the same passage texts (so storage cost = add − embed).

``--query-cost-of e5`` (measure phase) times recall on a store built with another embedder as if
its queries were embedded by e5: every query is also embedded by the real e5 model (the
result is discarded) on the path a recall takes, ahead on another thread as ``Memory.recall``
does for e5. Building a 100k-turn e5 store costs ~40 CPU-minutes; this isolates the query
side, while the vectors scanned stay the store's (hash: 256-d; e5 would scan 384-d).
``--compare-embed-ahead`` times every recall query twice, with the query embedded ahead and
inline (alternating which goes first), so the two are measured side by side in one run.

The machine is usually shared: the report records ``nproc`` and the load average around
each phase so the numbers can be read in context.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from palimpsest import Memory
from palimpsest.config import Config
from palimpsest.conversation import passage_vectors
from palimpsest.embed.base import ForwardingEmbedder
from palimpsest.facts import FactInput
from palimpsest.types import Turn

# -- generated dialogue --------------------------------------------------------------------

_NAMES = ("Alice", "Bob", "Chen Wei", "Li Na", "Wang Fang", "Zhang Min", "Maria", "David", "Sofia", "Liu Yang")
_RELATIONS = ("mother", "father", "sister", "brother", "wife", "husband", "son", "daughter", "manager", "colleague")
_CITIES = (
    ("Beijing", "北京"), ("Shanghai", "上海"), ("Shenzhen", "深圳"), ("Hangzhou", "杭州"), ("Chengdu", "成都"),
    ("Guangzhou", "广州"), ("Nanjing", "南京"), ("Wuhan", "武汉"), ("Xi'an", "西安"), ("Suzhou", "苏州"),
)  # fmt: skip
_DISTRICTS_ZH = ("海淀区", "朝阳区", "浦东新区", "南山区", "西湖区", "武侯区", "天河区", "鼓楼区")
_PRODUCTS = (
    ("laptop", "笔记本电脑"), ("phone", "手机"), ("charger", "充电器"), ("headphones", "耳机"), ("printer", "打印机"),
    ("router", "路由器"), ("camera", "相机"), ("monitor", "显示器"), ("keyboard", "键盘"), ("tablet", "平板"),
    ("coffee machine", "咖啡机"), ("rice cooker", "电饭煲"), ("bicycle", "自行车"), ("suitcase", "行李箱"),
)  # fmt: skip
_COURIERS = (("SF Express", "顺丰"), ("JD Logistics", "京东物流"), ("ZTO", "中通"), ("EMS", "邮政EMS"))
_FOODS = (("Sichuan food", "川菜"), ("dumplings", "饺子"), ("hotpot", "火锅"), ("sushi", "寿司"), ("noodles", "面条"))
_DOCS = (("quarterly report", "季度报告"), ("budget sheet", "预算表"), ("slides", "幻灯片"), ("contract", "合同"))
_FORMATS = ("Excel", "PDF", "CSV", "Word")
_WEEKDAYS = (
    ("Monday", "周一"), ("Tuesday", "周二"), ("Wednesday", "周三"), ("Thursday", "周四"), ("Friday", "周五"),
    ("Saturday", "周六"), ("Sunday", "周日"),
)  # fmt: skip
_TOPICS = (
    ("refund", "退款"), ("delivery", "快递"), ("invoice", "发票"), ("membership points", "会员积分"),
    ("warranty repair", "保修"), ("flight booking", "机票"), ("hotel booking", "酒店"), ("password reset", "重置密码"),
)  # fmt: skip

# Each template is (user turn, assistant reply); {slots} are filled from the tables above.
_EXCHANGES_EN = (
    ("I ordered a {product} on {weekday}, order {order}, and it still hasn't arrived.",
     "I checked order {order}: the {product} is with {courier} and should reach {city} within two days."),
    ("Please send everything to my new address in {city} from now on, the {product} too.",
     "Noted, future deliveries go to {city}. Do you want me to update order {order} as well?"),
    ("My {relation}'s birthday is next {weekday}. Any gift ideas under {price} yuan?",
     "A {product} or a dinner with {food} could work; both fit a {price} yuan budget."),
    ("Can you book a table for {n} at a {food} place in {city} on {weekday} evening?",
     "Booked a {food} restaurant in {city} for {n} people on {weekday} at 7 pm."),
    ("I prefer {courier} for deliveries to {city}; the {product} that came {weekday} was late with the others.",
     "Understood, I'll choose {courier} for {city} whenever a shop offers it, starting with order {order}."),
    ("The {product} I bought last month stopped working. Is it still under warranty?",
     "It is: the warranty covers 12 months. I opened repair ticket {ticket} for the {product}."),
    ("Remind me to send the {doc} to {name} before {weekday}.",
     "Reminder set: send the {doc} to {name} before {weekday}, as a {fmt} file like last time."),
    ("I need the {doc} for {name} exported as {fmt}, not the default format.",
     "From now on the {doc} for {name} will be exported as {fmt}."),
    ("What's the status of my {topic} request for the {product}?",
     "Your {topic} request for order {order} was approved on {weekday}; expect it in 3 to 5 days."),
    ("I'm flying to {city} on {weekday}, can you find a hotel near the station?",
     "Found three hotels near {city} station for {weekday}; the cheapest is {price} yuan a night."),
)  # fmt: skip
_EXCHANGES_ZH = (
    ("我上个月买的{product_zh}坏了，订单号{order}，能退款吗？",
     "已为订单{order}申请退款，{product_zh}请用{courier_zh}寄回。"),
    ("我搬到{city_zh}{district}了，以后{product_zh}都寄到这里。",
     "好的，收货地址已改为{city_zh}{district}，{product_zh}的订单{order}也已更新。"),
    ("帮我查一下订单{order}的快递到哪了。",
     "订单{order}由{courier_zh}配送，目前在{city_zh}中转，预计{weekday_zh}送达。"),
    ("下{weekday_zh}要和{name}开会，提醒我准备{doc_zh}。",
     "已设置提醒：{weekday_zh}开会前准备好{doc_zh}。"),
    ("我比较喜欢吃{food_zh}，不太吃辣，{weekday_zh}想在{city_zh}吃。",
     "记住了，您喜欢{food_zh}，{weekday_zh}在{city_zh}给您推荐不太辣的餐厅。"),
    ("我的{topic_zh}问题处理得怎么样了？",
     "您的{topic_zh}申请已受理，工单号{ticket}，{weekday_zh}前会有结果。"),
    ("发给{name}的{doc_zh}以后都导出成{fmt}格式。",
     "好的，以后发给{name}的{doc_zh}默认导出为{fmt}。"),
    ("给我{relation_zh}买个{product_zh}当生日礼物，预算{price}元。",
     "为您挑了三款{product_zh}，都在{price}元以内，需要直接下单吗？"),
)  # fmt: skip
_RELATIONS_ZH = ("妈妈", "爸爸", "姐姐", "弟弟", "老婆", "老公", "儿子", "女儿", "领导", "同事")

_QUERIES_EN = (
    "where is my {product} order",
    "what did I say about {courier}",
    "when is my {relation}'s birthday",
    "which restaurant did we book in {city}",
    "what format do I want the {doc} in",
    "what do I prefer for deliveries",
    "where do I live now",
    "what happened with my {topic} request last time",
    "did the {product} repair ticket get resolved",
    "which hotel did you find in {city}",
    "who do I need to send the {doc} to",
    "gift ideas for my {relation} under {price} yuan",
)
_QUERIES_ZH = (
    "我的{product_zh}订单到哪了",
    "我现在住在哪",
    "上次说的{doc_zh}准备好了吗",
    "我喜欢吃什么",
    "{topic_zh}的进度怎么样",
    "我之前在{city_zh}订的酒店",
    "{doc_zh}用什么格式导出",
    "给{relation_zh}的生日礼物",
)
_QUERIES_ID = ("order {order}", "订单{order}的状态", "ticket {ticket}")


class DialogueMaker:
    """Seeded bilingual dialogue: each call draws from its own ``Random(key)`` so any batch of
    any user can be regenerated alone (a build can be resumed at any batch)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def _slots(self, rng: random.Random) -> dict[str, str]:
        city, city_zh = rng.choice(_CITIES)
        product, product_zh = rng.choice(_PRODUCTS)
        courier, courier_zh = rng.choice(_COURIERS)
        food, food_zh = rng.choice(_FOODS)
        doc, doc_zh = rng.choice(_DOCS)
        weekday, weekday_zh = rng.choice(_WEEKDAYS)
        topic, topic_zh = rng.choice(_TOPICS)
        relation = rng.randrange(len(_RELATIONS))
        return {
            "city": city, "city_zh": city_zh, "district": rng.choice(_DISTRICTS_ZH),
            "product": product, "product_zh": product_zh, "courier": courier, "courier_zh": courier_zh,
            "food": food, "food_zh": food_zh, "doc": doc, "doc_zh": doc_zh, "fmt": rng.choice(_FORMATS),
            "weekday": weekday, "weekday_zh": weekday_zh, "topic": topic, "topic_zh": topic_zh,
            "relation": _RELATIONS[relation], "relation_zh": _RELATIONS_ZH[relation], "name": rng.choice(_NAMES),
            "order": f"ORD-{rng.randrange(10**6, 10**7)}", "ticket": f"TK-{rng.randrange(10**5, 10**6)}",
            "price": str(rng.choice((199, 299, 500, 800, 1000, 1500, 3000))), "n": str(rng.randint(2, 8)),
        }  # fmt: skip

    def turns(self, key: str, count: int) -> list[dict[str, str]]:
        """``count`` alternating user/assistant messages, about a third of the exchanges in Chinese."""
        rng = random.Random(f"{self.seed}:{key}")
        out: list[dict[str, str]] = []
        while len(out) < count:
            table = _EXCHANGES_ZH if rng.random() < 0.35 else _EXCHANGES_EN
            ask, answer = rng.choice(table)
            slots = self._slots(rng)
            out.append({"role": "user", "content": ask.format(**slots)})
            out.append({"role": "assistant", "content": answer.format(**slots)})
        return out[:count]

    def query(self, key: str) -> str:
        rng = random.Random(f"{self.seed}:q:{key}")
        roll = rng.random()
        table = _QUERIES_ID if roll < 0.05 else _QUERIES_ZH if roll < 0.40 else _QUERIES_EN
        return rng.choice(table).format(**self._slots(rng))

    def facts(self, user: str) -> list[FactInput]:
        """A profile: one superseded and one current city, a phone, an employer, preferences."""
        rng = random.Random(f"{self.seed}:facts:{user}")
        (old_city, _), (new_city, _) = rng.sample(_CITIES, 2)
        day = datetime(2024, 6, 1, tzinfo=UTC)
        return [
            FactInput(user, "lives_in", old_city, valid_from=day, source="user_command"),
            FactInput(user, "lives_in", new_city, valid_from=day + timedelta(days=200), source="user_command"),
            FactInput(user, "phone", f"+86 138 {rng.randrange(1000, 9999)} {rng.randrange(1000, 9999)}"),
            FactInput(user, "works_at", rng.choice(("Acme Ltd", "Globex", "Initech", "Umbrella Corp"))),
            FactInput(user, "preference", f"deliveries by {rng.choice(_COURIERS)[0]}"),
            FactInput(user, "preferred_report_format", rng.choice(_FORMATS)),
        ]


def user_name(index: int) -> str:
    return f"user{index:05d}"


# -- measurement helpers -------------------------------------------------------------------


def percentile(samples: Sequence[float], p: float) -> float:
    """Nearest rank: the smallest sample with at least p% of the samples at or below it."""
    ordered = sorted(samples)
    return ordered[max(0, min(len(ordered) - 1, -(-len(ordered) * int(p) // 100) - 1))]


@dataclass(frozen=True)
class Stats:
    """Wall-clock samples, and the process CPU time of each call beside them: on a shared,
    oversubscribed machine the wall clock mostly measures the queue for a core, while CPU
    time is close to what the call costs on an idle one (numpy's BLAS threads included)."""

    name: str
    samples_ms: tuple[float, ...]
    cpu_ms: tuple[float, ...] = ()

    def row(self) -> dict[str, float | str | int]:
        ordered = sorted(self.samples_ms)
        row: dict[str, float | str | int] = {
            "name": self.name,
            "n": len(ordered),
            "p50_ms": round(percentile(ordered, 50), 2),
            "p95_ms": round(percentile(ordered, 95), 2),
            "p99_ms": round(percentile(ordered, 99), 2),
            "max_ms": round(ordered[-1], 2),
            "mean_ms": round(statistics.fmean(ordered), 2),
        }
        if self.cpu_ms:
            row.update(
                cpu_p50_ms=round(percentile(self.cpu_ms, 50), 2),
                cpu_p95_ms=round(percentile(self.cpu_ms, 95), 2),
                cpu_p99_ms=round(percentile(self.cpu_ms, 99), 2),
            )
        return row


def rss_mb() -> dict[str, float]:
    """Current RSS (psutil when available) and the process's peak RSS (getrusage, KiB on Linux)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    try:
        import psutil

        current = psutil.Process().memory_info().rss / 2**20
    except ImportError:
        current = float("nan")
    return {"rss_mb": round(current, 1), "peak_rss_mb": round(peak, 1)}


def machine() -> dict[str, Any]:
    return {"nproc": os.cpu_count(), "loadavg": [round(x, 2) for x in os.getloadavg()]}


def open_store(db: Path, embedder: str, *, vector_cache_mb: int | None = None) -> Memory:
    query = "?vector_cache_mb=" + str(vector_cache_mb) if vector_cache_mb is not None else ""
    config = Config(url=f"sqlite:///{db}{query}", embedder=embedder)
    return Memory(config=config)


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# -- build ---------------------------------------------------------------------------------


def batches(turns: int, users: int, batch: int) -> Iterator[tuple[int, int, int]]:
    """(user index, first turn of the user, count) for every add() call, round-robin over users."""
    per_user = -(-turns // users)
    left = turns
    for offset in range(0, per_user, batch):
        for u in range(users):
            count = min(batch, per_user - offset, left)
            if count <= 0:
                return
            left -= count
            yield u, offset, count


def build(
    memory: Memory, *, turns: int, users: int, batch: int, session_turns: int, seed: int, progress: Path
) -> dict[str, Any]:
    """Fill the store until it holds ``turns`` turns; resumes where ``progress`` says it stopped.

    About 2% of generated turns repeat an earlier turn of their session and are dropped by
    add()'s dedupe (people do repeat themselves), so more turns are offered than stored.
    """
    maker = DialogueMaker(seed)
    stored = memory.backend.turns.count(memory.config.tenant)
    resume_at = int(progress.read_text()) if progress.exists() else 0
    if stored == 0:
        for u in range(users):
            memory.facts.set_many(maker.facts(user_name(u)))
    start_at = datetime(2025, 1, 1, tzinfo=UTC)
    added = 0
    started = time.perf_counter()
    last_report = started
    for index, (u, offset, count) in enumerate(batches(2 * turns, users, batch)):
        if stored >= turns:
            break
        if index < resume_at:
            continue
        user = user_name(u)
        session = f"s{offset // session_turns:05d}"
        messages = maker.turns(f"{user}:{offset}", count)
        at = start_at + timedelta(minutes=offset)
        fresh = len(memory.add(messages, user_id=user, session_id=session, at=at).turns)
        added += fresh
        stored += fresh
        if (offset + count) % session_turns == 0:
            memory.end_session(user, session)
        if index % 50 == 0:
            # Re-adding a batch after a crash stores nothing twice (dedupe), so a mark that
            # lags behind the store by a few batches is harmless.
            progress.write_text(str(index))
        now = time.perf_counter()
        if now - last_report > 30:
            rate = added / (now - started)
            log(f"  … {stored:,}/{turns:,} turns, {rate:,.0f} turns/s, load {os.getloadavg()[0]:.1f}")
            last_report = now
    seconds = time.perf_counter() - started
    return {
        "turns_added": added,
        "seconds": round(seconds, 1),
        "turns_per_s": round(added / seconds, 1) if added else None,
    }


# -- measure -------------------------------------------------------------------------------


@dataclass
class QueryPlan:
    warmups: list[tuple[str, str]] = field(default_factory=list)
    recall: list[tuple[str, str]] = field(default_factory=list)
    search: list[tuple[str, str]] = field(default_factory=list)


def plan_queries(users: int, queries: int, seed: int) -> QueryPlan:
    """Distinct query texts for the warm-ups, the recall run and the search run: a text
    asked twice would be answered by the embedder's cache and hide the embedding cost."""
    maker = DialogueMaker(seed + 1)
    rng = random.Random(seed + 2)
    seen: set[str] = set()
    serial = 0

    def fresh() -> str:
        nonlocal serial
        while True:
            serial += 1
            text = maker.query(str(serial))
            if text not in seen:
                seen.add(text)
                return text

    plan = QueryPlan()
    plan.recall = [(fresh(), user_name(rng.randrange(users))) for _ in range(queries)]
    plan.search = [(fresh(), user_name(rng.randrange(users))) for _ in range(queries)]
    for user in dict.fromkeys(u for _, u in (*plan.recall, *plan.search)):
        plan.warmups.append((fresh(), user))
    return plan


class ModelledQueryCost(ForwardingEmbedder):
    """The store's embedder, plus a real e5 query embedding per query (result discarded)."""

    def __init__(self, inner: Any, model: Any) -> None:
        super().__init__(inner)
        self.model = model
        self.embeds_outside_gil = True  # e5's engine runs outside the GIL; the toggle compares

    def embed_queries(self, texts: Sequence[str]) -> Any:
        self.model.embed_queries(texts)
        return self.inner.embed_queries(texts)


def model_query_cost(memory: Memory, model_name: str) -> ModelledQueryCost:
    from palimpsest.embed.registry import open_embedder

    wrapped = ModelledQueryCost(memory.conversation.embedder, open_embedder(model_name))
    memory.conversation._embedder = wrapped  # a bench instrument: the same store, a costlier query
    return wrapped


def compare_embed_ahead(memory: Memory, wrapped: ModelledQueryCost, plan: QueryPlan) -> list[Stats]:
    """Each query recalled twice: embedded ahead and inline, alternating which runs first."""
    samples: dict[bool, list[float]] = {True: [], False: []}
    cpu: dict[bool, list[float]] = {True: [], False: []}
    for i, (query, user) in enumerate(plan.recall):
        for ahead in (True, False) if i % 2 == 0 else (False, True):
            wrapped.embeds_outside_gil = ahead
            c0 = time.process_time()
            t0 = time.perf_counter()
            memory.recall(query, user_id=user)
            samples[ahead].append((time.perf_counter() - t0) * 1000)
            cpu[ahead].append((time.process_time() - c0) * 1000)
    wrapped.embeds_outside_gil = True
    return [
        Stats("Memory.recall, query embedded ahead (warm)", tuple(samples[True]), tuple(cpu[True])),
        Stats("Memory.recall, query embedded inline (warm)", tuple(samples[False]), tuple(cpu[False])),
    ]


def timed(name: str, calls: Sequence[Callable[[], Any]]) -> Stats:
    samples = []
    cpu = []
    for call in calls:
        c0 = time.process_time()
        t0 = time.perf_counter()
        call()
        samples.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return Stats(name, tuple(samples), tuple(cpu))


def measure(
    memory: Memory, *, users: int, queries: int, seed: int, compare: ModelledQueryCost | None = None
) -> dict[str, Any]:
    out: dict[str, Any] = {"rss_after_open": rss_mb()}
    embedder = memory.conversation.embedder
    t0 = time.perf_counter()
    embedder.embed_queries(["model warm-up, not a timed query"])
    out["embedder_load_s"] = round(time.perf_counter() - t0, 2)
    plan = plan_queries(users, queries, seed)
    probe = [q for q, _ in plan.recall[:200]]
    t0 = time.perf_counter()
    for text in probe:
        # The wrapped model, so the cache cannot answer: what embedding one query costs.
        getattr(embedder, "inner", embedder).embed_queries([text])
    out["query_embedding_ms"] = round((time.perf_counter() - t0) * 1000 / len(probe), 2)
    first_query, first_user = plan.warmups[0]
    t0 = time.perf_counter()
    memory.recall(first_query, user_id=first_user)
    out["first_recall_in_process_ms"] = round((time.perf_counter() - t0) * 1000, 1)
    out["load"] = {"before_queries": machine()["loadavg"]}
    cold = timed("recall, cold (first query of a user)", [
        lambda q=q, u=u: memory.recall(q, user_id=u) for q, u in plan.warmups[1:]
    ])  # fmt: skip
    out["rss_after_warmup"] = rss_mb()
    recalls = (
        compare_embed_ahead(memory, compare, plan)
        if compare is not None
        else [timed("Memory.recall (warm)", [lambda q=q, u=u: memory.recall(q, user_id=u) for q, u in plan.recall])]
    )
    results = [
        *recalls,
        timed("Memory.search top 10 (warm)", [lambda q=q, u=u: memory.search(q, user_id=u) for q, u in plan.search]),
    ]
    if cold.samples_ms:
        results.append(cold)
    out["load"]["after_queries"] = machine()["loadavg"]
    out["rss_after_queries"] = rss_mb()
    out["results"] = [r.row() for r in results]
    return out


# -- add throughput ------------------------------------------------------------------------


def add_throughput(*, embedders: Sequence[str], turns: int, batch: int, seed: int) -> list[dict[str, Any]]:
    """The same ``turns`` turns into a fresh store per embedder; raw embedding cost beside it."""
    maker = DialogueMaker(seed + 3)
    users = max(1, turns // 1000)
    plan = list(batches(turns, users, batch))
    messages = [maker.turns(f"add:{u}:{offset}", count) for u, offset, count in plan]
    rows: list[dict[str, Any]] = []
    for name in embedders:
        with tempfile.TemporaryDirectory(prefix="palimpsest-add-") as tmp:
            memory = open_store(Path(tmp) / "add.db", name)
            try:
                embedder = memory.conversation.embedder
                embedder.embed_passages(["model warm-up"])  # loading the model is not an add() cost
                load = machine()["loadavg"]
                c0 = time.process_time()
                t0 = time.perf_counter()
                at = datetime(2025, 1, 1, tzinfo=UTC)
                for (u, offset, _), batch_messages in zip(plan, messages, strict=True):
                    memory.add(batch_messages, user_id=user_name(u), session_id=f"s{offset // 200:05d}", at=at)
                add_s = time.perf_counter() - t0
                add_cpu = time.process_time() - c0
                raw = getattr(embedder, "inner", embedder)
                weight = memory.config.passage_context_weight
                chunks = [[_as_turn(m) for m in batch_messages] for batch_messages in messages]
                c0 = time.process_time()
                t0 = time.perf_counter()
                for chunk in chunks:  # what add() embeds, without the cache: each turn once, blended
                    passage_vectors(raw, chunk, None, weight)
                embed_s = time.perf_counter() - t0
                embed_cpu = time.process_time() - c0
            finally:
                memory.close()
        rows.append({
            "embedder": name,
            "turns": turns,
            "batch": batch,
            "add_turns_per_s": round(turns / add_s, 1),
            "add_ms_per_turn": round(add_s * 1000 / turns, 2),
            "embed_ms_per_turn": round(embed_s * 1000 / turns, 2),
            "storage_ms_per_turn": round((add_s - embed_s) * 1000 / turns, 2),
            # CPU time (all threads of the process): what the work costs without the queue for a core.
            "add_cpu_ms_per_turn": round(add_cpu * 1000 / turns, 2),
            "embed_cpu_ms_per_turn": round(embed_cpu * 1000 / turns, 2),
            "loadavg_before": load,
            "loadavg_after": machine()["loadavg"],
        })  # fmt: skip
        log(f"  add with {name}: {rows[-1]}")
    return rows


def _as_turn(message: dict[str, str]) -> Turn:
    at = datetime(2025, 1, 1, tzinfo=UTC)
    return Turn(
        id="", tenant="", user_id="", session_id="", role=message["role"], content=message["content"],
        occurred_at=at, recorded_at=at, content_hash="",
    )  # fmt: skip


# -- report --------------------------------------------------------------------------------


def print_report(report: dict[str, Any]) -> None:
    print(json.dumps(report, indent=2, ensure_ascii=False))
    for section in ("measure",):
        rows = report.get(section, {}).get("results", [])
        if rows:
            heads = ("p50 ms", "p95 ms", "p99 ms", "cpu p50", "cpu p95")
            print(f"\n{'operation':40} {'n':>5} " + " ".join(f"{h:>8}" for h in heads))
            for r in rows:
                print(
                    f"{r['name']:40} {r['n']:>5} {r['p50_ms']:>8} {r['p95_ms']:>8} {r['p99_ms']:>8}"
                    f" {r.get('cpu_p50_ms', '')!s:>8} {r.get('cpu_p95_ms', '')!s:>8}"
                )
    for row in report.get("add", []):
        print(
            f"add {row['embedder']:5} {row['add_turns_per_s']:>8} turns/s; embed {row['embed_ms_per_turn']} ms/turn,"
            f" storage {row['storage_ms_per_turn']} ms/turn"
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--phase", choices=("all", "build", "measure", "add"), default="all")
    parser.add_argument("--turns", type=int, default=100_000)
    parser.add_argument("--users", type=int, default=1)
    parser.add_argument("--embedder", default="use", help="embedder of the scale store (use, e5, hash)")
    parser.add_argument("--batch", type=int, default=50, help="turns per Memory.add call")
    parser.add_argument("--session-turns", type=int, default=200, help="turns per session")
    parser.add_argument("--queries", type=int, default=1000, help="timed recall queries (and as many searches)")
    parser.add_argument("--db", type=Path, help="SQLite file (default: a temporary one); reused if it exists")
    parser.add_argument("--vector-cache-mb", type=int, help="private vector cache budget (default: the 1 GiB one)")
    parser.add_argument("--add-turns", type=int, default=2000)
    parser.add_argument("--add-embedders", default="e5,use", help="comma-separated, for --phase add/all")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--query-cost-of", help="measure: also embed every query with this model (e.g. e5)")
    parser.add_argument(
        "--compare-embed-ahead", action="store_true", help="measure: recall each query embedded ahead and inline"
    )
    parser.add_argument("--json", type=Path, help="also write the report here")
    args = parser.parse_args(argv)

    report: dict[str, Any] = {"args": {k: str(v) for k, v in vars(args).items()}, "machine": machine()}
    report["date"] = datetime.now(UTC).isoformat(timespec="seconds")
    if args.phase in ("all", "build", "measure"):
        db = args.db or Path(tempfile.mkdtemp(prefix="palimpsest-scale-")) / "store.db"
        memory = open_store(db, args.embedder, vector_cache_mb=args.vector_cache_mb)
        try:
            if args.phase in ("all", "build"):
                log(f"building {db}: {args.turns:,} turns over {args.users:,} users with {args.embedder}")
                report["build"] = build(
                    memory, turns=args.turns, users=args.users, batch=args.batch,
                    session_turns=args.session_turns, seed=args.seed, progress=Path(f"{db}.progress"),
                )  # fmt: skip
                report["build"]["rss_after_build"] = rss_mb()
            report["store"] = {
                "turns": memory.backend.turns.count(memory.config.tenant),
                "users": args.users,
                "size_mb": round(sum(p.stat().st_size for p in db.parent.glob(db.name + "*")) / 1e6, 1),
                "path": str(db),
            }
            if args.phase in ("all", "measure"):
                wrapped = model_query_cost(memory, args.query_cost_of) if args.query_cost_of else None
                if args.compare_embed_ahead and wrapped is None:
                    parser.error("--compare-embed-ahead needs --query-cost-of")
                report["measure"] = measure(
                    memory, users=args.users, queries=args.queries, seed=args.seed,
                    compare=wrapped if args.compare_embed_ahead else None,
                )  # fmt: skip
        finally:
            memory.close()
    if args.phase in ("all", "add"):
        embedders = [e for e in args.add_embedders.split(",") if e]
        report["add"] = add_throughput(embedders=embedders, turns=args.add_turns, batch=args.batch, seed=args.seed)
    report["machine"]["loadavg_end"] = machine()["loadavg"]
    print_report(report)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(report, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
