"""Rows for prevention effects (CR 615): static ones, shields for a turn, the next N
damage, the next time a source would deal damage.
"""

from __future__ import annotations

import re

from rules_engine.affected import Filter, Subject
from rules_engine.effects import Condition, YourTurn
from rules_engine.oracle.conditions import parse_condition
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.replacement.phrases import (
    amount_or_x,
    count_in,
    damage_source_in,
    number,
    objects_in,
    source_in,
    targets_in,
    who_in,
)
from rules_engine.replacement.rows.row import Row, Sentence
from rules_engine.replacement.specs import (
    DamageSpec,
    Family,
    Mark,
    PerPrevented,
    Spec,
    Who,
)

_T = re.compile

# CR 615.1a: "prevent 1 of that damage"; "prevent all but 1 of that damage" (Temple
# Altisaur); "prevent X of that damage, where X is the number of creatures you control"
# (Shield of the Avatar, counted as the damage would be dealt); Plated Pegasus's "prevent 1
# damage that spell would deal to that permanent or player".
DAMAGE_PREVENT_N = _T(
    r"^if (?>(?P<src>.+?) would deal )(?P<combat>combat )?damage to (?>(?P<tgt>.+?), prevent )"
    r"(?P<allbut>all but )?(?P<n>\w+) (?:of that damage|damage that (?:spell|source) would "
    r"deal to that (?:permanent or player|player or permanent|creature|player))"
    r"(?:, where x is (?P<x>.+))?$"
)


DAMAGE_PREVENT_HALF = _T(
    r"^if (?>(?P<src>.+?) would deal damage to )(?P<tgt>.+?), prevent half that damage, rounded up$"
)


PREVENT_ALL_COMBAT = _T(r"^prevent all combat damage that would be dealt this turn$")


# CR 615.1a: "Prevent all combat damage that would be dealt this turn except combat damage
# that would be dealt by enchanted creatures and enchantment creatures." (Inspire Awe): a
# Fog whose sources are those that aren't excepted, as each would deal the damage.
PREVENT_ALL_COMBAT_EXCEPT = _T(
    r"^prevent all combat damage that would be dealt this turn except combat damage that "
    r"would be dealt by (?P<by>.+)$"
)


PREVENT_ALL_BY = _T(
    r"^prevent all (?P<combat>combat )?damage (?:(?P<src>.+?) would deal this turn|that would be "
    r"dealt this turn by (?P<by>.+)|that would be dealt by (?P<by2>.+?)(?P<turn> this turn)?)$"
)


PREVENT_NEXT_N = _T(
    r"^prevent the next (?P<n>\w+) damage that would be dealt to (?P<tgt>.+?) this turn"
    r"(?: by (?P<src>.+?))?(?:, where x is (?P<x>.+))?$"
)


# CR 615.1a, 615.7: the source named before who is dealt the damage: "Prevent the next 3
# damage that a source of your choice would deal to you and/or permanents you control this
# turn" (Refraction Trap).
PREVENT_NEXT_N_FROM = _T(
    r"^prevent the next (?P<n>\w+) damage that (?>(?P<src>.+?) would deal to )(?P<tgt>.+?) "
    r"this turn(?:, where x is (?P<x>.+))?$"
)


# Remedy, Embolden: one shield per target, its size chosen as the spell is cast (CR 601.2d).
PREVENT_NEXT_DIVIDED = _T(
    r"^prevent the next (?P<n>\w+) damage that would be dealt this turn to any number of "
    r"targets, divided as you choose$"
)


PREVENT_NEXT_TIME = _T(
    r"^the next time (?>(?P<src>.+?) would deal damage to )(?P<tgt>.+?) this turn, prevent that "
    r"damage$"
)


# CR 615.1a: prevention naming both who is dealt the damage and by what; "this turn" may
# stand before the recipient, after it, or at the end (Divine Light, Energy Field, Samite
# Ministration, Channel Harm).
PREVENT_ALL_TO_BY = _T(
    r"^prevent all (?P<combat>(?:non)?combat )?damage that would be dealt (?P<t1>this turn )?"
    r"to (?P<tgt>.+?)(?P<t2> this turn)?(?: by (?P<src>.+?))?(?P<t3> this turn)?"
    r"(?P<during> during your turn)?$"
)


