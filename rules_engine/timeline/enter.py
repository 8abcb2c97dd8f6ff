"""An ``enter`` step: a permanent enters the battlefield (CR 614.12: replacement effects
look at it as it would exist there), with the choices made as it enters."""

from __future__ import annotations

import re
from dataclasses import replace

from rules_engine.cards import starting_loyalty
from rules_engine.characteristics import own_copy_ability, printed_abilities
from rules_engine.errors import BoardError
from rules_engine.game import Game
from rules_engine.oracle.cursor import Cursor
from rules_engine.oracle.keyword_table import Keyword
from rules_engine.oracle.keywords import parse_keyword
from rules_engine.oracle.subjects import SubjectContext, parse_subject
from rules_engine.oracle.text import tokenize
from rules_engine.oracle.untap_step import BEFORE_GAME_WHY
from rules_engine.perform import chars_of, event_state, perform
from rules_engine.replacement.cants import stopped_by
from rules_engine.replacement.choosing import (
    exile_as_enters,
    verify_entering_choices,
    verify_plain_choice,
)
from rules_engine.replacement.events import Enter
from rules_engine.replacement.explore import Pending
from rules_engine.replacement.specs import Mark
from rules_engine.replacement.state import entering_view
from rules_engine.selection import Context, World, matches
from rules_engine.steps import EnterStep
from rules_engine.timeline.common import require_on_battlefield, verify_abilities
from rules_engine.timeline.entering import Entering, chained_copy, chained_counters
from rules_engine.timeline.exiled import (
    link_entered,
    link_exiled_as_enters,
    unlink_if_absent,
    verify_exiled_with,
)

_SACRIFICE_AS_ENTERS = re.compile(
    r"As (?:(?!As ).)+? enters, (?:you may )?sacrifice any number of "
    r"(creatures and/or planeswalkers|creatures|permanents)\."
)


def _verify_commander_color(step: EnterStep) -> None:
    """ "If ~ is your commander, choose a color before the game begins." (The Prismatic
    Piper): a commander's owner chose a color before the game; any other card has none
    (CR 903.3), so the step must say which, and only for a commander."""
    name, where = step.card.name, f"{step.path}.choices.color"
    if step.commander and step.choices.color is None:
        raise BoardError(
            where,
            f"{name} is a commander here, so its owner chose a color for it before the game "
            'began (CR 903.3); give it, as \'"choices": {"color": "U"}\'',
        )
    if not step.commander and step.choices.color is not None:
        raise BoardError(
            where,
            f"{name} chooses a color only if it is its owner's commander (CR 903.3); add "
            "'\"commander\": true' or leave the color out",
        )


def verify_enter(game: Game, step: EnterStep) -> None:
    """Its abilities read, its "As ~ enters, choose ..." answered (CR 614.12), what it
    is attached to and what it devours on the battlefield."""
    card = step.card
    verify_abilities(card, f"{step.path}.enter")
    if not step.face_down:
        # CR 614.12: "As ~ enters, choose ..." is answered by the step (its choices).
        printed = printed_abilities(card.name, card.rules_text, card.is_spell_card)
        replacing = [a.parsed.text for a in printed if a.parsed.kind == "replacement"]
        for a in printed:  # read ahead's chapter (702.155a): a keyword's own sentences
            keyword = parse_keyword(a.parsed.text) if a.parsed.kind == "keyword" else None
            replacing.extend(keyword.replacement_texts() if keyword is not None else ())
        verify_entering_choices(
            card.name, replacing, step.choices, step.controller, step.path, x=step.x or 0
        )
        if any(why == BEFORE_GAME_WHY for a in printed for _, why in a.parsed.inert):
            _verify_commander_color(step)
        _verify_exiled_as_enters(game, step, replacing)
        _verify_removed_from(game, step, replacing)
        _verify_discarded_as_enters(game, step, replacing)
    if step.attach is not None and step.attach not in game.players:
        _verify_attach(game, step, step.attach)
    if step.choices.devour:
        _verify_devour(game, step)
    verify_exiled_with(game, step)


