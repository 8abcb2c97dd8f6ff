"""Replaying a board's steps as one game (timestamps per CR 613.7).

Each step that creates an object or effect takes the next timestamp; a
resolving spell or ability fixes the set it affects and every value it
computes at that moment (CR 611.2c, 608.2h). Every step that performs an
event (a permanent entering, counters, damage, a card leaving, a spell's
one-shot text) goes through the replacement and prevention effects in play
(``perform.py``, CR 614-616), and state-based actions are performed after
each step (CR 704.3), their moves going through replacements too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from rules_engine import card_actions, paragraphs
from rules_engine.active import Effect, context_for, effect_payloads
from rules_engine.board import Board
from rules_engine.bounds import check_events
from rules_engine.cards import CardDef, starting_loyalty
from rules_engine.characteristics import (
    Characteristics,
    initial_characteristics,
    own_copy_ability,
    printed_abilities,
)
from rules_engine.effects import (
    ChangeText,
    Condition,
    CopyOf,
    EffectSpec,
    Filter,
    OneShot,
    Subject,
    TurnTotal,
    TypeChange,
)
from rules_engine.errors import BoardError
from rules_engine.game import CopySnapshot, Game, GameObject, NotModelled, ResolvedEffect
from rules_engine.gaps import (
    UNAPPLIED_CONTINUOUS,
    UNPERFORMED,
    board_gaps,
    resolution_gaps,
    unreadable_replacement,
)
from rules_engine.layers import compute
from rules_engine.oracle.keywords import Keyword, parse_keyword
from rules_engine.oracle.parser import OracleParseError, ParsedAbility, parse_trigger_effect
from rules_engine.perform import add_counters, chars_of, note_unmodelled, perform
from rules_engine.replacement.active import ActiveCant, ActiveReplacement
from rules_engine.replacement.choosing import verify_entering_choices
from rules_engine.replacement.events import (
    CreateTokens,
    Damage,
    Destroy,
    Draw,
    Enter,
    Event,
    GainLife,
    LoseGame,
    LoseLife,
    PutCounters,
    ZoneMove,
)
from rules_engine.replacement.explore import Pending
from rules_engine.replacement.grammar import parse_replacements
from rules_engine.replacement.specs import CantSpec, ReplacementSpec, Spec
from rules_engine.sba import StateBasedAction, state_based_actions
from rules_engine.selection import (
    Context,
    World,
    condition_holds,
    count,
    evaluate,
    matches,
    select,
)
from rules_engine.steps import (
    ActivateStep,
    AttachStep,
    CastRecord,
    CastStep,
    Choices,
    CountersStep,
    DamageStep,
    EndStep,
    EnterStep,
    FaceStep,
    LeaveStep,
    PhaseStep,
    Step,
)
from rules_engine.targeting import target_problem
from rules_engine.tokens import token_card
from rules_engine.work import WorkExceeded, metered

# CR 704.3: state-based actions are checked again until none happen; a board whose
# actions keep producing more is refused rather than looped on.
MAX_SBA_ROUNDS = 20
# About two and a half seconds of work on a small machine at most (bench/engine.py measures replay
# time); the fifty-changeling party board, the largest worked example, needs ~46,000.
WORK_BUDGET = 60_000
# The same bound on the work the layer system actually does while the steps are played
# out (rules_engine/work.py): about a second on a small machine; the largest worked
# example (fifty changelings at a party) needs about 5,400.
LAYER_WORK_BUDGET = 20_000
TOO_BIG = (
    "this board is too big to play out step by step (every step is checked through the "
    "layers, CR 613, and state-based actions, CR 704.3): use fewer permanents, effects or steps"
)


def new_game(board: Board) -> Game:
    """Players, life and the cards the board puts outside the battlefield."""
    hands = tuple(
        (player, hand)
        for player, zones in board.zones.items()
        if isinstance(hand := zones.get("hand"), int)
    )
    libraries: list[tuple[str, int | None]] = []
    for player in board.players:
        library = board.zones.get(player, {}).get("library")
        # A number: that many unknown cards; a list: exactly those cards; absent: unknown.
        libraries.append(
            (player, library if isinstance(library, int) else None if library is None else 0)
        )
    game = Game(
        players=board.players,
        active=board.active,
        life=tuple(board.life.items()),
        hand_sizes=hands,
        library_sizes=tuple(libraries),
        this_turn=board.this_turn,
        blessed=board.city_blessing,
        starting_life=tuple(board.starting_life.items()),
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


# --- A permanent enters (CR 614.12: checked as it would exist) -------------------------


def _chained_copy(game: Game, step: EnterStep) -> CopySnapshot | None:
    """The copy a Clone ends up as: "enter as a copy of a Clone" copies again, the last copy
    effect wins, and an earlier one's additional effects (Altered Ego's counters) don't
    happen (CR 707.9e)."""
    own = own_copy_ability(step.card)
    if not step.choices.copy:
        return None
    if own is None:
        raise BoardError(
            f"{step.path}.choices.copy", f'{step.card.name} has no "enter as a copy" ability'
        )
    copy = _copy_snapshot(game, step.choices.copy[0], own, f"{step.path}.choices.copy[0]")
    for n, label in enumerate(step.choices.copy[1:], start=1):
        path = f"{step.path}.choices.copy[{n}]"
        again = next((a.parsed.copy for a in copy.values.abilities if a.parsed.copy), None)
        if again is None:
            raise BoardError(path, f'{copy.of} has no "enter as a copy" ability to copy with')
        copy = _copy_snapshot(game, label, again, path)
    return copy


def _chained_counters(step: EnterStep, copy: CopySnapshot) -> tuple[tuple[str, int], ...]:
    """What a chained copy enters with: its loyalty (306.5b) and the last copy's extra
    counters (Spark Double, 614.1c)."""
    counts: dict[str, int] = {}
    types = set(copy.values.types) | copy.copy.except_types
    for kind, n, needed in copy.copy.enters_with:
        if kind.endswith("#x"):
            kind, n = kind.removesuffix("#x"), step.x or 0
        if n and (not needed or needed in types):
            counts[kind] = counts.get(kind, 0) + n
    loyalty = starting_loyalty(types, copy.values.loyalty, step.x or 0)
    if loyalty and not step.face_down:
        counts["loyalty"] = loyalty + counts.get("loyalty", 0)
    return tuple(sorted(counts.items()))


class _Entering:
    """Turns the ``Enter`` events that happen into objects: the step's own permanent, and
    tokens, labelled ``<step label>.token<k>`` in the order they are created."""

    def __init__(self, step_label: str, step: EnterStep | None = None) -> None:
        self.step_label = step_label
        self.step = step
        self.tokens = 0
        self.entered: list[str] = []

    def __call__(self, game: Game, event: Enter) -> Game:
        step = self.step
        own = step is not None and event.obj == step.label
        returning = game.object(event.obj)
        if own and step is not None:
            label, owner = step.label, step.owner
        elif returning is not None and not returning.on_battlefield:
            # A card from a graveyard: the same label, a new object (CR 400.7).
            label, owner = returning.label, returning.owner
        else:
            self.tokens += 1
            label, owner = f"{self.step_label}.token{self.tokens}", event.controller
        copy = self._copy(game, event, step if own else None)
        if isinstance(event.form, CopyOf):
            copy = _with_form(copy, event, label)
        counters = event.counters
        if own and step is not None and copy is not None and len(step.choices.copy) > 1:
            counters = _chained_counters(step, copy)
        game, timestamp = _stamp(game)
        obj = GameObject(
            label=label,
            card=event.card,
            owner=owner,
            controller=event.controller,
            zone="battlefield",
            timestamp=timestamp,
            order=0,
            counters=tuple((k, n) for k, n in counters if n > 0),
            counter_timestamps=tuple((k, timestamp) for k, n in counters if n > 0),
            tapped=event.tapped,
            face_down=bool(step and own and step.face_down),
            # CR 903.3: the designation belongs to the card, so it keeps it from zone to zone.
            commander=bool(step and own and step.commander)
            or bool(returning and not own and not returning.on_battlefield and returning.commander),
            renowned=bool(step and own and step.renowned),
            attached_to=step.attach if own and step is not None else None,
            choices=event.choices if isinstance(event.choices, Choices) else Choices(),
            x=step.x if own and step is not None else None,
            copy=copy,
            extra_subtypes=event.extra_types,
            extra_abilities=event.extra_abilities,
        )
        self.entered.append(label)
        game = _add(game, obj)
        if copy is not None and copy.of != label and event.form is None:
            game = _copied_form_unchosen(game, label, copy)
        return game

    @staticmethod
    def _copy(game: Game, event: Enter, step: EnterStep | None) -> CopySnapshot | None:
        if event.copy_of is None:
            return None
        own = step is not None and step.choices.copy and event.copy_of == step.choices.copy[0]
        if own and step is not None and event.copy is not None:
            return _chained_copy(game, step)
        obj = game.object(event.copy_of)
        if obj is None or obj.zone == "stack":
            return None
        # Copied by another effect (Essence of the Wild, a copy token): the copiable values
        # only (707.2), with the exceptions the effect makes (707.9).
        copy = event.copy if isinstance(event.copy, CopyOf) else CopyOf()
        return CopySnapshot(event.copy_of, compute(game, until="1b").chars[event.copy_of], copy)


def _copied_form_unchosen(game: Game, label: str, copy: CopySnapshot) -> Game:
    """A copy of Primal Clay has its "As ~ enters, it becomes your choice of ..." as it
    enters (614.12), a new choice the board can't make for it yet: named, not guessed."""
    texts = [
        a.source_text for a in copy.values.abilities if "becomes your choice of" in a.source_text
    ]
    if not texts:
        return game
    gap = NotModelled(
        label,
        texts[0],
        "a copy of this permanent makes its own choice of form as it enters (CR 614.12, 707.2), "
        "which the engine doesn't ask for yet, so it keeps the form it copied",
    )
    return replace(game, not_modelled=(*game.not_modelled, gap))


def _with_form(copy: CopySnapshot | None, event: Enter, label: str) -> CopySnapshot:
    """Primal Clay's chosen form (CR 614.12, 707.2, 208.2b): a change of its copiable
    values, on top of what it copies if it entered as a copy (707.9b)."""
    form = event.form
    assert isinstance(form, CopyOf)
    if copy is None:
        return CopySnapshot(label, initial_characteristics(event.card, event.controller), form)
    merged = replace(
        copy.copy,
        except_types=copy.copy.except_types | form.except_types,
        except_subtypes=copy.copy.except_subtypes | form.except_subtypes,
        except_pt=form.except_pt,
        except_abilities=copy.copy.except_abilities + form.except_abilities,
    )
    return replace(copy, copy=merged)