# CR 615.1a: "Prevent all damage that creatures would deal to players this turn" (Chameleon
# Blur); "Prevent all damage that ~ would deal to red creatures" (a static ability).
PREVENT_ALL_BY_TO = _T(
    r"^prevent all (?P<combat>combat )?damage (?:that )?(?P<src>.+?) would deal to (?P<tgt>.+?)"
    r"(?P<turn> this turn)?$"
)


# CR 615.1a: "If noncombat damage would be dealt to you, prevent that damage" (Purity).
# "If equipped creature would be dealt damage, prevent that damage" (Panther Habit's first
# part); "... to ~ while you're the monarch, ..." (Jared Carthalion: a condition checked as the
# damage would be dealt).
PREVENT_IF_DEALT_TO = _T(
    r"^if (?:(?P<combat>(?:non)?combat )?damage would be dealt to (?P<tgt>.+?)|(?P<tgt1>[^,]+) "
    r"would be dealt damage)(?P<turn> this turn)?, prevent that damage$"
)


# CR 615.1a: "If a source would deal damage to ~, prevent that damage."
PREVENT_IF_DEALS = _T(
    r"^if (?>(?P<src>.+?) would deal )(?P<combat>(?:non)?combat )?damage to (?P<tgt>.+?)"
    r"(?P<turn> this turn)?, prevent that damage$"
)


# CR 615.1a, 615.7: "The next time target creature would deal damage this turn, prevent that
# damage" (a shield used up by the next damage that creature deals).
PREVENT_NEXT_TIME_BY = _T(
    r"^the next time (?P<src>.+?) would deal damage this turn, prevent that damage$"
)


# CR 615.1a: "Prevent all damage that would be dealt to a creature by another creature if they
# share a color" (Well-Laid Plans: the two creatures' colors as the damage would be dealt).
PREVENT_IF_SHARE_COLOR = _T(
    r"^prevent all damage that would be dealt to a creature by another creature if they share a "
    r"color$"
)


# CR 615.1a, 615.5, 615.12: a prevention whose additional part removes counters from the
# creature (Protean Hydra "that many", Unbreathing Horde and Undergrowth Champion "a"); the
# counters go even if the damage can't be prevented (Protean Hydra ruling, 2009-10-01).
PREVENT_REMOVE_COUNTERS = _T(
    r"^if (?:damage would be dealt to ~|~ would be dealt damage)(?P<while> while it has an? "
    r"(?P<wkind>\S+) counter on it)?, prevent that damage(?: and|,) remove (?P<n>an?|that many) "
    r"(?P<kind>\S+) counters? from (?:it|~)(?:,? and create that many (?P<token>[\w/ ]+? "
    r"tokens)|, then give each player an? (?P<each>\w+) counter for each \S+ counter removed "
    r"this way)?$"
)


# CR 615.1a, 615.5: a prevention whose additional part puts one counter each time it applies:
# "If a creature would deal combat damage to ~, prevent that damage and put a +1/+1 counter on
# ~" (Ironscale Hydra), "... put an incarnation counter on ~" (Nine Lives). ("that many"
# counters is split off as a part per damage prevented, ``compounds.AND_THAT_MANY_COUNTERS``.)
PREVENT_AND_COUNTERS = _T(
    r"^if (?:(?P<combat>combat )?damage would be dealt to (?P<tgt>[^,]+)|(?P<tgt1>[^,]+) would "
    r"be dealt damage|(?>(?P<src>[^,]+?) would deal )(?P<combat2>combat )?damage to "
    r"(?P<tgt2>[^,]+)), prevent that damage and put an? (?P<kind>\S+) counter on (?P<on>it|~)$"
)


def _while_split(words: str, sentence: str) -> tuple[str, Condition | None]:
    """ "~ while you're the monarch": who is dealt the damage, and a condition checked as the
    damage would be dealt (the effect applies only while it holds, CR 611.3a)."""
    if " while " not in words:
        return words, None
    who, _, rest = words.partition(" while ")
    return who, parse_condition(rest, sentence)


