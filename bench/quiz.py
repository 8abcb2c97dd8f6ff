"""Benchmark: how fast the quiz generator makes valid items, and how many boards it throws away.

A candidate board is kept only when at least two named misreadings of the rules
give a different answer from the rules (tutor/learn/generator.py). This times
making ``--items`` layer items (levels 1-4 in turn, after a short warm-up that
fills the Oracle parser's cache) on one core, and reports the share of candidate
boards rejected. The last line is exactly
``quiz: items_per_s=<x> rejected_pct=<y>`` (target: at least 50 items per second).

Run: ``.venv/bin/python bench/quiz.py [--items N]``
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")

import django  # noqa: E402

django.setup()

from tutor.learn.generator import Stats, generate_many  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=300)
    args = parser.parse_args()
    list(generate_many(20, seed=999))  # warm-up: card parsing, caches
    stats = Stats()
    start = time.perf_counter()
    made = sum(1 for _ in generate_many(args.items, seed=1, stats=stats))
    seconds = time.perf_counter() - start
    rate = made / seconds
    rejected = 100 * stats.rejected / stats.candidates
    print(f"items: {made} in {seconds:.2f} s from {stats.candidates} candidate boards")
    print(f"rejected because fewer than two misreadings differ: {stats.rejected}")
    print(f"quiz: items_per_s={rate:.1f} rejected_pct={rejected:.1f}")


if __name__ == "__main__":
    main()
