"""Rows for counters a permanent enters with that are counted, or given only on a condition,
in newer wordings (CR 614.1c, 614.12): "each creature you control enters with an additional
+1/+1 counter on it for each ...", "Legendary creatures you control enter with an additional
+1/+1 counter on them", "If ~ was kicked, it enters with a +1/+1 counter on it for each ...",
"~ enters with a +1/+1 counter on it plus an additional +1/+1 counter on it for each ...", and
adamant's "If at least three white mana was spent to cast this spell, it enters with ...".
"""

from __future__ import annotations

import re
from dataclasses import replace

from rules_engine.affected import Filter, Subject
from rules_engine.effects import (
    CommanderCasts,
    Const,
    CountObjects,
    CreaturesDiedThisTurn,
    EnteredThisTurnCount,
    Expr,
    GreatestAmongPlayers,
    Half,
    HowCast,
    Sum,
    Times,
    TurnTotal,
)
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.replacement.phrases import (
    THE_TARGET,
    condition_in,
    count_in,
    number,
    what_objects,
)
from rules_engine.replacement.rows.row import Row, Sentence
from rules_engine.replacement.specs import EnterSpec, Family, Mark, Spec
from rules_engine.vocabulary import ALL_TYPE_WORDS, COLOR_WORDS

_T = re.compile


# CR 614.1c, 207.2c: adamant, an ability word: "If at least three white mana was spent to
# cast this spell, this creature enters with a +1/+1 counter on it" (Ardenvale Paladin);
# "... three mana of the same color ..." (Henge Walker). The mana paid is how it was cast
# (601.2h), which the step's choices state ("mana_by_color").
ADAMANT = _T(
    r"^(?:adamant — )?if at least (?P<n>\w+) (?:(?P<color>white|blue|black|red|green) mana|"
    r"mana of the same color) was spent to cast ~, (?:~|it) enters with (?P<k>an?|\w+) "
    r"(?P<kind>\S+) counters? on it$"
)


# CR 614.1c, 614.12: a count made as it would enter, on the permanent itself, in the words
# newer cards use: "for each time he was kicked" (Batroc), "for each mana spent to cast it"
# (Verazol), "equal to the number of creatures that died this turn" (Bone Devourer), "a +1/+1
# counter on it plus an additional +1/+1 counter on it for each other creature you control"
# (Sheriff of Safe Passage), and a kicked one (Myriad Construct).
SELF_COUNTED = _T(
    r"^(?P<kicked>if ~ was kicked, )?(?:~|it) enters with (?:(?P<many>an?|\w+) (?P<kind>\S+) "
    r"counters? on (?:it|him|her)(?P<plus> plus an additional \S+ counter on it)? for each "
    r"(?P<each>.+)|a number of (?P<kind2>\S+) counters on (?:it|him|her) equal to "
    r"(?P<equal>.+))$"
)


# CR 614.1c: how other permanents enter, in the plural and with a count or a condition:
# "Legendary creatures you control enter with an additional +1/+1 counter on them" (Bard
# Class), "Colorless creatures you control enter with two additional +1/+1 counters on
# them" (Curator Beastie), "Face-down creatures you control enter with a flying counter on
# them" (Veiled Ascension), "As long as an opponent lost life this turn, each other Vampire
# you control enters with an additional +1/+1 counter on it" (Vampire Socialite, 611.3a:
# checked as each would enter).
OTHERS_ENTER_WITH = _T(
    r"^(?:as long as (?P<cond>(?>[^,]+)), )?(?P<what>[^,]+?) enters? with (?P<n>an?|\w+) "
    r"(?P<additional>additional )?(?P<kind>\S+) counters? on (?:it|them)"
    r"(?: for each (?P<each>.+))?$"
)


# CR 614.1c, 614.12: "Each other Vehicle and creature you control enters with an additional
# +1/+1 counter on it if its mana value is 4 or less. Otherwise, it enters with three additional
# +1/+1 counters on it." (Thunderous Velocipede): the mana value as each would enter; the
# "Otherwise" sentence is read with it (``otherwise_amends``).
OTHERS_ENTER_WITH_IF_MV = _T(
    r"^(?P<what>[^,]+?) enters? with (?P<n>an?|\w+) additional (?P<kind>\S+) counters? on "
    r"(?:it|them) if its mana value is (?P<mv>\d{1,2}) or less$"
)
OTHERWISE_ENTERS_WITH = _T(
    r"^otherwise, it enters with (?P<n>an?|\w+) additional (?P<kind>\S+) counters? on it$"
)


