"""The layer system (CR 613): every object's characteristics, one effect at a time.

For each layer in order (613.1-613.4), the effects that exist right now are
collected; characteristic-defining abilities go first (613.3, 613.4a); among
the rest, an effect that depends on another waits for it (613.8), otherwise
timestamp order decides (613.7). After each application the candidates and
their dependencies are worked out again (613.8c), so an effect whose source
lost its ability disappears unless it had already begun to apply (613.6).
Every application is recorded as a ``TraceStep`` for learners.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from threading import Lock
from typing import Any, Literal

from rules_engine.active import Effect, StateEffects, apply_effect
from rules_engine.characteristics import (
    COPIABLE_FIELDS,
    Characteristics,
    characteristics_json_of,
    initial_characteristics,
)
from rules_engine.dependency import DependencyEdge, LayerDependencies
from rules_engine.effects import LAYER_RULES, TypeChange
from rules_engine.game import Game
from rules_engine.misreadings import CORRECT_LAYERS, LayerMisreading
from rules_engine.oracle.digital import PERPETUAL_NOTE
from rules_engine.selection import World
from rules_engine.work import charge, tallied

# Which characteristics each layer writes (for the trace and for dependency pruning).
LAYER_FIELDS: dict[str, tuple[str, ...]] = {
    "1a": COPIABLE_FIELDS,
    "1b": COPIABLE_FIELDS,
    "2": ("controller",),
    "3": ("abilities",),
    "4": ("supertypes", "types", "subtypes", "abilities"),
    "5": ("colors",),
    "6": ("abilities",),
    "7a": ("power", "toughness"),
    "7b": ("power", "toughness"),
    "7c": ("power", "toughness"),
    "7d": ("power", "toughness"),
}


@dataclass(frozen=True, slots=True)
class Why:
    """Why an effect applied when it did."""

    kind: Literal["cda", "timestamp", "dependency", "depended_on", "loop", "rule"]
    on: tuple[str, ...] = ()
    detail: str = ""
    rule: str = "613.7"


@dataclass(frozen=True, slots=True)
class TraceStep:
    layer: str
    effect: str
    effect_text: str
    source: str
    source_name: str
    timestamp: int
    applies_to: tuple[str, ...]
    why: Why
    rule: str
    before: dict[str, dict[str, Any]]
    after: dict[str, dict[str, Any]]
    vanished: tuple[str, ...] = ()
    # What a learner should know about the effect beyond its layer's rule (an MTG Arena
    # perpetual effect, which no CR rule defines).
    note: str = ""


@dataclass(frozen=True, slots=True)
class DependencySnapshot:
    """The dependency graph among one layer's pending effects at one moment."""

    layer: str
    pending: tuple[str, ...]
    edges: tuple[DependencyEdge, ...]


@dataclass
class Evaluation:
    """The result of the layer system over one game."""

    chars: dict[str, Characteristics]
    copiable: dict[str, Characteristics] = field(default_factory=dict)
    trace: list[TraceStep] = field(default_factory=list)
    graphs: list[DependencySnapshot] = field(default_factory=list)
    effects: dict[str, Effect] = field(default_factory=dict)


# --- The layer loop -------------------------------------------------------------------


def _layer_rule(layer: str, effect: Effect) -> str:
    if effect.kind == "face_down":
        return "708.2"
    if effect.kind == "counters" and layer == "7c":
        return "613.4c"  # keyword counters (flying, ...) are layer 6: 613.1f below
    return LAYER_RULES[layer]


def _visible(chars: Characteristics, layer: str) -> dict[str, Any]:
    return characteristics_json_of(chars, LAYER_FIELDS[layer])


def _choose(
    pool: list[Effect],
    tracker: LayerDependencies | None,
    state: dict[str, Characteristics],
    waited: dict[str, set[str]],
    evaluation: Evaluation,
) -> tuple[Effect, Why]:
    """613.8b: the earliest effect that waits for nothing; loops fall back to timestamps.

    Dependencies are asked of each effect in timestamp order only until one is
    found that waits for nothing, so an effect nobody reads costs no trial.
    """
    skipped: dict[str, list[DependencyEdge]] = {}
    for candidate in pool:
        found = tracker.dependencies_of(candidate, pool, state) if tracker else []
        if found:
            skipped[candidate.eid] = found
            waited.setdefault(candidate.eid, set()).update(edge.on for edge in found)
            continue
        if skipped:
            evaluation.graphs.append(
                DependencySnapshot(
                    tracker.layer if tracker else "",
                    tuple(e.eid for e in pool),
                    tuple(edge for edges in skipped.values() for edge in edges),
                )
            )
        if candidate.cda:
            return candidate, Why(
                "cda", detail="characteristic-defining abilities apply first", rule="613.3"
            )
        if waited.get(candidate.eid):
            on = tuple(sorted(waited[candidate.eid]))
            return candidate, Why(
                "dependency", on, "it depends on these, so it waited until they applied", "613.8b"
            )
        dependents = tuple(
            eid for eid, edges in skipped.items() if any(e.on == candidate.eid for e in edges)
        )
        if dependents:
            return candidate, Why(
                "depended_on",
                dependents,
                "others depend on it, so it applies before them",
                "613.8b",
            )
        if skipped:
            return candidate, Why(
                "timestamp", tuple(skipped), "earlier effects are waiting for others", "613.7"
            )
        return candidate, Why(
            "timestamp",
            detail="earliest timestamp among effects that wait for nothing",
            rule="613.7",
        )
    assert tracker is not None
    edges = dict(skipped)
    evaluation.graphs.append(
        DependencySnapshot(
            tracker.layer, tuple(e.eid for e in pool), tuple(x for v in edges.values() for x in v)
        )
    )
    loop = _loop_members(pool, edges)
    chosen = min(loop, key=lambda e: e.sort_key)
    on = tuple(e.eid for e in loop if e is not chosen)
    return chosen, Why("loop", on, "dependency loop: these apply in timestamp order", "613.8b")


