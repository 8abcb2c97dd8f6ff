"""What the replacement resolver reads (CR 614-616): the game, its characteristics and the
effects in play, including those a permanent has as it enters (614.12).

``EventState`` is the resolver's whole view of the game; ``statics_of`` finds the
replacement and "can't" effects of permanents; ``entering_view`` shows an entering
permanent as it would exist on the battlefield; ``as_enters`` and ``madness_effect``
build the effects an event brings with it rather than a permanent in play. The
specs built here name their family by its string (``families.Family`` lists them).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from rules_engine.affected import Subject
from rules_engine.characteristics import (
    Characteristics,
    initial_characteristics,
    printed_abilities,
)
from rules_engine.effects import CopyOf
from rules_engine.game import CopySnapshot, Game, GameObject
from rules_engine.layers import compute
from rules_engine.oracle.parser import ParsedAbility
from rules_engine.replacement.active import keyword_replacements, specs_of
from rules_engine.replacement.events import Enter, ZoneMove
from rules_engine.replacement.in_play import ActiveCant, ActiveReplacement
from rules_engine.replacement.specs import (
    CantSpec,
    DamageSpec,
    EnterSpec,
    Family,
    ReplacementSpec,
    Who,
    ZoneSpec,
)
from rules_engine.sba import protection_qualities
from rules_engine.selection import World
from rules_engine.steps import Choices


@dataclass(frozen=True, slots=True)
class EventState:
    """What the resolver reads: the game, its characteristics, and the effects in play.

    ``enter_cache`` is shared by copies (``replace``), so an entering permanent is
    computed once per event tree however many paths look at it.
    """

    game: Game
    chars: dict[str, Characteristics]
    statics: list[ActiveReplacement]
    cants: list[ActiveCant]
    library_sizes: dict[str, int | None] = field(default_factory=dict)
    enter_cache: dict[Any, Any] = field(default_factory=dict)
    zone_cards: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    # The 614.12 misreading: an entering permanent is read as its printed card.
    entering_as_printed: bool = False
    # Damage dealt at the same time as the event being checked, to its target (CR 510.2:
    # Worship and Deification read what all of it adds up to; damage_view.py).
    alongside: int = 0

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


def _distinct_names(label: str, keys: list[str]) -> dict[str, str]:
    """Effect names for an entering permanent's own effects: two sentences of one paragraph
    ("... enters with X +1/+1 counters on it. If X is 5 or more, it enters with an
    additional X ...", Apocalypse Hydra) are two effects, each applied once (614.5), so the
    second one's name gets its sentence number."""
    names: dict[str, str] = {}
    for key in keys:
        name = effect_name(label, key, len(keys))
        if name in names.values():
            name = f"{name}.{key.rsplit('.', 1)[-1]}"
        names[key] = name
    return names


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
                if spec.condition is not None:
                    # A spell's condition, checked as it resolves (608.2c); a permanent's
                    # "can't" with a condition is not a template the grammar reads.
                    continue
                cants.append(ActiveCant(eid, spec, obj.label, c.controller))
            elif spec.on_resolution is None:  # a spell's choice on resolution (608.2c)
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
                "Umbra armor (the enchanted creature isn't destroyed: its damage is removed "
                "and this Aura is destroyed instead, 702.89a)",
                Family.UMBRA_ARMOR,
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
            spec = DamageSpec(
                f"{text} (damage from such sources is prevented, 702.16e)",
                Family.PREVENT_STATIC,
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


# --- An entering permanent (CR 614.12) ------------------------------------------------


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


_SELF_REPLACING = ("replacement", "choice", "copy")


def may_replace_own_entering(event: Enter, board: EventState) -> bool:
    """Whether the entering permanent could have abilities of its own that change how it
    enters (CR 614.12): printed ones, or ones a continuous effect grants (then the
    permanents already there have granted abilities too). When it can't, its view as it
    would exist need not be computed."""
    if event.copy_of is not None or event.face_down:
        return True
    printed = printed_abilities(event.card.name, event.card.rules_text, False)
    granted = (
        instance
        for chars in board.chars.values()
        for instance in chars.abilities
        if instance.origin != "printed"
    )
    return any(_changes_entering(instance.parsed) for instance in (*printed, *granted))


def _changes_entering(parsed: ParsedAbility) -> bool:
    if parsed.kind in _SELF_REPLACING or (parsed.kind == "static" and bool(parsed.rules)):
        return True
    return parsed.kind == "keyword" and bool(keyword_replacements(parsed.text))


def entering_view(event: Enter, board: EventState) -> EnteringView:
    """The entering permanent as it would exist on the battlefield, and its own effects."""
    key = (
        event.obj,
        event.card.name,
        event.controller,
        event.copy_of,
        event.copy,
        event.extra_types,
        event.face_down,
        board.entering_as_printed,
    )
    cached: EnteringView | None = board.enter_cache.get(key)
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
        # CR 614.12, 708.2: a face-down permanent would exist as a 2/2 with no abilities, and
        # "face-down creatures you control enter with ..." (Veiled Ascension) sees it so.
        face_down=event.face_down,
    )
    game = board.game.with_object(obj)
    state = dict(compute(game).chars)
    chars = state[event.obj]
    if board.entering_as_printed:  # the 614.12 misreading: the card as printed
        chars = initial_characteristics(event.card, event.controller)
        state[event.obj] = chars
    elif event.extra_types:
        extra = tuple(t for t in event.extra_types if t not in chars.subtypes)
        chars = replace(chars, subtypes=chars.subtypes + extra)
        state[event.obj] = chars
    found = specs_of(chars)
    names = _distinct_names(event.obj, [key_ for key_, _ in found])
    own = [
        ActiveReplacement(
            names[key_],
            spec,
            event.obj,
            chars.name,
            event.controller,
            0,
            choices=obj.choices,  # how it was cast (tribute paid, cards revealed: 614.12)
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


# --- Effects an event brings with it --------------------------------------------------


def as_enters(event: Enter, board: EventState) -> list[ActiveReplacement]:
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
            spec = EnterSpec(
                ability.text,
                Family.SELF_COPY,
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
            spec = EnterSpec(ability.text, Family.AS_ENTERS, objects=Subject("self", words="~"))
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


def madness_effect(event: ZoneMove) -> ActiveReplacement:
    """CR 702.35a: a discarded card with madness is exiled instead of going to a graveyard
    (its owner then may cast it; not part of this event)."""
    text = "Madness (discarded, it goes into exile instead of a graveyard, 702.35a)"
    spec = ZoneSpec(text, Family.MADNESS, objects=Subject("self", words="~"), to_zone="exile")
    return ActiveReplacement(f"{event.obj}#madness", spec, event.obj, event.obj, event.owner, 0)
