"""Classes and their live sessions: questions pushed by the teacher, students who join with
a code (no account), and every answer, written before it is acknowledged."""

from __future__ import annotations

import datetime
import json
import uuid

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone


class Classroom(models.Model):
    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="classrooms"
    )
    name = models.CharField(max_length=120)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("classroom", args=[self.pk])


class LiveSession(models.Model):
    LOBBY, RUNNING, ENDED = "lobby", "running", "ended"

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="sessions")
    join_code = models.CharField(max_length=8, db_index=True)
    status = models.CharField(max_length=8, default=LOBBY)
    created = models.DateTimeField(default=timezone.now)
    ended = models.DateTimeField(null=True, blank=True)
    # The set the console steps through ("Next question"), and the index of its next item.
    question_set = models.ForeignKey(
        "QuestionSet", null=True, blank=True, on_delete=models.SET_NULL, related_name="sessions"
    )
    set_next = models.PositiveIntegerField(default=0)
    # Optional scoring: points for right answers, a bonus for speed, a leaderboard shown on
    # the presenter view only when the teacher chooses.
    scoring = models.BooleanField(default=False)
    speed_bonus = models.BooleanField(default=False)
    show_leaderboard = models.BooleanField(default=False)

    class Meta:
        ordering = ["-created"]
        constraints = [
            models.UniqueConstraint(
                fields=["join_code"],
                condition=~models.Q(status="ended"),
                name="one_open_session_per_code",
            )
        ]

    def __str__(self) -> str:
        return f"{self.classroom} ({self.join_code})"

    @property
    def group(self) -> str:
        """The channel-layer group every connection of this session joins."""
        return f"live-{self.pk}"

    def current(self) -> LiveQuestion | None:
        return self.questions.order_by("-number").first()


class LiveQuestion(models.Model):
    """A question as pushed: a snapshot, so the session's record never changes afterwards."""

    OPEN, LOCKED, REVEALED = "open", "locked", "revealed"

    session = models.ForeignKey(LiveSession, on_delete=models.CASCADE, related_name="questions")
    number = models.PositiveIntegerField()
    source = models.CharField(max_length=200)
    # What it asks (tutor.core.question.Kind); typed/multiple/ordered say how it is answered.
    kind = models.CharField(max_length=20, blank=True)
    prompt = models.TextField()
    board = models.JSONField()
    # [{"key": ..., "text": ...}]; empty for a typed-only question.
    options = models.JSONField(default=list)
    typed = models.BooleanField(default=False)
    multiple = models.BooleanField(default=False)
    # Every option ranked (an order puzzle): the answer is the keys joined by ">"; answers
    # and the key are kept in tutor.core.question's one encoding (select-all: sorted keys
    # joined by ",").
    ordered = models.BooleanField(default=False)
    key = models.TextField()
    key_text = models.TextField()
    stepper_url = models.CharField(max_length=4000)
    stepper_object = models.CharField(max_length=80, blank=True)
    state = models.CharField(max_length=8, default=OPEN)
    # The explanation step the teacher is on after the reveal (students follow it).
    step = models.PositiveIntegerField(default=0)
    # Event questions: the choices the teacher has made in the walk (``0,1``), followed
    # by every student's screen after the reveal.
    walk_path = models.CharField(max_length=400, blank=True)
    timer_seconds = models.PositiveIntegerField(null=True, blank=True)
    opened = models.DateTimeField(default=timezone.now)
    # {answer as kept: the name of the misreading that leads to it}, for the presenter's chart.
    misreadings = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="one_question_per_number")
        ]

    @property
    def board_json(self) -> str:
        """The board in one canonical text (a cache key for what is drawn from it)."""
        return json.dumps(self.board, sort_keys=True, separators=(",", ":"))


class Student(models.Model):
    session = models.ForeignKey(LiveSession, on_delete=models.CASCADE, related_name="students")
    # Kept in the student's signed session: a reload or a reconnection is the same student.
    token = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    name = models.CharField(max_length=40)
    joined = models.DateTimeField(default=timezone.now)
    # No longer used: presence is ``last_seen`` (tutor/classes/presence.py).
    connections = models.PositiveIntegerField(default=0)
    # The last heartbeat or message from any of the student's pages.
    last_seen = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["joined", "id"]

    def __str__(self) -> str:
        return self.name

    @property
    def online(self) -> bool:
        """Seen within the presence window (tutor/classes/presence.py)."""
        window = datetime.timedelta(seconds=settings.CLASS_PRESENCE_SECONDS)
        return self.last_seen >= timezone.now() - window


class StudentAnswer(models.Model):
    question = models.ForeignKey(LiveQuestion, on_delete=models.CASCADE, related_name="answers")
    student = models.ForeignKey(Student, on_delete=models.CASCADE, related_name="answers")
    # Unbounded: a select-all answer joins option keys, and an ability's text is one.
    answer = models.TextField()
    right = models.BooleanField()
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created", "id"]
        constraints = [
            models.UniqueConstraint(fields=["question", "student"], name="one_answer_per_question")
        ]


class QuestionSet(models.Model):
    """Questions a teacher prepares before class, in order, to step through in any session."""

    teacher = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="question_sets"
    )
    name = models.CharField(max_length=120)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("question-set", args=[self.pk])


class QuestionSetItem(models.Model):
    question_set = models.ForeignKey(QuestionSet, on_delete=models.CASCADE, related_name="items")
    position = models.PositiveIntegerField()
    # What the console would push: {"kind": "puzzle", "id": ...} and so on (sources.py).
    source = models.JSONField()
    # How the teacher sees it in the list: a puzzle's title, a lesson question's text.
    title = models.CharField(max_length=300)

    class Meta:
        ordering = ["position", "id"]
