"""The general sentence (SUBJECT VERB-PHRASES, with its condition, duration and "where X is")
and the fixed templates whose subject sits inside the sentence (control, text changes,
characteristic-defining P/T, copies)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Literal

from rules_engine.affected import Filter, Subject
from rules_engine.effects import (
    AbilityChange,
    AffectedStat,
    AllOf,
    AtLeastZero,
    ChangeText,
    ColorChange,
    Compare,
    Condition,
    CopyOf,
    EffectSpec,
    ExchangeControl,
    Expr,
    GreatestStat,
    ManaValueOfAffected,
    ModifyPT,
    Negate,
    ObjectMatches,
    Part,
    SetController,
    SetPT,
    SourceStatus,
    Sum,
    SwitchPT,
    Times,
    TypeChange,
    VarX,
    YourTurn,
)
from rules_engine.oracle.amounts import parse_expression
from rules_engine.oracle.conditions import read_condition
from rules_engine.oracle.copies import copy_exceptions
from rules_engine.oracle.cursor import Cursor, OracleParseError
from rules_engine.oracle.numbers import read_number
from rules_engine.oracle.per_object import group_condition
from rules_engine.oracle.predicates import merge_type_parts, parse_predicates
from rules_engine.oracle.sentence_state import (
    SentenceState,
    blank_quotes,
    resolve_antecedent,
    subject_from,
    unnamed_group,
)
from rules_engine.oracle.subjects import SubjectContext, parse_comparison, parse_subject
from rules_engine.oracle.templates import (
    CDA_BOTH,
    CDA_ONE,
    CDA_SPLIT,
    EXCHANGE,
    GAIN_CONTROL,
    MONARCH_CONTROLS,
    PLAYER_GAINS_CONTROL,
    PT_UNDER_CONDITION,
    SWITCH,
    TEXT_CHANGE,
    TEXT_CHANGE_ALL,
    YOU_CONTROL,
    is_player_rule,
    names_a_rule,
)
from rules_engine.oracle.text import SELF, tokenize
from rules_engine.vocabulary import subtype_category

_AS_LONG_AS = re.compile(r"^as long as (?P<cond>.+?), (?P<rest>.+)$", re.IGNORECASE)
# "As long as ~ is enchanted, equipped, and has a counter on it, ~ has ..." (Kosei): the
# condition's own list holds commas, so it ends at the comma after its last item.
_AS_LONG_AS_LIST = re.compile(
    r"^as long as (?P<cond>(?:~|it) is \w+, \w+,? and (?:has|is) [^,\"]+), (?P<rest>.+)$",
    re.IGNORECASE,
)
# "~ has flying and trample if it devoured a creature" (Hellkite Hatchling): a fact fixed as
# it entered (702.82b), so "if" reads as "as long as"; so does a static ability's "if it
# hasn't dealt damage yet" (Karakyk Guardian: checked continuously, CR 611.3a), and "if it's
# a token" (Aeve, Progenitor Ooze: a token stays one, CR 111.1).
_TRAILING_AS_LONG_AS = re.compile(
    r"^(?P<main>.+?) (?P<lasts>for )?"
    r"(?:as long as |if (?=(?:it|~) (?:devoured |hasn't dealt damage yet\.?$))"
    r"|if (?=it's a token\.?$))(?P<cond>.+)$",
    re.IGNORECASE,
)
_FOR_AS_LONG_AS = re.compile(r"^(?P<subj>.+?) for as long as (?P<cond>.+)$", re.IGNORECASE)
# "for as long as ~ remains on the battlefield": the source itself, not a static's Always.
_SOURCE_REMAINS = re.compile(
    r"^(?:~|this \w+) (?:remains|is) on the battlefield\.?$", re.IGNORECASE
)
# "gets +3/+3 unless ...": not a rule ("can't block unless ..."), which names_a_rule reads.
_TRAILING_UNLESS = re.compile(
    r"^(?P<main>(?:(?!\bcan't\b|\bdoesn't\b|\bdon't\b).)+?) unless (?P<cond>.+)$",
    re.IGNORECASE,
)
_DURING_YOUR_TURN = re.compile(r"^during your turn, (?P<rest>.+)$", re.IGNORECASE)
_TRAILING_DURING_YOUR_TURN = re.compile(r"^(?P<main>.+?) during your turn\.?$", re.IGNORECASE)
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


def still_a_land(spec: EffectSpec) -> EffectSpec:
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
    m: re.Match[str], subject: Subject, sentence: str, state: SentenceState
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


def special_sentence(
    body: str, sentence: str, state: SentenceState, until_eot: bool
) -> EffectSpec | None:
    """Fixed templates whose subject sits inside the sentence."""

    def make(subject: Subject, parts: tuple[Part, ...], cda: bool = False) -> EffectSpec:
        state.previous = subject
        return EffectSpec(sentence, subject, parts, cda=cda, until_end_of_turn=until_eot)

    if m := _BECOMES_COPY_EXCEPT.match(body):
        # CR 707.9: "~ becomes a copy of target creature, except ..." (Cryptoplasm); the
        # exception is read like a Clone's and becomes part of the copiable values (707.9b).
        spec, _ = general_sentence(m["main"], sentence, state, until_eot)
        if spec is not None:
            exception = copy_exceptions(m["except"], sentence)

            def excepted(part: Part) -> Part:
                if not isinstance(part.action, CopyOf):
                    return part
                return replace(part, action=replace(exception, source=part.action.source))

            return replace(spec, parts=tuple(excepted(p) for p in spec.parts))
    if m := SWITCH.match(body):
        return make(subject_from(m["subj"], sentence, state), (Part("7d", SwitchPT()),))
    if m := GAIN_CONTROL.match(body):
        return _gain_control(m["subj"], sentence, state, make)
    if m := PLAYER_GAINS_CONTROL.match(body):
        (slot,) = state.context.take_targets(1)  # the player is the first target (CR 115.1)
        return make(
            subject_from(m["subj"], sentence, state),
            (Part("2", SetController("target_player", slot)),),
        )
    if m := YOU_CONTROL.match(body):
        return make(
            subject_from(m["subj"], sentence, state),
            (Part("2", SetController("source_controller")),),
        )
    if m := MONARCH_CONTROLS.match(body):
        # Fealty to the Realm: layer 2, the monarch as the new controller (CR 613.1b, 725).
        return make(
            subject_from(m["subj"], sentence, state), (Part("2", SetController("monarch")),)
        )
    if m := EXCHANGE.match(body):
        return make(subject_from(m["subj"], sentence, state), (Part("2", ExchangeControl()),))
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
            subject_from(m["subj"], sentence, state),
            (Part("3", ChangeText(frozenset(kinds), to)),),  # type: ignore[arg-type]
        )
    if m := TEXT_CHANGE_ALL.match(body):
        # CR 612.2: every color word in the texts changes to one color word.
        change = ChangeText(frozenset({"color"}), m["to"], every=True)
        return make(subject_from(m["subj"], sentence, state), (Part("3", change),))
    self_subject = Subject("self", words=SELF)
    if m := PT_UNDER_CONDITION.match(body):
        # Angry Mob: "As long as it's your turn, ~'s power and toughness are each equal to 2
        # plus ..."; under a condition this is no characteristic-defining ability (CR
        # 604.3a), but an effect setting power and toughness on the battlefield (613.4b).
        condition = read_condition(m["cond"], sentence, state)
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


_CANT_ATTACK = re.compile(r"\bcan't (?:attack|block)\b", re.IGNORECASE)
_CHARACTERISTIC_VERB = re.compile(r"\b(?:gets?|has|have|is|are|gains?|loses?)\b", re.IGNORECASE)


def _attack_cost(body: str) -> bool:
    """An attack or block restriction with a cost of X (CR 508.1d, 509.1d) and nothing else:
    no characteristic ("gets", "has") beside it."""
    lowered = body.lower()
    return (
        "," not in lowered
        and " unless " in lowered
        and lowered.endswith(" pays {x}")
        and _CANT_ATTACK.search(lowered) is not None
        and _CHARACTERISTIC_VERB.search(lowered) is None
    )


def general_sentence(
    body: str, sentence: str, state: SentenceState, until_eot: bool
) -> tuple[EffectSpec | None, bool]:
    """SUBJECT VERB-PHRASES, with an optional "As long as" condition."""
    condition, body = _leading_condition(body, sentence, state)
    trailing: str | None = None
    unless = False
    lasts = False
    # A quoted ability keeps its own "as long as" and "where X is" (Giant's Amulet's
    # "This creature has hexproof as long as it's untapped."), so quotes are blanked first.
    if condition is None and (m := _TRAILING_AS_LONG_AS.match(blank_quotes(body))):
        # read after the subject, which "it" in it refers to
        body, trailing = body[: m.end("main")], body[m.start("cond") :]
        # "That land is an Island ... for as long as it has a flood counter on it": a
        # resolved effect's duration (CR 611.2b).
        lasts = bool(m["lasts"])
        if lasts and not (state.resolving or state.mode):
            raise OracleParseError(sentence, "a duration outside a resolving text")
    elif condition is None and (m := _TRAILING_UNLESS.match(blank_quotes(body))):
        # "~ has hexproof unless it's attacking or blocking" (Tromokratis): the effect
        # applies while the condition doesn't hold (CR 611.3a, checked continuously).
        body, trailing, unless = body[: m.end("main")], body[m.start("cond") :], True
    where: Expr | None = None
    where_y: Expr | None = None
    if (m := _WHERE_X_AND_Y.match(blank_quotes(body))) and re.search(
        r" \+x/\+y\b", m["main"], re.IGNORECASE
    ):
        # "gets +X/+Y, where X is ... and Y is ..." (Aspect of Wolf): X is the power change
        # and Y the toughness change; read as +X/+X, then each side gets its own number.
        x_words, y_words = body[m.start("x") : m.end("x")], body[m.start("y") :]
        body = re.sub(r" \+x/\+y\b", " +X/+X", body[: m.end("main")], flags=re.IGNORECASE)
        where = _where_number(x_words, sentence, state)
        where_y = _where_number(y_words, sentence, state)
    elif m := _WHERE_X.match(blank_quotes(body)):
        body, expr_words = body[: m.end("main")], body[m.start("expr") :]
        if _attack_cost(body):
            # "... can't attack you ... unless its controller pays {X}, where X is ..." (Nils,
            # Discipline Enforcer): X only sizes a cost to attack, a rule of the game
            # (CR 508.1d, 508.1h; 613.11), not a characteristic.
            return None, True
        cursor = Cursor(tokenize(expr_words), sentence=sentence)
        where = parse_expression(cursor, state.context)
        if not cursor.at_end():
            raise OracleParseError(sentence, f'cannot read "X is {expr_words}"')
    if is_player_rule(body):
        # CR 613.10-613.11: effects on players and on the rules, not on characteristics.
        return None, True
    body = re.sub(r"^it's ", "it is ", body, flags=re.IGNORECASE)  # "It's a creature ..."
    # "he's a 7/7 Dragon God creature" (Grand Master of Flowers): a character card's
    # pronoun for itself, read as "it".
    body = re.sub(r"^(?:he|she)'s ", "it is ", body, flags=re.IGNORECASE)
    # "As long as ..., he has flying." (Beast, Erudite Aerialist): the same pronoun.
    body = re.sub(r"^(?:he|she) (?=(?:has|gets) )", "it ", body, flags=re.IGNORECASE)
    body = re.sub(r"^they're ", "they are ", body, flags=re.IGNORECASE)
    cursor = Cursor(tokenize(body), sentence=sentence)
    try:
        subject = parse_subject(cursor, state.context)
        if subject is None:
            raise OracleParseError(sentence, "cannot tell what this applies to")
        if unnamed_group(subject, state):
            if not (state.resolving and state.first):
                raise OracleParseError(sentence, f'cannot tell what "{subject.words}" refers to')
            # A resolving text's later paragraph: the objects of the effect before it, which
            # the resolution knows (CR 608.2c: the text is read as a whole).
            subject = Subject("earlier", words=subject.words)
        subject = resolve_antecedent(subject, state)
        result = parse_predicates(cursor, state.context)
        if not cursor.at_end():
            cursor.fail("unexpected words")
        if trailing is not None:
            # For a group, "it" in the condition is each object in turn (CR 611.3a).
            subject, condition = group_condition(trailing, subject, sentence, state, unless)
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


def _gain_control(
    words: str,
    sentence: str,
    state: SentenceState,
    make: Callable[[Subject, tuple[Part, ...]], EffectSpec],
) -> EffectSpec:
    """ "Gain control of ...": layer 2 (CR 613.1b), with a condition checked as it resolves
    or a duration."""
    caster = (Part("2", SetController("caster")),)
    if lasting := _FOR_AS_LONG_AS.match(words):
        # "Gain control of target creature for as long as ~ remains on the battlefield"
        # (The Akroan War): a resolved effect's duration (CR 611.2b).
        if not (state.resolving or state.mode):
            raise OracleParseError(sentence, "a duration outside a resolving text")
        spec = make(subject_from(lasting["subj"], sentence, state), caster)
        until = duration_condition(lasting["cond"], sentence, state)
        return replace(spec, condition=until, lasts_while=True)
    if (stat := _ITS_STAT_IF.match(words)) is not None:
        words = stat["subj"]  # "Gain control of target creature if its power is ..."
    spec = make(subject_from(words, sentence, state), caster)
    if stat is not None:
        spec = replace(spec, only_if=_its_stat_condition(stat, spec.subject, sentence, state))
    return spec


def duration_condition(words: str, sentence: str, state: SentenceState) -> Condition:
    """A resolved effect's "for as long as ..." (CR 611.2b). "~ remains on the battlefield"
    is true only while the source is there: read as the static ability's Always, it would
    never end."""
    if _SOURCE_REMAINS.match(words.strip()):
        return SourceStatus("on_battlefield", Subject("self", words=SELF))
    return read_condition(words, sentence, state)


def _leading_condition(
    body: str, sentence: str, state: SentenceState
) -> tuple[Condition | None, str]:
    """An "As long as ..." or "During your turn" condition before the sentence (or "during
    your turn" after it), and the rest of the sentence."""
    if m := _AS_LONG_AS_LIST.match(body) or _AS_LONG_AS.match(body):
        condition = read_condition(m["cond"], sentence, state)
        body = m["rest"]
        if m := _AS_LONG_AS.match(body):
            # "As long as it's your turn, as long as ~ is equipped, it has double strike"
            # (Cloud, Planet's Champion): both conditions must hold (CR 611.3a).
            condition = AllOf((condition, read_condition(m["cond"], sentence, state)))
            body = m["rest"]
        return condition, body
    if m := _DURING_YOUR_TURN.match(body):
        return YourTurn(), m["rest"]
    if m := _TRAILING_DURING_YOUR_TURN.match(blank_quotes(body)):
        # "~ has first strike during your turn" (Razorkin Needlehead): while it's its
        # controller's turn (CR 611.3a, 500.1: the active player's turn).
        return YourTurn(), body[: m.end("main")]
    return None, body


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


def _where_number(words: str, sentence: str, state: SentenceState) -> Expr:
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


_HAS_X = re.compile(r"(?<![A-Za-z])X(?![A-Za-z])")


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

    if (
        isinstance(action, AbilityChange)
        and isinstance(expr, ManaValueOfAffected | AffectedStat)
        and any(_HAS_X.search(g) for g in action.grant)
    ):
        # "where X is that artifact's mana value" (Bludgeon Brawl): a number of each object
        # the effect affects, so each granted text gets its own (CR 107.1b: never below 0).
        # One the same for all ("ward {X}, where X is the number of experience counters you
        # have", Minthara) keeps its X, defined by the ability.
        return replace(action, x=AtLeastZero(expr))
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
        x=next((a.x for a in sixes if a.x is not None), None),
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
