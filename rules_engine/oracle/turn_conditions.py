"""Readers of conditions on what happened earlier this turn and on how a spell was cast,
beyond oracle/history.py's: "it attacked this turn", "you attacked with three or more
creatures this turn", "you sacrificed a permanent this turn", "two or more creatures died
under your control this turn", "you've cast two or more noncreature spells this turn", "an
opponent has cast a spell this turn", and the cast's facts "the gift was promised", "~ was
bargained", "at least three white mana was spent to cast ~" (adamant), "X is 10 or more".
Each takes the words (``Asked``) and returns a ``Condition`` or None (not its words); the
turn's record (``TurnRecord``) and the step's ``choices`` answer them."""

from __future__ import annotations

import re

from rules_engine.affected import Subject
from rules_engine.effects import (
    Compare,
    Condition,
    CreaturesDiedThisTurn,
    EnteredThisTurn,
    HowCast,
    Not,
    SourceStatus,
    SpellsCastThisTurn,
    TurnTotal,
    VarX,
)
from rules_engine.oracle.condition_words import Asked
from rules_engine.oracle.numbers import read_number
from rules_engine.oracle.text import SELF
from rules_engine.turn_deeds import AttackedWithThisTurn, CountersPutThisTurn, SacrificedThisTurn
from rules_engine.vocabulary import ALL_TYPE_WORDS, CARD_TYPES, COLOR_WORDS

__all__ = ["TURN_READERS"]

_TYPES = {t.lower(): t for t in CARD_TYPES}
# "a", "an", "another", "one or more", "two or more", "at least two"
_AMOUNT = r"(?P<n>an?|another|\w+ or more|at least \w+)"


def _least(amount: str) -> int | None:
    if amount in ("a", "an", "another"):
        return 1
    word = amount.removeprefix("at least ").split()[0]
    return read_number(word)


def _kind(words: str) -> tuple[frozenset[str], frozenset[str]] | None:
    """ "permanent" (any), "artifact", "noncreature", "nonland permanent": the card types
    wanted and refused; None for a word that is no card type."""
    wanted: set[str] = set()
    refused: set[str] = set()
    for word in words.split():
        word = "sorcery" if word == "sorceries" else word.removesuffix("s")
        if word in ("permanent", "spell", "or", "and/or"):
            continue  # "instant or sorcery": any of them
        if word.startswith("non") and word[3:] in _TYPES:
            refused.add(_TYPES[word[3:]])
        elif word in _TYPES:
            wanted.add(_TYPES[word])
        else:
            return None
    return frozenset(wanted), frozenset(refused)


_ATTACKED_ITSELF = re.compile(r"(?P<who>it|~) (?:has )?attacked (?P<battle>a battle )?this turn")
_ATTACKED_WITH = re.compile(
    rf"you(?:'ve| have)? attacked with {_AMOUNT} (?P<what>creatures?|[a-z]+) this turn"
)


def attacked(a: Asked) -> Condition | None:
    """CR 508.1a: "as long as it attacked this turn" (Agent Frank Horrigan): the permanent
    itself attacked earlier this turn; "you attacked with three or more creatures this turn"
    counts the creatures you attacked with (the turn's record)."""
    if m := _ATTACKED_ITSELF.fullmatch(a.text):
        it = Subject("self", words=SELF) if m["who"] == SELF else a.it
        if it.kind == "filter":
            raise a.fail()  # each affected object in turn: not a condition of one object
        if m["battle"]:  # CR 508.1b: "as long as it attacked a battle this turn" (War Historian)
            return SourceStatus("attacked_battle_this_turn", it)
        return SourceStatus("attacked_this_turn", it)
    if m := _ATTACKED_WITH.fullmatch(a.text):
        least = _least(m["n"])
        if least is None:
            raise a.fail()
        if not m["what"].startswith("creature"):
            # "you attacked with three or more Merfolk this turn" (Deepway Navigator).
            kind = ALL_TYPE_WORDS.get(m["what"])
            if kind is None or kind[0] != "subtype":
                raise a.fail()
            return AttackedWithThisTurn(kind[1], least)
        return Compare(TurnTotal("attackers", "you"), ">=", least)
    return None