_SACRIFICE_AS_ENTERS = re.compile(
    r"As (?:(?!As ).)+? enters, sacrifice any number of (creatures|permanents)\."
)


def _verify_devour(game: Game, step: EnterStep) -> None:
    """CR 702.82a, 702.82c: only a permanent with devour sacrifices as it enters, and only
    other creatures (or [quality] permanents) its controller controls."""
    path = f"{step.path}.choices.devour"
    found = [
        k
        for a in printed_abilities(step.card.name, step.card.rules_text, step.card.is_spell_card)
        if a.parsed.kind == "keyword"
        and (k := parse_keyword(a.parsed.text)) is not None
        and k.keyword is Keyword.DEVOUR
    ]
    sacrifices = [
        found_any[1]
        for text in step.card.rules_text
        if (found_any := _SACRIFICE_AS_ENTERS.search(text))
    ]
    quality: str | None
    if sacrifices and not step.face_down:
        # Dracoplasm, Shimatsu: "As ~ enters, sacrifice any number of ..." (614.1c).
        path = f"{step.path}.choices.sacrifice_as_enters"
        quality = None if sacrifices[0] == "permanents" else "creature"
    elif not found or step.face_down:
        raise BoardError(path, f"{step.card.name} has no devour ability (CR 702.82a)")
    else:
        # "Devour artifact 1" (702.82c) has a quality; Thromok's "Devour X, where X is ..."
        # has no number, and its words after the name are no quality.
        quality = found[0].quality if found[0].amount is not None else None
    state = chars_of(game)
    for i, label in enumerate(step.choices.devour):
        where = f"{path}[{i}]"
        _require_on_battlefield(game, label, where)
        chars = state[label]
        wanted = quality.capitalize() if quality else "Creature"
        if sacrifices and sacrifices[0] == "permanents":
            wanted = "Permanent"  # every object on the battlefield is a permanent (110.1)
        kinds = (*chars.types, *chars.subtypes, "Permanent")
        if label == step.label or wanted not in kinds:
            raise BoardError(where, f'"{label}" is not another {wanted.lower()} (CR 702.82a)')
        if chars.controller != step.controller:
            raise BoardError(where, f'"{label}" is not controlled by {step.controller}')


def _enter(game: Game, step: EnterStep) -> Game:
    card = step.card
    _abilities_or_error(card, f"{step.path}.enter")
    if not step.face_down:
        # CR 614.12: "As ~ enters, choose ..." is answered by the step (its choices).
        replacing = [
            a.parsed.text
            for a in printed_abilities(card.name, card.rules_text, card.is_spell_card)
            if a.parsed.kind == "replacement"
        ]
        verify_entering_choices(card.name, replacing, step.choices, step.controller, step.path)
    if step.attach is not None and step.attach not in game.players:
        _require_on_battlefield(game, step.attach, f"{step.path}.attach")
    if step.choices.devour:
        _verify_devour(game, step)
    loyalty = 0 if step.face_down else starting_loyalty(card.types, card.loyalty, step.x or 0)
    event = Enter(
        step.label,
        card,
        step.controller,
        tapped=step.tapped,
        counters=(("loyalty", loyalty),) if loyalty else (),
        token=card.token,
        choices=step.choices,
        x=step.x or 0,
        face_down=step.face_down,
    )
    copy = _chained_copy(game, step)
    if copy is not None:
        # Its own "enter as a copy" (CR 614.1c, 707.9) is how it enters: taken as chosen
        # before other replacements look at it, as the card reads it (616.1c puts copy
        # effects first).
        event = replace(
            event,
            copy_of=step.choices.copy[0],
            copy=own_copy_ability(card),
            counters=_chained_counters(step, copy),
            tapped=step.tapped or copy.copy.enters_tapped,
        )
    hook = _Entering(step.label, step)
    return perform(
        game,
        [Pending(event)],
        enter=hook,
        wanted=step.replacements,
        where=step.path,
        step=step.index,
    ).game


# --- A spell or ability resolves (CR 608.2) --------------------------------------------


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


@dataclass(frozen=True, slots=True)
class _Resolution:
    """Who and what is resolving: a spell (its own label) or a permanent's ability."""

    label: str
    source: str
    source_name: str
    controller: str
    targets: tuple[str, ...]
    choices: Choices
    x: int | None
    path: str
    index: int
    replacements: tuple[str, ...] | None
    is_spell: bool
    # The targets still legal as it began to resolve (CR 608.2b), once that is known: its
    # later parts act on them even if an earlier part made one stop matching (Crash
    # Landing's "loses flying" doesn't save the creature from its damage).
    legal_targets: frozenset[str] | None = None

    def holds(
        self,
        condition: Condition | Literal["kicked"],
        state: dict[str, Characteristics],
        world: World,
    ) -> bool:
        """A resolving spell's "if ..." (608.2c), or "if it was kicked" (702.33d)."""
        if condition == "kicked":
            return bool(self.choices.kicked)
        return condition_holds(condition, state, world, self.context())

    def context(self) -> Context:
        """What its words read as it resolves (CR 608.2): source, controller, targets."""
        return Context(
            self.source, self.controller, self.targets, self.choices, self.x, resolved=True
        )


def _resolve(game: Game, res: _Resolution, abilities: list[ParsedAbility]) -> Game:
    """A spell or ability resolves: its continuous effects begin now (CR 611.2), then its
    one-shot parts happen in the order written (608.2c), each through replacements."""
    # CR 601.2c: the targets of a text's paragraphs are chosen in the order of the text.
    places, unplaced = paragraphs.offsets(abilities)
    abilities = [paragraphs.shifted(a, k) for a, k in zip(abilities, places, strict=True)]
    specs: list[EffectSpec] = [spec for ability in abilities for spec in ability.effects]
    specs, orphans = _earlier_subjects(specs, res)
    game = note_unmodelled(game, orphans)
    needed = max(
        (spec.min_targets if spec.min_targets is not None else spec.targets_used for spec in specs),
        default=0,
    )
    if len(res.targets) < needed:
        raise BoardError(
            f"{res.path}.targets",
            f"{res.source_name} needs {needed} target{'s' if needed != 1 else ''}, "
            f"got {len(res.targets)}",
        )
    _verify_type_choice(specs, abilities, res)
    # A card in a graveyard is a target where the text says so ("target creature card from
    # your graveyard", CR 115.1); every other target is a permanent or a player.
    elsewhere = {
        f.zone
        for ability in abilities
        for action in ability.actions
        if action.subject is not None and action.subject.kind == "targets"
        for f in action.subject.filters
    } - {"battlefield"}
    for i, target in enumerate(res.targets):
        obj = game.object(target)
        if target not in game.players and not (obj is not None and obj.zone in elsewhere):
            _require_on_battlefield(game, target, f"{res.path}.targets[{i}]")
    game, timestamp = _stamp(game)
    if res.is_spell and any(a.keyword == "ascend" for a in abilities):
        game = ascend(game, spell_of=res.controller)  # CR 702.131b, before its text
    evaluation = compute(game)
    state = evaluation.chars
    world = World.of(game)
    _check_targetable(abilities, res, state, world)
    res = replace(res, legal_targets=_legal_targets(abilities, res, state, world))
    specs = _choose_instead(specs, res, state, world)
    for spec in specs:
        for part in spec.parts:
            if isinstance(part.action, ChangeText):
                _check_text_change(part.action, res)
    # "That token has haste": its set of objects is the tokens this resolution creates, so
    # it begins once they exist (same timestamp, CR 611.2c).
    numbered = list(enumerate(specs))
    later = [(n, spec) for n, spec in numbered if spec.subject.kind == "created"]
    # "You gain 1 life. Target creature gets -X/-X ..., where X is the amount of life you
    # gained this turn" (Nightmare's Thirst): its X is fixed once the life is gained
    # (608.2c: in the order written; 608.2h).
    # (When the text's order is known, that is the order below; this is the fallback.)
    place = _Places(abilities, res.source_name, specs)
    recorded = [
        (n, spec)
        for n, spec in numbered
        if _reads_turn_record(spec) and (n, spec) not in later and not place.known
    ]
    now = [
        (n, spec) for n, spec in numbered if (n, spec) not in later and (n, spec) not in recorded
    ]
    # "It gains indestructible." after "Put target creature card from a graveyard onto the
    # battlefield": the effect is on the permanent the card becomes, so it begins once it
    # has entered (CR 400.7: the effect that moved it can find it; 611.2c).
    returning = [(n, spec) for n, spec in numbered if _from_graveyard(spec.subject)]
    cards = {n: _selected(spec.subject, state, world, res) for n, spec in returning}
    now = [(n, spec) for n, spec in now if n not in cards]
    # CR 608.2c: the text is followed in order, so an effect written after a one-shot part
    # begins after it ("Bolster X. Each creature you control with a +1/+1 counter on it gains
    # trample ...": its set of objects is fixed then, 611.2c).
    deferred = [(n, spec) for n, spec in now if place.after_an_action(n, spec.text)]
    now = [item for item in now if item not in deferred]
    resolved = _begin(game, res, now, len(specs), timestamp, state, world)
    shields, rules, unread = _resolved_replacements(res, abilities, timestamp, state, world)
    game = replace(
        game,
        resolved=game.resolved + tuple(resolved),
        shields=game.shields + shields,
        rules=game.rules + rules,
        next_order=game.next_order + 1,
    )
    hook = _Entering(res.label)
    who = res.label if res.is_spell else res.source
    gaps = resolution_gaps(who, abilities, spell=res.is_spell)
    gaps += _paragraph_targets(who, unplaced)
    game = note_unmodelled(game, [*gaps, *unread])
    # CR 608.2h: an amount read from an object that has left by the time it's needed is
    # its last known information, as it was before this resolution's parts began.
    known = _powers(game, abilities, res)
    done = False  # whether the part before changed the game ("If you do, ...", 608.2c)
    tally: int | None = None  # what the part before counted ("that much", "destroyed this way")
    # The parts in the order written (608.2c); k is a part's place among them.
    parts = [(ability, action) for ability in abilities for action in ability.actions]
    for k, (ability, action) in enumerate(parts):
        if action.if_done and not done:
            continue
        done = False
        if _missing_target(action, res):
            continue  # the step names no target for it: the board didn't choose one
        if action.amount_of == "colors_spent":
            action = replace(action, n=res.choices.colors_spent)  # converge (702.44a)
        elif action.amount_of in ("that_much", "destroyed_this_way"):
            if tally is None:
                # Nothing the engine performed just before counted what "that much" is.
                game = note_unmodelled(game, [NotModelled(who, action.text, UNPERFORMED)])
                continue
            action = replace(action, n=action.n * tally if action.n else tally)
        elif action.amount_of:
            current = _powers(game, [ability], res)
            action = replace(action, n=current.get(action.text, known.get(action.text, 0)))
        if action.per is not None:
            action = replace(action, n=action.n * _how_many(game, action.per, res))
        if action.only_if is not None and not _holds_now(game, action.only_if, res):
            continue  # CR 608.2c: "If ..., <do this>" and it doesn't hold
        ready = [item for item in deferred if place.before(item[0], k)]
        deferred = [item for item in deferred if item not in ready]
        game = _begin_later(game, res, ready, len(specs), timestamp)
        before = game
        counting = _tally_before(game, action, res)
        game = _perform_action(game, action, res, hook)
        done = game is not before
        tally = _tally_after(game, action, counting)
    game = _begin_later(game, res, deferred, len(specs), timestamp)
    if recorded:
        state = compute(game).chars
        world = World.of(game)
        after = _begin(game, res, recorded, len(specs), timestamp, state, world)
        game = replace(game, resolved=game.resolved + tuple(after))
    if later:
        created = tuple(
            label for label in hook.entered if (o := game.object(label)) and o.card.token
        )
        state = compute(game).chars
        world = World.of(game)
        tokens = _begin(game, res, later, len(specs), timestamp, state, world, created)
        game = replace(game, resolved=game.resolved + tuple(tokens))
    for n, spec in returning:
        entered = tuple(
            label
            for label in cards[n]
            if label in hook.entered and (o := game.object(label)) and o.on_battlefield
        )
        state = compute(game).chars
        world = World.of(game)
        begun = _begin(game, res, [(n, spec)], len(specs), timestamp, state, world, entered)
        game = replace(game, resolved=game.resolved + tuple(b for b in begun if b.affected))
    return game


