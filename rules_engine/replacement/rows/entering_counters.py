"""Rows for a permanent entering with counters (CR 614.1c): a fixed or counted number,
kicked, optional, sunburst and riot as their keywords spell out.
"""

from __future__ import annotations

import re
from dataclasses import replace

from rules_engine.affected import Subject
from rules_engine.effects import (
    Compare,
    CountObjects,
    CreaturesDiedThisTurn,
    Expr,
    HowCast,
    Not,
    Product,
    Sum,
    Times,
    VarX,
)
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.oracle.keywords import parse_keyword
from rules_engine.replacement.phrases import (
    THE_TARGET,
    condition_in,
    count_in,
    number,
    what_objects,
)
from rules_engine.replacement.rows.entering_cast_this_way import CAST_CONDITIONS
from rules_engine.replacement.rows.row import Row, Sentence
from rules_engine.replacement.specs import EnterSpec, Family, Mark, Spec

_T = re.compile

ENTERS_WITH_ADDITIONAL = _T(
    r"^(?P<what>.+?) enters? with an additional (?P<kind>\S+) counter on it$"
)


# CR 614.1c: a general "enters with" effect whose number is counted from its source:
# "Each other creature you control enters with an additional X +1/+1 counters on it, where X
# is the number of creatures devoured by ~" (Bloodspore Thrinax, 702.82b).
ENTERS_WITH_ADDITIONAL_X = _T(
    r"^(?P<what>.+?) enters? with an additional x (?P<kind>\S+) counters on it, where x is "
    r"(?P<x>.+)$"
)


# CR 614.1c, 614.12: "Each other Angel you control enters with an additional +1/+1 counter
# on it for each Angel you already control" (Giada): counted as it would enter, so the
# entering creature isn't among those "already" there.
ENTERS_WITH_ADDITIONAL_EACH = _T(
    r"^each other (?P<what>\w+) you control enters with an additional (?P<kind>\S+) counter on "
    r"it for each (?P<each>\w+) you already control$"
)


ENTERS_WITH_POWER = _T(
    r"^(?P<what>.+?) enters? with a number of additional (?P<kind>\S+) counters on it equal to ~'s "
    r"power(?: and as an? (?P<type>\w+) in addition to its other types)?$"
)


# "Hulk enters with a +1/+1 counter on him"; "~ enters with twice X +1/+1 counters on it"
# (Primo, the Unbounded: twice the X paid, 107.3m).
ENTERS_WITH_N = _T(r"^~ enters with (?P<n>twice x|\w+) (?P<kind>\S+) counters? on (?:it|him|her)$")


# CR 614.1c, 614.12: "~ enters with your choice of a deathtouch counter or a lifelink counter
# on it" (Boot Nipper); "your choice of a +1/+1, first strike, or vigilance counter" (Denry
# Klin): the kind is chosen as it enters, which the step's choices state ("option").
ENTERS_WITH_CHOICE = _T(
    r"^~ enters with your choice of (?P<kinds>[^.]+) counter on (?:it|him|her)$"
)


# CR 614.1c, 614.12: "~ enters with your choice of two different counters on it from among
# menace, deathtouch, and lifelink" (Grimdancer): the pair chosen as it enters, which the
# step's "option" names ("menace and lifelink").
ENTERS_WITH_TWO_CHOSEN = _T(
    r"^~ enters with your choice of two different counters on (?:it|him|her) from among "
    r"(?P<kinds>[a-z ,]+)$"
)


# CR 702.155a: read ahead, as the keyword table spells it out: the chapter number chosen as
# it enters (the step's "option", "1" up to its number of chapters) is how many lore
# counters it enters with.
READ_AHEAD = _T(
    r"^~ enters with a number of lore counters on it equal to the chapter chosen as it enters$"
)

# The chapter numbers a step may choose (no Saga has more than seven chapters).
_CHAPTERS = ("1", "2", "3", "4", "5", "6", "7")


