"""The site's bounds on a board: one set, checked the same way on every entry point.

The builder, share links, the JSON API, saved puzzles and class pushes all pass a
board through ``check_board`` before the engine sees it, so a board one of them
accepts, every other one accepts too, and none of them can be made to work for
seconds. The engine's own bounds on steps and copies (``rules_engine.board``) are wider:
it serves the command line too (a test checks the site's fit within them). The bounds on
a board's numbers, texts and what an event may make are the engine's
(``rules_engine.bounds``), read from there: the builder's forms and the OpenAPI
description use the same. docs/limits.md explains each number.
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterator
from typing import Any

from rules_engine import bounds

# A share link: the whole board, compressed, in the URL (tutor/boards/codec.py).
MAX_TOKEN_LENGTH = 12_000
# The board's JSON (a token's inflated size, an API request's body).
MAX_JSON_BYTES = 200_000
# A board nests a few levels; deeper is forged, and slow to copy.
MAX_DEPTH = 32
# Every page evaluates the whole board again: the largest worked example has 52 steps.
MAX_STEPS = 100
# Each copy reads the copiable values of its whole chain (CR 707.2), so a chain of N
# copies costs about N squared evaluations: 8 keeps the worst case near a tenth of a
# second (bench/limits.py); no lesson, puzzle or example board has more than 2.
MAX_COPIES = 8
# Any one text in a board: a title, notes, a card's name or rules text (the engine's bound).
MAX_TEXT = bounds.MAX_TEXT
# The engine's bounds on a board's numbers, and on what one event may make.
MAX_X = bounds.MAX_X
MAX_AMOUNT = bounds.MAX_AMOUNT
MAX_OBJECTS = bounds.MAX_OBJECTS
# Line breaks and tabs are text; every other control character (U+0000 first: PostgreSQL
# refuses it in JSON) is not, and is refused before anything is saved.
ALLOWED_CONTROLS = frozenset("\n\r\t")


class BoardLimitError(ValueError):
    """A board past one of the site's bounds; the message names the bound and the fix."""


def control_character(text: str) -> str | None:
    """The first character of ``text`` a board, name or title may not hold, as ``U+XXXX``."""
    for ch in text:
        if (unicodedata.category(ch) == "Cc" and ch not in ALLOWED_CONTROLS) or (
            "\ud800" <= ch <= "\udfff"
        ):
            return f"U+{ord(ch):04X}"
    return None


def _texts(board: Any) -> Iterator[tuple[str, str]]:
    """Every string in the board (keys too) with a readable path, depth-checked."""
    stack: list[tuple[Any, str, int]] = [(board, "board", 1)]
    while stack:
        value, path, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise BoardLimitError(f"this board nests more than {MAX_DEPTH} levels deep")
        if isinstance(value, dict):
            for key, item in value.items():
                where = f"{path}.{key}" if path != "board" else str(key)
                yield where, str(key)
                stack.append((item, where, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, f"{path}[{i}]", depth + 1) for i, item in enumerate(value))
        elif isinstance(value, str):
            yield path, value


def check_shape(board: Any) -> None:
    """Refuse what no real board holds: absurd nesting, huge texts, control characters."""
    for path, text in _texts(board):
        found = control_character(text)
        if found is not None:
            raise BoardLimitError(
                f"{path} holds a control character ({found}) that no board text may hold: remove it"
            )
        if len(text) > MAX_TEXT:
            raise BoardLimitError(f"{path} is longer than {MAX_TEXT} characters: shorten it")


def _copies(steps: list[Any]) -> int:
    return sum(
        1
        for step in steps
        if isinstance(step, dict)
        and isinstance(step.get("choices"), dict)
        and step["choices"].get("copy")
    )


def check_size(board: dict[str, Any]) -> None:
    """Refuse a board with more steps or copies than the site evaluates quickly."""
    steps = board.get("steps")
    if not isinstance(steps, list):
        return  # the engine names what is wrong with it
    if len(steps) > MAX_STEPS:
        raise BoardLimitError(
            f"this board has {len(steps)} steps; the site works with at most {MAX_STEPS}"
        )
    copies = _copies(steps)
    if copies > MAX_COPIES:
        raise BoardLimitError(
            f"this board has {copies} steps that copy something; the site works with at most "
            f"{MAX_COPIES} (each copy reads its whole chain of copies, CR 707.2)"
        )


def check_board(board: Any) -> None:
    """Every bound but the link's length (``codec.ensure_shareable`` adds that one)."""
    if not isinstance(board, dict):
        raise BoardLimitError("a board is a JSON object")
    check_shape(board)
    check_size(board)
    size = len(json.dumps(board, ensure_ascii=False).encode("utf-8"))
    if size > MAX_JSON_BYTES:
        raise BoardLimitError(f"this board is too large ({size} bytes; at most {MAX_JSON_BYTES})")


def summary() -> dict[str, int]:
    """The bounds by name, for the API's description and docs/limits.md's test."""
    return {
        "max_steps": MAX_STEPS,
        "max_copies": MAX_COPIES,
        "max_text": MAX_TEXT,
        "max_depth": MAX_DEPTH,
        "max_json_bytes": MAX_JSON_BYTES,
        "max_token_length": MAX_TOKEN_LENGTH,
        **bounds.summary(),
    }
