"""Glicko-2 against the worked example in Glickman's paper, and the shape of one attempt."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.puzzles.glicko2 import Rating, duel, expected_score, rate


def test_glickmans_worked_example():
    # Mark Glickman, "Example of the Glicko-2 system" (2013), section "An example":
    # a 1500/200/0.06 player beats 1400/30, loses to 1550/100 and to 1700/300 (tau 0.5).
    after = rate(
        Rating(1500, 200, 0.06),
        [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)],
    )
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.01)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)


def test_an_idle_period_only_widens_the_deviation():
    after = rate(Rating(1700, 100, 0.06), [])
    assert after.rating == 1700
    assert after.deviation > 100


ratings = st.builds(
    Rating,
    st.floats(600, 2800),
    st.floats(30, 350),
    st.floats(0.03, 0.1),
)


@given(ratings, ratings, st.booleans())
def test_solving_raises_the_learner_and_lowers_the_puzzle(learner, puzzle, solved):
    new_learner, new_puzzle = duel(learner, puzzle, solved)
    if solved:
        assert new_learner.rating > learner.rating and new_puzzle.rating < puzzle.rating
    else:
        assert new_learner.rating < learner.rating and new_puzzle.rating > puzzle.rating
    assert new_learner.deviation <= 350 and new_puzzle.deviation <= 350


def test_a_stronger_learner_is_expected_to_solve_more():
    puzzle = Rating(1500, 100)
    assert expected_score(Rating(1800), puzzle) > 0.5 > expected_score(Rating(1200), puzzle)
