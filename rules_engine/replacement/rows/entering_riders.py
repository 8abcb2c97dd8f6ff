"""Rows for newer riders on how a permanent enters (CR 614.1c, 614.12) read from the X it was
cast with: "If X is 2 or less, it enters tapped." (Slumbering Trudge, after "This creature
enters with a number of stun counters on it equal to three minus X."), and dice rolled as it
enters: "As this creature enters, roll X d6." (Neverwinter Hydra; the results are the step's
``choices.rolls``, CR 706.1).

The X is the one paid as it was cast (CR 107.3m: 0 when it wasn't cast), the entering
permanent's step's ``x``, checked as it would enter (614.12).
"""

from __future__ import annotations

import re

from rules_engine.affected import Subject
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.replacement.phrases import number, what_objects
from rules_engine.replacement.rows.row import Row, Sentence
from rules_engine.replacement.specs import EnterSpec, Family, Mark, Spec

_T = re.compile


# CR 614.1c, 107.3m: "If X is 2 or less, it enters tapped" (Slumbering Trudge).
ENTERS_TAPPED_IF_X_AT_MOST = _T(r"^if x is (?P<n>\w+) or less, (?:~|it) enters tapped$")


def _enters_tapped_if_x_at_most(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.ENTER_TAPPED,
        objects=Subject("self", words="~"),
        x_at_most=number(m["n"], s.text),
    )


# CR 706.1, 614.12: "As this creature enters, roll X d6." (Neverwinter Hydra): how many dice
# (a number, or the X it was cast with) and which die; the results are a choice its step
# states ("rolls"), read by "equal to the total of those results" (``entering_counted``).
AS_ENTERS_ROLL = _T(r"^as ~ enters, roll (?P<n>x|an?|\w+) d(?P<sides>\d{1,2})$")


def _as_enters_roll(m: re.Match[str], s: Sentence) -> Spec | None:
    sides = int(m["sides"])
    if not 2 <= sides <= 20:
        raise OracleParseError(s.text, f"a d{sides} is not a die a board rolls")
    return EnterSpec(
        s.text,
        Family.AS_ENTERS,
        objects=Subject("self", words="~"),
        chooses=("rolls",),
        options=(str(sides),),
        amount=None if m["n"] == "x" else number(m["n"], s.text),
        marks=frozenset({Mark.X}) if m["n"] == "x" else frozenset(),
    )


# CR 614.12, 614.1c: "As this creature enters, you may return a nonland permanent you control
# to its owner's hand. If you do, this creature enters with a +1/+1 counter on it." (Rescuer
# Sphinx): read by ``grammar.py`` with the "If you do" sentence after it; the permanent
# returned is the step's ``choices.chosen`` (none: it returns nothing and gets no counter).
AS_ENTERS_RETURN = _T(r"^as ~ enters, you may return (?P<what>an? [\w ]+?) to its owner's hand$")


def returned_as_enters(sentence: str, display: str) -> Subject | None:
    """What "As ~ enters, you may return ..." may return ("a nonland permanent you control"),
    or None when the sentence isn't that one."""
    m = AS_ENTERS_RETURN.match(sentence)
    if m is None:
        return None
    what = re.sub(r"^an? (?P<kind>[\w ]+?) you control$", r"\g<kind>s you control", m["what"])
    try:
        return what_objects(what, display)
    except OracleParseError:
        return None


# Lower priorities are tried first (``replacement/sentences.py``).
ROWS: tuple[Row, ...] = (
    Row(
        Family.ENTER_TAPPED,
        ENTERS_TAPPED_IF_X_AT_MOST,
        _enters_tapped_if_x_at_most,
        rule="614.1c",
        example="If X is 2 or less, it enters tapped.",
        card="Slumbering Trudge",
        priority=156,
    ),
    Row(
        Family.AS_ENTERS,
        AS_ENTERS_ROLL,
        _as_enters_roll,
        rule="614.1c",
        example="As this creature enters, roll X d6.",
        card="Neverwinter Hydra",
        priority=157,
    ),
)
