"""Oracle rules text -> abilities, and abilities -> continuous effects.

The same grammar reads the card library and the cards a teacher types, so an
invented card gets exactly the treatment a real one does. Anything that would
change characteristics but is not understood is an error quoting the phrase:
silently ignoring a phrase would give a learner a wrong answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Literal

from rules_engine.effects import (
    AbilityChange,
    AffectedStat,
    AllOf,
    Always,
    AnyOf,
    AnyPlayerControls,
    CardTypesAmong,
    ChangeText,
    ColorChange,
    Compare,
    Condition,
    Const,
    CopyOf,
    CountAtLeast,
    Devotion,
    EffectSpec,
    ExchangeControl,
    Expr,
    Filter,
    HandSize,
    HappenedEvent,
    HappenedThisTurn,
    HowCast,
    LifeTotal,
    ModifyPT,
    Negate,
    Not,
    ObjectMatches,
    OneShot,
    Part,
    SetController,
    SetPT,
    SourceStatus,
    Subject,
    Sum,
    SwitchPT,
    Times,
    TypeChange,
    VarX,
    YourTurn,
)
from rules_engine.oracle.actions import parse_one_shot
from rules_engine.oracle.cursor import Cursor, OracleParseError
from rules_engine.oracle.keywords import (
    Category,
    Keyword,
    condition_keyword,
    parse_keyword,
    split_keyword_line,
)
from rules_engine.oracle.numbers import NUMBER_WORDS, read_number
from rules_engine.oracle.predicates import (
    merge_type_parts,
    parse_expression,
    parse_predicates,
)
from rules_engine.oracle.subjects import SubjectContext, parse_subject
from rules_engine.oracle.templates import (
    COST_SENTENCE,
    Builds,
    colon_split,
    makes_continuous_effect,
    performs_actions,
    replaces_events,
    route_line,
)
from rules_engine.oracle.text import (
    SELF,
    check_numbers,
    clean,
    mark_self,
    split_sentences,
    strip_reminder,
    tokenize,
)
from rules_engine.vocabulary import ALL_TYPE_WORDS, COLOR_WORDS, subtype_category

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
]

__all__ = [
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

    @property
    def keyword(self) -> str | None:
        return self.text.lower() if self.kind == "keyword" else None

    @property
    def is_mana_ability(self) -> bool:
        return self.kind == "mana"


# --- Ability lines ---------------------------------------------------------------

_ABILITY_WORD = re.compile(r"^([A-Z][\w' ]+?) — (?!•)")
_ENTERS_COPY = re.compile(
    r"^you may have ~ enter (?P<tapped>tapped )?as a copy of (?P<what>.+?)"
    r"(?:,? except (?P<except>.+?))?\.?$",
    re.IGNORECASE,
)
_CHOICE = re.compile(r"^as ~ enters, choose (?:a|an) (?P<what>[\w ]+?)\.?$", re.IGNORECASE)


def _split_keywords(line: str) -> list[str] | None:
    """ "Flying, first strike" -> ["Flying", "First strike"]; None if not all keywords
    (the keyword table, oracle/keywords.py, decides)."""
    keywords = split_keyword_line(line)
    return None if keywords is None else [k.text for k in keywords]


@lru_cache(maxsize=8192)
def parse_ability_text(line: str, name: str, *, spell: bool = False) -> tuple[ParsedAbility, ...]:
    """One paragraph of rules text -> one ability (or several keywords); remembered, as
    a board reads the same paragraphs at every step and in every what-if."""
    return _parse_line(clean(line), name, spell)


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
    for line in (m["rest"] or "").split("; "):
        if not line:
            continue
        keywords = _split_keywords(line)
        if keywords:
            sentences.append(f"{name} has {' and '.join(k.lower() for k in keywords)}.")
        elif _is_static_line(line, name):
            sentences.append(line)  # its own static ability, under the box's condition
        else:
            sentences.append(f'{name} has "{line}"')  # an activated or triggered ability
    effects: list[EffectSpec] = []
    why = "a leveler's level box (CR 711.2) with an ability the engine can't grant yet"
    for sentence in sentences:
        try:
            (ability,) = _parse_line(sentence, name, spell=False)
        except (OracleParseError, ValueError):
            return ParsedAbility(display, "static", gaps=((display, why),))
        if ability.gaps or ability.kind != "static" or not ability.effects:
            return ParsedAbility(display, "static", gaps=((display, why),))
        effects += [replace(e, text=display, condition=condition) for e in ability.effects]
    return ParsedAbility(display, "static", tuple(effects))


def _is_static_line(line: str, name: str) -> bool:
    try:
        return all(a.kind == "static" for a in _parse_line(line, name, spell=False))
    except OracleParseError:
        return False


@lru_cache(maxsize=4096)
def _parse_line(line: str, name: str, spell: bool) -> tuple[ParsedAbility, ...]:
    check_numbers(line)
    display = strip_reminder(line)
    if not display:
        return ()
    if re.match(r"^choose (one|two|one or more|one or both)\b.*—$", display, re.IGNORECASE):
        return (ParsedAbility(display, "modal"),)
    if display.startswith("• "):
        display = display[2:]
    if m := re.fullmatch(r"crew (\d+)", display, re.IGNORECASE):
        # CR 702.122a: crewing (tapping creatures with total power N) makes the Vehicle an
        # artifact creature until end of turn; read as that activated ability.
        spelled = f"{{T}}: {name} becomes an artifact creature until end of turn."
        (ability,) = _parse_line(spelled, name, spell)
        return (replace(ability, text=display, cost=f"Crew {m[1]}"),)
    if route_line(display, spell=spell).builds is Builds.LEVEL_BOX:
        return (_level_box(display, name),)
    keywords = _split_keywords(display)
    if keywords:
        return tuple(_keyword(k) for k in keywords)
    if route_line(display, spell=spell).name == "saga chapter ability":
        return (ParsedAbility(display, "triggered"),)  # CR 714.2b: a chapter triggers
    if (word := _ABILITY_WORD.match(display)) and (kw := condition_keyword(word[1])):
        # Unlike an ability word (CR 207.2c), the keyword is a condition the engine doesn't
        # track; reading the ability without it would apply it always.
        raise OracleParseError(
            display, f"the engine doesn't track the {kw.info.name} condition (CR {kw.info.rule})"
        )
    body = _ABILITY_WORD.sub("", display)
    marked = mark_self(body, name)
    template = route_line(marked, spell=spell)  # the one routing table (oracle/templates.py)
    builds = template.builds
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
        copy = _ENTERS_COPY.match(marked)
        if copy is None:
            raise OracleParseError(display, "cannot read what it enters as a copy of")
        copied = _enters_as_copy(display, copy["what"], copy["except"])
        if copy["tapped"] and copied.copy is not None:
            # Vesuva: "enter tapped as a copy" (how it enters, 614.1c; not a copiable value).
            copied = replace(copied, copy=replace(copied.copy, enters_tapped=True))
        return (copied,)
    if builds is Builds.REPLACEMENT:
        return (ParsedAbility(display, "replacement"),)
    parsed = _parse_effects(marked, resolving=spell)
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
        ),
    )


def _activated_ability(display: str, cost: str, effect: str) -> ParsedAbility:
    """CR 602: an activated ability makes nothing until it resolves, so text the engine
    cannot read yet keeps the card placeable; resolving it is refused, quoting the text."""
    try:
        parsed = _parse_effects(effect, resolving=True)
    except OracleParseError as error:
        return ParsedAbility(display, "activated", cost=cost, unreadable=str(error))
    return ParsedAbility(
        display,
        "activated",
        tuple(parsed.effects),
        cost=cost,
        rules=tuple(parsed.rules),
        notes=tuple(parsed.notes),
        actions=tuple(parsed.actions),
        unperformed=tuple(parsed.unperformed),
        gaps=tuple(parsed.gaps),
    )


_TRIGGERED = re.compile(r"^(?:when|whenever|at)\b[^,]*, (?P<effect>.+)$", re.IGNORECASE)
_INTERVENING_IF = re.compile(r"^if (?P<cond>[^,]+), (?P<rest>.+)$", re.IGNORECASE)
_YOU_MAY_HAVE = re.compile(r"^you may have (?P<who>~|it|target [\w ]+?) (?P<verb>\w+)\b", re.I)


def parse_trigger_effect(text: str, name: str) -> ParsedAbility:
    """What a triggered ability does as it resolves: the text after its trigger condition
    (CR 603.1). The step that resolves it says the ability triggered and, for "you may",
    that its controller chose to (603.5); an intervening "if" (603.4) is noted."""
    display = strip_reminder(clean(text))
    marked = mark_self(_ABILITY_WORD.sub("", display), name)
    m = _TRIGGERED.match(marked)
    if m is None:
        raise OracleParseError(display, "cannot find where the trigger condition ends")
    effect = m["effect"]
    notes: list[str] = []
    if cond := _INTERVENING_IF.match(effect):
        effect = cond["rest"]
        notes.append(f"if {cond['cond']}")
    if have := _YOU_MAY_HAVE.match(effect):
        # "you may have ~ become a copy ..." -> "~ becomes a copy ..."
        effect = f"{have['who']} {have['verb']}s{effect[have.end() :]}"
    effect = re.sub(r"^you may ", "", effect, flags=re.IGNORECASE)
    parsed = _parse_effects(effect, resolving=True)
    return ParsedAbility(
        display,
        "triggered",
        tuple(parsed.effects),
        rules=tuple(parsed.rules),
        notes=tuple(notes + parsed.notes),
        actions=tuple(parsed.actions),
        unperformed=tuple(parsed.unperformed),
        gaps=tuple(parsed.gaps),
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
            effects = tuple(_parse_effects(expansion, resolving=False).effects)
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


def _enters_as_copy(display: str, what: str, exception: str | None) -> ParsedAbility:
    cursor = Cursor(tokenize(what), sentence=display)
    cursor.accept("any") or cursor.accept("a") or cursor.accept("an")
    subject = parse_subject(cursor, SubjectContext())
    if subject is None or not cursor.at_end():
        raise OracleParseError(display, "expected what it may copy")
    copy = _copy_exceptions(exception, display) if exception else CopyOf(source="chosen")
    return ParsedAbility(display, "copy", copy=copy, copy_subject=subject)


def _copy_exceptions(exception: str, display: str) -> CopyOf:
    """CR 707.9: "except it's 7/7", "except it isn't legendary", "except it's a Ninja in
    addition to its other types and it has "..."" -- all become part of the copy's values."""
    fail = OracleParseError(display, f'cannot read the exception "{exception}"')
    types: set[str] = set()
    supertypes: set[str] = set()
    subtypes: set[str] = set()
    not_supertypes: set[str] = set()
    abilities: list[str] = []
    colors: set[str] | None = None
    pt: tuple[int, int] | None = None
    enters_with: list[tuple[str, int, str]] = []
    abilities_if: list[tuple[str, str]] = []
    keeps_color = False
    name: str | None = None
    for clause, needed in _conditional_clauses(exception.strip().rstrip("."), fail):
        if m := _ENTERS_WITH_EXTRA.fullmatch(clause):
            kind = m["kind"].lower()
            # X is the entering permanent's X (Altered Ego), written 0 here and read as it enters.
            n = 0 if m["n"].lower() == "x" else _number(m["n"], display)
            kind = f"{kind}#x" if m["n"].lower() == "x" else kind
            enters_with.append((kind, n, _card_type(m["type"], fail) if m["type"] else needed))
            continue
        if needed:
            # CR 707.9f: only what the copy gains is conditional here (Moritte of the Frost).
            m = re.fullmatch(r'it has (?:"(?P<text>.+)"|(?P<kw>[\w ]+))', clause, re.IGNORECASE)
            if m is None:
                raise fail
            abilities_if.append((m["text"] or m["kw"].capitalize(), needed))
            continue
        if m := re.fullmatch(r"its name is (?P<name>.+)", clause, re.IGNORECASE):
            name = m["name"]  # CR 707.9b: a copiable value the exception sets
            continue
        if re.fullmatch(r"it doesn't copy that (?:creature|permanent)'s colou?r", clause, re.I):
            keeps_color = True
            continue
        # "it gains" is the older wording of "it has" (both become copiable values, 707.9b).
        if m := re.fullmatch(r'it (?:has|gains) "(?P<text>.+)"', clause):
            abilities.append(m["text"])
            continue
        if m := re.fullmatch(r"it (?:has|gains) (?P<kw>[\w ,]+)", clause, re.IGNORECASE):
            # "it gains haste and dethrone" (Dack's Duplicate): each keyword is an ability.
            abilities += [kw.capitalize() for kw in re.split(r",? and |, ", m["kw"]) if kw]
            continue
        if m := re.fullmatch(r"it isn't (?P<what>legendary|snow|basic)", clause, re.IGNORECASE):
            not_supertypes.add(m["what"].capitalize())
            continue
        m = re.fullmatch(
            # "it's still 7/7" (Quicksilver Gargantuan) sets the copy's P/T like "it's 7/7".
            r"it's (?:still )?(?:an? )?(?P<words>[\w/' -]+?)"
            r"(?P<add> in addition to its other (?:colors and |creature )?types)?",
            clause,
            re.IGNORECASE,
        )
        if not m:
            raise fail
        for word in m["words"].split():
            lowered = word.lower()
            if lowered == "and":
                continue  # "it's legendary and snow in addition to its other types"
            if re.fullmatch(r"\d+/\d+", word):
                p, t = word.split("/")
                pt = (int(p), int(t))
            elif lowered in COLOR_WORDS:
                colors = (colors or set()) | {COLOR_WORDS[lowered]}
            elif lowered in ALL_TYPE_WORDS:
                kind, canonical = ALL_TYPE_WORDS[lowered]
                {"type": types, "supertype": supertypes, "subtype": subtypes}[kind].add(canonical)
            else:
                raise fail
    return CopyOf(
        source="chosen",
        except_types=frozenset(types),
        except_supertypes=frozenset(supertypes),
        except_subtypes=frozenset(subtypes),
        except_not_supertypes=frozenset(not_supertypes),
        except_pt=pt,
        except_abilities=tuple(abilities),
        except_colors=frozenset(colors) if colors is not None else None,
        enters_with=tuple(enters_with),
        keeps_own_color=keeps_color,
        except_abilities_if=tuple(abilities_if),
        except_name=name,
    )


