"""Readers of conditions by their words: fixed phrases and fixed patterns ("it's your turn",
"a creature died this turn", "black is the most common color among all permanents"). Each
reader takes the words (``Asked``) and returns a ``Condition``, or None when the words are
not its own; the order they are tried in is ``conditions._READERS``."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Literal

from rules_engine.affected import Filter, Subject
from rules_engine.effects import (
    AllOf,
    AllShareAColor,
    AnyLibrarySize,
    AnyOf,
    Compare,
    Condition,
    CountAtLeast,
    CountObjects,
    Expr,
    HappenedEvent,
    HappenedThisTurn,
    HowCast,
    ItsControllerControls,
    LifeTotal,
    ManaSpent,
    MostCommonColor,
    Negate,
    Not,
    ObjectMatches,
    OpponentCount,
    PartySize,
    PlayerCounters,
    SourceStatus,
    SpellsCastThisTurn,
    StartingLife,
    Sum,
    Times,
    TopOfLibrary,
    TurnTotal,
    VersusOpponent,
)
from rules_engine.oracle.cursor import Cursor, OracleParseError
from rules_engine.oracle.keywords import read_keyword
from rules_engine.oracle.numbers import read_number
from rules_engine.oracle.sentence_state import (
    SentenceState,
    counted_words,
    required_number,
    subject_or_none,
    subject_words,
)
from rules_engine.oracle.text import SELF, tokenize
from rules_engine.vocabulary import ALL_TYPE_WORDS, COLOR_WORDS


@dataclass(frozen=True, slots=True)
class Asked:
    """One condition's words, as every reader sees them."""

    words: str  # as written, trimmed ("there's" read as "there is")
    text: str  # the same words in lower case
    sentence: str
    state: SentenceState

    @property
    def it(self) -> Subject:
        """What "it" names: the subject the sentence read before, else ~ itself."""
        previous = self.state.previous
        return previous if previous is not None else Subject("self", words=SELF)

    def fail(self) -> OracleParseError:
        return OracleParseError(self.sentence, f'cannot read the condition "{self.words}"')


Reader = Callable[[Asked], Condition | None]


def asked(words: str, sentence: str, state: SentenceState) -> Asked:
    words = re.sub(r"^there's ", "there is ", words.strip(), flags=re.IGNORECASE)
    # "you control at least three other snow permanents" (Ice-Fang Coatl): "three or more".
    words = re.sub(r"^(you control) at least (\w+) ", r"\1 \2 or more ", words, flags=re.IGNORECASE)
    text = words.lower()
    if text.startswith("you control "):
        # "you control a Mountain or a Forest" (check lands) reads as "a Mountain or Forest".
        words = re.sub(r" or (?:a|an) ", " or ", words.strip(), flags=re.IGNORECASE)
        text = words.lower()
    return Asked(words, text, sentence, state)


def exactly(condition: Condition, *texts: str) -> Reader:
    """A reader of fixed phrases (lower case), each meaning ``condition``."""

    def read(a: Asked) -> Condition | None:
        return condition if a.text in texts else None

    return read


# --- Kinds: "it's a Goblin", "it's red or green" ---------------------------------------


def is_a(subject: Subject, what: str, words: str, sentence: str) -> Condition:
    """ "it's a Goblin", "it's an artifact creature", "it's legendary", "it's black", "it's
    a Human or an Angel" (any of them)."""
    kinds = kinds_or(what.lower().split(), subject)
    if kinds is None:
        raise OracleParseError(sentence, f'cannot read the condition "{words}"')
    return kinds if isinstance(kinds, AnyOf) else ObjectMatches(subject, kinds)


def kinds_or(words: list[str], subject: Subject | None = None) -> Filter | AnyOf | None:
    """One kind ("artifact creature") as a filter, or several joined by "or" ("a Human or an
    Angel", "red or green") as any of them, for ``subject``."""
    groups: list[list[str]] = [[]]
    for word in words:
        if word == "or":
            groups.append([])
        elif word not in ("a", "an", ","):
            groups[-1].append(word)
    filters = [_kind_filter(g) for g in groups]
    if any(f is None for f in filters):
        return None
    if len(filters) == 1:
        return filters[0]
    it = subject if subject is not None else Subject("self", words=SELF)
    return AnyOf(tuple(ObjectMatches(it, f) for f in filters if f is not None))


