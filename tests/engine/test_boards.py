"""Every worked example under tests/boards/ gives its authoritative answer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.engine.boards import BOARDS, board_files, mismatches


@pytest.mark.parametrize("path", board_files("layers"), ids=lambda p: str(p.relative_to(BOARDS)))
def test_board_gives_its_expected_answer(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data.get("source"), "every board names the source of its answer"
    assert "expect" in data, "every board states its expected answer"
    problems = mismatches(data)
    assert not problems, f"{path.name} ({data['source']}):\n  " + "\n  ".join(problems)
