"""Which abilities "has all ... abilities of [objects]" gains (CR 613.1f, layer 6): "all
activated abilities of" (602.1; mana abilities are activated abilities too, 605.1a), "all
activated and triggered abilities of" (Idris, Soul of the TARDIS), "all loyalty abilities
of" (Nicol Bolas, Dragon-God; 606.3), with "except mana abilities" (Sharkey, Tyrant of the
Shire) or "except for loyalty abilities" after the objects."""

from __future__ import annotations

import re

from rules_engine.oracle.cursor import Cursor
from rules_engine.oracle.keywords import parse_keyword

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
# Keywords that are activated abilities (each rule's "a" says so): equip 702.6a, cycling
# 702.29a, ninjutsu 702.49a, fortify 702.67a, transmute 702.53a, level up 702.87a, unearth
# 702.84a, reinforce 702.77a, scavenge 702.97a, outlast 702.107a, embalm 702.128a,
# eternalize 702.129a, crew 702.122a, boast 702.142a, reconfigure 702.151a, craft 702.167a,
# saddle 702.171a, transfigure 702.71a. A "has all activated abilities of" grant gains them.
_ACTIVATED_KEYWORDS = frozenset(
    {
        "equip",
        "cycling",
        "typecycling",
        "ninjutsu",
        "fortify",
        "transmute",
        "level up",
        "unearth",
        "reinforce",
        "scavenge",
        "outlast",
        "embalm",
        "eternalize",
        "crew",
        "boast",
        "reconfigure",
        "craft",
        "saddle",
        "transfigure",
    }
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


def is_granted(kind: str, cost: str | None, kinds: frozenset[str], text: str = "") -> bool:
    """Is an ability of this kind (``ParsedAbility.kind``), cost and text among those
    gained? A keyword that is an activated ability ("Outlast {1}{W}") counts as one."""
    found = parse_keyword(text) if kind == "keyword" else None
    if found is not None and found.keyword.value.name in _ACTIVATED_KEYWORDS:
        kind = "activated"
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
