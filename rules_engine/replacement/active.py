"""Which replacement, prevention and "can't" effects exist on a board.

Static ones come from permanents' abilities (CR 614.1); resolved ones are
shields and effects created by spells and abilities (CR 615.4, 614.8), kept
by the timeline; an entering permanent's own abilities are looked at as it
would exist on the battlefield (CR 614.12).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rules_engine.characteristics import Characteristics
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.replacement.grammar import parse_replacements
from rules_engine.replacement.specs import CantSpec, ReplacementSpec, Spec
from rules_engine.steps import Choices

_ = OracleParseError  # re-exported for callers that report grammar faults


@dataclass(frozen=True, slots=True)
class ActiveReplacement:
    """One replacement/prevention effect in play, with whose it is."""

    eid: str
    spec: ReplacementSpec
    source: str
    source_name: str
    controller: str
    timestamp: int
    targets: tuple[str, ...] = ()
    choices: Choices = Choices()
    resolved: bool = False
    remaining: int | None = None  # a "prevent the next N" shield (CR 615.7)
    name: str = ""  # what learners see in paths (several shields may share one name)
    created_by: str = ""  # the step whose spell or ability created it (its duration ends)

    @property
    def shown(self) -> str:
        return self.name or self.eid


@dataclass(frozen=True, slots=True)
class ActiveCant:
    eid: str
    spec: CantSpec
    source: str
    controller: str
    created_by: str = ""  # the step whose spell or ability created it


def ability_specs(text: str, name: str) -> tuple[Spec, ...]:
    return parse_replacements(text, name)


# CR 702.32a fading, 702.63a vanishing: "This permanent enters with N ... counters on it."
ENTERING_COUNTER_KEYWORDS = {"fading": "fade", "vanishing": "time"}


def keyword_replacements(keyword: str) -> tuple[str, ...]:
    m = re.fullmatch(r"(?P<kw>fading|vanishing) (?P<n>\d+)", keyword.strip().lower())
    if m is None:
        return ()
    return (f"~ enters with {m['n']} {ENTERING_COUNTER_KEYWORDS[m['kw']]} counters on it.",)


def specs_of(chars: Characteristics) -> list[tuple[str, Spec]]:
    """(ability key, spec) for every replacement/"can't" effect this object's abilities make."""
    found: list[tuple[str, Spec]] = []
    for instance in chars.abilities:
        kind = instance.parsed.kind
        texts: tuple[str, ...] = ()
        if kind == "replacement":
            texts = (instance.parsed.text,)
        elif kind == "static":
            texts = instance.parsed.rules
        elif kind == "keyword":
            texts = keyword_replacements(instance.parsed.text)
        for n, text in enumerate(texts):
            for m, spec in enumerate(ability_specs(text, chars.name)):
                found.append((f"{instance.key}.{n}.{m}", spec))
    return found