# CR 614.1c: several kinds of counters in one effect: "~ enters with a +1/+1 counter, a
# flying counter, a deathtouch counter, and a shield counter on it" (Agent's Toolkit), "If
# you control five or more untapped lands, ~ enters with two +1/+1 counters and a lifelink
# counter on it" (Dust Animus), and Voidpouncer's kicked "... and with haste".
ENTERS_WITH_LIST = _T(
    r"^(?:if (?P<before>(?>[^,]+)), )?(?:~|it) enters with (?P<list>(?>[^.]*? and an?) "
    r"\S+ counter) on (?:it|him|her)(?: and with (?P<what>(?>.+)))?$"
)


# CR 614.1c: "~ enters tapped with two charge counters on it" (Vivid lands): one effect.
ENTERS_TAPPED_WITH = _T(r"^~ enters tapped (?:and )?with (?P<n>\w+) (?P<kind>\S+) counters? on it$")


# CR 614.1c with a condition checked as it would enter (614.12): "If ~ was kicked, it enters
# with two +1/+1 counters on it"; "Ferocious — ~ enters with a +1/+1 counter on it if you
# control a creature with power 4 or greater".
ENTERS_WITH_IF = _T(
    r"^(?:if (?P<before>.+?), )?(?:~|it) enters with (?P<n>\w+) (?:additional )?(?P<kind>\S+) "
    r"counters? on it(?: (?P<unless>if|unless) (?P<after>.+))?$"
)


# CR 614.1c: a resolving spell's rider on the creature it returns: "If {G} was spent to cast
# ~, that creature enters with an additional +1/+1 counter on it" (Vigor Mortis); spell
# mastery's "... that creature enters with two additional +1/+1 counters on it".
THAT_CREATURE_ENTERS_WITH = _T(
    r"^(?:if (?P<before>.+?), )?that creature enters with (?P<n>\w+) additional (?P<kind>\S+) "
    r"counters? on it$"
)


# CR 614.1c, 107.3m: "If X is 5 or more, it enters with an additional X +1/+1 counters on
# it" (Apocalypse Hydra): the X paid, checked as it would enter (614.12).
ENTERS_WITH_X_IF_X = _T(
    r"^if x is (?P<n>\w+) or more, (?:~|it) enters with an additional x (?P<kind>\S+) "
    r"counters on it$"
)


# CR 614.1c: "You may have ~ enter with a +1/+1 counter on it" (unleash's first part, 702.98a):
# an optional replacement its controller may decline.
ENTERS_WITH_MAY = _T(
    r"^you may have ~ enter with (?P<n>\w+) (?:additional )?(?P<kind>\S+) counters? on it$"
)


# CR 614.1c: a number counted as it would enter: "~ enters with a +1/+1 counter on it for
# each creature card in your graveyard", "... X +1/+1 counters on it, where X is ...".
ENTERS_WITH_EACH = _T(
    r"^~ enters with (?:(?P<many>an?|\w+) (?P<kind>\S+) counters? on (?:it|him|her) for each "
    r"(?P<each>.+)|x (?P<kind2>\S+) "
    r"counters on (?:it|him|her), where x is (?P<x>.+)|a number of (?P<kind3>\S+) counters on "
    r"(?:it|him|her) equal to (?P<equal>.+))$"
)


# CR 702.44a: sunburst, as the keyword table spells it out: +1/+1 counters if it enters as a
# creature, else charge counters, one for each color of mana spent to cast it.
SUNBURST = _T(
    r"^~ enters with a \+1/\+1 counter on it for each color of mana spent to cast it, or that "
    r"many charge counters if it isn't entering as a creature$"
)


# CR 702.136a: riot, as the keyword table spells it out.
RIOT = _T(r"^~ enters with an additional \+1/\+1 counter on it or with haste, as riot says$")


# CR 702.138c: "~ escapes with N +1/+1 counters on it" means "if ~ escaped, it enters with N
# +1/+1 counters on it": only when it was cast with escape from a graveyard (702.138b), which
# the step's choices state ("escaped"); put onto the battlefield any other way, it gets none.
ESCAPES_WITH = _T(r"^~ escapes with (?P<n>\w+) (?P<kind>\S+) counters? on it$")


# CR 702.138c, 614.1c: "~ enters with six +1/+1 counters on it. It escapes with twelve +1/+1
# counters on it instead." (Polukranos, Unchained): escaped, the second number replaces the
# first; otherwise the first applies.
ESCAPES_WITH_INSTEAD = _T(
    r"^(?:it|~) escapes with (?P<n>\w+) (?P<kind>\S+) counters? on it instead$"
)


