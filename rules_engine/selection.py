"""Which objects an effect applies to, and the numbers it computes.

Everything here reads characteristics *as they are at this point of the
layer system* — that is what makes a static ability's set and values
continuously re-checked (CR 611.3a) and what dependency trials compare.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from rules_engine.characteristics import Characteristics
from rules_engine.effects import (
    AffectedKeywordTotal,
    AffectedStat,
    AllOf,
    AllShareAColor,
    Always,
    AnyLibrarySize,
    AnyOf,
    AnyPlayerControls,
    AtLeastZero,
    BasicLandTypesAmong,
    CardTypesAmong,
    CastInMainPhase,
    CityBlessing,
    ColorsAmong,
    Compare,
    Condition,
    Const,
    CountAtLeast,
    CountersOnSource,
    CountObjects,
    CreaturesDiedThisTurn,
    Designated,
    Devotion,
    DistinctNames,
    EnteredThisTurn,
    Expr,
    Filter,
    GreatestStat,
    Half,
    HandSize,
    HappenedThisTurn,
    HowCast,
    ItsControllerControls,
    LifeTotal,
    ManaSpent,
    ManaSymbols,
    ManaValueOfAffected,
    MostCommonColor,
    Negate,
    Not,
    ObjectMatches,
    OpponentCount,
    OpponentsBelowHalfStartingLife,
    PartySize,
    PlayerCounters,
    Product,
    SourceStatus,
    SpellsCastThisTurn,
    StartingLife,
    Subject,
    Sum,
    Times,
    TopOfLibrary,
    TurnTotal,
    VarX,
    VersusOpponent,
    YourTurn,
)
from rules_engine.game import Game, GameObject
from rules_engine.game_facts import (
    DealtDamage,
    dealt_damage,
    designated,
    entered_this_turn,
    is_modified,
)
from rules_engine.oracle.keywords import parse_keyword
from rules_engine.steps import Choices, TurnRecord
from rules_engine.vocabulary import BASIC_LAND_TYPES, CARD_TYPES

State = Mapping[str, Characteristics]


@dataclass(frozen=True, slots=True)
class World:
    """The non-characteristic facts an evaluation reads (zones, status, life)."""

    game: Game
    objects: Mapping[str, GameObject]
    # Values computed from the game alone (the effects the rules create), kept for
    # the evaluation's many questions; the game never changes under a World.
    memo: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @classmethod
    def of(cls, game: Game) -> World:
        return cls(game, {o.label: o for o in game.objects})

    def hand_size(self, player: str) -> int:
        """Cards in a player's hand: the board's count, or the cards it lists."""
        known = dict(self.game.hand_sizes).get(player)
        if known is not None:
            return known
        return sum(1 for o in self.objects.values() if o.zone == "hand" and o.owner == player)

    def in_zone(self, label: str, zone: str) -> bool:
        obj = self.objects[label]
        if zone == "anywhere":
            return True
        if zone == "battlefield":
            return obj.on_battlefield
        if zone == "outside":
            return obj.zone not in ("battlefield", "stack")
        return obj.zone == zone


@dataclass(frozen=True, slots=True)
class Context:
    """Who "you", "~", "target" and "the chosen ..." mean for one effect."""

    source: str
    controller: str
    targets: tuple[str, ...] = ()
    choices: Choices = Choices()
    x: int | None = None
    resolved: bool = False
    other_means_source: bool = False  # "for each other Aura you control" on an Aura


def _compare(value: int | None, comparison: tuple[str, int] | None) -> bool:
    if comparison is None:
        return True
    if value is None:
        return False
    op, n = comparison
    return value >= n if op == ">=" else value <= n if op == "<=" else value == n


Check = Callable[[str, Characteristics, GameObject, State, Context, "str | None", "World"], bool]


def _controller_of(c: Characteristics, obj: GameObject) -> str:
    return c.controller if obj.zone == "battlefield" else obj.owner


def compile_filter(f: Filter) -> tuple[Check, ...]:
    """Only the tests this filter actually makes, cheapest and most selective first."""
    compiled = f.compiled
    if compiled is None:
        compiled = _compile(f)
        object.__setattr__(f, "compiled", compiled)
    return compiled


def _compile(f: Filter) -> tuple[Check, ...]:
    checks: list[Check] = []
    if f.types:
        types = tuple(f.types)
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: all(t in c.types for t in types))
    if f.not_types:
        not_types = tuple(f.not_types)
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: not any(t in c.types for t in not_types))
    if f.subtypes:
        subtypes = tuple(f.subtypes)
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: all(c.has_subtype(t) for t in subtypes))
    if f.historic:
        checks.append(
            lambda _l, c, _o, _s, _x, _r, _w: (
                "Artifact" in c.types or "Legendary" in c.supertypes or c.has_subtype("Saga")
            )
        )
    if f.any_subtypes:
        either = tuple(f.any_subtypes)
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: any(c.has_subtype(t) for t in either))
    if f.not_subtypes:
        not_subtypes = tuple(f.not_subtypes)
        checks.append(
            lambda _l, c, _o, _s, _x, _r, _w: not any(c.has_subtype(t) for t in not_subtypes)
        )
    if f.supertypes:
        supertypes = tuple(f.supertypes)
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: all(t in c.supertypes for t in supertypes))
    if f.not_supertypes:
        not_super = tuple(f.not_supertypes)
        checks.append(
            lambda _l, c, _o, _s, _x, _r, _w: not any(t in c.supertypes for t in not_super)
        )
    if f.colors:
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: bool(f.colors & c.colors))
    if f.not_colors:
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: not (f.not_colors & c.colors))
    if f.colorless is not None:
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: (not c.colors) == f.colorless)
    if f.multicolored is not None:
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: (len(c.colors) > 1) == f.multicolored)
    zone = f.zone
    if zone == "battlefield":
        checks.insert(0, lambda _l, _c, o, _s, _x, _r, _w: o.on_battlefield)
    elif zone == "outside":
        checks.insert(0, lambda _l, _c, o, _s, _x, _r, _w: o.zone not in ("battlefield", "stack"))
    elif zone != "anywhere":
        checks.insert(0, lambda _l, _c, o, _s, _x, _r, _w: o.zone == zone)
    if f.other:

        def other(
            label: str,
            _c: Characteristics,
            _o: GameObject,
            _s: State,
            ctx: Context,
            rel: str | None,
            _w: World,
        ) -> bool:
            if rel is not None:
                return label != rel
            return label != ctx.source and not (ctx.resolved and label in ctx.targets)

        checks.append(other)
    if f.not_source:
        checks.append(lambda label, _c, _o, _s, x, _r, _w: label != x.source)
    if f.controller == "you":
        checks.append(lambda _l, c, o, _s, x, _r, _w: _controller_of(c, o) == x.controller)
    elif f.controller in ("opponent", "not_you"):
        checks.append(lambda _l, c, o, _s, x, _r, _w: _controller_of(c, o) != x.controller)
    elif f.controller == "enchanted_player":
        checks.append(
            lambda _l, c, o, _s, x, _r, w: (
                (src := w.objects.get(x.source)) is not None
                and src.attached_to == _controller_of(c, o)
            )
        )
    elif f.controller == "chosen_player":
        checks.append(lambda _l, c, o, _s, x, _r, _w: _controller_of(c, o) == x.choices.player)
    elif f.controller == "target_player":
        slot = f.player_slot
        checks.append(
            lambda _l, c, o, _s, x, _r, _w: (
                slot < len(x.targets) and _controller_of(c, o) == x.targets[slot]
            )
        )
    if f.owner == "you":
        checks.append(lambda _l, _c, o, _s, x, _r, _w: o.owner == x.controller)
    elif f.owner == "chosen_player":
        checks.append(lambda _l, _c, o, _s, x, _r, _w: o.owner == x.choices.player)
    elif f.owner == "affected_controller":
        # "the number of creature cards in its controller's graveyard" (Death's Approach)
        checks.append(
            lambda _l, _c, o, s, _x, r, _w: r is not None and r in s and o.owner == s[r].controller
        )
    elif f.owner == "opponent":
        checks.append(lambda _l, _c, o, _s, x, _r, _w: o.owner != x.controller)
    if f.with_any_ability:
        wanted = tuple(f.with_any_ability)
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: any(c.has_ability(a) for a in wanted))
    if f.without_abilities:
        unwanted = tuple(f.without_abilities)
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: not any(c.has_ability(a) for a in unwanted))
    if f.power is not None:
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: _compare(c.power, f.power))
    if f.toughness is not None:
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: _compare(c.toughness, f.toughness))
    if f.mana_value is not None:
        op, limit = f.mana_value
        if limit == -1:  # "with mana value X or less": X of the spell (CR 107.3)
            checks.append(lambda _l, c, _o, _s, x, _r, _w: _compare(c.mana_value, (op, x.x or 0)))
        else:
            checks.append(lambda _l, c, _o, _s, _x, _r, _w: _compare(c.mana_value, f.mana_value))
    if f.token is not None:
        checks.append(lambda _l, _c, o, _s, _x, _r, _w: o.card.token == f.token)
    if f.tapped is not None:
        checks.append(lambda _l, _c, o, _s, _x, _r, _w: o.tapped == f.tapped)
    if f.shares_creature_type_with_affected:
        checks.append(
            lambda _l, c, _o, s, _x, r, _w: (
                r is not None and bool(c.creature_types() & s[r].creature_types())
            )
        )
    if f.chosen_type:
        checks.append(
            lambda _l, c, _o, _s, x, _r, _w: bool(
                x.choices.creature_type and c.has_subtype(x.choices.creature_type)
            )
        )
    if f.chosen_color:
        checks.append(
            lambda _l, c, _o, _s, x, _r, _w: bool(x.choices.color) and x.choices.color in c.colors
        )
    if f.name is not None:
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: c.name == f.name)
    if f.named_as_source:
        checks.append(
            lambda _l, c, _o, s, x, _r, w: (
                c.name == (s[x.source].name if x.source in s else w.objects[x.source].card.name)
            )
        )
    if f.face_down is not None:
        checks.append(lambda _l, _c, o, _s, _x, _r, _w: o.face_down == f.face_down)
    if f.commander is not None:
        checks.append(lambda _l, _c, o, _s, _x, _r, _w: o.commander == f.commander)
    if f.no_abilities:
        checks.append(lambda _l, c, _o, _s, _x, _r, _w: not c.abilities)
    if f.no_counters:
        checks.append(lambda _l, _c, o, _s, _x, _r, _w: not any(n for _, n in o.counters))
    if f.dealt_damage_by_source:
        checks.append(
            lambda label, _c, _o, _s, x, _r, w: (x.source, label) in w.game.this_turn.damage_dealt
        )
    if f.attacking:
        checks.append(lambda _l, _c, _o, _s, _x, _r, _w: False)  # boards have no combat in progress
    if f.blocking:
        checks.append(lambda _l, _c, _o, _s, _x, _r, _w: False)
    if f.counters is not None:
        kind, least = f.counters

        def has_counters(_l: str, _c: Characteristics, o: GameObject, *_: object) -> bool:  # noqa: D401
            if kind is None:
                return sum(n for _, n in o.counters) >= least
            return o.counter_count(kind) >= least

        checks.append(has_counters)
    if f.enchanted_or_equipped:
        checks.append(
            lambda label, _c, _o, state, _x, _r, world: any(
                other.attached_to == label
                and other.on_battlefield
                and other.label in state
                and {"Aura", "Equipment"} & set(state[other.label].subtypes)
                for other in world.objects.values()
            )
        )
    if f.modified is not None:
        checks.append(
            lambda label, c, o, s, _x, _r, w: (
                is_modified(label, o, c.controller, s, w.objects.values()) == f.modified
            )
        )
    if f.enchanted is not None or f.equipped is not None:

        def attachments(
            label: str,
            _c: Characteristics,
            _o: GameObject,
            state: State,
            _x: Context,
            _r: str | None,
            world: World,
        ) -> bool:
            held = {
                sub
                for other in world.objects.values()
                if other.attached_to == label and other.on_battlefield and other.label in state
                for sub in state[other.label].subtypes
            }
            if f.enchanted is not None and ("Aura" in held) != f.enchanted:
                return False
            return f.equipped is None or ("Equipment" in held) == f.equipped

        checks.append(attachments)
    if f.attached_to_affected:
        checks.append(lambda _l, _c, o, _s, _x, r, _w: r is not None and o.attached_to == r)
    if f.same_name_as_affected:
        checks.append(
            lambda _l, c, _o, s, _x, r, _w: r is not None and r in s and c.name == s[r].name
        )
    if f.attached_to_source:
        checks.append(lambda _l, _c, o, _s, x, _r, _w: o.attached_to == x.source)
    if f.attached_to_creature:
        checks.append(
            lambda _l, _c, o, s, _x, _r, _w: (
                o.attached_to is not None
                and o.attached_to in s
                and "Creature" in s[o.attached_to].types
            )
        )
    if f.like_target is not None:
        how, slot = f.like_target

        def like(
            label: str, c: Characteristics, _o: object, s: State, x: Context, *_: object
        ) -> bool:
            target = x.targets[slot] if slot < len(x.targets) else None
            if target is None or target == label or target not in s:
                return False
            kin = s[target]
            if how == "color":
                return bool(c.colors & kin.colors)
            return bool(c.name) and c.name == kin.name  # no name (face down) shares none (708.2)

        checks.append(like)
    if f.shares_creature_type_with_source:
        checks.append(
            lambda _l, c, _o, s, x, _r, _w: (
                x.source in s and bool(c.creature_types() & s[x.source].creature_types())
            )
        )
    return tuple(checks)


def matches(
    f: Filter,
    label: str,
    state: State,
    world: World,
    ctx: Context,
    relative_to: str | None = None,
) -> bool:
    """Does this object fit the filter right now?"""
    c = state[label]
    obj = world.objects[label]
    # A plain loop: this runs for every object and filter of every dependency trial.
    for check in compile_filter(f):  # noqa: SIM110
        if not check(label, c, obj, state, ctx, relative_to, world):
            return False
    return True


def select(subject: Subject, state: State, world: World, ctx: Context) -> tuple[str, ...]:
    """The objects a subject names now, in the order they joined the game."""
    if subject.kind == "self":
        return (ctx.source,) if ctx.source in state else ()
    if subject.kind == "attached":
        me = (ctx.source,) if subject.include_self and ctx.source in state else ()
        source = world.objects.get(ctx.source)
        host = source.attached_to if source else None
        if host is None or host not in state or not world.objects[host].on_battlefield:
            return me
        f = subject.filters[0]
        plain = Filter(types=f.types, subtypes=f.subtypes)
        return me + ((host,) if matches(plain, host, state, world, ctx) else ())
    if subject.kind == "paired":
        source = world.objects.get(ctx.source)
        partner = source.paired_with if source else None
        if partner is None or partner not in state:
            return ()
        return tuple(x for x in (ctx.source, partner) if x in state)
    if subject.kind == "targets":
        chosen = [ctx.targets[i] for i in subject.target_slots if i < len(ctx.targets)]
        return tuple(t for t in chosen if t in state)
    if subject.kind == "filter":
        if subject.include_self and ctx.source in state:
            others = [
                label
                for label in _candidates(subject, state)
                if _fits(subject, label, state, world, ctx)
            ]
            return tuple(label for label in state if label == ctx.source or label in others)
        return tuple(
            label
            for label in _candidates(subject, state)
            if _fits(subject, label, state, world, ctx)
        )
    return ()


def _fits(
    subject: Subject,
    label: str,
    state: State,
    world: World,
    ctx: Context,
    relative_to: str | None = None,
) -> bool:
    c = state[label]
    obj = world.objects[label]
    for f in subject.filters:
        for check in compile_filter(f):
            if not check(label, c, obj, state, ctx, relative_to, world):
                break
        else:
            return True
    return False


_TYPE_INDEX: list[tuple[State, dict[str, list[str]]]] = []


def _candidates(subject: Subject, state: State) -> list[str] | State:
    """Objects that could match: those with every required card type (an index per state)."""
    required = [f.types for f in subject.filters]
    if not required or not all(required):
        return state
    index = None
    for cached_state, cached in _TYPE_INDEX:
        if cached_state is state:
            index = cached
            break
    if index is None:
        index = {}
        for label, c in state.items():
            for t in c.types:
                index.setdefault(t, []).append(label)
        _TYPE_INDEX.insert(0, (state, index))
        del _TYPE_INDEX[4:]
    if len(required) == 1:
        first = min(required[0], key=lambda t: len(index.get(t, ())))
        return index.get(first, [])
    seen: set[str] = set()
    for types in required:
        first = min(types, key=lambda t: len(index.get(t, ())))
        seen.update(index.get(first, ()))
    return [label for label in state if label in seen]


def count(
    subject: Subject, state: State, world: World, ctx: Context, relative_to: str | None
) -> int:
    return sum(
        1
        for label in _candidates(subject, state)
        if _fits(subject, label, state, world, ctx, relative_to)
    )


def evaluate(expr: Expr, state: State, world: World, ctx: Context, affected: str | None) -> int:
    """A number an effect needs, computed from the current characteristics."""
    if isinstance(expr, Const):
        return expr.value
    if isinstance(expr, VarX):
        return ctx.x or 0
    if isinstance(expr, ManaValueOfAffected):
        return state[affected].mana_value if affected is not None and affected in state else 0
    if isinstance(expr, CountObjects):
        about_it = any(
            f.attached_to_affected
            or f.shares_creature_type_with_affected
            or f.owner == "affected_controller"
            or f.same_name_as_affected
            for f in expr.subject.filters
        )
        relative = ctx.source if ctx.other_means_source and not about_it else affected
        return count(expr.subject, state, world, ctx, relative)
    if isinstance(expr, CardTypesAmong):
        found: set[str] = set()
        for label in state:
            if any(matches(f, label, state, world, ctx) for f in expr.subject.filters):
                found |= {t for t in state[label].types if t in CARD_TYPES}
        return len(found)
    if isinstance(expr, LifeTotal):
        if expr.who == "most_opponent":
            opponents = world.game.opponents(ctx.controller)
            return max((world.game.life_of(p) for p in opponents), default=0)
        return world.game.life_of(ctx.controller)
    if isinstance(expr, StartingLife):
        return world.game.starting_life_of(ctx.controller)
    if isinstance(expr, OpponentCount):
        return len(world.game.opponents(ctx.controller))  # CR 102.3
    if isinstance(expr, OpponentsBelowHalfStartingLife):
        game = world.game
        return sum(
            1
            for p in game.opponents(ctx.controller)
            if 2 * game.life_of(p) < game.starting_life_of(p)  # "less than half"
        )
    if isinstance(expr, Half):
        value = evaluate(expr.expr, state, world, ctx, affected)
        return -(-value // 2) if expr.up else value // 2  # CR 107.1a: as the text rounds
    if isinstance(expr, PlayerCounters):
        holders = (
            world.game.opponents(ctx.controller) if expr.who == "opponents" else (ctx.controller,)
        )
        return sum(world.game.counters_of_player(p).get(expr.kind, 0) for p in holders)
    if isinstance(expr, DistinctNames):
        among = select(expr.subject, state, world, ctx)
        if expr.of == "mana_value":
            return len({state[label].mana_value for label in among})  # CR 202.3
        return len({state[label].name for label in among})
    if isinstance(expr, Sum):
        return evaluate(expr.left, state, world, ctx, affected) + evaluate(
            expr.right, state, world, ctx, affected
        )
    if isinstance(expr, Times):
        return expr.factor * evaluate(expr.expr, state, world, ctx, affected)
    if isinstance(expr, Product):
        return evaluate(expr.left, state, world, ctx, affected) * evaluate(
            expr.right, state, world, ctx, affected
        )
    if isinstance(expr, Negate):
        return -evaluate(expr.expr, state, world, ctx, affected)
    if isinstance(expr, AtLeastZero):
        return max(0, evaluate(expr.expr, state, world, ctx, affected))  # CR 107.1b
    if isinstance(expr, CreaturesDiedThisTurn):
        return world.game.this_turn.creatures_died  # CR 700.4
    if isinstance(expr, TurnTotal):
        you = ctx.controller
        players = [you] if expr.who == "you" else world.game.opponents(you)
        return world.game.this_turn.total(expr.kind, players)
    if isinstance(expr, SpellsCastThisTurn):
        return sum(
            1
            for spell in world.game.this_turn.spells
            if (not expr.by_you or spell.by == ctx.controller)
            and (expr.color is None or expr.color in spell.colors)
            and (not expr.types or bool(expr.types & spell.types))
        )
    if isinstance(expr, HowCast):
        return {
            "colors_spent": ctx.choices.colors_spent,
            "times_kicked": ctx.choices.times_kicked,
            "tribute": int(ctx.choices.tribute),
            "revealed": ctx.choices.revealed,
            "devoured": len(ctx.choices.devour),  # CR 702.82a-b
            "mana_spent": ctx.choices.mana_spent,  # CR 601.2h
            "sacrificed_power": ctx.choices.sacrificed_power,  # CR 601.2h, 608.2h
        }[expr.fact]
    if isinstance(expr, HandSize):
        if expr.who == "chosen":
            return world.hand_size(ctx.choices.player) if ctx.choices.player else 0
        if expr.who == "all":
            return sum(world.hand_size(p) for p in world.game.players)
        if expr.who == "affected_controller":
            # "for each card in its controller's hand" (Righteous Authority).
            owner = state[affected].controller if affected and affected in state else None
            return world.hand_size(owner) if owner else 0
        if expr.who == "opponents":
            # "for each card in your opponents' hands" (Enemy of Enlightenment)
            return sum(world.hand_size(p) for p in world.game.opponents(ctx.controller))
        if expr.who == "most_opponent":
            opponents = world.game.opponents(ctx.controller)
            return max((world.hand_size(p) for p in opponents), default=0)
        return world.hand_size(ctx.controller)
    if isinstance(expr, AffectedStat):
        chars = state.get(affected) if affected else None
        if chars is None:
            return 0
        return len(chars.colors) if expr.stat == "colors" else (getattr(chars, expr.stat) or 0)
    if isinstance(expr, PartySize):
        return party_size([state[label] for label in select(expr.subject, state, world, ctx)])
    if isinstance(expr, BasicLandTypesAmong):
        found = set()
        for label in select(expr.subject, state, world, ctx):
            found |= {t for t in state[label].subtypes if t in BASIC_LAND_TYPES}
        return len(found)
    if isinstance(expr, GreatestStat):
        values = [
            (
                state[label].mana_value
                if expr.stat == "mana_value"
                else getattr(state[label], expr.stat)
            )
            or 0
            for label in select(expr.subject, state, world, ctx)
        ]
        return sum(values) if expr.total else max(values, default=0)
    if isinstance(expr, ManaSymbols):
        if expr.subject is None:
            # "for each white mana symbol in its mana cost" (chroma, Light from Within)
            own = state.get(affected) if affected else None
            return devotion(own.mana_cost, expr.colors) if own is not None else 0
        return sum(
            devotion(state[label].mana_cost, expr.colors)
            for label in select(expr.subject, state, world, ctx)
        )
    if isinstance(expr, Devotion):
        total = 0
        for label, chars in state.items():
            if world.objects[label].on_battlefield and chars.controller == ctx.controller:
                total += devotion(chars.mana_cost, expr.colors)
        return total
    if isinstance(expr, CountersOnSource) and expr.subject is not None:
        # "on other creatures you control" on an Aura (Gleam of Authority): other than the
        # enchanted creature, as the Aura itself is no creature; "other enchantments" would
        # be other than the Aura.
        own = state.get(ctx.source)
        could_be_source = own is not None and any(
            all(t in own.types for t in f.types) for f in expr.subject.filters
        )
        relative = ctx.source if ctx.other_means_source and could_be_source else affected
        return sum(
            (
                world.objects[label].counter_count(expr.kind)
                if expr.kind
                else sum(n for _, n in world.objects[label].counters)
            )
            for label in _candidates(expr.subject, state)
            if _fits(expr.subject, label, state, world, ctx, relative)
        )
    if isinstance(expr, AffectedKeywordTotal):
        own = state.get(affected) if affected else None
        if own is None:
            return 0
        instances = [parse_keyword(a.text) for a in own.abilities]
        return sum(
            (k.amount or 0)
            for k in instances
            if k is not None and k.keyword.name.lower() == expr.keyword
        )
    if isinstance(expr, CountersOnSource):
        source = world.objects.get(ctx.source)
        if source is not None and not expr.kind:
            return sum(n for _, n in source.counters)  # every kind (CR 122.1)
        return source.counter_count(expr.kind) if source else 0
    if isinstance(expr, ColorsAmong):
        colors: set[str] = set()
        for label in select(expr.subject, state, world, ctx):
            colors |= state[label].colors
        return len(colors)
    raise TypeError(f"unknown expression {expr!r}")


PARTY_ROLES = ("Cleric", "Rogue", "Warrior", "Wizard")


def party_size(creatures: list[Characteristics]) -> int:
    """CR 700.8: the most of the four roles that different creatures can fill at once (a
    creature with every creature type, 702.73a, can fill any one)."""
    roles = [{r for r in PARTY_ROLES if c.all_creature_types or r in c.subtypes} for c in creatures]
    roles = [r for r in roles if r]

    @cache
    def best(index: int, taken: frozenset[str]) -> int:
        if index == len(roles) or len(taken) == len(PARTY_ROLES):
            return len(taken)
        skip = best(index + 1, taken)
        fill = max((best(index + 1, taken | {r}) for r in roles[index] - taken), default=0)
        return max(skip, fill)

    return best(0, frozenset())


def devotion(mana_cost: str | None, colors: frozenset[str]) -> int:
    """CR 700.5: each mana symbol of one of the colors counts (hybrid symbols once)."""
    import re

    return sum(
        1 for symbol in re.findall(r"\{([^{}]+)\}", mana_cost or "") if set(symbol.upper()) & colors
    )


def _on_a_creature(obj: GameObject, state: State, world: World) -> bool:
    """Attached to a creature on the battlefield (CR 301.5: an Equipment attached to a
    creature; a phased-out host doesn't exist, 702.26b)."""
    host = world.objects.get(obj.attached_to) if obj.attached_to else None
    return (
        host is not None
        and host.on_battlefield
        and host.label in state
        and "Creature" in state[host.label].types
    )


def _happened(condition: HappenedThisTurn, turn: TurnRecord, you: str, game: Game) -> bool:
    event = condition.event
    if event == "creature_died":
        return turn.creature_died
    if event == "opponent_dealt_damage":
        return bool(turn.dealt_damage & set(game.opponents(you)))
    players = {
        "you_attacked": turn.attacked,
        "your_permanent_left": turn.permanent_left,
        "your_land_entered": turn.land_entered,
        "you_surveilled": turn.surveilled,
        "you_committed_crime": turn.committed_crime,
    }[event]
    return you in players


def condition_holds(condition: Condition | None, state: State, world: World, ctx: Context) -> bool:
    """ "As long as ..." is checked whenever the effect would apply (CR 611.3a)."""
    if condition is None or isinstance(condition, Always):
        return True
    if isinstance(condition, CastInMainPhase):
        return ctx.choices.main_phase  # CR 505.1
    if isinstance(condition, ManaSpent):
        return condition.color in ctx.choices.mana_colors  # CR 601.2h: as it was cast
    if isinstance(condition, AllOf):
        return all(condition_holds(c, state, world, ctx) for c in condition.conditions)
    if isinstance(condition, AnyOf):
        return any(condition_holds(c, state, world, ctx) for c in condition.conditions)
    if isinstance(condition, CountAtLeast):
        return _op(
            count(condition.subject, state, world, ctx, None), condition.op, condition.minimum
        )
    if isinstance(condition, ObjectMatches):
        return any(
            matches(condition.filter, label, state, world, ctx)
            for label in select(condition.subject, state, world, ctx)
        )
    if isinstance(condition, YourTurn):
        return (world.game.active == ctx.controller) != condition.negated
    if isinstance(condition, HappenedThisTurn):
        return _happened(condition, world.game.this_turn, ctx.controller, world.game)
    if isinstance(condition, VersusOpponent):
        mine = evaluate(condition.expr, state, world, ctx, None)
        theirs = [
            evaluate(condition.expr, state, world, replace(ctx, controller=p), None)
            for p in world.game.opponents(ctx.controller)
        ]
        fits = [_op(mine, condition.op, n) for n in theirs]
        return bool(fits) and (all(fits) if condition.each else any(fits))
    if isinstance(condition, CityBlessing):
        return ctx.controller in world.game.blessed
    if isinstance(condition, Designated):
        return designated(condition, world.game, ctx.controller)
    if isinstance(condition, DealtDamage):
        return dealt_damage(world.game, ctx.source)
    if isinstance(condition, EnteredThisTurn):
        return entered_this_turn(condition, world.game, ctx.controller, ctx.source)
    if isinstance(condition, Compare):
        if condition.who == "opponent":
            values = [
                evaluate(condition.expr, state, world, replace(ctx, controller=p), None)
                for p in world.game.opponents(ctx.controller)
            ]
        else:
            values = [evaluate(condition.expr, state, world, ctx, None)]
        return any(_op(v, condition.op, condition.value) for v in values)
    if isinstance(condition, Not):
        return not condition_holds(condition.condition, state, world, ctx)
    if isinstance(condition, SourceStatus):
        for label in select(condition.subject, state, world, ctx):
            obj = world.objects[label]
            if condition.status == "tapped" and obj.tapped:
                return True
            if condition.status == "untapped" and not obj.tapped:
                return True
            if condition.status == "monstrous" and obj.monstrous:
                return True
            if condition.status == "renowned" and obj.renowned:
                return True
            if condition.status == "paired" and obj.paired_with is not None:
                return True
            if condition.status == "in_graveyard" and obj.zone == "graveyard":
                return True
            if condition.status == "attached_to_creature" and _on_a_creature(obj, state, world):
                return True
            if (
                condition.status == "counter"
                and (
                    obj.counter_count(condition.counter_kind)
                    if condition.counter_kind
                    else sum(n for _, n in obj.counters)
                )
                >= condition.minimum
            ):
                return True
            if condition.status in ("equipped", "enchanted"):
                wanted = "Equipment" if condition.status == "equipped" else "Aura"
                attached = sum(
                    1
                    for o in world.objects.values()
                    if o.label in state
                    and o.attached_to == label
                    and o.on_battlefield
                    and wanted in state[o.label].subtypes
                )
                if attached >= condition.minimum:  # "two or more Equipment" (Balan)
                    return True
        return False
    if isinstance(condition, ItsControllerControls):
        for label in select(condition.subject, state, world, ctx):
            owner = state[label].controller
            others = sum(
                1
                for other in _candidates(condition.counted, state)
                if other != label
                and _fits(condition.counted, other, state, world, ctx)
                and _controller_of(state[other], world.objects[other]) == owner
            )
            return _op(others, condition.op, condition.minimum)
        return False
    if isinstance(condition, AllShareAColor):
        group = [state[label].colors for label in select(condition.subject, state, world, ctx)]
        return bool(group) and bool(frozenset.intersection(*group))
    if isinstance(condition, AnyLibrarySize):
        return any(
            size is not None and _op(size, condition.op, condition.value)
            for size in library_sizes(world.game).values()
        )
    if isinstance(condition, TopOfLibrary):
        top = next(
            (
                o.label
                for o in world.game.objects
                if o.zone == "library" and o.owner == ctx.controller and o.label in state
            ),
            None,
        )
        return top is not None and matches(condition.filter, top, state, world, ctx)
    if isinstance(condition, MostCommonColor):
        return _most_common_color(condition, state, world, ctx)
    if isinstance(condition, AnyPlayerControls):
        return any(
            _fits(condition.subject, label, state, world, ctx)
            for label in _candidates(condition.subject, state)
        )
    raise TypeError(f"unknown condition {condition!r}")


def _most_common_color(
    condition: MostCommonColor, state: State, world: World, ctx: Context
) -> bool:
    """Count the objects of each color among ``condition.among`` (CR 105.2: a multicolored
    object counts for each of its colors) and compare the color asked about with the top."""
    counts = dict.fromkeys("WUBRG", 0)
    for label in select(condition.among, state, world, ctx):
        for color in state[label].colors:
            counts[color] = counts.get(color, 0) + 1
    top = max(counts.values())
    if top == 0:
        return False  # no permanent has a color: no color is the most common one
    common = {color for color, n in counts.items() if n == top}
    if condition.sharing is not None:
        return any(
            state[label].colors & common for label in select(condition.sharing, state, world, ctx)
        )
    wanted = condition.color if condition.color is not None else ctx.choices.color
    if wanted not in common:
        return False
    return condition.ties or len(common) == 1


def library_sizes(game: Game) -> dict[str, int | None]:
    """Cards in each library: the cards the board lists plus the ones it counts; None if
    the board says nothing about that library."""
    sizes: dict[str, int | None] = {}
    for player, unknown in game.library_sizes:
        known = sum(1 for o in game.objects if o.zone == "library" and o.owner == player)
        sizes[player] = None if unknown is None and not known else known + (unknown or 0)
    return sizes


def _op(value: int, op: str, target: int) -> bool:
    return {
        ">=": value >= target,
        "<=": value <= target,
        "<": value < target,
        ">": value > target,
        "==": value == target,
    }[op]
