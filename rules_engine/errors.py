"""Errors that name where the fault is and how to fix it."""

from __future__ import annotations


class BoardError(ValueError):
    """A malformed board: ``path`` is the JSON path of the fault (``steps[3].targets[0]``)."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)

    def __reduce__(self) -> tuple[type[BoardError], tuple[str, ...]]:
        # Pickled as itself (the site's engine workers send it back to the web process).
        return type(self), (self.path, self.message)


class UnknownLabel(BoardError):
    """The board names an object or player that isn't there; ``name`` is what it wrote
    (empty when it named nothing), so a form can ask for a choice without reading the text."""

    def __init__(self, path: str, message: str, name: str) -> None:
        super().__init__(path, message)
        self.name = name

    def __reduce__(self) -> tuple[type[BoardError], tuple[str, ...]]:
        return type(self), (self.path, self.message, self.name)


class UnknownCard(BoardError):
    """The board names a card the library doesn't hold (``name``: the name it wrote)."""

    def __init__(self, path: str, message: str, name: str) -> None:
        super().__init__(path, message)
        self.name = name

    def __reduce__(self) -> tuple[type[BoardError], tuple[str, ...]]:
        return type(self), (self.path, self.message, self.name)
