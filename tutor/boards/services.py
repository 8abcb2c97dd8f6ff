"""The board pages' work: decode, evaluate, walk an event's choices, compare what-ifs.

Views call these and render; errors become ``BoardProblem`` with a message a
learner can act on (the views answer 400 with it).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rules_engine.answers import Result, evaluate_board
from rules_engine.errors import BoardError
from tutor.boards.codec import BoardTokenError, canonical_json, decode_board
from tutor.boards.presenters import Frame


class BoardProblem(ValueError):
    """Anything that makes a request's board unusable, worded for the page."""


def decode(token: str) -> dict[str, Any]:
    try:
        return decode_board(token)
    except BoardTokenError as error:
        raise BoardProblem(str(error)) from error


@dataclass(frozen=True)
class LoadedBoard:
    board: dict[str, Any]
    result: Result


@lru_cache(maxsize=256)
def _evaluate(canonical: str) -> Result:
    return evaluate_board(json.loads(canonical))


def load_board(board: dict[str, Any]) -> LoadedBoard:
    """The engine's evaluation of the board (cached by its canonical form)."""
    try:
        return LoadedBoard(board, _evaluate(canonical_json(board)))
    except BoardError as error:
        raise BoardProblem(f"the board isn't valid: {error}") from error


def _card_name(card: Any) -> str:
    return card if isinstance(card, str) else card.get("name", "?")


def describe_step(step: dict[str, Any]) -> str:
    """A step in plain words, for the timeline list."""
    if "enter" in step:
        extra = f" attached to {step['attach']}" if step.get("attach") else ""
        who = step.get("controller", "?")
        return f"{_card_name(step['enter'])} enters under {who}'s control{extra}"
    if "cast" in step:
        targets = f", targeting {', '.join(step['targets'])}" if step.get("targets") else ""
        return f"{_card_name(step['cast'])} resolves{targets}"
    if "activate" in step:
        return f"ability {step.get('ability', 0)} of {step['activate']} resolves"
    if "attach" in step:
        return f"{step['attach']} becomes attached to {step['to']}"
    if "counters" in step:
        n = step.get("n", 1)
        plural = "s" if abs(n) != 1 else ""
        verb = "put on" if n >= 0 else "removed from"
        return f"{abs(n)} {step['counters']} counter{plural} {verb} {step['on']}"
    if "damage" in step:
        return f"{step['damage']} damage marked on {step['on']}"
    if "leave" in step:
        return f"{step['leave']} leaves the battlefield (to {step.get('to', 'graveyard')})"
    if "end" in step:
        return f"the effect {step['end']} ends"
    verb = next(iter(step))
    return f"{step[verb]}: {verb.replace('_', ' ')}"


@dataclass
class StepRow:
    index: int
    label: str | None
    text: str
    first: bool
    last: bool


def step_rows(board: dict[str, Any]) -> list[StepRow]:
    steps = board.get("steps", [])
    return [
        StepRow(i, step.get("as"), describe_step(step), i == 0, i == len(steps) - 1)
        for i, step in enumerate(steps)
    ]


def source_steps(board: dict[str, Any], source: str) -> list[int]:
    """The steps that created an effect's source (for "what if it hadn't happened?")."""
    return [i for i, step in enumerate(board.get("steps", [])) if step.get("as") == source]


@dataclass
class Verdict:
    right: bool
    guess: str
    answer: str


def judge(frame: Frame, guess: str) -> Verdict:
    """Predict mode: the learner's guess of the value after this step, marked right or wrong."""
    answer = frame.values.get("power", "—") + "/" + frame.values.get("toughness", "—")
    wanted = answer
    if (
        frame.kind == "effect"
        and frame.changes
        and not any(c.field in ("power", "toughness") for c in frame.changes)
    ):
        first = frame.changes[0]
        wanted = first.after
        answer = f"{first.field}: {first.after}"
    cleaned = " ".join(guess.replace(" ", "").lower().split())
    right = cleaned == wanted.replace(" ", "").lower()
    return Verdict(right, guess, answer)
