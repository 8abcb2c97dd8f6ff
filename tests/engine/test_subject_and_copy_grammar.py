"""Subjects, predicates and copy exceptions of newer cards (issue #27).

Each case is a real card's current Oracle sentence and what the layer grammar reads from
it; the worked examples are under ``tests/boards/continuous-breadth/`` and
``tests/boards/copy/``.
"""

from __future__ import annotations

import pytest

from rules_engine.effects import AbilityChange, CopyOf, PlayerGrant, TypeChange
from rules_engine.oracle.copies import copy_exceptions
from rules_engine.oracle.parser import parse_ability_text
from rules_engine.oracle.sentence_state import PLAYER_PART


def test_is_also_adds_creature_types_as_its_own_types():
    """CR 205.1b, 604.3: "~ is also a Cleric, Rogue, Warrior, and Wizard" (Tajuru Paragon)."""
    (ability,) = parse_ability_text(
        "Tajuru Paragon is also a Cleric, Rogue, Warrior, and Wizard.", "Tajuru Paragon"
    )
    (spec,) = ability.effects
    (part,) = spec.parts
    assert spec.cda and part.layer == "4"
    assert isinstance(part.action, TypeChange)
    assert part.action.add_subtypes == {"Cleric", "Rogue", "Warrior", "Wizard"}
    assert part.action.set_subtypes is None and part.action.retain


def test_its_with_a_capital_after_a_one_shot_names_the_returned_card():
    """CR 608.2c: "It's a Spirit in addition to its other types." (Call a Surprise Witness)."""
    (ability,) = parse_ability_text(
        "Return target creature card with mana value 3 or less from your graveyard to the "
        "battlefield. Put a flying counter on it. It's a Spirit in addition to its other types.",
        "Call a Surprise Witness",
        spell=True,
    )
    (spec,) = ability.effects
    assert spec.subject.kind == "targets"
    (part,) = spec.parts
    assert isinstance(part.action, TypeChange) and part.action.add_subtypes == {"Spirit"}


@pytest.mark.parametrize(
    ("exception", "expected"),
    [
        # Electroduplicate, Kindle the Inner Flame: a keyword and a quoted ability (707.9b).
        (
            'it has haste and "At the beginning of the end step, sacrifice this token."',
            {
                "except_abilities": (
                    "Haste",
                    "At the beginning of the end step, sacrifice this token.",
                )
            },
        ),
        # Aggressive Biomancy: "they have" is each token's "it has".
        (
            'they have "When this token enters, it fights up to one target creature you '
            "don't control.\"",
            {
                "except_abilities": (
                    "When this token enters, it fights up to one target creature you don't "
                    "control.",
                )
            },
        ),
        # Ember Island Production: "it's not legendary".
        (
            "it's not legendary and it's a 4/4 Hero in addition to its other types",
            {
                "except_not_supertypes": {"Legendary"},
                "except_subtypes": {"Hero"},
                "except_pt": (4, 4),
            },
        ),
        # Rebuild the City: plural types and "their other types".
        (
            "they're 3/3 creatures in addition to their other types and they have vigilance "
            "and menace",
            {
                "except_types": {"Creature"},
                "except_pt": (3, 3),
                "except_abilities": ("Vigilance", "Menace"),
            },
        ),
        # Chameleon, Master of Disguise; Superior Spider-Man: "his name", "he's".
        ("his name is ~", {"except_name": "~"}),
        (
            "his name is ~ and he's a 4/4 Spider Human Hero in addition to his other types",
            {"except_name": "~", "except_subtypes": {"Spider", "Human", "Hero"}},
        ),
    ],
)
def test_copy_exceptions_of_newer_cards(exception: str, expected: dict[str, object]) -> None:
    copy = copy_exceptions(exception, exception)
    assert isinstance(copy, CopyOf)
    for field, value in expected.items():
        assert getattr(copy, field) == value, field


def test_a_copy_of_a_land_card_in_a_graveyard():
    """Echoing Deeps: the subject reads "in a graveyard" as the graveyard zone."""
    (ability,) = parse_ability_text(
        "You may have this land enter tapped as a copy of any land card in a graveyard, except "
        "it's a Cave in addition to its other types.",
        "Echoing Deeps",
    )
    assert ability.copy is not None and ability.copy.enters_tapped
    assert ability.copy_subject is not None
    assert {f.zone for f in ability.copy_subject.filters} == {"graveyard"}


def test_you_and_permanents_split_into_the_objects_effect_and_the_players_part():
    """CR 613.1f, 613.10, 702.11d: Lazotep Plating's permanents gain hexproof in layer 6; the
    player's hexproof is kept for the targeting check, not dropped."""
    (ability,) = parse_ability_text(
        "You and permanents you control gain hexproof until end of turn.",
        "Lazotep Plating",
        spell=True,
    )
    (spec,) = ability.effects
    assert spec.until_end_of_turn
    (part,) = spec.parts
    assert part.layer == "6" and isinstance(part.action, AbilityChange)
    assert part.action.grant == ("Hexproof",)
    assert not ability.gaps
    assert ability.player_grants == (
        PlayerGrant(
            "You and permanents you control gain hexproof until end of turn.", "you", "hexproof"
        ),
    )


