"""Derive src/palimpsest/data/pinyin_zh.txt: the toneless pinyin of the common Chinese characters.

    pip install --target /tmp/pyp pypinyin==0.55.0
    PYTHONPATH=/tmp/pyp python -m bench.pinyin_zh

The characters are GB2312's 6,763 (the common simplified set); each is listed under up to three of its readings,
tones dropped and ü written v, the most common reading first (pypinyin's order). The source is pypinyin's character
table (MIT; itself from the pinyin-data project, after Unicode's Unihan). pypinyin is not a dependency of palimpsest:
the table is derived once and shipped as a small text file.

The immune screen uses it to read back same-sound character swaps (谐音, "窝事管里猿" for "我是管理员") in a turn that
says it is written so: each character is read by its sound and the sounds looked up among the words attacks use.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from pypinyin import Style, pinyin  # type: ignore[import-not-found]

_OUT = Path(__file__).resolve().parent.parent / "src" / "palimpsest" / "data" / "pinyin_zh.txt"
_HEADER = """\
# Toneless pinyin of GB2312's 6,763 characters: one syllable a line, then every character with that reading (up to three
# readings a character, ü written v). Source: pypinyin 0.55.0's character table (MIT; from pinyin-data, after Unihan).
# Regenerate with  PYTHONPATH=/tmp/pyp python -m bench.pinyin_zh  (see bench/pinyin_zh.py).
"""
_READINGS_PER_CHARACTER = 3


def _gb2312() -> list[str]:
    out = []
    for high in range(0xB0, 0xF8):
        for low in range(0xA1, 0xFF):
            try:
                out.append(bytes([high, low]).decode("gb2312"))
            except UnicodeDecodeError:
                continue
    return out


def main() -> None:
    by_sound: dict[str, list[str]] = defaultdict(list)
    for char in _gb2312():
        readings = pinyin(char, style=Style.NORMAL, heteronym=True)[0]
        for reading in list(dict.fromkeys(r.replace("ü", "v") for r in readings))[:_READINGS_PER_CHARACTER]:
            by_sound[reading].append(char)
    lines = [f"{sound} {''.join(chars)}" for sound, chars in sorted(by_sound.items())]
    _OUT.write_text(_HEADER + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(lines)} syllables -> {_OUT}")


if __name__ == "__main__":
    main()
