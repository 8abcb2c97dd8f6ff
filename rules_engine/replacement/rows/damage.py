"""Rows for damage replaced (CR 614.1a, 614.15): doubled, capped, set, turned into
counters, a spell's own "instead", and Worship's floor on a life total.
"""

from __future__ import annotations

import re

from rules_engine.effects import AffectedStat, Condition, Expr
from rules_engine.replacement.phrases import (
    THE_TARGET,
    condition_in,
    count_in,
    damage_source_in,
    number,
    source_in,
    who_in,
)
from rules_engine.replacement.rows.row import Row, Sentence
from rules_engine.replacement.specs import DamageSpec, Family, Mark, Spec

_T = re.compile

# CR 614.1a. Without "to ..." it watches all the damage its source deals (Blind Fury's
# "to a creature this turn" is a resolved effect's; "to you" may be repeated at the end).
# "Each time target permanent would deal damage ..." (Overblaze) is the same replacement;
# "half that damage, rounded down" (Ghosts of the Innocent); "to equipped creature" repeated
# at the end (Inquisitor's Flail).
# "this turn" may come before "to" (Isengard Unleashed); "twice that much damage" is double
# (Neriv); "... to a permanent or player while <condition>" (The Rollercrusher Ride) is checked
# as the damage would be dealt (the builder splits the condition off).
DAMAGE_MODIFY = _T(
    r"^(?:if|each time) (?>(?P<src>.+?) would deal )(?P<combat>noncombat |combat )?damage"
    r"(?: this turn)?(?: to (?P<tgt>.+?))?(?: this turn)?, (?:it|that source) deals "
    r"(?P<mod>double|triple|twice that much damage|"
    r"that much damage (?:plus (?P<plus>\w+)|minus (?P<minus>\w+))|"
    r"half that damage, rounded (?P<round>down|up),)"
    r"(?: that damage)?(?: to (?:that (?:permanent or player|player or permanent|player|"
    r"permanent|creature)|you|~|it|equipped creature|enchanted creature))? instead$"
)


# CR 614.1a: "Double all damage that creature sources you control would deal" (Absorbing Man
# and Titania), "Double all damage equipped creature would deal" (Mjolnir): the same
# replacement as "If ... would deal damage, it deals double that damage instead".
DOUBLE_ALL = _T(
    r"^double all (?P<combat>noncombat |combat )?damage (?:that )?(?>(?P<src>.+?) would deal)"
    r"(?: to (?P<tgt>.+?))?(?: this turn)?$"
)


# CR 614.1a: a number counted as the damage would be dealt: "it deals that much damage plus
# an amount of damage equal to the number of fire counters on ~ instead" (Fated Firepower),
# "instead it deals that much damage plus X, where X is ~'s power" (Hawkeye, Young Avenger).
DAMAGE_PLUS_COUNT = _T(
    r"^if (?>(?P<src>.+?) would deal )(?P<combat>noncombat |combat )?damage(?: to "
    r"(?P<tgt>[^,]+?))?(?: this turn)?, (?:instead )?(?:it|that source) deals that much damage "
    r"plus (?:an amount of damage equal to (?P<count>.+) instead|x(?: instead)?, where x is "
    r"(?P<x>.+))$"
)


# CR 614.1a: "If a red source you control would deal an amount of noncombat damage less than
# ~'s power to an opponent, that source deals damage equal to ~'s power instead" (Ojer
# Axonil): the amount is raised to the number, counted as the damage would be dealt.
RAISE_TO_COUNT = _T(
    r"^if (?>(?P<src>.+?) would deal an amount of )(?P<combat>noncombat |combat )?damage less "
    r"than (?P<x>~'s power|~'s toughness) to (?P<tgt>[^,]+), (?:that source|it) deals damage "
    r"equal to (?P=x) instead$"
)


