"""Rows for what a card revealed from its controller's hand as a permanent enters changes
(CR 614.12, 614.1c-d), in the newer wording: "As this land enters, you may reveal a Dragon
card from your hand. This land enters tapped unless you revealed a Dragon card this way or
you control a Dragon." (Temple of the Dragon Queen), "If you do or if you control a Dragon,
this creature enters with a +1/+1 counter on it." (Dragon's Disciple).

The hand is a hidden zone, so whether a card was revealed is the entering permanent's step
choice ("revealed": 1), like the other choices made as it enters; without it, none was.
``grammar.py`` reads the "As ~ enters, you may reveal ..." sentence with the one after it.
"""

from __future__ import annotations

import re

from rules_engine.affected import Subject
from rules_engine.replacement.phrases import condition_in, number
from rules_engine.replacement.rows.row import Row, Sentence
from rules_engine.replacement.specs import EnterSpec, Family, Spec

_T = re.compile


# CR 614.1c, 614.12: tapped unless a card was revealed or a condition holds as it enters.
TAPPED_UNLESS_REVEALED = _T(
    r"^~ enters tapped unless you revealed an? (?P<card>\w+) card this way(?: or (?P<cond>.+))?$"
)


# CR 614.1c, 614.12: counters if a card was revealed ("if you do") or a condition holds.
COUNTERS_IF_REVEALED = _T(
    r"^if you do(?: or if (?P<cond>(?>[^,]+)))?, ~ enters with (?P<n>an?|\w+) (?P<kind>\S+) "
    r"counters? on it$"
)


def revealed_after(sentence: str) -> bool:
    """Is this the sentence that says what revealing a card as it enters changes?"""
    return bool(TAPPED_UNLESS_REVEALED.match(sentence) or COUNTERS_IF_REVEALED.match(sentence))


def _tapped_unless_revealed(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.ENTER_TAPPED,
        objects=Subject("self", words="~"),
        unless=condition_in(m["cond"], s.text) if m["cond"] else None,
        revealed_instead=True,
    )


def _counters_if_revealed(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=Subject("self", words="~"),
        counter_kind=m["kind"],
        amount=number(m["n"], s.text),
        unless=condition_in(m["cond"], s.text) if m["cond"] else None,
        revealed_instead=True,
    )


# Lower priorities are tried first (``replacement/sentences.py``).
ROWS: tuple[Row, ...] = (
    Row(
        Family.ENTER_TAPPED,
        TAPPED_UNLESS_REVEALED,
        _tapped_unless_revealed,
        rule="614.12",
        example="This land enters tapped unless you revealed a Dragon card this way or you control a Dragon.",
        card="Temple of the Dragon Queen",
        priority=151,
    ),
    Row(
        Family.ENTER_COUNTERS,
        COUNTERS_IF_REVEALED,
        _counters_if_revealed,
        rule="614.12",
        example="If you do or if you control a Dragon, this creature enters with a +1/+1 counter on it.",
        card="Dragon's Disciple",
        priority=152,
    ),
)
