"""An object's characteristics at one point of the layer system (CR 109.3)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Literal

from rules_engine.cards import CardDef, mana_value
from rules_engine.effects import CopyOf
from rules_engine.oracle.copies import OTHER_ABILITIES
from rules_engine.oracle.die_rows import read_die_table
from rules_engine.oracle.keywords import has_keyword
from rules_engine.oracle.parser import ParsedAbility, parse_ability_text
from rules_engine.vocabulary import (
    BASIC_LAND_TYPES,
    CARD_TYPES,
    CREATURE_TYPES,
    SUPERTYPES,
    subtype_allowed,
)

Origin = Literal["printed", "granted", "intrinsic", "counter"]


@dataclass(frozen=True, slots=True)
class AbilityInstance:
    """One ability an object has, with where it came from.

    ``key`` stays the same while the ability exists, so an effect it creates
    can be recognised after a text change (CR 612) and followed across layers
    (CR 613.6). Printed abilities are keyed by Oracle paragraph ``p3`` (and
    ``p0.1`` for the second keyword on a line).
    """

    key: str
    parsed: ParsedAbility
    origin: Origin = "printed"
    source_text: str = ""  # the unparsed text (before reminder removal), for text changes
    granted_ts: int = 0
    paragraph: int | None = None

    @property
    def text(self) -> str:
        return self.parsed.text


@dataclass(frozen=True, slots=True)
class Characteristics:
    """The values layer application reads and writes."""

    name: str
    mana_cost: str | None
    colors: frozenset[str]
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    abilities: tuple[AbilityInstance, ...]
    power: int | None
    toughness: int | None
    loyalty: int | None
    controller: str
    all_creature_types: bool = False
    cant_have: frozenset[str] = frozenset()
    spell_text: bool = False
    # CR 712.8e: a transforming double-faced permanent's mana value is its front face's even
    # with its back face up (the back face has no mana cost). Not a copiable value: a copy
    # of the back face has mana value 0 (707.2), so copying clears it (apply.copy_values).
    front_mana_cost: str | None = None
    # CR 715.2a-b: it has an Adventure (an adventurer card's alternative characteristics),
    # a copiable value: a copy of it has one too; a face-down permanent doesn't (708.2).
    has_adventure: bool = False

    @property
    def mana_value(self) -> int:
        if self.front_mana_cost is not None:
            return mana_value(self.front_mana_cost)
        return mana_value(self.mana_cost)

    # Fast copies for the hot paths of layer application (dataclasses.replace is slow).
    def with_pt(self, power: int | None, toughness: int | None) -> Characteristics:
        return Characteristics(
            self.name,
            self.mana_cost,
            self.colors,
            self.supertypes,
            self.types,
            self.subtypes,
            self.abilities,
            power,
            toughness,
            self.loyalty,
            self.controller,
            self.all_creature_types,
            self.cant_have,
            self.spell_text,
            self.front_mana_cost,
            self.has_adventure,
        )

    def with_colors(self, colors: frozenset[str]) -> Characteristics:
        return Characteristics(
            self.name,
            self.mana_cost,
            colors,
            self.supertypes,
            self.types,
            self.subtypes,
            self.abilities,
            self.power,
            self.toughness,
            self.loyalty,
            self.controller,
            self.all_creature_types,
            self.cant_have,
            self.spell_text,
            self.front_mana_cost,
            self.has_adventure,
        )

    def with_controller(self, controller: str) -> Characteristics:
        return Characteristics(
            self.name,
            self.mana_cost,
            self.colors,
            self.supertypes,
            self.types,
            self.subtypes,
            self.abilities,
            self.power,
            self.toughness,
            self.loyalty,
            controller,
            self.all_creature_types,
            self.cant_have,
            self.spell_text,
            self.front_mana_cost,
            self.has_adventure,
        )

    def has_type(self, card_type: str) -> bool:
        return card_type in self.types

    def has_subtype(self, subtype: str) -> bool:
        if subtype in self.subtypes:
            return True
        return (
            self.all_creature_types
            and subtype in CREATURE_TYPES
            and ("Creature" in self.types or "Kindred" in self.types)
        )

    def creature_types(self) -> frozenset[str]:
        if self.all_creature_types and ("Creature" in self.types or "Kindred" in self.types):
            return frozenset(CREATURE_TYPES)
        return frozenset(s for s in self.subtypes if s in CREATURE_TYPES)

    def has_ability(self, name: str) -> bool:
        """Keyword check by name ("flying", "islandwalk"; "toxic" finds "Toxic 1")."""
        wanted = name.lower()
        return any(a.text.lower() == wanted or has_keyword(a.text, wanted) for a in self.abilities)

    def ability_texts(self) -> list[str]:
        return [a.text for a in self.abilities]


@lru_cache(maxsize=4096)
def printed_abilities(
    card_name: str, rules_text: tuple[str, ...], spell: bool
) -> tuple[AbilityInstance, ...]:
    """Abilities from printed text, keyed by Oracle paragraph (CR 113.2c)."""
    instances: list[AbilityInstance] = []
    # CR 706.3a-b: a spell's die roll read with its results table (oracle/die_rows.py).
    table = read_die_table(rules_text, card_name) if spell else {}
    for index, paragraph in enumerate(rules_text):
        if index in table:
            parsed: tuple[ParsedAbility, ...] = (table[index],)
        else:
            parsed = parse_ability_text(paragraph, card_name, spell=spell)
        for j, ability in enumerate(parsed):
            key = f"p{index}" if len(parsed) == 1 else f"p{index}.{j}"
            instances.append(
                AbilityInstance(key, ability, "printed", source_text=paragraph, paragraph=index)
            )
    return tuple(instances)


def own_copy_ability(card: CardDef) -> CopyOf | None:
    """The card's own "you may have ~ enter as a copy of ..." (Clone, Spark Double), with its
    exceptions (CR 707.9)."""
    printed = printed_abilities(card.name, card.rules_text, card.is_spell_card)
    for instance in printed:
        copy = instance.parsed.copy
        if copy is None:
            continue
        if OTHER_ABILITIES in copy.except_abilities:
            # "except it has Sakashima's other abilities" (CR 707.9b): the card's other
            # abilities as printed, each its own ability.
            others = tuple(i.parsed.text for i in printed if i.paragraph != instance.paragraph)
            mine = tuple(a for a in copy.except_abilities if a != OTHER_ABILITIES)
            copy = replace(copy, except_abilities=mine + others)
        return copy
    return None


def reparse(
    instances: tuple[AbilityInstance, ...], name: str, spell: bool
) -> tuple[AbilityInstance, ...]:
    """Printed abilities read again for a new name (after a copy effect, CR 707.2)."""
    result = []
    paragraphs = {
        i.paragraph: i.source_text
        for i in instances
        if i.origin == "printed" and i.paragraph is not None
    }
    texts = tuple(paragraphs.get(k, "") for k in range(max(paragraphs, default=-1) + 1))
    table = read_die_table(texts, name) if spell else {}  # CR 706.3a-b, as printed_abilities
    for instance in instances:
        if instance.origin != "printed":
            result.append(instance)
            continue
        index = int(instance.key[1:].split(".")[0])
        if index in table:
            result.append(replace(instance, parsed=table[index], paragraph=index))
            continue
        parsed = parse_ability_text(instance.source_text, name, spell=spell)
        j = int(instance.key.split(".")[1]) if "." in instance.key else 0
        result.append(
            replace(instance, parsed=parsed[j] if j < len(parsed) else parsed[-1], paragraph=index)
        )
    return tuple(result)


def printed_pt(value: str | None) -> int | None:
    """CR 208.2a: a "*" in printed P/T counts as 0 until something defines it."""
    if value is None:
        return None
    # "*" is 0 (so "1+*" is 1 and "7-*" is 7, Shapeshifter) until a CDA defines it.
    m = re.fullmatch(r"\s*+(-?\d*+)\s*+(?:[+-]\s*+\*)?\s*+\*?\s*+", value)
    if m is not None:
        return int(m[1]) if m[1] not in ("", "-") else 0
    digits = re.sub(r"[^0-9-]", "", value)
    return int(digits) if re.fullmatch(r"-?\d+", digits) else 0


@lru_cache(maxsize=4096)
def initial_characteristics(card: CardDef, controller: str) -> Characteristics:
    """CR 613.1: start with the printed values (a token's: those its effect defined).

    Remembered: every evaluation of the layers starts here for every object. The result
    is a function of the card's printed values and the controller alone (both the key;
    ``CardDef`` is a frozen value), and ``Characteristics`` is frozen, so one value can
    be shared; sharing it also lets ``active`` reuse the object's static effects."""
    spell = card.is_spell_card
    chars = Characteristics(
        name=card.name,
        mana_cost=card.mana_cost,
        colors=frozenset(card.colors),
        supertypes=card.supertypes,
        types=card.types,
        subtypes=card.subtypes,
        abilities=printed_abilities(card.name, card.rules_text, spell),
        power=printed_pt(card.power),
        toughness=printed_pt(card.toughness),
        loyalty=printed_pt(card.loyalty),
        controller=controller,
        spell_text=spell,
        front_mana_cost=card.front_mana_cost,
        has_adventure=card.adventure,
    )
    return sync_intrinsic_mana(chars)


