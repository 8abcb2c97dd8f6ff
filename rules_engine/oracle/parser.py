"""Oracle rules text -> abilities, and abilities -> continuous effects.

The same grammar reads the card library and the cards a teacher types, so an
invented card gets exactly the treatment a real one does. A paragraph the
grammar does not understand is never ignored silently (that would give a learner
a wrong answer): it applies nothing and the answer names it with the phrase the
grammar stopped at (``ParsedAbility.unread``, gaps.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Literal

from rules_engine.affected import Subject
from rules_engine.effects import (
    AllOf,
    ColorChange,
    Condition,
    CopyOf,
    Designated,
    EffectSpec,
    Not,
    Part,
    PlayerGrant,
    SourceStatus,
    TypeChange,
)
from rules_engine.one_shot import OneShot
from rules_engine.oracle.conditions import parse_condition
from rules_engine.oracle.copies import copy_exceptions, with_this_ability
from rules_engine.oracle.cursor import Cursor, OracleParseError
from rules_engine.oracle.digital import (
    DIGITAL_ONLY,
    DOUBLE_TEAM_WHY,
    SPECIALIZE_WHY,
    digital_keyword,
    is_digital_keyword_line,
)
from rules_engine.oracle.keyword_table import Category, Keyword
from rules_engine.oracle.keywords import (
    CONDITION_WORDS,
    condition_keyword,
    parse_keyword,
    split_keyword_line,
)
from rules_engine.oracle.line_templates import colon_split, route_line
from rules_engine.oracle.sentence_state import blank_quotes
from rules_engine.oracle.sentences import parse_effects
from rules_engine.oracle.subjects import SubjectContext, parse_subject
from rules_engine.oracle.templates import Builds
from rules_engine.oracle.text import SELF, check_numbers, clean, mark_self, strip_reminder, tokenize

AbilityKind = Literal[
    "keyword",
    "static",
    "activated",
    "mana",
    "triggered",
    "spell",
    "replacement",
    "choice",
    "copy",
    "modal",
    "additional_cost",
    "casting_rule",
    "part",  # part of another paragraph's ability: a die roll's results row (CR 706.3b), a mode
    "outside_game",  # works during a draft or before the game starts (CR 905.2)
]

__all__ = [
    "UNDEFINED_WORD",
    "OracleParseError",
    "ParsedAbility",
    "parse_ability_text",
    "parse_card_text",
    "parse_trigger_effect",
]


@dataclass(frozen=True, slots=True)
class ParsedAbility:
    """One ability: its display text, its kind, and the effects it creates."""

    text: str
    kind: AbilityKind
    effects: tuple[EffectSpec, ...] = ()
    cost: str | None = None
    choice: str | None = None
    copy: CopyOf | None = None
    copy_subject: Subject | None = None
    rules: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    actions: tuple[OneShot, ...] = ()
    # One-shot sentences recognised but not performed (reported as not modelled).
    unperformed: tuple[str, ...] = ()
    # An activated ability whose effect can't be read yet: why (refused if it resolves).
    unreadable: str | None = None
    # Continuous-effect sentences recognised but not applied yet: (sentence, why).
    gaps: tuple[tuple[str, str], ...] = ()
    # A resolving text's hexproof or shroud for players (CR 613.10, 702.11d), kept in the
    # game as it resolves and read by the targeting check.
    player_grants: tuple[PlayerGrant, ...] = ()
    # A static ability's sentences known to change nothing on a board: (sentence, why), such
    # as a permission to look at hidden cards (CR 401.2).
    inert: tuple[tuple[str, str], ...] = ()
    # A paragraph the grammar can't read at all: why. Nothing of it is applied, and the
    # answer names it (gaps.py), so the rest of the board can still be answered.
    unread: str | None = None
    # A triggered, activated or mana ability that exists only while this holds ("Max speed
    # — ...", CR 702.178a; "Solved — ...", 702.169c-d): a step can't resolve it otherwise.
    exists_if: Condition | None = None
    # A Case's "To solve — [condition]" (CR 719.3a), read; None if it isn't one or can't be
    # read (then ``unreadable`` says why, refused only if a step resolves it).
    solve_if: Condition | None = None
    # A mode's own cost written before it ("+ {1}", "{P}{P}", "{2}"; CR 700.2h-i).
    mode_cost: str | None = None

    @property
    def keyword(self) -> str | None:
        return self.text.lower() if self.kind == "keyword" else None

    @property
    def is_mana_ability(self) -> bool:
        return self.kind == "mana"


# --- Ability lines ---------------------------------------------------------------

# CR 207.2c: an ability word or a flavor word before an em dash ("Landfall — ", "Power-up — ",
# "GOOOOAAAALLL! — ", "Brand-new Sky — ", "∞ — "), which has no rules meaning of its own.
# Not a mode's cost ("{P} — ", "+ {1} — ", "{2} — ": braces), not a die roll's result or a
# chapter number ("2 — menace", "I, II — ": digits and commas), not a sentence (no period,
# colon or comma; a flavor word may have periods: "I. AM. TALKING! — ", "... Catch — "), not a
# modal list ("—" then "•"). It may begin with a number written with thousands separators
# ("10,000 Needles — ", Jumbo Cactuar), never a lone one.
_ABILITY_WORD = re.compile(
    r"^(?![•+]|To solve — )((?:\d{1,3}(?:,\d{3})+ )?[^\s\d:,{}|•—][^:,{}|•—]{0,44}?) — (?!•)"
)
# "As ~ enters, you may have it become a copy of any creature on the battlefield until end of
# turn, except it has haste." (Cursed Mirror): the same copy made as it enters (CR 614.1c,
# 707.9), whose "until end of turn" ends in the cleanup step (514.2), which no board reaches.
_ENTERS_COPY = re.compile(
    r"^(?:you may have ~ enter (?P<tapped>tapped )?as a copy of|as ~ enters, you may have it "
    r"become a copy of) (?P<what>.+?)(?P<eot> until end of turn)?"
    r"(?:,? except (?P<except>.+?))?\.?$",
    re.IGNORECASE,
)
_CHOICE = re.compile(r"^as ~ enters, choose (?:a|an) (?P<what>[\w ]+?)\.?$", re.IGNORECASE)


def _split_keywords(line: str) -> list[str] | None:
    """ "Flying, first strike" -> ["Flying", "First strike"]; None if not all keywords
    (the keyword table, oracle/keyword_table.py, decides)."""
    keywords = split_keyword_line(line)
    return None if keywords is None else [k.text for k in keywords]


@lru_cache(maxsize=8192)
def parse_ability_text(line: str, name: str, *, spell: bool = False) -> tuple[ParsedAbility, ...]:
    """One paragraph of rules text -> one ability (or several keywords); remembered, as
    a board reads the same paragraphs at every step and in every what-if.

    A paragraph the grammar can't read is kept as one ability that does nothing and says
    why (``unread``): the board goes on and its answer names the paragraph (never dropped
    silently), rather than the whole board being refused for one sentence."""
    cleaned = clean(line)
    check_numbers(cleaned)  # a bound on typed text (docs/limits.md): still refused
    try:
        return _parse_line(cleaned, name, spell)
    except OracleParseError as error:
        display = strip_reminder(cleaned) or cleaned
        kind: AbilityKind = "spell" if spell else "static"
        return (ParsedAbility(display, kind, unread=str(error)),)


_LEVEL_BOX = re.compile(
    r"^LEVEL (?P<low>\d+)(?:-(?P<high>\d+)|\+):(?: (?P<p>\d+)/(?P<t>\d+))?(?:;? (?P<rest>.+))?$"
)


def _level_box(display: str, name: str) -> ParsedAbility:
    """CR 711.2a-b: "LEVEL N1-N2: P/T; abilities" means "As long as this creature has at
    least N1 level counters on it, but no more than N2, it has base power and toughness P/T
    and has [abilities]" ("N1+": no upper bound). One static ability of the leveler: its
    layer 7b and layer 6 parts apply under that condition."""
    m = _LEVEL_BOX.fullmatch(display)
    if m is None:
        raise OracleParseError(display, "cannot read this level box (CR 711.2)")
    me = Subject("self", words=SELF)
    least = SourceStatus("counter", me, counter_kind="level", minimum=int(m["low"]))
    condition: Condition = least
    if m["high"] is not None:
        too_many = SourceStatus("counter", me, counter_kind="level", minimum=int(m["high"]) + 1)
        condition = AllOf((least, Not(too_many)))
    sentences = [f"{name} has base power and toughness {m['p']}/{m['t']}."] if m["p"] else []
    why = "a leveler's level box (CR 711.2) with an ability the engine can't grant yet"
    lines = (m["rest"] or "").split("; ")
    return _box_under(display, name, condition, sentences, lines, why)


_STATION_BAND = re.compile(
    r"^STATION (?P<n>\d+)\+(?: (?P<p>\d+)/(?P<t>\d+))? \|(?: (?P<rest>.+))?$", re.DOTALL
)


def _station_band(display: str, name: str) -> ParsedAbility:
    """CR 721.2a-b: a station symbol "{N+}[abilities]" means "As long as this permanent has
    N or more charge counters on it, it has [abilities]"; with the striation's P/T box,
    "... and is a creature with base power and toughness [P/T] in addition to its other
    types" (721.2b). Each paragraph of a striation is one ability under its symbol."""
    m = _STATION_BAND.fullmatch(display)
    if m is None:
        raise OracleParseError(display, "cannot read this station symbol (CR 721.2)")
    me = Subject("self", words=SELF)
    condition = SourceStatus("counter", me, counter_kind="charge", minimum=int(m["n"]))
    sentences = []
    if m["p"]:
        sentences = [
            f"{name} is a creature in addition to its other types.",
            f"{name} has base power and toughness {m['p']}/{m['t']}.",
        ]
    why = "a station symbol's ability (CR 721.2) the engine can't grant yet"
    return _box_under(display, name, condition, sentences, [m["rest"] or ""], why)