def _card_type(word: str, fail: OracleParseError) -> str:
    found = ALL_TYPE_WORDS.get(word.lower())
    if found is None or found[0] != "type":
        raise fail
    return found[1]


def _conditional_clauses(exception: str, fail: OracleParseError) -> list[tuple[str, str]]:
    """The exception's clauses, each with the card type it is conditional on ("" if none):
    "..., and, if it's a creature, it enters with ... and it has changeling"."""
    m = re.fullmatch(
        r"(?P<head>.*?),? and, if it's (?:a|an) (?P<type>\w+), (?P<tail>.+)", exception, re.I
    )
    if m is None:
        return [(clause, "") for clause in _exception_clauses(exception)]
    needed = _card_type(m["type"], fail)
    return [(clause, "") for clause in _exception_clauses(m["head"])] + [
        (clause, needed) for clause in _exception_clauses(m["tail"])
    ]


_ENTERS_WITH_EXTRA = re.compile(
    r"it enters with (?P<n>an|one|two|three|four|five|x|\d+) additional "
    r"(?P<kind>[+-]\d+/[+-]\d+|\w+) counters? on it(?: if it's (?:a|an) (?P<type>\w+))?",
    re.IGNORECASE,
)


def _exception_clauses(exception: str) -> list[str]:
    """The clauses of a copy's "except ..." ("it's a Ninja, it has flying, and it isn't
    legendary"), split at commas and "and" before each new "it", never inside quotes."""
    quoted: list[str] = []

    def hide(m: re.Match[str]) -> str:
        quoted.append(m[0])
        return f"\x00{len(quoted) - 1}\x00"

    hidden = re.sub(r'"[^"]*"', hide, exception)
    parts = re.split(r",? and (?=it\b|has\b)|, (?=it\b)", hidden)
    restored = [re.sub(r"\x00(\d+)\x00", lambda m: quoted[int(m[1])], p).strip() for p in parts]
    # "... on it and has changeling" (Moritte's Oracle text): "has" still means "it has".
    return [f"it {p}" if p.startswith("has ") else p for p in restored]


