"""Continuous effects as they exist at one moment of the layer system.

Collects the effects that exist now (static abilities where they function,
resolved spells and abilities, and the effects the rules themselves create:
copy-as-enters, face-down status, counters), and applies one effect's part in
one layer. The layer loop and the dependency trials both build on these.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from rules_engine.affected import Subject
from rules_engine.apply import apply_payload, copy_values, face_down, payload
from rules_engine.characteristics import Characteristics
from rules_engine.effects import (
    AbilityChange,
    AllOf,
    Condition,
    Const,
    CopyOf,
    EffectSpec,
    ModifyPT,
    Part,
    SourceStatus,
    TypeChange,
)
from rules_engine.game import CopySnapshot, GameObject, ResolvedEffect
from rules_engine.oracle.keyword_table import KEYWORD_COUNTERS
from rules_engine.selection import Context, State, World, condition_holds, select
from rules_engine.work import charge

EffectKind = Literal["static", "resolved", "copy", "face_down", "counters", "designation"]
SELF_SUBJECT = Subject("self", words="~")
_KEYWORD_COUNTER_NAMES = frozenset(k.info.name for k in KEYWORD_COUNTERS)


@dataclass(frozen=True, slots=True)
class Effect:
    """One continuous effect as the layer system sees it."""

    eid: str
    kind: EffectKind
    spec: EffectSpec
    source: str
    source_name: str
    timestamp: int
    # (timestamp, object order, granted timestamp, ability key or kind, sentence)
    sort_key: tuple[int | str, ...]
    cda: bool = False
    ability_key: str | None = None
    sentence: int = 0
    resolved: ResolvedEffect | None = None
    copy: CopySnapshot | None = None

    def parts_in(self, layer: str) -> tuple[Part, ...]:
        return self.spec.parts_in(layer)


# --- Collecting the effects that exist now ---------------------------------------


def _spec_for_instance(spec: EffectSpec, origin: str) -> tuple[EffectSpec, bool]:
    """CR 604.3a(2),(4),(5): a granted or conditional "CDA" is an ordinary effect (7b)."""
    if not spec.cda:
        return spec, False
    if origin == "printed" and spec.condition is None:
        return spec, True
    parts = tuple(Part("7b" if p.layer == "7a" else p.layer, p.action) for p in spec.parts)
    return replace(spec, parts=parts, cda=False), False


def static_effects(state: State, world: World) -> list[Effect]:
    """Effects of static abilities of objects where they function (CR 611.3, 604.3)."""
    effects: list[Effect] = []
    for label, chars in state.items():
        effects.extend(_object_static_effects(label, chars, world))
    return effects


_STATIC_CACHE: dict[
    tuple[int, int, str], tuple[Characteristics, GameObject, tuple[Effect, ...]]
] = {}


def _object_static_effects(label: str, chars: Characteristics, world: World) -> tuple[Effect, ...]:
    """One object's static effects; cached while its characteristics are the same value."""
    obj = world.objects[label]
    key = (id(chars), id(obj), label)
    hit = _STATIC_CACHE.get(key)
    if hit is not None and hit[0] is chars and hit[1] is obj:
        return hit[2]
    effects: list[Effect] = []
    on_battlefield = obj.on_battlefield
    for instance in chars.abilities:
        if instance.parsed.kind not in ("static", "keyword"):
            continue
        for n, raw_spec in enumerate(instance.parsed.effects):
            spec, cda = _spec_for_instance(raw_spec, instance.origin)
            if not on_battlefield and not cda and not works_from_graveyard(spec, obj.zone):
                continue  # only characteristic-defining abilities work in every zone
            timestamp = max(obj.timestamp, instance.granted_ts)
            effects.append(
                Effect(
                    eid=f"{label}#{instance.key}.{n}",
                    kind="static",
                    spec=spec,
                    source=label,
                    source_name=chars.name or obj.card.name,
                    timestamp=timestamp,
                    sort_key=(timestamp, obj.order, instance.granted_ts, instance.key, n),
                    cda=cda,
                    ability_key=instance.key,
                    sentence=n,
                    # CR 707.2: a static "is a copy of the chosen creature" copies the values
                    # fixed as its object entered (``GameObject.chosen_copy``).
                    copy=obj.chosen_copy if "1a" in spec.layers else None,
                )
            )
    result = tuple(effects)
    if len(_STATIC_CACHE) > 50_000:
        _STATIC_CACHE.clear()
    _STATIC_CACHE[key] = (chars, obj, result)
    return result


