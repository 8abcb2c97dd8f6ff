"""Readers of conditions that count: cards in hand, life, devotion, cards in a graveyard,
the permanents a player controls ("you control two or more other lands"). Each takes the
words (``condition_words.Asked``) and returns a ``Condition``, or None when the words are
not its own; the order they are tried in is ``conditions._READERS``."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Literal

from rules_engine.affected import Subject
from rules_engine.effects import (
    AnyOf,
    AnyPlayerControls,
    CardTypesAmong,
    Compare,
    Condition,
    CountAtLeast,
    CountersOnSource,
    CountObjects,
    Devotion,
    DistinctNames,
    HandSize,
    LifeTotal,
    Not,
    SourceStatus,
)
from rules_engine.oracle.condition_words import Asked
from rules_engine.oracle.cursor import Cursor
from rules_engine.oracle.numbers import read_number
from rules_engine.oracle.sentence_state import (
    number_then,
    required_number,
    subject_or_none,
    subject_words,
)
from rules_engine.oracle.subjects import parse_subject
from rules_engine.oracle.text import SELF, tokenize
from rules_engine.vocabulary import COLOR_WORDS

_HAND_COUNT = re.compile(
    r"(?P<who>you|an opponent) (?:have|has) (?P<n>no|\w+)(?: or (?P<cmp>more|fewer|less))? "
    r"cards? in (?:your |their )?hand"
)
_CONTROLS_NONE = re.compile(
    r"(?:(?P<mine>you) control no|(?:your opponents|each opponent) controls? no|"
    r"no opponent controls (?:a |an )?)(?: )?(?P<what>[\w ,-]+)"
)


def hand_count(a: Asked) -> Condition | None:
    if m := _HAND_COUNT.fullmatch(a.text):
        # "As long as you have no cards in hand" (hellbent), "seven or more cards in hand".
        who = "you" if m["who"] == "you" else "opponent"
        if m["n"] == "no":
            return Compare(HandSize(), "==", 0, who=who)  # type: ignore[arg-type]
        cards = read_number(m["n"])
        if cards is None:
            raise a.fail()
        op = "<=" if m["cmp"] in ("fewer", "less") else ">="
        return Compare(HandSize(), op, cards, who=who)  # type: ignore[arg-type]
    return None


def controls_none(a: Asked) -> Condition | None:
    if m := re.fullmatch(r"an opponent controls no (?P<what>[\w ,-]+)", a.text):
        # "as long as an opponent controls no creatures" (Rankle, Pitiless Trickster): any one
        # opponent (CR 611.3a), each asked in turn as "you" (Compare's ``who``).
        what = subject_or_none(m["what"], a.sentence, a.state)
        if what is None or what.kind != "filter":
            raise a.fail()
        filters = tuple(replace(f, controller="you") for f in what.filters)
        theirs = CountObjects(Subject("filter", filters, words=what.words))
        return Compare(theirs, "==", 0, who="opponent")
    if m := _CONTROLS_NONE.fullmatch(a.text):
        # "As long as you control no untapped lands" / "no opponent controls a white
        # permanent" / "your opponents control no creatures".
        what = subject_or_none(m["what"], a.sentence, a.state)
        if what is None or what.kind != "filter":
            raise a.fail()
        if m["mine"]:
            filters = tuple(replace(f, controller="you") for f in what.filters)
            return CountAtLeast(Subject("filter", filters, words=what.words), 0, "<=")
        filters = tuple(replace(f, controller="opponent") for f in what.filters)
        return Not(AnyPlayerControls(Subject("filter", filters, words=what.words)))
    return None


def _cursor(a: Asked) -> Cursor:
    return Cursor(tokenize(a.words), sentence=a.sentence)


def life(a: Asked) -> Condition | None:
    """ "you have 10 or less life", "an opponent has 5 or less life", "a player has 13 or
    less life"."""
    cursor = _cursor(a)
    anyone = cursor.accept("a", "player", "has")
    if not (anyone or cursor.accept("you", "have") or cursor.accept("an", "opponent", "has")):
        return None
    who = "you" if cursor.tokens[cursor.pos - 1].lower() == "have" else "opponent"
    amount = number_then(cursor)
    if amount is None or not cursor.accept("life") or not cursor.at_end():
        raise a.fail()
    if anyone:
        # "unless a player has 13 or less life" (Abandoned Campground): you or any
        # opponent (CR 102.1: every player).
        your_life = Compare(LifeTotal(), amount[1], amount[0])  # type: ignore[arg-type]
        return AnyOf((your_life, replace(your_life, who="opponent")))
    return Compare(LifeTotal(), amount[1], amount[0], who=who)  # type: ignore[arg-type]


