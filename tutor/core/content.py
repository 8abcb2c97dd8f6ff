"""What ``manage.py load_content`` loads, in order.

A loader is a function that loads one kind of content (idempotently: running it
twice leaves the same result) and returns a one-line summary for the log. To
add one (lessons, puzzles...), write the function in its app and append a
``ContentLoader`` to ``LOADERS``; each runs in its own transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules_engine import load_card_library
from tutor.learn.content import load_lessons
from tutor.puzzles.content import load_puzzles


@dataclass(frozen=True, slots=True)
class ContentLoader:
    name: str
    load: Callable[[], str]


def load_cards() -> str:
    """The engine's card library is reference data it ships: check it loads, count it."""
    library = load_card_library()
    return f"{len(library)} cards in the library"


LOADERS: tuple[ContentLoader, ...] = (
    ContentLoader("cards", load_cards),
    ContentLoader("puzzles", load_puzzles),
    ContentLoader("lessons", load_lessons),
)
