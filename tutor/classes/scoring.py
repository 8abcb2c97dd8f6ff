"""Optional scoring: points for a right answer, and a bonus for answering fast when the
teacher turns it on. Worked out from the stored answers whenever asked, so turning scoring
on late still counts every earlier question."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Count

from tutor.classes.models import LiveSession, StudentAnswer

RIGHT = 100
# The most a fast answer adds: all of it at once, none after the timer (or a minute).
SPEED = 50
SPEED_WINDOW = 60


def points(answer: StudentAnswer, speed: bool) -> int:
    taken = (answer.created - answer.question.opened).total_seconds()
    return _points(answer.right, taken, answer.question.timer_seconds, speed)


def _points(right: bool, taken: float, timer: int | None, speed: bool) -> int:
    if not right:
        return 0
    if not speed:
        return RIGHT
    return RIGHT + round(SPEED * max(0.0, 1 - taken / (timer or SPEED_WINDOW)))


def totals(session: LiveSession) -> dict[int, int]:
    """Points per student id (every student, 0 included)."""
    found: dict[int, int] = defaultdict(int)
    for student_id in session.students.values_list("pk", flat=True):
        found[student_id] = 0
    right = StudentAnswer.objects.filter(question__session=session, right=True)
    if not session.speed_bonus:  # counted by the database: the roster is redrawn often
        for student_id, count in (
            right.values("student").annotate(n=Count("id")).values_list("student", "n")
        ):
            found[student_id] += RIGHT * count
        return dict(found)
    for student_id, created, opened, timer in right.values_list(
        "student", "created", "question__opened", "question__timer_seconds"
    ):
        found[student_id] += _points(True, (created - opened).total_seconds(), timer, True)
    return dict(found)


@dataclass(frozen=True)
class Place:
    rank: int
    name: str
    points: int


def leaderboard(session: LiveSession, size: int = 10) -> list[Place]:
    """The top ``size`` students; equal points share a rank."""
    names = dict(session.students.values_list("pk", "name"))
    ranked = sorted(
        ((total, names[pk]) for pk, total in totals(session).items() if pk in names),
        key=lambda row: (-row[0], row[1].casefold()),
    )
    places: list[Place] = []
    for index, (total, name) in enumerate(ranked[:size]):
        rank = places[-1].rank if places and places[-1].points == total else index + 1
        places.append(Place(rank, name, total))
    return places
