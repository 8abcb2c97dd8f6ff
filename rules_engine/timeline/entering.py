"""How an ``Enter`` event that happens becomes an object on the battlefield (CR 614.12):
the step's own permanent, a card returning from a graveyard, or a token; and the copy
it enters as (CR 707.2, 707.9)."""

from __future__ import annotations

from dataclasses import replace

from rules_engine.cards import CardDef, starting_loyalty
from rules_engine.characteristics import (
    initial_characteristics,
    own_copy_ability,
    printed_abilities,
)
from rules_engine.effects import CopyOf
from rules_engine.errors import BoardError
from rules_engine.game import CopySnapshot, Game, GameObject, NotModelled
from rules_engine.layers import compute, rules_evaluation
from rules_engine.perform import add_counters
from rules_engine.replacement.events import Enter
from rules_engine.selection import Context, World, matches
from rules_engine.steps import Choices, EnterStep
from rules_engine.timeline.common import (
    add_object,
    copy_snapshot,
    require_on_battlefield,
    stamp,
)
from rules_engine.turn_deeds import CountersPutRecord


def chained_copy(game: Game, step: EnterStep) -> CopySnapshot | None:
    """The copy a Clone ends up as: "enter as a copy of a Clone" copies again, the last copy
    effect wins, and an earlier one's additional effects (Altered Ego's counters) don't
    happen (CR 707.9e)."""
    own = own_copy_ability(step.card)
    if not step.choices.copy:
        return None
    if own is None:
        raise BoardError(
            f"{step.path}.choices.copy", f'{step.card.name} has no "enter as a copy" ability'
        )
    copy = copy_snapshot(
        game,
        step.choices.copy[0],
        own,
        f"{step.path}.choices.copy[0]",
        card_in_graveyard=_copies_a_graveyard_card(step),
    )
    verify_copy_choice(game, step, step.choices.copy[0], f"{step.path}.choices.copy[0]")
    for n, label in enumerate(step.choices.copy[1:], start=1):
        path = f"{step.path}.choices.copy[{n}]"
        again = next((a.parsed.copy for a in copy.values.abilities if a.parsed.copy), None)
        if again is None:
            raise BoardError(path, f'{copy.of} has no "enter as a copy" ability to copy with')
        copy = copy_snapshot(game, label, again, path)
    return copy


def returning_choices(game: Game, card: CardDef, choices: Choices, path: str) -> Choices:
    """A card a resolving spell or ability puts onto the battlefield (Animate Dead, Zombify,
    a search) makes its own "enter as a copy" choice as it enters (CR 614.1c, 707.9; Animate
    Dead ruling, 2004-10-04: a choice the card needs is made as it is put there): the step's
    ``choices.copy``, on the battlefield. Without one it enters as itself ("you may")."""
    if not choices.copy or own_copy_ability(card) is None:
        return Choices()
    require_on_battlefield(game, choices.copy[0], f"{path}.choices.copy[0]")
    return Choices(copy=choices.copy[:1])


def _copies_a_graveyard_card(step: EnterStep) -> bool:
    """ "enter as a copy of any land card in a graveyard" (Echoing Deeps)."""
    return any(
        f.zone == "graveyard"
        for i in printed_abilities(step.card.name, step.card.rules_text, False)
        if i.parsed.copy is not None and i.parsed.copy_subject is not None
        for f in i.parsed.copy_subject.filters
    )


def verify_copy_choice(game: Game, step: EnterStep, label: str, path: str) -> None:
    """CR 614.12: the object chosen to copy must be what the ability says, as it is
    now (Copy Enchantment copies "any enchantment", so never a creature that isn't one;
    an enchantment made a creature by Opalescence is still an enchantment)."""
    subject = next(
        (
            i.parsed.copy_subject
            for i in printed_abilities(step.card.name, step.card.rules_text, False)
            if i.parsed.copy is not None
        ),
        None,
    )
    if subject is None or not subject.filters:
        return
    state = rules_evaluation(game).chars
    world = World.of(game)
    ctx = Context(step.label, step.controller)
    if label in state and any(matches(f, label, state, world, ctx) for f in subject.filters):
        return
    name = state[label].name if label in state else label
    raise BoardError(
        path,
        f'{step.card.name} can copy only what its text names ("{subject.words}"), '
        f"and {name} isn't that now "
        "(CR 614.12: the choice is made as it enters)",
    )