def _raise_to_count(m: re.Match[str], s: Sentence) -> Spec | None:
    src, _ = source_in(m["src"], s.text)
    return DamageSpec(
        s.text,
        Family.DAMAGE_MODIFY,
        source=src,
        target=who_in(m["tgt"], s.text),
        count=_source_count(m["x"], s.text),
        marks=frozenset({Mark.RAISE_TO_COUNT}),
        combat_only=m["combat"] == "combat ",
        noncombat_only=m["combat"] == "noncombat ",
    )


# Worship, Ali from Cairo, Elderscale Wurm ("as long as you have 7 or more life ... 7").
WORSHIP = _T(
    r"^(?:(?P<creature>if you control a creature), |as long as you have (?P<min>\w+) or more "
    r"life, )?damage that would reduce your life total to less than (?P<floor>\w+) reduces it "
    r"to (?P=floor) instead$"
)


# CR 120.3c, 614.1a: "if damage dealt to a planeswalker you control of the chosen type would
# result in all loyalty counters on it being removed, instead all but one of those counters are
# removed" (Deification, with "As long as you control a creature, " before it: checked as the
# damage would be dealt, 611.3a): the damage is dealt, but it removes one loyalty counter fewer
# than the planeswalker has.
LOYALTY_FLOOR = _T(
    r"^(?:as long as (?P<cond>[\w ]+), )?if damage dealt to (?P<what>[\w ]+?) would result in "
    r"all loyalty counters on it being removed, instead all but one of those counters are "
    r"removed$"
)


# CR 614.1a: damage replaced by counters (Phytohydra, Force Bubble). It is a replacement, not
# a prevention: "damage can't be prevented" doesn't stop it (615.12 is about prevention).
DAMAGE_TO_COUNTERS = _T(
    r"^if (?:(?P<combat>(?:non)?combat )?damage would be dealt to (?P<tgt>.+?)|(?>(?P<src>.+?) would "
    r"deal )(?P<combat2>(?:non)?combat )?damage to (?P<tgt2>.+?)), put that many (?P<kind>\S+) "
    r"counters on (?P<on>~|it|that creature|that permanent) instead$"
)


# CR 614.15, 616.1a: a spell's own "instead" on the damage it deals (Torch the Tower's "If
# this spell was bargained, instead it deals 3 damage to that permanent and you scry 1": a
# scry changes nothing on a board, which keeps the cards on top, 701.22a): "If ~ was kicked, it
# deals 4 damage to that creature instead"; Cackling Flames' "~ deals 5 damage to that
# permanent or player instead if you have no cards in hand".
SELF_DAMAGE = _T(
    r"^(?:if (?P<before>.+?), (?:instead )?)?(?:~|it) deals (?P<n>\w+)(?: plus (?P<plus>\w+))? "
    r"damage(?: to "
    r"(?:that (?:permanent or player|player or planeswalker|creature or player|creature or "
    r"planeswalker|creature|player|planeswalker|permanent)|it|each of those targets))?"
    r"(?P<instead> instead)?(?: and you scry (?P<scry>\w+))?(?: if (?P<after>.+))?$"
)


# CR 614.1a, 615.1a: effects that watch how much damage a source would deal: "If a source
# would deal 3 or less damage to ~, prevent that damage" (Callous Giant); "If a source would
# deal 4 or more damage to a permanent or player, that source deals 3 damage to that
# permanent or player instead" (Divine Presence).
DAMAGE_THRESHOLD = _T(
    r"^if (?>(?P<src>.+?) would deal )(?P<n>\w+) or (?P<dir>more|less) damage to (?P<tgt>.+?)"
    r"(?P<turn> this turn)?, (?:prevent that damage|(?:it|that source) deals (?P<m>\w+) damage "
    r"to (?:that (?:permanent or player|player or permanent|player|permanent|creature)|you|~|"
    r"it) instead)$"
)


