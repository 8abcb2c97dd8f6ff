"""Copies of a chosen object (CR 707.2, 614.12, 608.2c): a static "Enchanted creature is a
copy of the chosen creature" needs the creature chosen as its object entered; a spell's
"Choose a creature on the battlefield. ... become a copy of that creature" needs the one
chosen as it resolves. The worked examples are boards under tests/boards/copy/."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.ask.characteristics import evaluate_board
from rules_engine.errors import BoardError


def _board(last: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "steps": [
            {"enter": "Savannah Lions", "as": "lions", "controller": "Alice"},
            {"enter": "Hill Giant", "as": "giant", "controller": "Bob"},
            {"enter": "Glorious Anthem", "as": "anthem", "controller": "Bob"},
            last,
        ],
        "ask": {"characteristics": "lions"},
    }


def _alteration(choices: dict[str, str]) -> dict[str, Any]:
    return {
        "enter": "Metamorphic Alteration",
        "as": "ma",
        "controller": "Alice",
        "attach": "lions",
        "choices": choices,
    }


def test_a_static_copy_of_the_chosen_creature_without_a_choice_is_refused() -> None:
    with pytest.raises(BoardError, match=r"steps\[3\]\.choices\.chosen.*614\.12"):
        evaluate_board(_board(_alteration({})))


def test_a_static_copy_of_the_chosen_creature_refuses_a_noncreature() -> None:
    with pytest.raises(BoardError, match="Glorious Anthem is not a creature"):
        evaluate_board(_board(_alteration({"chosen": "anthem"})))


def test_a_spell_copy_of_a_chosen_creature_without_a_choice_is_refused() -> None:
    rush = {"cast": "Polymorphous Rush", "as": "rush", "controller": "Alice"}
    with pytest.raises(BoardError, match="choices.copy"):
        evaluate_board(_board({**rush, "targets": ["lions"]}))


def test_a_static_copy_of_the_chosen_creature_refuses_one_not_on_the_battlefield() -> None:
    with pytest.raises(BoardError, match=r"choices\.chosen: no object labelled"):
        evaluate_board(_board(_alteration({"chosen": "nobody"})))


@pytest.mark.parametrize(
    ("spell", "chosen", "message"),
    [
        ("Cytoshape", "isamaru", 'chooses "a nonlegendary creature on the battlefield"'),
        ("Polymorphous Rush", "anthem", 'chooses "a creature on the battlefield"'),
    ],
)
def test_a_spell_copy_refuses_a_chosen_object_its_text_doesnt_choose(
    spell: str, chosen: str, message: str
) -> None:
    board = _board({"cast": spell, "as": "spell", "controller": "Alice", "targets": ["lions"]})
    board["steps"].insert(2, {"enter": "Isamaru, Hound of Konda", "as": "isamaru"})
    board["steps"][-1]["choices"] = {"copy": chosen}
    with pytest.raises(BoardError, match=message):
        evaluate_board(board)


def test_a_spell_copy_accepts_what_its_text_chooses() -> None:
    rush = {"cast": "Polymorphous Rush", "as": "rush", "controller": "Alice"}
    board = _board({**rush, "targets": ["lions"], "choices": {"chosen": "giant"}})
    assert evaluate_board(board).evaluation.chars["lions"].name == "Hill Giant"
