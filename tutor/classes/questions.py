"""What a live question holds: a snapshot of a puzzle, a lesson question or a builder board,
with its options and key worked out by the engine when the teacher pushes it.

Answers are kept as one string (an option key, ``5/8`` typed, sorted keys joined by
``+`` when several may be ticked, or every key in the learner's order joined by ``>``), so
a histogram groups them directly.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.shortcuts import get_object_or_404

from tutor.boards.event_walk import asked_event, event_walk
from tutor.boards.services import BoardProblem, open_board
from tutor.classes.misreadings import of_characteristics, of_event, of_item
from tutor.learn.items import Item, NoItem, best_characteristic_item
from tutor.learn.models import Lesson
from tutor.learn.practice import lesson_items, stepper_url
from tutor.puzzles.explanation import explain
from tutor.puzzles.models import Puzzle
from tutor.puzzles.questions import read_ticked
from tutor.puzzles.services import question_of

PT = re.compile(r"^\s*([+-]?\d{1,4})\s*/\s*([+-]?\d{1,4})\s*$")
MAX_ANSWER = 400


class QuestionProblem(ValueError):
    """A source that can't be pushed, or an answer that can't be read."""


@dataclass(frozen=True)
class Snapshot:
    source: str
    prompt: str
    board: dict[str, Any]
    options: list[dict[str, str]]
    typed: bool
    multiple: bool
    key: str
    key_text: str
    stepper_url: str
    stepper_object: str = ""
    ordered: bool = False
    extra: dict[str, Any] = field(default_factory=dict)
    # {answer as kept: the misreading that leads to it} (``misreadings``).
    misreadings: dict[str, str] = field(default_factory=dict)


def from_puzzle(short_id: str) -> Snapshot:
    return puzzle_snapshot(get_object_or_404(Puzzle, short_id=short_id))


def puzzle_snapshot(puzzle: Puzzle) -> Snapshot:
    """A saved puzzle's question: engine work only, no database (it may run in a worker)."""
    question = question_of(puzzle)
    options = [{"key": o.key, "text": o.text} for o in question.options]
    explanation = explain(puzzle.board, question)
    return Snapshot(
        source=f"puzzle {puzzle.short_id}: {puzzle.title}",
        prompt=question.prompt,
        board=puzzle.board,
        options=options,
        typed=question.kind == "typed",
        multiple=question.kind == "multiple",
        key=_key(question.kind, question.key),
        key_text=question.key_text,
        stepper_url=explanation.stepper_url,
        stepper_object=question.object if question.stepper == "layers" else "",
        ordered=question.kind == "order",
        misreadings=_puzzle_misreadings(puzzle.board, options, puzzle.field or "pt"),
    )


def _puzzle_misreadings(
    board: dict[str, Any], options: list[dict[str, str]], field: str
) -> dict[str, str]:
    ask = board.get("ask") or {}
    if "characteristics" in ask:
        return of_characteristics(board, options, field)
    if "event" in ask:
        return of_event(board, options)
    return {}


def _key(kind: str, key: tuple[str, ...]) -> str:
    if kind == "multiple":
        return "+".join(sorted(key))
    if kind == "order":
        return ">".join(key)
    return key[0]


def from_item(item: Item, source: str) -> Snapshot:
    return Snapshot(
        source=source,
        prompt=item.prompt,
        board=item.board,
        options=[{"key": c.key, "text": c.text} for c in item.choices],
        typed=item.typed,
        multiple=False,
        key=item.key,
        key_text=item.key_text(),
        stepper_url=stepper_url(item, None),
        stepper_object=item.object if "event" not in (item.board.get("ask") or {}) else "",
        misreadings=of_item(item),
    )


def from_lesson(slug: str, number: int) -> Snapshot:
    return lesson_snapshot(get_object_or_404(Lesson, slug=slug), number)


def lesson_snapshot(lesson: Lesson, number: int) -> Snapshot:
    """A lesson's question ``number``: engine work only, no database."""
    items = lesson_items(lesson.boards, lesson.practice, lesson.concept)
    if not 1 <= number <= len(items):
        raise QuestionProblem(f"lesson {lesson.number} has questions 1 to {len(items)}")
    return from_item(items[number - 1], f"lesson {lesson.number}, question {number}")


def from_board(token: str, label: str) -> Snapshot:
    """The board just built: "what are this object's characteristics?", with the engine's
    named wrong answers where it finds any."""
    try:
        loaded = open_board(token)
        item = best_characteristic_item(loaded.board, label or None, least=1)
    except BoardProblem as problem:
        raise QuestionProblem(str(problem)) from problem
    except NoItem as error:
        raise QuestionProblem(f"this board can't make a question: {error}") from error
    return from_item(item, "a board from the builder")


def normalize(question: Any, raw: Any) -> str:
    """The answer as the question keeps it (``QuestionProblem`` if it can't be one)."""
    keys = {o["key"] for o in question.options}
    texts = {o["text"]: o["key"] for o in question.options}
    if question.ordered:
        given = raw if isinstance(raw, list) else str(raw or "").split(">")
        ranked = [str(k) for k in given]
        if sorted(ranked) != sorted(keys):
            raise QuestionProblem("put every effect in exactly one place")
        return ">".join(ranked)
    if question.multiple:
        given = raw if isinstance(raw, list) else str(raw or "").split("+")
        chosen = read_ticked([str(k) for k in given if str(k)], QuestionProblem)
        if any(k not in keys for k in chosen):
            raise QuestionProblem("that answer isn't one of the options")
        return "+".join(chosen)
    text = str(raw if raw is not None else "").strip()[:MAX_ANSWER]
    if text in keys:
        return text
    if question.typed:
        match = PT.match(text)
        if match is None:
            raise QuestionProblem("write power and toughness as two whole numbers, like 5/8")
        typed = f"{int(match[1])}/{int(match[2])}"
        return texts.get(typed, typed)
    raise QuestionProblem("choose one of the options")


def answer_text(question: Any, answer: str) -> str:
    """An answer in words, for the histogram and the reports."""
    texts = {o["key"]: o["text"] for o in question.options}
    if question.ordered:
        return " → ".join(texts.get(k, k) for k in answer.split(">"))
    if question.multiple:
        return "; ".join(texts.get(k, k) for k in answer.split("+") if k) or "none"
    return texts.get(answer, answer)


def walk_path(board: dict[str, Any], raw: Any) -> str:
    """The teacher's choices in an event question's walk (``0,1``), checked against the
    engine's choice tree (``QuestionProblem`` if the board asks no event or the choices
    don't exist)."""
    if asked_event(board) is None:
        raise QuestionProblem("this question has no replacement choices to walk through")
    if not isinstance(raw, str):
        raise QuestionProblem("which choices?")
    try:
        walk = event_walk(board, {"path": raw})
    except BoardProblem as problem:
        raise QuestionProblem(str(problem)) from problem
    return ",".join(str(i) for i in walk.choice_path)
