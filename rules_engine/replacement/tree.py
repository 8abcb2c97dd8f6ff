"""The choice tree of an event (CR 616), as typed nodes, and its JSON.

Each node is one moment of resolving the events: someone chooses which
replacement effect to apply (``ChoiceNode``, 616.1), the event happens
(``Happens``), a "can't" effect stops it (``Stopped``, 614.17), someone picks
a card (``CardChoice``), or nothing is left to resolve (``Done``). ``tree_json``
renders the board format's dicts; ``Outcome`` is one distinct result with
every path of choices that leads to it. ``shown_results`` is what a path's
events come to as the answer shows them (typed: ``shown_json`` is its JSON).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.replacement.events import (
    Damage,
    DamageLoss,
    Destroy,
    Draw,
    Enter,
    Event,
    GainLife,
    LoseLife,
    Nothing,
    PutCounters,
    ZoneMove,
    result_json,
)
from rules_engine.replacement.words import ONLY_CARD, WHY_CHOOSER, not_to_apply


@dataclass(frozen=True, slots=True)
class Option:
    """One applicable effect applied (CR 614.6): what the event becomes, and what follows."""

    apply: str  # the effect, as learners see it in paths
    source: str
    source_name: str
    text: str
    prevention: bool
    rule: str  # "615" for a prevention effect, "614" for another replacement effect
    becomes: tuple[Event, ...]
    prevent: int | None  # how much of a shared "prevent the next N" shield (615.7)
    then: Node


@dataclass(frozen=True, slots=True)
class Decline:
    """Leaving a "you may ... instead" unapplied: it then doesn't apply to this event (614.5)."""

    declines: str  # the effect, as learners see it
    then: Node


@dataclass(frozen=True, slots=True)
class ChoiceNode:
    """Someone chooses one of the replacement effects that apply to the event (616.1)."""

    event: Event
    chooser: str | None
    rule: str  # 616.1a-d when some effects must go first, else 616.1e
    candidates: tuple[str, ...]  # every effect that applies now
    forced: tuple[str, ...]  # those that must go first (616.1a-d); empty under 616.1e
    used: tuple[str, ...]  # already applied to this event, so not again (614.5)
    explain: str
    options: tuple[Option | Decline, ...]
    # Offered before, no longer applicable after the last application (616.1f).
    no_longer_applicable: tuple[str, ...] = ()
    # Not in the JSON, for naming effects in learners' words: each candidate's id (as in
    # ``used`` and ``no_longer_applicable``) and its source's name, in ``candidates`` order.
    ids: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    # Not in the JSON: the damage dealt to the same target at the same time as this damage
    # event, which the effects checked against it counted (damage_view.py, CR 510.2).
    alongside: int = 0


@dataclass(frozen=True, slots=True)
class Happens:
    """No effect applies any more, so the event happens (616.1g: with events it contains)."""

    event: Event
    happens: tuple[Event, ...]
    explain: str
    then: Node
    no_longer_applicable: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Stopped:
    """A "can't" effect stops the event, so nothing replaces it (614.17, 614.7)."""

    event: Event
    effect: str
    text: str
    explain: str
    then: Node
    rule: str = "614.17"
    source: str = ""  # the label of the "can't" effect's source (not in the JSON)


@dataclass(frozen=True, slots=True)
class CardOption:
    """One card a player may pick, what then happens, and what follows."""

    choose: str  # the card's name; empty when there is only one card
    happens: tuple[Event, ...]
    then: Node


@dataclass(frozen=True, slots=True)
class CardChoice:
    """A choice that isn't about replacement order: which known card goes where."""

    event: Event
    chooser: str | None
    options: tuple[CardOption, ...]
    no_longer_applicable: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Done:
    """Nothing is left to resolve: every event that happened on this path."""

    results: tuple[Event, ...]

    @property
    def shown(self) -> tuple[Shown, ...]:
        """What happened on this path, as the answer shows it (``shown_results``)."""
        return shown_results(self.results)


Node = ChoiceNode | Happens | Stopped | CardChoice | Done


@dataclass(frozen=True, slots=True)
class Draws:
    """Cards one player draws, shown as one result (each card is one draw, CR 121.2)."""

    player: str
    n: int


# What happened, as the answer shows it: events, with one player's draws as ``Draws``.
Shown = Event | Draws


@dataclass(frozen=True, slots=True)
class Outcome:
    """One distinct result and every choice path that leads to it."""

    results: tuple[Event, ...]
    paths: tuple[tuple[str, ...], ...] = ()

    @property
    def shown(self) -> tuple[Shown, ...]:
        """What happens, as the answer shows it: "nothing" when replacements left nothing."""
        return outcome_results(self.results, replaced=any(self.paths))


def nodes(node: Node) -> Iterator[Node]:
    """The node and every node below it, each before its children, children in order."""
    stack = [node]
    while stack:
        current = stack.pop()
        yield current
        if isinstance(current, ChoiceNode | CardChoice):
            stack.extend(reversed([option.then for option in current.options]))
        elif isinstance(current, Happens | Stopped):
            stack.append(current.then)


def fold_draws(events: Iterable[Event]) -> tuple[Shown, ...]:
    """The events with each player's single draws folded into one ``Draws``, after the rest."""
    rest: list[Shown] = []
    draws: dict[str, int] = {}
    for event in events:
        if isinstance(event, Draw):
            draws[event.player] = draws.get(event.player, 0) + 1
        else:
            rest.append(event)
    return (*rest, *(Draws(player, n) for player, n in draws.items()))


