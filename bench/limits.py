"""Benchmark: the worst boards the bounds let through, and the worst they refuse.

Times, in CPU, against a one-permanent board in the same run (each as a ratio to it):

- accepted: a chain of ``MAX_COPIES`` Clones each copying the one before (CR 707.2);
  Doubling Season and Secure the Wastes with X = 250 (500 tokens, the most one event may
  make); four invented cards whose abilities pump ``REDIRECT_ALL``'s words to the
  1,000-character bound of a typed ability; twenty such cards (20,000 typed characters,
  the most a board may hold);
- refused (rules_engine/bounds.py, the work budget): a board past the site's copy bound;
  X = 10^9; seven Doubling Seasons and X = 1; six and X = 4; the four invented cards of
  issue 24 with 3,981-character abilities; counters of 4,300 digits.

Typed abilities differ at each repeat, so the Oracle reader's cache never answers. The
last line is exactly ``limits: chain_ms=<x> chain_ratio=<y> refuse_ms=<z>
worst_accepted_ms=<a> worst_refused_ms=<b>`` (target: every accepted board and every
refusal well under 1000 ms on the CI machine).

Run: ``.venv/bin/python bench/limits.py [--repeat N]``
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_engine.ask.characteristics import evaluate_board  # noqa: E402
from rules_engine.errors import BoardError  # noqa: E402
from tutor.boards import limits  # noqa: E402

_fresh = itertools.count()


def clone_chain(n: int) -> dict[str, Any]:
    steps: list[dict[str, Any]] = [{"enter": "Hill Giant", "as": "c0", "controller": "Bob"}]
    steps += [
        {"enter": "Clone", "as": f"c{i}", "controller": "Alice", "choices": {"copy": f"c{i - 1}"}}
        for i in range(1, n + 1)
    ]
    return {"format": "mtg-board/1", "players": ["Alice", "Bob"], "steps": steps}


def doublers(seasons: int, x: int) -> dict[str, Any]:
    steps: list[dict[str, Any]] = [
        {"enter": "Doubling Season", "as": f"ds{i}", "controller": "Alice"} for i in range(seasons)
    ]
    steps.append({"cast": "Secure the Wastes", "as": "stw", "controller": "Alice", "x": x})
    return {"format": "mtg-board/1", "players": ["Alice", "Bob"], "steps": steps}


def redirectors(cards: int, length: int) -> dict[str, Any]:
    """Invented cards whose one ability repeats REDIRECT_ALL's separators to ``length``
    characters, fresh words each call (no cache)."""
    run = next(_fresh)
    filler = f"w{run} by a this turn is dealt to " * (length // 30)
    steps = []
    for i in range(cards):
        ability = f"All damage that would be dealt to {filler}"[: length - 4] + f"y{i}"
        steps.append(
            {"enter": {"name": f"Redirector {i}", "types": ["Enchantment"], "abilities": [ability]}}
        )
    return {"format": "mtg-board/1", "players": ["Alice", "Bob"], "steps": steps}


def huge_counters() -> dict[str, Any]:
    return {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "steps": [
            {"enter": "Grizzly Bears", "as": "g"},
            {"counters": "+1/+1", "on": "g", "n": 10**4299},
            {"counters": "+1/+1", "on": "g", "n": 9 * 10**4299},
        ],
    }


def median_ms(work: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        work()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times)


def evaluated(make: Callable[[], dict[str, Any]]) -> Callable[[], None]:
    def work() -> None:
        evaluate_board(make())

    return work


def refused(make: Callable[[], dict[str, Any]]) -> Callable[[], None]:
    def work() -> None:
        try:
            evaluate_board(make())
        except BoardError:
            return
        raise AssertionError("a board past the bounds was accepted")

    return work


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    evaluate_board(doublers(1, 1))  # the card library's first load
    single = median_ms(evaluated(lambda: clone_chain(0)), repeat)
    print(f"one permanent: {single:.1f} ms")
    past = clone_chain(limits.MAX_COPIES * 10)

    def refuse_chain() -> None:
        try:
            limits.check_board(past)
        except limits.BoardLimitError:
            return
        raise AssertionError("a chain past the bound was accepted")

    accepted = {
        f"{limits.MAX_COPIES} chained Clones": evaluated(lambda: clone_chain(limits.MAX_COPIES)),
        "Doubling Season, X = 250 (500 tokens)": evaluated(lambda: doublers(1, 250)),
        "4 invented cards, 1,000-character redirections": evaluated(lambda: redirectors(4, 1000)),
        "20 invented cards, 20,000 typed characters": evaluated(lambda: redirectors(20, 1000)),
    }
    refusals = {
        f"{limits.MAX_COPIES * 10} chained Clones (site bound)": refuse_chain,
        "Secure the Wastes, X = 10^9": refused(lambda: doublers(0, 10**9)),
        "7 Doubling Seasons, X = 1": refused(lambda: doublers(7, 1)),
        "6 Doubling Seasons, X = 4": refused(lambda: doublers(6, 4)),
        "4 invented cards, 3,981-character redirections": refused(lambda: redirectors(4, 3981)),
        "counters of 4,300 digits": refused(huge_counters),
    }
    times: dict[str, float] = {}
    for title, work in {**accepted, **refusals}.items():
        times[title] = median_ms(work, repeat)
        verb = "refused in" if title in refusals else "answered in"
        print(f"{title}: {verb} {times[title]:.1f} ms ({times[title] / single:.1f}x)")
    chain = times[f"{limits.MAX_COPIES} chained Clones"]
    refuse_ms = times[f"{limits.MAX_COPIES * 10} chained Clones (site bound)"]
    worst_accepted = max(times[t] for t in accepted)
    worst_refused = max(times[t] for t in refusals)
    print(
        f"limits: chain_ms={chain:.1f} chain_ratio={chain / single:.1f} refuse_ms={refuse_ms:.2f} "
        f"worst_accepted_ms={worst_accepted:.1f} worst_refused_ms={worst_refused:.1f}"
    )


if __name__ == "__main__":
    main()