# --- Sentences -----------------------------------------------------------------

# One-shots that are read elsewhere: shields (the replacement grammar, CR 615.4, 614.8) and
# choices made by the step (``choices``).
_NO_REGENERATION = re.compile(
    r"^(?:it|they|that creature|those creatures) can't be regenerated$", re.IGNORECASE
)
_SHIELD_OR_CHOICE = re.compile(r"^(regenerate|prevent|choose)\b", re.IGNORECASE)
# Actions that change nothing a board holds: showing or looking at a hand (CR 701.16a),
# and scrying, taken as keeping the cards on top in their order (701.18a allows it; a
# board lists no library order a player would want changed).
_INFORMATION_ONLY = re.compile(
    r"^(?:scry \w+|(?:target (?:player|opponent)|each (?:player|opponent)|that player) "
    r"reveals (?:their|his or her) hand|look at (?:target (?:player|opponent)|an opponent|"
    r"each opponent|that player)'s hand)$",
    re.IGNORECASE,
)
# CR 603.7: a resolving spell or ability that says when something happens later ("Exile it
# at the beginning of the next end step", "Draw a card at the beginning of the next turn's
# upkeep") creates a delayed triggered ability. Like every triggered ability it makes no
# continuous, replacement or prevention effect until it triggers and resolves, which a board
# of steps never reaches: it is inert here, not a one-shot left undone.
_DELAYED_TRIGGER = re.compile(
    r"\bat the beginning of (?:the next|your next|that player's next|its (?:owner|controller)'s "
    r"next|the next turn's|that turn's)\b|^at (?:the )?end of (?:combat|turn)\b|"
    # ("When you do, ..." is reflexive, CR 603.12: it happens during the resolution.)
    r"\bat end of combat$|^when(?:ever)? (?!you do\b|they do\b|that player does\b).+\bthis turn\b",
    re.IGNORECASE,
)
_UNTIL_EOT = re.compile(r"(?:^|,? )until (?:end of turn|your next turn),?", re.IGNORECASE)
_SWITCH = re.compile(r"^switch (?P<subj>.+?)'s? power and toughness$", re.IGNORECASE)
_GAIN_CONTROL = re.compile(r"^gain control of (?P<subj>.+)$", re.IGNORECASE)
_PLAYER_GAINS_CONTROL = re.compile(
    r"^target (?:player|opponent) gains control of (?P<subj>.+)$", re.IGNORECASE
)
_YOU_CONTROL = re.compile(r"^you control (?P<subj>.+)$", re.IGNORECASE)
_EXCHANGE = re.compile(r"^exchange control of (?P<subj>.+)$", re.IGNORECASE)
_TEXT_CHANGE = re.compile(
    r"^change the text of (?P<subj>.+?) by replacing all instances of one (?P<a>[\w ]+?) "
    r"with another(?: or one (?P<b>[\w ]+?) with another)?$",
    re.IGNORECASE,
)
_CDA_BOTH = re.compile(r"^~'s power and toughness are each equal to (?P<e>.+)$", re.IGNORECASE)
_CDA_SPLIT = re.compile(
    r"^~'s power is equal to (?P<p>.+?) and its toughness is equal to (?P<t>.+)$", re.IGNORECASE
)
_CDA_ONE = re.compile(r"^~'s (?P<stat>power|toughness) is equal to (?P<e>.+)$", re.IGNORECASE)
_SAME_IS_TRUE = re.compile(r"^the same is true for (?P<subj>.+)$", re.IGNORECASE)
_STILL_LAND = re.compile(r"^(it's|they're) still (a land|lands)$", re.IGNORECASE)
_OTHERWISE = re.compile(r"^otherwise, (?P<rest>.+)$", re.IGNORECASE)
_AS_LONG_AS = re.compile(r"^as long as (?P<cond>.+?), (?P<rest>.+)$", re.IGNORECASE)
_TRAILING_AS_LONG_AS = re.compile(r"^(?P<main>.+?) as long as (?P<cond>.+)$", re.IGNORECASE)
_DURING_YOUR_TURN = re.compile(r"^during your turn, (?P<rest>.+)$", re.IGNORECASE)
_WHERE_X = re.compile(r"^(?P<main>.+?),? where x is (?P<expr>.+)$", re.IGNORECASE)
_RULE_WORDS = re.compile(
    r"\b(can't|cannot|if able|doesn't untap|don't untap|assigns? combat damage|doesn't apply|"
    r"don't apply|can block|attacks? each combat|blocks? each combat|must be blocked|"
    r"can attack|as though|do so|play with|plays? with|cause abilities to trigger|"
    # Torpor Orb, Panharmonicon: rules about triggering (603.2), no characteristic.
    r"causes a triggered ability of a permanent you control to trigger)\b",
    re.IGNORECASE,
)
# Sentences that are about neither characteristics nor events the board can hold: how and
# when an ability may be activated (602.5), turn structure (extra turns, 500.7), phasing
# (702.26), hand size (402.2), and a "then" that finishes a one-shot. Kept as notes.
_NOT_CHARACTERISTICS = re.compile(
    r"^(activate (?:only|this ability only)\b|only (?:your opponents|you|an opponent|any player) "
    r"may activate\b|any player may activate\b|take an extra turn\b|(?:you|target player) takes? "
    r"an extra turn\b|phase out\b|(?:your|each player's|each opponent's) maximum hand size\b|"
    r"you have no maximum hand size\b|then\b|this ability triggers only\b|spend only\b|"
    r"you get an emblem\b|"
    # Deck construction (CR 100.2a): "A deck can have any number of cards named ~."
    # (Cost changes, 601.2f, are read once, by templates.COST_SENTENCE.)
    r"a deck can have\b)",
    re.IGNORECASE,
)
_PLAYER_RULE = re.compile(
    r"^(?:(players|each player|you|your opponents|each opponent|an opponent|counters|damage|"
    r"your life total|spells|creatures can't|activated abilities)\b.*"
    r"\b(can't|cannot|may|must|skip|don't|doesn't|costs?|have no maximum)\b"
    # CR 613.10: abilities a player has (Leyline of Sanctity, True Believer).
    r"|(?:you|each player|players|your opponents|each opponent) (?:have|has) "
    r"(?:hexproof|shroud|protection from [\w ]+)$)",
    re.IGNORECASE,
)
_TEXT_KINDS = {
    "color word": "color",
    "basic land type": "basic_land_type",
    "creature type": "creature_type",
}


@dataclass
class _SentenceState:
    context: SubjectContext
    previous: Subject | None = None


@dataclass
class _Effects:
    effects: list[EffectSpec]
    rules: list[str]
    notes: list[str]
    actions: list[OneShot]
    unperformed: list[str]
    gaps: list[tuple[str, str]]


_COMPOUND_CONTROL = re.compile(
    r"^(?P<first>untap .+?) and (?P<second>gain control of (?:it|them))$", re.IGNORECASE
)
_CONTROL_AND_GAINS = re.compile(
    r"^(?P<first>gain control of .+?) and (?P<second>(?:it|they) gains? .+)$", re.IGNORECASE
)
# CR 702.33d: "If this spell was kicked, that creature gets +4/+4 until end of turn" adds an
# effect only when the spell was kicked (checked as it resolves, CR 608.2c).
_IF_KICKED = re.compile(r"^if ~ was kicked, (?P<rest>.+)$", re.IGNORECASE)
# The conditions read since kicker: "~ was kicked", "it's a Goblin" (refused if unreadable);
# any other condition the reader knows may follow the same shape.
_KICKED_OR_TYPE_WORDS = r"~ was kicked|it's (?:a|an) [\w -]+|that creature is (?:a|an) [\w -]+"
_KICKED_OR_TYPE = re.compile(rf"^(?:{_KICKED_OR_TYPE_WORDS})$", re.IGNORECASE)
_INSTEAD = re.compile(
    rf"^if (?P<cond>{_KICKED_OR_TYPE_WORDS}|(?:(?!\bwould\b)[^,])+), (?P<rest>.+) instead$",
    re.IGNORECASE,
)
# "That creature gets -13/-13 until end of turn instead if a creature died this turn."
# (Tragic Slip): the same, the condition written last.
_INSTEAD_AFTER = re.compile(
    r"^(?P<rest>.+) instead if (?P<cond>(?:(?!\bwould\b).)+)$", re.IGNORECASE
)


