"""Oracle rules text -> abilities, and abilities -> continuous effects.

The same grammar reads the card library and the cards a teacher types, so an
invented card gets exactly the treatment a real one does. Anything that would
change characteristics but is not understood is an error quoting the phrase:
silently ignoring a phrase would give a learner a wrong answer.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Literal

from rules_engine.effects import (
    AbilityChange,
    AffectedStat,
    AllOf,
    AllShareAColor,
    Always,
    AnyLibrarySize,
    AnyOf,
    AnyPlayerControls,
    AtLeastZero,
    CardTypesAmong,
    CastInMainPhase,
    ChangeText,
    CityBlessing,
    ColorChange,
    Compare,
    Condition,
    Const,
    CopyOf,
    CountAtLeast,
    CountObjects,
    Devotion,
    EffectSpec,
    ExchangeControl,
    Expr,
    Filter,
    GreatestStat,
    HandSize,
    HappenedEvent,
    HappenedThisTurn,
    HowCast,
    ItsControllerControls,
    LifeTotal,
    ManaSpent,
    ModifyPT,
    MostCommonColor,
    Negate,
    Not,
    ObjectMatches,
    OneShot,
    OpponentCount,
    OpponentsBelowHalfStartingLife,
    Part,
    PartySize,
    PlayerCounters,
    SetController,
    SetPT,
    SourceStatus,
    SpellsCastThisTurn,
    StartingLife,
    Subject,
    Sum,
    SwitchPT,
    Times,
    TopOfLibrary,
    TurnTotal,
    TypeChange,
    VarX,
    VersusOpponent,
    YourTurn,
)
from rules_engine.oracle.actions import parse_one_shot
from rules_engine.oracle.cursor import Cursor, OracleParseError
from rules_engine.oracle.digital import DIGITAL_ONLY, is_digital_keyword_line, is_digital_only
from rules_engine.oracle.keywords import (
    Category,
    Keyword,
    condition_keyword,
    parse_keyword,
    read_keyword,
    split_keyword_line,
)
from rules_engine.oracle.numbers import NUMBER_WORDS, read_number
from rules_engine.oracle.predicates import (
    merge_type_parts,
    parse_expression,
    parse_predicates,
)
from rules_engine.oracle.subjects import SubjectContext, parse_comparison, parse_subject
from rules_engine.oracle.templates import (
    CDA_BOTH,
    CDA_ONE,
    CDA_SPLIT,
    EXCHANGE,
    GAIN_CONTROL,
    KICKED_OR_TYPE_WORDS,
    PLAYER_GAINS_CONTROL,
    PT_UNDER_CONDITION,
    SWITCH,
    TEXT_CHANGE,
    TEXT_CHANGE_ALL,
    YOU_CONTROL,
    Builds,
    Here,
    Reading,
    Scope,
    Template,
    colon_split,
    is_player_rule,
    makes_continuous_effect,
    names_a_rule,
    performs_actions,
    route_line,
    route_sentence,
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
        elif _is_static_line(line, name) and not _is_rule_only(line, name):
            sentences.append(line)  # its own static ability, under the box's condition
        else:
            # An activated or triggered ability, or a rule of the game ("can't be blocked"):
            # the box grants the ability itself while its condition holds (711.2b, layer 6).
            sentences.append(f'{name} has "{line}"')
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
    r"(?P<kw>[^.]+)\. (?P<rest>(?:this ability costs [^.]+|activate only [^.]+)\.?"
    r"(?: activate only [^.]+\.?)?)",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)
def _parse_line(line: str, name: str, spell: bool) -> tuple[ParsedAbility, ...]:
    check_numbers(line)
    display = strip_reminder(line)
    if not display:
        return ()
    if display.startswith("• "):
        display = display[2:]
    if is_digital_keyword_line(display):
        return (ParsedAbility(display, "static", gaps=((display, DIGITAL_ONLY),)),)
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
    if (m := _KEYWORD_THEN_COST.fullmatch(display)) and (keywords := _split_keywords(m["kw"])):
        # "Equip {2}. This ability costs {2} less to activate if ..." (Arm-Mounted Anchor):
        # the keyword, then how much activating it costs (CR 602.2b, 601.2f), which a board
        # never pays.
        return (*(_keyword(k) for k in keywords), ParsedAbility(m["rest"], "casting_rule"))
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
        _with_this_ability(parsed.effects, display),
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
        _with_this_ability(parsed.effects, display),
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
        if re.fullmatch(r"it (?:has|gains) this ability", clause, re.IGNORECASE):
            # Unstable Shapeshifter, Cryptoplasm: the ability's own text, filled in by the
            # ability that holds the sentence (``_with_this_ability``), CR 707.9b.
            abilities.append(THIS_ABILITY)
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


# A copy exception's "it has this ability" until the ability's text is known.
THIS_ABILITY = "\x00this ability"


def _with_this_ability(effects: Iterable[EffectSpec], display: str) -> tuple[EffectSpec, ...]:
    """ "becomes a copy of ..., except it has this ability": the ability holding the
    sentence is what the copy has (CR 707.9b: the exception is part of its copiable values)."""

    def filled(part: Part) -> Part:
        action = part.action
        if not isinstance(action, CopyOf) or THIS_ABILITY not in action.except_abilities:
            return part
        texts = tuple(display if t == THIS_ABILITY else t for t in action.except_abilities)
        return replace(part, action=replace(action, except_abilities=texts))

    return tuple(replace(e, parts=tuple(filled(p) for p in e.parts)) for e in effects)


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
    # "the token has flying" (Irenicus's Vile Duplication) is "it has flying".
    hidden = re.sub(r"^the (?:token|copy) ", "it ", hidden, flags=re.IGNORECASE)
    parts = re.split(r",? and (?=it\b|has\b|is\b)|, (?=it\b|has\b|is\b)", hidden)
    restored = [re.sub(r"\x00(\d+)\x00", lambda m: quoted[int(m[1])], p).strip() for p in parts]
    # "... on it and has changeling" (Moritte's Oracle text): "has" still means "it has";
    # "it isn't legendary, is an artifact ..." (Auton Soldier): "is" means "it's".
    clauses = [f"it {p}" if p.startswith("has ") else p for p in restored]
    clauses = [f"it's {p[3:]}" if p.startswith("is ") else p for p in clauses]
    # "it's a 4/4 Dragon creature with flying in addition to its other types" (Will of the
    # Temur): the keywords are a clause of their own ("it has flying").
    split: list[str] = []
    for clause in clauses:
        head, _, keywords = clause.partition(" with ")
        tail = keywords.find(" in addition to its other")
        tail = len(keywords) if tail < 0 else tail
        if not head.startswith("it's ") or not _KEYWORD_WORDS.fullmatch(keywords[:tail]):
            split.append(clause)
            continue
        split += [head + keywords[tail:], f"it has {keywords[:tail]}"]
    return split


_KEYWORD_WORDS = re.compile(r"[a-z][a-z ]*", re.IGNORECASE)


# --- Sentences -----------------------------------------------------------------

_UNTIL_EOT = re.compile(r"(?:^|,? )until (?:end of turn|your next turn),?", re.IGNORECASE)
_AS_LONG_AS = re.compile(r"^as long as (?P<cond>.+?), (?P<rest>.+)$", re.IGNORECASE)
# "~ has flying and trample if it devoured a creature" (Hellkite Hatchling): a fact fixed as
# it entered (702.82b), so "if" reads as "as long as".
_TRAILING_AS_LONG_AS = re.compile(
    r"^(?P<main>.+?) (?P<lasts>for )?(?:as long as |if (?=(?:it|~) devoured ))(?P<cond>.+)$",
    re.IGNORECASE,
)
# "gets +3/+3 unless ...": not a rule ("can't block unless ..."), which names_a_rule reads.
_TRAILING_UNLESS = re.compile(
    r"^(?P<main>(?:(?!\bcan't\b|\bdoesn't\b|\bdon't\b).)+?) unless (?P<cond>.+)$",
    re.IGNORECASE,
)
_DURING_YOUR_TURN = re.compile(r"^during your turn, (?P<rest>.+)$", re.IGNORECASE)
_WHERE_X_AND_Y = re.compile(
    r"^(?>(?P<main>.+?),? where x is )(?>(?P<x>.+?),? and y is )(?P<y>.+)$", re.IGNORECASE
)
_BECOMES_COPY_EXCEPT = re.compile(
    r"^(?P<main>[^,]+? becomes? a copy of [^,]+?),? except (?P<except>.+?)\.?$", re.IGNORECASE
)
_WHERE_X = re.compile(r"^(?P<main>.+?),? where x is (?P<expr>.+)$", re.IGNORECASE)
_TEXT_KINDS = {
    "color word": "color",
    "basic land type": "basic_land_type",
    "creature type": "creature_type",
}


@dataclass
class _SentenceState:
    context: SubjectContext
    previous: Subject | None = None
    resolving: bool = False  # a spell's or resolving ability's text
    first: bool = True  # the paragraph's first sentence (nothing before it to name)


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
_KICKED_OR_TYPE = re.compile(rf"^(?:{KICKED_OR_TYPE_WORDS})$", re.IGNORECASE)


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


# "You and Humans you control have hexproof", "You, planeswalkers you control, and other
# creatures you control have hexproof", "As long as it's your turn, you and ~ have hexproof".
_YOU_AND_OTHERS = re.compile(
    r"^(?P<lead>(?:as long as [^,]+, )?)you(?:,| and) (?P<others>.+?) have "
    r"(?P<what>hexproof|shroud|protection from [\w ]+)$",
    re.IGNORECASE,
)


def _unquoted(text: str) -> str:
    """The text with each quoted ability blanked out (same length), so a word inside a
    granted ability ("... sacrifice it unless you pay {2}.") is never read as this one's."""
    return re.sub(r'"[^"]*"', lambda q: "_" * len(q.group(0)), text)


