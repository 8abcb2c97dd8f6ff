"""More sentence shapes of the replacement and prevention families (CR 614-615).

Each case is a real card's sentence (its current Oracle wording, or the 2019 wording the
library still has) and what the template reads from it; the worked examples that check
what each family then does are under ``tests/boards/replacement-breadth/``.
"""

from __future__ import annotations

import pytest

from rules_engine.effects import Compare, HandSize, Not, SpellsCastThisTurn, YourTurn
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.replacement.grammar import parse_replacements
from rules_engine.replacement.specs import CantSpec, PerPrevented, ReplacementSpec


def one(text: str, name: str = "Example") -> ReplacementSpec:
    specs = parse_replacements(text, name)
    assert len(specs) == 1, specs
    spec = specs[0]
    assert isinstance(spec, ReplacementSpec)
    return spec


@pytest.mark.parametrize(
    ("text", "family", "shield"),
    [
        # Divine Light: "this turn" before the recipient.
        (
            "Prevent all damage that would be dealt this turn to creatures you control.",
            "prevent_shield",
            "this_turn",
        ),
        # Light of Sanction: a recipient and a source.
        (
            "Prevent all damage that would be dealt to creatures you control by sources you "
            "control.",
            "prevent_static",
            None,
        ),
        # Samite Ministration: "this turn" between the recipient and the source.
        (
            "Prevent all damage that would be dealt to you this turn by a source of your choice.",
            "prevent_shield",
            "this_turn",
        ),
        # Chameleon Blur: the source before "would deal to".
        (
            "Prevent all damage that creatures would deal to players this turn.",
            "prevent_shield",
            "this_turn",
        ),
        # Purity.
        ("If noncombat damage would be dealt to you, prevent that damage.", "prevent_static", None),
        ("If a source would deal damage to Example, prevent that damage.", "prevent_static", None),
        (
            "The next time target creature would deal damage this turn, prevent that damage.",
            "prevent_shield",
            "next_time",
        ),
        # Soul Parry, Luminesce.
        (
            "Prevent all damage one or two target creatures would deal this turn.",
            "prevent_shield",
            "this_turn",
        ),
        (
            "Prevent all damage that black sources and red sources would deal this turn.",
            "prevent_shield",
            "this_turn",
        ),
    ],
)
def test_prevention_shapes(text, family, shield):
    spec = one(text)
    assert (spec.family, spec.shield, spec.prevention) == (family, shield, True)


def test_recipient_and_source_are_both_read():
    spec = one("Prevent all damage that would be dealt to you by sources you don't control.")
    assert spec.target is not None and spec.target.players == "you"
    assert spec.source is not None
    assert [f.controller for f in spec.source.filters] == ["not_you"]


def test_noncombat_only_is_kept():
    spec = one("If noncombat damage would be dealt to you, prevent that damage.")
    assert spec.noncombat_only and not spec.combat_only


def test_additional_part_of_a_prevention_is_joined_to_it():
    spec = one(
        "If noncombat damage would be dealt to you, prevent that damage. You gain life equal "
        "to the damage prevented this way."
    )
    assert spec.per_prevented == PerPrevented.LIFE
    spec = one(
        "Prevent the next 3 damage that would be dealt to target creature this turn, and put a "
        "+1/+1 counter on that creature for each 1 damage prevented this way."
    )
    assert (spec.amount, spec.per_prevented) == (3, PerPrevented.COUNTERS)


def test_an_additional_part_with_nothing_before_it_is_refused():
    with pytest.raises(OracleParseError):
        parse_replacements("You gain life equal to the damage prevented this way.", "Example")


@pytest.mark.parametrize(
    ("text", "to", "slot"),
    [
        (
            "All damage that would be dealt to enchanted creature is dealt to its controller "
            "instead.",
            "its_controller",
            None,
        ),
        (
            "All combat damage that would be dealt to you this turn is dealt to target attacking "
            "creature instead.",
            "target",
            0,
        ),
        (
            "All damage that would be dealt this turn to target creature you control by a "
            "source of your choice is dealt to another target creature instead.",
            "target",
            1,
        ),
        (
            "The next 1 damage that would be dealt to target creature this turn is dealt to "
            "another target creature instead.",
            "target",
            1,
        ),
        (
            "The next time a source of your choice would deal damage this turn, that damage is "
            "dealt to that source's controller instead.",
            "source_controller",
            None,
        ),
        (
            "All damage that would be dealt to you is dealt to equipped creature instead.",
            "enchanted",
            None,
        ),
    ],
)
def test_redirection_destinations(text, to, slot):
    spec = one(text)
    assert (spec.family, spec.redirect_to, spec.redirect_slot) == ("redirect", to, slot)


def test_a_condition_wraps_any_template():
    spec = one(
        "As long as Example is untapped, all damage that would be dealt to you by artifacts is "
        "dealt to Example instead."
    )
    assert spec.family == "redirect" and spec.condition is not None
    spec = one("During your turn, prevent all damage that would be dealt to you.")
    assert spec.condition == YourTurn()


def test_a_wrapped_sentence_the_engine_cannot_read_is_refused_not_dropped():
    with pytest.raises(OracleParseError):
        parse_replacements(
            "As long as Example is untapped, if a creature would deal combat damage to you, "
            "prevent it all.",
            "Example",
        )


