"""Small helpers for the live pages' templates."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from tutor.boards.presenters import battlefield
from tutor.boards.services import BoardProblem, load_board, step_rows
from tutor.classes.questions import answer_text
from tutor.classes.sets import card_names

register = template.Library()


@register.simple_tag
def question_board(question: Any) -> str:
    return _board_html(question.pk, question.board_json)


@lru_cache(maxsize=64)
def _board_html(question_id: int, board_json: str) -> SafeString:
    """Drawn once per question, not once per student (every student's panel shows it)."""
    board = json.loads(board_json)
    try:
        cards = battlefield(load_board(board).result, printed_only=True)
    except BoardProblem:
        cards = []
    context = {"cards": cards, "steps": step_rows(board)}
    return mark_safe(render_to_string("classes/_question_board.html", context))


@register.simple_tag
def share(count: int, total: int) -> str:
    return f"{round(100 * count / total)}%" if total else "—"


@register.filter
def dict_get(mapping: dict[Any, Any], key: Any) -> Any:
    return mapping.get(key)


@register.simple_tag
def answer_words(question: Any, answer: str) -> str:
    return answer_text(question, answer)


@register.filter
def source_words(source: str) -> str:
    """Where a question came from, for people: a puzzle by its title, never its id
    (``puzzle 95zzz9fh: Title`` is how a question keeps its source)."""
    kind, _, rest = source.partition(" ")
    if kind == "puzzle" and ": " in rest:
        return f"the puzzle “{rest.split(': ', 1)[1]}”"
    return source


@register.filter
def board_cards(board: Any) -> str:
    """The cards on a board, in one line (tells two puzzles with like titles apart)."""
    return ", ".join(card_names(board))
