"""The practice-levels benchmark runs and ends with its tracked summary line (it measures
difficulty per level, not time; nothing about the numbers is asserted)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "practice_levels.py"


def test_practice_levels_benchmark_prints_its_summary_line() -> None:
    result = subprocess.run(
        [sys.executable, str(BENCH), "--seeds", "2"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.strip().splitlines()
    assert [line.split(":")[0] for line in lines[:4]] == [f"level {n}" for n in range(1, 5)]
    ratio = r"(\d+\.\d{3}|nan)"
    assert re.fullmatch(
        rf"practice_levels: seeds=2 prior_ratio2={ratio} prior_ratio3={ratio} "
        rf"prior_ratio4={ratio} effects_ratio2={ratio} effects_ratio3={ratio} "
        rf"effects_ratio4={ratio} monotone=(yes|no)",
        lines[-1],
    ), lines[-1]
