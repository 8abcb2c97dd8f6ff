"""Sentence shapes of the layer grammar for continuous effects and CDAs (issue #13).

Each case is a real card's sentence and what the grammar reads from it; the worked
examples that check what each family then does are under
``tests/boards/continuous-breadth/``.
"""

from __future__ import annotations

import pytest

from rules_engine.effects import (
    Compare,
    Const,
    CountAtLeast,
    CountersOnSource,
    CountObjects,
    EffectSpec,
    HandSize,
    ModifyPT,
    Negate,
    Not,
    ObjectMatches,
    SetPT,
    SourceStatus,
    Sum,
    Times,
)
from rules_engine.oracle.parser import parse_ability_text
from rules_engine.oracle.subjects import ANY_NUMBER_OF_TARGETS


def effects(text: str, name: str = "Example", *, spell: bool = False) -> tuple[EffectSpec, ...]:
    (ability,) = parse_ability_text(text, name, spell=spell)
    assert not ability.gaps, ability.gaps
    return ability.effects


def cda(text: str, name: str) -> SetPT:
    (spec,) = effects(text, name)
    (part,) = spec.parts
    assert spec.cda and part.layer == "7a"
    assert isinstance(part.action, SetPT)
    return part.action


# --- Counting expressions (CR 604.3, 613.4a) ------------------------------------------


def test_a_number_plus_a_count():
    pt = cda(
        "Allosaurus Rider's power and toughness are each equal to 1 plus the number of lands "
        "you control.",
        "Allosaurus Rider",
    )
    assert isinstance(pt.power, Sum) and pt.power.left == Const(1)
    assert isinstance(pt.power.right, CountObjects)


def test_a_count_plus_a_count():
    pt = cda(
        "Soulless One's power and toughness are each equal to the number of Zombies on the "
        "battlefield plus the number of Zombie cards in all graveyards.",
        "Soulless One",
    )
    assert isinstance(pt.power, Sum)
    left, right = pt.power.left, pt.power.right
    assert isinstance(left, CountObjects) and isinstance(right, CountObjects)
    assert left.subject.filters[0].zone == "battlefield"
    assert right.subject.filters[0].zone == "graveyard"


def test_minus_binds_left_to_right():
    # "a minus b plus c" is (a - b) + c.
    pt = cda("~'s power is equal to 7 minus the number of cards in your hand plus 1.", "X")
    assert pt.power == Sum(Sum(Const(7), Negate(HandSize())), Const(1))


def test_twice_a_count_of_counters():
    pt = cda(
        "Mwonvuli Ooze's power and toughness are each equal to 1 plus twice the number of age "
        "counters on it.",
        "Mwonvuli Ooze",
    )
    assert pt.power == Sum(Const(1), Times(2, CountersOnSource("age")))


def test_the_chosen_players_hand():
    pt = cda(
        "Entropic Specter's power and toughness are each equal to the number of cards in the "
        "chosen player's hand.",
        "Entropic Specter",
    )
    assert pt.power == HandSize(who="chosen")


def test_a_post_modifier_is_shared_by_a_list_of_bare_nouns():
    pt = cda(
        "Aysen Crusader's power and toughness are each equal to 2 plus the number of Soldiers "
        "and Warriors you control.",
        "Aysen Crusader",
    )
    assert isinstance(pt.power, Sum) and isinstance(pt.power.right, CountObjects)
    assert {f.controller for f in pt.power.right.subject.filters} == {"you"}


# --- Subjects ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "check"),
    [
        ("Creatures with no abilities get +2/+2.", lambda f: f.no_abilities),
        ("Face-down creatures get +1/+1.", lambda f: f.face_down is True),
        ("Creatures with no counters on them get -2/-2.", lambda f: f.no_counters),
        (
            "~ gets +1/+1 for each other creature on the battlefield named ~.",
            lambda f: f is not None,
        ),
    ],
)
def test_subject_words(text, check):
    (spec,) = effects(text, "Example")
    part = spec.parts[0].action
    if isinstance(part, ModifyPT) and isinstance(part.power, Times):
        counted = part.power.expr
        assert isinstance(counted, CountObjects)
        assert counted.subject.filters[0].named_as_source
        return
    assert check(spec.subject.filters[0])


def test_either_status_is_two_alternatives_for_one_target():
    (spec,) = effects(
        "Target attacking or blocking creature gets +4/+0 until end of turn.", spell=True
    )
    assert spec.subject.target_slots == (0,)
    filters = spec.subject.filters
    assert [(f.attacking, f.blocking) for f in filters] == [(True, None), (None, True)]


