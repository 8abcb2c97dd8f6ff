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
PREVENT_AND_MILL = re.compile(
    r"^if (?:damage would be dealt to (?P<tgt>you|an opponent)|(?>(?P<src>[^,]+?) would deal )"
    r"damage to (?P<tgt2>you|an opponent)), prevent that damage and (?:(?P<you>mill)|each "
    r"opponent mills) (?P<twice>twice )?that many cards$"
)


def _prevent_and_mill(m: re.Match[str], s: Sentence) -> Spec | None:
    src, choice = damage_source_in(m["src"], s.text)
    if choice:
        return None  # "a source of your choice" is a resolved shield's, not this static shape
    return DamageSpec(
        s.text,
        Family.PREVENT_STATIC,
        prevention=True,
        target=who_in(m["tgt"] or m["tgt2"], s.text),
        source=src,
        player="you" if m["you"] else "opponent",
        factor=2 if m["twice"] else 1,
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