def _conditions_each(body: str) -> list[str] | None:
    """ "~ gets +0/+2 as long as you control a Plains, has flying as long as you control an
    Island, ... and has trample as long as you control a Forest" (Tek; Tribal Golem leaves
    the verb out after the first): one effect per condition (CR 611.3a), each read as
    "~ VERB ... as long as ..."."""
    if not body.startswith(f"{SELF} ") or body.count(" as long as ") < 2:
        return None
    cuts = list(re.finditer(r", (?:and )?", _unquoted(body)))
    pieces, start = [], len(SELF) + 1
    for cut in cuts:
        pieces.append(body[start : cut.start()])
        start = cut.end()
    pieces.append(body[start:])
    if not all(" as long as " in piece for piece in pieces):
        return None
    verb = ""
    clauses = []
    for piece in pieces:
        first = piece.split(" ", 1)[0]
        if first in ("gets", "has"):
            verb = first
        elif not verb:
            return None
        else:
            piece = f"{verb} {piece}"
        clauses.append(f"{SELF} {piece}")
    return clauses


def _clauses(body: str) -> list[str]:
    """Split "Untap X and gain control of it" into its two effects, and "Equipped creature
    can't be blocked and has shroud" into a rule (613.11) and a grant (layer 6)."""
    if m := _RULE_AND_HAS.match(body):
        return [f"{m['subj']} {m['rule']}", f"{m['subj']} {m['has']}"]
    if (m := _YOU_AND_OTHERS.match(body)) and not (m["lead"] and m["what"].startswith("prot")):
        # (A player's protection under a condition isn't read: its damage prevention, 702.16e,
        # is found from the plain words "You have protection from ...".)
        # "You and Humans you control have hexproof": the player's ability is a rule about
        # a player (613.10), the permanents' a layer 6 effect; the same condition for both.
        others = re.sub(r",? and ", " and ", m["others"]).rstrip(",")
        return [f"{m['lead']}you have {m['what']}", f"{m['lead']}{others} have {m['what']}"]
    if (conditioned := _conditions_each(body)) is not None:
        return conditioned
    for pattern in (_COMPOUND_CONTROL, _CONTROL_AND_GAINS):
        if m := pattern.match(body):
            return [m["first"], m["second"]]
    if m := _THREE_DAMAGES.match(body):
        # "~ deals 2 damage to target creature, 3 damage to another target creature, and 4
        # damage to a third target creature" (Serpentine Spike): three parts, three targets.
        third = re.sub(r"^a third target ", "another target ", m["z"], flags=re.IGNORECASE)
        return [
            f"{m['who']} deals {m['a']} damage to {m['x']}",
            f"{m['who']} deals {m['b']} damage to {m['y']}",
            f"{m['who']} deals {m['c']} damage to {third}",
        ]
    if m := _TWO_DAMAGES.match(body):
        # "~ deals 4 damage to target creature and 2 damage to that creature's controller"
        who = m["who"]
        return [
            f"{who} deals {m['a']} damage to {m['x']}",
            f"{who} deals {m['b']} damage to {m['y']}",
        ]
    if (m := _SHARED_X.match(body)) and len(parts := _two_actions(m["main"])) > 1:
        # "You gain X life and draw X cards, where X is ...": the X of both one-shots.
        return [f"{part}, where X is {m['what']}" for part in parts]
    return _two_effects(body) or _two_actions(body)


_SHARED_X = re.compile(r"^(?P<main>.+), where X is (?P<what>.+)$")


# "Creatures you control get +1/+1 and creatures your opponents control get -1/-1."
_SECOND_SUBJECT = re.compile(
    r" and (?=(?:target|other|each|all|another|creatures|enchanted|equipped)\b)", re.IGNORECASE
)


def _two_effects(body: str) -> list[str] | None:
    """Two continuous effects, each with its own subject, in one sentence (Zealous
    Persecution): split where the second subject begins, both halves effects on their own."""
    if lead := re.match(r"^(as long as [^,]+), (?=\S)", body, re.IGNORECASE):
        # "As long as you control your commander, ~ gets +2/+2 and creatures you control
        # have vigilance": the condition is both effects' (CR 611.3a), written once.
        halves = _two_effects(body[lead.end() :])
        return [f"{lead[1]}, {half}" for half in halves] if halves else None
    if re.match(r"^(?:as long as|if|during|for as long as|otherwise)\b", body, re.IGNORECASE):
        return None  # a condition before both would be lost on the second
    unquoted = re.sub(r'"[^"]*"', lambda q: "_" * len(q.group(0)), body)
    for m in _SECOND_SUBJECT.finditer(unquoted):
        first, second = body[: m.start()], body[m.end() :]
        if all(
            makes_continuous_effect(h) and not performs_actions(h) and not names_a_rule(h)
            for h in (first, second)
        ):
            return [first, *(_two_effects(second) or [second])]
    return None


# "~ deals 4 damage to target creature and 2 damage to that creature's controller."
_TWO_DAMAGES = re.compile(
    r"^(?P<who>~|it) deals (?P<a>\w+) damage to (?P<x>.+?) and (?P<b>\w+) damage to (?P<y>.+)$",
    re.IGNORECASE,
)


_THREE_DAMAGES = re.compile(
    r"^(?P<who>~|it) deals (?P<a>\w+) damage to (?P<x>[^,]+?), (?P<b>\w+) damage to "
    r"(?P<y>[^,]+?),? and (?P<c>\w+) damage to (?P<z>.+)$",
    re.IGNORECASE,
)


def _two_actions(body: str) -> list[str]:
    """ "You lose 1 life and create a 1/1 ... token": two one-shots done in order (608.2c),
    split only where both halves are actions on their own."""
    unquoted = re.sub(r'"[^"]*"', lambda q: "_" * len(q.group(0)), body)
    for m in re.finditer(r" and |, then ", unquoted):
        first, second = body[: m.start()], body[m.end() :]
        if (actor := _ACTOR.match(first)) and _ACTOR_VERB.match(second):
            # "Target opponent exiles two cards from their hand and loses 2 life": the same
            # player does both.
            who = actor["who"].lower()
            second = f"{'that player' if who.startswith('target') else who} {second}"
        if performs_actions(first) and performs_actions(second) and not second.startswith("~"):
            return [first, *_two_actions(second)]
    return [body]


_ACTOR = re.compile(r"^(?P<who>target player|target opponent|each player|each opponent) ", re.I)
_ACTOR_VERB = re.compile(r"^(?:loses|gains|draws|discards|mills|sacrifices|creates) ", re.I)