# CR 614.1c, 614.12: "For each kind of counter on ~, each other Dinosaur you control enters
# with a counter of that kind on it" (Blue, Loyal Raptor): one counter of each kind on its
# source as each would enter.
KINDS_ON_SOURCE = _T(
    r"^for each kind of counter on ~, (?P<what>[^,]+?) enters? with a counter of that kind on "
    r"(?:it|them)$"
)


# CR 614.1c, 614.12: "Each other creature you control enters with a number of additional
# +1/+1 counters on it equal to ~'s toughness" (Arwen): its source's toughness as each
# would enter.
OTHERS_ENTER_WITH_TOUGHNESS = _T(
    r"^(?P<what>[^,]+?) enters? with a number of additional (?P<kind>\S+) counters on "
    r"(?:it|them) equal to ~'s toughness$"
)


_CREATURES_YOU_CONTROL = Subject(
    "filter",
    (Filter(types=frozenset({"Creature"}), controller="you"),),
    words="creatures you control",
)


# CR 614.1c, 614.12: a resolving spell's rider on the card it returns, by what that card is as
# it would enter: "If a creature enters this way, it enters with an additional +1/+1 counter on
# it" (Recommission), "If a Hero enters this way, it enters with two additional +1/+1 counters
# on it" (Heroic Return), "If it enters as a creature, ..." (Teferi's Time Twist).
ENTERS_THIS_WAY_WITH = _T(
    r"^if (?:an? (?P<what>[a-z]+) enters this way|it enters as an? (?P<as>[a-z]+)), it enters "
    r"with (?P<n>an?|\w+) additional (?P<kind>\S+) counters? on it$"
)


# The counts this module reads itself, before the general count reader (``count_in``).
_COUNTS: dict[str, Expr] = {
    # CR 700.4: put into a graveyard from the battlefield this turn (the turn's record).
    "creature that died this turn": CreaturesDiedThisTurn(),
    "the number of creatures that died this turn": CreaturesDiedThisTurn(),
    # CR 702.33c: the times it was kicked, which the step's choices state ("kicked": 2).
    "time it was kicked": HowCast("times_kicked"),
    "time he was kicked": HowCast("times_kicked"),
    "time she was kicked": HowCast("times_kicked"),
    # CR 601.2h: the amount of mana spent to cast it ("mana_spent").
    "mana spent to cast it": HowCast("mana_spent"),
    "mana spent to cast ~": HowCast("mana_spent"),
    # CR 700.4: the creatures that died under your control this turn (the turn's record).
    "creature that died under your control this turn": TurnTotal("creatures_died_under", "you"),
    # CR 601.2h, 107.4: each pair of green mana spent to cast it (Clay Champion), from how
    # much green mana the step's choices say was spent ("mana_by_color").
    "{g}{g} spent to cast it": Half(HowCast("mana_G"), up=False),
    # CR 603.6a: the lands that entered under your control this turn (the turn's record).
    "land that entered under your control this turn": EnteredThisTurnCount(frozenset({"Land"})),
    # CR 121.2: the most cards any one opponent has drawn this turn (Thought Sponge).
    "the greatest number of cards an opponent has drawn this turn": GreatestAmongPlayers(
        TurnTotal("cards_drawn", "you"), opponents=True
    ),
    # CR 903.8: the times you've cast a commander from the command zone (commander tax).
    "time you've cast your commander from the command zone this game": CommanderCasts(),
    "time you've cast a commander from the command zone this game": CommanderCasts(),
    # CR 702.51a: the creatures tapped to pay for it with convoke, which the step's choices
    # state ("convoked": n; Ancient Imperiosaur).
    "creature that convoked it": HowCast("convoked"),
    "creature that convoked ~": HowCast("convoked"),
    # CR 601.2h: the mana from artifact sources spent to cast it ("artifact_mana": n; Coin of
    # Mastery, where "it" is each permanent entering, ``Mark.ENTERING_CAST``).
    "mana from an artifact source spent to cast it": HowCast("artifact_mana"),
    # CR 706.1: "the total of those results" after "As this creature enters, roll X d6"
    # (Neverwinter Hydra): the dice its step says were rolled ("rolls").
    "the total of those results": HowCast("rolled_total"),
    # The most creatures any one player controls (Investigator's Journal).
    "the greatest number of creatures a player controls": GreatestAmongPlayers(
        CountObjects(_CREATURES_YOU_CONTROL)
    ),
}


