"""The one table that decides what kind of thing each line of rules text is.

Every paragraph of a card's text is routed here exactly once, before any
grammar reads it: a line of keywords (CR 702), a triggered ability (603), an
activated or mana or loyalty ability (602, 605, 606), an "as ~ enters" choice
or copy (614.1c-d), an additional cost or a casting rule (601.2, 601.3), a
replacement or prevention effect (614, 615), or, when nothing more specific
fits, a static ability or a spell's text (604, 608) for the layer grammar.

The same table answers "is this sentence a replacement?" for the layer
grammar, the spell reader and the replacement grammar, so they cannot
disagree. Each template names the sentence shape, what it builds, the rule,
and an example sentence; ``tests/engine/test_templates.py`` checks that every
example is routed to its own template.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from rules_engine.oracle.text import split_sentences


class Builds(StrEnum):
    """What a routed line becomes (``ParsedAbility.kind`` for most)."""

    LEVEL_BOX = "level_box"
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


class Here(StrEnum):
    """What a line does on a board (issue "every ability is one of three things")."""

    APPLIED = "applied"  # the engine applies what it does
    INERT = "inert"  # creates no continuous, replacement or prevention effect on a board


Shape = Callable[[str, bool], bool]


@dataclass(frozen=True, slots=True)
class Template:
    """One kind of line: its name, its shape, what it builds, and an example."""

    name: str
    builds: Builds
    rule: str
    example: str
    shape: Shape
    here: Here = Here.APPLIED


def _regex(pattern: str, *, spell: bool | None = None) -> Shape:
    compiled = re.compile(pattern, re.IGNORECASE)

    def shape(line: str, is_spell: bool) -> bool:
        return (spell is None or spell == is_spell) and compiled.search(line) is not None

    return shape


# --- Is this sentence a replacement or prevention effect? --------------------------------

# CR 614.1a-e and 615.1a: the words that make an effect replace or prevent an event; and
# CR 614.17: "can't" effects that stop an event the replacement machinery resolves.
_REPLACEMENT_WORDS = re.compile(
    r"\bwould\b|\binstead\b|\benters?(?: the battlefield)? tapped\b|"
    r"\benters?(?: the battlefield)? with\b|\benters?(?: the battlefield)? as\b|\bskips?\b|"
    r"\bprevent(?:ed)?\b|\bis dealt to\b|can't be prevented|can't gain life|"
    r"\bas (?:~|this \w+) enters\b|\bas (?:~|this \w+) is turned face up\b|"
    r"can't get counters|counters can't|can't draw cards|can't draw more than|"
    r"can't have counters|can't lose the game|can't win the game|life total can't change",
    re.IGNORECASE,
)
# "If ~ is in your opening hand, you may begin the game with it on the battlefield" is a
# rule about starting the game (103.6), not a replacement.
_OPENING_HAND = re.compile(r"\bin your opening hand\b", re.IGNORECASE)


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


# --- Is this sentence a one-shot action? ----------------------------------------------------

# CR 608.2c: the instructions a resolving spell or ability follows, in order; CR 701 names
# the keyword actions. An imperative ("Destroy target creature."), or a player or object
# acting ("Each opponent discards a card.", "~ deals 3 damage to any target."), changes no
# characteristic: the one-game engine performs the actions it knows (oracle/actions.py)
# and names the others as not modelled.
_ACTION_VERBS = (
    r"draw|untap|tap|destroy|exile|return|sacrifice|discard|counter|create|put|search|"
    r"shuffle|scry|surveil|mill|look|reveal|choose|regenerate|prevent|add|attach|"
    r"investigate|proliferate|fight|transform|goad|populate|amass|clash|bolster|copy|"
    r"change the target|flip a coin|roll|manifest|support|detain|adapt|monstrosity|venture|"
    r"connive|incubate|discover|collect evidence|forage|suspect|cloak|seek|learn|vote|pay|"
    r"remove|move|separate|exchange (?:life totals|your life total)|double the number|"
    r"repeat this process|take an extra turn|distribute|turn (?:it|target|that|~)|reselect|"
    r"cast|play|whenever|end the turn|round up each time|unattach|reorder|"
    r"double (?:target player's|your) life total|simultaneously|"
    r"you (?:gain|lose|may|draw|create|put|search|sacrifice|discard|reveal|look|mill|scry|"
    r"choose|exile|return|shuffle|flip|roll|vote|get|pay|tap|untap|cast|play)|"
    r"exchange your|starting with you|each player (?:may )?(?:chooses|reveals|puts|votes)|"
    r"gain (?:\w+|that much) life|lose (?:\w+|that much) life"
)
_ACTORS = (
    r"target player(?!'s)|target opponent(?!'s)|each player(?!'s)|each opponent(?!'s)|"
    r"its controller|that creature's controller|that permanent's controller|that player|"
    r"its owner|that spell's controller|defending player|an opponent|the player"
)
_ONE_SHOT = re.compile(
    # A player who acts (not a possessive: "each player's creatures get ..." is layers).
    rf"^(?:(?:{_ACTION_VERBS})\b|(?:{_ACTORS})\b(?! gains? control)|"
    # An object acting: "~ deals", "it fights", "target creature you control deals damage".
    rf"(?:~|it|that creature|target [\w, ]+?|equipped creature|enchanted creature) "
    r"(?:deals|fights|explores|connives|phases out)\b|"
    # A delayed or reflexive triggered ability the resolving one creates (CR 603.7, 603.12).
    r"when (?:that creature|that permanent|it|you do|~)\b[^,]*, |"
    r"at the beginning of (?:(?:the|your|that player's|each) next|that turn's)\b|"
    r"until end of turn, whenever\b|"
    # Anything dealing damage, named or not ("Hit deals damage to that player ...").
    r"[\w,' -]+? deals (?:\w+ )?damage\b|"
    r"the (?:owner|controller) of [\w ]+? (?:shuffles|puts|returns|sacrifices|loses|gains)\b|"
    # One-shots under a condition or for each of several things.
    rf"(?:if [^,]+|for each [^,]+|otherwise|then), (?:{_ACTION_VERBS}|~ deals|it deals|"
    rf"(?:{_ACTORS}) )\b|"
    # Follow-ups that finish a one-shot: "If you do, ...", "Otherwise, ...", "Then ...".
    rf"(?:if you do|if you don't|if (?:the|that) player does|if they do|otherwise|then),? "
    rf"(?:{_ACTION_VERBS}|~ deals|it deals|when|they|that player|each)\b)",
    re.IGNORECASE,
)


def performs_actions(sentence: str) -> bool:
    """Is this clause a one-shot action (CR 608.2c, 701) rather than a continuous effect?"""
    return _ONE_SHOT.match(sentence) is not None


# --- Is this sentence a continuous effect? -------------------------------------------------

# CR 611, 613.1: words that change an object's characteristics (a P/T change, an ability
# gained or lost, a type, color or controller), or CR 613.11: the rules of the game
# ("can't attack", "must be blocked"). A sentence of this shape that the layer grammar
# can't apply yet is named as not modelled rather than refused outright.
_CONTINUOUS = re.compile(
    r"\b(?:gets?|get) [+-]|\b(?:has|have|gains?|loses?) |\bbecomes?\b|\bcontrol of\b|"
    r"\b(?:is|are) (?:a|an|all|every|the|still|no longer|colorless|white|blue|black|red|"
    r"green|legendary|basic|snow|each|equal|[\w ]+ in addition)\b|\bbase power\b|"
    r"\bpower and toughness\b|\bcan't\b|\bmust\b|\bable to\b|\bdoesn't untap\b|"
    r"\bdon't untap\b|\bas though\b",
    re.IGNORECASE,
)


def makes_continuous_effect(sentence: str) -> bool:
    """Does this sentence (quoted abilities blanked) change characteristics or rules?"""
    return _CONTINUOUS.search(re.sub(r'"[^"]*"', '""', sentence)) is not None


def _replacement_line(line: str, spell: bool) -> bool:
    return not spell and replaces_events(line)


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
    rf"[^.]*\bcosts? \w+ life more\b{_NO_MORE}|[^.]*\bcosts? \{{x\}} (?:more|less)\b{_NO_MORE}|"
    rf"spend this mana only\b{_NO_MORE}|"
    r"this effect reduces only the amount of colored mana you pay|"
    r"all [\w ]+ costs cost (?:\{[^}]+\})+ (?:more|less)[^.]*)\.?$",
    re.IGNORECASE,
)


def _cost_rules(line: str, _spell: bool) -> bool:
    return all(COST_SENTENCE.match(s.strip()) for s in split_sentences(line))


# --- Activated abilities: "cost: effect" with the colon outside quotes -------------------

_COST_WORDS = re.compile(
    r"^([{+\-−0-9X]|discard|sacrifice|pay|tap|untap|exile|remove|return|put|collect|reveal)",
    re.IGNORECASE,
)


def colon_split(text: str) -> tuple[str, str] | None:
    """ "{1}: ~ becomes ..." -> (cost, effect) when the colon is outside quotes (CR 602.1)."""
    in_quote = False
    for i, ch in enumerate(text):
        if ch == '"':
            in_quote = not in_quote
        elif ch == ":" and not in_quote:
            cost, effect = text[:i].strip(), text[i + 1 :].strip()
            if _COST_WORDS.match(cost) and "." not in cost:
                return cost, effect
            return None
    return None


def _activated(line: str, _spell: bool) -> bool:
    return colon_split(line) is not None


def _mana(line: str, _spell: bool) -> bool:
    split = colon_split(line)
    return split is not None and re.match(r"^add\b", split[1], re.IGNORECASE) is not None


# --- The table, in the order lines are tried -----------------------------------------------

# Keyword lines are recognised by the keyword table (oracle/keywords.py) before this table,
# since whether a word is a keyword is the keyword table's to say.
LINE_TEMPLATES: tuple[Template, ...] = (
    Template(
        "level box",
        Builds.LEVEL_BOX,
        "711.2",
        "LEVEL 4+: 6/6; Trample",
        _regex(r"^LEVEL \d+(?:-\d+|\+)(?::|$)"),
    ),
    Template(
        "modal spell header",
        Builds.MODAL,
        "700.2",
        "Choose one —",
        _regex(r"^choose (?:one|two|three|one or more|one or both|any number)\b.*—$"),
        Here.INERT,
    ),
    Template(
        "saga chapter ability",
        Builds.TRIGGERED,
        "714.2b",
        "I, II — Create a 1/1 white Soldier creature token.",
        _regex(r"^[IVX]+(?:, [IVX]+)* — "),
        Here.INERT,
    ),
    Template(
        "triggered ability",
        Builds.TRIGGERED,
        "603.1",
        "Whenever another creature enters, you gain 1 life.",
        _regex(r"^(?:when|whenever|at)\b"),
        Here.INERT,
    ),
    Template(
        "mana ability",
        Builds.MANA,
        "605.1a",
        "{T}: Add {G}.",
        _mana,
        Here.INERT,
    ),
    Template(
        "activated or loyalty ability",
        Builds.ACTIVATED,
        "602.1",
        "{1}{W}: ~ gets +1/+1 until end of turn.",
        _activated,
        Here.INERT,
    ),
    Template(
        "choice as it enters",
        Builds.CHOICE,
        "614.12",
        "As ~ enters, choose a color.",
        # Only the kinds the parser's choice reader knows; the other choices ("two colors",
        # "Khans or Dragons", "a color and an opponent", "a nonbasic land card name") are
        # read by the replacement grammar's "As ~ enters, choose" family (614.12).
        _regex(
            r"^as ~ enters, choose (?:a|an) (?:creature|artifact|land|permanent|enchantment|"
            r"card name|nonland card name|number|creature card name|color|creature type|"
            r"basic land type|land type|player|opponent|card type)(?: other than [\w ]+)?\.?$"
        ),
    ),
    Template(
        "enters as a copy",
        Builds.COPY,
        "707.9",
        "You may have ~ enter as a copy of any creature on the battlefield.",
        _regex(r"^you may have ~ enter (?:tapped )?as a copy of .+$"),
    ),
    Template(
        "additional cost",
        Builds.ADDITIONAL_COST,
        "601.2f",
        "As an additional cost to cast this spell, sacrifice a creature.",
        _regex(r"^as an additional cost to cast (?:~|this spell)(?!\w)"),
        Here.INERT,
    ),
    Template(
        "casting rule",
        Builds.CASTING_RULE,
        "601.3",
        "Cast ~ only during combat.",  # and 103.6: "If ~ is in your opening hand, ..."
        _regex(
            r"^(?:if ~ is in your opening hand\b|cast (?:~|this spell) only\b|"
            r"~ can't be countered\b|this spell can't be countered\b|"
            r"you may cast ~ as though it had flash\b|~ can be your commander\b|"
            r"(?:~|this spell) costs \{[^}]+\}(?:\{[^}]+\})* (?:more|less) to cast\b|"
            # CR 118.9: an alternative cost ("You may pay 2 life rather than pay ~'s mana
            # cost."): how the spell was paid for, which no board shows.
            r"(?:if [^,]+, )?you may [^.]+? rather than pay (?:~|this spell)'s mana cost\.?$|"
            r"(?:if [^,]+, )?rather than pay (?:~|this spell)'s mana cost, you may [^.]+\.?$)"
        ),
        Here.INERT,
    ),
    Template(
        "cost change",
        Builds.CASTING_RULE,
        "601.2f",
        "Creature spells you cast cost {1} less to cast.",
        _cost_rules,
        Here.INERT,
    ),
    Template(
        "replacement or prevention effect",
        Builds.REPLACEMENT,
        "614.1",
        "If a card would be put into a graveyard from anywhere, exile it instead.",
        _replacement_line,
    ),
    Template(
        "spell text",
        Builds.SPELL,
        "608.2",
        "Target creature gets +3/+3 until end of turn.",
        lambda _line, spell: spell,
    ),
    Template(
        "static ability",
        Builds.STATIC,
        "604.1",
        "Creatures you control get +1/+1.",
        lambda _line, spell: not spell,
    ),
)


def route_line(line: str, *, spell: bool) -> Template:
    """The template a line of text (self-references marked ``~``, no ability word) fits."""
    for template in LINE_TEMPLATES:
        if template.shape(line, spell):
            return template
    raise AssertionError("the last two templates cover every line")  # pragma: no cover


def template_named(name: str) -> Template:
    return next(t for t in LINE_TEMPLATES if t.name == name)
