"""Benchmark: the worst boards the site's bounds let through (tutor/boards/limits.py).

Times ``evaluate_board`` on a chain of ``MAX_COPIES`` Clones, each copying the one
before (CR 707.2), against a one-permanent board in the same run; and how fast a board
past the site's bounds is refused. The last line is exactly
``limits: chain_ms=<x> chain_ratio=<y> refuse_ms=<z>`` (target: chain_ms well under
1000 on the CI machine, refuse_ms under 5).

Run: ``.venv/bin/python bench/limits.py [--repeat N]``
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules_engine.ask.characteristics import evaluate_board  # noqa: E402
from tutor.boards import limits  # noqa: E402


def clone_chain(n: int) -> dict[str, Any]:
    steps: list[dict[str, Any]] = [{"enter": "Hill Giant", "as": "c0", "controller": "Bob"}]
    steps += [
        {"enter": "Clone", "as": f"c{i}", "controller": "Alice", "choices": {"copy": f"c{i - 1}"}}
        for i in range(1, n + 1)
    ]
    return {"format": "mtg-board/1", "players": ["Alice", "Bob"], "steps": steps}


def median_ms(work: Any, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    evaluate_board(clone_chain(0))  # the card library's first load
    single = median_ms(lambda: evaluate_board(clone_chain(0)), repeat)
    chain = median_ms(lambda: evaluate_board(clone_chain(limits.MAX_COPIES)), repeat)
    past = clone_chain(limits.MAX_COPIES * 10)

    def refuse() -> None:
        try:
            limits.check_board(past)
        except limits.BoardLimitError:
            return
        raise AssertionError("a chain past the bound was accepted")

    refuse_ms = median_ms(refuse, repeat)
    print(f"one permanent: {single:.1f} ms")
    print(f"{limits.MAX_COPIES} chained Clones: {chain:.1f} ms ({chain / single:.1f}x)")
    print(f"refusing {limits.MAX_COPIES * 10} chained Clones: {refuse_ms:.2f} ms")
    ratio = chain / single
    print(f"limits: chain_ms={chain:.1f} chain_ratio={ratio:.1f} refuse_ms={refuse_ms:.2f}")


if __name__ == "__main__":
    main()
