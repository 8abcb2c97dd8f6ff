"""The trace as a table a person can read (``evaluate --explain``)."""

from __future__ import annotations

from collections.abc import Mapping

from rules_engine.ability_lines import shown_ability
from rules_engine.ask.characteristics import Result, display_ids
from rules_engine.effects import LAYER_TITLES
from rules_engine.game import GameObject


def _changes(
    before: Mapping[str, Mapping[str, object]], after: Mapping[str, Mapping[str, object]]
) -> str:
    pieces = []
    for label in after:
        diffs = [
            f"{key} {_short(before[label].get(key))} -> {_short(value)}"
            for key, value in after[label].items()
            if before[label].get(key) != value
        ]
        pieces.append(f"{label}: {'; '.join(diffs) if diffs else 'no change'}")
    return " | ".join(pieces) if pieces else "(applies to nothing)"


def _short(value: object) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return str(value)


def explain_table(result: Result) -> str:
    names = display_ids(result.evaluation)
    lines = [f"Board: {result.board.title or '(untitled)'}", ""]
    current = None
    for step in result.evaluation.trace:
        if step.layer != current:
            current = step.layer
            lines.append(f"Layer {step.layer} - {LAYER_TITLES[step.layer]}")
        why = step.why.kind
        on = ", ".join(names.get(e, e) for e in step.why.on)
        reason = {
            "cda": "characteristic-defining ability, applies first",
            "timestamp": "timestamp order",
            "dependency": f"waited for {on} (dependency)",
            "depended_on": f"applies ahead of {on}, which depend on it",
            "loop": f"dependency loop with {on}: timestamp order",
            "rule": "rule",
        }[why]
        lines.append(
            f"  [{step.rule}] {names.get(step.effect, step.effect)} (ts {step.timestamp}, "
            f"from {step.source_name}): {step.effect_text}"
        )
        lines.append(f"      why now: {reason} ({step.why.rule})")
        if step.note:
            lines.append(f"      note: {step.note}")
        lines.append(f"      {_changes(step.before, step.after)}")
        if step.vanished:
            lines.append(
                f"      no longer exists: {', '.join(names.get(e, e) for e in step.vanished)}"
            )
    if result.sbas:
        lines.append("")
        lines.append("State-based actions:")
        for sba in result.sbas:
            lines.append(f"  [{sba.rule}] {sba.object}: {sba.action} ({sba.reason})")
    lines.append("")
    lines.append("Final characteristics:")
    for obj in result.game.objects:
        if obj.zone != "battlefield":
            continue
        c = result.evaluation.chars[obj.label]
        pt = f" {c.power}/{c.toughness}" if c.power is not None else ""
        type_line = " ".join(c.supertypes + c.types)
        if c.subtypes or c.all_creature_types:
            type_line += (
                " - "
                + " ".join(c.subtypes)
                + (" (every creature type)" if c.all_creature_types else "")
            )
        colors = "".join(x for x in "WUBRG" if x in c.colors) or "colorless"
        lines.append(f"  {obj.label}: {c.name or '(face down)'} [{type_line}] {colors}{pt}")
        for ability in c.abilities:
            shown = shown_ability(
                ability.text,
                c.name or "this permanent",
                class_level=obj.choices.class_level,
                counters=dict(obj.counters),
            )
            lines.append(f"      {shown}")
        lines += _exiled_with(result.game.objects, obj.label, c.name)
    return "\n".join(lines)


def _exiled_with(objects: tuple[GameObject, ...], label: str, name: str | None) -> list[str]:
    """The cards exiled with the permanent, which its linked abilities read (CR 607.2a)."""
    cards = [o.card.name for o in objects if o.exiled_with == label and o.zone == "exile"]
    if not cards:
        return []
    return [f"      exiled with {name or label} (CR 607.2a): {', '.join(cards)}"]
