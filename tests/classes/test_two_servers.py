"""One class served by two Daphne processes sharing one Redis: the teacher on one, the
students on the other, and every message arrives (channels_redis carries the groups)."""

from __future__ import annotations

import asyncio
import json

import pytest
import websockets
from channels.db import database_sync_to_async

from tests.classes.helpers import make_session, student_browser
from tests.classes.servers import daphne
from tests.conftest import redis_url
from tests.puzzles.helpers import saved
from tutor.classes.models import StudentAnswer

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]
STUDENTS = 5


def _cookie(browser) -> str:  # noqa: ANN001
    return "; ".join(f"{k}={v.value}" for k, v in browser.cookies.items())


async def _open(base: str, code: str, cookie: str):  # noqa: ANN202
    url = base.replace("http://", "ws://") + f"/ws/live/{code}/"
    socket = await websockets.connect(
        url, additional_headers=[("Origin", base), ("Cookie", cookie)]
    )
    first = json.loads(await asyncio.wait_for(socket.recv(), 10))
    assert first["type"] == "state"
    return socket


async def _until(socket, wanted, seconds: float = 10.0) -> dict:  # noqa: ANN001
    """The first message that ``wanted`` accepts (earlier ones are other updates)."""
    async with asyncio.timeout(seconds):
        while True:
            message = json.loads(await socket.recv())
            if wanted(message):
                return message


async def test_teacher_on_one_process_students_on_another():
    puzzle = await database_sync_to_async(saved)("pt")
    teacher_browser, session = await database_sync_to_async(make_session)()
    browsers = [
        await database_sync_to_async(student_browser)(session, f"Student {n}")
        for n in range(STUDENTS)
    ]
    with daphne(redis_url()) as first, daphne(redis_url()) as second:
        teacher = await _open(first, session.join_code, _cookie(teacher_browser))
        students = [await _open(second, session.join_code, _cookie(b)) for b in browsers]
        await teacher.send(
            json.dumps({"action": "push", "source": {"kind": "puzzle", "id": puzzle.short_id}})
        )
        questions = await asyncio.gather(
            *(_until(s, lambda m: "Send my answer" in m.get("html", "")) for s in students)
        )
        assert all("Question 1" in q["html"] for q in questions)
        question = await database_sync_to_async(lambda: session.questions.get())()
        for n, socket in enumerate(students):
            await socket.send(
                json.dumps({"action": "answer", "question": question.pk, "answer": f"{n}/{n}"})
            )
        acks = await asyncio.gather(
            *(_until(s, lambda m: m["type"] == "answered") for s in students)
        )
        assert sorted(a["answer"] for a in acks) == [f"{n}/{n}" for n in range(STUDENTS)]
        tally = await _until(
            teacher, lambda m: f"{STUDENTS} of {STUDENTS} answered" in m.get("html", "")
        )
        # A tally, or the teacher's redraw after the push if it was read after the answers.
        assert tally["type"] in ("tally", "state")
        await teacher.send(json.dumps({"action": "reveal"}))
        revealed = await asyncio.gather(
            *(_until(s, lambda m: "the answer is" in m.get("html", "")) for s in students)
        )
        assert len(revealed) == STUDENTS
        for socket in [teacher, *students]:
            await socket.close()
    assert await database_sync_to_async(StudentAnswer.objects.count)() == STUDENTS
