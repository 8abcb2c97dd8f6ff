"""Benchmark: how fast the practice generator makes items, and how good and varied they are.

Makes ``--items`` practice questions the way the practice page does
(``generator.generate_mixed``: recipes filled from the card library at levels 1-4, and
boards about dependency), after a short warm-up, on one core. Then the 400 pages
``/learn/practice/<level>/<seed>/`` for levels 1-4 and seeds 0-99. Reports:

- ``items_per_s``: items made per second (target: at least 50);
- ``avg_options``: options per item, key included (target: at least 3.6);
- ``misreadings_used``: the engine's named misreadings offered as a distractor at least 10
  times, out of all of them;
- ``dup_options``: items with two identical options (target: 0);
- ``printed_card_options_pct``: share of items offering "reading the card as printed"
  (target: at most 15);

and over the 400 pages:

- ``distinct_per_400``: distinct questions (target: at least 390);
- ``cards``: distinct real cards on their boards (target: at least 300);
- ``concepts``: concepts credited, out of the twenty lessons' (target: all);
- ``forms``: distinct question forms (kinds) (target: at least 6);
- ``shapes``: distinct question texts once card names are blanked (target: at least 15);
- ``options``: mean options per item (target: at least 3.6).

Before the last line, per level: the mean load (effects, layers, concepts and form the
learner juggles, ``levels``) and the mean number of the engine's misreadings that change
the answer (the difficulty estimated before anyone answers), then both on one line
(``by level: difficulty=a/b/c/d load=e/f/g/h``: each should rise from level to level).

The last line is exactly ``quiz: items_per_s=<a> avg_options=<b>
misreadings_used=<c>/<d> dup_options=<e> printed_card_options_pct=<f>
distinct_per_400=<g> cards=<h> concepts=<i>/<j> forms=<k> shapes=<l> options=<m>``.

Run: ``.venv/bin/python bench/quiz.py [--items N] [--seeds S]``
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")

import django  # noqa: E402

django.setup()

from rules_engine.cards import library_record  # noqa: E402
from rules_engine.misreadings import MISCONCEPTIONS  # noqa: E402
from tutor.learn.concepts import CONCEPTS  # noqa: E402
from tutor.learn.generator import LEVELS, Generated, generate_mixed  # noqa: E402
from tutor.learn.levels import LEVEL_COUNT, misreadings_changing  # noqa: E402

USED_AT_LEAST = 10


def card_names(board: dict[str, Any]) -> set[str]:
    """The real cards a board names (steps, an entering event, zones)."""
    found: set[str] = set()

    def visit(value: Any) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key in ("enter", "cast") and isinstance(inner, str) and library_record(inner):
                    found.add(inner)
                else:
                    visit(inner)
        elif isinstance(value, list):
            for inner in value:
                if isinstance(inner, str) and library_record(inner):
                    found.add(inner)
                else:
                    visit(inner)

    visit(board.get("steps", []))
    visit(board.get("ask", {}))
    return found


def shape(prompt: str, names: set[str]) -> str:
    """The question with its card names (and the amounts in it) blanked."""
    for name in sorted(names, key=len, reverse=True):
        prompt = prompt.replace(name, "…")
    return re.sub(r"\d+", "N", prompt)


def pages(seeds: int) -> list[tuple[int, Generated]]:
    made = []
    for level in range(1, LEVEL_COUNT + 1):
        for seed in range(seeds):
            made.append((level, generate_mixed(seed, level)))
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=1000)
    parser.add_argument("--seeds", type=int, default=100)
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

    made = pages(args.seeds)
    distinct = len({g.item.id for _, g in made})
    cards: set[str] = set()
    shapes: set[str] = set()
    for _, g in made:
        names = card_names(g.item.board)
        cards |= names
        shapes.add(shape(g.item.prompt, names))
    concepts = {c for _, g in made for c in g.concepts} & {c.slug for c in CONCEPTS}
    forms = {g.item.kind for _, g in made}
    page_options = sum(len(g.item.choices) for _, g in made) / len(made)
    load: dict[int, list[int]] = defaultdict(list)
    changing: dict[int, list[int]] = defaultdict(list)
    for level, g in made:
        changing[level].append(misreadings_changing(g.item))
    from tutor.learn.levels import families

    by_name = {f.name: f for f in families()}
    for level, g in made:
        family = by_name.get(g.item.family)
        if family is not None:
            load[level].append(family.load)
    means = []
    for level in range(1, LEVEL_COUNT + 1):
        mean_load = sum(load[level]) / max(1, len(load[level]))
        mean_changing = sum(changing[level]) / max(1, len(changing[level]))
        means.append((mean_load, mean_changing))
        print(f"  level {level}: load={mean_load:.2f} misreadings_changing={mean_changing:.2f}")
    print(
        "  by level: difficulty="
        + "/".join(f"{c:.2f}" for _, c in means)
        + " load="
        + "/".join(f"{m:.2f}" for m, _ in means)
    )
    seen: Counter[str] = Counter(g.item.id for _, g in made)
    repeated = Counter(g.item.family for _, g in made if seen[g.item.id] > 1)
    print(f"  repeated questions by family: {dict(repeated.most_common())}")
    missing = sorted({c.slug for c in CONCEPTS} - concepts)
    print(f"  concepts never credited: {', '.join(missing) or 'none'}")
    print(
        f"quiz: items_per_s={len(items) / seconds:.1f} "
        f"avg_options={options / len(items):.2f} "
        f"misreadings_used={often}/{len(MISCONCEPTIONS)} dup_options={dups} "
        f"printed_card_options_pct={100 * printed / len(items):.1f} "
        f"distinct_per_400={distinct * 400 // max(1, len(made))} cards={len(cards)} "
        f"concepts={len(concepts)}/{len(CONCEPTS)} forms={len(forms)} shapes={len(shapes)} "
        f"options={page_options:.2f}"
    )


if __name__ == "__main__":
    main()
