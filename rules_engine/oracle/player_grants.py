"""A resolving text giving players hexproof or shroud (CR 613.10, 702.11d, 702.18a).

"You gain hexproof until your next turn." (Blossoming Calm), "You and permanents you
control gain hexproof until end of turn." (Lazotep Plating, Dawn's Truce), "Players gain
hexproof until end of turn." (Everybody Lives!): the player's part is an effect on a player,
kept in the game once the spell resolves (``Game.player_abilities``) and read where the
engine decides whether a spell or ability may target that player (rules_engine/targeting.py).

Only hexproof and shroud are read: what they do to a player is only about targeting, which
the engine checks. A player's protection (702.16j) also prevents damage and stops Auras,
and "hexproof from" a quality is checked against the source's colors; those stay named in
not_modelled. The durations ("until end of turn", "until your next turn") are taken off
before this reader sees the words, and a board is one turn, so either lasts to its end.

The pattern is linear: fixed words and one alternation.
"""

from __future__ import annotations

import re
from typing import Literal

from rules_engine.effects import PlayerGrant

__all__ = ["player_grant"]

_GRANT = re.compile(
    r"^(?P<who>you|players|each player)(?: and (?:permanents|creatures) you control)? "
    r"gains? (?P<what>hexproof|shroud)$",
    re.IGNORECASE,
)


def player_grant(body: str, sentence: str) -> PlayerGrant | None:
    """The players' part of a resolving sentence ``body`` (its duration taken off), or None
    if it isn't hexproof or shroud for "you" or every player."""
    m = _GRANT.match(body.strip().rstrip("."))
    if m is None:
        return None
    who: Literal["you", "each"] = "you" if m["who"].lower() == "you" else "each"
    what: Literal["hexproof", "shroud"] = "shroud" if m["what"].lower() == "shroud" else "hexproof"
    return PlayerGrant(sentence, who, what)