_DOUBLE = re.compile(
    r"^double (?:the )?(?P<what>power and toughness|power|toughness) of (?P<subj>.+)$",
    re.IGNORECASE,
)


def _double(m: re.Match[str], sentence: str, state: _SentenceState, until_eot: bool) -> EffectSpec:
    """CR 701.10: to double a creature's power it gets +X/+0 where X is its power (and the
    same for toughness); X is fixed as the spell resolves, like any resolved P/T change."""
    cursor = Cursor(tokenize(m["subj"]), sentence=sentence)
    subject = parse_subject(cursor, state.context)
    if subject is None or not cursor.at_end():
        raise OracleParseError(sentence, "cannot tell what this doubles")
    state.previous = subject
    what = m["what"].lower()
    power = AffectedStat("power") if "power" in what else Const(0)
    toughness = AffectedStat("toughness") if "toughness" in what else Const(0)
    part = Part("7c", ModifyPT(power, toughness))
    return EffectSpec(sentence, subject, (part,), until_end_of_turn=until_eot)


_RULE_AND_HAS = re.compile(
    r"^(?P<subj>.+?) (?P<rule>can't (?:be blocked|block|attack)(?: [\w ]+?)?) and "
    r"(?P<has>(?:has|have) .+)$",
    re.IGNORECASE,
)


def _clauses(body: str) -> list[str]:
    """Split "Untap X and gain control of it" into its two effects, and "Equipped creature
    can't be blocked and has shroud" into a rule (613.11) and a grant (layer 6)."""
    if m := _RULE_AND_HAS.match(body):
        return [f"{m['subj']} {m['rule']}", f"{m['subj']} {m['has']}"]
    for pattern in (_COMPOUND_CONTROL, _CONTROL_AND_GAINS):
        if m := pattern.match(body):
            return [m["first"], m["second"]]
    if m := _TWO_DAMAGES.match(body):
        # "~ deals 4 damage to target creature and 2 damage to that creature's controller"
        who = m["who"]
        return [
            f"{who} deals {m['a']} damage to {m['x']}",
            f"{who} deals {m['b']} damage to {m['y']}",
        ]
    return _two_actions(body)


# "~ deals 4 damage to target creature and 2 damage to that creature's controller."
_TWO_DAMAGES = re.compile(
    r"^(?P<who>~|it) deals (?P<a>\w+) damage to (?P<x>.+?) and (?P<b>\w+) damage to (?P<y>.+)$",
    re.IGNORECASE,
)


def _two_actions(body: str) -> list[str]:
    """ "You lose 1 life and create a 1/1 ... token": two one-shots done in order (608.2c),
    split only where both halves are actions on their own."""
    unquoted = re.sub(r'"[^"]*"', lambda q: "_" * len(q.group(0)), body)
    for m in re.finditer(r" and ", unquoted):
        first, second = body[: m.start()], body[m.end() :]
        if performs_actions(first) and performs_actions(second) and not second.startswith("~"):
            return [first, *_two_actions(second)]
    return [body]


def _parse_effects(text: str, *, resolving: bool) -> _Effects:
    """Sentences of one ability -> continuous effects, rule texts, notes and one-shot actions."""
    state = _SentenceState(SubjectContext())
    out = _Effects([], [], [], [], [], [])
    for sentence in split_sentences(text):
        whole = sentence.rstrip(".").strip()
        until_eot = bool(_UNTIL_EOT.search(whole))
        whole = _UNTIL_EOT.sub("", whole).strip().strip(",").strip()
        whole = re.sub(r" and/or ", " or ", whole)  # "each artifact and/or enchantment"
        if m := _PAIRED.match(whole):
            me = Subject("self", words=SELF)
            both = Subject("paired", words="both creatures")
            _as_if_self(
                m["rest"], sentence, state, until_eot, out, both, SourceStatus("paired", me)
            )
            continue
        if resolving and (m := _CREATED.match(whole)):
            made = Subject("created", words="that token")
            _as_if_self(m["rest"], sentence, state, until_eot, out, made, None)
            continue
        if performs_actions(whole) and (
            _DELAYED_TRIGGER.search(whole) or (until_eot and whole.lower().startswith("whenever"))
        ):
            out.notes.append(sentence)  # CR 603.7: a delayed trigger, inert until it triggers
            continue
        for body in _clauses(whole):
            _parse_clause(body, sentence, state, until_eot, out)
    return out


# CR 702.95: a soulbond creature's bonus ("As long as ~ is paired with another creature, both
# creatures have flying" / "each of those creatures gets +2/+2").
_PAIRED = re.compile(
    r"^as long as ~ is paired with another creature, (?:both creatures|each of those "
    r"creatures|~ and the creature it's paired with) (?P<rest>.+)$",
    re.IGNORECASE,
)


# "That token has haste." after "Create a token that's a copy of ..." (Kiki-Jiki): an effect
# on the tokens the resolution creates, which begins once they exist.
_CREATED = re.compile(r"^(?:that token|those tokens|the tokens?) (?P<rest>.+)$", re.IGNORECASE)


def _as_if_self(
    rest: str,
    sentence: str,
    state: _SentenceState,
    until_eot: bool,
    out: _Effects,
    subject: Subject,
    condition: Condition | None,
) -> None:
    """The words read as if ~ alone were their subject, then given to ``subject`` (the
    paired creatures while paired, or the tokens just created)."""
    verb, _, tail = rest.partition(" ")
    singular = {"have": "has", "get": "gets", "gain": "gains", "can't": "can't"}
    spec, _ = _general_sentence(
        f"{SELF} {singular.get(verb.lower(), verb)} {tail}", sentence, state, until_eot
    )
    if spec is None:
        raise OracleParseError(sentence, f"cannot read what {subject.words} get")
    out.effects.append(replace(spec, subject=subject, condition=condition))


