"""A one-shot clause of a resolving text read as its action (CR 608.2c): a condition
written before it ("If you control a Merfolk, draw a card.") or after it ("Draw a card if
that creature has a +1/+1 counter on it."), "If you do, ..." after the part before it, and
the object it names remembered for a later "it" or "that creature". Split from
oracle/sentences.py, which routes each clause here."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from rules_engine.affected import Filter, Subject
from rules_engine.effects import CopyOf
from rules_engine.one_shot import OneShot
from rules_engine.oracle.actions import parse_one_shot
from rules_engine.oracle.conditions import instead_condition
from rules_engine.oracle.copies import copy_exceptions
from rules_engine.oracle.cursor import Cursor, OracleParseError
from rules_engine.oracle.numbers import NUMBER_WORDS
from rules_engine.oracle.sentence_state import SentenceState, resolve_antecedent, unnamed_group
from rules_engine.oracle.subjects import parse_subject
from rules_engine.oracle.text import tokenize


class _NoAntecedent(OracleParseError):
    """A one-shot's "them" with nothing before it to name: the part isn't performed."""


def one_shot(body: str, sentence: str, state: SentenceState) -> OneShot | None:
    try:
        return _one_shot_part(body, sentence, state)
    except _NoAntecedent:
        return None


def _one_shot_part(body: str, sentence: str, state: SentenceState) -> OneShot | None:
    """The action a one-shot clause performs (oracle/actions.py), remembering its subject
    for a later "it"."""

    def resolve(subject: Subject) -> Subject:
        if unnamed_group(subject, state):
            # "Choose any target, then choose another target ... ~ deals X damage to each of
            # them" (Comet Storm): a group this text doesn't name, never ~ itself.
            raise _NoAntecedent(sentence, f'cannot tell what "{subject.words}" refers to')
        return resolve_antecedent(subject, state)

    if (m := _IF_THEN_ACTION.match(body)) and not re.search(r"\binstead\b", sentence, re.I):
        # CR 608.2c: "If you control a Merfolk, draw a card.": done only if that holds then.
        # (A clause of an "... instead" sentence is a self-replacement, CR 614.15.)
        mark = state.context.next_target
        action = parse_one_shot(m["rest"], sentence, state.context, resolve)
        if action is None:
            state.context.next_target = mark
            return None
        if m["cond"].lower() == "you do":
            # "If you do, draw a card.": only if the part before did something (608.2c).
            return replace(action, if_done=True)
        if action.kind == "unsuspect" and _ANY_SUSPECTED.fullmatch(m["cond"]):
            # "If any of them are suspected, they're no longer suspected.": the condition
            # only restates the action's (701.60: one that isn't suspected stays so).
            return action
        try:
            condition = instead_condition(m["cond"], sentence, state)
        except OracleParseError:
            return None
        return replace(action, only_if=condition)
    mark = state.context.next_target
    action = parse_one_shot(body, sentence, state.context, resolve)
    if action is None:
        # A failed reading numbers no target (CR 115.1): "Put a +1/+1 counter on target
        # creature you control if its power is 4 or greater" (Ent's Fury) is its slot 0.
        state.context.next_target = mark
        action = _action_if(body, sentence, state, resolve)
    if action is not None and action.kind == "copy_token":
        # The exception ("except it has haste") is read like a Clone's (CR 707.9).
        exception = action.token
        copy = copy_exceptions(exception, sentence) if exception else CopyOf(source="target")
        action = replace(action, copy=copy, token="")
        state.previous = Subject("created", words="that token")  # "It gains haste." (Feldon)
        return action
    if action is not None and action.kind == "tokens":
        # "Create two 1/1 ... tokens. They have ..." / "Those creatures gain ...": the tokens
        # this resolution creates (CR 111.1, 611.2c).
        state.previous = Subject("created", words="those tokens")
    if action is not None and action.subject is not None and action.chosen_one:
        # "Put two +1/+1 counters on up to one creature. It gains lifelink ..." (Gix's
        # Command): "it" is the one chosen, not every creature (CR 608.2d).
        state.previous = replace(action.subject, kind="chosen", words="it")
    elif action is not None and action.subject is not None:
        state.previous = action.subject
    elif action is not None and action.kind == "damage" and action.slot is not None:
        # "~ deals 5 damage to target creature or planeswalker. If that permanent is a
        # Spirit, ..." (Rending Flame): the target dealt damage (608.2c).
        target = Subject("targets", (Filter(),), (action.slot,), "that permanent")
        state.previous = target
    return action


def _action_if(
    body: str, sentence: str, state: SentenceState, resolve: Callable[[Subject], Subject]
) -> OneShot | None:
    """ "Draw a card if that creature has a +1/+1 counter on it." (Oblivion's Hunger), "Put a
    +1/+1 counter on target creature you control if its power is 4 or greater.": the
    condition written after the part, checked as the part would happen (CR 608.2c), "its"
    or "that creature" the object the part names or the one before it."""
    m = _ACTION_IF.match(body)
    if m is None or re.search(r"\binstead\b", sentence, re.I):
        return None
    mark, before = state.context.next_target, state.previous
    action = parse_one_shot(m["rest"], sentence, state.context, resolve)
    if action is None or action.only_if is not None:
        state.context.next_target = mark
        return None
    if action.subject is not None:
        state.previous = action.subject
    try:
        condition = instead_condition(m["cond"], sentence, state)
    except OracleParseError:
        state.context.next_target, state.previous = mark, before
        return None
    return replace(action, only_if=condition)


_ACTION_IF = re.compile(r"^(?P<rest>.+) if (?P<cond>(?:(?!\bwould\b)[^,])+)$", re.IGNORECASE)
_ANY_SUSPECTED = re.compile(r"(?:any of them are|it's|it is|that creature is) suspected", re.I)
# "Then if that creature's power is 0 or less, destroy it." (Depressurize): "then" as after
# the part before it (CR 608.2c).
_IF_THEN_ACTION = re.compile(
    r"^(?:then )?if (?P<cond>(?:(?!\bwould\b)[^,])+), (?P<rest>.+)$", re.IGNORECASE
)


def remember_object(body: str, state: SentenceState) -> None:
    """ "Untap that creature." keeps the antecedent; targets still count (CR 115.1)."""
    cursor = Cursor(tokenize(body), sentence=body)
    while not cursor.at_end():
        if cursor.peek() in ("target", "another", "up") or (
            cursor.peek() in NUMBER_WORDS and cursor.peek(1) == "target"
        ):
            subject = parse_subject(cursor, state.context)
            if subject is not None:
                state.previous = subject
                state.named_targets += (subject,)
                continue
        cursor.pos += 1
