"""The board a damage event's replacement effects read, when several damage events reach
one player or permanent in one step.

Damage dealt at the same time (combat damage, CR 510.2; a spell's, 608.2c) is one event
for what it adds up to: Worship looks at the life total all of it would leave, Deification
at whether all of it would remove every loyalty counter, and a condition such as "while it
has a +1/+1 counter on it" is checked once, before any of it (Phantom Nishoba's and
Polukranos's rulings).
Events that happen one after another each see what the one before did (CR 608.2c). The
explorer walks the events one at a time, so each damage event is shown the board as the
earlier events left it, the batch's start for a simultaneous one, and the damage dealt
beside it at the same time (``EventState.alongside``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from rules_engine.game import Game, add_counters
from rules_engine.replacement.events import Damage, Event, GainLife, LoseLife, PutCounters
from rules_engine.replacement.in_play import ActiveReplacement
from rules_engine.replacement.specs import DamageSpec, Family
from rules_engine.replacement.state import EventState


def reads_the_board(statics: Iterable[ActiveReplacement]) -> bool:
    """Does any damage replacement here read what damage adds up to or leaves behind (a
    life total, loyalty counters, a condition, the counters really removed)?"""
    return any(
        isinstance(a.spec, DamageSpec)
        and (
            a.spec.family in (Family.WORSHIP, Family.LOYALTY_FLOOR)
            or a.spec.condition is not None
            or a.spec.each_player_counter is not None
        )
        for a in statics
    )


def _with_life(game: Game, player: str, life: int) -> Game:
    totals = dict(game.life)
    totals[player] = life
    return replace(game, life=tuple(totals.items()))


def _dealt(game: Game, board: EventState, event: Damage) -> Game:
    """What damage already dealt did to the board (CR 120.3): a floored life total
    (Worship), loyalty counters removed (120.3c), damage marked on a creature (120.3e).
    Life lost to plain damage is its own result (``LoseLife``, 120.3a)."""
    if event.amount <= 0:
        return game
    if event.target in game.players:
        if event.life_floor is None:
            return game
        life = game.life_of(event.target)
        return _with_life(game, event.target, max(life - event.amount, min(life, event.life_floor)))
    obj = game.object(event.target)
    chars = board.chars.get(event.target)
    if obj is None or chars is None:
        return game
    if "Planeswalker" in chars.types:
        removed = event.amount
        if event.loyalty_floor is not None:
            removed = min(removed, max(0, obj.counter_count("loyalty") - event.loyalty_floor))
        game = add_counters(game, obj.label, "loyalty", -removed)
    if "Creature" in chars.types and (obj := game.object(event.target)) is not None:
        game = game.with_object(replace(obj, damage=obj.damage + event.amount))
    return game


def _touches(result: Event, label: str) -> bool:
    if isinstance(result, LoseLife | GainLife):
        return result.player == label
    if isinstance(result, PutCounters):
        return result.on == label
    return isinstance(result, Damage) and result.target == label


def advanced(board: EventState, results: Sequence[Event], label: str) -> EventState:
    """The board as these earlier results of the step left one player or permanent: its
    life total, counters and damage. The effects read the damaged player or permanent, so
    only what touched it is followed (each damage event of a long step costs one pass); the
    layers are not recomputed, since nothing leaves or arrives in the middle of an event."""
    game = board.game
    for result in results:
        if not _touches(result, label):
            continue
        if isinstance(result, LoseLife):
            game = _with_life(game, result.player, game.life_of(result.player) - result.amount)
        elif isinstance(result, GainLife):
            game = _with_life(game, result.player, game.life_of(result.player) + result.amount)
        elif isinstance(result, PutCounters):
            game = add_counters(game, result.on, result.kind, result.n)
        elif isinstance(result, Damage):
            game = _dealt(game, board, result)
    return board if game is board.game else replace(board, game=game)


def damage_boards(
    board: EventState,
    event: Damage,
    batch_start: int | None,
    batch_rest: Sequence[Event],
    results: Sequence[Event],
) -> tuple[EventState, EventState]:
    """The board whose effects are checked against this damage, and the board they are
    applied on. One after another (no batch): both are the board the earlier events left.
    At the same time: the check reads the board from before the batch, with the damage dealt
    beside this one to its target (``alongside``); the application reads the counters
    really left (Bloatfly Swarm counts only those it removed)."""
    now = advanced(board, results, event.target)
    if batch_start is None:
        return now, now
    beside = [r for r in results[batch_start:] if isinstance(r, Damage)]
    beside += [e for e in batch_rest if isinstance(e, Damage)]
    alongside = sum(d.amount for d in beside if d.target == event.target)
    before = advanced(board, results[:batch_start], event.target)
    return replace(before, alongside=alongside), now
