"""Keyword actions read as the words they stand for (CR 701): "Earthbend 3." is "Target land
you control becomes a 0/0 land creature with haste in addition to its other types. Put three
+1/+1 counters on it. When it dies or is exiled, return it to the battlefield tapped under
your control." (CR 701.66a, as the Gatherer rulings of 2025-10-02 word it), so the layer
grammar and the one-shot readers apply what it does (a type, an ability and a base P/T in
layers 4, 6 and 7b, counters in 7c) and name the part they don't (the delayed triggered
ability that returns the land, CR 603.7).

Only a whole sentence with a number is expanded; "Earthbend X, where X is ..." and "Earthbend
3, then earthbend 3." stay one-shots the engine recognises and names as not performed.
"""

from __future__ import annotations

import re

from rules_engine.oracle.numbers import read_number

# A sentence of its own: "Earthbend 3." / "Then earthbend 2." (no other words, so no
# wildcard; the number is a digit or a number word).
_EARTHBEND = re.compile(r"^(?:then )?earthbend (?P<n>\d+|[a-z]+)\.?$", re.IGNORECASE)


def _earthbend(n: int) -> list[str]:
    """CR 701.66a: what "Earthbend N" means."""
    return [
        "Target land you control becomes a 0/0 land creature with haste in addition to its "
        "other types.",
        f"Put {n} +1/+1 counters on it.",
        "When it dies or is exiled, return it to the battlefield tapped under your control.",
    ]


def expand_keyword_actions(sentences: list[str]) -> list[str]:
    """The sentences of an ability, each keyword action it can spell out spelled out."""
    out: list[str] = []
    for sentence in sentences:
        m = _EARTHBEND.match(sentence.strip())
        n = read_number(m["n"]) if m else None
        out.extend(_earthbend(n) if n is not None else [sentence])
    return out
