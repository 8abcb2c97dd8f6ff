"""What one part of an effect does to one object.

Split in two on purpose: ``payload`` computes *what the effect does* to an
object in the current state (a plain value), and ``apply_payload`` writes it.
Dependency trials (CR 613.8a) compare payloads, so "what it does to any of
the things it applies to" is an equality test, not a guess.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from rules_engine.affected import Subject
from rules_engine.characteristics import (
    AbilityInstance,
    Characteristics,
    clean_subtypes,
    order_supertypes,
    order_types,
    reparse,
    sync_intrinsic_mana,
)
from rules_engine.effects import (
    AbilityChange,
    Action,
    ChangeText,
    ColorChange,
    CopyOf,
    ExchangeControl,
    ModifyPT,
    SetController,
    SetName,
    SetPT,
    SwitchPT,
    TypeChange,
)
from rules_engine.oracle.ability_lists import CHOSEN_ABILITIES, YOUR_CHOICE, offered_words
from rules_engine.oracle.granted_abilities import is_granted
from rules_engine.oracle.parser import parse_ability_text
from rules_engine.oracle.text import short_name
from rules_engine.sba import type_plural
from rules_engine.selection import Context, State, World, evaluate, matches, select
from rules_engine.steps import Choices
from rules_engine.vocabulary import (
    BASIC_LAND_TYPES,
    COLOR_NAMES,
    COLOR_WORDS,
    CREATURE_TYPES,
    LAND_TYPES,
    plural,
    subtype_category,
)

_X_WORD = re.compile(r"(?<![A-Za-z])X(?![A-Za-z])")


def payload(action: Action, label: str, state: State, world: World, ctx: Context, eid: str) -> Any:
    """What this part does to this object now (hashable, comparable)."""
    if isinstance(action, CopyOf):
        return None  # the snapshot is supplied by the effect itself
    if isinstance(action, SetController):
        if action.who == "target_player":
            # CR 613.1b: the targeted player becomes the controller (Donate, Bazaar Trader).
            slot = action.target or 0
            chosen = ctx.targets[slot] if slot < len(ctx.targets) else None
            return chosen if chosen in world.game.players else None
        if action.who == "monarch":
            # CR 613.1b, 725.1: the monarch controls it; with no monarch, control stays.
            return world.game.designations.monarch
        return ctx.controller
    if isinstance(action, ExchangeControl):
        others = [t for t in ctx.targets if t != label]
        return state[others[0]].controller if others and others[0] in state else None
    if isinstance(action, ChangeText):
        if action.every:
            chosen = COLOR_NAMES.get(ctx.choices.color or "", ctx.choices.color)
            return (None, action.to or chosen)  # no one word: every color word
        return (ctx.choices.from_word, action.to or ctx.choices.to_word)
    if isinstance(action, SetName):
        return action.name
    if isinstance(action, TypeChange):
        return (
            action,
            ctx.choices.creature_type
            if (action.set_chosen_type or action.add_chosen_type)
            else None,
            _creature_types_of(action.creature_types_of, state, world, ctx),
        )
    if isinstance(action, ColorChange):
        colors = frozenset(action.colors)
        if action.chosen and ctx.choices.color:
            colors |= {ctx.choices.color}
        return (colors, action.add)
    if isinstance(action, AbilityChange):
        grants = action.grant
        if action.x is not None:
            # "with equip {X} and "Equipped creature gets +X/+0," where X is that artifact's
            # mana value" (Bludgeon Brawl): this object's own X in each granted text.
            n = str(evaluate(action.x, state, world, ctx, label))
            grants = tuple(_X_WORD.sub(n, g) for g in grants)
        granted: tuple[tuple[str, str], ...] = tuple(
            (text, "")
            for g in _chosen_abilities(grants, ctx)
            for one in _each_of_its_colors(offered(g, ctx.choices), label, state)
            for now in (_chosen_words(one, ctx),)
            if (text := _protection_now(now, label, state, world, ctx))
        )
        if action.grant_from is not None:
            for other in state:
                if any(matches(f, other, state, world, ctx) for f in action.grant_from.filters):
                    for ability in state[other].abilities:
                        parsed = ability.parsed
                        if is_granted(parsed.kind, parsed.cost, action.grant_kinds, parsed.text):
                            granted += ((parsed.text, state[other].name),)
        return (
            action.remove_all,
            action.except_mana,
            action.remove,
            action.cant_have,
            granted,
            eid,
        )
    if isinstance(action, SetPT):
        power = evaluate(action.power, state, world, ctx, label) if action.power else None
        toughness = (
            evaluate(action.toughness, state, world, ctx, label) if action.toughness else None
        )
        return (power, toughness)
    if isinstance(action, ModifyPT):
        return (
            evaluate(action.power, state, world, ctx, label),
            evaluate(action.toughness, state, world, ctx, label),
        )
    if isinstance(action, SwitchPT):
        return "switch"
    raise TypeError(f"unknown action {action!r}")


def _protection_now(text: str, label: str, state: State, world: World, ctx: Context) -> str:
    """A protection ability whose quality depends on the game, as it is now (CR 702.16a):
    "from the chosen player" names that player (702.16j: everything that player controls),
    "from each of your opponents" each opponent of the effect's controller;
    "from the colors of permanents you control" and "from its colors" name those colors
    ("Protection from white and from blue"), or nothing while there are none."""
    lowered = text.lower()
    if "from each mana value" in lowered:
        return _mana_value_protection(lowered, state, world, ctx)
    if lowered == "protection from the chosen player":
        player = ctx.choices.player
        return f"Protection from {player}" if player in world.game.players else ""
    if lowered == "protection from each of your opponents":
        # Courageous Resolve: from each opponent of the effect's controller (702.16j).
        names = [p for p in world.game.players if p != ctx.controller]
        return "Protection from " + " and from ".join(names) if names else ""
    if lowered == "protection from the chosen card type":
        # Serra's Emissary: the card type chosen as it entered (CR 607.2, 702.16a).
        kind = ctx.choices.card_type
        return f"Protection from {type_plural(kind)}" if kind else ""
    if lowered == "protection from its colors":
        colors = state[label].colors if label in state else frozenset()
    elif lowered == "protection from the colors of permanents you control":
        colors = frozenset().union(
            *(
                c.colors
                for other, c in state.items()
                if c.controller == ctx.controller and world.objects[other].on_battlefield
            )
        )
    else:
        return text
    names = [COLOR_NAMES[c] for c in "WUBRG" if c in colors]
    return "Protection from " + " and from ".join(names) if names else ""


def _mana_value_protection(lowered: str, state: State, world: World, ctx: Context) -> str:
    """Protection from mana values (CR 702.16a, 202.3), named as ``sba.has_quality`` reads
    them: "of the chosen quality" (Lavabrink Venturer: odd or even, ``choices.option``; 0 is
    even), "other than the chosen number" (Haktos the Unscarred, ``choices.option``), "among
    artifacts you control" (Rebbec: each of their mana values now)."""
    chosen = (ctx.choices.option or "").lower()
    if lowered.endswith("of the chosen quality"):
        return f"Protection from {chosen} mana values" if chosen in ("odd", "even") else ""
    if lowered.endswith("other than the chosen number"):
        return f"Protection from mana values other than {chosen}" if chosen.isdigit() else ""
    if lowered.endswith("among artifacts you control"):
        values = sorted(
            {
                c.mana_value
                for other, c in state.items()
                if "Artifact" in c.types
                and c.controller == ctx.controller
                and world.objects[other].on_battlefield
            }
        )
        named = [f"mana value {v}" for v in values]
        return "Protection from " + " and from ".join(named) if named else ""
    return ""


