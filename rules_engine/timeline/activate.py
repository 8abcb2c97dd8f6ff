"""An ``activate`` step: a permanent's activated or triggered ability resolves (CR 602,
603), its costs paid as it is activated (loyalty 606.4, a sacrifice 602.2b); soulbond's
pairing (702.95)."""

from __future__ import annotations

import re
from dataclasses import replace

from rules_engine.characteristics import Characteristics
from rules_engine.effects import Designated, SourceStatus
from rules_engine.errors import BoardError
from rules_engine.game import Game, GameObject
from rules_engine.oracle.parser import (
    OracleParseError,
    ParsedAbility,
    parse_trigger_effect,
    split_leaves_trigger,
)
from rules_engine.perform import chars_of
from rules_engine.sba import chapter_numbers
from rules_engine.steps import ActivateStep, Choices
from rules_engine.timeline.cast import chosen_modes
from rules_engine.timeline.common import require_on_battlefield
from rules_engine.timeline.costs import SacrificeCost, pay_loyalty
from rules_engine.timeline.resolution import Resolution, holds_now
from rules_engine.timeline.resolve import resolve

_SACRIFICE_ACTIVATION = re.compile(
    r"\bsacrifice (?:an?|another) (?P<what>(?:(?!sacrifice )[\w ])++)(?:,|$)", re.I
)


def verify_activate(game: Game, step: ActivateStep) -> ParsedAbility:
    """The ability that resolves: one the permanent has (CR 113.2c order), readable, and
    whose source is on the battlefield unless it is a triggered ability (603.10a)."""
    obj = game.object(step.source)
    if obj is None:
        raise BoardError(f"{step.path}.activate", f'"{step.source}" is no longer in the game')
    chars = chars_of(game)[step.source]
    ability = _ability_to_resolve(game, chars, obj, step)
    if ability.keyword == "soulbond":
        return ability
    if not obj.on_battlefield and ability.kind != "triggered":
        # Only a triggered ability resolves once its source has left: a "dies" or "leaves
        # the battlefield" trigger looks back in time (CR 603.10a, 113.7a).
        require_on_battlefield(game, step.source, f"{step.path}.activate")
    return ability


def _require_exists(
    game: Game, step: ActivateStep, parsed: ParsedAbility, chars: Characteristics
) -> None:
    """A "Max speed — ..." or "Solved — ..." ability exists only while its condition holds:
    it can't trigger or be activated otherwise (CR 702.178a, 702.169c-d)."""
    assert parsed.exists_if is not None
    res = _resolution(game, step, chars, step.choices)
    if holds_now(game, parsed.exists_if, res):
        return
    if isinstance(parsed.exists_if, Designated):
        speed = game.designations.speed_of(chars.controller)
        why = (
            f"{chars.controller}'s speed is {speed}, not 4, so {chars.name} doesn't have this "
            "ability: it can't trigger or be activated (CR 702.178a)"
        )
    elif isinstance(parsed.exists_if, SourceStatus) and parsed.exists_if.status == "class_level":
        why = (
            f"{chars.name} isn't level {parsed.exists_if.minimum} or greater, so it doesn't "
            "have this ability: it can't trigger or be activated (CR 716.2a)"
        )
    else:
        why = (
            f"{chars.name} isn't solved, so this ability can't trigger or be activated "
            '(CR 702.169c-d; an enter step says "solved": true for a Case already solved)'
        )
    raise BoardError(f"{step.path}.ability", why)


def _resolution(
    game: Game, step: ActivateStep, chars: Characteristics, choices: Choices
) -> Resolution:
    obj = game.object(step.source)
    assert obj is not None
    return Resolution(
        step.label,
        step.source,
        chars.name or obj.card.name,
        chars.controller,
        step.targets,
        choices,
        step.x,
        step.path,
        step.index,
        step.replacements,
        False,
    )


def _solve(game: Game, res: Resolution, ability: ParsedAbility) -> Game:
    """CR 719.3a: "To solve — [condition]" resolves at the beginning of its controller's end
    step: if the condition holds and the Case isn't solved, it becomes solved (719.3b: a
    designation it keeps until it leaves the battlefield)."""
    obj = game.object(res.source)
    assert ability.solve_if is not None
    if obj is None or not obj.on_battlefield or obj.solved:
        return game
    if not holds_now(game, ability.solve_if, res):
        return game
    return game.with_object(replace(obj, solved=True))


