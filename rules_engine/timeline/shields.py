"""The replacement, prevention and "can't" effects a resolving spell or ability creates
(CR 615.4, 614.17): shields on its targets, sized as it resolves (615.7)."""

from __future__ import annotations

from dataclasses import replace

from rules_engine.characteristics import Characteristics
from rules_engine.errors import BoardError
from rules_engine.game import NotModelled
from rules_engine.gaps import resolution_text, unreadable_replacement
from rules_engine.ids import EffectId
from rules_engine.oracle.parser import OracleParseError, ParsedAbility
from rules_engine.replacement.grammar import parse_replacements
from rules_engine.replacement.in_play import ActiveCant, ActiveReplacement
from rules_engine.replacement.specs import (
    CantSpec,
    DamageSpec,
    Family,
    Mark,
    ReplacementSpec,
    Spec,
)
from rules_engine.selection import World, evaluate
from rules_engine.timeline.resolution import Resolution

Created = tuple[tuple[ActiveReplacement, ...], tuple[ActiveCant, ...], tuple[NotModelled, ...]]


def resolved_replacements(
    res: Resolution,
    abilities: list[ParsedAbility],
    timestamp: int,
    state: dict[str, Characteristics],
    world: World,
) -> Created:
    """Shields and "can't" effects a resolving spell or ability creates (CR 615.4, 614.17),
    and the replacement texts it has that the engine does not model yet."""
    label = res.label
    shields: list[ActiveReplacement] = []
    rules: list[ActiveCant] = []
    gaps: list[NotModelled] = []
    # One text per ability: a later sentence may add to an earlier one ("If damage is
    # prevented this way, ..."); ``cards show`` reads the same text (gaps.resolution_text).
    texts = [resolution_text(ability) for ability in abilities]
    specs: list[Spec] = []
    for text in texts:
        try:
            specs.extend(parse_replacements(text, res.source_name))
        except OracleParseError as exc:
            gaps.append(unreadable_replacement(res.who, text, str(exc)))
    specs = _chosen_on_resolution(specs, res, state, world)
    for n, spec in enumerate(specs):
        eid = label if len(specs) == 1 else f"{label}.r{n}"
        if isinstance(spec, CantSpec):
            if spec.condition is not None and not res.holds(spec.condition, state, world):
                continue  # "If ~ was kicked, ... the damage can't be prevented" (608.2c)
            # "This creature can't be regenerated this turn" (Clergy of the Holy Nimbus,
            # 701.19c): "~" is the permanent whose ability resolved, not the ability.
            own = spec.objects is not None and spec.objects.kind == "self"
            source = res.who if own else label
            rules.append(
                ActiveCant(eid, spec, source, res.controller, created_by=label, targets=res.targets)
            )
            continue
        shields.extend(_shields(spec, eid, res, timestamp, state, world))
    return tuple(shields), tuple(rules), tuple(gaps)


def _shields(
    spec: ReplacementSpec,
    eid: str,
    res: Resolution,
    timestamp: int,
    state: dict[str, Characteristics],
    world: World,
) -> list[ActiveReplacement]:
    """One shield on its targets; one per target when its amount is divided (601.2d); the
    creatures sharing a color with its target (615.11)."""
    label = res.label
    if isinstance(spec, DamageSpec) and spec.redirect_to == "chosen":
        _verify_chosen(res, state, world)
    if spec.family == Family.KICKED_DAMAGE and isinstance(spec, DamageSpec) and spec.x_amount:
        # "It deals X plus 1 damage instead" (Light Up the Night): the X it was cast with
        # (CR 107.3a), plus what the sentence adds.
        spec = replace(spec, kicked_amount=(res.x or 0) + spec.plus, x_amount=False, plus=0)
    protected = [res.targets]
    sizes: tuple[int, ...] = ()
    if Mark.DIVIDED in spec.marks:
        # CR 601.2d: one shield per target, each of the amount assigned to it as cast.
        sizes = _division(spec, res)
        protected = [(t,) for t in res.targets]
    if Mark.SHARES_COLOR in spec.marks and res.targets:
        # CR 615.11: the set of creatures shielded is fixed as the effect begins.
        first = res.targets[0]
        colors = state[first].colors if first in state else frozenset()
        protected = [(first,)]
        protected += [
            (label_,)
            for label_, c in state.items()
            if label_ != first
            and "Creature" in c.types
            and c.colors & colors
            and world.objects[label_].on_battlefield
        ]
    return [
        ActiveReplacement(
            EffectId(eid, part=None if len(protected) == 1 else n_target).text(),
            spec,
            res.who,
            res.source_name,
            res.controller,
            timestamp,
            targets=tuple(targets),
            choices=res.choices,
            resolved=True,
            # CR 615.7: "the next X damage" is the X it was cast with (107.3a).
            remaining=sizes[n_target]
            if sizes
            else _shield_size(spec, res, state, world)
            if spec.shield == "amount"
            else None,
            name=eid,
            created_by=label,
        )
        for n_target, targets in enumerate(protected)
    ]


