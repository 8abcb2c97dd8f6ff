"""What players did earlier this turn that conditions ask about and no board position shows
(Layerlab extension, docs/board-format-extensions.md): the permanents each player
sacrificed (CR 701.21a), read by "as long as you sacrificed a permanent this turn" (Goblin
Blast-Runner); the counters each player put on permanents (CR 122.6), read by "as long as
you've put one or more +1/+1 counters on a creature this turn" (Sigardian Paladin). The
turn's record (``steps.TurnRecord``) keeps them; the board's ``this_turn`` says what
happened before its steps, and a step's sacrifice (a spell's additional cost, CR 601.2h) or
counters add to it."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "AttackedWithThisTurn",
    "AttackerRecord",
    "CountersPutRecord",
    "CountersPutThisTurn",
    "SacrificeRecord",
    "SacrificedThisTurn",
]


@dataclass(frozen=True, slots=True)
class SacrificeRecord:
    """A permanent sacrificed this turn (CR 701.21a): who sacrificed it (its controller) and
    its card types as it last existed on the battlefield."""

    by: str
    types: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class SacrificedThisTurn:
    """ "as long as you sacrificed a permanent this turn", "if you've sacrificed an artifact
    this turn": at least ``minimum`` of the permanents the turn's record says you
    sacrificed, of any of ``types`` (empty: any permanent)."""

    types: frozenset[str] = frozenset()
    minimum: int = 1

    def holds(self, sacrificed: tuple[SacrificeRecord, ...], you: str) -> bool:
        found = sum(
            1 for r in sacrificed if r.by == you and (not self.types or r.types & self.types)
        )
        return found >= self.minimum


@dataclass(frozen=True, slots=True)
class CountersPutRecord:
    """Counters put on a permanent this turn (CR 122.6: on it on the battlefield, or given to
    it as it entered): who put them, their kind, and the permanent's card types then."""

    by: str
    kind: str
    types: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class CountersPutThisTurn:
    """ "as long as you've put one or more +1/+1 counters on ~ this turn" (Beast, Erudite
    Aerialist; ``on_source``: on the effect's source as it is now, a new object after it
    left, CR 400.7), "... on a creature this turn" (Sigardian Paladin: any permanent of
    ``types``, by the turn's record)."""

    kind: str
    on_source: bool = False
    types: frozenset[str] = frozenset()

    def holds(self, records: tuple[CountersPutRecord, ...], you: str) -> bool:
        return any(r.by == you and r.kind == self.kind and self.types <= r.types for r in records)


@dataclass(frozen=True, slots=True)
class AttackerRecord:
    """A creature a player attacked with this turn (CR 508.1a), with its subtypes then."""

    by: str
    subtypes: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class AttackedWithThisTurn:
    """ "as long as you attacked with three or more Merfolk this turn" (Deepway Navigator):
    at least ``minimum`` of the creatures the turn's record says you attacked with had the
    subtype."""

    subtype: str
    minimum: int = 1

    def holds(self, attackers: tuple[AttackerRecord, ...], you: str) -> bool:
        found = sum(1 for r in attackers if r.by == you and self.subtype in r.subtypes)
        return found >= self.minimum