def _changed_damage_losses(events: Sequence[Event]) -> list[LoseLife]:
    """A damage result to a player means that much life lost (CR 120.3a). Where effects
    changed that loss (doubled, stopped, turned into a gain), the loss is shown as it was:
    a ``LoseLife`` ``from_damage``, possibly of 0."""
    expected: dict[str, int] = {}
    actual: dict[str, int] = {}
    for e in events:
        if isinstance(e, DamageLoss):
            expected[e.player] = expected.get(e.player, 0) + e.amount
        elif isinstance(e, LoseLife) and e.from_damage:
            actual[e.player] = actual.get(e.player, 0) + e.amount
    return [
        LoseLife(player, actual.get(player, 0), from_damage=True)
        for player, lost in expected.items()
        if lost != actual.get(player, 0)
    ]


def _shown(event: Event, events: Sequence[Event], sent_elsewhere: set[str]) -> bool:
    if isinstance(event, DamageLoss) or (isinstance(event, LoseLife) and event.from_damage):
        return False  # implied by the damage result, unless changed (_changed_damage_losses)
    if isinstance(event, Destroy) and event.obj in sent_elsewhere:
        return False
    if isinstance(event, Damage) and event.amount <= 0:
        return False  # CR 614.7a: a source that would deal 0 damage deals no damage at all
    if isinstance(event, PutCounters) and event.n == 0:
        return False  # no counters put or removed: nothing to show
    if isinstance(event, LoseLife | GainLife) and event.amount <= 0:
        return False  # no life changed: nothing to show
    if (
        isinstance(event, Enter)
        and event.token
        and not (event.tapped or event.counters or event.copy_of)
    ):
        return False  # a created token's entering is part of "create_tokens" (616.1g)
    if isinstance(event, ZoneMove) and event.implicit:
        return False  # a destroyed permanent going to its graveyard as usual
    return not (isinstance(event, Nothing) and len(events) > 1)


def shown_results(events: Sequence[Event]) -> tuple[Shown, ...]:
    """What happened, as the answer shows it: changed damage losses first, then the events
    worth showing, then each player's draws folded into one ``Draws``."""
    # CR 614.6: a destroyed permanent sent elsewhere instead (Rest in Peace) was never put
    # into its graveyard, so its destruction is shown as where it went instead.
    sent_elsewhere = {
        e.obj
        for e in events
        if isinstance(e, ZoneMove) and not e.implicit and e.from_zone == "battlefield"
    }
    kept = [e for e in events if _shown(e, events, sent_elsewhere)]
    return (*_changed_damage_losses(events), *fold_draws(kept))


def outcome_results(results: Sequence[Event], replaced: bool) -> tuple[Shown, ...]:
    """What happens; when a replacement left nothing at all, that says so (``Nothing``)."""
    shown = shown_results(results)
    if not shown and replaced:
        return (Nothing(),)  # replaced, and in the end nothing happened
    return shown


def shown_json(result: Shown) -> dict[str, Any]:
    """A shown result in the board format's vocabulary (tests/boards/README.md)."""
    if isinstance(result, Draws):
        return {"draw": result.n, "player": result.player}
    if isinstance(result, LoseLife) and result.from_damage:
        return {"lose_life": result.amount, "player": result.player, "from_damage": True}
    return result_json(result)


def tree_json(node: Node) -> dict[str, Any]:
    """The node and all below it as the board format's dicts (tests/boards/README.md).

    One call per level, as deep as the explorer went, so a tree it could build renders.
    """
    if isinstance(node, Done):
        return {"done": [shown_json(r) for r in node.shown]}
    data: dict[str, Any] = {"event": result_json(node.event)}
    if isinstance(node, Stopped):
        data["stopped_by"] = {"effect": node.effect, "text": node.text, "rule": node.rule}
        data["explain"] = node.explain
        data["then"] = tree_json(node.then)
        return data
    if node.no_longer_applicable:
        data["no_longer_applicable"] = list(node.no_longer_applicable)
    if isinstance(node, CardChoice):
        cards: list[dict[str, Any]] = []
        for card in node.options:
            cards.append(
                {
                    "choose": card.choose or ONLY_CARD,
                    "happens": [shown_json(r) for r in shown_results(card.happens)],
                    "then": tree_json(card.then),
                }
            )
        data["choice"] = {"chooser": node.chooser, "options": cards}
        return data
    if isinstance(node, Happens):
        data["happens"] = [result_json(e) for e in node.happens]
        data["explain"] = node.explain
        data["then"] = tree_json(node.then)
        return data
    data["chooser"] = node.chooser
    data["rule"] = node.rule
    data["why_chooser"] = WHY_CHOOSER
    data["candidates"] = list(node.candidates)
    data["forced"] = list(node.forced)
    data["used"] = list(node.used)
    data["explain"] = node.explain
    options: list[dict[str, Any]] = []
    for option in node.options:
        if isinstance(option, Decline):
            options.append(
                {
                    "choose": not_to_apply(option.declines),
                    "declines": option.declines,
                    "then": tree_json(option.then),
                }
            )
            continue
        entry: dict[str, Any] = {
            "apply": option.apply,
            "source": option.source,
            "source_name": option.source_name,
            "text": option.text,
            "prevention": option.prevention,
            "rule": option.rule,
            "becomes": [result_json(e) for e in option.becomes],
        }
        if option.prevent is not None:
            entry["prevent"] = option.prevent
        entry["then"] = tree_json(option.then)
        options.append(entry)
    data["options"] = options
    return data


def results_json(results: Sequence[Event], replaced: bool) -> list[dict[str, Any]]:
    """What happens, as JSON; when a replacement left nothing at all, that says so."""
    return [shown_json(r) for r in outcome_results(results, replaced)]


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    """The outcome as the board format's JSON: its results and every path to it."""
    return {
        "results": results_json(outcome.results, replaced=any(outcome.paths)),
        "paths": [list(path) for path in outcome.paths],
    }
