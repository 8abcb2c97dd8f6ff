"""Dependency (CR 613.8), computed by trial rather than looked up.

Effect A depends on effect B when both apply in the same layer or sublayer,
both or neither come from characteristic-defining abilities, and applying B
would change A's existence, its text, what it applies to, or what it does to
any of those things (613.8a). We answer that literally: take A's
*footprint* now, apply B to a copy of the state, take A's footprint again,
and compare. Any card, real or invented, is treated the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, Literal

from rules_engine.active import (
    Effect,
    affected_objects,
    apply_effect,
    context_for,
    effect_exists,
    effect_payloads,
    static_effects,
)
from rules_engine.affected import Filter, Subject
from rules_engine.characteristics import Characteristics
from rules_engine.effects import (
    AbilityChange,
    AffectedKeywordTotal,
    AffectedStat,
    AllOf,
    AllShareAColor,
    AnyOf,
    AnyPlayerControls,
    AtLeastZero,
    AtMost,
    BasicLandTypesAmong,
    CardTypesAmong,
    ChangeText,
    CityBlessing,
    ColorChange,
    ColorsAmong,
    Compare,
    Condition,
    Const,
    CopyOf,
    CountAtLeast,
    CountersOnSource,
    CountObjects,
    DealtDamage,
    Designated,
    Devotion,
    DistinctNames,
    EnteredThisTurn,
    ExchangeControl,
    Expr,
    GreatestAmongPlayers,
    GreatestStat,
    Half,
    HandSize,
    HappenedThisTurn,
    ItsControllerControls,
    ManaSymbols,
    ManaValueOfAffected,
    ModifyPT,
    MostCommonColor,
    Negate,
    Not,
    ObjectMatches,
    PartySize,
    PlayerCounters,
    SetController,
    SetPT,
    SourceStatus,
    Sum,
    Times,
    TopOfLibrary,
    TypeChange,
    VersusOpponent,
    YourTurn,
)
from rules_engine.selection import State, World, matches
from rules_engine.turn_deeds import AttackedWithThisTurn, CountersPutThisTurn, SacrificedThisTurn
from rules_engine.vocabulary import BASIC_LAND_TYPES, subtype_allowed

Clause = Literal["existence", "text", "applies_to", "does"]

CLAUSE_WORDS: dict[Clause, str] = {
    "existence": "whether it exists",
    "text": "its text",
    "applies_to": "what it applies to",
    "does": "what it does",
}

ALL_KINDS = frozenset(
    {"cardtypes", "subtypes", "supertypes", "colors", "abilities", "pt", "copiable", "controller"}
)


def writes(effect: Effect, layer: str) -> frozenset[str]:
    """What applying this effect's part in this layer can change (the trial's write set)."""
    kinds: set[str] = set()
    for part in effect.spec.parts_in(layer):
        action = part.action
        if isinstance(action, CopyOf) or layer in ("1a", "1b"):
            return ALL_KINDS
        if isinstance(action, (SetController, ExchangeControl)):
            kinds.add("controller")
        elif isinstance(action, TypeChange):
            if action.set_types is not None or action.add_types or action.lose_other_types:
                kinds |= {"cardtypes", "subtypes", "abilities"}
            if (
                action.set_subtypes is not None
                or action.add_subtypes
                or action.all_creature_types
                or action.lose_all_creature_types
                or action.every_basic_land_type
                or action.set_chosen_type
                or action.add_chosen_type
                or action.creature_types_of is not None
            ):
                kinds |= {"subtypes", "abilities"}
            if action.add_supertypes or action.remove_supertypes:
                kinds.add("supertypes")
        elif isinstance(action, ColorChange):
            kinds.add("colors")
        elif isinstance(action, (AbilityChange, ChangeText)):
            kinds |= {"abilities", "subtypes"}
        else:
            kinds.add("pt")
    return frozenset(kinds)


@dataclass(frozen=True, slots=True)
class DependencyEdge:
    """``dependent`` depends on ``on`` (CR 613.8a), and the trial that showed it."""

    dependent: str
    on: str
    clause: Clause
    detail: str
    layer: str
    # The trial's facts, so that a page can word them with its own names (``describe_edge``):
    # the objects ``on`` would add to or remove from what ``dependent`` applies to, those
    # whose payload it would change, its new text, and whether it would stop existing.
    gained: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    text: str = ""
    removes: bool = False


@dataclass(frozen=True, slots=True)
class Footprint:
    exists: bool
    text: str
    applies_to: tuple[str, ...]
    does: tuple[tuple[tuple[int, str], Any], ...]


def refresh(effect: Effect, state: State, world: World) -> Effect | None:
    """The same static effect as it reads in this state (its text may have changed)."""
    if effect.kind != "static":
        return effect
    for candidate in (
        static_effects({effect.source: state[effect.source]}, world)
        if effect.source in state
        else ()
    ):
        if candidate.eid == effect.eid:
            return candidate
    return None


def footprint_of(
    effect: Effect,
    layer: str,
    state: State,
    world: World,
    started: dict[str, tuple[str, ...]],
) -> Footprint:
    current = effect if effect.eid in started else refresh(effect, state, world)
    if current is None or not effect_exists(current, state, world, started):
        return Footprint(False, "", (), ())
    labels = affected_objects(current, state, world, started)
    values = effect_payloads(current, layer, labels, state, world)
    return Footprint(True, current.spec.text, labels, _what_it_does(values, state))


def _what_it_does(
    values: dict[tuple[int, str], Any], state: Mapping[str, Characteristics]
) -> tuple[tuple[tuple[int, str], Any], ...]:
    """Each part's payload for each object, and for a type change which of its subtypes
    that object can take: CR 205.3d lets a subtype stick only to an object with a matching
    card type, so "is a Spirit in addition to its other types" does something to a
    creature and nothing to a land, and an effect that makes the land a creature changes
    what it does (613.8a)."""
    done: list[tuple[tuple[int, str], Any]] = []
    for (index, label), value in values.items():
        if isinstance(value, tuple) and value and isinstance(value[0], TypeChange):
            value = (value, _subtypes_taken(value[0], value[1], state[label].types))
        done.append(((index, label), value))
    return tuple(done)


def _subtypes_taken(
    action: TypeChange, chosen: str | None, types: tuple[str, ...]
) -> tuple[frozenset[str], bool]:
    after = set(action.set_types) if action.set_types is not None else set(types)
    after = (after | action.add_types) - action.remove_types
    new = set(action.add_subtypes) | set(action.set_subtypes or ())
    if chosen and (action.set_chosen_type or action.add_chosen_type):
        new.add(chosen)
    if action.every_basic_land_type:
        new |= set(BASIC_LAND_TYPES)
    every_creature_type = action.all_creature_types and bool(after & {"Creature", "Kindred"})
    return frozenset(s for s in new if subtype_allowed(s, after)), every_creature_type


def _edge(
    a: Effect, b: Effect, clause: Clause, before: Footprint, after: Footprint, layer: str
) -> DependencyEdge:
    changed = sorted(
        {label for (_, label), v in after.does if dict(before.does).get((_, label)) != v}
    )
    edge = DependencyEdge(
        a.eid,
        b.eid,
        clause,
        "",
        layer,
        gained=tuple(x for x in after.applies_to if x not in before.applies_to),
        lost=tuple(x for x in before.applies_to if x not in after.applies_to),
        changed=tuple(changed),
        text=after.text,
        removes=before.exists and not after.exists,
    )
    return replace(edge, detail=describe_edge(edge))


def describe_edge(edge: DependencyEdge, name: Callable[[str], str] = str) -> str:
    """Why ``edge.dependent`` depends on ``edge.on``, naming effects and objects with
    ``name`` (by default their ids and labels, as the engine's answers give them)."""
    a, b = name(edge.dependent), name(edge.on)
    if edge.clause == "existence":
        if edge.removes:
            return f"applying {b} first would remove the ability that creates {a}"
        return f"applying {b} first would make {a} exist"
    if edge.clause == "text":
        return f'applying {b} first would change {a}\'s text to "{edge.text}"'
    if edge.clause == "applies_to":
        pieces = []
        if edge.gained:
            pieces.append("add " + ", ".join(name(x) for x in edge.gained))
        if edge.lost:
            pieces.append("remove " + ", ".join(name(x) for x in edge.lost))
        return f"applying {b} first would {' and '.join(pieces)} to the set {a} applies to"
    objects = ", ".join(name(x) for x in edge.changed) or "its objects"
    return f"applying {b} first would change what {a} does to {objects}"


def _compare(before: Footprint, after: Footprint) -> Clause | None:
    if before.exists != after.exists:
        return "existence"
    if before.text != after.text:
        return "text"
    if set(before.applies_to) != set(after.applies_to):
        return "applies_to"
    if dict(before.does) != dict(after.does):
        return "does"
    return None


# --- What an effect reads (to skip trials that cannot matter) -----------------------


def _filter_reads(f: Filter) -> set[str]:
    reads: set[str] = set()
    if f.types or f.not_types or f.historic:
        reads.add("cardtypes")
    if (
        f.subtypes
        or f.any_subtypes
        or f.historic
        or f.not_subtypes
        or f.chosen_type
        or f.not_chosen_type
        or f.shares_creature_type_with_affected
        or f.shares_creature_type_with_source
    ):
        reads.add("subtypes")
    if f.supertypes or f.not_supertypes or f.historic:
        reads.add("supertypes")
    if (
        f.colors
        or f.not_colors
        or f.colorless is not None
        or f.multicolored is not None
        or f.chosen_color
        or (f.like_target is not None and f.like_target[0] == "color")
    ):
        reads.add("colors")
    if (
        f.controller is not None
        or f.owner == "affected_controller"
        or f.counters_put_by_you
        or f.attached_to_yours
    ):
        reads.add("controller")
    if f.modified is not None or f.enchanted_by_you:
        reads |= {"subtypes", "controller"}  # its Equipment and Auras (CR 700.9)
    if f.with_any_ability or f.without_abilities or f.no_abilities:
        reads.add("abilities")
    if f.power is not None or f.toughness is not None:
        reads.add("pt")
    if (
        f.mana_value is not None
        or f.name is not None
        or f.named_as_source
        or f.chosen_name
        or f.like_target
        or f.same_name_as_affected
    ):
        reads.add("copiable")
    return reads


def _subject_reads(subject: Subject) -> set[str]:
    reads: set[str] = set()
    for f in subject.filters:
        reads |= _filter_reads(f)
    return reads


def _expr_reads(expr: Expr | None) -> set[str]:
    if expr is None:
        return set()
    if isinstance(expr, CountObjects):
        return _subject_reads(expr.subject)
    if isinstance(expr, CardTypesAmong):
        return {"cardtypes"} | _subject_reads(expr.subject)
    if isinstance(expr, ManaValueOfAffected):
        return {"copiable"}
    if isinstance(expr, Sum):
        return _expr_reads(expr.left) | _expr_reads(expr.right)
    if isinstance(expr, (Times, Negate, Half, AtLeastZero, AtMost)):
        return _expr_reads(expr.expr)
    if isinstance(expr, DistinctNames):
        if expr.of == "power":
            return {"pt"} | _subject_reads(expr.subject)  # coven: powers (layer 7)
        return {"copiable"} | _subject_reads(expr.subject)  # names (CR 201.2)
    if isinstance(expr, AffectedKeywordTotal):
        return {"abilities"}
    if isinstance(expr, AffectedStat):
        if expr.stat == "creature_types":
            return {"subtypes"}
        if expr.stat == "type_words":
            return {"supertypes", "cardtypes", "subtypes"}
        return {"colors"} if expr.stat == "colors" else {"pt"}
    if isinstance(expr, HandSize | PlayerCounters) and expr.who == "affected_controller":
        return {"controller"}  # whose hand is counted depends on who controls it (layer 2)
    if isinstance(expr, BasicLandTypesAmong):
        return {"subtypes", "cardtypes"} | _subject_reads(expr.subject)
    if isinstance(expr, PartySize):
        return {"subtypes", "cardtypes", "controller"} | _subject_reads(expr.subject)
    if isinstance(expr, GreatestStat):
        return {"pt", "copiable"} | _subject_reads(expr.subject)
    if isinstance(expr, Devotion):
        return {"copiable", "controller"}
    if isinstance(expr, ManaSymbols):
        return {"copiable"} | (_subject_reads(expr.subject) if expr.subject else set())
    if isinstance(expr, CountersOnSource) and expr.subject is not None:
        return _subject_reads(expr.subject)
    if isinstance(expr, ColorsAmong):
        return {"colors"} | _subject_reads(expr.subject)
    if isinstance(expr, GreatestAmongPlayers):
        return _expr_reads(expr.expr) | {"controller"}  # counted for each player in turn
    return set()


def _condition_reads(condition: Condition | None) -> set[str]:
    if isinstance(condition, Not):
        return _condition_reads(condition.condition)
    if isinstance(condition, (AllOf, AnyOf)):
        return set().union(*(_condition_reads(c) for c in condition.conditions))
    if isinstance(condition, (Compare, VersusOpponent)):
        return _expr_reads(condition.expr) | {"controller"}
    if isinstance(condition, (SourceStatus, AnyPlayerControls)):
        return _subject_reads(condition.subject) | {"controller", "cardtypes"}
    if isinstance(
        condition,
        (
            YourTurn,
            HappenedThisTurn,
            CityBlessing,
            Designated,
            EnteredThisTurn,
            DealtDamage,
            SacrificedThisTurn,
            CountersPutThisTurn,
            AttackedWithThisTurn,
        ),
    ):
        return {"controller"}
    if isinstance(condition, CountAtLeast):
        return _subject_reads(condition.subject) | {"controller"}
    if isinstance(condition, ObjectMatches):
        return _filter_reads(condition.filter) | _subject_reads(condition.subject)
    if isinstance(condition, ItsControllerControls):
        return (
            _subject_reads(condition.subject) | _subject_reads(condition.counted) | {"controller"}
        )
    if isinstance(condition, AllShareAColor):
        return {"colors"} | _subject_reads(condition.subject)
    if isinstance(condition, TopOfLibrary):
        return _filter_reads(condition.filter) | {"controller"}
    if isinstance(condition, MostCommonColor):
        sharing = _subject_reads(condition.sharing) if condition.sharing else set()
        return {"colors", "controller"} | _subject_reads(condition.among) | sharing
    return set()


def reads(effect: Effect) -> set[str]:
    """Kinds of characteristics whose change could change this effect's footprint."""
    spec = effect.spec
    result = _subject_reads(spec.subject) | _condition_reads(spec.condition)
    if effect.kind == "static":
        result.add("controller")  # its "you"
    if spec.subject.kind == "attached":
        result.add("cardtypes")
    for part in spec.parts:
        action = part.action
        if isinstance(action, (SetPT, ModifyPT)):
            result |= _expr_reads(action.power) | _expr_reads(getattr(action, "toughness", None))
        elif isinstance(action, AbilityChange) and action.grant_from is not None:
            result |= {"abilities"} | _subject_reads(action.grant_from)
        elif isinstance(action, CopyOf):
            result |= {
                "copiable",
                "cardtypes",
                "subtypes",
                "supertypes",
                "colors",
                "abilities",
                "pt",
            }
        elif isinstance(action, (ExchangeControl, SetController)):
            result.add("controller")
    return result


def _local_expr(expr: Expr | None) -> bool:
    """Does this number depend only on the affected object (and fixed values)?"""
    if expr is None or isinstance(expr, (ManaValueOfAffected,)):
        return True
    if isinstance(
        expr,
        (
            CountObjects,
            CardTypesAmong,
            BasicLandTypesAmong,
            GreatestStat,
            Devotion,
            ColorsAmong,
            PartySize,
            DistinctNames,
        ),
    ):
        return False
    if isinstance(expr, Sum):
        return _local_expr(expr.left) and _local_expr(expr.right)
    if isinstance(expr, (Times, Negate, Half, AtLeastZero, AtMost)):
        return _local_expr(expr.expr)
    return True  # constants, X, life totals


def _local_payloads(effect: Effect) -> bool:
    for part in effect.spec.parts:
        action = part.action
        if isinstance(action, (SetPT, ModifyPT)):
            if not (_local_expr(action.power) and _local_expr(action.toughness)):
                return False
        elif isinstance(action, ExchangeControl) or (
            isinstance(action, AbilityChange) and action.grant_from is not None
        ):
            return False
    return True


def _per_object_subject(effect: Effect) -> bool:
    """Membership of each object depends only on that object (so changes are local)."""
    subject = effect.spec.subject
    if subject.kind != "filter":
        return False
    return not any(f.shares_creature_type_with_affected for f in subject.filters)


def _incremental(
    effect: Effect,
    layer: str,
    before: Footprint,
    state: dict[str, Characteristics],
    trial: State,
    changed: set[str],
    world: World,
    started: dict[str, tuple[str, ...]],
) -> Footprint:
    """A's footprint after B, recomputing only what the objects B changed can affect."""
    locked = effect.eid in started or effect.kind != "static"
    if (
        effect.source in changed
        or not before.exists
        or effect.spec.condition is not None
        or not (locked or _per_object_subject(effect))
    ):
        return footprint_of(effect, layer, trial, world, started)
    if locked:
        labels = before.applies_to
    else:
        ctx = context_for(effect, trial, world)
        keep = [x for x in before.applies_to if x not in changed]
        joined = {
            x
            for x in changed
            if x in trial
            and any(matches(f, x, trial, world, ctx) for f in effect.spec.subject.filters)
        }
        members = set(keep) | joined
        labels = tuple(x for x in trial if x in members)
    if not _local_payloads(effect):
        values = effect_payloads(effect, layer, labels, trial, world)
        return Footprint(True, before.text, labels, _what_it_does(values, trial))
    old = dict(before.does)
    known = {k[1] for k in old}
    recompute = tuple(x for x in labels if x in changed or x not in known)
    fresh = (
        dict(_what_it_does(effect_payloads(effect, layer, recompute, trial, world), trial))
        if recompute
        else {}
    )
    does: dict[tuple[int, str], Any] = {}
    for index, part in enumerate(effect.spec.parts):
        if part.layer != layer:
            continue
        for x in labels:
            key = (index, x)
            does[key] = fresh[key] if key in fresh else old[key]
    return Footprint(True, before.text, labels, tuple(does.items()))


class Overlay(Mapping[str, Characteristics]):
    """A state with a few objects changed, without copying the rest."""

    __slots__ = ("base", "changes")

    def __init__(
        self, base: Mapping[str, Characteristics], changes: dict[str, Characteristics]
    ) -> None:
        self.base = base
        self.changes = changes

    def __getitem__(self, key: str) -> Characteristics:
        found = self.changes.get(key)
        return found if found is not None else self.base[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.base)

    def __len__(self) -> int:
        return len(self.base)

    def __contains__(self, key: object) -> bool:
        return key in self.base


# Filter fields whose answer depends on which object the source is (or on its choices).
_SOURCE_RELATIVE = (
    "other",
    "not_source",
    "named_as_source",
    "chosen_type",
    "not_chosen_type",
    "chosen_object",
    "chosen_name",
    "chosen_color",
    "chosen_object",
    "attached_to_source",
)


def _source_blind(f: Filter) -> bool:
    return not (
        any(getattr(f, name) for name in _SOURCE_RELATIVE)
        or f.shares_creature_type_with_source
        or f.like_target is not None
        or f.controller in ("target_player", "enchanted_player", "chosen_player")
        or f.owner == "chosen_player"
    )


def _source_blind_action(action: object) -> bool:
    if isinstance(action, (SetPT, ModifyPT)):
        return all(
            expr is None or isinstance(expr, Const) for expr in (action.power, action.toughness)
        )
    if isinstance(action, ColorChange):
        return not action.chosen
    if isinstance(action, TypeChange):
        return not (action.set_chosen_type or action.add_chosen_type)
    # Granted abilities carry the granting effect's timestamp (613.7), copies and
    # control changes name their source: never shared.
    return False


def trial_signature(
    b: Effect, layer: str, state: Mapping[str, Characteristics], world: World
) -> tuple[object, ...] | None:
    """What applying B in this layer depends on, when that is not B's identity.

    Two copies of the same anthem under the same controller do exactly the same
    thing to every object, so one trial serves both (the dependency question of
    613.8a asks what applying B would change). ``None``: B's result depends on
    which object it comes from (its choices, "other", its timestamp...).
    """
    spec = b.spec
    if b.kind != "static" or spec.condition is not None or spec.subject.kind != "filter":
        return None
    if spec.subject.include_self or not all(_source_blind(f) for f in spec.subject.filters):
        return None
    if not all(_source_blind_action(part.action) for part in spec.parts_in(layer)):
        return None
    return (layer, spec, context_for(b, state, world).controller)


@dataclass
class _Trial:
    """B applied to a copy of the state: which objects it changed, and to what."""

    changed: frozenset[str]
    result: dict[str, Characteristics]


def _is_local(effect: Effect, started: dict[str, tuple[str, ...]]) -> bool:
    """Its footprint on an object depends only on that object (and its own source)."""
    locked = effect.eid in started or effect.kind != "static"
    return (
        effect.spec.condition is None
        and (
            locked
            or _per_object_subject(effect)
            or effect.spec.subject.kind in ("self", "attached")
        )
        and _local_payloads(effect)
    )


def _may_depend(
    a: Effect,
    b: Effect,
    layer: str,
    state: dict[str, Characteristics],
    world: World,
    started: dict[str, tuple[str, ...]],
) -> bool:
    """Could applying B change A at all? (If not, no trial is needed.)"""
    if a.eid == b.eid or a.cda != b.cda:
        return False  # 613.8a(c): CDA and non-CDA effects never depend on each other
    if "counters" in (a.kind, b.kind):
        return False  # 613.4c names "effects and counters": a counter is not an effect (613.8a)
    written = writes(b, layer)
    if written & reads(a):
        return True
    if "abilities" in written and a.kind == "static" and a.eid not in started:
        # B might remove (or change the text of) the ability that creates A.
        if b.spec.subject.kind != "filter" or b.eid in started or b.kind != "static":
            return True
        ctx = context_for(b, state, world)
        return a.source in state and any(
            matches(f, a.source, state, world, ctx) for f in b.spec.subject.filters
        )
    return False


class LayerDependencies:
    """The dependency graph of one layer, kept current as effects apply (613.8c).

    Re-evaluating every pair after each application is what the rule says; it
    is also cubic. An edge A->B can only change when the last application
    touched an object that B changes or that decides what B does, or when A
    does not decide object by object (counts, conditions); everything else is
    reused, and the answer is the same as recomputing from scratch.
    """

    def __init__(self, layer: str, world: World, started: dict[str, tuple[str, ...]]) -> None:
        self.layer = layer
        self.world = world
        self.started = started
        self.state: dict[str, Characteristics] = {}
        self.trials: dict[str, _Trial] = {}
        self.before: dict[str, Footprint] = {}
        # Footprints of local effects not yet brought up to date, with the objects
        # changed since they were taken (``_incremental`` catches up on demand).
        self.stale: dict[str, tuple[Footprint, frozenset[str]]] = {}
        self.pairs: dict[tuple[str, str], DependencyEdge | None] = {}
        # Trials of effects that do the same thing wherever they come from, by
        # signature, and the edges computed against each such trial: valid for
        # ``self.state`` only (cleared whenever it moves on).
        self.shared: dict[tuple[object, ...], _Trial] = {}
        self.shared_edges: dict[tuple[str, int], tuple[_Trial, Clause | None, Footprint]] = {}

    def _trial(self, b: Effect, state: dict[str, Characteristics]) -> _Trial:
        signature = (
            trial_signature(b, self.layer, state, self.world) if b.eid not in self.started else None
        )
        if signature is not None and state is self.state:
            found = self.shared.get(signature)
            if found is not None:
                return found
        trial_state, touched = apply_effect(b, self.layer, state, self.world, dict(self.started))
        changed = frozenset(x for x in touched if trial_state[x] != state[x])
        trial = _Trial(changed, {x: trial_state[x] for x in changed})
        if signature is not None and state is self.state:
            self.shared[signature] = trial
        return trial

    def _trial_may_change(
        self, b: Effect, old: _Trial, delta: set[str], state: dict[str, Characteristics]
    ) -> bool:
        if not _is_local(b, self.started) or b.source in delta:
            return True
        if old.changed & delta:
            return True
        if b.eid in self.started or b.kind != "static" or b.spec.subject.kind != "filter":
            return False
        ctx = context_for(b, state, self.world)
        return any(
            x in state
            and any(matches(f, x, state, self.world, ctx) for f in b.spec.subject.filters)
            for x in delta
        )

    def edges(
        self, pool: list[Effect], state: dict[str, Characteristics], delta: set[str] | None
    ) -> dict[str, list[DependencyEdge]]:
        """Edges among ``pool`` in ``state``; ``delta`` = objects changed since last call."""
        readers = pool
        old_state = self.state
        fresh = delta is None or not old_state
        recomputed_trials: set[str] = set()
        for b in pool:
            old = self.trials.get(b.eid)
            if fresh or old is None or self._trial_may_change(b, old, delta or set(), state):
                new = self._trial(b, state)
                if old is None or new.changed != old.changed or new.result != old.result:
                    recomputed_trials.add(b.eid)
                self.trials[b.eid] = new
        changed_before: set[str] = set()
        for a in readers:
            old_fp = self.before.get(a.eid)
            if fresh or old_fp is None:
                new_fp = footprint_of(a, self.layer, state, self.world, self.started)
            elif delta:
                new_fp = _incremental(
                    a, self.layer, old_fp, old_state, state, set(delta), self.world, self.started
                )
            else:
                new_fp = old_fp
            if old_fp is None or new_fp != old_fp:
                changed_before.add(a.eid)
            self.before[a.eid] = new_fp
        result: dict[str, list[DependencyEdge]] = {}
        for b in pool:
            trial = self.trials[b.eid]
            for a in readers:
                if not _may_depend(a, b, self.layer, state, self.world, self.started):
                    continue
                key = (a.eid, b.eid)
                reuse = (
                    not fresh
                    and key in self.pairs
                    and b.eid not in recomputed_trials
                    and a.eid not in changed_before
                    and _is_local(a, self.started)
                    and a.source not in (delta or set())
                    and not (trial.changed & (delta or set()))
                )
                if not reuse:
                    self.pairs[key] = self._edge(a, b, trial, state)
                edge = self.pairs[key]
                if edge is not None:
                    result.setdefault(a.eid, []).append(edge)
        self.state = state
        return result

    def advance(
        self, state: dict[str, Characteristics], delta: set[str], known: dict[str, Effect]
    ) -> None:
        """The state moved on by one application that changed ``delta`` (613.8c).

        Cached trials, footprints and edges survive only where the changed
        objects cannot have altered them.
        """
        old_state = self.state
        if not old_state:
            self.state = state
            self.shared, self.shared_edges, self.stale = {}, {}, {}
            return
        kept_trials: dict[str, _Trial] = {}
        for eid, trial in self.trials.items():
            effect = known.get(eid)
            if effect is not None and not self._trial_may_change(effect, trial, delta, state):
                kept_trials[eid] = trial
        # Edges that could survive this step need their reader's footprint now; every
        # other footprint is brought up to date only when a later question needs it.
        survivors = {
            a for (a, b) in self.pairs if b in kept_trials and not (kept_trials[b].changed & delta)
        }
        kept_before: dict[str, Footprint] = {}
        unchanged_before: set[str] = set()
        stale: dict[str, tuple[Footprint, frozenset[str]]] = {}
        for eid, fp, since in [(e, fp, frozenset()) for e, fp in self.before.items()] + [
            (e, fp, since) for e, (fp, since) in self.stale.items()
        ]:
            effect = known.get(eid)
            if effect is None or not _is_local(effect, self.started) or effect.source in delta:
                continue
            if eid in survivors and not since:
                new_fp = _incremental(
                    effect, self.layer, fp, old_state, state, delta, self.world, self.started
                )
                kept_before[eid] = new_fp
                if new_fp == fp:
                    unchanged_before.add(eid)
            else:
                stale[eid] = (fp, since | delta)
        self.stale = stale
        self.pairs = {
            (a, b): edge
            for (a, b), edge in self.pairs.items()
            if a in unchanged_before and b in kept_trials and not (kept_trials[b].changed & delta)
        }
        self.trials = kept_trials
        self.before = kept_before
        self.state = state
        self.shared, self.shared_edges = {}, {}
        for eid, trial in kept_trials.items():
            effect = known.get(eid)
            signature = (
                trial_signature(effect, self.layer, state, self.world)
                if effect is not None and eid not in self.started
                else None
            )
            if signature is not None:
                self.shared.setdefault(signature, trial)

    def dependencies_of(
        self, a: Effect, pool: list[Effect], state: dict[str, Characteristics]
    ) -> list[DependencyEdge]:
        """What A depends on among ``pool`` right now (the question 613.8b asks of A)."""
        relevant = [
            b for b in pool if _may_depend(a, b, self.layer, state, self.world, self.started)
        ]
        if not relevant:
            return []
        if self.state is not state:
            # Not advanced from the previous state: start afresh.
            self.state = state
            self.trials, self.before, self.pairs = {}, {}, {}
            self.shared, self.shared_edges, self.stale = {}, {}, {}
        if a.eid not in self.before:
            old = self.stale.pop(a.eid, None)
            self.before[a.eid] = (
                footprint_of(a, self.layer, state, self.world, self.started)
                if old is None
                else _incremental(
                    a, self.layer, old[0], state, state, set(old[1]), self.world, self.started
                )
            )
        found = []
        for b in relevant:
            key = (a.eid, b.eid)
            if key not in self.pairs:
                if b.eid not in self.trials:
                    self.trials[b.eid] = self._trial(b, state)
                self.pairs[key] = self._edge(a, b, self.trials[b.eid], state)
            edge = self.pairs[key]
            if edge is not None:
                found.append(edge)
        return found

    def _edge(
        self, a: Effect, b: Effect, trial: _Trial, state: dict[str, Characteristics]
    ) -> DependencyEdge | None:
        if not trial.changed:
            return None  # applying B changes nothing, so nothing can depend on it
        before = self.before[a.eid]
        memo_key = (a.eid, id(trial))
        memo = self.shared_edges.get(memo_key) if state is self.state else None
        if memo is not None and memo[0] is trial:
            _, clause, after = memo
        else:
            trial_state = Overlay(state, trial.result)
            after = _incremental(
                a,
                self.layer,
                before,
                state,
                trial_state,
                set(trial.changed),
                self.world,
                self.started,
            )
            clause = _compare(before, after)
            if state is self.state:
                self.shared_edges[memo_key] = (trial, clause, after)
        if clause is None:
            return None
        return _edge(a, b, clause, before, after, self.layer)


def dependency_edges(
    pool: list[Effect],
    layer: str,
    state: dict[str, Characteristics],
    world: World,
    started: dict[str, tuple[str, ...]],
) -> dict[str, list[DependencyEdge]]:
    """For each pending effect, the pending effects it depends on now (613.8a)."""
    return LayerDependencies(layer, world, started).edges(pool, state, None)
