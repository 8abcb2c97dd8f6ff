"""Shared helpers for the board pages' tests: boards from the worked examples, as tokens."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tutor.boards.codec import encode_board

BOARDS = Path(__file__).resolve().parent.parent / "boards"


def example(relative: str) -> dict[str, Any]:
    """A worked-example board without its answer key (the pages work the answer out)."""
    board = json.loads((BOARDS / relative).read_text(encoding="utf-8"))
    board.pop("expect", None)
    return board


def token_of(relative: str) -> str:
    return encode_board(example(relative))


GRAY_OGRE = "cr/613.5-example-2.json"
DS_THEN_SCALES = "events/interactions/doubling-season-then-hardened-scales.json"
