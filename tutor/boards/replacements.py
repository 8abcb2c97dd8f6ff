"""The replacement effects a board's steps met (CR 614-616), in learners' words.

The engine records, for each step whose event met replacement or prevention
effects, the order it applied them, whether that was its default, and every
distinct outcome the rules allowed (``Game.choices_made``). ``replacement_story``
is the one place that words such a choice: the builder's order form, the layer
stepper and the share page all show what it returns. Card names only: never
a board's labels or the engine's effect ids.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine import (
    Damage,
    Destroy,
    Enter,
    Prevented,
    PutCounters,
    Regenerate,
    RemoveDamage,
    Shown,
    StepChoice,
    ZoneMove,
    outcome_results,
)
from tutor.boards.deciding import Deciding
from tutor.boards.event_words import ZONES, Namer, namer, outcome_words

Names = Mapping[str, str]


@dataclass(frozen=True)
class OrderOption:
    """One legal order of the effects (a path of the engine's choice tree) and its outcome."""

    value: str  # the effect ids joined by ",": what the builder's form posts
    path: tuple[str, ...]
    order: str  # "Hardened Scales first, then Doubling Season"
    outcome: str  # "Grizzly Bears gets 4 +1/+1 counters"
    default: bool  # the order the engine takes when the board doesn't choose
    taken: bool  # the order the board takes now

    @property
    def words(self) -> str:
        return f"{self.order} → {self.outcome}" if self.outcome else self.order


@dataclass(frozen=True)
class ReplacementStory:
    """A step's event and the replacement effects it met, told for learners."""

    step: int | None  # the board's step (None: a state-based action after the last one)
    effects: tuple[str, ...]  # card names of the effects applied, in order
    would: str  # "Grizzly Bears would get 1 +1/+1 counter"
    instead: str  # "Grizzly Bears gets 4 +1/+1 counters" ("" when not known)
    rule: str  # "616.1" when there was an order to choose, else "614" or "615"
    sentence: str  # "Hardened Scales and Doubling Season both apply (CR 616.1): ..."
    default: bool  # the board didn't choose: the engine took its default order
    options: tuple[OrderOption, ...]  # every legal order, when the orders lead apart
    counters: frozenset[tuple[str, str]]  # (label, kind) of counters the step put on
    objects: frozenset[str]  # labels of the objects the outcome concerns
    # The rule that decides which effects applied (CR 614.12 for a permanent entering).
    deciding: tuple[Deciding, ...] = ()

    @property
    def asks(self) -> bool:
        """The builder should ask: the orders lead to different results, and the board
        hasn't chosen one."""
        return self.default and len(self.options) > 1

    @property
    def chosen(self) -> bool:
        return not self.default and len(self.options) > 1

    @property
    def taken(self) -> OrderOption | None:
        return next((o for o in self.options if o.taken), None)


def _count(n: Any, kind: str) -> str:
    return f"{n} {kind} counter" if n == 1 else f"{n} {kind} counters"


def effect_names(choice: StepChoice, name: Namer) -> dict[str, str]:
    """Each effect id's source, as learners know it ("season#1" -> "Doubling Season", or
    "the second Doubling Season"); two effects of one card are told apart by number
    ("Doubling Season (2)")."""
    found: dict[str, str] = {}
    for eid, aliases in dict(choice.names).items():
        label = re.split(r"[#@:]", eid, maxsplit=1)[0]
        shown = name(label)
        others = [a for a in aliases if a not in (eid, label) and not ID_LIKE.search(a)]
        found[eid] = shown if shown != label else (others[0] if others else "an effect")
    counts: dict[str, int] = {}
    for shown in found.values():
        counts[shown] = counts.get(shown, 0) + 1
    seen: dict[str, int] = {}
    for eid, shown in list(found.items()):
        if counts[shown] > 1:
            seen[shown] = seen.get(shown, 0) + 1
            found[eid] = f"{shown} ({seen[shown]})"
    return found


# An engine id rather than a name: "season#1", "bears:+1/+1", "servant@p0".
ID_LIKE = re.compile(r"[#@:]|^[a-z0-9_-]+$")


def _and(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _order_words(path: Sequence[str], effect: Mapping[str, str]) -> str:
    named = [effect.get(eid, eid) for eid in path]
    if not named:
        return "None of them"
    if len(named) == 1:
        return f"Only {named[0]}"
    return f"{named[0]} first, then " + ", then ".join(named[1:])


def _would(step: Mapping[str, Any] | None, name: Any) -> str:
    """What the step's event would have done with no replacement effect."""
    if not step:
        return ""
    if "counters" in step:
        return f"{name(step['on'])} would get {_count(step.get('n', 1), step['counters'])}"
    if "damage" in step:
        return f"{step['damage']} damage would be dealt to {name(step['on'])}"
    if "leave" in step:
        zone = ZONES.get(step.get("to", "graveyard"), step.get("to", "graveyard"))
        return f"{name(step['leave'])} would go to {zone}"
    if "enter" in step:
        return f"{name(step.get('as') or step['enter'])} would enter the battlefield"
    if "cast" in step:
        return f"{name(step.get('as') or step['cast'])} would do what it says"
    if "activate" in step:
        return f"{name(step['activate'])}'s ability would do what it says"
    return ""


def _short(step: Mapping[str, Any] | None, results: Sequence[Shown] | None, instead: str) -> str:
    """ "4 counters instead of 1" for a counters step, else what happened."""
    if step and "counters" in step and results and len(results) == 1:
        only = results[0]
        if isinstance(only, PutCounters) and (only.on, only.kind) == (
            step.get("on"),
            step.get("counters"),
        ):
            return f"{only.n} counters instead of {step.get('n', 1)}"
    if not instead:
        return ""
    # An outcome may already say it ("Shock goes to exile instead"): never "instead instead".
    return instead if instead.endswith(" instead") else f"{instead} instead"


def _touched(results: Iterable[Shown]) -> tuple[set[tuple[str, str]], set[str]]:
    """The (object, kind) of counters the results put on, and the objects they concern."""
    counters: set[tuple[str, str]] = set()
    objects: set[str] = set()
    for result in results:
        if isinstance(result, PutCounters):
            counters.add((result.on, result.kind))
            objects.add(result.on)
        elif isinstance(result, Enter):
            objects.add(result.obj)
            counters.update((result.obj, kind) for kind, n in result.counters if n > 0)
        elif isinstance(result, Damage | Prevented):
            objects.add(result.target)
        elif isinstance(result, ZoneMove | Destroy | Regenerate | RemoveDamage):
            objects.add(result.obj)
    return counters, objects


def replacement_story(
    choice: StepChoice,
    *,
    step: Mapping[str, Any] | None,
    names: Names,
    controllers: Names | None = None,
) -> ReplacementStory:
    """One step's replacement choice in words.

    ``step``: the board's step (what would have happened); ``names``: each label's card
    name. What happened is the engine's, from the path taken (``StepChoice.results``).
    """
    name = namer(names, controllers)
    effect = effect_names(choice, name)
    outcomes = [(outcome.shown, list(outcome.paths)) for outcome in choice.outcomes]
    happened = outcome_results(choice.results, bool(choice.path))
    options: list[OrderOption] = []
    for shown, paths in outcomes:
        for path in paths:
            if path == choice.path:
                happened = shown
            options.append(
                OrderOption(
                    value=",".join(path),
                    path=path,
                    order=_order_words(path, effect),
                    outcome=outcome_words(shown, name),
                    default=choice.default and path == choice.path,
                    taken=path == choice.path,
                )
            )
    applied = tuple(effect.get(eid, eid) for eid in choice.path)
    instead = outcome_words(happened, name) if happened is not None else ""
    counters, objects = _touched(happened or ())
    for shown, _ in outcomes:
        more_counters, more_objects = _touched(shown)
        counters |= more_counters
        objects |= more_objects
    if step and "counters" in step:
        counters.add((str(step["on"]), str(step["counters"])))
        objects.add(str(step["on"]))
    prevention = any(isinstance(r, Prevented) for r in happened or ())
    rule = "616.1" if len(applied) > 1 else ("615" if prevention else "614")
    if len(applied) > 1:
        both = "both apply" if len(applied) == 2 else "all apply"
        opening = f"{_and(applied)} {both} (CR {rule}): applied " + ", then ".join(applied)
    elif applied:
        opening = f"{applied[0]} applies (CR {rule})"
    else:
        opening = f"No replacement effect was applied (CR {rule})"
    short = _short(step, happened, instead)
    sentence = f"{opening}: {short}" if short else opening
    if len(options) > 1:
        sentence += " (the default order)" if choice.default else " (the order chosen)"
    return ReplacementStory(
        step=choice.step,
        effects=applied,
        would=_would(step, name),
        instead=instead,
        rule=rule,
        sentence=sentence,
        default=choice.default,
        options=tuple(options),
        counters=frozenset(counters),
        objects=frozenset(objects),
    )
