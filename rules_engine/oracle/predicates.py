"""The grammar of "what": verb phrases that become layer parts.

"gets +1/+1" is layer 7c, "has flying" layer 6, "is a Mountain" layer 4, "is
black" layer 5, "has base power and toughness 1/1" layer 7b (CR 613.1, 613.4).
One description ("becomes a 1/5 white Soldier creature") may yield parts in
several layers at once (CR 613.6).

The numbers a verb phrase names are read in ``amounts.py``, the abilities it gives or
takes in ``ability_lists.py``, and what "is"/"becomes" describe in ``descriptions.py``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rules_engine.effects import (
    AbilityChange,
    AtMost,
    Const,
    GreatestStat,
    ModifyPT,
    Part,
    SetPT,
    Sum,
    TypeChange,
)
from rules_engine.oracle.ability_lists import ability_list, starts_ability
from rules_engine.oracle.amounts import for_each, parse_expression, pt_pair, scale
from rules_engine.oracle.cursor import Cursor
from rules_engine.oracle.descriptions import description_parts, parse_description
from rules_engine.oracle.granted_abilities import abilities_except, granted_kinds
from rules_engine.oracle.subjects import SubjectContext, parse_subject
from rules_engine.vocabulary import ALL_TYPE_WORDS

VERBS = {
    "isn't",
    "aren't",
    "get",
    "gets",
    "have",
    "has",
    "gain",
    "gains",
    "lose",
    "loses",
    "is",
    "are",
    "become",
    "becomes",
    "can't",
    "cannot",
    "don't",
    "doesn't",
    "must",
    "may",
    "attack",
    "attacks",
    "block",
    "blocks",
}
# Verbs of rules about what an object can or must do (CR 613.11), e.g. "attacks each
# combat if able": kept as text, since they change no characteristic.
RULE_VERBS = {"can't", "cannot", "don't", "doesn't", "must", "may"}
RULE_VERBS |= {"attack", "attacks", "block", "blocks"}


@dataclass
class PredicateResult:
    """Parts gathered from a subject's verb phrases, plus what was only a rule."""

    parts: list[Part] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    lose_other_types: bool = False


def _lose(cursor: Cursor, result: PredicateResult) -> None:
    if cursor.accept("all", "abilities", "except", "mana", "abilities"):
        result.parts.append(Part("6", AbilityChange(remove_all=True, except_mana=True)))
    elif cursor.accept("all", "abilities"):
        result.parts.append(Part("6", AbilityChange(remove_all=True)))
    elif cursor.accept("all", "land", "types", "and", "abilities"):
        result.parts.append(
            Part("4", TypeChange(lose_subtype_kinds=frozenset({"Land"}), retain=True))
        )
        result.parts.append(Part("6", AbilityChange(remove_all=True)))
    elif cursor.accept("all", "land", "types"):
        result.parts.append(
            Part("4", TypeChange(lose_subtype_kinds=frozenset({"Land"}), retain=True))
        )
    elif cursor.accept("all", "creature", "types"):
        result.parts.append(Part("4", TypeChange(lose_all_creature_types=True, retain=True)))
    elif cursor.accept("all", "other", "card", "types", "and", "abilities") or cursor.accept(
        "all", "other", "abilities", ",", "card", "types", ",", "and", "creature", "types"
    ):
        result.lose_other_types = True
        result.parts.append(Part("6", AbilityChange(remove_all=True)))
    elif cursor.accept("all", "other", "abilities"):
        result.parts.append(Part("6", AbilityChange(remove_all=True)))
    elif cursor.accept("all", "other", "card", "types"):
        # "Enchanted permanent is an enchantment and loses all other card types" (One with
        # the Stars): the new card type replaces the others (CR 205.1a).
        result.lose_other_types = True
    else:
        names = ability_list(cursor)
        removed = frozenset(n.lower() for n in names)
        if cursor.accept("and", "can't", "have", "or", "gain"):
            again = ability_list(cursor)
            result.parts.append(
                Part(
                    "6",
                    AbilityChange(remove=removed, cant_have=frozenset(n.lower() for n in again)),
                )
            )
        else:
            result.parts.append(Part("6", AbilityChange(remove=removed)))


def _abilities_sharing_has(cursor: Cursor, result: PredicateResult) -> None:
    """ "has base power and toughness 5/5 and vigilance", "... 10/10, vigilance, and trample"
    (Timber Paladin): abilities after the base power and toughness share its "has" (layer 6,
    CR 613.1f); the cursor stays put if no ability follows."""
    mark = cursor.pos
    cursor.accept(",")
    cursor.accept("and")
    if cursor.pos > mark and cursor.peek() not in VERBS and starts_ability(cursor, 0):
        result.parts.append(Part("6", AbilityChange(grant=tuple(ability_list(cursor)))))
    else:
        cursor.pos = mark