def _loop_members(pool: list[Effect], edges: dict[str, list[DependencyEdge]]) -> list[Effect]:
    """Effects in a dependency loop that waits on nothing outside itself."""
    graph = {e.eid: {edge.on for edge in edges.get(e.eid, [])} for e in pool}
    reach: dict[str, set[str]] = {}
    for start in graph:
        seen: set[str] = set()
        frontier = list(graph[start])
        while frontier:
            node = frontier.pop()
            if node in seen:
                continue
            seen.add(node)
            frontier.extend(graph.get(node, ()))
        reach[start] = seen
    cyclic = [e for e in pool if e.eid in reach[e.eid]]
    # Prefer a loop whose members depend only on each other.
    closed = [e for e in cyclic if reach[e.eid] <= {x for x in reach if e.eid in reach[x]}]
    return closed or cyclic or pool


def compute(
    game: Game,
    *,
    dependency: bool = True,
    graphs: bool = False,
    until: str | None = None,
    misreading: LayerMisreading = CORRECT_LAYERS,
) -> Evaluation:
    """Every object's characteristics through layers 1-7, with the trace.

    ``graphs`` also records each layer's whole dependency graph as it stands
    when the layer begins (for the stepper's panel and "depends" questions);
    the order of application never needs it. ``misreading`` runs the layers the
    way a named mistake would (``misreadings.py``); the default is the rules.
    """
    world = World.of(game)
    state: dict[str, Characteristics] = {
        obj.label: initial_characteristics(obj.card, obj.controller) for obj in game.objects
    }
    evaluation = Evaluation(state)
    started: dict[str, tuple[str, ...]] = {}
    dependency = dependency and misreading.dependency
    present: StateEffects | None = None  # the effects of ``state``, worked out once per state
    for group in misreading.groups:
        applied: set[tuple[str, str]] = set()
        waited: dict[str, set[str]] = {}
        single = group[0] if len(group) == 1 else None
        tracker = LayerDependencies(single, world, started) if dependency and single else None
        graphed: set[bool] = set()
        now: dict[str, list[Effect]] | None = None  # the group's effects after the last one
        while True:
            if present is None or present.state is not state:
                present = StateEffects(state, world)
            if now is None:
                now = present.in_layers(group, started, evaluation.effects)
            candidates = _pending(group, now, evaluation, applied)
            if not candidates:
                break
            if not misreading.oldest_first:
                candidates.reverse()  # the misreading: newest first
            effects = [effect for effect, _ in candidates]
            pool = [e for e in effects if e.cda] if misreading.cda_first else []
            pool = pool or effects
            if graphs and tracker is not None and len(pool) > 1 and pool[0].cda not in graphed:
                # The whole graph once per group, for the stepper's panel and "depends" questions.
                graphed.add(pool[0].cda)
                full = LayerDependencies(tracker.layer, world, started).edges(pool, state, None)
                if any(full.values()):
                    evaluation.graphs.append(
                        DependencySnapshot(
                            tracker.layer,
                            tuple(e.eid for e in pool),
                            tuple(x for v in full.values() for x in v),
                        )
                    )
            chosen, why = _choose(
                pool, tracker if len(pool) > 1 else None, state, waited, evaluation
            )
            if why.kind == "cda" and not misreading.cda_first:
                why = Why("timestamp", detail="earliest timestamp", rule="613.7")
            layer = next(layer for effect, layer in candidates if effect.eid == chosen.eid)
            before_state = state
            state, labels = apply_effect(
                chosen, layer, state, world, started, relock=not misreading.lock_resolved
            )
            if not misreading.keep_started:
                started.clear()  # the mistake: nothing remembers that it began (613.6)
            if tracker is not None:
                tracker.advance(
                    state, {x for x in labels if state[x] != before_state[x]}, evaluation.effects
                )
            applied.add((chosen.eid, layer))
            remaining = {e.eid for e, at in candidates if (e.eid, at) != (chosen.eid, layer)}
            present = StateEffects(state, world)
            # Asked again by the next round of this group (nothing changes in between).
            now = present.in_layers(group, started, evaluation.effects)
            vanished = tuple(sorted(remaining - {e.eid for es in now.values() for e in es}))
            evaluation.trace.append(
                TraceStep(
                    layer=layer,
                    effect=chosen.eid,
                    effect_text=chosen.spec.text,
                    source=chosen.source,
                    source_name=chosen.source_name,
                    timestamp=chosen.timestamp,
                    applies_to=labels,
                    why=why,
                    rule=_layer_rule(layer, chosen),
                    before={label: _visible(before_state[label], layer) for label in labels},
                    after={label: _visible(state[label], layer) for label in labels},
                    vanished=vanished,
                    note=_note(chosen),
                )
            )
        if "1b" in group:
            evaluation.copiable = dict(state)  # CR 613.2c: the copiable values (707.2)
        if until is not None and until in group:
            break
    evaluation.chars = state if until is not None else _without_noncreature_pt(state, world)
    return evaluation


