"""Benchmark (not speed): whether a higher practice level serves harder items.

For each level 1-4, makes the items the practice page serves for seeds ``0..N-1``
(``practice.generated_item``, the page's own cache and generator) and measures, per item:

- the prior difficulty of its family (``family_ratings.prior``: harder the more named
  misreadings change its answer), the estimate before anyone answers;
- the interacting effects: for an event, the replacement and prevention effects that are
  a choice in its tree (CR 616.1); otherwise the effects whose layer steps apply to the
  object asked about (CR 613), or to anything if it asks about no one object;
- the layers those steps apply in.

Prints each level's means and their ratios to level 1 (so "level 3 is harder than level
1" is a ratio above 1, measured in one run). Items a seed can't make are counted apart.

The last line is exactly ``practice_levels: seeds=<n> prior_ratio2=<a> prior_ratio3=<b>
prior_ratio4=<c> effects_ratio2=<d> effects_ratio3=<e> effects_ratio4=<f> monotone=<yes|no>``
(``monotone``: both means never fall from one level to the next).

Run: ``.venv/bin/python bench/practice_levels.py [--seeds N]``
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")

import django  # noqa: E402

django.setup()

from rules_engine.errors import BoardError  # noqa: E402
from tutor.learn import family_ratings, practice  # noqa: E402
from tutor.learn.items import Item, NoItem, evaluate_all, explored  # noqa: E402

LEVELS = (1, 2, 3, 4)


@dataclass(frozen=True, slots=True)
class Measured:
    prior: float
    effects: int
    layers: int


def measure(item: Item) -> Measured:
    """An item's prior difficulty, interacting effects and layers (see the docstring)."""
    board = item.board
    prior = family_ratings.prior(item)
    if "event" in (board.get("ask") or {}):
        found = explored(board)
        chosen = set(found.effects)
        chosen |= {e for outcome in found.outcomes for path in outcome.paths for e in path}
        return Measured(prior, len(chosen), 0)
    trace = evaluate_all(board).right.trace
    steps = [s for s in trace if not item.object or item.object in s.applies_to]
    return Measured(prior, len({s.effect for s in steps}), len({s.layer for s in steps}))


def ratio(value: float, base: float) -> float:
    return value / base if base else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=100)
    args = parser.parse_args()
    means: dict[int, tuple[float, float, float]] = {}
    for level in LEVELS:
        measured: list[Measured] = []
        missing = 0
        for seed in range(args.seeds):
            try:
                measured.append(measure(practice.generated_item(seed, level).item))
            except (NoItem, BoardError):
                missing += 1
        prior = statistics.fmean(m.prior for m in measured) if measured else float("nan")
        effects = statistics.fmean(m.effects for m in measured) if measured else float("nan")
        layers = statistics.fmean(m.layers for m in measured) if measured else float("nan")
        means[level] = (prior, effects, layers)
        base = means[LEVELS[0]]
        print(
            f"level {level}: items={len(measured)} missing={missing} "
            f"prior={prior:.0f} effects={effects:.2f} layers={layers:.2f} "
            f"prior_ratio={ratio(prior, base[0]):.3f} "
            f"effects_ratio={ratio(effects, base[1]):.3f} "
            f"layers_ratio={ratio(layers, base[2]):.3f}"
        )
    base = means[LEVELS[0]]
    monotone = all(
        means[b][i] >= means[a][i] for a, b in zip(LEVELS, LEVELS[1:], strict=False) for i in (0, 1)
    )
    fields = " ".join(
        f"{name}_ratio{level}={ratio(means[level][i], base[i]):.3f}"
        for name, i in (("prior", 0), ("effects", 1))
        for level in LEVELS[1:]
    )
    print(f"practice_levels: seeds={args.seeds} {fields} monotone={'yes' if monotone else 'no'}")


if __name__ == "__main__":
    main()
