"""Layerlab extensions of the board format for the facts conditions ask about
(docs/board-format-extensions.md): how a spell was cast (a step's ``choices``: the gift
promised, bargained, the mana of each color spent) and what the turn's record adds
(``this_turn``: creatures that died under each player's control, creatures each player
attacked with, permanents sacrificed). ``board.py`` calls these while it reads a board."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from rules_engine.cards import CardDef
from rules_engine.errors import BoardError
from rules_engine.turn_deeds import AttackerRecord, CountersPutRecord, SacrificeRecord
from rules_engine.vocabulary import CARD_TYPES, subtype_category

__all__ = [
    "CAST_CHOICE_KEYS",
    "TURN_DEED_AMOUNTS",
    "cast_facts",
    "attack_counts",
    "check_class_level",
    "counters_put_on",
    "turn_attacked_with",
    "turn_counters_put",
    "turn_sacrifices",
]

# The choices of a cast (or enter) step read here.
CAST_CHOICE_KEYS = frozenset(
    {
        "gift",
        "bargained",
        "evidence",
        "mayhem",
        "warp",
        "teamwork",
        "treasure_mana",
        "intensity",
        "convoked",
        "artifact_mana",
        "draft_number",
        "played_from_hand",
        "turns_since_foretold",
    }
)
# ``this_turn`` amounts per player ({"Alice": 2}) read as the other amounts are.
TURN_DEED_AMOUNTS = ("creatures_died_under", "attackers", "dice_rolled")


def cast_facts(value: dict[str, Any], path: str) -> dict[str, Any]:
    """``"gift": true`` (the gift was promised, CR 702.174), ``"bargained": true``
    (702.166), ``"teamwork": true`` (702.194), ``"treasure_mana": n`` (601.2h) and
    ``"intensity": n`` (an Alchemy card's intensity now), as ``Choices`` fields (the mana of
    each color spent, adamant, is read by ``rules_engine/mana_paid.py``)."""
    found: dict[str, Any] = {}
    # "evidence": evidence was collected for it (CR 701.59a, an additional cost); "mayhem":
    # it was cast for its mayhem cost (702.187a); "warp": for its warp cost (702.185a);
    # "played_from_hand": the entering land was played from its owner's hand (305.1, 116.2a).
    for key in ("gift", "bargained", "evidence", "mayhem", "warp", "played_from_hand"):
        if key in value:
            if not isinstance(value[key], bool):
                raise BoardError(f"{path}.{key}", "must be true or false")
            found[key] = value[key]
    # CR 601.2h: how much of the mana spent to cast it came from Treasures ("If mana from a
    # Treasure was spent to cast this spell", Price of Loyalty); teamwork's optional
    # additional cost was paid (702.194).
    if "teamwork" in value:
        if not isinstance(value["teamwork"], bool):
            raise BoardError(f"{path}.teamwork", "must be true or false")
        found["teamwork"] = value["teamwork"]
    if "treasure_mana" in value:
        amount = value["treasure_mana"]
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise BoardError(f"{path}.treasure_mana", "a number of mana, 0 or more")
        found["treasure_mana"] = amount
    # CR 702.51a: how many creatures were tapped to pay for it with convoke ("for each
    # creature that convoked it"); CR 601.2h: how much of the mana spent to cast it came from
    # artifact sources ("for each mana from an artifact source spent to cast it").
    for key in ("convoked", "artifact_mana"):
        if key in value:
            amount = value[key]
            if isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= 99:
                raise BoardError(f"{path}.{key}", "a whole number, 0 to 99")
            found[key] = amount
    if "intensity" in value:
        # MTG Arena's intensity (Alchemy, no CR rule): the card's as it is now, which its
        # "Starting intensity N" and every "intensify" since made.
        n = value["intensity"]
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= _MOST_INTENSITY:
            raise BoardError(f"{path}.intensity", f"a whole number, 0 to {_MOST_INTENSITY}")
        found["intensity"] = n
    if "draft_number" in value:
        # CR 905.2, 905.1d: a number its draft abilities gave it before the game (noted as it
        # was drafted, or the cards removed from the draft with it).
        n = value["draft_number"]
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= _MOST_DRAFTED:
            raise BoardError(f"{path}.draft_number", f"a whole number, 0 to {_MOST_DRAFTED}")
        found["draft_number"] = n
    if "turns_since_foretold" in value:
        # CR 702.143a: the turns its controller has begun since it was foretold (exiled face
        # down from the hand), which no board position shows.
        n = value["turns_since_foretold"]
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= _MOST_DRAFTED:
            raise BoardError(
                f"{path}.turns_since_foretold", f"a whole number, 0 to {_MOST_DRAFTED}"
            )
        found["turns_since_foretold"] = n
    return found


_MOST_DRAFTED = 999


_MOST_INTENSITY = 1000


def turn_entries(
    value: Any, key: str, fields: set[str], example: str, what: str
) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each entry of a ``this_turn`` list (``key``), with its path: a dict with only these
    ``fields``; an error naming the example otherwise."""
    if not isinstance(value, list):
        raise BoardError(f"this_turn.{key}", f"a list of {what}, each {example}")
    for i, entry in enumerate(value):
        path = f"this_turn.{key}[{i}]"
        if not isinstance(entry, dict) or set(entry) - fields:
            raise BoardError(path, example)
        yield path, entry


