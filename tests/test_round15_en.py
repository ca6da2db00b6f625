"""Round 15, English: the classes of phrasing added after the fourteenth held-out set.

Every sentence here is written for this file (none is taken from a bench set); each class has
look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from fact_tables import FactTable
from palimpsest.write.casual import tidy_en
from palimpsest.write.timeexpr import find_times

AT = datetime(2026, 9, 16, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u15"

TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off


NEW_YEAR = datetime(2027, 1, 4, 12, 0, tzinfo=UTC)
TIMES: list[tuple[str, list[tuple[str, date]]]] = [
    # a holiday on a fixed date: the most recent one
    ("the charge went through twice on new year's eve", [("new year's eve", date(2026, 12, 31))]),
    ("christmas eve dinner was lovely", [("christmas eve", date(2026, 12, 24))]),
    ("it's been broken since Valentine's day", [("Valentine's day", date(2026, 2, 14))]),
    ("Happy new year!", []),
    ("the Christmas sale was a mess", []),
    ("halloween party pics", []),
    # a month named as the owner of its records
    ("need september's payslips", [("september", date(2026, 9, 1))]),
    ("next march's budget", []),
]


@pytest.mark.parametrize(("text", "expected"), TIMES, ids=[t for t, _ in TIMES])
def test_round15_en_times(text: str, expected: list[tuple[str, date]]) -> None:
    assert [(m.text, m.start.date()) for m in find_times(text, NEW_YEAR)] == expected


TIDY: list[tuple[str, str]] = [
    ("hiya, small update - moved to Leeds", "moved to Leeds"),
    ("quick update - I joined Arup", "I joined Arup"),
    ("update my address - now", "update my address - now"),
    ("mi mamá lives in Cusco", "my mamá lives in Cusco"),
    ("mi casa es su casa", "mi casa es su casa"),
]


@pytest.mark.parametrize(("text", "expected"), TIDY, ids=[t for t, _ in TIDY])
def test_round15_en_tidy(text: str, expected: str) -> None:
    assert tidy_en(text).text == expected
