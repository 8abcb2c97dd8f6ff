"""The live websocket under what a classroom throws at it: any frame at all gets an answer
(never a crash, close 1011); answers are acknowledged by the client's id, repeats too;
presence is a heartbeat that heals itself; a push's engine work holds up no other class;
the reveal is rendered once for the whole class."""

from __future__ import annotations

import datetime
import json
import threading

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from tests.classes.helpers import connect, make_session_async, student_browser_async
from tests.classes.test_live_websocket import drain
from tests.puzzles.helpers import saved
from tutor.classes import panels, presence, pushing, wire
from tutor.classes.models import Student, StudentAnswer

pytestmark = pytest.mark.django_db(transaction=True)


async def _class_with_a_question(names=("Ada",)):  # noqa: ANN202
    puzzle = await database_sync_to_async(saved)("pt")
    teacher_browser, session = await make_session_async()
    teacher = await connect(teacher_browser, session)
    students = [await connect(await student_browser_async(session, n), session) for n in names]
    await teacher.send_json_to(
        {"action": "push", "source": {"kind": "puzzle", "id": puzzle.short_id}}
    )
    for socket in [teacher, *students]:
        await drain(socket)
    question = await database_sync_to_async(lambda: session.questions.get())()
    return session, teacher, students, question


BAD_FRAMES = [
    ("not json", "Send JSON text."),
    ("[" * 30_000 + "]" * 30_000, "Send JSON text."),  # RecursionError in the parser
    (json.dumps({"action": "answer", "answer": [[[[[[1]]]]]]}), "nested too deeply"),
    ("x" * (wire.MAX_FRAME + 1), "too long"),
    (json.dumps([1, 2]), "Unknown action."),
    ("null", "Unknown action."),
    (json.dumps({"action": 5}), "Unknown action."),
    (json.dumps({"action": "dance"}), "Unknown action."),
    (json.dumps({"action": "answer", "question": "one"}), "which question"),
    (json.dumps({"action": "answer", "question": True}), "which question"),
    (json.dumps({"action": "answer", "question": 10**30}), "which question"),
    (json.dumps({"action": "answer", "question": 10**9}), "isn't part of this session"),
    (json.dumps({"action": "answer", "question": 1, "id": {"x": 1}}), ""),
]


async def test_no_frame_crashes_the_connection():
    session, teacher, (ada,), question = await _class_with_a_question()
    for text, said in BAD_FRAMES:
        await ada.send_to(text_data=text)
        reply = await ada.receive_json_from(timeout=5)
        assert reply["type"] == "error" and said in reply["message"], (text[:40], reply)
    await ada.send_to(bytes_data=b"\x00" * 10)
    assert (await ada.receive_json_from())["type"] == "error"
    # Still connected and still counted: the next answer goes through.
    await ada.send_json_to(
        {"action": "answer", "id": "a1", "question": question.pk, "answer": "2/2"}
    )
    ack = await ada.receive_json_from()
    assert ack["type"] == "answered" and ack["id"] == "a1"
    # The teacher's bad pushes and steps too.
    for bad in (
        {"action": "push", "source": [1]},
        {"action": "push", "source": {"kind": "board", "token": "%%%"}},
        {"action": "step", "step": "two"},
        {"action": "walk", "path": {"deep": [1]}},
    ):
        await teacher.send_json_to(bad)
        replies = await drain(teacher)
        assert replies and replies[0]["type"] in ("error", "state"), bad
    assert await database_sync_to_async(Student.objects.get)(session=session)
    for socket in (ada, teacher):
        await socket.disconnect()


async def test_every_answer_is_acknowledged_by_its_id_repeats_too():
    session, teacher, (ada,), question = await _class_with_a_question()
    await ada.send_json_to(
        {"action": "answer", "id": "first", "question": question.pk, "answer": "3/3"}
    )
    first = await ada.receive_json_from()
    assert first["id"] == "first" and not first["repeat"]
    assert "Your answer: <strong>3/3</strong>" in first["notice"]
    # The client resends it (it never saw the ack) and then sends another answer.
    for answer_id, answer in (("first", "3/3"), ("second", "4/4")):
        await ada.send_json_to(
            {"action": "answer", "id": answer_id, "question": question.pk, "answer": answer}
        )
        again = await ada.receive_json_from()
        assert again["id"] == answer_id and again["repeat"] and again["answer"] == "3/3"
    assert await database_sync_to_async(StudentAnswer.objects.count)() == 1
    # An answer that can never be taken is refused for good (the client stops resending).
    await teacher.send_json_to({"action": "lock"})
    await drain(ada)
    await ada.send_json_to({"action": "answer", "id": "late", "question": 10**9, "answer": "1"})
    refused = await ada.receive_json_from()
    assert refused["type"] == "error" and refused["id"] == "late" and refused["final"]
    for socket in (ada, teacher):
        await socket.disconnect()


