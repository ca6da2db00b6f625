"""Workflow memory benchmark (issue 5 "Measured"): seeded, reproducible, generated in code.

    python -m bench.workflows --out bench/results/workflows.md

Twenty-two task types, each with a canonical procedure, bilingual task descriptions and a
designated risky step. Traces are noisy (an inserted step, a dropped step, an adjacent swap,
each with its own probability; instance values vary) and a quarter of them fail at the risky
step (skipped, or failing). Everything goes through the product: trajectories are recorded
with ``Memory.workflows.record(..., learn=False)`` on a fresh ``memory://`` store and induced
with ``Memory.workflows.induce()``; retrieval uses ``Memory.workflows.find`` on paraphrased
task descriptions never seen in a trace (Chinese and English).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from palimpsest import Memory
from palimpsest.core.workflows import edit_distance

SIZES = (1, 3, 5, 10, 20)
NOISE_ACTIONS = ("log_event", "refresh_cache", "fetch_profile", "ask_clarification", "retry_call", "check_status")


@dataclass(frozen=True)
class Task:
    type: str
    steps: tuple[str, ...]
    entity: str
    """The slot: every step but the last takes ``<entity>_id``, which varies per instance."""
    en: str
    zh: str
    en_query: str
    zh_query: str
    risky: int


TASKS = [
    Task(
        "order_refund",
        ("validate_order", "check_refund_policy", "process_refund", "notify_user"),
        "order",
        "Refund order {id} for the customer",
        "为客户办理订单{id}的退款",
        "how do I give a customer their money back?",
        "这类退款一般怎么处理？",
        1,
    ),
    Task(
        "password_reset",
        ("verify_identity", "send_reset_link", "confirm_reset", "notify_user"),
        "account",
        "Reset the password of account {id}",
        "重置账号{id}的密码",
        "user forgot their password, what now?",
        "用户忘记密码了怎么办？",
        0,
    ),
    Task(
        "address_change",
        ("lookup_customer", "validate_address", "update_address", "confirm_change"),
        "customer",
        "Change the shipping address of customer {id}",
        "修改客户{id}的收货地址",
        "how to update where a customer's parcels go",
        "客户要改送货地址怎么操作？",
        1,
    ),
    Task(
        "invoice_issue",
        ("lookup_order", "compute_tax", "generate_invoice", "email_invoice"),
        "order",
        "Issue an invoice for order {id}",
        "为订单{id}开具发票",
        "how do I bill a customer for a purchase?",
        "怎么给客户开票？",
        1,
    ),
    Task(
        "subscription_cancel",
        ("lookup_subscription", "offer_retention", "cancel_subscription", "confirm_cancel"),
        "subscription",
        "Cancel subscription {id}",
        "取消订阅{id}",
        "a user wants to stop their monthly plan",
        "用户想退订会员怎么处理？",
        2,
    ),
    Task(
        "account_close",
        ("verify_identity", "export_user_data", "close_account", "send_goodbye"),
        "account",
        "Close account {id} permanently",
        "永久注销账号{id}",
        "how do I delete someone's account for good?",
        "用户要求注销账户的流程",
        1,
    ),
    Task(
        "shipment_track",
        ("lookup_shipment", "query_carrier", "estimate_arrival", "reply_customer"),
        "shipment",
        "Track shipment {id}",
        "查询包裹{id}的物流",
        "where is my package, how do I find out?",
        "怎么查快递到哪了？",
        1,
    ),
    Task(
        "damaged_item_claim",
        ("collect_photos", "verify_purchase", "open_claim", "ship_replacement"),
        "order",
        "File a damage claim for order {id}",
        "为订单{id}提交商品损坏理赔",
        "the item arrived broken, what is the procedure?",
        "收到的东西坏了一般怎么处理？",
        2,
    ),
    Task(
        "plan_upgrade",
        ("lookup_subscription", "quote_price", "charge_difference", "apply_upgrade"),
        "subscription",
        "Upgrade subscription {id} to the premium plan",
        "把订阅{id}升级到高级套餐",
        "how can a customer move to a higher tier?",
        "用户想升级套餐怎么操作？",
        2,
    ),
    Task(
        "payment_failure",
        ("lookup_payment", "check_card_status", "retry_charge", "notify_user"),
        "payment",
        "Resolve failed payment {id}",
        "处理支付失败的交易{id}",
        "a charge was declined, how do I fix it?",
        "扣款失败了怎么办？",
        1,
    ),
    Task(
        "coupon_apply",
        ("validate_coupon", "check_eligibility", "apply_discount", "recalculate_total"),
        "cart",
        "Apply a coupon to cart {id}",
        "给购物车{id}使用优惠券",
        "how do I use a promo code on an order?",
        "优惠码怎么用？",
        1,
    ),
    Task(
        "appointment_booking",
        ("check_availability", "reserve_slot", "send_confirmation", "add_calendar_event"),
        "patient",
        "Book an appointment for patient {id}",
        "为病人{id}预约门诊",
        "how to schedule a visit for someone",
        "怎么帮病人挂号预约？",
        1,
    ),
    Task(
        "appointment_reschedule",
        ("lookup_booking", "release_slot", "reserve_slot", "send_confirmation"),
        "booking",
        "Move booking {id} to another day",
        "把预约{id}改到其他日期",
        "the patient needs a different date, what steps?",
        "预约时间要改期怎么办？",
        1,
    ),
    Task(
        "bug_report_triage",
        ("reproduce_bug", "assign_severity", "route_to_team", "reply_reporter"),
        "ticket",
        "Triage bug report {id}",
        "分拣缺陷报告{id}",
        "what's the process for handling a new bug ticket?",
        "收到新的bug工单一般怎么分派？",
        0,
    ),
    Task(
        "refund_dispute",
        ("collect_evidence", "review_transaction", "submit_dispute_response", "update_case"),
        "case",
        "Respond to chargeback case {id}",
        "回应拒付争议{id}",
        "how do we answer a bank chargeback?",
        "银行拒付争议要怎么应对？",
        1,
    ),
    Task(
        "employee_onboarding",
        ("create_account", "assign_laptop", "grant_access", "schedule_orientation"),
        "employee",
        "Onboard new employee {id}",
        "为新员工{id}办理入职",
        "steps to get a new hire set up",
        "新同事入职要做哪些步骤？",
        2,
    ),
    Task(
        "employee_offboarding",
        ("revoke_access", "collect_laptop", "final_payroll", "archive_account"),
        "employee",
        "Offboard employee {id}",
        "为员工{id}办理离职",
        "someone is leaving the company, what do I do?",
        "员工离职流程是什么？",
        0,
    ),
    Task(
        "expense_approval",
        ("check_receipt", "verify_budget", "approve_expense", "schedule_reimbursement"),
        "expense",
        "Approve expense report {id}",
        "审批报销单{id}",
        "how to sign off a reimbursement request",
        "报销单怎么审批？",
        1,
    ),
    Task(
        "warranty_repair",
        ("verify_warranty", "create_rma", "ship_label", "track_repair"),
        "device",
        "Arrange a warranty repair for device {id}",
        "为设备{id}安排保修维修",
        "the device broke under warranty, how to get it fixed?",
        "保修期内坏了怎么送修？",
        0,
    ),
    Task(
        "data_export",
        ("verify_identity", "collect_user_data", "package_archive", "send_download_link"),
        "user",
        "Export all data of user {id}",
        "导出用户{id}的全部数据",
        "a customer asked for a copy of their data",
        "用户要导出个人数据怎么做？",
        2,
    ),
    Task(
        "price_match",
        ("verify_competitor_price", "check_price_policy", "adjust_price", "notify_user"),
        "order",
        "Price-match order {id}",
        "为订单{id}做价格匹配",
        "customer found it cheaper elsewhere, what do I do?",
        "客户说别家更便宜要求保价怎么办？",
        1,
    ),
    Task(
        "gift_card_activation",
        ("validate_card", "load_balance", "activate_card", "send_receipt"),
        "card",
        "Activate gift card {id}",
        "激活礼品卡{id}",
        "how to turn on a newly bought gift card",
        "礼品卡怎么激活？",
        2,
    ),
]


def instance_id(rng: random.Random, entity: str) -> str:
    return f"{entity[:3].upper()}-{rng.randint(1000, 99999)}"


def make_trace(task: Task, rng: random.Random, failure: bool) -> tuple[str, list[dict[str, Any]]]:
    """One noisy trace: the canonical steps with per-instance ids, then noise, then (for a
    failure) the risky step skipped or failing."""
    ident = instance_id(rng, task.entity)
    steps: list[dict[str, Any]] = []
    for i, action in enumerate(task.steps):
        params: dict[str, Any] = {"mode": "standard"}
        if i < len(task.steps) - 1:
            params[f"{task.entity}_id"] = ident
        steps.append({"action": action, "params": params, "result": {"ok": True}})
    if failure:
        if rng.random() < 0.5:
            del steps[task.risky]
        else:
            steps[task.risky]["result"] = {"ok": False, "error": "rejected"}
            del steps[task.risky + 1 :]
    else:
        if rng.random() < 0.35:
            steps.insert(rng.randint(0, len(steps)), {"action": rng.choice(NOISE_ACTIONS), "params": {}})
        if rng.random() < 0.2:
            del steps[rng.randrange(len(steps))]
        if rng.random() < 0.2:
            i = rng.randrange(len(steps) - 1)
            steps[i], steps[i + 1] = steps[i + 1], steps[i]
    template = task.en if rng.random() < 0.5 else task.zh
    return template.format(id=ident), steps


@dataclass
class SizeResult:
    size: int
    exact: float
    mean_distance: float
    slot_precision: float
    slot_recall: float
    risk_accuracy: float
    risk_types: int


def build(size: int, seed: int, embedder: str) -> Memory:
    """A store holding ``size`` successful traces per task type (plus ~1 failure per 3)."""
    rng = random.Random(seed * 1000 + size)
    memory = Memory.open("memory://", embedder=embedder)
    for task in TASKS:
        failures = max(1, size // 3)
        for k in range(size + failures):
            task_text, steps = make_trace(task, rng, failure=k >= size)
            memory.workflows.record(
                task_text, steps, "failure" if k >= size else "success", task_type=task.type, learn=False
            )
    memory.workflows.induce()
    return memory


def measure(memory: Memory, size: int) -> SizeResult:
    by_type = {w.task_type: w for w in memory.workflows.current()}
    distances, tp, fp, fn, risk_hits, risk_types = [], 0, 0, 0, 0, 0
    for task in TASKS:
        workflow = by_type.get(task.type)
        actions = workflow.actions if workflow else ()
        distances.append(edit_distance(actions, task.steps))
        truth = {(a, f"{task.entity}_id") for a in task.steps[:-1]}
        found = {(s.action, k) for s in workflow.steps for k in s.slots} if workflow else set()
        tp += len(truth & found)
        fp += len(found - truth)
        fn += len(truth - found)
        if workflow and workflow.failure_count:
            risk_types += 1
            top = workflow.risk_points[0] if workflow.risk_points else None
            risk_hits += int(top is not None and top.action == task.steps[task.risky])
    return SizeResult(
        size=size,
        exact=sum(d == 0 for d in distances) / len(distances),
        mean_distance=sum(distances) / len(distances),
        slot_precision=tp / (tp + fp) if tp + fp else 0.0,
        slot_recall=tp / (tp + fn) if tp + fn else 0.0,
        risk_accuracy=risk_hits / risk_types if risk_types else 0.0,
        risk_types=risk_types,
    )


def retrieval(memory: Memory) -> dict[str, float]:
    hits = {"en": 0, "zh": 0}
    for task in TASKS:
        for lang, query in (("en", task.en_query), ("zh", task.zh_query)):
            best = memory.workflows.find(query, limit=1)
            hits[lang] += int(bool(best) and best[0].workflow.task_type == task.type)
    return {lang: n / len(TASKS) for lang, n in hits.items()}


def svg_plot(results: Sequence[SizeResult]) -> str:
    """A tiny line chart (no plotting library): exact-match share and slot recall vs traces."""
    width, height, left, bottom, top, right = 480, 280, 50, 40, 20, 20
    xs = [left + i * (width - left - right) / (len(results) - 1) for i in range(len(results))]

    def y(v: float) -> float:
        return height - bottom - v * (height - bottom - top)

    series = [
        ("induced = canonical (share of task types)", "#1f77b4", [r.exact for r in results]),
        ("slot recall", "#ff7f0e", [r.slot_recall for r in results]),
        ("risk-point accuracy", "#2ca02c", [r.risk_accuracy for r in results]),
    ]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" '
        'font-size="11">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
    ]
    for v in (0.0, 0.25, 0.5, 0.75, 1.0):
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="#ddd"/>')
        parts.append(f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{v:.2f}</text>')
    for x, r in zip(xs, results, strict=True):
        parts.append(f'<text x="{x:.1f}" y="{height - bottom + 16}" text-anchor="middle">{r.size}</text>')
    parts.append(
        f'<text x="{(width + left) / 2}" y="{height - 6}" text-anchor="middle">successful traces per task type</text>'
    )
    for n, (label, colour, values) in enumerate(series):
        points = " ".join(f"{x:.1f},{y(v):.1f}" for x, v in zip(xs, values, strict=True))
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"/>')
        parts.extend(
            f'<circle cx="{x:.1f}" cy="{y(v):.1f}" r="3" fill="{colour}"/>' for x, v in zip(xs, values, strict=True)
        )
        parts.append(f'<text x="{left + 10}" y="{top + 14 + 14 * n}" fill="{colour}">{label}</text>')
    parts.append("</svg>")
    return "\n".join(parts)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("bench/results/workflows.md"))
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    results = []
    for size in SIZES:
        with build(size, args.seed, "hash") as memory:
            results.append(measure(memory, size))
    retrieval_scores = {}
    for embedder in ("e5", "hash"):
        with build(5, args.seed, embedder) as memory:
            retrieval_scores[embedder] = retrieval(memory)
    elapsed = time.perf_counter() - started
    image = args.out.with_suffix(".svg")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    image.write_text(svg_plot(results), encoding="utf-8")
    lines = [
        "# Workflow memory benchmark",
        "",
        f"`python -m bench.workflows --seed {args.seed}` — {len(TASKS)} task types, generated in code (seeded); "
        f"{elapsed:.0f} s. Successful traces are noisy (inserted step p=0.35, dropped step p=0.2, adjacent swap "
        "p=0.2; ids vary per trace); failed traces (1 per 3 successful, at least 1) skip or fail the task type's "
        "risky step. Induction and retrieval go through `Memory.workflows` on a fresh `memory://` store.",
        "",
        "## Induction as traces grow",
        "",
        "| successful traces | induced = canonical | mean edit distance | slot precision | slot recall "
        "| risk-point accuracy |",
        "|---:|---:|---:|---:|---:|---:|",
    ]
    for r in results:
        lines.append(
            f"| {r.size} | {r.exact:.0%} | {r.mean_distance:.2f} | {r.slot_precision:.2f} | {r.slot_recall:.2f} "
            f"| {r.risk_accuracy:.2f} ({r.risk_types} types) |"
        )
    five = next(r for r in results if r.size == 5)
    lines += [
        "",
        f"![induction vs traces]({image.name})",
        "",
        f"Target: edit distance 0 for ≥ 90% of task types from 5 noisy traces — measured {five.exact:.0%} "
        f"({'met' if five.exact >= 0.9 else 'NOT met'}).",
        "",
        "## Retrieval from paraphrased task descriptions (5 traces per type)",
        "",
        "Queries are paraphrases never used in a trace (one English, one Chinese per task type); hit@1 = the "
        "top `find` result is the right task type.",
        "",
        "| embedder | hit@1 English | hit@1 Chinese | hit@1 both |",
        "|---|---:|---:|---:|",
    ]
    for name, scores in retrieval_scores.items():
        both = (scores["en"] + scores["zh"]) / 2
        label = "e5 (default, headline)" if name == "e5" else "hash (no semantics; lexical only)"
        lines.append(f"| {label} | {scores['en']:.2f} | {scores['zh']:.2f} | {both:.2f} |")
    e5 = retrieval_scores["e5"]
    headline = (e5["en"] + e5["zh"]) / 2
    lines += [
        "",
        f"Target: hit@1 ≥ 0.9 — measured {headline:.2f} with e5 ({'met' if headline >= 0.9 else 'NOT met'}).",
        "",
    ]
    args.out.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
