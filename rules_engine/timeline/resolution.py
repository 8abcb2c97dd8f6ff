"""A spell or ability as it resolves (CR 608.2), and what its words read then: the players
and objects a part acts on, amounts counted as the part happens (608.2h)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from rules_engine.affected import Subject
from rules_engine.characteristics import Characteristics
from rules_engine.effects import Condition
from rules_engine.errors import BoardError
from rules_engine.game import Game
from rules_engine.one_shot import OneShot
from rules_engine.oracle.parser import ParsedAbility
from rules_engine.perform import chars_of
from rules_engine.selection import Context, World, condition_holds, count, matches, select
from rules_engine.steps import Choices


@dataclass(frozen=True, slots=True)
class Resolution:
    """Who and what is resolving: a spell (its own label) or a permanent's ability."""

    label: str
    source: str
    source_name: str
    controller: str
    targets: tuple[str, ...]
    choices: Choices
    x: int | None
    path: str
    index: int
    replacements: tuple[str, ...] | None
    is_spell: bool
    # The targets still legal as it began to resolve (CR 608.2b), once that is known: its
    # later parts act on them even if an earlier part made one stop matching (Crash
    # Landing's "loses flying" doesn't save the creature from its damage).
    legal_targets: frozenset[str] | None = None

    @property
    def who(self) -> str:
        """Whose text it is, as ``not_modelled`` names it: the spell, or the permanent."""
        return self.label if self.is_spell else self.source

    def holds(
        self,
        condition: Condition | Literal["kicked"],
        state: dict[str, Characteristics],
        world: World,
    ) -> bool:
        """A resolving spell's "if ..." (608.2c), or "if it was kicked" (702.33d)."""
        if condition == "kicked":
            return bool(self.choices.kicked)
        return condition_holds(condition, state, world, self.context())

    def context(self) -> Context:
        """What its words read as it resolves (CR 608.2): source, controller, targets."""
        return Context(
            self.source, self.controller, self.targets, self.choices, self.x, resolved=True
        )


def players(action: OneShot, res: Resolution, game: Game) -> list[str]:
    """The players a part names ("you", "target player", "each opponent", ...)."""
    if action.players == "you":
        return [res.controller]
    if action.players == "target":
        chosen = res.targets[action.slot] if action.slot is not None else None
        return [chosen] if chosen in game.players else []
    if action.players == "each_opponent":
        return list(game.opponents(res.controller))
    if action.players == "each_player":
        # CR 101.4: in APNAP order.
        start = game.players.index(game.active)
        return list(game.players[start:] + game.players[:start])
    if action.players == "controller":
        first = next((t for t in res.targets if t not in game.players), None)
        chars = chars_of(game).get(first or "")
        return [chars.controller] if chars is not None else []
    return []


def acted_on(
    subject: Subject | None,
    state: dict[str, Characteristics],
    world: World,
    ctx: Context,
    zone: str,
    legal: frozenset[str] | None = None,
) -> list[str]:
    """The objects a one-shot part acts on: those its words name that are in ``zone``, a
    target only if it was legal as the resolution began (CR 608.2b)."""
    if subject is None:
        return []
    return [
        label
        for label in select(subject, state, world, ctx)
        if world.in_zone(label, zone)
        and (
            subject.kind != "targets"
            or (
                label in legal
                if legal is not None
                else any(matches(f, label, state, world, ctx) for f in subject.filters)
            )
        )
    ]


def selected(
    subject: Subject, state: dict[str, Characteristics], world: World, res: Resolution
) -> tuple[str, ...]:
    """The objects its words name now."""
    return tuple(select(subject, state, world, res.context()))


def holds_now(game: Game, condition: Condition | Literal["kicked"], res: Resolution) -> bool:
    """Whether a part's "if ..." holds as it would happen (CR 608.2c)."""
    return res.holds(condition, chars_of(game), World.of(game))


def how_many(game: Game, subject: Subject, res: Resolution) -> int:
    """ "for each creature you control": how many there are as the part happens (608.2h)."""
    ctx = res.context()
    return count(subject, chars_of(game), World.of(game), ctx, res.source)


def fits_in(game: Game, subject: Subject | None, res: Resolution) -> Callable[[str], bool] | None:
    """ "that card" after "You choose a nonland card from it": the cards the words allow."""
    if subject is None:
        return None
    state = chars_of(game)
    world = World.of(game)
    ctx = res.context()
    return lambda label: (
        label in state and any(matches(f, label, state, world, ctx) for f in subject.filters)
    )


_STATS: dict[str, Callable[[Characteristics], int | None]] = {
    "power": lambda c: c.power,
    "toughness": lambda c: c.toughness,
    "mana value": lambda c: c.mana_value,
}


def greatest(game: Game, subject: Subject, res: Resolution, stat: str) -> int:
    """ "the greatest power among creatures you control": read as the part happens (CR
    608.2h); 0 when there are none, and never below 0 (107.1b)."""
    state = chars_of(game)
    world = World.of(game)
    values = [
        value
        for label in select(subject, state, world, res.context())
        if world.objects[label].on_battlefield and (value := _STATS[stat](state[label])) is not None
    ]
    return max([0, *values])


def powers(game: Game, abilities: list[ParsedAbility], res: Resolution) -> dict[str, int]:
    """For parts whose amount is an object's power (or toughness), that value now, where it
    is on the battlefield (keyed by the part's text)."""
    state = chars_of(game)
    world = World.of(game)
    ctx = res.context()
    found: dict[str, int] = {}
    for ability in abilities:
        for action in ability.actions:
            if action.amount_of not in _STATS or action.subject is None:
                continue
            for label in select(action.subject, state, world, ctx):
                power = _STATS[action.amount_of](state[label])
                if world.objects[label].on_battlefield and power is not None:
                    found[action.text] = max(power, 0)
    return found


def chosen_among(res: Resolution, candidates: list[str], what: str) -> str | None:
    """The one of ``candidates`` the step's ``choices.chosen`` names, chosen as the text
    resolves (CR 608.2d), by default the first; None when there is none to choose. Naming
    one that isn't among them is an error that lists them (``what`` says what they are)."""
    chosen = res.choices.chosen
    if chosen is not None and chosen not in candidates:
        raise BoardError(
            f"{res.path}.choices.chosen",
            f"{chosen} is not {what} ({', '.join(candidates) or 'none'})",
        )
    return chosen or (candidates[0] if candidates else None)
