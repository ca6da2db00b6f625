"""Round 15, English: the classes of phrasing added after the fourteenth held-out set.

Every sentence here is written for this file (none is taken from a bench set); each class has
look-alikes that must stay silent.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fact_tables import FactTable
from palimpsest.write.casual import tidy_en

AT = datetime(2026, 9, 16, 10, 0, tzinfo=UTC)  # a Wednesday
ME = "u15"

TABLE = FactTable(ME, AT)
extract, state, ended, one_off = TABLE.extract, TABLE.state, TABLE.ended, TABLE.one_off


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
