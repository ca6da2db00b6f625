"""Round 22, English (part B): devices, preferences, channels, carriers, formats and order numbers.

Every sentence here is written for this file (none is taken from a bench set); each class has
look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import Fact, FactTable, facts_of

AT = datetime(2026, 11, 18, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u22b"

TABLE = FactTable(ME, AT)
extract, state = TABLE.extract, TABLE.state


ORDERS: list[tuple[str, set[Fact]]] = [
    # a refund, payment or invoice for a short code: four digits will do
    ("still waiting on the refund for TR-5521, it's been weeks", {state("order_id", "TR-5521")}),
    ("has the payment on HB-7730 gone through yet?", {state("order_id", "HB-7730")}),
    ("where's my invoice for MX-1184?", {state("order_id", "MX-1184")}),
    ("is there a refund for XPS-9310 owners?", set()),
    ("does the refund policy cover the XPS-9310?", set()),
    # capitals and five digits, unbroken, as the subject of a shipping verb
    ("JK40215 still hasn't arrived, can you check", {state("order_id", "JK40215")}),
    ("BT55102 arrived smashed, I want a refund", {state("order_id", "BT55102")}),
    ("the RTX4090 arrived today", set()),
    # an order named by the placing of it, a complaint after it notwithstanding
    (
        "we ordered KX-55120 on Friday and it came broken, I'm raising a ticket",
        {state("order_id", "KX-55120")},
    ),
    ("I placed #QA-70412 last week and nothing came, I'd like to complain", {state("order_id", "QA-70412")}),
    ("I never placed AB-55120", set()),
    # codes the speaker calls their orders
    (
        "KX-1187 and KX-1192 are my orders",
        {state("order_id", "KX-1187"), state("order_id", "KX-1192")},
    ),
    ("QX-4410 is my order, not my husband's", {state("order_id", "QX-4410")}),
    ("is RTX-4090 my order?", set()),
    # an errand on a code whose prefix is a letter and digits
    ("please track B7-550912", {state("order_id", "B7-550912")}),
    ("could you cancel C12-448810 before it leaves the warehouse?", {state("order_id", "C12-448810")}),
    # a question put as "whether" or "if" is about the user's own order
    ("can you see whether order PL-66102 left the depot?", {state("order_id", "PL-66102")}),
    ("could you check if order NN-33019 shipped?", {state("order_id", "NN-33019")}),
]


@pytest.mark.parametrize(("text", "expected"), ORDERS, ids=[t for t, _ in ORDERS])
def test_round22_en2_orders(text: str, expected: set[Fact]) -> None:
    assert facts_of(extract(text)) == expected