def _get(cursor: Cursor, context: SubjectContext, result: PredicateResult) -> None:
    # "it gets an additional +1/+0" (Silver-Inlaid Dagger): one more effect of its own.
    cursor.accept("an", "additional")
    pair = pt_pair(cursor.raw())
    if pair is None:
        cursor.fail("expected +N/+N")
    cursor.pos += 1
    power, toughness = pair
    if cursor.accept("for", "each"):
        count = for_each(cursor, context)
        power = scale(power, count)
        toughness = scale(toughness, count)
        # "+1/+1 for each creature you control and +1/+1 for each Aura you control"
        # (Eidolon of Countless Battles): the bonuses add up.
        while (
            cursor.peek() == "and"
            and (more := pt_pair(cursor.raw(1))) is not None
            and (cursor.peek(2), cursor.peek(3)) == ("for", "each")
        ):
            cursor.pos += 4
            count = for_each(cursor, context)
            power = Sum(power, scale(more[0], count))
            toughness = Sum(toughness, scale(more[1], count))
        if cursor.accept(",", "to", "a", "maximum", "of"):
            # "..., to a maximum of 10" (Diligent Zookeeper): the bonus stops there.
            most = cursor.peek()
            if not most.isdigit():
                cursor.fail("expected the maximum")
            cursor.pos += 1
            power, toughness = AtMost(power, int(most)), AtMost(toughness, int(most))
    result.parts.append(Part("7c", ModifyPT(power, toughness)))


def _stats_of(cursor: Cursor, context: SubjectContext, result: PredicateResult) -> bool:
    """ "has the power, toughness, and creature types of the last creature card exiled with
    it" (Duplicant): its creature types become that card's (layer 4, CR 205.1a, 613.1d) and
    its base power and toughness that card's (layer 7b, 613.4b), read as they are now (in
    exile a card has its printed values, and a characteristic-defining ability works there,
    604.3; nothing that adds to them does)."""
    if not cursor.accept("the", "power", ",", "toughness", ",", "and", "creature", "types", "of"):
        return False
    subject = parse_subject(cursor, context)
    if subject is None:
        cursor.fail("expected whose power, toughness and creature types")
    result.parts.append(Part("4", TypeChange(creature_types_of=subject, retain=True)))
    stats = (
        GreatestStat("power", subject, total=True),
        GreatestStat("toughness", subject, total=True),
    )
    result.parts.append(Part("7b", SetPT(*stats)))
    return True


def _have(cursor: Cursor, context: SubjectContext, result: PredicateResult) -> None:
    if _stats_of(cursor, context, result):
        return
    if cursor.accept("base", "power", "and", "toughness") or cursor.accept(
        "base", "power", "and", "base", "toughness"
    ):
        pair = pt_pair(cursor.raw())
        if pair is not None:
            cursor.pos += 1
            result.parts.append(Part("7b", SetPT(*pair)))
            _abilities_sharing_has(cursor, result)
            return
        if cursor.accept("each", "equal", "to"):
            expr = parse_expression(cursor, context)
            result.parts.append(Part("7b", SetPT(expr, expr)))
            return
        cursor.fail("expected base power and toughness")
    if cursor.accept("base", "power") or cursor.accept("base", "toughness"):
        stat = cursor.tokens[cursor.pos - 1].lower()
        token = cursor.peek()
        if not token.lstrip("-").isdigit():
            cursor.fail(f"expected a number for base {stat}")
        cursor.pos += 1
        value = Const(int(token))
        result.parts.append(
            Part("7b", SetPT(value, None) if stat == "power" else SetPT(None, value))
        )
        return
    if (kinds := granted_kinds(cursor)) is not None:
        subject = parse_subject(cursor, context)
        if subject is None:
            cursor.fail("expected whose abilities")
        kinds = abilities_except(cursor, kinds)
        result.parts.append(Part("6", AbilityChange(grant_from=subject, grant_kinds=kinds)))
        return
    if cursor.accept("all", "creature", "types"):
        result.parts.append(Part("4", TypeChange(all_creature_types=True, retain=True)))
        return
    names = ability_list(cursor)
    result.parts.append(Part("6", AbilityChange(grant=tuple(names))))