def works_from_graveyard(spec: EffectSpec, zone: str) -> bool:
    """CR 113.6b: "As long as ~ is in your graveyard, ..." works from there (Anger)."""

    def needs_graveyard(condition: Condition | None) -> bool:
        if isinstance(condition, SourceStatus):
            return condition.status == "in_graveyard"
        if isinstance(condition, AllOf):
            return any(needs_graveyard(c) for c in condition.conditions)
        return False

    return zone == "graveyard" and needs_graveyard(spec.condition)


def rule_effects(world: World) -> list[Effect]:
    """Copy-as-enters, face-down status and counters: effects the rules create."""
    found: list[Effect] | None = world.memo.get("rule_effects")
    if found is None:
        found = world.memo["rule_effects"] = _rule_effects(world)
    return found


def _form_words(form: CopyOf) -> str:
    """Primal Clay's chosen form, in the learner's words (CR 614.12, 707.2)."""
    pt = f"{form.except_pt[0]}/{form.except_pt[1]} " if form.except_pt else ""
    kinds = " ".join(
        [*sorted(form.except_subtypes), *(t.lower() for t in sorted(form.except_types))]
    )
    abilities = " and ".join(a.lower() for a in form.except_abilities)
    with_ = f" with {abilities}" if abilities else ""
    return (
        f"As it entered, it became a {pt}{kinds}{with_}, as chosen; that form is part of its "
        "copiable values (CR 614.12, 707.2)."
    )


def _rule_effects(world: World) -> list[Effect]:
    """Effects of how each permanent entered or exists: a copy (CR 707.2), what it entered
    as or with (614.1c), face down (708.2), and its counters (613.7c)."""
    effects: list[Effect] = []
    for obj in world.game.objects:
        if not obj.on_battlefield:
            continue
        effects += _entered_effects(obj)
        effects += _counter_effects(obj)
        effects += _ring_effects(obj, world)
        effects += _designation_effects(obj)
    return effects


def _ring_effects(obj: GameObject, world: World) -> list[Effect]:
    """CR 701.54c: the first ability of a player's emblem named The Ring, "Your Ring-bearer
    is legendary and can't be blocked by creatures with greater power": layer 4 from the
    emblem's timestamp (613.7a), while the creature is that player's Ring-bearer (it stops
    being one if another player gains control of it, 701.54a). The blocking part is a rule
    of combat, which a board doesn't play. Not modelled: a layer 2 control change that
    ends the designation (the object's own controller is checked)."""
    player = obj.ring_bearer
    if player is None or player != obj.controller or world.game.designations.tempted(player) < 1:
        return []
    since = dict(world.game.designations.ring_since).get(player, 0)
    spec = EffectSpec(
        text="The Ring: your Ring-bearer is legendary (CR 701.54c).",
        subject=SELF_SUBJECT,
        parts=(Part("4", TypeChange(add_supertypes=frozenset({"Legendary"}), retain=True)),),
    )
    return [
        Effect(
            f"{obj.label}:the-ring",
            "copy",
            spec,
            obj.label,
            "The Ring",
            since,
            (since, 0, 0, "the-ring", 0),
        )
    ]


# CR 701.60c: what a suspected creature has, for as long as it is suspected.
SUSPECTED_ABILITIES = ("Menace", "This creature can't block.")


def _designation_effects(obj: GameObject) -> list[Effect]:
    """CR 701.60c: a suspected creature has menace and "This creature can't block" for as
    long as it's suspected: a layer 6 effect of the designation, from the time it became
    suspected, which "loses all abilities" later in timestamp order removes (Gatherer ruling
    on suspect, 2024-02-02: it stays suspected all the same)."""
    if obj.suspected is None:
        return []
    spec = EffectSpec(
        text='Suspected: it has menace and "This creature can\'t block." (CR 701.60c)',
        subject=SELF_SUBJECT,
        parts=(Part("6", AbilityChange(grant=SUSPECTED_ABILITIES)),),
    )
    ts = obj.suspected
    return [
        Effect(
            f"{obj.label}:suspected",
            "designation",
            spec,
            obj.label,
            obj.card.name,
            ts,
            (ts, obj.order, 0, "suspected", 0),
        )
    ]