_DEVOTION_OPS = {"less than": "<", "greater than": ">", "at least": ">=", "at most": "<="}


def devotion(a: Asked) -> Condition | None:
    """ "your devotion to black is less than five" (the Theros gods, CR 700.5)."""
    if not _cursor(a).accept("your", "devotion", "to"):
        return None
    text = a.text
    devoted = frozenset(
        COLOR_WORDS[w] for w in re.findall(r"\w+", text.split(" is ")[0]) if w in COLOR_WORDS
    )
    m = re.search(r"is (less than|greater than|at least|at most) (\w+)$", text) or re.search(
        r"is (\w+) or (greater|more|less)$", text
    )
    if not devoted or not m:
        raise a.fail()
    if m.group(1) in ("less than", "greater than", "at least", "at most"):
        op = _DEVOTION_OPS[m.group(1)]
        value = m.group(2)
    else:
        op = ">=" if m.group(2) in ("greater", "more") else "<="
        value = m.group(1)
    number = required_number(value, a.sentence)
    return Compare(Devotion(devoted), op, number)  # type: ignore[arg-type]


def counters_among(a: Asked) -> Condition | None:
    """ "four or more lore counters among Sagas you control" (Tom Bombadil), "two or more
    counters among creatures you control" (every kind, CR 122.1)."""
    if m := re.fullmatch(r"there are (\w+) or more (?:(\S+) )?counters among (\w[\w ]*)", a.text):
        holders = subject_words(m[3], a.sentence, a.state)
        least = required_number(m[1], a.sentence)
        return Compare(CountersOnSource(m[2] or "", holders), ">=", least)
    if m := re.fullmatch(r"there are (\w+) or more (\S+) counters on ~", a.text):
        # "five or more growth counters on ~" (Comforting Counsel): on the source itself.
        least = required_number(m[1], a.sentence)
        return SourceStatus(
            "counter", Subject("self", words=SELF), counter_kind=m[2], minimum=least
        )
    return None


def mana_values_in_graveyard(a: Asked) -> Condition | None:
    """ "five or more mana values among cards in your graveyard" (Aven Heartstabber, CR
    202.3)."""
    if m := re.fullmatch(
        r"there are (\w+) or more mana values among cards in your graveyard", a.text
    ):
        graveyard = subject_words("cards in your graveyard", a.sentence, a.state)
        least = required_number(m[1], a.sentence)
        return Compare(DistinctNames(graveyard, "mana_value"), ">=", least)
    return None


def different_powers(a: Asked) -> Condition | None:
    """Coven: "you control three or more creatures with different powers" holds while the
    powers among creatures you control are at least three different numbers (ability word,
    CR 207.2c; each power is a number, 208.1)."""
    if m := re.fullmatch(r"you control (\w+) or more creatures with different powers", a.text):
        yours = subject_words("creatures you control", a.sentence, a.state)
        return Compare(DistinctNames(yours, "power"), ">=", required_number(m[1], a.sentence))
    return None


def card_types_in_graveyard(a: Asked) -> Condition | None:
    if m := re.fullmatch(
        r"there are (\w+) or more card types (?:among cards )?in your graveyard", a.text
    ):
        graveyard = subject_words("cards in your graveyard", a.sentence, a.state)
        return Compare(
            CardTypesAmong(graveyard),
            ">=",
            required_number(m[1], a.sentence),
        )
    return None


def there_are_cards_in_graveyard(a: Asked) -> Condition | None:
    if m := re.fullmatch(
        r"there (?:is|are) (?P<n>an?|no|\w+)(?P<more> or more)? (?P<what>[\w/ -]+? )?cards? "
        r"in your graveyard",
        a.text,
    ):
        # "there is a Desert card in your graveyard", "there are no cards in your graveyard",
        # "two or more instant and/or sorcery cards": a count of cards there.
        pile = subject_words(f"{m['what'] or ''}cards in your graveyard", a.sentence, a.state)
        if m["n"] in ("a", "an"):
            return CountAtLeast(pile, 1)
        if m["n"] == "no":
            return CountAtLeast(pile, 0, "<=")
        return CountAtLeast(pile, required_number(m["n"], a.sentence), ">=" if m["more"] else "==")
    return None


