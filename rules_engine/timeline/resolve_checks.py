"""What a resolving spell or ability checks and decides before its parts happen: its
targets (CR 601.2c, 608.2b), the choices it needs (608.2d, 612.2), and which of its
effects it makes ("If ...", "... instead": 608.2c, 614.15)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Literal

from rules_engine.affected import Filter
from rules_engine.apply import offered
from rules_engine.characteristics import Characteristics
from rules_engine.effects import (
    AbilityChange,
    ChangeText,
    Condition,
    CopyOf,
    EffectSpec,
    TypeChange,
)
from rules_engine.errors import BoardError
from rules_engine.game import Game, NotModelled
from rules_engine.gaps import UNAPPLIED_CONTINUOUS
from rules_engine.one_shot import OneShot
from rules_engine.oracle.ability_lists import offered_words
from rules_engine.oracle.cursor import Cursor
from rules_engine.oracle.parser import ParsedAbility
from rules_engine.oracle.subjects import SubjectContext, parse_subject
from rules_engine.oracle.text import tokenize
from rules_engine.selection import Context, World, matches, select
from rules_engine.targeting import target_problem
from rules_engine.timeline.common import require_on_battlefield
from rules_engine.timeline.resolution import Resolution
from rules_engine.vocabulary import BASIC_LAND_TYPES, COLOR_WORDS, CREATURE_TYPES


def earlier_subjects(
    specs: list[EffectSpec], res: Resolution
) -> tuple[list[EffectSpec], list[NotModelled]]:
    """ "Creatures you control get +1/+1 until end of turn. / Fateful hour — If you have 5 or
    less life, those creatures gain indestructible" (Break of Day): "those creatures" are
    the ones the effect before it applies to (CR 608.2c); with no effect before it to name
    them, the sentence is named as not modelled."""
    out: list[EffectSpec] = []
    orphans: list[NotModelled] = []
    for spec in specs:
        if spec.subject.kind == "earlier":
            if not out:
                why = f'{UNAPPLIED_CONTINUOUS}: cannot tell what "{spec.subject.words}" refers to'
                orphans.append(NotModelled(res.label, spec.text, why))
                continue
            spec = replace(spec, subject=out[-1].subject)
        out.append(spec)
    return out, orphans


def verify_resolution(
    game: Game, res: Resolution, abilities: list[ParsedAbility], specs: list[EffectSpec]
) -> None:
    """Before anything happens: as many targets as it needs, the type it chooses (608.2d),
    and each target where a target of its text can be."""
    optional = _up_to_slots(abilities, specs)
    needed = max(
        (
            spec.min_targets
            if spec.min_targets is not None
            else max((s + 1 for s in range(spec.targets_used) if s not in optional), default=0)
            for spec in specs
        ),
        default=0,
    )
    if len(res.targets) < needed:
        raise BoardError(
            f"{res.path}.targets",
            f"{res.source_name} needs {needed} target{'s' if needed != 1 else ''}, "
            f"got {len(res.targets)}",
        )
    _verify_type_choice(specs, abilities, res)
    _verify_offered_choice(specs, res)
    # A card in a graveyard is a target where the text says so ("target creature card from
    # your graveyard", CR 115.1); every other target is a permanent or a player.
    elsewhere = {
        f.zone
        for ability in abilities
        for action in ability.actions
        if action.subject is not None and action.subject.kind == "targets"
        for f in action.subject.filters
    } - {"battlefield"}
    for i, target in enumerate(res.targets):
        obj = game.object(target)
        if target not in game.players and not (obj is not None and obj.zone in elsewhere):
            require_on_battlefield(game, target, f"{res.path}.targets[{i}]")


def _up_to_slots(abilities: list[ParsedAbility], specs: list[EffectSpec]) -> frozenset[int]:
    """The target slots an "up to N" phrase chose (CR 601.2c: fewer, even none, may be
    chosen), whether a one-shot part ("Distribute four +1/+1 counters among up to four target
    creatures you control", Storm the Seedcore) or an effect names them: a later sentence's
    effect doesn't need them."""
    subjects = [spec.subject for spec in specs]
    subjects += [
        subject
        for ability in abilities
        for action in ability.actions
        for subject in (action.subject, action.other)
        if subject is not None
    ]
    return frozenset(slot for s in subjects if s.up_to for slot in s.target_slots)


def _verify_offered_choice(specs: list[EffectSpec], res: Resolution) -> None:
    """CR 608.2d: "gains your choice of deathtouch or lifelink" (Alchemist's Gift), "gains
    protection from colorless or from the color of your choice" (Angelic Intervention): its
    controller chooses one as it resolves, and the step must say which."""
    for spec in specs:
        for part in spec.parts:
            if not isinstance(part.action, AbilityChange):
                continue
            for granted in part.action.grant:
                words = offered_words(granted)
                if not words or offered(granted, res.choices):
                    continue
                color = " (or a color)" if "the color of your choice" in words else ""
                raise BoardError(
                    f"{res.path}.choices.option",
                    f"as {res.source_name} resolves, its controller chooses"
                    f" {' or '.join(words)} (CR 608.2d); the board must say which: add"
                    f' "option": "{words[0]}" to the step\'s choices{color}',
                )


def _verify_type_choice(
    specs: list[EffectSpec], abilities: list[ParsedAbility], res: Resolution
) -> None:
    """CR 608.2d: a text that chooses a creature type as it resolves ("Creatures of the
    creature type of your choice get +0/+4", "Choose a creature type other than Wall. Each
    creature becomes that type", "Destroy all creatures of the creature type of your
    choice") needs the step to say which (a basic land type: "Each land you control becomes
    that type")."""
    actions = [a for ability in abilities for a in ability.actions]
    if not (_uses(tuple(specs), _chooses_type) or _uses(tuple(actions), _chooses_type)):
        return
    where = f"{res.path}.choices.creature_type"
    chosen = res.choices.creature_type
    text = " ".join(a.text for a in abilities)
    if not chosen:
        land = "basic land type" in text.lower()
        what, example = (
            ("a basic land type", '"land_type": "Island"')
            if land
            else (
                "a creature type",
                '"creature_type": "Elf"',
            )
        )
        raise BoardError(
            where,
            f"as {res.source_name} resolves, its controller chooses {what} (CR 608.2d); the"
            f" board must say which: add {example} to the step's choices",
        )
    if (m := _OTHER_THAN.search(text)) and m["type"].lower() == chosen.lower():
        raise BoardError(where, f"{res.source_name} asks for a creature type other than {chosen}")


_OTHER_THAN = re.compile(r"choose a creature type other than (?P<type>\w+)", re.IGNORECASE)


def _chooses_type(value: object) -> bool:
    if isinstance(value, Filter):
        return value.chosen_type or value.not_chosen_type
    if isinstance(value, TypeChange):
        return value.set_chosen_type or value.add_chosen_type
    return False


def _uses(value: object, found: Callable[[object], bool]) -> bool:
    """Whether ``found`` holds for ``value`` or any value inside it."""
    if found(value):
        return True
    if isinstance(value, tuple):
        return any(_uses(v, found) for v in value)
    if hasattr(value, "__dataclass_fields__"):
        return any(_uses(getattr(value, f), found) for f in value.__dataclass_fields__)
    return False


def verify_targetable(
    abilities: list[ParsedAbility],
    res: Resolution,
    state: dict[str, Characteristics],
    world: World,
) -> None:
    """CR 601.2c, 115.4: every target the step names must be one the spell or ability could
    choose; "a source of your choice" (the last of the step's targets) isn't a target."""
    source = state.get(res.source)
    if source is None:
        return
    named = list(enumerate(res.targets))
    if any("source of your choice" in a.text.lower() for a in abilities):
        named = named[:-1]
    for i, target in named:
        if problem := target_problem(target, source, res.controller, state, world):
            raise BoardError(
                f"{res.path}.targets[{i}]", f"{res.source_name} can't target this: {problem}"
            )


# "Choose a nonlegendary creature on the battlefield." (Cytoshape), "Choose a creature you
# control." (Sakashima's Will): an object a resolving text chooses without targeting it.
_CHOOSES_AN_OBJECT = re.compile(
    r"^(?:then )?(?:you may )?choose (?P<what>(?:a|an) [^.]+)$", re.IGNORECASE
)


def verify_copy_choice(
    abilities: list[ParsedAbility],
    specs: list[EffectSpec],
    res: Resolution,
    state: dict[str, Characteristics],
    world: World,
) -> None:
    """CR 608.2c, 707.2: "Choose a nonlegendary creature on the battlefield. Target creature
    becomes a copy of that creature" (Cytoshape): the object the step names to copy is
    chosen as it resolves, and must be what the text chooses (a legendary creature is
    refused). A description the subject grammar can't read is not checked."""
    copies = any(
        isinstance(p.action, CopyOf) and p.action.source == "chosen"
        for spec in specs
        for p in spec.parts
    )
    chosen, where = (
        (res.choices.copy[0], f"{res.path}.choices.copy[0]")
        if res.choices.copy
        else (res.choices.chosen, f"{res.path}.choices.chosen")
    )
    if not copies or chosen is None or chosen not in state:
        return
    sentences = (
        sentence.rstrip(".")
        for ability in abilities
        for sentence in re.split(r"(?<=\.) ", ability.text)
    )
    for sentence in sentences:
        m = _CHOOSES_AN_OBJECT.match(sentence)
        if m is None:
            continue
        what = m["what"].split(" ", 1)[1].removesuffix(" on the battlefield")
        cursor = Cursor(tokenize(f"each {what}"), sentence=sentence)
        subject = parse_subject(cursor, SubjectContext())
        if subject is None or not cursor.at_end():
            return
        ctx = res.context()
        if not any(matches(f, chosen, state, world, ctx) for f in subject.filters):
            raise BoardError(
                where,
                f'{res.source_name} chooses "{m["what"]}" as it resolves (CR 608.2c), and '
                f"{state[chosen].name} isn't that now",
            )
        return


def legal_targets(
    abilities: list[ParsedAbility],
    res: Resolution,
    state: dict[str, Characteristics],
    world: World,
) -> frozenset[str]:
    """The targets that still match what their one-shot parts ask for, as the spell or
    ability begins to resolve (CR 608.2b)."""
    ctx = res.context()
    legal: set[str] = set()
    for ability in abilities:
        for action in ability.actions:
            for subject in (action.subject, action.other):
                if subject is None or subject.kind != "targets":
                    continue
                legal |= {
                    label
                    for label in select(subject, state, world, ctx)
                    if any(matches(f, label, state, world, ctx) for f in subject.filters)
                }
    return frozenset(legal)


def legal_target(
    spec: EffectSpec, label: str, state: dict[str, Characteristics], world: World, ctx: Context
) -> bool:
    """CR 608.2b: a target that is no longer legal is not affected."""
    if spec.subject.kind != "targets":
        return True
    return any(matches(f, label, state, world, ctx) for f in spec.subject.filters)


def missing_target(action: OneShot, res: Resolution) -> bool:
    """A one-shot part whose target the step doesn't name (an event board's spell that is
    only there for its shield): it is skipped and said so."""
    # "Up to N targets" (CR 601.2c): any number of them may be chosen, none at all too.
    slots = list(action.subject.target_slots if action.subject and not action.subject.up_to else ())
    slots += action.other.target_slots if action.other else ()
    if action.slot is not None:
        slots.append(action.slot)
    return any(slot >= len(res.targets) for slot in slots)


def verify_text_changes(specs: list[EffectSpec], res: Resolution) -> None:
    """Every text-changing effect it makes is told words it may change (CR 612.2)."""
    for spec in specs:
        for part in spec.parts:
            if isinstance(part.action, ChangeText):
                _verify_text_change(part.action, res)


def _verify_text_change(action: ChangeText, res: Resolution) -> None:
    """CR 612.2: the words must be of the kind the effect changes."""
    kinds = {
        "color": set(COLOR_WORDS),
        "basic_land_type": {t.lower() for t in BASIC_LAND_TYPES},
        "creature_type": {t.lower() for t in CREATURE_TYPES},
    }
    allowed: set[str] = set().union(*(kinds[k] for k in action.kinds))
    named = (("from", res.choices.from_word),)
    for key, word in named if action.to else (*named, ("to", res.choices.to_word)):
        if not word:
            raise BoardError(
                f"{res.path}.choices.{key}", "name the word to replace (choices.from/to)"
            )
        if word.lower() not in allowed:
            what = " or ".join(k.replace("_", " ") for k in sorted(action.kinds))
            raise BoardError(f"{res.path}.choices.{key}", f'"{word}" is not a {what}')
    if "creature_type" in action.kinds and (res.choices.to_word or "").lower() == "wall":
        raise BoardError(f"{res.path}.choices.to", "the new creature type can't be Wall")


def choose_instead(
    specs: list[EffectSpec],
    res: Resolution,
    state: dict[str, Characteristics],
    world: World,
) -> list[EffectSpec]:
    """CR 614.15: "If this spell was kicked, ... instead" picks one of two effects on
    resolution; CR 608.2c: "If it's a Spirit, ..." makes an effect only if that holds then."""

    def holds(condition: Condition | Literal["kicked"]) -> bool:
        return res.holds(condition, state, world)

    chosen: list[EffectSpec] = []
    for spec in specs:
        if spec.only_if is not None:
            if holds(spec.only_if):
                chosen.append(replace(spec, only_if=None))
            continue
        if spec.instead_if is None:
            chosen.append(spec)
            continue
        if holds(spec.instead_if) and chosen:
            chosen[-1] = replace(spec, instead_if=None)
    return chosen
