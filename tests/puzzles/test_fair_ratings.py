"""Ratings a crowd of throwaway sessions can't push around (docs/ratings.md): a bare
give-up never moves a puzzle's rating, each address moves a puzzle's rating a few times an
hour at most, an empty answer is refused and never rated, and no GET changes anything."""

from __future__ import annotations

import uuid

import pytest
from django.test import Client
from django.urls import reverse

from tests.puzzles.helpers import saved
from tutor.puzzles.models import Attempt
from tutor.puzzles.questions import NONE_KEY
from tutor.puzzles.services import question_of

pytestmark = pytest.mark.django_db


def address() -> str:
    return f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}"


def url(name: str, puzzle) -> str:
    return reverse(name, args=[puzzle.short_id])


def test_thirty_give_ups_from_fresh_sessions_leave_the_rating_alone():
    puzzle = saved("pt")
    before = puzzle.rating
    here = address()
    for _ in range(30):
        Client(REMOTE_ADDR=here).post(url("puzzle-give-up", puzzle))
    puzzle.refresh_from_db()
    assert puzzle.rating == before and puzzle.attempts == 30
    attempt = Attempt.objects.filter(puzzle=puzzle).first()
    assert attempt.gave_up and attempt.learner_after < attempt.learner_before  # their own


def test_an_address_moves_a_puzzles_rating_a_few_times_an_hour_at_most(settings):
    settings.PUZZLE_RATED_ATTEMPTS_PER_HOUR = 3
    puzzle = saved("pt")
    here = address()
    for _ in range(10):
        Client(REMOTE_ADDR=here).post(url("puzzle-answer", puzzle), {"answer": "0/0"})
    moved = [a for a in Attempt.objects.filter(puzzle=puzzle) if a.puzzle_after != a.puzzle_before]
    assert len(moved) == 3 and Attempt.objects.filter(puzzle=puzzle).count() == 10
    puzzle.refresh_from_db()
    assert puzzle.rating == moved[-1].puzzle_after
    # Another address still counts.
    Client(REMOTE_ADDR=address()).post(url("puzzle-answer", puzzle), {"answer": "0/0"})
    last = Attempt.objects.filter(puzzle=puzzle).last()
    assert last.puzzle_after != last.puzzle_before


def test_an_empty_tick_all_answer_is_refused_inline_and_not_recorded(client):
    puzzle = saved("colors")
    before = puzzle.rating
    page = client.post(url("puzzle-answer", puzzle), {})
    assert page.status_code == 400
    assert "ick at least one option" in page.content.decode()
    htmx = client.post(url("puzzle-answer", puzzle), {}, headers={"HX-Request": "true"})
    assert htmx.status_code == 422 and "ick at least one option" in htmx.content.decode()
    mixed = client.post(url("puzzle-answer", puzzle), {"answer": [NONE_KEY, "W"]})
    assert mixed.status_code == 400
    puzzle.refresh_from_db()
    assert not Attempt.objects.exists() and puzzle.rating == before


def test_none_of_these_is_an_answer(client):
    puzzle = saved("colors")
    key = list(question_of(puzzle).key) or [NONE_KEY]
    assert client.post(url("puzzle-answer", puzzle), {"answer": key}).status_code == 302
    assert Attempt.objects.get().right


def test_no_get_changes_a_rating_or_records_an_attempt(client):
    puzzle = saved("pt")
    key = question_of(puzzle).key[0]
    for name in ("puzzle-answer", "puzzle-give-up"):
        assert client.get(url(name, puzzle), {"answer": key}).status_code == 405
    assert client.get(reverse("dispute")).status_code == 405
    client.get(url("puzzle-embed", puzzle), {"give_up": "1", "submitted": "1", "answer": key})
    assert not Attempt.objects.exists()


def test_answers_and_give_ups_need_a_csrf_token(csrf_client):
    puzzle = saved("pt")
    assert csrf_client.post(url("puzzle-give-up", puzzle)).status_code == 403
    assert csrf_client.post(url("puzzle-answer", puzzle), {"answer": "1/1"}).status_code == 403
    assert not Attempt.objects.exists()
