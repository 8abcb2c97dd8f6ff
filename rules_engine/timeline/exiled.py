"""Cards "exiled with" a permanent (CR 607.2a: an ability that exiles cards and one that
refers to "cards exiled with ~" or "the exiled card" are linked): the link is made when
the permanent's own ability exiles a card as it resolves, or, for cards exiled on earlier
turns, by the board's ``enter`` step (``"exiled_with": ["Alice.exile[0]"]``). It ends when
either object changes zones (CR 400.7, 406.6: a new object is linked to nothing;
``perform``'s zone move clears it)."""

from __future__ import annotations

from dataclasses import replace

from rules_engine.errors import BoardError
from rules_engine.game import Game
from rules_engine.replacement.events import Event, ZoneMove
from rules_engine.steps import EnterStep


def verify_exiled_with(game: Game, step: EnterStep) -> None:
    """Each card named is a card in exile, not exiled with another permanent already."""
    for i, label in enumerate(step.exiled_with):
        where = f"{step.path}.exiled_with[{i}]"
        obj = game.object(label)
        if obj is None or obj.zone != "exile":
            zone = "not an object" if obj is None else f"in the {obj.zone}"
            raise BoardError(where, f'"{label}" is {zone}, not a card in exile (CR 406.6)')
        if obj.exiled_with is not None and obj.exiled_with != step.label:
            raise BoardError(where, f'"{label}" is already exiled with "{obj.exiled_with}"')


def link_entered(game: Game, step: EnterStep) -> Game:
    """The cards the step names are exiled with the permanent about to enter (CR 607.2a),
    linked already as it would enter, so a replacement that counts them sees them
    ("enters with a +1/+1 counter on it for each ... card exiled with it", 614.12)."""
    for label in step.exiled_with:  # in the order they were exiled, the first first
        obj = game.object(label)
        if obj is not None and obj.zone == "exile":
            at = game.next_exiled_at(step.label)
            game = game.with_object(replace(obj, exiled_with=step.label, exiled_at=at))
    return game


def link_exiled_as_enters(game: Game, step: EnterStep) -> Game:
    """The cards exiled as the permanent entered ("As ~ enters, exile a creature card from a
    graveyard", CR 614.1c) are exiled with it (607.2a: Dermotaxi's "the exiled card"), once it
    is on the battlefield and they are in exile."""
    me = game.object(step.label)
    if me is None or me.zone != "battlefield":
        return game
    for label in step.choices.exile:
        obj = game.object(label)
        if obj is not None and obj.zone == "exile" and obj.exiled_with != step.label:
            at = game.next_exiled_at(step.label)
            game = game.with_object(replace(obj, exiled_with=step.label, exiled_at=at))
    return game


def unlink_if_absent(game: Game, step: EnterStep) -> Game:
    """A permanent that didn't enter after all is linked to nothing (CR 406.6)."""
    me = game.object(step.label)
    if me is not None and me.zone == "battlefield":
        return game
    unlinked = (
        replace(o, exiled_with=None, exiled_at=0) if o.exiled_with == step.label else o
        for o in game.objects
    )
    return replace(game, objects=tuple(unlinked))


def link_exiled(game: Game, events: list[Event], source: str, is_spell: bool) -> Game:
    """A permanent's resolving ability exiled these cards (CR 607.2a): each card now in
    exile is exiled with it. A spell's exile, or an ability whose source has left the
    battlefield, links nothing (406.6: nothing on the battlefield to be linked to)."""
    me = game.object(source)
    if is_spell or me is None or me.zone != "battlefield":
        return game
    for event in events:
        if not isinstance(event, ZoneMove) or event.to_zone != "exile" or event.obj == source:
            continue
        obj = game.object(event.obj)
        if obj is not None and obj.zone == "exile" and obj.exiled_with != source:
            at = game.next_exiled_at(source)
            game = game.with_object(replace(obj, exiled_with=source, exiled_at=at))
    return game
