"""Rows for skipped steps, phases and turns (CR 614.1b, 614.10)."""

from __future__ import annotations

import re

from rules_engine.replacement.phrases import (
    condition_in,
)
from rules_engine.replacement.rows.row import Row, Sentence
from rules_engine.replacement.specs import (
    Family,
    PlayerWord,
    Skippable,
    SkipSpec,
    Spec,
)

_T = re.compile

# CR 614.1b, 614.10. "Hellbent — Skip your upkeep step if you have no cards in hand."
SKIP = _T(
    r"^(?:(?P<who>players|you|each player) )?skips? (?:your|their) (?P<step>untap|upkeep|draw) "
    r"steps?(?: if (?P<cond>.+))?$"
)


# CR 614.10a: a skip of the next step, phase or turn is used up once it applies ("You skip
# your next turn"; "Target player skips their next combat phase this turn").
SKIP_NEXT = _T(
    r"^(?P<who>target player|target opponent|you) skips? (?:your|their) next "
    r"(?P<step>untap|upkeep|draw|combat|turn)(?: step| phase)?(?: this turn)?$"
)


# CR 500.7, 614.10: "If an opponent would begin an extra turn, that player skips that turn
# instead" (Stranglehold, Trouble in Pairs; "a player": Gerrard's Hourglass Pendant).
SKIP_EXTRA_TURN = _T(
    r"^if (?P<who>a player|an opponent) would begin an extra turn, that player skips that turn "
    r"instead$"
)


# CR 614.1b, 614.10: "If you would begin your draw step, you may skip that step instead"
# (Fasting; its "If you do, you gain 2 life." is read with it, ``grammar.py``).
SKIP_INSTEAD = _T(
    r"^if you would begin your (?P<step>upkeep|draw) step, you may skip that step instead$"
)


def _skip_instead(m: re.Match[str], s: Sentence) -> Spec | None:
    return SkipSpec(s.text, Family.SKIP, player="you", skips=_SKIPPABLE[m["step"]], optional=True)


def _skip_extra_turn(m: re.Match[str], s: Sentence) -> Spec | None:
    who: PlayerWord = "opponent" if m["who"] == "an opponent" else "any"
    return SkipSpec(s.text, Family.SKIP, player=who, skips="extra_turn")


_SKIPPABLE: dict[str, Skippable] = {
    "untap": "untap",
    "upkeep": "upkeep",
    "draw": "draw",
    "combat": "combat",
    "turn": "turn",
}


def _skip_next(m: re.Match[str], s: Sentence) -> Spec | None:
    who: PlayerWord = "you" if m["who"] == "you" else "target"
    return SkipSpec(
        s.text, Family.SKIP, player=who, skips=_SKIPPABLE[m["step"]], shield="next_time"
    )


def _skip(m: re.Match[str], s: Sentence) -> Spec | None:
    who: PlayerWord = "any" if m["who"] in ("players", "each player") else "you"
    condition = condition_in(m["cond"], s.text) if m["cond"] else None
    return SkipSpec(
        s.text, Family.SKIP, player=who, skips=_SKIPPABLE[m["step"]], condition=condition
    )


# Lower priorities are tried first (``replacement/sentences.py``).
ROWS: tuple[Row, ...] = (
    Row(
        Family.SKIP,
        SKIP_NEXT,
        _skip_next,
        rule="614.10a",
        example="You skip your next turn.",
        card="Chronatog",
        priority=640,
    ),
    Row(
        Family.SKIP,
        SKIP,
        _skip,
        rule="614.1b",
        example="Skip your draw step.",
        card="Colfenor's Plans",
        priority=650,
    ),
    Row(
        Family.SKIP,
        SKIP_INSTEAD,
        _skip_instead,
        rule="614.10",
        example="If you would begin your draw step, you may skip that step instead.",
        card="Fasting",
        priority=652,
    ),
    Row(
        Family.SKIP,
        SKIP_EXTRA_TURN,
        _skip_extra_turn,
        rule="614.10",
        example="If an opponent would begin an extra turn, that player skips that turn instead.",
        card="Stranglehold",
        priority=655,
    ),
)