def _own_effect(
    obj: GameObject,
    name: str,
    kind: EffectKind,
    spec: EffectSpec,
    tag: str,
    copy: CopySnapshot | None = None,
) -> Effect:
    """An effect of the permanent itself, from its own timestamp."""
    return Effect(
        f"{obj.label}:{name}",
        kind,
        spec,
        obj.label,
        obj.card.name,
        obj.timestamp,
        (obj.timestamp, obj.order, 0, tag, 0),
        copy=copy,
    )


def _entered_effects(obj: GameObject) -> list[Effect]:
    effects: list[Effect] = []
    if obj.copy is not None:
        text = f"As it entered, it became a copy of {obj.copy.values.name or obj.copy.of}."
        if obj.copy.of == obj.label:
            text = _form_words(obj.copy.copy)
        elif obj.copy.copy.until_end_of_turn:
            # Cursed Mirror: a copy until end of turn (CR 514.2: such effects end in the
            # cleanup step, which no board reaches).
            text = (
                f"{text[:-1]}, until end of turn (it ends in the cleanup step, CR 514.2, "
                "which this board doesn't reach)."
            )
        spec = EffectSpec(
            text=text,
            subject=SELF_SUBJECT,
            parts=(Part("1a", obj.copy.copy),),
        )
        effects.append(_own_effect(obj, "copy", "copy", spec, "copy", obj.copy))
    if obj.extra_subtypes:
        # Entered "in addition to its other types" (Master Biomancer's Mutant): an effect
        # of the replacement that made it enter so, from its timestamp (CR 614.1c).
        words = " and ".join(obj.extra_subtypes)
        spec = EffectSpec(
            text=f"It entered as a {words} in addition to its other types.",
            subject=SELF_SUBJECT,
            parts=(Part("4", TypeChange(add_subtypes=frozenset(obj.extra_subtypes), retain=True)),),
        )
        effects.append(_own_effect(obj, "entered-as", "copy", spec, "entered"))
    if obj.extra_abilities:
        # Riot's haste: an effect of the replacement it entered under (CR 702.136a).
        spec = EffectSpec(
            text=f"It entered with {' and '.join(a.lower() for a in obj.extra_abilities)}.",
            subject=SELF_SUBJECT,
            parts=(Part("6", AbilityChange(grant=obj.extra_abilities)),),
        )
        effects.append(_own_effect(obj, "entered-with", "copy", spec, "entered-with"))
    if obj.face_down:
        ward = ("Ward {2}",) if obj.face_down_ward else ()
        # CR 708.2; a disguised or cloaked permanent also has ward {2} (702.168a, 701.58a).
        spec = EffectSpec(
            text=(
                "Face down, disguised or cloaked (CR 702.168a, 701.58a): a 2/2 creature with "
                "ward {2} and no name, other text, subtypes or mana cost."
                if obj.face_down_ward
                else "Face down: a 2/2 creature with no name, text, subtypes or mana cost."
            ),
            subject=SELF_SUBJECT,
            parts=(Part("1b", CopyOf(except_abilities=ward)),),
        )
        effects.append(_own_effect(obj, "face-down", "face_down", spec, "face"))
    return effects


def _counter_effects(obj: GameObject) -> list[Effect]:
    effects: list[Effect] = []
    timestamps = dict(obj.counter_timestamps)
    for kind, n in obj.counters:
        if kind.lower() in _KEYWORD_COUNTER_NAMES and n > 0:
            # CR 613.1f, 122.1b: a keyword counter grants its keyword in layer 6.
            ts = timestamps.get(kind, obj.timestamp)
            spec = EffectSpec(
                text=f"{kind} counter: it has {kind.lower()}",
                subject=SELF_SUBJECT,
                parts=(Part("6", AbilityChange(grant=(kind.capitalize(),))),),
            )
            effects.append(_counter_effect(obj, kind, spec, ts))
            continue
        pt = _counter_pt(kind)
        if pt is None or n == 0:
            continue
        spec = EffectSpec(
            text=f"{n} {kind} counter{'s' if n != 1 else ''}",
            subject=SELF_SUBJECT,
            parts=(Part("7c", ModifyPT(Const(pt[0] * n), Const(pt[1] * n))),),
        )
        effects.append(_counter_effect(obj, kind, spec, timestamps.get(kind, obj.timestamp)))
    return effects


def _counter_effect(obj: GameObject, kind: str, spec: EffectSpec, timestamp: int) -> Effect:
    """Counters act in layer 7c (and keyword counters in 6) at their own timestamp (613.7c)."""
    return Effect(
        f"{obj.label}:{kind}",
        "counters",
        spec,
        obj.label,
        obj.card.name,
        timestamp,
        (timestamp, obj.order, 0, kind, 0),
    )