def _verify_chosen(res: Resolution, state: dict[str, Characteristics], world: World) -> None:
    """CR 614.9, 608.2c: "is dealt to the chosen permanent instead" needs the permanent chosen
    as it resolves: the step's ``choices.chosen`` for Gideon's Sacrifice's "Choose a creature
    or planeswalker you control", one its controller controls; with none to choose, nothing
    is chosen and no damage is redirected. (Heroic Sacrifice's is its target, checked as a
    target is.)"""
    if res.targets:
        return
    mine = [
        label
        for label, chars in state.items()
        if chars.controller == res.controller
        and world.objects[label].on_battlefield
        and {"Creature", "Planeswalker"} & set(chars.types)
    ]
    chosen = res.choices.chosen
    where = f"{res.path}.choices.chosen"
    if chosen is None and mine:
        raise BoardError(
            where,
            f"{res.source_name} chooses a creature or planeswalker {res.controller} controls as "
            f'it resolves (CR 608.2c): add "chosen": "{mine[0]}" to the step\'s choices',
        )
    if chosen is not None and chosen not in mine:
        raise BoardError(
            where, f"{chosen} is not a creature or planeswalker {res.controller} controls"
        )


def _division(spec: ReplacementSpec, res: Resolution) -> tuple[int, ...]:
    """CR 601.2d: "divided as you choose" -- the step's ``choices.divided`` gives each
    target its share, at least 1 each, adding up to the whole amount."""
    whole = spec.amount or 0
    shares = res.choices.divided
    where = f"{res.path}.choices.divided"
    if not res.targets:
        # "Any number of targets" divided: at least one (601.2d: each gets at least 1).
        raise BoardError(f"{res.path}.targets", f"{res.source_name} needs 1 target, got 0")
    if not shares:
        count = len(res.targets)
        example = [whole - count + 1] + [1] * (count - 1)
        raise BoardError(
            where,
            f"{res.source_name}'s {whole} damage to prevent is divided among its {count} "
            f"target(s) as it is cast (CR 601.2d); the board must say how, in target order: "
            f'add "divided": {example} to the step\'s choices',
        )
    if len(shares) != len(res.targets) or sum(shares) != whole:
        raise BoardError(
            where,
            f"{list(shares)} must give each of the {len(res.targets)} target(s) at least 1 and "
            f"add up to {whole} (CR 601.2d)",
        )
    return shares


def _shield_size(
    spec: ReplacementSpec, res: Resolution, state: dict[str, Characteristics], world: World
) -> int | None:
    """CR 615.7: "the next X damage" is the X it was cast with (107.3a), or the number "where
    X is ..." counts as it resolves (608.2h: Acolyte's Reward's devotion)."""
    if isinstance(spec, DamageSpec) and spec.x_amount:
        return res.x or 0
    if spec.count is not None:
        return max(0, evaluate(spec.count, state, world, res.context(), None))
    return spec.amount


def _chosen_on_resolution(
    specs: list[Spec], res: Resolution, state: dict[str, Characteristics], world: World
) -> list[Spec]:
    """CR 608.2c, 614.15: "If ~ was kicked, prevent ... instead" replaces the shield before it
    when its condition holds as the spell resolves, and is not made otherwise."""
    chosen: list[Spec] = []
    for spec in specs:
        if not isinstance(spec, ReplacementSpec) or spec.on_resolution is None:
            chosen.append(spec)
            continue
        if not res.holds(spec.on_resolution, state, world):
            continue
        if spec.instead and chosen:
            before = chosen.pop()
            if Mark.THIS_WAY in spec.marks and isinstance(before, ReplacementSpec):
                # "prevent the next 6 damage this way instead": the shield before, resized.
                spec = replace(before, amount=spec.amount)
        elif Mark.THIS_WAY in spec.marks:
            continue  # nothing before it to resize (not a reading the engine makes)
        chosen.append(replace(spec, on_resolution=None, instead=False))
    return chosen
