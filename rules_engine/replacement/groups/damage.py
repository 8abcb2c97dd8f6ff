"""Replacement and prevention effects on damage (CR 120.3, 614.1a, 614.9, 615): whether one
applies to a damage event (``applies``) and what it does (``apply``), for every family of the
damage group (``specs.GROUP``)."""

from __future__ import annotations

import math
from dataclasses import replace

from rules_engine.replacement.cants import damage_unpreventable
from rules_engine.replacement.damage_results import damage_results
from rules_engine.replacement.events import (
    CreateTokens,
    Damage,
    Draw,
    Event,
    GainLife,
    Nothing,
    Prevented,
    PutCounters,
    ZoneMove,
)
from rules_engine.replacement.fits import effect_context, object_fits
from rules_engine.replacement.groups.milling import mill_moves
from rules_engine.replacement.groups.watching import (
    Applied,
    Fresh,
    source_fits,
    token_card_of,
    who_fits,
)
from rules_engine.replacement.in_play import ActiveReplacement
from rules_engine.replacement.specs import (
    DamageSpec,
    Family,
    Mark,
    PerPrevented,
    Rider,
)
from rules_engine.replacement.state import EventState
from rules_engine.selection import evaluate


def applies(active: ActiveReplacement, event: Damage, board: EventState) -> bool:
    spec = active.spec
    if not isinstance(spec, DamageSpec):
        return False  # an effect on another kind of event (GROUP)
    family = spec.family
    if event.amount <= 0:
        return False  # CR 614.7a: 0 damage is no event
    if (spec.at_least is not None and event.amount < spec.at_least) or (
        spec.at_most is not None and event.amount > spec.at_most
    ):
        return False  # "3 or less damage", "4 or more damage": the amount it would be now
    if family == Family.KICKED_DAMAGE:
        # CR 614.15: the spell's own damage; kicked, or its condition (checked above).
        return event.source == active.source and (active.choices.kicked or not spec.kicked)
    if family == Family.DAMAGE_MODIFY:
        if (spec.combat_only and not event.combat) or (spec.noncombat_only and event.combat):
            return False
        if Mark.RAISE_TO_COUNT in spec.marks and event.amount >= _counted(active, board):
            return False  # Ojer Axonil: only an amount less than its power (614.1a)
        return source_fits(active, event.source, board) and who_fits(
            spec.target, event.target, active, board
        )
    if family in (Family.PREVENT_STATIC, Family.PREVENT_SHIELD):
        if spec.combat_only and not event.combat:
            return False
        if spec.noncombat_only and event.combat:
            return False
        if spec.shield == "amount" and not active.remaining:
            return False
        if spec.target is not None and not who_fits(spec.target, event.target, active, board):
            return False
        if Mark.SOURCE_SHARES_COLOR in spec.marks and not _share_a_color(event, board):
            return False
        return source_fits(active, event.source, board)
    if family == Family.REDIRECT:
        if spec.shield == "amount" and not active.remaining:
            return False
        if (spec.combat_only and not event.combat) or (spec.noncombat_only and event.combat):
            return False
        destination = _redirect_destination(active, board, event)
        return (
            destination is not None
            and destination != event.target
            and who_fits(spec.target, event.target, active, board)
            and source_fits(active, event.source, board)
        )
    if family == Family.DAMAGE_TO_COUNTERS:
        if (spec.combat_only and not event.combat) or (spec.noncombat_only and event.combat):
            return False
        on = active.source if spec.on_source else event.target
        return (
            on in board.chars
            and who_fits(spec.target, event.target, active, board)
            and source_fits(active, event.source, board)
        )
    if family == Family.LOYALTY_FLOOR:
        # Deification: only damage that would remove all its loyalty counters (120.3c), all
        # the damage dealt to it at the same time counted together (CR 510.2).
        target = board.chars.get(event.target)
        obj = board.game.object(event.target)
        return (
            event.loyalty_floor is None
            and target is not None
            and obj is not None
            and "Planeswalker" in target.types
            and 0 < obj.counter_count("loyalty") <= event.amount + board.alongside
            and who_fits(spec.target, event.target, active, board)
        )
    if family == Family.WORSHIP:
        if event.target != active.controller or event.life_floor is not None:
            return False
        if any(r.what == "poison" for r in damage_results(event, board)):
            return False  # infect damage to a player causes no life loss (120.3b)
        life = board.game.life_of(event.target)
        floor = spec.amount or 1
        creatures = not spec.if_you_control_creature or any(
            c.controller == active.controller and "Creature" in c.types
            for label, c in board.chars.items()
            if board.world.objects[label].on_battlefield
        )
        # Elderscale Wurm: "as long as you have 7 or more life" (checked before the damage);
        # damage dealt at the same time counts together (CR 510.2).
        return creatures and life >= floor and life - event.amount - board.alongside < floor
    return False