def _ability_to_resolve(
    game: Game, chars: Characteristics, obj: GameObject, step: ActivateStep
) -> ParsedAbility:
    """Ability k of the permanent in Oracle order (its printed paragraphs, then granted
    abilities): activated and mana abilities as written, a triggered ability's effect
    (the text after its trigger condition, CR 603.2)."""
    paragraphs = [
        a for a in chars.abilities if a.paragraph == step.ability and a.origin == "printed"
    ]
    granted = [a for a in chars.abilities if a.origin != "printed"]
    extra = step.ability - len(obj.card.rules_text)
    candidates = paragraphs or ([granted[extra]] if 0 <= extra < len(granted) else [])
    usable = ("activated", "mana", "triggered")
    if candidates and candidates[0].parsed.keyword == "soulbond":
        return candidates[0].parsed  # its pairing trigger (CR 702.95a), resolved by _pair
    if not candidates or candidates[0].parsed.kind not in usable:
        listing = "; ".join(
            f"{a.paragraph}: {a.text}" for a in chars.abilities if a.parsed.kind in usable
        )
        raise BoardError(
            f"{step.path}.ability",
            f"{chars.name or step.source} has no activated or triggered ability {step.ability} "
            f"(abilities that can resolve: {listing or 'none'})",
        )
    parsed = candidates[0].parsed
    if parsed.unreadable is not None:
        # Inert until it resolves (CR 602.2), so the card was placed; resolving needs the text.
        raise BoardError(f"{step.path}.ability", f"{chars.name}: {parsed.unreadable}")
    if parsed.exists_if is not None:
        _require_exists(game, step, parsed, chars)
    if parsed.kind != "triggered" or parsed.solve_if is not None:
        return parsed
    text = parsed.text
    if text.startswith("CLASS LEVEL "):  # CR 716.2a: a level's ability (oracle/text.py)
        text = text.split(" | ", 1)[1]
    first, leaves = split_leaves_trigger(text, chars.name or obj.card.name)
    if leaves is not None:
        # Two triggered abilities in one paragraph (Animate Dead): while the permanent is on
        # the battlefield its enters trigger resolves (its intervening "if it's on the
        # battlefield" would make it do nothing otherwise, CR 603.4); once it has left, its
        # leaves-the-battlefield trigger (603.6c, 603.10a).
        text = first if obj.on_battlefield else leaves
    try:
        return parse_trigger_effect(text, chars.name or obj.card.name)
    except OracleParseError as exc:
        raise BoardError(f"{step.path}.ability", f"{chars.name}: {exc}") from exc


# "Whenever ~ enters or attacks, choose one —", "{T}: Choose one or more —": a modal ability
# whose modes are the "•" paragraphs printed after it (CR 700.2).
_MODAL_HEADER = re.compile(r"\bchoose [^.—]{1,40}—$", re.IGNORECASE)


def _chosen_mode_abilities(
    chars: Characteristics, step: ActivateStep, header: ParsedAbility
) -> list[ParsedAbility] | None:
    """A modal activated or triggered ability's chosen modes (CR 700.2: chosen as it is put
    on the stack, the step's ``choices.mode`` or ``choices.modes``), or None when it isn't
    modal. Its modes are the "•" paragraphs printed right after it."""
    if _MODAL_HEADER.search(header.text.strip()) is None:
        return None
    modes: list[ParsedAbility] = []
    for paragraph in range(step.ability + 1, step.ability + 1 + len(chars.abilities)):
        found = [a for a in chars.abilities if a.origin == "printed" and a.paragraph == paragraph]
        if not found or not found[0].source_text.lstrip().startswith("•"):
            break
        modes.append(found[0].parsed)
    if not modes:
        return None
    return [modes[k] for k in chosen_modes(step, header.text.lower(), len(modes))]


