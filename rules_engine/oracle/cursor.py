"""A cursor over a sentence's tokens, with the error that quotes the phrase."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NoReturn


class OracleParseError(ValueError):
    """A phrase the grammar does not understand; the message quotes it."""

    def __init__(self, phrase: str, detail: str = "") -> None:
        self.phrase = phrase
        self.detail = detail
        message = f'cannot read "{phrase}"'
        super().__init__(f"{message}: {detail}" if detail else message)


@dataclass
class Cursor:
    tokens: list[str]
    pos: int = 0
    sentence: str = ""

    def peek(self, offset: int = 0) -> str:
        index = self.pos + offset
        return self.tokens[index].lower() if index < len(self.tokens) else ""

    def raw(self, offset: int = 0) -> str:
        index = self.pos + offset
        return self.tokens[index] if index < len(self.tokens) else ""

    def at_end(self) -> bool:
        return self.pos >= len(self.tokens) or self.peek() == "."

    def accept(self, *words: str) -> bool:
        """Consume the exact word sequence if it is next."""
        for offset, word in enumerate(words):
            if self.peek(offset) != word:
                return False
        self.pos += len(words)
        return True

    def accept_any(self, *options: str) -> str | None:
        for option in options:
            if self.accept(*option.split()):
                return option
        return None

    def expect(self, *words: str) -> None:
        if not self.accept(*words):
            self.fail(f'expected "{" ".join(words)}"')

    def rest(self) -> str:
        return " ".join(self.tokens[self.pos :])

    def fail(self, detail: str) -> NoReturn:
        raise OracleParseError(self.sentence, f"{detail} at \u201c{self.rest()}\u201d")
