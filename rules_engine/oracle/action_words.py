"""The words every one-shot reader shares (CR 608.2c): amounts, the players a clause
names, its subject, and the clause a reader reads with (``oracle/actions.py`` holds the
table of readers)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rules_engine.affected import Subject
from rules_engine.one_shot import OneShot, PlayerRef
from rules_engine.oracle.cursor import Cursor
from rules_engine.oracle.numbers import read_number
from rules_engine.oracle.subjects import SubjectContext, parse_subject
from rules_engine.oracle.text import tokenize

# The subject "it" / "that creature" refers to (the parser's antecedent).
ResolveSubject = Callable[[Subject], Subject]
ParseOneShot = Callable[[str, str, SubjectContext, ResolveSubject], "OneShot | None"]


@dataclass(frozen=True, slots=True)
class Amount:
    n: int = 0
    x: bool = False


def read_amount(word: str) -> Amount | None:
    """ "three", "3", "a", "an", "X" (CR 107.3: X is the spell's X)."""
    word = word.lower()
    if word == "x":
        return Amount(x=True)
    if word in ("a", "an"):
        return Amount(1)
    value = read_number(word)
    return Amount(value) if value is not None else None


PLAYERS: dict[str, PlayerRef] = {
    "you": "you",
    "target player": "target",
    "target opponent": "target",
    "each opponent": "each_opponent",
    "each player": "each_player",
    "its controller": "controller",
    "that creature's controller": "controller",
    "that permanent's controller": "controller",
    "that player": "target",  # the player a target just before named (its slot)
}
# The players a one-shot may name, as one alternation for every pattern below.
WHO = "|".join(re.escape(words) for words in PLAYERS)


def subject_of(words: str, context: SubjectContext) -> Subject | None:
    cursor = Cursor(tokenize(words), sentence=words)
    subject = parse_subject(cursor, context)
    if subject is None or not cursor.at_end():
        return None
    return subject


def players_of(words: str, context: SubjectContext) -> tuple[PlayerRef, int | None] | None:
    ref = PLAYERS.get(words.lower())
    if ref is None:
        return None
    if words.lower() == "that player":
        return (ref, context.next_target - 1) if context.next_target else None
    slot = context.take_targets(1)[0] if ref == "target" else None
    return ref, slot


@dataclass(frozen=True, slots=True)
class Clause:
    """What a reader reads a clause with: the whole sentence (the action's text), the
    targets counted so far, and what "it" / "that creature" refers to."""

    sentence: str
    context: SubjectContext
    resolve: ResolveSubject
    parse: ParseOneShot  # the table of readers (oracle/actions.py)

    def read(self, body: str) -> OneShot | None:
        """Another clause of the same sentence ("you may ...", "... for each ...")."""
        return self.parse(body, self.sentence, self.context, self.resolve)

    def subject(self, words: str) -> Subject | None:
        return subject_of(words, self.context)


Read = Callable[[re.Match[str], Clause], "OneShot | None"]


@dataclass(frozen=True, slots=True)
class Reader:
    """One shape of one-shot clause: its pattern and the function that reads a match."""

    pattern: re.Pattern[str]
    read: Read
    # True: a match decides the clause, even when ``read`` returns None (the shapes after
    # it are not tried). False: a None lets the next shape try.
    decides: bool = True