def _parse_effects(text: str, *, resolving: bool) -> _Effects:
    """Sentences of one ability -> continuous effects, rule texts, notes and one-shot actions,
    each sentence and clause routed once by the template table (oracle/templates.py)."""
    state = _SentenceState(SubjectContext(), resolving=resolving)
    out = _Effects([], [], [], [], [], [])
    delayed = False
    for sentence in split_sentences(text):
        if is_digital_only(sentence):
            out.gaps.append((sentence, DIGITAL_ONLY))  # named in not_modelled, never refused
            state.first = False
            continue
        whole = sentence.rstrip(".").strip()
        until_eot = bool(_UNTIL_EOT.search(whole))
        whole = _UNTIL_EOT.sub("", whole).strip().strip(",").strip()
        whole = re.sub(r" and/or ", " or ", whole)  # "each artifact and/or enchantment"
        # "Then that creature fights ...", "Then if ..., return ~ to its owner's hand": the
        # next instruction in the order written (608.2c), read as any other sentence.
        whole = re.sub(r"^then,? (?=\S)", "", whole, flags=re.IGNORECASE)
        # "Until end of turn, you gain control of target creature ..." (Grab the Reins): the
        # spell's controller is who "gain control of" means anyway (CR 613.2b).
        whole = re.sub(r"^you gain control of ", "gain control of ", whole, flags=re.IGNORECASE)
        reading = Reading(resolving, until_eot, sentence, after_delayed=delayed)
        template, m = route_sentence(whole, reading, Scope.SENTENCE)
        delayed = template.builds is Builds.DELAYED
        if template.builds is Builds.PAIRED:
            me = Subject("self", words=SELF)
            both = Subject("paired", words="both creatures")
            _as_if_self(
                m["rest"], sentence, state, until_eot, out, both, SourceStatus("paired", me)
            )
        elif template.builds is Builds.CREATED:
            made = Subject("created", words="that token")
            _as_if_self(m["rest"], sentence, state, until_eot, out, made, None)
        elif template.builds is Builds.NOTE:
            out.notes.append(sentence)  # a whole sentence a board has no use for (templates.py)
        elif template.builds is Builds.DELAYED:
            # CR 603.7: a delayed trigger (or the rest of one: "If you do, ..."), inert until
            # it triggers.
            out.notes.append(sentence)
        else:
            for body in _clauses(whole):
                _parse_clause(body, sentence, state, reading, out)
        state.first = False
    return out


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
    body: str, sentence: str, state: _SentenceState, reading: Reading, out: _Effects
) -> None:
    """Read one clause as the template it fits says (oracle/templates.py)."""
    after_destroy = bool(out.actions) and out.actions[-1].kind == "destroy"
    template, m = route_sentence(body, replace(reading, after_destroy=after_destroy))
    clause = _Clause(body, sentence, state, reading.until_eot, out, m)
    _CLAUSE_READERS[template.builds](clause, template)


@dataclass(frozen=True, slots=True)
class _Clause:
    """A routed clause and what reading it needs."""

    body: str
    sentence: str
    state: _SentenceState
    until_eot: bool
    out: _Effects
    match: re.Match[str]


def _noted(c: _Clause, _template: Template) -> None:
    # Costs (601.2f), notes a board has no use for, and events the replacement grammar reads
    # (CR 614-615, replacement/grammar.py): kept with the ability, never dropped.
    c.out.notes.append(c.sentence)


def _ruled(c: _Clause, _template: Template) -> None:
    c.out.rules.append(c.sentence)  # CR 613.10-613.11: a rule, not a characteristic


def _still_land(c: _Clause, _template: Template) -> None:
    if not c.out.effects:
        raise OracleParseError(c.sentence, "nothing before it to still be a land")
    c.out.effects[-1] = _still_a_land(c.out.effects[-1])


def _same_is_true(c: _Clause, _template: Template) -> None:
    effects = c.out.effects
    if not effects:
        raise OracleParseError(c.sentence, "nothing before it to be the same")
    try:
        extra = _subject_from(c.match["subj"], c.sentence, c.state)
    except OracleParseError as error:
        # "The same is true for fear, first strike, ..." (Cairn Wanderer): a list of
        # abilities, not of objects; named as not modelled.
        c.out.gaps.append((c.sentence, str(error)))
        return
    prior = effects[-1]
    merged = Subject("filter", prior.subject.filters + extra.filters, words=prior.subject.words)
    effects[-1] = replace(prior, subject=merged, text=f"{prior.text} {c.sentence}")


def _otherwise(c: _Clause, _template: Template) -> None:
    # "As long as enchanted creature is a Pirate, it gets +0/+1. Otherwise, it gets -2/-0."
    # (Sea Legs): the opposite condition, checked as continuously (CR 611.3a).
    effects, sentence, rest = c.out.effects, c.sentence, c.match["rest"]
    before = effects[-1] if effects else None
    resolving = before is not None and before.only_if not in (None, "kicked")
    try:
        if before is None or (before.condition is None and not resolving):
            # "If you win, ... Otherwise, ...": the condition was a one-shot's.
            raise OracleParseError(sentence, "no condition before it to be otherwise")
        if before.instead_if is not None:
            raise OracleParseError(sentence, "no condition before it to be otherwise")
        other, _ = _general_sentence(rest, sentence, c.state, c.until_eot)
        if other is None or other.condition is not None:
            raise OracleParseError(sentence, "cannot read what happens otherwise")
    except OracleParseError as error:
        if performs_actions(rest) and not makes_continuous_effect(rest):
            c.out.notes.append(sentence)
            c.out.unperformed.append(sentence)  # a one-shot's "Otherwise, ..." (608.2c)
            return
        if not makes_continuous_effect(rest):
            raise
        c.out.gaps.append((sentence, str(error)))  # named in not_modelled, never dropped
        return
    if before.only_if is not None and before.only_if != "kicked":
        # "If it's a Pirate, ... Otherwise, ...": the opposite, checked on resolution (608.2c).
        other = replace(other, only_if=Not(before.only_if), cda=False)
    elif before.condition is not None:
        other = replace(other, condition=Not(before.condition), cda=False)
    effects.append(replace(other, targets_used=c.state.context.next_target))


def _no_regeneration(c: _Clause, _template: Template) -> None:
    # CR 701.19c: the destruction just before can't be replaced by regeneration.
    c.out.actions[-1] = replace(c.out.actions[-1], regenerable=False)


def _doubled(c: _Clause, _template: Template) -> None:
    c.out.effects.append(_double(c.match, c.sentence, c.state, c.until_eot))


def _self_replacement(c: _Clause, _template: Template) -> None:
    # CR 614.15: a spell's own "instead" replaces its earlier effect when the condition holds.
    effects, sentence, state, m = c.out.effects, c.sentence, c.state, c.match
    try:
        if not effects and _KICKED_OR_TYPE.match(m["cond"]):
            raise OracleParseError(sentence, "nothing before it to replace")
        # Without an effect before it in this paragraph, it replaces the spell's last
        # one (Tragic Slip's morbid paragraph, ``timeline.resolve_checks.choose_instead``).
        condition = _instead_condition(m["cond"], sentence, state)
        spec, _ = _general_sentence(
            re.sub(r"^only ", "", m["rest"], flags=re.IGNORECASE),  # Golden Demise
            sentence,
            state,
            c.until_eot or bool(effects and effects[-1].until_end_of_turn),
        )
        if spec is None:
            raise OracleParseError(sentence, "cannot read what happens instead")
    except OracleParseError:
        if _KICKED_OR_TYPE.match(m["cond"]):
            raise
        # Any other condition: a replacement, which the replacement grammar reads (and
        # names if it can't).
        c.out.notes.append(sentence)
        return
    if not effects and spec.subject.kind == "self" and re.match(r"that ", m["rest"], re.I):
        # "That creature" in a later paragraph is the spell's first target.
        spec = replace(spec, subject=Subject("targets", (Filter(),), (0,), "that creature"))
    effects.append(replace(spec, instead_if=condition, targets_used=state.context.next_target))


def _only_if(c: _Clause, _template: Template) -> None:
    # CR 608.2c: the condition is checked as the spell resolves; the effect is made only
    # if it holds ("If it's a Spirit, it gains trample"; kicker, 702.33d).
    words = re.sub(
        r"^(?:it|they|that creature|those creatures) also ",
        lambda m: m[0][: -len("also ")],
        c.match["rest"],
        flags=re.IGNORECASE,
    )
    if c.state.previous is not None:
        # "If {W} was spent to cast ~, the creature gains ..." (Flash Conscription): the one
        # the sentences before named.
        words = re.sub(r"^the creature ", "that creature ", words, flags=re.IGNORECASE)
    elif m := _BEFORE_IT_FIGHTS.fullmatch(words):
        # Savage Punch's ferocious: "The creature you control gets +2/+2 until end of turn
        # before it fights ...": the fight's first target ("target creature you control"), its
        # effect begun before the fight, as every effect of a resolving spell is here.
        words = f"that creature {m['rest']}"
    try:
        condition = _instead_condition(c.match["cond"], c.sentence, c.state)
        spec = _special_sentence(words, c.sentence, c.state, c.until_eot)
        is_rule = False
        if spec is None:
            spec, is_rule = _general_sentence(words, c.sentence, c.state, c.until_eot)
        if spec is None and is_rule:
            # "If this spell was kicked, creatures can't attack this turn" (Orim's Chant): a
            # rule about the game (613.11) for the turn, kept with its condition.
            c.out.rules.append(c.sentence)
            return
        if spec is None:
            raise OracleParseError(c.sentence, "cannot read what the condition adds")
    except OracleParseError:
        if c.match["cond"].lower() == "~ was kicked":
            raise
        # A condition or effect this reader can't apply: read as any other sentence, so a
        # rule stays a rule and a continuous effect the grammar can't read is named.
        _continuous(c, _template)
        return
    if not c.out.effects and spec.subject.kind == "self" and re.match(r"that ", words, re.I):
        # "That creature" in a later paragraph (ferocious, addendum) is the spell's first
        # target, as in a later paragraph's "instead" (_self_replacement).
        spec = replace(spec, subject=Subject("targets", (Filter(),), (0,), "that creature"))
    c.out.effects.append(replace(spec, only_if=condition, targets_used=c.state.context.next_target))


