"""A static ability's effect that outlasts its source: "If ~ leaves the battlefield, this
effect continues until end of turn." (Titania's Song).

While its source is on the battlefield the effect is a static ability's, applying at all
times to whatever its text indicates (CR 611.3a, 611.3b). As the source leaves, the ability
is gone, and what continues is that one effect on the objects it affected at that moment:
nothing left to read its text again, so its set no longer changes (as for an effect that
doesn't come from a static ability, CR 611.2c). It keeps the timestamp it had (613.7a: the
same effect, not a new one) and lasts until end of turn, which a board says with an
``{"end": LABEL}`` step naming the source (the board has no end of turn of its own).
"""

from __future__ import annotations

from collections.abc import Collection

from rules_engine.game import Game, ResolvedEffect
from rules_engine.layers import rules_evaluation


def lingering_effects(game: Game, leaving: Collection[str]) -> tuple[ResolvedEffect, ...]:
    """The lingering effects of the permanents in ``leaving``, read from ``game`` just before
    they leave: each with the objects it was applied to (the first layer it applied in
    fixed its set, CR 613.6)."""
    if not leaving:
        return ()
    evaluation = rules_evaluation(game)
    sets: dict[str, tuple[str, ...]] = {}
    for step in evaluation.trace:
        effect = evaluation.effects.get(step.effect)
        if effect is None or effect.kind != "static" or effect.source not in leaving:
            continue
        if effect.spec.lingers:
            sets.setdefault(effect.eid, step.applies_to)
    found: list[ResolvedEffect] = []
    for eid, affected in sets.items():
        effect = evaluation.effects[eid]
        obj = game.object(effect.source)
        if obj is None or not affected:
            continue
        chars = evaluation.chars.get(effect.source)
        found.append(
            ResolvedEffect(
                # Its own id: the source may come back as a new object with the same label,
                # whose static ability is another effect (CR 400.7).
                f"{eid}.lingering",
                effect.source,
                effect.spec,
                effect.source,
                effect.source_name,
                chars.controller if chars is not None else obj.controller,
                effect.timestamp,
                obj.order,
                affected,
                (),
                obj.choices,
                obj.x,
            )
        )
    return tuple(found)
