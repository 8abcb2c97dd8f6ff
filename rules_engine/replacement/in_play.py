"""The replacement, prevention and "can't" effects in play, as values: what the game
holds (``Game.shields``, ``Game.rules``) and the resolver reads, without the grammar
that reads them from text (``active.py``, ``grammar.py``)."""

from __future__ import annotations

from dataclasses import dataclass

from rules_engine.replacement.specs import CantSpec, ReplacementSpec
from rules_engine.steps import Choices


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
    targets: tuple[str, ...] = ()  # a resolved spell's targets ("that creature")