def _target_and_kin(c: _Clause, template: Template) -> None:
    """ "Target creature and each other creature that shares a color with it get +1/+1 until
    end of turn" (Wojek Siren): one effect on the target, one on the creatures like it as
    the spell resolves (the set is fixed then, CR 611.2c)."""
    m = c.match
    spec, _ = _general_sentence(f"{m['target']} {m['rest']}", c.sentence, c.state, c.until_eot)
    if spec is None or not spec.subject.target_slots:
        raise OracleParseError(c.sentence, "cannot read what they get")
    how: Literal["color", "name"] = "name" if "same name" in m["kin"].lower() else "color"
    kin = Filter(types=frozenset({"Creature"}), like_target=(how, spec.subject.target_slots[0]))
    used = c.state.context.next_target
    c.out.effects.append(replace(spec, targets_used=used))
    kin_subject = Subject("filter", (kin,), words=m["kin"])
    c.out.effects.append(replace(spec, subject=kin_subject, targets_used=used))


def _swap_control(c: _Clause, _template: Template) -> None:
    """ "You and target opponent each gain control of all creatures the other controls until
    end of turn" (Twist Allegiance, Reins of Power): two layer 2 effects whose sets of
    creatures are both fixed as the spell resolves (CR 611.2c), so neither takes back what the
    other just gave."""
    context = c.state.context
    if c.match["who"].lower().startswith("target"):
        (slot,) = context.take_targets(1)
    elif context.next_target:
        slot = context.next_target - 1  # "that opponent": the target opponent before it
    else:
        raise OracleParseError(c.sentence, 'cannot tell who "that opponent" is')
    creature = frozenset({"Creature"})
    theirs = Filter(types=creature, controller="target_player", player_slot=slot)
    mine = Filter(types=creature, controller="you")
    used = context.next_target
    for subject, who in (
        (Subject("filter", (theirs,), words="all creatures that opponent controls"), "caster"),
        (Subject("filter", (mine,), words="all creatures you control"), "target_player"),
    ):
        action = SetController(who, slot if who == "target_player" else None)  # type: ignore[arg-type]
        spec = EffectSpec(c.sentence, subject, (Part("2", action),), until_end_of_turn=c.until_eot)
        c.out.effects.append(replace(spec, targets_used=used))
    # "Untap those creatures. Those creatures gain haste": the creatures of both players.
    c.state.previous = Subject("filter", (theirs, mine), words="those creatures")


def _player_ability(c: _Clause, _template: Template) -> None:
    # CR 613.10: a resolving spell's effect on a player isn't modelled; say so rather than
    # read it as a one-shot like "you gain 3 life".
    raise OracleParseError(c.sentence, "a player gaining an ability isn't supported yet")


def _one_shot_clause(c: _Clause, template: Template) -> None:
    c.out.notes.append(c.sentence)
    action = _one_shot(c.body, c.sentence, c.state)
    if action is not None and action.if_done and not _follows_an_action(c.out):
        action = None  # "If you do, ..." after a part the engine doesn't perform
    if action is not None:
        c.out.actions.append(action)
        if action.per is not None and action.per.kind == "filter":
            # "Draw a card for each creature you control with a +1/+1 counter on it. Those
            # creatures gain indestructible ..." (Inspiring Call): the ones counted.
            c.state.previous = action.per
        return
    _remember_object(c.body, c.state)
    if template.here is not Here.INERT and c.sentence not in c.out.unperformed:
        c.out.unperformed.append(c.sentence)  # named in not_modelled (once a sentence)
    elif re.match(r"^target (?:player|opponent) reveals\b", c.body, re.IGNORECASE):
        # "Target player reveals their hand.": the player is still a target (CR 115.1), the
        # slot a later "that player" names.
        c.state.context.take_targets(1)


def _follows_an_action(out: _Effects) -> bool:
    """Is the sentence before this one a one-shot the engine performs?"""
    return bool(out.actions) and len(out.notes) >= 2 and out.notes[-2] == out.actions[-1].text


def _continuous(c: _Clause, _template: Template) -> None:
    try:
        spec = _special_sentence(c.body, c.sentence, c.state, c.until_eot)
        rule = False
        if spec is None:
            spec, rule = _general_sentence(c.body, c.sentence, c.state, c.until_eot)
    except OracleParseError as error:
        if not makes_continuous_effect(c.body):
            raise
        # Recognised as a continuous effect (CR 611) the grammar can't apply yet: the card
        # still goes on the board, and the answer names this sentence.
        c.out.gaps.append((c.sentence, str(error)))
        return
    if rule:
        c.out.rules.append(c.sentence)
    if spec is None:
        return
    minimum = _minimum_targets(spec.subject, c.state)
    c.out.effects.append(
        replace(spec, targets_used=c.state.context.next_target, min_targets=minimum)
    )


_CLAUSE_READERS: dict[Builds, Callable[[_Clause, Template], None]] = {
    Builds.CASTING_RULE: _noted,
    Builds.NOTE: _noted,
    Builds.REPLACEMENT: _noted,
    Builds.RULE: _ruled,
    Builds.STILL_A_LAND: _still_land,
    Builds.SAME_IS_TRUE: _same_is_true,
    Builds.OTHERWISE: _otherwise,
    Builds.NO_REGENERATION: _no_regeneration,
    Builds.DOUBLE: _doubled,
    Builds.SELF_REPLACEMENT: _self_replacement,
    Builds.ONLY_IF: _only_if,
    Builds.TARGET_AND_KIN: _target_and_kin,
    Builds.SWAP_CONTROL: _swap_control,
    Builds.PLAYER_ABILITY: _player_ability,
    Builds.ONE_SHOT: _one_shot_clause,
    Builds.CONTINUOUS: _continuous,
}


def _minimum_targets(subject: Subject, state: _SentenceState) -> int | None:
    return state.context.next_target - len(subject.target_slots) if subject.up_to else None


def _instead_condition(
    words: str, sentence: str, state: _SentenceState
) -> Condition | Literal["kicked"]:
    if words.lower() == "~ was kicked":
        return "kicked"
    m = re.match(
        r"^(?:it's|that creature is) (?:(?:a|an) )?(?P<what>[\w -]+)$", words, re.IGNORECASE
    )
    if not m:
        return _condition(words, sentence, state)  # "if a creature died this turn"
    subject = state.previous if state.previous is not None else Subject("self", words=SELF)
    return _is_a(subject, m["what"], words, sentence)


class _NoAntecedent(OracleParseError):
    """A one-shot's "them" with nothing before it to name: the part isn't performed."""


def _one_shot(body: str, sentence: str, state: _SentenceState) -> OneShot | None:
    try:
        return _one_shot_part(body, sentence, state)
    except _NoAntecedent:
        return None


def _one_shot_part(body: str, sentence: str, state: _SentenceState) -> OneShot | None:
    """The action a one-shot clause performs (oracle/actions.py), remembering its subject
    for a later "it"."""

    def resolve(subject: Subject) -> Subject:
        if _unnamed_group(subject, state):
            # "Choose any target, then choose another target ... ~ deals X damage to each of
            # them" (Comet Storm): a group this text doesn't name, never ~ itself.
            raise _NoAntecedent(sentence, f'cannot tell what "{subject.words}" refers to')
        return _resolve_antecedent(subject, state)

    if (m := _IF_THEN_ACTION.match(body)) and not re.search(r"\binstead\b", sentence, re.I):
        # CR 608.2c: "If you control a Merfolk, draw a card.": done only if that holds then.
        # (A clause of an "... instead" sentence is a self-replacement, CR 614.15.)
        mark = state.context.next_target
        action = parse_one_shot(m["rest"], sentence, state.context, resolve)
        if action is None:
            state.context.next_target = mark
            return None
        if m["cond"].lower() == "you do":
            # "If you do, draw a card.": only if the part before did something (608.2c).
            return replace(action, if_done=True)
        try:
            condition = _instead_condition(m["cond"], sentence, state)
        except OracleParseError:
            return None
        return replace(action, only_if=condition)
    action = parse_one_shot(body, sentence, state.context, resolve)
    if action is not None and action.kind == "copy_token":
        # The exception ("except it has haste") is read like a Clone's (CR 707.9).
        exception = action.token
        copy = _copy_exceptions(exception, sentence) if exception else CopyOf(source="target")
        action = replace(action, copy=copy, token="")
        state.previous = Subject("created", words="that token")  # "It gains haste." (Feldon)
        return action
    if action is not None and action.kind == "tokens":
        # "Create two 1/1 ... tokens. They have ..." / "Those creatures gain ...": the tokens
        # this resolution creates (CR 111.1, 611.2c).
        state.previous = Subject("created", words="those tokens")
    if action is not None and action.subject is not None:
        state.previous = action.subject
    return action


