"""Answers written in a batch keep the one-by-one rules: once per student and question (a
repeat, even within the batch, returns the first answer), nothing on a closed question or
from another session, and a bad answer refuses only itself."""

from __future__ import annotations

import pytest

from tests.classes.helpers import make_session, student_browser
from tests.puzzles.helpers import saved
from tutor.classes import live
from tutor.classes.answer_writer import Pending, write
from tutor.classes.models import LiveQuestion, StudentAnswer
from tutor.classes.questions import QuestionProblem
from tutor.classes.sources import snapshot_for

pytestmark = pytest.mark.django_db


def test_a_batch_keeps_every_rule_of_a_single_answer():
    puzzle = saved("pt")
    _, session = make_session()
    _, other_session = make_session("other-teacher")
    question = live.push(session, snapshot_for({"kind": "puzzle", "id": puzzle.short_id}))
    for name in ("Ada", "Bo", "Cy"):
        student_browser(session, name)
    ada, bo, cy = session.students.all()
    live.record_answer(cy, question.pk, "5/5")  # answered before the batch
    batch = [
        Pending(session.pk, ada.pk, question.pk, "1/1"),
        Pending(session.pk, ada.pk, question.pk, "2/2"),  # Ada's other tab
        Pending(session.pk, cy.pk, question.pk, "3/3"),  # Cy's resend
        Pending(other_session.pk, bo.pk, question.pk, "1/1"),  # not this session's question
        Pending(session.pk, bo.pk, question.pk, ["not", "one"]),
    ]
    first, again, resent, foreign, bad = write(batch)
    assert first.new and first.answer.answer == "1/1"
    assert not again.new and again.answer.answer == "1/1"
    assert not resent.new and resent.answer.answer == "5/5"
    assert isinstance(foreign, QuestionProblem) and "isn't part" in str(foreign)
    assert isinstance(bad, QuestionProblem)
    assert sorted(StudentAnswer.objects.values_list("student__name", "answer")) == [
        ("Ada", "1/1"),
        ("Cy", "5/5"),
    ]
    LiveQuestion.objects.filter(pk=question.pk).update(state=LiveQuestion.LOCKED)
    (late,) = write([Pending(session.pk, bo.pk, question.pk, "1/1")])
    assert isinstance(late, QuestionProblem) and "closed" in str(late)
    (repeat,) = write([Pending(session.pk, ada.pk, question.pk, "9/9")])
    assert not repeat.new  # a resend after the lock is still acknowledged
