"""The conditions of oracle/turn_conditions.py (what happened this turn, how a spell was cast)
and the board facts that answer them (rules_engine/board_deeds.py,
docs/board-format-extensions.md): each read into its typed condition, each malformed fact
refused with its field named."""

from __future__ import annotations

import pytest

from rules_engine.board import parse_board
from rules_engine.effects import (
    AllOf,
    Compare,
    Condition,
    CreaturesDiedThisTurn,
    EnteredThisTurn,
    HowCast,
    LifeTotal,
    Not,
    SourceStatus,
    SpellsCastThisTurn,
    TurnTotal,
    VarX,
)
from rules_engine.oracle.conditions import parse_condition
from rules_engine.turn_deeds import SacrificedThisTurn, SacrificeRecord

BEARS = {"enter": "Grizzly Bears", "as": "g"}


@pytest.mark.parametrize(
    ("words", "condition"),
    [
        (
            "you attacked with three or more creatures this turn",
            Compare(TurnTotal("attackers", "you"), ">=", 3),
        ),
        ("you sacrificed a permanent this turn", SacrificedThisTurn()),
        ("you've sacrificed an artifact this turn", SacrificedThisTurn(frozenset({"Artifact"}))),
        (
            "you sacrificed two or more creatures this turn",
            SacrificedThisTurn(frozenset({"Creature"}), 2),
        ),
        (
            "two or more creatures died under your control this turn",
            Compare(TurnTotal("creatures_died_under", "you"), ">=", 2),
        ),
        ("three or more creatures died this turn", Compare(CreaturesDiedThisTurn(), ">=", 3)),
        (
            "you've cast two or more noncreature spells this turn",
            Compare(SpellsCastThisTurn(by_you=True, not_types=frozenset({"Creature"})), ">=", 2),
        ),
        (
            "you haven't cast a spell this turn",
            Not(Compare(SpellsCastThisTurn(by_you=True), ">=", 1)),
        ),
        (
            "an opponent has cast a spell this turn",
            Compare(SpellsCastThisTurn(by_you=True), ">=", 1, who="opponent"),
        ),
        ("the gift was promised", Compare(HowCast("gift"), ">=", 1)),
        ("this spell was bargained", Compare(HowCast("bargained"), ">=", 1)),
        (
            "at least three white mana was spent to cast this spell",
            Compare(HowCast("mana_W"), ">=", 3),
        ),
        (
            "at least three mana of the same color was spent to cast ~",
            Compare(HowCast("most_of_one_color"), ">=", 3),
        ),
        ("X is 10 or more", Compare(VarX(), ">=", 10)),
        ("you gained 3 or more life this turn", Compare(TurnTotal("life_gained", "you"), ">=", 3)),
        ("you've drawn a card this turn", Compare(TurnTotal("cards_drawn", "you"), ">=", 1)),
        ("your life total is 5 or less", Compare(LifeTotal(), "<=", 5)),
        (
            "another Knight entered under your control this turn",
            EnteredThisTurn(subtypes=frozenset({"Knight"}), other=True),
        ),
    ],
)
def test_a_condition_is_read_into_its_typed_value(words: str, condition: Condition) -> None:
    assert parse_condition(words, f"As long as {words}, ~ gets +1/+1.") == condition


def test_it_attacked_names_the_object_and_exactly_counts_both_ways() -> None:
    attacked = parse_condition("~ attacked this turn", "s")
    assert isinstance(attacked, SourceStatus) and attacked.status == "attacked_this_turn"
    exact = parse_condition("~ is enchanted by exactly two Auras", "s")
    assert isinstance(exact, AllOf)
    held, not_more = exact.conditions
    assert isinstance(held, SourceStatus) and held.minimum == 2
    assert isinstance(not_more, Not)


def test_the_turns_deeds_are_read_and_agree_with_the_older_facts() -> None:
    board = parse_board(
        {
            "players": ["Alice", "Bob"],
            "this_turn": {
                "creatures_died_under": {"Alice": 2},
                "attackers": {"Bob": 3},
                "sacrificed": [{"by": "Alice", "types": ["Artifact"]}],
            },
            "steps": [{**BEARS, "choices": {"gift": True, "mana_by_color": {"G": 2}}}],
        }
    )
    turn = board.this_turn
    assert turn.creatures_died == 2 and turn.creature_died  # CR 700.4: they died
    assert "Bob" in turn.attacked  # a player who attacked with creatures attacked
    assert turn.sacrificed == (SacrificeRecord("Alice", frozenset({"Artifact"})),)