def escapes_instead(body: str, sentence: str, last: Spec) -> tuple[Spec, Spec] | None:
    """The sentence before, now only when it didn't escape, and the escaped number."""
    m = ESCAPES_WITH_INSTEAD.match(body)
    if m is None or not isinstance(last, EnterSpec) or last.family != Family.ENTER_COUNTERS:
        return None
    if last.objects is None or last.objects.kind != "self" or last.condition is not None:
        return None
    escaped = EnterSpec(
        sentence,
        Family.ENTER_COUNTERS,
        objects=Subject("self", words="~"),
        counter_kind=m["kind"],
        amount=number(m["n"], sentence),
        escaped=True,
    )
    return replace(last, condition=Compare(HowCast("escaped"), "==", 0)), escaped


CAST_FROM_HAND = _T(r"^you (?P<not>didn't )?cast (?:it|~) from your hand$")


# CR 614.1c, 702.33d: "If ~ was kicked [with its {1}{U} kicker], it enters with two +1/+1
# counters on it and with flying" (Kavu Titan, Anavolver): counters, and abilities it has
# while on the battlefield because of how it entered.
KICKED_ENTERS_WITH = _T(
    r"^if ~ was kicked(?: with its (?P<cost>(?:\{[^}]+\})+) kicker)?, it enters with "
    r"(?P<n>\w+) (?P<kind>\S+) counters? on it and with (?P<what>.+)$"
)


def _with_abilities(words: str, sentence: str) -> tuple[str, ...]:
    """ "flying", "first strike", '"Pay 3 life: Regenerate ~."' -> the abilities it has."""
    words = words.strip()
    if re.fullmatch(r'"(?P<text>.+)"', words):
        # The quoted ability as printed (the sentence is read in lower case).
        quoted = re.search(r'"(?P<text>[^"]+)"', sentence)
        return (quoted["text"],) if quoted else ()
    found = tuple(kw.strip().capitalize() for kw in re.split(r",? and |, ", words) if kw.strip())
    if not found or not all(parse_keyword(kw) is not None for kw in found):
        raise OracleParseError(sentence, f'cannot tell what abilities "{words}" are')
    return found


def _chosen_players(count: Expr) -> Expr:
    """A count of "... that player controls" as the chosen player's (CR 614.12)."""
    if not isinstance(count, CountObjects):
        return count
    filters = tuple(replace(f, controller="chosen_player") for f in count.subject.filters)
    return replace(count, subject=replace(count.subject, filters=filters))


_X_FOR_EACH = re.compile(r"(?P<each>.+?), where x is (?P<x>.+)")


_EACH_AND_EACH = re.compile(r"(?P<first>.+?) and an? (?:\S+) counter on it for each (?P<second>.+)")


# Devour's count as its keyword table spells it out (CR 702.82a, 702.82c).
_DEVOURED = ("creature devoured this way", "permanent devoured this way")


def _kicked_enters_with(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=Subject("self", words="~"),
        counter_kind=m["kind"],
        amount=number(m["n"], s.text),
        kicked=True,
        kicker_cost=m["cost"].upper() if m["cost"] else None,
        with_abilities=_with_abilities(m["what"], s.text),
    )


def _enters_tapped_with(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=Subject("self", words="~"),
        counter_kind=m["kind"],
        amount=number(m["n"], s.text),
        tapped=True,
    )


def _enters_with_if(m: re.Match[str], s: Sentence) -> Spec | None:
    if not (m["before"] or m["after"]):
        return None
    words = (m["before"] or m["after"]).strip()
    if hand := CAST_FROM_HAND.fullmatch(words):
        # CR 601.2a: how it was cast, which the step's choices state (Myojin, Epochrasite).
        return EnterSpec(
            s.text,
            Family.ENTER_COUNTERS,
            objects=Subject("self", words="~"),
            counter_kind=m["kind"],
            amount=number(m["n"], s.text),
            cast_from_hand=not hand["not"],
        )
    kicked = words == "~ was kicked"
    condition = (
        None if kicked else CAST_CONDITIONS.get(words) or condition_in(words, s.text)
    )  # CR 601.2, 601.2h: "if you cast it", "if ... no mana was spent to cast it"
    if condition is not None and m["unless"] == "unless":
        condition = Not(condition)  # "unless you've cast another red spell this turn"
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=Subject("self", words="~"),
        counter_kind=m["kind"],
        amount=number(m["n"], s.text),
        kicked=kicked and m["unless"] != "unless",
        condition=condition,
    )


