"""Counters put on a permanent or player (CR 122.6, 614.1a): doublers such as Doubling Season
and Hardened Scales, Vorinclex's "if you would put", and who puts the counters."""

from __future__ import annotations

from dataclasses import replace

from rules_engine.replacement.events import PutCounters
from rules_engine.replacement.fits import object_fits
from rules_engine.replacement.groups.watching import Applied, player_fits
from rules_engine.replacement.in_play import ActiveReplacement
from rules_engine.replacement.specs import Family, ReplacementSpec
from rules_engine.replacement.state import EnteringView, EventState


def applies(active: ActiveReplacement, event: PutCounters, board: EventState) -> bool:
    spec = active.spec
    family = spec.family
    if event.n <= 0:
        return False
    if family == Family.COUNTERS_BY_PLAYER:
        return by_player_fits(active, event.on, putter(event, board), board)
    if event.on in board.game.players:
        return (
            family == Family.PLAYER_COUNTERS
            and spec.counter_kind in (None, event.kind)  # Aether Refinery: energy only
            and player_fits(spec.player, event.on, active, board)
        )
    if family != Family.COUNTERS or (spec.counter_kind and spec.counter_kind != event.kind):
        return False
    if spec.factor == 2 and "effect would" in spec.text.lower() and event.cost:
        return False  # "if an effect would put" doesn't see costs (Doubling Season ruling)
    return object_fits(spec.objects, event.on, active, board)


def apply(active: ActiveReplacement, event: PutCounters) -> Applied:
    return [replace(event, n=changed_count(active.spec, event.n))], active


def changed_count(spec: ReplacementSpec, n: int) -> int:
    """Twice, plus one, minus one, or Vorinclex's "half that many ..., rounded down"."""
    if spec.half_down:
        return n // 2
    return max(0, n * spec.factor + spec.plus)


def putter(event: PutCounters, board: EventState) -> str | None:
    """CR 122.6: who puts the counters -- the event says (a spell's or ability's controller,
    a damage source's controller); otherwise the permanent's controller, as for counters a
    permanent enters with (122.6a), or the player who gets them."""
    if event.by is not None:
        return event.by
    if event.on in board.game.players:
        return event.on
    return board.controller_of(event.on)


def by_player_fits(
    active: ActiveReplacement,
    on: str,
    by: str | None,
    board: EventState,
    view: EnteringView | None = None,
) -> bool:
    """Vorinclex: "if you (an opponent) would put ... on a permanent or player" (614.1a)."""
    spec = active.spec
    if by is None or not player_fits(spec.player, by, active, board):
        return False
    target = spec.target
    if target is None:
        return False
    if on in board.game.players:
        return player_fits(target.players, on, active, board)
    return object_fits(target.objects, on, active, board, view)