def offered(text: str, choices: Choices) -> str:
    """The ability chosen among those a resolving text offers (CR 608.2d), by the step's
    choices; "" while none of them is chosen (the step is refused before this,
    ``resolve_checks``). "Your choice of deathtouch or lifelink" (Alchemist's Gift) is the
    keyword ``choices.option`` names; "protection from colorless or from the color of your
    choice" (Angelic Intervention) is from ``choices.option`` ("colorless") or else from the
    color ``choices.color`` names."""
    if text.startswith(YOUR_CHOICE):
        chosen = (choices.option or "").lower()
        return chosen[:1].upper() + chosen[1:] if chosen in offered_words(text) else ""
    head, sep, second = text.partition(" or from ")
    if not sep:
        return text
    ability, _, first = head.partition(" from ")
    if (choices.option or "").lower() == first.lower():
        return head
    if second == "the color of your choice" and choices.color:
        return f"{ability} from {COLOR_NAMES[choices.color]}"
    return ""


def _each_of_its_colors(text: str, label: str, state: State) -> tuple[str, ...]:
    """ "hexproof from each of its colors" (Tam, Mindful First-Year): "hexproof from red"
    and "hexproof from green" for a red and green creature, its colors as they are now (layer
    5 applies before 6, CR 613.1e-f; 105.2), and nothing for a colorless one (CR 702.11e)."""
    head, sep, _ = text.partition(" from each of its colors")
    if not sep:
        return (text,)
    colors = state[label].colors if label in state else frozenset()
    return tuple(f"{head} from {COLOR_NAMES[c]}" for c in "WUBRG" if c in colors)


