"""Which objects an effect applies to, and the numbers it computes.

Everything here reads characteristics *as they are at this point of the
layer system* — that is what makes a static ability's set and values
continuously re-checked (CR 611.3a) and what dependency trials compare.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from typing import assert_never

from rules_engine.affected import Filter, Subject
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
    AtMost,
    BasicLandTypesAmong,
    CardTypesAmong,
    CastInMainPhase,
    CityBlessing,
    ColorsAmong,
    CommanderCasts,
    Compare,
    Condition,
    Const,
    CountAtLeast,
    CountersOnSource,
    CountObjects,
    CreaturesDiedThisTurn,
    DealtDamage,
    Designated,
    Devotion,
    DistinctNames,
    EnteredThisTurn,
    EnteredThisTurnCount,
    Expr,
    GreatestAmongPlayers,
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
    PlayersLost,
    Product,
    SourceStatus,
    SpellsCastThisTurn,
    StartingLife,
    Sum,
    Times,
    TimesAttacked,
    TopOfLibrary,
    TurnTotal,
    VarX,
    VersusOpponent,
    YourSpeed,
    YourTurn,
)
from rules_engine.filters import compile_filter, controller_of
from rules_engine.game import Game, GameObject
from rules_engine.game_facts import dealt_damage, designated, entered_this_turn
from rules_engine.oracle.digital import starting_intensity
from rules_engine.oracle.keywords import parse_keyword
from rules_engine.steps import Choices, TurnRecord
from rules_engine.turn_deeds import AttackedWithThisTurn, CountersPutThisTurn, SacrificedThisTurn
from rules_engine.vocabulary import BASIC_LAND_TYPES, CARD_TYPES, CREATURE_TYPES, subtype_category
from rules_engine.world import Context as Context
from rules_engine.world import State as State
from rules_engine.world import World as World


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
        f = subject.filters[0] if subject.filters else Filter()
        # "Enchanted creature" is a permanent; "enchanted creature card" (Animate Dead) is
        # the card an Aura enchants in a graveyard (CR 303.4, 702.5a), and only that.
        card = f.zone in ("outside", "graveyard")
        if host is None or host not in state or world.objects[host].on_battlefield == card:
            return me
        plain = Filter(types=f.types, subtypes=f.subtypes, zone=f.zone if card else "battlefield")
        return me + ((host,) if matches(plain, host, state, world, ctx) else ())
    if subject.kind == "left_host":
        return _left_host(ctx.source, state, world)
    if subject.kind == "paired":
        source = world.objects.get(ctx.source)
        partner = source.paired_with if source else None
        if partner is None or partner not in state:
            return ()
        return tuple(x for x in (ctx.source, partner) if x in state)
    if subject.kind == "targets":
        chosen = [ctx.targets[i] for i in subject.target_slots if i < len(ctx.targets)]
        return tuple(t for t in chosen if t in state)
    if subject.kind == "chosen":
        # The one chosen among those the filters name (CR 608.2d), as a one-shot chose it.
        found = select(replace(subject, kind="filter"), state, world, ctx)
        picked = ctx.choices.chosen
        return (picked,) if picked in found else found[:1]
    if subject.kind == "last":
        # "the last creature card exiled with it" (CR 607.2a): the one exiled last.
        found = select(replace(subject, kind="filter"), state, world, ctx)
        if not found:
            return ()
        return (max(found, key=lambda label: world.objects[label].exiled_at),)
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


def _left_host(source: str, state: State, world: World) -> tuple[str, ...]:
    """The card the source was attached to, which left the battlefield (CR 603.10a): an Aura
    still waiting for the state-based check (704.5m) knows it; one in its owner's graveyard
    remembers it as it last existed (113.7a)."""
    obj = world.objects.get(source)
    if obj is None:
        return ()
    host = obj.attached_to or obj.host_left
    if host is None and obj.last_known is not None:
        host = obj.last_known.attached_to
    if host is None or host not in state or world.objects[host].on_battlefield:
        return ()  # CR 400.7: a card back on the battlefield is a new object, not "that card"
    return (host,)


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


def _gone(label: str | None, world: World) -> bool:
    """Whether ``label`` names an object that has left the battlefield."""
    obj = world.objects.get(label) if label else None
    return obj is not None and not obj.on_battlefield


def evaluate(expr: Expr, state: State, world: World, ctx: Context, affected: str | None) -> int:
    """A number an effect needs, computed from the current characteristics."""
    match expr:
        case Const():
            return expr.value
        case VarX():
            return ctx.x or 0
        case ManaValueOfAffected():
            return state[affected].mana_value if affected is not None and affected in state else 0
        case CountObjects():
            return _count_objects(expr, state, world, ctx, affected)
        case CardTypesAmong():
            return _card_types_among(expr, state, world, ctx)
        case PlayerCounters() if expr.who == "affected_controller":
            holder = state[affected].controller if affected and affected in state else None
            return world.game.counters_of_player(holder).get(expr.kind, 0) if holder else 0
        case (
            LifeTotal()
            | StartingLife()
            | OpponentCount()
            | PlayersLost()
            | OpponentsBelowHalfStartingLife()
            | PlayerCounters()
            | YourSpeed()
        ):
            return _player_number(expr, world.game, ctx.controller)
        case Half() | Sum() | Times() | Product() | Negate() | AtLeastZero() | AtMost():
            return _arithmetic(expr, state, world, ctx, affected)
        case DistinctNames():
            among = select(expr.subject, state, world, ctx)
            if expr.of == "mana_value":
                return len({state[label].mana_value for label in among})  # CR 202.3
            if expr.of == "power":  # coven (CR 207.2c): different powers among them
                return len({state[label].power for label in among})
            if expr.of == "mana_cost":  # CR 202.1, 202.1b: only cards with a mana cost
                return len({c for label in among if (c := state[label].mana_cost)})
            return len({state[label].name for label in among})
        case CreaturesDiedThisTurn() | TurnTotal() | SpellsCastThisTurn() | EnteredThisTurnCount():
            return _this_turn(expr, world.game, ctx.controller, ctx.source)
        case HowCast(fact="intensity"):
            # MTG Arena's intensity (Alchemy, no CR rule): the board's, else the starting one.
            if ctx.choices.intensity is not None:
                return ctx.choices.intensity
            return starting_intensity(world.objects[ctx.source].card.rules_text)
        case HowCast():
            return _how_cast(expr, ctx.choices)
        case HandSize():
            return _hand_size(expr, state, world, ctx, affected)
        case AffectedStat(whose="source", stat="power" | "toughness") if _gone(ctx.source, world):
            # CR 608.2h, 113.7a: the source left the battlefield (a "dies" trigger, a
            # sacrifice cost): its power as it last existed there.
            last = world.objects[ctx.source].last_known
            return (getattr(last, expr.stat) if last else None) or 0
        case AffectedStat():
            whose = affected if expr.whose == "affected" else ctx.source
            chars = state.get(whose) if whose else None
            if chars is None:
                return 0
            if expr.stat == "type_words":  # CR 205.2a, 205.3a, 205.4a
                subtypes = set(chars.subtypes)
                if chars.all_creature_types:
                    subtypes |= CREATURE_TYPES  # changeling: every creature type (702.73a)
                return len(chars.supertypes) + len(chars.types) + len(subtypes)
            if expr.stat == "creature_types":  # CR 205.3m
                return sum(1 for s in chars.subtypes if subtype_category(s) == "Creature")
            return len(chars.colors) if expr.stat == "colors" else (getattr(chars, expr.stat) or 0)
        case PartySize():
            return party_size([state[label] for label in select(expr.subject, state, world, ctx)])
        case BasicLandTypesAmong() | GreatestStat() | ColorsAmong():
            return _among(expr, state, world, ctx)
        case ManaSymbols() | Devotion():
            return _mana_symbols(expr, state, world, ctx, affected)
        case CountersOnSource():
            return _counters(expr, state, world, ctx, affected)
        case TimesAttacked():  # CR 508.1a
            label = affected if expr.whose == "affected" else ctx.source
            obj = world.objects.get(label) if label else None
            if obj is None:
                return 0
            return obj.attacks_this_game if expr.this_game else obj.attacks_this_turn
        case AffectedKeywordTotal():
            return _keyword_total(expr, state, affected)
        case GreatestAmongPlayers():
            game = world.game
            players = game.opponents(ctx.controller) if expr.opponents else game.players
            return max(
                (
                    evaluate(expr.expr, state, world, replace(ctx, controller=p), affected)
                    for p in players
                ),
                default=0,
            )
        case CommanderCasts():
            return dict(world.game.designations.commander_casts).get(ctx.controller, 0)  # 903.8
        case _:
            assert_never(expr)


def _count_objects(
    expr: CountObjects, state: State, world: World, ctx: Context, affected: str | None
) -> int:
    about_it = any(
        f.attached_to_affected
        or f.shares_creature_type_with_affected
        or f.owner == "affected_controller"
        or f.same_name_as_affected
        for f in expr.subject.filters
    )
    relative = ctx.source if ctx.other_means_source and not about_it else affected
    return count(expr.subject, state, world, ctx, relative)


def _card_types_among(expr: CardTypesAmong, state: State, world: World, ctx: Context) -> int:
    found: set[str] = set()
    for label in state:
        if any(matches(f, label, state, world, ctx) for f in expr.subject.filters):
            found |= {t for t in state[label].types if t in CARD_TYPES}
    return len(found)


def _player_number(
    expr: LifeTotal
    | StartingLife
    | OpponentCount
    | PlayersLost
    | OpponentsBelowHalfStartingLife
    | PlayerCounters
    | YourSpeed,
    game: Game,
    you: str,
) -> int:
    """Numbers about players: life totals, opponents, player counters."""
    match expr:
        case LifeTotal():
            if expr.who == "most_opponent":
                return max((game.life_of(p) for p in game.opponents(you)), default=0)
            if expr.who == "most_player":  # a player who lost has left the game (800.4a)
                lost = {player for player, verdict in game.verdicts if verdict == "lost"}
                return max((game.life_of(p) for p in game.players if p not in lost), default=0)
            return game.life_of(you)
        case StartingLife():
            return game.starting_life_of(you)
        case OpponentCount():
            return len(game.opponents(you))  # CR 102.3
        case PlayersLost():  # CR 104.3, 800.4a
            return len({player for player, verdict in game.verdicts if verdict == "lost"})
        case OpponentsBelowHalfStartingLife():
            return sum(
                1
                for p in game.opponents(you)
                if 2 * game.life_of(p) < game.starting_life_of(p)  # "less than half"
            )
        case YourSpeed():
            return game.designations.speed_of(you)  # CR 702.179f
        case PlayerCounters():
            holders = game.opponents(you) if expr.who == "opponents" else (you,)
            return sum(game.counters_of_player(p).get(expr.kind, 0) for p in holders)
        case _:
            assert_never(expr)


def _arithmetic(
    expr: Half | Sum | Times | Product | Negate | AtLeastZero | AtMost,
    state: State,
    world: World,
    ctx: Context,
    affected: str | None,
) -> int:
    match expr:
        case Half():
            value = evaluate(expr.expr, state, world, ctx, affected)
            return -(-value // 2) if expr.up else value // 2  # CR 107.1a: as the text rounds
        case Sum():
            return evaluate(expr.left, state, world, ctx, affected) + evaluate(
                expr.right, state, world, ctx, affected
            )
        case Times():
            return expr.factor * evaluate(expr.expr, state, world, ctx, affected)
        case Product():
            return evaluate(expr.left, state, world, ctx, affected) * evaluate(
                expr.right, state, world, ctx, affected
            )
        case Negate():
            return -evaluate(expr.expr, state, world, ctx, affected)
        case AtLeastZero():
            return max(0, evaluate(expr.expr, state, world, ctx, affected))  # CR 107.1b
        case AtMost():
            return min(expr.most, evaluate(expr.expr, state, world, ctx, affected))
        case _:
            assert_never(expr)


def _this_turn(
    expr: CreaturesDiedThisTurn | TurnTotal | SpellsCastThisTurn | EnteredThisTurnCount,
    game: Game,
    you: str,
    source: str,
) -> int:
    match expr:
        case CreaturesDiedThisTurn():
            return game.this_turn.creatures_died  # CR 700.4
        case EnteredThisTurnCount():  # CR 603.6a: under your control as it entered
            return sum(
                1
                for record in game.this_turn.entered
                if record.controller == you and (not expr.types or bool(expr.types & record.types))
            )
        case TurnTotal():
            players = [you] if expr.who == "you" else game.opponents(you)
            return game.this_turn.total(expr.kind, players)
        case SpellsCastThisTurn():
            return sum(
                1
                for spell in game.this_turn.spells
                if (not expr.by_you or spell.by == you)
                and (expr.color is None or expr.color in spell.colors)
                and (not expr.types or bool(expr.types & spell.types))
                and not expr.not_types & spell.types
                and not (expr.other and spell.label == source)
            )
        case _:
            assert_never(expr)


def _how_cast(expr: HowCast, choices: Choices) -> int:
    return {
        "colors_spent": choices.colors_spent,
        "times_kicked": choices.times_kicked,
        "tribute": int(choices.tribute),
        "revealed": choices.revealed,
        "devoured": len(choices.devour),  # CR 702.82a-b
        "mana_spent": choices.mana_spent,  # CR 601.2h
        "sacrificed_power": choices.sacrificed_power,  # CR 601.2h, 608.2h
        **_cast_facts(choices),
    }[expr.fact]


def was_cast(choices: Choices) -> bool:
    """CR 601.2: the step's choices say it was cast (from a hand, with escape, with another
    permanent's permission, kicked, or with mana spent): a spell, not just put there."""
    return bool(
        choices.cast_from_hand
        or choices.escaped
        or choices.cast_with is not None
        or choices.kicked
        or choices.times_kicked > 0
        or choices.mana_spent > 0
        or any(n for _, n in choices.mana_by_color)
    )


