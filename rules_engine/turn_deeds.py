"""What players did earlier this turn that conditions ask about and no board position shows
(Layerlab extension, docs/board-format-extensions.md): the permanents each player
sacrificed (CR 701.21a), read by "as long as you sacrificed a permanent this turn" (Goblin
Blast-Runner). The turn's record (``steps.TurnRecord``) keeps them; the board's
``this_turn.sacrificed`` says what happened before its steps, and a step's sacrifice (a
spell's additional cost, CR 601.2h) adds to it."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["SacrificeRecord", "SacrificedThisTurn"]


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
