"""A condition on "it" after a group ("Each Vehicle you control gets +1/+1 as long as it's a
creature", Depala, Pilot Exemplar): "it" is each object of the group in turn (CR 611.3a:
the condition is checked for each object the effect would apply to), never "true for all
of them as soon as one matches". Such a condition narrows who the effect applies to: it is
folded into the group's filter, so the effect applies to the objects for which it holds
("Each Vehicle creature you control gets +1/+1"). A condition about "it" that can't be
said as a filter is refused, so the sentence is named as not modelled."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import replace

from rules_engine.affected import Filter, Subject
from rules_engine.effects import (
    AllOf,
    AllShareAColor,
    AnyOf,
    Condition,
    Not,
    ObjectMatches,
    SourceStatus,
)
from rules_engine.oracle.conditions import read_condition
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.oracle.sentence_state import SentenceState

# Filter fields that are a conjunction of their members: two filters asking for both are
# one filter with the union ("an artifact" and "a creature": an artifact creature).
_ALL_OF = frozenset(
    {"types", "not_types", "subtypes", "not_subtypes", "supertypes", "not_supertypes"}
)
_DEFAULT = Filter()


def mentions(value: object, subject: Subject) -> bool:
    """Does this condition (or anything inside it) ask about ``subject`` itself?"""
    if value is subject:
        return True
    if isinstance(value, AllShareAColor):
        return False  # "as long as they all share a color" (Common Cause): the group as a whole
    if isinstance(value, tuple):
        return any(mentions(v, subject) for v in value)
    if isinstance(value, (Subject, Filter)):
        return False
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(mentions(getattr(value, f.name), subject) for f in dataclasses.fields(value))
    return False


_IT_STATUS = re.compile(
    r"(?:it's|it is)(?P<neg> not)? (?P<status>attacking|blocking|tapped|untapped|enchanted|"
    r"equipped)"
)


def group_condition(
    words: str, subject: Subject, sentence: str, state: SentenceState, unless: bool = False
) -> tuple[Subject, Condition | None]:
    """The trailing "as long as ..." (or "unless ...": while it doesn't hold) of a sentence
    whose subject is ``subject``, read with "it" as that subject: for a group, what it says
    of "it" narrows the group."""
    state.previous = subject
    if subject.kind == "filter" and (m := _IT_STATUS.fullmatch(words)):
        # "Each untapped creature you control gets +0/+2 as long as it's not attacking"
        # (Arcades Sabboth): each creature's own status.
        condition: Condition = SourceStatus(m["status"], subject)  # type: ignore[arg-type]
        if m["neg"]:
            condition = Not(condition)
    else:
        condition = read_condition(words, sentence, state)
    return per_object(subject, Not(condition) if unless else condition, sentence)


def per_object(
    subject: Subject, condition: Condition, sentence: str
) -> tuple[Subject, Condition | None]:
    """The group's subject narrowed by the parts of ``condition`` about each of its objects,
    and what is left of the condition (about the game, checked for the effect as a whole)."""
    if subject.kind != "filter" or not mentions(condition, subject):
        return subject, condition
    parts = condition.conditions if isinstance(condition, AllOf) else (condition,)
    mine = [p for p in parts if mentions(p, subject)]
    rest = tuple(p for p in parts if not mentions(p, subject))
    alternatives: tuple[Filter, ...] = subject.filters
    for part in mine:
        wanted = _as_filters(part, subject)
        if wanted is None:
            raise OracleParseError(sentence, "cannot read the condition per object (CR 611.3a)")
        merged = [_merge(f, g) for f in alternatives for g in wanted]
        if any(m is None for m in merged):
            raise OracleParseError(sentence, "cannot read the condition per object (CR 611.3a)")
        alternatives = tuple(m for m in merged if m is not None)
    left: Condition | None = None
    if len(rest) == 1:
        left = rest[0]
    elif rest:
        left = AllOf(rest)
    return replace(subject, filters=alternatives), left


def _as_filters(condition: Condition, subject: Subject) -> tuple[Filter, ...] | None:
    """The condition on each object as filters (any of them), or None if it can't be."""
    match condition:
        case ObjectMatches() if condition.subject is subject:
            return (condition.filter,)
        case SourceStatus() if condition.subject is subject:
            status = _status_filter(condition)
            return (status,) if status is not None else None
        case Not(condition=Not() as twice):
            return _as_filters(twice.condition, subject)
        case Not(condition=SourceStatus() as inner) if inner.subject is subject:
            negated = _status_filter(inner, negated=True)
            return (negated,) if negated is not None else None
        case Not(condition=ObjectMatches() as inner) if inner.subject is subject:
            negated = _negated_kind(inner.filter)
            return (negated,) if negated is not None else None
        case AnyOf():
            found: list[Filter] = []
            for each in condition.conditions:
                filters = _as_filters(each, subject)
                if filters is None:
                    return None
                found.extend(filters)
            return tuple(found)
        case AllOf():
            together: tuple[Filter, ...] = (_DEFAULT,)
            for each in condition.conditions:
                filters = _as_filters(each, subject)
                if filters is None:
                    return None
                merged = [_merge(f, g) for f in together for g in filters]
                if any(m is None for m in merged):
                    return None
                together = tuple(m for m in merged if m is not None)
            return together
    return None


def _status_filter(status: SourceStatus, negated: bool = False) -> Filter | None:
    """ "it's tapped", "it's attacking", "it's enchanted", "it has a +1/+1 counter on it" as
    a test on each object (CR 506.4 attacking and blocking creatures, 303.4 enchanted,
    301.5 equipped, 122.1 counters)."""
    match status.status:
        case "tapped" | "untapped":
            return Filter(tapped=(status.status == "tapped") != negated)
        case "attacking":
            return Filter(attacking=not negated)
        case "blocking":
            return Filter(blocking=not negated)
        case "enchanted" if status.minimum == 1:
            return Filter(enchanted=not negated)
        case "equipped" if status.minimum == 1:
            return Filter(equipped=not negated)
        case "counter" if not negated:
            return Filter(counters=(status.counter_kind, status.minimum))
        case "counter" if status.counter_kind is None and status.minimum == 1:
            return Filter(no_counters=True)
    return None


def _negated_kind(wanted: Filter) -> Filter | None:
    """ "it isn't a creature", "it's not legendary": one kind, not had."""
    named = {f.name: getattr(wanted, f.name) for f in dataclasses.fields(Filter)}
    asked = {k: v for k, v in named.items() if k != "compiled" and v != getattr(_DEFAULT, k)}
    if len(asked) != 1:
        return None
    ((key, value),) = asked.items()
    if key in ("types", "subtypes", "supertypes"):
        return Filter(**{f"not_{key}": value})
    if key == "colors":
        return Filter(not_colors=value)
    if key == "token":
        return Filter(token=not value)
    return None


def _merge(first: Filter, second: Filter) -> Filter | None:
    """One filter asking for both, or None where they ask different things of one field."""
    merged: dict[str, object] = {}
    for f in dataclasses.fields(Filter):
        if f.name == "compiled":
            continue
        a, b, default = getattr(first, f.name), getattr(second, f.name), getattr(_DEFAULT, f.name)
        if b == default or a == b:
            merged[f.name] = a
        elif a == default:
            merged[f.name] = b
        elif f.name in _ALL_OF:
            merged[f.name] = a | b
        else:
            return None
    return Filter(**merged)  # type: ignore[arg-type]
