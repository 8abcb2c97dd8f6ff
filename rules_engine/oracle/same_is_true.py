""" "The same is true for first strike, double strike, ..." after a sentence that names one
keyword ("~ has flying as long as a card exiled with it has flying", Urborg Scavengers):
the sentence before it said again for each keyword listed, in place of its own (the
words' plain meaning; each is a static ability's effect checked continuously, CR 611.3a).

A listed ability that names a family of abilities rather than one ("protection",
"landwalk": which quality, which land type? CR 702.16a, 702.14a) can't be said again in
place of a keyword, so the sentence is refused (and named as not modelled)."""

from __future__ import annotations

import re
from dataclasses import replace

from rules_engine.effects import EffectSpec
from rules_engine.oracle.cursor import Cursor, OracleParseError
from rules_engine.oracle.general import general_sentence
from rules_engine.oracle.keywords import read_keyword
from rules_engine.oracle.sentence_state import SentenceState
from rules_engine.oracle.text import tokenize

_FAMILIES = ("protection", "landwalk", "hexproof from", "ward")


def _keyword(words: str, sentence: str) -> str:
    """One keyword's name, all the words."""
    cursor = Cursor(tokenize(words), sentence=sentence)
    name = read_keyword(cursor, parameters=False)
    if name is None or not cursor.at_end() or words.lower().startswith(_FAMILIES):
        raise OracleParseError(sentence, f'"{words}" is not one keyword to say again')
    return name.lower()


def _keywords_in(text: str, sentence: str) -> set[str]:
    """Every keyword named in the sentence before."""
    cursor = Cursor(tokenize(text), sentence=sentence)
    found: set[str] = set()
    while not cursor.at_end():
        name = read_keyword(cursor, parameters=False)
        if name is None:
            cursor.pos += 1
        else:
            found.add(name.lower())
    return found


def repeated_for_abilities(
    prior: EffectSpec, listed: str, sentence: str, state: SentenceState, until_eot: bool
) -> list[EffectSpec]:
    """The effects of the sentence before said again for each keyword listed."""
    names = [
        _keyword(words, sentence)
        for words in re.split(r",? and |, ", listed.strip().rstrip("."))
        if words
    ]
    said = _keywords_in(prior.text, sentence)
    if len(said) != 1:
        raise OracleParseError(sentence, "the sentence before it names no one keyword to replace")
    (own,) = said
    pattern = re.compile(rf"\b{re.escape(own)}\b", re.IGNORECASE)
    if len(pattern.findall(prior.text)) < 1:
        raise OracleParseError(sentence, "the sentence before it names no one keyword to replace")
    effects: list[EffectSpec] = []
    for name in names:
        text = pattern.sub(name, prior.text)
        spec, _ = general_sentence(text.rstrip("."), text, state, until_eot)
        if spec is None or spec.condition is None and prior.condition is not None:
            raise OracleParseError(sentence, f"cannot say the sentence before it for {name}")
        effects.append(replace(spec, text=text, targets_used=prior.targets_used))
    return effects
