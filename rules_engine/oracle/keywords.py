"""Reading keyword abilities from text, by the one keyword table (``keyword_table.py``,
every keyword ability of CR 702): a whole line or ability ("Toxic 1", "Ward—Discard a
card.", "Plainscycling {2}") with :func:`parse_keyword` and :func:`split_keyword_line`,
one inside a sentence ("gains flying and toxic 1") with :func:`read_keyword`; and what a
keyword ability does here, or why the board's answer lacks it
(:meth:`KeywordAbility.not_modelled_in`).

>>> parse_keyword("Toxic 1")
KeywordAbility(keyword=<Keyword.TOXIC: 'toxic'>, text='Toxic 1', amount=1, cost=None, quality=None)
>>> [k.text for k in split_keyword_line("Plainscycling {2}, islandcycling {2}") or []]
['Plainscycling {2}', 'Islandcycling {2}']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rules_engine.oracle.cursor import Cursor
from rules_engine.oracle.keyword_table import Category, Keyword, KeywordInfo, Shape
from rules_engine.vocabulary import ALL_TYPE_WORDS, LAND_TYPES

__all__ = [
    "KeywordAbility",
    "has_keyword",
    "keyword_gap",
    "parse_keyword",
    "read_keyword",
    "split_keyword_line",
]


@dataclass(frozen=True, slots=True)
class KeywordAbility:
    """One keyword as written on a card: "Toxic 1", "Ward—Discard a card.", "Forestwalk"."""

    keyword: Keyword
    text: str  # as written (display text)
    amount: int | None = None  # "Toxic 1" -> 1; None for X or no number
    cost: str | None = None  # "{2}", "Discard a card"
    quality: str | None = None  # "red" (protection from red), "Forest", "X", the ability

    def replacement_texts(self) -> tuple[str, ...]:
        """The sentences the replacement grammar reads for this keyword, if the engine
        applies it through them ("Fading 3" -> "~ enters with 3 fade counters on it.")."""
        info = self.keyword.info
        if self.keyword is Keyword.MODULAR and self.quality is not None:
            info = Keyword.SUNBURST.info  # "Modular—Sunburst" (702.43a, 702.44)
        if info.category is not Category.REPLACEMENT or not info.expansion:
            return ()
        if self._bloodthirst_x:
            return (_BLOODTHIRST_X,)
        if self.keyword is Keyword.DEVOUR and self.quality == _DEVOURED_COUNT:
            return (_DEVOUR_X_TEXT,)
        if "{n}" in info.expansion:
            if self.amount is None:
                return ()
            return (info.expansion.format(n=self.amount),)
        return (info.expansion,)

    @property
    def _bloodthirst_x(self) -> bool:
        """ "Bloodthirst X" (702.54c), which reads as a quality "X" after the name."""
        return self.keyword is Keyword.BLOODTHIRST and self.amount is None and self.quality == "X"

    def not_modelled_in(self, zone: str) -> str | None:
        """Why the board's answer lacks what this keyword does while its object is in
        ``zone`` (None: modelled, inert, or nothing to do there)."""
        info = self.keyword.info
        if info.category not in (Category.REPLACEMENT, Category.CONTINUOUS):
            return None
        if zone != info.zone:
            return None
        if self.keyword is Keyword.VANISHING and self.amount is None:
            return None  # 702.63b: without a number, only the triggered abilities
        if self.keyword is Keyword.MODULAR and self.quality is not None:
            return None  # "Modular—Sunburst" enters as sunburst says (702.43a, 702.44)
        if self._bloodthirst_x or self.quality == _DEVOURED_COUNT:
            return None  # 702.54c: the damage dealt to opponents; Thromok's X devoured
        if self.keyword.modelled and (self.amount is not None or "{n}" not in info.expansion):
            return None  # applied (an "X" the expansion can't hold is not)
        return (
            f"the engine doesn't apply {info.name} ({info.rule}{info.subrule}: {info.effect}), "
            "so the board goes on without it"
        )


# "Devour X, where X is the number of creatures devoured this way" (Thromok the Insatiable):
# X +1/+1 counters for each creature devoured, so the number devoured, squared.
_DEVOURED_COUNT = "X, where X is the number of creatures devoured this way"
_DEVOUR_X = re.compile(r"devour x, where x is the number of creatures devoured this way", re.I)
_DEVOUR_X_TEXT = (
    "~ enters with X +1/+1 counters on it for each creature devoured this way, where X is the "
    "number of creatures devoured this way."
)

# CR 702.54c: "Bloodthirst X" means "This permanent enters with X +1/+1 counters on it, where X
# is the total damage your opponents have been dealt this turn."
_BLOODTHIRST_X = (
    "~ enters with X +1/+1 counters on it, where X is the total damage dealt to your opponents "
    "this turn."
)


# --- Reading a keyword from text -------------------------------------------------------

_MANA_RUN = r"\{[^}]+\}(?: ?\{[^}]+\})*"
_MANA_COST = rf"{_MANA_RUN}(?: (?:and/or|or) {_MANA_RUN})*"
_PT = r"[\dX*+-]+/[\dX*+-]+"
_DASH = r" ?— ?"
_NUMBER = r"(?P<n>\d+|X)"

_BY_NAME: dict[str, Keyword] = {
    **{alias: k for k in Keyword for alias in k.info.aliases},
    **{k.info.name: k for k in Keyword},
}
_NAMES_LONGEST_FIRST = sorted(_BY_NAME, key=len, reverse=True)
_PREFIXED = {Keyword.LANDWALK, Keyword.TYPECYCLING, Keyword.OFFERING}
_PARAMETERS = {Shape.NUMBER, Shape.COST, Shape.NUMBER_COST}

_LANDWALK = re.compile(
    r"(?P<q>(?:(?:nonbasic|legendary|snow|artifact) )?[a-z']+)walk", re.IGNORECASE
)
_TYPECYCLING = re.compile(r"(?P<q>(?:basic )?[a-z']+)cycling(?P<rest>(?: |—).*)", re.IGNORECASE)
_X_NOT_ZERO = re.compile(r"(?P<keyword>.+?)\. X can't be 0\.")
_OFFERING = re.compile(r"(?P<q>[a-z']+) offering", re.IGNORECASE)


def _is_type_word(quality: str, *, land: bool) -> bool:
    """The type a landwalk, typecycling or offering names ("Forest", "basic land", "Fox")."""
    word = quality.split()[-1].lower()
    if word == "land":
        return True
    if land:
        return word in {t.lower() for t in LAND_TYPES}
    return word in ALL_TYPE_WORDS


def _params(info: KeywordInfo, rest: str) -> tuple[int | None, str | None, str | None] | None:
    """(amount, cost, quality) from what follows the keyword's name, or None."""
    if rest == "" and (info.optional or info.shape is Shape.NONE):
        return (None, None, None)
    shape = info.shape
    if shape is Shape.NUMBER:
        lead = r"(?:(?P<q>[a-z]+) )?" if info.qualified else ""
        if m := re.fullmatch(rf" {lead}{_NUMBER}", rest, re.IGNORECASE):
            return _amount(m["n"], m.groupdict().get("q"))
        if m := re.fullmatch(rf"{_DASH}(?P<q>[A-Z]\w+)", rest):  # "Modular—Sunburst"
            return (None, None, m["q"])
        return None
    if shape is Shape.COST:
        lead = r"(?: (?P<q>[^{—]+?))?" if info.qualified else ""
        if m := re.fullmatch(rf"{lead} (?P<c>{_MANA_COST})(?:{_DASH}(?P<pt>{_PT}))?", rest):
            return (None, m["c"], m.groupdict().get("q") or m["pt"])
        if m := re.fullmatch(rf"{_DASH}(?P<c>[^—]+?)\.?", rest):
            return (None, m["c"], None)
        return None
    if shape is Shape.NUMBER_COST:
        if m := re.fullmatch(rf" {_NUMBER}{_DASH}(?P<c>{_MANA_COST})", rest, re.IGNORECASE):
            amount, _, quality = _amount(m["n"], None)
            return (amount, m["c"], quality)
        return None
    connector = info.connector
    if shape is Shape.QUALITY_COST:
        lead = rf" {connector} " if connector else " "
        if m := re.fullmatch(rf"{lead}(?P<q>[^{{—]+?) (?P<c>{_MANA_COST})", rest):
            return (None, m["c"], m["q"])
        if m := re.fullmatch(rf"{lead}(?P<q>[^{{—]+?){_DASH}(?P<c>.+?)\.?", rest):
            return (None, m["c"], m["q"])
        return None
    if shape is Shape.QUALITY:
        if connector == "—":
            m = re.fullmatch(rf"{_DASH}(?P<q>.+?)\.?", rest)
        elif connector == "a":
            m = re.fullmatch(r" an? (?P<q>.+)", rest, re.IGNORECASE)
        elif connector:
            m = re.fullmatch(rf" {connector} (?P<q>.+)", rest, re.IGNORECASE)
        else:
            m = re.fullmatch(r" (?P<q>[^—]+)", rest)
        return (None, None, m["q"]) if m else None
    if shape is Shape.ABILITY:
        m = re.fullmatch(rf"{_DASH}(?P<q>.+)", rest)
        return (None, None, m["q"]) if m else None
    return None


