"""A condition on "it" after a group is checked for each object (CR 611.3a): the effect
applies to the objects for which it holds, not to the whole group as soon as one does
(rules_engine/oracle/per_object.py)."""

from __future__ import annotations

import pytest

from rules_engine.affected import Filter
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.oracle.parser import parse_ability_text
from tests.engine.boards import evaluated

DEPALA = "static-breadth/depala-pilot-exemplar-only-the-vehicle-creature.json"


def test_depala_bonus_is_not_traced_on_the_vehicle_that_is_no_creature() -> None:
    answer = evaluated(DEPALA).answer
    bonus = [t for t in answer["trace"] if t["text"].startswith("Each Vehicle")]
    assert [t["applies_to"] for t in bonus] == [["walker"]]


def test_the_condition_narrows_the_group() -> None:
    (ability,) = parse_ability_text(
        "Each Vehicle you control gets +1/+1 as long as it's a creature.", "Depala"
    )
    (spec,) = ability.effects
    assert spec.condition is None
    (wanted,) = spec.subject.filters
    assert wanted.subtypes == frozenset({"Vehicle"})
    assert wanted.types == frozenset({"Creature"})
    assert wanted.controller == "you"


def test_a_condition_on_the_game_stays_a_condition() -> None:
    (ability,) = parse_ability_text(
        "Each Vehicle you control gets +1/+1 as long as it's your turn.", "Invented"
    )
    (spec,) = ability.effects
    assert spec.condition is not None
    assert spec.subject.filters[0] == Filter(subtypes=frozenset({"Vehicle"}), controller="you")


@pytest.mark.parametrize(
    "text",
    ["Each creature you control gets +1/+1 as long as it attacked this turn."],
)
def test_a_condition_on_it_not_said_as_a_filter_is_refused(text: str) -> None:
    try:
        (ability,) = parse_ability_text(text, "Invented")
    except OracleParseError:
        return
    assert not ability.effects, "read with the group's condition checked once"
