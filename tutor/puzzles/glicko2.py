"""Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013), for learners and puzzles.

Each first attempt is one game between a learner and a puzzle, rated as its own
rating period, as chess puzzle sites do: solving is a win for the learner, a
wrong answer or giving up is a win for the puzzle. Pure functions on frozen
values; the caller stores the results atomically (``ratings.record_attempt``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

# Glicko-2's internal scale: rating 1500 is 0, one unit is 173.7178 rating points.
SCALE = 173.7178
# The system constant: how fast volatility may change (Glickman suggests 0.3-1.2).
TAU = 0.5
CONVERGENCE = 1e-6
MAX_DEVIATION = 350.0


@dataclass(frozen=True, slots=True)
class Rating:
    rating: float = 1500.0
    deviation: float = MAX_DEVIATION
    volatility: float = 0.06


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _new_volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5 of the paper: solve for the new volatility (the Illinois algorithm)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > CONVERGENCE:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def rate(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period of ``games`` (opponent, score 1/0.5/0)."""
    mu = (player.rating - 1500) / SCALE
    phi = player.deviation / SCALE
    if not games:
        # Step 6 alone: an idle period only widens the deviation.
        idle = math.sqrt(phi * phi + player.volatility**2)
        return Rating(player.rating, min(idle * SCALE, MAX_DEVIATION), player.volatility)
    terms = []
    for opponent, score in games:
        mu_j = (opponent.rating - 1500) / SCALE
        phi_j = opponent.deviation / SCALE
        terms.append((_g(phi_j), _expected(mu, mu_j, phi_j), score))
    v = 1 / sum(g * g * e * (1 - e) for g, e, _ in terms)
    delta = v * sum(g * (s - e) for g, e, s in terms)
    sigma = _new_volatility(phi, player.volatility, delta, v, tau)
    phi_star = math.sqrt(phi * phi + sigma * sigma)
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    new_mu = mu + new_phi * new_phi * sum(g * (s - e) for g, e, s in terms)
    return Rating(new_mu * SCALE + 1500, min(new_phi * SCALE, MAX_DEVIATION), sigma)


def duel(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """Both new ratings after one attempt, each computed from the other's old rating."""
    score = 1.0 if solved else 0.0
    return rate(learner, [(puzzle, score)]), rate(puzzle, [(learner, 1 - score)])


def expected_score(learner: Rating, puzzle: Rating) -> float:
    """The chance the learner solves the puzzle, as Glicko-2 sees it."""
    mu = (learner.rating - 1500) / SCALE
    mu_j = (puzzle.rating - 1500) / SCALE
    return _expected(mu, mu_j, puzzle.deviation / SCALE)


def weighted(before: Rating, after: Rating, weight: float) -> Rating:
    """Only ``weight`` (0 to 1) of the way from ``before`` to ``after``: an answer from a
    learner the site knows little about moves a puzzle a little (docs/ratings.md)."""
    if weight >= 1:
        return after
    return Rating(
        before.rating + weight * (after.rating - before.rating),
        before.deviation + weight * (after.deviation - before.deviation),
        before.volatility + weight * (after.volatility - before.volatility),
    )
