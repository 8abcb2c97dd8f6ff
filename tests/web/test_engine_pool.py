"""Engine work in worker processes that a hard limit stops (tutor/core/engine_pool.py): for
real, with child processes, a wall-clock limit and a memory limit."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.urls import reverse

from rules_engine.ask.characteristics import answer_json, evaluate_board
from rules_engine.errors import BoardError
from tutor.boards import engine
from tutor.boards.codec import encode_board
from tutor.core import engine_pool
from tutor.core.engine_pool import EngineRefused, EngineTooSlow, Limits, Pool

MEMORY = 400 * 1024 * 1024
# Secure the Wastes with X = 10^9: a billion Warrior tokens (issue 24, item 1).
HUGE_X = {
    "format": "mtg-board/1",
    "players": ["Alice", "Bob"],
    "steps": [{"cast": "Secure the Wastes", "controller": "Alice", "x": 10**9}],
}
ONE_BEAR = {
    "format": "mtg-board/1",
    "players": ["Alice", "Bob"],
    "steps": [{"enter": "Grizzly Bears", "controller": "Alice", "as": "bear"}],
}


# --- Tasks: module-level, so a worker imports them by name ----------------------------


def _allocate(size: int) -> int:
    return len(bytearray(size))


def _sleep_then_write(path: str, seconds: float) -> None:
    time.sleep(seconds)
    Path(path).write_text("still computing")


def _nested() -> bool:
    """In a worker, engine work runs inline: there is no pool to send it to."""
    return engine_pool.current() is None and engine_pool.in_worker()


def _bad_board() -> None:
    evaluate_board({"format": "mtg-board/1", "players": [], "steps": []})


@pytest.fixture(scope="module")
def pool() -> Iterator[Pool]:
    # One worker, so a task that follows a killed one runs on its replacement.
    made = Pool(Limits(workers=1, task_seconds=20, memory_bytes=MEMORY, queue_seconds=30))
    try:
        made.run(os.getpid)  # the forkserver has loaded the card library
        yield made
    finally:
        made.close()


def test_a_task_past_its_time_is_killed_with_its_worker(pool, tmp_path):
    before = pool.run(os.getpid)
    marker = tmp_path / "marker"
    started = time.monotonic()
    with pytest.raises(EngineTooSlow, match="takes too long"):
        pool.run(_sleep_then_write, str(marker), 3.0, seconds=0.5)
    assert time.monotonic() - started < 2.5
    after = pool.run(os.getpid)
    assert after != before  # a fresh worker took the killed one's place
    time.sleep(3)
    assert not marker.exists()  # the refused task stopped computing


def test_a_task_out_of_memory_ends_its_worker_and_the_next_task_runs(pool):
    with pytest.raises(EngineRefused, match="more memory"):
        pool.run(_allocate, 2 * MEMORY)
    assert pool.run(_allocate, 1024) == 1024


def test_a_board_with_a_billion_tokens_is_refused_and_the_pool_carries_on(pool):
    with pytest.raises((EngineRefused, BoardError)):
        pool.run(evaluate_board, HUGE_X, seconds=10)
    answer = answer_json(pool.run(evaluate_board, ONE_BEAR))
    assert answer["objects"]["bear"]["power"] == 2


def test_the_engine_s_errors_come_back_as_themselves(pool):
    with pytest.raises(BoardError) as raised:
        pool.run(_bad_board)
    assert raised.value.path == "players"


def test_work_in_a_worker_runs_inline(pool):
    assert pool.run(_nested) is True


async def test_a_caller_that_gives_up_stops_the_task(pool, tmp_path):
    marker = tmp_path / "marker"
    task = asyncio.ensure_future(pool.run_async(_sleep_then_write, str(marker), 2.0))
    await asyncio.sleep(0.5)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    await asyncio.sleep(2.5)
    assert not marker.exists()
    assert pool.run(_allocate, 10) == 10


def test_without_a_pool_work_runs_in_the_calling_thread():
    assert engine_pool.current() is None
    assert engine_pool.run(os.getpid) == os.getpid()


def test_a_board_a_limit_stopped_is_refused_at_once_when_asked_again(pool, tmp_path):
    quick = Pool(Limits(workers=1, task_seconds=0.5, memory_bytes=MEMORY, queue_seconds=30))
    before = engine_pool.use(quick)
    try:
        with pytest.raises(engine.EngineStopped, match="takes too long"):
            engine._run(_sleep_then_write, str(tmp_path / "marker"), 2.0)
        started = time.monotonic()
        with pytest.raises(engine.EngineStopped, match="takes too long"):
            engine._run(_sleep_then_write, str(tmp_path / "marker"), 2.0)
        assert time.monotonic() - started < 0.1
    finally:
        engine_pool.use(before)
        quick.close()


def test_a_share_link_out_of_bounds_is_a_400_page_and_the_site_answers_on(pool, client):
    before = engine_pool.use(pool)
    try:
        refused = client.get(reverse("board", args=[encode_board(HUGE_X)]))
        assert refused.status_code == 400
        fine = client.get(reverse("board", args=[encode_board(ONE_BEAR)]))
        assert fine.status_code == 200 and "Grizzly Bears" in fine.content.decode()
    finally:
        engine_pool.use(before)