def _cast_facts(choices: Choices) -> dict[str, int]:
    """The gift promised (CR 702.174) and bargaining (702.166), 1 or 0; the mana of each
    color spent to cast it and the most of any one color (adamant, 207.2c; 601.2h)."""
    spent = dict(choices.mana_by_color)
    return {
        "gift": int(choices.gift),
        "escaped": int(choices.escaped),
        "bargained": int(choices.bargained),
        "evidence": int(choices.evidence),
        "mayhem": int(choices.mayhem),
        "teamwork": int(choices.teamwork),
        "treasure_mana": choices.treasure_mana,
        "convoked": choices.convoked,  # CR 702.51a
        "artifact_mana": choices.artifact_mana,
        "draft_number": choices.draft_number,  # CR 905.2: from the draft
        "played_from_hand": int(choices.played_from_hand),  # CR 305.1
        "turns_since_foretold": choices.turns_since_foretold,  # CR 702.143a
        "rolled_total": sum(choices.rolls),  # CR 706.1
        "most_of_one_color": max(spent.values(), default=0),
        "was_cast": int(was_cast(choices)),
        **{f"mana_{c}": spent.get(c, 0) for c in "WUBRG"},
    }


def _hand_size(
    expr: HandSize, state: State, world: World, ctx: Context, affected: str | None
) -> int:
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