_IF_THEN_ACTION = re.compile(r"^if (?P<cond>(?:(?!\bwould\b)[^,])+), (?P<rest>.+)$", re.IGNORECASE)


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


def _unnamed_group(subject: Subject, state: _SentenceState) -> bool:
    """ "Those creatures" / "they" in a later paragraph (Break of Day's fateful hour, Radiant
    Destiny's "they also have vigilance") are the ones an earlier paragraph named, which this
    paragraph alone can't name; never the one object the ability belongs to."""
    return (
        subject.kind == "antecedent"
        and state.previous is None
        and subject.words.lower().startswith(("those", "they", "them", "each of"))
    )


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


_ITS_STAT_IF = re.compile(
    r"^(?P<subj>.+?) if its (?P<stat>power|toughness) is (?P<cmp>.+)$", re.IGNORECASE
)


def _its_stat_condition(
    m: re.Match[str], subject: Subject, sentence: str, state: _SentenceState
) -> Condition:
    """ "if its toughness is 2 or less" (Welcome to the Fold), "if its power is less than or
    equal to the number of colors of mana spent to cast ~" (Exert Influence): the target's
    power or toughness as the spell resolves (CR 608.2c)."""
    stat: Literal["power", "toughness"] = "power" if m["stat"].lower() == "power" else "toughness"
    words = m["cmp"]
    cursor = Cursor(tokenize(words), sentence=sentence)
    if cursor.accept("less", "than", "or", "equal", "to"):
        limit = parse_expression(cursor, state.context)
        if not cursor.at_end():
            raise OracleParseError(sentence, f'cannot read "its {stat} is {words}"')
        difference = Sum(GreatestStat(stat, subject), Negate(limit))
        return Compare(difference, "<=", 0)
    comparison = parse_comparison(cursor)
    if comparison is None or comparison[1] < 0 or not cursor.at_end():
        raise OracleParseError(sentence, f'cannot read "its {stat} is {words}"')
    wanted = Filter(power=comparison) if stat == "power" else Filter(toughness=comparison)
    return ObjectMatches(subject, wanted)


def _special_sentence(
    body: str, sentence: str, state: _SentenceState, until_eot: bool
) -> EffectSpec | None:
    """Fixed templates whose subject sits inside the sentence."""

    def make(subject: Subject, parts: tuple[Part, ...], cda: bool = False) -> EffectSpec:
        state.previous = subject
        return EffectSpec(sentence, subject, parts, cda=cda, until_end_of_turn=until_eot)

    if m := _BECOMES_COPY_EXCEPT.match(body):
        # CR 707.9: "~ becomes a copy of target creature, except ..." (Cryptoplasm); the
        # exception is read like a Clone's and becomes part of the copiable values (707.9b).
        spec, _ = _general_sentence(m["main"], sentence, state, until_eot)
        if spec is not None:
            exception = _copy_exceptions(m["except"], sentence)

            def excepted(part: Part) -> Part:
                if not isinstance(part.action, CopyOf):
                    return part
                return replace(part, action=replace(exception, source=part.action.source))

            return replace(spec, parts=tuple(excepted(p) for p in spec.parts))
    if m := SWITCH.match(body):
        return make(_subject_from(m["subj"], sentence, state), (Part("7d", SwitchPT()),))
    if m := GAIN_CONTROL.match(body):
        words, check = m["subj"], None
        if (stat := _ITS_STAT_IF.match(words)) is not None:
            words = stat["subj"]  # "Gain control of target creature if its power is ..."
        spec = make(_subject_from(words, sentence, state), (Part("2", SetController("caster")),))
        if stat is not None:
            check = _its_stat_condition(stat, spec.subject, sentence, state)
            spec = replace(spec, only_if=check)
        return spec
    if m := PLAYER_GAINS_CONTROL.match(body):
        (slot,) = state.context.take_targets(1)  # the player is the first target (CR 115.1)
        return make(
            _subject_from(m["subj"], sentence, state),
            (Part("2", SetController("target_player", slot)),),
        )
    if m := YOU_CONTROL.match(body):
        return make(
            _subject_from(m["subj"], sentence, state),
            (Part("2", SetController("source_controller")),),
        )
    if m := EXCHANGE.match(body):
        return make(_subject_from(m["subj"], sentence, state), (Part("2", ExchangeControl()),))
    if m := TEXT_CHANGE.match(body):
        kinds = set()
        for what in (m["a"], m["b"]):
            if what:
                key = _TEXT_KINDS.get(what.lower().strip())
                if key is None:
                    raise OracleParseError(sentence, f'cannot change "{what}"')
                kinds.add(key)
        # "with another" leaves the new word to the caster (choices.to); "with Vampire" names
        # it (New Blood), and it must be of the same kind (CR 612.2).
        to = m["to"].capitalize() if m["to"] else None
        return make(
            _subject_from(m["subj"], sentence, state),
            (Part("3", ChangeText(frozenset(kinds), to)),),  # type: ignore[arg-type]
        )
    if m := TEXT_CHANGE_ALL.match(body):
        # CR 612.2: every color word in the texts changes to one color word.
        change = ChangeText(frozenset({"color"}), m["to"], every=True)
        return make(_subject_from(m["subj"], sentence, state), (Part("3", change),))
    self_subject = Subject("self", words=SELF)
    if m := PT_UNDER_CONDITION.match(body):
        # Angry Mob: "As long as it's your turn, ~'s power and toughness are each equal to 2
        # plus ..."; under a condition this is no characteristic-defining ability (CR
        # 604.3a), but an effect setting power and toughness on the battlefield (613.4b).
        condition = _condition(m["cond"], sentence, state)
        expr = _expression(m["e"], sentence)
        spec = make(self_subject, (Part("7b", SetPT(expr, expr)),))
        return replace(spec, condition=condition)
    if m := CDA_BOTH.match(body):
        expr = _expression(m["e"], sentence)
        return make(self_subject, (Part("7a", SetPT(expr, expr)),), cda=True)
    if m := CDA_SPLIT.match(body):
        power = _expression(m["p"], sentence)
        toughness = _expression(m["t"], sentence, previous=power)
        return make(self_subject, (Part("7a", SetPT(power, toughness)),), cda=True)
    if m := CDA_ONE.match(body):
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


def parse_condition(words: str, sentence: str, it: Subject | None = None) -> Condition:
    """A condition on its own ("you control two or more other lands"), for the replacement
    grammar's "enters tapped unless ..." (OracleParseError if it can't be read); ``it`` is
    what "it" / "that creature" names (a spell's target, for its own "instead")."""
    words = re.sub(r" and/or ", " or ", words)
    return _condition(words, sentence, _SentenceState(SubjectContext(), previous=it))


def _condition(words: str, sentence: str, state: _SentenceState) -> Condition:
    """The "as long as" conditions of static abilities (CR 611.3a: checked continuously),
    one, or two joined by "and" or "or" when each half reads on its own."""
    try:
        return _one_condition(words, sentence, state)
    except OracleParseError:
        for m in re.finditer(r" (and|or) ", words):
            head, tail = words[: m.start()], words[m.end() :]
            if (lead := re.match(r"(?:it's|it is|~ is) ", head)) and " " not in tail.strip():
                tail = lead[0] + tail  # "it's attacking or blocking": "it's" serves both
            try:
                first = _one_condition(head, sentence, state)
                second = _one_condition(tail, sentence, state)
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
    # Revolt and disappear in current Oracle wording (Lifecraft Cavalry, Putrid Pals).
    "a permanent left the battlefield under your control this turn": "your_permanent_left",
    "you had a land enter the battlefield under your control this turn": "your_land_entered",
    "you had a land enter under your control this turn": "your_land_entered",
    "you surveilled this turn": "you_surveilled",  # CR 701.25
    "surveilled this turn": "you_surveilled",  # "if you've surveilled this turn"
}


_LIFE_VERSUS = re.compile(
    r"you have (?P<cmp>less|more) life than (?P<who>an|each) opponent|"
    r"(?P<opp>an|each) opponent has (?P<cmp2>more|less) life than you(?: do)?"
)
_COUNT_VERSUS = re.compile(
    r"you control (?P<cmp>fewer|more) (?P<what>[\w ,-]+?) than (?P<who>an|each) opponent(?: does)?|"
    r"(?P<opp>an|each) opponent controls (?P<cmp2>more|fewer) (?P<what2>[\w ,-]+?) than you(?: do)?"
)


def _versus_opponent(text: str, sentence: str, state: _SentenceState) -> Condition | None:
    """ "you have less life than an opponent", "you control fewer creatures than each
    opponent", "an opponent controls more lands than you": your number against each
    opponent's (VersusOpponent)."""
    expr: Expr
    if m := _LIFE_VERSUS.fullmatch(text):
        expr = LifeTotal()
    elif m := _COUNT_VERSUS.fullmatch(text):
        what = m["what"] or m["what2"]
        subject = _subject_or_none(f"{what} you control", sentence, state)
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
    r"you(?:'ve| have)? cast (?:another (?:(?P<color>white|blue|black|red|green) )?|"
    r"an (?P<types>instant or sorcery) )spell this turn"
)