def _verify_own_choices(after: Game, step: EnterStep) -> None:
    """A paragraph that only chooses ("As this artifact enters, choose a creature type.",
    Vanquisher's Banner) is answered by the step like one with a replacement (CR 614.12),
    read from the permanent as it entered: one that entered as a copy of something else
    (Essence of the Wild) never had the paragraph (614.12, 707.2); a copy of a card with
    one has it."""
    obj = after.object(step.label)
    if obj is None or not obj.on_battlefield or step.face_down:
        return
    chars = chars_of(after)[step.label]
    name = chars.name or step.card.name
    choosing = [a.parsed for a in chars.abilities if a.parsed.kind == "choice"]
    texts = [p.text for p in choosing]
    verify_entering_choices(name, texts, step.choices, step.controller, step.path)
    for parsed in choosing:
        verify_plain_choice(name, parsed.text, parsed.choice or "", step.choices, step.path)


def _verify_attach(game: Game, step: EnterStep, label: str) -> None:
    """What it enters attached to is on the battlefield, or a card in a graveyard its
    enchant ability names ("Enchant creature card in a graveyard", Animate Dead: CR 303.4,
    702.5a; the card stays in the graveyard, so "enchanted creature" isn't it)."""
    obj = game.object(label)
    if obj is None or obj.zone != "graveyard":
        require_on_battlefield(game, label, f"{step.path}.attach")
        return
    enchant = next((t for t in step.card.rules_text if t.lower().startswith("enchant ")), "")
    subject = parse_subject(Cursor(tokenize(enchant[len("enchant ") :])), SubjectContext())
    state, world = chars_of(game), World.of(game)
    ctx = Context(source="", controller=step.controller)
    if subject is None or not any(
        f.zone == "graveyard" and matches(f, label, state, world, ctx) for f in subject.filters
    ):
        raise BoardError(
            f"{step.path}.attach",
            f'"{label}" is a card in a graveyard: only an Aura whose enchant ability names it '
            f'("Enchant creature card in a graveyard") can be attached to one (CR 303.4, 702.5a)',
        )


def _verify_exiled_as_enters(game: Game, step: EnterStep, texts: list[str]) -> None:
    """CR 614.1c: "As ~ enters, exile a creature card from a graveyard" exiles one if any
    graveyard it looks at has one (it isn't optional); "up to X creature cards from your
    graveyard" at most X (107.3m). The step's ``choices.exile`` names them."""
    spec = exile_as_enters(step.card.name, texts)
    if spec is None:
        return
    path = f"{step.path}.choices.exile"
    yours = spec.player == "you"
    whose = f"{step.controller}'s graveyard" if yours else "a graveyard"
    for i, label in enumerate(step.choices.exile):
        obj = game.object(label)
        if (
            obj is None
            or obj.zone != "graveyard"
            or "Creature" not in obj.card.types
            or (yours and obj.owner != step.controller)
        ):
            raise BoardError(f"{path}[{i}]", f'"{label}" is not a creature card in {whose}')
    n = len(step.choices.exile)
    if spec.amount is None:  # "up to X": the X it was cast with
        if n > (step.x or 0):
            raise BoardError(path, f"{step.card.name} exiles up to X cards, X = {step.x or 0}")
        return
    found = [
        o.label
        for o in game.objects
        if o.zone == "graveyard"
        and "Creature" in o.card.types
        and (not yours or o.owner == step.controller)
    ]
    if n != min(1, len(found)):
        raise BoardError(
            path,
            f"as {step.card.name} enters, its controller exiles a creature card from {whose} "
            f"(CR 614.1c): name one of {', '.join(found)}"
            if found
            else f"there is no creature card in {whose} for {step.card.name} to exile",
        )


