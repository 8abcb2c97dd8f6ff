"""Rows for replacements of a player's loss of the game (CR 104.3, 614.1a): "If you would lose
the game, instead exile ~ and your life total becomes 1" (The Golden Throne), "The next time
you would lose the game this turn, instead draw seven cards and your life total becomes 1"
(Stunning Reversal, a shield used up by the loss it replaces, 614.1a)."""

from __future__ import annotations

import re

from rules_engine.replacement.phrases import number
from rules_engine.replacement.rows.row import Row, Sentence
from rules_engine.replacement.specs import Family, GameLossSpec, Spec

# CR 104.3, 614.1a, 119.5: what the player does instead, then the life total it becomes.
LOSE_GAME_INSTEAD = re.compile(
    r"^(?:if|(?P<next>the next time)) you would lose the game(?P<turn> this turn)?, instead "
    r"(?:(?P<exile>exile ~)|draw (?P<draws>\w+) cards) and your life total becomes (?P<life>\w+)$"
)


def _lose_game_instead(m: re.Match[str], s: Sentence) -> Spec | None:
    if bool(m["next"]) != bool(m["turn"]):
        return None  # "the next time ... this turn" is a resolved shield; "if" a static ability
    return GameLossSpec(
        s.text,
        Family.LOSE_GAME_INSTEAD,
        player="you",
        shield="next_time" if m["next"] else None,
        exile_self=bool(m["exile"]),
        draws=number(m["draws"], s.text) if m["draws"] else 0,
        life_becomes=number(m["life"], s.text),
    )


ROWS: tuple[Row, ...] = (
    Row(
        Family.LOSE_GAME_INSTEAD,
        LOSE_GAME_INSTEAD,
        _lose_game_instead,
        rule="614.1a",  # the replacement's rule; the event's own is 104.3
        example="If you would lose the game, instead exile The Golden Throne and your life total becomes 1.",
        card="The Golden Throne",
        priority=1295,
    ),
)
