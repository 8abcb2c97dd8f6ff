"""The line table: what kind of thing each paragraph of rules text is.

Every paragraph of a card's text is routed here exactly once, before any grammar reads it
(the template types and the sentence table are in ``oracle/templates.py``): a level box or
a station symbol (CR 711.2, 721.2), a die roll's results row (706.3a), a mode with its cost
(700.2h), a modal header (700.2), a saga chapter (714.2b), a triggered ability (603), an
activated or mana or loyalty ability (602, 605, 606), an "as ~ enters" choice or copy
(614.1c-d), an additional cost or a casting rule (601.2, 601.3), a replacement or
prevention effect (614, 615), or, when nothing more specific fits, a static ability or a
spell's text (604, 608) for the layer grammar.
"""

from __future__ import annotations

import re

from rules_engine.oracle import templates
from rules_engine.oracle.templates import (
    _ANY,
    COST_SENTENCE,
    DAY_AS_ENTERS,
    Builds,
    Here,
    Reading,
    Template,
    _re,
    replaces_events,
)
from rules_engine.oracle.text import split_sentences


def _replacement_line(m: re.Match[str], reading: Reading) -> bool:
    # A static ability whose "instead" changes its own continuous effect (Relic Axe, CR
    # 611.3a) is read by the layer grammar (``templates.changes_effects_instead``).
    return (
        not reading.spell
        and replaces_events(m.string)
        and not templates.changes_effects_instead(m.string)
    )


def _cost_rules(m: re.Match[str], _reading: Reading) -> bool:
    return all(COST_SENTENCE.match(s.strip()) for s in split_sentences(m.string))


# --- Activated abilities: "cost: effect" with the colon outside quotes -------------------