def _counted(active: ActiveReplacement, board: EventState) -> int:
    """The number an effect counts as the damage would be dealt, from its source ("~'s
    power": the source as it is now, CR 614.1a)."""
    spec = active.spec
    assert spec.count is not None
    got = evaluate(spec.count, board.chars, board.world, effect_context(active), active.source)
    return max(0, got)


def _share_a_color(event: Damage, board: EventState) -> bool:
    """Well-Laid Plans: "another creature if they share a color" (a colorless creature
    shares no color, CR 105.2c)."""
    source, target = board.chars.get(event.source), board.chars.get(event.target)
    if source is None or target is None or event.source == event.target:
        return False
    return bool(set(source.colors) & set(target.colors))


def apply(
    active: ActiveReplacement, event: Damage, board: EventState, limit: int | None
) -> Applied:
    spec = active.spec
    assert isinstance(spec, DamageSpec)  # applies() said it watches damage
    family = spec.family
    if limit is not None:
        if family == Family.REDIRECT:
            return _redirect(active, event, board, limit)
        return _prevent(active, event, board, limit)
    if family == Family.KICKED_DAMAGE:
        return [replace(event, amount=spec.kicked_amount or event.amount)], active
    if family == Family.DAMAGE_MODIFY and Mark.ECHO_TO_SOURCE_CONTROLLER in spec.marks:
        # Eye for an Eye: the damage is dealt, and its source's controller is dealt as much by
        # the spell (one event replaced by two, 614.6); the shield is used up (615.7's "next").
        controller = board.controller_of(event.source)
        echo = [Damage(event.amount, active.source, controller)] if controller else []
        return [event, *echo], None
    if family == Family.DAMAGE_MODIFY and Mark.RAISE_TO_COUNT in spec.marks:
        return [replace(event, amount=_counted(active, board))], active
    if family == Family.DAMAGE_MODIFY:
        if spec.set_to is not None:  # "that source deals 3 damage ... instead" (614.1a)
            return [replace(event, amount=spec.set_to)], active
        if spec.half_down or spec.half_up:
            # Ghosts of the Innocent: "half that damage, rounded down" (CR 614.1a).
            half = event.amount // 2 if spec.half_down else math.ceil(event.amount / 2)
            return [replace(event, amount=half)], active
        plus = spec.plus
        if spec.count is not None:
            # Fated Firepower's fire counters, Hawkeye's power: counted as the damage would be
            # dealt (CR 614.1a), from the effect's source.
            ctx = effect_context(active)
            got = evaluate(spec.count, board.chars, board.world, ctx, active.source)
            plus += max(0, got)
        return [replace(event, amount=event.amount * spec.factor + plus)], active
    if family in (Family.PREVENT_STATIC, Family.PREVENT_SHIELD):
        return _prevent(active, event, board)
    if family == Family.REDIRECT:
        return _redirect(active, event, board)
    if family == Family.WORSHIP:
        return [replace(event, life_floor=spec.amount or 1)], active
    if family == Family.LOYALTY_FLOOR:
        return [replace(event, loyalty_floor=1)], active  # all but one (120.3c, 614.1a)
    if family == Family.DAMAGE_TO_COUNTERS:
        # Phytohydra: "put that many +1/+1 counters on it instead"; Force Bubble: "on ~".
        on = active.source if spec.on_source else event.target
        return [PutCounters(spec.counter_kind or "+1/+1", on, event.amount)], active
    return [event], active


