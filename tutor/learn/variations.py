"""Lesson boards varied with library cards: practice for the concepts no recipe covers yet.

Text changes (CR 612), effects on players (613.10) and dependency (613.8) need particular
cards working together (Magical Hack and a lord, Platinum Emperion and Humility, Blood
Moon and Urborg), which the roles don't pair up yet. Their lessons' practice boards are
varied instead: every creature without rules text is swapped for another library creature
without rules text that shares its creature type (else its colors), and the amounts asked
about change, so each seed is another board; the engine answers each one again
(``lesson_items.item_for_board``), so nothing is carried over from the lesson but the idea.
"""

from __future__ import annotations

import copy
import random
from functools import cache
from typing import Any

from tutor.learn.roles import Role, RoleCard, cards_for

# The concepts varied from their lessons, with the lesson's practice boards to vary.
VARIED = ("text-change", "players-and-rules", "dependency-loops")


@cache
def lesson_boards() -> dict[str, tuple[dict[str, Any], ...]]:
    """Each concept's lesson practice boards (their ``ask`` kept)."""
    from tutor.learn.content import lesson_files
    from tutor.learn.lesson_files import read_lesson

    found: dict[str, list[dict[str, Any]]] = {}
    for path in lesson_files():
        spec = read_lesson(path)
        for name in spec.practice:
            board = spec.boards.get(name.split("#")[0])
            if board is not None and (board.get("ask") or {}).keys() & {"characteristics", "event"}:
                found.setdefault(spec.concept, []).append(board)
    return {concept: tuple(boards) for concept, boards in found.items()}


@cache
def _vanilla_by_name() -> dict[str, RoleCard]:
    return {c.name: c for c in cards_for(Role.VANILLA)}


def _record(name: str) -> dict[str, Any]:
    from rules_engine import library_record

    return library_record(name) or {}


def _swap(name: str, rng: random.Random) -> str:
    """Another creature without rules text sharing a creature type (else the colors)."""
    vanilla = _vanilla_by_name()
    if name not in vanilla:
        return name
    mine = _record(name)
    subtypes = set(mine.get("subtypes", ()))
    colors = tuple(mine.get("colors", ()))
    same_type = [c for c in vanilla if c != name and subtypes & set(_record(c).get("subtypes", ()))]
    pool = same_type or [c for c in vanilla if tuple(_record(c).get("colors", ())) == colors]
    return rng.choice(pool) if pool else name


def mirrored(board: dict[str, Any]) -> dict[str, Any]:
    """The same board with the two players' names exchanged everywhere (who is active
    too): the rules don't care which seat a player sits in."""
    players = board.get("players", [])
    if len(players) != 2:
        return board
    swap = {players[0]: players[1], players[1]: players[0]}

    def walk(value: Any) -> Any:
        if isinstance(value, dict):
            return {swap.get(k, k): walk(v) for k, v in value.items()}
        if isinstance(value, list):
            return [walk(v) for v in value]
        return swap.get(value, value) if isinstance(value, str) else value

    made = walk(board)
    made["players"] = list(players)  # the turn order stays; the active player moves
    return dict(made)


def vary(board: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The board with its plain creatures swapped, its amounts changed and, half the
    time, its players' seats exchanged."""
    made = copy.deepcopy(mirrored(board) if rng.random() < 0.5 else board)
    for key in ("title", "notes", "expect", "source"):
        made.pop(key, None)
    for step in made.get("steps", []):
        if isinstance(step.get("enter"), str):
            step["enter"] = _swap(step["enter"], rng)
        if "counters" in step and isinstance(step.get("n"), int) and step["n"] > 0:
            step["n"] = rng.randint(1, 3)
    event = (made.get("ask") or {}).get("event")
    if isinstance(event, dict):
        _vary_event(event, rng)
    if rng.random() < 0.7:
        # A bystander: another plain creature on the battlefield, first (a table is rarely
        # empty); the engine answers the board with it.
        bystander = rng.choice(sorted(_vanilla_by_name()))
        player = rng.choice(made.get("players") or ["Alice"])
        made["steps"].insert(0, {"enter": bystander, "as": "v9", "controller": player})
    return made


def _vary_event(event: dict[str, Any], rng: random.Random) -> None:
    for inner in event.get("simultaneous", ()):
        _vary_event(inner, rng)
    for key in ("damage", "gain_life", "lose_life", "draw"):
        if isinstance(event.get(key), int) and event[key] > 0:
            event[key] = rng.randint(1, 6)
    if isinstance(event.get("n"), int) and event["n"] > 0:
        event["n"] = rng.randint(1, 4)