def test_a_static_you_and_keeps_the_players_part_as_a_rule():
    """Gor Muldrak: the permanents get protection (layer 6); "you ... have protection" stays
    a rule the targeting check reads (CR 702.16j)."""
    text = "You and permanents you control have protection from Salamanders."
    (ability,) = parse_ability_text(text, "Gor Muldrak, Amphinologist")
    (spec,) = ability.effects
    assert spec.parts[0].layer == "6"
    assert text in ability.rules and not ability.gaps


def test_a_player_gaining_hexproof_is_kept_for_the_targeting_check():
    """Blossoming Calm: "You gain hexproof until your next turn." (CR 702.11d, 613.10)."""
    (ability,) = parse_ability_text(
        "You gain hexproof until your next turn. You gain 2 life.", "Blossoming Calm", spell=True
    )
    assert not ability.gaps
    assert [(g.who, g.ability) for g in ability.player_grants] == [("you", "hexproof")]


def test_players_gain_hexproof_is_every_player():
    """Everybody Lives!: "Players gain hexproof until end of turn." (CR 613.10, 702.11d)."""
    (ability,) = parse_ability_text(
        "Players gain hexproof until end of turn.", "Everybody Lives!", spell=True
    )
    assert [(g.who, g.ability) for g in ability.player_grants] == [("each", "hexproof")]


def test_a_players_hexproof_from_a_quality_stays_named():
    """Veil of Summer: a player's "hexproof from blue and from black" (CR 702.11d-e) isn't
    read; it stays named in not_modelled."""
    text = (
        "You and permanents you control gain hexproof from blue and from black until end of turn."
    )
    (ability,) = parse_ability_text(text, "Veil of Summer", spell=True)
    assert not ability.player_grants
    assert [why for _, why in ability.gaps] == [PLAYER_PART]


def test_up_to_one_other_target_is_its_own_optional_target():
    """CR 601.2c, 115.3: Hostile Takeover's two "up to one" targets may both be missing."""
    (ability,) = parse_ability_text(
        "Up to one target creature has base power and toughness 1/1 until end of turn. Up to "
        "one other target creature has base power and toughness 4/4 until end of turn.",
        "Hostile Takeover",
        spell=True,
    )
    first, second = ability.effects
    assert first.subject.target_slots == (0,) and second.subject.target_slots == (1,)
    assert second.subject.up_to and second.min_targets == 0


def test_those_creatures_after_a_list_of_targets_are_all_of_them():
    """CR 608.2c: Arm the Cathars' "Those creatures" are its three targets."""
    (ability,) = parse_ability_text(
        "Until end of turn, target creature gets +3/+3, up to one other target creature gets "
        "+2/+2, and up to one other target creature gets +1/+1. Those creatures gain vigilance "
        "until end of turn.",
        "Arm the Cathars",
        spell=True,
    )
    *pumps, vigilance = ability.effects
    assert [spec.subject.target_slots for spec in pumps] == [(0,), (1,), (2,)]
    assert vigilance.subject.target_slots == (0, 1, 2)
    assert max(s.min_targets if s.min_targets is not None else s.targets_used for s in pumps) == 1


def test_heroes_is_the_plural_of_hero():
    (ability,) = parse_ability_text("Heroes you control get +2/+2.", "Avengers Assemble!")
    (spec,) = ability.effects
    assert spec.subject.filters[0].subtypes == {"Hero"}


@pytest.mark.parametrize(
    ("text", "name"),
    [
        (
            "Instant and sorcery spells you cast cost {X} less to cast, where X is ~'s power.",
            "Vadrik, Astral Archmage",
        ),
        (
            "Activated abilities of creatures you control cost {X} less to activate, where X is "
            "Agatha's power.",
            "Agatha of the Vile Cauldron",
        ),
    ],
)
def test_a_cost_change_with_its_x_is_a_casting_rule(text: str, name: str) -> None:
    """CR 601.2f: the X of a cost change is counted as the cost is paid; nothing on a board."""
    (ability,) = parse_ability_text(text, name)
    assert ability.kind == "casting_rule" and not ability.gaps


def test_a_reflexive_trigger_after_entering_as_a_copy_is_named():
    """CR 603.12: Wall of Stolen Identity's "When you do, ..." is split from the copy
    sentence (707.9b) and named in not_modelled rather than read as the exception."""
    from rules_engine.oracle.parser import REFLEXIVE_AFTER_COPY

    (ability,) = parse_ability_text(
        "You may have this creature enter as a copy of any creature on the battlefield, except "
        "it's a Wall in addition to its other types and has defender. When you do, tap the "
        "copied creature and it doesn't untap during its controller's untap step for as long "
        "as you control this creature.",
        "Wall of Stolen Identity",
    )
    assert ability.kind == "copy" and ability.copy is not None
    assert ability.copy.except_subtypes == {"Wall"}
    assert ability.copy.except_abilities == ("Defender",)
    assert [why for _, why in ability.gaps] == [REFLEXIVE_AFTER_COPY]