def _redirect_destination(
    active: ActiveReplacement, board: EventState, event: Damage
) -> str | None:
    """Where a redirection sends damage, if it can still go there (CR 614.9: not to an
    object that has left the battlefield or is no longer a creature, planeswalker or
    battle; the damage is then dealt as it would have been)."""
    spec = active.spec
    assert isinstance(spec, DamageSpec)
    if spec.redirect_to == "you":
        return active.controller
    if spec.redirect_to == "its_controller":
        return board.controller_of(event.target)  # Treacherous Link
    if spec.redirect_to == "source_controller":
        return board.controller_of(event.source)
    if spec.redirect_to == "target":
        slot = -1 if spec.redirect_slot is None else spec.redirect_slot
        chosen = (
            active.targets[slot] if -len(active.targets) <= slot < len(active.targets) else None
        )
        if chosen in board.game.players:
            return chosen  # Captain's Maneuver: "another target creature, planeswalker, or player"
    elif spec.redirect_to == "self":
        chosen = active.source
    elif spec.redirect_to == "chosen":
        # Gideon's Sacrifice: the permanent chosen as it resolved; Heroic Sacrifice: its
        # target, "Choose target creature you control" (CR 614.9, 608.2c).
        chosen = active.choices.chosen or (active.targets[0] if active.targets else None)
    else:
        source = board.game.object(active.source)
        chosen = source.attached_to if source is not None else None
    obj = board.game.object(chosen) if chosen else None
    chars = board.chars.get(chosen) if chosen else None
    if obj is None or not obj.on_battlefield or chars is None:
        return None
    return chosen if {"Creature", "Planeswalker", "Battle"} & set(chars.types) else None


def _redirect(
    active: ActiveReplacement, event: Damage, board: EventState, limit: int | None = None
) -> Applied:
    """CR 614.9: the damage is dealt to another object or player instead; a "next N"
    shield moves only N of it (``limit`` when simultaneous damage shares it, 615.7)."""
    destination = _redirect_destination(active, board, event) or event.target
    if active.spec.shield == "next_time":
        return [replace(event, target=destination)], None  # used up (615.7's "next time")
    if active.spec.shield != "amount":
        return [replace(event, target=destination)], active
    moved = min(active.remaining or 0, event.amount) if limit is None else limit
    left = (active.remaining or 0) - moved
    pieces: list[Event] = [replace(event, target=destination, amount=moved)] if moved else []
    if event.amount > moved:
        pieces.append(replace(event, amount=event.amount - moved))
    return pieces, replace(active, remaining=left) if left > 0 else None


