"""Rows for how a permanent cast with another permanent's permission enters (CR 614.1c):
"You may play lands and cast creature spells from your graveyard. If you cast a spell this
way, that creature enters with a finality counter on it." (Advanced Floral Invocations),
"... that artifact enters tapped" (Edgar, Master Machinist).

Which permission a spell was cast with is how it was cast (CR 601.2, 601.3), which no board
position shows: the entering permanent's step names the permanent whose permission it used
("cast_with": its label), and only that permanent's effect applies to it.
"""

from __future__ import annotations

import re

from rules_engine.effects import Compare, Condition, HowCast, Sum
from rules_engine.replacement.phrases import number, what_objects
from rules_engine.replacement.rows.row import Row, Sentence
from rules_engine.replacement.specs import EnterSpec, Family, Spec

_T = re.compile


# CR 601.2h: "it wasn't cast or no mana was spent to cast it" (Freestrider Commando, Primeval
# Spawn): no mana spent to cast it, as the step's choices say ("mana_spent", "mana_by_color");
# a permanent put onto the battlefield without being cast had none spent either.
NO_MANA_SPENT = Compare(Sum(HowCast("mana_spent"), HowCast("most_of_one_color")), "==", 0)


# CR 601.2: "if you cast it" (Nine-Lives Familiar): it entered as a spell its controller cast.
WAS_CAST = Compare(HowCast("was_cast"), "==", 1)


# The conditions on how it was cast, by their words.
CAST_CONDITIONS: dict[str, Condition] = {
    "it wasn't cast or no mana was spent to cast it": NO_MANA_SPENT,
    "~ wasn't cast or no mana was spent to cast it": NO_MANA_SPENT,
    "you cast it": WAS_CAST,
    "you cast ~": WAS_CAST,
}


CAST_THIS_WAY = _T(
    r"^if you cast an? (?:(?P<spell>creature|artifact) )?spell this way, that "
    r"(?P<what>creature|artifact) enters (?:with (?P<n>an?|\w+) (?P<additional>additional )?"
    r"(?P<kind>\S+) counters? on it|(?P<tapped>tapped))$"
)


def _cast_this_way(m: re.Match[str], s: Sentence) -> Spec | None:
    objects = what_objects(f"{m['what']}s you control", s.text)
    if m["tapped"]:
        return EnterSpec(s.text, Family.ENTER_TAPPED, objects=objects, cast_this_way=True)
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=objects,
        counter_kind=m["kind"],
        amount=number(m["n"], s.text),
        cast_this_way=True,
    )


# Lower priorities are tried first (``replacement/sentences.py``).
ROWS: tuple[Row, ...] = (
    Row(
        Family.ENTER_COUNTERS,
        CAST_THIS_WAY,
        _cast_this_way,
        rule="614.1c",
        example="If you cast a spell this way, that creature enters with a finality counter on it.",
        card="Advanced Floral Invocations",
        priority=154,
        also=(Family.ENTER_TAPPED,),
    ),
)
