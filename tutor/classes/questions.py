"""What a teacher pushes: a puzzle, a lesson question or a builder board, as the site's one
question value (``tutor.core.question.Question``), worked out by the engine at the push.

A pushed question is kept on its ``LiveQuestion`` row; ``question_of_row`` reads the row
back as a ``Question``, so answers are checked, marked and kept in its one encoding (an
option key, ``5/8`` typed, the ticked keys sorted and joined by ``,``, or every key in the
learner's order joined by ``>``), which the histogram groups directly.

Any board a mentor can open makes a question: an object's characteristic where the
engine names at least two wrong answers; where it names fewer (the replacement effects of
a step decide everything: Hardened Scales and Doubling Season on a counters step), the
order its effects apply in, or a step's event asked on the board as it stood before it
(what can happen, how much, who orders its replacement effects), whichever has the most.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import partial
from typing import Any

from django.shortcuts import get_object_or_404

from rules_engine import BoardError
from tutor.boards.event_walk import asked_event, event_walk
from tutor.boards.event_words import describe_asked
from tutor.boards.naming import board_namer
from tutor.boards.services import BoardProblem, open_board
from tutor.classes.misreadings import of_characteristics, of_event
from tutor.classes.models import LiveQuestion
from tutor.core.question import AnswerProblem, Form, Kind, Option, Question
from tutor.learn.as_question import question_of as item_question
from tutor.learn.handwritten import misconception_named
from tutor.learn.items import (
    MIN_DISTRACTORS,
    Item,
    NoItem,
    UnmodelledItem,
    best_characteristic_item,
    chooser_item,
    evaluate_all,
    event_item,
    explored,
    order_item,
    outcome_item,
)
from tutor.learn.models import Lesson
from tutor.learn.practice import lesson_items
from tutor.puzzles.models import Puzzle
from tutor.puzzles.questions import question_for
from tutor.puzzles.services import question_of

# The verbs of a builder board's steps that perform an event the event stepper can ask
# about (board format: steps; docs/board-format-extensions.md). A "leave" step is no such
# event (an asked event says "die" or "to_graveyard"), so it is not asked.
EVENT_VERBS = ("counters", "damage", "enter", "draw", "gain_life", "create_tokens")
# Keys of a step that say how the step went, not what its event is.
STEP_ONLY = ("replacements",)
# The event steps tried, the last first: each is explored with every misreading.
MAX_EVENT_STEPS = 3


class QuestionProblem(AnswerProblem):
    """A source that can't be pushed, or an answer that can't be read."""


def from_puzzle(short_id: str) -> Question:
    return puzzle_question(get_object_or_404(Puzzle, short_id=short_id))


def puzzle_question(puzzle: Puzzle) -> Question:
    """A saved puzzle's question, each wrong answer named by the misreading that leads to
    it where one does: engine work only, no database (it may run in a worker)."""
    named = _named(question_of(puzzle), puzzle.board, puzzle.field or "pt")
    return replace(named, source=f"puzzle {puzzle.short_id}: {puzzle.title}")


def _named(question: Question, board: dict[str, Any], field: str) -> Question:
    """A puzzle-style question with the misreading behind each wrong option (and each
    typed wrong answer) where the engine finds one (``misreadings``)."""
    options = [{"key": o.key, "text": o.text} for o in question.options]
    ask = board.get("ask") or {}
    found: dict[str, str] = {}
    if "characteristics" in ask:
        found = of_characteristics(board, options, field)
    elif "event" in ask:
        found = of_event(board, options)
    keys = {o.key for o in question.options}
    return replace(
        question,
        options=tuple(
            Option(o.key, o.text, None if o.key in question.right else found.get(o.key))
            for o in question.options
        ),
        typed_misreadings=tuple(
            (answer, slug)
            for answer, slug in found.items()
            if answer not in keys and answer != question.key
        ),
    )


def from_item(item: Item, source: str) -> Question:
    return replace(item_question(item), source=source)


def from_lesson(slug: str, number: int) -> Question:
    return lesson_question(get_object_or_404(Lesson, slug=slug), number)


def lesson_question(lesson: Lesson, number: int) -> Question:
    """A lesson's question ``number``: engine work only, no database."""
    items = lesson_items(lesson.boards, lesson.practice, lesson.concept)
    if not 1 <= number <= len(items):
        raise QuestionProblem(f"lesson {lesson.number} has questions 1 to {len(items)}")
    return from_item(items[number - 1], f"lesson {lesson.number}, question {number}")


def from_board(token: str, label: str) -> Question:
    """The board just built as a question: an object's characteristic when it has at least
    two wrong answers the engine can name, else whichever of the order of the effects on
    it and its steps' events (what can happen, how much, who chooses) has the most wrong
    answers; refused (``QuestionProblem``) only when none of them has any."""
    try:
        board = open_board(token).board
    except BoardProblem as problem:
        raise QuestionProblem(str(problem)) from problem
    best: Question | None = None
    reasons: list[str] = []
    for make in _board_questions(board, label or None):
        try:
            question = make()
        except UnmodelledItem as error:
            raise QuestionProblem(f"this board can't make a question: {error}") from error
        except (NoItem, BoardProblem, BoardError) as error:
            # A step's event the event stepper can't ask makes no question (not a 500).
            reasons.append(str(error))
            continue
        if question.form is not Form.TYPED and question.choice_problem() is not None:
            continue  # e.g. every outcome can happen: nothing to choose
        if best is None or len(question.distractors) > len(best.distractors):
            best = question
        if len(best.distractors) >= MIN_DISTRACTORS:
            break
    if best is None:
        reason = reasons[0] if reasons else "nothing on it changes anything"
        raise QuestionProblem(f"this board can't make a question: {reason}")
    return replace(best, source="a board from the builder")