def _kind_filter(words: list[str]) -> Filter | None:
    """Card types, subtypes, supertypes (CR 205) and colors (105) named one after another,
    as a filter an object must match; None if a word is none of those."""
    found: dict[str, set[str]] = {"type": set(), "subtype": set(), "supertype": set()}
    colors: set[str] = set()
    token: bool | None = None
    enchanted = None
    for i, word in enumerate(words):
        if word in ("token", "nontoken"):
            token = word == "token"  # CR 111.1: "if it's a token" (Aeve, Progenitor Ooze)
        elif word == "enchanted" and i == 0:
            enchanted = True  # "it's an enchanted creature" (Karametra's Blessing, 303.4)
        elif word in COLOR_WORDS:
            colors.add(COLOR_WORDS[word])
        elif word in ALL_TYPE_WORDS:
            kind, canonical = ALL_TYPE_WORDS[word]
            found[kind].add(canonical)
        else:
            return None
    if not words:
        return None
    return Filter(
        types=frozenset(found["type"]),
        subtypes=frozenset(found["subtype"]),
        supertypes=frozenset(found["supertype"]),
        colors=frozenset(colors),
        token=token,
        enchanted=enchanted,
    )


# --- Players and the game ---------------------------------------------------------------

_LIFE_VERSUS = re.compile(
    r"you have (?P<cmp>less|more) life than (?P<who>an|each) opponent|"
    r"(?P<opp>an|each) opponent has (?P<cmp2>more|less) life than you(?: do)?"
)
_COUNT_VERSUS = re.compile(
    r"you control (?P<cmp>fewer|more) (?P<what>[\w ,-]+?) than (?P<who>an|each) opponent(?: does)?|"
    r"(?P<opp>an|each) opponent controls (?P<cmp2>more|fewer) (?P<what2>[\w ,-]+?) than you(?: do)?"
)


def versus_opponent(a: Asked) -> Condition | None:
    """ "you have less life than an opponent", "you control fewer creatures than each
    opponent", "an opponent controls more lands than you": your number against each
    opponent's (VersusOpponent)."""
    text, sentence = a.text, a.sentence
    expr: Expr
    if m := _LIFE_VERSUS.fullmatch(text):
        expr = LifeTotal()
    elif m := _COUNT_VERSUS.fullmatch(text):
        what = m["what"] or m["what2"]
        subject = subject_or_none(f"{what} you control", sentence, a.state)
        if subject is None or subject.kind != "filter":
            raise OracleParseError(sentence, f'cannot read the condition "{text}"')
        expr = CountObjects(subject)
    else:
        return None
    if m["cmp"]:  # "you have less / control fewer ... than an opponent"
        op: Literal["<", ">"] = "<" if m["cmp"] in ("less", "fewer") else ">"
        return VersusOpponent(expr, op, each=m["who"] == "each")
    # "an opponent controls more lands than you": you have fewer than that opponent.
    op = "<" if m["cmp2"] == "more" else ">"
    return VersusOpponent(expr, op, each=m["opp"] == "each")


_CAST_THIS_TURN = re.compile(
    r"you(?:'ve| have)? cast (?:(?P<other>another) (?:(?P<color>white|blue|black|red|green) )?"
    r"(?P<types2>instant or sorcery )?|an (?P<types>instant or sorcery) )spell this turn"
)