def _that_creature_enters_with(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=THE_TARGET,  # the card the spell returns is its target (CR 115.1)
        counter_kind=m["kind"],
        amount=number(m["n"], s.text),
        condition=condition_in(m["before"], s.text) if m["before"] else None,
    )


def _escapes_with(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=Subject("self", words="~"),
        counter_kind=m["kind"],
        amount=number(m["n"], s.text),
        escaped=True,
    )


def _enters_with_x_if_x(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=Subject("self", words="~"),
        counter_kind=m["kind"],
        marks=frozenset({Mark.X}),
        at_least=number(m["n"], s.text),
    )


def _enters_with_may(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=Subject("self", words="~"),
        counter_kind=m["kind"],
        amount=number(m["n"], s.text),
        optional=True,
    )


def _riot(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=Subject("self", words="~"),
        counter_kind="+1/+1",
        amount=1,
        marks=frozenset({Mark.RIOT}),
    )


def _sunburst(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=Subject("self", words="~"),
        counter_kind="+1/+1",
        count=HowCast("colors_spent"),
        charge_unless_creature=True,
    )


def _enters_with_each(m: re.Match[str], s: Sentence) -> Spec | None:
    if m["each"] == "creature that died this turn":
        count: Expr = CreaturesDiedThisTurn()  # Bloodcrazed Paladin (CR 700.4, 614.1c)
    elif m["each"] and (x_each := _X_FOR_EACH.fullmatch(m["each"])) and m["many"] == "x":
        # Thromok: "X +1/+1 counters on it for each creature devoured this way, where X is
        # the number of creatures devoured this way".
        count = Product(
            count_in(f"the number of {x_each['each']}", s.text), count_in(x_each["x"], s.text)
        )
    elif m["each"] and (both := _EACH_AND_EACH.fullmatch(m["each"])):
        # Ulasht: "... for each other red creature you control and a +1/+1 counter on it
        # for each other green creature you control" (one creature may count twice).
        count = Sum(
            count_in(f"the number of {both['first']}", s.text),
            count_in(f"the number of {both['second']}", s.text),
        )
    elif m["each"] and m["each"].endswith(" that player controls"):
        # "As ~ enters, choose an opponent. ~ enters with a -1/-1 counter on it for each
        # creature that player controls" (Canker Abomination): the chosen player's.
        mine = m["each"].removesuffix(" that player controls") + " you control"
        count = _chosen_players(count_in(f"the number of {mine}", s.text))
    elif m["each"]:
        count = count_in(f"the number of {m['each']}", s.text)
        if m["many"] not in ("a", "an"):
            count = Times(number(m["many"], s.text), count)  # amplify 2 (702.38a)
    else:
        count = count_in(m["x"] or m["equal"], s.text)
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=Subject("self", words="~"),
        counter_kind=m["kind"] or m["kind2"] or m["kind3"],
        count=count,
        # Devour (702.82a): the sacrifices are part of how it enters.
        marks=frozenset({Mark.DEVOUR})
        if m["each"] in _DEVOURED or "devoured this way, where" in (m["each"] or "")
        else frozenset(),
    )


def _enters_with_power(m: re.Match[str], s: Sentence) -> Spec | None:
    extra = (m["type"].capitalize(),) if m["type"] else ()
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=what_objects(m["what"], s.text),
        counter_kind=m["kind"],
        counters_from_power=True,
        extra_types=extra,
    )


def _enters_with_additional_x(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=what_objects(m["what"], s.text),
        counter_kind=m["kind"],
        count=count_in(m["x"], s.text),
    )


def _enters_with_additional_each(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=what_objects(f"each other {m['what']} you control", s.text),
        counter_kind=m["kind"],
        count=count_in(f"the number of {m['each']} you control", s.text),
    )


def _enters_with_additional(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=what_objects(m["what"], s.text),
        counter_kind=m["kind"],
        amount=1,
    )


