"""A resolving text that offers a choice of abilities ("gains your choice of deathtouch or
lifelink", "protection from colorless or from the color of your choice") needs the step to
say which (CR 608.2d); the board is refused otherwise, naming the field."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.ask.characteristics import evaluate_board
from rules_engine.errors import BoardError
from rules_engine.oracle.ability_lists import offered_words


def _board(card: str, choices: dict[str, Any]) -> dict[str, Any]:
    cast: dict[str, Any] = {"cast": card, "as": "spell", "controller": "Alice"}
    cast["targets"] = ["bears"]
    if choices:
        cast["choices"] = choices
    return {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "steps": [{"enter": "Grizzly Bears", "as": "bears", "controller": "Alice"}, cast],
    }


def test_no_choice_is_refused_naming_the_option() -> None:
    with pytest.raises(BoardError) as error:
        evaluate_board(_board("Alchemist's Gift", {}))
    assert "choices.option" in error.value.path
    assert '"option": "deathtouch"' in error.value.message


def test_a_word_not_offered_is_refused() -> None:
    with pytest.raises(BoardError):
        evaluate_board(_board("Alchemist's Gift", {"option": "flying"}))


def test_a_color_answers_the_color_of_your_choice() -> None:
    result = evaluate_board(_board("Apostle's Blessing", {"color": "B"}))
    abilities = [a.text for a in result.evaluation.chars["bears"].abilities]
    assert "Protection from black" in abilities


def test_the_words_offered() -> None:
    assert offered_words("Your choice of flying, vigilance, or lifelink") == (
        "flying",
        "vigilance",
        "lifelink",
    )
    assert offered_words("Protection from artifacts or from the color of your choice") == (
        "artifacts",
        "the color of your choice",
    )
    assert offered_words("Flying") == ()
