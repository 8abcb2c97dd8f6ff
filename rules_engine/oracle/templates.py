"""The tables that decide what kind of thing each line and sentence of rules text is.

Every paragraph of a card's text is routed exactly once, before any grammar
reads it, by the line table (``oracle/line_templates.py``, built of this module's
templates): a line of keywords (CR 702), a triggered ability (603), an
activated or mana or loyalty ability (602, 605, 606), an "as ~ enters" choice
or copy (614.1c-d), an additional cost or a casting rule (601.2, 601.3), a
replacement or prevention effect (614, 615), or, when nothing more specific
fits, a static ability or a spell's text (604, 608) for the layer grammar.

The same table then routes each sentence of a static ability or a spell's
text (and each clause of a sentence that does two things): a follow-up that
amends the effect before it, a cost, a note the board has no use for, a
spell's own "instead", a replacement, a one-shot action (608.2c), a rule of
the game (613.11) or, last, a continuous effect (611) for the layer grammar.
So "is this sentence a replacement?" has one answer for the layer grammar,
the spell reader and the replacement grammar. Each template names the shape,
what it builds, the rule, and an example; ``tests/engine/test_templates.py``
checks that every example is routed to its own template.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from rules_engine.oracle.permissions import grants_permission
from rules_engine.oracle.sentence_kinds import ONE_SHOT, makes_continuous_effect, performs_actions
from rules_engine.vocabulary import ALL_TYPE_WORDS


class Builds(StrEnum):
    """What a routed line becomes (``ParsedAbility.kind`` for most)."""

    LEVEL_BOX = "level_box"
    STATION_BAND = "station_band"
    DIE_RESULT = "die_result"
    FORM_MODE = "form_mode"
    MODE_WITH_COST = "mode_with_cost"
    OUTSIDE_GAME = "outside_game"
    UNDEFINED_WORD = "undefined_word"
    MODAL = "modal"
    KEYWORDS = "keyword"
    TRIGGERED = "triggered"
    MANA = "mana"
    ACTIVATED = "activated"
    CHOICE = "choice"
    COPY = "copy"
    ADDITIONAL_COST = "additional_cost"
    CASTING_RULE = "casting_rule"
    REPLACEMENT = "replacement"
    STATIC = "static"
    SPELL = "spell"
    # What one sentence (or clause) of a static ability or spell builds:
    CLAUSES = "clauses"  # a sentence read clause by clause
    PAIRED = "paired"  # a soulbond bonus (702.95)
    CREATED = "created"  # an effect on the tokens just created (707.2)
    DELAYED = "delayed"  # a delayed triggered ability (603.7)
    STILL_A_LAND = "still_a_land"  # amends the effect before it (305.7)
    SAME_IS_TRUE = "same_is_true"  # widens the effect before it
    OTHERWISE = "otherwise"  # the opposite condition of the effect before it (611.3a)
    NOTE = "note"  # recognised, and nothing a board holds
    NO_REGENERATION = "no_regeneration"  # the destruction before it (701.19c)
    RULE = "rule"  # a rule of the game, not a characteristic (613.11)
    PERMISSION = "permission"  # a rule of casting, playing or paying (613.11, 601.3)
    DOUBLE = "double"  # doubling power or toughness (701.10)
    SELF_REPLACEMENT = "self_replacement"  # a spell's own "instead" (614.15)
    ONLY_IF = "only_if"  # an effect made only if a condition holds (608.2c, 702.33d)
    TARGET_AND_KIN = "target_and_kin"  # a target and the creatures like it (Bile Blight)
    SWAP_CONTROL = "swap_control"  # two players each gain the other's creatures (611.2c)
    PLAYER_ABILITY = "player_ability"  # a player gaining an ability (613.10)
    ONE_SHOT = "one_shot"  # an action done as the spell resolves (608.2c)
    LINGERS = "lingers"  # the effect before it outlasting its source (611.3b)
    CONTINUOUS = "continuous"  # a continuous effect (611) for the layer grammar


class Here(StrEnum):
    """What a line does on a board (issue "every ability is one of three things")."""

    APPLIED = "applied"  # the engine applies what it does
    INERT = "inert"  # creates no continuous, replacement or prevention effect on a board


class Scope(StrEnum):
    """What a template is tried on."""

    LINE = "line"  # a paragraph of rules text
    SENTENCE = "sentence"  # a whole sentence of a static ability or spell, before clauses
    CLAUSE = "clause"  # one clause of such a sentence


@dataclass(frozen=True, slots=True)
class Reading:
    """What routing a sentence may look at besides its words: whether it is a spell's
    text, whether it lasts until end of turn (those words already taken out), the whole
    sentence a clause came from, and whether an action to destroy came just before it."""

    spell: bool
    until_eot: bool = False
    sentence: str = ""
    after_destroy: bool = False
    after_delayed: bool = False  # the sentence before set up a delayed triggered ability


Guard = Callable[[re.Match[str], Reading], bool]


def _always(_m: re.Match[str], _r: Reading) -> bool:
    return True


@dataclass(frozen=True, slots=True)
class Template:
    """One kind of line or sentence: its name, its shape (a pattern and a guard on the
    match), what it builds, the rule, and an example."""

    name: str
    builds: Builds
    rule: str
    example: str
    pattern: re.Pattern[str]
    guard: Guard = _always
    here: Here = Here.APPLIED
    scope: Scope = Scope.LINE

    def fits(self, text: str, reading: Reading) -> re.Match[str] | None:
        m = self.pattern.search(text)
        return m if m is not None and self.guard(m, reading) else None


def _re(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


_ANY = re.compile(r"(?s)^.*$")


# --- Is this sentence a replacement or prevention effect? --------------------------------

# CR 614.1a-e and 615.1a: the words that make an effect replace or prevent an event; and
# CR 614.17: "can't" effects that stop an event the replacement machinery resolves.
_REPLACEMENT_WORDS = re.compile(
    r"\bwould\b|\binstead\b|\benters?(?: the battlefield)? (?:un)?tapped\b|"
    r"\benters?(?: the battlefield)? with\b|\benters?(?: the battlefield)? as\b|\bskips?\b|"
    r"\bprevent(?:ed)?\b|\bis dealt to\b|can't be prevented|can't gain life|"
    r"\bas (?:~|this \w+) enters\b|\bas (?:~|this \w+) is turned face up\b|"
    r"can't get counters|counters can't|can't draw cards|can't draw more than|"
    r"can't have counters|can't lose the game|can't win the game|life total can't change|"
    r"can't enter\b|"  # CR 614.17: "Lands can't enter." (Worms of the Earth)
    r"\bescapes with\b|"  # CR 702.138c: "if it escaped, it enters with ..."
    r"^~ enters under the control of\b|"  # CR 614.1c (Xantcha, Sleeper Agent)
    # CR 120.3a: damage's life loss, which an effect may stop (Archon of Coronation).
    r"\bdoesn't cause (?:you|them|that player|its controller) to lose life\b",
    re.IGNORECASE,
)
# "If ~ is in your opening hand, you may begin the game with it on the battlefield" is a
# rule about starting the game (103.6), not a replacement.
_OPENING_HAND = re.compile(r"\bin your opening hand\b", re.IGNORECASE)


# "If it's neither day nor night, it becomes day as ~ enters." (Brimstone Vandal, 702.145).
DAY_AS_ENTERS = re.compile(
    r"^if it's neither day nor night, it becomes day as ~ enters\.?$", re.IGNORECASE
)


def replaces_events(sentence: str) -> bool:
    """Does this sentence (quoted abilities blanked) replace, prevent or stop events?"""
    unquoted = re.sub(r'"[^"]*"', '""', sentence)
    if _OPENING_HAND.search(unquoted) or not _REPLACEMENT_WORDS.search(unquoted):
        return False
    if unquoted.lower().startswith("as long as"):
        # A condition, then what holds under it: a replacement only if that part is one
        # ("As long as ~ is untapped, prevent all damage ...", Thunderstaff).
        _, _, rest = unquoted.partition(", ")
        return bool(_REPLACEMENT_WORDS.search(rest))
    return True


def _trailing_only_if(m: re.Match[str], reading: Reading) -> bool:
    """A spell's continuous effect with its condition after it ("That creature also gains
    trample until end of turn if you control a creature with power 4 or greater"); a
    one-shot with one ("Each player loses 1 life ... if {B} was spent") is an action's."""
    rest = m["rest"]
    return reading.spell and makes_continuous_effect(rest) and not performs_actions(rest)


