"""The classes pages: who may see what, joining, the live page, reports and the CSV."""

from __future__ import annotations

import csv
import io
import time
import uuid

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from tests.classes.helpers import make_session, student_browser
from tests.puzzles.helpers import saved
from tests.web.boards import PEEK_LINE, not_modelled_section, peek_token, with_peek
from tutor.classes import live
from tutor.classes.models import Classroom, StudentAnswer
from tutor.classes.panels import student_panel, teacher_panel
from tutor.classes.questions import QuestionProblem
from tutor.classes.sources import snapshot_for

pytestmark = pytest.mark.django_db


def test_anyone_can_join_but_only_a_teacher_creates_classes(client):
    page = client.get(reverse("classes")).content.decode()
    assert "Join a class" in page and "Log in" in page
    refused = client.post(reverse("classes"), {"name": "Mine"})
    assert refused.status_code == 302 and "/accounts/login/" in refused["Location"]
    User.objects.create_user("mentor", password="a-long-passphrase-9")
    client.login(username="mentor", password="a-long-passphrase-9")
    made = client.post(reverse("classes"), {"name": "Judges of tomorrow"})
    room = Classroom.objects.get()
    assert made["Location"] == room.get_absolute_url()
    started = client.post(reverse("class-start", args=[room.pk]))
    assert started.status_code == 302
    console = client.get(started["Location"]).content.decode()
    assert room.sessions.get().join_code in console and "Push a question" in console
    # The console, like the presenter view, has no site navigation: one link back to the class.
    assert "<nav" not in console and "Log out" not in console
    assert f'href="{room.get_absolute_url()}">← Back to Judges of tomorrow<' in console


def test_only_the_classs_teacher_reaches_its_pages():
    teacher, session = make_session()
    other = Client()
    other.force_login(User.objects.create_user("other", password="x-long-passphrase-9"))
    for name in ("console", "live-report", "live-csv", "join-qr"):
        url = reverse(name, args=[session.pk])
        assert teacher.get(url).status_code == 200, name
        assert other.get(url).status_code == 404, name
        assert Client().get(url).status_code == 302, name  # to the log-in page
    assert other.get(reverse("classroom", args=[session.classroom.pk])).status_code == 404


def test_joining_with_a_code_and_a_name():
    _, session = make_session()
    student = Client()
    wrong = student.post(reverse("join"), {"code": "ZZZZZZ", "name": "Ada"})
    assert (
        wrong.status_code == 400 and "No class is running with this code" in wrong.content.decode()
    )
    joined = student.post(
        reverse("join"), {"code": session.join_code.lower(), "name": "  Ada  <i>L</i> "}
    )
    assert joined["Location"] == reverse("live", args=[session.join_code])
    page = student.get(joined["Location"]).content.decode()
    assert "Ada &lt;i&gt;L&lt;/i&gt;" in page and "<i>L</i>" not in page
    assert "Waiting for the first question" in page
    # Without having joined, the live page sends you to join.
    assert Client().get(joined["Location"])["Location"] == reverse(
        "join-code", args=[session.join_code]
    )


