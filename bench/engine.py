"""Benchmark: the layer system with and without dependency detection (CR 613.8).

Builds boards of 25, 50, 100 and 200 continuous effects, many of which
depend on one another, and prints for each size the median time of a full
evaluation, its ratio to the same evaluation with dependency detection
switched off (measured in this run), and the growth exponent of the full
evaluation time across sizes. A full evaluation orders every layer by
dependency (CR 613.8) and builds the trace; the whole per-layer dependency
graph that the stepper draws is built on request, and its cost is printed
alongside (with_display_graphs_ms) but not part of the ratio.

The engine performs every step through replacement effects (CR 614, 616), and
replay computes characteristics after every step, so two more measurements
follow: the median time to replay the 50-effect board (replay_ms), and boards
whose steps fire replacement effects. For each kind, a full
``evaluate_board`` of the board is timed against the same board without the
replacement permanents (the other steps are identical), in the same run:
``counters`` puts +1/+1 counters on creatures under Doubling Season and
Hardened Scales; ``dying`` makes creatures leave for the graveyard or take
lethal damage under Rest in Peace.

The last line is ``engine: ratio50=<x> exponent=<y> ratio200=<z>
replacement_ratio=<r>``, where ``replacement_ratio`` is the larger of the two
replacement ratios; the first two fields keep their place and meaning. A size
that was not run prints ``nan``.

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

from rules_engine.ask.characteristics import evaluate_board  # noqa: E402
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


HARDENED_SCALES = {
    "name": "Hardened Scales",
    "types": ["Enchantment"],
    "abilities": [
        "If one or more +1/+1 counters would be put on a creature you control, "
        "that many plus one +1/+1 counters are put on it instead."
    ],
}
REST_IN_PEACE = {
    "name": "Rest in Peace",
    "types": ["Enchantment"],
    "abilities": [
        "If a card or token would be put into a graveyard from anywhere, exile it instead."
    ],
}
# Permanents whose replacement effects the steps fire, per kind.
REPLACERS: dict[str, list[Any]] = {
    "counters": ["Doubling Season", HARDENED_SCALES],
    "dying": [REST_IN_PEACE],
}


def replacement_board(kind: str, creatures: int, *, replacers: bool) -> dict[str, Any]:
    """Creatures whose steps fire replacement effects, with or without the replacers.

    ``counters``: each creature gets a +1/+1 counter twice, each event modified by
    both Doubling Season and Hardened Scales. ``dying``: half the creatures leave for
    the graveyard, the other half take lethal damage and die to the state-based
    action (CR 704.5g); every one is exiled instead. Without the replacers the steps are the same.
    """
    steps: list[dict[str, Any]] = []
    if replacers:
        for i, card in enumerate(REPLACERS[kind]):
            steps.append({"enter": card, "as": f"r{i}", "controller": "Alice"})
    for i in range(creatures):
        steps.append({"enter": "Grizzly Bears", "as": f"bear{i}", "controller": "Alice"})
    for i in range(creatures):
        if kind == "counters":
            steps.append({"counters": "+1/+1", "on": f"bear{i}", "n": 1})
            steps.append({"counters": "+1/+1", "on": f"bear{i}", "n": 1})
        elif i % 2 == 0:
            steps.append({"leave": f"bear{i}", "to": "graveyard"})
        else:
            steps.append({"damage": 3, "on": f"bear{i}"})
    return {"format": "mtg-board/1", "players": ["Alice", "Bob"], "steps": steps}


def check_replacements(kind: str, board: dict[str, Any], *, replacers: bool) -> None:
    """Fail loudly if the replacement effects did not (or did) apply as intended."""
    game = evaluate_board(board).game
    bear = game.object("bear0")
    assert bear is not None
    if kind == "counters":
        # Two events of one counter: two counters plain; under both replacers each
        # event gives three or four (CR 616.1; the controller orders them), so six or more.
        got = dict(bear.counters).get("+1/+1", 0)
        ok = got >= 6 if replacers else got == 2
        assert ok, f"counters: bear0 has {got} +1/+1 counters (replacers={replacers})"
    else:
        for label in ("bear0", "bear1"):
            obj = game.object(label)
            assert obj is not None
            want_zone = "exile" if replacers else "graveyard"
            assert obj.zone == want_zone, f"dying: {label} in {obj.zone}, expected {want_zone}"


def median_evaluate_pair(
    with_board: dict[str, Any], without_board: dict[str, Any], repeat: int
) -> tuple[float, float]:
    """Median ``evaluate_board`` time of each board, the two runs interleaved so that
    drift in the machine's load affects both alike."""
    with_times, without_times = [], []
    for _ in range(repeat):
        for board, times in ((with_board, with_times), (without_board, without_times)):
            start = time.perf_counter()
            evaluate_board(board)
            times.append(time.perf_counter() - start)
    return statistics.median(with_times), statistics.median(without_times)


def median_replay(board: Any, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        replay(board, budget=None)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


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
    parser.add_argument(
        "--creatures",
        type=int,
        default=20,
        help="creatures on each replacement board (default 20)",
    )
    args = parser.parse_args()
    full: dict[int, float] = {}
    ratios: dict[int, float] = {}
    for size in args.sizes:
        game = replay(parse_board(board_with(size)), budget=None)
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
    nan = float("nan")
    replay_board_50 = parse_board(board_with(50))
    replay(replay_board_50, budget=None)  # warm the parse caches
    print(
        f"replay effects=  50 replay_ms={median_replay(replay_board_50, args.repeat) * 1000:9.1f}"
    )
    replacement: dict[str, float] = {}
    for kind in REPLACERS:
        with_board = replacement_board(kind, args.creatures, replacers=True)
        without_board = replacement_board(kind, args.creatures, replacers=False)
        check_replacements(kind, with_board, replacers=True)  # also warms the caches
        check_replacements(kind, without_board, replacers=False)
        with_rep, without_rep = median_evaluate_pair(with_board, without_board, args.repeat)
        replacement[kind] = with_rep / without_rep
        print(
            f"replacement_steps: kind={kind} with_ms={with_rep * 1000:.1f} "
            f"without_ms={without_rep * 1000:.1f} ratio={replacement[kind]:.2f}"
        )
    print(
        f"engine: ratio50={ratios.get(50, nan):.2f} exponent={exponent:.2f} "
        f"ratio200={ratios.get(200, nan):.2f} replacement_ratio={max(replacement.values()):.2f}"
    )


if __name__ == "__main__":
    main()