def _parse_clause(
    body: str, sentence: str, state: _SentenceState, until_eot: bool, out: _Effects
) -> None:
    effects = out.effects
    if COST_SENTENCE.match(sentence.strip()):
        out.notes.append(sentence)  # a cost rule (CR 601.2f): boards pay no costs
        return
    if _STILL_LAND.match(body):
        if not effects:
            raise OracleParseError(sentence, "nothing before it to still be a land")
        effects[-1] = _still_a_land(effects[-1])
        return
    if m := _SAME_IS_TRUE.match(body):
        if not effects:
            raise OracleParseError(sentence, "nothing before it to be the same")
        extra = _subject_from(m["subj"], sentence, state)
        prior = effects[-1]
        merged = Subject("filter", prior.subject.filters + extra.filters, words=prior.subject.words)
        effects[-1] = replace(prior, subject=merged, text=f"{prior.text} {sentence}")
        return
    if m := _OTHERWISE.match(body):
        # "As long as enchanted creature is a Pirate, it gets +0/+1. Otherwise, it gets
        # -2/-0." (Sea Legs): the opposite condition, checked as continuously (CR 611.3a).
        before = effects[-1] if effects else None
        try:
            if before is None or before.condition is None or before.instead_if is not None:
                # "If you win, ... Otherwise, ...": the condition was a one-shot's.
                raise OracleParseError(sentence, "no condition before it to be otherwise")
            other, _ = _general_sentence(m["rest"], sentence, state, until_eot)
            if other is None or other.condition is not None:
                raise OracleParseError(sentence, "cannot read what happens otherwise")
        except OracleParseError as error:
            if performs_actions(m["rest"]) and not makes_continuous_effect(m["rest"]):
                out.notes.append(sentence)
                out.unperformed.append(sentence)  # a one-shot's "Otherwise, ..." (608.2c)
                return
            if not makes_continuous_effect(m["rest"]):
                raise
            out.gaps.append((sentence, str(error)))  # named in not_modelled, never dropped
            return
        other = replace(other, condition=Not(before.condition), cda=False)
        effects.append(replace(other, targets_used=state.context.next_target))
        return
    if re.match(r"^this effect doesn't remove ~$", body, re.IGNORECASE):
        # The Ward cycle: the protection it grants doesn't make it fall off (702.16c, sba.py).
        out.notes.append(sentence)
        return
    if _NO_REGENERATION.match(body) and out.actions and out.actions[-1].kind == "destroy":
        # CR 701.19c: the destruction just before can't be replaced by regeneration.
        out.actions[-1] = replace(out.actions[-1], regenerable=False)
        return
    if re.match(r"^the new creature type can't be wall$", body, re.IGNORECASE):
        out.rules.append(sentence)
        return
    if _NOT_CHARACTERISTICS.match(body):
        out.notes.append(sentence)
        return
    if m := _DOUBLE.match(body):
        effects.append(_double(m, sentence, state, until_eot))
        return
    m = _INSTEAD.match(body) or _INSTEAD_AFTER.match(body)
    if m and re.search(r"can't be regenerated|\bwould (?:die|be put)\b", m["rest"], re.I):
        # "If ~ was kicked, that creature can't be regenerated this turn and if it would die
        # this turn, exile it instead" (Scorching Lava): events, for the replacement reader.
        out.notes.append(sentence)
        return
    if m and performs_actions(m["rest"]):
        # CR 614.15: a self-replacement of a one-shot ("if this spell was kicked, it deals 4
        # damage instead") changes an event, not characteristics: the replacement grammar
        # reads it (replacement/grammar.py), applied first by CR 616.1a.
        out.notes.append(sentence)
        return
    if m:
        # CR 614.15: a spell's own "instead" replaces its earlier effect when the condition holds.
        try:
            if not effects and _KICKED_OR_TYPE.match(m["cond"]):
                raise OracleParseError(sentence, "nothing before it to replace")
            # Without an effect before it in this paragraph, it replaces the spell's last
            # one (Tragic Slip's morbid paragraph, ``timeline._choose_instead``).
            condition = _instead_condition(m["cond"], sentence, state)
            spec, _ = _general_sentence(
                m["rest"],
                sentence,
                state,
                until_eot or bool(effects and effects[-1].until_end_of_turn),
            )
            if spec is None:
                raise OracleParseError(sentence, "cannot read what happens instead")
        except OracleParseError:
            if _KICKED_OR_TYPE.match(m["cond"]):
                raise
            spec = None  # read below, as any other sentence (named if not modelled)
        if spec is not None:
            if not effects and spec.subject.kind == "self" and re.match(r"that ", m["rest"], re.I):
                # "That creature" in a later paragraph is the spell's first target.
                spec = replace(spec, subject=Subject("targets", (Filter(),), (0,), "that creature"))
            effects.append(
                replace(spec, instead_if=condition, targets_used=state.context.next_target)
            )
            return
    if replaces_events(body):
        # Replacement and prevention (CR 614-615) are events, not characteristics: the
        # replacement grammar reads them (the same test routes lines, oracle/templates.py).
        out.notes.append(sentence)
        return
    if (m := _IF_KICKED.match(body)) and not performs_actions(m["rest"]):
        spec, _ = _general_sentence(m["rest"], sentence, state, until_eot)
        if spec is None:
            raise OracleParseError(sentence, "cannot read what a kicked spell adds")
        effects.append(replace(spec, only_if_kicked=True, targets_used=state.context.next_target))
        return
    spec = _special_sentence(body, sentence, state, until_eot)
    if spec is None:
        if re.match(r"^(?:you|target player) gains? (?:protection|hexproof|shroud)\b", body, re.I):
            # CR 613.10: a resolving spell's effect on a player isn't modelled; say so rather
            # than read it as a one-shot like "you gain 3 life".
            raise OracleParseError(sentence, "a player gaining an ability isn't supported yet")
        if _PLAYER_RULE.match(body) and re.search(r"\bcan't\b", body, re.IGNORECASE):
            # "Each opponent can't draw more than one card each turn": a rule on players
            # (613.10), not a one-shot "each opponent ..." action.
            out.rules.append(sentence)
            return
        if performs_actions(body):
            out.notes.append(sentence)
            action = _one_shot(body, sentence, state)
            if action is not None:
                out.actions.append(action)
            else:
                _remember_object(body, state)
                if not (
                    _SHIELD_OR_CHOICE.match(body)
                    or _INFORMATION_ONLY.match(body)
                    or _DELAYED_TRIGGER.search(body)  # a clause of a longer sentence
                ):
                    out.unperformed.append(sentence)
            return
        try:
            spec, rule = _general_sentence(body, sentence, state, until_eot)
        except OracleParseError as error:
            if not makes_continuous_effect(body):
                raise
            # Recognised as a continuous effect (CR 611) the grammar can't apply yet: the
            # card still goes on the board, and the answer names this sentence.
            out.gaps.append((sentence, str(error)))
            return
        if rule:
            out.rules.append(sentence)
        if spec is None:
            return
    minimum = _minimum_targets(spec.subject, state)
    effects.append(replace(spec, targets_used=state.context.next_target, min_targets=minimum))


def _minimum_targets(subject: Subject, state: _SentenceState) -> int | None:
    return state.context.next_target - len(subject.target_slots) if subject.up_to else None


def _instead_condition(
    words: str, sentence: str, state: _SentenceState
) -> Condition | Literal["kicked"]:
    if words.lower() == "~ was kicked":
        return "kicked"
    m = re.match(r"^(?:it's|that creature is) (?:a|an) (?P<what>[\w -]+)$", words, re.IGNORECASE)
    if not m:
        return _condition(words, sentence, state)  # "if a creature died this turn"
    types: set[str] = set()
    subtypes: set[str] = set()
    for word in m["what"].lower().split():
        if word in ALL_TYPE_WORDS:
            kind, canonical = ALL_TYPE_WORDS[word]
            (types if kind == "type" else subtypes).add(canonical)
        else:
            raise OracleParseError(sentence, f'cannot read the condition "{words}"')
    subject = state.previous if state.previous is not None else Subject("self", words=SELF)
    return ObjectMatches(subject, Filter(types=frozenset(types), subtypes=frozenset(subtypes)))


def _one_shot(body: str, sentence: str, state: _SentenceState) -> OneShot | None:
    """The action a one-shot clause performs (oracle/actions.py), remembering its subject
    for a later "it"."""

    def resolve(subject: Subject) -> Subject:
        return _resolve_antecedent(subject, state)

    action = parse_one_shot(body, sentence, state.context, resolve)
    if action is not None and action.kind == "copy_token":
        # The exception ("except it has haste") is read like a Clone's (CR 707.9).
        exception = action.token
        copy = _copy_exceptions(exception, sentence) if exception else CopyOf(source="target")
        action = replace(action, copy=copy, token="")
        state.previous = Subject("created", words="that token")  # "It gains haste." (Feldon)
        return action
    if action is not None and action.subject is not None:
        state.previous = action.subject
    return action


def _remember_object(body: str, state: _SentenceState) -> None:
    """ "Untap that creature." keeps the antecedent; targets still count (CR 115.1)."""
    cursor = Cursor(tokenize(body), sentence=body)
    while not cursor.at_end():
        if cursor.peek() in ("target", "another", "up") or (
            cursor.peek() in NUMBER_WORDS and cursor.peek(1) == "target"
        ):
            subject = parse_subject(cursor, state.context)
            if subject is not None:
                state.previous = subject
                continue
        cursor.pos += 1