def cast_this_turn(a: Asked) -> Condition | None:
    """ "unless you've cast another red spell this turn" (Hotheaded Giant): the spells the
    turn's record holds that you cast (the permanent itself entering isn't among them);
    "if you've cast another instant or sorcery spell this turn" (Burrog Barrage): not the
    spell itself, which is cast before it resolves (CR 601.2i, 608.2c)."""
    m = _CAST_THIS_TURN.fullmatch(a.text)
    if m is None:
        return None
    color = COLOR_WORDS[m["color"]] if m["color"] else None
    types = frozenset({"Instant", "Sorcery"}) if m["types"] or m["types2"] else frozenset()
    spells = SpellsCastThisTurn(by_you=True, color=color, types=types, other=bool(m["other"]))
    return Compare(spells, ">=", 1)


_MANA_SPENT = re.compile(r"\{(?P<color>[wubrg])\} was spent to cast (?:~|this spell|it)")


def mana_spent(a: Asked) -> Condition | None:
    if m := _MANA_SPENT.fullmatch(a.text):
        return ManaSpent(m["color"].upper())  # CR 601.2h: a color of mana paid for it
    return None


def opponent_count(a: Asked) -> Condition | None:
    if m := re.fullmatch(r"you have (?P<n>\w+) or more opponents", a.text):
        # The Battlebond lands (CR 102.3): a multiplayer game's opponents, counted.
        return Compare(OpponentCount(), ">=", required_number(m["n"], a.sentence))
    return None


def colors_spent(a: Asked) -> Condition | None:
    if m := re.fullmatch(r"(?P<n>\w+) or more colors of mana were spent to cast (?:it|~)", a.text):
        # Steel Exemplar (CR 601.2h, 105.1): as converge counts them.
        return Compare(HowCast("colors_spent"), ">=", required_number(m["n"], a.sentence))
    return None


# What happened earlier this turn (``TurnRecord``): morbid, bloodthirst (702.54a), raid,
# revolt, and landfall's "if you had a land enter ...".
_THIS_TURN: dict[str, HappenedEvent] = {
    "a creature died this turn": "creature_died",
    "an opponent was dealt damage this turn": "opponent_dealt_damage",
    "you attacked this turn": "you_attacked",
    "you attacked with a creature this turn": "you_attacked",
    "attacked this turn": "you_attacked",  # "if you've attacked this turn"
    "a permanent you controlled left the battlefield this turn": "your_permanent_left",
    # Revolt and disappear in current Oracle wording (Lifecraft Cavalry, Putrid Pals).
    "a permanent left the battlefield under your control this turn": "your_permanent_left",
    "you had a land enter the battlefield under your control this turn": "your_land_entered",
    "you had a land enter under your control this turn": "your_land_entered",
    "you surveilled this turn": "you_surveilled",  # CR 701.25
    # Void (Edge of Eternities): anyone's nonland permanent; any spell cast for its warp
    # cost (CR 702.185a).
    "a nonland permanent left the battlefield this turn": "nonland_left",
    "a spell was warped this turn": "spell_warped",
    "surveilled this turn": "you_surveilled",  # "if you've surveilled this turn"
}


def happened_this_turn(a: Asked) -> Condition | None:
    if (happened := _THIS_TURN.get(a.text.removeprefix("you've ").strip())) is not None:
        return HappenedThisTurn(happened)
    return None


_MOST_COMMON = re.compile(
    r"(?P<color>white|blue|black|red|green|the chosen color) is the most common color among "
    r"(?P<among>.+?) (?P<ties>or is tied|but isn't tied) for most common"
)
_SHARES_MOST_COMMON = re.compile(
    r"(?:it|~) shares a color with the most common color among (?P<among>.+?) or a color "
    r"tied for most common"
)


def most_common_color(a: Asked) -> Condition | None:
    """The Djinns' "black is the most common color among all permanents or is tied for most
    common", Call to Arms' "the chosen color is ... but isn't tied", and Heroic Defiance's
    "it shares a color with the most common color ... or a color tied" (CR 105.2)."""
    text, sentence, state = a.text, a.sentence, a.state
    if m := _MOST_COMMON.fullmatch(text):
        among = counted_words(m["among"], sentence, state)
        color = None if m["color"] == "the chosen color" else COLOR_WORDS[m["color"]]
        return MostCommonColor(among, color, ties=m["ties"] == "or is tied")
    if m := _SHARES_MOST_COMMON.fullmatch(text):
        it = a.it
        if it.kind == "filter":
            raise OracleParseError(sentence, f'cannot read the condition "{text}" per object')
        return MostCommonColor(counted_words(m["among"], sentence, state), sharing=it)
    return None