_BEFORE_IT_FIGHTS = re.compile(r"the creature you control (?P<rest>.+) before it fights", re.I)
_MANA_SPENT = re.compile(r"\{(?P<color>[wubrg])\} was spent to cast (?:~|this spell|it)")


def _cast_this_turn(text: str) -> Condition | None:
    """ "unless you've cast another red spell this turn" (Hotheaded Giant): the spells the
    turn's record holds that you cast (the permanent itself entering isn't among them)."""
    m = _CAST_THIS_TURN.fullmatch(text)
    if m is None:
        return None
    color = COLOR_WORDS[m["color"]] if m["color"] else None
    types = frozenset({"Instant", "Sorcery"}) if m["types"] else frozenset()
    return Compare(SpellsCastThisTurn(by_you=True, color=color, types=types), ">=", 1)


def _one_condition(words: str, sentence: str, state: _SentenceState) -> Condition:
    words = re.sub(r"^there's ", "there is ", words.strip(), flags=re.IGNORECASE)
    text = words.lower()
    if text.startswith("you control "):
        # "you control a Mountain or a Forest" (check lands) reads as "a Mountain or Forest".
        words = re.sub(r" or (?:a|an) ", " or ", words.strip(), flags=re.IGNORECASE)
        text = words.lower()
    if text in ("it's your turn", "it is your turn"):
        return YourTurn()
    if text == "you have the city's blessing":
        return CityBlessing()  # CR 702.131
    if versus := _versus_opponent(text, sentence, state):
        return versus
    if text == "you control your commander":
        # Lieutenant (CR 903.3): "your commander" is the commander you own, wherever it is;
        # the condition holds while you control it on the battlefield.
        yours = Filter(commander=True, owner="you", controller="you")
        return CountAtLeast(Subject("filter", (yours,), words="your commander"), 1)
    if text == "tribute was paid":
        return Compare(HowCast("tribute"), ">=", 1)  # CR 702.104a: the opponent's choice
    if (cast := _cast_this_turn(text)) is not None:
        return cast
    if text in ("you cast ~ during your main phase", "you cast this spell during your main phase"):
        return CastInMainPhase()  # CR 505.1
    if m := _MANA_SPENT.fullmatch(text):
        return ManaSpent(m["color"].upper())  # CR 601.2h: a color of mana paid for it
    if m := re.fullmatch(r"you have (?P<n>\w+) or more opponents", text):
        # The Battlebond lands (CR 102.3): a multiplayer game's opponents, counted.
        return Compare(OpponentCount(), ">=", _number(m["n"], sentence))
    if text == "an opponent lost life this turn":
        # Cindering Cutthroat: the turn's record of life lost (CR 119.3), any opponent's.
        return Compare(TurnTotal("life_lost", "opponents"), ">=", 1)
    if m := re.fullmatch(r"(?P<n>\w+) or more colors of mana were spent to cast (?:it|~)", text):
        # Steel Exemplar (CR 601.2h, 105.1): as converge counts them.
        return Compare(HowCast("colors_spent"), ">=", _number(m["n"], sentence))
    if text in ("it devoured a creature", "~ devoured a creature"):
        return Compare(HowCast("devoured"), ">=", 1)  # CR 702.82b: as it entered
    if (happened := _THIS_TURN.get(text.removeprefix("you've ").strip())) is not None:
        return HappenedThisTurn(happened)
    if (common := _most_common_color(text, sentence, state)) is not None:
        return common
    if m := re.fullmatch(
        r"the top card of your library is (?:an? )?(?P<what>[\w ]+?)(?: card)?", text
    ):
        # Mul Daya Channelers, Vampire Nocturnus (CR 401.1: the library's first card).
        wanted = _kinds_or(m["what"].split())
        if isinstance(wanted, Filter):
            return TopOfLibrary(replace(wanted, zone="library"))
        raise OracleParseError(sentence, f'cannot read the condition "{words}"')
    if m := re.fullmatch(r"a library has (?P<n>\w+) or (?P<cmp>fewer|more) cards in it", text):
        op = "<=" if m["cmp"] == "fewer" else ">="
        return AnyLibrarySize(op, _number(m["n"], sentence))  # type: ignore[arg-type]
    if text == "they all share a color" and state.previous is not None:
        return AllShareAColor(state.previous)  # Common Cause (CR 105.2)
    if text == "your life total is greater than or equal to your starting life total":
        # Path of Bravery (CR 103.4)
        return Compare(Sum(LifeTotal(), Negate(StartingLife())), ">=", 0)
    if text == "an opponent's life total is less than half their starting life total":
        return Compare(OpponentsBelowHalfStartingLife(), ">=", 1)  # Anya, Merciless Angel
    if (theirs := _its_controller_controls(text, sentence, state)) is not None:
        return theirs
    if m := re.fullmatch(r"an opponent has (?P<n>\w+) or more cards in their graveyard", text):
        # Jace's Phantasm: any one opponent's graveyard (CR 611.3a); "your" is each opponent
        # in turn as Compare asks them.
        pile = _subject_words("cards in your graveyard", sentence, state)
        return Compare(CountObjects(pile), ">=", _number(m["n"], sentence), who="opponent")
    if m := re.fullmatch(r"an opponent owns (?:a|an) (?P<what>[\w ]*?)cards? in exile", text):
        # Warden of the Beyond: a card in exile that an opponent owns.
        pile = _subject_words(f"{m['what']}cards an opponent owns in exile", sentence, state)
        return CountAtLeast(pile, 1)
    if m := re.fullmatch(
        r"(?P<n>\w+) or more (?P<kind>equipment|auras) are attached to (?:it|~)", text
    ):
        # Balan, Wandering Knight: "two or more Equipment are attached to it".
        it = state.previous if state.previous is not None else Subject("self", words=SELF)
        attached_kind = "equipped" if m["kind"] == "equipment" else "enchanted"
        least = _number(m["n"], sentence)
        return SourceStatus(attached_kind, it, minimum=least)  # type: ignore[arg-type]
    if m := _IT_STATUS.fullmatch(text):
        # "~ has first strike as long as it's attacking": "it" is the subject just read;
        # "~ is enchanted" names the source itself (Gate Hound's "Creatures you control
        # have vigilance as long as ~ is enchanted").
        it = state.previous if state.previous is not None else Subject("self", words=SELF)
        if text.startswith(SELF):
            it = Subject("self", words=SELF)
        if it.kind == "filter":
            # "Each untapped creature you control gets +0/+2 as long as it's not attacking":
            # "it" is each affected object in turn, which a condition can't say yet.
            raise OracleParseError(sentence, f'cannot read the condition "{words}" per object')
        it_status = SourceStatus(m["status"], it)  # type: ignore[arg-type]
        return Not(it_status) if m["neg"] else it_status
    if m := re.fullmatch(
        r"there (?:is|are) exactly (?P<n>\w+) (?P<kind>[\w+/-]+) counters? on ~", text
    ):
        # "As long as there is exactly one tide counter on ~" (Homarid): at least n, not n+1.
        n = _number(m["n"], sentence)
        me = Subject("self", words=SELF)
        exactly = SourceStatus("counter", me, counter_kind=m["kind"], minimum=n)
        too_many = SourceStatus("counter", me, counter_kind=m["kind"], minimum=n + 1)
        return AllOf((exactly, Not(too_many))) if n else Not(too_many)
    if text == "you have more cards in hand than each opponent":
        # Okina Nightwatch: your hand is bigger than the biggest opponent's (CR 611.3a).
        lead = Sum(HandSize(), Negate(HandSize("most_opponent")))
        return Compare(lead, ">=", 1)
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
    if text in ("it's not your turn", "it isn't your turn", "it is not your turn"):
        return YourTurn(negated=True)
    if m := re.fullmatch(r"(?:it's|it is) (?:(?:a|an) )?(?P<what>[\w -]+)", text):
        it = state.previous if state.previous is not None else Subject("self", words=SELF)
        return _is_a(it, m["what"], words, sentence)
    if m := re.fullmatch(
        r"(?P<who>it|~|equipped creature|enchanted creature) (?P<neg>has|doesn't have) "
        r"(?P<what>[\w ]+)",
        text,
    ):
        # "~ has indestructible as long as it has defender" (CR 611.3a, checked continuously);
        # "as long as equipped creature has defender" (Warmonger's Chariot).
        cursor = Cursor(tokenize(m["what"]), sentence=sentence)
        name = read_keyword(cursor, parameters=False)
        if name is not None and cursor.at_end():
            it = state.previous if state.previous is not None else Subject("self", words=SELF)
            if m["who"] not in ("it", SELF):
                it = _subject_words(m["who"], sentence, state)
            has = ObjectMatches(it, Filter(with_any_ability=frozenset({name.lower()})))
            return has if m["neg"] == "has" else Not(has)
    if m := re.fullmatch(r"an? (?P<what>[\w ]+?) has an? (?P<kind>\S+) counter on it", text):
        # Tenacious Hunter: "as long as a creature has a -1/-1 counter on it"
        found = _counted_words(f"{m['what']} with a {m['kind']} counter on it", sentence, state)
        return CountAtLeast(found, 1)
    if re.fullmatch(r"~ (remains|is) on the battlefield", text):
        return Always()
    if re.fullmatch(r"~ is attached to a creature", text):
        # Pact Weapon, Conqueror's Flail: the Equipment is on a creature (CR 301.5).
        return SourceStatus("attached_to_creature", Subject("self", words=SELF))
    if (turn := _turn_condition(text, sentence)) is not None:
        return turn
    if (life := _starting_life_condition(text, sentence)) is not None:
        return life
    if m := _OWN_STAT.fullmatch(text):
        # "as long as ~'s power is 4 or greater" (Karsus Depthguard): its own P/T now.
        op = ">=" if m["cmp"] == "greater" else "<="
        limit = (op, _number(m["n"], sentence))
        own_stat = Filter(power=limit) if m["stat"] == "power" else Filter(toughness=limit)
        return ObjectMatches(Subject("self", words=SELF), own_stat)
    if text == "you have a full party":
        # CR 700.8: a Cleric, a Rogue, a Warrior and a Wizard among your creatures.
        mine = _subject_words("creatures you control", sentence, state)
        return Compare(PartySize(mine), ">=", 4)
    if text == "~ is in your graveyard":
        # CR 113.6b: the ability says it works while its card is in a graveyard (Anger).
        return SourceStatus("in_graveyard", Subject("self", words=SELF))
    cursor = Cursor(tokenize(words), sentence=sentence)
    fail = OracleParseError(sentence, f'cannot read the condition "{words}"')
    anyone = cursor.accept("a", "player", "has")
    if anyone or cursor.accept("you", "have") or cursor.accept("an", "opponent", "has"):
        who = "you" if cursor.tokens[cursor.pos - 1].lower() == "have" else "opponent"
        amount = _number_then(cursor)
        if amount is None or not cursor.accept("life") or not cursor.at_end():
            raise fail
        if anyone:
            # "unless a player has 13 or less life" (Abandoned Campground): you or any
            # opponent (CR 102.1: every player).
            your_life = Compare(LifeTotal(), amount[1], amount[0])  # type: ignore[arg-type]
            return AnyOf((your_life, replace(your_life, who="opponent")))
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
    if m := re.fullmatch(
        r"there are (\w+) or more card types (?:among cards )?in your graveyard", text
    ):
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
    if m := re.fullmatch(
        r"(?P<n>an?|\w+)(?P<more> or more)? (?P<what>[\w/ -]+? )?cards? (?:is|are) "
        r"in your graveyard",
        text,
    ):
        # "a Warrior card is in your graveyard" (Vengeful Firebrand), "an artifact card ...".
        pile = _subject_words(f"{m['what'] or ''}cards in your graveyard", sentence, state)
        least = 1 if m["n"] in ("a", "an") else _number(m["n"], sentence)
        return CountAtLeast(pile, least, ">=" if m["more"] or least == 1 else "==")
    if m := re.fullmatch(r"(?:there are )?(\w+) or more cards (?:are )?in your graveyard", text):
        graveyard = _subject_words("cards in your graveyard", sentence, state)
        minimum = _number(m[1], sentence)
        return CountAtLeast(graveyard, minimum)
    opponents = cursor.accept("your", "opponents", "control")
    if opponents or cursor.accept("you", "control"):
        # "your opponents control eight or more lands" (Turbulent Fen): all of them together.
        controller: Literal["you", "opponent"] = "opponent" if opponents else "you"
        if not opponents and cursor.accept("another"):
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
        filters = tuple(replace(f, controller=controller) for f in subject.filters)
        counted = Subject("filter", filters, words=subject.words)
        if (minimum, op) == (1, "=="):
            # "As long as you control exactly one creature, that creature gets +3/+1": "that
            # creature" is the one counted (Homicidal Seclusion).
            state.previous = counted
        return CountAtLeast(counted, minimum, op)
    if cursor.accept("the", "chosen", "player", "controls"):
        # Jihad: "as long as the chosen player controls a nontoken permanent of the chosen
        # color" (CR 607.2: the player chosen as the source entered).
        cursor.accept("a") or cursor.accept("an")
        subject = parse_subject(cursor, state.context)
        if subject is None or not cursor.at_end():
            raise fail
        filters = tuple(replace(f, controller="chosen_player") for f in subject.filters)
        return CountAtLeast(Subject("filter", filters, words=subject.words), 1)
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
        "is renowned",
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
    if stat := cursor.accept_any("has power", "has toughness"):
        # "If target creature has toughness 5 or greater, it gets +4/-4" (Blood Lust): its
        # power or toughness as the spell resolves (CR 608.2c).
        comparison = parse_comparison(cursor)
        if comparison is None or comparison[1] < 0 or not cursor.at_end():
            raise fail
        if stat.endswith("power"):
            return ObjectMatches(subject, Filter(power=comparison))
        return ObjectMatches(subject, Filter(toughness=comparison))
    if cursor.accept("has", "a") or cursor.accept("has", "one", "or", "more"):
        kind = cursor.raw() if cursor.peek(1) in ("counter", "counters") else None
        if kind is not None:
            cursor.pos += 1
        if cursor.accept_any("counter on it", "counters on it") and cursor.at_end():
            return SourceStatus("counter", subject, counter_kind=kind)
        raise fail
    if cursor.accept("is") or cursor.accept("are") or cursor.accept("'s"):
        cursor.accept("a") or cursor.accept("an")
        wanted = _kinds_or([t.lower() for t in cursor.tokens[cursor.pos :]], subject)
        if isinstance(wanted, AnyOf):
            return wanted
        if wanted is not None:
            return ObjectMatches(subject, wanted)
    raise fail