# "other creature and/or artifact you control": each permanent that is either, once.
_AND_OR = re.compile(r"\b(?P<first>\w+) and/or (?P<second>\w+)")


def _count(words: str, sentence: str) -> Expr | None:
    """A count this module reads: one of ``_COUNTS``, an "and/or" of two kinds, or (after
    "for each") what the general count reader reads; None when it can't."""
    if words in _COUNTS:
        return _COUNTS[words]
    plural = _AND_OR.sub(lambda m: f"{m['first']}s and {m['second']}s", words)
    phrase = words if words.startswith("the ") else f"the number of {plural}"
    try:
        return count_in(phrase, sentence)
    except OracleParseError:
        return None


def _adamant(m: re.Match[str], s: Sentence) -> Spec | None:
    color = COLOR_WORDS[m["color"]] if m["color"] else "same"
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=Subject("self", words="~"),
        counter_kind=m["kind"],
        amount=number(m["k"], s.text),
        mana_at_least=(color, number(m["n"], s.text)),
    )


def _self_counted(m: re.Match[str], s: Sentence) -> Spec | None:
    words = m["each"] or m["equal"]
    mine = words in _COUNTS or m["kicked"] or m["plus"] or "and/or" in words
    count = _count(words, s.text) if mine else None
    if count is None:
        return None  # the general row (``entering_counters.ENTERS_WITH_EACH``) reads it
    if m["many"] not in (None, "a", "an"):
        count = Times(number(m["many"], s.text), count)
    if m["plus"]:
        count = Sum(Const(1), count)  # "a +1/+1 counter on it plus an additional ... for each"
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=Subject("self", words="~"),
        counter_kind=m["kind"] or m["kind2"],
        count=count,
        kicked=bool(m["kicked"]),
    )


def _enters_this_way_with(m: re.Match[str], s: Sentence) -> Spec | None:
    word = m["what"] or m["as"]
    found = ALL_TYPE_WORDS.get(word)
    if found is None or found[0] not in ("type", "subtype"):
        return None
    kind = Filter(types=frozenset({found[1]})) if found[0] == "type" else None
    if kind is None:
        kind = Filter(subtypes=frozenset({found[1]}))
    # The card the spell returns is its target (CR 115.1), checked as it would enter.
    objects = replace(THE_TARGET, filters=(kind,), words=f"that {word}")
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=objects,
        counter_kind=m["kind"],
        amount=number(m["n"], s.text),
    )


def _others(m: re.Match[str], s: Sentence) -> Subject | None:
    what = m["what"].strip()
    if what in ("~", "it", "that creature") or what.startswith(("~ ", "each of them")):
        return None  # its own counters, or a spell's: the rows of ``entering_counters``
    try:
        return what_objects(what, s.text)
    except OracleParseError:
        return None


def _others_enter_with(m: re.Match[str], s: Sentence) -> Spec | None:
    objects = _others(m, s)
    if objects is None or not (m["additional"] or m["n"] in ("a", "an")):
        return None
    n = number(m["n"], s.text)
    count: Expr | None = None
    if m["each"]:
        count = _count(m["each"], s.text)
        if count is None:
            raise OracleParseError(s.text, f'cannot count "{m["each"]}"')
        count = count if n == 1 else Times(n, count)
    # "for each mana ... spent to cast it": how each permanent entering was cast (601.2h).
    cast = m["each"] is not None and m["each"].endswith("spent to cast it")
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=objects,
        counter_kind=m["kind"],
        amount=None if count is not None else n,
        count=count,
        condition=condition_in(m["cond"], s.text) if m["cond"] else None,
        marks=frozenset({Mark.ENTERING_CAST}) if cast else frozenset(),
    )


