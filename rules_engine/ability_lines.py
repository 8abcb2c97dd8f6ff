"""An ability as a learner reads it on a card.

The Oracle reader marks a Class's level abilities "CLASS LEVEL N+ | ..." and a station
card's striations "STATION N+ | ..." (oracle/text.py) so each paragraph keeps its
condition. A learner should see the card's own layout instead ("Level 3+: ...", "8+ | ..."),
and, when the permanent isn't there yet, why that ability does nothing on this board.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

_CLASS_BAND = re.compile(r"^CLASS LEVEL (?P<n>\d{1,2})\+ \| (?P<rest>.+)$", re.DOTALL)
_STATION_BAND = re.compile(
    r"^STATION (?P<n>\d{1,3})\+(?: (?P<pt>\d{1,3}/\d{1,3}))? \|(?: (?P<rest>.+))?$", re.DOTALL
)


def printed_line(text: str) -> str:
    """The ability as the card prints it, without the reader's band marker and without a
    word on whether it is in effect (for text quoted outside a particular board)."""
    if m := _CLASS_BAND.fullmatch(text):
        return f"Level {m['n']}+: {m['rest']}"
    if m := _STATION_BAND.fullmatch(text):
        parts = [p for p in (m["rest"], f"a {m['pt']} creature" if m["pt"] else None) if p]
        return f"{m['n']}+ | {'; '.join(parts)}"
    return text


def shown_ability(text: str, name: str, *, class_level: int, counters: Mapping[str, int]) -> str:
    """The ability's line for a card on the page: a Class's or station card's band written
    as printed, with why it is not in effect yet (CR 716.2a, 721.2)."""
    if m := _CLASS_BAND.fullmatch(text):
        needed = int(m["n"])
        line = printed_line(text)
        if class_level >= needed:
            return line
        # CR 716.2a: a level's abilities work only at that level or higher; 716.2d: a
        # Class that never gained a level is level 1.
        return (
            f"{line} (not yet: {name} is level {class_level} and has this ability only "
            f"at level {needed} or higher, CR 716.2a)"
        )
    if m := _STATION_BAND.fullmatch(text):
        needed = int(m["n"])
        line = printed_line(text)
        charge = counters.get("charge", 0)
        if charge >= needed:
            return line
        # CR 721.2: a station symbol's abilities apply while it has N or more charge counters.
        have = f"{charge} charge counter{'' if charge == 1 else 's'}"
        return f"{line} (not yet: {name} has {have} and needs {needed}, CR 721.2)"
    return text