# --- Costs of other spells and abilities (CR 601.2f, 602.2b) ------------------------------

# "Creature spells you cast cost {1} less to cast.", "Equip costs you pay cost {1} less.",
# "Flashback costs you pay cost up to {2} less.", "~ costs 2 life more to cast for each
# target.", "Spend this mana only to cast creature spells." (106.6): what paying a cost
# takes, which a board never does (it pays no costs but a planeswalker's loyalty).
# Nothing else may ride on the sentence: no ", and ..." after the cost (Cavern of Souls'
# "..., and that spell can't be countered" is more than a cost).
_NO_MORE = r"(?:(?!\band\b)[^.,])*"
COST_SENTENCE = re.compile(
    rf"^(?:[^.]*\bcosts? (?:up to )?(?:\{{[^}}]+\}})+ (?:more|less)\b{_NO_MORE}|"
    rf"[^.]*\bcosts? \w+ life more\b{_NO_MORE}|"
    # "Mana abilities of ~ cost an additional 1 life to activate." (Thran Portal, 602.2b)
    rf"[^.]*\bcosts? an additional \w+ life to activate\b{_NO_MORE}|"
    rf"[^.]*\bcosts? \{{x\}} (?:more|less)\b{_NO_MORE}"
    r"(?:, where x is [^.,]+)?|"
    rf"spend this mana only\b{_NO_MORE}|"
    r"this effect reduces only the amount of colored mana you pay|"
    r"all [\w ]+ costs cost (?:\{[^}]+\})+ (?:more|less)[^.]*)"
    # "... cost {X} less to cast, where X is ~'s power" (Vadrik, Astral Archmage): the X of
    # a cost change is counted as the cost is paid (CR 601.2f), nothing a board shows.
    r"(?:,? where x is [^.]+)?\.?$",
    re.IGNORECASE,
)


