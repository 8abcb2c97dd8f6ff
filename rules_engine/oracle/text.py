"""Turning Oracle text into words the grammar can read.

Reminder text is not rules text (CR 207.2), so it goes first; the card's own
name and "this creature" both mean the object itself (CR 201.5), so both
become ``~``. Quoted abilities stay whole: they are granted, not applied.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rules_engine.oracle.wording import current_wording
from rules_engine.vocabulary import ALL_TYPE_WORDS

SELF = "~"

_REMINDER = re.compile(r"(?<!\s)\s*+\((?:[^()\"]|\"[^\"]*\")*\)")
_THIS_OBJECT = re.compile(
    r"\bthis (creature|permanent|land|artifact|enchantment|card|spell|aura|equipment|"
    r"planeswalker|token|vehicle|saga|case|class|battle|spacecraft|planet)\b",
    re.IGNORECASE,
)
_MINUS = str.maketrans({"\u2212": "-", "\u2013": "-", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


_HUGE_NUMBER = re.compile(r"\d{7,}")


def clean(text: str) -> str:
    """Today's Oracle wording (``wording.py``), unified typography (the Oracle minus sign,
    curly quotes) and spacing: what every grammar reads."""
    spaced = re.sub(r"[ \t]+", " ", current_wording(text).translate(_MINUS)).strip()
    return re.sub(r"^- (?=\D)", "• ", spaced)  # a mode written "- Destroy ..." (700.2)


_LEVEL_MARKER = re.compile(r"^LEVEL \d+(?:-\d+|\+)$")
# CR 721.1-721.2: a station card's Station keyword line, and its station symbols ("8+ | ...").
_STATION_LINE = re.compile(r"^Station(?: \(|$)")
_STATION_SYMBOL = re.compile(r"^(?P<n>\d+)\+ \| ")
# CR 716.2a: a Class's level ability, "{cost}: Level N"; the paragraphs after it (until the
# next one) are the abilities the Class has at level N or greater.
_CLASS_LEVEL = re.compile(r"^(?:\{[^{}]{1,8}\})+: Level (?P<n>\d{1,2})$")
_CREATURE_AT = re.compile(r"It's an artifact creature at (?P<n>\d+)\+")


def paragraphs(lines: Iterable[str], *, pt: str | None = None) -> tuple[str, ...]:
    """A card's rules text as its paragraphs (CR 113.2c), a leveler's level boxes each kept
    as one paragraph (CR 711.2: "LEVEL 1-3", then that box's P/T and abilities).

    A station card's striations (CR 721.2): every paragraph after a station symbol is part
    of that symbol's static ability until the next symbol, so each is marked
    "STATION N+ | ..." (the Oracle text writes the symbol once, "8+ | Flying"), and the
    striation holding the card's power/toughness box (``pt``, "5/4") carries it,
    "STATION 8+ 5/4 | Flying" (721.2b): the one the Station reminder names ("It's an artifact
    creature at 8+"), else the last. Elsewhere "N+ | ..." is a die roll's result (706.3a).

    A Class's level abilities (CR 716.2a): each paragraph after "{cost}: Level N" (until the
    next one) is an ability the Class has only at level N or greater, marked
    "CLASS LEVEL N+ | ..."."""
    result: list[str] = []
    in_box = False
    station = ""  # the station symbol the paragraphs are in, once the Station line is read
    seen_station = False
    creature_at: str | None = None
    level = ""  # the class level the paragraphs are in, once a level ability is read
    for line in (raw.strip() for raw in lines):
        if not line:
            continue
        if found_level := _CLASS_LEVEL.match(line):
            level = found_level["n"]
            result.append(line)
        elif level:
            result.append(f"CLASS LEVEL {level}+ | {line}")
        elif seen_station and (symbol := _STATION_SYMBOL.match(line)):
            station = symbol["n"]
            result.append(f"STATION {station}+ | {line[symbol.end() :]}")
        elif station:
            result.append(f"STATION {station}+ | {line}")
        elif _LEVEL_MARKER.match(line):
            result.append(line)
            in_box = True
        elif in_box:
            result[-1] += f"; {line}" if ":" in result[-1] else f": {line}"
        else:
            if _STATION_LINE.match(line):
                seen_station = True
                found = _CREATURE_AT.search(line)
                creature_at = found["n"] if found else None
            result.append(line)
    return _station_creature(result, pt, creature_at) if station and pt else tuple(result)


def _station_creature(result: list[str], pt: str, creature_at: str | None) -> tuple[str, ...]:
    """The striation with the power/toughness box gets it (CR 721.2b)."""
    bands = [i for i, p in enumerate(result) if p.startswith("STATION ")]
    numbers = {i: result[i].split(" ")[1] for i in bands}
    wanted = f"{creature_at}+" if creature_at else numbers[bands[-1]]
    firsts = [i for i in bands if numbers[i] == wanted and (i == 0 or numbers.get(i - 1) != wanted)]
    if not firsts:  # a P/T box in a striation with no ability
        return (*result, f"STATION {wanted} {pt} |")
    i = firsts[0]
    result[i] = result[i].replace(f"STATION {wanted} | ", f"STATION {wanted} {pt} | ", 1)
    return tuple(result)


def check_numbers(text: str) -> None:
    """Numbers on cards are small; a number with seven or more digits is refused."""
    if m := _HUGE_NUMBER.search(text):
        from rules_engine.oracle.cursor import OracleParseError

        raise OracleParseError(text, f"the number {m.group(0)[:12]}... is too large")


def strip_reminder(text: str) -> str:
    """Remove parenthesised reminder text, which never has rules meaning (CR 207.2)."""
    return _REMINDER.sub("", text).strip()


def short_name(name: str) -> str:
    """A legendary card's text may call it by the part before the comma (CR 201.5a)."""
    return name.split(",", 1)[0].strip()


def mark_self(text: str, name: str) -> str:
    """Replace every way the text names its own object with ``~``.

    Quoted abilities are left alone: they name the object they are granted to,
    which is decided when they are granted, not here.
    """
    pieces = re.split(r'("[^"]*")', text)
    return "".join(
        piece if piece.startswith('"') else _mark_self_unquoted(piece, name) for piece in pieces
    )


def _mark_self_unquoted(text: str, name: str) -> str:
    if name:
        # A split card's halves name themselves ("Bedazzle deals 2 damage ...", CR 709.1).
        faces = {face.strip() for face in name.split(" // ")} if " // " in name else set()
        names = sorted({name, short_name(name), *faces}, key=len, reverse=True)
        for candidate in names:
            text = re.sub(rf"(?<![\w']){re.escape(candidate)}(?![\w])", SELF, text)
        if first := _first_name(name):
            # A legendary name without a comma shortened to its first word ("As Shimatsu
            # enters", "If Darigaaz would die"; CR 201.5a): only where it acts as the object.
            text = re.sub(rf"(?<![\w']){re.escape(first)}(?={_ACTS})", SELF, text)
    return _TURN_CONDITION.sub(_turn_condition, _THIS_OBJECT.sub(SELF, text))


# Words after a name that show it names an object acting ("Shimatsu enters").
_ACTS = r"(?:'s)? (?:enters?|would|deals|gets|has|is|can't|attacks|blocks|dies|intensity)\b"
_NOT_NAMES = {"the", "a", "an"}


def _first_name(name: str) -> str | None:
    """The first word of a name of several words without a comma, if it can be a short
    name: capitalised, not an article, not a type word (Sliver Queen, Goblin King)."""
    words = name.split()
    if "," in name or "//" in name or len(words) < 2:
        return None
    first = words[0]
    if not first[:1].isupper() or first.lower() in _NOT_NAMES or first.lower() in ALL_TYPE_WORDS:
        return None
    return first


# Today's turn conditions read as the ones the grammar knows (the shown text is unchanged):
# "During your turn, ..." and "During turns other than yours, ..." (2024 Oracle templates)
# mean "As long as it's your turn, ..." and "As long as it's not your turn, ...".
_TURN_CONDITION = re.compile(
    r"(?:^|(?<=\. )|(?<=— ))([Dd])uring (your turn|turns other than yours), ", re.MULTILINE
)


def _turn_condition(m: re.Match[str]) -> str:
    lead = "A" if m[1] == "D" else "a"
    negated = "" if m[2] == "your turn" else "not "
    return f"{lead}s long as it's {negated}your turn, "


def split_sentences(text: str) -> list[str]:
    """Split on sentence ends outside quotes, keeping quoted abilities intact.

    A quoted ability that closes a sentence (`...graveyard." It's still a land.`)
    ends the sentence at its closing quote.
    """
    sentences: list[str] = []
    current: list[str] = []
    in_quote = False
    for i, ch in enumerate(text):
        current.append(ch)
        after = text[i + 1] if i + 1 < len(text) else ""
        if ch == '"':
            closing = in_quote
            in_quote = not in_quote
            following = text[i + 1 :].lstrip()[:1]
            if closing and i > 0 and text[i - 1] == "." and (not following or following.isupper()):
                sentences.append("".join(current).strip())
                current = []
        elif ch == "." and not in_quote and after in ("", " "):
            sentences.append("".join(current).strip())
            current = []
    rest = "".join(current).strip()
    if rest:
        sentences.append(rest)
    return [s for s in sentences if s]


# A P/T pair's first half has at most four characters and a mana symbol no "{" inside, so
# no run of "*" or "{" is scanned again from each of its characters (linear time).
_TOKEN = re.compile(r'"[^"]*"|[+-]?[0-9X*]{1,4}/[+-]?[0-9X*]+|[{][^{}]+[}]|[\w~\'-]+|[,;:.—•]')


def tokenize(sentence: str) -> list[str]:
    """Words, P/T pairs, mana symbols, quoted abilities and punctuation."""
    return _TOKEN.findall(sentence)
