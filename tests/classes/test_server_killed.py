"""A server process killed (SIGKILL) in the middle of a burst of answers loses nothing:
two Daphne processes share Redis, fifteen students answer at once, the process half of
them are on dies, comes back, and they reconnect and send again what was never
acknowledged. Every answer ends up stored exactly once, and acknowledged."""

from __future__ import annotations

import asyncio

import pytest
from channels.db import database_sync_to_async

from tests import serving
from tests.classes import servers
from tests.classes.helpers import make_session, student_browser
from tests.conftest import redis_url
from tests.puzzles.helpers import saved
from tutor.classes.liveclient import LivePage
from tutor.classes.models import StudentAnswer

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]
STUDENTS = 15


def _cookie(browser) -> str:  # noqa: ANN001
    return "; ".join(f"{k}={v.value}" for k, v in browser.cookies.items())


async def test_answers_survive_a_server_killed_mid_burst():
    puzzle = await database_sync_to_async(saved)("pt")
    teacher_browser, session = await database_sync_to_async(make_session)()
    browsers = [
        await database_sync_to_async(student_browser)(session, f"Student {n}")
        for n in range(STUDENTS)
    ]
    env = {"DATABASE_URL": servers.test_database_url(), "REDIS_URL": redis_url()}
    with serving.daphne_server(env) as steady, serving.daphne_server(env) as doomed:
        code = session.join_code
        teacher = LivePage(steady.url, code, _cookie(teacher_browser))
        await teacher.open()
        pages = [
            LivePage((steady if n % 2 else doomed).url, code, _cookie(b))
            for n, b in enumerate(browsers)
        ]
        await asyncio.gather(*(page.open() for page in pages))
        await teacher.send({"action": "push", "source": {"kind": "puzzle", "id": puzzle.short_id}})
        await asyncio.gather(
            *(page.until(lambda m: "Send my answer" in m.get("html", "")) for page in pages)
        )
        question = await database_sync_to_async(lambda: session.questions.get().pk)()

        sent = {}
        for n, page in enumerate(pages):
            sent[n] = await page.answer(question, f"{n}/{n}")
            if n == STUDENTS // 2:
                doomed.kill()  # mid-burst: some answers in flight, some not yet sent
        await asyncio.sleep(0.5)
        await asyncio.to_thread(doomed.start)
        await asyncio.wait_for(
            asyncio.gather(*(page.all_acked.wait() for page in pages)), timeout=60
        )
        assert sum(page.reconnections for page in pages) >= STUDENTS // 2
        for n, page in enumerate(pages):
            assert page.acks[sent[n]]["answer"] == f"{n}/{n}"
        for page in [teacher, *pages]:
            await page.close()

    stored = await database_sync_to_async(
        lambda: sorted(
            StudentAnswer.objects.filter(question_id=question).values_list(
                "student__name", "answer"
            )
        )
    )()
    assert stored == sorted((f"Student {n}", f"{n}/{n}") for n in range(STUDENTS))


def test_an_answer_is_kept_until_it_is_acknowledged():
    """Sent while no server answers: kept, whole, to be sent again on reconnection."""
    page = LivePage("http://127.0.0.1:1", "ABCDEF", "")
    answer_id = asyncio.run(page.answer(7, "1/1"))
    assert page.pending == {
        answer_id: {"action": "answer", "id": answer_id, "question": 7, "answer": "1/1"}
    }
    assert not page.all_acked.is_set()
