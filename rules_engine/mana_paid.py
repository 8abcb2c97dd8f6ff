"""How much mana of each color was spent to cast a spell (CR 601.2h), a fact of how it was
cast that no board position shows, so a step's choices state it ("mana_by_color":
{"W": 3, "G": 1}); adamant (207.2c) asks whether at least three mana of one color was spent.

The layer grammar's own reading of adamant (continuous effects) may keep its own fact; this
module is the one the entering replacement rows use.
"""

from __future__ import annotations

from typing import Any

from rules_engine.bounds import MAX_X, whole_number
from rules_engine.errors import BoardError
from rules_engine.vocabulary import COLOR_LETTERS


def mana_by_color(value: Any, path: str) -> tuple[tuple[str, int], ...]:
    """Layerlab extension: ``{"W": 3, "G": 1}``, the mana of each color spent to cast it."""
    if not isinstance(value, dict):
        raise BoardError(path, 'an object of color letters and amounts ({"W": 3, "G": 1})')
    found: list[tuple[str, int]] = []
    for color, n in value.items():
        if color not in COLOR_LETTERS:
            raise BoardError(path, f"{color!r}: a color letter, from {' '.join(COLOR_LETTERS)}")
        amount = whole_number(
            n, f"{path}.{color}", least=0, most=MAX_X, what="the most mana spent on one spell"
        )
        found.append((color, amount))
    return tuple(sorted(found))


def spent_at_least(paid: tuple[tuple[str, int], ...], color: str, n: int) -> bool:
    """CR 601.2h, 207.2c: at least ``n`` mana of ``color`` was spent; ``color`` "same" is
    adamant's "at least three mana of the same color" (any one color)."""
    amounts = dict(paid)
    if color == "same":
        return any(amount >= n for amount in amounts.values())
    return amounts.get(color, 0) >= n