def _prevent(
    active: ActiveReplacement, event: Damage, board: EventState, limit: int | None = None
) -> Applied:
    """CR 615: prevent some or all of it; 615.12: unpreventable damage still runs the extras."""
    spec = active.spec
    assert isinstance(spec, DamageSpec)
    if limit is not None:
        wanted = limit
    elif spec.half_up:
        wanted = math.ceil(event.amount / 2)
    elif spec.shield == "amount":
        wanted = min(active.remaining or 0, event.amount)
    elif Mark.ALL_BUT in spec.marks:
        wanted = max(0, event.amount - (spec.amount or 0))  # Temple Altisaur: all but 1
    elif spec.count is not None:
        # Shield of the Avatar: "prevent X of that damage, where X is the number of creatures
        # you control", counted as the damage would be dealt (CR 615.1a, 608.2h).
        x = evaluate(spec.count, board.chars, board.world, effect_context(active), None)
        wanted = min(max(0, x), event.amount)
    elif spec.amount is not None:
        wanted = min(spec.amount, event.amount)
    else:
        wanted = event.amount
    unpreventable = damage_unpreventable(board, event)
    prevented = 0 if unpreventable else wanted
    results: list[Event] = []
    if event.amount - prevented > 0:
        results.append(replace(event, amount=event.amount - prevented))
    if prevented:
        results.append(Prevented(prevented, event.source, event.target))
    if spec.per_prevented == PerPrevented.COUNTERS and prevented:
        # Phyrexian Hydra: "put a -1/-1 counter on ~"; Test of Faith: "+1/+1 ... on that creature".
        on = active.source if spec.on_source else event.target
        results.append(Fresh(PutCounters(spec.counter_kind or "+1/+1", on, prevented)))  # type: ignore[arg-type]
    if spec.per_prevented == PerPrevented.ONE_COUNTER:
        # CR 615.5, 615.12: Ironscale Hydra's counter, put even if the damage can't be prevented.
        on = active.source if spec.on_source else event.target
        results.append(Fresh(PutCounters(spec.counter_kind or "+1/+1", on, 1)))  # type: ignore[arg-type]
    if spec.per_prevented == PerPrevented.MILL:
        results.extend(_milled(active, event, board))  # type: ignore[arg-type]
    if spec.per_prevented == PerPrevented.SHUFFLE_DAMAGED:
        results.extend(_shuffled(event, board))  # type: ignore[arg-type]
    if spec.per_prevented == PerPrevented.TOKENS and prevented and spec.options:
        # Hostility: one token for each 1 damage prevented (615.5), created by its controller.
        card = token_card_of(spec.options[0])
        results.append(Fresh(CreateTokens(card, prevented, active.controller)))  # type: ignore[arg-type]
    if spec.per_prevented == PerPrevented.DRAW and prevented:
        # Swans of Bryn Argoll: the source's controller draws that many cards (121.2: one at a
        # time); a source nobody controls has no controller to draw (ownerless, 108.4a).
        drawer = board.controller_of(event.source)
        if drawer is not None:
            results.extend(Fresh(Draw(drawer)) for _ in range(prevented))  # type: ignore[misc]
    if spec.per_prevented == PerPrevented.LIFE and prevented:
        results.append(Fresh(GainLife(active.controller, prevented)))  # type: ignore[arg-type]
    if spec.per_prevented == PerPrevented.REMOVE_COUNTER:
        # Phantom rulings (2022-12-08): a counter is removed even if the damage can't be
        # prevented (615.12), and only one for damage from several sources at once (so does
        # Unbreathing Horde, ruling 2011-09-22).
        removal = PutCounters(spec.counter_kind or "+1/+1", active.source, -1, once=True)
        results.append(Fresh(removal))  # type: ignore[arg-type]
    if spec.per_prevented == PerPrevented.REMOVE_THAT_MANY:
        # Protean Hydra (rulings 2009-10-01): all the damage is prevented; that many counters
        # are removed (all it has, if fewer), even if the damage can't be prevented (615.12).
        removal = PutCounters(spec.counter_kind or "+1/+1", event.target, -event.amount)
        results.append(Fresh(removal))  # type: ignore[arg-type]
        if spec.options:
            # Sekki: "and create that many ... tokens" -- as many as the damage, like the
            # counters (615.5, 615.12: done even if the damage can't be prevented).
            tokens = CreateTokens(token_card_of(spec.options[0]), event.amount, active.controller)
            results.append(Fresh(tokens))  # type: ignore[arg-type]
        results.extend(_each_player_counters(active, event, board))  # type: ignore[arg-type]
    if spec.per_prevented == PerPrevented.REFLECT_TO_CONTROLLER and prevented:
        controller = board.controller_of(event.source)
        if controller is not None:
            results.append(Fresh(Damage(prevented, active.source, controller)))  # type: ignore[arg-type]
    for rider in spec.riders:
        results.extend(_rider_events(rider, active, event, board, prevented))  # type: ignore[arg-type]
    if not results:
        results.append(Nothing())
    after: ActiveReplacement | None = active
    if spec.shield == "amount" and not unpreventable:
        left = (active.remaining or 0) - prevented
        after = replace(active, remaining=left) if left > 0 else None
    elif spec.shield == "next_time" and not unpreventable:
        after = None
    return results, after


