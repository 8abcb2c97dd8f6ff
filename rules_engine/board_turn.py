"""The board's record of what happened earlier in the turn and the game (``this_turn``)
and the designations players hold (the monarch, the initiative, ...): read from a board file
into the values conditions ask about (Layerlab extensions, docs/board-format-extensions.md).
Split from ``board`` so each module keeps one job; the label checks stay the board reader's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules_engine.board_deeds import (
    TURN_DEED_AMOUNTS,
    entry_subtypes,
    entry_types,
    turn_attacked_with,
    turn_counters_put,
    turn_entries,
    turn_sacrifices,
)
from rules_engine.bounds import LARGEST_LIFE, MAX_AMOUNT, MAX_STEPS, MAX_X, whole_number
from rules_engine.errors import BoardError
from rules_engine.steps import CastRecord, Designations, EnterRecord, TurnRecord
from rules_engine.vocabulary import CARD_TYPES, COLOR_LETTERS

if TYPE_CHECKING:
    from rules_engine.board import _Reader

_TURN_PLAYER_LISTS = (
    "dealt_damage",
    "attacked",
    "permanent_left",
    "land_entered",
    "surveilled",
    "committed_crime",
)


_TURN_AMOUNTS = ("damage_taken", "life_gained", "life_lost", "cards_drawn", *TURN_DEED_AMOUNTS)


def _turn_amounts(value: Any, key: str, reader: _Reader) -> tuple[tuple[str, int], ...]:
    """Layerlab extension: ``{"Bob": 3}``, how much each player was dealt, gained or lost."""
    if not isinstance(value, dict):
        raise BoardError(f"this_turn.{key}", 'an object of player names and amounts ({"Bob": 3})')
    return tuple(
        sorted(
            (
                reader.player(p, f"this_turn.{key}"),
                whole_number(
                    n, f"this_turn.{key}.{p}", least=0, most=MAX_AMOUNT, what=LARGEST_LIFE
                ),
            )
            for p, n in value.items()
        )
    )


def _turn_spells(value: Any, reader: _Reader) -> tuple[CastRecord, ...]:
    """Layerlab extension: the spells cast earlier this turn, each ``{"by": P, "colors":
    ["R"], "types": ["Instant"]}`` (colors and types may be left out)."""
    if not isinstance(value, list):
        raise BoardError(
            "this_turn.spells", 'a list of spells cast, each {"by": "Alice", "colors": ["R"]}'
        )
    found = []
    for i, spell in enumerate(value):
        path = f"this_turn.spells[{i}]"
        if not isinstance(spell, dict) or set(spell) - {"by", "colors", "types", "warped"}:
            raise BoardError(path, '{"by": PLAYER, "colors": [COLOR, ...], "types": [TYPE, ...]}')
        types = spell.get("types", [])
        if not isinstance(types, list) or not all(t in CARD_TYPES for t in types):
            raise BoardError(f"{path}.types", f"card types, from {', '.join(CARD_TYPES)}")
        colors = spell.get("colors", [])
        if not isinstance(colors, list) or not all(c in COLOR_LETTERS for c in colors):
            raise BoardError(f"{path}.colors", f"color letters, from {' '.join(COLOR_LETTERS)}")
        by = reader.player(spell.get("by"), f"{path}.by")
        warped = spell.get("warped", False)  # cast for its warp cost (CR 702.185a)
        if not isinstance(warped, bool):
            raise BoardError(f"{path}.warped", "must be true or false")
        found.append(CastRecord(by, frozenset(colors), frozenset(types), warped=warped))
    return tuple(found)


def read_this_turn(value: Any, reader: _Reader) -> TurnRecord:
    """Layerlab extension: what happened earlier this turn, before the board's steps
    (docs/board-format-extensions.md): ``creature_died`` and lists of players."""
    if value is None:
        return TurnRecord()
    if not isinstance(value, dict):
        raise BoardError("this_turn", "an object (what happened earlier this turn)")
    known = (
        "creature_died",
        "creatures_died",
        "nonland_left",
        *_TURN_PLAYER_LISTS,
        *_TURN_AMOUNTS,
        "spells",
        "entered",
        "sacrificed",
        "counters_put",
        "attacked_with",
    )
    for key in value:
        if key not in known:
            raise BoardError(f"this_turn.{key}", f"unknown (known: {', '.join(known)})")
    died = value.get("creature_died", False)
    if not isinstance(died, bool):
        raise BoardError("this_turn.creature_died", "must be true or false")
    # How many died ("for each creature that died this turn"); "creature_died" alone is one.
    count = whole_number(
        value.get("creatures_died", int(died)),
        "this_turn.creatures_died",
        least=0,
        most=MAX_X,
        what="the most creatures a board may say died",
    )
    if died and not count:
        raise BoardError("this_turn.creatures_died", "a creature died, so at least 1")
    nonland_left = value.get("nonland_left", False)  # void (a nonland permanent left)
    if not isinstance(nonland_left, bool):
        raise BoardError("this_turn.nonland_left", "must be true or false")
    amounts = {key: _turn_amounts(value.get(key, {}), key, reader) for key in _TURN_AMOUNTS}
    # Those that died under each player's control died this turn too (CR 700.4).
    count = max(count, sum(n for _, n in amounts["creatures_died_under"]))
    lists: dict[str, frozenset[str]] = {}
    for key in _TURN_PLAYER_LISTS:
        names = value.get(key, [])
        if not isinstance(names, list):
            raise BoardError(f"this_turn.{key}", "a list of player names")
        lists[key] = frozenset(
            reader.player(p, f"this_turn.{key}[{i}]") for i, p in enumerate(names)
        )
    damaged = frozenset(p for p, n in amounts["damage_taken"] if n > 0)
    attacked_with = turn_attacked_with(value.get("attacked_with", []), reader.player)
    attackers = dict(amounts["attackers"])
    for record in attacked_with:  # the attackers listed count among each player's (508.1a)
        listed = sum(1 for r in attacked_with if r.by == record.by)
        attackers[record.by] = max(attackers.get(record.by, 0), listed)
    amounts["attackers"] = tuple(sorted(attackers.items()))
    return TurnRecord(
        creature_died=died or count > 0,
        creatures_died=count,
        dealt_damage=lists["dealt_damage"] | damaged,
        damage_taken=amounts["damage_taken"],
        life_gained=amounts["life_gained"],
        life_lost=amounts["life_lost"],
        spells=_turn_spells(value.get("spells", []), reader),
        # A player who attacked with creatures attacked (raid, CR 508.1a).
        attacked=lists["attacked"] | {p for p, n in amounts["attackers"] if n > 0},
        permanent_left=lists["permanent_left"],
        nonland_left=nonland_left,
        land_entered=lists["land_entered"],
        surveilled=lists["surveilled"],
        committed_crime=lists["committed_crime"],
        cards_drawn=amounts["cards_drawn"],
        entered=_turn_entered(value.get("entered", []), reader),
        creatures_died_under=amounts["creatures_died_under"],
        attackers=amounts["attackers"],
        dice_rolled=amounts["dice_rolled"],
        sacrificed=turn_sacrifices(value.get("sacrificed", []), reader.player),
        counters_put=turn_counters_put(value.get("counters_put", []), reader.player),
        attacked_with=attacked_with,
    )


def _turn_entered(value: Any, reader: _Reader) -> tuple[EnterRecord, ...]:
    """Layerlab extension: permanents that entered the battlefield earlier this turn, before
    the board's steps, each ``{"under": PLAYER, "types": ["Artifact"]}`` (the steps' own
    permanents are recorded as they enter)."""
    example = '{"under": "Alice", "types": ["Creature"]}'
    if isinstance(value, list) and len(value) > MAX_STEPS:
        raise BoardError("this_turn.entered", f"at most {MAX_STEPS} permanents")
    found = []
    fields = {"under", "types", "subtypes"}
    for path, entry in turn_entries(value, "entered", fields, example, "permanents that entered"):
        subtypes = entry_subtypes(entry, path, "Knight or Island")
        types = entry_types(entry, path)
        under = reader.player(entry.get("under"), f"{path}.under")
        found.append(EnterRecord(under, types, subtypes=subtypes))
    return tuple(found)


def read_designations(data: dict[str, Any], reader: _Reader) -> Designations:
    """Layerlab extension: ``"monarch"`` and ``"initiative"`` (a player, CR 725.1, 726.1),
    ``"day_night"`` ("day" or "night", 731.1) and ``"completed_dungeon"`` (players, 309.7).
    Absent: no monarch, nobody has the initiative, neither day nor night, no dungeon done."""
    monarch = data.get("monarch")
    initiative = data.get("initiative")
    day_night = data.get("day_night")
    if day_night not in (None, "day", "night"):
        raise BoardError("day_night", '"day" or "night" (absent: neither yet, CR 731.1)')
    done = data.get("completed_dungeon", [])
    start = data.get("starting_player")
    if not isinstance(done, list):
        raise BoardError("completed_dungeon", "a list of player names")
    return Designations(
        monarch=None if monarch is None else reader.player(monarch, "monarch"),
        initiative=None if initiative is None else reader.player(initiative, "initiative"),
        day_night=day_night,
        completed_dungeon=frozenset(
            reader.player(p, f"completed_dungeon[{i}]") for i, p in enumerate(done)
        ),
        speed=_per_player(data, "speed", reader, 1, 4),
        ring_tempted=_per_player(data, "ring_tempted", reader, 0, 99),
        starting_player=None if start is None else reader.player(start, "starting_player"),
        turns_begun=_per_player(data, "turns_begun", reader, 1, 999),  # CR 103.1, 500
        commander_casts=_per_player(data, "commander_casts", reader, 0, 99),  # CR 903.8
    )


def _per_player(
    data: dict[str, Any], key: str, reader: _Reader, least: int, most: int
) -> tuple[tuple[str, int], ...]:
    """Layerlab extension: ``"speed": {P: 1-4}`` (CR 702.179: a player not listed has no
    speed) and ``"ring_tempted": {P: n}`` (701.54c: times the Ring has tempted them)."""
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise BoardError(key, f"an object {{player: a whole number from {least} to {most}}}")
    found = []
    for player, n in value.items():
        name = reader.player(player, f"{key}.{player}")
        if isinstance(n, bool) or not isinstance(n, int) or not least <= n <= most:
            raise BoardError(f"{key}.{player}", f"a whole number from {least} to {most}")
        found.append((name, n))
    return tuple(found)