# --- Sentences of a static ability or a spell ----------------------------------------------

# CR 702.95: a soulbond creature's bonus ("As long as ~ is paired with another creature, both
# creatures have flying" / "each of those creatures gets +2/+2").
PAIRED = _re(
    r"^as long as ~ is paired with another creature, (?:both creatures|each of those "
    r"creatures|~ and the creature it's paired with) (?P<rest>.+)$"
)
# "That token has haste." after "Create a token that's a copy of ..." (Kiki-Jiki, 707.2).
CREATED = _re(r"^(?:that token|those tokens|the tokens?) (?P<rest>.+)$")
# CR 603.7: a resolving spell or ability that says when something happens later ("Exile it
# at the beginning of the next end step") creates a delayed triggered ability, which makes
# no continuous, replacement or prevention effect until it triggers and resolves, which a
# board of steps never reaches: inert here, not a one-shot left undone. ("When you do, ..."
# is reflexive, CR 603.12: it happens during the resolution.)
_DELAYED_TRIGGER = _re(
    r"\bat the beginning of (?:the next|your next|that player's next|its (?:owner|controller)'s "
    r"next|the next turn's|that turn's)\b|^at (?:the )?end of (?:combat|turn)\b|"
    r"\bat end of combat$|^when(?:ever)? (?!you do\b|they do\b|that player does\b).+\bthis turn\b|"
    # "If ~ was kicked, whenever a creature you control dies this turn, draw a card." (Warhost's
    # Frenzy): the condition, checked as the spell resolves (CR 608.2c), only says whether the
    # delayed trigger is made; inert until it triggers either way (603.7).
    r"^if [^,]++, whenever [^,]+? this turn, "
)


def _delayed(m: re.Match[str], reading: Reading) -> bool:
    text = m.string
    return performs_actions(text) and (
        _DELAYED_TRIGGER.search(text) is not None
        or (reading.until_eot and text.lower().startswith("whenever"))
    )


# Sentences about neither characteristics nor events a board holds: how and when an ability
# may be activated (602.5), extra turns (500.7), phasing (702.26), hand size (402.2), a
# "then" that finishes a one-shot, emblems (114), deck construction (100.2a).
_NOT_CHARACTERISTICS = (
    r"^(?:activate (?:only|this ability only)\b|only (?:your opponents|you|an opponent|"
    r"any player) may activate\b|any player may activate\b|take an extra turn\b|"
    r"(?:you|target player) takes? an extra turn\b|phase out\b|(?:your|each player's|"
    r"each opponent's|the chosen player's) maximum hand size\b|"
    r"you have no maximum hand size\b|"
    r"this ability triggers only\b|spend only\b|you get an emblem\b|a deck can have\b|"
    r"do this only once each turn$)"
)
# A rule about players or the game (613.10-613.11) rather than about objects.
PLAYER_RULE = _re(
    r"^(?:(players|each player|you|your opponents|each opponent|an opponent|counters|damage|"
    r"your life total|spells|creatures can't|activated abilities)\b.*"
    r"\b(can't|cannot|may|must|skip|don't|doesn't|costs?|have no maximum)\b"
    # CR 613.10: abilities a player has (Leyline of Sanctity, True Believer).
    r"|(?:you|each player|players|your opponents|each opponent) (?:have|has) "
    r"(?:hexproof|shroud|protection from [\w ]+)$)"
)
# CR 613.11: words of a rule about attacking, blocking, untapping, triggering (603.2) ...
_RULE_WORDS = _re(
    r"\b(can't|cannot|if able|doesn't untap|don't untap|assigns? combat damage|doesn't apply|"
    r"don't apply|can block|attacks? each combat|blocks? each combat|must be blocked|"
    r"can attack|as though|do so|play with|plays? with|cause abilities to trigger|"
    r"causes a triggered ability of a permanent you control to trigger|can only attack alone|"
    # CR 301.5c, 704.5n: what an Equipment may be attached to (the state-based action reads it)
    r"can be attached only to)\b"
)


