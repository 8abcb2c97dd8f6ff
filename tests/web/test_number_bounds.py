"""The engine's bounds on numbers and on what an event makes (rules_engine/bounds.py), seen
from the site: a share link or an API request past one is a 400 naming the step, never a
500 or seconds of work; the builder and the API description state the same numbers."""

from __future__ import annotations

import json
import re
import uuid
from pathlib import Path
from typing import Any

import pytest
from django.urls import reverse

from rules_engine import bounds
from tests.engine.test_bounds import doublers_then_wastes
from tutor.boards import limits
from tutor.boards.codec import encode_board
from tutor.boards.forms import StepForm

pytestmark = pytest.mark.django_db

HUGE_COUNTERS = {
    "format": "mtg-board/1",
    "players": ["Alice", "Bob"],
    "steps": [
        {"enter": "Grizzly Bears", "as": "g"},
        {"counters": "+1/+1", "on": "g", "n": 10**4299},
        {"counters": "+1/+1", "on": "g", "n": 9 * 10**4299},
    ],
}


@pytest.fixture(autouse=True)
def _fresh_address(client):
    client.defaults["REMOTE_ADDR"] = f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.9"


def api(client, board: dict[str, Any], kind: str = "evaluate"):
    return client.post(f"/api/{kind}", json.dumps(board), content_type="application/json")


@pytest.mark.parametrize(
    ("board", "path"),
    [
        (HUGE_COUNTERS, "steps[1].n"),  # 500 before: 4,300 digits can't be written out
        (doublers_then_wastes(0, 10**9), "steps[0].x"),  # 3 GB before
        (doublers_then_wastes(7, 1), "steps[7]"),  # 42.9 s of CPU before
        (doublers_then_wastes(1, 251), "steps[1]"),  # 502 tokens
    ],
)
def test_a_board_past_a_bound_is_a_400_naming_the_step(client, board, path):
    answer = api(client, board)
    assert answer.status_code == 400 and answer.json()["path"] == path
    page = client.get(reverse("board", args=[encode_board(board)]))
    assert page.status_code == 400 and path in page.content.decode()


def test_an_event_question_past_a_bound_is_a_400(client):
    board = doublers_then_wastes(6, 0)
    board["steps"].pop()
    board["ask"] = {"event": {"draw": 10_000, "player": "Alice"}}
    answer = api(client, board, "event")
    assert answer.status_code == 400 and answer.json()["path"] == "ask.event.draw"


def test_the_builder_takes_x_up_to_the_engines_bound():
    field = StepForm.base_fields["x"]
    assert field.max_value == bounds.MAX_X == limits.MAX_X
    assert StepForm.base_fields["n"].max_value == bounds.MAX_AMOUNT


def test_the_api_description_states_the_number_bounds(client):
    document = client.get("/api/openapi.json").json()
    text = document["info"]["description"]
    assert f"{bounds.MAX_X:,}" in text and f"{bounds.MAX_AMOUNT:,}" in text
    step = document["paths"]["/api/evaluate"]["post"]["requestBody"]["content"]["application/json"][
        "schema"
    ]["properties"]["steps"]["items"]["properties"]
    assert step["x"]["maximum"] == bounds.MAX_X


def test_docs_limits_states_every_engine_bound():
    text = Path(__file__).resolve().parents[2].joinpath("docs", "limits.md").read_text()
    table = re.sub(r"\s+", " ", text)
    for value in (
        bounds.MAX_X,
        bounds.MAX_AMOUNT,
        bounds.MAX_OBJECTS,
        bounds.MAX_TEXT,
        bounds.MAX_NAME,
        bounds.MAX_ABILITIES,
        bounds.MAX_ABILITY_TEXT,
        bounds.MAX_TYPED_TEXT,
    ):
        assert f"| {value:,}" in table or f"; {value:,}" in table or f" {value:,} " in table
