"""Conditions a resolving spell checks (CR 608.2c) that a board's answer doesn't show: a
draw under "If you control a Fish, Octopus, ..., or Whale" (its list read as any one of
them), and what "you controlled ... as you cast this spell" means on a cast step."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules_engine.ask.characteristics import evaluate_board
from rules_engine.oracle.parser import parse_ability_text

BOARDS = Path(__file__).resolve().parents[1] / "boards"


def _unagi(octopus_controller: str) -> dict[str, Any]:
    path = BOARDS / "oneshots" / "unagis-spray-with-giant-octopus-draws.json"
    board: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    board["steps"][0]["controller"] = octopus_controller
    return board


@pytest.mark.parametrize(("controller", "drawn"), [("Alice", (("Alice", 1),)), ("Bob", ())])
def test_unagis_spray_draws_only_if_you_control_one_of_the_kinds(
    controller: str, drawn: tuple[tuple[str, int], ...]
) -> None:
    result = evaluate_board(_unagi(controller))
    assert result.game.this_turn.cards_drawn == drawn


@pytest.mark.parametrize(
    "text",
    [
        "If you control a Fish, Octopus, Otter, Seal, Serpent, or Whale, draw a card.",
        "That creature gets an additional -3/-3 until end of turn if you controlled a Faerie "
        "as you cast this spell.",
        "It gets an additional -1/-1 until end of turn for each modified creature you "
        "controlled as you cast this spell.",
    ],
)
def test_spell_sentences_are_read(text: str) -> None:
    (ability,) = parse_ability_text(
        f"Target creature gets -1/-1 until end of turn. {text}", "X", spell=True
    )
    assert ability.unread is None
    assert not ability.gaps and not ability.unperformed
