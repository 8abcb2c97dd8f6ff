"""Whether a spell or ability may target a permanent or a player (CR 115.4, 601.2c).

A board's cast or activate step names its targets; one the rules don't let it choose makes
the step impossible, so the board is refused with the reason: shroud (CR 702.18a), hexproof
against an opponent's spell or ability (702.11b, a player's 702.11d), and protection from a
quality the source has (702.16b, a player's 702.16j).
"""

from __future__ import annotations

import re

from rules_engine.characteristics import Characteristics
from rules_engine.oracle.conditions import parse_condition
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.sba import has_quality, protection_qualities
from rules_engine.selection import Context, World, condition_holds

# "You have hexproof", "You and Humans you control have hexproof", "As long as it's your
# turn, you and ~ have hexproof" (a permanent's rule about its controller, CR 613.10).
_PLAYER_HAS = re.compile(
    r"^(?:as long as (?P<cond>[^,]+), )?you(?:,? and [^,]+?|, [^.]+?,? and [^,]+?)? have "
    r"(?P<what>hexproof|shroud|protection from .+?)\.?$",
    re.IGNORECASE,
)


def target_problem(
    target: str,
    source: Characteristics,
    controller: str,
    state: dict[str, Characteristics],
    world: World,
) -> str | None:
    """Why ``source`` (controlled by ``controller``) can't target ``target``, in a learner's
    words, or None when it can."""
    if target in world.game.players:
        return _player_problem(target, source, controller, state, world)
    chars = state.get(target)
    if chars is None:
        return None
    if chars.has_ability("shroud"):
        return f"{chars.name} has shroud (CR 702.18a)"
    theirs = chars.controller != controller
    if theirs and chars.has_ability("hexproof"):
        return f"{chars.name} has hexproof and belongs to another player (CR 702.11b)"
    chosen = world.objects[target].choices.color if target in world.objects else None
    for ability in chars.abilities:
        text = ability.text.lower()
        for quality in protection_qualities(ability.text, chosen):
            if has_quality(source, quality):
                named = {p.lower(): p for p in world.game.players}.get(quality, quality)
                return f"{chars.name} has protection from {named} (CR 702.16b)"
        if theirs and text.startswith("hexproof from "):
            quality = text.removeprefix("hexproof from ").rstrip(".")
            if has_quality(source, quality):
                return f"{chars.name} has hexproof from {quality} (CR 702.11e)"
    return None


def _player_problem(
    player: str,
    source: Characteristics,
    controller: str,
    state: dict[str, Characteristics],
    world: World,
) -> str | None:
    for gained in world.game.player_abilities:
        # "You gain hexproof until end of turn" (Blossoming Calm): a resolved effect on the
        # player (CR 613.10), for the rest of the board.
        if gained.player != player:
            continue
        if gained.ability == "shroud":
            return f"{player} has shroud (from {gained.source_name}, CR 702.18a)"
        if gained.ability == "hexproof" and player != controller:
            return f"{player} has hexproof (from {gained.source_name}, CR 702.11d)"
    for label, obj in world.objects.items():
        chars = state.get(label)
        if chars is None or not obj.on_battlefield or chars.controller != player:
            continue
        for ability in chars.abilities:
            for rule in ability.parsed.rules:
                m = _PLAYER_HAS.match(rule)
                if m is None or not _holds(m["cond"], rule, label, player, state, world):
                    continue
                what = m["what"].lower()
                if what == "shroud":
                    return f"{player} has shroud (given by {chars.name}, CR 702.18a)"
                if what == "hexproof" and player != controller:
                    return f"{player} has hexproof (given by {chars.name}, CR 702.11d)"
                chosen = obj.choices
                qualities = protection_qualities(m["what"], chosen.color, chosen.card_type)
                if any(has_quality(source, q) for q in qualities):
                    return f"{player} has {m['what']} (given by {chars.name}, CR 702.16j)"
    return None


def _holds(
    words: str | None,
    rule: str,
    label: str,
    controller: str,
    state: dict[str, Characteristics],
    world: World,
) -> bool:
    if words is None:
        return True
    try:
        condition = parse_condition(words, rule)
    except OracleParseError:
        return True  # the rule was read with its condition; unreadable here, it still counts
    return condition_holds(condition, state, world, Context(source=label, controller=controller))