def _earlier_subjects(
    specs: list[EffectSpec], res: _Resolution
) -> tuple[list[EffectSpec], list[NotModelled]]:
    """ "Creatures you control get +1/+1 until end of turn. / Fateful hour — If you have 5 or
    less life, those creatures gain indestructible" (Break of Day): "those creatures" are
    the ones the effect before it applies to (CR 608.2c); with no effect before it to name
    them, the sentence is named as not modelled."""
    out: list[EffectSpec] = []
    orphans: list[NotModelled] = []
    for spec in specs:
        if spec.subject.kind == "earlier":
            if not out:
                why = f'{UNAPPLIED_CONTINUOUS}: cannot tell what "{spec.subject.words}" refers to'
                orphans.append(NotModelled(res.label, spec.text, why))
                continue
            spec = replace(spec, subject=out[-1].subject)
        out.append(spec)
    return out, orphans


def _verify_type_choice(
    specs: list[EffectSpec], abilities: list[ParsedAbility], res: _Resolution
) -> None:
    """CR 608.2d: a text that chooses a creature type as it resolves ("Creatures of the
    creature type of your choice get +0/+4", "Choose a creature type other than Wall. Each
    creature becomes that type", "Destroy all creatures of the creature type of your
    choice") needs the step to say which (a basic land type: "Each land you control becomes
    that type")."""
    actions = [a for ability in abilities for a in ability.actions]
    if not (_uses(tuple(specs), _chooses_type) or _uses(tuple(actions), _chooses_type)):
        return
    where = f"{res.path}.choices.creature_type"
    chosen = res.choices.creature_type
    text = " ".join(a.text for a in abilities)
    if not chosen:
        land = "basic land type" in text.lower()
        what, example = (
            ("a basic land type", '"land_type": "Island"')
            if land
            else (
                "a creature type",
                '"creature_type": "Elf"',
            )
        )
        raise BoardError(
            where,
            f"as {res.source_name} resolves, its controller chooses {what} (CR 608.2d); the"
            f" board must say which: add {example} to the step's choices",
        )
    if (m := _OTHER_THAN.search(text)) and m["type"].lower() == chosen.lower():
        raise BoardError(where, f"{res.source_name} asks for a creature type other than {chosen}")


_OTHER_THAN = re.compile(r"choose a creature type other than (?P<type>\w+)", re.IGNORECASE)


def _chooses_type(value: object) -> bool:
    if isinstance(value, Filter):
        return value.chosen_type
    if isinstance(value, TypeChange):
        return value.set_chosen_type or value.add_chosen_type
    return False


def _uses(value: object, found: Callable[[object], bool]) -> bool:
    """Whether ``found`` holds for ``value`` or any value inside it."""
    if found(value):
        return True
    if isinstance(value, tuple):
        return any(_uses(v, found) for v in value)
    if hasattr(value, "__dataclass_fields__"):
        return any(_uses(getattr(value, f), found) for f in value.__dataclass_fields__)
    return False


def _reads_turn_record(spec: EffectSpec) -> bool:
    """Whether an effect's values add up the turn's record (``TurnTotal``), which the
    resolution's own one-shot parts before it may change."""

    def walk(value: object) -> bool:
        if isinstance(value, TurnTotal):
            return True
        if isinstance(value, tuple):
            return any(walk(v) for v in value)
        if hasattr(value, "__dataclass_fields__"):
            return any(walk(getattr(value, f)) for f in value.__dataclass_fields__)
        return False

    return walk(spec.parts)


def _paragraph_targets(who: str, unplaced: list[ParsedAbility]) -> list[NotModelled]:
    """CR 601.2c: a paragraph whose targets can't be placed after the earlier paragraphs'
    is named, not guessed."""
    why = (
        "its paragraphs each choose targets (CR 601.2c), and the engine can't tell which of "
        "the step's targets belongs to this one"
    )
    return [NotModelled(who, a.text, why) for a in unplaced]


def _tally_before(game: Game, action: OneShot, res: _Resolution) -> tuple[str, ...] | int:
    """What a part is about to act on, for a later "that much" / "... destroyed this way":
    the counters a player is about to lose, or the creatures about to be destroyed."""
    if action.kind == "player_counters" and action.every:
        return sum(
            game.counters_of_player(p).get(action.counter_kind, 0)
            for p in _players(action, res, game)
        )
    if action.kind == "destroy" and action.subject is not None:
        state = chars_of(game)
        world = World.of(game)
        ctx = res.context()
        found = _acted_on(action.subject, state, world, ctx, "battlefield", res.legal_targets)
        return tuple(x for x in found if "Creature" in state[x].types)
    return ()


def _tally_after(game: Game, action: OneShot, counting: tuple[str, ...] | int) -> int | None:
    if isinstance(counting, int):
        return counting
    if action.kind != "destroy":
        return None
    # CR 701.8: destroyed ones have left; regenerated or indestructible ones have not.
    return sum(1 for x in counting if (o := game.object(x)) is None or not o.on_battlefield)


class _Places:
    """Where each sentence of a resolving text is, to follow the text in order (608.2c);
    when a sentence can't be found, nothing is reordered (effects begin first). The k-th
    part written with the same words as earlier ones is their k-th occurrence ("Create a
    1/1 ... token. Creatures you control get +1/+1 ... Create a 1/1 ... token.")."""

    def __init__(
        self, abilities: list[ParsedAbility], name: str, effects: list[EffectSpec]
    ) -> None:
        names = [n for n in (name, *name.split(" // ")) if n]
        texts = []
        for ability in abilities:
            text = ability.text
            for n in names:
                text = text.replace(n, "~")
            texts.append(text.lower())
        self.texts = texts
        self.actions = self._placed([a.text for ability in abilities for a in ability.actions])
        self.effects = self._placed([spec.text for spec in effects])
        self.known = all(p is not None for p in self.actions)
        self.first = min((p for p in self.actions if p is not None), default=None)

    def _placed(self, sentences: list[str]) -> list[tuple[int, int] | None]:
        seen: dict[str, int] = {}
        placed = []
        for sentence in sentences:
            found = self._all(sentence)
            k = seen.get(sentence, 0)
            # Two parts of one sentence share its words and its place; a sentence written
            # twice is at its first place, then its second.
            placed.append(found[min(k, len(found) - 1)] if found else None)
            seen[sentence] = k + 1 if len(found) > k + 1 else k
        return placed

    def _all(self, sentence: str) -> list[tuple[int, int]]:
        wanted = sentence.lower()
        found = []
        for i, text in enumerate(self.texts):
            at = text.find(wanted)
            while at >= 0:
                found.append((i, at))
                at = text.find(wanted, at + 1)
        return found

    def after_an_action(self, n: int, sentence: str) -> bool:
        """Is effect ``n`` written after the first one-shot part?"""
        if re.search(r"\bbefore (?:it|they) fights?\b", sentence, re.IGNORECASE):
            return False  # Savage Punch: "... gets +2/+2 until end of turn before it fights"
        where = self.effects[n] if n < len(self.effects) else None
        return self.known and where is not None and self.first is not None and where > self.first

    def before(self, n: int, k: int) -> bool:
        """Is (deferred) effect ``n`` written before one-shot part ``k``?"""
        here = self.effects[n] if n < len(self.effects) else None
        there = self.actions[k] if k < len(self.actions) else None
        return here is not None and there is not None and here < there


def _begin_later(
    game: Game, res: _Resolution, specs: list[tuple[int, EffectSpec]], count: int, timestamp: int
) -> Game:
    """Effects written after a one-shot part begin once it has happened (608.2c, 611.2c)."""
    if not specs:
        return game
    state = compute(game).chars
    world = World.of(game)
    begun = _begin(game, res, specs, count, timestamp, state, world)
    return replace(game, resolved=game.resolved + tuple(begun))


def _from_graveyard(subject: Subject) -> bool:
    """Words naming cards in a graveyard or a hand (the ones a part puts onto the
    battlefield)."""
    return bool(subject.filters) and all(f.zone in ("graveyard", "hand") for f in subject.filters)


def _selected(
    subject: Subject, state: dict[str, Characteristics], world: World, res: _Resolution
) -> tuple[str, ...]:
    return tuple(select(subject, state, world, res.context()))


