"""A resolving spell's or ability's continuous effects as they begin: each one's set of
affected objects and the values it computed, fixed then (CR 611.2c, 608.2h)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules_engine.active import Effect, context_for, effect_payloads
from rules_engine.characteristics import Characteristics
from rules_engine.effects import CopyOf, EffectSpec
from rules_engine.errors import BoardError
from rules_engine.game import CopySnapshot, Game, ResolvedEffect
from rules_engine.ids import EffectId
from rules_engine.layers import compute
from rules_engine.selection import World, select
from rules_engine.timeline.common import copy_snapshot
from rules_engine.timeline.resolution import Resolution
from rules_engine.timeline.resolve_checks import legal_target
from rules_engine.timeline.text_order import Numbered


def begin(
    game: Game,
    res: Resolution,
    specs: Sequence[Numbered],
    count: int,
    timestamp: int,
    state: dict[str, Characteristics],
    world: World,
    created: tuple[str, ...] = (),
) -> list[ResolvedEffect]:
    """The continuous effects of a resolution as they begin: each one's set of affected
    objects and the values it computed, fixed now (CR 611.2c, 608.2h)."""
    resolved: list[ResolvedEffect] = []
    for n, spec in specs:
        eid = EffectId(res.label, part=None if count == 1 else n).text()
        copy = None
        copies = any(p.layer == "1a" for p in spec.parts)
        if copies and _copied_target_unchosen(res, spec):
            # "it becomes a copy of up to one other target creature" (Fleeting Reflection)
            # with none chosen (CR 601.2c): nothing to copy, so no effect.
            continue
        if copies:
            copy = _spell_copy(game, res, spec)
        stub = ResolvedEffect(
            eid,
            res.label,
            spec,
            res.source,
            res.source_name,
            res.controller,
            timestamp,
            game.next_order,
            (),
            res.targets,
            res.choices,
            res.x,
            copy=copy,
        )
        effect = Effect(
            eid,
            "resolved",
            spec,
            res.source,
            res.source_name,
            timestamp,
            (),
            resolved=stub,
            copy=copy,
        )
        ctx = context_for(effect, state, world)
        affected = created or tuple(
            label
            for label in select(spec.subject, state, world, ctx)
            if world.objects[label].on_battlefield and legal_target(spec, label, state, world, ctx)
        )
        locked: list[tuple[tuple[int, str], object]] = []
        for layer in sorted({p.layer for p in spec.parts}):
            if layer == "1a":
                continue
            values = effect_payloads(
                replace(effect, resolved=replace(stub, affected=affected)),
                layer,
                affected,
                state,
                world,
            )
            locked.extend(values.items())
        resolved.append(replace(stub, affected=affected, locked=tuple(locked)))
    return resolved


def begin_now(
    game: Game,
    res: Resolution,
    specs: Sequence[Numbered],
    count: int,
    timestamp: int,
    created: tuple[str, ...] = (),
) -> list[ResolvedEffect]:
    """Effects that begin after some of the resolution's parts happened, read in the game
    as it is now."""
    state = compute(game).chars
    world = World.of(game)
    return begin(game, res, specs, count, timestamp, state, world, created)


def begin_later(
    game: Game, res: Resolution, specs: Sequence[Numbered], count: int, timestamp: int
) -> Game:
    """Effects written after a one-shot part begin once it has happened (608.2c, 611.2c)."""
    if not specs:
        return game
    begun = begin_now(game, res, specs, count, timestamp)
    return replace(game, resolved=game.resolved + tuple(begun))


def _copied_target_unchosen(res: Resolution, spec: EffectSpec) -> bool:
    """The object copied is an optional target ("up to one other target creature") and
    none was chosen (CR 601.2c). Only then: where the copied object is chosen, not
    targeted ("Choose a creature on the battlefield. Any number of target creatures you
    control each become a copy of that creature", Polymorphous Rush), the optional
    targets are those that become copies, and one named is enough (CR 115.1, 707.2)."""
    copy = next(p.action for p in spec.parts if isinstance(p.action, CopyOf))
    return (
        copy.source == "target"
        and spec.min_targets is not None
        and len(res.targets) < spec.targets_used
    )


def _spell_copy(game: Game, res: Resolution, spec: EffectSpec) -> CopySnapshot:
    copy = next(p.action for p in spec.parts if isinstance(p.action, CopyOf))
    if copy.source == "target":
        slots = [t for t in res.targets if t not in game.players]
        if not slots:
            raise BoardError(f"{res.path}.targets", "name the creature to copy as a target")
        return copy_snapshot(game, slots[-1], copy, f"{res.path}.targets")
    if res.choices.copy:
        return copy_snapshot(game, res.choices.copy[0], copy, f"{res.path}.choices.copy[0]")
    if res.choices.chosen:
        # "Choose a creature on the battlefield. ... a copy of that creature": the object
        # chosen as it resolves (CR 608.2c) may be named as the step's chosen object too.
        return copy_snapshot(game, res.choices.chosen, copy, f"{res.path}.choices.chosen")
    raise BoardError(f"{res.path}.choices.copy", "name the object to copy in choices.copy")
