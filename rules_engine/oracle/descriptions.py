"""What "is" and "becomes" say an object is: "a 1/5 white Soldier creature", "a copy of
target creature", "the color of your choice", "an artifact in addition to its other types",
read into one description and split into its layers (CR 613.1, 613.6; types by CR 205.1).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules_engine.effects import (
    AbilityChange,
    ColorChange,
    CopyOf,
    Expr,
    Part,
    SetName,
    SetPT,
    TypeChange,
)
from rules_engine.oracle.ability_lists import ability_list, starts_ability
from rules_engine.oracle.amounts import parse_expression, pt_pair
from rules_engine.oracle.cursor import Cursor
from rules_engine.oracle.subjects import SubjectContext, parse_subject
from rules_engine.vocabulary import ALL_TYPE_WORDS, COLOR_WORDS, NONBASIC_LAND_TYPES


@dataclass
class _Description:
    """What "is"/"becomes" says an object is, before it is split into layers."""

    types: set[str] = field(default_factory=set)
    subtypes: set[str] = field(default_factory=set)
    supertypes: set[str] = field(default_factory=set)
    colors: set[str] = field(default_factory=set)
    colorless: bool = False
    chosen_color: bool = False
    chosen_type: bool = False
    all_creature_types: bool = False
    every_basic_land_type: bool = False
    pt: tuple[Expr, Expr] | None = None
    grants: list[str] = field(default_factory=list)
    add_types: bool = False
    add_colors: bool = False
    still: bool = False
    copy: CopyOf | None = None
    name: str | None = None


def _description_words(cursor: Cursor, d: _Description) -> None:
    """Colors, P/T, supertypes, subtypes and types in any printed order."""
    while True:
        raw = cursor.raw()
        word = cursor.peek()
        pair = pt_pair(raw)
        if pair is not None:
            d.pt = pair
        elif word in COLOR_WORDS:
            d.colors.add(COLOR_WORDS[word])
        elif word == "colorless":
            d.colorless = True
        elif word == "and" and (
            cursor.peek(1) in COLOR_WORDS
            or (cursor.peek(1) in ALL_TYPE_WORDS and cursor.peek(1) not in ("a", "an"))
        ):
            pass
        elif word == "," and d.subtypes and _subtype_follows(cursor):
            pass  # "a Mountain, Forest, and Plains" (Lush Growth)
        elif word in ALL_TYPE_WORDS:
            kind, canonical = ALL_TYPE_WORDS[word]
            {"type": d.types, "supertype": d.supertypes, "subtype": d.subtypes}[kind].add(canonical)
        else:
            return
        cursor.pos += 1


def _subtype_follows(cursor: Cursor) -> bool:
    """After a comma in a list of subtypes: another subtype ("Forest", "and Plains")."""
    offset = 2 if cursor.peek(1) == "and" else 1
    return ALL_TYPE_WORDS.get(cursor.peek(offset), ("", ""))[0] == "subtype"


def parse_description(cursor: Cursor, context: SubjectContext) -> _Description:
    """What follows "is"/"becomes": a copy, or a chosen color or type, then colors, P/T and
    types in any order, then what follows them ("with flying", "in addition to ...")."""
    d = _Description()
    # "~ is also a Cleric, Rogue, Warrior, and Wizard" (Tajuru Paragon): "also" keeps the
    # object's other types, as "in addition to its other types" does (CR 205.1b).
    d.add_types = cursor.accept("also")
    cursor.accept("a") or cursor.accept("an")
    if cursor.accept("copy", "of"):
        subject = parse_subject(cursor, context)
        if subject is None:
            cursor.fail("expected what it copies")
        d.copy = CopyOf(source="target" if subject.kind == "targets" else "chosen")
        return d
    _choice_words(cursor, d)
    _description_words(cursor, d)
    while _after_words(cursor, context, d):
        pass
    return d


def _choice_words(cursor: Cursor, d: _Description) -> None:
    """ "the color of your choice", "all colors", "the chosen type", "every creature type"."""
    if (
        cursor.accept("the", "chosen", "color")
        or cursor.accept("the", "color", "of", "your", "choice")
        or cursor.accept("the", "color", "or", "colors", "of", "your", "choice")
    ):
        d.chosen_color = True
    elif cursor.accept("all", "colors"):
        d.colors |= {"W", "U", "B", "R", "G"}
    elif (
        cursor.accept("the", "chosen", "type")
        or cursor.accept("the", "chosen", "creature", "type")  # Lifecraft Engine
        or cursor.accept("the", "creature", "type", "of", "your", "choice")
        or cursor.accept("the", "basic", "land", "type", "of", "your", "choice")
        or cursor.accept(
            "that", "type"
        )  # "Choose a creature type. Each creature becomes that type"
    ):
        # The choice is the board's choices.creature_type or choices.land_type (305.7).
        d.chosen_type = True
    elif cursor.accept("every", "basic", "land", "type"):
        d.every_basic_land_type = True
    elif cursor.accept("every", "creature", "type") or cursor.accept("all", "creature", "types"):
        # "Equipped creature gets +1/+1 and is all creature types" (Stalactite Dagger).
        d.all_creature_types = True
    elif cursor.accept("every", "land", "type"):
        # "Each land with an everything counter on it is every land type" (Omo, Queen of
        # Vesuva): every basic land type (so their mana abilities, 305.6) and every other
        # land type CR 205.3i lists.
        d.every_basic_land_type = True
        d.subtypes |= NONBASIC_LAND_TYPES
    elif cursor.accept("every", "nonbasic", "land", "type"):
        # "This land is every nonbasic land type" (Planar Nexus): CR 205.3i's land types
        # other than the basic ones (305.6), set as its land types (205.1a).
        d.subtypes |= NONBASIC_LAND_TYPES


def _after_words(cursor: Cursor, context: SubjectContext, d: _Description) -> bool:
    """One phrase after the colors and types ("with base power and toughness 1/1", "named
    ...", "that's still a land", "in addition to its other types"); False if none."""
    if cursor.accept("with", "base", "power", "and", "toughness") or cursor.accept(
        "with", "power", "and", "toughness"
    ):
        pair = pt_pair(cursor.raw())
        if pair is not None:
            cursor.pos += 1
            d.pt = pair
            # "a Dragon with base power and toughness 4/4, flying, and "..."" (Goddric,
            # Cloaked Reveler): the abilities listed after it are had too (CR 613.1f).
            if cursor.peek() in (",", "and") and starts_ability(cursor, 1):
                # 'a Citizen with base power and toughness 1/1 and "{T}: Add {C}" named
                # Humble Merchant' (Honest Work): the ability is had too.
                cursor.pos += 1
                d.grants.extend(ability_list(cursor))
        elif cursor.accept("each", "equal", "to"):
            expr = parse_expression(cursor, context)
            d.pt = (expr, expr)
        else:
            cursor.fail("expected power and toughness")
    elif cursor.accept("with", "base", "power", "and", "base", "toughness", "each", "equal", "to"):
        expr = parse_expression(cursor, context)
        d.pt = (expr, expr)
    elif cursor.accept("with", "all", "creature", "types"):
        d.all_creature_types = True
    elif cursor.peek() == "with" and starts_ability(cursor, 1):
        cursor.pos += 1
        d.grants.extend(ability_list(cursor))
    elif cursor.accept("named"):
        words = []
        while cursor.raw() and not cursor.at_end() and cursor.peek() not in ("until", "and"):
            words.append(cursor.raw())
            cursor.pos += 1
        d.name = " ".join(words)
    elif cursor.peek() == "and" and (
        cursor.peek(1) in ALL_TYPE_WORDS or cursor.peek(1) in COLOR_WORDS
    ):
        cursor.pos += 1
        _description_words(cursor, d)
    elif (
        cursor.accept("that's", "still", "a")
        or cursor.accept("that's", "still", "an")
        or cursor.accept("that", "is", "still", "a")  # Gideon, Ally of Zendikar's wording
        or cursor.accept("that", "is", "still", "an")
        or cursor.accept("that", "are", "still")
    ):
        if cursor.peek() not in ALL_TYPE_WORDS:
            cursor.fail("expected what it still is")
        cursor.pos += 1
        d.still = True
    elif cursor.accept(
        "in", "addition", "to", "its", "other", "colors", "and", "types"
    ) or cursor.accept("in", "addition", "to", "their", "other", "colors", "and", "types"):
        d.add_colors = True
        d.add_types = True
    elif cursor.accept("in", "addition", "to", "its", "other", "colors") or cursor.accept(
        "in", "addition", "to", "their", "other", "colors"
    ):
        d.add_colors = True
    elif cursor.accept("in", "addition", "to", "its", "other") or cursor.accept(
        "in", "addition", "to", "their", "other"
    ):
        cursor.accept("land") or cursor.accept("creature")
        cursor.expect("types") if cursor.peek() == "types" else cursor.expect("type")
        d.add_types = True
    else:
        return False
    return True


def description_parts(d: _Description) -> list[Part]:
    """Split a description into its layers (CR 613.6), with CR 205.1 for types."""
    parts: list[Part] = []
    if d.copy is not None:
        return [Part("1a", d.copy)]
    if (
        d.types
        or d.subtypes
        or d.supertypes
        or d.chosen_type
        or d.all_creature_types
        or d.every_basic_land_type
    ):
        # CR 205.1b: "in addition", "still a land" and "artifact creature" keep prior types.
        artifact_creature = {"Artifact", "Creature"} <= d.types
        retain = d.add_types or d.still or artifact_creature
        keep_subtypes = d.add_types or d.still
        parts.append(
            Part(
                "4",
                TypeChange(
                    set_types=None if retain or not d.types else frozenset(d.types),
                    add_types=frozenset(d.types) if retain else frozenset(),
                    retain=retain,
                    set_subtypes=None if keep_subtypes or not d.subtypes else frozenset(d.subtypes),
                    add_subtypes=frozenset(d.subtypes) if keep_subtypes else frozenset(),
                    set_chosen_type=d.chosen_type and not d.add_types,
                    add_chosen_type=d.chosen_type and d.add_types,
                    all_creature_types=d.all_creature_types,
                    every_basic_land_type=d.every_basic_land_type,
                    add_supertypes=frozenset(d.supertypes),
                ),
            )
        )
    if d.colors or d.colorless or d.chosen_color:
        parts.append(
            Part(
                "5",
                ColorChange(
                    colors=frozenset(d.colors),
                    chosen=d.chosen_color,
                    add=d.add_colors,
                ),
            )
        )
    if d.name:
        parts.append(Part("3", SetName(d.name)))
    if d.grants:
        parts.append(Part("6", AbilityChange(grant=tuple(d.grants))))
    if d.pt is not None:
        parts.append(Part("7b", SetPT(*d.pt)))
    return parts
