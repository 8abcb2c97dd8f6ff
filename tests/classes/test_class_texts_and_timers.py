"""Issue 26, a mentor's class: a set's "Next question" honours the timer field, the
report and the CSV name puzzles by title and the misreading behind each wrong answer,
question-set search tells items apart and its buttons say what they add, a followed
stepper has no "Next" of its own, and a student's answer box comes right after the
question."""

from __future__ import annotations

import csv
import io

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from tests.classes.helpers import make_session, student_browser
from tests.puzzles.helpers import saved
from tests.web.boards import GRAY_OGRE, token_of
from tutor.classes import live
from tutor.classes.models import LiveQuestion, QuestionSet
from tutor.classes.panels import student_panel
from tutor.classes.sources import snapshot_for
from tutor.learn.content import load_lessons

pytestmark = pytest.mark.django_db


def _set_with(teacher, session, *sources: dict[str, str]) -> QuestionSet:
    made = QuestionSet.objects.create(teacher=User.objects.get(username="mentor"), name="Set")
    add = reverse("question-set-change", args=[made.pk, "add"])
    for source in sources:
        teacher.post(add, source)
    teacher.post(reverse("live-use-set", args=[session.pk]), {"set": made.pk})
    return made


def test_next_question_from_a_set_takes_the_timer_field():
    teacher, session = make_session()
    board = {"kind": "board", "token": token_of(GRAY_OGRE), "label": "ogre"}
    _set_with(teacher, session, board, board, board)
    console = teacher.get(reverse("console", args=[session.pk])).content.decode()
    assert 'form="next-question"' in console and 'id="next-question"' in console
    teacher.post(reverse("live-next", args=[session.pk]), {"timer": "20"})
    assert session.current().timer_seconds == 20
    teacher.post(reverse("live-next", args=[session.pk]), {"timer": ""})
    assert session.current().timer_seconds is None
    teacher.post(reverse("live-next", args=[session.pk]), {"timer": "99999"})
    assert session.current().timer_seconds is None  # out of range: no timer, no 500


def test_the_report_and_csv_name_the_puzzle_and_the_misreading():
    teacher, session = make_session()
    puzzle = saved("pt")
    question = live.push(session, snapshot_for({"kind": "puzzle", "id": puzzle.short_id}))
    wrong = next(iter(question.misreadings))
    student_browser(session, "Ada")
    live.record_answer(session.students.get(), question.pk, wrong)
    live.set_state(session, LiveQuestion.REVEALED)
    report = teacher.get(reverse("live-report", args=[session.pk])).content.decode()
    assert f"From the puzzle “{puzzle.title}”" in report
    assert puzzle.short_id not in report.split("<h2>By question</h2>", 1)[1]
    assert f"(✘ {question.misreadings[wrong].lower()})" in report
    exported = teacher.get(reverse("live-csv", args=[session.pk])).content.decode()
    rows = list(csv.reader(io.StringIO(exported)))
    assert rows[0][5] == "misreading"
    assert rows[1][4] == "no" and rows[1][5] == question.misreadings[wrong]


def test_set_search_tells_items_apart_and_says_what_each_button_adds():
    load_lessons()
    teacher, session = make_session()
    puzzle = saved("pt")
    made = QuestionSet.objects.create(teacher=User.objects.get(username="mentor"), name="S")
    page = teacher.get(made.get_absolute_url(), {"q": puzzle.title}).content.decode()
    assert f"Add the puzzle “{puzzle.title}”</button>" in page and ">Add</button>" not in page
    assert "cards: " in page
    lessons = teacher.get(made.get_absolute_url(), {"lq": "power"}).content.decode()
    assert ">Add question 1 of lesson " in lessons and ", question 1" in lessons


def test_a_student_follows_the_teachers_step_and_answers_right_after_the_question():
    _, session = make_session()
    question = live.push(
        session, snapshot_for({"kind": "board", "token": token_of(GRAY_OGRE), "label": "ogre"})
    )
    student_browser(session, "Ada")
    student = session.students.get()
    html = student_panel(student)
    assert html.index("data-answer") < html.index('class="live-board"')
    live.set_state(session, LiveQuestion.REVEALED)
    question.refresh_from_db()
    html = student_panel(student)
    assert "your screen follows" in html and "Explore it on your own" in html
    assert "stepper-nav" not in html and "data-next" not in html and "frame__mode" not in html
