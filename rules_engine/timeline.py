"""Replaying a board's steps into a ``Game`` (timestamps per CR 613.7).

Each step that creates an object or effect takes the next timestamp; a
resolving spell or ability fixes the set it affects and every value it
computes at that moment (CR 611.2c, 608.2h), which is why the layer system
is evaluated at each cast or activation.
"""

from __future__ import annotations

import re
from dataclasses import replace

from rules_engine.active import Effect, context_for, effect_payloads
from rules_engine.board import Board, Choices, Step
from rules_engine.cards import CardDef, starting_loyalty
from rules_engine.characteristics import Characteristics, own_copy_ability, printed_abilities
from rules_engine.effects import ChangeText, CopyOf, EffectSpec, OneShot
from rules_engine.errors import BoardError
from rules_engine.game import CopySnapshot, Game, GameObject, ResolvedEffect
from rules_engine.layers import compute
from rules_engine.oracle.parser import OracleParseError, ParsedAbility
from rules_engine.replacement.active import ActiveCant, ActiveReplacement
from rules_engine.replacement.grammar import parse_replacements
from rules_engine.replacement.specs import CantSpec
from rules_engine.selection import World, matches, select
from rules_engine.vocabulary import KEYWORDS


def new_game(board: Board) -> Game:
    """Players, life and the cards the board puts outside the battlefield."""
    hands = tuple(
        (player, zones["hand"])
        for player, zones in board.zones.items()
        if isinstance(zones.get("hand"), int)
    )
    game = Game(
        players=board.players, active=board.active, life=tuple(board.life.items()), hand_sizes=hands
    )
    for player, zones in board.zones.items():
        for zone, cards in zones.items():
            if isinstance(cards, int):
                continue
            for i, card in enumerate(cards):
                game = _add(
                    game, GameObject(f"{player}.{zone}[{i}]", card, player, player, zone, 0, 0)
                )
    return game


def _add(game: Game, obj: GameObject) -> Game:
    obj = replace(obj, order=game.next_order)
    return replace(game.with_object(obj), next_order=game.next_order + 1)


def _stamp(game: Game) -> tuple[Game, int]:
    return replace(game, next_timestamp=game.next_timestamp + 1), game.next_timestamp


def _abilities_or_error(card: CardDef, path: str) -> None:
    """Parse every ability now so a bad phrase is reported against the step."""
    try:
        printed_abilities(card.name, card.rules_text, card.is_spell_card)
    except OracleParseError as exc:
        index = next(
            (
                i
                for i, text in enumerate(card.rules_text)
                if exc.phrase in text or text in exc.phrase
            ),
            0,
        )
        field = "abilities" if card.inline else "oracle text"
        raise BoardError(
            f"{path}.{field}[{index}]" if card.inline else path, f"{field}: {exc}"
        ) from exc


def _require_on_battlefield(game: Game, label: str, path: str) -> GameObject:
    obj = game.object(label)
    if obj is None or obj.zone != "battlefield":
        where = (
            "is not an object" if obj is None else f"is in the {obj.zone}, not on the battlefield"
        )
        raise BoardError(path, f'"{label}" {where}')
    return obj


def _copy_snapshot(game: Game, label: str, copy: CopyOf, path: str) -> CopySnapshot:
    """CR 707.2: the copiable values (after layer 1 only) at the time the copy begins."""
    _require_on_battlefield(game, label, path)
    evaluation = compute(game, until="1b")
    return CopySnapshot(label, evaluation.chars[label], copy)


