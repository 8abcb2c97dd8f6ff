"""Conditions the game's memory answers (``oracle/history.py`` reads them): the permanents the
turn's record says entered this turn, and the designations the board states (the monarch, the
initiative, day or night, dungeons completed). A fact the board doesn't state takes the game's
default: nothing entered before the board's steps, no monarch, nobody with the initiative,
neither day nor night, no dungeon completed."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from rules_engine.characteristics import Characteristics
from rules_engine.effects import Designated, EnteredThisTurn
from rules_engine.game import Game, GameObject
from rules_engine.steps import EnterRecord

__all__ = ["dealt_damage", "designated", "entered_this_turn", "is_modified"]


def designated(condition: Designated, game: Game, you: str) -> bool:
    """CR 725.1 (the monarch), 726.1 (the initiative), 309.7 (a dungeon completed), 731.1
    (day and night: the game starts with neither, so neither "it's day" nor "it's night"
    holds until one of them is stated)."""
    facts = game.designations
    if condition.kind == "monarch":
        return facts.monarch == you
    if condition.kind == "initiative":
        return facts.initiative == you
    if condition.kind == "completed_dungeon":
        return you in facts.completed_dungeon
    if condition.kind == "starting_player":
        return facts.starting_player == you  # CR 103.1: who took the first turn
    if condition.kind == "first_three_turns":
        # "it's your first, second, or third turn of the game": your turn, one of the first
        # three you've begun (a player the board doesn't list has had more, CR 500).
        return game.active == you and 1 <= dict(facts.turns_begun).get(you, 99) <= 3
    if condition.kind == "max_speed":
        return facts.speed_of(you) == 4  # CR 702.178a: "as long as your speed is 4"
    return facts.day_night == condition.kind


def dealt_damage(game: Game, source: str) -> bool:
    """The source has dealt damage since it entered the battlefield (CR 120.1, 400.7): what
    the board's enter step says (``dealt_damage``) or a later step's damage from it."""
    obj = game.object(source)
    return obj is not None and obj.dealt_damage


def entered_this_turn(condition: EnteredThisTurn, game: Game, you: str, source: str) -> bool:
    """CR 603.6a: the permanents that entered this turn, by the turn's record; "under your
    control" is who controlled each as it entered."""
    records = game.this_turn.entered
    if condition.itself:
        return any(r.label == source for r in records)
    found = sum(
        1
        for r in records
        if r.controller == you
        and _of_kind(condition, r)
        and not r.types & condition.not_types
        and not (condition.other and r.label == source)
    )
    return found >= condition.minimum


def _of_kind(condition: EnteredThisTurn, record: EnterRecord) -> bool:
    """Any of the card types or subtypes the condition names (none named: any permanent)."""
    if not condition.types and not condition.subtypes:
        return True
    return bool(record.types & condition.types or record.subtypes & condition.subtypes)


def is_modified(
    label: str,
    obj: GameObject,
    controller: str,
    state: Mapping[str, Characteristics],
    objects: Iterable[GameObject],
) -> bool:
    """CR 700.9: a permanent is modified if it has a counter on it, is equipped, or is
    enchanted by an Aura that its controller controls."""
    if any(n for _, n in obj.counters):
        return True
    for other in objects:
        if other.attached_to != label or not other.on_battlefield or other.label not in state:
            continue
        held = state[other.label]
        if "Equipment" in held.subtypes:
            return True
        if "Aura" in held.subtypes and held.controller == controller:
            return True
    return False
