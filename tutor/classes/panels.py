"""The HTML the live pages swap in: rendered here, with Django's escaping, and sent over the
websocket, so the browser script only puts it in place."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from tutor.boards.codec import encode_board
from tutor.boards.event_walk import asked_event, event_walk
from tutor.boards.presenters import Unmodelled
from tutor.boards.services import BoardProblem, layer_step, load_board, stepper_links, unmodelled
from tutor.classes import live, walk
from tutor.classes.chart import chart
from tutor.classes.models import LiveQuestion, LiveSession, Student, StudentAnswer
from tutor.classes.questions import answer_text


def stepper_frame(question: LiveQuestion, lead: bool = False) -> str:
    """The explanation at the teacher's step, for everyone to follow: the layer stepper's
    frame, or the replacement walk at the teacher's choices (buttons on the teacher's
    screen, plain text on the students')."""
    if question.stepper_object:
        return _frame_html(question.pk, question.step, question.stepper_object, question.board_json)
    if asked_event(question.board) is not None:
        follow = "lead" if lead else "watch"
        return _walk_html(question.pk, question.walk_path, question.board_json, follow)
    return ""


@lru_cache(maxsize=64)
def _walk_html(question_id: int, path: str, board_json: str, follow: str) -> str:
    """Rendered once per question, choices and role (see ``_frame_html``)."""
    try:
        walk = event_walk(json.loads(board_json), {"path": path})
    except BoardProblem:
        return ""
    return render_to_string("boards/event.html#walk", {"walk": walk, "follow": follow})


@lru_cache(maxsize=64)
def _frame_html(question_id: int, step: int, label: str, board_json: str) -> str:
    """Rendered once per question and step, not once per student: a reveal or a step
    reaches every student's connection at the same moment."""
    board = json.loads(board_json)
    try:
        loaded = load_board(board)
        frame = layer_step(loaded, label, {"step": str(step)})
    except BoardProblem:
        return ""
    token = encode_board(board)
    path = reverse("board-layers", args=[token, label])
    context: dict[str, Any] = {
        "frame": frame.frame,
        "count": frame.count,
        "predict": False,
        "hide": False,
        "token": token,
        "label": label,
        # Everyone moves with the teacher's step: no "Next" of their own in the frame.
        "follow": True,
    } | stepper_links(path)
    return render_to_string("boards/layers.html#frame", context)


def prepare_reveal(question: LiveQuestion) -> None:
    """What the reveal of a question shows from the engine (the explanation at its first
    step and how many steps it has, or the replacement walk, and what isn't modelled),
    worked out when the question is pushed: the reveal then reads it from the caches
    instead of holding every student's screen while the engine runs (a few milliseconds,
    many more on a process's first reveal)."""
    stepper_frame(question)
    stepper_frame(question, lead=True)
    question_unmodelled(question)
    walk.last_step(question)


def question_unmodelled(question: LiveQuestion | None) -> tuple[Unmodelled, ...]:
    """What the engine doesn't apply on the question's board (its answer ignores it)."""
    return _unmodelled(question.pk, question.board_json) if question else ()


@lru_cache(maxsize=64)
def _unmodelled(question_id: int, board_json: str) -> tuple[Unmodelled, ...]:
    try:
        return unmodelled(json.loads(board_json))
    except BoardProblem:
        return ()


@dataclass(frozen=True)
class Mine:
    """A student's answer to one question, as their own screen shows it."""

    text: str
    right: bool


# Where a shared panel (rendered once for the whole class) takes each student's verdict.
VERDICT_SLOT = "<!--verdict-->"


def verdict(key_text: str, mine: Mine | None) -> SafeString:
    """The line under a revealed question: the key, and whether this student had it."""
    if mine is None:
        said: SafeString | str = ""
    elif mine.right:
        said = "✔ Right: "
    else:
        said = format_html("✘ You said {}; ", mine.text)
    right = "is-right" if mine is not None and mine.right else "is-wrong"
    return format_html(
        '<p class="verdict {}">{}the answer is <strong>{}</strong>.</p>', right, said, key_text
    )


def answered_notice(mine: Mine) -> SafeString:
    """What replaces the answer form once the answer is acknowledged."""
    return format_html(
        '<p class="notice">Your answer: <strong>{}</strong>. Wait for the others.</p>', mine.text
    )


def mine_of(answer: StudentAnswer) -> Mine:
    return Mine(answer_text(answer.question, answer.answer), answer.right)


def shared_student_panel(
    session: LiveSession, question: LiveQuestion | None = None
) -> tuple[str, LiveQuestion | None]:
    """The students' panel rendered once for the whole class (after a push or the reveal,
    and at each step): every consumer puts its own student's verdict into
    ``VERDICT_SLOT``. Only for states where nothing else differs between students.
    ``question``: the session's current one, when the caller has it already."""
    question = question or session.current()
    return _student_html(session, None, question, None, mark_safe(VERDICT_SLOT)), question


def student_panel(student: Student) -> str:
    session = student.session
    question = session.current()
    answer = (
        StudentAnswer.objects.select_related("question")
        .filter(question=question, student=student)
        .first()
        if question
        else None
    )
    mine = mine_of(answer) if answer else None
    shown = verdict(question.key_text, mine) if question else ""
    return _student_html(session, student, question, mine, shown)


def _student_html(
    session: LiveSession,
    student: Student | None,
    question: LiveQuestion | None,
    mine: Mine | None,
    shown_verdict: str,
) -> str:
    context = {
        "session": session,
        "student": student,
        "question": question,
        "mine": mine,
        "mine_text": mine.text if mine else "",
        "verdict": shown_verdict,
        "seconds_left": live.seconds_left(question) if question else None,
        "closed": live.closed(question) if question else True,
        "frame": stepper_frame(question)
        if question and question.state == LiveQuestion.REVEALED
        else "",
        "not_modelled": question_unmodelled(question),
    }
    return render_to_string("classes/_student_panel.html", context)


def roster_items(roster: list[live.RosterRow]) -> SafeString:
    """The roster's lines, escaped and joined here: a template loop costs about 20 µs a
    student, and the roster of a class is redrawn as answers arrive and at each reveal."""
    return format_html_join(
        "\n", '<li>{} <span class="muted">{}</span></li>', ((r.name, r.status) for r in roster)
    )


def teacher_panel(session: LiveSession, question: LiveQuestion | None = None) -> str:
    """``question``: the session's current one, when the caller has it already."""
    question = question or session.current()
    roster = live.roster(session, question)
    drawn = chart(question) if question else None
    context = {
        "session": session,
        "question": question,
        # The chart's bars: right and wrong are said only after the reveal (``chart``).
        "bars": drawn.bars if drawn else (),
        "answered": drawn.answered if drawn else 0,
        "seconds_left": live.seconds_left(question) if question else None,
        "roster": roster,
        "roster_items": roster_items(roster),
        "last_step": walk.last_step(question)
        if question and question.state == LiveQuestion.REVEALED
        else 0,
        "frame": stepper_frame(question, lead=True)
        if question and question.state == LiveQuestion.REVEALED
        else "",
        "not_modelled": question_unmodelled(question),
    }
    return render_to_string("classes/_teacher_panel.html", context)
