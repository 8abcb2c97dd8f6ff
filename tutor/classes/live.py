"""A live session's state changes: join, push, answer, lock, reveal, step, end.

Plain synchronous functions on the database, so the websocket consumer (through
``database_sync_to_async``), the views and the tests all go through the same code.
Every answer is committed before anyone is told about it.
"""

from __future__ import annotations

import datetime
import secrets
from collections import Counter
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone

from tutor.boards.limits import control_character
from tutor.classes import presence, scoring, walk
from tutor.classes.models import Classroom, LiveQuestion, LiveSession, Student, StudentAnswer
from tutor.classes.questions import (
    QuestionProblem,
    answer_text,
    normalize,
    question_of_row,
    row_fields,
    walk_path,
)
from tutor.core.question import Question
from tutor.puzzles.explanation import stepper_link

# Join codes avoid characters that read alike (0/O, 1/I/L) and are short enough to say aloud.
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
MAX_NAME = 40


def start_session(classroom: Classroom) -> LiveSession:
    for _ in range(20):
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        try:
            with transaction.atomic():
                return LiveSession.objects.create(classroom=classroom, join_code=code)
        except IntegrityError:
            continue  # that code is in use by another open session
    raise RuntimeError("no free join code")


def code_problem(text: str) -> str | None:
    """Why a join code or a student's name, as it arrived (an address, a form, a websocket
    path), can't be used, in the student's words; ``None`` if it can. A control character
    (U+0000 first: PostgreSQL refuses it in a query) never reaches the database."""
    found = control_character(text)
    if found is not None:
        return f"Remove the control character ({found}): a join code or name has none."
    return None


def open_session(code: str) -> LiveSession | None:
    if code_problem(code) is not None:
        return None
    code = code.strip().upper()
    return (
        LiveSession.objects.select_related("classroom")
        .exclude(status=LiveSession.ENDED)
        .filter(join_code=code)
        .first()
    )


def join(session: LiveSession, name: str) -> Student:
    name = " ".join(name.split())[:MAX_NAME]
    if not name:
        raise QuestionProblem("type a name the teacher will recognise")
    return Student.objects.create(session=session, name=name)


# Answers sent just as a timed question closes still count (network and clock slack).
GRACE = datetime.timedelta(seconds=2)


def closed(question: LiveQuestion) -> bool:
    """No more answers: locked or revealed by the teacher, or its timer has run out."""
    if question.state != LiveQuestion.OPEN:
        return True
    if question.timer_seconds:
        deadline = question.opened + datetime.timedelta(seconds=question.timer_seconds)
        return timezone.now() > deadline + GRACE
    return False


def seconds_left(question: LiveQuestion) -> int | None:
    if not question.timer_seconds or question.state != LiveQuestion.OPEN:
        return None
    deadline = question.opened + datetime.timedelta(seconds=question.timer_seconds)
    return max(0, int((deadline - timezone.now()).total_seconds()))


def _running(session_id: int) -> LiveSession:
    """The session, locked for this change; an ended session takes no more changes."""
    session = LiveSession.objects.select_for_update().get(pk=session_id)
    if session.status == LiveSession.ENDED:
        raise QuestionProblem("this session has ended")
    return session


def push(session: LiveSession, snapshot: Question, timer: int | None = None) -> LiveQuestion:
    """The next question: the one before it is locked, answers to it are closed."""
    board = snapshot.board
    stepper_url = stepper_link(board, snapshot)
    with transaction.atomic():
        session = _running(session.pk)
        session.questions.filter(state=LiveQuestion.OPEN).update(state=LiveQuestion.LOCKED)
        number = (session.questions.count() or 0) + 1
        question = LiveQuestion.objects.create(
            session=session,
            number=number,
            source=snapshot.source[:200],
            board=board,
            stepper_url=stepper_url,
            timer_seconds=timer,
            **row_fields(snapshot),
        )
        session.status = LiveSession.RUNNING
        session.save(update_fields=["status"])
    return question


ORDER = [LiveQuestion.OPEN, LiveQuestion.LOCKED, LiveQuestion.REVEALED]


def set_state(session: LiveSession, state: str) -> LiveQuestion | None:
    """Lock or reveal the current question; never back (a reveal is final), even when two
    tabs of the teacher's race."""
    with transaction.atomic():
        current = _running(session.pk).current()
        if current is None:
            return None
        earlier = ORDER[: ORDER.index(state)]
        LiveQuestion.objects.filter(pk=current.pk, state__in=earlier).update(state=state)
    current.refresh_from_db()
    return current


