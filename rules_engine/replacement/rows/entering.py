"""Rows for how a permanent enters (CR 614.1c-d, 614.12): tapped, as a copy, under your
control, choices made as it enters, what is sacrificed, exiled instead.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from rules_engine.affected import Subject
from rules_engine.effects import AllOf, Compare, CopyOf, HowCast
from rules_engine.oracle.conditions import parse_condition
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.oracle.keywords import parse_keyword
from rules_engine.replacement.phrases import (
    number,
    objects_in,
    what_objects,
)
from rules_engine.replacement.rows.entering_cast_this_way import NO_MANA_SPENT
from rules_engine.replacement.rows.row import Row, Sentence
from rules_engine.replacement.specs import EnterSpec, Family, Mark, ReplacementSpec, Spec
from rules_engine.vocabulary import ALL_TYPE_WORDS, BASIC_LAND_TYPES, CARD_TYPES, COLOR_WORDS

_T = re.compile

ENTERS_TAPPED_IF_NOT = _T(r"^if you don't, (?:~|it) enters tapped$")  # shock, reveal lands


ENTERS_TAPPED = _T(r"^(?P<what>.+?) enters? tapped$")


# CR 614.1d: "Lands you control enter untapped" (Spelunking), "Gates you control enter
# untapped" (Gond Gate): how other permanents enter.
ENTER_UNTAPPED = _T(r"^(?P<what>.+?) enters? untapped$")


# CR 614.1c, 614.12: "~ enters tapped unless <condition>", any condition the condition
# reader (``oracle.conditions.parse_condition``) reads: "you control a Swamp" (Castle Locthwain),
# "it's your turn" (Horned Loch-Whale), "a player has 13 or less life" (Abandoned
# Campground); a condition it can't read refuses the sentence, naming the condition.
ENTERS_TAPPED_UNLESS = _T(r"^~ enters tapped unless (?P<cond>.+)$")


# CR 614.1c with a condition checked as it would enter (614.12): "If you control two or more
# other lands, ~ enters tapped" (Den of the Bugbear).
ENTERS_TAPPED_IF = _T(r"^if (?P<cond>(?>[^,]+)), ~ enters tapped$")


# The same with the condition after: "~ enters tapped if it's not your turn" (Eddymurk Crab),
# and with a time before it, both checked as it would enter (614.12): "During your first three
# turns of the game, ~ enters tapped if you were the starting player" (Captivating Crossroads).
ENTERS_TAPPED_IF_AFTER = _T(r"^(?:(?P<during>during (?>[^,]+)), )?~ enters tapped if (?P<cond>.+)$")


# Gather Specimens (CR 616.1b: effects on who will control an entering permanent go first).
ENTERS_UNDER_YOUR_CONTROL = _T(
    r"^if (?P<what>.+?) would enter under an opponent's control(?: this turn)?, it enters under "
    r"your control instead$"
)


ENTERS_AS_COPY = _T(r"^(?P<what>.+?) enters? as a copy of ~$")
# CR 614.1c: "~ enters under the control of an opponent of your choice." (Xantcha).
ENTERS_UNDER_CHOSEN_OPPONENT = _T(r"^~ enters under the control of an opponent of your choice$")


# CR 614.1c: "If ~ would enter, sacrifice a Forest instead. If you do, put ~ onto the
# battlefield. If you don't, put it into its owner's graveyard." (Heart of Yavimaya, Lotus
# Vale: the two sentences after it are read with it); Sheltered Valley's "instead sacrifice
# each other permanent named ~ you control, then put ~ onto the battlefield".
ENTER_SACRIFICE = _T(
    r"^if ~ would enter, (?:sacrifice (?P<n>an?|two|three) (?P<what>.+?) instead|instead "
    r"sacrifice each (?P<each>.+? you control), then put ~ onto the battlefield)$"
)


# CR 614.1c, 614.12: what its controller does as it enters, before it is on the battlefield:
# "As ~ enters, sacrifice all lands you control" (Overlaid Terrain), "you lose life equal to
# your life total" (Lich), Thief of Blood's "remove all counters from all permanents".
AS_ENTERS_SACRIFICE_ALL = _T(r"^as ~ enters, sacrifice all (?P<what>.+? you control)$")


AS_ENTERS_LOSE_LIFE_TOTAL = _T(r"^as ~ enters, you lose life equal to your life total$")


AS_ENTERS_REMOVE_ALL = _T(r"^as ~ enters, remove all counters from all permanents$")


# CR 614.1c: "As Sin enters, remove all counters from any number of artifacts, creatures, and
# enchantments." (Sin, Unending Cataclysm): from the permanents its controller chooses, which
# the step's ``choices.remove_counters`` names; read with the sentence after it, "~ enters with
# X +1/+1 counters on it, where X is twice the number of counters removed this way".
AS_ENTERS_REMOVE_FROM_ANY = _T(
    r"^as ~ enters, remove all counters from any number of artifacts, creatures, and "
    r"enchantments$"
)


# CR 614.1c, 614.12, 607.2a: "As ~ enters, exile a creature card from a graveyard" (Dermotaxi,
# under the ability word imprint), "exile up to X creature cards from your graveyard"
# (Mimeoplasm, Revered One): the cards the step's ``choices.exile`` names are exiled as it
# enters, and are the cards exiled with it.
AS_ENTERS_EXILE = _T(
    r"^as ~ enters, exile (?P<n>an?|up to x) creature cards? from (?P<zone>a|your) graveyard$"
)


# CR 614.1c: "If a nontoken creature would enter and it wasn't cast, exile it instead"
# (Containment Priest; Hallowed Moonlight's for the turn). An enter step without
# "cast_from_hand" puts the permanent onto the battlefield: it wasn't cast.
ENTER_EXILE_NOT_CAST = _T(
    r"^if (?:a|an) (?P<what>[\w ]+?) would enter and it wasn't cast, exile it instead$"
)


# The same on the permanent itself, with mana: "If this creature would enter and it wasn't
# cast or no mana was spent to cast it, exile it instead" (Primeval Spawn, CR 601.2h).
ENTER_EXILE_NO_MANA = _T(
    r"^if ~ would enter and (?:it|~) wasn't cast or no mana was spent to cast it, exile it "
    r"instead$"
)


# CR 614.12, 614.1c: "As ~ enters, choose two colors" and the other choices made as a
# permanent enters, beyond the one color or creature type the line templates route to the
# choice template (oracle/templates.py); "an opponent chooses" (Callous Oppressor).
# CR 614.12, 707.2, 208.2b: "As ~ enters, it becomes your choice of a 3/3 artifact creature, a
# 2/2 artifact creature with flying, or a 1/6 Wall artifact creature with defender in addition
# to its other types" (Primal Clay, Primal Plasma): the chosen form is part of its copiable
# values. "or is turned face up" (Aquamorph Entity) is not read.
AS_ENTERS_BECOMES = _T(
    r"^as ~ enters, it becomes your choice of (?P<forms>.+?)(?: in addition to its other types)?$"
)


_FORM = re.compile(
    r"^an? (?P<p>\d+)/(?P<t>\d+) (?P<words>(?:[a-z]+ )*?)creature(?: with (?P<kw>[a-z ]+))?$"
)


# "As it enters, choose ..." after "This land enters tapped." (Thriving Moor): the same.
# "secretly choose an opponent" (Emissary of Grudges): the choice is made as it enters all
# the same (614.12); keeping it secret until revealed changes nothing on a board.
# "look at an opponent's hand, then choose any card name" (Anointed Peacekeeper): looking
# at a hidden hand changes nothing on a board; the choice after it is what the step states.
# "note the most prevalent creature type in an opponent's library" (Favored Enemy): noted as
# it enters (614.12) from a library the board doesn't fully show, so the step states the type
# noted, as for a choice; "the noted type" refers to it (607.2).
AS_ENTERS_CHOOSE = _T(
    r"^as (?P<it>~|it) enters, (?:look at an opponent's hand, then )?"
    r"(?P<who>(?:secretly )?choose|you may choose|an opponent chooses|name|note) "
    r"(?P<what>.+?)"
    r"(?P<opponent> and (?:an|one) opponent)?$"
)


# The words a choice offers ("black or red", "Island or Swamp", "artifact, creature, ...,
# or sorcery") and the choice field each kind of word is written in.
_OFFERED_KINDS: tuple[tuple[str, frozenset[str]], ...] = (
    ("color", frozenset(COLOR_WORDS)),
    ("land_type", frozenset(t.lower() for t in BASIC_LAND_TYPES)),
    ("card_type", frozenset(t.lower() for t in CARD_TYPES)),
)


_CHOICE_WORDS: dict[str, tuple[str, ...]] = {
    "a color": ("color",),
    "a color word": ("color",),  # Swirl the Mists (CR 612.2: written as its color)
    "two colors": ("colors",),
    # Desert Cenote: one or two colors (CR 614.12); the hidden hand they come from isn't checked.
    "up to two colors from among cards in your hand": ("colors",),
    "an opponent": ("player",),
    "a player": ("player",),
    "two players": ("players",),
    "a creature type": ("creature_type",),
    "the most prevalent creature type in an opponent's library": ("creature_type",),
    "a card type": ("card_type",),
    "a basic land type": ("land_type",),
    "a planeswalker type": ("planeswalker_type",),  # Deification (CR 205.3j)
    # Camato Scout: chosen at random (CR 614.12), which the step's choices state.
    "a basic land type at random": ("land_type",),
    "a color and a creature type": ("color", "creature_type"),
    "a creature type and a color": ("color", "creature_type"),
    "another creature you control": ("chosen",),
    "a creature you control": ("chosen",),
    # Scheming Fence: "you may choose a nonland permanent" (none chosen: no answer).
    "a nonland permanent": ("chosen",),
}


_COLOR_OTHER_THAN = re.compile(r"a color other than (?P<color>white|blue|black|red|green)")


# "a card name", "a nonbasic land card name", "a noncreature, nonland card name", "a card".
_CARD_NAME = re.compile(r"^(?:a [\w, -]*card name|a card|a nonland card|any card name)$")


# CR 614.12: "choose a number between 1 and 10" (Talion, the Kindly Lord), "secretly choose a
# number between 1 and 20" (Ominous Lockbox): one of the whole numbers offered, which the
# step's "option" states.
_NUMBER_BETWEEN = re.compile(r"a number between (?P<low>\d{1,2}) and (?P<high>\d{1,2})")


# CR 614.12: "choose two abilities from among first strike, vigilance, and lifelink" (Greymond,
# Avacyn's Stalwart): one of the pairs, written "first strike and lifelink" in the step's
# "option" (in the order the card lists them); "the chosen abilities" are that pair.
_TWO_ABILITIES = re.compile(r"two abilities from among (?P<list>[a-z ,]+)")


# "a card type other than creature" (Arachne, Psionic Weaver): the other card types (205.2a).
_CARD_TYPE_OTHER_THAN = re.compile(r"a card type other than (?P<type>\w+)")


def entering_forms(sentence: str) -> dict[str, CopyOf]:
    """Primal Clay's forms by power/toughness ("3/3" -> a 3/3 artifact creature): the
    exceptions each makes to its own copiable values (CR 707.2, 707.9b)."""
    m = re.search(
        r"it becomes your choice of (?P<forms>.+?)(?: in addition to its other types)?$",
        sentence.lower().rstrip(". "),
    )
    if m is None:
        raise OracleParseError(sentence, "not a choice of forms")
    forms: dict[str, CopyOf] = {}
    for phrase in re.split(r",? or |, ", m["forms"]):
        form = _FORM.match(phrase.strip())
        if form is None:
            raise OracleParseError(sentence, f'cannot read the form "{phrase}"')
        types: set[str] = {"Creature"}
        subtypes: list[str] = []
        for word in form["words"].split():
            found = ALL_TYPE_WORDS.get(word)
            if found is None or found[0] not in ("type", "subtype"):
                raise OracleParseError(sentence, f'cannot tell what "{word}" is')
            (types.add if found[0] == "type" else subtypes.append)(found[1])
        abilities = (form["kw"].capitalize(),) if form["kw"] else ()
        if abilities and parse_keyword(abilities[0]) is None:
            raise OracleParseError(sentence, f'cannot read "{form["kw"]}"')
        forms[f"{form['p']}/{form['t']}"] = CopyOf(
            except_types=frozenset(types),
            except_subtypes=frozenset(subtypes),
            except_pt=(int(form["p"]), int(form["t"])),
            except_abilities=abilities,
        )
    return forms


def _as_enters_choice(m: re.Match[str], sentence: str) -> ReplacementSpec:
    """CR 614.12: a choice made as the permanent enters, which the entering permanent's
    step answers (its ``choices``). What the card later does with "the chosen ..." is
    read wherever that sentence is."""
    what = m["what"].strip()
    keys: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    if what in _CHOICE_WORDS:
        keys = _CHOICE_WORDS[what]
    elif (other := _COLOR_OTHER_THAN.fullmatch(what)) is not None:
        # The Thriving lands: "choose a color other than black" offers the other four
        # (CR 614.12, 105.1); the step's "color" must be one of them.
        keys = ("color",)
        options = tuple(c for c in COLOR_WORDS if c != other["color"])
    elif (between := _NUMBER_BETWEEN.fullmatch(what)) is not None:
        keys = ("option",)
        options = tuple(str(n) for n in range(int(between["low"]), int(between["high"]) + 1))
    elif (other_type := _CARD_TYPE_OTHER_THAN.fullmatch(what)) is not None:
        keys = ("card_type",)
        options = tuple(t.lower() for t in CARD_TYPES if t.lower() != other_type["type"])
    elif _CARD_NAME.match(what):
        keys = ("card_name",)  # CR 201.3: the name of a card, any card unless limited
    elif (two := _TWO_ABILITIES.fullmatch(what)) is not None:
        offered = [w.strip() for w in re.split(r",? and |, ", two["list"]) if w.strip()]
        keys = ("option",)
        options = tuple(f"{a} and {b}" for a, b in itertools.combinations(offered, 2))
    elif " or " in what:
        words = tuple(w.strip() for w in re.split(r",? or |, ", what) if w.strip())
        kinds = [k for k, vocab in _OFFERED_KINDS if all(w in vocab for w in words)]
        keys = (kinds[0] if kinds else "option",)
        options = words
    if not keys:
        raise OracleParseError(sentence, f'cannot tell what "{what}" chooses')
    if m["opponent"]:
        keys = (*keys, "player")  # "a color and an opponent" (Call to Arms)
    return EnterSpec(
        sentence,
        Family.AS_ENTERS,
        objects=Subject("self", words="~"),
        chooses=keys,
        options=options,
        chooser="opponent" if m["who"] == "an opponent chooses" else "controller",
        optional=m["who"] == "you may choose",  # CR 614.12: it may enter with none chosen
    )


def _as_enters_becomes(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.AS_ENTERS,
        objects=Subject("self", words="~"),
        chooses=("option",),
        options=tuple(entering_forms(s.text)),
        marks=frozenset({Mark.FORM}),
    )


def _as_enters_choose(m: re.Match[str], s: Sentence) -> Spec | None:
    if m["it"] == "it":
        # "As it enters, ..." after another sentence: a choice this row doesn't know stays
        # what it was before the row read "it" (skipped, named as not modelled).
        try:
            return _as_enters_choice(m, s.text)
        except OracleParseError:
            return None
    return _as_enters_choice(m, s.text)


def _enter_exile_not_cast(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.ENTER_EXILE,
        objects=objects_in(m["what"], s.text),
        cast_from_hand=False,
        to_zone="exile",
    )


def _enter_exile_no_mana(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.ENTER_EXILE,
        objects=Subject("self", words="~"),
        condition=NO_MANA_SPENT,
        to_zone="exile",
    )


def _as_enters_sacrifice_all(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.ENTER_SACRIFICE,
        objects=Subject("self", words="~"),
        sacrifice=objects_in(m["what"], s.text),
    )


def _as_enters_lose_life_total(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.ENTER_ALSO,
        objects=Subject("self", words="~"),
        marks=frozenset({Mark.LOSE_LIFE_TOTAL}),
    )


# CR 614.1e, 701.3a: "As this Aura is turned face up, you may attach it to a creature" (Gift of
# Doom): the turn_face_up step's "attach" names the creature (``timeline/simple.face``); never
# as it enters.
FACE_UP_ATTACH = _T(r"^as ~ is turned face up, you may attach it to a creature$")


def _face_up_attach(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.AS_ENTERS,
        objects=Subject("self", words="~"),
        optional=True,
        marks=frozenset({Mark.ONLY_FACE_UP, Mark.FACE_UP_ATTACH}),
    )


# CR 614.1c, 701.9a: "As Indominus Rex enters, discard any number of creature cards." The cards
# are the step's ``choices.discard``; the keyword counters it enters with for them are read
# from the sentences after it (``replacement/grammar.py``).
AS_ENTERS_DISCARD = _T(r"^as ~ enters, discard any number of creature cards$")


def _self_also(s: Sentence, *marks: Mark, **fields: Any) -> EnterSpec:
    """Something the permanent itself does as it enters, besides entering (CR 614.1c)."""
    return EnterSpec(
        s.text,
        Family.ENTER_ALSO,
        objects=Subject("self", words="~"),
        marks=frozenset(marks),
        **fields,
    )


def _as_enters_discard(m: re.Match[str], s: Sentence) -> Spec | None:
    return _self_also(s, Mark.DISCARD_AS_ENTERS)


def _as_enters_remove_from_any(m: re.Match[str], s: Sentence) -> Spec | None:
    return _self_also(s, Mark.REMOVE_ALL_COUNTERS, Mark.REMOVE_FROM_CHOSEN)


def _as_enters_exile(m: re.Match[str], s: Sentence) -> Spec | None:
    marks = (Mark.EXILE_AS_ENTERS,) + ((Mark.X,) if m["n"] == "up to x" else ())
    return _self_also(
        s,
        *marks,
        player="you" if m["zone"] == "your" else "any",  # whose graveyard
        amount=None if m["n"] == "up to x" else 1,
    )


def _as_enters_remove_all(m: re.Match[str], s: Sentence) -> Spec | None:
    return _self_also(s, Mark.REMOVE_ALL_COUNTERS)


def _enter_sacrifice(m: re.Match[str], s: Sentence) -> Spec | None:
    what = m["each"] or f"{m['what']} you control"
    return EnterSpec(
        s.text,
        Family.ENTER_SACRIFICE,
        objects=Subject("self", words="~"),
        sacrifice=objects_in(what, s.text),
        amount=None if m["each"] else number(m["n"], s.text),
    )


# CR 305.1, 116.2a: "~ enters tapped if it was played from your hand" (Fetching Garden): the
# land was played (a special action), which the step's ``choices.played_from_hand`` states; put
# onto the battlefield by an effect, it wasn't.
_PLAYED_FROM_HAND = Compare(HowCast("played_from_hand"), "==", 1)


def _enters_tapped_if(m: re.Match[str], s: Sentence) -> Spec | None:
    played = m["cond"] == "it was played from your hand"
    condition = _PLAYED_FROM_HAND if played else parse_condition(m["cond"], s.text)
    if m.groupdict().get("during"):
        condition = AllOf((parse_condition(m["during"], s.text), condition))
    return EnterSpec(
        s.text,
        Family.ENTER_TAPPED,
        objects=Subject("self", words="~"),
        condition=condition,
    )


def _enters_tapped_if_not(m: re.Match[str], s: Sentence) -> Spec | None:
    # "As this land enters, you may pay 2 life (or reveal ...). If you don't, ..." : the
    # controller may pay and have it enter untapped, which the tree shows as declining.
    return EnterSpec(s.text, Family.ENTER_TAPPED, objects=Subject("self", words="~"), optional=True)


def _enters_under_your_control(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text, Family.ENTER_CONTROL, tier="control", objects=what_objects(m["what"], s.text)
    )


def _enters_under_chosen_opponent(_m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text,
        Family.ENTER_CONTROL,
        tier="control",
        objects=Subject("self", words="~"),
        chooses=("player",),
        to_chosen_player=True,
    )


def _enters_as_copy(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(
        s.text, Family.ENTER_COPY, tier="copy", objects=what_objects(m["what"], s.text)
    )


def _enters_tapped_unless(m: re.Match[str], s: Sentence) -> Spec | None:
    unless = parse_condition(m["cond"], s.text)
    return EnterSpec(s.text, Family.ENTER_TAPPED, objects=Subject("self", words="~"), unless=unless)


def _enter_untapped(m: re.Match[str], s: Sentence) -> Spec | None:
    return EnterSpec(s.text, Family.ENTER_UNTAPPED, objects=what_objects(m["what"], s.text))


def _enters_tapped(m: re.Match[str], s: Sentence) -> Spec | None:
    what = m["what"]
    objects = Subject("self", words="~") if what == "~" else what_objects(what, s.text)
    return EnterSpec(s.text, Family.ENTER_TAPPED, objects=objects)


# Lower priorities are tried first (``replacement/sentences.py``).
ROWS: tuple[Row, ...] = (
    Row(
        Family.AS_ENTERS,
        AS_ENTERS_BECOMES,
        _as_enters_becomes,
        rule="614.12",
        example="As this creature enters, it becomes your choice of a 3/3 creature, a 2/2 creature with flying, or a 1/6 creature with defender.",
        card="Primal Plasma",
        priority=20,
    ),
    Row(
        Family.AS_ENTERS,
        AS_ENTERS_CHOOSE,
        _as_enters_choose,
        rule="614.1c",
        example="As this creature enters, choose a color.",
        card="Alloy Golem",
        priority=30,
    ),
    Row(
        Family.ENTER_EXILE,
        ENTER_EXILE_NOT_CAST,
        _enter_exile_not_cast,
        rule="614.1c",
        example="If a nontoken creature would enter and it wasn't cast, exile it instead.",
        card="Containment Priest",
        priority=180,
    ),
    Row(
        Family.ENTER_EXILE,
        ENTER_EXILE_NO_MANA,
        _enter_exile_no_mana,
        rule="614.1c",
        example="If this creature would enter and it wasn't cast or no mana was spent to cast it, exile it instead.",
        card="Primeval Spawn",
        priority=181,
    ),
    Row(
        Family.ENTER_SACRIFICE,
        AS_ENTERS_SACRIFICE_ALL,
        _as_enters_sacrifice_all,
        rule="614.1c",
        example="As this enchantment enters, sacrifice all lands you control.",
        card="Overlaid Terrain",
        priority=190,
    ),
    Row(
        Family.ENTER_ALSO,
        AS_ENTERS_LOSE_LIFE_TOTAL,
        _as_enters_lose_life_total,
        rule="614.1c",
        example="As this enchantment enters, you lose life equal to your life total.",
        card="Lich",
        priority=200,
    ),
    Row(
        Family.ENTER_ALSO,
        AS_ENTERS_REMOVE_ALL,
        _as_enters_remove_all,
        rule="614.1c",
        example="As this creature enters, remove all counters from all permanents.",
        card="Thief of Blood",
        priority=210,
    ),
    Row(
        Family.AS_ENTERS,
        FACE_UP_ATTACH,
        _face_up_attach,
        rule="614.1e",
        example="As this Aura is turned face up, you may attach it to a creature.",
        card="Gift of Doom",
        priority=35,
    ),
    Row(
        Family.ENTER_ALSO,
        AS_ENTERS_DISCARD,
        _as_enters_discard,
        rule="614.1c",
        example="As Indominus Rex enters, discard any number of creature cards.",
        card="Indominus Rex, Alpha",
        priority=211,
    ),
    Row(
        Family.ENTER_ALSO,
        AS_ENTERS_REMOVE_FROM_ANY,
        _as_enters_remove_from_any,
        rule="614.1c",
        example="As Sin enters, remove all counters from any number of artifacts, creatures, and enchantments.",
        card="Sin, Unending Cataclysm",
        priority=212,
    ),
    Row(
        Family.ENTER_ALSO,
        AS_ENTERS_EXILE,
        _as_enters_exile,
        rule="614.1c",
        example="Imprint — As this Vehicle enters, exile a creature card from a graveyard.",
        card="Dermotaxi",
        priority=215,
    ),
    Row(
        Family.ENTER_SACRIFICE,
        ENTER_SACRIFICE,
        _enter_sacrifice,
        rule="614.1c",
        example="If this land would enter, sacrifice a Swamp instead.",
        card="Lake of the Dead",
        priority=220,
    ),
    Row(
        Family.ENTER_TAPPED,
        ENTERS_TAPPED_IF,
        _enters_tapped_if,
        rule="614.1c",
        example="If you control two or more other lands, this land enters tapped.",
        card="Cave of the Frost Dragon",
        priority=240,
    ),
    Row(
        Family.ENTER_TAPPED,
        ENTERS_TAPPED_IF_AFTER,
        _enters_tapped_if,
        rule="614.1c",
        example="This creature enters tapped if it's not your turn.",
        card="Eddymurk Crab",
        priority=245,
    ),
    Row(
        Family.ENTER_TAPPED,
        ENTERS_TAPPED_IF_NOT,
        _enters_tapped_if_not,
        rule="614.1c",
        example="If you don't, this land enters tapped.",
        card="Ancient Amphitheater",
        priority=235,  # before "if <condition>, ~ enters tapped", which would take it
    ),
    Row(
        Family.ENTER_CONTROL,
        ENTERS_UNDER_YOUR_CONTROL,
        _enters_under_your_control,
        rule="616.1b",
        example="If a creature would enter under an opponent's control this turn, it enters under your control instead.",
        card="Gather Specimens",
        priority=810,
    ),
    Row(
        Family.ENTER_CONTROL,
        ENTERS_UNDER_CHOSEN_OPPONENT,
        _enters_under_chosen_opponent,
        rule="614.1c",
        example="Xantcha enters under the control of an opponent of your choice.",
        card="Xantcha, Sleeper Agent",
        priority=815,
    ),
    Row(
        Family.ENTER_COPY,
        ENTERS_AS_COPY,
        _enters_as_copy,
        rule="614.1c",
        example="Creatures you control enter as a copy of this creature.",
        card="Essence of the Wild",
        priority=820,
    ),
    Row(
        Family.ENTER_TAPPED,
        ENTERS_TAPPED_UNLESS,
        _enters_tapped_unless,
        rule="614.1c",
        example="This land enters tapped unless you control a Swamp.",
        card="Castle Locthwain",
        priority=870,
    ),
    Row(
        Family.ENTER_TAPPED,
        ENTERS_TAPPED,
        _enters_tapped,
        rule="614.1c",
        example="This creature enters tapped.",
        card='"Lifetime" Pass Holder',
        priority=880,
    ),
    Row(
        Family.ENTER_UNTAPPED,
        ENTER_UNTAPPED,
        _enter_untapped,
        rule="614.1d",
        example="Lands you control enter untapped.",
        card="Spelunking",
        priority=885,
    ),
)
