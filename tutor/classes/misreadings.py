"""Which misreading leads to each wrong answer of a live question, so the presenter's chart
can name the mistake behind a bar (``rules_engine.misreadings``), not just count it: each
answer (an option's key or text, or a typed answer) to the slug of the misreading."""

from __future__ import annotations

from typing import Any

from rules_engine import BoardError, characteristics_json
from tutor.boards.engine import explore_event
from tutor.boards.event_words import outcome_words
from tutor.boards.naming import board_namer
from tutor.learn.items import EVENT_MISCONCEPTIONS, LAYER_MISCONCEPTIONS, evaluate_all, field_text


def of_characteristics(
    board: dict[str, Any], options: list[dict[str, str]], field: str
) -> dict[str, str]:
    """A characteristics puzzle: the value each layer misreading gives, by the answer it
    is kept as (an option's key, or the typed text). Best effort: a board the misreadings
    can't run on names nothing."""
    ask = board.get("ask")
    label = ask.get("characteristics") if isinstance(ask, dict) else None
    if not isinstance(label, str):
        return {}
    try:
        evaluated = evaluate_all(board)
    except (BoardError, ValueError, KeyError):
        return {}
    chars = evaluated.right.chars.get(label)
    if chars is None:
        return {}
    right = field_text(field, characteristics_json(chars))
    keys = {o["text"]: o["key"] for o in options}
    named: dict[str, str] = {}
    for misconception in LAYER_MISCONCEPTIONS:
        wrong = evaluated.wrong.get(misconception.slug)
        if wrong is None or label not in wrong.chars:
            continue
        text = field_text(field, characteristics_json(wrong.chars[label]))
        if text in (right, "—") or text in named:  # "—": not a creature, can't be typed
            continue
        named[text] = misconception.slug
        if text in keys:
            named[keys[text]] = misconception.slug
    return named


def of_event(board: dict[str, Any], options: list[dict[str, str]]) -> dict[str, str]:
    """An event puzzle: the outcome each replacement misreading leads to, by option key
    (an outcome the rules also allow is never named as a mistake). Best effort."""
    name = board_namer(board)
    keys = {o["text"]: o["key"] for o in options}

    def outcomes(misreading: Any = None) -> list[str]:
        explored = explore_event(board, misreading) if misreading else explore_event(board)
        return [_capital(outcome_words(o.shown, name)) for o in explored.outcomes]

    try:
        right = set(outcomes())
    except (BoardError, ValueError, KeyError):
        return {}
    named: dict[str, str] = {}
    for misconception in EVENT_MISCONCEPTIONS:
        try:
            texts = outcomes(misconception.replacement)
        except (BoardError, ValueError, KeyError):
            continue
        for text in texts:
            if text not in right and text in keys and keys[text] not in named:
                named[keys[text]] = misconception.slug
                named[text] = misconception.slug
    return named


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
