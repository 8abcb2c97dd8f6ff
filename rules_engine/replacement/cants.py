""" "Can't" effects (CR 614.17, 615.12): not replacements, but they decide what can happen.

An event a "can't" effect forbids doesn't happen at all, so nothing replaces it
(614.17, 614.7): ``stopped_by`` and ``draw_limit`` find the effect that stops one.
"Damage can't be prevented" leaves prevention effects nothing to prevent (615.12):
``damage_unpreventable``. Objects are read with the same words as replacement
effects' (``fits.object_fits``).
"""

from __future__ import annotations

from rules_engine.replacement.events import (
    Damage,
    Destroy,
    Draw,
    Enter,
    Event,
    GainLife,
    LoseGame,
    LoseLife,
    PutCounters,
    WinGame,
)
from rules_engine.replacement.fits import object_fits
from rules_engine.replacement.in_play import ActiveCant, ActiveReplacement
from rules_engine.replacement.specs import Family, ReplacementSpec
from rules_engine.replacement.state import EventState


def stopped_by(event: Event, board: EventState) -> ActiveCant | None:
    """A "can't" effect that keeps this event from happening at all."""
    for cant in board.cants:
        spec = cant.spec
        who = spec.player
        fits = (
            who == "any"
            or (who == "you" and _event_player(event) == cant.controller)
            or (who == "opponent" and _event_player(event) not in (None, cant.controller))
        )
        if spec.kind == "gain_life" and isinstance(event, GainLife) and fits:
            return cant
        if spec.kind == "enter_from" and isinstance(event, Enter):
            coming = board.game.object(event.obj)
            if (
                coming is not None
                and coming.zone in spec.from_zones
                and (spec.card_type is None or spec.card_type in event.card.types)
            ):
                return cant
        if spec.kind == "draw" and isinstance(event, Draw) and fits:
            return cant
        if spec.kind == "destroy" and isinstance(event, Destroy) and event.obj == cant.source:
            return cant
        if spec.kind == "lose_life" and isinstance(event, LoseLife) and fits:
            return cant  # CR 119.8, 120.3a: damage's life loss too
        if spec.kind == "life_change" and isinstance(event, (GainLife, LoseLife)) and fits:
            return cant
        if spec.kind == "lose_game" and isinstance(event, LoseGame) and fits:
            return cant
        if spec.kind == "win_game" and isinstance(event, WinGame) and fits:
            return cant
        if (
            spec.kind == "counters_on_players"
            and isinstance(event, PutCounters)
            and event.n > 0
            and event.on in board.game.players
        ):
            return cant
        if (
            spec.kind == "counters_on_objects"
            and isinstance(event, PutCounters)
            and event.n > 0
            and event.on in board.chars
            and spec.counter_kind in (None, event.kind)
            and object_fits(spec.objects, event.on, _as_replacement(cant), board)
        ):
            return cant
    return None


def draw_limit(event: Event, board: EventState, results: list[Event]) -> ActiveCant | None:
    """ "Each player can't draw more than one card each turn": the draws this event has
    already made count (earlier draws this turn aren't on the board)."""
    if not isinstance(event, Draw):
        return None
    drawn = sum(1 for e in results if isinstance(e, Draw) and e.player == event.player)
    for cant in board.cants:
        spec = cant.spec
        if spec.kind != "draw_limit" or drawn < spec.limit:
            continue
        if spec.player == "any" or (spec.player == "you") == (event.player == cant.controller):
            return cant
    return None


def damage_unpreventable(board: EventState, event: Damage) -> bool:
    """CR 615.12: "damage can't be prevented", perhaps only from some sources ("this
    damage", "damage that would be dealt by sources you control")."""
    for cant in board.cants:
        if cant.spec.kind != "prevent_damage" or (cant.spec.combat_only and not event.combat):
            continue
        sources = cant.spec.objects
        if sources is None:
            return True
        if sources.kind == "self":
            if event.source == cant.source:
                return True
            continue
        fake = _as_replacement(cant)
        if event.source in board.chars and object_fits(sources, event.source, fake, board):
            return True
    return False


def _as_replacement(cant: ActiveCant) -> ActiveReplacement:
    """The "can't" effect dressed as a replacement, so its object words are read alike."""
    spec = ReplacementSpec(cant.spec.text, Family.CANT)
    return ActiveReplacement(cant.eid, spec, cant.source, "", cant.controller, 0)


def _event_player(event: Event) -> str | None:
    for name in ("player",):
        if hasattr(event, name):
            return getattr(event, name)  # type: ignore[no-any-return]
    return None
