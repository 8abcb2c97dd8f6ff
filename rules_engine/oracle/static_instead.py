"""A static ability's own "instead" on the continuous effect just before it.

"Enchanted creature gets -2/-2. It gets -5/-5 instead as long as you've completed a
dungeon." (Precipitous Drop); "Equipped creature gets +1/+1. If it's a Warrior, it gets
+2/+1 instead." (Relic Axe). The word "instead" makes this a replacement of the ability's
own effect (CR 614.1a; a self-replacement, 614.15), and it watches no event: it decides
which of the two continuous effects the ability makes. Its condition is checked
continuously, as any static ability's is (611.3a), so the first effect applies while the
condition doesn't hold and the second while it does; never both.
"""

from __future__ import annotations

from dataclasses import replace

from rules_engine.effects import AllOf, Condition, EffectSpec, Not
from rules_engine.oracle.conditions import instead_condition
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.oracle.general import general_sentence
from rules_engine.oracle.sentence_state import SentenceState


def instead_of_part(prior: EffectSpec | None, spec: EffectSpec) -> EffectSpec:
    """A spell's own "instead" that changes only some layers of the effect before it, on the
    same objects: "Until end of turn, target artifact or creature becomes an artifact creature
    with base power and toughness 4/3. If evidence was collected, it has base power and
    toughness 1/1 until end of turn instead." (Behind the Mask): the 1/1 takes the place of
    the 4/3 only, and it is still an artifact creature (CR 614.15: a self-replacement effect
    replaces part or all of the spell's own effect). Anything else replaces all of it."""
    if prior is None or prior.subject != spec.subject:
        return spec
    layers = {p.layer for p in spec.parts}
    kept = tuple(p for p in prior.parts if p.layer not in layers)
    if not kept or not layers < {p.layer for p in prior.parts}:
        return spec
    return replace(spec, parts=kept + spec.parts)


def _both(first: Condition | None, second: Condition) -> Condition:
    return second if first is None else AllOf((first, second))


def read_static_instead(
    effects: list[EffectSpec], cond: str, rest: str, sentence: str, state: SentenceState
) -> None:
    """The effect before it made conditional on the condition not holding, and this one on
    its holding (CR 611.3a, 614.1a). Raises OracleParseError when there is no effect before
    it in the ability, or its words can't be read."""
    if not effects:
        raise OracleParseError(sentence, "no continuous effect before it to replace")
    prior = effects[-1]
    if prior.until_end_of_turn or prior.only_if is not None or prior.instead_if is not None:
        raise OracleParseError(sentence, "the effect before it is not a static ability's")
    state.previous = prior.subject  # "it" is what the effect before it applies to
    condition = instead_condition(cond, sentence, state)
    if condition == "kicked":
        raise OracleParseError(sentence, "a static ability is never kicked")
    spec, _ = general_sentence(rest, sentence, state, False)
    if spec is None or spec.condition is not None or spec.until_end_of_turn:
        raise OracleParseError(sentence, "cannot read what happens instead")
    effects[-1] = replace(prior, condition=_both(prior.condition, Not(condition)), cda=False)
    effects.append(replace(spec, condition=_both(prior.condition, condition), cda=False))