def _box_under(
    display: str,
    name: str,
    condition: Condition,
    sentences: list[str],
    lines: list[str],
    why: str,
) -> ParsedAbility:
    """One static ability whose parts apply under ``condition``: the sentences given, then
    each line of abilities, a keyword list or a static ability read as it is, any other
    ability (activated, triggered, a rule) granted as itself (layer 6)."""
    for line in lines:
        if not line:
            continue
        keywords = _split_keywords(line)
        if keywords:
            sentences.append(f"{name} has {' and '.join(k.lower() for k in keywords)}.")
        elif _is_static_line(line, name) and not _is_rule_only(line, name):
            sentences.append(line)  # its own static ability, under the box's condition
        else:
            # An activated or triggered ability, or a rule of the game ("can't be blocked"):
            # the box grants the ability itself while its condition holds (711.2b, layer 6).
            sentences.append(f'{name} has "{line}"')
    effects: list[EffectSpec] = []
    for sentence in sentences:
        try:
            (ability,) = _parse_line(sentence, name, spell=False)
        except (OracleParseError, ValueError):
            return ParsedAbility(display, "static", gaps=((display, why),))
        if ability.gaps or ability.kind != "static" or not ability.effects:
            return ParsedAbility(display, "static", gaps=((display, why),))
        effects += [replace(e, text=display, condition=condition) for e in ability.effects]
    return ParsedAbility(display, "static", _one_effect_on_itself(effects))


