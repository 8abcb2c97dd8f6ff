"""The JSON API answers what the command line prints, and refuses bad input with a 4xx."""

from __future__ import annotations

import json
import time
import uuid

import pytest
from django.urls import reverse

from rules_engine.ask.characteristics import answer_json, evaluate_board
from rules_engine.ask.event import event_answer
from tests.web.boards import DS_THEN_SCALES, GRAY_OGRE, example


@pytest.fixture(autouse=True)
def _generous_limit(settings):
    settings.API_REQUESTS_PER_MINUTE = 10_000


def post(client, name: str, body: object, **extra):
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post(reverse(name), data, content_type="application/json", **extra)


def test_evaluate_answers_what_the_command_line_prints(client):
    board = example(GRAY_OGRE)
    response = post(client, "api-evaluate", board)
    assert response.status_code == 200
    assert response.json() == json.loads(json.dumps(answer_json(evaluate_board(board))))
    assert response.json()["objects"]["ogre"]["power"] == 5


def test_event_answers_the_choice_tree_and_outcomes(client):
    board = example(DS_THEN_SCALES)
    response = post(client, "api-event", board)
    assert response.status_code == 200
    assert response.json() == json.loads(json.dumps(event_answer(board)))
    assert sorted(o["results"][0]["n"] for o in response.json()["outcomes"]) == [3, 4]


@pytest.mark.parametrize(
    ("body", "status", "needle"),
    [
        ("{not json", 400, "not valid JSON"),
        ([1, 2], 400, ""),
        (
            {"format": "mtg-board/1", "players": ["A"], "steps": [{"enter": "No Such Card"}]},
            400,
            "No Such Card",
        ),
        ("[" * 100_000, 400, "not valid JSON"),
    ],
)
def test_a_bad_board_is_a_400_with_the_fault(client, body, status, needle):
    response = post(client, "api-evaluate", body)
    assert response.status_code == status
    assert needle in response.json()["error"]


def test_the_fault_carries_its_json_path(client):
    board = {"format": "mtg-board/1", "players": ["A"], "steps": [{"enter": "No Such Card"}]}
    assert post(client, "api-evaluate", board).json()["path"].startswith("steps[0]")


def test_size_content_type_and_method_are_checked(client):
    assert post(client, "api-evaluate", " " * 300_000).status_code == 413
    response = client.post(reverse("api-evaluate"), "x=1", content_type="text/plain")
    assert response.status_code == 415
    assert client.get(reverse("api-evaluate")).status_code == 405


def test_requests_over_the_limit_are_refused_with_retry_after(client, settings):
    settings.API_REQUESTS_PER_MINUTE = 3
    for _ in range(3):  # a minute boundary mid-test splits the count: try again
        window = int(time.time() // 60)
        address = f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.7"  # a fresh count
        responses = [
            post(client, "api-evaluate", example(GRAY_OGRE), REMOTE_ADDR=address) for _ in range(4)
        ]
        if int(time.time() // 60) == window:
            break
    assert [r.status_code for r in responses] == [200, 200, 200, 429]
    assert 1 <= int(responses[-1]["Retry-After"]) <= 60
    assert "too many requests" in responses[-1].json()["error"]


def test_the_api_needs_no_csrf_token(csrf_client):
    assert post(csrf_client, "api-evaluate", example(GRAY_OGRE)).status_code == 200


def test_the_openapi_description_lists_every_operation(client):
    document = client.get(reverse("api-openapi")).json()
    assert document["openapi"].startswith("3.1")
    assert set(document["paths"]) == {"/api/evaluate", "/api/event", "/api/puzzles/{id}"}


def test_a_body_past_django_s_own_cap_is_answered_in_json(client):
    # Past DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB) Django refuses to read the body at all.
    response = post(client, "api-evaluate", " " * 3_000_000)
    assert response.status_code == 413
    assert response["Content-Type"] == "application/json"
    assert "too large" in response.json()["error"]


def test_a_method_an_endpoint_doesn_t_take_is_a_405_before_any_csrf_check(csrf_client):
    for method, name, args in (
        ("put", "api-evaluate", []),
        ("put", "api-puzzle", ["abc123"]),
        ("post", "api-openapi", []),
        ("delete", "api-openapi", []),
    ):
        response = getattr(csrf_client, method)(reverse(name, args=args))
        assert response.status_code == 405, (method, name)
        assert response["Allow"]
        assert "not allowed" in response.json()["error"]
    # A page too: a POST without a CSRF token to a page that only shows is a 405, not 403.
    assert csrf_client.post(reverse("rules")).status_code == 405
    assert csrf_client.delete("/b/nothing").status_code == 405


def test_the_description_refuses_an_empty_player_name_as_the_server_does(client):
    schema = client.get(reverse("api-openapi")).json()
    board = schema["paths"]["/api/evaluate"]["post"]["requestBody"]["content"]
    players = board["application/json"]["schema"]["properties"]["players"]
    assert players["items"]["minLength"] == 1
    refused = post(client, "api-evaluate", {**example(GRAY_OGRE), "players": [""]})
    assert refused.status_code == 400