def _begin(
    game: Game,
    res: _Resolution,
    specs: list[tuple[int, EffectSpec]],
    count: int,
    timestamp: int,
    state: dict[str, Characteristics],
    world: World,
    created: tuple[str, ...] = (),
) -> list[ResolvedEffect]:
    """The continuous effects of a resolution as they begin: each one's set of affected
    objects and the values it computed, fixed now (CR 611.2c, 608.2h)."""
    resolved: list[ResolvedEffect] = []
    for n, spec in specs:
        eid = res.label if count == 1 else f"{res.label}.{n}"
        copy = None
        if any(p.layer == "1a" for p in spec.parts):
            copy = _spell_copy(game, res, spec)
        stub = ResolvedEffect(
            eid,
            res.label,
            spec,
            res.source,
            res.source_name,
            res.controller,
            timestamp,
            game.next_order,
            (),
            res.targets,
            res.choices,
            res.x,
            copy=copy,
        )
        effect = Effect(
            eid,
            "resolved",
            spec,
            res.source,
            res.source_name,
            timestamp,
            (),
            resolved=stub,
            copy=copy,
        )
        ctx = context_for(effect, state, world)
        affected = created or tuple(
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
    return resolved


def _powers(game: Game, abilities: list[ParsedAbility], res: _Resolution) -> dict[str, int]:
    """For parts whose amount is an object's power (or toughness), that value now, where it
    is on the battlefield (keyed by the part's text)."""
    state = chars_of(game)
    world = World.of(game)
    ctx = res.context()
    found: dict[str, int] = {}
    for ability in abilities:
        for action in ability.actions:
            if action.amount_of not in _STATS or action.subject is None:
                continue
            for label in select(action.subject, state, world, ctx):
                power = _STATS[action.amount_of](state[label])
                if world.objects[label].on_battlefield and power is not None:
                    found[action.text] = max(power, 0)
    return found


_STATS: dict[str, Callable[[Characteristics], int | None]] = {
    "power": lambda c: c.power,
    "toughness": lambda c: c.toughness,
    "mana value": lambda c: c.mana_value,
}


def _holds_now(game: Game, condition: Condition | Literal["kicked"], res: _Resolution) -> bool:
    return res.holds(condition, chars_of(game), World.of(game))


def _how_many(game: Game, subject: Subject, res: _Resolution) -> int:
    """ "for each creature you control": how many there are as the part happens (608.2h)."""
    ctx = res.context()
    return count(subject, chars_of(game), World.of(game), ctx, res.source)


def _missing_target(action: OneShot, res: _Resolution) -> bool:
    """A one-shot part whose target the step doesn't name (an event board's spell that is
    only there for its shield): it is skipped and said so."""
    # "Up to N targets" (CR 601.2c): any number of them may be chosen, none at all too.
    slots = list(action.subject.target_slots if action.subject and not action.subject.up_to else ())
    slots += action.other.target_slots if action.other else ()
    if action.slot is not None:
        slots.append(action.slot)
    return any(slot >= len(res.targets) for slot in slots)


def _check_text_change(action: ChangeText, res: _Resolution) -> None:
    """CR 612.2: the words must be of the kind the effect changes."""
    from rules_engine.vocabulary import BASIC_LAND_TYPES, COLOR_WORDS, CREATURE_TYPES

    kinds = {
        "color": set(COLOR_WORDS),
        "basic_land_type": {t.lower() for t in BASIC_LAND_TYPES},
        "creature_type": {t.lower() for t in CREATURE_TYPES},
    }
    allowed: set[str] = set().union(*(kinds[k] for k in action.kinds))
    named = (("from", res.choices.from_word),)
    for key, word in named if action.to else (*named, ("to", res.choices.to_word)):
        if not word:
            raise BoardError(
                f"{res.path}.choices.{key}", "name the word to replace (choices.from/to)"
            )
        if word.lower() not in allowed:
            what = " or ".join(k.replace("_", " ") for k in sorted(action.kinds))
            raise BoardError(f"{res.path}.choices.{key}", f'"{word}" is not a {what}')
    if "creature_type" in action.kinds and (res.choices.to_word or "").lower() == "wall":
        raise BoardError(f"{res.path}.choices.to", "the new creature type can't be Wall")


def _choose_instead(
    specs: list[EffectSpec],
    res: _Resolution,
    state: dict[str, Characteristics],
    world: World,
) -> list[EffectSpec]:
    """CR 614.15: "If this spell was kicked, ... instead" picks one of two effects on
    resolution; CR 608.2c: "If it's a Spirit, ..." makes an effect only if that holds then."""

    def holds(condition: Condition | Literal["kicked"]) -> bool:
        return res.holds(condition, state, world)

    chosen: list[EffectSpec] = []
    for spec in specs:
        if spec.only_if is not None:
            if holds(spec.only_if):
                chosen.append(replace(spec, only_if=None))
            continue
        if spec.instead_if is None:
            chosen.append(spec)
            continue
        if holds(spec.instead_if) and chosen:
            chosen[-1] = replace(spec, instead_if=None)
    return chosen


def _zone_move(game: Game, label: str, to_zone: str) -> ZoneMove:
    """A permanent would move to another zone (from the battlefield)."""
    obj = game.object(label)
    assert obj is not None
    chars = chars_of(game).get(label)
    types = chars.types if chars is not None else obj.card.types
    return ZoneMove(
        label,
        to_zone,
        obj.zone,
        obj.owner,
        obj.card.token,
        "Creature" in types,
        (chars.controller if chars is not None else obj.controller),
        card_types=frozenset(types),
    )


def _players(action: OneShot, res: _Resolution, game: Game) -> list[str]:
    if action.players == "you":
        return [res.controller]
    if action.players == "target":
        chosen = res.targets[action.slot] if action.slot is not None else None
        return [chosen] if chosen in game.players else []
    if action.players == "each_opponent":
        return list(game.opponents(res.controller))
    if action.players == "each_player":
        # CR 101.4: in APNAP order.
        start = game.players.index(game.active)
        return list(game.players[start:] + game.players[:start])
    if action.players == "controller":
        first = next((t for t in res.targets if t not in game.players), None)
        chars = chars_of(game).get(first or "")
        return [chars.controller] if chars is not None else []
    return []


def _acted_on(
    subject: Subject | None,
    state: dict[str, Characteristics],
    world: World,
    ctx: Context,
    zone: str,
    legal: frozenset[str] | None = None,
) -> list[str]:
    """The objects a one-shot part acts on: those its words name that are in ``zone``, a
    target only if it was legal as the resolution began (CR 608.2b)."""
    if subject is None:
        return []
    return [
        label
        for label in select(subject, state, world, ctx)
        if world.in_zone(label, zone)
        and (
            subject.kind != "targets"
            or (
                label in legal
                if legal is not None
                else any(matches(f, label, state, world, ctx) for f in subject.filters)
            )
        )
    ]


def _check_targetable(
    abilities: list[ParsedAbility],
    res: _Resolution,
    state: dict[str, Characteristics],
    world: World,
) -> None:
    """CR 601.2c, 115.4: every target the step names must be one the spell or ability could
    choose; "a source of your choice" (the last of the step's targets) isn't a target."""
    source = state.get(res.source)
    if source is None:
        return
    named = list(enumerate(res.targets))
    if any("source of your choice" in a.text.lower() for a in abilities):
        named = named[:-1]
    for i, target in named:
        if problem := target_problem(target, source, res.controller, state, world):
            raise BoardError(
                f"{res.path}.targets[{i}]", f"{res.source_name} can't target this: {problem}"
            )


def _legal_targets(
    abilities: list[ParsedAbility],
    res: _Resolution,
    state: dict[str, Characteristics],
    world: World,
) -> frozenset[str]:
    """The targets that still match what their one-shot parts ask for, as the spell or
    ability begins to resolve (CR 608.2b)."""
    ctx = res.context()
    legal: set[str] = set()
    for ability in abilities:
        for action in ability.actions:
            for subject in (action.subject, action.other):
                if subject is None or subject.kind != "targets":
                    continue
                legal |= {
                    label
                    for label in select(subject, state, world, ctx)
                    if any(matches(f, label, state, world, ctx) for f in subject.filters)
                }
    return frozenset(legal)


def _action_events(game: Game, action: OneShot, res: _Resolution) -> list[Event]:
    """The events one one-shot part would perform now (CR 608.2c)."""
    amount = (res.x or 0) if action.x else action.n
    state = chars_of(game)
    world = World.of(game)
    ctx = res.context()
    objects = _acted_on(action.subject, state, world, ctx, "battlefield", res.legal_targets)
    kind = action.kind
    if kind == "reanimate":
        return _reanimated(game, action, res, state, world, ctx)
    if kind == "recover":
        found = _acted_on(action.subject, state, world, ctx, "graveyard", res.legal_targets)
        return [_zone_move(game, label, "hand") for label in found]
    if kind == "copy_token":
        # CR 707.2: each token copies the object's copiable values as it is created; a card
        # in a graveyard (Feldon of the Third Path) is copied as printed.
        zones = {f.zone for f in action.subject.filters} if action.subject else set()
        if zones and "battlefield" not in zones:
            objects = _acted_on(action.subject, state, world, ctx, zones.pop(), res.legal_targets)
        return [
            CreateTokens(
                replace(world.objects[label].card, token=True),
                amount,
                res.controller,
                copy_of=label,
                copy=action.copy,
            )
            for label in objects
        ]
    if kind in ("fight", "bite"):
        return _fight_events(action, objects, state, world, ctx, res.legal_targets)
    if kind == "damage":
        recipients = objects + _players(action, res, game)
        if action.slot is not None and action.players is None and action.slot < len(res.targets):
            recipients.append(res.targets[action.slot])
        return [Damage(amount, res.source, r) for r in recipients]
    if kind == "destroy":
        return [Destroy(label, regenerable=action.regenerable) for label in objects]
    if kind == "sacrifice" and action.players is not None:
        # CR 701.21a: each player sacrifices one they control; performed where there is no
        # choice to make (one or none), named as not modelled otherwise (_unchosen).
        chosen = [
            own[0]
            for p in _players(action, res, game)
            if len(own := [x for x in objects if state[x].controller == p]) == 1
        ]
        return [_zone_move(game, label, "graveyard") for label in chosen]
    if kind in ("exile", "bounce", "sacrifice"):
        zone = {"exile": "exile", "bounce": "hand", "sacrifice": "graveyard"}[kind]
        return [_zone_move(game, label, zone) for label in objects]
    if kind == "counters" and action.doubled:
        # CR 701.10: doubling the counters of a kind puts on as many as it already has.
        counts = {x: o.counter_count(action.counter_kind) for x in objects if (o := game.object(x))}
        return [
            PutCounters(action.counter_kind, x, n, by=res.controller)
            for x, n in counts.items()
            if n > 0
        ]
    if kind == "counters" and action.least_toughness:
        return [
            PutCounters(action.counter_kind, x, amount, by=res.controller)
            for x in _least(objects, state, res)
        ]
    if kind == "counters":
        # CR 122.6: the spell's or ability's controller puts them (Vorinclex's "you").
        by = res.controller
        return [PutCounters(action.counter_kind, label, amount, by=by) for label in objects]
    if kind == "tokens":
        makers = _players(action, res, game) if action.players else [res.controller]
        card = token_card(action.token)
        return [CreateTokens(card, amount, p) for p in makers] if amount else []
    if kind == "move":
        return [_zone_move(game, label, action.to_zone) for label in _moving(game, action, res)]
    if kind == "draw":
        check_events(amount, "cards drawn", res.path)  # one at a time (CR 121.2)
        return [Draw(p) for p in _players(action, res, game) for _ in range(amount)]
    if kind == "gain_life":
        return [GainLife(p, amount) for p in _players(action, res, game)]
    if kind == "lose_life":
        return [LoseLife(p, amount) for p in _players(action, res, game)]
    if kind == "set_life":
        return _life_becomes(game, action, state)
    return []


def _life_becomes(game: Game, action: OneShot, state: dict[str, Characteristics]) -> list[Event]:
    """CR 119.5: a player whose life total becomes a number gains or loses the difference
    (so replacement effects on gaining and losing life apply); every new total is worked
    out first, from the totals before any of them changes."""
    players = list(game.players)
    if action.life_becomes == "lowest":
        lowest = min(game.life_of(p) for p in players)
        wanted = dict.fromkeys(players, lowest)
    elif action.life_becomes == "creatures":
        wanted = {
            p: sum(
                1
                for o in game.objects
                if o.on_battlefield
                and o.label in state
                and "Creature" in state[o.label].types
                and state[o.label].controller == p
            )
            for p in players
        }
    else:
        wanted = dict.fromkeys(players, action.n)
    start = players.index(game.active)
    events: list[Event] = []
    for p in players[start:] + players[:start]:  # APNAP order (CR 101.4)
        change = wanted[p] - game.life_of(p)
        if change > 0:
            events.append(GainLife(p, change))
        elif change < 0:
            events.append(LoseLife(p, -change))
    return events


def _least(objects: list[str], state: dict[str, Characteristics], res: _Resolution) -> list[str]:
    """CR 701.39a: bolster chooses a creature with the least toughness among them; among
    several, the step's ``choices.chosen``, by default the first to have entered."""
    creatures = [x for x in objects if state[x].toughness is not None]
    if not creatures:
        return []
    least = min(state[x].toughness or 0 for x in creatures)
    tied = [x for x in creatures if (state[x].toughness or 0) == least]
    chosen = res.choices.chosen
    if chosen is not None and chosen not in tied:
        raise BoardError(
            f"{res.path}.choices.chosen",
            f"{chosen} doesn't have the least toughness among your creatures ({', '.join(tied)})",
        )
    return [chosen or tied[0]]


def _moving(game: Game, action: OneShot, res: _Resolution) -> list[str]:
    """What a "move" part moves: ~ itself where it is (the resolving spell on the stack, a
    permanent, or the card in a graveyard for "Return ~ from your graveyard ..."), or the
    permanents its words name (CR 400.7)."""
    if action.subject is None:
        return []
    if action.subject.kind == "self":
        me = game.object(res.source)
        zones = (action.from_zone,) if action.from_zone else ("stack", "battlefield")
        return [me.label] if me is not None and me.zone in zones and not me.phased_out else []
    state = chars_of(game)
    return _acted_on(
        action.subject, state, World.of(game), res.context(), "battlefield", res.legal_targets
    )


def _card_events(game: Game, action: OneShot, res: _Resolution) -> tuple[Game, list[Event]]:
    """Mill, surveil, discard and populate: the cards they act on, as events (CR 701)."""
    amount = (res.x or 0) if action.x else action.n
    if action.kind == "mill":
        return card_actions.mill(game, _players(action, res, game), amount)
    if action.kind == "surveil":
        return card_actions.surveil(game, res.controller, amount, res.choices.graveyard, res.path)
    if action.kind == "discard":
        events: list[Event] = []
        for player in _players(action, res, game):
            if action.to_zone == "exile":
                zone, chosen = action.from_zone, res.choices.exile
                game, some = card_actions.exile_own(game, player, zone, amount, chosen, res.path)
            else:
                chosen, fits = res.choices.discard, _fits_in(game, action.subject, res)
                game, some = card_actions.discard(game, player, amount, chosen, res.path, fits)
            events += some
        return game, events
    state = chars_of(game)
    tokens = [
        label
        for label, chars in state.items()
        if (obj := game.object(label)) is not None
        and obj.on_battlefield
        and obj.card.token
        and "Creature" in chars.types
        and chars.controller == res.controller
    ]
    copied = card_actions.populate_source(tokens, res.choices.chosen, res.path)
    if copied is None:
        return game, []
    return game, [card_actions.populate(game, copied, res.controller)]


def _fits_in(game: Game, subject: Subject | None, res: _Resolution) -> Callable[[str], bool] | None:
    """ "that card" after "You choose a nonland card from it": the cards the words allow."""
    if subject is None:
        return None
    state = chars_of(game)
    world = World.of(game)
    ctx = res.context()
    return lambda label: (
        label in state and any(matches(f, label, state, world, ctx) for f in subject.filters)
    )


def _player_counters(game: Game, action: OneShot, res: _Resolution) -> tuple[Game, list[Event]]:
    """CR 122.1: a player gets counters (energy: an event, so "can't get counters" sees it)
    or loses all of a kind (122.8: removing counters isn't replaced)."""
    events: list[Event] = []
    for player in _players(action, res, game):
        if action.every:
            have = game.counters_of_player(player).get(action.counter_kind, 0)
            game = add_counters(game, player, action.counter_kind, -have)
        elif action.n > 0:
            events.append(PutCounters(action.counter_kind, player, action.n, by=res.controller))
    return game, events


def _removed_counters(game: Game, action: OneShot, res: _Resolution) -> Game:
    """CR 122.8: counters taken off ("remove all -1/-1 counters from it"); not replaced."""
    state = chars_of(game)
    world = World.of(game)
    for label in _acted_on(
        action.subject, state, world, res.context(), "battlefield", res.legal_targets
    ):
        obj = game.object(label)
        have = obj.counter_count(action.counter_kind) if obj is not None else 0
        game = add_counters(game, label, action.counter_kind, -(have if action.every else action.n))
    return game


def _reanimated(
    game: Game,
    action: OneShot,
    res: _Resolution,
    state: dict[str, Characteristics],
    world: World,
    ctx: Context,
) -> list[Event]:
    """A card put onto the battlefield from a graveyard: it enters (CR 614.12: entering
    replacements see it as it would exist) under its owner's control, or "under your
    control"; a card no longer in the graveyard, or no longer a legal target, stays put."""
    events: list[Event] = []
    zones = {f.zone for f in action.subject.filters} if action.subject else set()
    zone = action.from_zone or ("hand" if zones == {"hand"} else "graveyard")
    if action.from_zone and action.subject is not None:
        # The card this resolution exiled: no longer the target it was (CR 400.7), found
        # by the effect that moved it.
        found = [t for t in select(action.subject, state, world, ctx) if world.in_zone(t, zone)]
    else:
        found = _acted_on(action.subject, state, world, ctx, zone, res.legal_targets)
    if action.n == 1 and found:
        # "the top creature card of your graveyard": the first in the graveyard's order;
        # "a creature card from your hand": the one the step chose, by default the first.
        order = [o.label for o in game.objects]
        chosen = res.choices.chosen
        if action.every and chosen is not None and chosen not in found:
            raise BoardError(
                f"{res.path}.choices.chosen", f"{chosen} is not a card {action.text} can put"
            )
        found = [chosen if action.every and chosen in found else min(found, key=order.index)]
    for label in found:
        obj = world.objects[label]
        controller = res.controller if action.players == "you" else obj.owner
        events.append(Enter(label, obj.card, controller, tapped=action.tapped))
    return events


def _fight_events(
    action: OneShot,
    fighters: list[str],
    state: dict[str, Characteristics],
    world: World,
    ctx: Context,
    legal: frozenset[str] | None = None,
) -> list[Event]:
    """CR 701.14a: each creature deals damage equal to its power to the other, at once (a
    "bite" only the first way). 701.14b: if either is no longer a creature on the
    battlefield, or is an illegal target now, no damage is dealt at all; 701.14c: a creature
    fighting itself is dealt twice its power."""
    others = _acted_on(action.other, state, world, ctx, "battlefield", legal)
    if len(fighters) != 1 or len(others) != 1:
        return []
    (a,), (b,) = fighters, others
    if "Creature" not in state[a].types:
        return []
    if action.kind == "fight" and "Creature" not in state[b].types:
        return []  # 701.14b; a one-way bite may hit a planeswalker (Rabid Bite)
    damage = [Damage(max(state[a].power or 0, 0), a, b)]
    if action.kind == "fight":
        damage.append(Damage(max(state[b].power or 0, 0), b, a))
    return [d for d in damage if d.amount > 0]


def _unchosen(game: Game, action: OneShot, res: _Resolution) -> list[NotModelled]:
    """A player's choice among several permanents to sacrifice: the board can't say which."""
    if action.kind != "sacrifice" or action.players is None or action.subject is None:
        return []
    state = chars_of(game)
    world = World.of(game)
    ctx = res.context()
    candidates = [
        x for x in select(action.subject, state, world, ctx) if world.objects[x].on_battlefield
    ]
    who = res.label if res.is_spell else res.source
    why = (
        "{p} chooses which of several to sacrifice (CR 701.21a), which a board can't say yet, "
        "so {p} sacrifices nothing here"
    )
    return [
        NotModelled(who, action.text, why.format(p=p))
        for p in _players(action, res, game)
        if len([x for x in candidates if state[x].controller == p]) > 1
    ]


def _perform_action(game: Game, action: OneShot, res: _Resolution, hook: _Entering) -> Game:
    if action.kind == "monstrosity":
        # CR 701.37a: only if it isn't monstrous yet: N +1/+1 counters (an event replacement
        # effects see), and it becomes monstrous (701.37b) whatever happened to the counters.
        source = game.object(res.source)
        if source is None or not source.on_battlefield or source.monstrous:
            return game
        game = _perform_action(game, replace(action, kind="counters"), res, hook)
        now = game.object(res.source)
        return game.with_object(replace(now, monstrous=True)) if now is not None else game
    if action.kind in ("tap", "untap"):
        state = chars_of(game)
        world = World.of(game)
        ctx = res.context()
        for label in select(action.subject, state, world, ctx) if action.subject else []:
            obj = game.object(label)
            if obj is not None and obj.on_battlefield:
                game = game.with_object(replace(obj, tapped=action.kind == "tap"))
        return game
    if action.kind == "remove_counters":
        return _removed_counters(game, action, res)
    if action.kind == "choose_card":
        return game  # the choice is the step's (choices.discard), made as the card is used
    game = note_unmodelled(game, _unchosen(game, action, res))
    if action.kind in ("mill", "surveil", "discard", "populate"):
        game, events = _card_events(game, action, res)
    elif action.kind == "player_counters":
        game, events = _player_counters(game, action, res)
    else:
        events = _action_events(game, action, res)
    if not events:
        return game
    if action.kind == "move" and action.n:
        # "Exile ~ with three time counters on it": the card is put there with them.
        moved = perform(
            game,
            [Pending(e) for e in events],
            enter=hook,
            wanted=res.replacements,
            where=res.path,
            step=res.index,
        ).game
        return _with_counters(moved, events, action, res)
    # Events of one sentence happen at once ("destroy all creatures", CR 608.2c).
    batch = [Pending(e, batch=0 if len(events) > 1 else None) for e in events]
    return perform(
        game,
        batch,
        enter=hook,
        wanted=res.replacements,
        where=res.path,
        step=res.index,
    ).game


def _division(spec: ReplacementSpec, res: _Resolution) -> tuple[int, ...]:
    """CR 601.2d: "divided as you choose" -- the step's ``choices.divided`` gives each
    target its share, at least 1 each, adding up to the whole amount."""
    whole = spec.amount or 0
    shares = res.choices.divided
    where = f"{res.path}.choices.divided"
    if not res.targets:
        # "Any number of targets" divided: at least one (601.2d: each gets at least 1).
        raise BoardError(f"{res.path}.targets", f"{res.source_name} needs 1 target, got 0")
    if not shares:
        count = len(res.targets)
        example = [whole - count + 1] + [1] * (count - 1)
        raise BoardError(
            where,
            f"{res.source_name}'s {whole} damage to prevent is divided among its {count} "
            f"target(s) as it is cast (CR 601.2d); the board must say how, in target order: "
            f'add "divided": {example} to the step\'s choices',
        )
    if len(shares) != len(res.targets) or sum(shares) != whole:
        raise BoardError(
            where,
            f"{list(shares)} must give each of the {len(res.targets)} target(s) at least 1 and "
            f"add up to {whole} (CR 601.2d)",
        )
    return shares


def _shield_size(
    spec: ReplacementSpec, res: _Resolution, state: dict[str, Characteristics], world: World
) -> int | None:
    """CR 615.7: "the next X damage" is the X it was cast with (107.3a), or the number "where
    X is ..." counts as it resolves (608.2h: Acolyte's Reward's devotion)."""
    if spec.x_amount:
        return res.x or 0
    if spec.count is not None:
        return max(0, evaluate(spec.count, state, world, res.context(), None))
    return spec.amount


def _chosen_on_resolution(
    specs: list[Spec], res: _Resolution, state: dict[str, Characteristics], world: World
) -> list[Spec]:
    """CR 608.2c, 614.15: "If ~ was kicked, prevent ... instead" replaces the shield before it
    when its condition holds as the spell resolves, and is not made otherwise."""
    chosen: list[Spec] = []
    for spec in specs:
        if not isinstance(spec, ReplacementSpec) or spec.on_resolution is None:
            chosen.append(spec)
            continue
        if not res.holds(spec.on_resolution, state, world):
            continue
        if spec.instead and chosen:
            before = chosen.pop()
            if spec.extra == "this_way" and isinstance(before, ReplacementSpec):
                # "prevent the next 6 damage this way instead": the shield before, resized.
                spec = replace(before, amount=spec.amount)
        elif spec.extra == "this_way":
            continue  # nothing before it to resize (not a reading the engine makes)
        chosen.append(replace(spec, on_resolution=None, instead=False))
    return chosen


def _with_counters(game: Game, events: list[Event], action: OneShot, res: _Resolution) -> Game:
    """Counters on a card put into exile "with N ... counters on it" (CR 122.1), where it
    went there (a replacement may have sent it elsewhere)."""
    for event in events:
        obj = game.object(event.obj) if isinstance(event, ZoneMove) else None
        if obj is not None and obj.zone == action.to_zone:
            game = game.with_object(replace(obj, counters=((action.counter_kind, action.n),)))
    return game


def _resolved_replacements(
    res: _Resolution,
    abilities: list[ParsedAbility],
    timestamp: int,
    state: dict[str, Characteristics],
    world: World,
) -> tuple[tuple[ActiveReplacement, ...], tuple[ActiveCant, ...], tuple[NotModelled, ...]]:
    """Shields and "can't" effects a resolving spell or ability creates (CR 615.4, 614.17),
    and the replacement texts it has that the engine does not model yet."""
    label = res.label
    shields: list[ActiveReplacement] = []
    rules: list[ActiveCant] = []
    gaps: list[NotModelled] = []
    # One text per ability: a later sentence may add to an earlier one ("If damage is
    # prevented this way, ...").
    texts = [" ".join((*ability.notes, *ability.rules)) for ability in abilities]
    specs: list[Spec] = []
    for text in texts:
        try:
            specs.extend(parse_replacements(text, res.source_name))
        except OracleParseError as exc:
            gaps.append(
                unreadable_replacement(res.label if res.is_spell else res.source, text, str(exc))
            )
    specs = _chosen_on_resolution(specs, res, state, world)
    for n, spec in enumerate(specs):
        eid = label if len(specs) == 1 else f"{label}.r{n}"
        if isinstance(spec, CantSpec):
            if spec.condition is not None and not res.holds(spec.condition, state, world):
                continue  # "If ~ was kicked, ... the damage can't be prevented" (608.2c)
            rules.append(
                ActiveCant(eid, spec, label, res.controller, created_by=label, targets=res.targets)
            )
            continue
        protected = [res.targets]
        sizes: tuple[int, ...] = ()
        if spec.extra == "divided":
            # CR 601.2d: one shield per target, each of the amount assigned to it as cast.
            sizes = _division(spec, res)
            protected = [(t,) for t in res.targets]
        if spec.extra == "shares_color" and res.targets:
            # CR 615.11: the set of creatures shielded is fixed as the effect begins.
            first = res.targets[0]
            colors = state[first].colors if first in state else frozenset()
            protected = [(first,)]
            protected += [
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
                    label if res.is_spell else res.source,
                    res.source_name,
                    res.controller,
                    timestamp,
                    targets=tuple(targets),
                    choices=res.choices,
                    resolved=True,
                    # CR 615.7: "the next X damage" is the X it was cast with (107.3a).
                    remaining=sizes[n_target]
                    if sizes
                    else _shield_size(spec, res, state, world)
                    if spec.shield == "amount"
                    else None,
                    name=eid,
                    created_by=label,
                )
            )
    return tuple(shields), tuple(rules), tuple(gaps)