def top_of_library(a: Asked) -> Condition | None:
    if m := re.fullmatch(
        r"the top card of your library is (?:an? )?(?P<what>[\w ]+?)(?: card)?", a.text
    ):
        # Mul Daya Channelers, Vampire Nocturnus (CR 401.1: the library's first card).
        wanted = kinds_or(m["what"].split())
        if isinstance(wanted, Filter):
            return TopOfLibrary(replace(wanted, zone="library"))
        raise a.fail()
    return None


def library_size(a: Asked) -> Condition | None:
    if m := re.fullmatch(r"a library has (?P<n>\w+) or (?P<cmp>fewer|more) cards in it", a.text):
        op = "<=" if m["cmp"] == "fewer" else ">="
        return AnyLibrarySize(op, required_number(m["n"], a.sentence))  # type: ignore[arg-type]
    if a.text == "there are no cards in your library":
        # Living Conundrum: its controller's library, as the board gives it (unknown: false).
        return AnyLibrarySize("<=", 0, whose="you")
    return None


def all_share_a_color(a: Asked) -> Condition | None:
    if a.text == "they all share a color" and a.state.previous is not None:
        return AllShareAColor(a.state.previous)  # Common Cause (CR 105.2)
    return None


_ITS_CONTROLLER_CONTROLS = re.compile(
    r"its controller controls (?P<q>another|no other) (?P<what>[\w ]+?)s?"
)


def its_controller_controls(a: Asked) -> Condition | None:
    """ "Enchanted creature has shroud as long as its controller controls another creature"
    (Favorable Destiny), "... no other creatures" (Predator's Gambit): counted among the
    permanents of whoever controls "it", "it" itself left out."""
    m = _ITS_CONTROLLER_CONTROLS.fullmatch(a.text)
    if m is None:
        return _its_controllers_graveyard(a)
    it = a.state.previous
    if it is None or it.kind == "filter":
        raise OracleParseError(a.sentence, f'cannot read the condition "{a.text}" per object')
    counted = counted_words(m["what"], a.sentence, a.state)
    if m["q"] == "another":
        return ItsControllerControls(it, counted, 1, ">=")
    return ItsControllerControls(it, counted, 0, "<=")


_ITS_CONTROLLERS_GRAVEYARD = re.compile(
    r"its controller has (?P<n>\w+) or more cards in their graveyard"
)


def _its_controllers_graveyard(a: Asked) -> Condition | None:
    """ "Enchanted creature gets -2/-0. It gets -6/-0 instead as long as its controller has
    seven or more cards in their graveyard." (So Tiny): the cards in the graveyard of whoever
    controls "it" (a card's owner holds it there, CR 404.2), checked continuously (611.3a)."""
    m = _ITS_CONTROLLERS_GRAVEYARD.fullmatch(a.text)
    it = a.state.previous
    if m is None:
        return None
    if it is None or it.kind == "filter":
        raise OracleParseError(a.sentence, f'cannot read the condition "{a.text}" per object')
    least = read_number(m["n"])
    if least is None:
        raise OracleParseError(a.sentence, f'cannot read the number in "{a.text}"')
    cards = counted_words("card in your graveyard", a.sentence, a.state)
    anyones = Subject("filter", tuple(replace(f, owner=None) for f in cards.filters), words="cards")
    return ItsControllerControls(it, anyones, least, ">=")


_CONTROLS_ATTACHED = re.compile(
    r"(?P<who>you|another player|an opponent) controls? (?P<what>enchanted|equipped) creature"
)


def warped(a: Asked) -> Condition | None:
    """ "If that creature was cast for its warp cost, it also gains ..." (Full Bore): the
    permanent was a spell cast for its warp cost as it entered (CR 702.185a)."""
    if re.fullmatch(r"(?:that creature|it) was cast for its warp cost", a.text) is None:
        return None
    return ObjectMatches(a.it, Filter(warped=True))