def set_step(session: LiveSession, step: int) -> LiveQuestion | None:
    """The teacher's step in a revealed layer question's stepper: students follow it."""
    return _follow(session, step=step)


def set_walk(session: LiveSession, path: object) -> LiveQuestion | None:
    """The teacher's choices in a revealed event question: every student's walk follows."""
    return _follow(session, walk_path=path)


def _follow(session: LiveSession, **change: object) -> LiveQuestion | None:
    """Where the explanation is, once the current question is revealed (not before)."""
    with transaction.atomic():
        question = _running(session.pk).current()
        if question is None or question.state != LiveQuestion.REVEALED:
            return None
        if "step" in change:  # never past the last step, nor before the first
            change["step"] = walk.clamp(question, int(str(change["step"])))
        if "walk_path" in change:
            change["walk_path"] = walk_path(question.board, change["walk_path"])
        for name, value in change.items():
            setattr(question, name, value)
        question.save(update_fields=list(change))
    return question


def end(session: LiveSession) -> None:
    with transaction.atomic():
        session = _running(session.pk)
        session.questions.filter(state=LiveQuestion.OPEN).update(state=LiveQuestion.LOCKED)
        session.status = LiveSession.ENDED
        session.ended = timezone.now()
        session.save(update_fields=["status", "ended"])


@dataclass(frozen=True)
class Recorded:
    answer: StudentAnswer
    # False when the student had already answered: the first answer stands.
    new: bool


def record_answer(student: Student, question_id: int, raw: object) -> Recorded:
    """Write the answer (once per student and question) before it is acknowledged."""
    question = LiveQuestion.objects.filter(pk=question_id, session=student.session_id).first()
    if question is None:
        raise QuestionProblem("that question isn't part of this session")
    earlier = StudentAnswer.objects.filter(question=question, student=student).first()
    if earlier is not None:
        return Recorded(earlier, False)
    asked = question_of_row(question)
    answer = normalize(question, raw)
    try:
        with transaction.atomic():
            # Checked again under the question's lock: a lock, reveal or push that lands
            # meanwhile closes it for good.
            question = LiveQuestion.objects.select_for_update().get(pk=question.pk)
            if closed(question):
                raise QuestionProblem("answers to this question are closed")
            saved = StudentAnswer.objects.create(
                question=question, student=student, answer=answer, right=asked.is_right(answer)
            )
    except IntegrityError:  # the same student's other connection got there first
        return Recorded(StudentAnswer.objects.get(question=question, student=student), False)
    return Recorded(saved, True)


@dataclass(frozen=True)
class Bar:
    label: str
    count: int
    right: bool


def tally(question: LiveQuestion) -> list[Bar]:
    """Answers grouped: one bar per option (also those nobody chose), then other answers
    (typed, several ticked, or an order) by count."""
    counts = Counter(question.answers.values_list("answer", flat=True))
    one_option = not (question.multiple or question.ordered)
    bars = [
        Bar(option["text"], counts.pop(option["key"], 0), option["key"] == question.key)
        for option in question.options
        if one_option
    ]
    for answer, count in counts.most_common():
        bars.append(Bar(answer_text(question, answer), count, answer == question.key))
    return bars


@dataclass(frozen=True)
class RosterRow:
    name: str
    online: bool
    answered: bool
    points: int = 0
    # Whether the line says "answered"/"waiting" (there is a question) and the points.
    asked: bool = False
    scored: bool = False

    @property
    def status(self) -> str:
        """The line's words after the name, put together here rather than by a template
        tag per row: the roster of a large class is redrawn at every reveal."""
        words = ["● online" if self.online else "○ away"]
        if self.asked:
            words.append("answered" if self.answered else "waiting")
        if self.scored:
            words.append(f"{self.points} points")
        return " · ".join(words)


def roster(session: LiveSession, current: LiveQuestion | None = None) -> list[RosterRow]:
    """Every student's line on the teacher's console, redrawn as answers arrive and at the
    reveal: read as plain values, not a model object per student."""
    current = current or session.current()
    answered = set(current.answers.values_list("student_id", flat=True)) if current else set()
    scores = scoring.totals(session) if session.scoring else {}
    since = timezone.now() - presence.window()
    return [
        RosterRow(
            name,
            last_seen >= since,
            pk in answered,
            scores.get(pk, 0),
            asked=current is not None,
            scored=session.scoring,
        )
        for pk, name, last_seen in session.students.values_list("pk", "name", "last_seen")
    ]