def _damage_threshold(m: re.Match[str], s: Sentence) -> Spec | None:
    watched, chosen = source_in(m["src"], s.text)
    n = number(m["n"], s.text)
    shield = Family.PREVENT_SHIELD if m["turn"] else Family.PREVENT_STATIC  # a resolved one lasts
    return DamageSpec(
        s.text,
        Family.DAMAGE_MODIFY if m["m"] else shield,
        prevention=not m["m"],
        shield="this_turn" if m["turn"] and not m["m"] else None,
        target=who_in(m["tgt"], s.text),
        source=watched,
        source_choice=chosen,
        at_least=n if m["dir"] == "more" else None,
        at_most=n if m["dir"] == "less" else None,
        set_to=number(m["m"], s.text) if m["m"] else None,
    )


def _damage_to_counters(m: re.Match[str], s: Sentence) -> Spec | None:
    combat = m["combat"] or m["combat2"] or ""
    src, choice = damage_source_in(m["src"], s.text)
    return DamageSpec(
        s.text,
        Family.DAMAGE_TO_COUNTERS,
        target=who_in(m["tgt"] or m["tgt2"], s.text),
        source=src,
        source_choice=choice,
        combat_only=combat == "combat ",
        noncombat_only=combat == "noncombat ",
        counter_kind=m["kind"],
        on_source=m["on"] == "~",
    )


def _self_damage(m: re.Match[str], s: Sentence) -> Spec | None:
    if not (("instead" in s.body) and (m["before"] or m["after"])):
        return None
    words = (m["before"] or m["after"]).strip()
    kicked = words == "~ was kicked"
    # "It deals X plus 1 damage instead if ..." (Light Up the Night): the spell's X plus 1,
    # known as it resolves (CR 107.3a; ``timeline/shields.py`` sets the amount).
    x = m["n"] == "x"
    return DamageSpec(
        s.text,
        Family.KICKED_DAMAGE,
        tier="self",
        kicked=kicked,
        kicked_amount=None if x else number(m["n"], s.text),
        x_amount=x,
        plus=number(m["plus"], s.text) if m["plus"] else 0,
        condition=None if kicked else condition_in(words, s.text, THE_TARGET),
    )


def _damage_modify(m: re.Match[str], s: Sentence) -> Spec | None:
    src, _ = source_in(m["src"], s.text)
    mod = m["mod"]
    factor = 2 if mod in ("double", "twice that much damage") else 3 if mod == "triple" else 1
    plus = number(m["plus"], s.text) if m["plus"] else 0
    plus -= number(m["minus"], s.text) if m["minus"] else 0  # Lashknife Barrier
    target, condition = _while_split(m["tgt"], s.text)
    return DamageSpec(
        s.text,
        Family.DAMAGE_MODIFY,
        source=src,
        target=who_in(target, s.text) if target else None,
        condition=condition,
        factor=factor,
        plus=plus,
        half_down=m["round"] == "down",
        half_up=m["round"] == "up",
        combat_only=m["combat"] == "combat ",
        noncombat_only=m["combat"] == "noncombat ",
    )


def _while_split(words: str | None, sentence: str) -> tuple[str | None, Condition | None]:
    """ "a permanent or player while there are four or more card types among cards in your
    graveyard": who is dealt the damage, and a condition checked as the damage would be
    dealt (CR 614.1a; the effect exists all along, it applies only while the condition
    holds)."""
    if words is None or " while " not in words:
        return words, None
    who, _, rest = words.partition(" while ")
    return who, condition_in(rest, sentence)


def _double_all(m: re.Match[str], s: Sentence) -> Spec | None:
    src, _ = source_in(m["src"], s.text)
    return DamageSpec(
        s.text,
        Family.DAMAGE_MODIFY,
        source=src,
        target=who_in(m["tgt"], s.text) if m["tgt"] else None,
        factor=2,
        combat_only=m["combat"] == "combat ",
        noncombat_only=m["combat"] == "noncombat ",
    )


def _damage_plus_count(m: re.Match[str], s: Sentence) -> Spec | None:
    src, _ = source_in(m["src"], s.text)
    return DamageSpec(
        s.text,
        Family.DAMAGE_MODIFY,
        source=src,
        target=who_in(m["tgt"], s.text) if m["tgt"] else None,
        count=_source_count(m["count"] or m["x"], s.text),
        combat_only=m["combat"] == "combat ",
        noncombat_only=m["combat"] == "noncombat ",
    )


