"""Replaying a board's steps as one game: each step verified and performed by its kind,
then state-based actions (CR 704.3), within a bounded amount of work."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import assert_never

from rules_engine.board import Board
from rules_engine.errors import BoardError
from rules_engine.game import Game, GameObject
from rules_engine.gaps import board_gaps
from rules_engine.perform import chars_of, note_unmodelled
from rules_engine.sba import StateBasedAction, chapters_still_waiting
from rules_engine.selection import Context, World, condition_holds
from rules_engine.steps import (
    ActivateStep,
    AttachStep,
    CastStep,
    CountersStep,
    DamageStep,
    EndStep,
    EnterStep,
    FaceStep,
    LeaveStep,
    PhaseStep,
    Step,
)
from rules_engine.timeline import simple
from rules_engine.timeline.activate import activate, unpair_broken
from rules_engine.timeline.ascend import ascend
from rules_engine.timeline.cast import cast
from rules_engine.timeline.common import add_object
from rules_engine.timeline.enter import enter
from rules_engine.timeline.state_based import Checks, check_state
from rules_engine.work import WorkExceeded, metered

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
        designations=board.designations,
        starting_life=tuple(board.starting_life.items()),
    )
    for player, zones in board.zones.items():
        for zone, cards in zones.items():
            if isinstance(cards, int):
                continue
            for i, card in enumerate(cards):
                game = add_object(
                    game, GameObject(f"{player}.{zone}[{i}]", card, player, player, zone, 0, 0)
                )
    return game


def apply_step(game: Game, step: Step) -> Game:
    """One step of the timeline (board format, "Steps"), verified and performed by its
    kind; a kind of step not handled here fails the type check (``assert_never``)."""
    match step:
        case EnterStep():
            return enter(game, step)
        case CastStep():
            return cast(game, step)
        case ActivateStep():
            return activate(game, step)
        case CountersStep():
            return simple.counters(game, step)
        case DamageStep():
            return simple.damage(game, step)
        case LeaveStep():
            return simple.leave(game, step)
        case AttachStep():
            return simple.attach(game, step)
        case EndStep():
            return simple.end(game, step)
        case FaceStep():
            return simple.face(game, step)
        case PhaseStep():
            return simple.phase(game, step)
        case _:
            assert_never(step)


@dataclass(frozen=True, slots=True)
class Replayed:
    """The game after the board's steps: ``before`` the last state-based action check, and
    ``game`` once it is done, with what each check did (``checks``)."""

    before: Game
    game: Game
    checks: Checks

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
    checks: Checks = ()
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
    # CR 714.4: a Saga kept by a chapter no step resolved is named, never silently kept.
    game = note_unmodelled(game, chapters_still_waiting(game, chars_of(game)))
    return Replayed(before, game, checks)


def replay(board: Board, upto: int | None = None, *, budget: int | None = WORK_BUDGET) -> Game:
    """The game after the board's steps (or the first ``upto`` of them)."""
    return replay_board(board, upto, budget=budget).game