def _one_effect_on_itself(effects: list[EffectSpec]) -> tuple[EffectSpec, ...]:
    """The parts a box gives its own permanent are one effect of one ability: once it has
    begun to apply in a layer (a station band making it a creature in layer 4), it goes on
    applying in the later ones even if that ability is removed meanwhile (CR 613.6), so
    its P/T and abilities survive Humility when Humility came first."""
    own = [e for e in effects if e.subject.kind == "self" and not e.until_end_of_turn]
    if len(own) < 2:
        return tuple(effects)
    merged = replace(own[0], parts=tuple(p for e in own for p in e.parts))
    return (merged, *(e for e in effects if e not in own))


_CONDITION_WORDS = CONDITION_WORDS  # CR 702.178a, 702.169b (oracle/keywords.py)
# Inert until a step resolves them (or, for how a card is cast, always on a board).
_KEPT_WITH_CONDITION = ("triggered", "activated", "mana", "casting_rule", "additional_cost")
_CONDITIONS: dict[str, Condition] = {
    "max speed": Designated("max_speed"),
    "solved": SourceStatus("solved", Subject("self", words=SELF)),
}


def _conditional_ability(
    display: str, inner: str, kw: Keyword, name: str, spell: bool
) -> tuple[ParsedAbility, ...]:
    """An ability that exists only while its keyword's condition holds. A triggered,
    activated or mana ability keeps the condition (a step that resolves it checks it:
    702.169c "triggers only if this Case is solved", 702.169d "activate only if", 702.178a);
    a static or replacement ability is read as "As long as [condition], [ability]"
    (702.169b), so it applies only while the condition holds (CR 611.3a)."""
    words = _CONDITION_WORDS[kw.info.name]
    return _under_condition(display, inner, _CONDITIONS[kw.info.name], words, name, spell)


