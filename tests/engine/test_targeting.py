"""A cast or activate step may only name targets its spell or ability could choose (CR
601.2c, 115.4): shroud (702.18a), hexproof against another player's spell (702.11b), a
player's hexproof (702.11d) and protection from the source's quality (702.16b). Such a
board describes something that can't happen, so it is refused with the reason, in the
step's target field. The boards use real library cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules_engine.ask.characteristics import answer_json, evaluate_board
from rules_engine.errors import BoardError

HERE = Path(__file__).parent / "targeting"

REFUSED = {
    "troll-ascetic-hexproof-doom-blade.json": "Troll Ascetic has hexproof",
    "white-knight-protection-doom-blade.json": "White Knight has protection from black",
    "sigarda-human-hexproof-doom-blade-from-opponent.json": "has hexproof",
    "hada-spy-patrol-level-three-shroud-giant-growth.json": "Hada Spy Patrol has shroud",
    "gruul-spellbreaker-player-hexproof-shock.json": "Alice has hexproof (given by Gruul",
    "shalai-player-hexproof-shock.json": "Alice has hexproof (given by Shalai",
    "doom-blade-on-slippery-bogle-refused.json": "Slippery Bogle has hexproof",
    "remedy-divided-target-pro-white-refused.json": "Black Knight has protection from",
    "true-name-nemesis-bob-doom-blade-refused.json": "has protection from",
    "twist-allegiance-leyline-refused.json": "Bob has hexproof (given by Leyline",
    "tnn-stolen-by-bob-still-protected-from-bob.json": "has protection from",
    "courageous-resolve-protection-from-bob-shock-refused.json": (
        "Grizzly Bears has protection from Bob"
    ),
    "blossoming-calm-player-hexproof-shock-refused.json": "Alice has hexproof (from Blossoming",
    "surge-of-salvation-player-hexproof-shock-refused.json": "Alice has hexproof (from Surge",
    "eldritch-immunity-protection-from-each-color-doom-blade-refused.json": (
        "Grizzly Bears has protection from each color"
    ),
}


@pytest.mark.parametrize("name", REFUSED)
def test_a_target_the_rules_forbid_refuses_the_step(name: str) -> None:
    board = json.loads((HERE / name).read_text(encoding="utf-8"))
    with pytest.raises(BoardError) as refused:
        evaluate_board(board)
    assert refused.value.path.endswith(".targets[0]")
    assert REFUSED[name] in refused.value.message


def test_hexproof_doesnt_stop_its_controllers_own_spell() -> None:
    board = {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "steps": [
            {"enter": "Troll Ascetic", "as": "troll", "controller": "Alice"},
            {"cast": "Giant Growth", "as": "growth", "controller": "Alice", "targets": ["troll"]},
        ],
    }
    troll = answer_json(evaluate_board(board))["objects"]["troll"]
    assert (troll["power"], troll["toughness"]) == (6, 5)


def test_gruul_spellbreakers_hexproof_is_only_on_its_controllers_turn() -> None:
    board = json.loads((HERE / "gruul-spellbreaker-player-hexproof-shock.json").read_text())
    board["active"] = "Bob"
    assert answer_json(evaluate_board(board))["players"]["Alice"]["life"] == 18


def test_copy_enchantment_cannot_copy_a_creature() -> None:
    """Copy Enchantment copies "any enchantment on the battlefield": a creature that isn't an
    enchantment can't be the chosen object (CR 614.12: the choice is made as it enters)."""
    board = {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "steps": [
            {"enter": "Grizzly Bears", "as": "bear", "controller": "Bob"},
            {
                "enter": "Copy Enchantment",
                "as": "ce",
                "controller": "Alice",
                "choices": {"copy": "bear"},
            },
        ],
    }
    with pytest.raises(BoardError) as refused:
        evaluate_board(board)
    assert refused.value.path == "steps[1].choices.copy[0]"
    assert "Grizzly Bears isn't that now" in refused.value.message
