"""Levels that mean difficulty: what an item asks the learner to juggle.

A family is a recipe asked in one form (``recipes``, ``item_forms``). Its load is the
number of interacting effects, of layers they meet in, of concepts it exercises, and what
the form adds (several characteristics at once, statements to judge one by one).

Before anyone answers, a family's difficulty is estimated by how many named misreadings
change its answer on sample boards (``misreadings_changing``): more ways to go wrong, more
to get right. The estimates are measured once into ``data/families.json``
(``python -m tutor.learn.levels``, a minute under ``nice``) with how often the family
gives four options (the generator stops looking for a fourth one in a family that rarely
has it). A family's score is its load plus 9 times that estimate; levels cut the families, sorted
by score, into four equal parts, so each level has more to juggle and more ways to go
wrong than the level below (``tests/learn/test_recipes.py`` checks both on these
definitions; ``bench/quiz.py`` measures the estimate per level on generated items).
"""

from __future__ import annotations

import json
import random
import sys
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from tutor.learn.recipe_parts import Recipe
from tutor.learn.recipes import RECIPES

DATA = Path(__file__).resolve().parent / "data" / "families.json"
# What a form adds to the load.
FORM_LOAD = {"single": 0, "combined": 2, "select-all": 3, "amount": 0, "sequence": 2, "outcome": 1}
LEVEL_COUNT = 4
# Boards per family the estimates are measured on.
SAMPLES = 24


@dataclass(frozen=True, slots=True)
class Family:
    recipe: Recipe
    form: str  # "single", "combined", "select-all", "amount", "sequence", "outcome"

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

    @property
    def prior(self) -> float:
        """Misreadings that change its answer, on average (measured, ``estimates``)."""
        return float(estimates().get(self.name, {}).get("prior", DEFAULT_PRIOR))

    @property
    def four_rate(self) -> float:
        """How often a board of the family gives four options or more (measured)."""
        return float(estimates().get(self.name, {}).get("four_rate", 1.0))

    @property
    def score(self) -> float:
        return self.load + PRIOR_WEIGHT * self.prior


# How much a misreading that changes the answer weighs against one more thing to juggle.
# The estimate leads (it is what makes an item harder to get right) and the load orders
# families of close estimates; with 9, on the measured estimates, both the mean estimate
# and the mean load rise from each level to the next by a clear step (the smallest: 0.2
# misreadings, half a thing to juggle), which the tests check.
PRIOR_WEIGHT = 9.0
# A family not measured yet (a new recipe before ``python -m tutor.learn.levels``).
DEFAULT_PRIOR = 2.0


@cache
def estimates() -> dict[str, dict[str, float]]:
    """The measured estimates by family name (empty before the first measurement)."""
    if not DATA.exists():
        return {}
    data: dict[str, dict[str, float]] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


@cache
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


@cache
def levels() -> dict[int, tuple[Family, ...]]:
    """The families of each level: sorted by score (ties by name), cut in four parts."""
    ranked = sorted(families(), key=lambda f: (f.score, f.name))
    size = len(ranked) / LEVEL_COUNT
    return {
        level: tuple(ranked[round((level - 1) * size) : round(level * size)])
        for level in range(1, LEVEL_COUNT + 1)
    }


def level_of(family: Family) -> int:
    return next(level for level, found in levels().items() if family in found)


def at_level(level: int) -> tuple[Family, ...]:
    """The families of ``level`` (1-4; outside that range, the nearest level)."""
    return levels()[min(max(level, 1), LEVEL_COUNT)]


def misreadings_changing(item: Any) -> int:
    """How many named misreadings (the engine's switches) change this item's answer: the
    difficulty estimate made before anyone answers. For a characteristics item, the
    misreadings that change anything about the asked object; for an event, its amount."""
    from rules_engine import BoardError, characteristics_json
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


def measure(family: Family, samples: int = SAMPLES) -> dict[str, float]:
    """``family``'s estimates over ``samples`` boards (seeded: the same file each time)."""
    from rules_engine import BoardError
    from tutor.learn.generator import recipe_item
    from tutor.learn.items import NoItem

    rng = random.Random(f"estimate {family.name}")
    changing: list[int] = []
    four = 0
    for _ in range(samples * 4):
        try:
            item = recipe_item(family, rng)
        except (NoItem, BoardError, LookupError):
            continue
        changing.append(misreadings_changing(item))
        four += item.select_all or len(item.choices) >= 4
        if len(changing) >= samples:
            break
    if not changing:
        return {"prior": DEFAULT_PRIOR, "four_rate": 0.0, "samples": 0}
    return {
        "prior": round(sum(changing) / len(changing), 2),
        "four_rate": round(four / len(changing), 2),
        "samples": len(changing),
    }


def main(argv: list[str]) -> None:
    """Measure every family's estimates into ``data/families.json``."""
    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tutor.settings")
    import django

    django.setup()
    samples = int(argv[argv.index("--samples") + 1]) if "--samples" in argv else SAMPLES
    found = {}
    for family in families():
        found[family.name] = measure(family, samples)
        print(family.name, family.load, found[family.name], flush=True)
    DATA.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