def _each_player_counters(
    active: ActiveReplacement, event: Damage, board: EventState
) -> list[Fresh]:
    """Bloatfly Swarm: "then give each player a rad counter for each +1/+1 counter removed
    this way" (CR 615.5, 122.1): as many as it had to remove, at most the damage."""
    spec = active.spec
    assert isinstance(spec, DamageSpec)
    obj = board.game.object(event.target)
    if spec.each_player_counter is None or obj is None:
        return []
    removed = min(event.amount, obj.counter_count(spec.counter_kind or "+1/+1"))
    if removed <= 0:
        return []
    kind = spec.each_player_counter
    return [Fresh(PutCounters(kind, p, removed)) for p in board.game.players]


def _milled(active: ActiveReplacement, event: Damage, board: EventState) -> list[Fresh]:
    """Angel of Suffering's "mill twice that many cards", The Mindskinner's "each opponent
    mills that many cards" (CR 615.5, 701.17a): "that many" is the damage the effect applies
    to, milled even if it can't be prevented (615.12, as Protean Hydra's counters), each
    card a move other effects may replace."""
    spec = active.spec
    if spec.player == "you":
        millers = [active.controller]
    else:
        millers = [p for p in board.game.players if p != active.controller]
    n = event.amount * spec.factor
    to = spec.to_zone or "graveyard"
    return [Fresh(move) for p in millers for move in mill_moves(board, p, n, to)]


def _shuffled(event: Damage, board: EventState) -> list[Fresh]:
    """Weeping Angel: the creature the damage was for goes to its owner's library (CR 615.5,
    done even if the damage couldn't be prevented, 615.12; 400.3: its owner's library)."""
    obj = board.game.object(event.target)
    chars = board.chars.get(event.target)
    if obj is None or not obj.on_battlefield or chars is None:
        return []
    move = ZoneMove(
        event.target,
        "library",
        owner=obj.owner,
        token=obj.card.token,
        creature="Creature" in chars.types,
        controller=chars.controller,
        card_types=frozenset(chars.types),
    )
    return [Fresh(move)]


def _rider_events(
    rider: Rider, active: ActiveReplacement, event: Damage, board: EventState, prevented: int
) -> list[Fresh]:
    """CR 615.5: the additional effect for the damage prevented from a source that fits;
    damage that couldn't be prevented (615.12) wasn't "prevented this way"."""
    if not prevented or (
        rider.source is not None and not object_fits(rider.source, event.source, active, board)
    ):
        return []
    if rider.kind == "life_per_prevented":
        return [Fresh(GainLife(active.controller, prevented))]
    if rider.kind == "reflect_to_target":
        # Acolyte's Reward: "~ deals that much damage to any target" -- its target after the
        # protected creature; Refraction Trap's only target (CR 115.1: each "target" is a new
        # target).
        if len(active.targets) <= rider.slot:
            return []
        return [Fresh(Damage(prevented, active.source, active.targets[rider.slot]))]
    if rider.kind == "reflect_to_source":
        # Comeuppance: "~ deals that much damage to that creature" (the source, if it is
        # still on the battlefield: 120.3's damage needs a permanent or player to be dealt to).
        source = board.game.object(event.source)
        if source is None or not source.on_battlefield:
            return []
        return [Fresh(Damage(prevented, active.source, event.source))]
    controller = board.controller_of(event.source)
    return [] if controller is None else [Fresh(Damage(prevented, active.source, controller))]