_COUNTER_ITEM = re.compile(r"(?P<n>\w+) (?P<kind>\S+) counters?")


def _enters_with_list(m: re.Match[str], s: Sentence) -> Spec | None:
    items = [i.strip() for i in re.split(r",? and |, ", m["list"]) if i.strip()]
    found: list[tuple[str, int]] = []
    for item in items:
        one = _COUNTER_ITEM.fullmatch(item)
        if one is None:
            raise OracleParseError(s.text, f'cannot read the counters "{item}"')
        found.append((one["kind"], number(one["n"], s.text)))
    words = (m["before"] or "").strip()
    kicked = words == "~ was kicked"
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=Subject("self", words="~"),
        counter_kind=found[0][0],
        amount=found[0][1],
        more_counters=tuple(found[1:]),
        kicked=kicked,
        condition=condition_in(words, s.text) if words and not kicked else None,
        with_abilities=_with_abilities(m["what"], s.text) if m["what"] else (),
    )


def _read_ahead(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=Subject("self", words="~"),
        counter_kind="lore",
        chooses=("option",),
        options=_CHAPTERS,
    )


def _enters_with_choice(m: re.Match[str], s: Sentence) -> Spec | None:
    kinds = tuple(
        k.strip().removeprefix("an ").removeprefix("a ").removesuffix(" counter")
        for k in re.split(r",? or |, ", m["kinds"])
        if k.strip()
    )
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=Subject("self", words="~"),
        amount=1,
        chooses=("option",),
        options=kinds,
    )


def _enters_with_two_chosen(m: re.Match[str], s: Sentence) -> Spec | None:
    kinds = [k.strip() for k in re.split(r",? and |, ", m["kinds"]) if k.strip()]
    if len(kinds) < 3 or not all(parse_keyword(k.capitalize()) is not None for k in kinds):
        return None  # keyword counters only (CR 122.1b)
    pairs = tuple(f"{a} and {b}" for a in kinds for b in kinds if a != b)
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=Subject("self", words="~"),
        amount=1,
        chooses=("option",),
        options=pairs,
    )


def _enters_with_n(m: re.Match[str], s: Sentence) -> Spec | None:
    if m["n"] == "twice x":
        return EnterSpec(
            s.text,
            Family.ENTER_COUNTERS,
            objects=Subject("self", words="~"),
            counter_kind=m["kind"],
            count=Times(2, VarX()),
        )
    x = m["n"] == "x"
    return EnterSpec(
        s.text,
        Family.ENTER_COUNTERS,
        objects=Subject("self", words="~"),
        counter_kind=m["kind"],
        amount=None if x else number(m["n"], s.text),
        marks=frozenset({Mark.X}) if x else frozenset(),
    )