def test_join_attempts_are_rate_limited(settings):
    settings.CLASS_JOINS_PER_MINUTE = 10
    _, session = make_session()
    student = Client(REMOTE_ADDR=f"10.{uuid.uuid4().int % 250}.3.4")
    for _ in range(3):
        window = int(time.time() // 60)
        student.defaults["REMOTE_ADDR"] = f"10.{uuid.uuid4().int % 250}.5.{window % 250}"
        codes = [
            student.post(reverse("join"), {"code": "ZZZZZZ", "name": "x"}).status_code
            for _ in range(11)
        ]
        if int(time.time() // 60) == window:
            break
    assert codes == [400] * 10 + [429]


def test_the_report_and_the_csv_record_every_answer():
    teacher, session = make_session()
    puzzle = saved("pt")
    question = live.push(session, snapshot_for({"kind": "puzzle", "id": puzzle.short_id}))
    student_browser(session, "=HYPERLINK(evil)")
    student_browser(session, "Ada")
    tricky, ada = session.students.all()
    live.record_answer(tricky, question.pk, "1/1")
    live.record_answer(ada, question.pk, question.key)
    report = teacher.get(reverse("live-report", args=[session.pk])).content.decode()
    assert "✔ right" in report and "✘ wrong" in report
    rows = list(
        csv.reader(
            io.StringIO(teacher.get(reverse("live-csv", args=[session.pk])).content.decode())
        )
    )
    assert rows[0][:5] == ["question", "prompt", "student", "answer", "right"]
    names = {row[2] for row in rows[1:]}
    assert names == {"'=HYPERLINK(evil)", "Ada"}  # a name never runs as a formula
    one = teacher.get(reverse("student-report", args=[session.pk, ada.pk])).content.decode()
    assert "✔ yes" in one
    assert StudentAnswer.objects.count() == 2


def test_pushing_each_kind_of_source():
    from tutor.learn.content import load_lessons

    load_lessons()
    _, session = make_session()
    lesson = live.push(session, snapshot_for({"kind": "lesson", "item": "layer-7-and-counters:1"}))
    assert lesson.options and lesson.key
    from tests.web.boards import GRAY_OGRE, token_of

    board = live.push(
        session, snapshot_for({"kind": "board", "token": token_of(GRAY_OGRE), "label": "ogre"})
    )
    assert board.key_text == "5/8" and board.number == 2
    lesson.refresh_from_db()
    assert lesson.state == "locked"  # pushing the next question closes the last one


def test_joining_again_from_the_same_browser_is_the_same_student():
    _, session = make_session()
    student = student_browser(session, "Ada")
    again = student.get(reverse("join-code", args=[session.join_code]))
    assert again.status_code == 302 and again["Location"] == reverse(
        "live", args=[session.join_code]
    )
    student.post(reverse("join"), {"code": session.join_code, "name": "Ada again"})
    assert session.students.count() == 1


def test_a_whole_class_behind_one_address_can_join(settings):
    settings.CLASS_JOINS_PER_MINUTE = 3
    _, session = make_session()
    address = f"10.{uuid.uuid4().int % 250}.9.9"
    codes = [
        Client(REMOTE_ADDR=address)
        .post(reverse("join"), {"code": session.join_code, "name": f"S{n}"})
        .status_code
        for n in range(8)
    ]
    assert codes == [302] * 8  # only failed attempts count towards the limit


def test_an_ended_sessions_console_shows_its_report():
    teacher, session = make_session()
    live.end(session)
    page = teacher.get(reverse("console", args=[session.pk]))
    assert page["Location"] == reverse("live-report", args=[session.pk])


def test_a_question_whose_board_the_engine_does_not_model_is_never_pushed():
    _, session = make_session()
    with pytest.raises(QuestionProblem, match=r"Clash with an opponent\. \(on Peek\)"):
        snapshot_for({"kind": "board", "token": peek_token(), "label": "ogre"})
    puzzle = saved("pt")
    puzzle.board = with_peek(puzzle.board)  # saved before the engine named what it skips
    puzzle.save()
    with pytest.raises(QuestionProblem, match=r"Clash with an opponent\. \(on Peek\)"):
        snapshot_for({"kind": "puzzle", "id": puzzle.short_id})
    assert not session.questions.exists()


def test_the_teacher_and_the_revealed_students_see_what_the_engine_does_not_model():
    _, session = make_session()
    question = live.push(session, snapshot_for({"kind": "puzzle", "id": saved("pt").short_id}))
    # A question pushed before the engine named what it skips.
    question.board = with_peek(question.board)
    question.save()
    student_browser(session, "Ada")
    student = session.students.get()
    assert f"Peek: “<strong>{PEEK_LINE}</strong>”" in not_modelled_section(teacher_panel(session))
    assert not_modelled_section(student_panel(student)) == ""  # not before the reveal
    live.set_state(session, "revealed")
    student.refresh_from_db()
    assert f"Peek: “<strong>{PEEK_LINE}</strong>”" in not_modelled_section(student_panel(student))
