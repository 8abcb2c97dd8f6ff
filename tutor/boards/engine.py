"""The engine's entry points as the site calls them on boards it didn't write: in a worker
process that a hard limit can stop (``tutor.core.engine_pool``), and cached here, in the
server process, by the board's content, so stepping through one board works it out once.

A board stopped by a limit is a ``BoardProblem`` (a 400 with the reason; ``EngineBusy``, a
503, when no worker was free), like any other board the site can't use. Site code never
calls ``rules_engine.ask.characteristics.evaluate_board`` or ``rules_engine.ask.event``'s
functions on such a board directly; the lessons' own boards (tutor/learn) are the site's
content and run where they are.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from functools import lru_cache
from typing import Any

from rules_engine import (
    CORRECT_LAYERS,
    CORRECT_REPLACEMENT,
    EventExploration,
    LayerMisreading,
    ReplacementMisreading,
    Result,
)
from rules_engine import evaluate_board as _evaluate_board
from rules_engine import event_answer as _event_answer
from rules_engine import explore_event as _explore_event
from tutor.boards.problems import BoardProblem
from tutor.core import engine_pool


class EngineStopped(BoardProblem):
    """A board a hard limit stopped (``engine_pool.EngineRefused``), or, a 503, one that
    never started because every worker was busy."""


class EngineBusy(EngineStopped):
    status = 503


# Work a limit stopped, and why: asked again (a reload, a crawler), it is refused at once
# instead of costing a worker its whole time limit again. Never a "busy": that one may run.
_stopped: OrderedDict[tuple[Any, ...], str] = OrderedDict()
_stopped_lock = threading.Lock()
STOPPED_KEPT = 256


def _run(function: Any, *args: Any) -> Any:
    key = (function, *args)
    with _stopped_lock:
        known = _stopped.get(key)
    if known is not None:
        raise EngineStopped(known)
    try:
        return engine_pool.run(function, *args)
    except engine_pool.EngineBusy as busy:
        raise EngineBusy(str(busy)) from None
    except engine_pool.EngineRefused as refused:
        with _stopped_lock:
            _stopped[key] = str(refused)
            while len(_stopped) > STOPPED_KEPT:
                _stopped.popitem(last=False)
        raise EngineStopped(str(refused)) from None


def _canonical(board: Any) -> str:
    return json.dumps(board, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _evaluate_content(content: str, misreading: LayerMisreading) -> Result:
    """In the worker: the board's evaluation."""
    return _evaluate_board(json.loads(content), misreading=misreading)


def _explore_content(content: str, misreading: ReplacementMisreading) -> EventExploration:
    return _explore_event(json.loads(content), misreading)


@lru_cache(maxsize=64)
def _evaluated(content: str, misreading: LayerMisreading) -> Result:
    return _run(_evaluate_content, content, misreading)  # type: ignore[no-any-return]


@lru_cache(maxsize=64)
def _explored(content: str, misreading: ReplacementMisreading) -> EventExploration:
    return _run(_explore_content, content, misreading)  # type: ignore[no-any-return]


def evaluate_board(board: Any, *, misreading: LayerMisreading = CORRECT_LAYERS) -> Result:
    """``rules_engine.ask.characteristics.evaluate_board`` within the hard limits, cached
    by content.
    The result is shared between callers: never change it."""
    return _evaluated(_canonical(board), misreading)


def explore_event(
    board: Any, misreading: ReplacementMisreading = CORRECT_REPLACEMENT
) -> EventExploration:
    """``rules_engine.ask.event.explore_event`` within the hard limits, cached."""
    return _explored(_canonical(board), misreading)


def _event_answer_content(content: str) -> dict[str, Any]:
    return _event_answer(json.loads(content))


def event_answer(board: Any) -> dict[str, Any]:
    """``rules_engine.ask.event.event_answer`` within the hard limits (the API's:
    a fresh dict each time, so not cached)."""
    return _run(_event_answer_content, _canonical(board))  # type: ignore[no-any-return]
