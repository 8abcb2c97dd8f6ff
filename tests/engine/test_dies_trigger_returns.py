"""A "dies" trigger's "return that card to the battlefield" (CR 603.10a, 700.4): the card the
trigger watched, from its owner's graveyard; a sentence whose card the engine can't tell is
named, never performed on the wrong card (issue: Unholy Indenture resolved as nothing)."""

from __future__ import annotations

import pytest

from rules_engine.oracle.parser import parse_trigger_effect


def test_enchanted_creature_dies_returns_that_card_from_the_graveyard() -> None:
    """Unholy Indenture: the card the Aura enchanted, under the Aura's controller's control
    (the "you" of the ability, 110.2a), with a +1/+1 counter (614.1c)."""
    text = (
        "When enchanted creature dies, return that card to the battlefield under your control "
        "with a +1/+1 counter on it."
    )
    parsed = parse_trigger_effect(text, "Unholy Indenture")
    (action,) = parsed.actions
    assert action.kind == "reanimate"
    assert action.subject is not None and action.subject.kind == "left_host"
    assert action.from_zone == "graveyard"
    assert action.players == "you"
    assert action.enter_counters == (("+1/+1", 1),)
    assert not parsed.unperformed


def test_own_dies_trigger_returns_it_from_the_graveyard() -> None:
    parsed = parse_trigger_effect(
        "When this creature dies, return it to the battlefield under its owner's control.",
        "Runeblade Raiser",
    )
    (action,) = parsed.actions
    assert action.subject is not None and action.subject.kind == "self"
    assert action.from_zone == "graveyard"


def test_exile_then_return_still_returns_the_exiled_card() -> None:
    """CR 400.7: "exile it, then return that card": the card this resolution exiled."""
    parsed = parse_trigger_effect(
        "When ~ dies, exile it, then return that card to the battlefield under your control.",
        "Test Card",
    )
    assert [a.kind for a in parsed.actions] == ["exile", "reanimate"]
    assert parsed.actions[1].from_zone == "exile"


@pytest.mark.parametrize(
    ("name", "text"),
    [
        (
            "Luminous Broodmoth",
            "Whenever a creature you control without flying dies, return it to the battlefield "
            "under its owner's control with a flying counter on it.",
        ),
        (
            "Soul Collector",
            "Whenever a creature dealt damage by this creature this turn dies, return that card "
            "to the battlefield under your control.",
        ),
    ],
)
def test_another_creatures_dies_trigger_is_named_not_done_to_the_source(
    name: str, text: str
) -> None:
    """ "it" is the creature that died, which the engine can't tell here: the sentence is
    left unperformed (named in not_modelled), never read as the source itself."""
    parsed = parse_trigger_effect(text, name)
    assert not parsed.actions
    assert parsed.unperformed