def is_player_rule(text: str) -> bool:
    """Is this (its condition taken off) a rule on players or the game (613.10-613.11)?"""
    return PLAYER_RULE.match(text) is not None


def names_a_rule(text: str) -> bool:
    """Do these words, unreadable as a characteristic, state a rule of the game (613.11)?"""
    return _RULE_WORDS.search(text) is not None


# The conditions a spell's own "instead" has been read with since kicker: "~ was kicked",
# "it's a Goblin"; any other condition the reader knows may follow the same shape.
KICKED_OR_TYPE_WORDS = r"~ was kicked|it's (?:a|an) [\w -]+|that creature is (?:a|an) [\w -]+"
_INSTEAD = rf"^if (?P<cond>{KICKED_OR_TYPE_WORDS}|(?:(?!\bwould\b)[^,])+), (?P<rest>.+) instead$"
# "That creature gets -13/-13 until end of turn instead if a creature died this turn."
# (Tragic Slip): the same, the condition written last.
_INSTEAD_AFTER = r"^(?P<rest>.+) instead if (?P<cond>(?:(?!\bwould\b).)+)$"
# "If ~ was kicked, instead creatures you control get +2/+2 ..." (Bold Defense): "instead"
# written before what happens.
_INSTEAD_FIRST = r"^if (?P<cond>(?:(?!\bwould\b)[^,])+), instead (?P<rest>.+)$"
# CR 614.1a, 611.3a: a static ability's own "instead" on the effect just before it, its
# condition checked continuously: "It gets -5/-5 instead as long as you've completed a
# dungeon." (Precipitous Drop).
_STATIC_INSTEAD = (
    r"^(?P<rest>(?:(?!\bwould\b).)+) instead as long as (?P<cond>(?:(?!\bwould\b).)+)$"
)


def _instead_of_an_event(m: re.Match[str], _reading: Reading) -> bool:
    """CR 614.15: the spell's "instead" changes an event (damage, destruction, a one-shot),
    which the replacement grammar reads, rather than an effect on characteristics."""
    rest = m["rest"]
    return performs_actions(rest) or (
        re.search(r"can't be regenerated|\bwould (?:die|be put)\b", rest, re.IGNORECASE) is not None
    )


def _instead_of_an_effect(m: re.Match[str], reading: Reading) -> bool:
    return not _instead_of_an_event(m, reading)


def changes_effects_instead(line: str) -> bool:
    """CR 614.1a, 611.3a: does every "instead" of this static ability's line change the
    continuous effect before it ("Equipped creature gets +1/+1. If it's a Warrior, it gets
    +2/+1 instead." Relic Axe), rather than an event? Such a line is a static ability's
    continuous effects, read by the layer grammar, not by the replacement grammar."""
    found = False
    for sentence in re.split(r"(?<=\.)\s+", line.strip()):
        words = sentence.strip().rstrip(".")
        if not replaces_events(words):
            continue
        m = next(
            (
                m
                for p in (_STATIC_INSTEAD, _INSTEAD, _INSTEAD_FIRST)
                if (m := re.match(p, words, re.IGNORECASE))
            ),
            None,
        )
        if m is None or '"' in words or not makes_continuous_effect(m["rest"]):
            return False
        if _instead_of_an_event(m, Reading(spell=False)) or replaces_events(m["rest"]):
            return False
        found = True
    return found


# One-shots a board need not perform: shields and choices read elsewhere (the replacement
# grammar, CR 615.4, 614.8; the step's ``choices``), showing or looking at a hand (701.16a),
# and scrying, taken as keeping the cards on top in their order (701.18a allows it; a board
# lists no library order a player would want changed).
_NEEDS_NO_PERFORMING = _re(
    r"^(?:regenerate|prevent|choose)\b|"
    # Looking at face-down creatures changes nothing on the board (CR 708); a scry under a
    # condition ("If it's your turn, scry 2.") keeps the cards on top whether it holds or not.
    r"^(?:you may )?look at each face-down creature\b[^.]*$|^if [^,]+, scry \w+$|"
    # "If you search your library this way, shuffle." after a search of "your library and/or
    # graveyard": the search itself shuffles the library when it searched it (701.23a-b).
    r"^if you search your library this way, shuffle$|"
    r"^(?:scry \w+|(?:target (?:player|opponent)|each (?:player|opponent)|that player) "
    r"reveals (?:their|his or her) hand|look at (?:target (?:player|opponent)|an opponent|"
    r"each opponent|that player)'s hand)$"
)