def _subject_or_none(words: str, sentence: str, state: _SentenceState) -> Subject | None:
    cursor = Cursor(tokenize(words), sentence=sentence)
    subject = parse_subject(cursor, state.context)
    if subject is None or not cursor.at_end():
        return None
    return _resolve_antecedent(subject, state)


def _subject_from(words: str, sentence: str, state: _SentenceState) -> Subject:
    cursor = Cursor(tokenize(words), sentence=sentence)
    subject = parse_subject(cursor, state.context)
    if subject is None or not cursor.at_end():
        raise OracleParseError(sentence, f'cannot tell who "{words}" means')
    return _resolve_antecedent(subject, state)


def _resolve_antecedent(subject: Subject, state: _SentenceState) -> Subject:
    if subject.kind == "antecedent":
        return state.previous if state.previous is not None else Subject("self", words=SELF)
    return subject


def _still_a_land(spec: EffectSpec) -> EffectSpec:
    """ "It's still a land." keeps every prior type (CR 205.1b)."""
    parts = []
    for part in spec.parts:
        action = part.action
        if isinstance(action, TypeChange):
            action = replace(
                action,
                set_types=None,
                add_types=(action.set_types or frozenset()) | action.add_types,
                retain=True,
                set_subtypes=None,
                add_subtypes=(action.set_subtypes or frozenset()) | action.add_subtypes,
            )
        parts.append(Part(part.layer, action))
    return replace(spec, parts=tuple(parts))


def _special_sentence(
    body: str, sentence: str, state: _SentenceState, until_eot: bool
) -> EffectSpec | None:
    """Fixed templates whose subject sits inside the sentence."""

    def make(subject: Subject, parts: tuple[Part, ...], cda: bool = False) -> EffectSpec:
        state.previous = subject
        return EffectSpec(sentence, subject, parts, cda=cda, until_end_of_turn=until_eot)

    if m := _SWITCH.match(body):
        return make(_subject_from(m["subj"], sentence, state), (Part("7d", SwitchPT()),))
    if m := _GAIN_CONTROL.match(body):
        return make(
            _subject_from(m["subj"], sentence, state),
            (Part("2", SetController("caster")),),
        )
    if m := _PLAYER_GAINS_CONTROL.match(body):
        (slot,) = state.context.take_targets(1)  # the player is the first target (CR 115.1)
        return make(
            _subject_from(m["subj"], sentence, state),
            (Part("2", SetController("target_player", slot)),),
        )
    if m := _YOU_CONTROL.match(body):
        return make(
            _subject_from(m["subj"], sentence, state),
            (Part("2", SetController("source_controller")),),
        )
    if m := _EXCHANGE.match(body):
        return make(_subject_from(m["subj"], sentence, state), (Part("2", ExchangeControl()),))
    if m := _TEXT_CHANGE.match(body):
        kinds = set()
        for what in (m["a"], m["b"]):
            if what:
                key = _TEXT_KINDS.get(what.lower().strip())
                if key is None:
                    raise OracleParseError(sentence, f'cannot change "{what}"')
                kinds.add(key)
        return make(
            _subject_from(m["subj"], sentence, state),
            (Part("3", ChangeText(frozenset(kinds))),),  # type: ignore[arg-type]
        )
    self_subject = Subject("self", words=SELF)
    if m := _CDA_BOTH.match(body):
        expr = _expression(m["e"], sentence)
        return make(self_subject, (Part("7a", SetPT(expr, expr)),), cda=True)
    if m := _CDA_SPLIT.match(body):
        power = _expression(m["p"], sentence)
        toughness = _expression(m["t"], sentence, previous=power)
        return make(self_subject, (Part("7a", SetPT(power, toughness)),), cda=True)
    if m := _CDA_ONE.match(body):
        expr = _expression(m["e"], sentence)
        pt = SetPT(expr, None) if m["stat"].lower() == "power" else SetPT(None, expr)
        return make(self_subject, (Part("7a", pt),), cda=True)
    return None


def _expression(words: str, sentence: str, previous=None):  # type: ignore[no-untyped-def]
    from rules_engine.effects import Const, Sum

    cursor = Cursor(tokenize(words), sentence=sentence)
    if previous is not None and cursor.accept("that", "number", "plus"):
        token = cursor.peek()
        value = read_number(token)
        if value is None:
            raise OracleParseError(sentence, "expected a number after 'plus'")
        cursor.pos += 1
        expr: Expr = Sum(previous, Const(value))
    elif previous is not None and cursor.accept("that", "number"):
        expr = previous
    else:
        expr = parse_expression(cursor, SubjectContext())
    if not cursor.at_end():
        raise OracleParseError(sentence, f'cannot read the number "{words}"')
    return expr


_COMPARE_WORDS = {"or more": ">=", "or greater": ">=", "or less": "<=", "or fewer": "<="}


def _number(word: str, sentence: str) -> int:
    """A number the sentence must have here (never 0 for a word that isn't one)."""
    value = read_number(word)
    if value is None:
        raise OracleParseError(sentence, f'expected a number, got "{word}"')
    return value


def _number_then(cursor: Cursor) -> tuple[int, str] | None:
    """ "five or more" -> (5, ">="); "10 or less" -> (10, "<="); "exactly one" -> (1, "==")."""
    if cursor.peek() == "exactly" and read_number(cursor.peek(1)) is not None:
        cursor.pos += 1
        value = read_number(cursor.peek())
        assert value is not None
        cursor.pos += 1
        return value, "=="
    word = cursor.peek()
    value = read_number(word)
    if value is None:
        return None
    cursor.pos += 1
    for words, op in _COMPARE_WORDS.items():
        if cursor.accept(*words.split()):
            return value, op
    return value, ">="


def parse_condition(words: str, sentence: str) -> Condition:
    """A condition on its own ("you control two or more other lands"), for the replacement
    grammar's "enters tapped unless ..." (OracleParseError if it can't be read)."""
    return _condition(words, sentence, _SentenceState(SubjectContext()))


def _condition(words: str, sentence: str, state: _SentenceState) -> Condition:
    """The "as long as" conditions of static abilities (CR 611.3a: checked continuously),
    one, or two joined by "and" or "or" when each half reads on its own."""
    try:
        return _one_condition(words, sentence, state)
    except OracleParseError:
        for m in re.finditer(r" (and|or) ", words):
            try:
                first = _one_condition(words[: m.start()], sentence, state)
                second = _one_condition(words[m.end() :], sentence, state)
            except OracleParseError:
                continue
            return AllOf((first, second)) if m[1] == "and" else AnyOf((first, second))
        raise


# What happened earlier this turn (``TurnRecord``): morbid, bloodthirst (702.54a), raid,
# revolt, and landfall's "if you had a land enter ...".
_THIS_TURN: dict[str, HappenedEvent] = {
    "a creature died this turn": "creature_died",
    "an opponent was dealt damage this turn": "opponent_dealt_damage",
    "you attacked this turn": "you_attacked",
    "you attacked with a creature this turn": "you_attacked",
    "attacked this turn": "you_attacked",  # "if you've attacked this turn"
    "a permanent you controlled left the battlefield this turn": "your_permanent_left",
    "you had a land enter the battlefield under your control this turn": "your_land_entered",
    "you had a land enter under your control this turn": "your_land_entered",
}


