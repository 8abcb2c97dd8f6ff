"""What the sentences of one ability share as they are read: the targets counted so far,
what "it" names, and the small readers of subjects and numbers every part uses."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules_engine.affected import Subject
from rules_engine.oracle.cursor import Cursor, OracleParseError
from rules_engine.oracle.numbers import read_number
from rules_engine.oracle.subjects import SubjectContext, parse_subject
from rules_engine.oracle.text import SELF, tokenize

# Why a resolving text's effect on a player (CR 613.10) is named rather than applied.
PLAYER_PART = (
    "an effect on a player, not on an object's characteristics (CR 613.10; a player's "
    "hexproof is CR 702.11d, protection 702.16j), which the engine doesn't keep after the "
    "spell or ability resolves"
)


@dataclass
class SentenceState:
    context: SubjectContext
    previous: Subject | None = None
    resolving: bool = False  # a spell's or resolving ability's text
    # A mode of a modal ability ("• Draw a card."), read as its own line: instructions the
    # ability carries out when that mode resolves (CR 700.2), never a static ability's.
    mode: bool = False
    first: bool = True  # the paragraph's first sentence (nothing before it to name)
    # The targets a sentence the engine doesn't perform named ("Choose target creature you
    # control and target creature you don't control."), for a later "the creature you
    # control" (CR 608.2c: the text refers back to that target).
    named_targets: tuple[Subject, ...] = ()

    def __post_init__(self) -> None:
        # CR 607.2a: "the exiled card" names a linked card only in a static ability's text.
        self.context.static = not (self.resolving or self.mode)


def blank_quotes(text: str) -> str:
    """The text with each quoted ability blanked out (same length), so a word inside a
    granted ability ("... sacrifice it unless you pay {2}.") is never read as this one's."""
    return re.sub(r'"[^"]*"', lambda q: "_" * len(q.group(0)), text)


def earlier_target(words: str, state: SentenceState) -> Subject | None:
    """ "the creature you control" after "Choose target creature you control and target
    creature you don't control" (Joust, Blizzard Brawl): the target named with those words."""
    wanted = f"target {words}".lower()
    found = []
    for named in state.named_targets:
        # One subject may name several targets, one filter each, in order.
        each = named.words.lower().split(" and ")
        if len(each) != len(named.target_slots) or len(named.filters) != len(each):
            each = [named.words.lower()] if len(named.target_slots) == 1 else []
        for i, said in enumerate(each):
            if said == wanted:
                one = (named.filters[i],) if len(each) > 1 else named.filters
                found.append(Subject("targets", one, (named.target_slots[i],), f"the {words}"))
    return found[0] if len(found) == 1 else None


def subject_or_none(words: str, sentence: str, state: SentenceState) -> Subject | None:
    cursor = Cursor(tokenize(words), sentence=sentence)
    subject = parse_subject(cursor, state.context)
    if subject is None or not cursor.at_end():
        return None
    return resolve_antecedent(subject, state)


def subject_from(words: str, sentence: str, state: SentenceState) -> Subject:
    cursor = Cursor(tokenize(words), sentence=sentence)
    subject = parse_subject(cursor, state.context)
    if subject is None or not cursor.at_end():
        raise OracleParseError(sentence, f'cannot tell who "{words}" means')
    return resolve_antecedent(subject, state)


def resolve_antecedent(subject: Subject, state: SentenceState) -> Subject:
    if subject.kind == "antecedent":
        return state.previous if state.previous is not None else Subject("self", words=SELF)
    return subject


def unnamed_group(subject: Subject, state: SentenceState) -> bool:
    """ "Those creatures" / "they" in a later paragraph (Break of Day's fateful hour, Radiant
    Destiny's "they also have vigilance") are the ones an earlier paragraph named, which this
    paragraph alone can't name; never the one object the ability belongs to."""
    return (
        subject.kind == "antecedent"
        and state.previous is None
        and subject.words.lower().startswith(("those", "they", "them", "each of"))
    )


_COMPARE_WORDS = {"or more": ">=", "or greater": ">=", "or less": "<=", "or fewer": "<="}


def required_number(word: str, sentence: str) -> int:
    """A number the sentence must have here (never 0 for a word that isn't one)."""
    value = read_number(word)
    if value is None:
        raise OracleParseError(sentence, f'expected a number, got "{word}"')
    return value


def number_then(cursor: Cursor) -> tuple[int, str] | None:
    """ "five or more" -> (5, ">="); "10 or less" -> (10, "<="); "exactly one" -> (1, "==")."""
    if cursor.peek() == "exactly" and read_number(cursor.peek(1)) is not None:
        cursor.pos += 1
        value = read_number(cursor.peek())
        assert value is not None
        cursor.pos += 1
        return value, "=="
    word = cursor.peek()
    value = read_number(word)
    if value is None:
        return None
    cursor.pos += 1
    for words, op in _COMPARE_WORDS.items():
        if cursor.accept(*words.split()):
            return value, op
    return value, ">="


def counted_words(words: str, sentence: str, state: SentenceState) -> Subject:
    """A group of objects the condition counts ("all permanents"), all of the words read."""
    cursor = Cursor(tokenize(words), sentence=sentence)
    subject = parse_subject(cursor, state.context)
    if subject is None or not cursor.at_end():
        raise OracleParseError(sentence, f'cannot tell what "{words}" means')
    return subject


def subject_words(words: str, sentence: str, state: SentenceState) -> Subject:
    cursor = Cursor(tokenize(words), sentence=sentence)
    subject = parse_subject(cursor, state.context)
    if subject is None:
        raise OracleParseError(sentence, f'cannot tell what "{words}" means')
    return subject
