"""Digital-only mechanics: words of MTG Arena's Alchemy cards that paper Magic's rules
don't define (seek, conjure, perpetually, specialize, intensity, double team, heist,
spellbooks). The Comprehensive Rules have no rule for them, so the engine can't model
most of them; a sentence using one is named in ``not_modelled`` as digital-only, and the
card still goes on a board. What the engine does read: "perpetually" on permanents a board
holds (a continuous effect that never ends), intensity (a number on the object), and
specialize and double team as the activated and triggered abilities they are.
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


def is_digital_only(sentence: str, *, resolving: bool = True) -> bool:
    """Whether a sentence uses a digital-only word (reminder text already removed). A static
    ability's words in quotation marks are left out: the ability it grants is read as one of
    its own (Stormforged Armor's "Whenever this creature attacks, conjure ..." is a triggered
    ability, inert until it triggers, named if a step resolves it). A resolving text's are
    not: what it grants may go to a card it has just moved (Tawnos Endures)."""
    pieces = [sentence] if resolving else _outside_quotes(sentence)
    return any(_DIGITAL_WORD.search(p) for p in pieces)


def is_digital_keyword_line(line: str) -> bool:
    """Whether a whole paragraph is a digital-only keyword ability."""
    return _DIGITAL_LINE.fullmatch(line) is not None


# --- What the engine reads of them ----------------------------------------------------
# MTG Arena's Alchemy rules (the "Alchemy" and "perpetual" entries of MTG Arena's digital
# rules): a perpetual effect is a continuous effect that follows the layer rules (CR 613)
# and never ends, and it stays with the card as it changes zones. No CR number exists.

PERPETUAL_NOTE = (
    'This is MTG Arena\'s digital-only "perpetually" (Alchemy), which the Comprehensive '
    "Rules don't define: a perpetual effect follows the layer rules (CR 613) like any other "
    "continuous effect, with its own timestamp, and never ends, even when the card changes "
    "zones."
)
PERPETUAL_UNHELD = (
    "a perpetual effect (MTG Arena's digital-only Alchemy, no CR rule) on cards in a hand, "
    "library or graveyard, or on a card chosen or moved there: it stays with each card, so one "
    "that later enters the battlefield keeps it, which a board's steps can't follow; the "
    "engine leaves it out"
)
SEEK_WHY = (
    "seek (MTG Arena's digital-only Alchemy, no CR rule) puts cards chosen at random from a "
    "library into a hand; like searching a library, the engine doesn't perform it, so the "
    "board goes on without it"
)
CONJURE_WHY = (
    "conjure (MTG Arena's digital-only Alchemy, no CR rule) creates a card that wasn't in "
    "the game, which no board lists; the engine doesn't perform it, so the board goes on "
    "without it"
)
SPECIALIZE_WHY = (
    "specialize is an activated ability of MTG Arena's digital-only Alchemy cards (no CR "
    "rule defines it): activating it discards a card and perpetually turns this card into "
    "one of its specialized faces, which a board has no way to say"
)
DOUBLE_TEAM_WHY = (
    "double team is a triggered ability of MTG Arena's digital-only Alchemy cards (no CR "
    "rule defines it): when the creature attacks, if it's not a token, it conjures a "
    "duplicate of it into its owner's hand, and both lose double team; a board can't "
    "resolve it"
)

_PERPETUALLY = re.compile(r"\bperpetually ", re.IGNORECASE)
_QUOTED = re.compile(r'("[^"]*")')
# Words that send a sentence's object away from the battlefield, or to a card no board holds
# yet ("Choose a creature card in your hand. It perpetually ..."): a perpetual effect there
# would follow the card into a later zone, which is kept named.
_UNHELD = re.compile(
    r"\b(?:cards?|choose|spells?|beheld|duplicates?|boon|seeks?|conjures?)\b",
    re.IGNORECASE,
)


def _outside_quotes(text: str) -> list[str]:
    return [p for p in _QUOTED.split(text) if not p.startswith('"')]


def perpetual_body(sentence: str) -> str | None:
    """The sentence without "perpetually", when that is its only digital-only word outside
    quoted abilities (an ability it grants is read as that ability); None otherwise."""
    words = {m[0].lower() for p in _outside_quotes(sentence) for m in _DIGITAL_WORD.finditer(p)}
    if words != {"perpetually"}:
        return None
    pieces = _QUOTED.split(sentence)
    body = "".join(p if p.startswith('"') else _PERPETUALLY.sub("", p) for p in pieces)
    if m := _BASE_BECOMES.fullmatch(body):
        # "Target creature's base power perpetually becomes 0" (Baffling Defenses): its base
        # power is set, layer 7b (CR 613.4b), as "has base power 0" says it.
        return f"{m['who']} has base {m['stat']} {m['n']}."
    return body[:1].upper() + body[1:]


_BASE_BECOMES = re.compile(
    r"(?P<who>[\w ]+)'s base (?P<stat>power|toughness) becomes (?P<n>-?\d+)\.?", re.IGNORECASE
)


def reaches_unheld_cards(text: str) -> bool:
    """Whether an ability's text (quoted abilities aside) speaks of cards, spells or choices
    a board doesn't hold on the battlefield, so "it" may be a card in a hand or library."""
    return any(_UNHELD.search(p) for p in _outside_quotes(text))


def digital_keyword(line: str) -> str | None:
    """Which digital-only keyword a whole paragraph is ("specialize", "intensity", "double
    team", "heist"), or None."""
    if _DIGITAL_LINE.fullmatch(line) is None:
        return None
    first = line.split()[0].lower()
    if first.startswith("speciali"):
        return "specialize"
    return {"starting": "intensity", "double": "double team"}.get(first, first)


_STARTING = re.compile(r"starting intensity (?P<n>\d+)", re.IGNORECASE)
_OWN_INTENSITY = re.compile(r"~'s intensity", re.IGNORECASE)


def starting_intensity(paragraphs: tuple[str, ...]) -> int:
    """The "Starting intensity N" a card's text gives (0 if none)."""
    for paragraph in paragraphs:
        if m := _STARTING.fullmatch(paragraph.strip()):
            return int(m["n"])
    return 0


def reads_own_intensity(sentence: str) -> bool:
    """Whether "intensity" is the sentence's only digital-only word (quoted abilities aside)
    and each use is the object's own ("~'s intensity"), which the amounts grammar reads."""
    outside = _outside_quotes(sentence)
    words = {m[0].lower() for p in outside for m in _DIGITAL_WORD.finditer(p)}
    return words == {"intensity"} and all(
        len(_OWN_INTENSITY.findall(p)) == p.lower().count("intensity") for p in outside
    )


_SEEK = re.compile(r"\bseeks?\b", re.IGNORECASE)
_CONJURE = re.compile(r"\bconjures?\b", re.IGNORECASE)


def digital_why(sentence: str) -> str:
    """Why a digital-only sentence is named in ``not_modelled``: seek, conjure, or another
    Alchemy word (a perpetual effect on cards off the battlefield is ``PERPETUAL_UNHELD``,
    which the sentence reader decides)."""
    outside = " ".join(_outside_quotes(sentence))
    if _CONJURE.search(outside):
        return CONJURE_WHY
    if _SEEK.search(outside):
        return SEEK_WHY
    return DIGITAL_ONLY


DIGITAL_WHYS = frozenset({DIGITAL_ONLY, PERPETUAL_UNHELD, SEEK_WHY, CONJURE_WHY})