# CR 106.3, 106.4: mana a resolving spell adds goes to a mana pool and empties at the end of
# the step; no characteristic, event or condition a board reads looks at a pool (how mana
# was spent on a cast is the cast step's, CR 601.2h). "Add {U}{R}{W}.", "Add two mana of any
# one color and two mana of any other color." (no wildcard: fixed words and symbols).
_MANA = r"(?:\{[wubrgc]\})++|(?:one|two|three|four|five|x) mana of any (?:one )?color"
ADDS_MANA = _re(
    rf"^add (?:{_MANA})(?: and (?:{_MANA}|(?:one|two|three|four|five) mana of any other "
    r"color))?$"
)
# CR 701.48a: to learn is to choose among putting a Lesson card from outside the game into
# your hand, discarding a card to draw a card, or neither; a board has no cards outside the
# game, so it takes the last, which the rule always allows (as a scry keeps its cards on top).
LEARN = _re(r"^(?:then )?learn$")


def _only_if(m: re.Match[str], reading: Reading) -> bool:
    """A spell's effect under a condition checked as it resolves (CR 608.2c): "If it's a
    Spirit, it gains trample ...", "If ~ was kicked, that creature gets +2/+2 ..." (702.33d).
    Not a one-shot under a condition ("If you control a Merfolk, draw a card.")."""
    kicked = m["cond"].lower() == "~ was kicked"
    return (
        (reading.spell or kicked)
        and not performs_actions(m["rest"])
        and not performs_actions(m.string)  # "If the player does, they may copy ~ ..."
    )


def _inert_one_shot(m: re.Match[str], _reading: Reading) -> bool:
    text = m.string
    return (
        _NEEDS_NO_PERFORMING.search(text) is not None
        or _DELAYED_TRIGGER.search(text) is not None  # a clause of a longer sentence
    )


# Continuous effects whose subject sits inside the sentence (the layer grammar reads them
# with these patterns): switching (613.4d), control (613.1b), text changes (612), CDAs (604.3).
SWITCH = _re(r"^switch (?P<subj>.+?)'s? power and toughness$")
GAIN_CONTROL = _re(r"^gain control of (?P<subj>.+)$")
PLAYER_GAINS_CONTROL = _re(r"^target (?:player|opponent) gains control of (?P<subj>.+)$")
YOU_CONTROL = _re(r"^you control (?P<subj>.+)$")
MONARCH_CONTROLS = _re(r"^the monarch controls (?P<subj>.+)$")
EXCHANGE = _re(r"^exchange control of (?P<subj>.+)$")
TEXT_CHANGE = _re(
    r"^change the text of (?>(?P<subj>.+?) by replacing all instances of one )"
    r"(?>(?P<a>[\w ]+?) with )(?:another|(?P<to>[\w-]+))(?: or one (?P<b>[\w ]+?) with another)?$"
)
TEXT_CHANGE_ALL = _re(
    r"^all instances of color words in the text of (?P<subj>.+?) are changed to "
    r"(?:the chosen color word|(?P<to>white|blue|black|red|green))$"
)
CDA_BOTH = _re(r"^~'s power and toughness are each equal to (?P<e>.+)$")
CDA_SPLIT = _re(r"^~'s power is equal to (?P<p>.+?) and its toughness is equal to (?P<t>.+)$")
CDA_ONE = _re(r"^~'s (?P<stat>power|toughness) is equal to (?P<e>.+)$")
# Angry Mob: "As long as it's your turn, ~'s power and toughness are each equal to 2 plus the
# number of Swamps your opponents control" / "... are each 2" (not a CDA, CR 604.3a: 613.4b).
# Gaea's Liege: "As long as ~ isn't attacking, its power and toughness are each equal to ...".
PT_UNDER_CONDITION = _re(
    r"^as long as (?P<cond>[^,]+), (?:~'s|its) power and toughness are each "
    r"(?:equal to )?(?P<e>.+)$"
)
_SUBJECT_INSIDE = (
    SWITCH,
    GAIN_CONTROL,
    PLAYER_GAINS_CONTROL,
    YOU_CONTROL,
    MONARCH_CONTROLS,
    EXCHANGE,
    TEXT_CHANGE,
    TEXT_CHANGE_ALL,
    CDA_BOTH,
    CDA_SPLIT,
    CDA_ONE,
)


def _subject_inside(m: re.Match[str], _reading: Reading) -> bool:
    return any(p.match(m.string) for p in _SUBJECT_INSIDE)


def _S(  # noqa: N802 - reads as a table row
    name: str,
    builds: Builds,
    rule: str,
    example: str,
    pattern: str | re.Pattern[str] = _ANY,
    guard: Guard = _always,
    here: Here = Here.APPLIED,
    scope: Scope = Scope.CLAUSE,
) -> Template:
    compiled = _re(pattern) if isinstance(pattern, str) else pattern
    return Template(name, builds, rule, example, compiled, guard, here, scope)