def _with_mana_value(objects: Subject, op: str, mv: int) -> Subject:
    filters = tuple(replace(f, mana_value=(op, mv)) for f in objects.filters)
    return replace(objects, filters=filters)


def _others_enter_with_if_mv(m: re.Match[str], s: Sentence) -> Spec | None:
    objects = _others(m, s)
    if objects is None or any(f.mana_value is not None for f in objects.filters):
        return None
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=_with_mana_value(objects, "<=", int(m["mv"])),
        counter_kind=m["kind"],
        amount=number(m["n"], s.text),
    )


def otherwise_amends(body: str, sentence: str, last: Spec) -> tuple[Spec, Spec] | None:
    """ "Otherwise, it enters with three additional +1/+1 counters on it." after the sentence
    above: the same permanents with a greater mana value (614.12: as each would enter)."""
    m = OTHERWISE_ENTERS_WITH.match(body)
    if m is None or not isinstance(last, EnterSpec) or last.objects is None:
        return None
    bounds = {f.mana_value for f in last.objects.filters}
    if len(bounds) != 1 or (bound := bounds.pop()) is None or bound[0] != "<=":
        return None
    more = EnterSpec(
        sentence,
        Family.ENTER_COUNTERS,
        objects=_with_mana_value(last.objects, ">=", bound[1] + 1),
        counter_kind=m["kind"],
        amount=number(m["n"], sentence),
    )
    return last, more


def _kinds_on_source(m: re.Match[str], s: Sentence) -> Spec | None:
    objects = _others(m, s)
    if objects is None:
        return None
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=objects,
        amount=0,
        marks=frozenset({Mark.SOURCE_KINDS}),
    )


def _others_enter_with_toughness(m: re.Match[str], s: Sentence) -> Spec | None:
    objects = _others(m, s)
    if objects is None:
        return None
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=objects,
        counter_kind=m["kind"],
        counters_from_power=True,
        from_stat="toughness",
    )


# Lower priorities are tried first (``replacement/sentences.py``).
ROWS: tuple[Row, ...] = (
    Row(
        Family.ENTER_COUNTERS,
        ADAMANT,
        _adamant,
        rule="614.1c",
        example="Adamant — If at least three white mana was spent to cast this spell, this creature enters with a +1/+1 counter on it.",
        card="Ardenvale Paladin",
        priority=255,
    ),
    Row(
        Family.ENTER_COUNTERS,
        SELF_COUNTED,
        _self_counted,
        rule="614.1c",
        example="This creature enters with a +1/+1 counter on it plus an additional +1/+1 counter on it for each other creature you control.",
        card="Sheriff of Safe Passage",
        priority=318,
    ),
    Row(
        Family.ENTER_COUNTERS,
        ENTERS_THIS_WAY_WITH,
        _enters_this_way_with,
        rule="614.1c",
        example="If a Hero enters this way, it enters with two additional +1/+1 counters on it.",
        card="Heroic Return",
        priority=258,
    ),
    Row(
        Family.ENTER_COUNTERS,
        OTHERS_ENTER_WITH_IF_MV,
        _others_enter_with_if_mv,
        rule="614.12",
        example="Each other Vehicle and creature you control enters with an additional +1/+1 counter on it if its mana value is 4 or less.",
        card="Thunderous Velocipede",
        priority=827,
    ),
    Row(
        Family.ENTER_COUNTERS,
        KINDS_ON_SOURCE,
        _kinds_on_source,
        rule="614.1c",
        example="For each kind of counter on Blue, Loyal Raptor, each other Dinosaur you control enters with a counter of that kind on it.",
        card="Blue, Loyal Raptor",
        priority=826,
    ),
    Row(
        Family.ENTER_COUNTERS,
        OTHERS_ENTER_WITH_TOUGHNESS,
        _others_enter_with_toughness,
        rule="614.12",
        example="Each other creature you control enters with a number of additional +1/+1 counters on it equal to Arwen's toughness.",
        card="Arwen, Weaver of Hope",
        priority=828,
    ),
    Row(
        Family.ENTER_COUNTERS,
        OTHERS_ENTER_WITH,
        _others_enter_with,
        rule="614.1c",
        example="Legendary creatures you control enter with an additional +1/+1 counter on them.",
        card="Bard Class",
        priority=848,
    ),
)
