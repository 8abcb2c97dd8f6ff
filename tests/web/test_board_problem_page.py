"""A board link the engine can't set up gets a 400 page in a learner's words, with the
engine's exact words (JSON path and message) kept aside for whoever wrote the board."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from tutor.boards.codec import encode_board

pytestmark = pytest.mark.django_db

MISSING_CHOICE = {
    "format": "mtg-board/1",
    "players": ["Alice", "Bob"],
    "active": "Alice",
    "steps": [
        {"enter": "Grizzly Bears", "as": "bears", "controller": "Alice"},
        {"enter": "Caged Sun", "as": "sun", "controller": "Alice", "choices": {"color": "G"}},
        {"enter": "Seal of the Guildpact", "as": "seal", "controller": "Alice"},
    ],
}


def test_a_board_the_engine_refuses_is_explained_in_a_learners_words(client):
    page = client.get(reverse("board", args=[encode_board(MISSING_CHOICE)]))
    assert page.status_code == 400
    html = page.content.decode()
    alert = re.search(r'<p class="problem" role="alert">(.*?)</p>', html, re.S)
    assert alert is not None
    assert "step 3 of this board" in alert[1]
    assert "steps[" not in alert[1] and '"colors"' not in alert[1]
    # The engine's own words stay available, folded away, for the board's author.
    assert "<details" in html and "steps[2].choices.colors" in html