def _among(
    expr: BasicLandTypesAmong | GreatestStat | ColorsAmong,
    state: State,
    world: World,
    ctx: Context,
) -> int:
    """Numbers read off a set of objects: types, colors, the greatest or total stat."""
    match expr:
        case BasicLandTypesAmong():
            found = set()
            for label in select(expr.subject, state, world, ctx):
                found |= {t for t in state[label].subtypes if t in BASIC_LAND_TYPES}
            return len(found)
        case GreatestStat():
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
        case ColorsAmong():
            colors: set[str] = set()
            for label in select(expr.subject, state, world, ctx):
                colors |= state[label].colors
            return len(colors)
        case _:
            assert_never(expr)


def _mana_symbols(
    expr: ManaSymbols | Devotion, state: State, world: World, ctx: Context, affected: str | None
) -> int:
    if isinstance(expr, Devotion):
        total = 0
        for label, chars in state.items():
            if world.objects[label].on_battlefield and chars.controller == ctx.controller:
                total += devotion(chars.mana_cost, expr.colors)
        return total
    if expr.subject is None:
        # "for each white mana symbol in its mana cost" (chroma, Light from Within)
        own = state.get(affected) if affected else None
        return devotion(own.mana_cost, expr.colors) if own is not None else 0
    return sum(
        devotion(state[label].mana_cost, expr.colors)
        for label in select(expr.subject, state, world, ctx)
    )


