"""Ascend (CR 702.131): the city's blessing, checked after every step and as a spell with
ascend resolves."""

from __future__ import annotations

from dataclasses import replace

from rules_engine.game import Game
from rules_engine.perform import chars_of


def ascend(game: Game, spell_of: str | None = None) -> Game:
    """CR 702.131c: any time a player controls ten or more permanents and one of them has
    ascend, they get the city's blessing for the rest of the game; 702.131b: so does the
    controller of a resolving spell with ascend (``spell_of``) who controls ten or more."""
    state = chars_of(game)
    blessed = set(game.blessed)
    for player in game.players:
        if player in blessed:
            continue
        mine = [
            label
            for label, chars in state.items()
            if chars.controller == player and (o := game.object(label)) and o.on_battlefield
        ]
        ascending = spell_of == player or any(
            a.parsed.keyword == "ascend" for label in mine for a in state[label].abilities
        )
        if len(mine) >= 10 and ascending:
            blessed.add(player)
    return game if blessed == set(game.blessed) else replace(game, blessed=frozenset(blessed))
