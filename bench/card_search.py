"""Benchmark: the builder's card search over the whole card library.

Times ``rules_engine.cards.search_library`` (limit 15, as the builder's search
asks) on realistic queries: exact names, prefixes, words from the middle of a
name, typos, names without punctuation, and queries that match nothing (the
fuzzy path does the most work there). The library's first load and the search
index are built before timing and reported on their own. The last line is
exactly ``card_search: cards=<n> p50_ms=<x> p95_ms=<y>`` (target: p95 ≤ 10 ms).

Run: ``.venv/bin/python bench/card_search.py [--repeat N]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_engine.cards import load_card_library, search_library  # noqa: E402

QUERIES = (
    # exact names and prefixes
    "Gray Ogre",
    "gray",
    "blood moon",
    "Blood",
    "urborg",
    "opalescence",
    "humility",
    "doubling season",
    "hardened scales",
    "spark double",
    "mirror gallery",
    "dryad arbor",
    "llanowar",
    "lightning bolt",
    "serra",
    "jace",
    "liliana of the veil",
    "teferi",
    "sheoldred",
    "ragavan",
    "bonecrusher giant",
    "a",
    "s",
    # words inside a name, any order, punctuation left out
    "ogre",
    "bolt",
    "tomb urborg",
    "yawgmoth",
    "ajanis pridemate",
    "urzas",
    "lim dul",
    "insectile",
    "fire ice",
    "of the",
    # typos
    "opalesence",
    "blod moon",
    "mountian",
    "serra angle",
    "humilty",
    "dubling season",
    "hardend scales",
    "metalic mimic",
    "painters servent",
    "tarmogof",
    "vesuvan dopelganger",
    "archangle of thune",
    "sheoldred the apocalyps",
    "ragavan nimble pilfer",
    # nothing like it
    "qwertyuiop",
    "zzzz",
    "the quick brown fox",
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    start = time.perf_counter()
    cards = len(load_card_library())
    load_ms = (time.perf_counter() - start) * 1000
    start = time.perf_counter()
    search_library("warm-up")
    index_ms = (time.perf_counter() - start) * 1000
    print(f"library: cards={cards} first_load_ms={load_ms:.0f} index_ms={index_ms:.0f}")
    times: list[float] = []
    worst: dict[str, float] = {}
    for _ in range(args.repeat):
        for query in QUERIES:
            start = time.perf_counter()
            search_library(query, limit=15)
            ms = (time.perf_counter() - start) * 1000
            times.append(ms)
            worst[query] = max(ms, worst.get(query, 0.0))
    for query, ms in sorted(worst.items(), key=lambda kv: -kv[1])[:5]:
        print(f"slowest: {query!r} max_ms={ms:.2f} first={search_library(query, limit=3)}")
    p50 = statistics.median(times)
    p95 = statistics.quantiles(times, n=20)[-1]
    print(f"card_search: cards={cards} p50_ms={p50:.2f} p95_ms={p95:.2f}")


if __name__ == "__main__":
    main()
