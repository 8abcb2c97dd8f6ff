"""What an evaluation of the layer system reads besides characteristics: the game's
zones, status and life (``World``) and who "you", "~" and "target" mean for one effect
(``Context``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine.characteristics import Characteristics
from rules_engine.game import Game, GameObject
from rules_engine.steps import Choices

State = Mapping[str, Characteristics]


@dataclass(frozen=True, slots=True)
class World:
    """The non-characteristic facts an evaluation reads (zones, status, life)."""

    game: Game
    objects: Mapping[str, GameObject]
    # Values computed from the game alone (the effects the rules create), kept for
    # the evaluation's many questions; the game never changes under a World.
    memo: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @classmethod
    def of(cls, game: Game) -> World:
        return cls(game, {o.label: o for o in game.objects})

    def hand_size(self, player: str) -> int:
        """Cards in a player's hand: the board's count, or the cards it lists."""
        known = dict(self.game.hand_sizes).get(player)
        if known is not None:
            return known
        return sum(1 for o in self.objects.values() if o.zone == "hand" and o.owner == player)

    def in_zone(self, label: str, zone: str) -> bool:
        obj = self.objects[label]
        if zone == "anywhere":
            return True
        if zone == "battlefield":
            return obj.on_battlefield
        if zone == "outside":
            return obj.zone not in ("battlefield", "stack")
        return obj.zone == zone


@dataclass(frozen=True, slots=True)
class Context:
    """Who "you", "~", "target" and "the chosen ..." mean for one effect."""

    source: str
    controller: str
    targets: tuple[str, ...] = ()
    choices: Choices = Choices()
    x: int | None = None
    resolved: bool = False
    other_means_source: bool = False  # "for each other Aura you control" on an Aura
