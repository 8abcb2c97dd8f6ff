"""Today's Oracle wording, from text written before the updates since 2019.

The importer applies it to every card it reads (``card_import``), and the
reader applies it to every text it parses (``text.clean``), so a card typed
with the old wording ("enters the battlefield", "converted mana cost", a
"[-2]:" loyalty cost) reads exactly as the same card with today's wording.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache


def _enters_under_your_control(m: re.Match[str]) -> str:
    """ "a land enters the battlefield under your control" is today "a land you control
    enters"; "you control" goes after the noun, before a "with ..." tail."""
    head, tail = m["head"], m["tail"] or ""
    return f"{head} you control{tail} enters"


def _loyalty_cost(m: re.Match[str]) -> str:
    """CR 606.2: "+1:", "−2:", "0:" (some files write "[-2]:" or "-2:")."""
    sign = "\u2212" if m["sign"] in ("-", "\u2212") else m["sign"]
    return f"{sign}{m['n']}:"


# CR 701.13 (Core Set 2021): "put the top N cards of your library into your graveyard" is
# "mill N cards". Only the subject's own library into its own graveyard is rewritten.
_MILL = re.compile(
    r"\b(?P<verb>[Pp]uts?) the top (?:(?P<one>card)|(?P<n>\S+) cards) of "
    r"(?P<whose>your|their|his or her) library into (?P=whose) graveyard"
)


def _mill(m: re.Match[str]) -> str:
    before = m.string[: m.start()]
    if before.rfind("(") > before.rfind(")"):
        return m[0]  # reminder text explaining "mill" ("(To mill a card, put the top ...)")
    verb = ("M" if m["verb"][0] == "P" else "m") + ("ills" if m["verb"].endswith("s") else "ill")
    return f"{verb} a card" if m["one"] else f"{verb} {m['n']} cards"


# (pattern, replacement), applied in order. Each is a documented Oracle update:
# "enters the battlefield" became "enters" (Bloomburrow, 2024; "leaves the
# battlefield" stays), "converted mana cost" became "mana value" (Strixhaven, 2021),
# "Activate this ability only" became "Activate only" and "only any time you could cast
# a sorcery" "only as a sorcery" (2021), putting the top cards of a library into a
# graveyard became milling (2020). Planeswalker loyalty costs are written "+1:",
# "−2:" (the minus sign, U+2212) and "0:", never in brackets.
_WORDING: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = (
    (
        re.compile(
            r"(?P<head>\b(?:a|an|another|one or more|two or more)\s"
            r"(?:(?!with\b|you\b|that\b|enters\b)[\w'-]+\s){0,3}?"
            r"(?!with\b|you\b|that\b)[\w'-]+)"
            r"(?P<tail>\swith\s[^,.;()]+?)?"
            r"\senters the battlefield under your control\b"
        ),
        _enters_under_your_control,
    ),
    (re.compile(r"\b(enter|enters|entered|entering) the battlefield\b"), r"\1"),
    (re.compile(r"\bconverted mana costs\b"), "mana values"),
    (re.compile(r"\bconverted mana cost\b"), "mana value"),
    (re.compile(r"\bConverted mana cost\b"), "Mana value"),
    (re.compile(r"\bActivate this ability only\b"), "Activate only"),
    (re.compile(r"\bonly any time you could cast a sorcery\b"), "only as a sorcery"),
    (_MILL, _mill),
    (re.compile(r"(?m)^\[?(?P<sign>[+\-\u2212]?)(?P<n>[0-9X]+)\]?:"), _loyalty_cost),
)


def current_wording(text: str) -> str:
    """Oracle text with the documented wording updates since 2019 applied.

    >>> current_wording("When Mulldrifter enters the battlefield, draw two cards.")
    'When Mulldrifter enters, draw two cards.'
    >>> current_wording("Whenever a land enters the battlefield under your control, scry 1.")
    'Whenever a land you control enters, scry 1.'
    >>> current_wording("-2: Each creature with converted mana cost 2 or less gets -2/-2.")
    '−2: Each creature with mana value 2 or less gets -2/-2.'
    """
    return _reworded(text)


@lru_cache(maxsize=8192)
def _reworded(text: str) -> str:
    """``current_wording``'s work, remembered: a board reads the same paragraphs often."""
    for pattern, replacement in _WORDING:
        text = pattern.sub(replacement, text)
    return text