# Waterbend {N} and blight N are costs too ("Waterbend {3}: Sacrifice ~.", "Blight X, Return
# ~ to its owner's hand: ..."; Avatar: The Last Airbender 2025, Lorwyn Eclipsed 2026).
_COST_WORDS = re.compile(
    r"^([{+\-−0-9X]|discard|sacrifice|pay|tap|untap|exile|remove|return|put|collect|reveal|"
    r"waterbend|blight)\b",
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


def _activated(m: re.Match[str], _reading: Reading) -> bool:
    return colon_split(m.string) is not None


def _mana(m: re.Match[str], _reading: Reading) -> bool:
    split = colon_split(m.string)
    return split is not None and re.match(r"^add\b", split[1], re.IGNORECASE) is not None


# --- The table, in the order lines are tried -----------------------------------------------

# Keyword lines are recognised by the keyword table (oracle/keyword_table.py) before this table,
# since whether a word is a keyword is the keyword table's to say.
LINE_TEMPLATES: tuple[Template, ...] = (
    Template(
        "level box",
        Builds.LEVEL_BOX,
        "711.2",
        "LEVEL 4+: 6/6; Trample",
        _re(r"^LEVEL \d+(?:-\d+|\+)(?::|$)"),
    ),
    Template(
        # CR 721.2a-b: "{N+}[abilities]" means "as long as this permanent has N or more
        # charge counters on it, it has [abilities]" (oracle/text.py marks each paragraph
        # of a striation, with the P/T box where there is one).
        "station symbol",
        Builds.STATION_BAND,
        "721.2",
        "STATION 8+ 5/4 | Flying, trample",
        _re(r"^STATION \d+\+(?: \d+/\d+)? \|"),
    ),
    Template(
        # CR 706.3a-b: a results table's row ("1—9 | Draw a card.", "20 | ...", "15+ | ...",
        # "9 or less | ...", or a list: "• 2 — menace", "4 or 5 — ..."), part of the ability
        # that rolls the die: nothing happens until that ability resolves with its result.
        "die roll result",
        Builds.DIE_RESULT,
        "706.3a",
        "1—9 | Draw a card.",
        _re(r"^\d+(?:[—-]\d+|\+| or (?:less|more|\d+))?(?: \| | — )"),
        here=Here.INERT,
    ),
    Template(
        # A mode that only names what its header's sentence makes: "Create a creature token
        # with those characteristics. • 3/1 Human Warrior with trample and haste." (Outlaws'
        # Merriment), "• {0} — 3/2." (Vincent's Limit Break): the header's ability (700.2).
        "mode naming a form",
        Builds.FORM_MODE,
        "700.2",
        "3/1 Human Warrior with trample and haste.",
        _re(r'^(?:\d+|X)/(?:\d+|X)(?: (?:[^."]|"[^"]*")*)?\.?$'),
        here=Here.INERT,
    ),
    Template(
        # CR 719.3a: "To solve — [condition]" means "At the beginning of your end step, if
        # [condition] and this Case is not solved, this Case becomes solved."
        "a Case's condition to solve",
        Builds.TRIGGERED,
        "719.3a",
        "To solve — You control three or more artifacts.",
        _re(r"^to solve — "),
        here=Here.INERT,
    ),
    Template(
        # CR 700.2h-i: a mode with its cost written before it: spree's "+ {1} — ..."
        # (702.172), tiered's "{2} — ..." (702.183), a pawprint mode's "{P}{P} — ...".
        "mode with a cost",
        Builds.MODE_WITH_COST,
        "700.2h",
        "+ {1} — Destroy target artifact.",
        _re(r"^(?:\+ )?(?:\{[^{}]+\})+ — "),
    ),
    Template(
        # CR 905.2, 905.2c: abilities that work during a draft ("Draft ~ face up.", "As you
        # draft a card, ..."), and before the game starts (905.4, 103.1: "Before you shuffle
        # your deck to start the game, ..."): nothing on a board, which is a game under way.
        "during the draft or before the game",
        Builds.OUTSIDE_GAME,
        "905.2",
        "Draft ~ face up.",
        _re(
            r"^(?:draft ~ face up\b|as you draft\b|after you draft\b|when you draft\b|"
            r"before you shuffle your deck to start the game\b|instead of drafting\b|"
            r"reveal ~ as you draft it\b|you may look at the next card drafted\b)"
        ),
        here=Here.INERT,
    ),
    Template(
        # CR 407.1: ante is an optional variant; "Remove this card from your deck before
        # playing if you're not playing for ante." (Bronze Tablet, Contract from Below) works
        # before the game begins, so it changes nothing on a board, a game under way.
        "before the game, for ante",
        Builds.OUTSIDE_GAME,
        "407.1",
        "Remove this card from your deck before playing if you're not playing for ante.",
        _re(
            r"^remove (?:~|this card) from your deck before playing if you're not playing "
            r"for ante\b"
        ),
        here=Here.INERT,
    ),
    Template(
        # A keyword-looking word no rule defines (Un-cards' and playtest cards' "Sinecure",
        # "Nimble", "Shackle {3}", "Flashforward {4}{R}"): the keyword table, which follows
        # CR 702, doesn't list it (oracle/keyword_table.py), so it is named as not modelled.
        "word no rule defines",
        Builds.UNDEFINED_WORD,
        "702.1",
        "Sinecure",
        _re(r"^[A-Z][a-z]+(?:[ -][a-z]+)?(?: (?:\{[^{}]+\})+| \d+| X)?$"),
        guard=lambda m, _reading: m.string[:1].isupper(),
    ),
    Template(
        "modal spell header",
        Builds.MODAL,
        "700.2",
        "Choose one —",
        # Today's headers of a sentence or two (CR 700.2d: "You may choose the same mode
        # more than once."; "If you control a commander ..., you may choose both instead.").
        _re(
            r"^choose (?:one|two|three|one or more|one or both|any number)\b.*—$|"
            # CR 700.2i: "Choose up to five {P} worth of modes." (Bloomburrow's seasons).
            r"^choose up to \w+ \{P\} worth of modes\.(?: you may choose the same mode more "
            r"than once\.)?$|"
            r"^choose (?:one|two|three)\. (?:you may choose the same mode more than once|"
            r"if [^,.]+, (?:you may )?choose (?:both|two|any number) instead)\.(?: \([^)]*\))?$"
        ),
        here=Here.INERT,
    ),
    Template(
        "saga chapter ability",
        Builds.TRIGGERED,
        "714.2b",
        "I, II — Create a 1/1 white Soldier creature token.",
        _re(r"^[IVX]+(?:, [IVX]+)* — "),
        here=Here.INERT,
    ),
    Template(
        "triggered ability",
        Builds.TRIGGERED,
        "603.1",
        "Whenever another creature enters, you gain 1 life.",
        _re(r"^(?:when|whenever|at)\b"),
        here=Here.INERT,
    ),
    Template(
        "mana ability",
        Builds.MANA,
        "605.1a",
        "{T}: Add {G}.",
        _ANY,
        _mana,
        here=Here.INERT,
    ),
    Template(
        "activated or loyalty ability",
        Builds.ACTIVATED,
        "602.1",
        "{1}{W}: ~ gets +1/+1 until end of turn.",
        _ANY,
        _activated,
        here=Here.INERT,
    ),
    Template(
        "choice as it enters",
        Builds.CHOICE,
        "614.12",
        "As ~ enters, choose a color.",
        # Only the kinds the parser's choice reader knows; the other choices ("two colors",
        # "Khans or Dragons", "a color and an opponent", "a nonbasic land card name") are
        # read by the replacement grammar's "As ~ enters, choose" family (614.12).
        _re(
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
        _re(
            r"^(?:you may have ~ enter (?:tapped )?as a copy of|as ~ enters, you may have it "
            r"become a copy of) .+$"
        ),
    ),
    Template(
        "additional cost",
        Builds.ADDITIONAL_COST,
        "601.2f",
        "As an additional cost to cast this spell, sacrifice a creature.",
        _re(r"^as an additional cost to cast (?:~|this spell)(?!\w)"),
        here=Here.INERT,
    ),
    Template(
        "casting rule",
        Builds.CASTING_RULE,
        "601.3",
        "Cast ~ only during combat.",  # and 103.6: "If ~ is in your opening hand, ..."
        _re(
            r"^(?:if ~ is in your opening hand\b|cast (?:~|this spell) only\b|"
            r"~ can't be countered\b|this spell can't be countered\b|"
            r"you may cast ~ as though it had flash\b|~ can be your commander\b|"
            r"(?:~|this spell) costs \{[^}]+\}(?:\{[^}]+\})* (?:more|less) to cast\b|"
            # CR 118.9: an alternative cost ("You may pay 2 life rather than pay ~'s mana
            # cost."): how the spell was paid for, which no board shows.
            r"(?:if [^,]+, )?you may [^.]+? rather than pay (?:~|this spell)'s mana cost\.?$|"
            r"(?:if [^,]+, )?rather than pay (?:~|this spell)'s mana cost, you may [^.]+\.?$|"
            # "Once each turn, you may pay {0} rather than pay the mana cost for a spell you
            # cast from exile." (Warped Space, Darksteel Monolith): other spells' alternative
            # cost (118.9), paid as they are cast.
            r"(?:once each turn, )?you may pay [^.]+? rather than pay the mana cost for [^.]+\.?$|"
            # "If an opponent controls a Plains and you control a Swamp, you may cast ~ without
            # paying its mana cost." (Massacre): an alternative cost too (118.9).
            r"(?:if [^,]+, )?you may cast (?:~|this spell) without paying its mana cost\.?$)"
        ),
        here=Here.INERT,
    ),
    Template(
        # "Creature spells you cast have convoke", "Each instant and sorcery spell you cast
        # has replicate": abilities of spells, which work while a spell is cast and on the
        # stack (convoke, cascade, affinity, storm ...), never on the battlefield, where a
        # board's layers look (CR 601.2, 113.6).
        "spells you cast have",
        Builds.CASTING_RULE,
        "601.2",
        "Creature spells you cast have convoke.",
        _re(
            r"^(?:each )?[\w ,-]*?\bspells? you cast(?: from (?:your hand|exile))?"
            r"(?: with mana value \w+ or (?:greater|less))? (?:have|has) "
            r"(?:\"[^\"]*\"|(?!base\b|power\b|\+|-)[^.\"]+)\.?"
            r"(?: the [\w-]+ cost is equal to its mana cost\.?)?$"
        ),
        # Only spells: "Creatures you control and creature spells you cast have ..." is not.
        guard=lambda m, _reading: " control" not in m.string.lower().split("spell")[0],
        here=Here.INERT,
    ),
    Template(
        "cost change",
        Builds.CASTING_RULE,
        "601.2f",
        "Creature spells you cast cost {1} less to cast.",
        _ANY,
        _cost_rules,
        here=Here.INERT,
    ),
    Template(
        # CR 702.145d: a game is neither day nor night until something makes it day; the
        # engine doesn't track day and night (daybound and nightbound are inert here), so
        # making it day as the permanent enters changes nothing a board shows.
        "it becomes day as it enters",
        Builds.STATIC,
        "702.145",
        "If it's neither day nor night, it becomes day as ~ enters.",
        DAY_AS_ENTERS,
        lambda _m, reading: not reading.spell,
    ),
    Template(
        "replacement or prevention effect",
        Builds.REPLACEMENT,
        "614.1",
        "If a card would be put into a graveyard from anywhere, exile it instead.",
        _ANY,
        _replacement_line,
    ),
    Template(
        "spell text",
        Builds.SPELL,
        "608.2",
        "Target creature gets +3/+3 until end of turn.",
        _ANY,
        lambda _m, reading: reading.spell,
    ),
    Template(
        "static ability",
        Builds.STATIC,
        "604.1",
        "Creatures you control get +1/+1.",
        _ANY,
        lambda _m, reading: not reading.spell,
    ),
)


def route_line(line: str, *, spell: bool) -> Template:
    """The template a line of text (self-references marked ``~``, no ability word) fits."""
    reading = Reading(spell)
    for template in LINE_TEMPLATES:
        if template.fits(line, reading):
            return template
    raise AssertionError("the last two templates cover every line")  # pragma: no cover


def template_named(name: str) -> Template:
    return next(t for t in all_templates() if t.name == name)


def all_templates() -> tuple[Template, ...]:
    """Both tables, lines first (the sentence table is ``templates.SENTENCE_TEMPLATES``)."""
    return LINE_TEMPLATES + templates.SENTENCE_TEMPLATES
