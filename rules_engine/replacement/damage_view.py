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


def _touches(result: Event, label: str) -> bool:
    if isinstance(result, LoseLife | GainLife):
        return result.player == label
    if isinstance(result, PutCounters):
        return result.on == label
    return isinstance(result, Damage) and result.target == label


def _life_after(game: Game, player: str, results: Sequence[Event]) -> int:
    """A player's life total after these results (CR 119.3, 120.3a; Worship's floor)."""
    life = game.life_of(player)
    for result in results:
        if isinstance(result, LoseLife):
            life -= result.amount
        elif isinstance(result, GainLife):
            life += result.amount
        elif isinstance(result, Damage) and result.life_floor is not None and result.amount > 0:
            life = max(life - result.amount, min(life, result.life_floor))
    return life


def _object_after(board: EventState, label: str, results: Sequence[Event]) -> Game:
    """A permanent after these results: its counters (122.1), loyalty counters removed by
    damage (120.3c, Deification's floor) and damage marked (120.3e)."""
    game = board.game
    obj = game.object(label)
    chars = board.chars.get(label)
    if obj is None or not obj.on_battlefield or chars is None:
        return game
    counts = dict(obj.counters)
    damage = obj.damage
    for result in results:
        if isinstance(result, PutCounters):
            counts[result.kind] = max(0, counts.get(result.kind, 0) + result.n)
        elif isinstance(result, Damage) and result.amount > 0:
            if "Planeswalker" in chars.types:
                removed = result.amount
                if result.loyalty_floor is not None:
                    removed = min(removed, max(0, counts.get("loyalty", 0) - result.loyalty_floor))
                counts["loyalty"] = max(0, counts.get("loyalty", 0) - removed)
            if "Creature" in chars.types:
                damage += result.amount
    kept = tuple((k, v) for k, v in counts.items() if v)
    return game.with_object(replace(obj, counters=kept, damage=damage))


def advanced(board: EventState, results: Sequence[Event], label: str) -> EventState:
    """The board as these earlier results of the step left one player or permanent: its
    life total, counters and damage. The effects read the damaged player or permanent, so
    only what touched it is followed, in one pass with one new game at the end (a long step
    stays cheap); the layers are not recomputed, since nothing leaves or arrives in the
    middle of an event."""
    touching = [r for r in results if _touches(r, label)]
    if not touching:
        return board
    game = board.game
    if label in game.players:
        game = _with_life(game, label, _life_after(game, label, touching))
        for result in touching:
            if isinstance(result, PutCounters):
                game = add_counters(game, label, result.kind, result.n)
    else:
        game = _object_after(board, label, touching)
    return replace(board, game=game)


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
