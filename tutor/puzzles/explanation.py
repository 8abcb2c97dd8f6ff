"""What a learner sees once they have answered: the engine's reasoning and the stepper's link."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from rules_engine import EventExploration, Result, depends_answer
from tutor.boards.codec import encode_board
from tutor.boards.engine import explore_event
from tutor.boards.event_walk import explored_unmodelled
from tutor.boards.event_words import EffectNames, outcome_words
from tutor.boards.naming import board_namer, result_namer
from tutor.boards.presenters import Frame, Unmodelled, frames
from tutor.boards.services import load_board, unmodelled
from tutor.core.question import Question


@dataclass(frozen=True, slots=True)
class Outcome:
    text: str
    paths: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Explanation:
    stepper_url: str
    frames: tuple[Frame, ...] = ()
    reason: str = ""
    outcomes: tuple[Outcome, ...] = ()
    # What the engine doesn't apply on the board: the answer ignores it.
    not_modelled: tuple[Unmodelled, ...] = ()


def stepper_link(board: dict[str, Any], question: Question) -> str:
    """Where a question's explanation opens: the event stepper on the board's own event,
    or the layer stepper of the question's object at its first step (the board's page
    when it names none)."""
    token = encode_board(board)
    if question.stepper == "event":
        return reverse("board-event", args=[token]) + "?" + urlencode({"kind": "asked"})
    if not question.object:
        return reverse("board", args=[token])
    return reverse("board-layers", args=[token, question.object]) + "?step=1"


def explain(board: dict[str, Any], question: Question) -> Explanation:
    url = stepper_link(board, question)
    if question.stepper == "event":
        explored = explore_event(board)
        return Explanation(
            url,
            outcomes=_event_outcomes(board, explored),
            not_modelled=explored_unmodelled(board, explored),
        )
    result = load_board(board).result
    depends = _depends(result, board)
    return Explanation(
        url,
        frames=tuple(f for f in frames(result, question.object) if f.kind == "effect"),
        reason=f"{depends['reason']} (CR {depends['rule']})" if depends else "",
        not_modelled=unmodelled(board),
    )


def _depends(result: Result, board: dict[str, Any]) -> dict[str, Any] | None:
    """A dependency question's answer, its reason naming effects after their cards."""
    asked = board["ask"].get("depends")
    if not isinstance(asked, list) or len(asked) != 2:
        return None
    answer = depends_answer(result, str(asked[0]), str(asked[1]), name=result_namer(result))
    depends: dict[str, Any] | None = answer["depends"]
    return depends


def _event_outcomes(board: dict[str, Any], explored: EventExploration) -> tuple[Outcome, ...]:
    name = board_namer(board)
    effects = EffectNames(explored.tree, name)
    found = []
    for outcome in explored.outcomes:
        text = outcome_words(outcome.shown, name)
        paths = tuple(
            " then ".join(effects.path(path)) if path else "no replacement applies"
            for path in outcome.paths
        )
        found.append(Outcome(text[:1].upper() + text[1:], paths))
    return tuple(found)
