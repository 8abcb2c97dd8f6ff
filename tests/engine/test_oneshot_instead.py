"""A spell's own "instead" whose new part is a one-shot action (oracle/oneshot_instead.py,
CR 614.15, 608.2c), and the reflexive triggers kept with a replacement (CR 603.12)."""

from __future__ import annotations

from rules_engine.cards import library_card
from rules_engine.effects import Not
from rules_engine.gaps import Status, card_report
from rules_engine.oracle.parser import parse_ability_text
from rules_engine.replacement.grammar import read_replacements
from rules_engine.replacement.specs import DamageSpec, Family


def _spell(name: str, paragraph: int = 0):  # type: ignore[no-untyped-def]
    card = library_card(name)
    assert card is not None
    (ability,) = parse_ability_text(card.rules_text[paragraph], card.name, spell=True)
    return ability


def test_regents_authority_makes_one_side_or_the_other() -> None:
    ability = _spell("Regent's Authority")
    plus_two, plus_one = ability.effects
    (counter,) = ability.actions
    # The +2/+2 only if the condition doesn't hold; the counter and +1/+1 only if it does.
    assert isinstance(plus_two.only_if, Not)
    assert counter.kind == "counters" and counter.only_if == plus_two.only_if.condition
    assert plus_one.only_if == counter.only_if
    assert not ability.notes  # nothing left to the replacement grammar


def test_divine_smite_phases_out_only_if_not_black() -> None:
    phase, exile = _spell("Divine Smite").actions
    assert (phase.kind, exile.kind) == ("phase_out", "exile")
    assert isinstance(phase.only_if, Not) and phase.only_if.condition == exile.only_if


def test_an_instead_naming_a_new_target_is_left_named() -> None:
    # Cruel Alliance: "instead exile target creature": one target with other limits, or
    # another? Not read as a one-shot instead (601.2c), so it stays not modelled.
    reports = card_report(library_card("Cruel Alliance"))  # type: ignore[arg-type]
    assert any(r.status is Status.NOT_MODELLED for r in reports)


def test_damage_instead_stays_the_replacement_grammars() -> None:
    # Lithomantic Barrage: the spell's damage self-replacement (616.1a) is still a spec.
    ability = _spell("Lithomantic Barrage", paragraph=1)
    assert len(ability.actions) == 1
    specs, _ = read_replacements(" ".join(ability.notes), "Lithomantic Barrage")
    assert [s.family for s in specs] == [Family.KICKED_DAMAGE]


def test_light_up_the_night_reads_x_plus_one() -> None:
    specs, _ = read_replacements(
        "It deals X plus 1 damage instead if that target is a creature or planeswalker.",
        "Light Up the Night",
    )
    (spec,) = specs
    assert isinstance(spec, DamageSpec) and spec.x_amount and spec.plus == 1


def test_a_reflexive_trigger_is_kept_with_its_replacement() -> None:
    text = (
        "If a nontoken creature an opponent controls would die, exile it instead. When you do, "
        "you may pay {2}. If you do, create a 1/1 black and green Pest creature token."
    )
    specs, skipped = read_replacements(text, "Valentin, Dean of the Vein")
    (spec,) = specs
    assert not skipped
    assert spec.triggers == (
        "When you do, you may pay {2}.",
        "If you do, create a 1/1 black and green Pest creature token.",
    )


def test_if_you_do_after_a_replacement_without_a_trigger_is_not_swallowed() -> None:
    # Only a trigger's "you may" is finished by "If you do" (Valentin); a bare one isn't.
    specs, _ = read_replacements(
        "If a creature an opponent controls would die, exile it instead. If you do, draw a card.",
        "Test Card",
    )
    assert not specs[0].triggers
