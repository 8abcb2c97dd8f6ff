"""One-shots that move cards a board may not list, or whole graveyards (CR 406.3), and the
shapes around them: what each reads, and the refusals that name the fix."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import evaluate
from rules_engine.errors import BoardError
from tests.engine.test_oneshot_readers import _read


@pytest.mark.parametrize(
    ("sentence", "kind", "players", "n"),
    [
        ("Exile the top two cards of your library.", "exile_top", "you", 2),
        ("Exile the top card of your library.", "exile_top", "you", 1),
        ("Each player exiles the top card of their library.", "exile_top", "each_player", 1),
        ("Exile each opponent's graveyard.", "exile_graveyard", "each_opponent", 0),
        ("Exile target player's graveyard.", "exile_graveyard", "target", 0),
    ],
)
def test_what_an_exile_of_hidden_or_whole_zones_reads(
    sentence: str, kind: str, players: str, n: int
) -> None:
    action = _read(sentence)
    assert action is not None
    assert (action.kind, action.players, action.n) == (kind, players, n)


def test_an_unlisted_library_gives_unknown_cards_to_exile() -> None:
    board: dict[str, Any] = {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "zones": {"Alice": {"library": 3}},
        "steps": [{"cast": "Opera Love Song", "as": "song", "controller": "Alice"}],
    }
    board["steps"][0]["choices"] = {"mode": 0}
    answer = evaluate(board)
    assert not any("Exile the top" in item["ability"] for item in answer["not_modelled"])


def test_targets_from_two_graveyards_are_refused() -> None:
    board = {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "zones": {"Alice": {"graveyard": ["Grizzly Bears"]}, "Bob": {"graveyard": ["Hill Giant"]}},
        "steps": [
            {
                "cast": "Pull",
                "as": "pull",
                "controller": "Alice",
                "targets": ["Alice.graveyard[0]", "Bob.graveyard[0]"],
            }
        ],
    }
    with pytest.raises(BoardError, match="one graveyard"):
        evaluate(board)


def _turned(card: str) -> dict[str, Any]:
    board = {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "steps": [
            {"enter": card, "as": "down", "controller": "Bob", "face_down": True},
            {
                "cast": "Expose the Culprit",
                "as": "expose",
                "controller": "Alice",
                "targets": ["down"],
                "choices": {"mode": 0},
            },
        ],
    }
    return dict(evaluate(board)["objects"]["down"])


def test_a_face_down_creature_card_turns_face_up_and_an_instant_stays_down() -> None:
    """CR 708.8; 701.40g: a manifested instant or sorcery is revealed and stays face down."""
    giant = _turned("Hill Giant")
    assert (giant["power"], bool(giant.get("face_down"))) == (3, False)
    shock = _turned("Shock")
    assert (shock["power"], bool(shock.get("face_down"))) == (2, True)


def test_an_equipment_target_not_on_that_creature_is_refused() -> None:
    """CR 601.2c: "target Equipment attached to that creature" can't be another one."""
    board = {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "steps": [
            {"enter": "Hill Giant", "as": "giant", "controller": "Bob"},
            {"enter": "Grizzly Bears", "as": "bears", "controller": "Bob"},
            {"enter": "Plate Armor", "as": "armor", "controller": "Bob"},
            {"attach": "armor", "to": "bears"},
            {
                "cast": "Fiery Annihilation",
                "as": "fiery",
                "controller": "Alice",
                "targets": ["giant", "armor"],
            },
        ],
    }
    with pytest.raises(BoardError, match="not attached"):
        evaluate(board)


def test_it_after_a_creature_chosen_as_it_resolves_is_that_creature_only() -> None:
    """CR 608.2d: "Put a +1/+1 counter on a creature you control. It gains lifelink ...":
    "it" is the creature chosen (the step's choices.chosen), not every creature."""
    gift = {
        "name": "Odd Gift",
        "types": ["Sorcery"],
        "colors": ["G"],
        "abilities": [
            "Put a +1/+1 counter on a creature you control. It gains lifelink until end of turn."
        ],
    }
    board = {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "steps": [
            {"enter": "Grizzly Bears", "as": "bears", "controller": "Alice"},
            {"enter": "Hill Giant", "as": "giant", "controller": "Alice"},
            {"cast": gift, "as": "gift", "controller": "Alice", "choices": {"chosen": "giant"}},
        ],
    }
    objects = evaluate(board)["objects"]
    assert (objects["giant"]["power"], objects["giant"]["abilities"]) == (4, ["Lifelink"])
    assert (objects["bears"]["power"], objects["bears"]["abilities"]) == (2, [])
