"""Replacements of a player's loss of the game (CR 104.3, 614.1a): whether one applies to a
loss (a state-based action's, 704.5a-c) and what happens instead."""

from __future__ import annotations

from rules_engine.replacement.events import Draw, Event, GainLife, LoseGame, LoseLife, ZoneMove
from rules_engine.replacement.groups.watching import Applied, player_fits
from rules_engine.replacement.in_play import ActiveReplacement
from rules_engine.replacement.specs import Family, GameLossSpec
from rules_engine.replacement.state import EventState


def applies(active: ActiveReplacement, event: LoseGame, board: EventState) -> bool:
    spec = active.spec
    if not isinstance(spec, GameLossSpec) or spec.family != Family.LOSE_GAME_INSTEAD:
        return False  # an effect on another kind of event (GROUP)
    return player_fits(spec.player, event.player, active, board)


def apply(active: ActiveReplacement, event: LoseGame, board: EventState) -> Applied:
    """The loss doesn't happen (614.1a); instead the source is exiled ("exile ~"), the player
    draws ("draw seven cards", one at a time, 121.2) and their life total becomes the number
    given: they gain or lose the difference (119.5). A "next time" shield is used up."""
    spec = active.spec
    assert isinstance(spec, GameLossSpec)
    results: list[Event] = []
    if spec.exile_self:
        results.extend(_exiled(active.source, board))
    results.extend(Draw(event.player) for _ in range(spec.draws))
    if spec.life_becomes is not None:
        change = spec.life_becomes - board.game.life_of(event.player)
        if change > 0:
            results.append(GainLife(event.player, change))
        elif change < 0:
            results.append(LoseLife(event.player, -change))
    return results, None if spec.shield == "next_time" else active


def _exiled(label: str, board: EventState) -> list[ZoneMove]:
    """The effect's source, still on the battlefield, exiled (CR 406.3, 400.3: its owner's
    exile); gone already, it can't be (the rest of the replacement still happens, 614.6)."""
    obj = board.game.object(label)
    chars = board.chars.get(label)
    if obj is None or not obj.on_battlefield or chars is None:
        return []
    return [
        ZoneMove(
            label,
            "exile",
            owner=obj.owner,
            token=obj.card.token,
            creature="Creature" in chars.types,
            controller=chars.controller,
            card_types=frozenset(chars.types),
        )
    ]
