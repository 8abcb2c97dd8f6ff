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
    ZoneMove,
)
from rules_engine.replacement.fits import object_fits
from rules_engine.replacement.in_play import ActiveCant, ActiveReplacement
from rules_engine.replacement.specs import CantSpec, Family, ReplacementSpec
from rules_engine.replacement.state import EventState, entering_view
from rules_engine.selection import was_cast
from rules_engine.steps import Choices


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
            if coming is not None and coming.zone in spec.from_zones and _card_fits(spec, event):
                return cant
        if spec.kind == "enter" and isinstance(event, Enter) and _entering_fits(cant, event, board):
            return cant  # CR 614.17, 614.12: "Lands can't enter." (Worms of the Earth)
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


def unable_spell(event: Event, board: EventState) -> ZoneMove | None:
    """CR 608.3b: a permanent spell that can't enter as it resolves is put into its owner's
    graveyard (a move other effects may still replace); a permanent an effect would put onto
    the battlefield stays where it was (Worms of the Earth ruling, 2004-10-04): None."""
    if not isinstance(event, Enter) or event.token:
        return None
    if not was_cast(event.choices if isinstance(event.choices, Choices) else Choices()):
        return None
    where = board.game.object(event.obj)
    owner = where.owner if where is not None else event.controller
    creature = "Creature" in event.card.types
    return ZoneMove(event.obj, "graveyard", "stack", owner, False, creature, owner, card=event.card)


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


# CR 110.4: the permanent types ("Permanent cards in graveyards can't enter.").
_PERMANENT_TYPES = frozenset(
    {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}
)


def _card_fits(spec: CantSpec, event: Enter) -> bool:
    """ "Nonland permanent cards in graveyards ...": the card's types where it is."""
    types = set(event.card.types)
    if spec.card_type == "Permanent":
        wanted = bool(types & _PERMANENT_TYPES)
    else:
        wanted = spec.card_type is None or spec.card_type in types
    return wanted and (spec.not_type is None or spec.not_type not in types)


def _entering_fits(cant: ActiveCant, event: Enter, board: EventState) -> bool:
    """CR 614.12: is the permanent, as it would exist on the battlefield (a copy as the thing
    it copies, CR 608.3b's Clone of Dryad Arbor), one the "can't" effect names?"""
    if cant.source == event.obj:
        return False  # its own "can't" applies once it is on the battlefield
    view = entering_view(event, board)
    return object_fits(cant.spec.objects, event.obj, _as_replacement(cant), board, view)


def _as_replacement(cant: ActiveCant) -> ActiveReplacement:
    """The "can't" effect dressed as a replacement, so its object words are read alike."""
    spec = ReplacementSpec(cant.spec.text, Family.CANT)
    return ActiveReplacement(cant.eid, spec, cant.source, "", cant.controller, 0)


def _event_player(event: Event) -> str | None:
    for name in ("player",):
        if hasattr(event, name):
            return getattr(event, name)  # type: ignore[no-any-return]
    return None
