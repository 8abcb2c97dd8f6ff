"""An answer survives pickling: the site works boards out in worker processes and sends
the answers back (tutor/core/engine_pool.py)."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from rules_engine.ask.characteristics import answer_json, evaluate_board
from rules_engine.ask.event import event_answer, explore_event

BOARDS = Path(__file__).resolve().parent.parent / "boards"
# Boards whose answers hold filters with compiled tests (closures, which don't pickle).
SAMPLES = (
    "events/cr/614.12-example-2.json",
    "events/interactions/circle-of-protection-red.json",
    "events/interactions/gather-specimens-both-players.json",
    "cr/613.6-example-4.json",
)


@pytest.mark.parametrize("name", SAMPLES)
def test_answers_survive_pickling(name):
    board = json.loads((BOARDS / name).read_text())
    result = evaluate_board(board)
    assert answer_json(pickle.loads(pickle.dumps(result))) == answer_json(result)
    if "event" in (board.get("ask") or {}):
        explored = pickle.loads(pickle.dumps(explore_event(board)))
        assert explored.outcomes == explore_event(board).outcomes
        assert event_answer(board)  # still answers after its filters were pickled