_MOST_COMMON = re.compile(
    r"(?P<color>white|blue|black|red|green|the chosen color) is the most common color among "
    r"(?P<among>.+?) (?P<ties>or is tied|but isn't tied) for most common"
)
_SHARES_MOST_COMMON = re.compile(
    r"(?:it|~) shares a color with the most common color among (?P<among>.+?) or a color "
    r"tied for most common"
)


def _most_common_color(text: str, sentence: str, state: _SentenceState) -> Condition | None:
    """The Djinns' "black is the most common color among all permanents or is tied for most
    common", Call to Arms' "the chosen color is ... but isn't tied", and Heroic Defiance's
    "it shares a color with the most common color ... or a color tied" (CR 105.2)."""
    if m := _MOST_COMMON.fullmatch(text):
        among = _counted_words(m["among"], sentence, state)
        color = None if m["color"] == "the chosen color" else COLOR_WORDS[m["color"]]
        return MostCommonColor(among, color, ties=m["ties"] == "or is tied")
    if m := _SHARES_MOST_COMMON.fullmatch(text):
        it = state.previous if state.previous is not None else Subject("self", words=SELF)
        if it.kind == "filter":
            raise OracleParseError(sentence, f'cannot read the condition "{text}" per object')
        return MostCommonColor(_counted_words(m["among"], sentence, state), sharing=it)
    return None


_ITS_CONTROLLER_CONTROLS = re.compile(
    r"its controller controls (?P<q>another|no other) (?P<what>[\w ]+?)s?"
)


def _its_controller_controls(text: str, sentence: str, state: _SentenceState) -> Condition | None:
    """ "Enchanted creature has shroud as long as its controller controls another creature"
    (Favorable Destiny), "... no other creatures" (Predator's Gambit): counted among the
    permanents of whoever controls "it", "it" itself left out."""
    m = _ITS_CONTROLLER_CONTROLS.fullmatch(text)
    if m is None:
        return None
    it = state.previous
    if it is None or it.kind == "filter":
        raise OracleParseError(sentence, f'cannot read the condition "{text}" per object')
    counted = _counted_words(m["what"], sentence, state)
    if m["q"] == "another":
        return ItsControllerControls(it, counted, 1, ">=")
    return ItsControllerControls(it, counted, 0, "<=")


def _counted_words(words: str, sentence: str, state: _SentenceState) -> Subject:
    """A group of objects the condition counts ("all permanents"), all of the words read."""
    cursor = Cursor(tokenize(words), sentence=sentence)
    subject = parse_subject(cursor, state.context)
    if subject is None or not cursor.at_end():
        raise OracleParseError(sentence, f'cannot tell what "{words}" means')
    return subject


