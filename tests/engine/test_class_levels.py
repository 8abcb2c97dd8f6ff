"""A Class's level on a board (CR 716.2a, 716.2d): the ``class_level`` choice of its enter
step, refused outside the levels the card has."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.ask.characteristics import evaluate_board
from rules_engine.errors import BoardError


def _board(card: str, level: Any) -> dict[str, Any]:
    return {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "steps": [
            {"enter": card, "as": "it", "controller": "Alice", "choices": {"class_level": level}}
        ],
    }


@pytest.mark.parametrize(
    ("card", "level", "words"),
    [
        ("Paladin Class", 4, "its highest level is 3"),
        ("Paladin Class", 0, "at least 1"),
        ("Paladin Class", "2", "whole number"),
        ("Grizzly Bears", 2, "it has no level abilities"),
    ],
)
def test_a_level_the_card_cant_have_is_refused(card: str, level: Any, words: str) -> None:
    with pytest.raises(BoardError) as error:
        evaluate_board(_board(card, level))
    assert words in str(error.value)
    assert "choices.class_level" in str(error.value)


def test_the_answer_shows_the_level_from_two_up() -> None:
    objects = evaluate_board(_board("Paladin Class", 2)).evaluation.chars
    assert "it" in objects
    one = evaluate_board(_board("Paladin Class", 1)).game.object("it")
    assert one is not None and one.choices.class_level == 1


def test_an_ability_above_the_level_cant_be_activated() -> None:
    """CR 716.2a: a level 3 ability exists only at level 3 or greater."""
    board = _board("Wizard Class", 2)
    board["steps"].append({"activate": "it", "ability": 5})  # its fifth paragraph
    with pytest.raises(BoardError) as error:
        evaluate_board(board)
    assert "isn't level 3 or greater" in str(error.value)