def _under_condition(
    display: str, inner: str, condition: Condition, words: str, name: str, spell: bool
) -> tuple[ParsedAbility, ...]:
    """``inner`` under ``condition`` (see ``_conditional_ability``); ``words``: the
    condition in words, to read any other ability as "As long as [words], [ability]"."""
    if keywords := _split_keywords(inner):
        inner = f"~ has {' and '.join(k.lower() for k in keywords)}."  # granted (702.178a)
    abilities = _parse_line(inner, name, spell)
    if all(a.kind in _KEPT_WITH_CONDITION for a in abilities):
        return tuple(replace(a, text=display, exists_if=condition) for a in abilities)
    if all(a.kind == "static" and a.effects and not a.rules and not a.gaps for a in abilities):
        # Each continuous effect applies only while the condition holds (like a level box).
        return tuple(
            replace(
                a,
                text=display,
                kind="static",
                effects=tuple(
                    replace(e, text=display, condition=_and(condition, e.condition))
                    for e in a.effects
                ),
            )
            for a in abilities
        )
    if display.startswith("CLASS LEVEL ") and all(
        a.kind == "static" and not a.effects for a in abilities
    ):
        # Nothing applied on a board at any level: inert, or named with its own gap.
        return tuple(replace(a, text=display) for a in abilities)
    if len(re.findall(r"[.!?](?:\s|$)", inner)) > 1:
        why = f"the engine can't put each sentence of this ability under its condition ({words})"
        return (ParsedAbility(display, "static", gaps=((display, why),)),)
    if not inner.startswith(name):
        inner = inner[0].lower() + inner[1:]
    conditioned = _parse_line(f"As long as {words}, {inner}", name, spell)
    return tuple(replace(a, text=display) for a in conditioned)


def _and(first: Condition, second: Condition | None) -> Condition:
    return first if second is None else AllOf((first, second))


# CR 716.2a: a Class's level ability, and an ability it has at level N or greater (the
# paragraphs after "{cost}: Level N", marked by oracle/text.py).
_CLASS_LEVEL_UP = re.compile(r"^(?P<cost>(?:\{[^{}]{1,8}\})+): Level (?P<n>\d{1,2})$")
_CLASS_BAND = re.compile(r"^CLASS LEVEL (?P<n>\d{1,2})\+ \| (?P<rest>.+)$", re.DOTALL)


def _class_line(display: str, name: str, spell: bool) -> tuple[ParsedAbility, ...] | None:
    """A Class's level ability or an ability of one of its levels (CR 716.2a); None for any
    other line."""
    if m := _CLASS_LEVEL_UP.fullmatch(display):
        # CR 716.2a: "{cost}: Level N" is an activated ability (its level becomes N; only
        # from level N-1, as a sorcery): inert on a board, whose enter step sets the level.
        why = "a board doesn't play raising a Class's level; it says the level it enters at"
        why += " (CR 716.2a)"
        return (ParsedAbility(display, "activated", cost=m["cost"], unreadable=why),)
    if m := _CLASS_BAND.fullmatch(display):
        return _class_band(display, int(m["n"]), m["rest"], name, spell)
    return None


def _class_band(
    display: str, level: int, inner: str, name: str, spell: bool
) -> tuple[ParsedAbility, ...]:
    """CR 716.2a: "[Cost]: Level N" means, besides the activated ability, "As long as this
    Class is level N or greater, it has [abilities]": a static ability applies only from
    that level, a triggered or activated one exists only then (inert on a board anyway)."""
    condition = SourceStatus("class_level", Subject("self", words=SELF), minimum=level)
    return _under_condition(
        display, inner, condition, f"~ is level {level} or greater", name, spell
    )


_TO_SOLVE = "to solve — "


def _to_solve(display: str, words: str, name: str) -> ParsedAbility:
    """CR 719.3a: "To solve — [condition]" means "At the beginning of your end step, if
    [condition] and this Case is not solved, this Case becomes solved": a triggered ability,
    inert until a step resolves it (a board has no end step of its own)."""
    marked = mark_self(words, name).strip().rstrip(".")
    try:
        condition = parse_condition(marked[0].lower() + marked[1:], display)
    except OracleParseError as error:
        return ParsedAbility(display, "triggered", unreadable=str(error))
    return ParsedAbility(display, "triggered", solve_if=condition)


def _digital_keyword(display: str) -> tuple[ParsedAbility, ...]:
    """An Alchemy keyword paragraph (no CR rule defines them, oracle/digital.py): specialize
    is an activated ability and double team a triggered one, inert until activated or
    triggered like any other (CR 602, 603), and refused if a step resolves them; intensity
    and heist stay named as digital-only."""
    kind = digital_keyword(display)
    if kind == "specialize":
        cost, _, rest = display.partition(". ")
        spec = (
            ParsedAbility(
                display, "activated", cost=cost.split(" ", 1)[1], unreadable=SPECIALIZE_WHY
            ),
        )
        # "This ability costs {3} less to activate if ..." (Imoen): what activating it costs
        # (CR 601.2f), which a board never pays.
        return (
            spec if not rest else (replace(spec[0], text=cost), ParsedAbility(rest, "casting_rule"))
        )
    if kind == "double team":
        return (ParsedAbility(display, "triggered", unreadable=DOUBLE_TEAM_WHY),)
    if kind == "intensity":
        # The number the card's intensity starts at, read by "~'s intensity" (amounts.py).
        return (ParsedAbility(display, "static"),)
    return (ParsedAbility(display, "static", gaps=((display, DIGITAL_ONLY),)),)


