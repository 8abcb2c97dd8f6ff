"""What dealt damage does besides the damage (CR 120.3-120.4).

Damage to a player makes them lose that much life (120.3a) or get poison counters
(infect, 120.3b); damage to a creature from a source with wither or infect becomes
-1/-1 counters (120.3d); lifelink gains its controller life (120.3f). These results
are events of their own, which replacement effects can change in their turn (120.4b).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_engine.replacement.events import (
    Damage,
    DamageLoss,
    Event,
    GainLife,
    LoseLife,
    PutCounters,
)
from rules_engine.replacement.state import EventState


@dataclass(frozen=True, slots=True)
class DamageResult:
    """What dealt damage does besides the damage (CR 120.3): -1/-1 counters from wither or
    infect (120.3d), poison counters from infect (120.3b), life from lifelink (120.3f)."""

    kind: str  # "counters", "life" (lifelink) or "loss" (life lost from damage, 120.3a)
    what: str  # the counter kind, or the player who gains life
    on: str  # the object or player that gets counters, or the lifelink source
    n: int
    by: str | None = None  # who puts the counters: the source's controller (120.3b, 120.3d)


def damage_results(event: Damage, board: EventState) -> tuple[DamageResult, ...]:
    """The results of this damage, besides the damage itself, as the rules add them."""
    if event.amount <= 0:
        return ()
    if event.source not in board.chars:
        # A damage step that names no source: no ability of a source to read (infect,
        # lifelink), but damage to a player is still life lost (CR 120.3a).
        if event.target in board.game.players and event.life_floor is None:
            return (DamageResult("loss", event.target, event.source, event.amount),)
        return ()
    keywords = {a.text.lower() for a in board.chars[event.source].abilities}
    controller = board.controller_of(event.source)
    obj = board.game.object(event.source)
    if obj is not None and not obj.on_battlefield and obj.last_known is not None:
        # CR 113.7a: a permanent that left (a "dies" trigger makes it deal damage) deals it
        # as it last existed: its lifelink (702.15b), infect, wither, its controller then.
        keywords = set(obj.last_known.abilities)
        controller = obj.last_known.controller
    found: list[DamageResult] = []
    if event.target in board.game.players:
        if "infect" in keywords:
            found.append(DamageResult("counters", "poison", event.target, event.amount, controller))
        elif event.life_floor is None:  # Worship's damage sets its own life floor
            found.append(DamageResult("loss", event.target, event.source, event.amount))
    elif ({"infect", "wither"} & keywords) and _is_creature(board, event.target):
        found.append(DamageResult("counters", "-1/-1", event.target, event.amount, controller))
    if "lifelink" in keywords and controller is not None:
        found.append(DamageResult("life", controller, event.source, event.amount))
    return tuple(found)


def _is_creature(board: EventState, label: str) -> bool:
    chars = board.chars.get(label)
    return chars is not None and "Creature" in chars.types


def result_events(results: tuple[DamageResult, ...]) -> list[Event]:
    """One counters event per recipient and kind, one life gain per lifelink source: what
    simultaneous damage does happens at once (702.15b; Vizier of Remedies' ruling)."""
    buckets: dict[str, dict[tuple[str, str, str | None], int]] = {
        "counters": {},
        "life": {},
        "loss": {},
    }
    for r in results:
        bucket = buckets[r.kind]
        key = (r.what, "", None) if r.kind == "loss" else (r.what, r.on, r.by)
        bucket[key] = bucket.get(key, 0) + r.n
    events: list[Event] = [
        PutCounters(k, on, n, by=by) for (k, on, by), n in buckets["counters"].items()
    ]
    events += [GainLife(player, n) for (player, _source, _), n in buckets["life"].items()]
    events += [
        LoseLife(player, n, from_damage=True) for (player, _, _), n in buckets["loss"].items()
    ]
    return events


def loss_markers(results: tuple[DamageResult, ...]) -> list[Event]:
    """What each damaged player would lose, so a changed loss can be shown (events.py)."""
    lost: dict[str, int] = {}
    for r in results:
        if r.kind == "loss":
            lost[r.what] = lost.get(r.what, 0) + r.n
    return [DamageLoss(player, n) for player, n in lost.items()]
