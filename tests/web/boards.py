"""Shared helpers for the board pages' tests: boards from the worked examples, as tokens."""

from __future__ import annotations

import json
import re
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


# A spell whose only sentence the engine recognises but does not perform (its "not_modelled").
PEEK = {"name": "Peek", "types": ["Instant"], "abilities": ["Clash with an opponent."]}
PEEK_LINE = "Clash with an opponent."


def with_peek(board: dict[str, Any]) -> dict[str, Any]:
    """The board with Peek cast at the end: the same answer, plus a sentence not modelled."""
    players = board.get("players") or ["Alice"]
    step = {"cast": PEEK, "as": "peek", "controller": players[0]}
    return {**board, "steps": [*board.get("steps", []), step]}


def peek_token(relative: str = GRAY_OGRE) -> str:
    return encode_board(with_peek(example(relative)))


def not_modelled_section(page: str) -> str:
    """The page's "Not modelled here" section (templates/boards/_not_modelled.html), or ""."""
    found = re.search(r'<section class="not-modelled".*?</section>', page, re.S)
    return found.group(0) if found else ""


# Hardened Scales (invented: its Oracle text) and Doubling Season, then a +1/+1 counter on
# Grizzly Bears: the order of the two replacement effects changes the result (CR 616.1).
HARDENED_SCALES = {
    "name": "Hardened Scales",
    "types": ["Enchantment"],
    "abilities": [
        "If one or more +1/+1 counters would be put on a creature you control, "
        "that many plus one +1/+1 counters are put on it instead."
    ],
}


def scales_and_season(*, season: bool = True, counters: bool = True) -> dict[str, Any]:
    steps: list[dict[str, Any]] = [
        {"enter": HARDENED_SCALES, "as": "scales", "controller": "Alice"}
    ]
    if season:
        steps.append({"enter": "Doubling Season", "as": "season", "controller": "Alice"})
    steps.append({"enter": "Grizzly Bears", "as": "bears", "controller": "Alice"})
    if counters:
        steps.append({"counters": "+1/+1", "on": "bears", "n": 1})
    return {"format": "mtg-board/1", "players": ["Alice", "Bob"], "active": "Alice", "steps": steps}