def parse_predicates(cursor: Cursor, context: SubjectContext) -> PredicateResult:
    """Verb phrases joined by "and" / ", and", each adding parts."""
    result = PredicateResult()
    verb = ""
    while True:
        cursor.accept("it") or cursor.accept("they")
        cursor.accept("each")
        cursor.accept("also")  # "White creatures you control also gain first strike"
        after_get = verb in ("get", "gets")
        verb = cursor.peek()
        if after_get and verb not in VERBS and starts_ability(cursor, 0):
            # "Target creature gets +1/+1 and flying until end of turn" (Maximize Altitude):
            # the keyword after "gets +N/+N and" is gained, as if "gains" were written.
            result.parts.append(Part("6", AbilityChange(grant=tuple(ability_list(cursor)))))
        elif verb in ("get", "gets"):
            cursor.pos += 1
            _get(cursor, context, result)
        elif verb in ("have", "has"):
            cursor.pos += 1
            _have(cursor, context, result)
        elif verb in ("gain", "gains"):
            cursor.pos += 1
            if cursor.accept("all", "creature", "types"):
                result.parts.append(Part("4", TypeChange(all_creature_types=True, retain=True)))
            elif cursor.accept("all", "basic", "land", "types"):
                # Energybending: added to the land's other types, which it keeps with its
                # abilities (CR 305.7 is only for a land type set), and each basic land type
                # gives its mana ability (305.6).
                change = TypeChange(every_basic_land_type=True, retain=True)
                result.parts.append(Part("4", change))
            else:
                result.parts.append(Part("6", AbilityChange(grant=tuple(ability_list(cursor)))))
        elif verb in ("lose", "loses"):
            cursor.pos += 1
            _lose(cursor, result)
        elif verb in ("is", "are") and cursor.peek(1) == "goaded":
            # CR 701.15b: a goaded creature attacks each combat if able, and a player other
            # than the goading player if able: a rule about attacking, no characteristic.
            result.rules.append(" ".join(cursor.tokens[cursor.pos : cursor.pos + 2]))
            cursor.pos += 2
        elif verb in ("is", "are", "become", "becomes"):
            cursor.pos += 1
            description = parse_description(cursor, context)
            parts = description_parts(description)
            if not parts:
                cursor.fail("expected what it is")
            result.parts.extend(parts)
        elif verb in ("isn't", "aren't"):
            cursor.pos += 1
            cursor.accept("a") or cursor.accept("an")
            # "isn't a creature" (a card type), "isn't legendary" (a supertype, CR 205.4): both
            # removed in layer 4 (613.1d).
            removed: dict[str, set[str]] = {"type": set(), "supertype": set()}
            while (found := ALL_TYPE_WORDS.get(cursor.peek())) and found[0] in removed:
                removed[found[0]].add(found[1])
                cursor.pos += 1
            if not removed["type"] and not removed["supertype"]:
                cursor.fail("expected the card type it isn't")
            change = TypeChange(
                remove_types=frozenset(removed["type"]),
                remove_supertypes=frozenset(removed["supertype"]),
                retain=True,
            )
            result.parts.append(Part("4", change))
        elif verb in RULE_VERBS:
            # CR 613.11: rules-modifying effects are not characteristics; kept as text. A
            # verb of a characteristic after it still applies: "~ can't be attacked and has
            # "..."" (The Aetherspark) grants the ability in layer 6.
            end = _rule_end(cursor)
            result.rules.append(" ".join(cursor.tokens[cursor.pos : end]))
            cursor.pos = end
            if end < len(cursor.tokens):
                cursor.pos += 1  # the "and"
                continue
            return result
        else:
            cursor.fail("expected a verb such as gets, has, loses or is")
        if cursor.peek() == "," and cursor.peek(1) == "and":
            cursor.pos += 2
            continue
        if cursor.peek() == "and" or (cursor.peek() == "," and cursor.peek(1) in VERBS):
            cursor.pos += 1
            continue
        return result


_AFTER_RULE = {"has", "have", "gets", "get"}


def _rule_end(cursor: Cursor) -> int:
    """Where a rule's words end: at "and" before a verb of a characteristic, or the end."""
    for index in range(cursor.pos + 1, len(cursor.tokens) - 1):
        if cursor.tokens[index] == "and" and cursor.tokens[index + 1].lower() in _AFTER_RULE:
            return index
    return len(cursor.tokens)


def merge_type_parts(parts: list[Part], lose_other_types: bool) -> list[Part]:
    """ "loses all other card types" turns kept types into set types (Darksteel Mutation)."""
    if not lose_other_types:
        return parts
    merged: list[Part] = []
    for part in parts:
        action = part.action
        if isinstance(action, TypeChange) and (action.add_types or action.set_types):
            types = (action.set_types or frozenset()) | action.add_types
            subtypes = action.set_subtypes or action.add_subtypes or frozenset()
            action = replace(
                action,
                set_types=types,
                add_types=frozenset(),
                retain=False,
                set_subtypes=subtypes if subtypes else None,
                add_subtypes=frozenset(),
                lose_other_types=True,
            )
        merged.append(Part(part.layer, action))
    return merged