def _is_rule_only(line: str, name: str) -> bool:
    """A static line that only states a rule ("~ can't be blocked"): no continuous effect
    to put under the level box's condition, so the box grants the ability's text."""
    return all(not a.effects and a.rules for a in _parse_line(line, name, spell=False))


def _is_static_line(line: str, name: str) -> bool:
    try:
        return all(a.kind == "static" for a in _parse_line(line, name, spell=False))
    except OracleParseError:
        return False


_KEYWORD_THEN_COST = re.compile(
    r"(?P<kw>[^.]+)\.(?: (?P<rest>(?:this (?:ability|spell) costs [^.]+|this cost is reduced [^.]+|"
    r"activate only [^.]+)\.?"
    r"(?: activate only [^.]+\.?)?))?",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)
def _parse_line(line: str, name: str, spell: bool) -> tuple[ParsedAbility, ...]:
    check_numbers(line)
    display = strip_reminder(line)
    if not display:
        return ()
    mode = display.startswith("• ")  # a mode of the modal ability above it (CR 700.2)
    if mode:
        display = display[2:]
    if is_digital_keyword_line(display):
        return _digital_keyword(display)
    if m := re.fullmatch(r"crew (\d+)", display, re.IGNORECASE):
        # CR 702.122a: crewing (tapping creatures with total power N) makes the Vehicle an
        # artifact creature until end of turn; read as that activated ability.
        spelled = f"{{T}}: {name} becomes an artifact creature until end of turn."
        (ability,) = _parse_line(spelled, name, spell)
        return (replace(ability, text=display, cost=f"Crew {m[1]}"),)
    if (class_line := _class_line(display, name, spell)) is not None:
        return class_line
    if route_line(display, spell=spell).builds is Builds.LEVEL_BOX:
        return (_level_box(display, name),)
    if route_line(display, spell=spell).builds is Builds.STATION_BAND:
        return (_station_band(display, name),)
    if keywords := _split_keywords(display):
        return tuple(_keyword(k) for k in keywords)
    if (m := _KEYWORD_THEN_COST.fullmatch(display)) and (keywords := _split_keywords(m["kw"])):
        # "Equip {2}. This ability costs {2} less to activate if ..." (Arm-Mounted Anchor):
        # the keyword, then how much activating it costs (CR 602.2b, 601.2f), which a board
        # never pays; "Disguise {5}{R}." is the keyword with a period.
        rest = (ParsedAbility(m["rest"], "casting_rule"),) if m["rest"] else ()
        return (*(_keyword(k) for k in keywords), *rest)
    if _VISIT.match(display) or route_line(display, spell=spell).name == "saga chapter ability":
        return (ParsedAbility(display, "triggered"),)  # CR 714.2b, 702.159a: triggers
    if display.lower().startswith(_TO_SOLVE):
        return (_to_solve(display, display[len(_TO_SOLVE) :], name),)
    if (word := _ABILITY_WORD.match(display)) and (kw := condition_keyword(word[1])):
        if kw.info.name in _CONDITION_WORDS:
            return _conditional_ability(display, display[word.end() :], kw, name, spell)
        # Unlike an ability word (CR 207.2c), the keyword is a condition the engine doesn't
        # track; reading the ability without it would apply it always.
        raise OracleParseError(
            display, f"the engine doesn't track the {kw.info.name} condition (CR {kw.info.rule})"
        )
    body = _ABILITY_WORD.sub("", display)
    if body != display and (keywords := _split_keywords(body)):
        # A flavor word naming a keyword ability ("Perseus's Bow — Equip {6}", CR 207.2c).
        return tuple(_keyword(k) for k in keywords)
    marked = mark_self(body, name)
    template = route_line(marked, spell=spell)  # the one line table (oracle/line_templates.py)
    builds = template.builds
    if builds in _LINE_SHAPES:
        return _LINE_SHAPES[builds](display, marked, name, spell)
    if builds is Builds.MODAL:
        return (ParsedAbility(display, "modal"),)
    if builds is Builds.TRIGGERED:
        return (ParsedAbility(display, "triggered"),)
    if builds in (Builds.ADDITIONAL_COST, Builds.CASTING_RULE):
        # CR 601.2f, 601.3: how the card is cast; nothing on the battlefield.
        kind: AbilityKind = (
            "additional_cost" if builds is Builds.ADDITIONAL_COST else "casting_rule"
        )
        return (ParsedAbility(display, kind),)
    if builds is Builds.MANA:
        cost, _ = colon_split(marked) or ("", "")
        return (ParsedAbility(display, "mana", cost=cost),)
    if builds is Builds.ACTIVATED:
        cost, effect = colon_split(marked) or ("", "")
        return (_activated_ability(display, cost, effect),)
    if builds is Builds.CHOICE:
        choice = _CHOICE.match(marked)
        assert choice is not None
        return (ParsedAbility(display, "choice", choice=_choice_kind(choice["what"], display)),)
    if builds is Builds.COPY:
        return (_copy_line(display, marked),)
    if builds is Builds.REPLACEMENT:
        return (ParsedAbility(display, "replacement"),)
    parsed = parse_effects(marked, resolving=spell, mode=mode)
    return (
        ParsedAbility(
            display,
            "spell" if spell else "static",
            tuple(parsed.effects),
            rules=tuple(parsed.rules),
            notes=tuple(parsed.notes),
            actions=tuple(parsed.actions),
            unperformed=tuple(parsed.unperformed),
            gaps=tuple(parsed.gaps),
            player_grants=tuple(parsed.player_grants),
            inert=tuple(parsed.inert),
        ),
    )


