"""The dependency tracker's caches (dependency.py ``LayerDependencies``) never change an
answer: evaluating with them gives what re-asking every pair from scratch gives (613.8)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings

from rules_engine import dependency
from rules_engine.ask.characteristics import answer_json, evaluate_board
from rules_engine.errors import BoardError
from tests.engine.boards import board_data, board_files, board_params, evaluated
from tests.strategies import boards


class _Fresh(dependency.LayerDependencies):
    """Forgets every trial, footprint and edge after each application."""

    def advance(self, state: Any, delta: set[str], known: Any) -> None:
        self.state = state
        self.trials, self.before, self.pairs = {}, {}, {}
        self.shared, self.shared_edges, self.stale = {}, {}, {}


def _both(data: Any, monkeypatch: pytest.MonkeyPatch, cached: Any | None = None) -> tuple[Any, Any]:
    """The answer with the caches (``cached`` when already made) and without them."""
    if cached is None:
        cached = answer_json(evaluate_board(data))
    with monkeypatch.context() as patch:
        patch.setattr("rules_engine.layers.LayerDependencies", _Fresh)
        # Without the caches the same answer costs far more work than the site allows.
        patch.setattr("rules_engine.timeline.replaying.LAYER_WORK_BUDGET", 10**9)
        # Every effect tried on its own, even where an identical one was tried already.
        patch.setattr("rules_engine.dependency.trial_signature", lambda *_: None)
        fresh = answer_json(evaluate_board(data))
    return cached, fresh


@pytest.mark.parametrize("path", board_params(board_files("layers")))
def test_every_layers_board_answers_the_same_without_the_caches(path, monkeypatch):
    # With the caches: the board's one evaluation, shared with its other checks.
    cached, fresh = _both(board_data(path), monkeypatch, evaluated(path).answer)
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


def _anthems_board(copies: int) -> dict[str, Any]:
    """Copies of the same anthems and of effects that read what they change."""
    texts = [
        "Each land is a Swamp in addition to its other types.",
        "All Swamps are 1/1 black creatures that are still lands.",
        "Creatures you control get +1/+1.",
        "Creatures you control with power 4 or greater get +0/+1.",
        "Other creatures you control get +1/+0.",
        "Creatures you control with toughness 3 or less get +1/+1.",
    ]
    steps: list[dict[str, Any]] = [
        {"enter": "Grizzly Bears", "as": f"bear{i}", "controller": "Alice"} for i in range(3)
    ]
    steps += [{"enter": "Forest", "as": f"land{i}", "controller": "Bob"} for i in range(2)]
    for n in range(copies):
        for i, text in enumerate(texts):
            card = {"name": f"Effect {n}-{i}", "types": ["Enchantment"], "abilities": [text]}
            steps.append(
                {"enter": card, "as": f"e{n}-{i}", "controller": "Alice" if i % 2 else "Bob"}
            )
    return {"format": "mtg-board/1", "players": ["Alice", "Bob"], "steps": steps}


@pytest.mark.parametrize("copies", [1, 2, 4])
def test_identical_effects_share_trials_without_changing_answers(copies, monkeypatch):
    cached, fresh = _both(_anthems_board(copies), monkeypatch)
    assert cached == fresh
