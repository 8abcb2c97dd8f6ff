"""The one error for a board the site can't use, worded for the page."""

from __future__ import annotations


class BoardProblem(ValueError):
    """Anything that makes a request's board unusable, worded for the page.

    ``path`` and ``detail`` are the engine's JSON path and message, when it found the fault;
    ``status`` the HTTP status to answer with (503 when the server was too busy to try).
    """

    status = 400

    def __init__(self, message: str, path: str = "", detail: str = "") -> None:
        super().__init__(message)
        self.path = path
        self.detail = detail or message
