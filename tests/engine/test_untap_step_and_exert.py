"""Static abilities that work only in an untap step (CR 502.3) or as a creature is declared
an attacker (exert, 508.1g, with its linked "When you do", 607.2): a board plays neither,
so each is known inert there, with its rule, instead of being named as a gap."""

from __future__ import annotations

import pytest

from rules_engine.cards import library_card
from rules_engine.gaps import Status, card_report
from rules_engine.oracle.sentences import parse_effects


@pytest.mark.parametrize(
    ("name", "rule"),
    [
        ("Endoskeleton", "CR 502.3"),  # "You may choose not to untap ~ during ..."
        ("Vedalken Shackles", "CR 502.3"),
        ("Seedborn Muse", "CR 502.3"),  # "Untap all permanents you control during ..."
        ("Murkfiend Liege", "CR 502.3"),
        ("Endbringer", "CR 502.3"),  # "Untap ~ during each other player's untap step."
        ("Gust Walker", "CR 508.1g"),  # "You may exert ~ as it attacks. When you do, ..."
        ("Combat Celebrant", "CR 508.1g"),  # "If ~ hasn't been exerted this turn, ..."
        ("Themberchaud", "CR 508.1g"),  # "... as he attacks."
        ("Clockwork Droid", "CR 508.1g"),  # "When you do" of two clauses
    ],
)
def test_an_untap_step_or_exert_sentence_is_inert_with_its_rule(name, rule):
    card = library_card(name)
    assert card is not None
    reports = card_report(card)
    assert not [r for r in reports if r.status is Status.NOT_MODELLED], reports
    assert any(r.status is Status.INERT and rule in r.why for r in reports), reports


def test_a_when_you_do_without_exert_before_it_is_not_taken_for_exert():

    read = parse_effects("When you do, it gets +1/+1 until end of turn.", resolving=False)
    assert not read.inert


@pytest.mark.parametrize(
    "name",
    [
        "Andrios, Roaming Explorer",  # "As long as ~ is attacking, tapped creatures ..."
        "Elturel Survivors",  # "As long as ~ is attacking, it gets +X/+0, where X ..."
        "Sting, the Glinting Dagger",  # "... as long as it's blocking or blocked by a Goblin"
    ],
)
def test_an_effect_needing_combat_is_inert_with_its_rule(name):
    card = library_card(name)
    assert card is not None
    reports = card_report(card)
    assert not [r for r in reports if r.status is Status.NOT_MODELLED], reports
    assert any(r.status is Status.INERT and "CR 511.3" in r.why for r in reports), reports


@pytest.mark.parametrize(
    "sentence",
    [
        # A condition that isn't about combat alone stays the grammar's to read or name.
        "As long as ~ is attacking and you control a Goblin, it gets +X/+0, where X is the "
        "number of lands defending player controls.",
        "~ has first strike as long as it's attacking or you control an Orc named Bob.",
        "Attacking creatures get +X/+0 until end of turn and you draw a card, where X is 2.",
    ],
)
def test_a_condition_beyond_combat_is_not_taken_for_combat_only(sentence):
    from rules_engine.oracle.untap_step import combat_only

    assert not combat_only(sentence)
