"""Working out a pushed question (evaluating its board) away from the websocket event loop
and the consumers' shared database thread, within a time budget.

The engine's own work meter (rules_engine/work.py) already bounds a board's work
deterministically; this adds the hard bounds a classroom needs. The engine work runs in an
engine worker process (tutor/core/engine_pool.py) limited to ``settings.
CLASS_PUSH_BUDGET_MS``: past it the worker is killed (the refused board stops computing,
so it takes nothing from any other class) and the teacher is told the board is too slow
to push. Without a pool (tests, the shell) it runs on a thread of its own and a board over
budget is dropped, not stopped.
"""

from __future__ import annotations

import asyncio
import gc
from functools import cache
from typing import Any

from channels.db import database_sync_to_async
from django.conf import settings

from rules_engine import library_record
from tutor.classes import sources
from tutor.classes.questions import QuestionProblem
from tutor.classes.sources import snapshot_for
from tutor.core import engine_pool
from tutor.core.question import Question

TOO_SLOW = (
    "this board takes too long to work out for a live class (more than {seconds:g} s): "
    "push a smaller board, with fewer permanents or effects"
)


@cache
def _card_library() -> None:
    """Loaded once; then set aside from the garbage collector: its hundreds of thousands
    of objects live as long as the process, and scanning them in every full collection
    would pause every websocket on the process (a reveal to 200 students included)."""
    library_record("Island")
    gc.freeze()


async def snapshot_in_budget(source: Any) -> Question:
    """The question to push, or ``QuestionProblem`` if it can't be worked out in time."""
    budget = settings.CLASS_PUSH_BUDGET_MS / 1000
    pool = engine_pool.current()
    if pool is not None:
        work = await database_sync_to_async(sources.order, thread_sensitive=False)(source)
        try:
            return await pool.run_async(sources.snapshot_of, work, seconds=budget)
        except engine_pool.EngineBusy as busy:
            raise QuestionProblem(str(busy)) from None
        except engine_pool.EngineTooSlow:
            raise QuestionProblem(TOO_SLOW.format(seconds=budget)) from None
        except engine_pool.EngineRefused as refused:
            raise QuestionProblem(f"this question can't be pushed: {refused}") from None
    # The card library loads once per process (seconds, on the first push after a start):
    # that is not this board's cost, so it is not timed.
    await asyncio.to_thread(_card_library)
    inline = database_sync_to_async(snapshot_for, thread_sensitive=False)(source)
    try:
        return await asyncio.wait_for(inline, budget)
    except TimeoutError:
        raise QuestionProblem(TOO_SLOW.format(seconds=budget)) from None