def test_color_alternatives_are_one_filter():
    (spec,) = effects("Target red or white creature gets +1/+1 until end of turn.", spell=True)
    assert spec.subject.filters[0].colors == frozenset({"R", "W"})


def test_post_modifiers_belong_to_every_alternative():
    (spec,) = effects(
        "Target artifact or creature you control gains indestructible until end of turn.",
        spell=True,
    )
    assert {f.controller for f in spec.subject.filters} == {"you"}


def test_any_number_of_targets():
    (spec,) = effects(
        "Any number of target creatures each get +1/+1 and gain indestructible until end of turn.",
        spell=True,
    )
    assert len(spec.subject.target_slots) == ANY_NUMBER_OF_TARGETS
    assert spec.min_targets == 0


# --- Conditions (CR 611.3a) ----------------------------------------------------------


def condition(text: str, name: str = "Example"):
    (spec,) = effects(text, name)
    return spec.condition


def test_status_of_it():
    cond = condition("~ has first strike as long as it's attacking.")
    assert isinstance(cond, SourceStatus) and cond.status == "attacking"
    cond = condition("~ gets +0/+3 as long as it's untapped.")
    assert isinstance(cond, SourceStatus) and cond.status == "untapped"


def test_isnt_is_the_opposite():
    cond = condition("As long as ~ isn't attacking, it gets +1/+1.")
    assert isinstance(cond, Not) and isinstance(cond.condition, SourceStatus)


def test_a_status_per_affected_object_narrows_the_group():
    # "it" is each creature in turn (CR 611.3a): the status is a test on each one, never a
    # condition on the effect as a whole (oracle/per_object.py).
    (ability,) = parse_ability_text(
        "Each untapped creature you control gets +0/+2 as long as it's not attacking.", "X"
    )
    (spec,) = ability.effects
    assert spec.condition is None and not ability.gaps
    (wanted,) = spec.subject.filters
    assert wanted.tapped is False and wanted.attacking is False and wanted.controller == "you"


def test_counters_at_least():
    cond = condition("As long as ~ has three or more +1/+1 counters on it, it has trample.")
    assert cond == SourceStatus("counter", cond.subject, counter_kind="+1/+1", minimum=3)
    cond = condition("As long as ~ has no shell counters on it, it gets +3/+2 and has flying.")
    assert isinstance(cond, Not) and cond.condition.counter_kind == "shell"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("~ has shadow as long as you have no cards in hand.", Compare(HandSize(), "==", 0)),
        (
            "As long as you have seven or more cards in hand, ~ gets +2/+1.",
            Compare(HandSize(), ">=", 7),
        ),
        (
            "~ gets +1/+1 as long as an opponent has no cards in hand.",
            Compare(HandSize(), "==", 0, who="opponent"),
        ),
    ],
)
def test_cards_in_hand(text, expected):
    assert condition(text) == expected


def test_controls_none():
    cond = condition("~ has fear as long as you control no untapped lands.")
    assert isinstance(cond, CountAtLeast) and (cond.minimum, cond.op) == (0, "<=")
    cond = condition("~ has haste as long as no opponent controls a white or blue creature.")
    assert isinstance(cond, Not)


def test_otherwise_is_the_opposite_of_the_sentence_before():
    first, second = effects(
        "Enchanted creature gets +0/+2 as long as it's a Pirate. Otherwise, it gets -2/-0.",
        "Sea Legs",
    )
    assert isinstance(first.condition, ObjectMatches)
    assert second.condition == Not(first.condition)
    assert second.subject == first.subject


def test_otherwise_without_a_condition_is_a_gap():
    (ability,) = parse_ability_text("~ gets +1/+1. Otherwise, it gets -1/-1.", "X")
    assert ability.gaps


def test_additional_and_also():
    (spec,) = effects("As long as equipped creature is a Human, it gets an additional +1/+0.")
    assert spec.parts[0].action == ModifyPT(Const(1), Const(0))
    (spec,) = effects(
        "White creatures you control also gain first strike until end of turn.", spell=True
    )
    assert spec.until_end_of_turn and spec.parts[0].layer == "6"


def test_a_deck_rule_is_no_continuous_effect():
    (ability,) = parse_ability_text("A deck can have any number of cards named ~.", "Rats")
    assert not ability.gaps and not ability.effects
