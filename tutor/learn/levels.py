"""Levels that mean difficulty: what an item asks the learner to juggle.

A family is a recipe asked in one form (``recipes``, ``item_forms``). Its load is the
number of interacting effects, of layers they meet in, of concepts it exercises, and what
the form adds (several characteristics at once, statements to judge one by one). Levels
cut the families by load, so a level-3 item has more to juggle than a level-1 item.

Before anyone answers, a family's difficulty is estimated by how many named misreadings
change its answer on sample boards (``estimate``): more ways to go wrong, more to get
right. ``bench/quiz.py`` prints that estimate per level.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.learn.recipes import RECIPES, Recipe

# What a form adds to the load.
FORM_LOAD = {"single": 0, "combined": 2, "select-all": 3, "amount": 0, "sequence": 2, "outcome": 1}
LEVEL_COUNT = 4


@dataclass(frozen=True, slots=True)
class Family:
    recipe: Recipe
    form: str  # "single", "combined", "select-all", "amount"

    @property
    def name(self) -> str:
        return f"{self.recipe.name}/{self.form}"

    @property
    def load(self) -> int:
        r = self.recipe
        return r.effects + r.layers + len(r.also) + FORM_LOAD[self.form]

    @property
    def concepts(self) -> tuple[str, ...]:
        return (self.recipe.concept, *self.recipe.also)


def families() -> tuple[Family, ...]:
    """Every recipe in every form it can be asked in."""
    found: list[Family] = []
    for recipe in RECIPES:
        if recipe.event:
            forms = [f for f in recipe.forms if f == "outcome"] or ["amount"]
            found += [Family(recipe, form) for form in forms]
            continue
        found += [Family(recipe, form) for form in recipe.forms]
    return tuple(found)


# The load each level starts at (level n holds loads from BOUNDS[n-1] below BOUNDS[n]).
BOUNDS = (0, 5, 7, 9, 100)


def level_of(family: Family) -> int:
    for level in range(1, LEVEL_COUNT + 1):
        if family.load < BOUNDS[level]:
            return level
    return LEVEL_COUNT


def at_level(level: int) -> tuple[Family, ...]:
    """The families of ``level``; a level with none borrows the nearest one below."""
    for lower in range(level, 0, -1):
        found = tuple(f for f in families() if level_of(f) == lower)
        if found:
            return found
    return families()


def misreadings_changing(item: Any) -> int:
    """How many named misreadings (the engine's switches) change this item's answer: the
    difficulty estimate made before anyone answers. For a characteristics item, the
    misreadings that change anything about the asked object; for an event, its amount."""
    from rules_engine.characteristics import characteristics_json
    from rules_engine.errors import BoardError
    from tutor.learn.item_forms import event_amount
    from tutor.learn.items import EVENT_MISCONCEPTIONS, evaluate_all

    board = item.board
    if "event" in (board.get("ask") or {}):
        right = event_amount(board)
        changed = 0
        for m in EVENT_MISCONCEPTIONS:
            try:
                changed += event_amount(board, m.replacement) != right
            except BoardError:
                continue
        return changed
    evaluated = evaluate_all(board)
    label = item.object
    if label not in evaluated.right.chars:
        return 0
    right_chars = characteristics_json(evaluated.right.chars[label])
    return sum(
        1
        for e in evaluated.wrong.values()
        if label in e.chars and characteristics_json(e.chars[label]) != right_chars
    )
