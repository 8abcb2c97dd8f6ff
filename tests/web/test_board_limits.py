"""The site's bounds (tutor.boards.limits), the same on every entry point: control
characters, copy chains, steps and texts are refused with a 400 that names them before
anything is saved or evaluated for long; tokens decode exactly; evaluations are cached by
a board's content, not its title. Runs on SQLite and PostgreSQL alike (.ci/run)."""

from __future__ import annotations

import base64
import json
import uuid
import zlib
from typing import Any

import pytest
from django.urls import reverse

from tests.web.boards import GRAY_OGRE, example
from tutor.boards import limits, services
from tutor.boards.codec import BoardTokenError, canonical_json, decode_board, encode_board
from tutor.classes.questions import QuestionProblem
from tutor.classes.sources import snapshot_for
from tutor.puzzles.models import Puzzle
from tutor.puzzles.services import sync_themes

pytestmark = pytest.mark.django_db

PLAYERS = ["Alice", "Bob"]
FORM = {
    "title": "The Ogre's long day",
    "description": "Several effects touch Gray Ogre. What are its power and toughness?",
    "subject": "ogre",
    "field": "pt",
    "themes": ["layer-7"],
}


@pytest.fixture(autouse=True)
def _fresh_address(client):
    sync_themes()
    client.defaults["REMOTE_ADDR"] = f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.7"


def clone_chain(n: int, title: str = "A chain of Clones") -> dict[str, Any]:
    """Hill Giant, then ``n`` Clones each copying the one before (CR 707.2)."""
    steps: list[dict[str, Any]] = [{"enter": "Hill Giant", "as": "c0", "controller": "Bob"}]
    steps += [
        {"enter": "Clone", "as": f"c{i}", "controller": "Alice", "choices": {"copy": f"c{i - 1}"}}
        for i in range(1, n + 1)
    ]
    return {"format": "mtg-board/1", "title": title, "players": PLAYERS, "steps": steps}


def with_nul_in_notes() -> dict[str, Any]:
    board = example(GRAY_OGRE)
    board["notes"] = "before\x00after"
    return board


def with_nul_in_a_card_name() -> dict[str, Any]:
    board = example(GRAY_OGRE)
    board["steps"].append(
        {
            "enter": {"name": "Og\x00re", "types": ["Creature"], "power": 2, "toughness": 2},
            "as": "odd",
            "controller": "Alice",
        }
    )
    return board


def with_bell_in_the_title() -> dict[str, Any]:
    board = example(GRAY_OGRE)
    board["title"] = "Ring \x07 the bell"
    return board


CONTROLLED = {
    "nul-in-notes": with_nul_in_notes,
    "nul-in-a-card-name": with_nul_in_a_card_name,
    "bell-in-the-title": with_bell_in_the_title,
}


def forged_token(board: dict[str, Any]) -> str:
    """A token for a board the site would never encode (no checks on the way)."""
    packed = zlib.compress(canonical_json(board).encode("utf-8"), 9)
    return "1." + base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


@pytest.mark.parametrize("make", CONTROLLED.values(), ids=CONTROLLED.keys())
def test_control_characters_are_a_400_before_a_puzzle_is_saved(client, make):
    token = forged_token(make())
    made = client.post(reverse("puzzle-new"), {**FORM, "board": token})
    assert made.status_code == 400
    assert "control character (U+00" in made.content.decode()
    assert not Puzzle.objects.exists()


@pytest.mark.parametrize("make", CONTROLLED.values(), ids=CONTROLLED.keys())
def test_control_characters_are_refused_on_every_entry_point(client, make):
    board = make()
    token = forged_token(board)
    assert client.get(reverse("board", args=[token])).status_code == 400
    imported = client.post(reverse("board-import"), {"board_json": json.dumps(board)})
    assert imported.status_code == 400 and "control character" in imported.content.decode()
    api = client.post("/api/evaluate", json.dumps(board), content_type="application/json")
    assert api.status_code == 400 and "control character" in api.json()["error"]
    with pytest.raises(QuestionProblem, match="control character"):
        snapshot_for({"kind": "board", "token": token, "label": "ogre"})


def test_line_breaks_and_tabs_are_text():
    board = example(GRAY_OGRE)
    board["notes"] = "one\nline\r\nand\ta tab"
    assert decode_board(encode_board(board)) == board


def test_a_copy_chain_past_the_bound_is_refused_at_once_everywhere(client):
    board = clone_chain(limits.MAX_COPIES + 1)
    page = client.get(reverse("board", args=[encode_board(board)]))
    assert page.status_code == 400
    assert f"at most {limits.MAX_COPIES}" in page.content.decode()
    api = client.post("/api/evaluate", json.dumps(board), content_type="application/json")
    assert api.status_code == 400 and f"at most {limits.MAX_COPIES}" in api.json()["error"]
    event = client.post("/api/event", json.dumps(board), content_type="application/json")
    assert event.status_code == 400


def test_a_copy_chain_within_the_bound_is_answered(client):
    board = clone_chain(limits.MAX_COPIES)
    assert client.get(reverse("board", args=[encode_board(board)])).status_code == 200


def test_a_share_token_with_data_after_its_board_is_refused():
    token = encode_board(example(GRAY_OGRE))
    packed = base64.urlsafe_b64decode(token[2:] + "=" * (-len(token[2:]) % 4))
    trailing = "1." + base64.urlsafe_b64encode(packed + b"junk").decode().rstrip("=")
    with pytest.raises(BoardTokenError, match="something follows"):
        decode_board(trailing)
    with pytest.raises(BoardTokenError, match="characters a board link never has"):
        decode_board(token[:10] + "!" + token[10:])


def test_retitling_a_board_finds_its_cached_evaluation():
    board = clone_chain(3, title="first title")
    services.load_board(board)
    hits = services._evaluate.cache_info().hits
    retitled = services.load_board({**board, "title": "another", "notes": "more words"})
    assert services._evaluate.cache_info().hits == hits + 1
    assert retitled.result.board.title == "another"  # the request's own title, not the cached


def test_the_api_description_states_the_bounds(client):
    document = client.get("/api/openapi.json").json()
    text = document["info"]["description"]
    for bound in (limits.MAX_STEPS, limits.MAX_COPIES, limits.MAX_TEXT, limits.MAX_JSON_BYTES):
        assert str(bound) in text
    steps = document["paths"]["/api/evaluate"]["post"]["requestBody"]["content"][
        "application/json"
    ]["schema"]["properties"]["steps"]
    assert steps["maxItems"] == limits.MAX_STEPS


def test_the_site_bounds_fit_within_the_engines():
    from rules_engine import board as engine_board

    assert limits.MAX_STEPS <= engine_board.MAX_STEPS
    assert limits.MAX_COPIES <= engine_board.MAX_COPIES


def test_a_title_or_name_with_a_control_character_is_a_400_naming_it(client):
    token = encode_board(example(GRAY_OGRE))
    made = client.post(reverse("puzzle-new"), {**FORM, "title": "Bell\x07", "board": token})
    assert made.status_code == 400 and "control character (U+0007)" in made.content.decode()
    joined = client.post(reverse("join"), {"code": "ABCDEF", "name": "Ada\x1b"})
    assert joined.status_code in (400, 404)
    assert not Puzzle.objects.exists()
