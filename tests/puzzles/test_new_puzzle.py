"""Making a puzzle from a builder board: the engine must be able to pose the question."""

from __future__ import annotations

import re
import time
import uuid

import pytest
from django.urls import reverse

from tests.web.boards import GRAY_OGRE, PEEK_LINE, not_modelled_section, peek_token, token_of
from tutor.puzzles.models import Puzzle
from tutor.puzzles.services import question_of, sync_themes

pytestmark = pytest.mark.django_db

FORM = {
    "title": "The Ogre's long day",
    "description": "Several effects touch Gray Ogre. What are its power and toughness?",
    "subject": "ogre",
    "field": "pt",
    "themes": ["layer-7"],
    "author": "Ada",
}


@pytest.fixture(autouse=True)
def _themes_and_a_fresh_address(client):
    """Themes exist; each test counts against the rate limit from an address of its own
    (the limit's cache may be Redis, shared by every test in the run)."""
    sync_themes()
    client.defaults["REMOTE_ADDR"] = f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.9"


def test_a_board_becomes_a_puzzle_with_an_engine_computed_key(client):
    token = token_of(GRAY_OGRE)
    form = client.get(reverse("puzzle-new"), {"board": token})
    assert form.status_code == 200 and "Gray Ogre (ogre)" in form.content.decode()
    made = client.post(reverse("puzzle-new"), {**FORM, "board": token})
    assert made.status_code == 302
    puzzle = Puzzle.objects.get()
    assert made["Location"] == puzzle.get_absolute_url()
    assert puzzle.board["ask"] == {"characteristics": "ogre"}
    assert puzzle.board["title"] == FORM["title"] and not puzzle.curated
    assert question_of(puzzle).right == ("5/8",)  # CR 613.5's example answer
    assert [t.slug for t in puzzle.themes.all()] == ["layer-7"]
    assert client.get(puzzle.get_absolute_url()).status_code == 200


def test_a_question_the_board_cant_pose_is_refused_with_a_reason(client):
    token = token_of(GRAY_OGRE)
    missing = client.post(reverse("puzzle-new"), {**FORM, "board": token, "themes": []})
    assert missing.status_code == 400 and "This field is required" in missing.content.decode()
    no_pt = client.post(reverse("puzzle-new"), {**FORM, "board": token, "subject": "nosuch"})
    assert no_pt.status_code == 400
    assert not Puzzle.objects.exists()


def test_a_forged_board_is_a_400(client):
    assert client.get(reverse("puzzle-new"), {"board": "1.garbage"}).status_code == 400
    assert client.get(reverse("puzzle-new")).status_code == 400
    assert client.post(reverse("puzzle-new"), {**FORM, "board": "2.x"}).status_code == 400


def test_making_puzzles_is_rate_limited(client):
    token = token_of(GRAY_OGRE)
    for _ in range(3):  # a minute boundary mid-test splits the count: try again
        window = int(time.time() // 60)
        client.defaults["REMOTE_ADDR"] = f"10.{uuid.uuid4().int % 250}.7.{window % 250}"
        answers = [
            client.post(reverse("puzzle-new"), {**FORM, "board": token}).status_code
            for _ in range(12)
        ]
        if int(time.time() // 60) == window:
            break
    assert answers == [302] * 10 + [429, 429]


def test_a_board_with_something_the_engine_does_not_model_is_refused_naming_it(client):
    token = peek_token()
    form = client.get(reverse("puzzle-new"), {"board": token}).content.decode()
    assert "can't become a puzzle, a lesson or a class question" in not_modelled_section(form)
    # Issue 26: said at once, with no form to fill in before the refusal.
    assert "Save the puzzle" not in form and 'name="title"' not in form
    refused = client.post(reverse("puzzle-new"), {**FORM, "board": token})
    assert refused.status_code == 400
    errors = re.search(
        r'<div class="form-errors" role="alert">.*?</div>', refused.content.decode(), re.S
    )
    assert errors, "the refusal is an inline form error"
    assert "This board can&#x27;t be a puzzle" in errors.group(0)
    assert f"{PEEK_LINE} (on Peek)" in errors.group(0)
    assert not Puzzle.objects.exists()
