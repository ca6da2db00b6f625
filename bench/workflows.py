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
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from palimpsest import Memory
from palimpsest.core.workflows import edit_distance
from palimpsest.embed.cache import CachedEmbedder
from palimpsest.text import tokenize

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
    risky: int
    en_dev: tuple[str, ...]
    """Paraphrased task descriptions (never in a trace) that retrieval may be tuned on."""
    zh_dev: tuple[str, ...]
    en_heldout: tuple[str, ...]
    """Paraphrases first only measured; since the held-out set 2 was written, ``find`` may be
    tuned on them too (see ``SPLITS``)."""
    zh_heldout: tuple[str, ...]
    en_heldout2: tuple[str, ...]
    """Paraphrases written before the third round of ``find`` changes and only measured:
    nothing in ``find`` is tuned on them."""
    zh_heldout2: tuple[str, ...]

    def queries(self, split: str, lang: str) -> tuple[str, ...]:
        queries: tuple[str, ...] = getattr(self, f"{lang}_{split}")
        return queries


TASKS = [
    Task(
        "order_refund",
        ("validate_order", "check_refund_policy", "process_refund", "notify_user"),
        "order",
        "Refund order {id} for the customer",
        "为客户办理订单{id}的退款",
        risky=1,
        en_dev=("how do I give a customer their money back?", "customer wants a refund on something they bought"),
        zh_dev=("这类退款一般怎么处理？", "顾客买的东西不想要了，钱怎么退给他？"),
        en_heldout=("buyer's asking for a refund, walk me through it", "they sent the order back and want their cash"),
        zh_heldout=("客户要求退钱，我该怎么操作？", "订单退款的流程是怎样的？"),
        en_heldout2=(
            "client sent the shoes back, how do they get their money?",
            "need to return someone's payment for a purchase, what's the drill",
            "what's our process when a shopper wants to be paid back for an order",
        ),
        zh_heldout2=("买家退货了，钱怎么还给他？", "顾客要退款，系统里怎么弄", "东西已经寄回来了，要把钱退给客户"),
    ),
    Task(
        "password_reset",
        ("verify_identity", "send_reset_link", "confirm_reset", "notify_user"),
        "account",
        "Reset the password of account {id}",
        "重置账号{id}的密码",
        risky=0,
        en_dev=("user forgot their password, what now?", "someone can't log in because they lost their credentials"),
        zh_dev=("用户忘记密码了怎么办？", "登录密码想不起来了，怎么帮他重新设置？"),
        en_heldout=("customer is locked out and needs a new password", "steps for resetting a login"),
        zh_heldout=("账号登不上去，要重设密码", "客户说密码不对进不去，怎么处理？"),
        en_heldout2=(
            "guy says his login isn't accepted and he can't remember the pw",
            "how do we help someone set a new password",
            "customer keeps getting 'wrong password' and can't get in",
        ),
        zh_heldout2=("用户密码忘了，登不进去", "怎么给客户重置登录密码", "客户一直提示密码错误，进不了系统"),
    ),
    Task(
        "address_change",
        ("lookup_customer", "validate_address", "update_address", "confirm_change"),
        "customer",
        "Change the shipping address of customer {id}",
        "修改客户{id}的收货地址",
        risky=1,
        en_dev=(
            "how to update where a customer's parcels go",
            "customer moved house and wants deliveries sent to the new place",
        ),
        zh_dev=("客户要改送货地址怎么操作？", "客户搬家了，以后寄到新地方"),
        en_heldout=("change the delivery address on file", "the buyer gave us the wrong street, how do I correct it?"),
        zh_heldout=("收货地址填错了怎么改？", "帮客户更新一下收件地址"),
        en_heldout2=(
            "buyer relocated, update their shipping info",
            "customer typed the wrong postcode, can we fix where it's going?",
            "how do I edit a customer's delivery address",
        ),
        zh_heldout2=("客户换了住址，要改一下寄送地址", "地址写错了门牌号，能改吗？", "怎么修改用户的收件地址"),
    ),
    Task(
        "invoice_issue",
        ("lookup_order", "compute_tax", "generate_invoice", "email_invoice"),
        "order",
        "Issue an invoice for order {id}",
        "为订单{id}开具发票",
        risky=1,
        en_dev=("how do I bill a customer for a purchase?", "the client needs a formal invoice for their accounting"),
        zh_dev=("怎么给客户开票？", "客户买完东西要发票报账"),
        en_heldout=(
            "how do I send someone a VAT invoice for what they ordered?",
            "customer's finance team is asking for billing paperwork",
        ),
        zh_heldout=("订单的增值税发票怎么开？", "客户要我们给他开个发票寄过去"),
        en_heldout2=(
            "client needs a receipt with tax for their company",
            "how do I generate an invoice for an order",
            "the buyer's accountant wants a proper bill from us",
        ),
        zh_heldout2=("客户要开公司抬头的发票", "怎么给这笔订单出发票", "顾客报账需要我们开票"),
    ),
    Task(
        "subscription_cancel",
        ("lookup_subscription", "offer_retention", "cancel_subscription", "confirm_cancel"),
        "subscription",
        "Cancel subscription {id}",
        "取消订阅{id}",
        risky=2,
        en_dev=("a user wants to stop their monthly plan", "how do I end someone's membership?"),
        zh_dev=("用户想退订会员怎么处理？", "客户不想续费了，要把订阅停掉"),
        en_heldout=(
            "customer doesn't want to be charged every month anymore",
            "process for cancelling a recurring plan",
        ),
        zh_heldout=("怎么帮用户取消自动续费？", "用户要停掉每月的订阅服务"),
        en_heldout2=(
            "user wants to unsubscribe from the paid plan",
            "how do I stop someone's auto-renewal",
            "customer says stop billing me every month",
        ),
        zh_heldout2=("用户想取消会员，不再续费", "怎么关掉客户的包月服务", "客户说不要再每个月扣钱了"),
    ),
    Task(
        "account_close",
        ("verify_identity", "export_user_data", "close_account", "send_goodbye"),
        "account",
        "Close account {id} permanently",
        "永久注销账号{id}",
        risky=1,
        en_dev=(
            "how do I delete someone's account for good?",
            "a customer wants to leave the platform and have their profile removed",
        ),
        zh_dev=("用户要求注销账户的流程", "用户说不用了，要把账号彻底删掉"),
        en_heldout=(
            "user asked us to shut down their account permanently",
            "what to do when someone wants to deactivate their account forever",
        ),
        zh_heldout=("怎么永久删除一个用户的账号？", "客户要销户，我们该怎么做？"),
        en_heldout2=(
            "customer wants their account gone completely",
            "how do we permanently remove a user's profile",
            "someone is quitting our service and asked us to close their account",
        ),
        zh_heldout2=("客户要求注销账号", "用户想把账户永久关掉", "怎么处理用户的销号申请"),
    ),
    Task(
        "shipment_track",
        ("lookup_shipment", "query_carrier", "estimate_arrival", "reply_customer"),
        "shipment",
        "Track shipment {id}",
        "查询包裹{id}的物流",
        risky=1,
        en_dev=("where is my package, how do I find out?", "customer asks when their delivery will arrive"),
        zh_dev=("怎么查快递到哪了？", "客户问包裹什么时候能到"),
        en_heldout=(
            "how do I check the status of a parcel in transit?",
            "the order still hasn't shown up, can we see where it is?",
        ),
        zh_heldout=("帮客户看一下物流进度", "货发出去好几天了还没到，怎么查？"),
        en_heldout2=(
            "customer wants to know where their parcel is",
            "how do I look up tracking for a delivery",
            "package hasn't arrived yet, when will it get there?",
        ),
        zh_heldout2=("客户问快递到哪儿了", "怎么查这个包裹的运输状态", "买的东西一直没送到，帮忙看看物流"),
    ),
    Task(
        "damaged_item_claim",
        ("collect_photos", "verify_purchase", "open_claim", "ship_replacement"),
        "order",
        "File a damage claim for order {id}",
        "为订单{id}提交商品损坏理赔",
        risky=2,
        en_dev=("the item arrived broken, what is the procedure?", "customer got a cracked product in the mail"),
        zh_dev=("收到的东西坏了一般怎么处理？", "快递送来的商品摔碎了，客户要赔"),
        en_heldout=(
            "how do we handle goods that were damaged in shipping?",
            "package came smashed, customer wants a new one",
        ),
        zh_heldout=("商品到货有破损怎么申请理赔？", "客户说收到的杯子裂了，要换个新的"),
        en_heldout2=(
            "product showed up dented, what do we do?",
            "customer received a broken vase and wants another one",
            "how to file a claim for something damaged in delivery",
        ),
        zh_heldout2=("收到的货被压坏了怎么办", "客户说包裹里的东西碎了，要换货", "运输途中损坏的商品怎么理赔"),
    ),
    Task(
        "plan_upgrade",
        ("lookup_subscription", "quote_price", "charge_difference", "apply_upgrade"),
        "subscription",
        "Upgrade subscription {id} to the premium plan",
        "把订阅{id}升级到高级套餐",
        risky=2,
        en_dev=("how can a customer move to a higher tier?", "user wants more features and is willing to pay more"),
        zh_dev=("用户想升级套餐怎么操作？", "客户想换个更贵的会员档次"),
        en_heldout=("switching someone from basic to pro, what are the steps?", "customer asked to upgrade their plan"),
        zh_heldout=("怎么把用户的基础版换成高级版？", "客户要买更高级别的服务，差价怎么补？"),
        en_heldout2=(
            "user wants to go premium",
            "how do I bump a customer up to a bigger plan?",
            "customer needs more seats and wants the higher tier",
        ),
        zh_heldout2=("客户想从普通会员升到高级会员", "怎么给用户升级到更高的套餐", "用户嫌功能不够，想换贵一点的版本"),
    ),
    Task(
        "payment_failure",
        ("lookup_payment", "check_card_status", "retry_charge", "notify_user"),
        "payment",
        "Resolve failed payment {id}",
        "处理支付失败的交易{id}",
        risky=1,
        en_dev=("a charge was declined, how do I fix it?", "customer's card payment didn't go through"),
        zh_dev=("扣款失败了怎么办？", "客户付款一直不成功"),
        en_heldout=(
            "what do I do when a transaction bounces?",
            "the payment got rejected by the bank, how to sort it out",
        ),
        zh_heldout=("信用卡被拒了怎么处理？", "支付没成功，要重新扣一次款吗？"),
        en_heldout2=(
            "the customer's payment failed at checkout, what now?",
            "card got declined, how do we try charging again",
            "money didn't go through for their order",
        ),
        zh_heldout2=("客户付不了款，提示支付失败", "银行卡扣款被拒，怎么重新收费", "付款一直失败该怎么处理"),
    ),
    Task(
        "coupon_apply",
        ("validate_coupon", "check_eligibility", "apply_discount", "recalculate_total"),
        "cart",
        "Apply a coupon to cart {id}",
        "给购物车{id}使用优惠券",
        risky=1,
        en_dev=("how do I use a promo code on an order?", "customer has a discount voucher for their basket"),
        zh_dev=("优惠码怎么用？", "客户有张折扣券想在结账时用"),
        en_heldout=("the shopper wants to redeem a coupon at checkout", "how to take money off with a discount code"),
        zh_heldout=("购物车里怎么抵扣优惠券？", "客户问满减券怎么用"),
        en_heldout2=(
            "how do I apply a discount code to a cart?",
            "customer's voucher isn't being taken off the total",
            "shopper wants to use a promo coupon",
        ),
        zh_heldout2=("优惠券怎么在购物车里用", "客户的折扣码用不上，怎么处理", "顾客想用代金券抵钱"),
    ),
    Task(
        "appointment_booking",
        ("check_availability", "reserve_slot", "send_confirmation", "add_calendar_event"),
        "patient",
        "Book an appointment for patient {id}",
        "为病人{id}预约门诊",
        risky=1,
        en_dev=("how to schedule a visit for someone", "a patient wants to see the doctor next week"),
        zh_dev=("怎么帮病人挂号预约？", "患者想约个医生看病"),
        en_heldout=("book a doctor's appointment for a patient", "someone needs a consultation slot at the clinic"),
        zh_heldout=("帮患者约一个门诊时间", "病人想下周来看病，怎么预约？"),
        en_heldout2=(
            "patient wants to book a checkup",
            "how do I make a new appointment at the clinic",
            "someone called to set up a visit with a doctor",
        ),
        zh_heldout2=("病人想预约看医生", "怎么给患者挂个号", "有人打电话来要约门诊时间"),
    ),
    Task(
        "appointment_reschedule",
        ("lookup_booking", "release_slot", "reserve_slot", "send_confirmation"),
        "booking",
        "Move booking {id} to another day",
        "把预约{id}改到其他日期",
        risky=1,
        en_dev=("the patient needs a different date, what steps?", "can't make it on Tuesday, move my appointment"),
        zh_dev=("预约时间要改期怎么办？", "病人那天有事来不了，想换个时间"),
        en_heldout=("how do I reschedule an existing booking?", "patient wants to push their visit to next month"),
        zh_heldout=("已经约好的门诊要改到下周", "患者想把预约往后推几天"),
        en_heldout2=(
            "patient can't come on the booked day and wants another date",
            "how do I move an existing appointment",
            "change the time of someone's booking",
        ),
        zh_heldout2=("病人想改预约时间", "已经预约的看诊日期要往后挪", "患者那天来不了，想换一天"),
    ),
    Task(
        "bug_report_triage",
        ("reproduce_bug", "assign_severity", "route_to_team", "reply_reporter"),
        "ticket",
        "Triage bug report {id}",
        "分拣缺陷报告{id}",
        risky=0,
        en_dev=("what's the process for handling a new bug ticket?", "a user reported a crash, who looks at it?"),
        zh_dev=("收到新的bug工单一般怎么分派？", "用户反馈软件闪退，要怎么处理？"),
        en_heldout=(
            "how do we prioritize an incoming defect report?",
            "someone found an error in the app, what happens next?",
        ),
        zh_heldout=("新提的缺陷单怎么定优先级？", "程序出问题的反馈该分给哪个组？"),
        en_heldout2=(
            "user says the app keeps crashing, how do we triage that?",
            "new bug came in, who decides how severe it is?",
            "how do I handle a defect a customer reported",
        ),
        zh_heldout2=("用户报了个bug，怎么分派", "软件老是崩溃，这种反馈怎么处理", "新的问题单怎么评估严重程度"),
    ),
    Task(
        "refund_dispute",
        ("collect_evidence", "review_transaction", "submit_dispute_response", "update_case"),
        "case",
        "Respond to chargeback case {id}",
        "回应拒付争议{id}",
        risky=1,
        en_dev=("how do we answer a bank chargeback?", "a customer disputed the charge with their card issuer"),
        zh_dev=("银行拒付争议要怎么应对？", "客户找信用卡公司说这笔钱不认"),
        en_heldout=(
            "what to do when a buyer files a payment dispute",
            "the bank reversed a payment and we want to contest it",
        ),
        zh_heldout=("持卡人申请退单了，我们怎么申诉？", "遇到拒付要提交什么材料？"),
        en_heldout2=(
            "customer filed a chargeback with their bank, how do we respond?",
            "we got a payment dispute notice, what do we send?",
            "cardholder is disputing a charge, how to fight it",
        ),
        zh_heldout2=(
            "客户向银行发起了拒付，怎么处理",
            "收到争议退单通知，要怎么回应",
            "持卡人说这笔交易不是他做的，我们怎么申诉",
        ),
    ),
    Task(
        "employee_onboarding",
        ("create_account", "assign_laptop", "grant_access", "schedule_orientation"),
        "employee",
        "Onboard new employee {id}",
        "为新员工{id}办理入职",
        risky=2,
        en_dev=("steps to get a new hire set up", "someone starts on Monday, what do I prepare?"),
        zh_dev=("新同事入职要做哪些步骤？", "下周有新人来上班，要准备什么？"),
        en_heldout=("how do I onboard a new team member?", "we just hired an engineer, how do we get them started?"),
        zh_heldout=("新员工报到流程", "刚招进来的人怎么开通账号和电脑？"),
        en_heldout2=(
            "new hire starts tomorrow, what do we set up?",
            "how to onboard someone who just joined",
            "getting a new colleague their laptop and accounts",
        ),
        zh_heldout2=("新员工入职要办什么", "新人明天来上班，要提前准备什么", "怎么给新来的同事开权限和配电脑"),
    ),
    Task(
        "employee_offboarding",
        ("revoke_access", "collect_laptop", "final_payroll", "archive_account"),
        "employee",
        "Offboard employee {id}",
        "为员工{id}办理离职",
        risky=0,
        en_dev=("someone is leaving the company, what do I do?", "an employee resigned, how do we wrap things up?"),
        zh_dev=("员工离职流程是什么？", "同事辞职了要办哪些手续？"),
        en_heldout=("a staff member's last day is Friday, what's the checklist?", "how to process a departing worker"),
        zh_heldout=("有人要走了，电脑和权限怎么收回？", "员工被辞退后需要做什么？"),
        en_heldout2=(
            "employee is quitting, what's the offboarding process?",
            "someone leaves next week, how do we take back their access",
            "how do I handle a staff member's departure",
        ),
        zh_heldout2=("员工要离职了，要做哪些事", "同事下周走，账号权限要怎么收回", "员工离职手续怎么办"),
    ),
    Task(
        "expense_approval",
        ("check_receipt", "verify_budget", "approve_expense", "schedule_reimbursement"),
        "expense",
        "Approve expense report {id}",
        "审批报销单{id}",
        risky=1,
        en_dev=(
            "how to sign off a reimbursement request",
            "my colleague submitted travel costs, how do I approve them?",
        ),
        zh_dev=("报销单怎么审批？", "员工出差的费用要报销"),
        en_heldout=("someone wants to be paid back for business expenses", "approving a staff member's expense claim"),
        zh_heldout=("同事交了差旅发票，怎么批？", "费用报销申请怎么通过？"),
        en_heldout2=(
            "how do I approve a travel expense claim?",
            "employee wants reimbursement for a client dinner",
            "someone submitted receipts, how to sign off",
        ),
        zh_heldout2=("怎么审批员工的报销", "同事提交了出差费用，要我批", "报销单要怎么核对并通过"),
    ),
    Task(
        "warranty_repair",
        ("verify_warranty", "create_rma", "ship_label", "track_repair"),
        "device",
        "Arrange a warranty repair for device {id}",
        "为设备{id}安排保修维修",
        risky=0,
        en_dev=(
            "the device broke under warranty, how to get it fixed?",
            "laptop stopped working and it's still covered",
        ),
        zh_dev=("保修期内坏了怎么送修？", "手机还在保修期，屏幕出问题了"),
        en_heldout=(
            "how do I send a faulty gadget back for repair?",
            "customer's printer died within the guarantee period",
        ),
        zh_heldout=("设备故障怎么走保修？", "电脑买了半年就坏了，能免费修吗？"),
        en_heldout2=(
            "device broke while still under warranty, how do we repair it?",
            "customer's headphones stopped working after two months",
            "how to set up a warranty fix for a product",
        ),
        zh_heldout2=("产品在保修期内坏了，怎么修", "客户的耳机用了两个月就不响了", "怎么给设备安排保修"),
    ),
    Task(
        "data_export",
        ("verify_identity", "collect_user_data", "package_archive", "send_download_link"),
        "user",
        "Export all data of user {id}",
        "导出用户{id}的全部数据",
        risky=2,
        en_dev=("a customer asked for a copy of their data", "user wants to download everything we have on them"),
        zh_dev=("用户要导出个人数据怎么做？", "客户想把自己的资料全部下载下来"),
        en_heldout=("how do I handle a GDPR data access request?", "someone wants an archive of all their information"),
        zh_heldout=("用户申请获取我们存的他的所有信息", "怎么把一个用户的数据打包给他？"),
        en_heldout2=(
            "user wants to download all their personal data",
            "how do I give a customer a copy of everything we store about them",
            "someone asked for an export of their account data",
        ),
        zh_heldout2=("用户要求导出他的所有数据", "客户想要一份我们保存的他的资料", "怎么把用户的个人信息打包导出"),
    ),
    Task(
        "price_match",
        ("verify_competitor_price", "check_price_policy", "adjust_price", "notify_user"),
        "order",
        "Price-match order {id}",
        "为订单{id}做价格匹配",
        risky=1,
        en_dev=(
            "customer found it cheaper elsewhere, what do I do?",
            "another shop sells this for less, can we match?",
        ),
        zh_dev=("客户说别家更便宜要求保价怎么办？", "顾客在别的网站看到更低的价格"),
        en_heldout=(
            "how do we handle a request to beat a competitor's price?",
            "the buyer says a rival store has a lower price",
        ),
        zh_heldout=("竞争对手卖得便宜，客户要我们降价", "价格比别家贵，客户要求补差价怎么办？"),
        en_heldout2=(
            "customer saw it cheaper on another site, can we match it?",
            "how do we do a price match",
            "competitor is selling the same thing for less and the buyer wants that price",
        ),
        zh_heldout2=(
            "客户说别的店更便宜，能不能价格匹配",
            "怎么给客户做比价调价",
            "同样的东西别家卖得更低，客户要我们也降",
        ),
    ),
    Task(
        "gift_card_activation",
        ("validate_card", "load_balance", "activate_card", "send_receipt"),
        "card",
        "Activate gift card {id}",
        "激活礼品卡{id}",
        risky=2,
        en_dev=("how to turn on a newly bought gift card", "customer's gift voucher doesn't work yet"),
        zh_dev=("礼品卡怎么激活？", "刚买的购物卡用不了，要先开通吗？"),
        en_heldout=(
            "how do I activate a present card someone purchased?",
            "the store card needs to be enabled before use",
        ),
        zh_heldout=("新买的礼品卡怎么开卡？", "送人的储值卡要怎么激活？"),
        en_heldout2=(
            "how do I activate a gift card?",
            "customer bought a gift card but it shows zero balance",
            "gift card won't work until it's turned on, what do I do",
        ),
        zh_heldout2=("礼品卡要怎么开通", "客户的礼品卡刷不了，显示未激活", "怎么激活刚售出的礼品卡"),
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


def build(size: int, seed: int, embedder: str, url: str = "memory://") -> Memory:
    """A store holding ``size`` successful traces per task type (plus ~1 failure per 3)."""
    rng = random.Random(seed * 1000 + size)
    memory = Memory.open(url, embedder=embedder)
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


SPLITS = ("dev", "heldout", "heldout2")
TUNED_SPLITS = ("dev", "heldout")
"""The splits ``find`` may be tuned on (``--dev`` prints their misses); ``heldout2`` is only measured."""
BEFORE_HASH = {"dev": {"en": 0.43, "zh": 0.11}, "heldout": {"en": 0.50, "zh": 0.16}}
"""hash hit@1 at commit 04156d0 (cosines only, word overlap not scored): a record."""
BEFORE_COMMIT = "a1cb5b6"
BEFORE_E5 = {"dev": {"en": 0.70, "zh": 0.68}, "heldout": {"en": 0.70, "zh": 0.59}}
"""e5 hit@1 measured by this benchmark on ``find`` as it was at ``BEFORE_COMMIT`` (a record, not
recomputed: that code is gone)."""
TERM_TABLE_BEFORE_COMMIT = "c1edb74"
TERM_TABLE_BEFORE = {
    "e5": {"dev": {"en": 0.82, "zh": 0.84}, "heldout": {"en": 0.80, "zh": 0.80}, "heldout2": {"en": 0.86, "zh": 0.76}},
    "hash": {
        "dev": {"en": 0.52, "zh": 0.36},
        "heldout": {"en": 0.57, "zh": 0.55},
        "heldout2": {"en": 0.64, "zh": 0.44},
    },
    "e5, 200 workflows": {
        "dev": {"en": 0.75, "zh": 0.84},
        "heldout": {"en": 0.70, "zh": 0.80},
        "heldout2": {"en": 0.79, "zh": 0.73},
    },
}
"""hit@1 of ``find`` at ``TERM_TABLE_BEFORE_COMMIT`` (before the term table: glossary views and
query expansion), measured by this benchmark once the held-out set 2 was written and before
``find`` changed: a record, not recomputed."""
LANGS = ("en", "zh")
DISTRACTOR_VERBS = (
    "audit",
    "archive",
    "renew",
    "migrate",
    "review",
    "schedule",
    "sync",
    "transfer",
    "restore",
    "merge",
    "publish",
    "rotate",
)
DISTRACTOR_NOUNS = (
    "contract",
    "vendor",
    "warehouse",
    "license",
    "report",
    "inventory",
    "budget",
    "server",
    "backup",
    "policy",
    "survey",
    "shift",
    "ledger",
    "catalog",
    "badge",
)


def retrieval(memory: Memory) -> dict[str, dict[str, float]]:
    """hit@1 per split and language: the top ``find`` result is the query's task type."""
    scores: dict[str, dict[str, float]] = {}
    for split in SPLITS:
        scores[split] = {}
        for lang in LANGS:
            hits = total = 0
            for task in TASKS:
                for query in task.queries(split, lang):
                    best = memory.workflows.find(query, limit=1)
                    hits += int(bool(best) and best[0].workflow.task_type == task.type)
                    total += 1
            scores[split][lang] = hits / total
    return scores


def add_distractors(memory: Memory, count: int, seed: int) -> None:
    """``count`` more workflows (generated "verb noun" tasks, 3 traces each) so ``find`` is
    timed over a realistic number of workflows, not just the benchmark's task types."""
    rng = random.Random(seed)
    pairs = [(v, n) for v in DISTRACTOR_VERBS for n in DISTRACTOR_NOUNS][:count]
    for verb, noun in pairs:
        for _ in range(3):
            ident = instance_id(rng, noun)
            steps = [
                {"action": f"lookup_{noun}", "params": {f"{noun}_id": ident}},
                {"action": f"{verb}_{noun}", "params": {f"{noun}_id": ident}},
                {"action": "notify_owner", "params": {}},
            ]
            memory.workflows.record(
                f"{verb.capitalize()} {noun} {ident}", steps, task_type=f"{verb}_{noun}", learn=False
            )
    memory.workflows.induce()


def dev_report(memory: Memory) -> None:
    """Tuning aid: hit@1 per tuning split and language, and each miss (``heldout2`` stays unseen)."""
    for split in TUNED_SPLITS:
        for lang in LANGS:
            hits = total = 0
            for task in TASKS:
                for query in task.queries(split, lang):
                    found = memory.workflows.find(query, limit=2)
                    total += 1
                    if found and found[0].workflow.task_type == task.type:
                        hits += 1
                        continue
                    got = ", ".join(f"{m.workflow.task_type} {m.score:.3f}" for m in found)
                    print(f"MISS {split} {lang} {task.type}: {query!r} -> {got}")
            print(f"{split} {lang} hit@1 {hits / total:.3f}")


@dataclass
class Latency:
    workflows: int
    cold_wall: float
    """The first ``find`` of the process, seconds."""
    cold_cpu: float
    cold_embedded: int
    """Texts the first ``find`` embedded (1: only the query)."""
    p50: float
    p95: float
    cpu_mean: float
    """Mean CPU seconds per warm ``find``."""


BEFORE_LATENCY = (
    Latency(22, 10.5, 3.3, -1, 0.0655, 0.0919, 0.0238),
    Latency(200, 82.5, 21.8, -1, 0.1825, 0.2866, 0.0306),
)
TERM_TABLE_BEFORE_LATENCY = (
    Latency(22, 0.20, 0.06, 7, 0.0938, 0.3202, 0.0208),
    Latency(200, 0.09, 0.09, 7, 0.0379, 0.0597, 0.0322),
)
"""``find`` at ``TERM_TABLE_BEFORE_COMMIT``, measured by this benchmark (load average 5.89 at
the end of that run): a record, not recomputed."""
"""``find`` at commit 04156d0 (vectors cached in process memory only, so the first call of a
process embedded every workflow's texts), measured by this benchmark at load average ~11.5:
a record, not recomputed (``cold_embedded`` -1: every text of every workflow, in both modes)."""


def latency(url: str) -> Latency:
    """``find`` timed in a new process on the store at ``url``, as after a restart or in a new
    worker (see ``time_find``)."""
    done = subprocess.run(
        [sys.executable, "-m", "bench.workflows", "--time-find", url],
        cwd=Path(__file__).resolve().parents[1],
        check=True,
        capture_output=True,
        text=True,
    )
    return Latency(**json.loads(done.stdout.splitlines()[-1]))


def time_find(url: str) -> Latency:
    """In this (new) process: load the model and the Chinese word segmenter (not timed: every
    recall needs them, workflows or not), then time the first ``find`` and then every dev query
    once (each embeds only the query)."""
    queries = [q for task in TASKS for lang in LANGS for q in task.queries("dev", lang)]
    with Memory.open(url, embedder="e5") as memory:
        embedder = memory.conversation.embedder
        embedder.embed_queries(["load the model before timing"])
        tokenize("加载分词词典")
        if isinstance(embedder, CachedEmbedder):
            embedder.clear()
        embedded: list[int] = []
        for mode in ("embed_queries", "embed_passages"):
            original = getattr(embedder, mode)

            def counted(texts: Sequence[str], original: Any = original) -> Any:
                embedded.append(len(texts))
                return original(texts)

            setattr(embedder, mode, counted)
        started, cpu_started = time.perf_counter(), time.process_time()
        memory.workflows.find("first query of the session", limit=1)
        cold, cold_cpu = time.perf_counter() - started, time.process_time() - cpu_started
        cold_embedded = sum(embedded)
        walls = []
        cpu_started = time.process_time()
        for query in queries:
            started = time.perf_counter()
            memory.workflows.find(query, limit=3)
            walls.append(time.perf_counter() - started)
        cpu = (time.process_time() - cpu_started) / len(queries)
        walls.sort()
        return Latency(
            workflows=len(memory.workflows.current()),
            cold_wall=cold,
            cold_cpu=cold_cpu,
            cold_embedded=cold_embedded,
            p50=walls[len(walls) // 2],
            p95=walls[min(len(walls) - 1, int(0.95 * len(walls)))],
            cpu_mean=cpu,
        )


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
    parser.add_argument(
        "--dev",
        action="store_true",
        help="Print hit@1 (e5) and the misses of the tuning splits only; write nothing (for tuning).",
    )
    parser.add_argument("--dev-embedder", default="e5", help="The embedder --dev measures (e5 or hash).")
    parser.add_argument(
        "--scratch", type=Path, default=None, help="Where the SQLite store is built (default: a temp dir)."
    )
    parser.add_argument("--time-find", metavar="URL", help=argparse.SUPPRESS)  # the child process of `latency`
    args = parser.parse_args(argv)
    if args.time_find:
        print(json.dumps(asdict(time_find(args.time_find))))
        return
    if args.dev:
        with build(5, args.seed, args.dev_embedder) as memory:
            dev_report(memory)
        return
    with tempfile.TemporaryDirectory(prefix="bench-workflows-", dir=args.scratch) as scratch:
        run(args, f"sqlite:///{Path(scratch) / 'workflows.db'}")


def run(args: argparse.Namespace, url: str) -> None:
    started = time.perf_counter()
    cpu_started = time.process_time()
    results = []
    for size in SIZES:
        with build(size, args.seed, "hash") as memory:
            results.append(measure(memory, size))
    retrieval_scores = {}
    latencies: list[Latency] = []
    for embedder in ("e5", "hash"):
        with build(5, args.seed, embedder, url if embedder == "e5" else "memory://") as memory:
            retrieval_scores[embedder] = retrieval(memory)
            if embedder == "e5":
                latencies.append(latency(url))
                write_started = time.process_time()
                add_distractors(memory, 200 - len(TASKS), args.seed)
                write_cpu = time.process_time() - write_started
                latencies.append(latency(url))
                with_distractors = retrieval(memory)
    elapsed = time.perf_counter() - started
    cpu = time.process_time() - cpu_started
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    image = args.out.with_suffix(".svg")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    image.write_text(svg_plot(results), encoding="utf-8")
    per_split = {split: sum(len(t.queries(split, lang)) for t in TASKS for lang in LANGS) for split in SPLITS}
    lines = [
        "# Workflow memory benchmark",
        "",
        f"`OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 python -m bench.workflows --seed {args.seed}` — {len(TASKS)} task "
        f"types, generated in code (seeded); {elapsed:.0f} s wall, {cpu:.0f} s CPU, load average {load} at the end. "
        "Successful traces are noisy (inserted step p=0.35, dropped step p=0.2, adjacent swap "
        "p=0.2; ids vary per trace); failed traces (1 per 3 successful, at least 1) skip or fail the task type's "
        "risky step. Induction and retrieval go through `Memory.workflows` on a fresh store (`memory://`; SQLite "
        "in a temp dir for e5, so that `find` can be timed in a new process).",
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
        "Queries are paraphrases never used in a trace, written as a user would type them (colloquial, indirect, "
        f"with or without the domain noun), English and Chinese: a **dev** set ({per_split['dev']} queries, 2 per "
        f"language per task type) that `find` may be tuned on; a first **held-out** set ({per_split['heldout']} "
        "queries, 2 per language per task type), only measured while `find` was first tuned (on dev) and tuned on "
        f"since, together with dev; and a **heldout2** set ({per_split['heldout2']} queries, 3 per language per "
        "task type), written before the term table was added to `find` (without looking at what `find` got "
        "wrong), measured once then and once now, never tuned on. hit@1 = the top `find` result is the right "
        "task type.",
        "",
        "| embedder | split | hit@1 English | hit@1 Chinese | hit@1 both |",
        "|---|---|---:|---:|---:|",
    ]

    def before_now(then: dict[str, float], now: dict[str, float]) -> str:
        cells = [f"{then[lang]:.2f} → {now[lang]:.2f}" for lang in LANGS]
        both = f"{sum(then.values()) / len(LANGS):.2f} → {sum(now.values()) / len(LANGS):.2f}"
        return " | ".join([*cells, both])

    def row(label: str, split: str, scores: dict[str, float]) -> str:
        both = sum(scores.values()) / len(scores)
        return f"| {label} | {split} | {scores['en']:.2f} | {scores['zh']:.2f} | {both:.2f} |"

    for name, by_split in retrieval_scores.items():
        label = "e5 (default, headline)" if name == "e5" else "hash (no semantics; lexical only)"
        lines += [row(label, split, by_split[split]) for split in SPLITS]
    lines += [row(f"e5, {latencies[-1].workflows} workflows", split, with_distractors[split]) for split in SPLITS]
    e5 = retrieval_scores["e5"]
    dev, held, held2 = (sum(e5[s].values()) / len(LANGS) for s in SPLITS)
    now_by_setting = {"e5": e5, "hash": retrieval_scores["hash"], "e5, 200 workflows": with_distractors}
    lines += [
        "",
        f'The last rows add {latencies[-1].workflows - len(TASKS)} generated distractor workflows ("verb noun" '
        'tasks such as "Audit vendor VEN-1234") to the same store.',
        "",
        f"Before the term table (`find` at commit {TERM_TABLE_BEFORE_COMMIT}, same queries and store) → now:",
        "",
        "| embedder | split | English before → now | Chinese before → now | both before → now |",
        "|---|---|---:|---:|---:|",
    ]
    for setting, by_split in TERM_TABLE_BEFORE.items():
        for split, then in by_split.items():
            lines.append(f"| {setting} | {split} | " + before_now(then, now_by_setting[setting][split]) + " |")
    lines += [
        "",
        f"Before the first retrieval changes (`find` at commit {BEFORE_COMMIT}, same queries and store), e5 against "
        "now:",
        "",
        "",
        "| split | English before → now | Chinese before → now | both before → now |",
        "|---|---:|---:|---:|",
    ]
    for split, then in BEFORE_E5.items():
        lines.append(f"| {split} | " + before_now(then, e5[split]) + " |")
    lines += [
        "",
        f"Target: hit@1 ≥ 0.9 — measured {held2:.2f} on heldout2, the only split never tuned on "
        f"({'met' if held2 >= 0.9 else 'NOT met'}); {dev:.2f} dev and {held:.2f} held-out, both tuned on, with e5.",
        "",
        "What `find` was tuned on: the first changes (views, modes, `LEXICAL_SHARE`) on dev only, the held-out set "
        "measured before and after them; the term table (`data/support_terms.yaml`: everyday English and Chinese "
        "wordings of words that name tools and task types, read one way as two glossary views of a workflow, the "
        "other way to add to a question the words its wordings stand for; `GLOSS_WEIGHT`) on dev and the first "
        "held-out set together, while their misses were in view. The table is general business and support "
        "vocabulary (170 words, also those of the distractors and many in neither), but it was written knowing "
        "this benchmark's 22 task types, so heldout2 measures new paraphrases of known task types, not new task "
        "types; and every wording found in a heldout2 query and in no tuning query was taken out of it "
        "(`tests/test_bench_workflows_smoke.py` checks that none is left), which if anything understates "
        "heldout2. Each task type here has one English and one Chinese description wording (its traces differ "
        'only by id), so an indirect query ("laptop stopped working and it\'s still covered") has to be bridged '
        "by the embedding and the term table; word overlap did not help e5 on dev (see `find`).",
        "",
        "The hash embedder knows only words; `find` scores it mostly by IDF-weighted word overlap "
        "(`LEXICAL_SHARE`, calibrated on dev). Before (commit 04156d0, cosines only) → now: "
        + "; ".join(
            f"{split} {sum(BEFORE_HASH[split].values()) / len(LANGS):.2f} → "
            f"{sum(retrieval_scores['hash'][split].values()) / len(LANGS):.2f} "
            f"(Chinese {BEFORE_HASH[split]['zh']:.2f} → {retrieval_scores['hash'][split]['zh']:.2f})"
            for split in BEFORE_HASH
        )
        + ".",
        "",
        "## `find` latency (e5, SQLite, a new process per row)",
        "",
        "Each row runs in a new process on the store (as after a restart, or in another worker): the model and "
        "the Chinese word segmenter are loaded first (not timed; neither were they in the 'before' figures, "
        "taken with a fresh `Workflows` in the benchmark's own process), then the first `find` is timed, then "
        "each of the 88 dev queries once. "
        "A workflow's retrieval vectors are stored when the workflow is written, so `find` embeds only the "
        "query, plus, once per process, the six words of `MEANING_PROBE` (does the embedder know meaning?).",
        "",
        "| workflows | | first call, wall / CPU | texts embedded by the first call | p50 | p95 | CPU per call |",
        "|---:|---|---:|---:|---:|---:|---:|",
    ]
    for before, term_table_before, lat in zip(BEFORE_LATENCY, TERM_TABLE_BEFORE_LATENCY, latencies, strict=True):
        for label, x in (
            ("before (04156d0)", before),
            (f"before the term table ({TERM_TABLE_BEFORE_COMMIT})", term_table_before),
            ("now", lat),
        ):
            embedded = "all, both modes" if x.cold_embedded < 0 else str(x.cold_embedded)
            lines.append(
                f"| {lat.workflows} | {label} | {x.cold_wall:.2f} s / {x.cold_cpu:.2f} s | {embedded} "
                f"| {x.p50 * 1000:.1f} ms | {x.p95 * 1000:.1f} ms | {x.cpu_mean * 1000:.1f} ms |"
            )
    lines += [
        "",
        "Before, vectors were cached in process memory only: the first `find` of every process embedded every "
        "workflow's texts (at load average ~11.5). The cost moved to the writes, once per new text: recording "
        f"and inducing the {latencies[-1].workflows - len(TASKS)} distractor workflows (3 traces each) took "
        f"{write_cpu:.1f} s CPU now, vectors included. A store whose vectors are missing (written before this "
        "change, or a crash between a workflow's write and its vectors') pays the old first-call cost once: "
        "`find` stores what it embedded.",
        "",
        "The term table costs CPU: the question `find` embeds is a few words longer (e5 spends ~1 ms per token) "
        "and each workflow has four more vectors to score. CPU per call before the term table → now: "
        + "; ".join(
            f"{lat.workflows} workflows {then.cpu_mean * 1000:.1f} → {lat.cpu_mean * 1000:.1f} ms"
            for then, lat in zip(TERM_TABLE_BEFORE_LATENCY, latencies, strict=True)
        )
        + ". Wall times here depend on the machine's load (other jobs shared its 2 cores in both runs).",
    ]
    lines.append("")
    args.out.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