_MODE_COST = re.compile(r"^(?P<cost>(?:\+ )?(?:\{[^{}]+\})+) — (?P<rest>.+)$", re.DOTALL)
UNDEFINED_WORD = (
    "a keyword-like word no rule of the Comprehensive Rules defines (Un-cards and playtest "
    "cards print such words, CR 702.1 lists the keywords), so the engine leaves it out"
)


def _part(display: str, _marked: str, _name: str, spell: bool) -> tuple[ParsedAbility, ...]:
    """Part of another paragraph's ability: a results table's row (CR 706.3a-b), or a mode
    that only names what its header's sentence makes ("• 3/1 Human Warrior with trample and
    haste.", 700.2). On a permanent nothing until that ability resolves; as a spell
    resolves, which row or form applies isn't known on a board (the roll's result, a random
    choice), so it is named as not performed."""
    if spell:
        return (ParsedAbility(display, "spell", unperformed=(display,)),)
    return (ParsedAbility(display, "part"),)


def _mode_with_cost(display: str, marked: str, name: str, spell: bool) -> tuple[ParsedAbility, ...]:
    """CR 700.2h-i: a mode with its cost before it (spree, tiered, pawprints): the mode's
    text, read as any other, marked with its cost so a cast step chooses among the modes."""
    m = _MODE_COST.match(_ABILITY_WORD.sub("", display)) or _MODE_COST.match(marked)
    assert m is not None
    modes = _parse_line(m["rest"], name, spell)
    if len(modes) == 1:
        return (replace(modes[0], text=display, mode_cost=m["cost"]),)
    return tuple(replace(a, mode_cost=m["cost"]) for a in modes)


def _outside_game(
    display: str, _marked: str, _name: str, _spell: bool
) -> tuple[ParsedAbility, ...]:
    return (ParsedAbility(display, "outside_game"),)  # CR 905.2: during the draft


def _undefined_word(
    display: str, _marked: str, _name: str, _spell: bool
) -> tuple[ParsedAbility, ...]:
    return (ParsedAbility(display, "static", gaps=((display, UNDEFINED_WORD),)),)


_LINE_SHAPES = {
    Builds.DIE_RESULT: _part,
    Builds.FORM_MODE: _part,
    Builds.MODE_WITH_COST: _mode_with_cost,
    Builds.OUTSIDE_GAME: _outside_game,
    Builds.UNDEFINED_WORD: _undefined_word,
}


def _activated_ability(display: str, cost: str, effect: str) -> ParsedAbility:
    """CR 602: an activated ability makes nothing until it resolves, so text the engine
    cannot read yet keeps the card placeable; resolving it is refused, quoting the text."""
    try:
        parsed = parse_effects(effect, resolving=True)
    except OracleParseError as error:
        return ParsedAbility(display, "activated", cost=cost, unreadable=str(error))
    return ParsedAbility(
        display,
        "activated",
        with_this_ability(parsed.effects, display),
        cost=cost,
        rules=tuple(parsed.rules),
        notes=tuple(parsed.notes),
        actions=tuple(parsed.actions),
        unperformed=tuple(parsed.unperformed),
        gaps=tuple(parsed.gaps),
        player_grants=tuple(parsed.player_grants),
        inert=tuple(parsed.inert),
    )


_TRIGGERED = re.compile(r"^(?:when|whenever|at)\b[^,]*, (?P<effect>.+)$", re.IGNORECASE)
_INTERVENING_IF = re.compile(r"^if (?P<cond>[^,]+), (?P<rest>.+)$", re.IGNORECASE)
_YOU_MAY_HAVE = re.compile(r"^you may have (?P<who>~|it|target [\w ]+?) (?P<verb>\w+)\b", re.I)


