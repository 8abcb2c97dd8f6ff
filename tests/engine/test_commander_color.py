"""A commander's color chosen before the game begins ("If The Prismatic Piper is your
commander, choose a color before the game begins.", CR 903.3): the board states it on the
commander's enter step, and only there."""

from __future__ import annotations

import pytest

from rules_engine.ask.characteristics import answer_json, evaluate_board
from rules_engine.errors import BoardError


def _board(**enter: object) -> dict[str, object]:
    step = {"enter": "The Prismatic Piper", "as": "piper", "controller": "Alice", **enter}
    return {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "steps": [step],
    }


def test_a_commander_needs_its_chosen_color() -> None:
    with pytest.raises(BoardError) as refused:
        evaluate_board(_board(commander=True))
    assert refused.value.path.endswith(".choices.color")
    assert "before the game" in refused.value.message


def test_a_card_that_isnt_a_commander_has_no_chosen_color() -> None:
    with pytest.raises(BoardError) as refused:
        evaluate_board(_board(choices={"color": "G"}))
    assert "only if it is its owner's commander" in refused.value.message


def test_a_piper_that_isnt_a_commander_stays_colorless() -> None:
    piper = answer_json(evaluate_board(_board()))["objects"]["piper"]
    assert piper["colors"] == []
