"""Serra's Emissary: "You and creatures you control have protection from the chosen card
type" (CR 607.2, 702.16a): the player's protection (702.16j) is from the type chosen as the
Emissary entered, and so is each creature's."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.ask.characteristics import evaluate_board
from rules_engine.errors import BoardError


def _board(card_type: str) -> dict[str, Any]:
    return {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Bob",
        "steps": [
            {
                "enter": "Serra's Emissary",
                "as": "emissary",
                "controller": "Alice",
                "choices": {"card_type": card_type},
            },
            {"cast": "Shock", "as": "shock", "controller": "Bob", "targets": ["Alice"]},
        ],
    }


def test_the_player_has_protection_from_the_chosen_type() -> None:
    with pytest.raises(BoardError, match="protection"):
        evaluate_board(_board("Instant"))


def test_another_type_leaves_the_player_targetable() -> None:
    result = evaluate_board(_board("Creature"))
    assert result.game.life_of("Alice") == 18  # Shock, an instant, isn't the chosen type