_CHAPTER = re.compile(r"^[IVX]+(?:, [IVX]+)* — (?P<effect>.+)$", re.DOTALL)
# CR 702.159a: an Attraction's visit ability, "Visit — [effect]", is a triggered ability (it
# triggers as its controller rolls to visit and gets a number lit up on it), inert until a
# step resolves it like any trigger; its effect is the text after the dash.
_VISIT = re.compile(r"^Visit — (?P<effect>.+)$", re.DOTALL)


# "When enchanted creature dies, return that card ..." (Unholy Indenture): the trigger's
# object is the card the source was attached to, which left the battlefield (CR 603.10a);
# "When ~ dies, return it ...": the source itself, now in its owner's graveyard (700.4).
_DIES_TRIGGER = re.compile(
    r"^(?:when|whenever) (?:(?P<host>(?:enchanted|equipped|fortified) "
    r"(?:creature|permanent|artifact|land|planeswalker|enchantment))|~) "
    r"(?:dies|is put into a graveyard from the battlefield), $",
    re.IGNORECASE,
)


# "When this Aura enters, ... Return enchanted creature card to the battlefield ... When this
# Aura leaves the battlefield, that creature's controller sacrifices it." (Animate Dead, Dance
# of the Dead, Necromancy): the paragraph's last sentence is a second triggered ability, its
# leaves-the-battlefield trigger (CR 603.6c, 603.10a), linked to the first (607.2a).
_LEAVES_TOO = re.compile(
    r"(?<=\. )When (?:this (?:aura|enchantment|creature|artifact|permanent)|~) "
    r"leaves the battlefield, [^.]+\.$",
    re.IGNORECASE,
)


def _trigger_object(condition: str) -> tuple[Subject | None, str]:
    """What a first "that card" or "it" of the effect names when it isn't the source (the
    object the trigger condition watched, CR 603.10a; None: the source, ~), and where that
    object went ("" when the condition doesn't say)."""
    m = _DIES_TRIGGER.match(condition)
    if m is None:
        return None, ""
    host = Subject("left_host", words="that card") if m["host"] else None
    return host, "graveyard"


def split_leaves_trigger(text: str, name: str) -> tuple[str, str | None]:
    """A paragraph holding an enters trigger and, as its last sentence, the permanent's
    leaves-the-battlefield trigger: the two abilities' texts (the second None when it holds
    one ability only)."""
    marked = mark_self(text, name)
    m = _LEAVES_TOO.search(marked)
    if m is None or not _TRIGGERED.match(marked[: m.start()]):
        return text, None
    return marked[: m.start()].rstrip(), m.group(0)


def parse_trigger_effect(text: str, name: str) -> ParsedAbility:
    """What a triggered ability does as it resolves: the text after its trigger condition
    (CR 603.1). The step that resolves it says the ability triggered and, for "you may",
    that its controller chose to (603.5); an intervening "if" (603.4) is noted."""
    display = strip_reminder(clean(text))
    antecedent: Subject | None = None
    trigger_zone = ""
    if chapter := _CHAPTER.match(display):
        # CR 714.2b: a chapter ability triggers as lore counters reach its number; what it
        # does is the text after the chapter symbols.
        effect = mark_self(chapter["effect"], name)
    elif visit := _VISIT.match(display):
        effect = mark_self(visit["effect"], name)  # CR 702.159a: a visit ability
    else:
        marked = mark_self(_ABILITY_WORD.sub("", display), name)
        m = _TRIGGERED.match(marked)
        if m is None:
            raise OracleParseError(display, "cannot find where the trigger condition ends")
        effect = m["effect"]
        antecedent, trigger_zone = _trigger_object(marked[: m.start("effect")])
    notes: list[str] = []
    if cond := _INTERVENING_IF.match(effect):
        effect = cond["rest"]
        notes.append(f"if {cond['cond']}")
    if have := _YOU_MAY_HAVE.match(effect):
        # "you may have ~ become a copy ..." -> "~ becomes a copy ..."
        effect = f"{have['who']} {have['verb']}s{effect[have.end() :]}"
    effect = re.sub(r"^you may ", "", effect, flags=re.IGNORECASE)
    parsed = parse_effects(effect, resolving=True, antecedent=antecedent, trigger_zone=trigger_zone)
    return ParsedAbility(
        display,
        "triggered",
        with_this_ability(parsed.effects, display),
        rules=tuple(parsed.rules),
        notes=tuple(notes + parsed.notes),
        actions=tuple(parsed.actions),
        unperformed=tuple(parsed.unperformed),
        gaps=tuple(parsed.gaps),
        player_grants=tuple(parsed.player_grants),
        inert=tuple(parsed.inert),
    )