def entry_types(entry: dict[str, Any], path: str) -> frozenset[str]:
    """An entry's ``types``: card types (CR 205.2a)."""
    types = entry.get("types", [])
    if not isinstance(types, list) or not all(t in CARD_TYPES for t in types):
        raise BoardError(f"{path}.types", f"card types, from {', '.join(CARD_TYPES)}")
    return frozenset(types)


def entry_subtypes(entry: dict[str, Any], path: str, such_as: str) -> frozenset[str]:
    """An entry's ``subtypes`` (CR 205.3)."""
    subtypes = entry.get("subtypes", [])
    if not isinstance(subtypes, list) or not all(
        isinstance(t, str) and subtype_category(t) for t in subtypes
    ):
        raise BoardError(f"{path}.subtypes", f"subtypes, such as {such_as}")
    return frozenset(subtypes)


def turn_sacrifices(value: Any, player: Callable[[Any, str], str]) -> tuple[SacrificeRecord, ...]:
    """``"sacrificed": [{"by": P, "types": ["Artifact"]}]``: the permanents sacrificed earlier
    this turn (CR 701.21a), each with the player who sacrificed it and its card types."""
    example = '{"by": "Alice", "types": ["Artifact"]}'
    return tuple(
        SacrificeRecord(player(entry.get("by"), f"{path}.by"), entry_types(entry, path))
        for path, entry in turn_entries(
            value, "sacrificed", {"by", "types"}, example, "permanents sacrificed"
        )
    )


def turn_attacked_with(value: Any, player: Callable[[Any, str], str]) -> tuple[AttackerRecord, ...]:
    """``"attacked_with": [{"by": P, "subtypes": ["Merfolk"]}]``: the creatures each player
    attacked with earlier this turn (CR 508.1a), each with its subtypes as it attacked."""
    example = '{"by": "Alice", "subtypes": ["Merfolk"]}'
    return tuple(
        AttackerRecord(
            player(entry.get("by"), f"{path}.by"), entry_subtypes(entry, path, "Merfolk or Wizard")
        )
        for path, entry in turn_entries(
            value, "attacked_with", {"by", "subtypes"}, example, "attackers"
        )
    )


_COUNTERS_PUT = '{"by": "Alice", "kind": "+1/+1", "types": ["Creature"]}'