def controls_attached(a: Asked) -> Condition | None:
    """ "As long as you control enchanted creature" (Mishra's Domination), "as long as another
    player controls enchanted creature" (Dog Umbra): who controls the creature the Aura or
    Equipment is attached to (CR 303.4, 301.5), compared with the source's controller."""
    if not (m := _CONTROLS_ATTACHED.fullmatch(a.text)):
        return None
    host = subject_words(f"{m['what']} creature", a.sentence, a.state)
    a.state.previous = host  # "..., it gets +2/+2": the enchanted creature, not the Aura
    return ObjectMatches(host, Filter(controller="you" if m["who"] == "you" else "not_you"))


def face_down(a: Asked) -> Condition | None:
    """ "As long as enchanted creature is face down" (Unable to Scream): CR 708.2."""
    if not (
        m := re.fullmatch(r"(?P<who>it|~|enchanted creature) is face (?P<way>down|up)", a.text)
    ):
        return None
    it = a.it if m["who"] == "it" else subject_words(m["who"], a.sentence, a.state)
    return ObjectMatches(it, Filter(face_down=m["way"] == "down"))


def opponent_graveyard(a: Asked) -> Condition | None:
    if m := re.fullmatch(r"an opponent has (?P<n>\w+) or more cards in their graveyard", a.text):
        # Jace's Phantasm: any one opponent's graveyard (CR 611.3a); "your" is each opponent
        # in turn as Compare asks them.
        pile = subject_words("cards in your graveyard", a.sentence, a.state)
        least = required_number(m["n"], a.sentence)
        return Compare(CountObjects(pile), ">=", least, who="opponent")
    return None


def opponent_exile(a: Asked) -> Condition | None:
    if m := re.fullmatch(r"an opponent owns (?:a|an) (?P<what>[\w ]*?)cards? in exile", a.text):
        # Warden of the Beyond: a card in exile that an opponent owns.
        pile = subject_words(f"{m['what']}cards an opponent owns in exile", a.sentence, a.state)
        return CountAtLeast(pile, 1)
    return None


# --- The object itself --------------------------------------------------------------


def attached_count(a: Asked) -> Condition | None:
    if m := re.fullmatch(
        r"(?P<n>\w+) or more (?P<kind>equipment|auras) are attached to (?:it|~)", a.text
    ):
        # Balan, Wandering Knight: "two or more Equipment are attached to it".
        it = a.it
        attached_kind = "equipped" if m["kind"] == "equipment" else "enchanted"
        least = required_number(m["n"], a.sentence)
        return SourceStatus(attached_kind, it, minimum=least)  # type: ignore[arg-type]
    if m := re.fullmatch(r"another aura is attached to (?P<who>enchanted creature)", a.text):
        # Face of Divinity: the Aura enchants that creature itself, so another Aura attached
        # to it makes two or more Auras enchanting it (CR 303.4).
        it = subject_words(m["who"], a.sentence, a.state)
        a.state.previous = it  # "..., it has first strike": the enchanted creature
        return SourceStatus("enchanted", it, minimum=2)
    if m := _ENCHANTED_BY.fullmatch(a.text):
        # Timber Paladin: "is enchanted by exactly two Auras", "by three or more Auras"
        # (CR 303.4: an Aura attached to it enchants it; 301.5 for Equipment).
        it = Subject("self", words=SELF) if m["who"] == SELF else a.it
        kind = "enchanted" if m["kind"] == "enchanted" else "equipped"
        n = required_number(m["n"] or m["least"], a.sentence)
        held = SourceStatus(kind, it, minimum=n)  # type: ignore[arg-type]
        if m["least"]:
            return held
        return AllOf((held, Not(SourceStatus(kind, it, minimum=n + 1))))  # type: ignore[arg-type]
    return None


