"""Each player keeps one creature and sacrifices the rest (CR 701.21a): "Each player puts a
vow counter on a creature they control and sacrifices the rest." (Promise of Loyalty)."""

from __future__ import annotations

from rules_engine.game import Game, NotModelled
from rules_engine.one_shot import OneShot
from rules_engine.perform import chars_of, note_unmodelled
from rules_engine.replacement.events import Event, PutCounters
from rules_engine.selection import World
from rules_engine.timeline.common import zone_move
from rules_engine.timeline.resolution import Resolution, acted_on, players


def keep_one(game: Game, action: OneShot, res: Resolution) -> tuple[Game, list[Event]]:
    """In turn order (CR 101.4), each player chooses a creature they control: it gets the
    counter (122.6), and every other creature they control is sacrificed (701.21a), all at
    once. A player with one creature keeps it; with several, the one the step's
    ``choices.chosen`` names, else the board can't say which (named, and that player keeps
    all of them here)."""
    state, world = chars_of(game), World.of(game)
    creatures = acted_on(action.subject, state, world, res.context(), "battlefield")
    events: list[Event] = []
    why = (
        "{p} chooses which creature to keep (CR 701.21a), which this board doesn't say, "
        "so {p} keeps them all here"
    )
    for player in players(action, res, game):
        own = [x for x in creatures if state[x].controller == player]
        if not own:
            continue
        kept = own[0] if len(own) == 1 else res.choices.chosen
        if kept not in own:
            game = note_unmodelled(game, [NotModelled(res.who, action.text, why.format(p=player))])
            continue
        events.append(PutCounters(action.counter_kind, kept, action.n, by=player))
        events += [zone_move(game, x, "graveyard") for x in own if x != kept]
    return game, events
