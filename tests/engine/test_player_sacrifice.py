"""'Each player sacrifices a creature' (CR 701.21a): performed where the player has no
choice to make, and named as not modelled where they would choose among several."""

from __future__ import annotations

from rules_engine.ask.characteristics import answer_json, evaluate_board

BEARS = {"name": "Grizzly Bears", "types": ["Creature"], "power": 2, "toughness": 2}
OGRE = {"name": "Gray Ogre", "types": ["Creature"], "power": 2, "toughness": 2}
INNOCENT_BLOOD = {
    "name": "Innocent Blood",
    "types": ["Sorcery"],
    "abilities": ["Each player sacrifices a creature."],
}


def answer(steps):
    board = {"format": "mtg-board/1", "players": ["Alice", "Bob"], "steps": steps}
    return answer_json(evaluate_board(board))


def test_a_player_with_one_creature_sacrifices_it_and_one_with_two_is_named():
    result = answer(
        [
            {"enter": BEARS, "as": "bears", "controller": "Alice"},
            {"enter": BEARS, "as": "bears2", "controller": "Bob"},
            {"enter": OGRE, "as": "ogre", "controller": "Bob"},
            {"cast": INNOCENT_BLOOD, "as": "blood", "controller": "Alice"},
        ]
    )
    zones = {label: o["zone"] for label, o in result["objects"].items()}
    assert zones["bears"] == "graveyard"
    assert zones["bears2"] == zones["ogre"] == "battlefield"
    (gap,) = result["not_modelled"]
    assert gap["object"] == "blood" and "Bob chooses" in gap["why"] and "701.21a" in gap["why"]