def _legal_target(
    spec: EffectSpec, label: str, state: dict[str, Characteristics], world: World, ctx: Context
) -> bool:
    """CR 608.2b: a target that is no longer legal is not affected."""
    if spec.subject.kind != "targets":
        return True
    return any(matches(f, label, state, world, ctx) for f in spec.subject.filters)


def _spell_copy(game: Game, res: _Resolution, spec: EffectSpec) -> CopySnapshot:
    copy = next(p.action for p in spec.parts if isinstance(p.action, CopyOf))
    if copy.source == "target":
        slots = [t for t in res.targets if t not in game.players]
        if not slots:
            raise BoardError(f"{res.path}.targets", "name the creature to copy as a target")
        return _copy_snapshot(game, slots[-1], copy, f"{res.path}.targets")
    if not res.choices.copy:
        raise BoardError(f"{res.path}.choices.copy", "name the object to copy in choices.copy")
    return _copy_snapshot(game, res.choices.copy[0], copy, f"{res.path}.choices.copy[0]")


_SACRIFICE_COST = re.compile(
    r"as an additional cost to cast (?:this spell|~), sacrifice an? (?P<what>[\w ]+?)[.,]",
    re.IGNORECASE,
)
_SACRIFICE_ACTIVATION = re.compile(
    r"\bsacrifice (?:an?|another) (?P<what>(?:(?!sacrifice )[\w ])++)(?:,|$)", re.I
)


