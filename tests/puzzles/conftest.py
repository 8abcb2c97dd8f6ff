"""The puzzle tests answer many times from one address: the limits are lifted, except
where a test puts one back to check it."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _generous_answer_limit(settings):
    settings.PUZZLE_ANSWERS_PER_MINUTE = 1_000_000
    # The hourly cap's counts outlive a test (the cache), and ids repeat across tests.
    settings.PUZZLE_RATED_ATTEMPTS_PER_HOUR = 1_000_000
