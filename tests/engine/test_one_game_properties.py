"""One game: a step performs its event exactly as ``ask.event`` says it would happen.

For random boards of replacement effects, the same event is asked as an event
question and performed as the board's next step; the step's path must be one
the event answer allows, and the outcomes it reports must be the event
answer's outcomes (the two halves of the engine cannot drift apart).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import assume, given, settings

from rules_engine import evaluate
from rules_engine.ask.event import event_answer
from rules_engine.errors import BoardError
from tests.strategies import event_boards


def _as_step(event: dict[str, Any]) -> dict[str, Any] | None:
    """The step that performs this event, for the events a step can name."""
    if "counters" in event:
        return dict(event)
    if "damage" in event:
        step = {"damage": event["damage"], "on": event["to"], "from": event["from"]}
        if event.get("combat"):
            step["combat"] = True
        return step
    if "die" in event:
        return {"leave": event["die"], "to": "graveyard"}
    return None


def _outcomes(items: list[dict[str, Any]]) -> Counter[str]:
    return Counter(
        json.dumps(sorted(json.dumps(r, sort_keys=True) for r in o["results"])) for o in items
    )


@settings(max_examples=60, deadline=None)
@given(event_boards())
def test_a_step_performs_its_event_as_the_event_answer_says(board: dict[str, Any]) -> None:
    step = _as_step(board["ask"]["event"])
    assume(step is not None)
    try:
        asked = event_answer(board)
    except BoardError as exc:
        assert "too many choice paths" in str(exc), exc
        return
    played = dict(board, steps=[*board["steps"], step])
    del played["ask"]
    answer = evaluate(played)
    index = len(board["steps"])
    choices = [c for c in answer["replacements"] if c["step"] == index]
    allowed = [p for o in asked["outcomes"] for p in o["paths"]]
    if not choices:
        assert allowed == [[]], "no replacement applied to the step, so none could apply"
        return
    (choice,) = choices
    assert choice["applied"] in allowed
    if "outcomes" in choice:
        assert _outcomes(choice["outcomes"]) == _outcomes(asked["outcomes"])
    else:
        assert len(asked["outcomes"]) == 1
