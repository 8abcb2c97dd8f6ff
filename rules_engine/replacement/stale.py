"""Effects read against the board as it was before several damage events at once.

Damage dealt at the same time is one event for what it adds up to: Worship looks at the
total a player's life would drop to (CR 120.4b, 510.2), Deification at whether all of a
planeswalker's loyalty counters would go, Bloatfly Swarm counts the counters it really
removed. Events asked one after another each see what the one before did ("while it has a
+1/+1 counter on it"). The engine applies each such effect to each damage event against the
board as it was before all of them, so where two or more damage events reach the same
player or permanent, these effects are named in ``not_modelled`` rather than trusted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from rules_engine.game import NotModelled
from rules_engine.replacement.events import Damage, Event
from rules_engine.replacement.in_play import ActiveReplacement
from rules_engine.replacement.specs import DamageSpec, Family

STALE_WHY = (
    "two or more damage events reach the same player or permanent here, and the engine "
    "checks this effect against each of them as the board was before any of them, not their "
    "total or what an earlier one changed (CR 120.4b, 510.2, 616), so its part of this answer "
    "may not hold"
)


def _reads_the_board(spec: DamageSpec) -> bool:
    """Does this damage replacement read what the damage adds up to or leaves behind?"""
    return (
        spec.family in (Family.WORSHIP, Family.LOYALTY_FLOOR)
        or spec.condition is not None
        or spec.each_player_counter is not None
    )


def stale_state_gaps(
    events: Iterable[Event], statics: Sequence[ActiveReplacement]
) -> list[NotModelled]:
    """The effects named because several damage events reach one player or permanent."""
    reached = Counter(e.target for e in events if isinstance(e, Damage) and e.amount > 0)
    if not any(n > 1 for n in reached.values()):
        return []
    return [
        NotModelled(active.source, active.spec.text.replace("~", active.source_name), STALE_WHY)
        for active in statics
        if isinstance(active.spec, DamageSpec) and _reads_the_board(active.spec)
    ]