def _source_count(words: str, sentence: str) -> Expr:
    """ "~'s power" is its source's (evaluated with the source as the affected object)."""
    if m := re.fullmatch(r"~'s (?P<stat>power|toughness)", words.strip()):
        return AffectedStat("power" if m["stat"] == "power" else "toughness")
    return count_in(words, sentence)


def _worship(m: re.Match[str], s: Sentence) -> Spec | None:
    return DamageSpec(
        s.text,
        Family.WORSHIP,
        player="you",
        if_you_control_creature=bool(m["creature"]),
        amount=number(m["floor"], s.text),
    )


def _loyalty_floor(m: re.Match[str], s: Sentence) -> Spec | None:
    condition = condition_in(m["cond"], s.text) if m["cond"] else None
    return DamageSpec(
        s.text, Family.LOYALTY_FLOOR, target=who_in(m["what"], s.text), condition=condition
    )


# Lower priorities are tried first (``replacement/sentences.py``).
ROWS: tuple[Row, ...] = (
    Row(
        Family.PREVENT_STATIC,
        DAMAGE_THRESHOLD,
        _damage_threshold,
        rule="614.1a",
        example="If a source would deal 3 or less damage to this creature, prevent that damage.",
        card="Callous Giant",
        priority=40,
        also=(Family.DAMAGE_MODIFY,),
    ),
    Row(
        Family.DAMAGE_TO_COUNTERS,
        DAMAGE_TO_COUNTERS,
        _damage_to_counters,
        rule="614.1a",
        example="If damage would be dealt to this creature, put that many -1/-1 counters on it instead.",
        card="Lichenthrope",
        priority=160,
    ),
    Row(
        Family.KICKED_DAMAGE,
        SELF_DAMAGE,
        _self_damage,
        rule="614.15",
        example="If this spell was kicked, it deals 4 damage instead.",
        card="Burst Lightning",
        priority=170,
    ),
    Row(
        Family.DAMAGE_MODIFY,
        DAMAGE_MODIFY,
        _damage_modify,
        rule="614.1a",
        example="If a source would deal damage to this creature, it deals double that damage to this creature instead.",
        card="Goldnight Castigator",
        priority=350,
    ),
    Row(
        Family.DAMAGE_MODIFY,
        DOUBLE_ALL,
        _double_all,
        rule="614.1a",
        example="Double all damage that creature sources you control would deal.",
        card="Absorbing Man and Titania",
        priority=352,
    ),
    Row(
        Family.DAMAGE_MODIFY,
        DAMAGE_PLUS_COUNT,
        _damage_plus_count,
        rule="614.1a",
        example="If a source you control would deal damage to an opponent or a permanent an opponent controls, it deals that much damage plus an amount of damage equal to the number of fire counters on this enchantment instead.",
        card="Fated Firepower",
        priority=354,
    ),
    Row(
        Family.DAMAGE_MODIFY,
        RAISE_TO_COUNT,
        _raise_to_count,
        rule="614.1a",
        example="If a red source you control would deal an amount of noncombat damage less than Ojer Axonil's power to an opponent, that source deals damage equal to Ojer Axonil's power instead.",
        card="Ojer Axonil, Deepest Might",
        priority=356,
    ),
    Row(
        Family.WORSHIP,
        WORSHIP,
        _worship,
        rule="614.1a",
        example="Damage that would reduce your life total to less than 1 reduces it to 1 instead.",
        card="Ali from Cairo",
        priority=410,
    ),
    Row(
        Family.LOYALTY_FLOOR,
        LOYALTY_FLOOR,
        _loyalty_floor,
        rule="614.1a",
        example="As long as you control a creature, if damage dealt to a planeswalker you control of the chosen type would result in all loyalty counters on it being removed, instead all but one of those counters are removed.",
        card="Deification",
        priority=415,
    ),
)
