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
from typing import Literal

from rules_engine.effects import (
    AbilityChange,
    Always,
    ChangeText,
    Condition,
    CopyOf,
    CountAtLeast,
    EffectSpec,
    ExchangeControl,
    Filter,
    ObjectMatches,
    Part,
    SetController,
    SetPT,
    Subject,
    SwitchPT,
    TypeChange,
)
from rules_engine.oracle.cursor import Cursor, OracleParseError
from rules_engine.oracle.predicates import (
    merge_type_parts,
    parse_expression,
    parse_predicates,
)
from rules_engine.oracle.subjects import NUMBER_WORDS, SubjectContext, parse_subject
from rules_engine.oracle.text import (
    SELF,
    clean,
    mark_self,
    split_sentences,
    strip_reminder,
    tokenize,
)
from rules_engine.vocabulary import ALL_TYPE_WORDS, KEYWORDS

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
]

__all__ = ["OracleParseError", "ParsedAbility", "parse_card_text", "parse_ability_text"]


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

    @property
    def keyword(self) -> str | None:
        return self.text.lower() if self.kind == "keyword" else None

    @property
    def is_mana_ability(self) -> bool:
        return self.kind == "mana"


# --- Ability lines ---------------------------------------------------------------

_ABILITY_WORD = re.compile(r"^([A-Z][\w' ]+?) — (?!•)")
_TRIGGER = re.compile(r"^(when|whenever|at)\b", re.IGNORECASE)
_COST_WORDS = re.compile(
    r"^([{+\-−0-9X]|discard|sacrifice|pay|tap|untap|exile|remove|return|put|collect|reveal)",
    re.IGNORECASE,
)
_ENTERS_COPY = re.compile(
    r"^you may have ~ enter as a copy of (?P<what>.+?)(?:, except (?P<except>.+?))?\.?$",
    re.IGNORECASE,
)
_CHOICE = re.compile(r"^as ~ enters, choose (?:a|an) (?P<what>[\w ]+?)\.?$", re.IGNORECASE)
_REPLACEMENT = re.compile(
    r"\bwould\b|\binstead\b|\benters? tapped\b|\benters? with\b|\benters? as\b|"
    r"\bskips?\b|\bprevent\b|\bregenerate\b|is dealt to|\bcan't be prevented\b",
    re.IGNORECASE,
)


def _split_keywords(line: str) -> list[str] | None:
    """ "Flying, first strike" -> ["Flying", "First strike"]; None if not all keywords."""
    if re.match(r"^enchant\b", line, re.IGNORECASE):
        return [line]
    pieces = [p.strip() for p in re.split(r"[,;] ", line)]
    result: list[str] = []
    for piece in pieces:
        lowered = piece.lower()
        first_two = " ".join(lowered.split()[:2])
        first = lowered.split()[0] if lowered else ""
        if (
            first_two in KEYWORDS
            or first in KEYWORDS
            or (first.endswith("walk") and len(lowered.split()) == 1)
        ):
            result.append(piece[0].upper() + piece[1:])
        else:
            return None
    return result


def _colon_split(text: str) -> tuple[str, str] | None:
    """ "{1}: ~ becomes ..." -> (cost, effect) when the colon is outside quotes."""
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


def parse_ability_text(line: str, name: str, *, spell: bool = False) -> tuple[ParsedAbility, ...]:
    """One paragraph of rules text -> one ability (or several keywords)."""
    return _parse_line(clean(line), name, spell)


@lru_cache(maxsize=4096)
def _parse_line(line: str, name: str, spell: bool) -> tuple[ParsedAbility, ...]:
    display = strip_reminder(line)
    if not display:
        return ()
    if re.match(r"^choose (one|two|one or more|one or both)\b.*—$", display, re.IGNORECASE):
        return (ParsedAbility(display, "modal"),)
    if display.startswith("• "):
        display = display[2:]
    keywords = _split_keywords(display)
    if keywords:
        return tuple(_keyword(k) for k in keywords)
    body = _ABILITY_WORD.sub("", display)
    marked = mark_self(body, name)
    if _TRIGGER.match(marked):
        return (ParsedAbility(display, "triggered"),)
    split = _colon_split(marked)
    if split is not None:
        cost, effect = split
        if re.match(r"^add\b", effect, re.IGNORECASE):
            return (ParsedAbility(display, "mana", cost=cost),)
        effects, rules, notes = _parse_effects(effect, resolving=True)
        return (ParsedAbility(display, "activated", effects, cost=cost, rules=rules, notes=notes),)
    choice = _CHOICE.match(marked)
    if choice:
        return (ParsedAbility(display, "choice", choice=_choice_kind(choice["what"], display)),)
    copy = _ENTERS_COPY.match(marked)
    if copy:
        return (_enters_as_copy(display, copy["what"], copy["except"]),)
    if not spell and _REPLACEMENT.search(marked) and not marked.lower().startswith("as long as"):
        return (ParsedAbility(display, "replacement"),)
    effects, rules, notes = _parse_effects(marked, resolving=spell)
    return (
        ParsedAbility(display, "spell" if spell else "static", effects, rules=rules, notes=notes),
    )


