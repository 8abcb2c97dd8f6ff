"""What if: the board beside itself without one step, or with two steps swapped."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine import BoardError, Result, characteristics_json
from tutor.boards import editing
from tutor.boards.codec import encode_board
from tutor.boards.engine import explore_event
from tutor.boards.event_walk import asked_event, event_from, explored_unmodelled
from tutor.boards.event_words import describe_asked, outcome_words
from tutor.boards.naming import board_namer
from tutor.boards.presenters import (
    Unmodelled,
    colors_text,
    pt_text,
    result_unmodelled,
    type_line,
)
from tutor.boards.services import BoardProblem, describe_step, load_board, unmodelled

FIELDS = (
    ("Name", "name"),
    ("Type line", "type_line"),
    ("Colors", "colors"),
    ("Abilities", "abilities"),
    ("Power/toughness", "pt"),
    ("Controller", "controller"),
)


@dataclass(frozen=True)
class Row:
    field: str
    before: str
    after: str

    @property
    def changed(self) -> bool:
        return self.before != self.after


@dataclass(frozen=True)
class ObjectComparison:
    """One permanent as it is and in the what-if board, field by field."""

    label: str
    name: str
    rows: tuple[Row, ...]

    @property
    def changed(self) -> bool:
        return any(row.changed for row in self.rows)


@dataclass(frozen=True)
class Comparison:
    description: str
    objects: tuple[ObjectComparison, ...]
    outcomes_before: tuple[str, ...]
    outcomes_after: tuple[str, ...]
    changed_token: str
    event: str = ""
    # What the engine doesn't apply on either board (both answers ignore it).
    not_modelled: tuple[Unmodelled, ...] = ()


ABSENT = "not on the battlefield"


def _summaries(result: Result) -> dict[str, dict[str, str]]:
    shown: dict[str, dict[str, str]] = {}
    for obj in result.game.objects:
        if obj.zone != "battlefield":
            continue
        data = characteristics_json(result.evaluation.chars[obj.label])
        shown[obj.label] = {
            "name": data["name"] or "(no name)",
            "type_line": type_line(data) or "—",
            "colors": colors_text(data["colors"]),
            "abilities": "; ".join(data["abilities"]) or "none",
            "pt": pt_text(data) or "—",
            "controller": data["controller"],
        }
    return shown


def _objects(before: Result, after: Result) -> tuple[ObjectComparison, ...]:
    old, new = _summaries(before), _summaries(after)
    compared = []
    for label in [*old, *(label for label in new if label not in old)]:
        was, now = old.get(label), new.get(label)
        rows = tuple(
            Row(title, was[key] if was else ABSENT, now[key] if now else ABSENT)
            for title, key in FIELDS
        )
        compared.append(ObjectComparison(label, (was or now or {}).get("name", label), rows))
    return tuple(compared)


@dataclass(frozen=True)
class Outcomes:
    words: tuple[str, ...]
    not_modelled: tuple[Unmodelled, ...]
    event: str = ""  # the event, as the engine read it on this board ("" if it didn't fit)


def _outcomes(board: dict[str, Any], event: dict[str, Any] | None) -> Outcomes:
    """The event's distinct outcomes on this board, in words (none without an event), and
    what the engine doesn't apply on the board or in the event."""
    if event is None:
        return Outcomes((), unmodelled(board))
    try:
        explored = explore_event(dict(board, ask={"event": event}))
    except BoardError as error:
        words: tuple[str, ...] = (f"the event doesn't fit this board: {error.message}",)
        return Outcomes(words, result_unmodelled(load_board(board).result))
    name = board_namer(board)
    words = tuple(outcome_words(outcome.shown, name) for outcome in explored.outcomes)
    return Outcomes(
        words, explored_unmodelled(board, explored), describe_asked(explored.asked, name)
    )


def compare(board: dict[str, Any], params: Mapping[str, str]) -> Comparison:
    """The board beside itself without one step, or with two steps swapped."""
    try:
        changed, description = _changed(board, params)
    except editing.StepProblem as problem:  # a step number that isn't on the board
        raise BoardProblem(str(problem)) from problem
    try:
        other = load_board(changed)
    except BoardProblem as problem:  # said in the learner's words, never the board's labels
        raise BoardProblem(
            f"The board {description} can't be worked out: a later step would name a card "
            "or effect that isn't there, or before the step that brings it."
        ) from problem
    # The event the learner was exploring (the stepper's form), else the board's own.
    event = event_from(board, params) if params.get("kind") else asked_event(board)
    before, after = _outcomes(board, event), _outcomes(changed, event)
    return Comparison(
        description,
        _objects(load_board(board).result, other.result),
        before.words,
        after.words,
        encode_board(changed),
        before.event or after.event,
        tuple(dict.fromkeys(before.not_modelled + after.not_modelled)),
    )


def _changed(board: dict[str, Any], params: Mapping[str, str]) -> tuple[dict[str, Any], str]:
    if "remove" in params:
        index = editing.step_index(board, params["remove"])
        changed = editing.without_step(board, index)
        said = describe_step(board["steps"][index], board_namer(board), board)
        description = f"without step {index + 1} ({said})"
    elif "swap" in params:
        i = editing.step_index(board, params["swap"])
        j = editing.step_index(board, params.get("with", ""))
        if i == j:
            raise editing.StepProblem("choose two different steps to swap")
        changed = editing.swapped(board, i, j)
        description = f"with steps {i + 1} and {j + 1} swapped"
    else:
        raise editing.StepProblem("say what to change: ?remove=N, or ?swap=N&with=M")
    return changed, description
