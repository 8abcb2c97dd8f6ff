"""Saved puzzles, the learners who try them, and each learner's first attempt.

Ratings (Glicko-2) live on both sides of an attempt; ``ratings.record_attempt``
is the one place that changes them.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone

from tutor.puzzles.glicko2 import MAX_DEVIATION, Rating
from tutor.puzzles.themes import Difficulty, difficulty_of


class Rated(models.Model):
    rating = models.FloatField(default=1500.0)
    deviation = models.FloatField(default=MAX_DEVIATION)
    volatility = models.FloatField(default=0.06)

    class Meta:
        abstract = True

    @property
    def glicko(self) -> Rating:
        return Rating(self.rating, self.deviation, self.volatility)

    def set_glicko(self, value: Rating) -> None:
        self.rating, self.deviation, self.volatility = (
            value.rating,
            value.deviation,
            value.volatility,
        )


class Theme(models.Model):
    """A theme from ``themes.THEMES`` (rows kept in step with it by ``sync_themes``)."""

    slug = models.SlugField(primary_key=True, max_length=40)
    name = models.CharField(max_length=80)
    rule = models.CharField(max_length=20)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.name


class Puzzle(Rated):
    short_id = models.CharField(max_length=16, unique=True)
    title = models.CharField(max_length=120)
    description = models.TextField(max_length=1000)
    # The board (board format) with its ask, without any answer.
    board = models.JSONField()
    # For a characteristics ask: which characteristic the learner gives (questions.FIELDS).
    field = models.CharField(max_length=16, blank=True)
    themes = models.ManyToManyField(Theme, related_name="puzzles", blank=True)
    # Where the answer is confirmed (a CR example, a ruling): shown once answered.
    source = models.TextField(blank=True)
    author = models.CharField(max_length=80, blank=True)
    # Shipped with the site (content/puzzles/), reloaded by ``load_content``.
    curated = models.BooleanField(default=False)
    # False while a learner's dispute of the engine's answer is open or upheld: attempts
    # are still kept, but move nobody's rating (tutor/learn: disputes).
    rated = models.BooleanField(default=True)
    attempts = models.PositiveIntegerField(default=0)
    solved = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["rating", "short_id"]

    def __str__(self) -> str:
        return f"{self.title} ({self.short_id})"

    def get_absolute_url(self) -> str:
        return reverse("puzzle", args=[self.short_id])

    @property
    def difficulty(self) -> Difficulty:
        return difficulty_of(self.rating)


class Learner(Rated):
    """Someone attempting puzzles: known by a key kept in their session (no account needed)."""

    key = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL
    )
    created = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"learner {self.key}"


class Attempt(models.Model):
    """A learner's first attempt at a puzzle: the one that is rated, and the one remembered."""

    learner = models.ForeignKey(Learner, on_delete=models.CASCADE, related_name="attempts")
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="attempt_set")
    # The answer in its question's one encoding (tutor/core/question.py): an option key,
    # a typed P/T, select-all keys sorted and joined by ",", an order joined by ">";
    # "" for a give-up.
    answer = models.TextField(blank=True, default="")
    right = models.BooleanField()
    gave_up = models.BooleanField(default=False)
    learner_before = models.FloatField()
    learner_after = models.FloatField()
    puzzle_before = models.FloatField()
    puzzle_after = models.FloatField()
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["learner", "puzzle"], name="one_attempt_per_puzzle")
        ]
        ordering = ["created", "id"]

    def __str__(self) -> str:
        return f"{self.learner} on {self.puzzle.short_id}: {'right' if self.right else 'wrong'}"
