"""Benchmark: server time of a stepper interaction against a trivial page.

Starts a real server process (Daphne, DEBUG off) on a free loopback port and
measures, in one run and interleaved so that both see the same machine, the
median and p95 latency of (a) a trivial page (the home page) and (b) a layer
stepper step on a 30-effect board, as htmx asks for it (the frame fragment),
walking the object's steps in turn. Also printed for information: the first
request for a new board (its evaluation not yet cached). The last line is
exactly ``web: p95_ratio=<x>`` (stepper p95 / trivial p95; target ≤ 3).

Run: ``.venv/bin/python bench/web.py [--requests N]``
"""

from __future__ import annotations

import argparse
import http.client
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from engine import board_with  # noqa: E402

from tests import serving  # noqa: E402
from tutor.boards.codec import encode_board  # noqa: E402

EFFECTS = 30
OBJECT = "bear0"


def timed_get(connection: http.client.HTTPConnection, path: str, htmx: bool = False) -> float:
    headers = {"HX-Request": "true"} if htmx else {}
    start = time.perf_counter()
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    body = response.read()
    elapsed = time.perf_counter() - start
    if response.status != 200:
        raise SystemExit(f"GET {path} answered {response.status}: {body[:300]!r}")
    return elapsed


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--requests", type=int, default=300)
    args = parser.parse_args()
    board = board_with(EFFECTS)
    token = encode_board(board)
    stepper = f"/board/{token}/layers/{OBJECT}/"
    with serving.daphne({"DJANGO_LOG_LEVEL": "WARNING"}) as base:
        port = int(base.rsplit(":", 1)[1])
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", stepper)
        first = connection.getresponse().read()
        steps = int(re.search(rb"Step 0 of (\d+)", first).group(1))
        cold = [
            timed_get(
                connection,
                f"/board/{encode_board({**board, 'title': str(i)})}/layers/{OBJECT}/?step=1",
                htmx=True,
            )
            for i in range(10)
        ]
        for _ in range(20):  # warm both paths
            timed_get(connection, "/")
            timed_get(connection, stepper + "?step=1", htmx=True)
        trivial, step = [], []
        for i in range(args.requests):
            trivial.append(timed_get(connection, "/"))
            step.append(timed_get(connection, f"{stepper}?step={1 + i % steps}", htmx=True))
    for name, values in (("trivial", trivial), ("stepper_step", step), ("new_board", cold)):
        print(
            f"{name:13s} n={len(values):4d} median_ms={statistics.median(values) * 1000:7.2f} "
            f"p95_ms={p95(values) * 1000:7.2f}"
        )
    print(f"board: effects={EFFECTS} object={OBJECT} steps={steps}")
    print(f"web: p95_ratio={p95(step) / p95(trivial):.2f}")


if __name__ == "__main__":
    main()