INTRINSIC_PREFIX = "i:"


def sync_intrinsic_mana(chars: Characteristics) -> Characteristics:
    """CR 305.6: a land has "{T}: Add [mana]" for each basic land type it has."""
    wanted = []
    if "Land" in chars.types:
        wanted = [t for t in BASIC_LAND_TYPES if t in chars.subtypes]
    have = {a.key[len(INTRINSIC_PREFIX) :] for a in chars.abilities if a.origin == "intrinsic"}
    if have == set(wanted):
        return chars
    kept = tuple(
        a
        for a in chars.abilities
        if a.origin != "intrinsic" or a.key[len(INTRINSIC_PREFIX) :] in wanted
    )
    added = tuple(intrinsic_ability(t) for t in wanted if t not in have)
    # Intrinsic abilities read first, like the basic land's reminder text.
    return replace(chars, abilities=added + kept)


def intrinsic_ability(land_type: str) -> AbilityInstance:
    text = f"{{T}}: Add {{{BASIC_LAND_TYPES[land_type]}}}."
    parsed = parse_ability_text(text, "", spell=False)[0]
    return AbilityInstance(INTRINSIC_PREFIX + land_type, parsed, "intrinsic", source_text=text)


def order_types(types: set[str] | frozenset[str] | tuple[str, ...]) -> tuple[str, ...]:
    return tuple(t for t in CARD_TYPES if t in types)


