"""The rule that decides a layer step, where the answer turns on one (issue #16).

The engine can run a board the way a learner who skips one rule would
(``rules_engine.misreadings``). When skipping CR 613.6 (an effect that began to apply keeps
applying) or CR 611.2c (a resolved effect's objects are fixed when it resolves) changes
whether an effect applies to the object, that rule decides the step, and the stepper says
so in plain words; a step whose order dependency decided says CR 613.8. In the replacement
stepper, a permanent entering is checked as it would exist on the battlefield (CR 614.12):
where reading it as its printed card changes which effects apply, that rule decides.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rules_engine import (
    ChoiceNode,
    Enter,
    EventExploration,
    LayerMisreading,
    Node,
    Option,
    ReplacementMisreading,
    ReplacementSpec,
    Result,
    ability_specs,
    nodes,
)
from tutor.boards.engine import evaluate_board, explore_event
from tutor.boards.event_words import EffectNames, oracle
from tutor.boards.naming import Namer

# Each rule the stepper can name as deciding, the engine with that rule skipped, and why
# it decides, in our words ({effect}, {name}: the effect and the object, learners' names).
SKIPPED = {
    "613.6": (
        LayerMisreading(keep_started=False),
        "{effect} began to apply in an earlier layer, so it keeps applying in this layer "
        "too, to the same objects, even though what made it apply has changed since.",
        "{effect} stopped applying to {name} in an earlier layer: once an effect has begun, "
        "it carries on to the same objects it started with, and {name} was not among them.",
    ),
    "611.2c": (
        LayerMisreading(lock_resolved=False),
        "{effect} comes from a spell or ability that has resolved: the objects it affects "
        "were fixed then, so it still applies to {name} whatever has changed since.",
        "{effect} comes from a spell or ability that has resolved: the objects it affects "
        "were fixed then, and {name} was not one of them, so it doesn't apply.",
    ),
}
DEPENDENCY_KINDS = ("dependency", "depended_on", "loop")


@dataclass(frozen=True)
class Deciding:
    """A rule that decides a step, and why, in plain words."""

    rule: str
    words: str


@lru_cache(maxsize=64)
def _applied(canonical: str, rule: str, label: str) -> frozenset[tuple[str, str]]:
    """(effect id, layer) of each step applied to ``label`` when ``rule`` is skipped."""
    misreading = SKIPPED[rule][0]
    result = evaluate_board(json.loads(canonical), misreading=misreading)
    return frozenset((s.effect, s.layer) for s in result.evaluation.trace if label in s.applies_to)


def skipped_rule_steps(
    result: Result, label: str
) -> dict[str, tuple[frozenset[tuple[str, str]], frozenset[tuple[str, str]]]]:
    """For each rule: the steps applied to ``label`` only because of it, and those that
    would apply without it (they don't, because of it)."""
    canonical = json.dumps(result.board.raw, sort_keys=True)
    right = frozenset((s.effect, s.layer) for s in result.evaluation.trace if label in s.applies_to)
    found = {}
    for rule in SKIPPED:
        try:
            wrong = _applied(canonical, rule, label)
        except Exception:  # noqa: BLE001 - a misreading the board can't take decides nothing
            continue
        found[rule] = (right - wrong, wrong - right)
    return found


def step_deciding(
    decided: dict[str, tuple[frozenset[tuple[str, str]], frozenset[tuple[str, str]]]],
    effect_id: str,
    layer: str,
    effect: str,
    name: str,
    why_kind: str,
    why: str,
) -> tuple[Deciding, ...]:
    """The rules that decide this step (``effect_id`` in ``layer``), in plain words."""
    found = [
        Deciding(rule, SKIPPED[rule][1].format(effect=effect, name=name))
        for rule, (only_with, _) in decided.items()
        if (effect_id, layer) in only_with
    ]
    if why_kind in DEPENDENCY_KINDS:
        found.append(Deciding("613.8", f"Dependency decides the order here: {why}"))
    return tuple(found)


def final_deciding(
    decided: dict[str, tuple[frozenset[tuple[str, str]], frozenset[tuple[str, str]]]],
    effect_name: Namer,
    name: str,
) -> tuple[Deciding, ...]:
    """Effects that would apply to the object but for a rule: said at the result."""
    found = []
    for rule, (_, only_without) in decided.items():
        for effect_id in sorted({eid for eid, _ in only_without}):
            words = SKIPPED[rule][2].format(effect=effect_name(effect_id), name=name)
            found.append(Deciding(rule, words))
    return tuple(found)


# --- A permanent entering (CR 614.12) -------------------------------------------------

AS_PRINTED = ReplacementMisreading(as_it_would_exist=False)
# How it is looked at, in our words: what 614.12 takes into account.
AS_IT_WOULD_BE = (
    "is looked at as it would be on the battlefield, with the continuous effects already "
    "there, its own abilities and any replacement effect already applied to it, not as "
    "the printed card"
)


def _applied_effects(tree: Node) -> dict[str, Option]:
    """Every effect some choice in the tree applies, by its id."""
    return {
        option.apply: option
        for node in nodes(tree)
        if isinstance(node, ChoiceNode)
        for option in node.options
        if isinstance(option, Option)
    }


def _on_itself(option: Option) -> bool:
    """Whether an effect's words name only its own source ("This creature enters tapped"),
    not a group of permanents ("Permanents enter tapped")."""
    try:
        specs = ability_specs(option.text, option.source_name)
    except Exception:  # noqa: BLE001 - words the grammar can't read: say the general thing
        return False
    return any(
        isinstance(spec, ReplacementSpec)
        and spec.objects is not None
        and spec.objects.kind == "self"
        for spec in specs
    )


def entering_deciding(
    board: dict[str, Any], explored: EventExploration, name: Namer, effect: Namer
) -> tuple[Deciding, ...]:
    """Where CR 614.12 decides which effects apply to a permanent entering: the effects
    that apply only because it is checked as it would exist on the battlefield, and those
    that would apply to the printed card (or that are its own, on a group of permanents)
    but don't. ``board`` asks about the event; ``effect`` names an effect by its id."""
    entering = [e for group in explored.asked for e in group if isinstance(e, Enter)]
    if not entering:
        return ()
    try:
        misread = explore_event(board, AS_PRINTED)
    except Exception:  # noqa: BLE001 - a misreading the board can't take decides nothing
        return ()
    right, wrong = _applied_effects(explored.tree), _applied_effects(misread.tree)
    names = {e.obj: name(e.obj) if name(e.obj) != e.obj else e.card.name for e in entering}
    shown = " and ".join(dict.fromkeys(names.values()))
    found = [
        Deciding("614.12", f"{effect(eid)} applies because {shown} {AS_IT_WOULD_BE}.")
        for eid in sorted(right.keys() - wrong.keys())
    ]
    for eid in sorted(wrong.keys() - right.keys()):
        own = names.get(wrong[eid].source)
        if own and _on_itself(wrong[eid]):
            words = (
                f"{own}'s own ability “{oracle(wrong[eid])}” doesn't apply: {own} "
                f"{AS_IT_WOULD_BE}, and that way it doesn't have that ability."
            )
        elif own:
            words = (
                f"{own}'s own effect covers a group of permanents, so it doesn't apply to "
                f"{own} itself as it enters."
            )
        else:
            words = (
                f"{effect(eid)} doesn't apply: {shown} {AS_IT_WOULD_BE}, and that way it "
                "isn't one of the permanents the effect names."
            )
        found.append(Deciding("614.12", words))
    return tuple(found)


def entering_step_deciding(board: dict[str, Any], index: int, name: Namer) -> tuple[Deciding, ...]:
    """Where CR 614.12 decides how step ``index`` of a board, a permanent entering, went:
    the step asked as an event on the board as it stood before it."""
    steps = board.get("steps") or []
    step = steps[index] if 0 <= index < len(steps) else None
    if not isinstance(step, dict) or "enter" not in step:
        return ()
    event = {k: step[k] for k in ("enter", "controller", "as") if k in step}
    asking = {**board, "steps": steps[:index], "ask": {"event": event}}
    try:
        explored = explore_event(asking)
    except Exception:  # noqa: BLE001 - a step the event form can't pose decides nothing here
        return ()
    return entering_deciding(asking, explored, name, EffectNames(explored.tree, name))
