"""Errors that name where the fault is and how to fix it."""

from __future__ import annotations


class BoardError(ValueError):
    """A malformed board: ``path`` is the JSON path of the fault (``steps[3].targets[0]``)."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)