def _amount(number: str, quality: str | None) -> tuple[int | None, None, str | None]:
    if number.isdigit():
        return (int(number), None, quality)
    return (None, None, quality or "X")  # "X": set as the spell or ability resolves


def parse_keyword(text: str) -> KeywordAbility | None:
    """One keyword ability with its parameter ("Toxic 1", "Protection from red",
    "Plainscycling {2}", "Ward—Discard a card."); None if the text isn't exactly one."""
    return _parse(" ".join(text.split()))


@lru_cache(maxsize=4096)
def _parse(text: str) -> KeywordAbility | None:
    if not text:
        return None
    if m := _X_NOT_ZERO.fullmatch(text):  # "Suspend X—{X}{3}{U}. X can't be 0." (107.3)
        found = _parse(m["keyword"])
        if found is None:
            return None
        return KeywordAbility(found.keyword, text, found.amount, found.cost, found.quality)
    body = text[:-1] if text.endswith(".") else text  # a keyword may close its line
    if (m := _LANDWALK.fullmatch(body)) and _is_type_word(m["q"], land=True):
        return KeywordAbility(Keyword.LANDWALK, text, quality=m["q"])
    if m := _TYPECYCLING.fullmatch(text):
        params = _params(Keyword.CYCLING.info, m["rest"])
        if params is not None and _is_type_word(m["q"], land=False):
            return KeywordAbility(Keyword.TYPECYCLING, text, cost=params[1], quality=m["q"])
    if (m := _OFFERING.fullmatch(body)) and _is_type_word(m["q"], land=False):
        return KeywordAbility(Keyword.OFFERING, text, quality=m["q"])
    if _DEVOUR_X.fullmatch(body):
        # Thromok the Insatiable (702.82a): X counters for each, X the number devoured.
        return KeywordAbility(Keyword.DEVOUR, text, quality=_DEVOURED_COUNT)
    lowered = body.lower()
    for name in _NAMES_LONGEST_FIRST:
        keyword = _BY_NAME[name]
        if keyword in _PREFIXED or not lowered.startswith(name):
            continue
        following = body[len(name) : len(name) + 1]
        if following not in ("", " ", "—"):
            continue
        info = keyword.info
        params = _params(info, body[len(name) :])
        if params is not None:
            amount, cost, quality = params
            return KeywordAbility(keyword, text, amount, cost, quality)
    return None