@dataclass(frozen=True, slots=True)
class _SacrificeCost:
    """A cost to sacrifice "a creature" / "an Atog creature" (CR 601.2h, 602.2b), paid by the
    step with ``choices.sacrificed``."""

    what: tuple[str, ...]  # each word a type or subtype the permanent must have
    controller: str
    path: str
    entering: str  # the label for anything the sacrifice makes enter

    def fits(self, chars: Characteristics) -> bool:
        return all(w.capitalize() in (*chars.types, *chars.subtypes) for w in self.what)

    def pay(self, game: Game, choices: Choices, index: int) -> tuple[Game, Choices]:
        """Sacrifice the chosen permanent; "the sacrificed creature's power" is its power
        as it last existed on the battlefield (608.2h)."""
        label = choices.sacrificed
        state = chars_of(game)
        words = " ".join(self.what)
        if label is None:
            mine = [
                x.label
                for x in game.objects
                if x.on_battlefield
                and x.label in state
                and state[x.label].controller == self.controller
                and self.fits(state[x.label])
            ]
            if not mine:
                raise BoardError(self.path, f"{self.controller} has no {words} to sacrifice")
            raise BoardError(
                self.path,
                f"the cost sacrifices a {words} (CR 601.2h); say which: add "
                f'"sacrificed": "{mine[0]}" to the step\'s choices',
            )
        _require_on_battlefield(game, label, self.path)
        chars = state[label]
        if not self.fits(chars):
            raise BoardError(self.path, f'"{label}" is not a {words}')
        if chars.controller != self.controller:
            raise BoardError(self.path, f'"{label}" is not controlled by {self.controller}')
        paid = replace(choices, sacrificed_power=chars.power or 0)
        moved = perform(
            game,
            [Pending(_zone_move(game, label, "graveyard"))],
            enter=_Entering(self.entering),
            where=self.path,
            step=index,
        )
        return moved.game, paid