def _enter(game: Game, step: Step) -> Game:
    assert step.card is not None and step.label is not None
    card = step.card
    _abilities_or_error(card, f"{step.path}.enter")
    copy: CopySnapshot | None = None
    copy_ability = own_copy_ability(card)
    if step.choices.copy:
        if copy_ability is None:
            raise BoardError(
                f"{step.path}.choices.copy", f'{card.name} has no "enter as a copy" ability'
            )
        copy = _copy_snapshot(
            game, step.choices.copy[0], copy_ability, f"{step.path}.choices.copy[0]"
        )
        for n, label in enumerate(step.choices.copy[1:], start=1):
            # Entering as a copy of a Clone, it has the Clone's "enter as a copy" and may
            # copy again; the last copy effect wins, and an earlier one's additional effects
            # (Altered Ego's counters) don't happen (CR 707.9e).
            path = f"{step.path}.choices.copy[{n}]"
            again = next((a.parsed.copy for a in copy.values.abilities if a.parsed.copy), None)
            if again is None:
                raise BoardError(path, f'{copy.of} has no "enter as a copy" ability to copy with')
            copy = _copy_snapshot(game, label, again, path)
    if step.to is not None and step.to not in game.players:
        _require_on_battlefield(game, step.to, f"{step.path}.attach")
    game, timestamp = _stamp(game)
    counters = _entering_counters(card, step, copy)
    obj = GameObject(
        label=step.label,
        card=card,
        owner=step.owner or step.controller or game.players[0],
        controller=step.controller or game.players[0],
        zone="battlefield",
        timestamp=timestamp,
        order=0,
        counters=counters,
        counter_timestamps=tuple((kind, timestamp) for kind, _ in counters),
        tapped=step.tapped or bool(copy and copy.copy.enters_tapped),
        face_down=step.face_down,
        attached_to=step.to,
        choices=step.choices,
        x=step.x,
        copy=copy,
    )
    return _add(game, obj)


def _entering_counters(
    card: CardDef, step: Step, copy: CopySnapshot | None
) -> tuple[tuple[str, int], ...]:
    """The counters a permanent enters with: loyalty (CR 306.5b), and a copy's "except it
    enters with an additional counter" (Spark Double; CR 614.1c, not a copiable value)."""
    counts: dict[str, int] = {}
    if copy is None:
        loyalty = starting_loyalty(card.types, card.loyalty, step.x or 0)
    else:
        values = copy.values
        types = set(values.types) | copy.copy.except_types
        loyalty = starting_loyalty(types, values.loyalty, step.x or 0)
        for kind, n, needed in copy.copy.enters_with:
            if kind.endswith("#x"):  # "X additional counters": the X it was cast with
                kind, n = kind.removesuffix("#x"), step.x or 0
            if n and (not needed or needed in types):
                counts[kind] = counts.get(kind, 0) + n
    if step.face_down:
        loyalty = 0  # a face-down permanent is a 2/2 creature with no loyalty (708.2)
    if loyalty:
        counts["loyalty"] = loyalty + counts.get("loyalty", 0)
    return tuple(sorted(counts.items()))


def _pay_loyalty(game: Game, label: str, cost: str | None, path: str) -> Game:
    """CR 606.4: a loyalty ability's cost adds or removes loyalty counters."""
    match = re.fullmatch(r"([+\-−])?(\d+)", (cost or "").strip())
    if match is None:
        return game
    sign, amount = match.groups()
    change = -int(amount) if sign in ("-", "−") else int(amount)
    obj = game.object(label)
    assert obj is not None
    have = obj.counter_count("loyalty")
    if have + change < 0:
        raise BoardError(
            path, f"{label} has {have} loyalty, too little to pay {cost} (CR 606.4, 118.3)"
        )
    counts = dict(obj.counters)
    counts["loyalty"] = have + change
    stamps = dict(obj.counter_timestamps)
    stamps.setdefault("loyalty", obj.timestamp)
    return game.with_object(
        replace(obj, counters=tuple(counts.items()), counter_timestamps=tuple(stamps.items()))
    )


