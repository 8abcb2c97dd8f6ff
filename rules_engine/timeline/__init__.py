"""Replaying a board's steps as one game (timestamps per CR 613.7).

Each step that creates an object or effect takes the next timestamp; a
resolving spell or ability fixes the set it affects and every value it
computes at that moment (CR 611.2c, 608.2h). Every step that performs an
event (a permanent entering, counters, damage, a card leaving, a spell's
one-shot text) goes through the replacement and prevention effects in play
(``perform.py``, CR 614-616), and state-based actions are performed after
each step (CR 704.3), their moves going through replacements too.

One module per kind of step, each with a ``verify_…`` (what the board must say for
the step to happen) and a perform: ``enter``, ``cast``, ``activate``, ``simple``
(counters, damage, leaving, attaching, an effect ending, turning face up or down,
phasing). A spell or ability resolving is ``resolve`` and its pieces;
``state_based`` performs state-based actions and ``replaying`` plays a board's
steps in order (``replay_board``).
"""

from __future__ import annotations

from rules_engine.timeline.replaying import (
    Replayed,
    apply_step,
    new_game,
    replay,
    replay_board,
)
from rules_engine.timeline.state_based import check_state

__all__ = ["Replayed", "apply_step", "check_state", "new_game", "replay", "replay_board"]
