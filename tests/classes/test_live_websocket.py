"""The live session over websockets (channels' WebsocketCommunicator, the full ASGI stack):
join, push, answer, duplicate answer, reconnect, a student trying teacher messages, reveal."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from tests.classes.helpers import (
    HOST,
    ORIGIN,
    connect,
    cookie,
    make_session_async,
    student_browser_async,
)
from tests.puzzles.helpers import saved
from tutor.asgi import application
from tutor.classes import live
from tutor.classes.models import StudentAnswer
from tutor.classes.questions import QuestionProblem
from tutor.classes.sources import snapshot_for

pytestmark = pytest.mark.django_db(transaction=True)


async def drain(socket: WebsocketCommunicator) -> list[dict]:
    """Every message waiting on this socket (each state change sends one)."""
    found = []
    while not await socket.receive_nothing(timeout=0.3):
        found.append(await socket.receive_json_from())
    return found


async def test_a_whole_question_from_push_to_reveal():
    puzzle = await database_sync_to_async(saved)("pt")
    teacher_browser, session = await make_session_async()
    teacher = await connect(teacher_browser, session)
    ada_browser = await student_browser_async(session, "Ada <b>")
    ada = await connect(ada_browser, session)
    roster = await drain(teacher)
    assert "Ada &lt;b&gt;" in roster[-1]["html"]  # names are escaped, and presence shows

    await teacher.send_json_to(
        {"action": "push", "source": {"kind": "puzzle", "id": puzzle.short_id}}
    )
    question_html = (await drain(ada))[-1]["html"]
    assert "Question 1" in question_html and "Send my answer" in question_html
    assert "the answer is" not in question_html  # no key before the reveal
    await drain(teacher)
    question = await database_sync_to_async(lambda: session.questions.get())()

    await ada.send_json_to({"action": "answer", "question": question.pk, "answer": "99 / 99"})
    ack = await ada.receive_json_from()
    assert ack["type"] == "answered" and ack["answer"] == "99/99" and not ack["repeat"]
    await drain(ada)  # every tab of Ada's redraws
    assert await database_sync_to_async(StudentAnswer.objects.count)() == 1  # stored first
    tally = (await drain(teacher))[-1]
    assert (
        tally["type"] == "tally"
        and "99/99" in tally["html"]
        and "Ada" not in tally["html"].split("<table")[1]
    )

    # The same answer again, or another one: idempotent, the first answer stands.
    await ada.send_json_to({"action": "answer", "question": question.pk, "answer": question.key})
    again = await ada.receive_json_from()
    assert again["repeat"] and again["answer"] == "99/99"
    assert await database_sync_to_async(StudentAnswer.objects.count)() == 1

    await teacher.send_json_to({"action": "reveal"})
    revealed = (await drain(ada))[-1]["html"]
    assert "the answer is" in revealed and question.key_text in revealed
    assert "✘ You said 99/99" in revealed
    await drain(teacher)
    # The teacher's step drives the students' steppers.
    await teacher.send_json_to({"action": "step", "step": 1})
    followed = (await drain(ada))[-1]["html"]
    assert "Step 1 of" in followed
    for socket in (ada, teacher):
        await socket.disconnect()


async def test_a_student_cannot_send_teacher_messages():
    puzzle = await database_sync_to_async(saved)("pt")
    teacher_browser, session = await make_session_async()
    ada = await connect(await student_browser_async(session, "Ada"), session)
    for action in ("push", "lock", "reveal", "step", "end"):
        await ada.send_json_to(
            {"action": action, "source": {"kind": "puzzle", "id": puzzle.short_id}, "step": 1}
        )
        refused = await ada.receive_json_from()
        assert refused == {"type": "error", "message": "Only the teacher can do that."}
    assert not await database_sync_to_async(session.questions.exists)()
    await ada.disconnect()


async def test_reconnecting_is_the_same_student_with_the_same_answer():
    puzzle = await database_sync_to_async(saved)("pt")
    teacher_browser, session = await make_session_async()
    teacher = await connect(teacher_browser, session)
    browser = await student_browser_async(session, "Ada")
    ada = await connect(browser, session)
    await teacher.send_json_to(
        {"action": "push", "source": {"kind": "puzzle", "id": puzzle.short_id}}
    )
    await drain(ada)
    question = await database_sync_to_async(lambda: session.questions.get())()
    await ada.send_json_to({"action": "answer", "question": question.pk, "answer": "1/1"})
    await ada.receive_json_from()
    await ada.disconnect()

    back = WebsocketCommunicator(
        application, f"/ws/live/{session.join_code}/", headers=[ORIGIN, HOST, cookie(browser)]
    )
    connected, _ = await back.connect()
    assert connected
    state = await back.receive_json_from()
    assert "Your answer: <strong>1/1</strong>" in state["html"]
    students = await database_sync_to_async(lambda: list(session.students.all()))()
    assert len(students) == 1 and students[0].online
    for socket in (back, teacher):
        await socket.disconnect()


async def test_strangers_and_foreign_origins_are_refused():
    teacher_browser, session = await make_session_async()
    from django.test import Client

    stranger = WebsocketCommunicator(
        application, f"/ws/live/{session.join_code}/", headers=[ORIGIN, HOST, cookie(Client())]
    )
    connected, code = await stranger.connect()
    assert not connected and code == 4403
    foreign = WebsocketCommunicator(
        application,
        f"/ws/live/{session.join_code}/",
        headers=[(b"origin", b"https://evil.example"), HOST, cookie(teacher_browser)],
    )
    connected, _ = await foreign.connect()
    assert not connected
    # The same host on another port is another origin (another app on the machine).
    other_port = WebsocketCommunicator(
        application,
        f"/ws/live/{session.join_code}/",
        headers=[(b"origin", b"http://127.0.0.1:3000"), HOST, cookie(teacher_browser)],
    )
    connected, _ = await other_port.connect()
    assert not connected
    other_teacher, _ = await make_session_async("other")
    intruder = WebsocketCommunicator(
        application, f"/ws/live/{session.join_code}/", headers=[ORIGIN, HOST, cookie(other_teacher)]
    )
    connected, code = await intruder.connect()
    assert not connected and code == 4403


async def test_answers_after_lock_are_refused_and_bad_messages_get_errors():
    puzzle = await database_sync_to_async(saved)("pt")
    teacher_browser, session = await make_session_async()
    teacher = await connect(teacher_browser, session)
    ada = await connect(await student_browser_async(session, "Ada"), session)
    await drain(teacher)  # Ada's arrival
    await teacher.send_json_to({"action": "push", "source": {"kind": "puzzle", "id": "nosuchid"}})
    assert (await teacher.receive_json_from())["type"] == "error"
    await teacher.send_json_to(
        {"action": "push", "source": {"kind": "puzzle", "id": puzzle.short_id}}
    )
    await drain(ada)
    await teacher.send_json_to({"action": "lock"})
    await drain(ada)
    question = await database_sync_to_async(lambda: session.questions.get())()
    await ada.send_json_to({"action": "answer", "question": question.pk, "answer": "1/1"})
    assert (await ada.receive_json_from())["message"] == "answers to this question are closed"
    await ada.send_json_to({"action": "answer", "question": "1", "answer": "1/1"})
    assert (await ada.receive_json_from())["type"] == "error"
    await ada.send_json_to(["not", "an", "object"])
    assert (await ada.receive_json_from())["type"] == "error"
    for socket in (ada, teacher):
        await socket.disconnect()


async def test_an_ended_session_takes_no_more_questions_and_closes():
    puzzle = await database_sync_to_async(saved)("pt")
    teacher_browser, session = await make_session_async()
    teacher = await connect(teacher_browser, session)
    ada_browser = await student_browser_async(session, "Ada")
    ada = await connect(ada_browser, session)
    await drain(teacher)
    await teacher.send_json_to({"action": "end"})
    for socket in (ada, teacher):
        assert "ended" in (await socket.receive_json_from())["html"]
        assert await socket.receive_output() == {"type": "websocket.close", "code": 4403}
        await socket.wait()  # the consumer has finished (it left its groups)
    with pytest.raises(QuestionProblem, match="ended"):
        await database_sync_to_async(
            lambda: live.push(session, snapshot_for({"kind": "puzzle", "id": puzzle.short_id}))
        )()
    assert not await database_sync_to_async(session.questions.exists)()
    # Coming back to an ended session: not let in.
    late = WebsocketCommunicator(
        application, f"/ws/live/{session.join_code}/", headers=[ORIGIN, HOST, cookie(ada_browser)]
    )
    connected, _ = await late.connect()
    assert not connected


async def test_malformed_frames_get_errors_and_presence_stays_right():
    teacher_browser, session = await make_session_async()
    ada = await connect(await student_browser_async(session, "Ada"), session)
    await ada.send_to(text_data="not json")
    assert (await ada.receive_json_from())["type"] == "error"
    await ada.send_to(bytes_data=b"\x00")
    assert (await ada.receive_json_from())["type"] == "error"
    await ada.send_json_to({"action": ["x"]})
    assert (await ada.receive_json_from())["type"] == "error"
    await ada.disconnect()
    students = await database_sync_to_async(lambda: list(session.students.all()))()
    assert not students[0].online


async def test_a_timed_question_closes_when_its_time_is_up():
    puzzle = await database_sync_to_async(saved)("pt")
    teacher_browser, session = await make_session_async()
    teacher = await connect(teacher_browser, session)
    ada = await connect(await student_browser_async(session, "Ada"), session)
    await teacher.send_json_to(
        {"action": "push", "timer": 10, "source": {"kind": "puzzle", "id": puzzle.short_id}}
    )
    assert "Time left" in (await drain(ada))[-1]["html"]
    from django.utils import timezone

    past = timezone.now() - timezone.timedelta(seconds=30)
    await database_sync_to_async(lambda: session.questions.update(opened=past))()
    question = await database_sync_to_async(lambda: session.questions.get())()
    await ada.send_json_to({"action": "answer", "question": question.pk, "answer": "1/1"})
    assert (await ada.receive_json_from())["message"] == "answers to this question are closed"
    for socket in (ada, teacher):
        await socket.disconnect()