def _note(effect: Effect) -> str:
    """What a learner should know about an effect beyond its layer's rule."""
    if effect.spec.perpetual:
        return PERPETUAL_NOTE
    if effect.spec.lingers and effect.kind == "resolved":
        return (
            f"{effect.source_name} has left the battlefield, and its effect continues until "
            "end of turn (its own text says so, against CR 611.3b) on the objects it affected "
            "as it left: no static ability is left to read its text again, so, as with an "
            "effect a resolved spell makes (CR 611.2c), that set no longer changes; the "
            "effect keeps its timestamp."
        )
    for part in effect.spec.parts:
        if isinstance(part.action, TypeChange) and part.action.creature_types_of is not None:
            return (
                f"{effect.source_name} takes these from {part.action.creature_types_of.words}, "
                "as that card is in exile now (CR 607.2a): its printed creature types, and "
                "its power and toughness with an ability of its own that defines them working "
                "there, but nothing that adds to them (CR 604.3)."
            )
    return ""


# Evaluations by the rules of the games last asked about (``rules_evaluation``).
_REMEMBERED: dict[Game, tuple[Evaluation, int]] = {}
REMEMBERED_GAMES = 1024
_REMEMBERED_LOCK = Lock()


def rules_evaluation(game: Game) -> Evaluation:
    """``compute(game)``, remembered by the game's value for the last games asked about.
    Shared: read it, never change it.

    A board is played out step by step and every step reads the layers; boards made from
    the same cards meet equal games again and again (the same first steps, a step that
    changes nothing). Safe because ``compute`` with the rules reads nothing but the game,
    a frozen value (equal games, equal evaluations), and pure caches. A remembered
    evaluation charges the work that computing it charged (``work.tallied``), so whether
    a board fits its work budget never depends on what was asked before.
    """
    try:
        with _REMEMBERED_LOCK:
            hit = _REMEMBERED.get(game)
    except TypeError:  # something in the game can't be hashed: compute it each time
        return compute(game)
    if hit is not None:
        charge(hit[1])
        return hit[0]
    with tallied() as tally:
        evaluation = compute(game)
    with _REMEMBERED_LOCK:
        if len(_REMEMBERED) >= REMEMBERED_GAMES:
            del _REMEMBERED[next(iter(_REMEMBERED))]  # the oldest first
        _REMEMBERED[game] = (evaluation, tally.units)
    return evaluation


def _without_noncreature_pt(
    state: dict[str, Characteristics], world: World
) -> dict[str, Characteristics]:
    """CR 208.3: a noncreature permanent has no power or toughness, even with printed ones
    (a Vehicle, or a creature made a land by Imprisoned in the Moon)."""
    return {
        label: replace(chars, power=None, toughness=None)
        if world.objects[label].on_battlefield
        and "Creature" not in chars.types
        and (chars.power is not None or chars.toughness is not None)
        else chars
        for label, chars in state.items()
    }


def _pending(
    group: tuple[str, ...],
    now: dict[str, list[Effect]],
    evaluation: Evaluation,
    applied: set[tuple[str, str]],
) -> list[tuple[Effect, str]]:
    """The effects still to apply in these layers (``now``: those that exist in them), in
    timestamp order (then layer order)."""
    found = [
        (effect, layer)
        for layer in group
        for effect in now[layer]
        if (effect.eid, layer) not in applied
    ]
    for effect, _ in found:
        evaluation.effects.setdefault(effect.eid, effect)
    if len(group) > 1:
        found.sort(key=lambda pair: (pair[0].sort_key, group.index(pair[1])))
    return found
