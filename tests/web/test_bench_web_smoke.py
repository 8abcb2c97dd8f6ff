"""The web benchmark runs against a real server and ends with its tracked summary line."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "web.py"


def test_web_benchmark_prints_its_summary_line() -> None:
    result = subprocess.run(
        [sys.executable, str(BENCH), "--requests", "20"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    last = result.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r"web: p95_ratio=\d+\.\d+", last), last