# CR 615.1a, 615.5: "If ~ would deal combat damage to a creature, prevent that damage and that
# creature's owner shuffles it into their library" (Weeping Angel).
PREVENT_AND_SHUFFLE = _T(
    r"^if (?>(?P<src>[^,]+?) would deal )(?P<combat>combat )?damage to (?P<tgt>[^,]+), prevent "
    r"that damage and that (?:creature|permanent)'s owner shuffles it into their library$"
)


def _prevent_and_shuffle(m: re.Match[str], s: Sentence) -> Spec | None:
    src, choice = source_in(m["src"], s.text)
    return DamageSpec(
        s.text,
        Family.PREVENT_STATIC,
        prevention=True,
        combat_only=bool(m["combat"]),
        target=who_in(m["tgt"], s.text),
        source=src,
        source_choice=choice,
        per_prevented=PerPrevented.SHUFFLE_DAMAGED,
    )


def _prevent_and_counters(m: re.Match[str], s: Sentence) -> Spec | None:
    words, condition = _while_split(m["tgt"] or m["tgt1"] or m["tgt2"], s.text)
    src, choice = damage_source_in(m["src"], s.text)
    return DamageSpec(
        s.text,
        Family.PREVENT_STATIC,
        prevention=True,
        combat_only=bool(m["combat"] or m["combat2"]),
        target=who_in(words, s.text),
        source=src,
        source_choice=choice,
        condition=condition,
        counter_kind=m["kind"],
        # "on ~" is the effect's source; "on it" the permanent dealt the damage.
        on_source=m["on"] == "~",
        per_prevented=PerPrevented.ONE_COUNTER,
    )


def _prevent_if_share_color(m: re.Match[str], s: Sentence) -> Spec | None:
    creature = Filter(types=frozenset({"Creature"}))
    return DamageSpec(
        s.text,
        Family.PREVENT_STATIC,
        prevention=True,
        target=Who("none", Subject("filter", (creature,), words="a creature")),
        source=Subject("filter", (creature,), words="another creature"),
        marks=frozenset({Mark.SOURCE_SHARES_COLOR}),
    )


def _prevent_all_to_by(m: re.Match[str], s: Sentence) -> Spec | None:
    turn = bool(m["t1"] or m["t2"] or m["t3"])
    named = bool(m["src"]) and m["src"].endswith(" with the chosen name")
    src_words = m["src"].removesuffix(" with the chosen name") if m["src"] else None
    src, choice = damage_source_in(src_words, s.text)
    return DamageSpec(
        s.text,
        Family.PREVENT_SHIELD if turn else Family.PREVENT_STATIC,
        prevention=True,
        combat_only=m["combat"] == "combat ",
        noncombat_only=m["combat"] == "noncombat ",
        target=who_in(m["tgt"], s.text),
        source=src,
        source_choice=choice,
        shield="this_turn" if turn else None,
        # Gideon Blackblade: "... during your turn" (a condition, checked as damage would
        # be dealt, CR 611.3a).
        condition=YourTurn() if m["during"] else None,
        source_named=named,
    )


def _prevent_all_by_to(m: re.Match[str], s: Sentence) -> Spec | None:
    if " would deal to " not in s.body:
        return None
    src, choice = source_in(m["src"], s.text)
    return DamageSpec(
        s.text,
        Family.PREVENT_SHIELD if m["turn"] else Family.PREVENT_STATIC,
        prevention=True,
        combat_only=bool(m["combat"]),
        target=who_in(m["tgt"], s.text),
        source=src,
        source_choice=choice,
        shield="this_turn" if m["turn"] else None,
    )


def _prevent_if_dealt_to(m: re.Match[str], s: Sentence) -> Spec | None:
    words, condition = _while_split(m["tgt"] or m["tgt1"], s.text)
    return DamageSpec(
        s.text,
        Family.PREVENT_SHIELD if m["turn"] else Family.PREVENT_STATIC,
        prevention=True,
        combat_only=m["combat"] == "combat ",
        noncombat_only=m["combat"] == "noncombat ",
        condition=condition,
        target=who_in(words, s.text),
        shield="this_turn" if m["turn"] else None,
    )