def _sacrifice_as_cost(game: Game, step: CastStep) -> tuple[Game, CastStep]:
    """CR 601.2h: "As an additional cost to cast this spell, sacrifice a creature" is paid as
    it is cast (``choices.sacrificed``), when its text reads the sacrificed creature."""
    path = f"{step.path}.choices.sacrificed"
    text = step.card.oracle_text.replace(step.card.name, "~")
    cost = _SACRIFICE_COST.search(text)
    if cost is None:
        if step.choices.sacrificed is not None:
            raise BoardError(path, f"{step.card.name} has no cost to sacrifice a permanent")
        return game, step
    if step.choices.sacrificed is None and "the sacrificed creature" not in text.lower():
        return game, step
    payer = _SacrificeCost(tuple(cost["what"].split()), step.controller, path, step.label)
    game, paid = payer.pay(game, step.choices, step.index)
    return game, replace(step, choices=paid)


def _cast(game: Game, step: CastStep) -> Game:
    card = step.card
    _abilities_or_error(card, f"{step.path}.cast")
    if not card.is_spell_card:
        raise BoardError(
            f"{step.path}.cast", f'{card.name} is a permanent card: use an "enter" step'
        )
    abilities = [inst.parsed for inst in printed_abilities(card.name, card.rules_text, True)]
    rebound = any(a.keyword == "rebound" for a in abilities)
    mode = step.choices.mode
    modal = [a for a in abilities if a.kind == "modal"]
    if modal:
        modes = [a for a in abilities if a not in modal and a.kind != "keyword"]
        if mode is None or mode >= len(modes):
            raise BoardError(
                f"{step.path}.choices.mode", f"choose a mode from 0 to {len(modes) - 1}"
            )
        abilities = [modes[mode]]
    # The spell is on the stack while it resolves: it is the source of its damage (CR 608.2).
    spell = GameObject(step.label, card, step.controller, step.controller, "stack", 0, 0)
    game = _add(game, spell)
    game, step = _sacrifice_as_cost(game, step)
    # "spells cast this turn" (Storm Entity, CR 601.2i)
    cast = CastRecord(step.controller, frozenset(card.colors), frozenset(card.types))
    game = replace(game, this_turn=replace(game.this_turn, spells=(*game.this_turn.spells, cast)))
    res = _Resolution(
        step.label,
        step.label,
        card.name,
        step.controller,
        step.targets,
        step.choices,
        step.x,
        step.path,
        step.index,
        step.replacements,
        True,
    )
    game = _resolve(game, res, abilities)
    spell_now = game.object(step.label)
    if spell_now is None or spell_now.zone != "stack":
        return game  # its own text put it elsewhere ("Exile ~ with ...", "Shuffle ~ into ...")
    if card.token:
        return replace(game, objects=tuple(o for o in game.objects if o.label != step.label))
    # CR 608.2n: the resolved card goes to its owner's graveyard, through replacements
    # (Rest in Peace exiles it instead); CR 715.4: a spell cast as an Adventure is exiled, and
    # so is a spell with rebound cast from its owner's hand (702.88a; a cast step's spell is).
    move = ZoneMove(
        step.label,
        "exile" if "Adventure" in card.subtypes or rebound else "graveyard",
        "stack",
        step.controller,
        False,
        False,
        step.controller,
        card_types=frozenset(card.types),
    )
    return perform(game, [Pending(move)], enter=_Entering(step.label), where=step.path).game


def _ability_to_resolve(
    chars: Characteristics, obj: GameObject, step: ActivateStep
) -> ParsedAbility:
    """Ability k of the permanent in Oracle order (its printed paragraphs, then granted
    abilities): activated and mana abilities as written, a triggered ability's effect
    (the text after its trigger condition, CR 603.2)."""
    paragraphs = [
        a for a in chars.abilities if a.paragraph == step.ability and a.origin == "printed"
    ]
    granted = [a for a in chars.abilities if a.origin != "printed"]
    extra = step.ability - len(obj.card.rules_text)
    candidates = paragraphs or ([granted[extra]] if 0 <= extra < len(granted) else [])
    usable = ("activated", "mana", "triggered")
    if candidates and candidates[0].parsed.keyword == "soulbond":
        return candidates[0].parsed  # its pairing trigger (CR 702.95a), resolved by _pair
    if not candidates or candidates[0].parsed.kind not in usable:
        listing = "; ".join(
            f"{a.paragraph}: {a.text}" for a in chars.abilities if a.parsed.kind in usable
        )
        raise BoardError(
            f"{step.path}.ability",
            f"{chars.name or step.source} has no activated or triggered ability {step.ability} "
            f"(abilities that can resolve: {listing or 'none'})",
        )
    parsed = candidates[0].parsed
    if parsed.unreadable is not None:
        # Inert until it resolves (CR 602.2), so the card was placed; resolving needs the text.
        raise BoardError(f"{step.path}.ability", f"{chars.name}: {parsed.unreadable}")
    if parsed.kind != "triggered":
        return parsed
    try:
        return parse_trigger_effect(parsed.text, chars.name or obj.card.name)
    except OracleParseError as exc:
        raise BoardError(f"{step.path}.ability", f"{chars.name}: {exc}") from exc


def _activate(game: Game, step: ActivateStep) -> Game:
    obj = game.object(step.source)
    if obj is None:
        raise BoardError(f"{step.path}.activate", f'"{step.source}" is no longer in the game')
    chars = chars_of(game)[step.source]
    ability = _ability_to_resolve(chars, obj, step)
    if ability.keyword == "soulbond":
        return _pair(game, step)
    if not obj.on_battlefield and ability.kind != "triggered":
        # Only a triggered ability resolves once its source has left: a "dies" or "leaves
        # the battlefield" trigger looks back in time (CR 603.10a, 113.7a).
        _require_on_battlefield(game, step.source, f"{step.path}.activate")
    if "Planeswalker" in chars.types and ability.kind == "activated":
        game = _pay_loyalty(game, step.source, ability.cost, f"{step.path}.ability")
    choices = obj.choices.merged(step.choices)
    sacrifice = _SACRIFICE_ACTIVATION.search(ability.cost or "")
    if sacrifice is not None and "the sacrificed creature" in ability.text.lower():
        # Atogatog: "Sacrifice an Atog creature: ~ gets +X/+X ..., where X is the sacrificed
        # creature's power" (CR 602.2b: the cost is paid as it is activated).
        where = f"{step.path}.choices.sacrificed"
        payer = _SacrificeCost(
            tuple(sacrifice["what"].split()), chars.controller, where, step.label
        )
        game, choices = payer.pay(game, choices, step.index)
    res = _Resolution(
        step.label,
        step.source,
        chars.name or obj.card.name,
        chars.controller,
        step.targets,
        choices,
        step.x,
        step.path,
        step.index,
        step.replacements,
        False,
    )
    return _resolve(game, res, [ability])


def _pair(game: Game, step: ActivateStep) -> Game:
    """CR 702.95a: soulbond's trigger resolves, pairing it with another unpaired creature
    its controller controls (``choices.pair``); nothing happens if either can't be paired."""
    where = f"{step.path}.choices.pair"
    partner = step.choices.pair
    if partner is None:
        raise BoardError(where, "name the creature it pairs with (choices.pair)")
    state = chars_of(game)
    me = game.object(step.source)
    if me is None or not me.on_battlefield or me.paired_with is not None:
        return game  # it left, or is paired already: the trigger does nothing (702.95a)
    other = _require_on_battlefield(game, partner, where)
    mine, theirs = state[me.label], state[other.label]
    if partner == step.source:
        raise BoardError(where, "it pairs with another creature, not itself")
    if "Creature" not in mine.types or "Creature" not in theirs.types:
        raise BoardError(where, "only creatures can be paired (CR 702.95a)")
    if mine.controller != theirs.controller:
        raise BoardError(where, "it pairs only with a creature its controller controls")
    if other.paired_with is not None:
        raise BoardError(where, "that creature is already paired (CR 702.95a: another unpaired)")
    game = game.with_object(replace(me, paired_with=partner))
    return game.with_object(replace(other, paired_with=step.source))


def unpair_broken(game: Game) -> Game:
    """CR 702.95e: a pair breaks for good when either leaves the battlefield, stops being a
    creature, or their controllers differ."""
    state = chars_of(game)
    for obj in game.objects:
        partner = game.object(obj.paired_with) if obj.paired_with else None
        if obj.paired_with is None:
            continue
        intact = (
            partner is not None
            and obj.on_battlefield
            and partner.on_battlefield
            and partner.paired_with == obj.label
            and "Creature" in state[obj.label].types
            and "Creature" in state[partner.label].types
            and state[obj.label].controller == state[partner.label].controller
        )
        if not intact:
            game = game.with_object(replace(obj, paired_with=None))
            if partner is not None and partner.paired_with == obj.label:
                game = game.with_object(replace(partner, paired_with=None))
    return game


# --- Events named by a step ------------------------------------------------------------


def _perform_step(game: Game, step: CountersStep | DamageStep | LeaveStep, event: Event) -> Game:
    """The one event a step names, through replacement and prevention (CR 614-616)."""
    return perform(
        game,
        [Pending(event)],
        enter=_Entering(f"step{step.index}"),
        wanted=step.replacements,
        where=step.path,
        step=step.index,
    ).game


def _counters(game: Game, step: CountersStep) -> Game:
    if step.on not in game.players:
        obj = _require_on_battlefield(game, step.on, f"{step.path}.on")
        current = obj.counter_count(step.kind)
        if current + step.n < 0:
            raise BoardError(
                f"{step.path}.n", f'"{step.on}" has only {current} {step.kind} counter(s)'
            )
    if step.n <= 0:
        return add_counters(game, step.on, step.kind, step.n)  # removing isn't replaced
    # CR 122.6: counters put on by an effect; replacement effects (Hardened Scales) apply.
    event = PutCounters(step.kind, step.on, step.n, by=step.by)
    return _perform_step(game, step, event)