def _counter_pt(kind: str) -> tuple[int, int] | None:
    """ "+1/+1" -> (1, 1); "-0/-2" -> (0, -2); other counters don't change P/T."""
    if "/" not in kind:
        return None
    try:
        p, t = kind.split("/")
        return int(p), int(t)
    except ValueError:
        return None


def resolved_effects(world: World) -> list[Effect]:
    """The effects of resolved spells and abilities (CR 611.2), made once per world: they
    come from the game alone, which never changes under a ``World``."""
    found: list[Effect] | None = world.memo.get("resolved_effects")
    if found is None:
        found = world.memo["resolved_effects"] = _resolved_effects(world)
    return found


def _resolved_effects(world: World) -> list[Effect]:
    return [
        Effect(
            r.eid,
            "resolved",
            r.spec,
            r.source,
            r.source_name,
            r.timestamp,
            (r.timestamp, r.order, 0, r.eid, 0),
            resolved=r,
            copy=r.copy,
        )
        for r in world.game.resolved
    ]


def context_for(effect: Effect, state: State, world: World) -> Context:
    """ "You" is the source's current controller for static abilities (CR 109.5)."""
    if effect.resolved is not None:
        r = effect.resolved
        return Context(r.source, r.controller, r.targets, r.choices, r.x, resolved=True)
    obj = world.objects[effect.source]
    controller = state[effect.source].controller if effect.source in state else obj.controller
    # "Enchanted creature gets +2/+2 for each other enchantment": other than this Aura.
    attached = effect.spec.subject.kind == "attached"
    return Context(effect.source, controller, (), obj.choices, obj.x, other_means_source=attached)


def effect_exists(
    effect: Effect,
    state: State,
    world: World,
    started: dict[str, tuple[str, ...]],
) -> bool:
    """Does this effect exist in this state? (613.6: a started effect keeps going.)"""
    if effect.eid in started or effect.kind != "static":
        return True
    chars = state.get(effect.source)
    if chars is None:
        return False
    for instance in chars.abilities:
        if instance.key == effect.ability_key and effect.sentence < len(instance.parsed.effects):
            spec, _ = _spec_for_instance(instance.parsed.effects[effect.sentence], instance.origin)
            if spec.text != effect.spec.text:
                return False
            return condition_holds(spec.condition, state, world, context_for(effect, state, world))
    return False


def current_effects(
    layer: str,
    state: State,
    world: World,
    started: dict[str, tuple[str, ...]],
    known: dict[str, Effect],
) -> list[Effect]:
    """The effects with a part in this layer that exist right now."""
    return current_effects_in((layer,), state, world, started, known)[layer]


def current_effects_in(
    layers: tuple[str, ...],
    state: State,
    world: World,
    started: dict[str, tuple[str, ...]],
    known: dict[str, Effect],
) -> dict[str, list[Effect]]:
    """``current_effects`` for several layers, reading the state's abilities once."""
    return StateEffects(state, world).in_layers(layers, started, known)


class StateEffects:
    """The effects that could exist in one state, and whether each does, worked out once.

    The layer loop asks which effects exist in each layer, again after every application,
    while its state stays the same dict: it makes a new dict for every application and
    never changes one in place. So it keeps one ``StateEffects`` per state (``state`` is
    compared by identity) and asks it every time. What is remembered depends only on that
    state and the world: the candidate effects (``static_effects`` reads the state's
    abilities, the others the game) and, per candidate, ``effect_exists`` with nothing
    started (its conditions read the state and the world). The started effects (613.6),
    which change between questions, are added at each question.
    """

    __slots__ = ("state", "world", "everything", "layers", "_exists")

    def __init__(self, state: State, world: World) -> None:
        self.state = state
        self.world = world
        self.everything = (
            static_effects(state, world) + rule_effects(world) + resolved_effects(world)
        )
        self.layers: frozenset[str] = frozenset().union(*(e.spec.layers for e in self.everything))
        self._exists: dict[int, bool] = {}

    def _exists_unstarted(self, index: int, effect: Effect) -> bool:
        hit = self._exists.get(index)
        if hit is None:
            hit = self._exists[index] = effect_exists(effect, self.state, self.world, {})
        return hit

    def in_layers(
        self, layers: tuple[str, ...], started: dict[str, tuple[str, ...]], known: dict[str, Effect]
    ) -> dict[str, list[Effect]]:
        """The effects with a part in each of ``layers`` that exist now, in timestamp order."""
        if self.layers.isdisjoint(layers) and all(
            known[eid].spec.layers.isdisjoint(layers) for eid in started
        ):
            return {layer: [] for layer in layers}  # nothing acts in these layers
        found: dict[str, dict[str, Effect]] = {layer: {} for layer in layers}
        exists: dict[str, bool] = {}
        for index, effect in enumerate(self.everything):
            mine = effect.spec.layers
            for layer in layers:
                if layer not in mine:
                    continue
                if effect.eid not in exists:
                    exists[effect.eid] = effect.eid in started or self._exists_unstarted(
                        index, effect
                    )
                if exists[effect.eid]:
                    found[layer][effect.eid] = effect
        for eid in started:
            effect = known[eid]
            for layer in layers:
                if eid not in found[layer] and layer in effect.spec.layers:
                    found[layer][eid] = effect
        return {
            layer: sorted(effects.values(), key=lambda e: e.sort_key)
            for layer, effects in found.items()
        }


