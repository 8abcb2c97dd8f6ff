"""Ratings stay right when attempts arrive at once (PostgreSQL: real row locks, real threads)."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.puzzles.helpers import saved
from tutor.puzzles.models import Attempt, Learner
from tutor.puzzles.ratings import record_attempt
from tutor.puzzles.services import question_of

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

LEARNERS = 16


def test_parallel_first_attempts_by_many_learners_lose_no_rating_update(settings):
    # Every answer a full change, so a lost update would show (docs/ratings.md).
    settings.PUZZLE_ESTABLISHED_ANSWERS = 0
    puzzle = saved("pt")
    key = question_of(puzzle).right[0]
    start = threading.Barrier(LEARNERS)

    def attempt(i: int) -> int:
        client = Client()  # a session, and so a learner, of its own
        try:
            start.wait()
            answer = key if i % 2 else "0/0"
            return client.post(
                reverse("puzzle-answer", args=[puzzle.short_id]), {"answer": answer}
            ).status_code
        finally:
            connection.close()

    with ThreadPoolExecutor(LEARNERS) as pool:
        codes = list(pool.map(attempt, range(LEARNERS)))
    assert codes == [302] * LEARNERS
    attempts = list(Attempt.objects.order_by("id"))
    assert len(attempts) == LEARNERS
    puzzle.refresh_from_db()
    assert (puzzle.attempts, puzzle.solved) == (LEARNERS, LEARNERS // 2)
    # Serialized: each attempt was rated from the rating the one before it left.
    for earlier, later in zip(attempts, attempts[1:], strict=False):
        assert later.puzzle_before == earlier.puzzle_after != earlier.puzzle_before
    assert puzzle.rating == attempts[-1].puzzle_after


def test_one_learner_submitting_many_times_at_once_is_rated_once():
    puzzle = saved("pt")
    learner = Learner.objects.create()
    start = threading.Barrier(8)

    def attempt(_: int) -> bool:
        try:
            start.wait()
            return record_attempt(puzzle.pk, learner.pk, ["1/1"], right=False).first
        finally:
            connection.close()

    with ThreadPoolExecutor(8) as pool:
        firsts = list(pool.map(attempt, range(8)))
    assert firsts.count(True) == 1
    assert Attempt.objects.count() == 1
    learner.refresh_from_db()
    puzzle.refresh_from_db()
    assert puzzle.attempts == 1
    assert learner.rating == Attempt.objects.get().learner_after