def chained_counters(
    game: Game, step: EnterStep, copy: CopySnapshot
) -> tuple[tuple[str, int], ...]:
    """What a chained copy enters with: its loyalty (306.5b) and the last copy's extra
    counters (Spark Double, 614.1c)."""
    counts: dict[str, int] = {}
    types = _entering_types(game, step, copy)
    for kind, n, needed in copy.copy.enters_with:
        if kind.endswith("#x"):
            kind, n = kind.removesuffix("#x"), step.x or 0
        if needed == "yours":
            # "if you control that creature" (Undercover Operative): the one it copies, as
            # it enters (614.12), under the entering permanent's controller.
            original = rules_evaluation(game).chars.get(copy.of)
            if original is None or original.controller != step.controller:
                continue
            needed = ""
        if n and (not needed or needed in types):
            counts[kind] = counts.get(kind, 0) + n
    loyalty = starting_loyalty(types, copy.values.loyalty, step.x or 0)
    if loyalty and not step.face_down:
        counts["loyalty"] = loyalty + counts.get("loyalty", 0)
    return tuple(sorted(counts.items()))


def _entering_types(game: Game, step: EnterStep, copy: CopySnapshot) -> set[str]:
    """The card types of the copy as it would exist on the battlefield (CR 614.12): its
    copiable values with the exceptions (707.9), then its own static abilities and the
    continuous effects already there (Spark Double copying Gideon Blackblade on its
    controller's turn enters as a creature, so it gets the +1/+1 counter)."""
    obj = GameObject(
        step.label,
        step.card,
        step.controller,
        step.controller,
        "battlefield",
        game.next_timestamp,
        game.next_order,
        copy=copy,
        choices=step.choices,
        face_down=step.face_down,
        face_down_ward=step.face_down_ward,
    )
    chars = compute(game.with_object(obj)).chars.get(step.label)
    if chars is None:
        return set(copy.values.types) | copy.copy.except_types
    return set(chars.types)


class Entering:
    """Turns the ``Enter`` events that happen into objects: the step's own permanent, and
    tokens, labelled ``<step label>.token<k>`` in the order they are created."""

    def __init__(self, step_label: str, step: EnterStep | None = None) -> None:
        self.step_label = step_label
        self.step = step
        self.tokens = 0
        self.entered: list[str] = []

    def __call__(self, game: Game, event: Enter) -> Game:
        step = self.step
        own = step is not None and event.obj == step.label
        returning = game.object(event.obj)
        if own and step is not None:
            label, owner = step.label, step.owner
        elif returning is not None and not returning.on_battlefield:
            # A card from a graveyard: the same label, a new object (CR 400.7).
            label, owner = returning.label, returning.owner
        else:
            self.tokens += 1
            label, owner = f"{self.step_label}.token{self.tokens}", event.controller
        copy = self._copy(game, event, step if own else None)
        if isinstance(event.form, CopyOf):
            copy = _with_form(copy, event, label)
        counters = event.counters
        if own and step is not None and copy is not None and len(step.choices.copy) > 1:
            counters = chained_counters(game, step, copy)
        chosen_copy = _chosen_copy(game, event, copy, step.path if own and step else None)
        if isinstance(chosen_copy, NotModelled):
            game, chosen_copy = replace(game, not_modelled=(*game.not_modelled, chosen_copy)), None
        game, timestamp = stamp(game)
        obj = GameObject(
            label=label,
            card=event.card,
            owner=owner,
            controller=event.controller,
            zone="battlefield",
            timestamp=timestamp,
            order=0,
            counters=tuple((k, n) for k, n in counters if n > 0),
            counter_timestamps=tuple((k, timestamp) for k, n in counters if n > 0),
            tapped=event.tapped,
            # A step's face-down permanent, or one an effect puts onto the battlefield face
            # down (manifest dread, CR 701.62a, 708.2).
            face_down=bool(step and own and step.face_down) or event.face_down,
            face_down_ward=bool(step and own and step.face_down and step.face_down_ward),
            # CR 903.3: the designation belongs to the card, so it keeps it from zone to zone.
            commander=bool(step and own and step.commander)
            or bool(returning and not own and not returning.on_battlefield and returning.commander),
            renowned=bool(step and own and step.renowned),
            solved=bool(step and own and step.solved),
            ring_bearer=event.controller if step and own and step.ring_bearer else None,
            dealt_damage=bool(step and own and step.dealt_damage),
            attacked_this_turn=bool(step and own and step.attacked_this_turn),
            attacks_this_turn=step.attacks_this_turn if step and own else 0,
            attacked_battle_this_turn=bool(step and own and step.attacked_battle_this_turn),
            attacks_this_game=step.attacks_this_game if step and own else 0,
            counters_put=_counters_put(step if own else None, event, counters),
            # CR 123.4; 123.5: a card coming back from a public zone keeps its stickers.
            stickered=bool(step and own and step.stickered)
            or bool(returning and not own and not returning.on_battlefield and returning.stickered),
            attached_to=step.attach if own and step is not None else None,
            choices=event.choices if isinstance(event.choices, Choices) else Choices(),
            x=step.x if own and step is not None else None,
            copy=copy,
            chosen_copy=chosen_copy,
            extra_subtypes=event.extra_types,
            extra_abilities=event.extra_abilities,
        )
        self.entered.append(label)
        if returning is not None and not returning.on_battlefield and not own:
            game = _aura_unattached(_new_host(game, label), label, event.card)
        game = _turn_counters(add_object(game, obj), obj, event)
        if obj.choices.rolls and not (own and step is not None and step.earlier_turn):
            # CR 706.1: the dice rolled as it entered ("As ~ enters, roll X d6", Neverwinter
            # Hydra), by its controller, this turn.
            game = replace(
                game,
                this_turn=game.this_turn.add("dice_rolled", obj.controller, len(obj.choices.rolls)),
            )
        game = _with_lore_counter(game, obj, copy)
        if copy is not None and copy.of != label and event.form is None:
            game = _copied_form_unchosen(game, label, copy)
        return game

    @staticmethod
    def _copy(game: Game, event: Enter, step: EnterStep | None) -> CopySnapshot | None:
        if event.copy_of is None:
            return None
        own = step is not None and step.choices.copy and event.copy_of == step.choices.copy[0]
        if own and step is not None and event.copy is not None:
            return chained_copy(game, step)
        obj = game.object(event.copy_of)
        if obj is None or obj.zone == "stack":
            return None
        # Copied by another effect (Essence of the Wild, a copy token): the copiable values
        # only (707.2), with the exceptions the effect makes (707.9).
        copy = event.copy if isinstance(event.copy, CopyOf) else CopyOf()
        return CopySnapshot(event.copy_of, compute(game, until="1b").chars[event.copy_of], copy)