def turn_counters_put(
    value: Any, player: Callable[[Any, str], str]
) -> tuple[CountersPutRecord, ...]:
    """``"counters_put": [{"by": P, "kind": "+1/+1", "types": ["Creature"]}]``: counters put
    on permanents earlier this turn (CR 122.6), each with the player who put them, their
    kind (+1/+1 unless said) and the permanent's card types then."""
    found = []
    entries = turn_entries(
        value, "counters_put", {"by", "kind", "types"}, _COUNTERS_PUT, "counters put"
    )
    for path, entry in entries:
        types = entry_types(entry, path)
        kind = _counter_kind(entry.get("kind", "+1/+1"), f"{path}.kind")
        found.append(CountersPutRecord(player(entry.get("by"), f"{path}.by"), kind, types))
    return tuple(found)


def counters_put_on(
    value: Any, path: str, player: Callable[[Any, str], str]
) -> tuple[tuple[str, str], ...]:
    """An enter step's ``"counters_put_this_turn": [{"by": P, "kind": "+1/+1"}]``: counters
    put on the permanent earlier this turn (CR 122.6), who put them and their kind."""
    example = '[{"by": "Alice", "kind": "+1/+1"}]'
    if not isinstance(value, list):
        raise BoardError(path, f"a list of counters put on it, {example}")
    found: list[tuple[str, str]] = []
    for i, entry in enumerate(value):
        if not isinstance(entry, dict) or set(entry) - {"by", "kind"}:
            raise BoardError(f"{path}[{i}]", example)
        kind = _counter_kind(entry.get("kind", "+1/+1"), f"{path}[{i}].kind")
        found.append((player(entry.get("by"), f"{path}[{i}].by"), kind))
    return tuple(dict.fromkeys(found))


_MOST_ATTACKS = 100


def attack_counts(raw: dict[str, Any], path: str) -> tuple[int, int]:
    """An enter step's ``"attacked_this_turn"`` (true: once; or how many times, for several
    combats) and ``"attacks_this_game"`` (every time it attacked, this turn's included):
    CR 508.1a, what earlier combats left. Absent, it never attacked."""
    this_turn = raw.get("attacked_this_turn", False)
    if raw.get("attacked_a_battle_this_turn") is True and this_turn is False:
        this_turn = True  # a creature that attacked a battle attacked (CR 508.1a-b)
    if isinstance(this_turn, bool):
        turn = int(this_turn)
    elif isinstance(this_turn, int) and 0 <= this_turn <= _MOST_ATTACKS:
        turn = this_turn
    else:
        raise BoardError(
            f"{path}.attacked_this_turn", f"true, false or how many times (0 to {_MOST_ATTACKS})"
        )
    game = raw.get("attacks_this_game", turn)
    if isinstance(game, bool) or not isinstance(game, int) or not turn <= game <= _MOST_ATTACKS:
        raise BoardError(
            f"{path}.attacks_this_game",
            f"how many times it attacked this game, at least this turn's ({turn})",
        )
    return turn, game


def _counter_kind(kind: Any, path: str) -> str:
    if not isinstance(kind, str) or not 0 < len(kind) <= 40:
        raise BoardError(path, 'a kind of counter ("+1/+1", "shield")')
    return kind


# CR 716.2a: a Class's level ability, "{cost}: Level N" (also in oracle/text.py).
_LEVEL_LINE = re.compile(r"^(?:\{[^{}]{1,8}\})+: Level (\d{1,2})$")


def check_class_level(card: CardDef, level: int, path: str) -> None:
    """A class level above 1 (the ``class_level`` choice) is refused unless the card has a
    "{cost}: Level N" ability reaching it (CR 716.2a: only those abilities set the level;
    716.2d: with none it is level 1)."""
    if level == 1:
        return
    levels = [int(m[1]) for line in card.rules_text if (m := _LEVEL_LINE.match(line.strip()))]
    if level > max(levels, default=1):
        most = f"its highest level is {max(levels)}" if levels else "it has no level abilities"
        raise BoardError(path, f"{card.name} can't be level {level}: {most} (CR 716.2a, 716.2d)")
