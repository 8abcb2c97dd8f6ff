"""The dependency tracker's caches (dependency.py ``LayerDependencies``) never change an
answer: evaluating with them gives what re-asking every pair from scratch gives (613.8)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings

from rules_engine import dependency
from rules_engine.answers import answer_json, evaluate_board
from rules_engine.errors import BoardError
from tests.engine.boards import BOARDS, board_files
from tests.strategies import boards


class _Fresh(dependency.LayerDependencies):
    """Forgets every trial, footprint and edge after each application."""

    def advance(self, state: Any, delta: set[str], known: Any) -> None:
        self.state = state
        self.trials, self.before, self.pairs = {}, {}, {}


def _both(data: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    cached = answer_json(evaluate_board(data))
    with monkeypatch.context() as patch:
        patch.setattr("rules_engine.layers.LayerDependencies", _Fresh)
        fresh = answer_json(evaluate_board(data))
    return cached, fresh


@pytest.mark.parametrize("path", board_files("layers"), ids=lambda p: str(p.relative_to(BOARDS)))
def test_every_layers_board_answers_the_same_without_the_caches(path, monkeypatch):
    cached, fresh = _both(json.loads(path.read_text()), monkeypatch)
    assert cached == fresh


@settings(max_examples=40, deadline=None)
@given(boards(max_steps=10))
def test_random_boards_answer_the_same_without_the_caches(board: dict[str, Any]) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        try:
            cached, fresh = _both(board, monkeypatch)
        except BoardError:
            return
    assert cached == fresh
