"""Which objects a replacement or "can't" effect's words name ("~", "enchanted creature",
"target creature", a filter), read the same way by replacement families (families.py)
and "can't" effects (cants.py)."""

from __future__ import annotations

from rules_engine.affected import Subject
from rules_engine.replacement.in_play import ActiveReplacement
from rules_engine.replacement.state import EnteringView, EventState
from rules_engine.selection import Context, matches


def effect_context(active: ActiveReplacement) -> Context:
    """What the effect's words read: its source, controller, targets and choices."""
    return Context(
        active.source, active.controller, active.targets, active.choices, resolved=active.resolved
    )


def object_fits(
    subject: Subject | None,
    label: str,
    active: ActiveReplacement,
    board: EventState,
    view: EnteringView | None = None,
) -> bool:
    """Is this object one the effect's words name ("~", "enchanted creature", a filter)?"""
    if subject is None:
        return False
    state = view.state if view is not None else board.chars
    if label not in state:
        return False
    if subject.kind == "self":
        return label == active.source
    if subject.kind == "targets" and subject.target_slots:
        # "target creature" is the first target; "another target creature" the next one.
        return label in [active.targets[i] for i in subject.target_slots if i < len(active.targets)]
    if subject.kind == "targets" or (subject.kind == "antecedent" and active.resolved):
        # "Untap target attacking creature. Prevent ... that creature": its target; "up to
        # two target creatures": any of them.
        return label in active.targets
    if subject.kind == "attached":
        source = board.game.object(active.source)
        return source is not None and source.attached_to == label
    world = view.world if view is not None else board.world
    ctx = effect_context(active)
    return any(matches(f, label, state, world, ctx) for f in subject.filters)
