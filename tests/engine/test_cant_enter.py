"""'X can't enter' (CR 614.17): read from real cards' sentences, checked on the permanent as
it would exist (614.12), and what an `enter` step that can't happen does (608.3b, or a
refusal that names the rule: docs/board-format-extensions.md)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.ask.characteristics import evaluate_board
from rules_engine.errors import BoardError
from rules_engine.replacement.grammar import read_replacements
from rules_engine.replacement.specs import CantSpec


@pytest.mark.parametrize(
    ("sentence", "kind", "card_type", "not_type"),
    [
        ("Lands can't enter.", "enter", None, None),  # Worms of the Earth
        ("Lands can't enter the battlefield.", "enter", None, None),  # its older wording
        ("Creature cards in graveyards and libraries can't enter.", "enter_from", "Creature", None),
        ("Creature cards in graveyards can't enter.", "enter_from", "Creature", None),
        ("Permanent cards in graveyards can't enter.", "enter_from", "Permanent", None),
        (
            "Nonland permanent cards in graveyards and libraries can't enter.",
            "enter_from",
            "Permanent",
            "Land",
        ),
    ],
)
def test_real_cant_enter_sentences_are_read_as_cant_effects(
    sentence: str, kind: str, card_type: str | None, not_type: str | None
) -> None:
    specs, skipped = read_replacements(sentence, "Some Card")
    assert not skipped
    (spec,) = specs
    assert isinstance(spec, CantSpec)
    assert (spec.kind, spec.card_type, spec.not_type) == (kind, card_type, not_type)


def _board(*steps: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "steps": [{"enter": "Worms of the Earth", "as": "worms", "controller": "Bob"}, *steps],
        "ask": {"characteristics": "worms"},
    }


def test_a_land_an_enter_step_puts_onto_the_battlefield_is_refused_naming_the_rule() -> None:
    """It would stay where it was (Worms of the Earth ruling, 2004-10-04), which a step
    doesn't say: refused, with the effect and CR 614.17, and no 608.3b hint for a land."""
    board = _board({"enter": "Forest", "as": "forest", "controller": "Alice"})
    with pytest.raises(BoardError, match=r"Worms of the Earth's \"Lands can't enter\.\"") as error:
        evaluate_board(board)
    assert error.value.path == "steps[1].enter"
    assert "614.17" in error.value.message
    assert "608.3b" not in error.value.message


def test_a_clone_put_onto_the_battlefield_as_a_land_copy_is_refused_with_the_spell_hint() -> None:
    board = _board({"enter": "Clone", "as": "clone", "controller": "Alice"})
    board["steps"].insert(0, {"enter": "Dryad Arbor", "as": "arbor", "controller": "Bob"})
    board["steps"][-1]["choices"] = {"copy": "arbor"}
    with pytest.raises(BoardError, match="cast_from_hand") as error:
        evaluate_board(board)
    assert "608.3b" in error.value.message


def test_the_enchantment_itself_and_nonlands_still_enter() -> None:
    board = _board({"enter": "Grizzly Bears", "as": "bears", "controller": "Alice"})
    board["ask"] = {"characteristics": "bears"}
    answer = evaluate_board(board)
    assert answer.game.object("bears") is not None
    assert answer.game.object("worms") is not None