def order_supertypes(supertypes: set[str] | frozenset[str] | tuple[str, ...]) -> tuple[str, ...]:
    return tuple(t for t in SUPERTYPES if t in supertypes)


def clean_subtypes(chars: Characteristics) -> Characteristics:
    """CR 205.1a: subtypes stay only while a matching card type remains."""
    kept = tuple(s for s in chars.subtypes if subtype_allowed(s, chars.types))
    if kept == chars.subtypes:
        return chars
    return replace(chars, subtypes=kept)


# CR 707.2: the characteristics a copy effect copies (and that layer 1 writes).
COPIABLE_FIELDS: tuple[str, ...] = (
    "name",
    "mana_cost",
    "colors",
    "supertypes",
    "types",
    "subtypes",
    "abilities",
    "power",
    "toughness",
    "loyalty",
)


# Each value of the board format's characteristics, read from the characteristics.
_JSON_FIELDS: dict[str, Callable[[Characteristics], Any]] = {
    "name": lambda c: c.name,
    "mana_cost": lambda c: c.mana_cost,
    "mana_value": lambda c: c.mana_value,
    "controller": lambda c: c.controller,
    "supertypes": lambda c: list(c.supertypes),
    "types": lambda c: list(c.types),
    "subtypes": lambda c: list(c.subtypes),
    "colors": lambda c: [x for x in "WUBRG" if x in c.colors],
    "abilities": lambda c: c.ability_texts(),
    "power": lambda c: c.power,
    "toughness": lambda c: c.toughness,
    "loyalty": lambda c: c.loyalty,
}


def characteristics_json(chars: Characteristics) -> dict[str, Any]:
    """The board format's characteristics (colors W U B R G, keywords alone)."""
    data: dict[str, Any] = {key: value(chars) for key, value in _JSON_FIELDS.items()}
    if chars.all_creature_types:
        data["all_creature_types"] = True
    if chars.cant_have:
        data["cant_have"] = sorted(chars.cant_have)
    return data


def characteristics_json_of(chars: Characteristics, keys: tuple[str, ...]) -> dict[str, Any]:
    """Only these ``keys`` of ``characteristics_json`` (the layer trace reads a few of
    them for every effect applied)."""
    return {key: _JSON_FIELDS[key](chars) for key in keys}