def cards_are_in_graveyard(a: Asked) -> Condition | None:
    if m := re.fullmatch(
        r"(?P<n>an?|\w+)(?P<more> or more)? (?P<what>[\w/ -]+? )?cards? (?:is|are) "
        r"in your graveyard",
        a.text,
    ):
        # "a Warrior card is in your graveyard" (Vengeful Firebrand), "an artifact card ...".
        pile = subject_words(f"{m['what'] or ''}cards in your graveyard", a.sentence, a.state)
        least = 1 if m["n"] in ("a", "an") else required_number(m["n"], a.sentence)
        return CountAtLeast(pile, least, ">=" if m["more"] or least == 1 else "==")
    return None


def cards_in_graveyard(a: Asked) -> Condition | None:
    if m := re.fullmatch(r"(?:there are )?(\w+) or more cards (?:are )?in your graveyard", a.text):
        graveyard = subject_words("cards in your graveyard", a.sentence, a.state)
        minimum = required_number(m[1], a.sentence)
        return CountAtLeast(graveyard, minimum)
    if m := re.fullmatch(r"there are (\w+) or more cards in a single graveyard", a.text):
        # Swimmer in Nightmares: each player's own graveyard (CR 404.1) counted alone, yours
        # or any opponent's ("your graveyard" read as each opponent's in turn).
        graveyard = subject_words("cards in your graveyard", a.sentence, a.state)
        minimum = required_number(m[1], a.sentence)
        theirs = Compare(CountObjects(graveyard), ">=", minimum, who="opponent")
        return AnyOf((CountAtLeast(graveyard, minimum), theirs))
    return None


def you_or_opponents_control(a: Asked) -> Condition | None:
    """ "you control two or more other lands", "you control another Wizard", "your opponents
    control eight or more lands" (Turbulent Fen): all of them together."""
    cursor = _cursor(a)
    opponents = cursor.accept("your", "opponents", "control")
    if not (opponents or cursor.accept("you", "control")):
        return None
    controller: Literal["you", "opponent"] = "opponent" if opponents else "you"
    if not opponents and cursor.accept("another"):
        subject = parse_subject(cursor, a.state.context)
        if subject is None or not cursor.at_end():
            raise a.fail()
        filters = tuple(replace(f, controller="you", other=True) for f in subject.filters)
        return CountAtLeast(Subject("filter", filters, words=subject.words), 1)
    op = ">="
    if cursor.accept("a") or cursor.accept("an"):
        minimum = 1
    else:
        amount = number_then(cursor)
        if amount is None:
            raise a.fail()
        minimum, op = amount  # "two or fewer other lands" is at most two (fast lands)
    subject = parse_subject(cursor, a.state.context)
    if subject is None or not cursor.at_end():
        raise a.fail()
    filters = tuple(replace(f, controller=controller) for f in subject.filters)
    counted = Subject("filter", filters, words=subject.words)
    if (minimum, op) == (1, "=="):
        # "As long as you control exactly one creature, that creature gets +3/+1": "that
        # creature" is the one counted (Homicidal Seclusion).
        a.state.previous = counted
    return CountAtLeast(counted, minimum, op)


def chosen_player_controls(a: Asked) -> Condition | None:
    cursor = _cursor(a)
    if not cursor.accept("the", "chosen", "player", "controls"):
        return None
    # Jihad: "as long as the chosen player controls a nontoken permanent of the chosen
    # color" (CR 607.2: the player chosen as the source entered).
    cursor.accept("a") or cursor.accept("an")
    subject = parse_subject(cursor, a.state.context)
    if subject is None or not cursor.at_end():
        raise a.fail()
    filters = tuple(replace(f, controller="chosen_player") for f in subject.filters)
    return CountAtLeast(Subject("filter", filters, words=subject.words), 1)


def any_player_controls(a: Asked) -> Condition | None:
    cursor = _cursor(a)
    if not (
        cursor.accept("any", "player", "controls") or cursor.accept("an", "opponent", "controls")
    ):
        return None
    opponent = cursor.tokens[cursor.pos - 2].lower() == "opponent"
    cursor.accept("a") or cursor.accept("an")
    subject = parse_subject(cursor, a.state.context)
    if subject is None or not cursor.at_end():
        raise a.fail()
    if opponent:
        subject = replace(
            subject, filters=tuple(replace(f, controller="opponent") for f in subject.filters)
        )
    return AnyPlayerControls(subject)
