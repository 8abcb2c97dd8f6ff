"""Every worked example under tests/boards/ gives its authoritative answer."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.engine.boards import board_data, board_files, board_params, evaluated, mismatches


@pytest.mark.parametrize("path", board_params(board_files("layers")))
def test_board_gives_its_expected_answer(path: Path) -> None:
    data = board_data(path)
    assert data.get("source"), "every board names the source of its answer"
    assert "expect" in data, "every board states its expected answer"
    problems = mismatches(data, evaluated(path))
    assert not problems, f"{path.name} ({data['source']}):\n  " + "\n  ".join(problems)