def _chosen_abilities(grant: tuple[str, ...], ctx: Context) -> list[str]:
    """ "each of the chosen abilities" (Greymond): the pair chosen as its source entered (CR
    614.12, 607.2), "first strike and lifelink", as one keyword ability each."""
    found: list[str] = []
    for g in grant:
        if g != CHOSEN_ABILITIES:
            found.append(g)
            continue
        chosen = (ctx.choices.option or "").split(" and ")
        found += [a[0].upper() + a[1:] for a in chosen if a]
    return found


def _chosen_words(text: str, ctx: Context) -> str:
    """ "protection from the color of your choice" with the color that was chosen."""
    if ctx.choices.color:
        color = {v: k for k, v in COLOR_WORDS.items()}[ctx.choices.color]
        for words in ("the color of your choice", "the chosen color"):
            text = text.replace(words, color)
    return text


def apply_payload(
    action: Action, value: Any, chars: Characteristics, *, timestamp: int = 0
) -> Characteristics:
    """Write one part's effect on one object's characteristics."""
    if isinstance(action, SetController):
        return chars.with_controller(value) if value else chars
    if isinstance(action, ExchangeControl):
        return chars.with_controller(value) if value else chars
    if isinstance(action, ChangeText):
        from_word, to_word = value
        if action.every:
            for word in COLOR_WORDS:
                chars = change_text(chars, word, to_word) if word != to_word else chars
            return chars
        return change_text(chars, from_word, to_word)
    if isinstance(action, SetName):
        return replace(chars, name=value)
    if isinstance(action, TypeChange):
        return change_types(chars, action, value[1], value[2])
    if isinstance(action, ColorChange):
        colors, add = value
        return chars.with_colors((chars.colors | colors) if add else colors)
    if isinstance(action, AbilityChange):
        return change_abilities(chars, action, value, timestamp)
    if isinstance(action, SetPT):
        power, toughness = value
        return chars.with_pt(
            chars.power if power is None else power,
            chars.toughness if toughness is None else toughness,
        )
    if isinstance(action, ModifyPT):
        dp, dt = value
        return chars.with_pt((chars.power or 0) + dp, (chars.toughness or 0) + dt)
    if isinstance(action, SwitchPT):
        return chars.with_pt(chars.toughness, chars.power)
    raise TypeError(f"unknown action {action!r}")


def copy_values(chars: Characteristics, values: Characteristics, copy: CopyOf) -> Characteristics:
    """CR 707.2: take the copiable values; 707.9b: "except" changes become part of them."""
    types = set(values.types) | copy.except_types
    if copy.except_only_types:
        types = set(copy.except_types)
    supertypes = (set(values.supertypes) | copy.except_supertypes) - copy.except_not_supertypes
    subtypes = values.subtypes + tuple(s for s in copy.except_subtypes if s not in values.subtypes)
    # CR 707.9d: a characteristic the exception sets or keeps is not defined by the original's
    # characteristic-defining ability, which is not copied (Quicksilver Gargantuan, Tarmogoyf).
    dropped = {"7a"} if copy.except_pt is not None or copy.except_own_pt else set()
    if copy.except_colors is not None or copy.keeps_own_color:
        dropped.add("5")
    abilities = tuple(a for a in values.abilities if not _defines(a, dropped))
    granted = copy.except_abilities + tuple(
        text
        for text, needed in copy.except_abilities_if
        # "if that creature doesn't have vanishing" (Flesh Duplicate): read on the original.
        if (not values.has_ability(needed[1:]) if needed.startswith("!") else needed in types)
    )
    name = values.name
    if copy.except_name is not None:
        name = chars.name if copy.except_name == "~" else copy.except_name
    for n, text in enumerate(granted):
        for j, parsed in enumerate(parse_ability_text(text, name, spell=False)):
            abilities += (AbilityInstance(f"x{n}.{j}", parsed, "printed", source_text=text),)
    copied = replace(
        values,
        name=name,
        types=order_types(types),
        supertypes=order_supertypes(supertypes),
        subtypes=subtypes,
        abilities=abilities,
        colors=copy.except_colors
        if copy.except_colors is not None
        else chars.colors
        if copy.keeps_own_color
        else values.colors,
        controller=chars.controller,
        front_mana_cost=None,  # CR 712.8e: a copy of a back face has mana value 0
    )
    if copy.except_pt is not None:
        copied = copied.with_pt(*copy.except_pt)
    elif copy.except_own_pt:
        copied = copied.with_pt(chars.power, chars.toughness)
    if copy.except_only_types:
        copied = clean_subtypes(copied)  # CR 205.3d: no creature types on a noncreature
    return sync_intrinsic_mana(copied)


