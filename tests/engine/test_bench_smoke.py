"""The engine benchmark runs and ends with its tracked summary line (no timing asserted)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "engine.py"


def test_engine_benchmark_prints_its_summary_line() -> None:
    result = subprocess.run(
        [sys.executable, str(BENCH), "--repeat", "1", "--sizes", "25", "50", "--creatures", "6"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    last = result.stdout.strip().splitlines()[-1]
    # ratio200 is nan here: size 200 is not run, to keep the test fast.
    assert re.fullmatch(
        r"engine: ratio50=\d+\.\d+ exponent=-?\d+\.\d+ ratio200=nan replacement_ratio=\d+\.\d+",
        last,
    ), last
    lines = result.stdout.splitlines()
    assert any(re.match(r"replay effects= *50 replay_ms= *\d+\.\d+$", line) for line in lines)
    for kind in ("counters", "dying"):
        pattern = (
            rf"replacement_steps: kind={kind} with_ms=\d+\.\d+ without_ms=\d+\.\d+ ratio=\d+\.\d+$"
        )
        assert any(re.match(pattern, line) for line in lines), result.stdout