# --- Applying one effect ------------------------------------------------------------


def affected_objects(
    effect: Effect,
    state: State,
    world: World,
    started: dict[str, tuple[str, ...]],
    *,
    relock: bool = False,
) -> tuple[str, ...]:
    """The set: locked if resolved (611.2c) or already started (613.6), else as the text says.

    ``relock`` is a misreading: a resolved spell's set is read again from its text.
    """
    if relock and effect.resolved is not None:
        labels = select(effect.spec.subject, state, world, context_for(effect, state, world))
    elif effect.eid in started:
        labels = started[effect.eid]
    elif effect.resolved is not None:
        labels = effect.resolved.affected
    else:
        labels = select(effect.spec.subject, state, world, context_for(effect, state, world))
    return tuple(label for label in labels if label in state and _present(label, world, effect))


def _present(label: str, world: World, effect: Effect) -> bool:
    obj = world.objects[label]
    if obj.on_battlefield:
        return True
    if effect.spec.perpetual and not obj.phased_out:
        # MTG Arena's perpetual effects (Alchemy, no CR rule) stay with the card in every
        # zone it moves to (perform.py keeps it among the affected).
        return True
    return (
        effect.kind == "static"
        and effect.cda
        and label == effect.source
        or (obj.zone != "battlefield" and _reaches_other_zones(effect))
    )


def _reaches_other_zones(effect: Effect) -> bool:
    return any(f.zone != "battlefield" for f in effect.spec.subject.filters)


def effect_payloads(
    effect: Effect,
    layer: str,
    labels: tuple[str, ...],
    state: State,
    world: World,
) -> dict[tuple[int, str], Any]:
    """What the effect does to each object, computed before any of it is applied."""
    ctx = context_for(effect, state, world)
    values: dict[tuple[int, str], Any] = {}
    for index, part in enumerate(effect.spec.parts):
        if part.layer != layer:
            continue
        for label in labels:
            locked = effect.resolved.locked_payload(index, label) if effect.resolved else None
            if locked is not None:
                values[(index, label)] = locked
            elif isinstance(part.action, CopyOf):
                values[(index, label)] = effect.copy
            else:
                values[(index, label)] = payload(part.action, label, state, world, ctx, effect.eid)
    return values


def apply_effect(
    effect: Effect,
    layer: str,
    state: State,
    world: World,
    started: dict[str, tuple[str, ...]],
    *,
    relock: bool = False,
) -> tuple[dict[str, Characteristics], tuple[str, ...]]:
    """A new state with this effect's parts in this layer applied; records 613.6 starts."""
    labels = affected_objects(effect, state, world, started, relock=relock)
    charge(1 + len(labels))
    values = effect_payloads(effect, layer, labels, state, world)
    new_state = dict(state)
    for (index, label), value in values.items():
        part = effect.spec.parts[index]
        chars = new_state[label]
        if effect.kind == "face_down":
            assert isinstance(part.action, CopyOf)
            chars = face_down(chars, part.action.except_abilities)
        elif isinstance(part.action, CopyOf):
            if value is not None:
                chars = copy_values(chars, value.values, value.copy)
        else:
            chars = apply_payload(part.action, value, chars, timestamp=effect.timestamp)
        new_state[label] = chars
    if effect.eid not in started:
        started[effect.eid] = labels
    return new_state, labels