def _resolve(
    game: Game,
    step: Step,
    abilities: list[ParsedAbility],
    source: str,
    source_name: str,
    controller: str,
) -> Game:
    """A spell or ability resolves: its continuous effects begin now (CR 611.2)."""
    specs: list[EffectSpec] = [spec for ability in abilities for spec in ability.effects]
    needed = max(
        (spec.min_targets if spec.min_targets is not None else spec.targets_used for spec in specs),
        default=0,
    )
    if len(step.targets) < needed:
        raise BoardError(
            f"{step.path}.targets",
            f"{source_name} needs {needed} target{'s' if needed != 1 else ''}, "
            f"got {len(step.targets)}",
        )
    for i, target in enumerate(step.targets):
        if target not in game.players:
            _require_on_battlefield(game, target, f"{step.path}.targets[{i}]")
    game, timestamp = _stamp(game)
    evaluation = compute(game)
    state = evaluation.chars
    world = World.of(game)
    specs = _choose_instead(specs, step, source, controller, state, world)
    for spec in specs:
        for part in spec.parts:
            if isinstance(part.action, ChangeText):
                _check_text_change(part.action, step)
    resolved: list[ResolvedEffect] = []
    for n, spec in enumerate(specs):
        eid = step.label if len(specs) == 1 else f"{step.label}.{n}"
        copy = None
        if any(p.layer == "1a" for p in spec.parts):
            copy = _spell_copy(game, step, spec)
        stub = ResolvedEffect(
            eid,
            step.label or eid,
            spec,
            source,
            source_name,
            controller,
            timestamp,
            game.next_order,
            (),
            step.targets,
            step.choices,
            step.x,
            copy=copy,
        )
        effect = Effect(
            eid, "resolved", spec, source, source_name, timestamp, (), resolved=stub, copy=copy
        )
        ctx = context_for(effect, state, world)
        affected = tuple(
            label
            for label in select(spec.subject, state, world, ctx)
            if world.objects[label].on_battlefield and _legal_target(spec, label, state, world, ctx)
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
    shields, rules = _resolved_replacements(
        step, abilities, source, source_name, controller, timestamp, state, world
    )
    game = replace(
        game,
        resolved=game.resolved + tuple(resolved),
        shields=game.shields + shields,
        rules=game.rules + rules,
        next_order=game.next_order + 1,
    )
    for ability in abilities:
        for action in ability.actions:
            game = _one_shot(game, action, step, source, controller, state, world)
    return game


def _check_text_change(action: ChangeText, step: Step) -> None:
    """CR 612.2: the words must be of the kind the effect changes."""
    from rules_engine.vocabulary import BASIC_LAND_TYPES, COLOR_WORDS, CREATURE_TYPES

    kinds = {
        "color": set(COLOR_WORDS),
        "basic_land_type": {t.lower() for t in BASIC_LAND_TYPES},
        "creature_type": {t.lower() for t in CREATURE_TYPES},
    }
    allowed = set().union(*(kinds[k] for k in action.kinds))
    for key, word in (("from", step.choices.from_word), ("to", step.choices.to_word)):
        if not word:
            raise BoardError(
                f"{step.path}.choices.{key}", "name the word to replace (choices.from/to)"
            )
        if word.lower() not in allowed:
            what = " or ".join(k.replace("_", " ") for k in sorted(action.kinds))
            raise BoardError(f"{step.path}.choices.{key}", f'"{word}" is not a {what}')
    if "creature_type" in action.kinds and (step.choices.to_word or "").lower() == "wall":
        raise BoardError(f"{step.path}.choices.to", "the new creature type can't be Wall")


def _choose_instead(
    specs: list[EffectSpec],
    step: Step,
    source: str,
    controller: str,
    state: dict[str, Characteristics],
    world: World,
) -> list[EffectSpec]:
    """CR 614.15: "If this spell was kicked, ... instead" picks one of two effects on resolution."""
    chosen: list[EffectSpec] = []
    for spec in specs:
        if spec.instead_if is None:
            chosen.append(spec)
            continue
        if spec.instead_if == "kicked":
            applies = step.choices.kicked
        else:
            from rules_engine.selection import Context, condition_holds

            ctx = Context(source, controller, step.targets, step.choices, step.x, resolved=True)
            applies = condition_holds(spec.instead_if, state, world, ctx)
        if applies and chosen:
            chosen[-1] = replace(spec, instead_if=None)
    return chosen


def _one_shot(
    game: Game,
    action: OneShot,
    step: Step,
    source: str,
    controller: str,
    state: dict[str, Characteristics],
    world: World,
) -> Game:
    """Counters and tapping a resolving spell does; the layer system reads both (CR 613.4c)."""
    from rules_engine.selection import Context

    ctx = Context(source, controller, step.targets, step.choices, step.x, resolved=True)
    for label in select(action.subject, state, world, ctx):
        obj = game.object(label)
        if obj is None or not obj.on_battlefield:
            continue
        if action.kind == "counters":
            counts = dict(obj.counters)
            stamps = dict(obj.counter_timestamps)
            counts[action.counter_kind] = counts.get(action.counter_kind, 0) + action.n
            game, stamps[action.counter_kind] = _stamp(game)
            game = game.with_object(
                replace(
                    obj, counters=tuple(counts.items()), counter_timestamps=tuple(stamps.items())
                )
            )
        else:
            game = game.with_object(replace(obj, tapped=action.kind == "tap"))
    return game


def _resolved_replacements(
    step: Step,
    abilities: list[ParsedAbility],
    source: str,
    source_name: str,
    controller: str,
    timestamp: int,
    state: dict[str, Characteristics],
    world: World,
) -> tuple[tuple[ActiveReplacement, ...], tuple[ActiveCant, ...]]:
    """Shields and "can't" effects a resolving spell or ability creates (CR 615.4, 614.17)."""
    label = step.label or source
    shields: list[ActiveReplacement] = []
    rules: list[ActiveCant] = []
    # One text per ability: a later sentence may add to an earlier one ("If damage is
    # prevented this way, ...").
    texts = [" ".join((*ability.notes, *ability.rules)) for ability in abilities]
    try:
        specs = [spec for text in texts for spec in parse_replacements(text, source_name)]
    except OracleParseError as exc:
        raise BoardError(step.path, f"{source_name}: {exc}") from exc
    for n, spec in enumerate(specs):
        eid = label if len(specs) == 1 else f"{label}.r{n}"
        if isinstance(spec, CantSpec):
            rules.append(ActiveCant(eid, spec, label, controller))
            continue
        protected = [step.targets]
        if spec.extra == "shares_color" and step.targets:
            # CR 615.11: the set of creatures shielded is fixed as the effect begins.
            first = step.targets[0]
            colors = state[first].colors if first in state else frozenset()
            protected = [(first,)] + [
                (label_,)
                for label_, c in state.items()
                if label_ != first
                and "Creature" in c.types
                and c.colors & colors
                and world.objects[label_].on_battlefield
            ]
        for n_target, targets in enumerate(protected):
            shields.append(
                ActiveReplacement(
                    eid if len(protected) == 1 else f"{eid}.{n_target}",
                    spec,
                    label if step.verb == "cast" else source,
                    source_name,
                    controller,
                    timestamp,
                    targets=tuple(targets),
                    choices=step.choices,
                    resolved=True,
                    remaining=spec.amount if spec.shield == "amount" else None,
                    name=eid,
                )
            )
    return tuple(shields), tuple(rules)


def _legal_target(
    spec: EffectSpec, label: str, state: dict[str, Characteristics], world: World, ctx
) -> bool:  # type: ignore[no-untyped-def]
    """CR 608.2b: a target that is no longer legal is not affected."""
    if spec.subject.kind != "targets":
        return True
    return any(matches(f, label, state, world, ctx) for f in spec.subject.filters)


def _spell_copy(game: Game, step: Step, spec: EffectSpec) -> CopySnapshot:
    copy = next(p.action for p in spec.parts if isinstance(p.action, CopyOf))
    if copy.source == "target":
        slots = [t for t in step.targets if t not in game.players]
        if not slots:
            raise BoardError(f"{step.path}.targets", "name the creature to copy as a target")
        return _copy_snapshot(game, slots[-1], copy, f"{step.path}.targets")
    if not step.choices.copy:
        raise BoardError(f"{step.path}.choices.copy", "name the object to copy in choices.copy")
    return _copy_snapshot(game, step.choices.copy[0], copy, f"{step.path}.choices.copy[0]")


def _cast(game: Game, step: Step) -> Game:
    assert step.card is not None and step.label is not None and step.controller is not None
    card = step.card
    _abilities_or_error(card, f"{step.path}.cast")
    if not card.is_spell_card:
        raise BoardError(
            f"{step.path}.cast", f'{card.name} is a permanent card: use an "enter" step'
        )
    abilities = [inst.parsed for inst in printed_abilities(card.name, card.rules_text, True)]
    mode = step.choices.mode
    modal = [a for a in abilities if a.kind == "modal"]
    if modal:
        modes = [a for a in abilities if a not in modal and a.kind != "keyword"]
        if mode is None or mode >= len(modes):
            raise BoardError(
                f"{step.path}.choices.mode", f"choose a mode from 0 to {len(modes) - 1}"
            )
        abilities = [modes[mode]]
    game = _resolve(game, step, abilities, step.label, card.name, step.controller)
    # CR 608.2n: the resolved card goes to its owner's graveyard.
    spell = GameObject(step.label, card, step.controller, step.controller, "graveyard", 0, 0)
    if card.token:
        return game
    return _add(game, spell)


def _activate(game: Game, step: Step) -> Game:
    assert step.obj is not None
    obj = _require_on_battlefield(game, step.obj, f"{step.path}.activate")
    chars = compute(game).chars[step.obj]
    paragraphs = [
        a for a in chars.abilities if a.paragraph == step.ability and a.origin == "printed"
    ]
    granted = [a for a in chars.abilities if a.origin != "printed"]
    candidates = paragraphs or (
        [granted[step.ability - len(obj.card.rules_text)]]
        if 0 <= step.ability - len(obj.card.rules_text) < len(granted)
        else []
    )
    if not candidates or candidates[0].parsed.kind not in ("activated", "mana"):
        listing = "; ".join(
            f"{a.paragraph}: {a.text}"
            for a in chars.abilities
            if a.parsed.kind in ("activated", "mana")
        )
        raise BoardError(
            f"{step.path}.ability",
            f"{chars.name or step.obj} has no activated ability {step.ability} "
            f"(activated abilities: {listing or 'none'})",
        )
    choices = step.choices
    merged = replace(step, choices=_merge_choices(obj.choices, choices))
    if "Planeswalker" in chars.types:
        game = _pay_loyalty(game, step.obj, candidates[0].parsed.cost, f"{step.path}.ability")
    return _resolve(
        game,
        merged,
        [candidates[0].parsed],
        step.obj,
        chars.name or obj.card.name,
        chars.controller,
    )


def _merge_choices(base: Choices, extra: Choices) -> Choices:
    return Choices(
        color=extra.color or base.color,
        creature_type=extra.creature_type or base.creature_type,
        copy=extra.copy or base.copy,
        from_word=extra.from_word or base.from_word,
        to_word=extra.to_word or base.to_word,
        kicked=extra.kicked or base.kicked,
        mode=extra.mode if extra.mode is not None else base.mode,
        player=extra.player or base.player,
    )


def _counters(game: Game, step: Step) -> Game:
    assert step.obj is not None and step.kind is not None
    if step.obj in game.players:
        return game  # counters on players (poison) don't change characteristics
    obj = _require_on_battlefield(game, step.obj, f"{step.path}.on")
    counts = dict(obj.counters)
    stamps = dict(obj.counter_timestamps)
    current = counts.get(step.kind, 0)
    if current + step.n < 0:
        raise BoardError(
            f"{step.path}.n", f'"{step.obj}" has only {current} {step.kind} counter(s)'
        )
    counts[step.kind] = current + step.n
    if step.n > 0:
        # CR 613.7c: every counter of the kind takes the new counter's timestamp.
        game, stamps[step.kind] = _stamp(game)
    counts = {k: v for k, v in counts.items() if v}
    return game.with_object(
        replace(obj, counters=tuple(counts.items()), counter_timestamps=tuple(stamps.items()))
    )


def _keyword_counter(kind: str) -> bool:
    return kind.lower() in KEYWORDS


def apply_step(game: Game, step: Step) -> Game:
    """One step of the timeline (board format, "Steps")."""
    if step.verb == "enter":
        return _enter(game, step)
    if step.verb == "cast":
        return _cast(game, step)
    if step.verb == "activate":
        return _activate(game, step)
    if step.verb == "counters":
        return _counters(game, step)
    assert step.obj is not None
    if step.verb == "attach":
        obj = _require_on_battlefield(game, step.obj, f"{step.path}.attach")
        if step.to not in game.players:
            _require_on_battlefield(game, step.to or "", f"{step.path}.to")
        if obj.attached_to == step.to:
            return game  # CR 701.3b: attaching it where it already is does nothing
        game, timestamp = _stamp(game)  # CR 613.7e
        return game.with_object(replace(obj, attached_to=step.to, timestamp=timestamp))
    if step.verb == "damage":
        obj = _require_on_battlefield(game, step.obj, f"{step.path}.on")
        return game.with_object(replace(obj, damage=obj.damage + step.n))
    if step.verb == "leave":
        obj = _require_on_battlefield(game, step.obj, f"{step.path}.leave")
        zone = {"library_top": "library", "library_bottom": "library"}.get(
            step.to or "", step.to or "graveyard"
        )
        if obj.card.token:
            # CR 111.7: a token that leaves the battlefield ceases to exist.
            return replace(game, objects=tuple(o for o in game.objects if o.label != obj.label))
        return game.with_object(
            replace(
                obj,
                zone=zone,
                counters=(),
                counter_timestamps=(),
                damage=0,
                tapped=False,
                attached_to=None,
                face_down=False,
                phased_out=False,
                copy=None,
                controller=obj.owner,
            )
        )
    if step.verb == "end":
        label = step.obj
        remaining = tuple(r for r in game.resolved if label not in (r.label, r.eid))
        shields = tuple(s for s in game.shields if s.eid.split(".r")[0] != label)
        rules = tuple(r for r in game.rules if r.eid.split(".r")[0] != label)
        before = (len(game.resolved), len(game.shields), len(game.rules))
        if (len(remaining), len(shields), len(rules)) == before:
            raise BoardError(
                f"{step.path}.end", f'"{label}" is not a resolved effect that is still active'
            )
        return replace(game, resolved=remaining, shields=shields, rules=rules)
    if step.verb in ("turn_face_up", "turn_face_down"):
        obj = _require_on_battlefield(game, step.obj, f"{step.path}.{step.verb}")
        if obj.face_down == (step.verb == "turn_face_down"):
            return game  # CR 708.2b: already that way up, so nothing happens (no new timestamp)
        game, timestamp = _stamp(game)
        return game.with_object(
            replace(obj, face_down=step.verb == "turn_face_down", timestamp=timestamp)
        )
    if step.verb in ("phase_out", "phase_in"):
        obj = game.object(step.obj)
        if obj is None or obj.zone != "battlefield":
            raise BoardError(f"{step.path}.{step.verb}", f'"{step.obj}" is not on the battlefield')
        return game.with_object(replace(obj, phased_out=step.verb == "phase_out"))
    raise BoardError(step.path, f"unknown verb {step.verb}")


def replay(board: Board, upto: int | None = None) -> Game:
    """The game after the board's steps (or the first ``upto`` of them)."""
    game = new_game(board)
    for step in board.steps[:upto]:
        game = apply_step(game, step)
    return game