_IT_STATUS = re.compile(
    r"(?:it's|it is|~ is)(?P<neg> not)? (?P<status>attacking|blocking|tapped|untapped|"
    r"enchanted|equipped|monstrous|renowned)"
)
_TURN_AMOUNT = re.compile(
    r"(?:(?P<you>you(?:'ve)?)|an opponent) (?:gained|lost) life this turn", re.IGNORECASE
)
_POISONED = re.compile(r"an opponent has (?P<n>\w+) or more poison counters")
_SPELLS_CAST = re.compile(r"you've cast (?P<n>\w+) or more spells this turn")


def _turn_condition(text: str, sentence: str) -> Condition | None:
    """What the turn's record or the players' counters say: "you gained life this turn",
    "an opponent lost life this turn" (CR 119.3), "an opponent has three or more poison
    counters" (corrupted, 122.1f), "you've cast two or more spells this turn" (601.2i)."""
    if m := _TURN_AMOUNT.fullmatch(text):
        kind = "life_gained" if " gained " in text else "life_lost"
        who = "you" if m["you"] else "opponents"
        if who == "opponents":
            # Any one opponent: each opponent in turn is "you" (Compare's ``who``).
            return Compare(TurnTotal(kind, "you"), ">=", 1, who="opponent")  # type: ignore[arg-type]
        return Compare(TurnTotal(kind, "you"), ">=", 1)  # type: ignore[arg-type]
    if m := _POISONED.fullmatch(text):
        return Compare(PlayerCounters("poison"), ">=", _number(m["n"], sentence), who="opponent")
    if m := _SPELLS_CAST.fullmatch(text):
        return Compare(SpellsCastThisTurn(by_you=True), ">=", _number(m["n"], sentence))
    return None


_OWN_STAT = re.compile(r"~'s (?P<stat>power|toughness) is (?P<n>\w+) or (?P<cmp>greater|less)")
_HALF_STARTING = "your life total is less than or equal to half your starting life total"
_ABOVE_STARTING = re.compile(
    r"you have at least (?P<a>\w+) life more than your starting life total|"
    r"your life total is at least (?P<b>\w+) greater than your starting life total"
)


def _starting_life_condition(text: str, sentence: str) -> Condition | None:
    """Life against the starting life total (CR 103.4): "less than or equal to half your
    starting life total" (Bhaal, Lord of Murder), "at least 7 life more than your starting
    life total" (Righteous Valkyrie)."""
    if text == _HALF_STARTING:
        # life <= starting / 2, in whole numbers: 2 * life - starting <= 0.
        return Compare(Sum(Times(2, LifeTotal()), Negate(StartingLife())), "<=", 0)
    if text == "your life total is greater than your starting life total":
        return Compare(Sum(LifeTotal(), Negate(StartingLife())), ">=", 1)  # Elenda
    if m := _ABOVE_STARTING.fullmatch(text):
        least = _number(m["a"] or m["b"], sentence)
        return Compare(Sum(LifeTotal(), Negate(StartingLife())), ">=", least)
    return None


_HAND_COUNT = re.compile(
    r"(?P<who>you|an opponent) (?:have|has) (?P<n>no|\w+)(?: or (?P<cmp>more|fewer|less))? "
    r"cards? in (?:your |their )?hand"
)
_CONTROLS_NONE = re.compile(
    r"(?:(?P<mine>you) control no|(?:your opponents|each opponent) controls? no|"
    r"no opponent controls (?:a |an )?)(?: )?(?P<what>[\w ,-]+)"
)


def _is_a(subject: Subject, what: str, words: str, sentence: str) -> Condition:
    """ "it's a Goblin", "it's an artifact creature", "it's legendary", "it's black", "it's
    a Human or an Angel" (any of them)."""
    kinds = _kinds_or(what.lower().split(), subject)
    if kinds is None:
        raise OracleParseError(sentence, f'cannot read the condition "{words}"')
    return kinds if isinstance(kinds, AnyOf) else ObjectMatches(subject, kinds)


def _kinds_or(words: list[str], subject: Subject | None = None) -> Filter | AnyOf | None:
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
    for word in words:
        if word in COLOR_WORDS:
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
    unless = False
    lasts = False
    # A quoted ability keeps its own "as long as" and "where X is" (Giant's Amulet's
    # "This creature has hexproof as long as it's untapped."), so quotes are blanked first.
    if condition is None and (m := _TRAILING_AS_LONG_AS.match(_unquoted(body))):
        # read after the subject, which "it" in it refers to
        body, trailing = body[: m.end("main")], body[m.start("cond") :]
        # "That land is an Island ... for as long as it has a flood counter on it": a
        # resolved effect's duration (CR 611.2b).
        lasts = bool(m["lasts"])
        if lasts and not state.resolving:
            raise OracleParseError(sentence, "a duration outside a resolving text")
    elif condition is None and (m := _TRAILING_UNLESS.match(_unquoted(body))):
        # "~ has hexproof unless it's attacking or blocking" (Tromokratis): the effect
        # applies while the condition doesn't hold (CR 611.3a, checked continuously).
        body, trailing, unless = body[: m.end("main")], body[m.start("cond") :], True
    where: Expr | None = None
    where_y: Expr | None = None
    if (m := _WHERE_X_AND_Y.match(_unquoted(body))) and re.search(
        r" \+x/\+y\b", m["main"], re.IGNORECASE
    ):
        # "gets +X/+Y, where X is ... and Y is ..." (Aspect of Wolf): X is the power change
        # and Y the toughness change; read as +X/+X, then each side gets its own number.
        x_words, y_words = body[m.start("x") : m.end("x")], body[m.start("y") :]
        body = re.sub(r" \+x/\+y\b", " +X/+X", body[: m.end("main")], flags=re.IGNORECASE)
        where = _where_number(x_words, sentence, state)
        where_y = _where_number(y_words, sentence, state)
    elif m := _WHERE_X.match(_unquoted(body)):
        body, expr_words = body[: m.end("main")], body[m.start("expr") :]
        cursor = Cursor(tokenize(expr_words), sentence=sentence)
        where = parse_expression(cursor, state.context)
        if not cursor.at_end():
            raise OracleParseError(sentence, f'cannot read "X is {expr_words}"')
    if is_player_rule(body):
        # CR 613.10-613.11: effects on players and on the rules, not on characteristics.
        return None, True
    body = re.sub(r"^it's ", "it is ", body)  # "..., it's a creature in addition to ..."
    body = re.sub(r"^they're ", "they are ", body)
    cursor = Cursor(tokenize(body), sentence=sentence)
    try:
        subject = parse_subject(cursor, state.context)
        if subject is None:
            raise OracleParseError(sentence, "cannot tell what this applies to")
        if _unnamed_group(subject, state):
            if not (state.resolving and state.first):
                raise OracleParseError(sentence, f'cannot tell what "{subject.words}" refers to')
            # A resolving text's later paragraph: the objects of the effect before it, which
            # the resolution knows (CR 608.2c: the text is read as a whole).
            subject = Subject("earlier", words=subject.words)
        subject = _resolve_antecedent(subject, state)
        result = parse_predicates(cursor, state.context)
        if not cursor.at_end():
            cursor.fail("unexpected words")
        if trailing is not None:
            state.previous = subject
            condition = _condition(trailing, sentence, state)
            if unless:
                condition = Not(condition)
    except OracleParseError:
        if names_a_rule(body):
            # CR 613.11: a rule about attacking, blocking, untapping, ... not a characteristic.
            return None, True
        raise
    state.previous = subject
    if not result.parts:
        return None, bool(result.rules)
    parts = merge_type_parts(result.parts, result.lose_other_types)
    parts = _merge_ability_parts(parts)
    if where is not None and where_y is not None:
        parts = [Part(p.layer, _substitute_xy(p.action, where, where_y)) for p in parts]
    elif where is not None:
        parts = [Part(p.layer, _substitute_x(p.action, where)) for p in parts]
    cda = subject.kind == "self" and condition is None and all(_defines_itself(p) for p in parts)
    spec = EffectSpec(
        sentence,
        subject,
        tuple(parts),
        condition=condition,
        cda=cda and not lasts,
        until_end_of_turn=until_eot,
        lasts_while=lasts,
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


def _where_number(words: str, sentence: str, state: _SentenceState) -> Expr:
    cursor = Cursor(tokenize(words), sentence=sentence)
    expr = parse_expression(cursor, state.context)
    if not cursor.at_end():
        raise OracleParseError(sentence, f'cannot read "{words}"')
    return expr


def _substitute_xy(action: Any, x: Expr, y: Expr) -> Any:
    """ "+X/+Y, where X is ... and Y is ...": X the power change, Y the toughness change."""
    if isinstance(action, ModifyPT) and action.power == VarX() and action.toughness == VarX():
        return replace(action, power=AtLeastZero(x), toughness=AtLeastZero(y))  # CR 107.1b
    return action


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

    if isinstance(action, ModifyPT):
        # CR 107.1b: X of a P/T change is never below zero (a set P/T may be negative).
        expr = AtLeastZero(expr)
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
