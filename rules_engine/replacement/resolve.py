"""Applying replacement and prevention effects to an event: the choice tree (CR 616).

For an event that would happen, the affected object's controller or the
affected player chooses one applicable effect (616.1), self-replacement,
control, copy and back-face effects first (616.1a-d); the modified event is
checked again with only the effects that still apply and have not already
applied to it (616.1f, 614.5); when none is left the event happens, unless a
"can't" effect stops it (614.17). Every legal sequence of choices is
explored, and the leaves are grouped into distinct outcomes.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from rules_engine.board import Choices
from rules_engine.cards import CardDef, starting_loyalty
from rules_engine.characteristics import Characteristics, own_copy_ability
from rules_engine.effects import CopyOf, Subject
from rules_engine.game import CopySnapshot, Game, GameObject
from rules_engine.layers import compute
from rules_engine.misreadings import CORRECT_REPLACEMENT, ReplacementMisreading
from rules_engine.replacement.active import ActiveCant, ActiveReplacement, specs_of
from rules_engine.replacement.events import (
    CreateTokens,
    Damage,
    DamageLoss,
    Destroy,
    Draw,
    Enter,
    Event,
    GainLife,
    LookAndSort,
    LoseGame,
    LoseLife,
    Nothing,
    Prevented,
    PutCounters,
    Regenerate,
    ReturnFromGraveyard,
    Skip,
    Step,
    WinGame,
    ZoneMove,
    affected_party,
    merge_results,
    result_json,
)
from rules_engine.replacement.specs import TIER_RULES, CantSpec, ReplacementSpec, Who
from rules_engine.sba import has_quality, protection_qualities
from rules_engine.selection import Context, World, condition_holds, matches

MAX_LEAVES = 5000


@dataclass(frozen=True, slots=True)
class Pending:
    """An event still to be resolved, and the effects that already applied to it (614.5)."""

    event: Event
    used: frozenset[str] = frozenset()
    batch: int | None = None  # events that happen simultaneously share a batch
    # Results of the batch's damage already dealt, waiting for the rest of it (120.4).
    carried: tuple[DamageResult, ...] = ()


@dataclass(frozen=True, slots=True)
class DamageResult:
    """What dealt damage does besides the damage (CR 120.3): -1/-1 counters from wither or
    infect (120.3d), poison counters from infect (120.3b), life from lifelink (120.3f)."""

    kind: str  # "counters", "life" (lifelink) or "loss" (life lost from damage, 120.3a)
    what: str  # the counter kind, or the player who gains life
    on: str  # the object or player that gets counters, or the lifelink source
    n: int


def damage_results(event: Damage, board: Board) -> tuple[DamageResult, ...]:
    """The results of this damage, besides the damage itself, as the rules add them."""
    if event.amount <= 0 or event.source not in board.chars:
        return ()
    keywords = {a.text.lower() for a in board.chars[event.source].abilities}
    found: list[DamageResult] = []
    if event.target in board.game.players:
        if "infect" in keywords:
            found.append(DamageResult("counters", "poison", event.target, event.amount))
        elif event.life_floor is None:  # Worship's damage sets its own life floor
            found.append(DamageResult("loss", event.target, event.source, event.amount))
    elif ({"infect", "wither"} & keywords) and _is_creature(board, event.target):
        found.append(DamageResult("counters", "-1/-1", event.target, event.amount))
    controller = board.controller_of(event.source)
    if "lifelink" in keywords and controller is not None:
        found.append(DamageResult("life", controller, event.source, event.amount))
    return tuple(found)


def _is_creature(board: Board, label: str) -> bool:
    chars = board.chars.get(label)
    return chars is not None and "Creature" in chars.types


def result_events(results: tuple[DamageResult, ...]) -> list[Event]:
    """One counters event per recipient and kind, one life gain per lifelink source: what
    simultaneous damage does happens at once (702.15b; Vizier of Remedies' ruling)."""
    buckets: dict[str, dict[tuple[str, str], int]] = {"counters": {}, "life": {}, "loss": {}}
    for r in results:
        bucket = buckets[r.kind]
        key = (r.what, "") if r.kind == "loss" else (r.what, r.on)
        bucket[key] = bucket.get(key, 0) + r.n
    events: list[Event] = [PutCounters(k, on, n) for (k, on), n in buckets["counters"].items()]
    events += [GainLife(player, n) for (player, _source), n in buckets["life"].items()]
    events += [LoseLife(player, n, from_damage=True) for (player, _), n in buckets["loss"].items()]
    return events


def loss_markers(results: tuple[DamageResult, ...]) -> list[Event]:
    """What each damaged player would lose, so a changed loss can be shown (events.py)."""
    lost: dict[str, int] = {}
    for r in results:
        if r.kind == "loss":
            lost[r.what] = lost.get(r.what, 0) + r.n
    return [DamageLoss(player, n) for player, n in lost.items()]


@dataclass
class Board:
    """What the resolver reads: the game, its characteristics, and the effects in play."""

    game: Game
    chars: dict[str, Characteristics]
    statics: list[ActiveReplacement]
    cants: list[ActiveCant]
    library_sizes: dict[str, int | None] = field(default_factory=dict)
    enter_cache: dict[Any, Any] = field(default_factory=dict)
    zone_cards: dict[tuple[str, str], list[str]] = field(default_factory=dict)

    @property
    def world(self) -> World:
        return World.of(self.game)

    def controller_of(self, label: str) -> str | None:
        if label in self.game.players:
            return label
        chars = self.chars.get(label)
        obj = self.game.object(label)
        if obj is None:
            return None
        if obj.zone != "battlefield":
            return obj.owner
        return chars.controller if chars else obj.controller


def effect_name(label: str, key: str, count: int) -> str:
    """A learner-facing id: the source's label, or ``label#k`` (k = Oracle paragraph)."""
    if count == 1:
        return label
    paragraph = key[1:].split(".")[0] if key.startswith("p") else key
    return f"{label}#{paragraph}"


def statics_of(
    game: Game, chars: dict[str, Characteristics]
) -> tuple[list[ActiveReplacement], list[ActiveCant]]:
    """Replacement and "can't" effects of permanents on the battlefield (CR 614.1)."""
    statics: list[ActiveReplacement] = []
    cants: list[ActiveCant] = []
    for obj in game.objects:
        if not obj.on_battlefield or obj.label not in chars:
            continue
        c = chars[obj.label]
        found = specs_of(c)
        for key, spec in found:
            eid = effect_name(obj.label, key, len(found))
            if isinstance(spec, CantSpec):
                cants.append(ActiveCant(eid, spec, obj.label, c.controller))
            else:
                statics.append(
                    ActiveReplacement(
                        eid,
                        spec,
                        obj.label,
                        c.name,
                        c.controller,
                        obj.timestamp,
                        choices=obj.choices,  # "of the chosen type" (Metallic Mimic)
                    )
                )
        statics.extend(_protection(obj, c))
        if {"umbra armor", "totem armor"} & {a.text.lower() for a in c.abilities}:
            # CR 702.89a: "If enchanted creature would be destroyed, instead remove all damage
            # from it and destroy this Aura."
            spec = ReplacementSpec(
                "Umbra armor (the enchanted creature isn't destroyed; this Aura is, 702.89a)",
                "umbra_armor",
                objects=Subject("attached", words="enchanted creature"),
            )
            statics.append(
                ActiveReplacement(obj.label, spec, obj.label, c.name, c.controller, obj.timestamp)
            )
        if "indestructible" in {a.text.lower() for a in c.abilities}:
            text = "Indestructible (it can't be destroyed, 702.12b)"
            spec = CantSpec(text, "destroy", objects=Subject("self", words="~"))
            cants.append(ActiveCant(f"{obj.label}#indestructible", spec, obj.label, c.controller))
    cants.extend(game.rules)
    return statics, cants


def _protection(obj: GameObject, chars: Characteristics) -> list[ActiveReplacement]:
    """CR 702.16e: damage from a source with the stated quality is prevented (any quality
    702.16a allows: a color, multicolored, a card type, "everything"; 702.16g "and from"),
    to the permanent itself, or to its controller for "You have protection from ..."
    (702.16b)."""
    found = []
    for ability in chars.abilities:
        texts = [(ability.text, Who("none", Subject("self", words="~")))]
        texts += [
            (rule.removeprefix("You have ").removeprefix("you have "), Who("you"))
            for rule in ability.parsed.rules
            if rule.lower().startswith("you have protection from ")
        ]
        for text, protected in texts:
            qualities = protection_qualities(text.rstrip("."), obj.choices.color)
            if not qualities:
                continue
            spec = ReplacementSpec(
                f"{text} (damage from such sources is prevented, 702.16e)",
                "prevent_static",
                prevention=True,
                target=protected,
                protection_from=qualities,
            )
            found.append(
                ActiveReplacement(
                    obj.label, spec, obj.label, chars.name, chars.controller, obj.timestamp
                )
            )
    return found


# --- Does an effect apply? ------------------------------------------------------------


def _ctx(active: ActiveReplacement) -> Context:
    return Context(
        active.source, active.controller, active.targets, active.choices, resolved=active.resolved
    )


def _player_fits(word: str, player: str, active: ActiveReplacement, board: Board) -> bool:
    if word == "any":
        return True
    if word == "target":
        return player in active.targets
    if word == "you":
        return player == active.controller
    if word == "opponent":
        return player != active.controller
    if word == "enchanted":
        source = board.game.object(active.source)
        return source is not None and source.attached_to == player
    return False


def _object_fits(
    subject: Subject | None,
    label: str,
    active: ActiveReplacement,
    board: Board,
    view: EnteringView | None = None,
) -> bool:
    if subject is None:
        return False
    state = view.state if view is not None else board.chars
    if label not in state:
        return False
    if subject.kind == "self":
        return label == active.source
    if subject.kind == "targets" or (subject.kind == "antecedent" and active.resolved):
        # "Untap target attacking creature. Prevent ... that creature": its target.
        return label in active.targets
    if subject.kind == "attached":
        source = board.game.object(active.source)
        return source is not None and source.attached_to == label
    world = view.world if view is not None else board.world
    ctx = _ctx(active)
    return any(matches(f, label, state, world, ctx) for f in subject.filters)


def _who_fits(who: Who | None, target: str, active: ActiveReplacement, board: Board) -> bool:
    if who is None:
        return True
    if target in board.game.players:
        return _player_fits(who.players, target, active, board)
    return _object_fits(who.objects, target, active, board)


def _source_fits(active: ActiveReplacement, source: str, board: Board) -> bool:
    spec = active.spec
    if spec.protection_from:
        chars = board.chars.get(source)
        return chars is not None and any(has_quality(chars, q) for q in spec.protection_from)
    if spec.source_choice:
        chosen = source in active.targets or bool(
            active.choices.copy and source in active.choices.copy
        )
        # The chosen source must still have the quality ("a red source") when it deals damage.
        return chosen and (spec.source is None or _object_fits(spec.source, source, active, board))
    if spec.source is None:
        return True
    if source in board.chars:
        return _object_fits(spec.source, source, active, board)
    return False


def applies(active: ActiveReplacement, event: Event, board: Board) -> bool:
    """Would this effect modify this event now? (CR 614.7: only events that would happen.)"""
    spec = active.spec
    family = spec.family
    if isinstance(event, Damage):
        if event.amount <= 0:
            return False  # CR 614.7a: 0 damage is no event
        if family == "kicked_damage":
            return event.source == active.source and active.choices.kicked
        if family == "damage_modify":
            if (spec.combat_only and not event.combat) or (spec.noncombat_only and event.combat):
                return False
            return _source_fits(active, event.source, board) and _who_fits(
                spec.target, event.target, active, board
            )
        if family in ("prevent_static", "prevent_shield"):
            if spec.combat_only and not event.combat:
                return False
            if spec.noncombat_only and event.combat:
                return False
            if spec.shield == "amount" and not active.remaining:
                return False
            if spec.target is not None and not _who_fits(spec.target, event.target, active, board):
                return False
            return _source_fits(active, event.source, board)
        if family == "redirect":
            if spec.shield == "amount" and not active.remaining:
                return False
            destination = _redirect_destination(active, board)
            return (
                destination is not None
                and destination != event.target
                and _who_fits(spec.target, event.target, active, board)
            )
        if family == "worship":
            if event.target != active.controller or event.life_floor is not None:
                return False
            if any(r.what == "poison" for r in damage_results(event, board)):
                return False  # infect damage to a player causes no life loss (120.3b)
            life = board.game.life_of(event.target)
            floor = spec.amount or 1
            creatures = not spec.if_you_control_creature or any(
                c.controller == active.controller and "Creature" in c.types
                for label, c in board.chars.items()
                if board.world.objects[label].on_battlefield
            )
            # Elderscale Wurm: "as long as you have 7 or more life" (checked before the damage).
            return creatures and life >= floor and life - event.amount < floor
        return False
    if isinstance(event, Destroy):
        return family in ("regenerate", "umbra_armor") and _object_fits(
            spec.objects, event.obj, active, board
        )
    if isinstance(event, ZoneMove):
        if family == "graveyard":
            if event.to_zone != "graveyard":
                return False
            if spec.from_battlefield and event.from_zone != "battlefield":
                return False
            if spec.not_from_battlefield and event.from_zone == "battlefield":
                return False
            if spec.objects is not None and spec.objects.words.endswith(("card", "card or token")):
                if spec.objects.words.endswith("card") and event.token:
                    return False
                wanted = {t for f in spec.objects.filters for t in f.types}
                if not wanted <= (event.card_types or ({"Creature"} if event.creature else set())):
                    return False  # "a creature card would be put into ..." (Anafenza)
            elif not _object_fits(spec.objects, event.obj, active, board):
                return False
            return _player_fits(spec.graveyard_of, event.owner, active, board)
        if family in ("die_exile_token", "die_elsewhere"):
            return event.dies and _object_fits(spec.objects, event.obj, active, board)
        if family == "madness":
            return event.madness and event.to_zone == "graveyard" and active.source == event.obj
        return False
    if isinstance(event, Draw):
        if not _player_fits(spec.player, event.player, active, board):
            return False
        if family in ("draw_extra", "draw_steal"):
            return not event.first_in_draw_step
        if family == "draw_empty_win":
            return board.library_sizes.get(event.player) == 0
        return family in ("draw_lich", "draw_life", "draw_to_return", "draw_skip")
    if isinstance(event, GainLife):
        return (
            family in ("gain_modify", "gain_to_draw", "gain_to_loss", "gain_to_you", "gain_none")
            and _player_fits(spec.player, event.player, active, board)
            and event.amount > 0
        )
    if isinstance(event, LoseLife):
        if spec.during_your_turn and board.game.active != active.controller:
            return False
        return (
            family in ("lose_modify", "loss_to_gain")
            and _player_fits(spec.player, event.player, active, board)
            and event.amount > 0
        )
    if isinstance(event, CreateTokens) and family in ("tokens_plus", "tokens_instead"):
        return (
            _player_fits(spec.player, event.controller, active, board)
            and event.n > 0
            and all(t in event.card.types for t in spec.extra_types)
        )
    if isinstance(event, CreateTokens):
        return (
            family == "tokens"
            and _player_fits(spec.player, event.controller, active, board)
            and event.n > 0
            and _token_kind_fits(spec.extra, event.card)
        )
    if isinstance(event, PutCounters):
        if event.n <= 0:
            return False
        if event.on in board.game.players:
            return family == "player_counters" and _player_fits(
                spec.player, event.on, active, board
            )
        if family != "counters" or (spec.counter_kind and spec.counter_kind != event.kind):
            return False
        if spec.factor == 2 and "effect would" in spec.text.lower() and event.cost:
            return False  # "if an effect would put" doesn't see costs (Doubling Season ruling)
        return _object_fits(spec.objects, event.on, active, board)
    if isinstance(event, Enter):
        return _applies_to_entering(active, event, board)
    if isinstance(event, Step):
        return (
            family == "skip"
            and spec.extra == event.step
            and _player_fits(spec.player, event.player, active, board)
        )
    return False


def _token_kind_fits(kind: str | None, card: CardDef) -> bool:
    """ "creature tokens", "Treasure tokens": which tokens a multiplier or adder watches."""
    if kind is None:
        return True
    words = {card.name.lower().removesuffix(" token"), *(t.lower() for t in card.types)}
    return kind in words | {s.lower() for s in card.subtypes}


def _applies_to_entering(active: ActiveReplacement, event: Enter, board: Board) -> bool:
    """CR 614.12: check the permanent as it would exist on the battlefield."""
    spec = active.spec
    family = spec.family
    if family not in (
        "enter_tapped",
        "enter_copy",
        "enter_counters",
        "counters",
        "self_copy",
        "as_enters",
        "enter_control",
    ):
        return False
    if family in ("self_copy", "as_enters"):
        return active.source == event.obj
    own = active.source == event.obj
    if spec.objects is not None and spec.objects.kind == "self":
        # "Unless you control ..." is checked as it would enter (614.12): the lands already
        # there, not itself.
        if (
            family == "enter_tapped"
            and spec.unless is not None
            and condition_holds(spec.unless, board.chars, board.world, _ctx(active))
        ):
            return False
        return own and (family != "enter_tapped" or not event.tapped)
    if own:
        return False  # a general effect of the entering permanent doesn't see itself (614.12)
    view = entering_view(event, board)
    if family == "enter_tapped":
        return not event.tapped and _object_fits(spec.objects, event.obj, active, board, view)
    if family == "enter_copy":
        return event.copy_of != active.source and _object_fits(
            spec.objects, event.obj, active, board, view
        )
    if family == "enter_counters":
        return _object_fits(spec.objects, event.obj, active, board, view)
    if family == "enter_control":
        return event.controller != active.controller and _object_fits(
            spec.objects, event.obj, active, board, view
        )
    if family == "counters":
        kinds = [k for k, n in event.counters if n > 0 and (spec.counter_kind in (None, k))]
        return bool(kinds) and _object_fits(spec.objects, event.obj, active, board, view)
    return False


@dataclass(frozen=True)
class EnteringView:
    """The game as if the permanent were already on the battlefield (CR 614.12)."""

    game: Game
    state: dict[str, Characteristics]
    own: list[ActiveReplacement]
    own_label: str
    # Its own "can't" abilities ("can't have counters put on it"), which apply as it enters.
    own_cants: list[ActiveCant] = field(default_factory=list)

    @property
    def world(self) -> World:
        return World.of(self.game)

    @property
    def chars(self) -> Characteristics:
        return self.state[self.own_label]


def entering_view(event: Enter, board: Board) -> EnteringView:
    """The entering permanent as it would exist on the battlefield, and its own effects."""
    key = (
        event.obj,
        event.card.name,
        event.controller,
        event.copy_of,
        event.copy,
        event.extra_types,
    )
    cached = board.enter_cache.get(key)
    if cached is not None:
        return cached
    copy = None
    if event.copy_of is not None and event.copy_of in board.chars:
        snapshot_values = compute(board.game, until="1b").chars[event.copy_of]
        copy = CopySnapshot(event.copy_of, snapshot_values, event.copy or CopyOf())
    obj = GameObject(
        event.obj,
        event.card,
        event.controller,
        event.controller,
        "battlefield",
        board.game.next_timestamp,
        board.game.next_order,
        copy=copy,
        choices=event.choices if isinstance(event.choices, Choices) else Choices(),
    )
    game = board.game.with_object(obj)
    state = dict(compute(game).chars)
    chars = state[event.obj]
    if event.extra_types:
        extra = tuple(t for t in event.extra_types if t not in chars.subtypes)
        chars = replace(chars, subtypes=chars.subtypes + extra)
        state[event.obj] = chars
    found = specs_of(chars)
    own = [
        ActiveReplacement(
            effect_name(event.obj, key_, len(found)),
            spec,
            event.obj,
            chars.name,
            event.controller,
            0,
        )
        for key_, spec in found
        if isinstance(spec, ReplacementSpec)
    ]
    own_cants = [
        ActiveCant(effect_name(event.obj, key_, len(found)), spec, event.obj, event.controller)
        for key_, spec in found
        if isinstance(spec, CantSpec)
    ]
    view = EnteringView(game, state, own, event.obj, own_cants)
    board.enter_cache[key] = view
    return view


def _redirect_destination(active: ActiveReplacement, board: Board) -> str | None:
    """Where a redirection sends damage, if it can still go there (CR 614.9: not to an
    object that has left the battlefield or is no longer a creature, planeswalker or
    battle; the damage is then dealt as it would have been)."""
    spec = active.spec
    if spec.redirect_to == "you":
        return active.controller
    if spec.redirect_to == "target":
        chosen = active.targets[-1] if active.targets else None
    elif spec.redirect_to == "self":
        chosen = active.source
    else:
        source = board.game.object(active.source)
        chosen = source.attached_to if source is not None else None
    obj = board.game.object(chosen) if chosen else None
    chars = board.chars.get(chosen) if chosen else None
    if obj is None or not obj.on_battlefield or chars is None:
        return None
    return chosen if {"Creature", "Planeswalker", "Battle"} & set(chars.types) else None


# --- What it does ---------------------------------------------------------------------


def _token_card(phrase: str) -> CardDef:
    """ "a 2/2 black Zombie creature token" -> a token's card."""
    import re

    from rules_engine.vocabulary import ALL_TYPE_WORDS, COLOR_WORDS

    phrase, _, granted = phrase.strip().partition(" with ")
    keywords = tuple(
        k.strip().capitalize()
        for k in re.split(r",? and |, ", granted.strip().lower())
        if k.strip()
    )
    m = re.match(
        r"^(?:a|an|one) (?P<p>\d+)/(?P<t>\d+) (?P<words>.+?) (?:creature )?tokens?$",
        phrase.strip().lower(),
    )
    if not m:
        named = re.fullmatch(r"(?:a|an|one) (?P<name>\w+) tokens?", phrase.strip(), re.I)
        if named and named["name"].lower() in ("food", "treasure", "clue", "blood", "map"):
            # CR 111.10: the predefined artifact tokens.
            word = named["name"].capitalize()
            return CardDef(name=f"{word} Token", types=("Artifact",), subtypes=(word,), token=True)
        return CardDef(name=phrase, types=("Creature",), token=True)
    colors: list[str] = []
    subtypes: list[str] = []
    for word in m["words"].split():
        if word in COLOR_WORDS:
            colors.append(COLOR_WORDS[word])
        elif word in ALL_TYPE_WORDS and ALL_TYPE_WORDS[word][0] == "subtype":
            subtypes.append(ALL_TYPE_WORDS[word][1])
    name = " ".join(subtypes + ["Token"])  # CR 111.4: subtypes plus the word "Token"
    return CardDef(
        name=name,
        colors=tuple(colors),
        types=("Creature",),
        subtypes=tuple(subtypes),
        power=m["p"],
        toughness=m["t"],
        token=True,
        rules_text=keywords,
    )


def _damage_unpreventable(board: Board, event: Damage) -> bool:
    """CR 615.12: "damage can't be prevented", perhaps only from some sources ("this
    damage", "damage that would be dealt by sources you control")."""
    for cant in board.cants:
        if cant.spec.kind != "prevent_damage":
            continue
        sources = cant.spec.objects
        if sources is None:
            return True
        if sources.kind == "self":
            if event.source == cant.source:
                return True
            continue
        fake = ActiveReplacement(
            cant.eid, ReplacementSpec(cant.spec.text, "cant"), cant.source, "", cant.controller, 0
        )
        if event.source in board.chars and _object_fits(sources, event.source, fake, board):
            return True
    return False


def apply(
    active: ActiveReplacement, event: Event, board: Board, limit: int | None = None
) -> tuple[list[Event], ActiveReplacement | None]:
    """The events that replace this one, and the effect as it is afterwards (shields shrink).

    ``limit`` is how much of a "prevent the next N" shield the chooser spends on
    this damage when other damage dealt at the same time could use it too.
    """
    spec = active.spec
    family = spec.family
    if isinstance(event, Damage) and limit is not None:
        if family == "redirect":
            return _redirect(active, event, board, limit)
        return _prevent(active, event, board, limit)
    if isinstance(event, Damage):
        if family == "kicked_damage":
            return [replace(event, amount=spec.kicked_amount or event.amount)], active
        if family == "damage_modify":
            return [replace(event, amount=event.amount * spec.factor + spec.plus)], active
        if family in ("prevent_static", "prevent_shield"):
            return _prevent(active, event, board)
        if family == "redirect":
            return _redirect(active, event, board)
        if family == "worship":
            return [replace(event, life_floor=spec.amount or 1)], active
    if isinstance(event, Destroy) and family == "umbra_armor":
        return [Destroy(active.source)], active
    if isinstance(event, Destroy) and family == "regenerate":
        # A regeneration shield is used up (614.8); "If ~ would be destroyed, regenerate it"
        # (Mossbridge Troll) is a static ability and isn't.
        return [Regenerate(event.obj)], None if spec.shield == "next_time" else active
    if isinstance(event, ZoneMove):
        if family in ("graveyard", "die_elsewhere", "madness"):
            return [replace(event, to_zone=spec.to_zone or "exile")], active
        if family == "die_exile_token":
            token = CreateTokens(
                _token_card(spec.extra or "a 2/2 black Zombie creature token"), 1, active.controller
            )
            return [replace(event, to_zone="exile"), token], active
    if isinstance(event, Draw):
        if family == "draw_extra":
            return [Draw(event.player), Draw(event.player)], active
        if family == "draw_steal":
            return [Draw(active.controller)], active
        if family == "draw_lich":
            return [LookAndSort(event.player, spec.amount or 3)], active
        if family == "draw_empty_win":
            return [WinGame(event.player)], active
        if family == "draw_skip":
            return [Nothing()], active
        if family == "draw_life":
            return [GainLife(event.player, spec.amount or 0)], None
        if family == "draw_to_return":
            return [ReturnFromGraveyard(event.player)], active
    if isinstance(event, GainLife) and family == "gain_modify":
        return [replace(event, amount=event.amount * spec.factor + spec.plus)], active
    if isinstance(event, GainLife) and family == "gain_none":
        return [Nothing()], active
    if isinstance(event, GainLife) and family == "gain_to_you":
        return [GainLife(active.controller, event.amount)], active
    if isinstance(event, GainLife) and family == "gain_to_loss":
        return [LoseLife(event.player, event.amount)], active
    if isinstance(event, LoseLife) and family == "loss_to_gain":
        return [GainLife(event.player, event.amount)], active
    if isinstance(event, LoseLife) and family == "lose_modify":
        amount = event.amount * spec.factor
        if spec.half_up or spec.half_down:
            amount = math.ceil(amount / 2) if spec.half_up else amount // 2
        return [replace(event, amount=amount)], active
    if isinstance(event, GainLife) and family == "gain_to_draw":
        return [Draw(event.player) for _ in range(event.amount)], active
    if isinstance(event, CreateTokens) and family == "tokens_plus":
        # The tokens it adds are part of the same event (one creation; 614.5: applied once):
        # "that many" Squirrels, or "an additional" Food.
        n = spec.factor * event.n or 1
        return [event, CreateTokens(_token_card(spec.extra or ""), n, event.controller)], active
    if isinstance(event, CreateTokens) and family == "tokens_instead":
        return [replace(event, card=_token_card(spec.extra or ""))], active
    if isinstance(event, CreateTokens) and family == "tokens":
        return [replace(event, n=event.n * spec.factor + spec.plus)], active
    if isinstance(event, PutCounters):
        return [replace(event, n=max(0, event.n * spec.factor + spec.plus))], active
    if isinstance(event, Enter):
        return [_enter(active, event, board)], active
    if isinstance(event, Step) and family == "skip":
        # "skips their next draw step" is used up once it has applied (614.10a).
        return [Skip(event.step, event.player)], None if spec.shield == "next_time" else active
    return [event], active


def _redirect(
    active: ActiveReplacement, event: Damage, board: Board, limit: int | None = None
) -> tuple[list[Event], ActiveReplacement | None]:
    """CR 614.9: the damage is dealt to another object or player instead; a "next N"
    shield moves only N of it (``limit`` when simultaneous damage shares it, 615.7)."""
    destination = _redirect_destination(active, board) or event.target
    if active.spec.shield != "amount":
        return [replace(event, target=destination)], active
    moved = min(active.remaining or 0, event.amount) if limit is None else limit
    left = (active.remaining or 0) - moved
    pieces: list[Event] = [replace(event, target=destination, amount=moved)] if moved else []
    if event.amount > moved:
        pieces.append(replace(event, amount=event.amount - moved))
    return pieces, replace(active, remaining=left) if left > 0 else None


def _prevent(
    active: ActiveReplacement, event: Damage, board: Board, limit: int | None = None
) -> tuple[list[Event], ActiveReplacement | None]:
    """CR 615: prevent some or all of it; 615.12: unpreventable damage still runs the extras."""
    spec = active.spec
    if limit is not None:
        wanted = limit
    elif spec.half_up:
        wanted = math.ceil(event.amount / 2)
    elif spec.shield == "amount":
        wanted = min(active.remaining or 0, event.amount)
    elif spec.amount is not None:
        wanted = min(spec.amount, event.amount)
    else:
        wanted = event.amount
    unpreventable = _damage_unpreventable(board, event)
    prevented = 0 if unpreventable else wanted
    results: list[Event] = []
    if event.amount - prevented > 0:
        results.append(replace(event, amount=event.amount - prevented))
    if prevented:
        results.append(Prevented(prevented, event.source, event.target))
    if spec.extra == "counters_per_prevented" and prevented:
        results.append(Fresh(PutCounters("+1/+1", event.target, prevented)))  # type: ignore[arg-type]
    if spec.extra == "life_per_prevented" and prevented:
        results.append(Fresh(GainLife(active.controller, prevented)))  # type: ignore[arg-type]
    if spec.extra == "reflect_to_controller" and prevented:
        controller = board.controller_of(event.source)
        if controller is not None:
            results.append(Fresh(Damage(prevented, active.source, controller)))  # type: ignore[arg-type]
    if not results:
        results.append(Nothing())
    after: ActiveReplacement | None = active
    if spec.shield == "amount" and not unpreventable:
        left = (active.remaining or 0) - prevented
        after = replace(active, remaining=left) if left > 0 else None
    elif spec.shield == "next_time" and not unpreventable:
        after = None
    return results, after


def _enter(active: ActiveReplacement, event: Enter, board: Board) -> Enter:
    spec = active.spec
    family = spec.family
    if family == "enter_tapped":
        return replace(event, tapped=True)
    if family == "as_enters":
        return event  # the choice is made as it enters (614.1c); nothing else changes
    if family == "enter_control":
        return replace(event, controller=active.controller)
    if family == "enter_copy":
        return replace(event, copy_of=active.source, copy=None)
    if family == "self_copy":
        own = own_copy_ability(event.card)
        copied = replace(event, copy_of=(active.choices.copy or (None,))[0], copy=own)
        if own is not None and own.enters_tapped:
            copied = replace(copied, tapped=True)
        return _with_extra_counters(copied, own, board)
    counters = dict(event.counters)
    if family == "enter_counters":
        kind = spec.counter_kind or "+1/+1"
        n = event.x if spec.extra == "x" else spec.amount or 0
        if spec.counters_from_power:
            n = board.chars[active.source].power or 0
        counters[kind] = counters.get(kind, 0) + n
        extra = event.extra_types + tuple(t for t in spec.extra_types if t not in event.extra_types)
        return replace(event, counters=tuple(counters.items()), extra_types=extra)
    if family == "counters":
        for kind, n in list(counters.items()):
            if spec.counter_kind in (None, kind) and n > 0:
                counters[kind] = n * spec.factor + spec.plus
        return replace(event, counters=tuple(counters.items()))
    return event


def _with_extra_counters(event: Enter, copy: CopyOf | None, board: Board) -> Enter:
    """What it enters with once it is a copy: a copied planeswalker's printed loyalty
    (306.5b, 707.2) and Spark Double's "except it enters with an additional +1/+1 counter
    on it if it's a creature" (614.1c), checked on what it will be once a copy."""
    chars = entering_view(event, board).chars
    counters = dict(event.counters)
    counters.pop("loyalty", None)  # its own printed loyalty (if any) no longer counts
    loyalty = starting_loyalty(chars.types, chars.loyalty, event.x)
    if loyalty:
        counters["loyalty"] = loyalty
    for kind, n, needed in copy.enters_with if copy is not None else ():
        if kind.endswith("#x"):  # "X additional counters": the X it was cast with
            kind, n = kind.removesuffix("#x"), event.x
        if n and (not needed or needed in chars.types):
            counters[kind] = counters.get(kind, 0) + n
    return replace(event, counters=tuple(counters.items()))


# --- "Can't" (CR 614.17) --------------------------------------------------------------


def stopped_by(event: Event, board: Board) -> ActiveCant | None:
    """A "can't" effect that keeps this event from happening at all."""
    for cant in board.cants:
        spec = cant.spec
        who = spec.player
        fits = (
            who == "any"
            or (who == "you" and _event_player(event) == cant.controller)
            or (who == "opponent" and _event_player(event) not in (None, cant.controller))
        )
        if spec.kind == "gain_life" and isinstance(event, GainLife) and fits:
            return cant
        if spec.kind == "draw" and isinstance(event, Draw) and fits:
            return cant
        if spec.kind == "destroy" and isinstance(event, Destroy) and event.obj == cant.source:
            return cant
        if spec.kind == "life_change" and isinstance(event, (GainLife, LoseLife)) and fits:
            return cant
        if spec.kind == "lose_game" and isinstance(event, LoseGame) and fits:
            return cant
        if spec.kind == "win_game" and isinstance(event, WinGame) and fits:
            return cant
        if (
            spec.kind == "counters_on_players"
            and isinstance(event, PutCounters)
            and event.on in board.game.players
        ):
            return cant
        if (
            spec.kind == "counters_on_objects"
            and isinstance(event, PutCounters)
            and event.on in board.chars
            and spec.counter_kind in (None, event.kind)
        ):
            fake = ActiveReplacement(
                cant.eid, ReplacementSpec(spec.text, "cant"), cant.source, "", cant.controller, 0
            )
            if _object_fits(spec.objects, event.on, fake, board):
                return cant
    return None


def _draw_limit(event: Event, board: Board, results: list[Event]) -> ActiveCant | None:
    """ "Each player can't draw more than one card each turn": the draws this event has
    already made count (earlier draws this turn aren't on the board)."""
    if not isinstance(event, Draw):
        return None
    drawn = sum(1 for e in results if isinstance(e, Draw) and e.player == event.player)
    for cant in board.cants:
        spec = cant.spec
        if spec.kind != "draw_limit" or drawn < spec.limit:
            continue
        if spec.player == "any" or (spec.player == "you") == (event.player == cant.controller):
            return cant
    return None


def _event_player(event: Event) -> str | None:
    for name in ("player",):
        if hasattr(event, name):
            return getattr(event, name)
    return None


# --- The tree -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Fresh:
    """An event an effect adds rather than modifies (Vigor's counters, Deflecting Palm's
    damage): a new event, so effects already applied to the first may apply to it (614.5)."""

    event: Event


@dataclass
class Leaf:
    path: tuple[str, ...]
    results: list[Event]


AGAIN = "*again"  # marks a second application, under the "replace twice" misreading


def _library_now(board: Board, results: list[Event]) -> Board:
    """CR 121.2: cards are drawn one at a time, so each draw sees the library the earlier
    draws of this event left (Laboratory Maniac on the second of two draws)."""
    drawn = Counter(e.player for e in results if isinstance(e, Draw))
    if not drawn:
        return board
    sizes = {
        player: None if size is None else max(0, size - drawn[player])
        for player, size in board.library_sizes.items()
    }
    return replace(board, library_sizes=sizes)


def _candidates(
    pending: Pending,
    board: Board,
    shields: dict[str, ActiveReplacement],
    misreading: ReplacementMisreading = CORRECT_REPLACEMENT,
) -> list[ActiveReplacement]:
    if not misreading.replacements_apply:
        return []
    effects = list(board.statics) + list(shields.values())
    if isinstance(pending.event, Enter):
        effects += entering_view(pending.event, board).own
        effects += _as_enters(pending.event, board)
    if isinstance(pending.event, ZoneMove) and pending.event.madness:
        effects.append(_madness(pending.event))
    # 614.5: once per event (the misreading allows a second time).
    spent = (
        pending.used
        if misreading.once_per_event
        else {eid.removesuffix(AGAIN) for eid in pending.used if eid.endswith(AGAIN)}
    )
    return [e for e in effects if e.eid not in spent and applies(e, pending.event, board)]


def _as_enters(event: Enter, board: Board) -> list[ActiveReplacement]:
    """The entering permanent's own "enter as a copy" and "As ~ enters, choose" (614.1c, 616.1c).

    Read from the permanent as it would exist, so once it is a copy of
    something else it no longer has them (616.1f).
    """
    choices = event.choices if isinstance(event.choices, Choices) else Choices()
    chars = entering_view(event, board).chars
    found = []
    for instance in chars.abilities:
        ability = instance.parsed
        if ability.copy is not None and choices.copy:
            spec = ReplacementSpec(
                ability.text,
                "self_copy",
                tier="copy",
                objects=Subject("self", words="~"),
                optional=True,
            )
            found.append(
                ActiveReplacement(
                    f"{event.obj}#copy",
                    spec,
                    event.obj,
                    chars.name,
                    event.controller,
                    0,
                    choices=choices,
                    name=chars.name,
                )
            )
        elif ability.kind == "choice":
            spec = ReplacementSpec(ability.text, "as_enters", objects=Subject("self", words="~"))
            found.append(
                ActiveReplacement(
                    f"{event.obj}#choice",
                    spec,
                    event.obj,
                    chars.name,
                    event.controller,
                    0,
                    choices=choices,
                    name=chars.name,
                )
            )
    return found


def _madness(event: ZoneMove) -> ActiveReplacement:
    """CR 702.35a: a discarded card with madness is exiled instead of going to a graveyard
    (its owner then may cast it; not part of this event)."""
    text = "Madness (discarded, it goes into exile instead of a graveyard, 702.35a)"
    spec = ReplacementSpec(text, "madness", objects=Subject("self", words="~"), to_zone="exile")
    return ActiveReplacement(f"{event.obj}#madness", spec, event.obj, event.obj, event.owner, 0)


def _forced(candidates: list[ActiveReplacement]) -> tuple[list[ActiveReplacement], str]:
    """CR 616.1a-d: self-replacement, control, copy and back-face effects go first."""
    for tier in ("self", "control", "copy", "backface"):
        first = [c for c in candidates if c.spec.tier == tier]
        if first:
            return first, TIER_RULES[tier]
    return candidates, TIER_RULES["other"]


def _happen(event: Event, board: Board) -> tuple[list[Event], list[Pending]]:
    """The event happens; events it contains become pending (616.1g)."""
    if isinstance(event, Destroy):
        obj = board.game.object(event.obj)
        owner = obj.owner if obj else ""
        chars = board.chars.get(event.obj)
        die = ZoneMove(
            event.obj,
            "graveyard",
            "battlefield",
            owner,
            bool(obj and obj.card.token),
            bool(chars and "Creature" in chars.types),
            board.controller_of(event.obj) or owner,
            implicit=True,
            card_types=frozenset(chars.types) if chars else frozenset(),
        )
        return [event], [Pending(die)]
    if isinstance(event, CreateTokens):
        enters = [
            Pending(
                Enter(f"{event.card.name} token {i + 1}", event.card, event.controller, token=True)
            )
            for i in range(event.n)
        ]
        return [event], enters
    if isinstance(event, Enter) and event.counters:
        view = entering_view(event, board)
        inside = Board(
            view.game,
            view.state,
            board.statics,
            board.cants + view.own_cants,
            board.library_sizes,
            board.enter_cache,
        )
        kept = tuple(
            (k, n)
            for k, n in event.counters
            if stopped_by(PutCounters(k, event.obj, n), inside) is None
        )
        return [replace(event, counters=kept)], []
    return [event], []


def _alternatives(event: Event, board: Board) -> list[tuple[str, list[Event]]] | None:
    """Choices that aren't about replacement order: which known card goes where."""
    if isinstance(event, LookAndSort):
        top = board.zone_cards.get((event.player, "library"), [])[: event.look]
        if not top:
            return None
        options = []
        for i, card in enumerate(top):
            rest = [
                ZoneMove(c, "graveyard", "library", event.player)
                for j, c in enumerate(top)
                if j != i
            ]
            options.append(
                (f"choose:{card}", [ZoneMove(card, "hand", "library", event.player), *rest])
            )
        return options
    if isinstance(event, ReturnFromGraveyard):
        cards = board.zone_cards.get((event.player, "graveyard"), [])
        if not cards:
            return [("", [Nothing()])]
        return [
            (
                f"choose:{card}" if len(set(cards)) > 1 else "",
                [ZoneMove(card, "hand", "graveyard", event.player)],
            )
            for card in dict.fromkeys(cards)
        ]
    return None


def _shield_limits(
    option: ActiveReplacement, pending: Pending, rest: list[Pending], board: Board
) -> list[int | None]:
    """CR 615.7: a "prevent the next N" shield facing simultaneous damage: the chooser splits it."""
    event = pending.event
    if option.spec.shield != "amount" or pending.batch is None or not isinstance(event, Damage):
        return [None]
    others = sum(
        p.event.amount
        for p in rest
        if p.batch == pending.batch
        and isinstance(p.event, Damage)
        and applies(option, p.event, board)
    )
    if not others:
        return [None]
    remaining = option.remaining or 0
    most = min(remaining, event.amount)
    # Any split, including none of it on this event (the rest goes to the others).
    least = max(0, min(remaining, event.amount + others) - others)
    return list(range(least, most + 1)) or [None]


@dataclass
class Explorer:
    board: Board
    leaves: list[Leaf] = field(default_factory=list)
    misreading: ReplacementMisreading = CORRECT_REPLACEMENT
    batches: int = 0  # new simultaneous groups made while exploring (negative ids)

    def _damage_results(
        self, pending: Pending, event: Event, rest: list[Pending]
    ) -> tuple[list[Pending], list[Pending], list[Event]]:
        """CR 120.4b: the results of damage (counters, lifelink's life) happen once all the
        damage dealt at the same time has been dealt, and can be replaced in their turn."""
        own = damage_results(event, self.board) if isinstance(event, Damage) else ()
        results = pending.carried + own
        if not results:
            return rest, [], []
        if pending.batch is not None:
            for i, later in enumerate(rest):
                if later.batch == pending.batch and isinstance(later.event, Damage):
                    carried = replace(later, carried=later.carried + results)
                    return [*rest[:i], carried, *rest[i + 1 :]], [], []
        return rest, [Pending(e) for e in result_events(results)], loss_markers(results)

    def chooser(self, event: Event, candidates: list[ActiveReplacement]) -> str | None:
        """CR 616.1: the affected player, or the affected object's controller, chooses."""
        if self.misreading.chooser == "controller" and candidates:
            return candidates[0].controller
        if self.misreading.chooser == "active":
            return self.board.game.active
        return affected_party(event, self.board.controller_of)

    def run(self, queue: list[Pending], shields: dict[str, ActiveReplacement]) -> dict[str, Any]:
        return self._step(queue, shields, (), [])

    def _step(
        self,
        queue: list[Pending],
        shields: dict[str, ActiveReplacement],
        path: tuple[str, ...],
        results: list[Event],
        offered: frozenset[str] = frozenset(),
    ) -> dict[str, Any]:
        if not queue:
            self.leaves.append(Leaf(path, results))
            return {"done": merge_results(results)}
        if len(self.leaves) > MAX_LEAVES:
            raise RuntimeError("too many choice paths")
        pending, rest = queue[0], queue[1:]
        event = pending.event
        if isinstance(event, Nothing):
            return self._step(rest, shields, path, results + [event])
        node: dict[str, Any] = {"event": result_json(event)}
        cant = stopped_by(event, self.board) or _draw_limit(event, self.board, results)
        if cant is not None:
            # CR 614.17: it can't happen, so it never happens and nothing replaces it (614.7).
            node["stopped_by"] = {"effect": cant.eid, "text": cant.spec.text, "rule": "614.17"}
            node["explain"] = (
                f"{cant.eid} says this can't happen, so it doesn't, and no replacement effect "
                "applies to an event that doesn't happen (614.17, 614.7)."
            )
            rest, more, markers = self._damage_results(
                replace(pending, event=Nothing()), Nothing(), rest
            )
            return {**node, "then": self._step(more + rest, shields, path, results + markers)}
        seen = _library_now(self.board, results) if isinstance(event, Draw) else self.board
        candidates = _candidates(pending, seen, shields, self.misreading)
        gone = sorted(offered - {c.eid for c in candidates} - pending.used)
        if gone:
            # 616.1f: after each application, only effects that still apply are considered.
            node["no_longer_applicable"] = gone
        if not candidates:
            alternatives = _alternatives(event, self.board)
            if alternatives is not None:
                node["choice"] = {
                    "chooser": affected_party(event, self.board.controller_of),
                    "options": [],
                }
                for label, happened in alternatives:
                    node["choice"]["options"].append(
                        {
                            "choose": label.removeprefix("choose:") or "the only card",
                            "happens": merge_results(happened),
                            "then": self._step(
                                rest,
                                shields,
                                path + ((label,) if label else ()),
                                results + happened,
                            ),
                        }
                    )
                return node
            happened, contained = _happen(event, self.board)
            rest, more, markers = self._damage_results(pending, event, rest)
            contained = contained + more
            node["happens"] = [result_json(e) for e in happened]
            happened = happened + markers
            node["explain"] = (
                "No replacement or prevention effect applies any more, so this happens."
            )
            after = contained + rest
            if any(isinstance(e, WinGame) for e in happened):
                after = []  # CR 104.2a: a player who wins ends the game; nothing else happens
            then = self._step(after, shields, path, results + happened)
            return {**node, "then": then}
        options, rule = _forced(candidates)
        if not self.misreading.forced_first:
            options, rule = candidates, TIER_RULES["other"]
        chooser = self.chooser(event, candidates)
        node.update(
            {
                "chooser": chooser,
                "rule": rule,
                "why_chooser": "the affected object's controller, or the affected player, chooses",
                "candidates": [c.shown for c in candidates],
                "forced": [c.shown for c in options] if rule != TIER_RULES["other"] else [],
                "used": sorted(pending.used),
                "explain": _explain(chooser, candidates, options, rule, pending.used),
                "options": [],
            }
        )
        for option in options:
            for limit in _shield_limits(option, pending, rest, self.board):
                replaced, after = apply(option, event, self.board, limit)
                new_shields = dict(shields)
                if option.eid in new_shields or option.resolved:
                    if after is None:
                        new_shields.pop(option.eid, None)
                    else:
                        new_shields[option.eid] = after
                again = option.eid in pending.used  # only under the "twice" misreading
                used = pending.used | {option.eid + AGAIN if again else option.eid}
                follow = [
                    Pending(e.event)
                    if isinstance(e, Fresh)
                    else Pending(
                        replace(e, implicit=False) if isinstance(e, ZoneMove) else e,
                        used,
                        pending.batch,
                    )
                    for e in replaced
                ]
                if len(follow) > 1 and pending.batch is None:
                    # Pieces of one event (a redirection shield's split) happen together, so
                    # their results are one event too (one lifelink gain, 702.15b).
                    self.batches += 1
                    follow = [replace(p, batch=-self.batches) for p in follow]
                if pending.carried and follow:
                    # What the batch's earlier damage did still waits for the rest of it.
                    follow[0] = replace(follow[0], carried=pending.carried)
                still = frozenset(c.eid for c in candidates) - {option.eid}
                entry: dict[str, Any] = {
                    "apply": option.shown,
                    "source": option.source,
                    "source_name": option.source_name,
                    "text": option.spec.text,
                    "prevention": option.spec.prevention,
                    "rule": "615" if option.spec.prevention else "614",
                    "becomes": [
                        result_json(e.event if isinstance(e, Fresh) else e) for e in replaced
                    ],
                }
                if limit is not None:
                    entry["prevent"] = limit
                step_name = option.shown if limit is None else f"{option.shown}:{limit}"
                entry["then"] = self._step(
                    follow + rest, new_shields, path + (step_name,), results, still
                )
                node["options"].append(entry)
        for option in options:
            if option.spec.optional and option.spec.family != "self_copy":
                # "You may ... instead": the affected player may also leave it unapplied
                # (it then doesn't apply to this event, 614.5); nothing is added to the path.
                gone = {option.eid, option.eid + AGAIN}  # not again, even misread (614.5)
                declined = replace(pending, used=pending.used | gone)
                node["options"].append(
                    {
                        "choose": f"not to apply {option.shown}",
                        "declines": option.shown,
                        "then": self._step([declined, *rest], shields, path, results, offered),
                    }
                )
        return node


_TIER_WORDS = {
    "616.1a": "a self-replacement effect (614.15), which must be applied first",
    "616.1b": "an effect that changes who controls the permanent as it enters, which goes first",
    "616.1c": "an effect that makes the permanent enter as a copy, which goes first",
    "616.1d": "an effect that makes a card enter with its back face up, which goes first",
}


def _explain(
    chooser: str | None,
    candidates: list[ActiveReplacement],
    options: list[ActiveReplacement],
    rule: str,
    used: frozenset[str],
) -> str:
    names = ", ".join(c.shown for c in candidates)
    text = (
        f"{chooser} chooses, as the player affected or the controller of the object affected "
        f"(616.1). Applicable now: {names}."
    )
    if rule in _TIER_WORDS:
        forced = ", ".join(o.shown for o in options)
        text += f" {forced} is {_TIER_WORDS[rule]} ({rule})."
    elif len(options) > 1:
        text += " None must go first, so any of them may be chosen (616.1e)."
    else:
        text += " It is the only one, so it applies (616.1e)."
    optional = [o.shown for o in options if o.spec.optional and o.spec.family != "self_copy"]
    if optional:
        text += (
            f' {", ".join(optional)} says "you may", so {chooser} may also leave it unapplied,'
            " and then it doesn't apply to this event."
        )
    if used:
        text += f" Already applied to this event, so not again: {', '.join(sorted(used))} (614.5)."
    return text


def outcomes(leaves: list[Leaf]) -> list[dict[str, Any]]:
    """Leaves grouped by what happens (as a multiset), each with every path to it."""
    grouped: dict[str, dict[str, Any]] = {}
    for leaf in leaves:
        results = merge_results(leaf.results)
        if not results and leaf.path:
            results = [{"nothing": True}]  # replaced, and in the end nothing happened
        key = json.dumps(sorted(json.dumps(r, sort_keys=True) for r in results))
        entry = grouped.setdefault(key, {"results": results, "paths": []})
        if list(leaf.path) not in entry["paths"]:
            entry["paths"].append(list(leaf.path))
    return list(grouped.values())
