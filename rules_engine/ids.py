"""The names the engine writes into answers and boards, as values that format and parse
themselves here and nowhere else (tests/boards/README.md, "Effect ids").

An effect id is a label (the ``as`` of the step that made the effect), ``label#k`` for
ability k of a permanent with more than one ability creating continuous effects,
``label.n`` for the n-th continuous effect of one resolution (CR 608.2h), or
``label#k.n`` for the n-th sentence of ability k. A choice-tree step is the applied
effect's id, or ``id:limit`` when a prevention shield's limit was chosen (CR 615.7).

Labels are the learner's and may hold ``#`` and ``.`` themselves (a default label is
``Card#3``); the last ``#`` or ``.`` followed by digits only is taken as the suffix.
"""

from __future__ import annotations

from dataclasses import dataclass


def _number(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() else None


@dataclass(frozen=True)
class EffectId:
    """``label``, ``label#ability``, ``label.part`` or ``label#ability.part``: ``part``
    numbers one resolution's effects (or one ability's sentences, or a protection shield's
    targets) when there are several."""

    label: str
    ability: int | None = None
    part: int | None = None

    def text(self) -> str:
        ability = "" if self.ability is None else f"#{self.ability}"
        part = "" if self.part is None else f".{self.part}"
        return f"{self.label}{ability}{part}"

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def from_text(cls, text: str) -> EffectId:
        """The value ``text()`` wrote (a plain label when no suffix reads as numbers)."""
        head, dot, tail = text.rpartition(".")
        part = _number(tail) if dot else None
        rest = head if part is not None else text
        label, hash_, k = rest.rpartition("#")
        ability = _number(k) if hash_ else None
        if ability is not None and label:
            return cls(label, ability, part)
        if part is not None and head:
            return cls(head, None, part)
        return cls(text)


@dataclass(frozen=True)
class StepName:
    """One step of a path through a choice tree: the effect applied, and the limit chosen
    for a prevention shield that can prevent less than it might (CR 615.7)."""

    effect: str
    limit: str | None = None

    def text(self) -> str:
        return self.effect if self.limit is None else f"{self.effect}:{self.limit}"

    def __str__(self) -> str:
        return self.text()

    @classmethod
    def from_text(cls, text: str) -> StepName:
        """The value ``text()`` wrote; the limit is what follows the last colon."""
        effect, colon, limit = text.rpartition(":")
        return cls(effect, limit) if colon and effect else cls(text)