def _keyword(text: str) -> ParsedAbility:
    """Keywords are abilities; changeling also defines creature types (CR 702.73a, 604.3)."""
    if text.lower() == "changeling":
        spec = EffectSpec(
            text="Changeling",
            subject=Subject("self", words=SELF),
            parts=(Part("4", TypeChange(all_creature_types=True, retain=True)),),
            cda=True,
        )
        return ParsedAbility(text, "keyword", (spec,))
    if text.lower() == "devoid":
        from rules_engine.effects import ColorChange

        spec = EffectSpec(
            text="Devoid",
            subject=Subject("self", words=SELF),
            parts=(Part("5", ColorChange()),),
            cda=True,
        )
        return ParsedAbility(text, "keyword", (spec,))
    return ParsedAbility(text, "keyword")


def _choice_kind(what: str, display: str) -> str:
    what = what.lower().strip()
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
    except_types: set[str] = set()
    except_supertypes: set[str] = set()
    if exception:
        m = re.match(
            r"^it's (?:an? )?(?P<words>[\w' -]+?)(?: in addition to its other types)?$",
            exception.strip().rstrip("."),
            re.IGNORECASE,
        )
        if not m:
            raise OracleParseError(display, f'cannot read the exception "{exception}"')
        for word in m["words"].split():
            kind, canonical = ALL_TYPE_WORDS.get(word.lower(), ("", ""))
            if kind == "type":
                except_types.add(canonical)
            elif kind == "supertype":
                except_supertypes.add(canonical)
            else:
                raise OracleParseError(display, f'cannot read the exception "{exception}"')
    return ParsedAbility(
        display,
        "copy",
        copy=CopyOf(
            source="chosen",
            except_types=frozenset(except_types),
            except_supertypes=frozenset(except_supertypes),
        ),
        copy_subject=subject,
    )


# --- Sentences -----------------------------------------------------------------

