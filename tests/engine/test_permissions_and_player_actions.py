"""Issue #27: sentences once refused because no subject was found. Permissions about
casting and playing (oracle/permissions.py) are known inert on a board (CR 613.11); players
acting together and the newer keyword actions are one-shots (oracle/sentence_kinds.py),
performed where the layers see the result (oracle/player_actions.py, oracle/keyword_actions.py)."""

from __future__ import annotations

import time

import pytest

from rules_engine.cards import library_card
from rules_engine.gaps import Status, card_report
from rules_engine.oracle.keyword_actions import expand_keyword_actions
from rules_engine.oracle.permissions import WHY, grants_permission
from rules_engine.oracle.sentence_kinds import ONE_SHOT, performs_actions
from rules_engine.oracle.sentences import parse_effects
from rules_engine.oracle.templates import Builds, Reading, route_sentence

PERMISSIONS = [
    "Until the end of your next turn, you may play those cards",  # Reckless Impulse
    "Until your next end step, you may play those cards",  # Riveteers Charm
    "During your next turn, you may play that card",  # Galvanic Relay
    "For as long as they remain exiled, you may play one of those cards",  # Tezzeret's Reckoning
    "For as long as each of them remain exiled, its owner may play it",  # Divine Purge
    "Once during each of your turns, you may cast a permanent spell with mana value 2 or "
    "less from your graveyard",  # Lurrus of the Dream-Den
    "Once each turn, you may cast a creature spell with power 2 or less from the top of your "
    "library",  # Assemble the Players
    "Once each turn, you may pay {0} rather than pay the mana cost for a colorless spell you "
    "cast from your hand",  # Darksteel Monolith
    "Mana of any type can be spent to cast those spells",  # Azula, Cunning Usurper
    "You can cast spells only during your turn and you can cast no more than two spells each "
    "turn",  # Fires of Invention
    "While voting, you may vote an additional time",  # Tivit, Seller of Secrets
    "The first spell each player casts during each of their turns may be cast without paying "
    "its mana cost",  # Weftwalking
    "If you cast a spell this way, mana of any type can be spent to cast it",  # Bloodsoaked
]


@pytest.mark.parametrize("sentence", PERMISSIONS)
def test_permissions_are_routed_as_permissions(sentence):
    assert grants_permission(sentence)
    template, _ = route_sentence(sentence, Reading(spell=True, sentence=sentence))
    assert template.builds is Builds.PERMISSION


def test_until_end_of_turn_taken_off_still_a_permission():
    # "Until end of turn, you may play those cards." reaches the router without its duration.
    assert grants_permission("you may play those cards", until_eot=True)
    assert not grants_permission("you may play those cards")


@pytest.mark.parametrize(
    "sentence",
    [
        "You may cast that card without paying its mana cost",  # a cast as it resolves
        "Creatures you control get +1/+1",
        "Draw a card",
    ],
)
def test_not_permissions(sentence):
    assert not grants_permission(sentence)


def test_a_permission_is_known_inert_not_refused():
    # CR 613.11, 601.3: a board's steps say what was cast; nothing checks it was allowed.
    out = parse_effects(
        "Exile the top two cards of your library. Until the end of your next turn, you may "
        "play those cards.",
        resolving=True,
    )
    sentence = "Until the end of your next turn, you may play those cards."
    assert (sentence, WHY) in out.inert
    assert all(text != sentence for text, _ in out.gaps)


@pytest.mark.parametrize(
    ("name", "static"),
    [
        ("Dryad of the Ilysian Grove", "You may play an additional land on each of your turns."),
        ("Wickerwing Effigy", ""),
    ],
)
def test_a_card_whose_only_unread_part_was_a_permission_is_fully_read(name, static):
    card = library_card(name)
    assert card is not None
    reports = card_report(card)
    assert all(r.status is not Status.NOT_MODELLED for r in reports), reports
    if static:
        assert any(r.status is Status.INERT and r.why == WHY for r in reports)


@pytest.mark.parametrize(
    "sentence",
    [
        "Two target players each draw a card",  # Huddle Up
        "Up to two target players each draw a card",  # Donatello's Science Lesson
        "You and target opponent each draw three cards",  # Secret Rendezvous
        "Any number of target players may each search their library for a basic land card",
        "Target creature's owner puts it on their choice of the top or bottom of their library",
        "Target artifact or creature's owner puts it on their choice of the top or bottom of "
        "their library",  # Lost in Space
        "That opponent may cast the exiled card without paying its mana cost",
        "Airbend target nonland permanent",
        "Earthbend 3, then earthbend 3",
        "Time travel",
        "You take the initiative",
        "If they do, you incubate 2",
        "As many times as you choose, you may exile the top card of your library",
    ],
)
def test_players_acting_are_one_shots(sentence):
    assert performs_actions(sentence)


def test_a_possessive_owner_changing_a_rule_is_not_a_one_shot():
    assert not performs_actions("Target creature's controller can't cast spells this turn")


def test_owner_puts_it_away_is_performed_as_a_move():
    out = parse_effects(
        "Target creature's owner puts it on their choice of the top or bottom of their library.",
        resolving=True,
    )
    (action,) = out.actions
    assert action.kind == "move" and action.to_zone == "library_top"
    assert action.subject is not None and action.subject.target_slots == (0,)


def test_airbend_exiles_and_initiative_designates():
    out = parse_effects(
        "Airbend up to two target creatures. You take the initiative.", resolving=True
    )
    exile, designate = out.actions
    assert exile.kind == "exile" and exile.subject is not None
    assert designate.kind == "designate" and designate.designation == "initiative"


def test_earthbend_is_read_as_its_definition():
    sentences = expand_keyword_actions(["Earthbend 2."])
    assert sentences[0].startswith("Target land you control becomes a 0/0 land creature")
    assert sentences[1] == "Put 2 +1/+1 counters on it."
    out = parse_effects("Earthbend 2.", resolving=True)
    assert len(out.effects) == 1 and out.actions[0].kind == "counters"
    # CR 603.7: the delayed trigger that returns the land is named, not dropped.
    assert out.unperformed == [sentences[2]]
    # "Earthbend X, where X is ..." is not expanded: a recognised, unperformed one-shot.
    assert expand_keyword_actions(["Then earthbend X, where X is two."])[0].startswith("Then")


def test_double_a_creatures_power_written_first():
    out = parse_effects("Double target creature's power until end of turn.", resolving=True)
    (spec,) = out.effects
    assert spec.until_end_of_turn and spec.parts[0].layer == "7c"


def test_the_new_shapes_run_in_linear_time():
    # Long typed text that almost matches an owner or a permission must fail fast.
    text = "target " + "big red " * 4000 + "creature's owner"
    start = time.perf_counter()
    ONE_SHOT.match(text)
    grants_permission("once each turn, " + "a " * 20000)
    grants_permission("for as long as " + "it " * 20000 + "remains")
    assert time.perf_counter() - start < 1.0


def test_a_permission_after_a_replacement_is_inert_too():
    # Eruth: "If you would draw a card, exile the top two cards of your library instead. You
    # may play those cards this turn." The replacement applies; the permission changes
    # nothing on a board (CR 613.11, 601.3), so nothing is named.
    card = library_card("Eruth, Tormented Prophet")
    assert card is not None
    assert all(r.status is not Status.NOT_MODELLED for r in card_report(card))