_ENCHANTED_BY = re.compile(
    r"(?P<who>it|~) is (?P<kind>enchanted|equipped) by "
    r"(?:exactly (?P<n>\w+)|(?P<least>\w+) or more) (?:auras?|equipment)"
)


_IT_STATUS = re.compile(
    r"(?:it's|it is|~ is)(?P<neg> not)? (?P<status>attacking|blocking|tapped|untapped|"
    r"enchanted|equipped|monstrous|renowned)"
)


def it_status(a: Asked) -> Condition | None:
    if m := _IT_STATUS.fullmatch(a.text):
        # "~ has first strike as long as it's attacking": "it" is the subject just read;
        # "~ is enchanted" names the source itself (Gate Hound's "Creatures you control
        # have vigilance as long as ~ is enchanted").
        it = a.it
        if a.text.startswith(SELF):
            it = Subject("self", words=SELF)
        if it.kind == "filter":
            # "Each untapped creature you control gets +0/+2 as long as it's not attacking":
            # "it" is each affected object in turn, which a condition can't say yet.
            raise OracleParseError(a.sentence, f'cannot read the condition "{a.words}" per object')
        status = SourceStatus(m["status"], it)  # type: ignore[arg-type]
        return Not(status) if m["neg"] else status
    return None


def exact_counters(a: Asked) -> Condition | None:
    if m := re.fullmatch(
        r"there (?:is|are) exactly (?P<n>\w+) (?P<kind>[\w+/-]+) counters? on ~", a.text
    ):
        # "As long as there is exactly one tide counter on ~" (Homarid): at least n, not n+1.
        n = required_number(m["n"], a.sentence)
        me = Subject("self", words=SELF)
        exact = SourceStatus("counter", me, counter_kind=m["kind"], minimum=n)
        too_many = SourceStatus("counter", me, counter_kind=m["kind"], minimum=n + 1)
        return AllOf((exact, Not(too_many))) if n else Not(too_many)
    return None


def it_is_a(a: Asked) -> Condition | None:
    if m := re.fullmatch(r"(?:it's|it is) (?:(?:a|an) )?(?P<what>[\w -]+)", a.text):
        if mine := re.fullmatch(r"(?P<what>[\w -]+?) you control", m["what"]):
            # "as long as it's a Detective you control" (Burden of Proof): of that kind, and
            # controlled by the source's controller (CR 109.5).
            kind = is_a(a.it, mine["what"], a.words, a.sentence)
            return AllOf((kind, ObjectMatches(a.it, Filter(controller="you"))))
        return is_a(a.it, m["what"], a.words, a.sentence)
    return None


def has_keyword(a: Asked) -> Condition | None:
    if m := re.fullmatch(
        r"(?P<who>it|~|that creature|equipped creature|enchanted creature) "
        r"(?P<neg>has|doesn't have) "
        r"(?P<what>[\w ]+)",
        a.text,
    ):
        # "~ has indestructible as long as it has defender" (CR 611.3a, checked continuously);
        # "as long as equipped creature has defender" (Warmonger's Chariot).
        cursor = Cursor(tokenize(m["what"]), sentence=a.sentence)
        name = read_keyword(cursor, parameters=False)
        if name is not None and cursor.at_end():
            it = a.it
            # "If that creature has toxic, draw a card." (Compleat Devotion): what "it" names.
            if m["who"] not in ("it", SELF, "that creature"):
                it = subject_words(m["who"], a.sentence, a.state)
            has = ObjectMatches(it, Filter(with_any_ability=frozenset({name.lower()})))
            return has if m["neg"] == "has" else Not(has)
    return None


def counter_on_one(a: Asked) -> Condition | None:
    if m := re.fullmatch(r"an? (?P<what>[\w ]+?) has an? (?P<kind>\S+) counter on it", a.text):
        # Tenacious Hunter: "as long as a creature has a -1/-1 counter on it"
        found = counted_words(f"{m['what']} with a {m['kind']} counter on it", a.sentence, a.state)
        return CountAtLeast(found, 1)
    return None