# CR 702.178a: "Max speed — [ability]" means "As long as your speed is 4, this object has
# [ability]"; 702.169b: "Solved — [ability]" means "As long as this Case is solved, [ability]".
CONDITION_WORDS = {"max speed": "your speed is 4", "solved": "~ is solved"}
_CONDITIONED = re.compile(r"^(?P<word>max speed|solved) — (?P<rest>.+)$", re.IGNORECASE | re.DOTALL)


_CLASS_BAND = re.compile(r"^CLASS LEVEL (?P<n>\d{1,2})\+ \| (?P<rest>.+)$", re.DOTALL)


def as_long_as(text: str) -> str:
    """ "Max speed — If ..." as "As long as your speed is 4, if ..." (one sentence: the
    replacement grammar reads the condition around it); other text as it is."""
    if (band := _CLASS_BAND.match(text)) is not None:
        # CR 716.2a: an ability of a Class's level N (oracle/text.py marks it).
        rest = band["rest"]
        return f"As long as ~ is level {band['n']} or greater, {rest[0].lower()}{rest[1:]}"
    m = _CONDITIONED.match(text)
    if m is None:
        return text
    rest = m["rest"]
    return f"As long as {CONDITION_WORDS[m['word'].lower()]}, {rest[0].lower()}{rest[1:]}"


