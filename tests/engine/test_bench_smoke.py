"""The engine benchmark runs and ends with its tracked summary line (no timing asserted)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "engine.py"


def test_engine_benchmark_prints_its_summary_line() -> None:
    result = subprocess.run(
        [sys.executable, str(BENCH), "--repeat", "1", "--sizes", "25", "50"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    last = result.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"engine: ratio50=\d+\.\d+ exponent=-?\d+\.\d+", last), last
