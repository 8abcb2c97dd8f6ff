"""Cards exiled from a library's top or a whole graveyard (CR 406.3), as zone moves the
replacement machinery sees (``card_actions``): "Exile the top two cards of your library.",
"Exile each opponent's graveyard."."""

from __future__ import annotations

from rules_engine import card_actions
from rules_engine.game import Game
from rules_engine.one_shot import OneShot
from rules_engine.replacement.events import Event
from rules_engine.timeline.resolution import Resolution, players


def exile_top(game: Game, action: OneShot, res: Resolution) -> tuple[Game, list[Event]]:
    """The top N cards of each named player's library, the spell's X where it says X."""
    amount = (res.x or 0) if action.x else action.n
    return card_actions.exile_top(game, players(action, res, game), amount)


def exile_graveyard(game: Game, action: OneShot, res: Resolution) -> tuple[Game, list[Event]]:
    """Every card in each named player's graveyard."""
    return game, card_actions.exile_graveyard(game, players(action, res, game))