def _one_condition(words: str, sentence: str, state: _SentenceState) -> Condition:
    text = words.strip().lower()
    if text.startswith("you control "):
        # "you control a Mountain or a Forest" (check lands) reads as "a Mountain or Forest".
        words = re.sub(r" or (?:a|an) ", " or ", words.strip(), flags=re.IGNORECASE)
        text = words.lower()
    if text in ("it's your turn", "it is your turn"):
        return YourTurn()
    if text == "tribute was paid":
        return Compare(HowCast("tribute"), ">=", 1)  # CR 702.104a: the opponent's choice
    if (happened := _THIS_TURN.get(text.removeprefix("you've ").strip())) is not None:
        return HappenedThisTurn(happened)
    if m := _IT_STATUS.fullmatch(text):
        # "~ has first strike as long as it's attacking": "it" is the subject just read.
        it = state.previous if state.previous is not None else Subject("self", words=SELF)
        if it.kind == "filter":
            # "Each untapped creature you control gets +0/+2 as long as it's not attacking":
            # "it" is each affected object in turn, which a condition can't say yet.
            raise OracleParseError(sentence, f'cannot read the condition "{words}" per object')
        it_status = SourceStatus(m["status"], it)  # type: ignore[arg-type]
        return Not(it_status) if m["neg"] else it_status
    if m := _HAND_COUNT.fullmatch(text):
        # "As long as you have no cards in hand" (hellbent), "seven or more cards in hand".
        who = "you" if m["who"] == "you" else "opponent"
        if m["n"] == "no":
            return Compare(HandSize(), "==", 0, who=who)  # type: ignore[arg-type]
        cards = read_number(m["n"])
        if cards is None:
            raise OracleParseError(sentence, f'cannot read the condition "{words}"')
        op = "<=" if m["cmp"] in ("fewer", "less") else ">="
        return Compare(HandSize(), op, cards, who=who)  # type: ignore[arg-type]
    if m := _CONTROLS_NONE.fullmatch(text):
        # "As long as you control no untapped lands" / "no opponent controls a white
        # permanent" / "your opponents control no creatures".
        what = _subject_or_none(m["what"], sentence, state)
        if what is None or what.kind != "filter":
            raise OracleParseError(sentence, f'cannot read the condition "{words}"')
        if m["mine"]:
            filters = tuple(replace(f, controller="you") for f in what.filters)
            return CountAtLeast(Subject("filter", filters, words=what.words), 0, "<=")
        filters = tuple(replace(f, controller="opponent") for f in what.filters)
        return Not(AnyPlayerControls(Subject("filter", filters, words=what.words)))
    if m := re.fullmatch(r"(?:it's|it is) (?:a|an) (?P<what>[\w -]+)", text):
        it = state.previous if state.previous is not None else Subject("self", words=SELF)
        return _is_a(it, m["what"], words, sentence)
    if text in ("it's not your turn", "it isn't your turn", "it is not your turn"):
        return YourTurn(negated=True)
    if re.fullmatch(r"~ (remains|is) on the battlefield", text):
        return Always()
    cursor = Cursor(tokenize(words), sentence=sentence)
    fail = OracleParseError(sentence, f'cannot read the condition "{words}"')
    if cursor.accept("you", "have") or cursor.accept("an", "opponent", "has"):
        who = "you" if cursor.tokens[cursor.pos - 1].lower() == "have" else "opponent"
        amount = _number_then(cursor)
        if amount is None or not cursor.accept("life") or not cursor.at_end():
            raise fail
        return Compare(LifeTotal(), amount[1], amount[0], who=who)  # type: ignore[arg-type]
    if cursor.accept("your", "devotion", "to"):
        devoted = frozenset(
            COLOR_WORDS[w] for w in re.findall(r"\w+", text.split(" is ")[0]) if w in COLOR_WORDS
        )
        m = re.search(r"is (less than|greater than|at least|at most) (\w+)$", text) or re.search(
            r"is (\w+) or (greater|more|less)$", text
        )
        if not devoted or not m:
            raise fail
        if m.group(1) in ("less than", "greater than", "at least", "at most"):
            op = {"less than": "<", "greater than": ">", "at least": ">=", "at most": "<="}[
                m.group(1)
            ]
            value = m.group(2)
        else:
            op = ">=" if m.group(2) in ("greater", "more") else "<="
            value = m.group(1)
        number = _number(value, sentence)
        return Compare(Devotion(devoted), op, number)  # type: ignore[arg-type]
    if m := re.fullmatch(r"there are (\w+) or more card types among cards in your graveyard", text):
        graveyard = _subject_words("cards in your graveyard", sentence, state)
        return Compare(
            CardTypesAmong(graveyard),
            ">=",
            _number(m[1], sentence),
        )
    if m := re.fullmatch(
        r"there (?:is|are) (?P<n>an?|no|\w+)(?P<more> or more)? (?P<what>[\w/ -]+? )?cards? "
        r"in your graveyard",
        text,
    ):
        # "there is a Desert card in your graveyard", "there are no cards in your graveyard",
        # "two or more instant and/or sorcery cards": a count of cards there.
        pile = _subject_words(f"{m['what'] or ''}cards in your graveyard", sentence, state)
        if m["n"] in ("a", "an"):
            return CountAtLeast(pile, 1)
        if m["n"] == "no":
            return CountAtLeast(pile, 0, "<=")
        return CountAtLeast(pile, _number(m["n"], sentence), ">=" if m["more"] else "==")
    if m := re.fullmatch(r"(?:there are )?(\w+) or more cards (?:are )?in your graveyard", text):
        graveyard = _subject_words("cards in your graveyard", sentence, state)
        minimum = _number(m[1], sentence)
        return CountAtLeast(graveyard, minimum)
    if cursor.accept("you", "control"):
        if cursor.accept("another"):
            subject = parse_subject(cursor, state.context)
            if subject is None or not cursor.at_end():
                raise fail
            filters = tuple(replace(f, controller="you", other=True) for f in subject.filters)
            return CountAtLeast(Subject("filter", filters, words=subject.words), 1)
        op = ">="
        if cursor.accept("a") or cursor.accept("an"):
            minimum = 1
        else:
            amount = _number_then(cursor)
            if amount is None:
                raise fail
            minimum, op = amount  # "two or fewer other lands" is at most two (fast lands)
        subject = parse_subject(cursor, state.context)
        if subject is None or not cursor.at_end():
            raise fail
        filters = tuple(replace(f, controller="you") for f in subject.filters)
        counted = Subject("filter", filters, words=subject.words)
        if (minimum, op) == (1, "=="):
            # "As long as you control exactly one creature, that creature gets +3/+1": "that
            # creature" is the one counted (Homicidal Seclusion).
            state.previous = counted
        return CountAtLeast(counted, minimum, op)
    if cursor.accept("any", "player", "controls") or cursor.accept("an", "opponent", "controls"):
        opponent = cursor.tokens[cursor.pos - 2].lower() == "opponent"
        cursor.accept("a") or cursor.accept("an")
        subject = parse_subject(cursor, state.context)
        if subject is None or not cursor.at_end():
            raise fail
        if opponent:
            subject = replace(
                subject, filters=tuple(replace(f, controller="opponent") for f in subject.filters)
            )
        return AnyPlayerControls(subject)
    subject = parse_subject(cursor, state.context)
    if subject is None:
        raise fail
    subject = _resolve_antecedent(subject, state)
    state.previous = subject
    if cursor.accept("is", "on", "the", "battlefield"):
        return Always()
    status = cursor.accept_any(
        "is equipped",
        "is enchanted",
        "is attacking",
        "is blocking",
        "is tapped",
        "is untapped",
        "is monstrous",
    )
    if status and cursor.at_end():
        return SourceStatus(status.split()[1], subject)  # type: ignore[arg-type]
    negated = cursor.accept("isn't") or cursor.accept("is", "not")
    if negated:
        # "~ isn't attacking", "enchanted artifact isn't a creature": the opposite.
        rest = " ".join(cursor.tokens[cursor.pos :])
        state.previous = subject
        return Not(_condition(f"it's {rest}", sentence, state))
    if cursor.peek() == "has" and cursor.peek(1) not in ("a", "one") and cursor.peek(1):
        mark = cursor.pos
        cursor.pos += 1
        no = cursor.accept("no")
        at_least = None if no else _number_then(cursor)
        if no or (at_least is not None and at_least[1] == ">="):
            kind = cursor.raw() if cursor.peek(1) == "counters" else None
            if kind is not None:
                cursor.pos += 1
            if cursor.accept("counters", "on", "it") and cursor.at_end():
                if no:
                    return Not(SourceStatus("counter", subject, counter_kind=kind))
                assert at_least is not None
                return SourceStatus("counter", subject, counter_kind=kind, minimum=at_least[0])
        cursor.pos = mark
    if cursor.accept("has", "a") or cursor.accept("has", "one", "or", "more"):
        kind = cursor.raw() if cursor.peek(1) in ("counter", "counters") else None
        if kind is not None:
            cursor.pos += 1
        if cursor.accept_any("counter on it", "counters on it") and cursor.at_end():
            return SourceStatus("counter", subject, counter_kind=kind)
        raise fail
    if cursor.accept("is") or cursor.accept("are") or cursor.accept("'s"):
        cursor.accept("a") or cursor.accept("an")
        types: set[str] = set()
        subtypes: set[str] = set()
        colors: set[str] = set()
        while cursor.peek() in ALL_TYPE_WORDS or cursor.peek() in COLOR_WORDS:
            if cursor.peek() in COLOR_WORDS:
                colors.add(COLOR_WORDS[cursor.peek()])
            else:
                kind, canonical = ALL_TYPE_WORDS[cursor.peek()]
                (types if kind == "type" else subtypes).add(canonical)
            cursor.pos += 1
        if (types or subtypes or colors) and cursor.at_end():
            return ObjectMatches(
                subject,
                Filter(
                    types=frozenset(types), subtypes=frozenset(subtypes), colors=frozenset(colors)
                ),
            )
    raise fail


