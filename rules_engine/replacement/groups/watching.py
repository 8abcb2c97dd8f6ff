"""Who and what a replacement or prevention effect watches (CR 614-616): the players and
objects its words name, the damage source it names; what every group's effects share."""

from __future__ import annotations

from dataclasses import dataclass

from rules_engine.cards import CardDef
from rules_engine.replacement.events import (
    Event,
)
from rules_engine.replacement.fits import object_fits
from rules_engine.replacement.in_play import ActiveReplacement
from rules_engine.replacement.specs import (
    DamageSpec,
    Who,
)
from rules_engine.replacement.state import EventState
from rules_engine.sba import has_quality
from rules_engine.tokens import token_card


@dataclass(frozen=True, slots=True)
class Fresh:
    """An event an effect adds rather than modifies (Vigor's counters, Deflecting Palm's
    damage): a new event, so effects already applied to the first may apply to it (614.5)."""

    event: Event


Applied = tuple[list[Event], ActiveReplacement | None]


def player_fits(word: str, player: str, active: ActiveReplacement, board: EventState) -> bool:
    if word == "any":
        return True
    if word == "target":
        return player in active.targets
    if word == "target_or_controller":
        return player in active.targets or any(
            (c := board.chars.get(t)) is not None and c.controller == player for t in active.targets
        )
    if word == "you":
        return player == active.controller
    if word == "opponent":
        return player != active.controller
    if word == "chosen":
        return player == active.choices.player  # chosen as its source entered (614.12)
    if word == "enchanted":
        source = board.game.object(active.source)
        return source is not None and source.attached_to == player
    return False


def who_fits(who: Who | None, target: str, active: ActiveReplacement, board: EventState) -> bool:
    if who is None:
        return True
    if target in board.game.players:
        return player_fits(who.players, target, active, board)
    return object_fits(who.objects, target, active, board)


def source_fits(active: ActiveReplacement, source: str, board: EventState) -> bool:
    spec = active.spec
    assert isinstance(spec, DamageSpec)  # only damage effects watch a source
    if spec.except_source is not None and (
        source in board.chars and object_fits(spec.except_source, source, active, board)
    ):
        return False  # Inspire Awe: damage by an excepted source isn't prevented (615.1a)
    if spec.source_named:
        # Gideon's Intervention: a source with the name chosen as it entered (614.12).
        named = board.chars.get(source)
        name = active.choices.card_name
        if named is None or name is None or named.name.lower() != name.lower():
            return False
    if spec.protection_from:
        chars = board.chars.get(source)
        return chars is not None and any(has_quality(chars, q) for q in spec.protection_from)
    if spec.source_choice:
        # The chosen source is named after the spell's real targets (Kor Chant: the creature
        # protected, the creature the damage goes to, then the source).
        chosen = source == (active.targets[-1] if active.targets else None) or bool(
            active.choices.copy and source in active.choices.copy
        )
        # The chosen source must still have the quality ("a red source") when it deals damage.
        return chosen and (spec.source is None or object_fits(spec.source, source, active, board))
    if spec.source is None:
        return True
    if source in board.chars:
        return object_fits(spec.source, source, active, board)
    return False


def token_card_of(phrase: str) -> CardDef:
    """ "a 2/2 black Zombie creature token" -> a token's card (CR 111.4, 111.10)."""
    return token_card(phrase)