_ONE_SHOT = re.compile(
    r"^(draw|untap|tap|destroy|exile|return|sacrifice|discard|counter|create|put|search|"
    r"shuffle|scry|surveil|mill|look|reveal|you gain|you lose|target player|each player|"
    r"each opponent|~ deals|it deals|choose|regenerate|prevent|add|attach|investigate|"
    r"proliferate|fight|transform|goad|populate|amass|it fights)\b",
    re.IGNORECASE,
)
_UNTIL_EOT = re.compile(r"(?:^|,? )until end of turn,?", re.IGNORECASE)
_NOT_LAYERED = re.compile(
    r"\bwould\b|\binstead\b|\bprevent(ed)?\b|^if ~ is in your opening hand", re.IGNORECASE
)
_SWITCH = re.compile(r"^switch (?P<subj>.+?)'s? power and toughness$", re.IGNORECASE)
_GAIN_CONTROL = re.compile(r"^gain control of (?P<subj>.+)$", re.IGNORECASE)
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
_AS_LONG_AS = re.compile(r"^as long as (?P<cond>.+?), (?P<rest>.+)$", re.IGNORECASE)
_PLAYER_RULE = re.compile(
    r"^(players|each player|you|your opponents|each opponent|an opponent|counters|damage|"
    r"your life total|spells|creatures can't|activated abilities)\b.*"
    r"\b(can't|cannot|may|must|skip|don't|doesn't|costs?|have no maximum)\b",
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


def _parse_effects(
    text: str, *, resolving: bool
) -> tuple[tuple[EffectSpec, ...], tuple[str, ...], tuple[str, ...]]:
    """Sentences of one ability -> (continuous effects, rule texts, one-shot notes)."""
    state = _SentenceState(SubjectContext())
    effects: list[EffectSpec] = []
    rules: list[str] = []
    notes: list[str] = []
    for sentence in split_sentences(text):
        body = sentence.rstrip(".").strip()
        until_eot = bool(_UNTIL_EOT.search(body))
        body = _UNTIL_EOT.sub("", body).strip().strip(",").strip()
        if m := _STILL_LAND.match(body):
            if not effects:
                raise OracleParseError(sentence, "nothing before it to still be a land")
            effects[-1] = _still_a_land(effects[-1])
            continue
        if m := _SAME_IS_TRUE.match(body):
            if not effects:
                raise OracleParseError(sentence, "nothing before it to be the same")
            extra = _subject_from(m["subj"], sentence, state)
            prior = effects[-1]
            merged = Subject(
                "filter", prior.subject.filters + extra.filters, words=prior.subject.words
            )
            effects[-1] = replace(prior, subject=merged, text=f"{prior.text} {sentence}")
            continue
        if re.match(r"^the new creature type can't be wall$", body, re.IGNORECASE):
            rules.append(sentence)
            continue
        if _NOT_LAYERED.search(body):
            # Replacement and prevention (CR 614-615) are events, not characteristics.
            notes.append(sentence)
            continue
        spec = _special_sentence(body, sentence, state, until_eot)
        if spec is None:
            if _ONE_SHOT.match(body):
                notes.append(sentence)
                _remember_object(body, state)
                continue
            spec, rule = _general_sentence(body, sentence, state, until_eot)
            if rule:
                rules.append(sentence)
            if spec is None:
                continue
        effects.append(replace(spec, targets_used=state.context.next_target))
    return tuple(effects), tuple(rules), tuple(notes)


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
        value = NUMBER_WORDS.get(token, int(token) if token.isdigit() else None)
        if value is None:
            raise OracleParseError(sentence, "expected a number after 'plus'")
        cursor.pos += 1
        expr = Sum(previous, Const(value))
    elif previous is not None and cursor.accept("that", "number"):
        expr = previous
    else:
        expr = parse_expression(cursor, SubjectContext())
    if not cursor.at_end():
        raise OracleParseError(sentence, f'cannot read the number "{words}"')
    return expr


def _condition(words: str, sentence: str, state: _SentenceState) -> Condition:
    cursor = Cursor(tokenize(words), sentence=sentence)
    if cursor.accept("you", "control"):
        count_word = cursor.peek()
        minimum = NUMBER_WORDS.get(count_word, int(count_word) if count_word.isdigit() else 0)
        if not minimum:
            raise OracleParseError(sentence, f'cannot read the condition "{words}"')
        cursor.pos += 1
        cursor.accept("or", "more")
        subject = parse_subject(cursor, state.context)
        if subject is None or not cursor.at_end():
            raise OracleParseError(sentence, f'cannot read the condition "{words}"')
        filters = tuple(replace(f, controller="you") for f in subject.filters)
        return CountAtLeast(Subject("filter", filters, words=subject.words), minimum)
    subject = parse_subject(cursor, state.context)
    if subject is None:
        raise OracleParseError(sentence, f'cannot read the condition "{words}"')
    subject = _resolve_antecedent(subject, state)
    state.previous = subject
    if cursor.accept("is", "on", "the", "battlefield"):
        return Always()
    if cursor.accept("is") or cursor.accept("are"):
        cursor.accept("a") or cursor.accept("an")
        types: set[str] = set()
        subtypes: set[str] = set()
        while cursor.peek() in ALL_TYPE_WORDS:
            kind, canonical = ALL_TYPE_WORDS[cursor.peek()]
            (types if kind == "type" else subtypes).add(canonical)
            cursor.pos += 1
        if (types or subtypes) and cursor.at_end():
            return ObjectMatches(
                subject, Filter(types=frozenset(types), subtypes=frozenset(subtypes))
            )
    raise OracleParseError(sentence, f'cannot read the condition "{words}"')


def _general_sentence(
    body: str, sentence: str, state: _SentenceState, until_eot: bool
) -> tuple[EffectSpec | None, bool]:
    """SUBJECT VERB-PHRASES, with an optional "As long as" condition."""
    condition: Condition | None = None
    if m := _AS_LONG_AS.match(body):
        condition = _condition(m["cond"], sentence, state)
        body = m["rest"]
    if _PLAYER_RULE.match(body):
        # CR 613.10-613.11: effects on players and on the rules, not on characteristics.
        return None, True
    cursor = Cursor(tokenize(body), sentence=sentence)
    subject = parse_subject(cursor, state.context)
    if subject is None:
        raise OracleParseError(sentence, "cannot tell what this applies to")
    subject = _resolve_antecedent(subject, state)
    result = parse_predicates(cursor, state.context)
    if not cursor.at_end():
        cursor.fail("unexpected words")
    state.previous = subject
    if not result.parts:
        return None, bool(result.rules)
    parts = merge_type_parts(result.parts, result.lose_other_types)
    parts = _merge_ability_parts(parts)
    spec = EffectSpec(
        sentence, subject, tuple(parts), condition=condition, until_end_of_turn=until_eot
    )
    return spec, bool(result.rules)


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