def _verify_removed_from(game: Game, step: EnterStep, texts: list[str]) -> None:
    """CR 614.1c: "remove all counters from any number of artifacts, creatures, and
    enchantments" (Sin): each permanent the step's ``choices.remove_counters`` names is one
    of those, on the battlefield (and not itself, which isn't there yet)."""
    if not step.choices.remove_counters:
        return
    path = f"{step.path}.choices.remove_counters"
    if exile_as_enters(step.card.name, texts, Mark.REMOVE_FROM_CHOSEN) is None:
        raise BoardError(path, f'{step.card.name} has no "remove all counters from" choice')
    state = chars_of(game)
    for i, label in enumerate(step.choices.remove_counters):
        require_on_battlefield(game, label, f"{path}[{i}]")
        if not {"Artifact", "Creature", "Enchantment"} & set(state[label].types):
            raise BoardError(
                f"{path}[{i}]", f'"{label}" is not an artifact, creature or enchantment'
            )


def _verify_discarded_as_enters(game: Game, step: EnterStep, texts: list[str]) -> None:
    """CR 614.1c, 701.9a: "As ~ enters, discard any number of creature cards" (Indominus Rex):
    each card the step's ``choices.discard`` names is a creature card in its controller's
    hand."""
    if (
        not step.choices.discard
        or exile_as_enters(step.card.name, texts, Mark.DISCARD_AS_ENTERS) is None
    ):
        return
    for i, label in enumerate(step.choices.discard):
        obj = game.object(label)
        if (
            obj is None
            or obj.zone != "hand"
            or obj.owner != step.controller
            or "Creature" not in obj.card.types
        ):
            raise BoardError(
                f"{step.path}.choices.discard[{i}]",
                f'"{label}" is not a creature card in {step.controller}\'s hand',
            )


def _verify_devour(game: Game, step: EnterStep) -> None:
    """CR 702.82a, 702.82c: only a permanent with devour sacrifices as it enters, and only
    other creatures (or [quality] permanents) its controller controls."""
    path = f"{step.path}.choices.devour"
    found = [
        k
        for a in printed_abilities(step.card.name, step.card.rules_text, step.card.is_spell_card)
        if a.parsed.kind == "keyword"
        and (k := parse_keyword(a.parsed.text)) is not None
        and k.keyword is Keyword.DEVOUR
    ]
    sacrifices = [
        found_any[1]
        for text in step.card.rules_text
        if (found_any := _SACRIFICE_AS_ENTERS.search(text))
    ]
    quality: str | None
    if sacrifices and not step.face_down:
        # Dracoplasm, Shimatsu: "As ~ enters, sacrifice any number of ..." (614.1c).
        path = f"{step.path}.choices.sacrifice_as_enters"
        quality = None if sacrifices[0] == "permanents" else "creature"
    elif not found or step.face_down:
        raise BoardError(path, f"{step.card.name} has no devour ability (CR 702.82a)")
    else:
        # "Devour artifact 1" (702.82c) has a quality; Thromok's "Devour X, where X is ..."
        # has no number, and its words after the name are no quality.
        quality = found[0].quality if found[0].amount is not None else None
    state = chars_of(game)
    for i, label in enumerate(step.choices.devour):
        where = f"{path}[{i}]"
        require_on_battlefield(game, label, where)
        chars = state[label]
        allowed = {quality.capitalize() if quality else "Creature"}
        if sacrifices and sacrifices[0] == "permanents":
            allowed = {"Permanent"}  # every object on the battlefield is a permanent (110.1)
        if sacrifices and sacrifices[0] == "creatures and/or planeswalkers":
            allowed = {"Creature", "Planeswalker"}  # Devouring Hellion
        if label == step.label or not allowed & {*chars.types, *chars.subtypes, "Permanent"}:
            wanted = " or ".join(sorted(allowed)).lower()
            raise BoardError(where, f'"{label}" is not another {wanted} (CR 702.82a)')
        if chars.controller != step.controller:
            raise BoardError(where, f'"{label}" is not controlled by {step.controller}')


