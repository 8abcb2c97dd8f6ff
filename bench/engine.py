"""Benchmark: the layer system with and without dependency detection (CR 613.8).

Builds boards of 25, 50, 100 and 200 continuous effects, many of which
depend on one another, and prints for each size the median time of a full
evaluation, its ratio to the same evaluation with dependency detection
switched off (measured in this run), and the growth exponent of the full
evaluation time across sizes. A full evaluation orders every layer by
dependency (CR 613.8) and builds the trace; the whole per-layer dependency
graph that the stepper draws is built on request, and its cost is printed
alongside (with_display_graphs_ms) but not part of the ratio. The last line is exactly
``engine: ratio50=<x> exponent=<y>``.

Run: ``.venv/bin/python bench/engine.py [--repeat N]``
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules_engine.board import parse_board  # noqa: E402
from rules_engine.layers import compute  # noqa: E402
from rules_engine.timeline import replay  # noqa: E402

# Effects come in families; within a family, later members depend on earlier ones.
FAMILIES: list[list[tuple[str, str]]] = [
    [
        ("Enchantment", "Each land is a Swamp in addition to its other types."),
        ("Enchantment", "All Swamps are 1/1 black creatures that are still lands."),
    ],
    [
        ("Enchantment", "Creatures you control are Wizards in addition to their other types."),
        ("Enchantment", "Wizards you control get +1/+1."),
    ],
    [
        ("Enchantment", "Creatures you control have flying."),
        ("Enchantment", "Creatures you control with flying get +1/+0."),
    ],
    [
        ("Enchantment", "Creatures you control get +1/+1."),
        ("Enchantment", "Creatures you control with power 4 or greater get +0/+1."),
    ],
    [
        ("Enchantment", "Nonbasic lands are Mountains."),
        ("Enchantment", "All creatures are black."),
    ],
]


CREATURES = 20
LANDS = 10


def board_with(effects: int) -> dict[str, Any]:
    """A fixed set of creatures and lands under a growing number of effects.

    Holding the affected permanents constant makes the exponent measure how
    the engine scales with the number of effects, which is what dependency
    detection multiplies.
    """
    steps: list[dict[str, Any]] = []
    for i in range(CREATURES):
        steps.append({"enter": "Grizzly Bears", "as": f"bear{i}", "controller": "Alice"})
    for i in range(LANDS):
        steps.append({"enter": "Forest", "as": f"land{i}", "controller": "Alice"})
    made = 0
    while made < effects:
        for family in FAMILIES:
            for types, text in family:
                if made >= effects:
                    break
                card = {"name": f"Effect {made}", "types": [types], "abilities": [text]}
                steps.append({"enter": card, "as": f"e{made}", "controller": "Alice"})
                made += 1
    return {"format": "mtg-board/1", "players": ["Alice", "Bob"], "steps": steps}


def median_time(game: Any, *, dependency: bool, repeat: int, graphs: bool = False) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        compute(game, dependency=dependency, graphs=graphs)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--sizes", type=int, nargs="*", default=[25, 50, 100, 200])
    args = parser.parse_args()
    full: dict[int, float] = {}
    ratios: dict[int, float] = {}
    for size in args.sizes:
        game = replay(parse_board(board_with(size)))
        compute(game)  # warm the parse caches so both measurements see the same state
        with_dep = median_time(game, dependency=True, repeat=args.repeat)
        without = median_time(game, dependency=False, repeat=args.repeat)
        with_graphs = median_time(game, dependency=True, graphs=True, repeat=args.repeat)
        full[size] = with_dep
        ratios[size] = with_dep / without
        print(
            f"effects={size:4d} full_ms={with_dep * 1000:9.1f} "
            f"no_dependency_ms={without * 1000:9.1f} ratio={ratios[size]:.2f} "
            f"with_display_graphs_ms={with_graphs * 1000:9.1f}"
        )
    xs = [math.log(s) for s in full]
    ys = [math.log(full[s]) for s in full]
    mean_x, mean_y = statistics.fmean(xs), statistics.fmean(ys)
    exponent = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / sum(
        (x - mean_x) ** 2 for x in xs
    )
    print(f"engine: ratio50={ratios.get(50, float('nan')):.2f} exponent={exponent:.2f}")


if __name__ == "__main__":
    main()