def condition_keyword(word: str) -> Keyword | None:
    """The keyword if ``word`` (before "—") is one whose ability works only under its
    condition ("Solved — ...", "Max speed — ..."), not a plain ability word (CR 207.2c)."""
    found = _BY_NAME.get(word.strip().lower())
    return found if found is not None and found.info.category is Category.CONDITION else None


def has_keyword(ability_text: str, name: str) -> bool:
    """Whether an ability is the keyword ``name`` whatever its number or cost: "Toxic 1"
    is toxic and "Ward {2}" is ward ("creatures with toxic", CR 702.1d)."""
    keyword = _BY_NAME.get(name.lower())
    if keyword is not None and keyword.shape is Shape.ABILITY:
        # "an exhaust ability" (Sala, Deck Boss): any ability written "Exhaust — ..." (CR
        # 702.177a), whatever its cost and effect.
        found = parse_keyword(ability_text)
        return found is not None and found.keyword is keyword
    if keyword is None or keyword.shape not in _PARAMETERS:
        return False
    found = parse_keyword(ability_text)
    return found is not None and found.keyword is keyword and found.quality is None


def keyword_gap(text: str, zone: str) -> str | None:
    """Why what this keyword ability does is missing from a board while its object is in
    ``zone`` ("battlefield", "stack", "graveyard", "hand"); None if nothing is missing."""
    found = parse_keyword(text)
    return found.not_modelled_in(zone) if found is not None else None


def split_keyword_line(line: str) -> list[KeywordAbility] | None:
    """A line of keywords ("Flying, first strike"; "Flying; swampwalk") -> each keyword,
    its first letter capitalized; None unless the whole line is keywords. A keyword
    followed by an ability ("Boast — ...") is left to the sentence reader."""
    pieces = [p.strip() for p in re.split(r"[,;] ", line)]
    found = [parse_keyword(piece) for piece in pieces]
    if not all(found):
        whole = parse_keyword(line)
        found = [whole] if whole is not None else []
    abilities = [k for k in found if k is not None]
    if not abilities or any(k.keyword.shape is Shape.ABILITY for k in abilities):
        return None
    return [
        KeywordAbility(k.keyword, k.text[:1].upper() + k.text[1:], k.amount, k.cost, k.quality)
        for k in abilities
    ]


# --- Reading a keyword inside a sentence ("gains flying and toxic 1") -------------------

_TOKEN_NAMES: list[tuple[tuple[str, ...], Keyword]] = sorted(
    (
        (tuple(re.findall(r"[\w~'-]+", name)), keyword)
        for name, keyword in _BY_NAME.items()
        if keyword not in _PREFIXED and re.findall(r"[\w~'-]+", name)
    ),
    key=lambda entry: len(entry[0]),
    reverse=True,
)


