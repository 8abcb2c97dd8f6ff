"""A resolving spell's die roll (CR 706.2): the result is the cast step's, as a board states
the dice a permanent rolls as it enters (``choices.rolls``); the rows of its results table
then read it (oracle/die_rows.py, CR 706.3a)."""

from __future__ import annotations

from rules_engine.errors import BoardError
from rules_engine.game import Game
from rules_engine.one_shot import OneShot
from rules_engine.timeline.entering import Entering
from rules_engine.timeline.resolution import Resolution


def roll(game: Game, action: OneShot, res: Resolution, hook: Entering) -> Game:
    """CR 706.2: the spell's controller rolls one die with ``action.n`` sides; a board can't
    know its result, so the step states it (one result from 1 to the die's size), and the
    row whose range holds it is done (706.3a). Nothing else about the game changes."""
    del hook
    rolls = res.choices.rolls
    if len(rolls) != 1 or not 1 <= rolls[0] <= action.n:
        raise BoardError(
            f"{res.path}.choices.rolls",
            f"as this spell resolves, its controller rolls a d{action.n} (CR 706.2) and does "
            f"what the row for that result says (706.3a); the board must give the result, "
            f'1 to {action.n}: add "rolls": [{action.n}] to the step\'s choices',
        )
    return game
