"""A condition on the kinds of an object listed with commas and "or" ("If that creature is
a Bird, Frog, Otter, or Rat, draw a card.", Splash Portal): any one of them (CR 608.2c)."""

from __future__ import annotations

from rules_engine.effects import AnyOf
from rules_engine.oracle.parser import parse_ability_text


def test_splash_portal_draws_for_any_of_the_four_kinds() -> None:
    text = (
        "Exile target creature you control, then return it to the battlefield under its "
        "owner's control. If that creature is a Bird, Frog, Otter, or Rat, draw a card."
    )
    (ability,) = parse_ability_text(text, "Splash Portal", spell=True)
    assert not ability.gaps and not ability.unperformed
    draw = ability.actions[-1]
    assert draw.kind == "draw"
    assert isinstance(draw.only_if, AnyOf)
    kinds = {next(iter(part.filter.subtypes)) for part in draw.only_if.conditions}
    assert kinds == {"Bird", "Frog", "Otter", "Rat"}
