"""Order puzzles asked live, and the replacement walk the teacher drives after an event
question's reveal (every student's screen follows the teacher's choices)."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async

from tests.classes.helpers import connect, make_session, make_session_async, student_browser_async
from tests.classes.test_live_websocket import drain
from tests.puzzles.helpers import saved
from tutor.classes import live
from tutor.classes.panels import student_panel, teacher_panel
from tutor.classes.questions import QuestionProblem
from tutor.classes.sources import snapshot_for
from tutor.puzzles.services import question_of


@pytest.mark.django_db
def test_an_order_puzzle_is_asked_and_marked_live():
    puzzle = saved("order")
    question = question_of(puzzle)
    _, session = make_session()
    pushed = live.push(session, snapshot_for({"kind": "puzzle", "id": puzzle.short_id}))
    assert pushed.ordered and pushed.key == ">".join(question.right) == question.key

    ada, bob, cy = (live.join(session, name) for name in ("Ada", "Bob", "Cy"))
    panel = student_panel(ada)
    assert panel.count("<select") == len(question.options) and 'data-ordered="true"' in panel

    right = list(question.right)
    wrong = right[1:] + right[:1]
    assert live.record_answer(ada, pushed.pk, right).answer.right
    assert not live.record_answer(bob, pushed.pk, ">".join(wrong)).answer.right
    for broken in ([right[0]] * len(right), right[:-1], [*right, "x"], "nonsense", None):
        with pytest.raises(QuestionProblem, match="every effect in exactly one place"):
            live.record_answer(cy, pushed.pk, broken)

    bars = live.tally(pushed)
    assert [(bar.count, bar.right) for bar in bars] == [(1, True), (1, False)]
    assert bars[0].label == question.text_of(question.right)  # the order in words, with arrows
    assert "→" in teacher_panel(session)


@pytest.mark.django_db(transaction=True)
async def test_the_teacher_walks_an_event_question_and_students_follow():
    puzzle = await database_sync_to_async(saved)("event")
    teacher_browser, session = await make_session_async()
    teacher = await connect(teacher_browser, session)
    ada = await connect(await student_browser_async(session, "Ada"), session)
    await drain(teacher)
    await teacher.send_json_to(
        {"action": "push", "source": {"kind": "puzzle", "id": puzzle.short_id}}
    )
    await drain(ada)
    await drain(teacher)
    # Before the reveal there is no walk to drive.
    await teacher.send_json_to({"action": "walk", "path": "0"})
    await drain(teacher)
    question = await database_sync_to_async(lambda: session.questions.get())()
    assert question.walk_path == ""

    await teacher.send_json_to({"action": "reveal"})
    console = (await drain(teacher))[-1]["html"]
    assert 'data-action="walk" data-path="0"' in console and "for everyone" in console
    revealed = (await drain(ada))[-1]["html"]
    assert "your screen follows" in revealed and 'data-action="walk"' not in revealed

    await teacher.send_json_to({"action": "walk", "path": "0"})
    followed = (await drain(ada))[-1]["html"]
    assert "Chosen:" in followed and 'data-action="walk"' not in followed
    led = (await drain(teacher))[-1]["html"]
    assert "Start again for everyone" in led

    # Choices that don't exist, and a student trying to drive: refused, nothing changes.
    await teacher.send_json_to({"action": "walk", "path": "9,9,9"})
    assert (await teacher.receive_json_from())["type"] == "error"
    await ada.send_json_to({"action": "walk", "path": ""})
    assert (await ada.receive_json_from())["message"] == "Only the teacher can do that."
    question = await database_sync_to_async(lambda: session.questions.get())()
    assert question.walk_path == "0"

    await teacher.send_json_to({"action": "walk", "path": ""})
    restarted = (await drain(ada))[-1]["html"]
    assert "Chosen:" not in restarted
    for socket in (ada, teacher):
        await socket.disconnect()
