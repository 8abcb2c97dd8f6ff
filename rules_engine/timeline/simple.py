"""The steps that name one event or one change of status: counters, damage, a permanent
leaving, an Aura or Equipment attached, an effect ending, a permanent turned face up or
down, phasing. Each has a ``verify_…`` (what the board must name) and a perform."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rules_engine.errors import BoardError
from rules_engine.game import Game, GameObject
from rules_engine.perform import add_counters, chars_of, perform
from rules_engine.replacement.active import specs_of
from rules_engine.replacement.events import Damage, Event, PutCounters
from rules_engine.replacement.explore import Pending
from rules_engine.replacement.specs import EnterSpec, Mark
from rules_engine.selection import evaluate
from rules_engine.steps import (
    AttachStep,
    Choices,
    CountersStep,
    DamageStep,
    EndStep,
    FaceStep,
    LeaveStep,
    PhaseStep,
)
from rules_engine.timeline.common import phased, require_on_battlefield, stamp, zone_move
from rules_engine.timeline.entering import Entering
from rules_engine.world import Context, World


def _perform_step(game: Game, step: CountersStep | DamageStep | LeaveStep, event: Event) -> Game:
    """The one event a step names, through replacement and prevention (CR 614-616)."""
    return perform(
        game,
        [Pending(event)],
        enter=Entering(f"step{step.index}"),
        wanted=step.replacements,
        where=step.path,
        step=step.index,
    ).game


def verify_counters(game: Game, step: CountersStep) -> None:
    """On a player or a permanent, which has as many as the step removes."""
    if step.on not in game.players:
        obj = require_on_battlefield(game, step.on, f"{step.path}.on")
        current = obj.counter_count(step.kind)
        if current + step.n < 0:
            raise BoardError(
                f"{step.path}.n", f'"{step.on}" has only {current} {step.kind} counter(s)'
            )


def counters(game: Game, step: CountersStep) -> Game:
    verify_counters(game, step)
    if step.n <= 0:
        return add_counters(game, step.on, step.kind, step.n)  # removing isn't replaced
    # CR 122.6: counters put on by an effect; replacement effects (Hardened Scales) apply.
    event = PutCounters(step.kind, step.on, step.n, by=step.by)
    return _perform_step(game, step, event)


def verify_damage(game: Game, step: DamageStep) -> None:
    """Dealt to a player or a permanent, by an object in the game if it names one."""
    if step.on not in game.players:
        require_on_battlefield(game, step.on, f"{step.path}.on")
    if step.source is not None and game.object(step.source) is None:
        raise BoardError(f"{step.path}.from", f'"{step.source}" is not an object')


def damage(game: Game, step: DamageStep) -> Game:
    verify_damage(game, step)
    event = Damage(step.n, step.source or "", step.on, combat=step.combat)
    return _perform_step(game, step, event)


def verify_leave(game: Game, step: LeaveStep) -> None:
    require_on_battlefield(game, step.obj, f"{step.path}.leave")


def leave(game: Game, step: LeaveStep) -> Game:
    verify_leave(game, step)
    event = zone_move(game, step.obj, step.to)
    return _perform_step(game, step, event)


def verify_attach(game: Game, step: AttachStep) -> GameObject:
    """The permanent attached, to a player or a permanent on the battlefield."""
    obj = require_on_battlefield(game, step.obj, f"{step.path}.attach")
    if step.to == step.obj:
        # CR 301.5c, 303.4d: Equipment can't equip itself, an Aura can't enchant itself; no
        # permanent is attached to itself.
        raise BoardError(f"{step.path}.to", "a permanent can't be attached to itself")
    if step.to not in game.players:
        require_on_battlefield(game, step.to, f"{step.path}.to")
    return obj


def attach(game: Game, step: AttachStep) -> Game:
    obj = verify_attach(game, step)
    if obj.attached_to == step.to:
        return game  # CR 701.3b: attaching it where it already is does nothing
    game, timestamp = stamp(game)  # CR 613.7e
    return game.with_object(replace(obj, attached_to=step.to, host_left=None, timestamp=timestamp))


def verify_end(game: Game, step: EndStep) -> None:
    """A resolved effect that is still active."""
    label = step.effect
    if not (
        any(label in (r.label, r.eid) for r in game.resolved)
        or any(s.created_by == label for s in game.shields)
        or any(r.created_by == label for r in game.rules)
    ):
        raise BoardError(
            f"{step.path}.end", f'"{label}" is not a resolved effect that is still active'
        )


def end(game: Game, step: EndStep) -> Game:
    verify_end(game, step)
    label = step.effect
    remaining = tuple(r for r in game.resolved if label not in (r.label, r.eid))
    shields = tuple(s for s in game.shields if s.created_by != label)
    rules = tuple(r for r in game.rules if r.created_by != label)
    return replace(game, resolved=remaining, shields=shields, rules=rules)


def verify_face(game: Game, step: FaceStep) -> GameObject:
    verb = "turn_face_down" if step.face_down else "turn_face_up"
    obj = require_on_battlefield(game, step.obj, f"{step.path}.{verb}")
    if step.attach is not None and not obj.face_down:
        raise BoardError(
            f"{step.path}.attach", f'"{step.obj}" is already face up, so it isn\'t turned up now'
        )
    return obj


def face(game: Game, step: FaceStep) -> Game:
    obj = verify_face(game, step)
    if obj.face_down == step.face_down:
        return game  # CR 708.2b: already that way up, so nothing happens (no new timestamp)
    if not step.face_down and {"Instant", "Sorcery"} & set(obj.card.types):
        # CR 701.40g, 701.58g: a face-down instant or sorcery that would be turned face up is
        # revealed and stays face down (as the one-shot path does, timeline/faces.py).
        return game
    game, timestamp = stamp(game)
    # Turned face down by an effect, it is a plain face-down 2/2 (708.2): not disguised or
    # cloaked, so no ward {2} (702.168a, 701.58a); turned face up, it has its own text.
    changed = replace(obj, face_down=step.face_down, face_down_ward=False, timestamp=timestamp)
    game = game.with_object(changed)
    return game if step.face_down else _as_turned_face_up(game, step)


def _as_turned_face_up(game: Game, step: FaceStep) -> Game:
    """CR 614.1e: "As ~ enters or is turned face up, put X +1/+1 counters on it, where X is
    ..." (Crowd-Control Warden): the counters are put on it as it is turned face up, the
    count made then, through the counter replacements (Hardened Scales, 122.6)."""
    chars = chars_of(game).get(step.obj)
    if chars is None:
        return game
    specs = [spec for _, spec in specs_of(chars)]
    if step.attach is not None:
        game = _attached_as_turned_face_up(game, step, specs)
    events: list[Event] = []
    for spec in specs:
        if not isinstance(spec, EnterSpec) or Mark.TURNED_FACE_UP not in spec.marks:
            continue
        obj = game.object(step.obj)
        ctx = Context(step.obj, chars.controller, choices=obj.choices if obj else Choices())
        n = spec.amount or 0
        if spec.count is not None:
            n = max(0, evaluate(spec.count, chars_of(game), World.of(game), ctx, None))
        if n > 0:
            events.append(PutCounters(spec.counter_kind or "+1/+1", step.obj, n))
    if not events:
        return game
    return perform(
        game,
        [Pending(e) for e in events],
        enter=Entering(f"step{step.index}"),
        where=step.path,
        step=step.index,
    ).game


def _attached_as_turned_face_up(game: Game, step: FaceStep, specs: Sequence[object]) -> Game:
    """CR 614.1e, 701.3a: "As this Aura is turned face up, you may attach it to a creature"
    (Gift of Doom): attached to the creature the step names (a new timestamp, 613.7e)."""
    path = f"{step.path}.attach"
    if not any(isinstance(s, EnterSpec) and Mark.FACE_UP_ATTACH in s.marks for s in specs):
        raise BoardError(path, 'it has no "As ~ is turned face up, you may attach it" ability')
    host = step.attach or ""
    require_on_battlefield(game, host, path)
    state = chars_of(game)
    if host == step.obj or "Creature" not in state[host].types:
        raise BoardError(path, f'"{host}" is not a creature it can be attached to')
    obj = game.object(step.obj)
    assert obj is not None
    game, timestamp = stamp(game)
    return game.with_object(replace(obj, attached_to=host, host_left=None, timestamp=timestamp))


def verify_phase(game: Game, step: PhaseStep) -> GameObject:
    obj = game.object(step.obj)
    verb = "phase_out" if step.phased_out else "phase_in"
    if obj is None or obj.zone != "battlefield":
        raise BoardError(f"{step.path}.{verb}", f'"{step.obj}" is not on the battlefield')
    host = game.object(obj.attached_to) if obj.attached_to else None
    if not step.phased_out and obj.phased_out and host is not None and host.phased_out:
        # CR 702.26g: phased out indirectly, it phases in only along with its host.
        raise BoardError(
            f"{step.path}.{verb}",
            f'"{step.obj}" phased out with "{host.label}", the permanent it is attached to, '
            "and phases in only along with it (it phased out indirectly)",
        )
    return obj


def phase(game: Game, step: PhaseStep) -> Game:
    """CR 702.26g: Auras, Equipment and Fortifications attached to a permanent that phases
    out phase out with it ("indirectly") and phase in along with it; phasing is no zone
    change (702.26b: treated as though it doesn't exist), so they stay attached."""
    return phased(game, verify_phase(game, step), phased_out=step.phased_out)
