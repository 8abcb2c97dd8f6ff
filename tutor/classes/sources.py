"""What a teacher can push, as the console sends it: ``{"kind": "puzzle", "id": ...}``,
``{"kind": "lesson", "slug": ..., "n": ...}`` or ``{"kind": "board", "token": ...,
"label": ...}``."""

from __future__ import annotations

from typing import Any

from django.http import Http404

from tutor.boards.services import BoardProblem, ensure_modelled
from tutor.classes.questions import QuestionProblem, Snapshot, from_board, from_lesson, from_puzzle


def snapshot_for(source: Any) -> Snapshot:
    """The question to push; never one whose board the engine doesn't fully model."""
    snapshot = _snapshot(source)
    try:
        ensure_modelled(snapshot.board)
    except BoardProblem as problem:
        raise QuestionProblem(f"this question can't be pushed: {problem}") from problem
    return snapshot


def _snapshot(source: Any) -> Snapshot:
    if not isinstance(source, dict):
        raise QuestionProblem("say what to push: a puzzle, a lesson question or a board")
    kind = source.get("kind")
    try:
        if kind == "puzzle":
            return from_puzzle(str(source.get("id", ""))[:16])
        if kind == "lesson":
            slug, _, number = str(source.get("item", "")).rpartition(":")
            return from_lesson(slug[:80], int(number))
        if kind == "board":
            return from_board(str(source.get("token", "")), str(source.get("label", ""))[:80])
    except Http404 as missing:
        raise QuestionProblem("there is no such puzzle or lesson") from missing
    except QuestionProblem:
        raise
    except ValueError as error:  # a question number that isn't a number
        raise QuestionProblem("that lesson question doesn't exist") from error
    raise QuestionProblem("say what to push: a puzzle, a lesson question or a board")
