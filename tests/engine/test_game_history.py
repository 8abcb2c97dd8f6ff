"""The board facts of what the game remembers (docs/board-format-extensions.md): cards drawn and
permanents entered this turn, crimes, the monarch, the initiative, day and night, completed
dungeons; each refused with its field named when it is malformed, and the conditions that read
them (``oracle/history.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.ask.characteristics import evaluate_board
from rules_engine.board import parse_board
from rules_engine.effects import (
    Compare,
    Designated,
    EnteredThisTurn,
    HappenedThisTurn,
    ObjectMatches,
    TurnTotal,
)
from rules_engine.errors import BoardError
from rules_engine.oracle.history import history_condition
from rules_engine.steps import Designations, EnterRecord

BEARS = {"enter": "Grizzly Bears", "as": "g"}


@pytest.mark.parametrize(
    ("extra", "path", "words"),
    [
        ({"day_night": "dusk"}, "day_night", '"day" or "night"'),
        ({"monarch": "Carol"}, "monarch", "not a player"),
        ({"initiative": 3}, "initiative", ""),
        ({"completed_dungeon": "Alice"}, "completed_dungeon", "a list of player names"),
        ({"completed_dungeon": ["Carol"]}, "completed_dungeon[0]", "not a player"),
        ({"this_turn": {"entered": {"under": "Alice"}}}, "this_turn.entered", "a list"),
        ({"this_turn": {"entered": [{"under": "Carol"}]}}, "this_turn.entered[0].under", ""),
        ({"this_turn": {"entered": [{"under": "Alice", "types": ["Goblin"]}]}}, "types", ""),
        ({"this_turn": {"entered": [{"by": "Alice"}]}}, "this_turn.entered[0]", "under"),
        ({"this_turn": {"entered": [{"under": "Alice"}] * 501}}, "this_turn.entered", "at most"),
        ({"this_turn": {"cards_drawn": {"Alice": -1}}}, "this_turn.cards_drawn.Alice", ""),
        ({"this_turn": {"cards_drawn": {"Alice": 10**7}}}, "this_turn.cards_drawn.Alice", ""),
        ({"this_turn": {"committed_crime": "Alice"}}, "this_turn.committed_crime", "a list"),
        ({"steps": [{**BEARS, "earlier_turn": "yes"}]}, "steps[0].earlier_turn", "true or false"),
        # speed, the Ring, Cases (test_tracked_facts.py)
        ({"speed": {"Alice": 5}}, "speed.Alice", "from 1 to 4"),
        ({"speed": {"Alice": 0}}, "speed.Alice", "from 1 to 4"),
        ({"speed": {"Carol": 2}}, "speed.Carol", "not a player"),
        ({"speed": 4}, "speed", "an object"),
        ({"ring_tempted": {"Alice": -1}}, "ring_tempted.Alice", "whole number"),
        ({"steps": [{**BEARS, "solved": "yes"}]}, "steps[0].solved", "true or false"),
        ({"steps": [{**BEARS, "ring_bearer": 1}]}, "steps[0].ring_bearer", "true or false"),
        # the turn's deeds and how a spell was cast (test_turn_conditions.py)
        ({"this_turn": {"sacrificed": {"by": "Alice"}}}, "this_turn.sacrificed", "a list"),
        ({"this_turn": {"sacrificed": [{"by": "Carol"}]}}, "this_turn.sacrificed[0].by", ""),
        ({"this_turn": {"sacrificed": [{"by": "Alice", "types": ["Elf"]}]}}, "types", ""),
        ({"this_turn": {"attackers": {"Alice": -1}}}, "this_turn.attackers.Alice", ""),
        ({"this_turn": {"creatures_died_under": {"Carol": 1}}}, "creatures_died_under", ""),
        ({"steps": [{**BEARS, "attacked_this_turn": "yes"}]}, "steps[0].attacked_this_turn", ""),
        ({"steps": [{**BEARS, "choices": {"gift": "yes"}}]}, "choices.gift", "true or false"),
        ({"steps": [{**BEARS, "choices": {"mana_by_color": {"X": 1}}}]}, "mana_by_color", ""),
        ({"steps": [{**BEARS, "choices": {"mana_by_color": {"W": -1}}}]}, "mana_by_color.W", ""),
    ],
)
def test_a_malformed_fact_is_refused_naming_its_field(
    extra: dict[str, Any], path: str, words: str
) -> None:
    board = {"players": ["Alice", "Bob"], "steps": [BEARS], **extra}
    with pytest.raises(BoardError) as caught:
        parse_board(board)
    assert path in caught.value.path
    assert words in str(caught.value)


def test_the_facts_a_board_states_are_read_and_the_rest_take_the_games_defaults() -> None:
    stated = parse_board(
        {
            "monarch": "Bob",
            "initiative": "Alice",
            "day_night": "night",
            "completed_dungeon": ["Alice"],
            "this_turn": {
                "cards_drawn": {"Alice": 2},
                "entered": [{"under": "Bob", "types": ["Artifact"]}],
                "committed_crime": ["Bob"],
            },
        }
    )
    assert stated.designations == Designations("Bob", "Alice", "night", frozenset({"Alice"}))
    assert stated.this_turn.cards_drawn == (("Alice", 2),)
    assert stated.this_turn.entered == (EnterRecord("Bob", frozenset({"Artifact"})),)
    assert stated.this_turn.committed_crime == frozenset({"Bob"})
    empty = parse_board({})
    assert empty.designations == Designations()  # no monarch, neither day nor night
    assert empty.this_turn.cards_drawn == () and empty.this_turn.entered == ()


def test_the_steps_add_what_they_draw_and_put_onto_the_battlefield() -> None:
    board = {
        "zones": {"Alice": {"library": 5}},
        "steps": [
            {"enter": "Grizzly Bears", "as": "old", "earlier_turn": True},
            {"enter": "Forest", "as": "forest", "earlier_turn": True},
            BEARS,
            {"cast": "Divination", "as": "div"},
        ],
    }
    turn = evaluate_board(board).game.this_turn
    assert turn.total("cards_drawn", ["Alice"]) == 2
    assert [r.label for r in turn.entered] == ["g"]  # the earlier-turn permanents aren't
    assert turn.land_entered == frozenset()


@pytest.mark.parametrize(
    ("words", "read"),
    [
        ("you're the monarch", Designated("monarch")),
        ("you have the initiative", Designated("initiative")),
        ("you've completed a dungeon", Designated("completed_dungeon")),
        ("it's night", Designated("night")),
        ("you've committed a crime this turn", HappenedThisTurn("you_committed_crime")),
        (
            "you've drawn two or more cards this turn",
            Compare(TurnTotal("cards_drawn", "you"), ">=", 2),
        ),
        ("~ entered this turn", EnteredThisTurn(itself=True)),
        (
            "another creature entered the battlefield under your control this turn",
            EnteredThisTurn(types=frozenset({"Creature"}), other=True),
        ),
        (
            "you had another creature enter the battlefield under your control this turn",
            EnteredThisTurn(types=frozenset({"Creature"}), other=True),
        ),
        (
            "two or more nonland permanents entered the battlefield under your control this turn",
            EnteredThisTurn(not_types=frozenset({"Land"}), minimum=2),
        ),
        (
            "an artifact entered the battlefield under your control this turn",
            EnteredThisTurn(types=frozenset({"Artifact"})),
        ),
    ],
)
def test_history_conditions_are_read_by_their_shape(words: str, read: object) -> None:
    assert history_condition(words, self_is_it=True) == read


def test_it_is_the_card_only_when_nothing_else_was_named() -> None:
    assert history_condition("it entered this turn", self_is_it=False) is None
    assert isinstance(history_condition("it's modified", self_is_it=True), ObjectMatches)
    assert history_condition("it's modified", self_is_it=False) is None
    assert history_condition("a wizard entered under your control this turn", True) is None


def test_an_opponent_controls_no_creatures_asks_each_opponent() -> None:
    # Rankle, Pitiless Trickster (an Alchemy card, so no board): any one opponent (611.3a).
    board = {
        "players": ["Alice", "Bob", "Carol"],
        "steps": [
            {
                "enter": {
                    "name": "Test Rankle",
                    "types": ["Creature"],
                    "power": 1,
                    "toughness": 3,
                    "abilities": [
                        "~ has lifelink and haste as long as an opponent controls no creatures."
                    ],
                },
                "as": "r",
            },
            {"enter": "Grizzly Bears", "as": "b", "controller": "Bob"},
        ],
    }
    abilities = evaluate_board(board).evaluation.chars["r"].abilities
    assert {"Lifelink", "Haste"} <= {a.text for a in abilities}  # Carol controls none
    board["steps"].append({"enter": "Grizzly Bears", "as": "c", "controller": "Carol"})
    abilities = evaluate_board(board).evaluation.chars["r"].abilities
    assert "Lifelink" not in {a.text for a in abilities}


@pytest.mark.parametrize(("earlier", "drawn"), [(False, 1), (True, 0)])
def test_thoughtweft_charge_draws_only_if_a_creature_entered_this_turn(
    earlier: bool, drawn: int
) -> None:
    # Thoughtweft Charge: "If a creature entered the battlefield under your control this
    # turn, draw a card." (CR 608.2c: checked as it resolves).
    board = {
        "zones": {"Alice": {"library": ["Island", "Forest"], "hand": []}},
        "steps": [
            {"enter": "Grizzly Bears", "as": "bear", "earlier_turn": earlier},
            {"cast": "Thoughtweft Charge", "as": "tc", "targets": ["bear"]},
        ],
    }
    game = evaluate_board(board).game
    assert game.this_turn.total("cards_drawn", ["Alice"]) == drawn
    assert sum(1 for o in game.objects if o.owner == "Alice" and o.zone == "hand") == drawn
