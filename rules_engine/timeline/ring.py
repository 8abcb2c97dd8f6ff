"""The Ring tempts you (CR 701.54): the player's emblem named The Ring gains its next
ability, and they choose a creature they control as their Ring-bearer."""

from __future__ import annotations

from dataclasses import replace

from rules_engine.errors import BoardError
from rules_engine.game import Game
from rules_engine.one_shot import OneShot
from rules_engine.perform import chars_of
from rules_engine.timeline.common import stamp
from rules_engine.timeline.entering import Entering
from rules_engine.timeline.resolution import Resolution


def ring_tempts(game: Game, action: OneShot, res: Resolution, hook: Entering) -> Game:
    """CR 701.54a: as the Ring tempts you, you choose a creature you control; it becomes
    your Ring-bearer (and stays one if it already was), and any other creature stops being
    your Ring-bearer. 701.54c: you get an emblem named The Ring if you have none, and it
    gains its next ability (the board counts the temptations). The choice is the step's
    ``choices.ring_bearer``; absent, your Ring-bearer stays, else the first creature you
    control to have entered. With no creature, the Ring still tempts you (701.54a)."""
    del action, hook
    you = res.controller
    facts = game.designations
    tempted = facts.tempted(you)
    since = dict(facts.ring_since)
    if tempted == 0 and you not in since:
        game, since[you] = stamp(game)  # the emblem's timestamp (CR 613.7a)
    facts = replace(
        game.designations,
        ring_tempted=_set(facts.ring_tempted, you, tempted + 1),
        ring_since=tuple(since.items()),
    )
    game = replace(game, designations=facts)
    state = chars_of(game)
    yours = [
        obj.label
        for obj in sorted(game.objects, key=lambda o: (o.timestamp, o.order))
        if obj.on_battlefield
        and obj.label in state
        and "Creature" in state[obj.label].types
        and state[obj.label].controller == you
    ]
    chosen = res.choices.ring_bearer
    if chosen is not None and chosen not in yours:
        raise BoardError(
            f"{res.path}.choices.ring_bearer",
            f"{chosen} is not a creature {you} controls (CR 701.54a; "
            f"creatures {you} controls: {', '.join(yours) or 'none'})",
        )
    if chosen is None:
        current = [label for label in yours if _bearer(game, label)]
        chosen = current[0] if current else (yours[0] if yours else None)
    if chosen is None:
        return game
    for label in yours:
        obj = game.object(label)
        if obj is not None and (obj.ring_bearer == you) != (label == chosen):
            game = game.with_object(replace(obj, ring_bearer=you if label == chosen else None))
    return game


def _bearer(game: Game, label: str) -> bool:
    obj = game.object(label)
    return obj is not None and obj.ring_bearer is not None


def _set(pairs: tuple[tuple[str, int], ...], player: str, n: int) -> tuple[tuple[str, int], ...]:
    found = dict(pairs)
    found[player] = n
    return tuple(found.items())
