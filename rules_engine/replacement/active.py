"""Which replacement, prevention and "can't" effects a permanent's abilities make.

Static ones come from permanents' abilities (CR 614.1), read by the replacement
grammar; an entering permanent's own abilities are looked at as it would exist on
the battlefield (CR 614.12). Resolved ones are shields and effects created by
spells and abilities (CR 615.4, 614.8), kept by the timeline; the values of both
kinds in play are in ``in_play.py``.
"""

from __future__ import annotations

from rules_engine.characteristics import Characteristics
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.oracle.keywords import parse_keyword
from rules_engine.replacement.grammar import parse_replacements, read_replacements
from rules_engine.replacement.specs import Spec


def ability_specs(text: str, name: str) -> tuple[Spec, ...]:
    return parse_replacements(text, name)


def keyword_replacements(keyword: str) -> tuple[str, ...]:
    """The replacement sentences a keyword stands for, from the keyword table: fading and
    vanishing (702.32a, 702.63a), graft and modular (702.58a, 702.43a) "enter with N
    counters", absorb's prevention (702.64a), ravenous (702.156a)."""
    found = parse_keyword(keyword)
    return found.replacement_texts() if found is not None else ()


def _replacement_texts(chars: Characteristics) -> list[tuple[str, str, str]]:
    """(ability key, ability text, replacement text) for every ability that may make one."""
    found: list[tuple[str, str, str]] = []
    for instance in chars.abilities:
        kind = instance.parsed.kind
        texts: tuple[str, ...] = ()
        if kind == "replacement":
            texts = (instance.parsed.text,)
        elif kind == "static":
            texts = instance.parsed.rules
        elif kind == "keyword":
            texts = keyword_replacements(instance.parsed.text)
        found.extend((f"{instance.key}.{n}", instance.parsed.text, t) for n, t in enumerate(texts))
    return found


def specs_of(chars: Characteristics) -> list[tuple[str, Spec]]:
    """(ability key, spec) for every replacement/"can't" effect this object's abilities make.

    A replacement sentence the grammar does not know yet makes none here; ``unreadable_of``
    names it, so the answer says it is not modelled instead of refusing the board.
    """
    found: list[tuple[str, Spec]] = []
    for key, _, text in _replacement_texts(chars):
        try:
            specs = ability_specs(text, chars.name)
        except OracleParseError:
            continue
        found.extend((f"{key}.{m}", spec) for m, spec in enumerate(specs))
    return found


def unreadable_of(chars: Characteristics) -> list[tuple[str, str]]:
    """(ability text, why) for each replacement or prevention text not modelled yet, and
    each other sentence of a replacement ability that the engine doesn't apply."""
    gaps: list[tuple[str, str]] = []
    replacing = {i.parsed.text for i in chars.abilities if i.parsed.kind == "replacement"}
    for _, ability, text in _replacement_texts(chars):
        try:
            _, skipped = read_replacements(text, chars.name)
        except OracleParseError as error:
            gaps.append((ability, str(error)))
            continue
        if ability in replacing:
            why = "a sentence of a replacement ability that the engine doesn't apply"
            gaps.extend((sentence, why) for sentence in skipped)
    return gaps
