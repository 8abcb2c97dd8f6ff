"""Performing events in the game: one pipeline for the timeline's steps and ``ask.event``.

An event that would happen goes through the replacement and prevention
effects in play (CR 614-616) exactly as ``ask.event`` explores it; one path
through the choices is taken (the step's own ``replacements`` order, or the
default: at every choice the first applicable effect in the order their
sources came into play, and a "you may" effect applied), and what actually
happens is then written into the game: damage marked, counters put, life
changed, cards moved, permanents entered.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, assert_never

from rules_engine.affected import Filter, Subject
from rules_engine.bounds import TooManyObjects, grown_past
from rules_engine.characteristics import Characteristics
from rules_engine.effects import AbilityChange, EffectSpec, Part
from rules_engine.errors import BoardError
from rules_engine.game import (
    CopySnapshot,
    Game,
    GameObject,
    LastKnown,
    NotModelled,
    ResolvedEffect,
    StepChoice,
    add_counters,
)
from rules_engine.ids import EffectId, StepName
from rules_engine.layers import compute, rules_evaluation
from rules_engine.lingering import lingering_effects
from rules_engine.replacement.events import (
    CreateTokens,
    Damage,
    DamageLoss,
    Destroy,
    Draw,
    Enter,
    Event,
    GainLife,
    GainsUntilEndOfTurn,
    LookAndSort,
    LoseGame,
    LoseLife,
    Nothing,
    Prevented,
    PutCounters,
    Regenerate,
    RemoveDamage,
    ReturnFromGraveyard,
    Skip,
    StepHappens,
    WinGame,
    ZoneMove,
)
from rules_engine.replacement.explore import Explorer, Leaf, Pending, group_outcomes
from rules_engine.replacement.state import EventState, statics_of
from rules_engine.replacement.tree import tree_json
from rules_engine.selection import library_sizes
from rules_engine.steps import Choices, EnterRecord
from rules_engine.turn_deeds import CountersPutRecord
from rules_engine.work import WorkExceeded

# An entering permanent becomes an object: the timeline says how (its label, card, copy).
EnterHook = Callable[[Game, Enter], Game]


@dataclass(frozen=True, slots=True)
class Performed:
    """What happened, and the choice that was taken among those the rules allowed."""

    game: Game
    results: tuple[Event, ...]
    path: tuple[str, ...]
    choice: StepChoice | None = None


_RECENT: list[tuple[Game, dict[str, Characteristics]]] = []


def chars_of(game: Game) -> dict[str, Characteristics]:
    """Every object's characteristics in this game (the layer system, CR 613), remembered
    for the last few games: a step reads the same state several times."""
    for known, chars in _RECENT:
        if known is game:
            return chars
    chars = rules_evaluation(game).chars
    _RECENT.insert(0, (game, chars))
    del _RECENT[8:]
    return chars


def event_state(
    game: Game, zone_cards: dict[tuple[str, str], list[str]] | None = None
) -> EventState:
    """What the replacement machinery reads in this game (CR 614.1: statics of permanents;
    615.4, 614.8: shields of resolved spells; 614.17: "can't" effects)."""
    chars = chars_of(game)
    statics, cants = statics_of(game, chars)
    return EventState(
        game,
        chars,
        statics,
        cants,
        _library_sizes(game),
        zone_cards=_zone_cards(game) if zone_cards is None else zone_cards,
    )


def _library_sizes(game: Game) -> dict[str, int | None]:
    """Cards in each library: the known cards plus the unknown ones; None if not known."""
    return library_sizes(game)


def _zone_cards(game: Game) -> dict[tuple[str, str], list[str]]:
    known: dict[tuple[str, str], list[str]] = {}
    for obj in game.objects:
        if obj.zone in ("library", "graveyard"):
            known.setdefault((obj.owner, obj.zone), []).append(obj.label)
    return known


def _names_of(tree: Any) -> dict[str, set[str]]:
    """Every name a learner may give an applied effect: its id, its source's label, its
    card's name (as event boards' paths accept them)."""
    names: dict[str, set[str]] = {}
    stack = [tree]
    while stack:
        node = stack.pop()
        if not isinstance(node, dict):
            continue
        for option in node.get("options", []) or []:
            stack.append(option.get("then"))
            shown = option.get("apply")
            if shown:
                limit = option.get("prevent")
                key = StepName(shown, None if limit is None else str(limit)).text()
                names[key] = {
                    shown,
                    key,
                    EffectId.from_text(shown).label,
                    option.get("source", shown),
                    option.get("source_name", shown),
                }
        for option in (node.get("choice") or {}).get("options", []):
            stack.append(option.get("then"))
        stack.append(node.get("then"))
    return names


def _matches(wanted: Sequence[str], path: tuple[str, ...], names: dict[str, set[str]]) -> bool:
    if len(wanted) != len(path):
        return False
    for want, step in zip(wanted, path, strict=True):
        known = names.get(step, {step, step.removeprefix("choose:")})
        if want not in known and want.lower() not in {k.lower() for k in known}:
            return False
    return True


def choose_leaf(
    leaves: list[Leaf], wanted: Sequence[str] | None, names: dict[str, set[str]], where: str
) -> tuple[Leaf, bool]:
    """The leaf the step asked for, or the default (the first explored: at every choice the
    first applicable effect, in the order their sources came into play)."""
    if wanted is None:
        return leaves[0], True
    for leaf in leaves:
        if _matches(wanted, leaf.path, names):
            return leaf, False
    allowed = "; ".join(" then ".join(leaf.path) or "(none)" for leaf in leaves[:12])
    raise BoardError(
        f"{where}.replacements",
        f"no legal order of replacement effects is {list(wanted)} (CR 616.1); the orders "
        f"the rules allow here: {allowed}",
    )


# The explorer's work (every order of the replacement effects, CR 616.1) is charged to the
# same meter as the layers (rules_engine/work.py).
TOO_MANY_ORDERS = (
    "working out this step's events takes more work than a board may use: every order in "
    "which the replacement effects that apply could be applied is checked (CR 616.1), and "
    "each doubler multiplies them; use fewer replacement effects or smaller numbers"
)


TOO_MANY_EVENTS = (
    "this step makes more events, one after another, than the engine follows (each "
    "replaced in turn, CR 616.1): use smaller numbers or fewer replacement effects"
)


def _numbers(game: Game) -> list[tuple[str, int]]:
    """Every counter count and life total, by what a message calls it."""
    found = [
        (f"the {kind} counters on {o.card.name}", n) for o in game.objects for kind, n in o.counters
    ]
    found += [(f"{player}'s life total", n) for player, n in game.life]
    found += [
        (f"{player}'s {kind} counters", n)
        for player, kinds in game.player_counters
        for kind, n in kinds
    ]
    return found


def perform(
    game: Game,
    pendings: list[Pending],
    *,
    enter: EnterHook,
    wanted: Sequence[str] | None = None,
    where: str = "",
    step: int | None = None,
    label_for: dict[str, str] | None = None,
) -> Performed:
    """Events through replacement and prevention (CR 614-616), then into the game."""
    if not pendings:
        return Performed(game, (), ())
    state = event_state(game)
    explorer = Explorer(state)
    shields = {s.eid: s for s in game.shields}
    try:
        root = explorer.run(pendings, shields)
    except RecursionError:
        raise BoardError(where or "steps", TOO_MANY_EVENTS) from None
    except RuntimeError as exc:
        raise BoardError(where or "steps", f"{exc}: simplify the board") from exc
    except TooManyObjects as exc:
        if not where:
            raise  # the replay names the step
        raise BoardError(where, str(exc)) from None
    except WorkExceeded:
        if not where:
            raise
        raise BoardError(where, TOO_MANY_ORDERS) from None
    tree = tree_json(root)
    names = _names_of(tree)
    leaf, default = choose_leaf(explorer.leaves, wanted, names, where)
    choice = None
    if len(explorer.leaves) > 1 or leaf.path:
        found = group_outcomes(explorer.leaves)
        choice = StepChoice(
            step=step,
            path=leaf.path,
            default=default,
            outcomes=tuple(found) if len(found) > 1 else (),
            names=tuple(sorted((k, tuple(sorted(v))) for k, v in names.items())),
            results=tuple(leaf.results),
        )
    game = replace(game, shields=tuple(_shields_after(game, leaf)))
    game = apply_results(game, leaf.results, enter=enter, label_for=label_for or {})
    if (grown := grown_past(_numbers(game))) is not None:
        if not where:
            raise TooManyObjects(grown)  # the replay names the step
        raise BoardError(where, grown)
    if choice is not None:
        game = replace(game, choices_made=game.choices_made + (choice,))
    return Performed(game, tuple(leaf.results), leaf.path, choice)


def _shields_after(game: Game, leaf: Leaf) -> list[Any]:
    """Shields used up on this path are gone (CR 615.7, 614.8 regeneration)."""
    if leaf.shields is None:
        return list(game.shields)
    return list(leaf.shields.values())


# --- What happened, written into the game ---------------------------------------------


def _move(
    game: Game,
    obj: GameObject,
    zone: str,
    *,
    top: bool = True,
    known: dict[str, Characteristics] | None = None,
) -> Game:
    """A card changes zones: it becomes a new object with no memory (CR 400.7), but what
    it last was on the battlefield is kept for the abilities that look back (113.7a); a
    token that leaves the battlefield ceases to exist (111.7, 704.5d)."""
    if obj.zone == "battlefield" and any(o.exiled_with == obj.label for o in game.objects):
        # CR 406.6, 607.2a: cards exiled with it stay in exile, linked to nothing (400.7).
        unlinked = (
            replace(o, exiled_with=None, exiled_at=0) if o.exiled_with == obj.label else o
            for o in game.objects
        )
        game = replace(game, objects=tuple(unlinked))
    if obj.card.token and obj.zone == "battlefield":
        return replace(game, objects=tuple(o for o in game.objects if o.label != obj.label))
    last = None
    if obj.on_battlefield:
        chars = (known if known is not None else chars_of(game)).get(obj.label)
        if chars is not None:
            abilities = tuple(a.text.lower() for a in chars.abilities)
            host = obj.attached_to or obj.host_left
            last = LastKnown(
                chars.controller, abilities, chars.power, chars.toughness, attached_to=host
            )
    moved = replace(
        obj,
        zone=zone,
        counters=(),
        counter_timestamps=(),
        damage=0,
        deathtouched=False,
        tapped=False,
        attached_to=None,
        host_left=None,
        face_down=False,
        phased_out=False,
        copy=None,
        extra_subtypes=(),
        extra_abilities=(),
        controller=obj.owner,
        monstrous=False,
        renowned=False,
        solved=False,
        ring_bearer=None,
        suspected=None,
        goaded_by=(),
        dealt_damage=False,
        attacked_this_turn=False,
        attacks_this_turn=0,
        attacked_battle_this_turn=False,
        attacks_this_game=0,
        counters_put=(),
        # CR 123.5: stickers stay on it into a public zone, not into a hidden one.
        stickered=obj.stickered and zone in ("graveyard", "exile", "battlefield", "stack"),
        paired_with=None,
        last_known=last,
        exiled_with=None,
        exiled_at=0,
        put_with=None,
        chapters_pending=(),
    )
    others = tuple(o for o in game.objects if o.label != obj.label)
    # CR 400.7: the new object has no memory of the old one, so effects that began on the
    # old one don't follow it back (a creature returned from a graveyard keeps its label).
    game = replace(game, resolved=tuple(_forgetting(r, obj.label) for r in game.resolved))
    if top:
        # Library and graveyard are ordered: the card moved goes on top (read first).
        first = [o for o in others if o.zone != zone or o.owner != obj.owner]
        same = [o for o in others if o.zone == zone and o.owner == obj.owner]
        return replace(game, objects=tuple(first) + (moved,) + tuple(same))
    return replace(game, objects=others + (moved,))


def _forgetting(effect: ResolvedEffect, label: str) -> ResolvedEffect:
    # MTG Arena's perpetual effects (Alchemy, no CR rule) stay with the card in every zone;
    # the layer system applies them again whenever it is on the battlefield.
    if label not in effect.affected or effect.spec.perpetual:
        return effect
    return replace(effect, affected=tuple(a for a in effect.affected if a != label))


def _stamped(game: Game) -> tuple[Game, int]:
    return game.stamped()


def _life(game: Game, player: str, change: int) -> Game:
    life = dict(game.life)
    life[player] = life.get(player, 20) + change
    return replace(game, life=tuple(life.items()))


def _deals_deathtouch(game: Game, source: str) -> bool:
    obj = game.object(source)
    if obj is not None and not obj.on_battlefield and obj.last_known is not None:
        return "deathtouch" in obj.last_known.abilities  # as it last existed (CR 113.7a)
    chars = chars_of(game).get(source)
    return chars is not None and chars.has_ability("deathtouch")


def apply_results(
    game: Game, results: Sequence[Event], *, enter: EnterHook, label_for: dict[str, str]
) -> Game:
    """What actually happened (the leaf's events), written into the game."""
    # CR 113.7a: what leaves the battlefield is remembered as it was before the event.
    left = {e.obj for e in results if isinstance(e, ZoneMove) and e.from_zone == "battlefield"}
    known = chars_of(game) if left else None
    # "If ~ leaves the battlefield, this effect continues until end of turn." (CR 611.3b):
    # read before it leaves, on the objects the effect affects now (lingering.py).
    lingering = lingering_effects(game, left)
    for event in results:
        game = _recorded(game, event, label_for)
        match event:
            case Damage():
                game = _damage(_source_dealt_damage(game, event), event)
            case PutCounters():
                game = add_counters(game, label_for.get(event.on, event.on), event.kind, event.n)
            case GainLife():
                game = _life(game, event.player, event.amount)
            case LoseLife():
                game = _life(game, event.player, -event.amount)
            case Regenerate():
                obj = game.object(event.obj)
                if obj is not None:
                    # CR 701.19a: tapped, all damage removed, removed from combat.
                    game = game.with_object(replace(obj, tapped=True, damage=0, deathtouched=False))
            case RemoveDamage():
                obj = game.object(event.obj)
                if obj is not None:
                    # CR 702.89a: all damage removed (and deathtouch's mark with it, 704.5h);
                    # not tapped, unlike regeneration.
                    game = game.with_object(replace(obj, damage=0, deathtouched=False))
            case ZoneMove():
                game = _zone_move(game, event, known)
            case Enter():
                game = enter(game, event)
            case Draw():
                game = _draw(game, event.player)
            case GainsUntilEndOfTurn():
                game = _gains_until_end_of_turn(game, event)
            case WinGame() | LoseGame():
                verdict = "won" if isinstance(event, WinGame) else "lost"
                game = replace(game, verdicts=game.verdicts + ((event.player, verdict),))
            case (
                Prevented()
                | Destroy()
                | DamageLoss()
                | CreateTokens()
                | Skip()
                | StepHappens()
                | Nothing()
                | LookAndSort()
                | ReturnFromGraveyard()
            ):
                pass  # not written into the game here (only recorded, above)
            case _:
                assert_never(event)
    if lingering:
        game = _lingered(game, lingering)
    entered = sum(isinstance(e, Enter) for e in results)
    return _types_as_entered(game, entered) if entered else game


def _lingered(game: Game, lingering: Sequence[ResolvedEffect]) -> Game:
    """The lingering effects, on the objects they affected that are still on the battlefield
    (one that left with the source is a new object the effect never affected, CR 400.7)."""
    kept = []
    for effect in lingering:
        affected = tuple(
            label for label in effect.affected if (o := game.object(label)) and o.on_battlefield
        )
        if affected:
            kept.append(replace(effect, affected=affected))
    return replace(game, resolved=(*game.resolved, *kept))


def _gains_until_end_of_turn(game: Game, event: GainsUntilEndOfTurn) -> Game:
    """CR 614.6, 611.2c: a replacement's "that land gains indestructible until end of turn"
    (Crackling Emergence) begins as a continuous effect on that permanent (layer 6,
    613.1f), its set of affected objects fixed as it begins, with a new timestamp."""
    obj = game.object(event.obj)
    if obj is None or not obj.on_battlefield:
        return game
    words = f"{obj.card.name} gains {event.ability.lower()} until end of turn."
    spec = EffectSpec(
        words,
        Subject("targets", (Filter(),), (0,), words="that permanent"),
        (Part("6", AbilityChange(grant=(event.ability,))),),
        until_end_of_turn=True,
    )
    game, timestamp = _stamped(game)
    effect = ResolvedEffect(
        EffectId(event.source or event.obj, part=game.next_order).text(),
        event.source or event.obj,
        spec,
        event.source,
        event.source_name,
        event.controller or obj.controller,
        timestamp,
        game.next_order,
        (event.obj,),
        (event.obj,),
        Choices(),
        None,
    )
    return replace(game, resolved=(*game.resolved, effect), next_order=game.next_order + 1)


def _types_as_entered(game: Game, entered: int) -> Game:
    """CR 611.3c: continuous effects that change a permanent's characteristics apply to it
    as it enters, so the turn's record (603.6a) keeps the types it has on the battlefield,
    not its printed ones: an enchantment that enters under Opalescence entered as a
    creature, a face-down card as a 2/2 creature (708.2), a Saproling token under Life and
    Limb as a land. ``entered``: how many records at the end of the list this batch made."""
    records = game.this_turn.entered
    if entered > len(records):
        return game
    chars = chars_of(game)
    done = list(records[: len(records) - entered])
    for record in records[len(records) - entered :]:
        now = chars.get(record.label)
        obj = game.object(record.label)
        if now is not None and obj is not None and obj.on_battlefield:
            record = replace(record, types=frozenset(now.types), subtypes=frozenset(now.subtypes))
        done.append(record)
    if tuple(done) == records:
        return game  # the same game, so the layers just worked out are remembered for it
    return replace(game, this_turn=replace(game.this_turn, entered=tuple(done)))


def _recorded(game: Game, event: Event, label_for: dict[str, str]) -> Game:
    """The turn's record of what happened (``TurnRecord``), for cards that ask later."""
    turn = game.this_turn
    if isinstance(event, Damage) and event.amount > 0 and event.target in game.players:
        turn = replace(turn, dealt_damage=turn.dealt_damage | {event.target})
        turn = turn.add("damage_taken", event.target, event.amount)
    elif isinstance(event, GainLife) and event.amount > 0:
        turn = turn.add("life_gained", event.player, event.amount)
    elif isinstance(event, LoseLife) and event.amount > 0:
        turn = turn.add("life_lost", event.player, event.amount)
    elif isinstance(event, Damage) and event.amount > 0:
        turn = replace(turn, damage_dealt=turn.damage_dealt | {(event.source, event.target)})
    elif isinstance(event, ZoneMove) and event.from_zone == "battlefield":
        obj = game.object(event.obj)
        if obj is None or not obj.on_battlefield:
            return game
        chars = chars_of(game).get(obj.label)
        controller = chars.controller if chars is not None else obj.controller
        left_types = chars.types if chars is not None else obj.card.types
        creature = "Creature" in left_types
        turn = replace(
            turn,
            permanent_left=turn.permanent_left | {controller},
            nonland_left=turn.nonland_left or "Land" not in left_types,  # void
            creature_died=turn.creature_died or (creature and event.dies),  # CR 700.4
            creatures_died=turn.creatures_died + int(creature and event.dies),
        )
        if creature and event.dies:  # under whose control it died (Gimli, Mournful Avenger)
            turn = turn.add("creatures_died_under", controller, 1)
    elif isinstance(event, Enter):
        # CR 603.6a: it entered this turn, with the card types it entered with.
        types = frozenset((*event.card.types, *event.extra_types))
        record = EnterRecord(
            event.controller,
            types,
            label_for.get(event.obj, event.obj),
            frozenset(event.card.subtypes),
        )
        turn = replace(turn, entered=(*turn.entered, record))
        if "Land" in types:
            turn = replace(turn, land_entered=turn.land_entered | {event.controller})
    elif isinstance(event, Draw):
        turn = turn.add("cards_drawn", event.player, 1)  # CR 121.2: one card at a time
    elif isinstance(event, PutCounters) and event.n > 0:
        return _counters_put(game, event, label_for.get(event.on, event.on))
    else:
        return game
    return replace(game, this_turn=turn) if turn != game.this_turn else game


def _counters_put(game: Game, event: PutCounters, label: str) -> Game:
    """CR 122.6: counters put on a permanent, by the player the event names (the resolving
    spell's or ability's controller), else by its controller (the board's default); the
    permanent remembers who put which kind (until it leaves, 400.7), and so does the turn."""
    obj = game.object(label)
    if obj is None or not obj.on_battlefield:
        return game  # on a player (poison, energy) or nothing: no permanent got them
    chars = chars_of(game).get(label)
    by = event.by or (chars.controller if chars is not None else obj.controller)
    types = chars.types if chars is not None else obj.card.types
    record = CountersPutRecord(by, event.kind, frozenset(types))
    turn = replace(game.this_turn, counters_put=(*game.this_turn.counters_put, record))
    put = (
        obj.counters_put
        if (by, event.kind) in obj.counters_put
        else (
            *obj.counters_put,
            (by, event.kind),
        )
    )
    return replace(game, this_turn=turn).with_object(replace(obj, counters_put=put))


def _source_dealt_damage(game: Game, event: Damage) -> Game:
    """A permanent that deals damage has dealt damage from now on, while it stays (CR 120.1,
    400.7): "if it hasn't dealt damage yet" stops holding."""
    source = game.object(event.source) if event.amount > 0 else None
    if source is None or not source.on_battlefield or source.dealt_damage:
        return game
    return game.with_object(replace(source, dealt_damage=True))


def _damage(game: Game, event: Damage) -> Game:
    """CR 120.3: damage to a creature is marked on it; to a planeswalker it removes loyalty
    counters (120.3c); to a player it is life lost (a separate result, 120.3a)."""
    if event.target in game.players and event.life_floor is not None and event.amount > 0:
        # Worship: the damage reduces life no lower than the floor (its replacement, 614.1a).
        life = game.life_of(event.target)
        return _life(
            game, event.target, max(life - event.amount, min(life, event.life_floor)) - life
        )
    obj = game.object(event.target)
    if obj is None or not obj.on_battlefield or event.amount <= 0:
        return game
    chars = chars_of(game).get(obj.label)
    types = chars.types if chars is not None else obj.card.types
    if "Planeswalker" in types:
        # 120.3c; a planeswalker that is also a creature is dealt both (120.3e as well).
        removed = event.amount
        if event.loyalty_floor is not None:
            # Deification: all but one of the counters it would remove (614.1a).
            removed = min(removed, max(0, obj.counter_count("loyalty") - event.loyalty_floor))
        game = add_counters(game, obj.label, "loyalty", -removed)
    if "Battle" in types:
        game = add_counters(game, obj.label, "defense", -event.amount)  # 120.3h
    if "Creature" not in types:
        return game
    obj = game.object(obj.label) or obj
    source = chars_of(game).get(event.source)
    if source is not None and (source.has_ability("wither") or source.has_ability("infect")):
        return game  # 120.3d: -1/-1 counters instead of marked damage (a separate result)
    touched = obj.deathtouched or _deals_deathtouch(game, event.source)
    return game.with_object(replace(obj, damage=obj.damage + event.amount, deathtouched=touched))


def _zone_move(
    game: Game, event: ZoneMove, known: dict[str, Characteristics] | None = None
) -> Game:
    zone = {"library_top": "library", "library_bottom": "library"}.get(event.to_zone, event.to_zone)
    obj = game.object(event.obj)
    if obj is None and event.card is not None and not event.card.token:
        # A card that would have entered and goes to a zone instead (Lotus Vale, 614.1c):
        # it is put there as a new object (400.7); a token would cease to exist (111.7).
        owner = event.owner or event.controller
        game, timestamp = _stamped(game)
        obj = GameObject(event.obj, event.card, owner, owner, "elsewhere", timestamp, 0)
        game = replace(game, objects=(*game.objects, obj))
    if obj is None:
        # A card the board names only by name (an event about a card in a hand).
        return game
    hands = dict(game.hand_sizes)
    if obj.owner in hands and (obj.zone == "hand") != (zone == "hand"):
        # A hand given as a number counts the cards that leave it or join it.
        hands[obj.owner] = max(hands[obj.owner] + (1 if zone == "hand" else -1), 0)
        game = replace(game, hand_sizes=tuple(hands.items()))
    if event.to_zone == "library":
        # CR 701.24a: shuffled into a library, whose order is then unknown.
        game = replace(game, shuffled=game.shuffled | {obj.owner})
    game = _move(game, obj, zone, top=event.to_zone != "library_bottom", known=known)
    moved = game.object(obj.label)
    if event.with_counters and moved is not None and not (obj.card.token and obj.on_battlefield):
        # "exile that card with an ice counter on it" (CR 614.1a, 122.1): the new object in
        # exile gets the counters as it arrives (a token that left has ceased to exist, 111.7).
        game = game.with_object(replace(moved, counters=(event.with_counters,)))
    if (event.face_down or event.exiled_with) and (now := game.object(obj.label)) is not None:
        # Exiled face down (406.3), and linked to the permanent that exiled it (607.2a).
        linked = replace(now, face_down=event.face_down or now.face_down)
        at = game.next_exiled_at(event.exiled_with) if event.exiled_with else 0
        game = game.with_object(
            replace(linked, exiled_with=event.exiled_with or None, exiled_at=at)
        )
    return game


def _draw(game: Game, player: str) -> Game:
    """CR 121.2: the top card of the library goes to the hand."""
    library = [o for o in game.objects if o.zone == "library" and o.owner == player]
    hands = dict(game.hand_sizes)
    if player in game.shuffled and library and (len(library) > 1 or _unknown_below(game, player)):
        why = (
            f"{player}'s library was shuffled (CR 701.24a), so the card drawn is a random one; "
            "the board takes the card it lists first"
        )
        game = note_unmodelled(game, [NotModelled(player, "draw", why)])
    if library:
        game = _move(game, library[0], "hand")
        if player in hands:  # a hand given as a number counts the card drawn into it too
            hands[player] += 1
            game = replace(game, hand_sizes=tuple(hands.items()))
        return game
    sizes = dict(game.library_sizes)
    size = sizes.get(player)
    if size == 0:
        # CR 704.5b: drawing from an empty library loses at the next check.
        return replace(game, drew_from_empty=game.drew_from_empty | {player})
    if size is not None:
        sizes[player] = size - 1
    # An unknown card joins the hand: a hand given as a list becomes a count of its cards.
    listed = sum(1 for o in game.objects if o.zone == "hand" and o.owner == player)
    hands[player] = hands.get(player, listed) + 1
    return replace(game, library_sizes=tuple(sizes.items()), hand_sizes=tuple(hands.items()))


def _unknown_below(game: Game, player: str) -> bool:
    """Cards the board doesn't list are in the library too (a number, or not given)."""
    size = dict(game.library_sizes).get(player)
    return size is None or size > 0


def copy_snapshot(game: Game, label: str, event: Enter) -> CopySnapshot:
    """CR 707.2: the copiable values (after layer 1 only) at the time the copy begins."""
    from rules_engine.effects import CopyOf

    values = compute(game, until="1b").chars[label]
    return CopySnapshot(label, values, event.copy or CopyOf())


def note_unmodelled(game: Game, items: Sequence[NotModelled]) -> Game:
    fresh = tuple(i for i in items if i not in game.not_modelled)
    return replace(game, not_modelled=game.not_modelled + fresh) if fresh else game


__all__ = [
    "Performed",
    "add_counters",
    "apply_results",
    "chars_of",
    "choose_leaf",
    "copy_snapshot",
    "event_state",
    "note_unmodelled",
    "perform",
]
