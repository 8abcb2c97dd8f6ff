"""What a teacher can push, as the console sends it: ``{"kind": "puzzle", "id": ...}``,
``{"kind": "lesson", "slug": ..., "n": ...}`` or ``{"kind": "board", "token": ...,
"label": ...}``.

Making the question is two parts: what to work out (``order``: the puzzle or lesson read
from the database, or the board's token) in the caller, and the engine work
(``snapshot_of``) in an engine worker, where a hard limit stops it (tutor/core/
engine_pool.py): a refused push stops computing.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404

from tutor.boards.services import BoardProblem, ensure_modelled
from tutor.classes.questions import (
    QuestionProblem,
    from_board,
    lesson_question,
    puzzle_question,
)
from tutor.core import engine_pool
from tutor.core.question import Question
from tutor.learn.models import Lesson
from tutor.puzzles.models import Puzzle

# ("puzzle", Puzzle) | ("lesson", Lesson, number) | ("board", token, label)
Order = tuple[Any, ...]


def snapshot_for(source: Any, seconds: float | None = None) -> Question:
    """The question to push; never one whose board the engine doesn't fully model.
    ``seconds``: the engine work's time limit (default ``ENGINE_TASK_MS``)."""
    work = order(source)
    try:
        return engine_pool.run(snapshot_of, work, seconds=seconds)
    except engine_pool.EngineRefused as refused:
        raise QuestionProblem(f"this question can't be pushed: {refused}") from None


def snapshot_of(work: Order) -> Question:
    """The engine's part of making the question (no database)."""
    try:
        snapshot = _snapshot(work)
        ensure_modelled(snapshot.board)
    except BoardProblem as problem:
        raise QuestionProblem(f"this question can't be pushed: {problem}") from problem
    return snapshot


def _snapshot(work: Order) -> Question:
    kind = work[0]
    if kind == "puzzle":
        return puzzle_question(work[1])
    if kind == "lesson":
        return lesson_question(work[1], work[2])
    return from_board(work[1], work[2])


def order(source: Any) -> Order:
    """What the source asks to work out, read from the database where it lives there."""
    if not isinstance(source, dict):
        raise QuestionProblem("say what to push: a puzzle, a lesson question or a board")
    kind = source.get("kind")
    try:
        if kind == "puzzle":
            return ("puzzle", get_object_or_404(Puzzle, short_id=str(source.get("id", ""))[:16]))
        if kind == "lesson":
            slug, _, number = str(source.get("item", "")).rpartition(":")
            return ("lesson", get_object_or_404(Lesson, slug=slug[:80]), int(number))
        if kind == "board":
            return ("board", str(source.get("token", "")), str(source.get("label", ""))[:80])
    except Http404 as missing:
        raise QuestionProblem("there is no such puzzle or lesson") from missing
    except ValueError as error:  # a question number that isn't a number
        raise QuestionProblem("that lesson question doesn't exist") from error
    raise QuestionProblem("say what to push: a puzzle, a lesson question or a board")
