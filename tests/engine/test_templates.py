"""The routing tables (oracle/line_templates.py, oracle/templates.py): each example is
routed to its own template."""

from __future__ import annotations

import pytest

from rules_engine.oracle.line_templates import LINE_TEMPLATES, all_templates, route_line
from rules_engine.oracle.parser import parse_ability_text
from rules_engine.oracle.sentences import CLAUSE_READERS
from rules_engine.oracle.templates import (
    SENTENCE_TEMPLATES,
    Builds,
    Reading,
    Scope,
    replaces_events,
    route_sentence,
)
from rules_engine.oracle.text import mark_self


@pytest.mark.parametrize("template", LINE_TEMPLATES, ids=lambda t: t.name)
def test_every_line_template_example_is_routed_to_that_template(template):
    spell = template.builds is Builds.SPELL
    assert route_line(mark_self(template.example, "Example"), spell=spell) is template


@pytest.mark.parametrize("template", SENTENCE_TEMPLATES, ids=lambda t: t.name)
def test_every_sentence_template_example_is_routed_to_that_template(template):
    # As the parser routes it: a spell's sentence, its final period taken off, after an
    # action to destroy (the only thing "It can't be regenerated." needs before it) and after
    # a delayed trigger (what "If you do, ..." continues).
    sentence = mark_self(template.example, "Example")
    reading = Reading(spell=True, sentence=sentence, after_destroy=True, after_delayed=True)
    routed, _ = route_sentence(sentence.rstrip("."), reading, template.scope)
    assert routed is template


def test_template_names_are_unique_and_every_clause_kind_has_a_reader():
    assert len({t.name for t in all_templates()}) == len(all_templates())
    clause_kinds = {t.builds for t in SENTENCE_TEMPLATES if t.scope is Scope.CLAUSE}
    assert clause_kinds <= set(CLAUSE_READERS)


def test_a_player_rule_is_not_read_as_a_one_shot():
    # "Each opponent ..." starts like a one-shot ("Each opponent discards a card"), but a
    # "can't" makes it a rule on players (CR 613.10), routed before the one-shots.
    reading = Reading(spell=False)
    template, _ = route_sentence("your opponents can't cast spells during your turn", reading)
    assert template.builds is Builds.RULE


@pytest.mark.parametrize(
    "sentence",
    [
        "If a card would be put into a graveyard from anywhere, exile it instead.",
        "Prevent all combat damage that would be dealt to you.",
        "Permanents enter tapped.",
        "Creatures your opponents control enter the battlefield tapped.",
        "Skip your draw step.",
        "Your opponents can't gain life.",
        "As long as you have 7 or more life, damage that would reduce your life total to "
        "less than 7 reduces it to 7 instead.",
    ],
)
def test_replacement_sentences_are_recognised_once(sentence):
    assert replaces_events(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Regenerate each creature you control.",  # a one-shot that makes shields (701.19)
        "If Leyline of the Void is in your opening hand, you may begin the game with it "
        "on the battlefield.",  # a rule about starting the game (103.6)
        "As long as it's your turn, creatures you control get +1/+0.",
        'Creatures you control have "If this would die, exile it instead."',  # granted
    ],
)
def test_sentences_that_are_not_replacements(sentence):
    assert not replaces_events(sentence)


def test_unreadable_activated_ability_keeps_the_card_placeable():
    # CR 602.2: it does nothing until it resolves, so it is inert on the board.
    (ability,) = parse_ability_text("{2}: Frobnicate the widget.", "Widget")
    assert ability.kind == "activated"
    assert ability.unreadable is not None and "Frobnicate" in ability.unreadable


def test_additional_costs_and_casting_rules_are_inert():
    (cost,) = parse_ability_text(
        "As an additional cost to cast this spell, sacrifice a creature.", "X", spell=True
    )
    (rule,) = parse_ability_text("Cast Hydroblast only during combat.", "Hydroblast", spell=True)
    assert (cost.kind, rule.kind) == ("additional_cost", "casting_rule")
    assert not cost.effects and not rule.effects


def test_bracketed_loyalty_costs_read_as_loyalty_abilities():
    (ability,) = parse_ability_text("[-3]: Chandra deals 4 damage to target creature.", "Chandra")
    assert (ability.kind, ability.cost) == ("activated", "-3")


def test_a_replacement_the_grammar_does_not_know_is_named_not_refused():
    from rules_engine.ask.characteristics import answer_json, evaluate_board

    board = {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "steps": [
            {
                "enter": {
                    "name": "Odd Charm",
                    "types": ["Enchantment"],
                    "abilities": [
                        "If a player would shuffle their library, that player scries 1 instead."
                    ],
                },
                "as": "charm",
                "controller": "Alice",
            }
        ],
        "ask": {"characteristics": "charm"},
    }
    answer = answer_json(evaluate_board(board))
    (gap,) = answer["not_modelled"]
    assert gap["object"] == "charm" and "shuffle" in gap["ability"]
    assert "614" in gap["why"]


def test_a_keyword_condition_is_named_rather_than_applied_always():
    # "∞ — ..." is a condition the engine doesn't track (CR 702.186): never applied always,
    # and named with the condition (not modelled) rather than refusing the board.
    (ability,) = parse_ability_text("∞ — Creatures you control get +1/+1.", "Case of the Example")
    assert not ability.effects and ability.unread is not None and "∞ condition" in ability.unread


@pytest.mark.parametrize(
    ("line", "kind"),
    [
        ("Solved — Creatures you control get +1/+1.", "SourceStatus"),  # CR 702.169b
        ("Max speed — ~ has flying.", "Designated"),  # CR 702.178a
    ],
)
def test_max_speed_and_solved_apply_only_under_their_condition(line, kind):
    (ability,) = parse_ability_text(line, "Case of the Example")
    assert ability.effects
    assert all(type(e.condition).__name__ == kind for e in ability.effects)


@pytest.mark.parametrize(
    "line",
    ["Max speed — {T}: Add {R}{R}.", "Solved — Sacrifice this Case: Draw a card."],
)
def test_max_speed_and_solved_activated_abilities_keep_their_condition(line):
    # CR 702.178a, 702.169d: the ability exists (can be activated) only while it holds.
    (ability,) = parse_ability_text(line, "Case of the Example")
    assert ability.kind in ("mana", "activated") and ability.exists_if is not None


def test_to_solve_is_a_triggered_ability_with_its_condition():
    # CR 719.3a: "To solve — [condition]" is checked at the beginning of the end step.
    (ability,) = parse_ability_text(
        "To solve — You control three or more artifacts.", "Case of the Filched Falcon"
    )
    assert ability.kind == "triggered" and ability.solve_if is not None


def test_alternative_costs_are_casting_rules():
    # CR 118.9: how the spell was paid for; no board shows it.
    for line in (
        "If you control a Swamp, you may pay 2 life rather than pay Rouse's mana cost.",
        "If you control a Forest, rather than pay Invigorate's mana cost, you may have an "
        "opponent gain 3 life.",
    ):
        name = "Rouse" if "Rouse" in line else "Invigorate"
        (ability,) = parse_ability_text(line, name, spell=True)
        assert ability.kind == "casting_rule"


def test_a_paragraph_of_several_lines_is_routed():
    # A paragraph typed with line breaks inside it is still one paragraph of a spell.
    paragraph = "Choose one —\n• Target player gains 3 life.\n• Draw a card."
    assert route_line(paragraph, spell=True).builds is Builds.SPELL