def _keyword(text: str) -> ParsedAbility:
    """Keywords are abilities; changeling also defines creature types (CR 702.73a, 604.3),
    devoid its color (702.114a); living metal makes a continuous effect (702.161a).
    Replacement keywords are applied by the replacement machinery
    (``KeywordAbility.replacement_texts``) or named in ``not_modelled``."""
    found = parse_keyword(text)
    if found is not None and found.keyword.category is Category.CONTINUOUS:
        expansion = found.keyword.info.expansion
        if expansion:
            effects = tuple(parse_effects(expansion, resolving=False).effects)
            return ParsedAbility(text, "keyword", effects)
    if found is not None and found.keyword is Keyword.CHANGELING:
        spec = EffectSpec(
            text="Changeling",
            subject=Subject("self", words=SELF),
            parts=(Part("4", TypeChange(all_creature_types=True, retain=True)),),
            cda=True,
        )
        return ParsedAbility(text, "keyword", (spec,))
    if found is not None and found.keyword is Keyword.DEVOID:
        spec = EffectSpec(
            text="Devoid",
            subject=Subject("self", words=SELF),
            parts=(Part("5", ColorChange()),),
            cda=True,
        )
        return ParsedAbility(text, "keyword", (spec,))
    return ParsedAbility(text, "keyword")


def _choice_kind(what: str, display: str) -> str:
    what = re.sub(r" other than .+$", "", what.lower().strip())  # "a color other than white"
    if what in ("creature", "artifact", "land", "permanent", "enchantment"):
        return "object"  # CR 614.12: chosen as it enters (Metamorphic Alteration)
    if what in ("card name", "nonland card name", "number", "creature card name"):
        # CR 614.12: chosen as it enters; nothing here reads the name or number yet.
        return "number" if what == "number" else "card_name"
    if what == "color":
        return "color"
    if what == "creature type":
        return "creature_type"
    if what in ("basic land type", "land type"):
        return "land_type"
    if what in ("player", "opponent"):
        return "player"
    if what in ("card type",):
        return "card_type"
    raise OracleParseError(display, f'unknown choice "{what}"')


# Why "When you do, ..." after an "enter as a copy" sentence is named, not performed.
REFLEXIVE_AFTER_COPY = (
    "a reflexive triggered ability of entering as a copy (CR 603.12), which the engine "
    "doesn't put on the stack or resolve when the permanent enters"
)
_WHEN_YOU_DO = re.compile(r"\. (?=when you do, )", re.IGNORECASE)


def _reflexive_after(marked: str) -> tuple[str, str]:
    """ "You may have ~ enter as a copy of ..., except .... When you do, exile that card."
    (Superior Spider-Man, Wall of Stolen Identity): the copy sentence, and the reflexive
    trigger after it (CR 603.12), split outside quotes."""
    m = _WHEN_YOU_DO.search(blank_quotes(marked))
    if m is None:
        return marked, ""
    return marked[: m.start()], marked[m.end() :]


def _copy_line(display: str, marked: str) -> ParsedAbility:
    """ "You may have ~ enter as a copy of ...": the copy, how it enters and what follows."""
    marked, after = _reflexive_after(marked)
    copy = _ENTERS_COPY.match(marked)
    if copy is None:
        raise OracleParseError(display, "cannot read what it enters as a copy of")
    copied = _enters_as_copy(display, copy["what"], copy["except"])
    if after:
        copied = replace(copied, gaps=((after, REFLEXIVE_AFTER_COPY),))
    if copy["eot"] and copied.copy is not None:
        copied = replace(copied, copy=replace(copied.copy, until_end_of_turn=True))
    if copy["tapped"] and copied.copy is not None:
        # Vesuva: "enter tapped as a copy" (how it enters, 614.1c; not a copiable value).
        copied = replace(copied, copy=replace(copied.copy, enters_tapped=True))
    return copied


def _enters_as_copy(display: str, what: str, exception: str | None) -> ParsedAbility:
    cursor = Cursor(tokenize(what), sentence=display)
    cursor.accept("any") or cursor.accept("a") or cursor.accept("an")
    subject = parse_subject(cursor, SubjectContext())
    if subject is None or not cursor.at_end():
        raise OracleParseError(display, "expected what it may copy")
    copy = copy_exceptions(exception, display) if exception else CopyOf(source="chosen")
    return ParsedAbility(display, "copy", copy=copy, copy_subject=subject)


# --- Whole cards -------------------------------------------------------------------


def parse_card_text(
    paragraphs: tuple[str, ...], name: str, *, spell: bool
) -> tuple[tuple[ParsedAbility, ...], ...]:
    """Each paragraph's abilities, in Oracle order (the index ``activate`` uses)."""
    return tuple(parse_ability_text(p, name, spell=spell) for p in paragraphs)
