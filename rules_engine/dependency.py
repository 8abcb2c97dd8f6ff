"""Dependency (CR 613.8), computed by trial rather than looked up.

Effect A depends on effect B when both apply in the same layer or sublayer,
both or neither come from characteristic-defining abilities, and applying B
would change A's existence, its text, what it applies to, or what it does to
any of those things (613.8a). We answer that literally: take A's
*footprint* now, apply B to a copy of the state, take A's footprint again,
and compare. Any card, real or invented, is treated the same way.
"""

from __future__ import annotations

from dataclasses import dataclass
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
from rules_engine.characteristics import Characteristics
from rules_engine.effects import (
    AbilityChange,
    CardTypesAmong,
    Condition,
    CopyOf,
    CountAtLeast,
    CountObjects,
    ExchangeControl,
    Expr,
    Filter,
    ManaValueOfAffected,
    ModifyPT,
    Negate,
    ObjectMatches,
    SetController,
    SetPT,
    Subject,
    Sum,
    Times,
)
from rules_engine.selection import World, matches

Clause = Literal["existence", "text", "applies_to", "does"]

CLAUSE_WORDS: dict[Clause, str] = {
    "existence": "whether it exists",
    "text": "its text",
    "applies_to": "what it applies to",
    "does": "what it does",
}

# What applying an effect in each layer can change (the trial's write set).
LAYER_WRITES: dict[str, frozenset[str]] = {
    "1a": frozenset({"types", "colors", "abilities", "pt", "copiable", "controller"}),
    "1b": frozenset({"types", "colors", "abilities", "pt", "copiable"}),
    "2": frozenset({"controller"}),
    "3": frozenset({"abilities"}),
    "4": frozenset({"types", "abilities"}),
    "5": frozenset({"colors"}),
    "6": frozenset({"abilities"}),
    "7a": frozenset({"pt"}),
    "7b": frozenset({"pt"}),
    "7c": frozenset({"pt"}),
    "7d": frozenset({"pt"}),
}


@dataclass(frozen=True, slots=True)
class DependencyEdge:
    """``dependent`` depends on ``on`` (CR 613.8a), and the trial that showed it."""

    dependent: str
    on: str
    clause: Clause
    detail: str
    layer: str


@dataclass(frozen=True, slots=True)
class Footprint:
    exists: bool
    text: str
    applies_to: tuple[str, ...]
    does: tuple[tuple[tuple[int, str], Any], ...]


def refresh(effect: Effect, state: dict[str, Characteristics], world: World) -> Effect | None:
    """The same static effect as it reads in this state (its text may have changed)."""
    if effect.kind != "static":
        return effect
    for candidate in static_effects({effect.source: state[effect.source]}, world) if effect.source in state else ():
        if candidate.eid == effect.eid:
            return candidate
    return None


def footprint_of(effect: Effect, layer: str, state: dict[str, Characteristics], world: World,
                 started: dict[str, tuple[str, ...]]) -> Footprint:
    current = effect if effect.eid in started else refresh(effect, state, world)
    if current is None or not effect_exists(current, state, world, started):
        return Footprint(False, "", (), ())
    labels = affected_objects(current, state, world, started)
    values = effect_payloads(current, layer, labels, state, world)
    return Footprint(True, current.spec.text, labels, tuple(values.items()))


def _describe(clause: Clause, a: Effect, b: Effect, before: Footprint, after: Footprint) -> str:
    if clause == "existence":
        if before.exists and not after.exists:
            return f"applying {b.eid} first would remove the ability that creates {a.eid}"
        return f"applying {b.eid} first would make {a.eid} exist"
    if clause == "text":
        return f'applying {b.eid} first would change {a.eid}\'s text to "{after.text}"'
    if clause == "applies_to":
        gained = [x for x in after.applies_to if x not in before.applies_to]
        lost = [x for x in before.applies_to if x not in after.applies_to]
        pieces = []
        if gained:
            pieces.append("add " + ", ".join(gained))
        if lost:
            pieces.append("remove " + ", ".join(lost))
        return f"applying {b.eid} first would {' and '.join(pieces)} to the set {a.eid} applies to"
    changed = sorted({label for (_, label), v in after.does if dict(before.does).get((_, label)) != v})
    return f"applying {b.eid} first would change what {a.eid} does to {', '.join(changed) or 'its objects'}"


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
    if f.types or f.not_types or f.subtypes or f.not_subtypes or f.supertypes or f.not_supertypes:
        reads.add("types")
    if f.chosen_type or f.shares_creature_type_with_affected:
        reads.add("types")
    if f.colors or f.not_colors or f.colorless is not None or f.multicolored is not None or f.chosen_color:
        reads.add("colors")
    if f.controller is not None:
        reads.add("controller")
    if f.with_any_ability or f.without_abilities:
        reads.add("abilities")
    if f.power is not None or f.toughness is not None:
        reads.add("pt")
    if f.mana_value is not None or f.name is not None:
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
        return {"types"} | _subject_reads(expr.subject)
    if isinstance(expr, ManaValueOfAffected):
        return {"copiable"}
    if isinstance(expr, Sum):
        return _expr_reads(expr.left) | _expr_reads(expr.right)
    if isinstance(expr, (Times, Negate)):
        return _expr_reads(expr.expr)
    return set()