def _counters(
    expr: CountersOnSource, state: State, world: World, ctx: Context, affected: str | None
) -> int:
    if expr.subject is None:
        source = world.objects.get(ctx.source)
        if source is not None and not expr.kind:
            return sum(n for _, n in source.counters)  # every kind (CR 122.1)
        return source.counter_count(expr.kind) if source else 0
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


def _keyword_total(expr: AffectedKeywordTotal, state: State, affected: str | None) -> int:
    own = state.get(affected) if affected else None
    if own is None:
        return 0
    instances = [parse_keyword(a.text) for a in own.abilities]
    return sum(
        (k.amount or 0)
        for k in instances
        if k is not None and k.keyword.name.lower() == expr.keyword
    )


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
    if event == "nonland_left":
        return turn.nonland_left  # any player's (void)
    if event == "spell_warped":
        return any(spell.warped for spell in turn.spells)  # CR 702.185a
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
    match condition:
        case None | Always():
            return True
        case CastInMainPhase():
            return ctx.choices.main_phase  # CR 505.1
        case ManaSpent():
            return condition.color in ctx.choices.mana_colors  # CR 601.2h: as it was cast
        case AllOf():
            return all(condition_holds(c, state, world, ctx) for c in condition.conditions)
        case AnyOf():
            return any(condition_holds(c, state, world, ctx) for c in condition.conditions)
        case CountAtLeast():
            return _op(
                count(condition.subject, state, world, ctx, None), condition.op, condition.minimum
            )
        case ObjectMatches():
            return any(
                matches(condition.filter, label, state, world, ctx)
                for label in select(condition.subject, state, world, ctx)
            )
        case YourTurn():
            return (world.game.active == ctx.controller) != condition.negated
        case HappenedThisTurn():
            return _happened(condition, world.game.this_turn, ctx.controller, world.game)
        case VersusOpponent() | Compare():
            return _compared(condition, state, world, ctx)
        case CityBlessing():
            return ctx.controller in world.game.blessed
        case Designated():
            return designated(condition, world.game, ctx.controller)
        case EnteredThisTurn():
            return entered_this_turn(condition, world.game, ctx.controller, ctx.source)
        case SacrificedThisTurn():  # CR 701.21a
            return condition.holds(world.game.this_turn.sacrificed, ctx.controller)
        case AttackedWithThisTurn():  # CR 508.1a
            return condition.holds(world.game.this_turn.attacked_with, ctx.controller)
        case CountersPutThisTurn():  # CR 122.6
            if condition.on_source:  # on it as it is now (a new object has none, 400.7)
                source = world.objects.get(ctx.source)
                put = source.counters_put if source is not None else ()
                return (ctx.controller, condition.kind) in put
            return condition.holds(world.game.this_turn.counters_put, ctx.controller)
        case DealtDamage():
            return dealt_damage(world.game, ctx.source)
        case Not():
            return not condition_holds(condition.condition, state, world, ctx)
        case SourceStatus():
            return any(
                _has_status(condition, label, state, world)
                for label in select(condition.subject, state, world, ctx)
            )
        case ItsControllerControls():
            return _its_controller_controls(condition, state, world, ctx)
        case AllShareAColor():
            group = [state[label].colors for label in select(condition.subject, state, world, ctx)]
            return bool(group) and bool(frozenset.intersection(*group))
        case AnyLibrarySize():
            sizes = library_sizes(world.game)
            if condition.whose == "you":
                sizes = {ctx.controller: sizes.get(ctx.controller)}
            return any(
                size is not None and _op(size, condition.op, condition.value)
                for size in sizes.values()
            )
        case TopOfLibrary():
            return _top_of_library(condition, state, world, ctx)
        case MostCommonColor():
            return _most_common_color(condition, state, world, ctx)
        case AnyPlayerControls():
            return any(
                _fits(condition.subject, label, state, world, ctx)
                for label in _candidates(condition.subject, state)
            )
        case _:
            assert_never(condition)