def activate(game: Game, step: ActivateStep) -> Game:
    """Its costs are paid as it is activated (CR 602.2b), then it resolves (608.2)."""
    ability = verify_activate(game, step)
    if ability.keyword == "soulbond":
        return _pair(game, step)
    obj = game.object(step.source)
    assert obj is not None
    chars = chars_of(game)[step.source]
    if "Planeswalker" in chars.types and ability.kind == "activated":
        game = pay_loyalty(game, step, ability.cost, chars.controller)
    choices = obj.choices.merged(step.choices)
    sacrifice = _SACRIFICE_ACTIVATION.search(ability.cost or "")
    if sacrifice is not None and "the sacrificed creature" in ability.text.lower():
        # Atogatog: "Sacrifice an Atog creature: ~ gets +X/+X ..., where X is the sacrificed
        # creature's power" (CR 602.2b: the cost is paid as it is activated).
        where = f"{step.path}.choices.sacrificed"
        payer = SacrificeCost(tuple(sacrifice["what"].split()), chars.controller, where, step.label)
        game, choices = payer.pay(game, choices, step.index)
    game = _chapter_resolved(game, obj, chars, step.ability)
    res = _resolution(game, step, chars, choices)
    if ability.solve_if is not None:
        return _solve(game, res, ability)
    printed = next((a.parsed for a in chars.abilities if a.paragraph == step.ability), ability)
    return resolve(game, res, _chosen_mode_abilities(chars, step, printed) or [ability])


def _chapter_resolved(game: Game, obj: GameObject, chars: Characteristics, paragraph: int) -> Game:
    """CR 714.2b, 714.4: a chapter ability resolving leaves the stack, so its Saga stops
    waiting for it (the lowest waiting number the ability's chapter line has)."""
    text = next((a.text for a in chars.abilities if a.paragraph == paragraph), "")
    numbers = set(chapter_numbers(text))
    now = game.object(obj.label) or obj
    waiting = [n for n in sorted(now.chapters_pending) if n in numbers]
    if not waiting:
        return game
    pending = list(now.chapters_pending)
    pending.remove(waiting[0])
    return game.with_object(replace(now, chapters_pending=tuple(pending)))


def verify_pair(game: Game, step: ActivateStep) -> str | None:
    """CR 702.95a: the creature it pairs with (``choices.pair``), another unpaired creature
    its controller controls; None if it left or is paired already (nothing happens)."""
    where = f"{step.path}.choices.pair"
    partner = step.choices.pair
    if partner is None:
        raise BoardError(where, "name the creature it pairs with (choices.pair)")
    state = chars_of(game)
    me = game.object(step.source)
    if me is None or not me.on_battlefield or me.paired_with is not None:
        return None  # it left, or is paired already: the trigger does nothing (702.95a)
    other = require_on_battlefield(game, partner, where)
    mine, theirs = state[me.label], state[other.label]
    if partner == step.source:
        raise BoardError(where, "it pairs with another creature, not itself")
    if "Creature" not in mine.types or "Creature" not in theirs.types:
        raise BoardError(where, "only creatures can be paired (CR 702.95a)")
    if mine.controller != theirs.controller:
        raise BoardError(where, "it pairs only with a creature its controller controls")
    if other.paired_with is not None:
        raise BoardError(where, "that creature is already paired (CR 702.95a: another unpaired)")
    return partner


def _pair(game: Game, step: ActivateStep) -> Game:
    """CR 702.95a: soulbond's trigger resolves, pairing it with another unpaired creature
    its controller controls (``choices.pair``); nothing happens if either can't be paired."""
    partner = verify_pair(game, step)
    me = game.object(step.source)
    other = game.object(partner) if partner is not None else None
    if partner is None or me is None or other is None:
        return game
    game = game.with_object(replace(me, paired_with=partner))
    return game.with_object(replace(other, paired_with=step.source))


def unpair_broken(game: Game) -> Game:
    """CR 702.95e: a pair breaks for good when either leaves the battlefield, stops being a
    creature, or their controllers differ."""
    state = chars_of(game)
    for obj in game.objects:
        partner = game.object(obj.paired_with) if obj.paired_with else None
        if obj.paired_with is None:
            continue
        intact = (
            partner is not None
            and obj.on_battlefield
            and partner.on_battlefield
            and partner.paired_with == obj.label
            and "Creature" in state[obj.label].types
            and "Creature" in state[partner.label].types
            and state[obj.label].controller == state[partner.label].controller
        )
        if not intact:
            game = game.with_object(replace(obj, paired_with=None))
            if partner is not None and partner.paired_with == obj.label:
                game = game.with_object(replace(partner, paired_with=None))
    return game
