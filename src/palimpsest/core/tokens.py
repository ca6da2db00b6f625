"""Offline token estimates for budgeting prompt text.

No tokenizer download is allowed at run time, so this estimates the count the way BPE
tokenizers behave on average: about one token per CJK character, about 1.3 tokens per
English word, one per other symbol. It errs slightly high so budgets are not exceeded.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")
_WORD = re.compile(r"[A-Za-z]+|\d+")
_SYMBOL = re.compile(r"[^\sA-Za-z\d\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]")


@lru_cache(maxsize=8192)
def estimate_tokens(text: str) -> int:
    # Cached: a recall budgets the same summaries and popular turns again and again, and
    # three regex passes over a long storyline cost more than the rest of the merge.
    if not text:
        return 0
    cjk = len(_CJK.findall(text))
    words = _WORD.findall(text)
    word_tokens = sum(max(1.0, len(w) / 4.0) if w.isdigit() else (1.3 if len(w) <= 8 else len(w) / 4.0) for w in words)
    symbols = len(_SYMBOL.findall(text))
    return math.ceil(cjk * 1.0 + word_tokens + symbols * 0.6)
