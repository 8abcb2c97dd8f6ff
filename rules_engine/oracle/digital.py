"""Digital-only mechanics: words of MTG Arena's Alchemy cards that paper Magic's rules
don't define (seek, conjure, perpetually, specialize, intensity, double team, heist,
spellbooks). The Comprehensive Rules have no rule for them, so the engine can't model
them; a sentence using one is named in ``not_modelled`` as digital-only, and the card
still goes on a board.
"""

from __future__ import annotations

import re

DIGITAL_ONLY = (
    "a digital-only mechanic (MTG Arena's Alchemy cards: seek, conjure, perpetually, "
    "specialize, intensity, double team, heist, spellbooks), which the Comprehensive Rules "
    "don't define, so the engine leaves it out"
)

# Whole words only; no nested or overlapping repeats (linear time on any text).
_DIGITAL_WORD = re.compile(
    r"\b(?:seeks?|perpetually|conjures?|speciali[sz]es?|speciali[sz]ed|intensity|"
    r"intensif(?:y|ies)|double team|heists?|spellbook)\b",
    re.IGNORECASE,
)
# A paragraph that is only a digital keyword ("Specialize {2}", "Starting intensity 1",
# "Double team").
_DIGITAL_LINE = re.compile(
    r"(?:speciali[sz]e \{[^{}]*\}(?:\{[^{}]*\})*(?:\. .*)?|starting intensity \d+|double team|"
    r"heist \S+)",
    re.IGNORECASE,
)


def is_digital_only(sentence: str) -> bool:
    """Whether a sentence uses a digital-only word (reminder text already removed)."""
    return _DIGITAL_WORD.search(sentence) is not None


def is_digital_keyword_line(line: str) -> bool:
    """Whether a whole paragraph is a digital-only keyword ability."""
    return _DIGITAL_LINE.fullmatch(line) is not None