def _defines(ability: AbilityInstance, layers: set[str]) -> bool:
    """Is this a characteristic-defining ability (CR 604.3) for one of these layers?"""
    return bool(layers) and any(
        effect.cda and any(part.layer in layers for part in effect.parts)
        for effect in ability.parsed.effects
    )


def face_down(chars: Characteristics, abilities: tuple[str, ...] = ()) -> Characteristics:
    """Face-down: a 2/2 creature with no name, text, subtypes, mana cost or color (CR 708.2);
    a disguised or cloaked one also has ward {2} (702.168a, 701.58a): ``abilities``."""
    instances = tuple(
        AbilityInstance(f"x{n}.{j}", parsed, "printed", source_text=text)
        for n, text in enumerate(abilities)
        for j, parsed in enumerate(parse_ability_text(text, "", spell=False))
    )
    return replace(
        chars,
        name="",
        mana_cost=None,
        front_mana_cost=None,
        colors=frozenset(),
        supertypes=(),
        types=("Creature",),
        subtypes=(),
        abilities=instances,
        power=2,
        toughness=2,
        loyalty=None,
        all_creature_types=False,
        has_adventure=False,  # CR 708.2: none of its characteristics (715.2a)
    )


def _creature_types_of(
    subject: Subject | None, state: State, world: World, ctx: Context
) -> tuple[tuple[str, ...], bool] | None:
    """The creature types of the object ``subject`` names now (in exile too: a card there has
    its printed types, and a changeling card every creature type, CR 702.73a), and whether
    that is every creature type; None when the action copies none."""
    if subject is None:
        return None
    types: list[str] = []
    every = False
    for label in select(subject, state, world, ctx):
        types += [s for s in state[label].subtypes if s in CREATURE_TYPES and s not in types]
        every = every or state[label].all_creature_types
    return tuple(types), every


def change_types(
    chars: Characteristics,
    action: TypeChange,
    chosen: str | None,
    copied: tuple[tuple[str, ...], bool] | None = None,
) -> Characteristics:
    """CR 205.1a-b for card types and subtypes; CR 305.7 when a land's type is set;
    ``copied``: creature types that replace its own (Duplicant, 205.1a)."""
    types = set(chars.types)
    subtypes = list(chars.subtypes)
    all_creature = chars.all_creature_types
    if action.set_types is not None:
        # CR 205.1a: the new card types replace the old, but instant and sorcery stay.
        types = set(action.set_types) | (types & {"Instant", "Sorcery"})
    types |= action.add_types
    types -= action.remove_types
    new_subtypes = set(action.set_subtypes or ()) | set(action.add_subtypes)
    if chosen and (action.set_chosen_type or action.add_chosen_type):
        new_subtypes.add(chosen)
    land_type_set = False
    if action.set_subtypes is not None or action.set_chosen_type:
        replaced_kinds = {subtype_category(s) for s in (action.set_subtypes or ())}
        if action.set_chosen_type:
            # The chosen subtype replaces those of its own kind: a creature type replaces
            # creature types; a basic land type replaces land types (CR 305.7).
            replaced_kinds.add(subtype_category(chosen) if chosen else "Creature")
        subtypes = [s for s in subtypes if subtype_category(s) not in replaced_kinds]
        if "Creature" in replaced_kinds:
            all_creature = False
        land_type_set = "Land" in replaced_kinds
    if action.lose_all_creature_types or "Creature" in action.lose_subtype_kinds:
        subtypes = [s for s in subtypes if s not in CREATURE_TYPES]
        all_creature = False
    if action.lose_subtype_kinds - {"Creature"}:
        subtypes = [s for s in subtypes if subtype_category(s) not in action.lose_subtype_kinds]
    if action.all_creature_types:
        all_creature = True
    if copied is not None:
        # In the copied card's order, after the ones it keeps ("It's still a Shapeshifter").
        kept = action.add_subtypes
        subtypes = [s for s in subtypes if s not in CREATURE_TYPES or s in kept]
        subtypes += [s for s in copied[0] if s not in subtypes]
        all_creature = copied[1]
    if action.every_basic_land_type:
        new_subtypes |= set(BASIC_LAND_TYPES)
    subtypes += [s for s in new_subtypes if s not in subtypes]
    supertypes = (set(chars.supertypes) | action.add_supertypes) - action.remove_supertypes
    result = replace(
        chars,
        types=order_types(types),
        subtypes=tuple(subtypes),
        supertypes=order_supertypes(supertypes),
        all_creature_types=all_creature,
    )
    result = clean_subtypes(result)
    if land_type_set and "Land" in result.types:
        # CR 305.7: the land loses its rules-text abilities and gets the new type's mana ability.
        result = replace(result, abilities=())
    return sync_intrinsic_mana(result)