_SACRIFICED = re.compile(rf"you(?:'ve| have)? sacrificed {_AMOUNT} (?P<kind>[\w ]+?) this turn")


def sacrificed(a: Asked) -> Condition | None:
    """CR 701.21a: "as long as you sacrificed a permanent this turn" (Goblin Blast-Runner),
    "an artifact", "two or more creatures"."""
    if not (m := _SACRIFICED.fullmatch(a.text)):
        return None
    kind, least = _kind(m["kind"]), _least(m["n"])
    if kind is None or least is None or kind[1]:
        return None
    return SacrificedThisTurn(kind[0], least)


_DIED = re.compile(
    rf"{_AMOUNT} creatures? (?:died|have died|has died)(?P<yours> under your control)? this turn"
)


def died(a: Asked) -> Condition | None:
    """CR 700.4: "two or more creatures died under your control this turn" (Gimli, Mournful
    Avenger; under whose control each died), "two or more creatures died this turn"."""
    if not (m := _DIED.fullmatch(a.text)) or m["n"] == "another":
        return None
    if m["n"] in ("a", "an") and not m["yours"]:
        return None  # morbid's "a creature died this turn": condition_words.happened_this_turn
    least = _least(m["n"])
    if least is None:
        raise a.fail()
    if m["yours"]:
        return Compare(TurnTotal("creatures_died_under", "you"), ">=", least)
    return Compare(CreaturesDiedThisTurn(), ">=", least)


_CAST = re.compile(
    rf"(?P<who>you(?:'ve| have)?|an opponent(?: has)?) cast {_AMOUNT} (?P<kind>[\w ]*?)"
    r"spells? this turn"
)
_NOT_CAST = re.compile(r"you (?:haven't|have not) cast (?:a|any) spells? this turn")


def cast_spells(a: Asked) -> Condition | None:
    """CR 601.2i: "as long as you've cast two or more noncreature spells this turn" (Lyse
    Hext), "an opponent has cast a spell this turn" (Captain Mar-Vell), "you haven't cast a
    spell this turn" (Stoic Sphinx): the spells the turn's record holds."""
    if _NOT_CAST.fullmatch(a.text):
        return Not(Compare(SpellsCastThisTurn(by_you=True), ">=", 1))
    if not (m := _CAST.fullmatch(a.text)) or m["n"] == "another":
        return None  # "another red spell" is condition_words.cast_this_turn's
    kind, least = _kind(m["kind"]), _least(m["n"])
    if kind is None or least is None:
        return None
    spells = SpellsCastThisTurn(by_you=True, types=kind[0], not_types=kind[1])
    if m["who"].startswith("an opponent"):
        return Compare(spells, ">=", least, who="opponent")  # any one opponent, as "you"
    return Compare(spells, ">=", least)


_CAST_IT = r"(?:~|this spell|it)"
_ADAMANT = re.compile(
    rf"at least (?P<n>\w+) (?:(?P<color>white|blue|black|red|green) mana|"
    rf"mana of the same color) was spent to cast {_CAST_IT}"
)
_X_AT_LEAST = re.compile(r"x is (?P<n>\d+) or (?:more|greater)")


def how_cast(a: Asked) -> Condition | None:
    """How the spell was cast, which its step's ``choices`` state: "the gift was promised"
    (CR 702.174), "~ was bargained" (702.166), "at least three white mana / mana of the same
    color was spent to cast ~" (adamant, 207.2c; 601.2h), "X is 10 or more" (107.3)."""
    text = a.text
    if text in ("the gift was promised", "you promised the gift"):
        return Compare(HowCast("gift"), ">=", 1)
    if re.fullmatch(rf"{_CAST_IT} was bargained", text):
        return Compare(HowCast("bargained"), ">=", 1)
    if text == "evidence was collected":
        return Compare(HowCast("evidence"), ">=", 1)  # CR 701.59a
    if re.fullmatch(rf"{_CAST_IT}'s mayhem cost was paid", text):
        return Compare(HowCast("mayhem"), ">=", 1)  # CR 702.187a
    if re.fullmatch(rf"{_CAST_IT} was cast using teamwork", text):
        return Compare(HowCast("teamwork"), ">=", 1)  # CR 702.194
    if re.fullmatch(rf"mana from an? treasures? was spent to cast {_CAST_IT}", text):
        return Compare(HowCast("treasure_mana"), ">=", 1)  # CR 601.2h
    if m := _ADAMANT.fullmatch(text):
        least = read_number(m["n"])
        if least is None:
            raise a.fail()
        if m["color"] is None:
            return Compare(HowCast("most_of_one_color"), ">=", least)
        fact = f"mana_{COLOR_WORDS[m['color']]}"
        return Compare(HowCast(fact), ">=", least)  # type: ignore[arg-type]
    if re.fullmatch(rf"{_CAST_IT} was cast", text):
        # CR 601.2: "as long as it was cast" (The Tarrasque): it entered as a spell cast (its
        # step's choices say how: from hand, mana spent, kicked, ...), not put there.
        return Compare(HowCast("was_cast"), ">=", 1)
    if m := _X_AT_LEAST.fullmatch(text):
        return Compare(VarX(), ">=", int(m["n"]))
    return None


