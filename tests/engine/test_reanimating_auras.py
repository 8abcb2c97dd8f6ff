"""Auras that return a creature card from a graveyard attached to it (Animate Dead, Dance of
the Dead, Necromancy; CR 303.4, 400.7, 607.2a): what a board may say, and what is read."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import evaluate
from rules_engine.cards import library_card
from rules_engine.errors import BoardError
from rules_engine.oracle.parser import split_leaves_trigger


def _board(aura: str, card: str, *steps: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "zones": {"Bob": {"graveyard": [card]}},
        "steps": [
            {"enter": aura, "as": "aura", "controller": "Alice", "attach": "Bob.graveyard[0]"},
            *steps,
        ],
        "ask": {"characteristics": "Bob.graveyard[0]"},
    }


@pytest.mark.parametrize("name", ["Animate Dead", "Dance of the Dead", "Necromancy"])
def test_the_leaves_trigger_is_the_paragraphs_second_ability(name: str) -> None:
    card = library_card(name)
    assert card is not None
    first, leaves = split_leaves_trigger(card.rules_text[1], name)
    assert leaves == "When ~ leaves the battlefield, that creature's controller sacrifices it."
    assert first.endswith("to it.") and "leaves" not in first


def test_one_trigger_alone_is_not_split() -> None:
    text = "When this creature enters, draw a card."
    assert split_leaves_trigger(text, "Elvish Visionary") == (text, None)


def test_a_card_enchanted_in_a_graveyard_is_no_enchanted_creature() -> None:
    """Hill Giant in the graveyard is a creature card, not a creature: -1/-0 waits."""
    answer = evaluate(_board("Animate Dead", "Hill Giant"))
    giant = answer["objects"]["Bob.graveyard[0]"]
    assert (giant["zone"], giant["power"]) == ("graveyard", 3)
    assert answer["objects"]["aura"]["attached_to"] == "Bob.graveyard[0]"
    assert answer["state_based_actions"] == []


def test_an_aura_that_enchants_a_creature_is_refused_on_a_graveyard_card() -> None:
    with pytest.raises(BoardError, match=r"303\.4"):
        evaluate(_board("Pacifism", "Hill Giant"))


def test_animate_dead_is_refused_on_a_land_card() -> None:
    with pytest.raises(BoardError, match="steps\\[0\\].attach"):
        evaluate(_board("Animate Dead", "Forest"))


def test_the_returned_creature_goes_to_its_owners_graveyard_when_sacrificed() -> None:
    returned = {"activate": "aura", "ability": 1, "as": "back"}
    left = {"leave": "aura", "to": "exile"}
    answer = evaluate(_board("Animate Dead", "Hill Giant", returned, left))
    giant = answer["objects"]["Bob.graveyard[0]"]
    assert (giant["zone"], giant["controller"]) == ("battlefield", "Alice")
    sacrificed = {"activate": "aura", "ability": 1, "as": "gone"}
    answer = evaluate(_board("Animate Dead", "Hill Giant", returned, left, sacrificed))
    giant = answer["objects"]["Bob.graveyard[0]"]
    assert (giant["zone"], giant["controller"]) == ("graveyard", "Bob")