def _copies_as_it_would_exist(game: Game, event: Enter) -> bool:
    """CR 614.12: its own "enter as a copy" applies only if the permanent, as it would exist
    on the battlefield, has that ability; under an effect that removes its abilities
    (Overwhelming Splendor) it has none, so it enters as itself. The same view the event
    path reads its own entering replacements from (replacement/state.py ``as_enters``)."""
    view = entering_view(event, event_state(game))
    return any(instance.parsed.copy is not None for instance in view.chars.abilities)


def enter(game: Game, step: EnterStep) -> Game:
    """The permanent enters through the replacement effects in play (CR 614.12), as a copy
    if it enters as one (its own "enter as a copy", 707.9)."""
    verify_enter(game, step)
    card = step.card
    loyalty = 0 if step.face_down else starting_loyalty(card.types, card.loyalty, step.x or 0)
    event = Enter(
        step.label,
        card,
        step.controller,
        tapped=step.tapped,
        put_tapped=step.tapped,
        counters=(("loyalty", loyalty),) if loyalty else (),
        token=card.token,
        choices=step.choices,
        x=step.x or 0,
        face_down=step.face_down,
    )
    copy = chained_copy(game, step)
    if copy is not None and not _copies_as_it_would_exist(game, event):
        copy = None
    if copy is not None:
        # Its own "enter as a copy" (CR 614.1c, 707.9) is how it enters: taken as chosen
        # before other replacements look at it, as the card reads it (616.1c puts copy
        # effects first).
        event = replace(
            event,
            copy_of=step.choices.copy[0],
            copy=own_copy_ability(card),
            counters=chained_counters(game, step, copy),
            tapped=step.tapped or copy.copy.enters_tapped,
        )
    hook = Entering(step.label, step)
    game = link_entered(game, step)  # CR 607.2a, as it would enter (614.12)
    after = perform(
        game,
        [Pending(event)],
        enter=hook,
        wanted=step.replacements,
        where=step.path,
        step=step.index,
    ).game
    if after.object(step.label) is None:
        _verify_not_stopped(game, event, step)
    after = unlink_if_absent(after, step)
    _verify_own_choices(after, step)
    if step.choices.exile and not step.face_down and exile_as_enters(card.name, card.rules_text):
        after = link_exiled_as_enters(after, step)  # CR 607.2a: "the exiled card"
    if not step.earlier_turn:
        return after
    # It has been there since an earlier turn: its entering isn't this turn's (CR 603.6a),
    # so "~ entered this turn" and landfall's record don't count it.
    before = game.this_turn
    turn = replace(after.this_turn, entered=before.entered, land_entered=before.land_entered)
    return replace(after, this_turn=turn)


def _verify_not_stopped(game: Game, event: Enter, step: EnterStep) -> None:
    """CR 614.17: a "can't enter" effect stopped it. A permanent an effect would put onto the
    battlefield stays where it was (Worms of the Earth ruling, 2004-10-04), and a step has
    nowhere it was: refused, saying how to show it. (A permanent spell, one the step says was
    cast, goes to its owner's graveyard instead, CR 608.3b, and isn't refused.)"""
    board = event_state(game)
    cant = stopped_by(event, board)
    if cant is None:
        return
    source = board.chars[cant.source].name if cant.source in board.chars else cant.source
    spell = (
        ""
        if "Land" in step.card.types
        else ", or, for a permanent spell that can't enter as it resolves, add "
        '\'"choices": {"cast_from_hand": true}\': it goes to its owner\'s graveyard (CR 608.3b)'
    )
    raise BoardError(
        f"{step.path}.enter",
        f"{step.card.name} can't enter the battlefield: {source}'s \"{cant.spec.text}\" stops "
        "it (CR 614.17), so it stays where it was, and this step doesn't say where that is. "
        f"Ask it as an event (ask.event) to see it stopped{spell}",
    )
