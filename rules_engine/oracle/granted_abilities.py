"""Which abilities "has all ... abilities of [objects]" gains (CR 613.1f, layer 6): "all
activated abilities of" (602.1; mana abilities are activated abilities too, 605.1a), "all
activated and triggered abilities of" (Idris, Soul of the TARDIS), "all loyalty abilities
of" (Nicol Bolas, Dragon-God; 606.3), with "except mana abilities" (Sharkey, Tyrant of the
Shire) or "except for loyalty abilities" after the objects."""

from __future__ import annotations

import re

from rules_engine.oracle.cursor import Cursor

_KINDS = (
    (("all", "activated", "and", "triggered", "abilities", "of"), {"activated", "triggered"}),
    (("all", "activated", "abilities", "of"), {"activated"}),
    (("all", "loyalty", "abilities", "of"), {"loyalty"}),
)
_EXCEPT = (
    (("except", "mana", "abilities"), "activated", "nonmana"),
    (("except", "for", "mana", "abilities"), "activated", "nonmana"),
    (("except", "for", "loyalty", "abilities"), "activated", "nonloyalty"),
    (("except", "loyalty", "abilities"), "activated", "nonloyalty"),
)
# A loyalty ability's cost is a loyalty symbol: +N, −N, 0 or −X (CR 606.3, 118.3).
_LOYALTY_COST = re.compile(r"^[+\-−]?(?:\d+|X)$")


def granted_kinds(cursor: Cursor) -> frozenset[str] | None:
    """The kinds of abilities named at the cursor, moving past "... abilities of"; None
    (cursor unmoved) if the words aren't such a phrase."""
    for words, kinds in _KINDS:
        if cursor.accept(*words):
            return frozenset(kinds)
    return None


def abilities_except(cursor: Cursor, kinds: frozenset[str]) -> frozenset[str]:
    """ "... except mana abilities": the kind named left out (CR 605.1a, 606.3)."""
    for words, kind, narrowed in _EXCEPT:
        if kind in kinds and cursor.accept(*words):
            return (kinds - {kind}) | {narrowed}
    return kinds


def is_granted(kind: str, cost: str | None, kinds: frozenset[str]) -> bool:
    """Is an ability of this kind (``ParsedAbility.kind``) and cost among those gained?"""
    loyalty = kind == "activated" and bool(cost and _LOYALTY_COST.match(cost.strip()))
    if kind in ("activated", "mana") and "activated" in kinds:
        return True
    if kind == "activated" and "nonmana" in kinds:
        return True  # CR 605.1a: a mana ability's kind is "mana"
    if kind in ("activated", "mana") and "nonloyalty" in kinds:
        return not loyalty
    if "loyalty" in kinds:
        return loyalty
    return kind == "triggered" and "triggered" in kinds
