"""The largest numbers and texts a board may carry, and the most objects an event may make.

Every number of a board is checked as the board is read (``board.py``, the event reader),
so nothing later meets an X of a billion; a number past its bound is refused with its
JSON path and the bound (``steps[2].x: 1000000000 is more than the largest X a board may
use (1,000)``). What multiplies as events are modified (a token doubler, CR 614.1a) is
bounded as the event is modified (``check_tokens``, ``check_events``), and exploring the orders of
replacement effects (CR 616.1) is charged to the work meter (``rules_engine/work.py``).
docs/limits.md explains each number; the site's forms and OpenAPI description read them
from here.
"""

from __future__ import annotations

from typing import Any

from rules_engine.errors import BoardError
from rules_engine.work import WorkExceeded

# X (CR 107.3) and every other count a board gives: the mana spent to cast a spell, an
# ability's or a mode's number, the cards in a hand or library, the creatures that died
# this turn, the cards an event draws or the tokens it creates. Real play rarely needs 20.
MAX_X = 1_000
# Counters put or removed by one step, damage, life totals and life gained or lost: plain
# numbers (nothing is made per counter or per point of life), so generous.
MAX_AMOUNT = 1_000_000
# The objects one event may make, one at a time, once every replacement effect has
# modified it (two Doubling Seasons make 4 tokens of 1): tokens created (each an object the
# layers then see every step), cards drawn (CR 121.2) or milled one by one.
MAX_OBJECTS = 500
# Steps one board may hold (the turn record's permanents too).
MAX_STEPS = 500
LARGEST_LIFE = "the largest amount of life a board may use"
# What counters and life totals may grow to as steps add to them. Each step's numbers are
# bounded, but doublers applied to a "put another of each counter" ability compound, step
# after step; a number of more than 4,300 digits can't even be written as text. No real
# board comes near 10^15.
MAX_RESULT = 10**15
# Any one text of a board (a title, notes, a label, a card's name).
MAX_TEXT = 4_000
# A card written inline: its name, each ability, and how many abilities. The longest real
# ability has about 630 characters and the longest name 141; no card has 20 abilities.
MAX_NAME = 200
MAX_ABILITY_TEXT = 1_000
MAX_ABILITIES = 20
# All the abilities typed into a board's inline cards, together: each is read by the Oracle
# reader once (in linear time), so this bounds the reading of a whole board.
MAX_TYPED_TEXT = 20_000

_SHOWN_DIGITS = 15


def shown(value: int) -> str:
    """A number for a message: written out when short (Python will not write an integer
    of more than 4,300 digits as text, so a huge one is described, never printed)."""
    if value.bit_length() <= 3 * _SHOWN_DIGITS:
        return str(value)
    return f"a number of about {round(abs(value).bit_length() * 0.30103):,} digits"


def whole_number(value: Any, path: str, *, least: int, most: int, what: str) -> int:
    """``value`` as a whole number from ``least`` to ``most``, or a BoardError naming ``what``
    it is ("the largest X a board may use")."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise BoardError(path, "must be a whole number")
    if value < least:
        raise BoardError(path, f"must be at least {least:,}")
    if value > most:
        raise BoardError(path, f"{shown(value)} is more than {what} ({most:,})")
    return value


def check_texts(data: Any) -> None:
    """Every text of a board (keys too) at most ``MAX_TEXT`` characters."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            if len(value) > MAX_TEXT:
                raise BoardError(path, f"a text of more than {MAX_TEXT:,} characters: shorten it")
        elif isinstance(value, dict):
            for key, item in value.items():
                where = f"{path}.{key}" if path else str(key)
                if isinstance(key, str) and len(key) > MAX_TEXT:
                    raise BoardError(path, f"a key of more than {MAX_TEXT:,} characters")
                stack.append((item, where))
        elif isinstance(value, list):
            stack.extend((item, f"{path}[{i}]") for i, item in enumerate(value))


class TooManyObjects(WorkExceeded):
    """An event that would make more objects than a board may hold; the message says what
    and why, the caller adds the step (where none does, the replay names the step as it
    does for any work past the budget)."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message

    @staticmethod
    def events(n: int, what: str) -> str:
        return (
            f"this would make {shown(n)} {what}, one at a time; one event may make at most "
            f"{MAX_OBJECTS:,}"
        )


def check_tokens(n: int, name: str) -> None:
    """CR 614.1a: a replacement effect may multiply the tokens an event creates; past
    ``MAX_OBJECTS`` the board is refused before any is made."""
    if n > MAX_OBJECTS:
        raise TooManyObjects(
            f"this would create {shown(n)} {name} tokens (counting every replacement effect "
            f"that applies, CR 614.1a); one event may create at most {MAX_OBJECTS:,}"
        )


def check_events(n: int, what: str, path: str = "") -> None:
    """An amount turned into one event per unit (each card drawn, CR 121.2); ``path`` names
    the step when the caller knows it."""
    if n > MAX_OBJECTS and path:
        raise BoardError(path, TooManyObjects.events(n, what))
    if n > MAX_OBJECTS:
        raise TooManyObjects(TooManyObjects.events(n, what))


def grown_past(counts: list[tuple[str, int]]) -> str | None:
    """The first of the (what, number) pairs past ``MAX_RESULT``, as a sentence's end."""
    for what, n in counts:
        if abs(n) > MAX_RESULT:
            return (
                f"{what} would grow to {shown(n)}, more than a board may hold "
                f"({MAX_RESULT:,}): use smaller numbers or fewer doublers"
            )
    return None


def summary() -> dict[str, int]:
    """The bounds by name, for docs/limits.md's test and the site's API description."""
    return {
        "max_x": MAX_X,
        "max_amount": MAX_AMOUNT,
        "max_objects": MAX_OBJECTS,
        "max_result": MAX_RESULT,
        "max_text": MAX_TEXT,
        "max_name": MAX_NAME,
        "max_ability_text": MAX_ABILITY_TEXT,
        "max_abilities": MAX_ABILITIES,
        "max_typed_text": MAX_TYPED_TEXT,
    }
