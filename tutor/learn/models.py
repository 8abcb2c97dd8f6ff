"""Lessons (loaded from content/lessons), each learner's answers and progress per concept,
and disputes: a learner saying the engine's answer is wrong."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone

from tutor.learn.concepts import CONCEPT_BY_SLUG
from tutor.puzzles.models import Learner, Puzzle, Rated


class Lesson(models.Model):
    number = models.PositiveSmallIntegerField(unique=True)
    slug = models.SlugField(unique=True, max_length=80)
    title = models.CharField(max_length=120)
    concept = models.SlugField(max_length=40)
    summary = models.TextField(blank=True)
    rules = models.JSONField(default=list)
    body = models.TextField()
    # Board files by name, without their answers.
    boards = models.JSONField(default=dict)
    practice = models.JSONField(default=list)
    stepper_board = models.CharField(max_length=120)
    stepper_object = models.CharField(max_length=80, blank=True)

    class Meta:
        ordering = ["number"]

    def __str__(self) -> str:
        return f"{self.number}. {self.title}"

    def get_absolute_url(self) -> str:
        return reverse("lesson", args=[self.slug])


class Answer(models.Model):
    """One answer to one quiz item (the item is rebuilt from its board by the engine)."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="answers")
    item_id = models.CharField(max_length=32, db_index=True)
    concept = models.SlugField(max_length=40)
    lesson = models.ForeignKey(Lesson, null=True, blank=True, on_delete=models.SET_NULL)
    generated = models.BooleanField(default=False)
    right = models.BooleanField()
    # The named mistake the chosen wrong answer matches, if any.
    misconception = models.SlugField(max_length=40, blank=True)
    # The item's type ("pt", "types", "order", "event-best"...): proficiency needs two.
    kind = models.CharField(max_length=20, blank=True)
    # The answer as given, in the one question encoding (``tutor.core.question``): a
    # choice key, a typed "5/8", or a select-all item's ticked keys sorted and joined by
    # ","; a "which rule decides this?" answer's rule number.
    given = models.CharField(max_length=200, blank=True)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created", "id"]


class ItemFamily(Rated):
    """A family of quiz items (one concept asked one way), rated like a puzzle (Glicko-2)
    from learners' first answers: a wrong answer is a win for the family. Staff read these
    (admin, bench) to check that a higher level is harder; learners never see them."""

    slug = models.CharField(max_length=80, unique=True)
    answers = models.PositiveIntegerField(default=0)
    right = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-rating"]
        verbose_name_plural = "item families"

    def __str__(self) -> str:
        return f"{self.slug} ({round(self.rating)})"


class ConceptProgress(models.Model):
    """How a learner is doing on one concept: accuracy, mastery, review schedule, level."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="progress")
    concept = models.SlugField(max_length=40)
    attempts = models.PositiveIntegerField(default=0)
    correct = models.PositiveIntegerField(default=0)
    # Consecutive right answers on generated items (5 make the concept "proficient").
    streak = models.PositiveIntegerField(default=0)
    # Difficulty of generated practice (1-4), moved to keep success near the target.
    level = models.PositiveSmallIntegerField(default=1)
    # When a missed concept is due again, and the interval that got it there.
    review_due = models.DateTimeField(null=True, blank=True)
    interval_days = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["learner", "concept"], name="one_progress_per_concept")
        ]

    @property
    def accuracy(self) -> float:
        return self.correct / self.attempts if self.attempts else 0.0

    @property
    def name(self) -> str:
        known = CONCEPT_BY_SLUG.get(self.concept)
        return known.name if known else self.concept


class Dispute(models.Model):
    """ "I think this is wrong": a learner doubts the engine. Staff decide (in the admin);
    until then the item's answers count for nobody's progress or rating."""

    OPEN, UPHELD, REJECTED = "open", "upheld", "rejected"
    STATUSES = [(OPEN, "Open"), (UPHELD, "Upheld: the engine was wrong"), (REJECTED, "Rejected")]

    item_id = models.CharField(max_length=32, db_index=True, blank=True)
    puzzle = models.ForeignKey(Puzzle, null=True, blank=True, on_delete=models.CASCADE)
    board = models.JSONField()
    question = models.TextField()
    engine_answer = models.TextField()
    reason = models.TextField(max_length=2000)
    learner = models.ForeignKey(Learner, null=True, blank=True, on_delete=models.SET_NULL)
    status = models.CharField(max_length=10, choices=STATUSES, default=OPEN, db_index=True)
    created = models.DateTimeField(default=timezone.now)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    decided = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.get_status_display()}: {self.question[:60]}"