_TURN_AMOUNT = re.compile(
    r"(?:(?P<you>you(?:'ve)?)|an opponent) (?:gained|lost) life this turn", re.IGNORECASE
)
_POISONED = re.compile(r"an opponent has (?P<n>\w+) or more poison counters")
_SPELLS_CAST = re.compile(r"you've cast (?P<n>\w+) or more spells this turn")


def turn_condition(a: Asked) -> Condition | None:
    """What the turn's record or the players' counters say: "you gained life this turn",
    "an opponent lost life this turn" (CR 119.3), "an opponent has three or more poison
    counters" (corrupted, 122.1f), "you've cast two or more spells this turn" (601.2i)."""
    text, sentence = a.text, a.sentence
    if m := _TURN_AMOUNT.fullmatch(text):
        kind = "life_gained" if " gained " in text else "life_lost"
        who = "you" if m["you"] else "opponents"
        if who == "opponents":
            # Any one opponent: each opponent in turn is "you" (Compare's ``who``).
            return Compare(TurnTotal(kind, "you"), ">=", 1, who="opponent")  # type: ignore[arg-type]
        return Compare(TurnTotal(kind, "you"), ">=", 1)  # type: ignore[arg-type]
    if m := _POISONED.fullmatch(text):
        poisoned = required_number(m["n"], sentence)
        return Compare(PlayerCounters("poison"), ">=", poisoned, who="opponent")
    if m := _SPELLS_CAST.fullmatch(text):
        return Compare(SpellsCastThisTurn(by_you=True), ">=", required_number(m["n"], sentence))
    return None


_HALF_STARTING = "your life total is less than or equal to half your starting life total"
_ABOVE_STARTING = re.compile(
    r"you have at least (?P<a>\w+) life more than your starting life total|"
    r"your life total is at least (?P<b>\w+) greater than your starting life total"
)


def starting_life_condition(a: Asked) -> Condition | None:
    """Life against the starting life total (CR 103.4): "less than or equal to half your
    starting life total" (Bhaal, Lord of Murder), "at least 7 life more than your starting
    life total" (Righteous Valkyrie)."""
    text = a.text
    if text == _HALF_STARTING:
        # life <= starting / 2, in whole numbers: 2 * life - starting <= 0.
        return Compare(Sum(Times(2, LifeTotal()), Negate(StartingLife())), "<=", 0)
    if m := re.fullmatch(r"your life total is (?P<n>\d+) or (?P<cmp>less|greater|more)", text):
        # "as long as your life total is 5 or less": the life total now (CR 119.1).
        op = "<=" if m["cmp"] == "less" else ">="
        return Compare(LifeTotal(), op, int(m["n"]))  # type: ignore[arg-type]
    if text == "your life total is greater than your starting life total":
        return Compare(Sum(LifeTotal(), Negate(StartingLife())), ">=", 1)  # Elenda
    if m := _ABOVE_STARTING.fullmatch(text):
        least = required_number(m["a"] or m["b"], a.sentence)
        return Compare(Sum(LifeTotal(), Negate(StartingLife())), ">=", least)
    return None


_OWN_STAT = re.compile(r"~'s (?P<stat>power|toughness) is (?P<n>\w+) or (?P<cmp>greater|less)")


def own_stat(a: Asked) -> Condition | None:
    if m := _OWN_STAT.fullmatch(a.text):
        # "as long as ~'s power is 4 or greater" (Karsus Depthguard): its own P/T now.
        op = ">=" if m["cmp"] == "greater" else "<="
        limit = (op, required_number(m["n"], a.sentence))
        stat = Filter(power=limit) if m["stat"] == "power" else Filter(toughness=limit)
        return ObjectMatches(Subject("self", words=SELF), stat)
    return None


def full_party(a: Asked) -> Condition | None:
    if a.text == "you have a full party":
        # CR 700.8: a Cleric, a Rogue, a Warrior and a Wizard among your creatures.
        mine = subject_words("creatures you control", a.sentence, a.state)
        return Compare(PartySize(mine), ">=", 4)
    return None