def _damage(game: Game, step: DamageStep) -> Game:
    if step.on not in game.players:
        _require_on_battlefield(game, step.on, f"{step.path}.on")
    source = step.source or ""
    if step.source is not None and game.object(step.source) is None:
        raise BoardError(f"{step.path}.from", f'"{step.source}" is not an object')
    event = Damage(step.n, source, step.on, combat=step.combat)
    return _perform_step(game, step, event)


def _leave(game: Game, step: LeaveStep) -> Game:
    _require_on_battlefield(game, step.obj, f"{step.path}.leave")
    event = _zone_move(game, step.obj, step.to)
    return _perform_step(game, step, event)


def _attach(game: Game, step: AttachStep) -> Game:
    obj = _require_on_battlefield(game, step.obj, f"{step.path}.attach")
    if step.to not in game.players:
        _require_on_battlefield(game, step.to, f"{step.path}.to")
    if obj.attached_to == step.to:
        return game  # CR 701.3b: attaching it where it already is does nothing
    game, timestamp = _stamp(game)  # CR 613.7e
    return game.with_object(replace(obj, attached_to=step.to, timestamp=timestamp))


def _end(game: Game, step: EndStep) -> Game:
    label = step.effect
    remaining = tuple(r for r in game.resolved if label not in (r.label, r.eid))
    shields = tuple(s for s in game.shields if s.created_by != label)
    rules = tuple(r for r in game.rules if r.created_by != label)
    before = (len(game.resolved), len(game.shields), len(game.rules))
    if (len(remaining), len(shields), len(rules)) == before:
        raise BoardError(
            f"{step.path}.end", f'"{label}" is not a resolved effect that is still active'
        )
    return replace(game, resolved=remaining, shields=shields, rules=rules)


def _face(game: Game, step: FaceStep) -> Game:
    verb = "turn_face_down" if step.face_down else "turn_face_up"
    obj = _require_on_battlefield(game, step.obj, f"{step.path}.{verb}")
    if obj.face_down == step.face_down:
        return game  # CR 708.2b: already that way up, so nothing happens (no new timestamp)
    game, timestamp = _stamp(game)
    return game.with_object(replace(obj, face_down=step.face_down, timestamp=timestamp))


def _phase(game: Game, step: PhaseStep) -> Game:
    obj = game.object(step.obj)
    verb = "phase_out" if step.phased_out else "phase_in"
    if obj is None or obj.zone != "battlefield":
        raise BoardError(f"{step.path}.{verb}", f'"{step.obj}" is not on the battlefield')
    return game.with_object(replace(obj, phased_out=step.phased_out))


def apply_step(game: Game, step: Step) -> Game:
    """One step of the timeline (board format, "Steps")."""
    if isinstance(step, EnterStep):
        return _enter(game, step)
    if isinstance(step, CastStep):
        return _cast(game, step)
    if isinstance(step, ActivateStep):
        return _activate(game, step)
    if isinstance(step, CountersStep):
        return _counters(game, step)
    if isinstance(step, DamageStep):
        return _damage(game, step)
    if isinstance(step, LeaveStep):
        return _leave(game, step)
    if isinstance(step, AttachStep):
        return _attach(game, step)
    if isinstance(step, EndStep):
        return _end(game, step)
    if isinstance(step, FaceStep):
        return _face(game, step)
    return _phase(game, step)


# --- State-based actions (CR 704) ------------------------------------------------------


def _sba_event(game: Game, action: StateBasedAction) -> Event | None:
    if action.action == "destroyed":
        return Destroy(action.object)  # 704.5g, 704.5h: destroyed (regeneration applies)
    if action.action in ("dies", "to_graveyard", "legend_rule", "world_rule"):
        # 704.5f, 704.5i, 704.5j, 704.5k, 704.5m: put into the graveyard, not destroyed.
        return _zone_move(game, action.object, "graveyard")
    if action.action == "loses":
        return LoseGame(action.object)
    return None


def check_state(
    game: Game, where: str = "steps"
) -> tuple[Game, tuple[tuple[StateBasedAction, ...], ...]]:
    """Perform state-based actions until none apply (CR 704.3), all of one check at once;
    their events go through replacement effects (Rest in Peace, regeneration). Returns
    the actions of each check in turn."""
    performed: list[tuple[StateBasedAction, ...]] = []
    for _ in range(MAX_SBA_ROUNDS):
        actions = state_based_actions(game, chars_of(game))
        actions = [a for a in actions if (a.object, a.action) not in _done(game)]
        if not actions:
            return game, tuple(performed)
        events: list[Event] = []
        for action in actions:
            if action.action == "counters_removed":
                obj = game.object(action.object)
                assert obj is not None
                n = min(obj.counter_count("+1/+1"), obj.counter_count("-1/-1"))
                game = add_counters(game, action.object, "+1/+1", -n)
                game = add_counters(game, action.object, "-1/-1", -n)
            elif action.action == "unattached":
                obj = game.object(action.object)
                assert obj is not None
                game = game.with_object(replace(obj, attached_to=None))
            else:
                event = _sba_event(game, action)
                if event is not None:
                    events.append(event)
        if events:
            game = perform(
                game,
                [Pending(e, batch=0 if len(events) > 1 else None) for e in events],
                enter=_Entering("sba"),
            ).game
        # Platinum Angel: a loss a "can't" effect stopped didn't happen (614.17). The check
        # is made again after anything else happened (704.3: the Angel may be gone now).
        lost = {player for player, verdict in game.verdicts if verdict == "lost"}
        stopped = {a.object for a in actions if a.action == "loses" and a.object not in lost}
        performed.append(
            tuple(
                replace(
                    a, action="doesn't lose", reason=f"{a.reason}, but they can't lose the game"
                )
                if a.action == "loses" and a.object in stopped
                else a
                for a in actions
            )
        )
        if all(a.action == "loses" and a.object in stopped for a in actions):
            return game, tuple(performed)  # nothing else happened: nothing more will
    raise BoardError(where, "state-based actions keep happening; simplify the board (CR 704.3)")


def _done(game: Game) -> set[tuple[str, str]]:
    """A player who has lost has lost once (CR 104.3)."""
    return {(player, "loses") for player, verdict in game.verdicts if verdict == "lost"}


@dataclass(frozen=True, slots=True)
class Replayed:
    """The game after the board's steps: ``before`` the last state-based action check, and
    ``game`` once it is done, with what each check did (``checks``)."""

    before: Game
    game: Game
    checks: tuple[tuple[StateBasedAction, ...], ...]

    @property
    def actions(self) -> tuple[StateBasedAction, ...]:
        """The first check after the last step: what the game does at once (704.3)."""
        return self.checks[0] if self.checks else ()

    @property
    def later(self) -> tuple[StateBasedAction, ...]:
        """What the checks after it did in turn (an Aura left behind, ...)."""
        return tuple(a for check in self.checks[1:] for a in check)


def _work(game: Game) -> int:
    """A deterministic measure of what evaluating the layers of this game costs: the
    permanents times the abilities and resolved effects that may apply to them."""
    permanents = [o for o in game.objects if o.on_battlefield]
    effects = sum(1 for o in permanents if o.card.rules_text) + len(game.resolved)
    return len(permanents) * max(1, effects)


def ascend(game: Game, spell_of: str | None = None) -> Game:
    """CR 702.131c: any time a player controls ten or more permanents and one of them has
    ascend, they get the city's blessing for the rest of the game; 702.131b: so does the
    controller of a resolving spell with ascend (``spell_of``) who controls ten or more."""
    state = chars_of(game)
    blessed = set(game.blessed)
    for player in game.players:
        if player in blessed:
            continue
        mine = [
            label
            for label, chars in state.items()
            if chars.controller == player and (o := game.object(label)) and o.on_battlefield
        ]
        ascending = spell_of == player or any(
            a.parsed.keyword == "ascend" for label in mine for a in state[label].abilities
        )
        if len(mine) >= 10 and ascending:
            blessed.add(player)
    return game if blessed == set(game.blessed) else replace(game, blessed=frozenset(blessed))


def _lapse(game: Game) -> Game:
    """CR 611.2b: a resolved effect that lasts "for as long as" its condition holds ends the
    first time it doesn't (checked after each step and its state-based actions)."""
    lasting = [r for r in game.resolved if r.spec.lasts_while and r.spec.condition is not None]
    if not lasting:
        return game
    state = chars_of(game)
    world = World.of(game)
    ended = {
        r.eid
        for r in lasting
        if r.spec.condition is not None
        and not condition_holds(
            r.spec.condition,
            state,
            world,
            Context(r.source, r.controller, r.targets, r.choices, r.x, resolved=True),
        )
    }
    if not ended:
        return game
    return replace(game, resolved=tuple(r for r in game.resolved if r.eid not in ended))


def replay_board(
    board: Board, upto: int | None = None, *, budget: int | None = WORK_BUDGET
) -> Replayed:
    """Every step (or the first ``upto``), each followed by state-based actions (704.3).

    Each step evaluates the layers again, so a board's total work is bounded
    (``budget``, deterministic): a board past it is refused at once with a clear
    message rather than evaluated for seconds.
    """
    game = new_game(board)
    before = game
    checks: tuple[tuple[StateBasedAction, ...], ...] = ()
    spent = 0
    with metered(None if budget is None else LAYER_WORK_BUDGET):
        for step in board.steps[:upto]:
            spent += _work(game)
            if budget is not None and spent > budget:
                raise BoardError(step.path, TOO_BIG)
            try:
                # What isn't modelled is named while its permanent is there, even if
                # state-based actions then put it into a graveyard (a 0/0 that entered
                # without its counters).
                game = _lapse(unpair_broken(apply_step(game, step)))
                game = ascend(game)
                game = note_unmodelled(game, board_gaps(game))
                before = game
                game, checks = check_state(game, step.path)
                game = _lapse(unpair_broken(game))
                game = note_unmodelled(game, board_gaps(game))
            except WorkExceeded:
                # Effects that interlock (Opalescence, Humility, ...) cost more than their
                # count says: the work actually done is the bound (rules_engine/work.py).
                raise BoardError(step.path, TOO_BIG) from None
    return Replayed(before, game, checks)


def replay(board: Board, upto: int | None = None, *, budget: int | None = WORK_BUDGET) -> Game:
    """The game after the board's steps (or the first ``upto`` of them)."""
    return replay_board(board, upto, budget=budget).game


__all__ = ["Replayed", "apply_step", "check_state", "new_game", "replay", "replay_board"]
