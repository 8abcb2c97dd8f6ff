"""The shared walk-through's bounds: a revealed layer question has steps 0 to the last one,
and neither the console nor the server goes past it (one extra click must never end the
explanation for everyone)."""

from __future__ import annotations

import json
from functools import lru_cache

from tutor.boards.services import BoardProblem, layer_step, load_board
from tutor.classes.models import LiveQuestion


def last_step(question: LiveQuestion) -> int:
    """The last step of the question's layer stepper (0 when it has none)."""
    if not question.stepper_object:
        return 0
    return _last(question.pk, question.board_json, question.stepper_object)


@lru_cache(maxsize=64)
def _last(question_id: int, board_json: str, label: str) -> int:
    try:
        frame = layer_step(load_board(json.loads(board_json)), label, {"step": "0"})
    except BoardProblem:
        return 0
    return max(0, frame.count - 1)


def clamp(question: LiveQuestion, step: int) -> int:
    return max(0, min(step, last_step(question)))
