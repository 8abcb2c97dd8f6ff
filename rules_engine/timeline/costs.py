"""Costs a step pays as it casts or activates: loyalty (CR 606.4) and sacrificing a
permanent (CR 601.2h, 602.2b)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from rules_engine.characteristics import Characteristics
from rules_engine.errors import BoardError
from rules_engine.game import Game
from rules_engine.perform import chars_of, perform
from rules_engine.replacement.events import PutCounters
from rules_engine.replacement.explore import Pending
from rules_engine.steps import ActivateStep, Choices
from rules_engine.timeline.common import require_on_battlefield, zone_move
from rules_engine.timeline.entering import Entering
from rules_engine.turn_deeds import SacrificeRecord


def pay_loyalty(game: Game, step: ActivateStep, cost: str | None, controller: str) -> Game:
    """CR 606.4: a loyalty ability's cost adds or removes loyalty counters. Counters put on
    as a cost are still counters put on a permanent by its controller (122.6): a replacement
    that watches for that applies (Vorinclex's "if you would put"), one that watches only
    for what an effect puts doesn't (the Doubling Season ruling: "put on as a cost, not as an
    effect"); ``groups.counters.applies`` tells them apart."""
    label, path = step.source, f"{step.path}.ability"
    match = re.fullmatch(r"([+\-−])?(\d+)", (cost or "").strip())
    if match is None:
        return game
    sign, amount = match.groups()
    change = -int(amount) if sign in ("-", "−") else int(amount)
    obj = game.object(label)
    assert obj is not None
    have = obj.counter_count("loyalty")
    if have + change < 0:
        raise BoardError(
            path, f"{label} has {have} loyalty, too little to pay {cost} (CR 606.4, 118.3)"
        )
    if change > 0:
        event = PutCounters("loyalty", label, change, cost=True, by=controller)
        return perform(
            game,
            [Pending(event)],
            enter=Entering(f"step{step.index}"),
            wanted=step.replacements,
            where=path,
            step=step.index,
        ).game
    counts = dict(obj.counters)
    counts["loyalty"] = have + change
    stamps = dict(obj.counter_timestamps)
    stamps.setdefault("loyalty", obj.timestamp)
    return game.with_object(
        replace(obj, counters=tuple(counts.items()), counter_timestamps=tuple(stamps.items()))
    )


@dataclass(frozen=True, slots=True)
class SacrificeCost:
    """A cost to sacrifice "a creature" / "an Atog creature" (CR 601.2h, 602.2b), paid by the
    step with ``choices.sacrificed``."""

    what: tuple[str, ...]  # each word a type or subtype the permanent must have
    controller: str
    path: str
    entering: str  # the label for anything the sacrifice makes enter

    def fits(self, chars: Characteristics) -> bool:
        return all(w.capitalize() in (*chars.types, *chars.subtypes) for w in self.what)

    def verify(self, game: Game, choices: Choices) -> str:
        """The permanent the step sacrifices, one the cost allows."""
        label = choices.sacrificed
        state = chars_of(game)
        words = " ".join(self.what)
        if label is None:
            mine = [
                x.label
                for x in game.objects
                if x.on_battlefield
                and x.label in state
                and state[x.label].controller == self.controller
                and self.fits(state[x.label])
            ]
            if not mine:
                raise BoardError(self.path, f"{self.controller} has no {words} to sacrifice")
            raise BoardError(
                self.path,
                f"the cost sacrifices a {words} (CR 601.2h); say which: add "
                f'"sacrificed": "{mine[0]}" to the step\'s choices',
            )
        require_on_battlefield(game, label, self.path)
        chars = state[label]
        if not self.fits(chars):
            raise BoardError(self.path, f'"{label}" is not a {words}')
        if chars.controller != self.controller:
            raise BoardError(self.path, f'"{label}" is not controlled by {self.controller}')
        return label

    def pay(self, game: Game, choices: Choices, index: int) -> tuple[Game, Choices]:
        """Sacrifice the chosen permanent; "the sacrificed creature's power" is its power
        as it last existed on the battlefield (608.2h)."""
        label = self.verify(game, choices)
        chars = chars_of(game)[label]
        paid = replace(choices, sacrificed_power=chars.power or 0)
        # CR 701.21a: sacrificed, whatever replaces the move ("you sacrificed a permanent
        # this turn", Goblin Blast-Runner).
        deed = SacrificeRecord(chars.controller, frozenset(chars.types))
        turn = game.this_turn
        game = replace(game, this_turn=replace(turn, sacrificed=(*turn.sacrificed, deed)))
        moved = perform(
            game,
            [Pending(zone_move(game, label, "graveyard"))],
            enter=Entering(self.entering),
            where=self.path,
            step=index,
        )
        return moved.game, paid
