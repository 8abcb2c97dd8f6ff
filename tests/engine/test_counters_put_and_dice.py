"""Conditions on what players did this turn that the turn's record now keeps: counters put
(CR 122.6, 122.6a), dice rolled (706.1), and whether a permanent was cast (601.2); plus the
board facts that state them before the steps, each malformed one refused with its field."""

from __future__ import annotations

import pytest

from rules_engine.board import parse_board
from rules_engine.effects import Compare, Condition, HowCast, TurnTotal
from rules_engine.errors import BoardError
from rules_engine.oracle.conditions import parse_condition
from rules_engine.oracle.parser import parse_ability_text
from rules_engine.turn_deeds import AttackedWithThisTurn, CountersPutRecord, CountersPutThisTurn


@pytest.mark.parametrize(
    ("words", "condition"),
    [
        (
            "you've put one or more +1/+1 counters on ~ this turn",
            CountersPutThisTurn("+1/+1", on_source=True),
        ),
        (
            "you've put one or more +1/+1 counters on a creature this turn",
            CountersPutThisTurn("+1/+1", types=frozenset({"Creature"})),
        ),
        (
            "you've rolled three or more dice this turn",
            Compare(TurnTotal("dice_rolled", "you"), ">=", 3),
        ),
        ("it was cast", Compare(HowCast("was_cast"), ">=", 1)),
        (
            "you attacked with three or more Merfolk this turn",
            AttackedWithThisTurn("Merfolk", 3),
        ),
    ],
)
def test_a_condition_is_read_into_its_typed_value(words: str, condition: Condition) -> None:
    assert parse_condition(words, f"As long as {words}, ~ gets +1/+1.") == condition


def test_counters_put_hold_only_for_the_player_and_kind_and_types() -> None:
    records = (CountersPutRecord("Bob", "+1/+1", frozenset({"Creature"})),)
    on_a_creature = CountersPutThisTurn("+1/+1", types=frozenset({"Creature"}))
    assert on_a_creature.holds(records, "Bob")
    assert not on_a_creature.holds(records, "Alice")  # "you": the effect's controller
    assert not CountersPutThisTurn("-1/-1").holds(records, "Bob")
    assert not CountersPutThisTurn("+1/+1", types=frozenset({"Artifact"})).holds(records, "Bob")


def test_the_boards_counters_and_dice_are_read() -> None:
    board = parse_board(
        {
            "players": ["Alice", "Bob"],
            "this_turn": {
                "counters_put": [{"by": "Alice", "types": ["Creature"]}],
                "dice_rolled": {"Bob": 2},
            },
            "steps": [
                {
                    "enter": "Grizzly Bears",
                    "as": "g",
                    "counters_put_this_turn": [{"by": "Bob", "kind": "shield"}],
                }
            ],
        }
    )
    assert board.this_turn.counters_put == (
        CountersPutRecord("Alice", "+1/+1", frozenset({"Creature"})),
    )
    assert board.this_turn.dice_rolled == (("Bob", 2),)
    assert board.steps[0].counters_put == (("Bob", "shield"),)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("this_turn", "step_extra", "path"),
    [
        ({"counters_put": [{"by": "Carol"}]}, {}, "this_turn.counters_put[0].by"),
        (
            {"counters_put": [{"by": "Alice", "types": ["Bear"]}]},
            {},
            "this_turn.counters_put[0].types",
        ),
        ({"counters_put": {"by": "Alice"}}, {}, "this_turn.counters_put"),
        (
            {},
            {"counters_put_this_turn": [{"by": "Alice", "kind": 3}]},
            "steps[0].counters_put_this_turn[0].kind",
        ),
        ({}, {"counters_put_this_turn": "Alice"}, "steps[0].counters_put_this_turn"),
        ({"attacked_with": [{"by": "Carol"}]}, {}, "this_turn.attacked_with[0].by"),
        ({"attacked_with": [{"by": "Alice", "n": 2}]}, {}, "this_turn.attacked_with[0]"),
    ],
)
def test_a_malformed_fact_is_refused_with_its_field(this_turn, step_extra, path) -> None:
    with pytest.raises(BoardError) as error:
        parse_board(
            {
                "players": ["Alice", "Bob"],
                "this_turn": this_turn,
                "steps": [{"enter": "Grizzly Bears", "as": "g", **step_extra}],
            }
        )
    assert path in str(error.value)


def test_a_cost_to_attack_sized_by_x_is_a_rule_not_a_characteristic() -> None:
    # Nils, Discipline Enforcer: X only sizes the cost to attack (CR 508.1d, 508.1h).
    (ability,) = parse_ability_text(
        "Each creature with one or more counters on it can't attack you or planeswalkers you "
        "control unless its controller pays {X}, where X is the number of counters on that "
        "creature.",
        "Nils, Discipline Enforcer",
    )
    assert not ability.gaps and not ability.effects and ability.rules
    # A characteristic beside the cost is still the grammar's to read or name.
    (other,) = parse_ability_text(
        "Each creature gets +1/+1 and can't attack you unless its controller pays {X}, where X "
        "is the number of experience counters you have.",
        "Some Card",
    )
    assert other.effects or other.gaps


def test_a_triggered_abilitys_mode_may_last_for_as_long_as() -> None:
    # Sauron, Dino Devotee's mode (CR 611.2b): a resolving text's duration.
    (mode,) = parse_ability_text(
        "• Turn People into Dinosaurs — Put a saurian counter on another target creature. It's "
        "a green Dinosaur with base power and toughness 5/5 for as long as it has a saurian "
        "counter on it.",
        "Sauron, Dino Devotee",
    )
    assert not mode.gaps and mode.effects


@pytest.mark.parametrize(
    ("extra", "path"),
    [
        ({"attacked_this_turn": -1}, "steps[0].attacked_this_turn"),
        ({"attacked_this_turn": "twice"}, "steps[0].attacked_this_turn"),
        ({"attacked_this_turn": 2, "attacks_this_game": 1}, "steps[0].attacks_this_game"),
        ({"attacks_this_game": True}, "steps[0].attacks_this_game"),
    ],
)
def test_attack_counts_are_refused_when_malformed(extra, path) -> None:
    with pytest.raises(BoardError) as error:
        parse_board(
            {"players": ["Alice", "Bob"], "steps": [{"enter": "Grizzly Bears", "as": "g", **extra}]}
        )
    assert path in str(error.value)


def test_attack_counts_default_to_this_turns() -> None:
    board = parse_board(
        {
            "players": ["Alice", "Bob"],
            "steps": [{"enter": "Grizzly Bears", "as": "g", "attacked_this_turn": 2}],
        }
    )
    step = board.steps[0]
    assert (step.attacks_this_turn, step.attacks_this_game) == (2, 2)  # type: ignore[union-attr]
    assert step.attacked_this_turn  # type: ignore[union-attr]


def test_attackers_listed_count_among_the_players_attackers() -> None:
    board = parse_board(
        {
            "players": ["Alice", "Bob"],
            "this_turn": {
                "attacked_with": [{"by": "Alice", "subtypes": ["Merfolk"]}] * 2,
                "attackers": {"Alice": 1},
            },
            "steps": [{"enter": "Grizzly Bears", "as": "g"}],
        }
    )
    assert board.this_turn.total("attackers", ["Alice"]) == 2
    assert "Alice" in board.this_turn.attacked  # raid (CR 508.1a)