def _prevent_if_deals(m: re.Match[str], s: Sentence) -> Spec | None:
    if DAMAGE_PREVENT_N.match(s.body):
        return None
    src, choice = source_in(m["src"], s.text)
    return DamageSpec(
        s.text,
        Family.PREVENT_SHIELD if m["turn"] else Family.PREVENT_STATIC,
        prevention=True,
        combat_only=m["combat"] == "combat ",
        noncombat_only=m["combat"] == "noncombat ",
        target=who_in(m["tgt"], s.text),
        source=src,
        source_choice=choice,
        shield="this_turn" if m["turn"] else None,
    )


def _prevent_next_time_by(m: re.Match[str], s: Sentence) -> Spec | None:
    src, choice = source_in(m["src"], s.text)
    return DamageSpec(
        s.text,
        Family.PREVENT_SHIELD,
        prevention=True,
        source=src,
        source_choice=choice,
        shield="next_time",
    )


def _prevent_remove_counters(m: re.Match[str], s: Sentence) -> Spec | None:
    condition = None
    if m["while"]:
        # "while it has a +1/+1 counter on it": checked as the damage would be dealt.
        condition = parse_condition(f"~ has a {m['wkind']} counter on it", s.text)
    return DamageSpec(
        s.text,
        Family.PREVENT_STATIC,
        prevention=True,
        target=Who("none", Subject("self", words="~")),
        counter_kind=m["kind"],
        per_prevented=PerPrevented.REMOVE_THAT_MANY
        if m["n"] == "that many"
        else PerPrevented.REMOVE_COUNTER,
        condition=condition,
        # Sekki: "and create that many 1/1 colorless Spirit creature tokens" (one token for
        # each 1 damage, as many as the counters it would remove).
        options=(f"a {m['token'].removesuffix('s')}",) if m["token"] else (),
        # Bloatfly Swarm: "then give each player a rad counter for each +1/+1 counter removed
        # this way" (CR 615.5, 122.1).
        each_player_counter=m["each"],
    )


def _damage_prevent_half(m: re.Match[str], s: Sentence) -> Spec | None:
    src, _ = source_in(m["src"], s.text)
    return DamageSpec(
        s.text,
        Family.PREVENT_STATIC,
        prevention=True,
        source=src,
        target=who_in(m["tgt"], s.text),
        half_up=True,
    )


def _damage_prevent_n(m: re.Match[str], s: Sentence) -> Spec | None:
    src, _ = source_in(m["src"], s.text)
    x = m["n"] == "x"
    if x != bool(m["x"]):
        raise OracleParseError(s.text, "cannot tell how much damage is prevented")
    return DamageSpec(
        s.text,
        Family.PREVENT_STATIC,
        prevention=True,
        source=src,
        target=who_in(m["tgt"], s.text),
        amount=None if x else number(m["n"], s.text),
        count=count_in(m["x"], s.text) if x else None,
        marks=frozenset({Mark.ALL_BUT}) if m["allbut"] else frozenset(),
        combat_only=bool(m["combat"]),  # Thunderstaff
    )


def _prevent_all_combat(m: re.Match[str], s: Sentence) -> Spec | None:
    return DamageSpec(
        s.text, Family.PREVENT_SHIELD, prevention=True, combat_only=True, shield="this_turn"
    )


def _prevent_all_combat_except(m: re.Match[str], s: Sentence) -> Spec | None:
    return DamageSpec(
        s.text,
        Family.PREVENT_SHIELD,
        prevention=True,
        combat_only=True,
        shield="this_turn",
        except_source=objects_in(m["by"], s.text),
    )


