"""How a resolving spell finds some of the permanents it acts on: face-down ones turned face
up (CR 708.8: "Turn target face-down creature face up.", "You may turn a face-down creature
you control face up."), and Equipment attached to a creature (301.5: "Destroy all Equipment
attached to that creature.", "Exile up to one target Equipment attached to that creature."),
and the Aura that attaches itself to the card it returned (Animate Dead, 607.2a)."""

from __future__ import annotations

from dataclasses import replace

from rules_engine.errors import BoardError
from rules_engine.game import Game
from rules_engine.one_shot import OneShot
from rules_engine.perform import chars_of
from rules_engine.selection import World
from rules_engine.timeline.common import stamp
from rules_engine.timeline.entering import Entering
from rules_engine.timeline.resolution import Resolution, acted_on, chosen_among


def face_up(game: Game, action: OneShot, res: Resolution, hook: Entering) -> Game:
    """CR 708.8: each permanent turns face up, its copiable values its card's again; it is the
    same permanent (no new object, no entering), with a new timestamp (613.7f). One of
    several for "a face-down creature you control" (``choices.chosen``, by default the first
    to have entered; "you may" taken as chosen, 608.2d)."""
    del hook
    state, world = chars_of(game), World.of(game)
    objects = acted_on(
        action.subject, state, world, res.context(), "battlefield", res.legal_targets
    )
    objects = [x for x in objects if (o := game.object(x)) is not None and o.face_down]
    if action.chosen_one and objects:
        what = f"a face-down creature {res.controller} controls"
        objects = [chosen_among(res, objects, what) or objects[0]]
    for label in objects:
        obj = game.object(label)
        assert obj is not None
        if {"Instant", "Sorcery"} & set(obj.card.types):
            continue  # CR 701.40g: a manifested (or cloaked) instant or sorcery stays face down
        game, timestamp = stamp(game)
        game = game.with_object(replace(obj, face_down=False, timestamp=timestamp))
    return game


def attached_only(game: Game, action: OneShot, res: Resolution, objects: list[str]) -> list[str]:
    """Those of ``objects`` attached to a permanent ``action.attached_to`` names (CR 301.5);
    a target that isn't was never a legal choice for these words (601.2c): refused."""
    assert action.attached_to is not None
    state, world = chars_of(game), World.of(game)
    hosts = set(acted_on(action.attached_to, state, world, res.context(), "battlefield", None))
    found = [x for x in objects if (o := game.object(x)) is not None and o.attached_to in hosts]
    if action.subject is not None and action.subject.kind == "targets":
        for label in objects:
            if label not in found:
                raise BoardError(
                    f"{res.path}.targets",
                    f"{label} is not attached to the creature {action.text} names (CR 601.2c)",
                )
    return found


def attach_self(game: Game, res: Resolution, hook: Entering) -> Game:
    """ "... onto the battlefield under your control and attach this Aura to it" (Animate
    Dead, Necromancy): the source, still on the battlefield, becomes attached to the card
    the part before put onto the battlefield (a new object, CR 400.7), with a new timestamp
    (613.7e), and is linked to it: "put onto the battlefield with this Aura" (607.2a). If
    nothing entered, nothing is attached (and an Aura attached to nothing goes, 704.5m)."""
    me = game.object(res.source)
    hosts = [x for x in hook.entered if (o := game.object(x)) is not None and o.on_battlefield]
    if me is None or not me.on_battlefield or not hosts or hosts[-1] == res.source:
        return game
    host = game.object(hosts[-1])
    assert host is not None
    game, timestamp = stamp(game)
    game = game.with_object(replace(host, put_with=res.source))
    return game.with_object(
        replace(me, attached_to=host.label, host_left=None, timestamp=timestamp)
    )
