"""What a learner sees once they have answered: the engine's reasoning and the stepper's link."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from rules_engine.answers import answer_json
from rules_engine.replacement.answer import event_answer
from tutor.boards.codec import encode_board
from tutor.boards.editing import card_names
from tutor.boards.event_words import describe_result, namer
from tutor.boards.presenters import Frame, Unmodelled, frames
from tutor.boards.services import load_board, unmodelled
from tutor.puzzles.questions import Question


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


def explain(board: dict[str, Any], question: Question) -> Explanation:
    token = encode_board(board)
    if question.stepper == "event":
        url = reverse("board-event", args=[token]) + "?" + urlencode({"kind": "asked"})
        answer = event_answer(board)
        return Explanation(
            url, outcomes=_event_outcomes(board, answer), not_modelled=unmodelled(board, answer)
        )
    result = load_board(board).result
    url = reverse("board-layers", args=[token, question.object]) + "?step=1"
    depends = answer_json(result)["answer"].get("depends") if "depends" in board["ask"] else None
    return Explanation(
        url,
        frames=tuple(f for f in frames(result, question.object) if f.kind == "effect"),
        reason=f"{depends['reason']} (CR {depends['rule']})" if depends else "",
        not_modelled=unmodelled(board),
    )


def _event_outcomes(board: dict[str, Any], answer: dict[str, Any]) -> tuple[Outcome, ...]:
    name = namer(card_names(board))
    found = []
    for outcome in answer["outcomes"]:
        text = "; ".join(describe_result(r, name) for r in outcome["results"]) or "nothing happens"
        paths = tuple(
            " then ".join(str(step) for step in path) if path else "no replacement applies"
            for path in outcome.get("paths", [])
        )
        found.append(Outcome(text[:1].upper() + text[1:], paths))
    return tuple(found)
