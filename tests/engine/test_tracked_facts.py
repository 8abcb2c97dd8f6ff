"""Speed (CR 702.178-702.179), solved Cases (719.3, 702.169) and the Ring (701.54): the board
keys, each refused with its field named when malformed, and the steps that read them."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.ask.characteristics import evaluate_board
from rules_engine.board import parse_board
from rules_engine.effects import Designated, SourceStatus
from rules_engine.errors import BoardError
from rules_engine.oracle.history import history_condition

BEARS = {"enter": "Grizzly Bears", "as": "bear"}


def test_speed_and_temptations_are_read_and_default_to_none() -> None:
    stated = parse_board(
        {"players": ["Alice", "Bob"], "speed": {"Bob": 3}, "ring_tempted": {"Alice": 2}}
    )
    assert stated.designations.speed_of("Bob") == 3
    assert stated.designations.speed_of("Alice") == 0  # CR 702.179f
    assert stated.designations.tempted("Alice") == 2
    assert parse_board({"players": ["Alice", "Bob"]}).designations.speed == ()


def test_the_conditions_read_speed_solved_and_ring_bearer() -> None:
    assert history_condition("your speed is 4", self_is_it=False) == Designated("max_speed")
    solved = history_condition("~ is solved", self_is_it=False)
    assert isinstance(solved, SourceStatus) and solved.status == "solved"
    bearer = history_condition("~ is your ring-bearer", self_is_it=False)
    assert isinstance(bearer, SourceStatus) and bearer.status == "ring_bearer"


def _snare(speed: int) -> dict[str, Any]:
    return {
        "players": ["Alice", "Bob"],
        "speed": {"Alice": speed},
        "steps": [
            {"enter": "Perilous Snare", "as": "snare"},
            BEARS,
            {"activate": "snare", "ability": 2, "targets": ["bear"]},
        ],
    }


def test_a_max_speed_ability_below_speed_4_cant_be_activated() -> None:
    # CR 702.178a: below speed 4 the permanent doesn't have the ability.
    with pytest.raises(BoardError) as caught:
        evaluate_board(_snare(3))
    assert "steps[2].ability" in caught.value.path
    assert "702.178a" in str(caught.value) and "speed is 3" in str(caught.value)


def test_a_solved_ability_of_an_unsolved_case_cant_be_activated() -> None:
    # CR 702.169d: "Activate only if this Case is solved."
    board = {
        "players": ["Alice", "Bob"],
        "steps": [
            {"enter": "Case of the Stashed Skeleton", "as": "case"},
            {"activate": "case", "ability": 2},
        ],
    }
    with pytest.raises(BoardError) as caught:
        evaluate_board(board)
    assert "isn't solved" in str(caught.value) and "702.169" in str(caught.value)


def test_the_ring_bearer_must_be_a_creature_its_player_controls() -> None:
    # CR 701.54a: "you choose a creature you control".
    board = {
        "players": ["Alice", "Bob"],
        "steps": [
            {"enter": "Grizzly Bears", "as": "theirs", "controller": "Bob"},
            {
                "cast": "Birthday Escape",
                "controller": "Alice",
                "choices": {"ring_bearer": "theirs"},
            },
        ],
    }
    with pytest.raises(BoardError) as caught:
        evaluate_board(board)
    assert "ring_bearer" in caught.value.path and "701.54a" in str(caught.value)


def test_the_ring_tempts_a_player_without_creatures() -> None:
    # CR 701.54a: the Ring tempts you even if you control no creature; the count still grows.
    evaluate_board(
        {"players": ["Alice", "Bob"], "steps": [{"cast": "Birthday Escape", "controller": "Alice"}]}
    )
