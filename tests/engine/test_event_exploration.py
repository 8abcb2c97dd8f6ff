"""The typed answer to an event board (``explore_event``): the tree and outcomes the site
reads, of which ``event_answer`` is only the JSON."""

from __future__ import annotations

import pytest

from rules_engine.ask.event import explore_event
from rules_engine.replacement.events import Draw, GainLife
from rules_engine.replacement.tree import ChoiceNode, Draws, shown_json
from tests.engine.boards import board_params, explored
from tests.web.boards import BOARDS, DS_THEN_SCALES, example

EVENT_BOARDS = sorted(str(p.relative_to(BOARDS)) for p in (BOARDS / "events").rglob("*.json"))


@pytest.mark.parametrize("relative", board_params(EVENT_BOARDS))
def test_the_typed_outcomes_are_the_json_outcomes_and_read_back_the_same(relative):
    exploration = explored(relative)
    answer = exploration.as_json()
    assert [[shown_json(r) for r in o.shown] for o in exploration.outcomes] == [
        o["results"] for o in answer["outcomes"]
    ]


def test_the_root_choice_names_its_chooser_and_each_candidates_source():
    explored = explore_event(example(DS_THEN_SCALES))
    root = explored.tree
    assert isinstance(root, ChoiceNode)
    assert root.chooser == "Alice"
    assert dict(zip(root.candidates, root.sources, strict=True)) == {
        "ds#1": "Doubling Season",
        "scales": "Hardened Scales",
    }


def test_the_asked_event_keeps_its_sequence_and_a_draw_of_two_is_two_draws():
    board = example(DS_THEN_SCALES)
    board["ask"] = {
        "event": {
            "sequence": [
                {"draw": 2, "player": "Alice"},
                {"gain_life": 3, "player": "Bob"},
            ]
        }
    }
    explored = explore_event(board)
    assert explored.asked == ((Draw("Alice"), Draw("Alice")), (GainLife("Bob", 3),))
    (outcome,) = explored.outcomes
    assert Draws("Alice", 2) in outcome.shown
