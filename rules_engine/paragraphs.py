"""A spell's targets across its paragraphs (CR 601.2c): each paragraph of its text is read on
its own, numbering its targets from 0, while the spell's targets are chosen in the order of
the whole text. Paragraphs that choose targets of their own have their numbers moved past
the targets of the paragraphs before them (Seeds of Strength's three "target creature", a
fused split card's two halves); a paragraph that only names a target chosen before it
("That creature gets -13/-13 instead ...") keeps its numbers.
"""

from __future__ import annotations

import re
from dataclasses import fields, is_dataclass, replace
from typing import Any

from rules_engine.affected import Filter, Subject
from rules_engine.effects import EffectSpec
from rules_engine.one_shot import OneShot
from rules_engine.oracle.parser import ParsedAbility

_NOT_RESOLVING = (
    "activated",
    "triggered",
    "mana",
    "keyword",
    "modal",
    "casting_rule",  # strive: "costs {R} more for each target beyond the first"
    "additional_cost",
    "part",  # part of another paragraph's ability: a die roll's results row (CR 706.3b)
    "outside_game",  # during the draft (CR 905.2)
)


def _subjects(ability: ParsedAbility) -> list[Subject]:
    found = [spec.subject for spec in ability.effects]
    found += [s for a in ability.actions for s in (a.subject, a.other) if s is not None]
    return found


def _own_slots(ability: ParsedAbility) -> set[int]:
    """The target numbers this paragraph chooses itself ("target creature")."""
    slots = {
        slot for s in _subjects(ability) if "target" in s.words.lower() for slot in s.target_slots
    }
    # "Creatures target player controls": the player is a target of this paragraph (115.1).
    slots |= {
        f.player_slot
        for s in _subjects(ability)
        if "target" in s.words.lower()
        for f in s.filters
        if f.controller == "target_player"
    }
    slots |= {a.slot for a in ability.actions if a.slot is not None and "target" in a.text.lower()}
    return slots


def _refers(ability: ParsedAbility) -> bool:
    """Does it also name a target it didn't choose ("that creature")?"""
    return any(s.target_slots and "target" not in s.words.lower() for s in _subjects(ability))


def _unread_targets(ability: ParsedAbility) -> bool:
    """A target in words the engine didn't read as a subject (a prevention shield's)."""
    read = " ".join(s.words for s in _subjects(ability)) + " ".join(
        a.text for a in ability.actions if a.slot is not None
    )
    return bool(re.search(r"\btarget\b", ability.text, re.I)) and not re.search(
        r"\btarget\b", read, re.I
    )


def offsets(abilities: list[ParsedAbility]) -> tuple[list[int], list[ParsedAbility]]:
    """Each paragraph's first target number in the spell's list, and the paragraphs whose
    targets can't be placed (they both choose targets and name an earlier one, or choose
    them in words the engine doesn't read), which the caller names as not modelled."""
    result: list[int] = []
    unplaced: list[ParsedAbility] = []
    taken = 0
    for ability in abilities:
        if ability.kind in _NOT_RESOLVING:
            result.append(0)
            continue
        own = _own_slots(ability)
        if taken and (_unread_targets(ability) or (own and _refers(ability))):
            unplaced.append(ability)
        if _unread_targets(ability) and not own:
            taken += 1  # at least one target, which later paragraphs can't be placed after
            result.append(0)
            continue
        result.append(taken if own else 0)
        if own:
            taken += max(own) + 1
    return result, unplaced


def shifted(ability: ParsedAbility, k: int) -> ParsedAbility:
    """The paragraph with every target number it uses moved up by ``k``."""
    if k == 0:
        return ability
    return replace(
        ability,
        effects=tuple(_shift_spec(spec, k) for spec in ability.effects),
        actions=tuple(_shift_action(action, k) for action in ability.actions),
    )


def _shift_spec(spec: EffectSpec, k: int) -> EffectSpec:
    spec = _shift(spec, k)
    return replace(
        spec,
        targets_used=spec.targets_used + k,
        min_targets=spec.min_targets + k if spec.min_targets is not None else None,
    )


def _shift_action(action: OneShot, k: int) -> OneShot:
    action = _shift(action, k)
    return replace(action, slot=action.slot + k if action.slot is not None else None)


def _shift(value: Any, k: int) -> Any:
    if isinstance(value, Subject):
        return replace(
            value,
            target_slots=tuple(s + k for s in value.target_slots),
            filters=tuple(_shift(f, k) for f in value.filters),
        )
    if isinstance(value, Filter):
        changes: dict[str, Any] = {}
        if value.controller == "target_player":
            changes["player_slot"] = value.player_slot + k
        if value.like_target is not None:
            changes["like_target"] = (value.like_target[0], value.like_target[1] + k)
        return replace(value, **changes) if changes else value
    if isinstance(value, tuple):
        return tuple(_shift(v, k) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in fields(value):
            if not f.init:
                continue
            old = getattr(value, f.name)
            new = _shift(old, k)
            if new is not old:
                changes[f.name] = new
        return replace(value, **changes) if changes else value
    return value
