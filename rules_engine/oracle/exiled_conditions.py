"""Conditions on the cards exiled with a permanent (CR 607.2a: "cards exiled with ~" are
those its linked ability exiled; 406.6: a new object has none): how many there are, how
many card types are among them, whether one has a keyword. Each reader takes the words
(``condition_words.Asked``) and returns a ``Condition``, or None when the words are not its
own; ``conditions._READERS`` tries them."""

from __future__ import annotations

import re

from rules_engine.effects import CardTypesAmong, Compare, Condition, CountAtLeast
from rules_engine.oracle.condition_words import Asked
from rules_engine.oracle.cursor import Cursor
from rules_engine.oracle.keywords import read_keyword
from rules_engine.oracle.sentence_state import required_number, subject_words
from rules_engine.oracle.text import tokenize

_WITH = r"exiled with (?:~|it)"
_COUNT = re.compile(
    rf"there (?:is|are) (?P<n>an?|\w+)(?P<more> or more)? "
    rf"(?P<what>(?:[\w-]+ ){{0,3}}?)cards? {_WITH}"
)
_TYPES = re.compile(rf"there are (?P<n>\w+) or more card types among cards {_WITH}")
# A few words before "card" at most ("a creature card"), so the match stays linear.
_HAS = re.compile(rf"an? (?P<what>(?:[\w-]+ ){{0,3}}?)card {_WITH} has (?P<keyword>[\w ]+)")
_IS = re.compile(rf"an? card {_WITH} is an? (?P<what>(?:[\w-]+ ){{1,3}}?)card")


def exiled_count(a: Asked) -> Condition | None:
    """ "there are three or more cards exiled with ~" (Veteran Survivor), "there are four
    or more card types among cards exiled with ~" (Keen-Eyed Curator, CR 205.2a)."""
    if m := _TYPES.fullmatch(a.text):
        pile = subject_words("cards exiled with ~", a.sentence, a.state)
        return Compare(CardTypesAmong(pile), ">=", required_number(m["n"], a.sentence))
    if m := _COUNT.fullmatch(a.text):
        pile = subject_words(f"{m['what'] or ''}cards exiled with ~", a.sentence, a.state)
        if m["n"] in ("a", "an"):
            return CountAtLeast(pile, 1)
        least = required_number(m["n"], a.sentence)
        return CountAtLeast(pile, least, ">=" if m["more"] else "==")
    return None


def exiled_has_keyword(a: Asked) -> Condition | None:
    """ "a card exiled with it has flying" (Urborg Scavengers): one of the cards exiled
    with ~ has that keyword (CR 607.2a; a card in exile has its printed abilities)."""
    m = _HAS.fullmatch(a.text)
    if m is None:
        return None
    cursor = Cursor(tokenize(m["keyword"]), sentence=a.sentence)
    name = read_keyword(cursor, parameters=False)
    if name is None or not cursor.at_end():
        raise a.fail()
    words = f"{m['what'] or ''}cards exiled with ~ with {name.lower()}"
    return CountAtLeast(subject_words(words, a.sentence, a.state), 1)


def exiled_is(a: Asked) -> Condition | None:
    """ "a card exiled with ~ is a creature card" (Duplicant): one of the cards exiled with ~
    is one (CR 607.2a; a card in exile has its printed card types)."""
    m = _IS.fullmatch(a.text)
    if m is None:
        return None
    return CountAtLeast(subject_words(f"{m['what']}cards exiled with ~", a.sentence, a.state), 1)
