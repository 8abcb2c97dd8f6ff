"""A ``cast`` step: an instant or sorcery is cast, resolves (CR 608.2) and goes to its
owner's graveyard (608.2n), or into exile as an Adventure or with rebound."""

from __future__ import annotations

import re
from dataclasses import replace

from rules_engine.cards import CardDef
from rules_engine.characteristics import printed_abilities
from rules_engine.errors import BoardError
from rules_engine.game import Game, GameObject
from rules_engine.oracle.parser import ParsedAbility
from rules_engine.perform import perform
from rules_engine.replacement.events import ZoneMove
from rules_engine.replacement.explore import Pending
from rules_engine.steps import ActivateStep, CastRecord, CastStep
from rules_engine.timeline.common import add_object, verify_abilities
from rules_engine.timeline.costs import SacrificeCost
from rules_engine.timeline.entering import Entering
from rules_engine.timeline.resolution import Resolution
from rules_engine.timeline.resolve import resolve

_SACRIFICE_COST = re.compile(
    r"as an additional cost to cast (?:this spell|~), sacrifice an? (?P<what>[\w ]+?)[.,]",
    re.IGNORECASE,
)


def verify_cast(step: CastStep) -> list[ParsedAbility]:
    """An instant or sorcery card whose text reads, with its mode chosen if it is modal
    (CR 700.2): the abilities that resolve."""
    card = step.card
    verify_abilities(card, f"{step.path}.cast")
    if not card.is_spell_card:
        raise BoardError(
            f"{step.path}.cast", f'{card.name} is a permanent card: use an "enter" step'
        )
    abilities = [inst.parsed for inst in printed_abilities(card.name, card.rules_text, True)]
    modal = [a for a in abilities if a.kind == "modal"]
    costed = [a for a in abilities if a.mode_cost is not None]
    if modal or costed:
        # CR 700.2h: modes with their costs (spree, tiered, pawprints) are the modes, with or
        # without a header ("Spree" and "Tiered" are keywords, 702.172, 702.183).
        modes = costed or [a for a in abilities if a not in modal and a.kind != "keyword"]
        header = modal[0].text if modal else _mode_keyword(abilities)
        chosen = chosen_modes(step, header, len(modes))
        _check_pawprints(step, header, [modes[k] for k in chosen])
        return [modes[k] for k in chosen]
    return abilities


def _mode_keyword(abilities: list[ParsedAbility]) -> str:
    """What says how many costed modes a spell chooses: spree, one or more (702.172a);
    tiered, exactly one (702.183a); with neither, one."""
    words = {a.text.lower() for a in abilities if a.kind == "keyword"}
    return "choose one or more" if "spree" in words else "choose one"


_PAWPRINTS = re.compile(r"choose up to (\w+) \{p\} worth of modes", re.IGNORECASE)
_NUMBER = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _check_pawprints(step: CastStep, header: str, chosen: list[ParsedAbility]) -> None:
    """CR 700.2i: the chosen modes' pawprint symbols ({P}) total no more than the header's
    number ("Choose up to five {P} worth of modes")."""
    m = _PAWPRINTS.search(header)
    if m is None:
        return
    budget = _NUMBER.get(m[1].lower(), 0)
    spent = sum((a.mode_cost or "").upper().count("{P}") for a in chosen)
    if spent > budget:
        raise BoardError(
            f"{step.path}.choices.modes",
            f"these modes have {spent} pawprints; this spell chooses up to {budget} "
            "pawprints' worth of modes (CR 700.2i)",
        )


_HOW_MANY = {"one": 1, "two": 2, "three": 3}


def _how_many(header: str, count: int) -> tuple[int, int]:
    """How many modes the header lets the spell choose: "Choose three." exactly three (with
    a mode more than once, 700.2d), "Choose one or more" up to all of them, and "Choose
    one. If ..., you may choose both instead." up to the number the "instead" allows
    (whether its condition held is the board's to say)."""
    word = header.removeprefix("choose ").split(" ")[0].rstrip(".")
    least = _HOW_MANY.get(word, 1)
    if _PAWPRINTS.search(header):
        return 1, 99  # CR 700.2i: as many as the pawprints allow (_check_pawprints)
    if "same mode more than once" in header:
        return least, least
    if "instead" in header or "or more" in header or "or both" in header or word == "any":
        return least, count
    return least, least