_ENTERED_KIND = re.compile(
    r"(?P<n>an?|another) (?P<what>[\w ]+?) entered (?:the battlefield )?under your control "
    r"this turn"
)


def entered_of_subtype(a: Asked) -> Condition | None:
    """CR 603.6a: "as long as another Knight entered under your control this turn"
    (Swordsworn Cavalier), "another Merfolk or an Island" (Shoreline Scout): by subtype, as
    each entered (the card types are oracle/history.py's)."""
    if not (m := _ENTERED_KIND.fullmatch(a.text)):
        return None
    subtypes: set[str] = set()
    for word in re.split(r" or (?:an? )?", m["what"]):
        kind = ALL_TYPE_WORDS.get(word)
        if kind is None or kind[0] != "subtype":
            return None
        subtypes.add(kind[1])
    return EnteredThisTurn(subtypes=frozenset(subtypes), other=m["n"] == "another")


_DREW_OR_GAINED = re.compile(
    r"you(?:'ve| have)? (?:drawn (?P<cards>a card|\w+ or more cards)|"
    r"gained (?P<life>\w+) or more life|rolled (?P<dice>a die|\w+ or more dice)) this turn"
)


def drew_or_gained(a: Asked) -> Condition | None:
    """ "you've drawn a card this turn" (CR 121.2), "you've gained 3 or more life this turn"
    (119.3): the turn's record of cards drawn and life gained."""
    if not (m := _DREW_OR_GAINED.fullmatch(a.text)):
        return None
    if m["cards"]:
        least = 1 if m["cards"] == "a card" else read_number(m["cards"].split()[0])
        kind = "cards_drawn"
    elif m["dice"]:  # CR 706.1: "you've rolled three or more dice this turn" (Goblinson)
        least = 1 if m["dice"] == "a die" else read_number(m["dice"].split()[0])
        kind = "dice_rolled"
    else:
        least, kind = read_number(m["life"]), "life_gained"
    if least is None:
        raise a.fail()
    return Compare(TurnTotal(kind, "you"), ">=", least)  # type: ignore[arg-type]


_COUNTERS_PUT = re.compile(
    r"you(?:'ve| have)? put (?:one or more|a) (?P<kind>[+-]\d/[+-]\d|[a-z]+) counters? on "
    r"(?P<on>~|an? (?P<what>[a-z]+)) this turn"
)


def counters_put(a: Asked) -> Condition | None:
    """CR 122.6: "as long as you've put one or more +1/+1 counters on ~ this turn" (Beast,
    Erudite Aerialist), "... on a creature this turn" (Sigardian Paladin): counters you put
    this turn, also those a permanent was given as it entered (122.6a)."""
    if not (m := _COUNTERS_PUT.fullmatch(a.text)):
        return None
    if m["on"] == SELF:
        return CountersPutThisTurn(m["kind"], on_source=True)
    kind = _kind(m["what"])
    if kind is None or kind[1]:
        return None
    return CountersPutThisTurn(m["kind"], types=kind[0])


TURN_READERS = (
    counters_put,
    attacked,
    sacrificed,
    died,
    cast_spells,
    how_cast,
    entered_of_subtype,
    drew_or_gained,
)