def change_abilities(
    chars: Characteristics, action: AbilityChange, value: Any, timestamp: int
) -> Characteristics:
    """CR 613.1f: removal first, then grants (an effect's own grants survive its removal)."""
    remove_all, except_mana, removed, cant_have, granted, eid = value
    abilities = list(chars.abilities)
    if remove_all:
        abilities = [a for a in abilities if except_mana and a.parsed.is_mana_ability]
    if removed:
        abilities = [a for a in abilities if a.text.lower() not in removed]
    blocked = chars.cant_have | cant_have
    if blocked:
        abilities = [a for a in abilities if a.text.lower() not in blocked]
    for n, (text, origin_name) in enumerate(granted):
        parsed_all = parse_ability_text(text, origin_name or chars.name, spell=False)
        for j, parsed in enumerate(parsed_all):
            if parsed.text.lower() in blocked:
                continue
            key = f"g:{eid}:{n}.{j}"
            abilities.append(
                AbilityInstance(key, parsed, "granted", source_text=text, granted_ts=timestamp)
            )
    return replace(chars, abilities=tuple(abilities), cant_have=blocked)


# --- Text-changing effects (CR 612) ---------------------------------------------


def change_text(
    chars: Characteristics, from_word: str | None, to_word: str | None
) -> Characteristics:
    """Replace a color word, basic land type or creature type in the rules text.

    CR 612.2: only words used as such change, and never a name, so the
    object's own name is protected before the substitution.
    """
    if not from_word or not to_word:
        return chars
    lower_from = from_word.lower()
    if lower_from in COLOR_WORDS:
        forms = [(lower_from, to_word.lower())]
    else:
        canonical_from = from_word[0].upper() + from_word[1:]
        canonical_to = to_word[0].upper() + to_word[1:]
        forms = [(canonical_from, canonical_to), (plural(canonical_from), plural(canonical_to))]
        if canonical_from in LAND_TYPES:
            forms.append((canonical_from.lower() + "walk", canonical_to.lower() + "walk"))
            forms.append((canonical_from + "walk", canonical_to + "walk"))
    forms.sort(key=lambda f: len(f[0]), reverse=True)
    names = {chars.name, short_name(chars.name)} - {""}
    new_abilities = []
    changed = False
    for instance in chars.abilities:
        if instance.origin != "printed":
            new_abilities.append(instance)  # CR 612.3: granted abilities are not text
            continue
        text = _substitute(instance.source_text, forms, names)
        if text != instance.source_text:
            changed = True
            instance = replace(instance, source_text=text)
        new_abilities.append(instance)
    # CR 612.1: the type line is text too (a printed "Forest" can become "Island").
    subtypes = tuple(_swap_subtype(s, forms) for s in chars.subtypes)
    if subtypes != chars.subtypes:
        chars = sync_intrinsic_mana(replace(chars, subtypes=subtypes))
    if not changed:
        return chars
    updated = replace(chars, abilities=tuple(new_abilities))
    return replace(updated, abilities=reparse(updated.abilities, chars.name, chars.spell_text))


def _swap_subtype(subtype: str, forms: list[tuple[str, str]]) -> str:
    for old, new in forms:
        if subtype.lower() == old.lower() and subtype[0].isupper():
            return new[0].upper() + new[1:]
    return subtype


def _substitute(text: str, forms: list[tuple[str, str]], names: set[str]) -> str:
    protected: dict[str, str] = {}
    for i, name in enumerate(sorted(names, key=len, reverse=True)):
        marker = f"\x00{i}\x00"
        protected[marker] = name
        text = text.replace(name, marker)
    for old, new in forms:

        def repl(m: re.Match[str], new: str = new) -> str:
            word = m.group(0)
            if word[0].isupper() and not new[0].isupper():
                return new[0].upper() + new[1:]
            if word[0].islower() and new[0].isupper() and word.lower() == word:
                return new.lower()
            return new

        text = re.sub(rf"(?<![\w]){re.escape(old)}(?![\w])", repl, text, flags=re.IGNORECASE)

        def lowered(_m: re.Match[str], new: str = new) -> str:
            return new.lower()

        text = re.sub(rf"(?<=non){re.escape(old)}(?![\w])", lowered, text, flags=re.IGNORECASE)
    for marker, name in protected.items():
        text = text.replace(marker, name)
    return text