_IT_STATUS = re.compile(
    r"(?:it's|it is|~ is)(?P<neg> not)? (?P<status>attacking|blocking|tapped|untapped|"
    r"enchanted|equipped|monstrous)"
)
_HAND_COUNT = re.compile(
    r"(?P<who>you|an opponent) (?:have|has) (?P<n>no|\w+)(?: or (?P<cmp>more|fewer|less))? "
    r"cards? in (?:your |their )?hand"
)
_CONTROLS_NONE = re.compile(
    r"(?:(?P<mine>you) control no|(?:your opponents|each opponent) controls? no|"
    r"no opponent controls (?:a |an )?)(?: )?(?P<what>[\w -]+)"
)


def _is_a(subject: Subject, what: str, words: str, sentence: str) -> Condition:
    types: set[str] = set()
    subtypes: set[str] = set()
    colors: set[str] = set()
    for word in what.lower().split():
        if word in COLOR_WORDS:
            colors.add(COLOR_WORDS[word])
        elif word in ALL_TYPE_WORDS:
            kind, canonical = ALL_TYPE_WORDS[word]
            (types if kind == "type" else subtypes).add(canonical)
        else:
            raise OracleParseError(sentence, f'cannot read the condition "{words}"')
    return ObjectMatches(
        subject,
        Filter(types=frozenset(types), subtypes=frozenset(subtypes), colors=frozenset(colors)),
    )


def _subject_words(words: str, sentence: str, state: _SentenceState) -> Subject:
    cursor = Cursor(tokenize(words), sentence=sentence)
    subject = parse_subject(cursor, state.context)
    if subject is None:
        raise OracleParseError(sentence, f'cannot tell what "{words}" means')
    return subject


def _general_sentence(
    body: str, sentence: str, state: _SentenceState, until_eot: bool
) -> tuple[EffectSpec | None, bool]:
    """SUBJECT VERB-PHRASES, with an optional "As long as" condition."""
    condition: Condition | None = None
    if m := _AS_LONG_AS.match(body):
        condition = _condition(m["cond"], sentence, state)
        body = m["rest"]
    elif m := _DURING_YOUR_TURN.match(body):
        condition = YourTurn()
        body = m["rest"]
    trailing: str | None = None
    if condition is None and (m := _TRAILING_AS_LONG_AS.match(body)):
        body = m["main"]
        trailing = m["cond"]  # read after the subject, which "it" in it refers to
    where: Expr | None = None
    if m := _WHERE_X.match(body):
        body = m["main"]
        cursor = Cursor(tokenize(m["expr"]), sentence=sentence)
        where = parse_expression(cursor, state.context)
        if not cursor.at_end():
            raise OracleParseError(sentence, f'cannot read "X is {m["expr"]}"')
    if _PLAYER_RULE.match(body):
        # CR 613.10-613.11: effects on players and on the rules, not on characteristics.
        return None, True
    body = re.sub(r"^it's ", "it is ", body)  # "..., it's a creature in addition to ..."
    body = re.sub(r"^they're ", "they are ", body)
    cursor = Cursor(tokenize(body), sentence=sentence)
    try:
        subject = parse_subject(cursor, state.context)
        if subject is None:
            raise OracleParseError(sentence, "cannot tell what this applies to")
        subject = _resolve_antecedent(subject, state)
        result = parse_predicates(cursor, state.context)
        if not cursor.at_end():
            cursor.fail("unexpected words")
        if trailing is not None:
            state.previous = subject
            condition = _condition(trailing, sentence, state)
    except OracleParseError:
        if _RULE_WORDS.search(body):
            # CR 613.11: a rule about attacking, blocking, untapping, ... not a characteristic.
            return None, True
        raise
    state.previous = subject
    if not result.parts:
        return None, bool(result.rules)
    parts = merge_type_parts(result.parts, result.lose_other_types)
    parts = _merge_ability_parts(parts)
    if where is not None:
        parts = [Part(p.layer, _substitute_x(p.action, where)) for p in parts]
    cda = subject.kind == "self" and condition is None and all(_defines_itself(p) for p in parts)
    spec = EffectSpec(
        sentence, subject, tuple(parts), condition=condition, cda=cda, until_end_of_turn=until_eot
    )
    return spec, bool(result.rules)


def _defines_itself(part: Part) -> bool:
    """CR 604.3: "~ is blue" or "~ is every creature type" defines the object's own color or
    creature types (and works in every zone); setting or removing types does not."""
    action = part.action
    if isinstance(action, ColorChange):
        return True
    return (
        isinstance(action, TypeChange)
        and (action.all_creature_types or bool(action.add_subtypes))
        and action.set_types is None
        and action.set_subtypes is None
        and not (action.add_types or action.remove_types or action.remove_supertypes)
        and not (action.add_supertypes or action.lose_subtype_kinds)
        and not (action.lose_all_creature_types or action.set_chosen_type or action.add_chosen_type)
        and all(subtype_category(s) == "Creature" for s in action.add_subtypes)
    )


def _substitute_x(action: Any, expr: Expr) -> Any:
    """ ", where X is ..." defines X for this sentence."""

    def swap(value: Any) -> Any:
        if isinstance(value, VarX):
            return expr
        if isinstance(value, Negate):
            return Negate(swap(value.expr))
        if isinstance(value, Times):
            return Times(value.factor, swap(value.expr))
        if isinstance(value, Sum):
            return Sum(swap(value.left), swap(value.right))
        return value

    if isinstance(action, (ModifyPT, SetPT)):
        return replace(action, power=swap(action.power), toughness=swap(action.toughness))
    return action


def _merge_ability_parts(parts: list[Part]) -> list[Part]:
    """One effect's layer-6 pieces act together: removal first, then grants."""
    sixes = [p.action for p in parts if p.layer == "6" and isinstance(p.action, AbilityChange)]
    if len(sixes) <= 1:
        return parts
    merged = AbilityChange(
        grant=tuple(g for a in sixes for g in a.grant),
        remove=frozenset().union(*(a.remove for a in sixes)),
        remove_all=any(a.remove_all for a in sixes),
        except_mana=any(a.except_mana for a in sixes),
        cant_have=frozenset().union(*(a.cant_have for a in sixes)),
        grant_from=next((a.grant_from for a in sixes if a.grant_from), None),
    )
    out: list[Part] = []
    placed = False
    for part in parts:
        if part.layer == "6" and isinstance(part.action, AbilityChange):
            if not placed:
                out.append(Part("6", merged))
                placed = True
            continue
        out.append(part)
    return out


# --- Whole cards -------------------------------------------------------------------


def parse_card_text(
    paragraphs: tuple[str, ...], name: str, *, spell: bool
) -> tuple[tuple[ParsedAbility, ...], ...]:
    """Each paragraph's abilities, in Oracle order (the index ``activate`` uses)."""
    return tuple(parse_ability_text(p, name, spell=spell) for p in paragraphs)
