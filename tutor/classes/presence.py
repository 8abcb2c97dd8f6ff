"""Who is online in a live session: a student seen within the last few seconds.

Every open page sends a heartbeat (``static/js/live.js``, every ``HEARTBEAT_SECONDS``);
each one, and every other message, moves the student's ``last_seen`` on. Nothing counts
connections, so nothing drifts: the students of a server process that died simply stop
being seen, and show as away once ``settings.CLASS_PRESENCE_SECONDS`` have passed.
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.utils import timezone

from tutor.classes.models import Student

# What live.js sends; the presence window is a few of these, so one late beat is no gap.
HEARTBEAT_SECONDS = 10
# A heartbeat closer than this to the last write is not written again.
WRITE_EVERY = datetime.timedelta(seconds=5)


def window() -> datetime.timedelta:
    return datetime.timedelta(seconds=settings.CLASS_PRESENCE_SECONDS)


def seen(student_id: int) -> None:
    """The student is here now (one small UPDATE, skipped when written moments ago)."""
    now = timezone.now()
    Student.objects.filter(pk=student_id, last_seen__lt=now - WRITE_EVERY).update(last_seen=now)


def gone(student_id: int) -> None:
    """A page closed cleanly: away at once (another open page's next heartbeat brings the
    student back within ``HEARTBEAT_SECONDS``)."""
    away = timezone.now() - window() - datetime.timedelta(seconds=1)
    Student.objects.filter(pk=student_id).update(last_seen=away)


def online_count(session_id: int) -> int:
    since = timezone.now() - window()
    return Student.objects.filter(session_id=session_id, last_seen__gte=since).count()
