"""A class push's engine work runs in an engine worker (tutor/classes/pushing.py): a push
over its budget is refused and its worker killed, so the refused board stops computing,
while another class's students answer and see the reveal (issue 24, item 3)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from channels.db import database_sync_to_async

from tests.classes.helpers import connect, make_session_async
from tests.classes.test_live_robustness import _class_with_a_question
from tests.classes.test_live_websocket import drain
from tutor.classes import sources
from tutor.core import engine_pool
from tutor.core.engine_pool import Limits, Pool

pytestmark = pytest.mark.django_db(transaction=True)
MARKER = "LAYERLAB_SLOW_PUSH_MARKER"


def slow_snapshot(work: object) -> object:
    """In the worker: a board that takes three seconds, then says it was still computing."""
    time.sleep(3)
    Path(os.environ[MARKER]).write_text("still computing")
    raise AssertionError("never reached in time")


@pytest.fixture
def pool(monkeypatch, tmp_path) -> Iterator[Pool]:
    monkeypatch.setenv(MARKER, str(tmp_path / "marker"))  # before the forkserver starts
    made = Pool(Limits(workers=2, task_seconds=20, memory_bytes=1 << 30, queue_seconds=30))
    try:
        made.run(os.getpid)
        yield made
    finally:
        engine_pool.use(None)
        made.close()


async def test_a_refused_push_stops_computing_and_holds_up_no_other_class(
    pool, settings, monkeypatch, tmp_path
):
    _, other_teacher, (ada,), question = await _class_with_a_question()
    engine_pool.use(pool)  # from now on pushes work their boards out in the pool's workers
    settings.CLASS_PUSH_BUDGET_MS = 500
    teacher_browser, session = await make_session_async("another-mentor")
    teacher = await connect(teacher_browser, session)
    monkeypatch.setattr(sources, "snapshot_of", slow_snapshot)
    started = time.monotonic()
    await teacher.send_json_to({"action": "push", "source": {"kind": "board", "token": "x"}})
    # Meanwhile the other class answers and reveals as usual.
    await ada.send_json_to(
        {"action": "answer", "id": "a", "question": question.pk, "answer": "1/1"}
    )
    assert (await ada.receive_json_from(timeout=10))["type"] == "answered"
    await other_teacher.send_json_to({"action": "reveal"})
    revealed = await drain(ada)
    assert any("the answer is" in m.get("html", "") for m in revealed)
    refused = await teacher.receive_json_from(timeout=10)
    assert refused["type"] == "error" and "takes too long" in refused["message"]
    assert time.monotonic() - started < 3
    await database_sync_to_async(time.sleep, thread_sensitive=False)(3.5)
    assert not (tmp_path / "marker").exists()  # the refused board stopped computing
    assert await database_sync_to_async(session.questions.count)() == 0
    for socket in (ada, teacher, other_teacher):
        await socket.disconnect()
