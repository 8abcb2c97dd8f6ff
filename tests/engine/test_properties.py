"""Properties every board must have, on random legal boards."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.answers import answer_json, evaluate_board
from tests.strategies import STATICS, boards


def _final(board: dict[str, Any]) -> dict[str, Any]:
    objects = answer_json(evaluate_board(board))["objects"]
    return {label: {k: v for k, v in o.items() if k != "timestamp"} for label, o in objects.items()}


@settings(max_examples=60, deadline=None)
@given(boards())
def test_random_boards_evaluate_without_crashing(board: dict[str, Any]) -> None:
    answer = answer_json(evaluate_board(board))
    assert set(answer) >= {"objects", "trace", "state_based_actions"}


@settings(max_examples=30, deadline=None)
@given(boards())
def test_evaluation_is_deterministic(board: dict[str, Any]) -> None:
    assert answer_json(evaluate_board(board)) == answer_json(evaluate_board(board))


@settings(max_examples=40, deadline=None)
@given(boards(max_steps=8), st.data())
def test_independent_steps_in_different_layers_commute(
    board: dict[str, Any], data: st.DataObject
) -> None:
    """Timestamps only order effects within a layer (CR 613.7), so swapping two
    statics whose effects share no layer never changes the result."""
    first = data.draw(st.sampled_from(sorted(STATICS)))
    others = sorted(name for name, layers in STATICS.items() if not layers & STATICS[first])
    second = data.draw(st.sampled_from(others))
    a = {"enter": first, "as": "swap_a", "controller": "Alice"}
    b = {"enter": second, "as": "swap_b", "controller": "Bob"}
    one = dict(board, steps=[*board["steps"], a, b])
    two = dict(board, steps=[*board["steps"], b, a])
    assert _final(one) == _final(two)
