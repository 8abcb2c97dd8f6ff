"""The engine's entry points as the site calls them on boards it didn't write: in a worker
process that a hard limit can stop (``tutor.core.engine_pool``), and cached here, in the
server process, by the board's content, so stepping through one board works it out once.

A board stopped by a limit is a ``BoardProblem`` (a 400 with the reason; ``EngineBusy``, a
503, when no worker was free), like any other board the site can't use. Site code never
calls ``rules_engine.answers.evaluate_board`` or ``rules_engine.replacement.answer``'s
functions on such a board directly; the lessons' own boards (tutor/learn) are the site's
content and run where they are.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from rules_engine import answers
from rules_engine.answers import Result
from rules_engine.misreadings import (
    CORRECT_LAYERS,
    CORRECT_REPLACEMENT,
    LayerMisreading,
    ReplacementMisreading,
)
from rules_engine.replacement import answer
from rules_engine.replacement.answer import EventExploration
from tutor.boards.problems import BoardProblem
from tutor.core import engine_pool


class EngineStopped(BoardProblem):
    """A board a hard limit stopped (``engine_pool.EngineRefused``), or, a 503, one that
    never started because every worker was busy."""


class EngineBusy(EngineStopped):
    status = 503


def _run(function: Any, *args: Any) -> Any:
    try:
        return engine_pool.run(function, *args)
    except engine_pool.EngineRefused as refused:
        busy = isinstance(refused, engine_pool.EngineBusy)
        raise (EngineBusy if busy else EngineStopped)(str(refused)) from None


def _canonical(board: Any) -> str:
    return json.dumps(board, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _evaluate_content(content: str, misreading: LayerMisreading) -> Result:
    """In the worker: the board's evaluation."""
    return answers.evaluate_board(json.loads(content), misreading=misreading)


def _explore_content(content: str, misreading: ReplacementMisreading) -> EventExploration:
    return answer.explore_event(json.loads(content), misreading)


@lru_cache(maxsize=64)
def _evaluated(content: str, misreading: LayerMisreading) -> Result:
    return _run(_evaluate_content, content, misreading)  # type: ignore[no-any-return]


@lru_cache(maxsize=64)
def _explored(content: str, misreading: ReplacementMisreading) -> EventExploration:
    return _run(_explore_content, content, misreading)  # type: ignore[no-any-return]


def evaluate_board(board: Any, *, misreading: LayerMisreading = CORRECT_LAYERS) -> Result:
    """``rules_engine.answers.evaluate_board`` within the hard limits, cached by content.
    The result is shared between callers: never change it."""
    return _evaluated(_canonical(board), misreading)


def explore_event(
    board: Any, misreading: ReplacementMisreading = CORRECT_REPLACEMENT
) -> EventExploration:
    """``rules_engine.replacement.answer.explore_event`` within the hard limits, cached."""
    return _explored(_canonical(board), misreading)


def event_answer(board: Any) -> dict[str, Any]:
    """``rules_engine.replacement.answer.event_answer`` within the hard limits (the API's:
    a fresh dict each time, so not cached)."""
    return _run(answer.event_answer, board)  # type: ignore[no-any-return]
