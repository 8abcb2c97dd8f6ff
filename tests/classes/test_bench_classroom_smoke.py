"""The classroom benchmark runs (a small class) and ends with its tracked summary line."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "classroom.py"


def test_classroom_benchmark_prints_its_summary_line() -> None:
    result = subprocess.run(
        [sys.executable, str(BENCH), "--students", "6", "--singles", "2"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    last = result.stdout.strip().splitlines()[-1]
    pattern = (
        r"classroom: students=6 reveal_p95_ms=\d+ reveal_p95_1_ms=\d+ ack_p95_ms=\d+ lost=0 "
        r"p95_ms_redis=(\d+|na) lost_redis=(0|na) lost_after_kill=(0|na) dup_after_kill=(0|na)"
        r" reveal_p95_beside_slow_ms=\d+"
    )
    assert re.fullmatch(pattern, last), last
