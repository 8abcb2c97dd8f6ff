"""Question sets: what a teacher prepares before class, and the searches that fill them
(puzzles by title, card, theme and difficulty; lesson questions by their text).

A set item keeps the source the console would push (``sources.py``), so a set is reused
as is in any session; "Next question" pushes the session's next item."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max

from tutor.classes import live, people
from tutor.classes.models import LiveSession, QuestionSet, QuestionSetItem
from tutor.classes.questions import QuestionProblem
from tutor.classes.sources import snapshot_for
from tutor.learn.models import Lesson
from tutor.learn.practice import lesson_items
from tutor.puzzles.models import Puzzle
from tutor.puzzles.themes import DIFFICULTY_BY_SLUG

MAX_RESULTS = 30
MAX_ITEMS = 100
# The board keys whose value is a card's name (a step's verb, or an invented card's name).
CARD_KEYS = frozenset({"card", "name", "enter", "cast", "copy"})


def card_names(board: object) -> list[str]:
    """Every card name on a board, once each, in the order the board names them: what
    tells two questions with the same words apart in a search."""
    found: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if key in CARD_KEYS and isinstance(inner, str):
                    found.append(inner)
                else:
                    walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    walk(board)
    return list(dict.fromkeys(found))


def _cards(board: object) -> str:
    """Every card name on a board, in one lower-case text to search."""
    return " ".join(card_names(board)).casefold()


def search_puzzles(query: str = "", difficulty: str = "", theme: str = "") -> list[Puzzle]:
    """Curated puzzles whose title, cards or themes contain every word of ``query``."""
    words = query.casefold().split()
    puzzles = Puzzle.objects.filter(curated=True).prefetch_related("themes").order_by("title")
    if theme:
        puzzles = puzzles.filter(themes__slug=theme)
    band = DIFFICULTY_BY_SLUG.get(difficulty)
    found = []
    for puzzle in puzzles:
        if band is not None and puzzle.difficulty.slug != band.slug:
            continue
        themes = " ".join(t.name for t in puzzle.themes.all())
        text = f"{puzzle.title} {themes} {_cards(puzzle.board)}".casefold()
        if all(word in text for word in words):
            found.append(puzzle)
        if len(found) >= MAX_RESULTS:
            break
    return found


@dataclass(frozen=True)
class LessonQuestion:
    item: str  # "slug:n", as the console pushes it
    lesson: str
    prompt: str
    number: int = 0  # the question's place in its lesson, from 1
    cards: str = ""  # the cards on its board, "Grizzly Bears, Glorious Anthem"


def lesson_questions(query: str = "") -> list[LessonQuestion]:
    """Every lesson's questions by their text (and their lesson's title)."""
    words = query.casefold().split()
    found = []
    for lesson in Lesson.objects.all():
        title = f"{lesson.number}. {lesson.title}"
        for n, item in enumerate(lesson_items(lesson.boards, lesson.practice, lesson.concept), 1):
            text = f"{title} {item.prompt}".casefold()
            if all(word in text for word in words):
                cards = ", ".join(card_names(item.board))
                found.append(LessonQuestion(f"{lesson.slug}:{n}", title, item.prompt, n, cards))
    return found[:MAX_RESULTS] if words else found


def add(question_set: QuestionSet, source: dict[str, str]) -> QuestionSetItem:
    """Checked by making the question now: a set never holds one that can't be pushed."""
    snapshot = snapshot_for(source)
    with transaction.atomic():
        QuestionSet.objects.select_for_update().get(pk=question_set.pk)
        if question_set.items.count() >= MAX_ITEMS:
            raise QuestionProblem(f"a set holds at most {MAX_ITEMS} questions")
        last = question_set.items.aggregate(last=Max("position"))["last"]
        if source.get("kind") == "puzzle":  # "puzzle <id>: <title>"
            title = f"{snapshot.source.split(': ', 1)[-1]}: {snapshot.prompt}"
        else:
            title = f"{snapshot.prompt} ({snapshot.source})"
        return QuestionSetItem.objects.create(
            question_set=question_set, position=(last or 0) + 1, source=source, title=title[:300]
        )


def move(question_set: QuestionSet, item_id: int, delta: int) -> None:
    """One place up (-1) or down (+1); the positions are renumbered 1, 2, 3…"""
    with transaction.atomic():
        items = list(question_set.items.select_for_update())
        index = next((i for i, item in enumerate(items) if item.pk == item_id), None)
        if index is None:
            raise QuestionProblem("that question isn't in this set")
        other = index + delta
        if 0 <= other < len(items):
            items[index], items[other] = items[other], items[index]
        for position, item in enumerate(items, 1):
            if item.position != position:
                item.position = position
                item.save(update_fields=["position"])


def drop(question_set: QuestionSet, item_id: int) -> None:
    if not question_set.items.filter(pk=item_id).delete()[0]:
        raise QuestionProblem("that question isn't in this set")


def use(session: LiveSession, question_set: QuestionSet | None) -> None:
    """Step through this set from its first question (or through none)."""
    session.question_set = question_set
    session.set_next = 0
    session.save(update_fields=["question_set", "set_next"])


def upcoming(session: LiveSession) -> QuestionSetItem | None:
    if session.question_set is None:
        return None
    return next(
        iter(session.question_set.items.all()[session.set_next : session.set_next + 1]), None
    )


def push_next(session: LiveSession, timer: int | None = None) -> None:
    """Push the set's next question to everyone (``QuestionProblem`` when none is left),
    timed like any pushed question when ``timer`` is given (seconds)."""
    item = upcoming(session)
    if item is None:
        raise QuestionProblem("no question is left in this set")
    # Past this item even if it can't be pushed any more (a puzzle since removed): the
    # teacher is told, and the next click goes on to the one after it.
    LiveSession.objects.filter(pk=session.pk).update(set_next=session.set_next + 1)
    try:
        live.push(session, snapshot_for(item.source), timer)
    except QuestionProblem as problem:
        raise QuestionProblem(f"“{item.title}” was skipped: {problem}") from problem
    people.notify(session, "push")
