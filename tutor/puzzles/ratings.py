"""Recording a first attempt and updating both ratings, atomically.

Two learners answering one puzzle at the same moment must not both start from
the puzzle's old rating (a lost update), and one learner submitting twice must
be rated once: the puzzle and learner rows are locked (always in that order, so
two attempts can't deadlock) and the unique constraint on (learner, puzzle)
backs the "first attempt only" rule.

Who moves (docs/ratings.md): an answer moves both ratings; a bare give-up moves only
the learner's (giving up says nothing about how hard the puzzle is, and costs a
throwaway session nothing); an attempt past its address's cap for the last hour
(``services.counts_for_rating``), or at a disputed puzzle, is kept but moves neither.
How far an answer moves the puzzle grows with the learner's answered puzzles
(``puzzle_weight``): a new session's first answers move it not at all, so thirty throwaway
sessions can't push a puzzle around.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F

from tutor.puzzles.glicko2 import duel, weighted
from tutor.puzzles.models import Attempt, Learner, Puzzle
from tutor.puzzles.services import question_of


def answered(learner: Learner) -> int:
    """The puzzles this learner has answered (give-ups aside)."""
    return Attempt.objects.filter(learner=learner, gave_up=False).count()


def puzzle_weight(learner: Learner) -> float:
    """How much of a full Glicko-2 change this learner's answer makes to a puzzle: the
    square of the share of ``PUZZLE_ESTABLISHED_ANSWERS`` answered puzzles they have
    behind them (0 for a first answer, 1/400 after one, full after all of them)."""
    needed = settings.PUZZLE_ESTABLISHED_ANSWERS
    if needed <= 0:  # every learner established (tests of other rules)
        return 1.0
    return (min(answered(learner), needed) / needed) ** 2


@dataclass(frozen=True, slots=True)
class Recorded:
    attempt: Attempt
    # False when the learner had already attempted the puzzle: nothing changed.
    first: bool


def record_attempt(
    puzzle_id: int,
    learner_id: int,
    answer: Sequence[str],
    right: bool,
    gave_up: bool = False,
    counted: bool = True,
) -> Recorded:
    """Store the learner's first attempt and rate it; a later one returns the first.

    ``answer``: the option keys (or typed text) given, kept in the one answer encoding of
    the puzzle's question (``tutor.core.question``); ``()`` for a give-up.
    ``counted=False``: kept, but rated for nobody (its address is past its cap)."""
    try:
        with transaction.atomic():
            puzzle = Puzzle.objects.select_for_update().get(pk=puzzle_id)
            learner = Learner.objects.select_for_update().get(pk=learner_id)
            earlier = Attempt.objects.filter(puzzle=puzzle, learner=learner).first()
            if earlier is not None:
                return Recorded(earlier, first=False)
            new_learner, new_puzzle = duel(learner.glicko, puzzle.glicko, right)
            new_puzzle = weighted(puzzle.glicko, new_puzzle, puzzle_weight(learner))
            if gave_up:
                new_puzzle = puzzle.glicko
            if not puzzle.rated or not counted:  # disputed, or past the cap: kept, unrated
                new_learner, new_puzzle = learner.glicko, puzzle.glicko
            attempt = Attempt.objects.create(
                learner=learner,
                puzzle=puzzle,
                answer=question_of(puzzle).encode(answer),
                right=right,
                gave_up=gave_up,
                learner_before=learner.rating,
                learner_after=new_learner.rating,
                puzzle_before=puzzle.rating,
                puzzle_after=new_puzzle.rating,
            )
            learner.set_glicko(new_learner)
            learner.save(update_fields=["rating", "deviation", "volatility"])
            puzzle.set_glicko(new_puzzle)
            puzzle.attempts = F("attempts") + 1
            puzzle.solved = F("solved") + int(right)
            puzzle.save(update_fields=["rating", "deviation", "volatility", "attempts", "solved"])
            return Recorded(attempt, first=True)
    except IntegrityError:
        # Only where row locks don't exist (SQLite) can a twin slip past the check above.
        return Recorded(Attempt.objects.get(puzzle_id=puzzle_id, learner_id=learner_id), False)