def _prevent_all_by(m: re.Match[str], s: Sentence) -> Spec | None:
    # "a source of your choice" (Pay No Heed) names the source as the step's target.
    phrase = m["src"] or m["by"] or m["by2"]
    if m["src"] and "source" in phrase:
        phrase = re.sub(r"^that ", "", phrase)  # Luminesce: "damage that black sources ..."
    if "source" in phrase:
        src, choice = source_in(phrase, s.text)
    else:
        # Soul Parry: "one or two target creatures would deal".
        src, choice = targets_in(phrase) or objects_in(phrase, s.text), False
    return DamageSpec(
        s.text,
        Family.PREVENT_STATIC if m["by2"] and not m["turn"] else Family.PREVENT_SHIELD,
        prevention=True,
        combat_only=bool(m["combat"]),
        source=src,
        source_choice=choice,
        shield=None if m["by2"] and not m["turn"] else "this_turn",
    )


def _prevent_next_n(m: re.Match[str], s: Sentence) -> Spec | None:
    tgt = m["tgt"]
    target = who_in(
        "any target" if tgt == "any target" else tgt.split(" and each other")[0], s.text
    )
    if tgt == "any target":
        target = Who("any", Subject("targets", (Filter(),), target_slots=(0,), words=tgt))
    amount, x = amount_or_x(m["n"], s.text)
    count = None
    if m["x"]:
        # Acolyte's Reward: "where X is your devotion to white", counted as it resolves.
        if not x:
            raise OracleParseError(s.text, "cannot tell how much damage is prevented")
        count, x = count_in(m["x"], s.text), False
    # Healing Grace: "... by a source of your choice" (the step's last target names it).
    by, by_choice = damage_source_in(m["src"], s.text)
    return DamageSpec(
        s.text,
        Family.PREVENT_SHIELD,
        prevention=True,
        target=target,
        source=by,
        source_choice=by_choice,
        amount=amount,
        x_amount=x,
        count=count,
        shield="amount",
        marks=frozenset({Mark.SHARES_COLOR}) if "shares a color" in tgt else frozenset(),
    )


def _prevent_next_divided(m: re.Match[str], s: Sentence) -> Spec | None:
    return DamageSpec(
        s.text,
        Family.PREVENT_SHIELD,
        prevention=True,
        target=Who("any", Subject("targets", (Filter(),), target_slots=(0,), words="target")),
        amount=number(m["n"], s.text),
        shield="amount",
        marks=frozenset({Mark.DIVIDED}),
    )


def _prevent_next_time(m: re.Match[str], s: Sentence) -> Spec | None:
    src, choice = source_in(m["src"], s.text)
    return DamageSpec(
        s.text,
        Family.PREVENT_SHIELD,
        prevention=True,
        source=src,
        source_choice=choice,
        target=who_in(m["tgt"], s.text),
        shield="next_time",
    )


