"""Properties of the replacement choice tree, on random boards (CR 614.5, 616.1)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings

from rules_engine.ask.event import event_answer
from rules_engine.errors import BoardError
from tests.strategies import event_boards


def _walk(node: Any, applied: tuple[str, ...], paths: list[tuple[str, ...]]) -> None:
    """Collect every root-to-leaf path, checking no effect applies twice to one event."""
    if "done" in node:
        paths.append(applied)
        return
    for option in node.get("options", []):
        assert option["apply"] not in node.get("used", []), (
            "614.5: an effect applies once per event"
        )
        _walk(option["then"], applied + (option["apply"],), paths)
    if "then" in node:
        _walk(node["then"], applied, paths)


@settings(max_examples=80, deadline=None)
@given(event_boards())
def test_random_events_resolve_and_paths_match_outcomes(board: dict[str, Any]) -> None:
    try:
        answer = event_answer(board)
    except BoardError as exc:
        # Several Essence of the Wild copies (permanents entering under Essence become
        # copies of it) can multiply the orders past the bound: refused, never slow.
        assert "too many choice paths" in str(exc), exc
        return
    paths: list[tuple[str, ...]] = []
    _walk(answer["tree"], (), paths)
    listed = [tuple(p) for outcome in answer["outcomes"] for p in outcome["paths"]]
    assert sorted(paths) == sorted(set(listed)), (
        "every leaf is reachable by exactly the paths listed"
    )
    assert len(listed) == len(set(listed)), "a path leads to one outcome only"


@settings(max_examples=40, deadline=None)
@given(event_boards())
def test_event_answers_are_deterministic(board: dict[str, Any]) -> None:
    # A board past the work bound (five token doublers can be) is refused: the same
    # refusal both times is as deterministic as the same answer.
    assert _answer_or_refusal(board) == _answer_or_refusal(board)


def _answer_or_refusal(board: dict[str, Any]) -> Any:
    try:
        return event_answer(board)
    except BoardError as exc:
        return ("refused", str(exc))
