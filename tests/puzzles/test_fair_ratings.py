"""Ratings a crowd of throwaway sessions can't push around (docs/ratings.md): a bare
give-up never moves a puzzle's rating, each address moves a puzzle's rating a few times an
hour at most, an empty answer is refused and never rated, and no GET changes anything."""

from __future__ import annotations

import datetime
import uuid

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.puzzles.helpers import saved
from tutor.core import ratelimit
from tutor.puzzles.models import Attempt, Learner, Puzzle
from tutor.puzzles.ratings import puzzle_weight

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
    settings.PUZZLE_ESTABLISHED_ANSWERS = 0  # every answer a full one: only the cap decides
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


def test_the_cap_is_a_sliding_hour_not_the_clock_s(settings, monkeypatch):
    """Issue 24: three rated answers just before o'clock and three just after were six."""
    settings.PUZZLE_RATED_ATTEMPTS_PER_HOUR = 3
    settings.PUZZLE_ESTABLISHED_ANSWERS = 0
    puzzle = saved("pt")
    here = address()
    clock = [3600.0 * 400_000 - 30]  # half a minute before an hour begins
    monkeypatch.setattr(ratelimit.time, "time", lambda: clock[0])
    for _ in range(6):
        Client(REMOTE_ADDR=here).post(url("puzzle-answer", puzzle), {"answer": "0/0"})
        clock[0] += 10
    moved = [a for a in Attempt.objects.filter(puzzle=puzzle) if a.puzzle_after != a.puzzle_before]
    assert len(moved) == 3


def test_thirty_fresh_sessions_move_a_puzzle_a_few_points_at_most():
    """Issue 24: 31 throwaway sessions moved a puzzle from 1200 to 1547; a new learner's
    answer now moves a puzzle by (answered / PUZZLE_ESTABLISHED_ANSWERS)^2 of a change."""
    puzzle = saved("pt")
    before = puzzle.rating
    for _ in range(30):
        Client(REMOTE_ADDR=address()).post(url("puzzle-answer", puzzle), {"answer": "0/0"})
    puzzle.refresh_from_db()
    assert puzzle.attempts == 30
    assert abs(puzzle.rating - before) <= 3


def test_a_learner_s_weight_grows_with_their_answered_puzzles(settings):
    settings.PUZZLE_ESTABLISHED_ANSWERS = 4
    learner = Learner.objects.create()
    assert puzzle_weight(learner) == 0
    _answered_puzzles(learner, 2)
    assert puzzle_weight(learner) == 0.25


def _answered_puzzles(learner: Learner, how_many: int) -> None:
    base = saved("pt")
    for n in range(how_many):
        other = Puzzle.objects.create(
            short_id=f"x{learner.pk}n{n}", title="x", description="", board=base.board
        )
        Attempt.objects.create(
            learner=learner,
            puzzle=other,
            answer="",
            right=True,
            learner_before=0,
            learner_after=0,
            puzzle_before=0,
            puzzle_after=0,
        )


def _account(name: str, days_old: int, answered: int) -> Client:
    user = User.objects.create_user(name, password="a-long-passphrase-9")
    User.objects.filter(pk=user.pk).update(
        date_joined=timezone.now() - datetime.timedelta(days=days_old)
    )
    _answered_puzzles(Learner.objects.create(user=user), answered)
    browser = Client()
    browser.force_login(user)
    return browser


def test_only_established_accounts_disputes_unrate_a_puzzle(settings):
    """Issue 24: three fresh accounts with one dispute each set a puzzle to unrated."""
    settings.DISPUTES_TO_UNRATE = 2
    settings.ESTABLISHED_ACCOUNT_DAYS = 7
    settings.PUZZLE_ESTABLISHED_ANSWERS = 3
    puzzle = saved("pt")
    ref = {"ref": f"puzzle:{puzzle.short_id}", "reason": "the engine forgot an effect"}
    for name, days, answered in (("new", 0, 5), ("idle", 30, 1), ("fresh", 1, 0)):
        assert _account(name, days, answered).post(reverse("dispute"), ref).status_code == 200
    puzzle.refresh_from_db()
    assert puzzle.rated  # three accounts, none established
    _account("ada", 8, 3).post(reverse("dispute"), ref)
    puzzle.refresh_from_db()
    assert puzzle.rated  # one established account
    _account("bo", 30, 4).post(reverse("dispute"), ref)
    puzzle.refresh_from_db()
    assert not puzzle.rated  # two: out of ratings until staff decide


def test_sign_ups_are_limited_per_address(settings):
    settings.SIGNUPS_PER_HOUR = 2
    here = address()
    codes = []
    for n in range(3):
        form = {"username": f"s{n}{uuid.uuid4().hex[:6]}", "password1": "a-long-passphrase-9"}
        form["password2"] = form["password1"]
        codes.append(Client(REMOTE_ADDR=here).post(reverse("signup"), form).status_code)
    assert codes == [302, 302, 429]