# Lower priorities are tried first (``replacement/sentences.py``).
ROWS: tuple[Row, ...] = (
    Row(
        Family.PREVENT_STATIC,
        PREVENT_IF_SHARE_COLOR,
        _prevent_if_share_color,
        rule="615.1a",
        example="Prevent all damage that would be dealt to a creature by another creature if they share a color.",
        card="Well-Laid Plans",
        priority=10,
    ),
    Row(
        Family.PREVENT_STATIC,
        PREVENT_ALL_TO_BY,
        _prevent_all_to_by,
        rule="615.1a",
        example="Prevent all damage that would be dealt to Black Panther.",
        card="Black Panther, Hope Enduring",
        priority=60,
        also=(Family.PREVENT_SHIELD,),
    ),
    Row(
        Family.PREVENT_STATIC,
        PREVENT_ALL_BY_TO,
        _prevent_all_by_to,
        rule="615.1a",
        example="Prevent all damage that this creature would deal to red creatures.",
        card="Indentured Oaf",
        priority=70,
        also=(Family.PREVENT_SHIELD,),
    ),
    Row(
        Family.PREVENT_STATIC,
        PREVENT_IF_DEALT_TO,
        _prevent_if_dealt_to,
        rule="615.1a",
        example="If damage would be dealt to this creature, prevent that damage.",
        card="Phantom Centaur",
        priority=80,
    ),
    Row(
        Family.PREVENT_STATIC,
        PREVENT_IF_DEALS,
        _prevent_if_deals,
        rule="615.1a",
        example="If a source would deal damage to this creature, prevent that damage.",
        card="Swans of Bryn Argoll",
        priority=90,
    ),
    Row(
        Family.PREVENT_SHIELD,
        PREVENT_NEXT_TIME_BY,
        _prevent_next_time_by,
        rule="615.1a",
        example="The next time that creature would deal damage this turn, prevent that damage.",
        card="Dazzling Reflection",
        priority=100,
    ),
    Row(
        Family.PREVENT_STATIC,
        PREVENT_AND_COUNTERS,
        _prevent_and_counters,
        rule="615.5",
        example="If a creature would deal combat damage to this creature, prevent that damage and put a +1/+1 counter on this creature.",
        card="Ironscale Hydra",
        priority=225,
    ),
    Row(
        Family.PREVENT_STATIC,
        PREVENT_AND_SHUFFLE,
        _prevent_and_shuffle,
        rule="615.5",
        example="If this creature would deal combat damage to a creature, prevent that damage and that creature's owner shuffles it into their library.",
        card="Weeping Angel",
        priority=227,
    ),
    Row(
        Family.PREVENT_STATIC,
        PREVENT_REMOVE_COUNTERS,
        _prevent_remove_counters,
        rule="615.1a",
        example="If this creature would be dealt damage, prevent that damage and remove a +1/+1 counter from it.",
        card="Unbreathing Horde",
        priority=230,
    ),
    Row(
        Family.PREVENT_STATIC,
        DAMAGE_PREVENT_HALF,
        _damage_prevent_half,
        rule="615.1a",
        example="If a source would deal damage to you or a permanent you control, prevent half that damage, rounded up.",
        card="Gisela, Blade of Goldnight",
        priority=360,
    ),
    Row(
        Family.PREVENT_STATIC,
        DAMAGE_PREVENT_N,
        _damage_prevent_n,
        rule="615.1a",
        example="If a source would deal damage to you, prevent 1 of that damage.",
        card="Urza's Armor",
        priority=370,
    ),
    Row(
        Family.PREVENT_SHIELD,
        PREVENT_ALL_COMBAT_EXCEPT,
        _prevent_all_combat_except,
        rule="615.1a",
        example="Prevent all combat damage that would be dealt this turn except combat damage that would be dealt by enchanted creatures and enchantment creatures.",
        card="Inspire Awe",
        priority=419,
    ),
    Row(
        Family.PREVENT_SHIELD,
        PREVENT_ALL_COMBAT,
        _prevent_all_combat,
        rule="615.1a",
        example="Prevent all combat damage that would be dealt this turn.",
        card="Angelsong",
        priority=420,
    ),
    Row(
        Family.PREVENT_SHIELD,
        PREVENT_ALL_BY,
        _prevent_all_by,
        rule="615.1a",
        example="Prevent all damage target spell would deal this turn.",
        card="Hallow",
        priority=440,
        also=(Family.PREVENT_STATIC,),
    ),
    Row(
        Family.PREVENT_SHIELD,
        PREVENT_NEXT_N,
        _prevent_next_n,
        rule="615.1a",
        example="Prevent the next X damage that would be dealt to you this turn.",
        card="Festival of the Guildpact",
        priority=450,
    ),
    Row(
        Family.PREVENT_SHIELD,
        PREVENT_NEXT_N_FROM,
        _prevent_next_n,
        rule="615.1a",
        example="Prevent the next 3 damage that a source of your choice would deal to you and/or permanents you control this turn.",
        card="Refraction Trap",
        priority=451,
    ),
    Row(
        Family.PREVENT_SHIELD,
        PREVENT_NEXT_DIVIDED,
        _prevent_next_divided,
        rule="615.7",
        example="Prevent the next 4 damage that would be dealt this turn to any number of targets, divided as you choose.",
        card="Embolden",
        priority=460,
    ),
    Row(
        Family.PREVENT_SHIELD,
        PREVENT_NEXT_TIME,
        _prevent_next_time,
        rule="615.1a",
        example="The next time a source of your choice would deal damage to you this turn, prevent that damage.",
        card="Deflecting Palm",
        priority=470,
    ),
)
