"""Rows for preventions whose additional part mills cards (CR 615.5, 701.17a): "If damage
would be dealt to you, prevent that damage and mill twice that many cards" (Angel of
Suffering), "If a source you control would deal damage to an opponent, prevent that damage
and each opponent mills that many cards" (The Mindskinner)."""

from __future__ import annotations

import re

from rules_engine.replacement.phrases import damage_source_in, who_in
from rules_engine.replacement.rows.row import Row, Sentence
from rules_engine.replacement.specs import DamageSpec, Family, PerPrevented, Spec

# CR 615.1a, 615.5: who is dealt the damage is a player ("you", "an opponent"); who mills is
# the prevention's controller ("mill") or each of their opponents ("each opponent mills").
# "If combat damage would be dealt to ~, prevent that damage and exile that many cards from the
# top of your library" (Gloom Surgeon): the same cards, to exile (CR 406.3).
PREVENT_AND_MILL = re.compile(
    r"^if (?:(?P<combat>combat )?damage would be dealt to (?P<tgt>you|an opponent|~)|(?>(?P<src>"
    r"[^,]+?) would deal )damage to (?P<tgt2>you|an opponent)), prevent that damage and "
    r"(?:(?P<you>mill)|each opponent mills|(?P<exile>exile)) (?P<twice>twice )?that many cards"
    r"(?P<top> from the top of your library)?$"
)


def _prevent_and_mill(m: re.Match[str], s: Sentence) -> Spec | None:
    src, choice = damage_source_in(m["src"], s.text)
    if choice or bool(m["exile"]) != bool(m["top"]):
        # "a source of your choice" is a resolved shield's; "exile that many cards" says from
        # where only with "from the top of your library", and milling never does.
        return None
    return DamageSpec(
        s.text,
        Family.PREVENT_STATIC,
        prevention=True,
        combat_only=bool(m["combat"]),
        target=who_in(m["tgt"] or m["tgt2"], s.text),
        source=src,
        player="opponent" if m["you"] is None and m["exile"] is None else "you",
        factor=2 if m["twice"] else 1,
        to_zone="exile" if m["exile"] else "graveyard",
        per_prevented=PerPrevented.MILL,
    )


ROWS: tuple[Row, ...] = (
    Row(
        Family.PREVENT_STATIC,
        PREVENT_AND_MILL,
        _prevent_and_mill,
        rule="615.5",
        example="If damage would be dealt to you, prevent that damage and mill twice that many cards.",
        card="Angel of Suffering",
        priority=1290,
    ),
)
