"""What a board holds that the engine recognised but does not apply (``not_modelled``).

Every ability is applied, inert where it is, or named here (never dropped
silently): one-shot sentences a resolving spell or ability can't perform
(CR 608.2c), continuous-effect sentences the layer grammar can't apply yet
(CR 611), replacement and prevention texts the replacement grammar can't read
yet (CR 614-615), and keywords that work where the card is but aren't applied
(CR 702).
"""

from __future__ import annotations

from collections.abc import Iterable

from rules_engine.game import Game, NotModelled
from rules_engine.oracle.keywords import keyword_gap
from rules_engine.oracle.parser import ParsedAbility
from rules_engine.perform import chars_of
from rules_engine.replacement.active import unreadable_of

UNPERFORMED = "the engine doesn't perform this one-shot action, so the board goes on without it"
UNREADABLE_REPLACEMENT = (
    "a replacement or prevention effect (CR 614-615) the engine does not model yet, "
    "so events on this board happen as if it weren't there"
)
UNAPPLIED_CONTINUOUS = (
    "a continuous effect (CR 611) the engine does not apply yet, so characteristics on "
    "this board are computed without it"
)


def resolution_gaps(
    label: str, abilities: Iterable[ParsedAbility], *, spell: bool
) -> list[NotModelled]:
    """What a resolving spell or ability (``label``) does that isn't modelled."""
    gaps: list[NotModelled] = []
    for ability in abilities:
        gaps += [NotModelled(label, text, UNPERFORMED) for text in ability.unperformed]
        gaps += [
            NotModelled(label, sentence, f"{UNAPPLIED_CONTINUOUS}: {why}")
            for sentence, why in ability.gaps
        ]
        if spell and ability.kind == "keyword" and (why := keyword_gap(ability.text, "stack")):
            gaps.append(NotModelled(label, ability.text, why))  # rebound (702.88a)
    return gaps


def unreadable_replacement(label: str, text: str, why: str) -> NotModelled:
    return NotModelled(label, text, f"{UNREADABLE_REPLACEMENT}: {why}")


def board_gaps(game: Game) -> list[NotModelled]:
    """What the objects of the game have, where they are, that isn't modelled."""
    gaps: list[NotModelled] = []
    for label, chars in chars_of(game).items():
        obj = game.object(label)
        if obj is None:
            continue
        for instance in chars.abilities:
            parsed = instance.parsed
            if parsed.kind == "keyword" and (why := keyword_gap(instance.text, obj.zone)):
                gaps.append(NotModelled(label, instance.text, why))
            if obj.on_battlefield and parsed.kind == "static":
                gaps += [
                    NotModelled(label, sentence, f"{UNAPPLIED_CONTINUOUS}: {why}")
                    for sentence, why in parsed.gaps
                ]
        if obj.on_battlefield:
            gaps += [unreadable_replacement(label, text, why) for text, why in unreadable_of(chars)]
    return gaps
