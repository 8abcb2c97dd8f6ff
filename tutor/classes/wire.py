"""Reading a frame a browser sent on the live websocket: whatever arrives (not JSON, nested
ten thousand deep, megabytes long, the wrong types), the result is a message or a reason
to tell that client, never an exception that would close the connection (1011)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

# Far more than any action needs (an answer is a few keys; a push names a board token of a
# few kilobytes), far less than a frame that would cost real time to parse.
MAX_FRAME = 64 * 1024
# An action is a flat object with a list or two in it.
MAX_DEPTH = 4


@dataclass(frozen=True)
class Frame:
    """Either ``content`` (a JSON object with a string ``action``) or ``problem``."""

    content: dict[str, Any] | None = None
    problem: str = ""
    # The client's id for an answer, echoed back so it can stop resending it.
    answer_id: str | None = None


def _depth(value: Any) -> int:
    """How deep the containers nest (iterative: no recursion for an attacker to exhaust)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            if level > MAX_DEPTH:
                return level
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, level + 1) for child in children)
    return deepest


def _answer_id(content: dict[str, Any]) -> str | None:
    given = content.get("id")
    return given if isinstance(given, str) and 0 < len(given) <= 64 else None


def read(text: str | None, raw: bytes | None = None) -> Frame:
    if text is None:
        return Frame(problem="Send JSON text.")
    if len(text) > MAX_FRAME:
        return Frame(problem="That message is too long.")
    try:
        content = json.loads(text)
    except (ValueError, RecursionError):
        return Frame(problem="Send JSON text.")
    if not isinstance(content, dict):
        return Frame(problem="Unknown action.")
    answer_id = _answer_id(content)
    if _depth(content) > MAX_DEPTH:
        return Frame(problem="That message is nested too deeply.", answer_id=answer_id)
    if not isinstance(content.get("action"), str):
        return Frame(problem="Unknown action.", answer_id=answer_id)
    return Frame(content=content, answer_id=answer_id)