def read_keyword(cursor: Cursor, *, parameters: bool = True) -> str | None:
    """The keyword ability at the cursor, as a display text ("Toxic 1", "Ward {1}{W}",
    "First strike", "Islandwalk"), moving past it; None (cursor unmoved) if there is none.

    With ``parameters=False`` only the name is read ("creatures with toxic")."""
    start = cursor.pos
    word = cursor.peek()
    # CR 702.14c: "artifact landwalk" (Vectis Gloves) is a landwalk of artifact lands.
    if word in ("nonbasic", "legendary", "snow", "artifact") and cursor.peek(1).endswith("walk"):
        walk = f"{word} {cursor.peek(1)}"
        cursor.pos += 2
    else:
        walk = word
        cursor.pos += 1
    if walk == "landwalk" or (
        (m := _LANDWALK.fullmatch(walk)) is not None and _is_type_word(m["q"], land=True)
    ):
        return walk[:1].upper() + walk[1:]
    cursor.pos = start
    if (m := _TYPECYCLING.fullmatch(f"{word} ")) and _is_type_word(m["q"], land=False):
        cursor.pos += 1
        suffix = _read_params(cursor, Keyword.CYCLING.info) if parameters else ""
        if suffix is not None and (suffix or not parameters):
            return word[:1].upper() + word[1:] + suffix
        cursor.pos = start
    for tokens, keyword in _TOKEN_NAMES:
        if all(cursor.peek(i) == token for i, token in enumerate(tokens)):
            cursor.pos += len(tokens)
            suffix = _read_params(cursor, keyword.info) if parameters else ""
            if suffix is not None:
                return keyword.title + suffix
            cursor.pos = start
    return None


def _read_params(cursor: Cursor, info: KeywordInfo) -> str | None:
    """A number or cost after a keyword's name inside a sentence, as display text."""
    shape = info.shape
    if shape is Shape.NONE:
        return ""
    if shape in (Shape.NUMBER, Shape.NUMBER_COST):
        token = cursor.peek()
        if not (token.isdigit() or token == "x"):
            return ""  # the name alone ("loses afflict")
        cursor.pos += 1
        number = f" {cursor.raw(-1)}"
        if shape is Shape.NUMBER:
            return number
        if cursor.peek() != "—":
            return None
        cursor.pos += 1
        mana = _read_mana(cursor)
        return f"{number}—{mana}" if mana else None
    if shape is Shape.COST:
        if mana := _read_mana(cursor):
            return f" {mana}"
        if info.qualified and (quality := _quality_then_mana(cursor)):
            return quality  # "equip Pirate {1}" inside a sentence (Gemcutter Buccaneer)
        if cursor.peek() == "—":
            cursor.pos += 1
            words: list[str] = []
            while not cursor.at_end() and cursor.peek() not in (",", ";"):
                words.append(cursor.raw())
                cursor.pos += 1
            return "—" + " ".join(words) if words else None
        return ""  # the name alone ("loses ward")
    return "" if info.optional else None


def _quality_then_mana(cursor: Cursor) -> str:
    """ " Pirate {1}", " legendary creature {3}": up to three words, then a mana cost (a
    qualified keyword such as equip, CR 702.6a); "" (the cursor unmoved) otherwise."""
    start = cursor.pos
    words: list[str] = []
    while len(words) < 3 and cursor.raw()[:1].isalpha():
        words.append(cursor.raw())
        cursor.pos += 1
        if mana := _read_mana(cursor):
            return f" {' '.join(words)} {mana}"
    cursor.pos = start
    return ""


def _read_mana(cursor: Cursor) -> str:
    symbols: list[str] = []
    while cursor.raw().startswith("{"):
        symbols.append(cursor.raw())
        cursor.pos += 1
    return "".join(symbols)
