"""'As ~ enters, exile a creature card from a graveyard' and Sin's 'remove all counters from any
number of ...' (CR 614.1c): the enter step's ``choices.exile`` and ``choices.remove_counters``
name what is chosen (and Indominus Rex's ``choices.discard``), and a step that names the wrong
ones is refused."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import evaluate
from rules_engine.errors import BoardError


def _board(step: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "zones": {
            "Alice": {"graveyard": ["Llanowar Elves"]},
            "Bob": {"graveyard": ["Lightning Bolt", "Grizzly Bears"]},
        },
        "steps": [{"as": "it", "controller": "Alice", **step}],
        "ask": {"characteristics": "it"},
    }


def test_dermotaxi_must_exile_one_when_a_graveyard_has_a_creature_card() -> None:
    with pytest.raises(BoardError, match=r"choices\.exile.*614\.1c"):
        evaluate(_board({"enter": "Dermotaxi"}))


def test_dermotaxi_cant_exile_a_noncreature_card() -> None:
    step = {"enter": "Dermotaxi", "choices": {"exile": ["Bob.graveyard[0]"]}}
    with pytest.raises(BoardError, match="not a creature card"):
        evaluate(_board(step))


def test_mimeoplasm_exiles_only_from_its_controllers_graveyard() -> None:
    step = {
        "enter": "Mimeoplasm, Revered One",
        "x": 2,
        "choices": {"exile": ["Bob.graveyard[1]"]},
    }
    with pytest.raises(BoardError, match="Alice's graveyard"):
        evaluate(_board(step))


def test_mimeoplasm_exiles_at_most_x() -> None:
    step = {
        "enter": "Mimeoplasm, Revered One",
        "x": 0,
        "choices": {"exile": ["Alice.graveyard[0]"]},
    }
    with pytest.raises(BoardError, match="up to X"):
        evaluate(_board(step))


def test_mimeoplasm_gets_three_counters_for_the_card_it_exiled() -> None:
    step = {
        "enter": "Mimeoplasm, Revered One",
        "x": 1,
        "choices": {"exile": ["Alice.graveyard[0]"]},
    }
    answer = evaluate(_board(step))
    assert answer["objects"]["it"]["counters"] == {"+1/+1": 3}
    assert answer["objects"]["Alice.graveyard[0]"]["exiled_with"] == "it"
    assert answer["not_modelled"] == []


def test_sin_cant_remove_counters_from_a_land() -> None:
    board = _board({"enter": "Sin, Unending Cataclysm", "choices": {"remove_counters": ["f"]}})
    board["steps"].insert(0, {"enter": "Forest", "as": "f", "controller": "Bob"})
    with pytest.raises(BoardError, match="not an artifact, creature or enchantment"):
        evaluate(board)


def test_remove_counters_needs_the_ability() -> None:
    board = _board({"enter": "Grizzly Bears", "choices": {"remove_counters": ["b"]}})
    board["steps"].insert(0, {"enter": "Grizzly Bears", "as": "b", "controller": "Bob"})
    with pytest.raises(BoardError, match="remove all counters from"):
        evaluate(board)


def test_indominus_rex_discards_only_creature_cards_from_its_controllers_hand() -> None:
    board = _board({"enter": "Indominus Rex, Alpha", "choices": {"discard": ["Alice.hand[0]"]}})
    board["zones"]["Alice"]["hand"] = ["Lightning Bolt"]
    with pytest.raises(BoardError, match="not a creature card in Alice's hand"):
        evaluate(board)