def _chosen_copy(
    game: Game, event: Enter, copy: CopySnapshot | None, where: str | None
) -> CopySnapshot | NotModelled | None:
    """ "Enchanted creature is a copy of the chosen creature" (its own static ability): the
    copiable values of the object chosen as it enters (CR 614.12, 707.2), fixed as the
    effect first begins to apply; later changes to that object, or its leaving, don't
    change the copy (Gatherer ruling on Metamorphic Alteration, 2018-07-13). ``where``: the
    step's path when the step's own permanent enters (then the choice is required)."""
    abilities = (
        copy.values.abilities
        if copy is not None
        else printed_abilities(event.card.name, event.card.rules_text, False)
    )
    found = next(
        (
            (part.action, spec.text)
            for instance in abilities
            if instance.parsed.kind == "static"
            for spec in instance.parsed.effects
            for part in spec.parts
            if isinstance(part.action, CopyOf) and part.action.source == "chosen"
        ),
        None,
    )
    if found is None:
        return None
    action, text = found
    choices = event.choices if isinstance(event.choices, Choices) else Choices()
    path = f"{where}.choices.chosen" if where else "choices.chosen"
    state = rules_evaluation(game).chars
    chosen = choices.chosen
    if chosen is None:
        if where is None:  # put onto the battlefield by an effect: no step to answer it
            return NotModelled(
                event.obj,
                text,
                "the object it copies is chosen as it enters (CR 614.12), and the engine "
                "doesn't ask for that choice here, so it copies nothing",
            )
        example = next(
            (
                label
                for label, chars in state.items()
                if "Creature" in chars.types and (o := game.object(label)) and o.on_battlefield
            ),
            "bears",
        )
        raise BoardError(
            path,
            f'as {event.card.name} enters, its controller chooses what "{text}" copies '
            f'(CR 614.12); the board must say which: add "chosen": "{example}" to the '
            "step's choices",
        )
    # "You can choose only a creature on the battlefield" (the same ruling).
    require_on_battlefield(game, chosen, path)
    if "chosen creature" in text.lower() and "Creature" not in state[chosen].types:
        raise BoardError(path, f"{state[chosen].name} is not a creature (CR 614.12)")
    return copy_snapshot(game, chosen, action, path)


