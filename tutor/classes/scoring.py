"""Optional scoring: points for a right answer, and a bonus for answering fast when the
teacher turns it on. Worked out from the stored answers whenever asked, so turning scoring
on late still counts every earlier question."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from tutor.classes.models import LiveSession, StudentAnswer

RIGHT = 100
# The most a fast answer adds: all of it at once, none after the timer (or a minute).
SPEED = 50
SPEED_WINDOW = 60


def points(answer: StudentAnswer, speed: bool) -> int:
    if not answer.right:
        return 0
    if not speed:
        return RIGHT
    window = answer.question.timer_seconds or SPEED_WINDOW
    taken = (answer.created - answer.question.opened).total_seconds()
    return RIGHT + round(SPEED * max(0.0, 1 - taken / window))


def totals(session: LiveSession) -> dict[int, int]:
    """Points per student id (every student, 0 included)."""
    found: dict[int, int] = defaultdict(int)
    for student_id in session.students.values_list("pk", flat=True):
        found[student_id] = 0
    answers = StudentAnswer.objects.filter(question__session=session).select_related("question")
    for answer in answers:
        found[answer.student_id] += points(answer, session.speed_bonus)
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
