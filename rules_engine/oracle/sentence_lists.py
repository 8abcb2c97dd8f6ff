"""One sentence that lists several instructions, read as a sentence for each.

"Gain control of that creature until end of turn, untap it, and it gains haste until end of
turn." (Jet's Brainwashing, Reptilian Recruiter; Threaten's three sentences in one) is a
control change (CR 613.1b, layer 2), a one-shot untap (608.2c) and an ability (613.1f,
layer 6), in that order; a condition before it ("If this spell was kicked, ...", 702.33d)
applies to each part. The parts are read by the layer grammar and the one-shot readers as
if printed one by one, so each is applied or named as any sentence is.

The pattern is linear: one bounded condition, one subject without commas, fixed words.
"""

from __future__ import annotations

import re

_THREATEN = re.compile(
    r"^(?P<cond>if [^,]{1,120}, )?(?P<gain>gain control of (?P<who>[^,]{1,120}) until end of "
    r"turn), untap (?:it|that creature), and it gains haste until end of turn\.?$",
    re.IGNORECASE,
)


def expand_instruction_lists(sentences: list[str]) -> list[str]:
    """The sentences of an ability, each listed sentence written as its parts."""
    out: list[str] = []
    for sentence in sentences:
        m = _THREATEN.match(sentence.strip())
        if m is None:
            out.append(sentence)
            continue
        cond = m["cond"] or ""
        parts = [
            f"{m['gain']}.",
            "untap that creature.",
            "that creature gains haste until end of turn.",
        ]
        out.extend(_capitalized(cond + part) for part in parts)
    return out


def _capitalized(text: str) -> str:
    return text[0].upper() + text[1:]