async def test_presence_is_a_heartbeat_and_heals_itself():
    session, teacher, (ada, bo), question = await _class_with_a_question(("Ada", "Bo"))
    students = await database_sync_to_async(lambda: list(session.students.all()))()
    assert all(s.online for s in students)
    # Bo's server process dies: no disconnect ever arrives, Bo is simply not heard from.
    long_ago = timezone.now() - datetime.timedelta(minutes=5)
    await database_sync_to_async(
        lambda: Student.objects.filter(name="Bo").update(last_seen=long_ago)
    )()
    await teacher.send_json_to({"action": "ping"})
    roster = (await drain(teacher))[-1]["html"]
    assert 'Ada <span class="muted">● online' in roster
    assert 'Bo <span class="muted">○ away' in roster
    # A heartbeat brings a student back.
    bo_student = await database_sync_to_async(Student.objects.get)(name="Bo")
    await database_sync_to_async(presence.seen)(bo_student.pk)
    assert await database_sync_to_async(presence.online_count)(session.pk) == 2
    # A page closed cleanly is away at once.
    await ada.disconnect()
    ada_student = await database_sync_to_async(Student.objects.get)(name="Ada")
    assert not ada_student.online
    for socket in (bo, teacher):
        await socket.disconnect()


async def test_a_slow_push_holds_up_no_other_class(settings, monkeypatch):
    settings.CLASS_PUSH_BUDGET_MS = 20_000
    session, teacher, (ada,), question = await _class_with_a_question()
    release = threading.Event()
    slow_started = threading.Event()
    real = pushing.snapshot_for

    def slow(source):  # noqa: ANN001, ANN202
        slow_started.set()
        release.wait(20)
        return real(source)

    monkeypatch.setattr(pushing, "snapshot_for", slow)
    await teacher.send_json_to({"action": "push", "source": {"kind": "puzzle", "id": "x"}})
    await database_sync_to_async(lambda: slow_started.wait(20), thread_sensitive=False)()
    # While that board is being worked out, a student's answer is stored and acknowledged.
    await ada.send_json_to(
        {"action": "answer", "id": "a", "question": question.pk, "answer": "1/1"}
    )
    ack = await ada.receive_json_from(timeout=10)
    assert ack["type"] == "answered"
    release.set()
    replies = await drain(teacher)
    assert any(r["type"] == "error" for r in replies)  # no puzzle "x"
    for socket in (ada, teacher):
        await socket.disconnect()


async def test_a_board_over_the_push_budget_is_refused_with_a_message(settings, monkeypatch):
    settings.CLASS_PUSH_BUDGET_MS = 50
    session, teacher, (ada,), question = await _class_with_a_question()
    release = threading.Event()
    monkeypatch.setattr(pushing, "snapshot_for", lambda source: release.wait(20))
    await teacher.send_json_to({"action": "push", "source": {"kind": "puzzle", "id": "x"}})
    refused = await teacher.receive_json_from(timeout=10)
    release.set()
    assert refused["type"] == "error" and "takes too long" in refused["message"]
    assert await database_sync_to_async(session.questions.count)() == 1
    for socket in (ada, teacher):
        await socket.disconnect()


async def test_the_reveal_is_rendered_once_for_the_whole_class(monkeypatch):
    session, teacher, students, question = await _class_with_a_question(("Ada", "Bo", "Cy"))
    ada, bo, cy = students
    await ada.send_json_to({"action": "answer", "question": question.pk, "answer": question.key})
    await bo.send_json_to({"action": "answer", "question": question.pk, "answer": "7/7"})
    for socket in (ada, bo):
        assert (await socket.receive_json_from())["type"] == "answered"
    await drain(teacher)
    renders = {"shared": 0, "student": 0}
    shared, single = panels.shared_student_panel, panels.student_panel

    def count(kind, render):  # noqa: ANN001, ANN202
        def counted(*args):  # noqa: ANN002, ANN202
            renders[kind] += 1
            return render(*args)

        return counted

    monkeypatch.setattr(panels, "shared_student_panel", count("shared", shared))
    monkeypatch.setattr(panels, "student_panel", count("student", single))
    await teacher.send_json_to({"action": "reveal"})
    seen = [(await drain(s))[-1]["html"] for s in students]
    assert renders == {"shared": 1, "student": 0}
    key = question.key_text
    assert f"✔ Right: the answer is <strong>{key}</strong>" in seen[0]
    assert "✘ You said 7/7; the answer is" in seen[1]
    assert "You said" not in seen[2] and "Right:" not in seen[2] and key in seen[2]
    assert all(panels.VERDICT_SLOT not in html for html in seen)
    for socket in [teacher, *students]:
        await socket.disconnect()