# Lower priorities are tried first (``replacement/sentences.py``).
ROWS: tuple[Row, ...] = (
    Row(
        Family.ENTER_COUNTERS,
        KICKED_ENTERS_WITH,
        _kicked_enters_with,
        rule="614.1c",
        example="If this creature was kicked, it enters with two +1/+1 counters on it and with fear.",
        card="Duskwalker",
        priority=50,
    ),
    Row(
        Family.ENTER_COUNTERS,
        ENTERS_TAPPED_WITH,
        _enters_tapped_with,
        rule="614.1c",
        example="This artifact enters tapped with a time counter on it.",
        card="Rotating Fireplace",
        priority=250,
    ),
    Row(
        Family.ENTER_COUNTERS,
        ENTERS_WITH_IF,
        _enters_with_if,
        rule="614.1c",
        example="If this creature was kicked, it enters with a +1/+1 counter on it.",
        card="Arctic Merfolk",
        priority=260,
    ),
    Row(
        Family.ENTER_COUNTERS,
        READ_AHEAD,
        _read_ahead,
        rule="702.155a",
        example="This enchantment enters with a number of lore counters on it equal to the chapter chosen as it enters.",
        card="",
        priority=262,
    ),
    Row(
        Family.ENTER_COUNTERS,
        ENTERS_WITH_LIST,
        _enters_with_list,
        rule="614.1c",
        example="This artifact enters with a +1/+1 counter, a flying counter, a deathtouch counter, and a shield counter on it.",
        card="Agent's Toolkit",
        priority=265,
    ),
    Row(
        Family.ENTER_COUNTERS,
        ENTERS_WITH_TWO_CHOSEN,
        _enters_with_two_chosen,
        rule="614.1c",
        example="This creature enters with your choice of two different counters on it from among menace, deathtouch, and lifelink.",
        card="Grimdancer",
        priority=267,
    ),
    Row(
        Family.ENTER_COUNTERS,
        ENTERS_WITH_CHOICE,
        _enters_with_choice,
        rule="614.12",
        example="This creature enters with your choice of a deathtouch counter or a lifelink counter on it.",
        card="Boot Nipper",
        priority=268,
    ),
    Row(
        Family.ENTER_COUNTERS,
        THAT_CREATURE_ENTERS_WITH,
        _that_creature_enters_with,
        rule="614.1c",
        example="That creature enters with an additional +1/+1 counter on it.",
        card="Savage Summoning",
        priority=270,
    ),
    Row(
        Family.ENTER_COUNTERS,
        ESCAPES_WITH,
        _escapes_with,
        rule="702.138c",
        example="This creature escapes with two +1/+1 counters on it.",
        card="Woe Strider",
        priority=275,
    ),
    Row(
        Family.ENTER_COUNTERS,
        ENTERS_WITH_X_IF_X,
        _enters_with_x_if_x,
        rule="614.1c",
        example="If X is 5 or more, it enters with an additional X +1/+1 counters on it.",
        card="Apocalypse Hydra",
        priority=280,
    ),
    Row(
        Family.ENTER_COUNTERS,
        ENTERS_WITH_MAY,
        _enters_with_may,
        rule="614.1c",
        example="You may have this creature enter with a +1/+1 counter on it.",
        card="",
        priority=290,
    ),
    Row(
        Family.ENTER_COUNTERS,
        RIOT,
        _riot,
        rule="702.136a",
        example="This creature enters with an additional +1/+1 counter on it or with haste, as riot says.",
        card="",
        priority=300,
    ),
    Row(
        Family.ENTER_COUNTERS,
        SUNBURST,
        _sunburst,
        rule="702.44a",
        example="This permanent enters with a +1/+1 counter on it for each color of mana spent to cast it, or that many charge counters if it isn't entering as a creature.",
        card="",
        priority=310,
    ),
    Row(
        Family.ENTER_COUNTERS,
        ENTERS_WITH_EACH,
        _enters_with_each,
        rule="614.1c",
        example="This creature enters with a +1/+1 counter on it for each Gate you control.",
        card="Gatekeeper Gargoyle",
        priority=320,
    ),
    Row(
        Family.ENTER_COUNTERS,
        ENTERS_WITH_POWER,
        _enters_with_power,
        rule="614.1c",
        example="Each other creature you control enters with a number of additional +1/+1 counters on it equal to this creature's power and as a Mutant in addition to its other types.",
        card="Master Biomancer",
        priority=830,
    ),
    Row(
        Family.ENTER_COUNTERS,
        ENTERS_WITH_ADDITIONAL_X,
        _enters_with_additional_x,
        rule="614.1c",
        example="Each other creature you control enters with an additional X +1/+1 counters on it, where X is the number of +1/+1 counters on this creature.",
        card="Bloodspore Thrinax",
        priority=840,
    ),
    Row(
        Family.ENTER_COUNTERS,
        ENTERS_WITH_ADDITIONAL_EACH,
        _enters_with_additional_each,
        rule="614.12",
        example="Each other Angel you control enters with an additional +1/+1 counter on it for each Angel you already control.",
        card="Giada, Font of Hope",
        priority=845,
    ),
    Row(
        Family.ENTER_COUNTERS,
        ENTERS_WITH_ADDITIONAL,
        _enters_with_additional,
        rule="614.1c",
        example="Each of them enters with an additional -1/-1 counter on it.",
        card="Aberrant Return",
        priority=850,
    ),
    Row(
        Family.ENTER_COUNTERS,
        ENTERS_WITH_N,
        _enters_with_n,
        rule="614.1c",
        example="This creature enters with an oil counter on it.",
        card="Bladed Ambassador",
        priority=860,
    ),
)
