"""Migration 0004 moves stored class answers to the one answer encoding and back, keeping
every row: select-all answers joined by "+" become joined by ",", split with the
question's own option keys (a key may hold a "+")."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tutor.classes.models import LiveQuestion, StudentAnswer
from tutor.classes.questions import question_of_row

BEFORE = [("classes", "0003_people_sets_scoring")]
AFTER = [("classes", "0004_one_question_model")]
PLUS_KEY = "Whenever a +1/+1 counter is put on ~, draw a card."
COMMA_KEY = "As long as enchanted permanent is a creature, it has flying."


def migrate(target: list[tuple[str, str]]):  # noqa: ANN201 - the historical app registry
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.mark.django_db(transaction=True)
def test_stored_answers_are_rewritten_and_back_with_every_row_kept():
    apps = migrate(BEFORE)
    User = apps.get_model("auth", "User")
    Classroom = apps.get_model("classes", "Classroom")
    Session = apps.get_model("classes", "LiveSession")
    Question = apps.get_model("classes", "LiveQuestion")
    Student = apps.get_model("classes", "Student")
    Answer = apps.get_model("classes", "StudentAnswer")
    room = Classroom.objects.create(teacher=User.objects.create(username="t"), name="c")
    session = Session.objects.create(classroom=room, join_code="ABCDEF")
    options = [{"key": k, "text": k} for k in ("Flying", PLUS_KEY, COMMA_KEY)]
    common = {"session": session, "board": {}, "key_text": "", "stepper_url": "/"}
    ticked = Question.objects.create(
        number=1, options=options, multiple=True, key=f"Flying+{PLUS_KEY}", **common
    )
    ranked = Question.objects.create(
        number=2,
        options=[{"key": "a", "text": "A"}, {"key": "b", "text": "B"}],
        ordered=True,
        key="b>a",
        **common,
    )
    typed = Question.objects.create(number=3, typed=True, key="5/8", **common)
    students = [Student.objects.create(session=session, name=n) for n in "ABCD"]
    old = {
        (ticked.pk, students[0].pk): f"{COMMA_KEY}+{PLUS_KEY}",  # sorted, as kept
        (ticked.pk, students[1].pk): "",  # "None of these"
        (ticked.pk, students[2].pk): f"Flying+{PLUS_KEY}",
        (ranked.pk, students[0].pk): "a>b",
        (typed.pk, students[0].pk): "5/8",
        (typed.pk, students[1].pk): "4/4",
    }
    for (question, student), text in old.items():
        Answer.objects.create(question_id=question, student_id=student, answer=text, right=False)

    migrate(AFTER)
    new = {(a.question_id, a.student_id): a.answer for a in StudentAnswer.objects.all()}
    assert len(new) == len(old)
    escaped = [key.replace(",", "%2C") for key in (COMMA_KEY, PLUS_KEY)]
    assert new[(ticked.pk, students[0].pk)] == ",".join(escaped)
    assert new[(ticked.pk, students[1].pk)] == ""
    assert {k: v for k, v in new.items() if k[0] != ticked.pk} == {
        k: v for k, v in old.items() if k[0] != ticked.pk
    }
    row = LiveQuestion.objects.get(pk=ticked.pk)
    assert row.key == f"Flying,{escaped[1]}"
    read = question_of_row(row)
    assert read.decode(new[(ticked.pk, students[0].pk)]) == (COMMA_KEY, PLUS_KEY)
    assert read.is_right(new[(ticked.pk, students[2].pk)])

    migrate(BEFORE)
    back = {(a.question_id, a.student_id): a.answer for a in Answer.objects.all()}
    assert back == old
    migrate(AFTER)  # the test database as the other tests expect it


@pytest.mark.django_db
def test_a_select_all_answer_longer_than_400_characters_is_kept_whole():
    from tests.classes.helpers import make_session
    from tutor.classes import live

    _, session = make_session()
    keys = [f"{letter} {'long ability text, ' * 20}".strip() for letter in "ABC"]
    question = LiveQuestion.objects.create(
        session=session,
        number=1,
        board={},
        options=[{"key": k, "text": k} for k in keys],
        multiple=True,
        key=question_of_row_key(keys[:2]),
        key_text="",
        stepper_url="/",
    )
    ada = live.join(session, "Ada")
    kept = live.record_answer(ada, question.pk, keys[1::-1]).answer
    assert kept.right and len(kept.answer) > 400
    assert StudentAnswer.objects.get(pk=kept.pk).answer == question.key


def question_of_row_key(keys: list[str]) -> str:
    return ",".join(k.replace(",", "%2C") for k in sorted(keys))