def _condition_reads(condition: Condition | None) -> set[str]:
    if isinstance(condition, CountAtLeast):
        return _subject_reads(condition.subject) | {"controller"}
    if isinstance(condition, ObjectMatches):
        return _filter_reads(condition.filter) | _subject_reads(condition.subject)
    return set()


def reads(effect: Effect) -> set[str]:
    """Kinds of characteristics whose change could change this effect's footprint."""
    spec = effect.spec
    result = _subject_reads(spec.subject) | _condition_reads(spec.condition)
    if effect.kind == "static":
        result |= {"abilities", "controller"}  # its existence and its "you"
    if spec.subject.kind == "attached":
        result.add("types")
    for part in spec.parts:
        action = part.action
        if isinstance(action, (SetPT, ModifyPT)):
            result |= _expr_reads(action.power) | _expr_reads(getattr(action, "toughness", None))
        elif isinstance(action, AbilityChange) and action.grant_from is not None:
            result |= {"abilities"} | _subject_reads(action.grant_from)
        elif isinstance(action, CopyOf):
            result |= {"copiable", "types", "colors", "abilities", "pt"}
        elif isinstance(action, (ExchangeControl, SetController)):
            result.add("controller")
    return result


def _local_expr(expr: Expr | None) -> bool:
    """Does this number depend only on the affected object (and fixed values)?"""
    if expr is None or isinstance(expr, (ManaValueOfAffected,)):
        return True
    if isinstance(expr, (CountObjects, CardTypesAmong)):
        return False
    if isinstance(expr, Sum):
        return _local_expr(expr.left) and _local_expr(expr.right)
    if isinstance(expr, (Times, Negate)):
        return _local_expr(expr.expr)
    return True  # constants, X, life totals


def _local_payloads(effect: Effect) -> bool:
    for part in effect.spec.parts:
        action = part.action
        if isinstance(action, (SetPT, ModifyPT)):
            if not (_local_expr(action.power) and _local_expr(action.toughness)):
                return False
        elif isinstance(action, AbilityChange) and action.grant_from is not None:
            return False
        elif isinstance(action, ExchangeControl):
            return False
    return True


def _per_object_subject(effect: Effect) -> bool:
    """Membership of each object depends only on that object (so changes are local)."""
    subject = effect.spec.subject
    if subject.kind != "filter":
        return False
    return not any(f.shares_creature_type_with_affected for f in subject.filters)


def _incremental(effect: Effect, layer: str, before: Footprint, state: dict[str, Characteristics],
                 trial: dict[str, Characteristics], changed: set[str], world: World,
                 started: dict[str, tuple[str, ...]]) -> Footprint:
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
            x for x in changed
            if x in trial and any(matches(f, x, trial, world, ctx) for f in effect.spec.subject.filters)
        }
        members = set(keep) | joined
        labels = tuple(x for x in trial if x in members)
    if not _local_payloads(effect):
        values = effect_payloads(effect, layer, labels, trial, world)
        return Footprint(True, before.text, labels, tuple(values.items()))
    old = dict(before.does)
    recompute = tuple(x for x in labels if x in changed or not any(k[1] == x for k in old))
    fresh = effect_payloads(effect, layer, recompute, trial, world) if recompute else {}
    values: dict[tuple[int, str], Any] = {}
    for index, part in enumerate(effect.spec.parts):
        if part.layer != layer:
            continue
        for x in labels:
            key = (index, x)
            values[key] = fresh[key] if key in fresh else old[key]
    return Footprint(True, before.text, labels, tuple(values.items()))


def dependency_edges(pool: list[Effect], layer: str, state: dict[str, Characteristics], world: World,
                     started: dict[str, tuple[str, ...]]) -> dict[str, list[DependencyEdge]]:
    """For each pending effect, the pending effects it depends on now (613.8a, 613.8c)."""
    writes = LAYER_WRITES[layer]
    readers = [a for a in pool if reads(a) & writes]
    edges: dict[str, list[DependencyEdge]] = {}
    if not readers:
        return edges
    before = {a.eid: footprint_of(a, layer, state, world, started) for a in readers}
    for b in pool:
        trial_state, touched = apply_effect(b, layer, state, world, dict(started))
        changed = {x for x in touched if trial_state[x] != state[x]}
        if not changed:
            continue  # applying B changes nothing, so nothing can depend on it
        for a in readers:
            if a.eid == b.eid or a.cda != b.cda:
                continue  # 613.8a(c): CDA and non-CDA effects never depend on each other
            after = _incremental(a, layer, before[a.eid], state, trial_state, changed, world, started)
            clause = _compare(before[a.eid], after)
            if clause is not None:
                edges.setdefault(a.eid, []).append(
                    DependencyEdge(a.eid, b.eid, clause, _describe(clause, a, b, before[a.eid], after), layer)
                )
    return edges
