"""The one-shot readers of issue 27's shapes (oracle/actions.py, oracle/card_moves.py): each
sentence read into the part the timeline performs, or left to be named (CR 608.2c)."""

from __future__ import annotations

import pytest

from rules_engine.affected import Subject
from rules_engine.one_shot import OneShot
from rules_engine.oracle.actions import parse_one_shot
from rules_engine.oracle.subjects import SubjectContext


def _read(sentence: str) -> OneShot | None:
    body = sentence.rstrip(".")

    def same(subject: Subject) -> Subject:
        return subject

    return parse_one_shot(body, sentence, SubjectContext(), same)


@pytest.mark.parametrize(
    "sentence",
    [
        "Counter target spell.",
        "Counter target noncreature spell.",
        "Counter target creature or planeswalker spell.",
        "Counter target artifact, creature, or planeswalker spell.",
        "Counter target spell with mana value 2 or less.",
    ],
)
def test_counter_target_spell_names_only_spells_on_the_stack(sentence: str) -> None:
    """CR 701.6a: what a counterspell targets is on the stack, each kind of spell it names."""
    action = _read(sentence)
    assert action is not None and action.kind == "counter"
    assert action.subject is not None
    assert {f.zone for f in action.subject.filters} == {"stack"}
    assert not action.unless_paid


def test_counter_unless_its_controller_pays_waits_for_the_payment() -> None:
    """CR 118.12: the spell is countered only if its controller doesn't pay."""
    action = _read("Counter target spell unless its controller pays {2}.")
    assert action is not None and action.kind == "counter" and action.unless_paid


@pytest.mark.parametrize(
    "sentence",
    [
        "Counter target spell, activated ability, or triggered ability.",
        "Counter target spell unless its controller pays {1} for each creature you control.",
        "Counter target triggered ability or colorless spell.",
    ],
)
def test_counters_the_engine_cannot_perform_stay_unread(sentence: str) -> None:
    """Abilities on the stack and counted costs aren't modelled: the caller names them."""
    assert _read(sentence) is None


@pytest.mark.parametrize(
    ("sentence", "kind"),
    [
        ("Suspect it.", "suspect"),
        ("Suspect up to one target creature.", "suspect"),
        ("Goad target creature.", "goad"),
        ("Goad all creatures your opponents control.", "goad"),
    ],
)
def test_suspect_and_goad_are_designations(sentence: str, kind: str) -> None:
    """CR 701.60a (suspect), 701.15a (goad)."""
    action = _read(sentence)
    assert action is not None and action.kind == kind


def test_manifest_dread_by_you_or_by_the_named_player() -> None:
    """CR 701.62a: "Manifest dread." and "Its controller manifests dread."."""
    mine = _read("Manifest dread.")
    theirs = _read("Its controller manifests dread.")
    assert mine is not None and mine.kind == "manifest_dread" and mine.players == "you"
    assert theirs is not None and theirs.players == "controller"


def test_a_counter_on_each_of_up_to_three_targets() -> None:
    """CR 115.1d: "each of up to three target creatures": three target slots, each acted on."""
    action = _read("Put a +1/+1 counter on each of up to three target creatures.")
    assert action is not None and action.kind == "counters"
    assert action.subject is not None and len(action.subject.target_slots) == 3


@pytest.mark.parametrize(
    ("sentence", "counters"),
    [
        (
            "Return target creature card from your graveyard to the battlefield with two "
            "additional +1/+1 counters on it.",
            (("+1/+1", 2),),
        ),
        (
            "Return target creature card from your graveyard to the battlefield.",
            (),
        ),
    ],
)
def test_returned_with_counters_enters_with_them(
    sentence: str, counters: tuple[tuple[str, int], ...]
) -> None:
    """CR 614.1c: the counters a returned card enters with."""
    action = _read(sentence)
    assert action is not None and action.kind == "reanimate"
    assert action.enter_counters == counters


def test_a_target_that_is_one_of_two_colors() -> None:
    """ "target creature or planeswalker that's green or white": either color (CR 105.2)."""
    action = _read("Destroy target creature or planeswalker that's green or white.")
    assert action is not None and action.kind == "destroy" and action.subject is not None
    assert all(f.colors == {"G", "W"} for f in action.subject.filters)


def test_an_x_by_x_token_is_one_token_of_the_amount() -> None:
    """CR 107.3a, 608.2h: "an X/X ... token, where X is ...": one token, X counted."""
    action = _read(
        "Create an X/X green Elemental creature token, where X is the greatest power among "
        "creatures you control."
    )
    assert action is not None and action.kind == "tokens"
    assert action.amount_of == "greatest power" and "X/X" in action.token


def test_a_counter_on_a_creature_you_control_is_one_chosen() -> None:
    """CR 608.2d: "on a creature you control" chooses one as it resolves, no target."""
    action = _read("Put a menace counter on a creature you control.")
    assert action is not None and action.kind == "counters" and action.chosen_one
    assert action.subject is not None and action.subject.kind == "filter"


@pytest.mark.parametrize(
    ("sentence", "players"),
    [("Incubate 3.", "you"), ("Its controller incubates 2.", "controller")],
)
def test_incubate_makes_an_incubator_with_counters(sentence: str, players: str) -> None:
    """CR 701.53a: an Incubator artifact token with N +1/+1 counters on it."""
    action = _read(sentence)
    assert action is not None and action.kind == "incubate" and action.players == players
    assert action.counter_kind == "+1/+1" and "Incubator" in action.token


def test_damage_to_each_opponent_and_each_creature_they_control() -> None:
    """CR 120.1, 608.2c: the opponents and their creatures are dealt it at once."""
    action = _read("~ deals 1 damage to each opponent and each creature they control.")
    assert action is not None and action.kind == "damage"
    assert action.players == "each_opponent" and action.subject is not None
    assert all(f.controller == "opponent" for f in action.subject.filters)


def test_distributed_counters_are_divided_among_the_targets() -> None:
    """CR 601.2d: "Distribute four +1/+1 counters among up to four target creatures"."""
    action = _read("Distribute four +1/+1 counters among up to four target creatures you control.")
    assert action is not None and action.kind == "counters" and action.divided
    assert action.n == 4 and action.subject is not None
    assert len(action.subject.target_slots) == 4
