"""The quiz benchmark runs and ends with its tracked summary line (no timing is asserted)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "quiz.py"


def test_quiz_benchmark_prints_its_summary_line() -> None:
    result = subprocess.run(
        [sys.executable, str(BENCH), "--items", "20", "--seeds", "3"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    last = result.stdout.strip().splitlines()[-1]
    assert re.fullmatch(
        r"quiz: items_per_s=\d+\.\d avg_options=\d+\.\d+ misreadings_used=\d+/\d+ "
        r"dup_options=\d+ printed_card_options_pct=\d+\.\d "
        r"distinct_per_400=\d+ cards=\d+ concepts=\d+/\d+ forms=\d+ shapes=\d+ "
        r"options=\d+\.\d+",
        last,
    ), last