def _counters_put(
    step: EnterStep | None, event: Enter, counters: tuple[tuple[str, int], ...]
) -> tuple[tuple[str, str], ...]:
    """Who put which kind of counters on it this turn (CR 122.6): the board's earlier ones,
    and those it enters with, put by its controller (122.6a), unless it has been there since
    an earlier turn (then its entering, and those counters, aren't this turn's)."""
    put = list(step.counters_put) if step is not None else []
    if step is None or not step.earlier_turn:
        put += [(event.controller, kind) for kind, n in counters if n > 0]
    return tuple(dict.fromkeys(put))


def _turn_counters(game: Game, obj: GameObject, event: Enter) -> Game:
    """The turn's record of counters put (CR 122.6), for "on a creature this turn"."""
    if not obj.counters_put:
        return game
    types = frozenset((*event.card.types, *event.extra_types))
    made = tuple(CountersPutRecord(by, kind, types) for by, kind in obj.counters_put)
    turn = replace(game.this_turn, counters_put=(*game.this_turn.counters_put, *made))
    return replace(game, this_turn=turn)


def _new_host(game: Game, label: str) -> Game:
    """CR 400.7: a card that left the battlefield and comes back under the same label
    (exiled and returned by Daydream or Ephemerate in one resolution, before any
    state-based check) is a new object nothing is attached to: what was attached to the
    old one is attached to an object that no longer exists, so the next check puts an Aura
    into its owner's graveyard (704.5m) and unattaches Equipment (704.5n)."""
    for other in game.objects:
        if other.attached_to == label and other.on_battlefield:
            game = game.with_object(replace(other, attached_to=None, host_left=label))
    return game


def _aura_unattached(game: Game, label: str, card: CardDef) -> Game:
    """CR 303.4f: an Aura put onto the battlefield without being cast (Flicker of Fate
    returning Pacifism) is attached to an object its controller chooses as it enters; the
    engine doesn't ask for that choice yet, so it enters attached to nothing and goes to
    the graveyard (704.5m): named, not guessed."""
    if "Aura" not in card.subtypes:
        return game
    text = next((t for t in card.rules_text if t.lower().startswith("enchant ")), card.name)
    gap = NotModelled(
        label,
        text,
        "an Aura returned to the battlefield without being cast is attached to an object or "
        "player chosen as it enters (CR 303.4f); the engine doesn't ask for that choice yet, "
        "so it is attached to nothing and goes to its owner's graveyard (704.5m)",
    )
    return replace(game, not_modelled=(*game.not_modelled, gap))


def _with_lore_counter(game: Game, obj: GameObject, copy: CopySnapshot | None) -> Game:
    """CR 714.3a: as a Saga without read ahead enters, its controller puts a lore counter on
    it: a rule of the game, not an effect, so no replacement effect changes it (a counter
    doubler doesn't double it); a Saga with read ahead enters with the lore counters of
    the chapter chosen instead (702.155a). Whether it is a Saga is read as it enters (a
    Saga under Blood Moon is still one, 305.7)."""
    printed = (*obj.card.subtypes, *obj.extra_subtypes, *(copy.values.subtypes if copy else ()))
    if "Saga" not in printed:
        return game
    chars = rules_evaluation(game).chars.get(obj.label)
    if chars is None or "Saga" not in chars.subtypes or chars.has_ability("read ahead"):
        return game
    return add_counters(game, obj.label, "lore", 1)


def _copied_form_unchosen(game: Game, label: str, copy: CopySnapshot) -> Game:
    """A copy of Primal Clay has its "As ~ enters, it becomes your choice of ..." as it
    enters (614.12), a new choice the board can't make for it yet: named, not guessed."""
    texts = [
        a.source_text for a in copy.values.abilities if "becomes your choice of" in a.source_text
    ]
    if not texts:
        return game
    gap = NotModelled(
        label,
        texts[0],
        "a copy of this permanent makes its own choice of form as it enters (CR 614.12, 707.2), "
        "which the engine doesn't ask for yet, so it keeps the form it copied",
    )
    return replace(game, not_modelled=(*game.not_modelled, gap))


def _with_form(copy: CopySnapshot | None, event: Enter, label: str) -> CopySnapshot:
    """Primal Clay's chosen form (CR 614.12, 707.2, 208.2b): a change of its copiable
    values, on top of what it copies if it entered as a copy (707.9b)."""
    form = event.form
    assert isinstance(form, CopyOf)
    if copy is None:
        return CopySnapshot(label, initial_characteristics(event.card, event.controller), form)
    merged = replace(
        copy.copy,
        except_types=copy.copy.except_types | form.except_types,
        except_subtypes=copy.copy.except_subtypes | form.except_subtypes,
        except_pt=form.except_pt,
        except_abilities=copy.copy.except_abilities + form.except_abilities,
    )
    return replace(copy, copy=merged)