def _board_questions(board: dict[str, Any], label: str | None) -> Iterator[Callable[[], Question]]:
    """Every question a board may make, the most telling first: its object's
    characteristics, the order of the effects on it, then its last few event steps."""

    def asking(make: Callable[..., Item], *args: Any, **kwargs: Any) -> Callable[[], Question]:
        return lambda: item_question(make(*args, **kwargs))

    yield asking(best_characteristic_item, board, label, least=1)
    if label is not None:
        for layer in _shared_layers(board, label):
            yield asking(order_item, board, label, layer, least=1)
    for event in _step_events(board)[:MAX_EVENT_STEPS]:
        yield asking(event_item, event, least=1)
        yield asking(outcome_item, event, least=1)
        yield partial(_can_happen, event)
        yield asking(chooser_item, event)


def _can_happen(board: dict[str, Any]) -> Question:
    """ "Which of these can happen?": every outcome some order of the replacement effects
    leads to (CR 616.1), beside the slips of forgetting them (a puzzle's event question)."""
    question = _named(question_for(board), board, "")
    asked = describe_asked(explored(board).asked, board_namer(board))
    return replace(question, prompt=f"{asked[:1].upper()}{asked[1:]}. {question.prompt}")


def _shared_layers(board: dict[str, Any], label: str) -> list[str]:
    """The layers where two effects or more apply to ``label`` (an order to ask about)."""
    try:
        trace = evaluate_all(board).right.trace
    except Exception:  # noqa: BLE001 - a board the layers can't take asks no order
        return []
    counts: dict[str, int] = {}
    for step in trace:
        if label in step.applies_to:
            counts[step.layer] = counts.get(step.layer, 0) + 1
    return [layer for layer, count in counts.items() if count >= 2]


def _step_events(board: dict[str, Any]) -> list[dict[str, Any]]:
    """Each event step of the board, the last first, asked as an event on the board as it
    stood before it (the event stepper's own question: CR 616.1's choices included)."""
    if asked_event(board) is not None:
        return [board]
    steps = board.get("steps") or []
    found = []
    for index in reversed(range(len(steps))):
        step = steps[index]
        if not isinstance(step, dict) or not any(verb in step for verb in EVENT_VERBS):
            continue
        event = {k: v for k, v in step.items() if k not in STEP_ONLY}
        if "damage" in event and "on" in event:
            # A damage step marks damage "on" what it hits; the event deals it "to" it.
            event["to"] = event.pop("on")
        found.append({**board, "steps": steps[:index], "ask": {"event": event}})
    return found


# --- a pushed question, read back from its row ------------------------------------------


def form_of_row(row: LiveQuestion) -> Form:
    if row.ordered:
        return Form.ORDER
    if row.multiple:
        return Form.SELECT_ALL
    return Form.TYPED if row.typed else Form.SINGLE


def row_fields(question: Question) -> dict[str, Any]:
    """What a ``LiveQuestion`` keeps of a question (``live.push``)."""
    return {
        "kind": question.kind.value,
        "prompt": question.prompt,
        "options": [{"key": o.key, "text": o.text} for o in question.options],
        "typed": question.form is Form.TYPED,
        "multiple": question.form is Form.SELECT_ALL,
        "ordered": question.form is Form.ORDER,
        "key": question.key,
        "key_text": question.key_text,
        "stepper_object": question.object if question.stepper == "layers" else "",
        "misreadings": misreading_names(question),
    }


def question_of_row(row: LiveQuestion) -> Question:
    """The pushed question as the one question value: marks and words its answers."""
    form = form_of_row(row)
    options = tuple(Option(str(o["key"]), str(o["text"])) for o in row.options or [])
    try:
        kind = Kind(row.kind)
    except ValueError:  # pushed before questions kept their kind
        kind = Kind.CHARACTERISTIC
    bare = Question(kind, form, row.prompt, options, (), row.key_text)
    return replace(bare, right=bare.decode(row.key), object=row.stepper_object)


def misreading_names(question: Question) -> dict[str, str]:
    """{answer as kept, and its text: the name of the misreading that leads to it}, for the
    presenter's chart (a slug no misreading has is left out)."""
    named: dict[str, str] = {}
    pairs = [(o.key, o.text, o.misreading) for o in question.distractors]
    pairs += [(answer, answer, slug) for answer, slug in question.typed_misreadings]
    for key, text, slug in pairs:
        found = misconception_named(slug) if slug else None
        if found is not None:
            named[key] = found.name
            named[text] = found.name
    return named


def normalize(row: LiveQuestion, raw: Any) -> str:
    """The answer as the question keeps it (``QuestionProblem`` if it can't be one)."""
    try:
        return question_of_row(row).read(raw)
    except QuestionProblem:
        raise
    except AnswerProblem as problem:
        raise QuestionProblem(str(problem)) from problem


def answer_text(row: LiveQuestion, answer: str) -> str:
    """An answer in words, for the histogram and the reports."""
    return question_of_row(row).text_of(answer)


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
