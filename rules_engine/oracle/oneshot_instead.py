"""A resolving spell's own "instead" whose new part is a one-shot action (CR 614.15, 608.2c).

"Target creature gets +2/+2 until end of turn. If it's blocking, instead put two +1/+1
counters on it." (Will of the All-Hunter), "Put a +1/+1 counter on it instead if it's a
Mount." (Throw from the Saddle), "Target creature or planeswalker an opponent controls
phases out. If that permanent is black, exile it instead." (Divine Smite): the spell does
one of two things, chosen by a condition checked as it resolves. It replaces no event (a
self-replacement of the spell's own instructions, 614.15), so it is read here as two parts
of the resolution, each made only if its side of the condition holds (608.2c): the part
before it only if the condition doesn't hold, the "instead" part only if it does.

What it can't read (no single part before it in its paragraph, a part before it that is
already conditional, words that aren't a one-shot action or a continuous effect) it leaves
to the replacement grammar, which reads it or names it as not modelled.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace

from rules_engine.effects import EffectSpec, Not
from rules_engine.one_shot import OneShot
from rules_engine.oracle.clauses import split_clauses
from rules_engine.oracle.conditions import instead_condition
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.oracle.general import general_sentence
from rules_engine.oracle.sentence_state import SentenceState

# Conditions these shapes are never read with: kicker and the like are the replacement
# grammar's (a bargain, a gift, a "was kicked" condition it reads as it resolves).
_CAST_WORDS = re.compile(r"\bwas (?:kicked|bargained)\b|\bgift was promised\b", re.I)

# "put a +1/+1 counter on it and it gets +1/+1" (Regent's Authority): an action, then the
# effect on the same object.
_AND_EFFECT = re.compile(r" and (?=(?:it|that creature) (?:gets|gains|has)\b)", re.I)

ReadAction = Callable[[str, str, SentenceState], OneShot | None]


@dataclass(slots=True)
class Parts:
    """The paragraph's parts read so far (the sentence reader's lists, changed in place)."""

    effects: list[EffectSpec]
    actions: list[OneShot]


def read_oneshot_instead(
    match: re.Match[str],
    sentence: str,
    state: SentenceState,
    until_eot: bool,
    parts: Parts,
    read_action: ReadAction,
) -> bool:
    """Read ``match`` (its ``cond`` and ``rest``) as a one-shot "instead" of the one part
    before it; True if read (``parts`` changed), False to leave the sentence alone."""
    cond, rest = match["cond"], match["rest"]
    if _CAST_WORDS.search(cond) or bool(parts.effects) == bool(parts.actions):
        return False  # none before it, or an effect and an action: which one is unclear
    prior: EffectSpec | OneShot = parts.effects[-1] if parts.effects else parts.actions[-1]
    if prior.only_if is not None or (isinstance(prior, EffectSpec) and prior.instead_if):
        return False
    written = [e.text for e in parts.effects] + [a.text for a in parts.actions]
    if written.count(prior.text) > 1:
        # "You gain 4 life and draw a card. If ..., ... instead": which of the sentence's
        # parts it replaces isn't the last one's to say.
        return False
    mark, before = state.context.next_target, state.previous
    try:
        condition = instead_condition(cond, sentence, state)
        if condition == "kicked":
            return False
        named = state.context.next_target
        actions, effects = _new_parts(rest, sentence, state, until_eot, read_action)
    except OracleParseError:
        state.context.next_target, state.previous = mark, before
        return False
    if (
        # "instead exile target creature" (Cruel Alliance): a target of its own, or the one
        # before with other limits (601.2c)? Not read here.
        state.context.next_target != named
        or not actions
        or any(a.only_if is not None for a in actions)
        or any(a.kind == "damage" for a in actions)
    ):
        # Only continuous effects: the layer grammar's own "instead" reads those; damage
        # instead (CR 614.15, 616.1a) is the replacement grammar's, as the event's
        # self-replacement.
        state.context.next_target, state.previous = mark, before
        return False
    otherwise = Not(condition)
    if isinstance(prior, EffectSpec):
        parts.effects[-1] = replace(prior, only_if=otherwise, cda=False)
    else:
        parts.actions[-1] = replace(prior, only_if=otherwise)
    parts.actions += [replace(a, only_if=condition) for a in actions]
    parts.effects += [
        replace(e, only_if=condition, cda=False, targets_used=state.context.next_target)
        for e in effects
    ]
    return True


def _new_parts(
    rest: str, sentence: str, state: SentenceState, until_eot: bool, read_action: ReadAction
) -> tuple[list[OneShot], list[EffectSpec]]:
    """The "instead" words as one-shot actions and continuous effects, clause by clause
    ("put a +1/+1 counter on it and it gets +1/+1 until end of turn", Regent's Authority)."""
    actions: list[OneShot] = []
    effects: list[EffectSpec] = []
    clauses = [
        piece
        for clause in split_clauses(re.sub(r"^(?:and |then )", "", rest))
        for piece in _AND_EFFECT.split(clause)
    ]
    for clause in clauses:
        action = read_action(clause, sentence, state)
        if action is not None:
            if effects:
                # An effect written before an action would begin first (608.2c, 611.2c).
                raise OracleParseError(sentence, "an effect before the action instead")
            actions.append(action)
            continue
        spec, _ = general_sentence(clause, sentence, state, until_eot)
        if spec is None or spec.condition is not None:
            raise OracleParseError(sentence, "cannot read what happens instead")
        effects.append(spec)
    return actions, effects
