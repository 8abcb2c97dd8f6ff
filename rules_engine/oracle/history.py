"""Conditions on what the game remembers rather than what the battlefield shows: cards drawn
and permanents entered this turn, crimes committed, the monarch, the initiative, day and night,
dungeons completed. Each is read here into a typed condition (``effects``) that the turn's
record (``TurnRecord``) or the board's designations (``Designations``) answer.

``history_condition`` gets a condition's words in lower case, "~" for the card's own name,
and returns None for words it doesn't know (the layer grammar tries its other shapes).
"""

from __future__ import annotations

import re

from rules_engine.affected import Filter, Subject
from rules_engine.effects import (
    Compare,
    Condition,
    DealtDamage,
    Designated,
    Designation,
    EnteredThisTurn,
    HappenedThisTurn,
    Not,
    ObjectMatches,
    SourceStatus,
    TurnTotal,
)
from rules_engine.oracle.numbers import read_number
from rules_engine.oracle.text import SELF

__all__ = ["history_condition"]

# CR 725.1, 726.1, 309.7, 731.1: what the board's designations say.
_DESIGNATED: dict[str, Designation] = {
    "you're the monarch": "monarch",
    "you are the monarch": "monarch",
    "you have the initiative": "initiative",
    "you've completed a dungeon": "completed_dungeon",
    "you have completed a dungeon": "completed_dungeon",
    "it's night": "night",
    "it's nighttime": "night",
    "it is night": "night",
    "it's day": "day",
    "it's daytime": "day",
    "it is day": "day",
    # CR 702.178a: max speed is "as long as your speed is 4" (4 is the most, 702.179d).
    "your speed is 4": "max_speed",
    "you have max speed": "max_speed",
    "your speed is four": "max_speed",
    # CR 103.1: the player chosen to take the first turn (Desert Cenote, Rising Chicane).
    "you were the starting player": "starting_player",
    "you're the starting player": "starting_player",
    # CR 500: "your first, second, or third turn of the game" (Starting Town), "during your
    # first three turns of the game" (Captivating Crossroads).
    "it's your first, second, or third turn of the game": "first_three_turns",
    "it is your first, second, or third turn of the game": "first_three_turns",
    "during your first three turns of the game": "first_three_turns",
}

_DRAWN = re.compile(r"you(?:'ve| have) drawn (?P<n>\w+) or more cards this turn")
# "another creature entered under your control this turn", "you had another creature enter
# under your control this turn", "two or more nonland permanents entered ...".
_ENTERED = re.compile(
    r"(?:you had )?(?P<n>an?|another|\w+ or more) (?P<kind>(?:nonland )?[a-z]+?)s? "
    r"(?:entered|enter) (?:the battlefield )?under your control this turn"
)
_KINDS = {
    "creature": (frozenset({"Creature"}), frozenset()),
    "artifact": (frozenset({"Artifact"}), frozenset()),
    "enchantment": (frozenset({"Enchantment"}), frozenset()),
    "land": (frozenset({"Land"}), frozenset()),
    "permanent": (frozenset(), frozenset()),
    "nonland permanent": (frozenset(), frozenset({"Land"})),
}


def history_condition(text: str, self_is_it: bool) -> Condition | None:
    """The condition these words name, or None. ``self_is_it``: "it" is the card itself."""
    if (designation := _DESIGNATED.get(text)) is not None:
        return Designated(designation)
    if text in ("you've committed a crime this turn", "you have committed a crime this turn"):
        return HappenedThisTurn("you_committed_crime")  # CR 700.13
    if m := _DRAWN.fullmatch(text):
        least = read_number(m["n"])
        if least is None:
            return None
        # CR 121.2: each card drawn is one draw, counted by the turn's record.
        return Compare(TurnTotal("cards_drawn", "you"), ">=", least)
    if text in ("~ hasn't dealt damage yet", "~ has not dealt damage yet") or (
        text in ("it hasn't dealt damage yet", "it has not dealt damage yet") and self_is_it
    ):
        return Not(DealtDamage())  # CR 120.1, 400.7: since it entered
    if text in ("~ is solved", "~'s solved") or (
        text in ("it's solved", "it is solved") and self_is_it
    ):
        return SourceStatus("solved", Subject("self", words=SELF))  # CR 719.3b
    if text.startswith("~ is level ") and text.endswith(" or greater"):
        # CR 716.2a: "as long as this Class is level N or greater" (a Class's level band).
        level = text[len("~ is level ") : -len(" or greater")]
        if level.isdigit() and len(level) < 3:
            return SourceStatus("class_level", Subject("self", words=SELF), minimum=int(level))
    if text in ("~ is your ring-bearer", "it's your ring-bearer") and (
        text.startswith("~") or self_is_it
    ):
        return SourceStatus("ring_bearer", Subject("self", words=SELF))  # CR 701.54b
    if text == "~ entered this turn" or (text == "it entered this turn" and self_is_it):
        return EnteredThisTurn(itself=True)  # CR 603.6a
    if text in ("~ is modified", "~'s modified") or (
        text in ("it's modified", "it is modified") and self_is_it
    ):
        return ObjectMatches(Subject("self", words=SELF), Filter(modified=True))  # CR 700.9
    if m := _ENTERED.fullmatch(text):
        return _entered(m["n"], m["kind"])
    return None


def _entered(amount: str, kind: str) -> Condition | None:
    """ "another creature", "an artifact", "two or more nonland permanents" entered under
    your control this turn."""
    if kind not in _KINDS:
        return None
    types, not_types = _KINDS[kind]
    if amount in ("a", "an", "another"):
        return EnteredThisTurn(types=types, not_types=not_types, other=amount == "another")
    least = read_number(amount.split()[0])
    if least is None:
        return None
    return EnteredThisTurn(types=types, not_types=not_types, minimum=least)