def _compared(
    condition: VersusOpponent | Compare, state: State, world: World, ctx: Context
) -> bool:
    """A number compared with the opponents' (each or any) or with a fixed value."""
    if isinstance(condition, VersusOpponent):
        mine = evaluate(condition.expr, state, world, ctx, None)
        theirs = [
            evaluate(condition.expr, state, world, replace(ctx, controller=p), None)
            for p in world.game.opponents(ctx.controller)
        ]
        fits = [_op(mine, condition.op, n) for n in theirs]
        return bool(fits) and (all(fits) if condition.each else any(fits))
    if condition.who == "opponent":
        values = [
            evaluate(condition.expr, state, world, replace(ctx, controller=p), None)
            for p in world.game.opponents(ctx.controller)
        ]
    else:
        values = [evaluate(condition.expr, state, world, ctx, None)]
    return any(_op(v, condition.op, condition.value) for v in values)


def _has_status(condition: SourceStatus, label: str, state: State, world: World) -> bool:
    """Does this object have the status the condition asks about ("as long as ~ is
    tapped", "is monstrous", "has two or more Equipment attached")?"""
    obj = world.objects[label]
    status = condition.status
    if status == "tapped" and obj.tapped:
        return True
    if status == "untapped" and not obj.tapped:
        return True
    if status == "monstrous" and obj.monstrous:
        return True
    if status == "renowned" and obj.renowned:
        return True
    if status == "solved" and obj.solved:
        return True  # CR 719.3b
    if status == "class_level" and obj.choices.class_level >= condition.minimum:
        return True  # CR 716.2a, 716.2d (level 1 unless its enter step says otherwise)
    if status == "ring_bearer" and (now := state.get(label)) and obj.ring_bearer == now.controller:
        return True  # CR 701.54a: its controller's Ring-bearer
    if status == "paired" and obj.paired_with is not None:
        return True
    if status == "attacked_this_turn" and obj.attacked_this_turn:  # CR 508.1a
        return True
    if status == "attacked_battle_this_turn" and obj.attacked_battle_this_turn:  # CR 508.1b
        return True
    if status == "in_graveyard" and obj.zone == "graveyard":
        return True
    if status == "on_battlefield" and obj.on_battlefield:
        return True  # CR 611.2b
    if status == "attached_to_creature" and _on_a_creature(obj, state, world):
        return True
    if (
        status == "counter"
        and (
            obj.counter_count(condition.counter_kind)
            if condition.counter_kind
            else sum(n for _, n in obj.counters)
        )
        >= condition.minimum
    ):
        return True
    if status in ("equipped", "enchanted"):
        wanted = "Equipment" if status == "equipped" else "Aura"
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


def _its_controller_controls(
    condition: ItsControllerControls, state: State, world: World, ctx: Context
) -> bool:
    """Only the first object the subject names counts (its controller's other objects)."""
    for label in select(condition.subject, state, world, ctx):
        owner = state[label].controller
        others = sum(
            1
            for other in _candidates(condition.counted, state)
            if other != label
            and _fits(condition.counted, other, state, world, ctx)
            and controller_of(state[other], world.objects[other]) == owner
        )
        return _op(others, condition.op, condition.minimum)
    return False


def _top_of_library(condition: TopOfLibrary, state: State, world: World, ctx: Context) -> bool:
    top = next(
        (
            o.label
            for o in world.game.objects
            if o.zone == "library" and o.owner == ctx.controller and o.label in state
        ),
        None,
    )
    return top is not None and matches(condition.filter, top, state, world, ctx)


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
