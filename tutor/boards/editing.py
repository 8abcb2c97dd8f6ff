"""Changing a board step by step: pure functions on the board's JSON.

Every change returns a new board and is validated by the engine's own board
parser, so the builder can never save a board the engine would refuse.
"""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass
from typing import Any

from rules_engine import Board, parse_board
from tutor.boards.naming import board_names

FORMAT = "mtg-board/1"


class StepProblem(ValueError):
    """A step number or move that the board doesn't allow, worded for the page."""


def new_board() -> dict[str, Any]:
    return {"format": FORMAT, "players": ["Alice", "Bob"], "active": "Alice", "steps": []}


def validated(board: dict[str, Any]) -> Board:
    """The engine's reading of the board (``BoardError`` naming the JSON path if it is wrong)."""
    return parse_board(board)


def with_step(board: dict[str, Any], step: dict[str, Any]) -> dict[str, Any]:
    changed = copy.deepcopy(board)
    changed.setdefault("steps", []).append(step)
    return changed


def without_step(board: dict[str, Any], index: int) -> dict[str, Any]:
    changed = copy.deepcopy(board)
    del changed["steps"][index]
    return changed


def dependents(board: dict[str, Any], index: int) -> list[int]:
    """The later steps that name what the step at ``index`` brings (its label, or one of
    its effects, ``label#1``), directly or through a step that itself depends on it: the
    steps a deletion would take with it."""
    steps = [step if isinstance(step, dict) else {} for step in board.get("steps", [])]
    gone = {steps[index]["as"]} if isinstance(steps[index].get("as"), str) else set()
    found = []
    for later in range(index + 1, len(steps)):
        step = steps[later]
        if gone and _names_any(step, gone):
            found.append(later)
            if isinstance(step.get("as"), str):
                gone.add(step["as"])
    return found


def _names_any(value: Any, labels: set[str], key: str = "") -> bool:
    if key == "as":
        return False
    if isinstance(value, str):
        return value in labels or value.split("#", 1)[0] in labels
    if isinstance(value, dict):
        return any(_names_any(inner, labels, str(k)) for k, inner in value.items())
    if isinstance(value, list):
        return any(_names_any(inner, labels) for inner in value)
    return False


def without_steps(board: dict[str, Any], indexes: list[int]) -> dict[str, Any]:
    """The board without those steps; a question (``ask``) about what they brought goes
    with them (the builder's board then asks about nothing in particular)."""
    changed = copy.deepcopy(board)
    steps = changed.get("steps", [])
    gone = {steps[i].get("as") for i in indexes if isinstance(steps[i], dict)} - {None}
    for index in sorted(set(indexes), reverse=True):
        del steps[index]
    if gone and _names_any(changed.get("ask"), {str(label) for label in gone}):
        del changed["ask"]
    return changed


DIRECTIONS = {"up": -1, "down": 1}


def moved(board: dict[str, Any], index: int, direction: str) -> dict[str, Any]:
    """The step at ``index`` one place earlier ("up") or later ("down"); timestamps follow."""
    target = index + DIRECTIONS.get(direction, 0)
    if target == index or not 0 <= target < len(board.get("steps", [])):
        raise StepProblem("that step can't move that way")
    return swapped(board, index, target)


def swapped(board: dict[str, Any], first: int, second: int) -> dict[str, Any]:
    changed = copy.deepcopy(board)
    steps = changed["steps"]
    steps[first], steps[second] = steps[second], steps[first]
    return changed


def with_replacements(board: dict[str, Any], index: int, order: list[str]) -> dict[str, Any]:
    """The step at ``index`` applying its replacement effects in ``order`` (CR 616.1): the
    board format's ``"replacements"``, each effect named by its id ("scales", "season#1")."""
    changed = copy.deepcopy(board)
    changed["steps"][index]["replacements"] = list(order)
    return changed


def step_index(board: dict[str, Any], raw: str | int) -> int:
    """A step number from a URL, checked against the board (a forged one is a StepProblem)."""
    try:
        index = int(raw)
    except (TypeError, ValueError):
        raise StepProblem(f'"{raw}" is not a step number') from None
    if not 0 <= index < len(board.get("steps", [])):
        raise StepProblem(f"there is no step {index} on this board")
    return index


def fresh_label(board: dict[str, Any], name: str) -> str:
    """A short label for a new object, unused so far: "gray-ogre", "gray-ogre-2"."""
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:24] or "object"
    used = {step.get("as") for step in board.get("steps", []) if isinstance(step, dict)}
    label, n = base, 2
    while label in used or label in board.get("players", []):
        label, n = f"{base}-{n}", n + 1
    return label


@dataclass(frozen=True)
class Label:
    """Something a step can name: a permanent, a resolved effect, or a player."""

    value: str
    text: str
    kind: str  # "object", "effect" or "player"


def card_names(board: dict[str, Any]) -> dict[str, str]:
    """Each label's card name, for sentences that name what they talk about."""
    names: dict[str, str] = {}
    for step in board.get("steps", []):
        if isinstance(step, dict) and "as" in step:
            card = step.get("enter", step.get("cast"))
            if card is not None:
                names[step["as"]] = card if isinstance(card, str) else str(card.get("name", "?"))
    return names


def labels(board: dict[str, Any]) -> list[Label]:
    """What later steps may refer to, in board order, for the menus: each named as
    learners know it (``naming.board_names``: "Doubling Season", or "the second Doubling
    Season" when two share a name), never by its label."""
    found: list[Label] = []
    shown = board_names(board)
    for step in board.get("steps", []):
        if not isinstance(step, dict) or "as" not in step:
            continue
        label = step["as"]
        text = shown.get(label) or label
        if "enter" in step:
            found.append(Label(label, text, "object"))
        elif "cast" in step or "activate" in step:
            found.append(Label(label, text, "effect"))
    for player in board.get("players", []):
        found.append(Label(player, player, "player"))
    return found


ORDINALS = ("top", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")


def zone_cards(board: dict[str, Any], zone: str) -> list[tuple[str, str]]:
    """The listed cards of each player's ``zone`` ("hand", "library") as menu choices: the
    zone label the board format names them by ("Alice.hand[0]"), worded with the card's
    name ("Alice's hand: Shock"; a library's cards by their place from the top)."""
    found: list[tuple[str, str]] = []
    zones = board.get("zones")
    if not isinstance(zones, dict):
        return found
    for player, held in zones.items():
        cards = held.get(zone) if isinstance(held, dict) else None
        if not isinstance(cards, list):
            continue  # a number of unknown cards, or none listed
        for i, card in enumerate(cards):
            name = card if isinstance(card, str) else str(card.get("name", "a card"))
            if zone == "library":
                place = ORDINALS[i] if i < len(ORDINALS) else f"card {i + 1} from the top"
                text = f"{player}'s library, {place} card: {name}"
            else:
                text = f"{player}'s {zone}: {name}"
            found.append((f"{player}.{zone}[{i}]", text))
    return found