def chosen_modes(step: CastStep | ActivateStep, header: str, count: int) -> tuple[int, ...]:
    """The modes chosen as the spell is cast or the ability is put on the stack (CR 700.2):
    ``choices.modes`` in the order chosen, or the one ``choices.mode``. A mode appears twice
    only where the text says "You may choose the same mode more than once." (700.2d); a
    header that says how many ("Choose three.") wants that many, or up to the number its
    "instead" allows."""
    choices = step.choices
    chosen = choices.modes or ((choices.mode,) if choices.mode is not None else ())
    path = f"{step.path}.choices.{'modes' if choices.modes else 'mode'}"
    if not chosen or any(k >= count for k in chosen):
        raise BoardError(path, f"choose a mode from 0 to {count - 1}")
    text = header.lower()
    if len(set(chosen)) < len(chosen) and "same mode more than once" not in text:
        raise BoardError(path, "it can't choose the same mode twice (CR 700.2d)")
    if choices.modes:
        least, most = _how_many(text, count)
        if not least <= len(chosen) <= most:
            many = f"{least}" if least == most else f"from {least} to {most}"
            raise BoardError(path, f"it chooses {many} modes (CR 700.2)")
    return chosen


def _sacrifice_as_cost(game: Game, step: CastStep) -> tuple[Game, CastStep]:
    """CR 601.2h: "As an additional cost to cast this spell, sacrifice a creature" is paid as
    it is cast (``choices.sacrificed``), when its text reads the sacrificed creature."""
    path = f"{step.path}.choices.sacrificed"
    text = step.card.oracle_text.replace(step.card.name, "~")
    cost = _SACRIFICE_COST.search(text)
    if cost is None:
        if step.choices.sacrificed is not None:
            raise BoardError(path, f"{step.card.name} has no cost to sacrifice a permanent")
        return game, step
    if step.choices.sacrificed is None and "the sacrificed creature" not in text.lower():
        return game, step
    payer = SacrificeCost(tuple(cost["what"].split()), step.controller, path, step.label)
    game, paid = payer.pay(game, step.choices, step.index)
    return game, replace(step, choices=paid)


def cast(game: Game, step: CastStep) -> Game:
    """It is put on the stack, its costs are paid, it resolves, and the card goes where a
    resolved spell goes (CR 608.2n) unless its own text moved it."""
    abilities = verify_cast(step)
    card = step.card
    printed = printed_abilities(card.name, card.rules_text, True)
    rebound = any(inst.parsed.keyword == "rebound" for inst in printed)
    # The spell is on the stack while it resolves: it is the source of its damage (CR 608.2).
    # There, its mana value counts X as the number chosen (202.3e: Blaze with X=3 has mana
    # value 4 for Obosh, the Preypiercer); the card it becomes afterwards counts X as 0.
    spell = GameObject(
        step.label, with_x_chosen(card, step.x), step.controller, step.controller, "stack", 0, 0
    )
    game = add_object(game, spell)
    game, step = _sacrifice_as_cost(game, step)
    # "spells cast this turn" (Storm Entity, CR 601.2i)
    record = CastRecord(
        step.controller,
        frozenset(card.colors),
        frozenset(card.types),
        label=step.label,
        warped=step.choices.warp,  # CR 702.185a: void's "a spell was warped this turn"
    )
    game = replace(game, this_turn=replace(game.this_turn, spells=(*game.this_turn.spells, record)))
    res = Resolution(
        step.label,
        step.label,
        card.name,
        step.controller,
        step.targets,
        step.choices,
        step.x,
        step.path,
        step.index,
        step.replacements,
        True,
    )
    game = resolve(game, res, abilities)
    spell_now = game.object(step.label)
    if spell_now is not None and spell_now.card is not card:
        game = game.with_object(replace(spell_now, card=card))  # X is 0 off the stack (202.3e)
        spell_now = game.object(step.label)
    if spell_now is None or spell_now.zone != "stack":
        return game  # its own text put it elsewhere ("Exile ~ with ...", "Shuffle ~ into ...")
    if card.token:
        return replace(game, objects=tuple(o for o in game.objects if o.label != step.label))
    # CR 608.2n: the resolved card goes to its owner's graveyard, through replacements
    # (Rest in Peace exiles it instead); CR 715.4: a spell cast as an Adventure is exiled, and
    # so is a spell with rebound cast from its owner's hand (702.88a; a cast step's spell is).
    move = ZoneMove(
        step.label,
        "exile" if "Adventure" in card.subtypes or rebound else "graveyard",
        "stack",
        step.controller,
        False,
        False,
        step.controller,
        card_types=frozenset(card.types),
    )
    return perform(game, [Pending(move)], enter=Entering(step.label), where=step.path).game


def with_x_chosen(card: CardDef, x: int | None) -> CardDef:
    """The card as a spell on the stack: each {X} in its mana cost read as the number chosen
    (CR 202.3e, 107.3a), so its mana value counts it; the same card when no X was chosen."""
    cost = card.mana_cost
    if not x or not cost or "{X}" not in cost:
        return card
    return replace(card, mana_cost=cost.replace("{X}", "{" + str(x) + "}"))