SENTENCE_TEMPLATES: tuple[Template, ...] = (
    # A whole sentence, before it is split into clauses.
    _S(
        "day as it enters",
        Builds.NOTE,
        "702.145",
        "If it's neither day nor night, it becomes day as ~ enters.",
        DAY_AS_ENTERS,
        here=Here.INERT,
        scope=Scope.SENTENCE,
    ),
    _S(
        # CR 614.1d, 722.3: it enters with the prepared designation, which is neither a
        # characteristic nor a copiable value (Secrets of Strixhaven rulings, 2026-03-20); what
        # it allows (casting a copy of its prepare spell) is a casting rule, which a board
        # never uses.
        "enters prepared",
        Builds.NOTE,
        "722.3",
        "~ enters prepared.",
        r"^(?:~|it) enters prepared$",
        here=Here.INERT,
        scope=Scope.SENTENCE,
    ),
    _S(
        "soulbond bonus",
        Builds.PAIRED,
        "702.95",
        "As long as ~ is paired with another creature, both creatures have flying.",
        PAIRED,
        scope=Scope.SENTENCE,
    ),
    _S(
        "effect on the tokens just created",
        Builds.CREATED,
        "707.2",
        "That token has haste.",
        CREATED,
        lambda _m, reading: reading.spell,
        scope=Scope.SENTENCE,
    ),
    _S(
        "the rest of a delayed triggered ability",
        Builds.DELAYED,
        "603.7",
        "If you do, you gain 2 life.",
        r"^if (?:you|they|that player) (?:do|does|don't|doesn't)\b",
        lambda _m, reading: reading.after_delayed,
        here=Here.INERT,
        scope=Scope.SENTENCE,
    ),
    _S(
        "delayed triggered ability",
        Builds.DELAYED,
        "603.7",
        "Exile it at the beginning of the next end step.",
        guard=_delayed,
        here=Here.INERT,
        scope=Scope.SENTENCE,
    ),
    _S(
        "sentence of clauses",
        Builds.CLAUSES,
        "608.2c",
        "Untap target creature and gain control of it.",
        scope=Scope.SENTENCE,
    ),
    # One clause.
    _S(
        "cost rule",
        Builds.CASTING_RULE,
        "601.2f",
        "Spend this mana only to cast creature spells.",
        guard=lambda _m, reading: COST_SENTENCE.match(reading.sentence.strip()) is not None,
        here=Here.INERT,
    ),
    _S(
        "still a land",
        Builds.STILL_A_LAND,
        "305.7",
        "It's still a land.",
        r"^(it's|they're) still (a land|lands)$",
    ),
    _S(
        # "It's still an enchantment." (Cacophony Unleashed), "It's still a Cave land."
        # (Cavernous Maw), "It's still a Shapeshifter." (Duplicant): type words only.
        "still a type",
        Builds.STILL_A_LAND,
        "205.1b",
        "It's still a Shapeshifter.",
        r"^(?:it's|they're) still (?:an? )?(?P<what>[a-z]+(?: [a-z]+)?)$",
        lambda m, _reading: all(w in ALL_TYPE_WORDS for w in m["what"].lower().split()),
    ),
    _S(
        # Titania's Song: its effect outlasts it until end of turn (against 611.3b).
        "the effect outlasts its source",
        Builds.LINGERS,
        "611.3b",
        "If ~ leaves the battlefield, this effect continues until end of turn.",
        r"^if ~ leaves the battlefield, (?:this|that|the) effect continues(?: until end of turn)?$",
    ),
    _S(
        "the same is true",
        Builds.SAME_IS_TRUE,
        "611.3",
        "The same is true for first strike.",
        r"^the same is true for (?P<subj>.+)$",
    ),
    _S(
        "otherwise",
        Builds.OTHERWISE,
        "611.3a",
        "Otherwise, it gets -2/-0.",
        r"^otherwise, (?P<rest>.+)$",
    ),
    _S(
        "the Aura stays",
        Builds.NOTE,
        "702.16c",
        "This effect doesn't remove ~.",
        r"^this effect doesn't remove ~$",
        here=Here.INERT,
    ),
    _S(
        # Benevolent Blessing: protection that spares its controller's Auras and Equipment
        # attached before it began (CR 702.16c-d; sba.py reads the note).
        "your attachments stay",
        Builds.NOTE,
        "702.16c",
        "This effect doesn't remove Auras and Equipment you control that are already "
        "attached to it.",
        r"^this effect doesn't remove auras and equipment you control that are already "
        r"attached to (?:it|that creature|enchanted creature)$",
        here=Here.INERT,
    ),
    _S(
        # Fallaji Wayfarer: color identity is a deck-construction rule (CR 903.4), which a
        # board never asks about; the color itself is read from the sentence before.
        "color identity untouched",
        Builds.NOTE,
        "903.4",
        "This ability doesn't affect its color identity.",
        r"^this ability doesn't affect (?:its|~'s) color identity$",
        here=Here.INERT,
    ),
    _S(
        # Delney, Splinter, Mirror Room, Roaming Throne ("..., it triggers an additional
        # time"): a rule of triggering (CR 603.2d), not a
        # characteristic. A board's steps say which abilities resolve and how often; no
        # ability triggers by itself there, so the rule is never asked.
        "an ability triggers an additional time",
        Builds.RULE,
        "603.2d",
        "If a triggered ability of a creature you control with power 2 or less triggers, "
        "that ability triggers an additional time.",
        r"^if a triggered ability of [^,]+ triggers, (?:that ability|it) triggers an "
        r"additional time$",
        here=Here.INERT,
    ),
    _S(
        # Nowhere to Run: ward is a triggered ability (CR 702.21a) that a board never
        # triggers by itself, so stopping it from triggering is a rule of triggering (603.2).
        "ward doesn't trigger",
        Builds.RULE,
        "702.21a",
        "Ward abilities of those creatures don't trigger.",
        r"^ward abilities of [^.]+ don't trigger$",
        here=Here.INERT,
    ),
    _S(
        "can't be regenerated",
        Builds.NO_REGENERATION,
        "701.19c",
        "It can't be regenerated.",
        r"^(?:it|they|that creature|those creatures) can't be regenerated$",
        lambda _m, reading: reading.after_destroy,
    ),
    _S(
        "the new creature type",
        Builds.RULE,
        "612.2",
        "The new creature type can't be Wall.",
        r"^the new creature type can't be wall$",
    ),
    _S(
        # CR 514.2: damage is removed in the cleanup step, which a board never reaches (its
        # steps are one turn), so on a board the damage stays either way.
        "damage stays through cleanup",
        Builds.NOTE,
        "514.2",
        "Damage isn't removed from ~ during cleanup steps.",
        r"^damage isn't removed from [^.]+ during cleanup steps?$",
        here=Here.INERT,
    ),
    _S(
        # CR 500.8: an effect that adds a phase to the turn (Savage Beating, Last Night
        # Together, Great Train Heist's "If it's your combat phase, ..."). A board's steps
        # say what happens in it and hold no turn structure to add to, so the added phase
        # changes no characteristic and no event there (as an extra turn, 500.7).
        "an additional combat phase",
        Builds.NOTE,
        "500.8",
        "After this phase, there is an additional combat phase.",
        r"^(?:(?:after|if) [^,]+, )?there(?: is|'s) an additional combat phase"
        r"(?: after this phase)?(?: followed by an additional main phase)?$",
        here=Here.INERT,
    ),
    _S(
        "not about characteristics or events",
        Builds.NOTE,
        "602.5",
        "Activate only as a sorcery.",
        _NOT_CHARACTERISTICS,
        here=Here.INERT,
    ),
    _S(
        # Impulse draw, Lurrus, Fires of Invention (oracle/permissions.py).
        "a rule of casting, playing or paying",
        Builds.PERMISSION,
        "613.11",
        "Until the end of your next turn, you may play those cards.",
        guard=lambda m, reading: grants_permission(m.string, until_eot=reading.until_eot),
    ),
    _S(
        "double power or toughness",
        Builds.DOUBLE,
        "701.10",
        "Double the power of target creature.",
        r"^double (?:the )?(?P<what>power and toughness|power|toughness) of (?P<subj>.+)$",
    ),
    _S(
        # Bulk Up: the same, the creature named first.
        "double a creature's power or toughness",
        Builds.DOUBLE,
        "701.10",
        "Double target creature's power.",
        r"^double (?P<subj>[^']+)'s (?P<what>power and toughness|power|toughness)$",
    ),
    _S(
        "a spell's own instead, of an event",
        Builds.REPLACEMENT,
        "614.15",
        "If ~ was kicked, it deals 4 damage to that creature instead.",
        _INSTEAD,
        _instead_of_an_event,
    ),
    _S(
        "a spell's own instead",
        Builds.SELF_REPLACEMENT,
        "614.15",
        "If ~ was kicked, that creature gets +4/+4 until end of turn instead.",
        _INSTEAD,
        _instead_of_an_effect,
    ),
    _S(
        "a spell's own instead if, of an event",
        Builds.REPLACEMENT,
        "614.15",
        "~ deals 4 damage to that creature instead if you control a Wizard.",
        _INSTEAD_AFTER,
        _instead_of_an_event,
    ),
    _S(
        "a spell's own instead if",
        Builds.SELF_REPLACEMENT,
        "614.15",
        "That creature gets -13/-13 until end of turn instead if a creature died this turn.",
        _INSTEAD_AFTER,
        _instead_of_an_effect,
    ),
    _S(
        # Precipitous Drop, Mind Carver: the effect before it applies only while the
        # condition doesn't hold, this one only while it does (CR 611.3a).
        "a static ability's own instead as long as",
        Builds.SELF_REPLACEMENT,
        "611.3a",
        "It gets -5/-5 instead as long as you've completed a dungeon.",
        _STATIC_INSTEAD,
        _instead_of_an_effect,
    ),
    _S(
        "a spell's own instead first, of an event",
        Builds.REPLACEMENT,
        "614.15",
        "If ~ was kicked, instead it deals 10 damage to that permanent or player.",
        _INSTEAD_FIRST,
        _instead_of_an_event,
    ),
    _S(
        "a spell's own instead first",
        Builds.SELF_REPLACEMENT,
        "614.15",
        "If ~ was kicked, instead creatures you control get +2/+2 until end of turn.",
        _INSTEAD_FIRST,
        _instead_of_an_effect,
    ),
    _S(
        "replacement or prevention sentence",
        Builds.REPLACEMENT,
        "614.1",
        "Prevent all combat damage that would be dealt this turn.",
        guard=lambda m, _reading: replaces_events(m.string),
    ),
    _S(
        "effect only if",
        Builds.ONLY_IF,
        "608.2c",
        "If it's a Spirit, it gains trample until end of turn.",
        r"^if (?P<cond>[^,]+), (?P<rest>.+)$",
        _only_if,
    ),
    _S(
        "effect only if, the condition after",
        Builds.ONLY_IF,
        "608.2c",
        "That creature also gains trample until end of turn if you control a creature with "
        "power 4 or greater.",
        # "if it's night" (Wolf Strike), "if its power is 2" (Savage Swipe), "if it's a
        # Knight" (Joust); "if its power is less than or equal to ..." is the reader's own
        # (Exert Influence: gain control, CR 613.1b).
        r"^(?P<rest>[^,]+?) if (?P<cond>(?:you control|\{[wubrg]\} was spent to cast|it's|"
        r"its (?:power|toughness) is(?! less\b| greater\b)|it has|you've|you have) [^,]+),?$",
        _trailing_only_if,
    ),
    _S(
        "two players swap their creatures",
        Builds.SWAP_CONTROL,
        "611.2c",
        "You and target opponent each gain control of all creatures the other controls until "
        "end of turn.",
        r"^you and (?P<who>target opponent|that opponent) each gain control of all creatures "
        r"the other controls(?: until end of turn)?$",
    ),
    _S(
        "a target and the creatures like it",
        Builds.TARGET_AND_KIN,
        "611.2c",
        "Target creature and all other creatures with the same name as that creature get "
        "-3/-3 until end of turn.",
        r"^(?P<target>target creature) and (?P<kin>each other creature that shares a color "
        r"with it|all other creatures that share a color with it|all other creatures with the "
        r"same name as that creature) (?P<rest>.+)$",
    ),
    _S(
        "subject inside the sentence",
        Builds.CONTINUOUS,
        "613.1",
        "Gain control of target creature.",
        guard=_subject_inside,
    ),
    _S(
        "a player gains an ability",
        Builds.PLAYER_ABILITY,
        "613.10",
        "You gain hexproof until end of turn.",
        r"^(?:you|target player|players) gains? (?:protection|hexproof|shroud)\b",
    ),
    _S(
        "a player can't",
        Builds.RULE,
        "613.10",
        "Your opponents can't cast spells during your turn.",
        PLAYER_RULE,
        lambda m, _reading: re.search(r"\bcan't\b", m.string, re.IGNORECASE) is not None,
    ),
    _S(
        "mana added to a pool",
        Builds.ONE_SHOT,
        "106.4",
        "Add {U}{R}{W}.",
        ADDS_MANA,
        here=Here.INERT,
    ),
    _S(
        "learn, taken as neither choice",
        Builds.ONE_SHOT,
        "701.48a",
        "Learn.",
        LEARN,
        here=Here.INERT,
    ),
    _S(
        "one-shot read elsewhere or changing nothing",
        Builds.ONE_SHOT,
        "608.2c",
        "Regenerate target creature.",
        ONE_SHOT,
        _inert_one_shot,
        here=Here.INERT,
    ),
    _S("one-shot action", Builds.ONE_SHOT, "608.2c", "Draw a card.", ONE_SHOT),
    _S("continuous effect", Builds.CONTINUOUS, "611.1", "Creatures you control get +1/+1."),
)


def route_sentence(
    text: str, reading: Reading, scope: Scope = Scope.CLAUSE
) -> tuple[Template, re.Match[str]]:
    """The template a sentence (or one clause of it) fits, with the words it matched."""
    for template in SENTENCE_TEMPLATES:
        if template.scope is scope and (m := template.fits(text, reading)):
            return template, m
    raise AssertionError("the last template of each scope fits anything")  # pragma: no cover
