"""The choice tree of an event (CR 616), as typed nodes, and its JSON.

Each node is one moment of resolving the events: someone chooses which
replacement effect to apply (``ChoiceNode``, 616.1), the event happens
(``Happens``), a "can't" effect stops it (``Stopped``, 614.17), someone picks
a card (``CardChoice``), or nothing is left to resolve (``Done``). ``tree_json``
renders the board format's dicts; ``Outcome`` is one distinct result with
every path of choices that leads to it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.replacement.events import Event, merge_results, result_json
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


Node = ChoiceNode | Happens | Stopped | CardChoice | Done


@dataclass(frozen=True, slots=True)
class Outcome:
    """One distinct result and every choice path that leads to it."""

    results: tuple[Event, ...]
    paths: tuple[tuple[str, ...], ...] = ()


def tree_json(node: Node) -> dict[str, Any]:
    """The node and all below it as the board format's dicts (tests/boards/README.md).

    One call per level, as deep as the explorer went, so a tree it could build renders.
    """
    if isinstance(node, Done):
        return {"done": merge_results(list(node.results))}
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
                    "happens": merge_results(list(card.happens)),
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
    shown = merge_results(list(results))
    if not shown and replaced:
        return [{"nothing": True}]  # replaced, and in the end nothing happened
    return shown


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    """The outcome as the board format's JSON: its results and every path to it."""
    return {
        "results": results_json(outcome.results, replaced=any(outcome.paths)),
        "paths": [list(path) for path in outcome.paths],
    }
