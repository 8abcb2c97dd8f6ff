"""Benchmark: how fast the practice generator makes items, and how good their options are.

Makes ``--items`` practice questions the way the practice page does
(``generator.generate_mixed``: layer 7 traps and mixed layer boards at levels 1-4,
replacement boards, boards about one mistake), after a short warm-up that fills the
Oracle parser's cache, on one core. Reports:

- ``items_per_s``: items made per second (target: at least 50);
- ``avg_options``: options per item, key included (target: at least 3.6);
- ``misreadings_used``: named misreadings offered as a distractor at least 10 times, out of
  all of them (target: every one);
- ``dup_options``: items with two identical options (target: 0);
- ``printed_card_options_pct``: share of items offering "reading the card as printed"
  (target: at most 15).

The last line is exactly ``quiz: items_per_s=<a> avg_options=<b>
misreadings_used=<c>/<d> dup_options=<e> printed_card_options_pct=<f>``.

Run: ``.venv/bin/python bench/quiz.py [--items N]``
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")

import django  # noqa: E402

django.setup()

from rules_engine.misreadings import MISCONCEPTIONS  # noqa: E402
from tutor.learn.generator import LEVELS, generate_mixed  # noqa: E402

USED_AT_LEAST = 10


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=1000)
    args = parser.parse_args()
    for seed in range(20):  # warm-up: card parsing, caches
        generate_mixed(900_000 + seed, 1 + seed % len(LEVELS))
    start = time.perf_counter()
    items = [
        generate_mixed(seed, 1 + (seed // 20) % len(LEVELS)).item for seed in range(args.items)
    ]
    seconds = time.perf_counter() - start
    options = sum(len(item.choices) for item in items)
    used = Counter(c.misconception for item in items for c in item.distractors)
    dups = sum(1 for item in items if len({c.text for c in item.choices}) < len(item.choices))
    printed = sum(
        1 for item in items if any(c.misconception == "printed-values" for c in item.choices)
    )
    often = sum(1 for m in MISCONCEPTIONS if used[m.slug] >= USED_AT_LEAST)
    print(f"items: {len(items)} in {seconds:.2f} s")
    for m in MISCONCEPTIONS:
        print(f"  {m.slug}: offered {used[m.slug]} times")
    print(
        f"quiz: items_per_s={len(items) / seconds:.1f} "
        f"avg_options={options / len(items):.2f} "
        f"misreadings_used={often}/{len(MISCONCEPTIONS)} dup_options={dups} "
        f"printed_card_options_pct={100 * printed / len(items):.1f}"
    )


if __name__ == "__main__":
    main()
