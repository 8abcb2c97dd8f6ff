"""What practice recipes are made of (``recipes``): ``Recipe`` and ``Built``, and the
helpers that pick cards for roles and turn them into board steps (docs/board-format.md).

Board labels are short codes ("c1", "x2"), never words: learners see card names only.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tutor.learn.roles import Role, RoleCard, cards_for, choices_of

PLAYERS = ("Alice", "Bob")
Board = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Built:
    """A recipe's board and what to ask about it."""

    board: Board
    label: str = ""  # the object asked about (a characteristics question)
    fields: tuple[str, ...] = ("pt", "abilities", "types", "subtypes", "colors")
    event: bool = False  # the board's ``ask.event`` is the question
    about: frozenset[str] = frozenset()
    offered: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Recipe:
    """A kind of question about one concept, with the roles it draws its cards from."""

    name: str
    concept: str
    rule: str
    roles: tuple[Role, ...]
    build: Callable[[random.Random], Built]
    # What the learner juggles: interacting effects, layers and concepts (``levels``).
    effects: int = 2
    layers: int = 1
    also: tuple[str, ...] = field(default=())  # further concepts the item exercises
    event: bool = False  # asks about an event (an amount), not characteristics
    # The forms it is asked in (``levels``): "single" (one characteristic), "combined"
    # (several at once), "select-all" (statements); an event recipe is asked as "amount".
    forms: tuple[str, ...] = ("single", "combined", "select-all")


# --- Cards and steps ---------------------------------------------------------------


def pick(
    rng: random.Random, role: Role, test: Callable[[RoleCard], bool] | None = None
) -> RoleCard:
    pool = cards_for(role)
    if test is not None:
        pool = tuple(c for c in pool if test(c))
    if not pool:
        raise LookupError(f"no card in role {role.value}")
    return rng.choice(pool)


def uneven(card: RoleCard) -> bool:
    """A creature whose power and toughness differ (a switch shows), neither 0."""
    return (
        card.power is not None
        and card.toughness is not None
        and card.power != card.toughness
        and 0 < card.power <= 6
        and 0 < card.toughness <= 7
    )


def sized(card: RoleCard) -> bool:
    """A creature with power and toughness of 1 or more: a switch (7d) in a recipe's
    garnish never leaves it with toughness 0 (a board the engine then rejects when a later
    step names the dead creature: a replay spent for nothing)."""
    return (
        card.power is not None
        and card.toughness is not None
        and card.power > 0
        and 0 < card.toughness <= 7
    )


def creature(rng: random.Random, test: Callable[[RoleCard], bool] = sized) -> RoleCard:
    role = Role.VANILLA if rng.random() < 0.6 else Role.KEYWORD_CREATURE
    return pick(rng, role, test)


def step(card: RoleCard, label: str, controller: str, at: str = "", **extra: Any) -> dict[str, Any]:
    """The step that puts ``card`` to work: it enters (attached to ``at`` if an Aura or
    Equipment) or it is cast (at ``at`` if it targets)."""
    made: dict[str, Any] = {card.verb: card.name, "as": label, "controller": controller}
    if card.attach and at:
        made["attach"] = at
    if card.targets and at:
        made["targets"] = [at]
    if card.choice:
        made["choices"] = choices_of(card)
    made.update(extra)
    return made


def enter(card: RoleCard, label: str, controller: str, **extra: Any) -> dict[str, Any]:
    return {"enter": card.name, "as": label, "controller": controller, **extra}


def board(steps: list[dict[str, Any]], **extra: Any) -> Board:
    return {
        "format": "mtg-board/1",
        "players": list(PLAYERS),
        "active": "Alice",
        "steps": steps,
        **extra,
    }


def other(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


def aimed(card: RoleCard, owner: str) -> str:
    """Who casts or controls ``card`` aimed at ``owner``'s creature: an opponent when it
    hurts the creature, its controller when it helps."""
    return other(owner) if card.hostile else owner


def shuffled_middle(rng: random.Random, steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rest = steps[1:]
    rng.shuffle(rest)
    return steps[:1] + rest


def garnish(
    rng: random.Random,
    steps: list[dict[str, Any]],
    label: str,
    owner: str,
    at: int = 1,
    setter: float = 0.6,
) -> list[dict[str, Any]]:
    """Layer 7 around the recipe's own effects, in the order where timestamps and layers
    disagree (CR 613.4): a switch (7d) right after the creature arrives, counters (7c),
    and an opponent's effect that sets base power and toughness (7b) last. The engine's
    misreadings of layer 7 then give other answers on P/T, so an item about another
    concept still has enough named wrong options."""
    made = list(steps)
    made.insert(at, step(pick(rng, Role.SWITCH_SPELL), "g1", owner, label))
    made.append({"counters": "+1/+1", "on": label, "n": rng.randint(1, 2)})
    if rng.random() < setter:
        card = pick(rng, rng.choice((Role.SETS_PT_SPELL, Role.AURA_SETS_PT)))
        made.append(step(card, "g2", other(owner), label))
    return made


def library_text(card: RoleCard) -> str:
    from rules_engine import library_record

    record = library_record(card.name) or {}
    return str(record.get("oracle_text", ""))


def library_colors(card: RoleCard) -> tuple[str, ...]:
    from rules_engine import library_record

    record = library_record(card.name) or {}
    return tuple(record.get("colors", ()))