@pytest.mark.parametrize(
    ("text", "kind", "on_source"),
    [
        (
            "If damage would be dealt to Example, put that many +1/+1 counters on it instead.",
            "+1/+1",
            False,
        ),
        (
            "If damage would be dealt to you, put that many depletion counters on Example instead.",
            "depletion",
            True,
        ),
        (
            "If a source you control would deal noncombat damage to a creature an opponent "
            "controls, put that many -1/-1 counters on that creature instead.",
            "-1/-1",
            False,
        ),
    ],
)
def test_damage_replaced_by_counters(text, kind, on_source):
    spec = one(text)
    assert (spec.family, spec.counter_kind, spec.on_source) == (
        "damage_to_counters",
        kind,
        on_source,
    )
    assert not spec.prevention  # 615.12 doesn't stop it (Soul-Scar Mage ruling)


def test_a_spells_own_instead_is_a_self_replacement_with_its_condition():
    spec = one(
        "Cackling Flames deals 5 damage to that permanent or player instead if you have no "
        "cards in hand.",
        "Cackling Flames",
    )
    assert (spec.family, spec.tier, spec.kicked_amount) == ("kicked_damage", "self", 5)
    assert spec.condition == Compare(HandSize(), "==", 0)
    spec = one("If Example was kicked, it deals 4 damage to that creature instead.")
    assert (spec.kicked, spec.kicked_amount, spec.condition) == (True, 4, None)


@pytest.mark.parametrize(
    "text",
    [
        # What the board doesn't record: refused (then "not modelled"), never read as true.
        # ("if you didn't cast it from your hand" is now stated by choices.cast_from_hand, and
        # "unless you've cast another spell this turn" by the turn's record, this_turn.spells.)
        "Prevent all damage that would be dealt to Example by spells that target it.",
    ],
)
def test_what_cannot_be_checked_on_a_board_is_refused(text):
    with pytest.raises(OracleParseError):
        parse_replacements(text, "Example")


def test_unless_youve_cast_another_spell_reads_the_turns_record():
    spec = one(
        "Example enters with two -1/-1 counters on it unless you've cast another red spell "
        "this turn."
    )
    # "another": not the spell the text is on (CR 601.2i; an entering permanent is none).
    spells = SpellsCastThisTurn(by_you=True, color="R", other=True)
    assert spec.condition == Not(Compare(spells, ">=", 1))


def test_entering_riders():
    spec = one(
        "Vivid Marsh enters the battlefield tapped with two charge counters on it.", "Vivid Marsh"
    )
    assert (spec.family, spec.tapped, spec.amount, spec.counter_kind) == (
        "enter_counters",
        True,
        2,
        "charge",
    )
    spec = one("If Example was kicked, it enters with two +1/+1 counters on it.")
    assert (spec.kicked, spec.amount) == (True, 2)
    spec = one(
        "Ferocious — Example enters with a +1/+1 counter on it if you control a creature with "
        "power 4 or greater."
    )
    assert spec.condition is not None and spec.amount == 1
    spec = one(
        "Undergrowth — Example enters with a +1/+1 counter on it for each creature card in your "
        "graveyard."
    )
    assert spec.count is not None


def test_shock_land_keeps_its_life_payment():
    spec = one(
        "As Example enters the battlefield, you may pay 2 life. If you don't, it enters the "
        "battlefield tapped."
    )
    assert (spec.family, spec.optional, spec.pay_life) == ("enter_tapped", True, 2)
    # A reveal land's "If you don't" costs nothing.
    spec = one(
        "As Example enters, you may reveal a Dragon card from your hand. If you don't, Example "
        "enters tapped."
    )
    assert (spec.optional, spec.pay_life) == (True, 0)


@pytest.mark.parametrize(
    ("text", "zone", "optional"),
    [
        ("If Example would die, return Example to its owner's hand instead.", "hand", False),
        (
            "If Example would die, put Example on top of its owner's library instead.",
            "library_top",
            False,
        ),
        (
            "If Example would be put into a graveyard, you may put it on top of its owner's "
            "library instead.",
            "library_top",
            True,
        ),
        ("If that creature would die this turn, exile it instead.", "exile", False),
    ],
)
def test_somewhere_else_instead_of_the_graveyard(text, zone, optional):
    spec = one(text)
    assert (spec.to_zone, spec.optional) == (zone, optional)


def test_skips_and_draws():
    assert one("Each player skips their untap step.").player == "any"
    spec = one("You skip your next turn.")
    assert (spec.skips, spec.shield) == ("turn", "next_time")
    assert (
        one("If a player would draw a card, that player skips that draw instead.").player == "any"
    )
    specs = parse_replacements(
        "You can't lose the game this turn and your opponents can't win the game this turn.",
        "Angel's Grace",
    )
    assert [s.kind for s in specs if isinstance(s, CantSpec)] == ["lose_game", "win_game"]


def test_optional_entering_counters_and_chosen_color_sources():
    spec = one("You may have Example enter the battlefield with a +1/+1 counter on it.")
    assert (spec.family, spec.optional, spec.amount) == ("enter_counters", True, 1)
    spec = one("Prevent all damage that sources of the color of your choice would deal this turn.")
    assert not spec.source_choice  # the color is chosen, not the source
    assert spec.source is not None and all(f.chosen_color for f in spec.source.filters)
    spec = one("Target player skips their next combat phase this turn.")
    assert (spec.player, spec.skips, spec.shield) == ("target", "combat", "next_time")


@pytest.mark.parametrize(
    "text",
    [
        # The turn's record (board "this_turn" and what the steps did), how the spell was cast
        # (choices.colors_spent), and what its source dealt damage to this turn.
        "Raid — Example enters with a +1/+1 counter on it if you attacked with a creature this "
        "turn.",
        "Example deals 5 damage to that permanent or player instead if a creature died this turn.",
        "Example enters with a +1/+1 counter on it for each color of mana spent to cast it.",
        "If a creature dealt damage this way would die this turn, exile it instead.",
    ],
)
def test_what_the_game_records_is_read(text):
    assert one(text) is not None
