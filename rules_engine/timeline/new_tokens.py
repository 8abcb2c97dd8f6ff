""" "For each kind of counter among creatures you control, put a counter of that kind on either
of those tokens." (Exotic Pets): one counter of each kind on a token the resolution created
(CR 122.1, 122.6), the kinds counted as the part happens (608.2h)."""

from __future__ import annotations

from dataclasses import replace

from rules_engine.game import Game
from rules_engine.one_shot import OneShot
from rules_engine.perform import chars_of, perform
from rules_engine.replacement.events import PutCounters
from rules_engine.replacement.explore import Pending
from rules_engine.selection import World, select
from rules_engine.timeline.common import stamp
from rules_engine.timeline.entering import Entering
from rules_engine.timeline.resolution import Resolution, chosen_among


def kinds_onto_token(game: Game, action: OneShot, res: Resolution, hook: Entering) -> Game:
    """One counter of each kind on creatures the spell's controller controls, on one of the
    tokens this resolution created: for each kind the player may pick either token; the
    step's ``choices.chosen`` names the one that gets them all (by default the first)."""
    del action
    state = chars_of(game)
    tokens = [
        x for x in hook.entered if (o := game.object(x)) and o.card.token and o.on_battlefield
    ]
    token = chosen_among(res, tokens, "one of the tokens it created")
    if token is None:
        return game
    kinds = dict.fromkeys(
        kind
        for o in game.objects
        if o.on_battlefield
        and o.label in state
        and "Creature" in state[o.label].types
        and state[o.label].controller == res.controller
        for kind, n in o.counters
        if n > 0
    )
    events = [PutCounters(kind, token, 1, by=res.controller) for kind in kinds]
    if not events:
        return game
    pending = [Pending(e) for e in events]
    return perform(
        game, pending, enter=hook, wanted=res.replacements, where=res.path, step=res.index
    ).game


def _created(game: Game, hook: Entering) -> list[str]:
    return [x for x in hook.entered if (o := game.object(x)) and o.card.token and o.on_battlefield]


def equip_each(game: Game, action: OneShot, res: Resolution, hook: Entering) -> Game:
    """CR 701.3a: for each token just created, in the order created, an Equipment the spell's
    controller controls becomes attached to it ("you may" taken as chosen, 608.2d): a
    different one each, in the order they entered, while there are some (one already on a
    token stays there, 701.3b); each with a new timestamp (613.7e)."""
    if action.other is None:
        return game
    state, world = chars_of(game), World.of(game)
    tokens = _created(game, hook)
    gear = [x for x in select(action.other, state, world, res.context()) if x not in tokens]
    for token, label in zip(tokens, gear, strict=False):
        obj = game.object(label)
        if obj is None or not obj.on_battlefield:
            continue
        game, timestamp = stamp(game)
        game = game.with_object(
            replace(obj, attached_to=token, host_left=None, timestamp=timestamp)
        )
    return game
