"""One student per person: a name already taken in a session is the same person (if they
say so) or gets a unique one; the teacher removes or renames students.

Removing deletes the student and their answers, so counts, the roster, the reports and the
CSV export all leave them out without each having to remember to.
"""

from __future__ import annotations

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

# The group every tab of one student joins (the consumer's, so the names never drift).
from tutor.classes.consumers import _student_group
from tutor.classes.models import LiveSession, Student
from tutor.classes.questions import QuestionProblem

MAX_NAME = 40


def clean_name(name: str) -> str:
    """Spaces collapsed, at most ``MAX_NAME`` characters (``QuestionProblem`` if empty)."""
    cleaned = " ".join(name.split())[:MAX_NAME]
    if not cleaned:
        raise QuestionProblem("type a name the teacher will recognise")
    return cleaned


def named(session: LiveSession, name: str) -> Student | None:
    """The student who already has this name in the session (letter case aside)."""
    return session.students.filter(name__iexact=clean_name(name)).first()


def unique_name(session: LiveSession, name: str) -> str:
    """``name``, or ``name (2)``, ``name (3)``… if it is taken."""
    base = clean_name(name)
    taken = {n.casefold() for n in session.students.values_list("name", flat=True)}
    if base.casefold() not in taken:
        return base
    for number in range(2, 10_000):
        suffix = f" ({number})"
        candidate = base[: MAX_NAME - len(suffix)] + suffix
        if candidate.casefold() not in taken:
            return candidate
    raise QuestionProblem("too many students share this name")


def join_as_new(session: LiveSession, name: str) -> Student:
    with transaction.atomic():
        LiveSession.objects.select_for_update().get(pk=session.pk)  # one name at a time
        return Student.objects.create(session=session, name=unique_name(session, name))


def _student(session: LiveSession, student_id: int) -> Student:
    found = session.students.filter(pk=student_id).first()
    if found is None:
        raise QuestionProblem("that student isn't in this session")
    return found


def remove(session: LiveSession, student_id: int) -> str:
    """Delete the student (their answers go with them); returns their name."""
    student = _student(session, student_id)
    name = student.name
    student.delete()
    _tell(session, {"type": "live.removed"}, _student_group(session.pk, student_id))
    notify(session, "roster")
    return name


def rename(session: LiveSession, student_id: int, name: str) -> Student:
    student = _student(session, student_id)
    wanted = clean_name(name)
    other = named(session, wanted)
    if other is not None and other.pk != student.pk:
        raise QuestionProblem(f"another student is already called {other.name}")
    student.name = wanted
    student.save(update_fields=["name"])
    notify(session, "roster")
    return student


def notify(session: LiveSession, action: str) -> None:
    """Every open page of the session redraws from the database after a change made by a
    page (not over the websocket)."""
    _tell(session, {"type": "live.changed", "action": action})


def _tell(session: LiveSession, event: dict[str, str], group: str = "") -> None:
    """Every open page of the session redraws (or the removed student's page closes)."""
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group or session.group, event)
