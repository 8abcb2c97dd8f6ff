"""The game a board's timeline builds: objects, their status, and resolved effects.

Values are frozen; each step of the timeline produces a new ``Game``
(python-chess style), so the stepper can show any point in time and
what-if analysis copies nothing by accident.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from rules_engine.cards import CardDef
from rules_engine.characteristics import Characteristics
from rules_engine.effects import CopyOf, EffectSpec
from rules_engine.replacement.in_play import ActiveCant, ActiveReplacement
from rules_engine.steps import Choices, Designations, TurnRecord

if TYPE_CHECKING:  # annotations only: the replacement tree reads games itself
    from rules_engine.replacement.events import Event
    from rules_engine.replacement.tree import Outcome


@dataclass(frozen=True, slots=True)
class CopySnapshot:
    """The copiable values a copy effect took when it began (CR 707.2, 707.9)."""

    of: str
    values: Characteristics
    copy: CopyOf


@dataclass(frozen=True, slots=True)
class LastKnown:
    """What a permanent was as it last existed on the battlefield, kept on the card it
    became (CR 113.7a, 608.2h): an ability that makes it deal damage after it left (a
    "dies" trigger) reads its controller and keyword abilities from here (702.15b
    lifelink, 702.2b deathtouch)."""

    controller: str
    abilities: tuple[str, ...]
    # "where X is ~'s power" read after it left (a "dies" trigger, a sacrifice cost).
    power: int | None = None
    toughness: int | None = None
    # What it was attached to (an Aura's enchanted creature), for "When enchanted creature
    # dies, return that card ..." resolving after the Aura itself left (CR 603.10a).
    attached_to: str | None = None


@dataclass(frozen=True, slots=True)
class GameObject:
    """A card or token in some zone, with the status the layer system reads."""

    label: str
    card: CardDef
    owner: str
    controller: str
    zone: str
    timestamp: int
    order: int
    counters: tuple[tuple[str, int], ...] = ()
    counter_timestamps: tuple[tuple[str, int], ...] = ()
    damage: int = 0
    tapped: bool = False
    face_down: bool = False
    # CR 702.168a, 701.58a: face down by disguise or cloak, so it has ward {2} while it is.
    face_down_ward: bool = False
    phased_out: bool = False
    monstrous: bool = False  # CR 701.37b: it became monstrous (until it leaves)
    renowned: bool = False  # CR 702.112b: its renown ability resolved (until it leaves)
    solved: bool = False  # CR 719.3b: a solved Case (until it leaves); not copiable
    # CR 701.54a: the player whose Ring-bearer it is; it stops being one if another player
    # gains control of it, so it is only while that player controls it (until it leaves).
    ring_bearer: str | None = None
    # CR 701.60: the timestamp at which it became suspected (None: it isn't), until it leaves
    # the battlefield; 701.15: the players who goaded it (until their next turns).
    suspected: int | None = None
    goaded_by: tuple[str, ...] = ()
    # It has dealt damage since it entered (a new object, CR 400.7), for "if it hasn't dealt
    # damage yet" (Karakyk Guardian).
    dealt_damage: bool = False
    # It attacked earlier this turn (the board's ``attacked_this_turn``; CR 508.1a), for "as
    # long as it attacked this turn" (Agent Frank Horrigan). A new object hasn't (400.7).
    attacked_this_turn: bool = False
    # How many times it attacked this turn and this game (the board's ``attacked_this_turn``
    # as a number, ``attacks_this_game``; CR 508.1a), for "for each time it has attacked this
    # turn" (Moraug) and "for each time ~ attacked this game" (Rampaging Ursaguana).
    attacks_this_turn: int = 0
    attacked_battle_this_turn: bool = False  # CR 508.1b: one of those attacks was on a battle
    attacks_this_game: int = 0
    # Counters put on it this turn, each (who put them, kind) (CR 122.6: also those it was
    # given as it entered, 122.6a), for "as long as you've put one or more +1/+1 counters on
    # ~ this turn" (Beast, Erudite Aerialist). A new object has none (400.7).
    counters_put: tuple[tuple[str, str], ...] = ()
    # It has one or more stickers on it (the board's ``stickered``; CR 123.4), stickers whose
    # only effect is being there (art stickers, 123.9). Stickers stay with it from one public
    # zone to another (123.5) but not into a hidden one; a board moves them nowhere.
    stickered: bool = False
    # CR 903.3: its owner's commander, an attribute of the card (not a characteristic, not
    # copied, kept as it changes zones).
    commander: bool = False
    paired_with: str | None = None  # CR 702.95: soulbond's pairing (both ways)
    attached_to: str | None = None
    # CR 400.7, 704.5n: the permanent it was attached to left the battlefield (and may be
    # back already as a new object under the same label); it stays attached to nothing
    # until the state-based check unattaches it (Equipment) or puts it into its owner's
    # graveyard (an Aura, 704.5m).
    host_left: str | None = None
    choices: Choices = field(default_factory=Choices)
    x: int | None = None
    copy: CopySnapshot | None = None
    # "Enchanted creature is a copy of the chosen creature" (its own static ability): the
    # copiable values of the object chosen as it entered, fixed then (CR 614.12, 707.2).
    chosen_copy: CopySnapshot | None = None
    # Damage dealt by a source with deathtouch since it was last removed (CR 704.5h).
    deathtouched: bool = False
    # Subtypes it entered with in addition to its others (Master Biomancer, CR 614.1c).
    extra_subtypes: tuple[str, ...] = ()
    extra_abilities: tuple[str, ...] = ()  # gained as it entered (riot's haste, 702.136a)
    # Set as it leaves the battlefield; None in any other zone it moves on to (400.7).
    last_known: LastKnown | None = None
    # CR 607.2a, 406.6: a card in exile "exiled with" the permanent of this label (by that
    # permanent's linked ability, or as the board says); the link ends when either object
    # changes zones (400.7: the new object is linked to nothing).
    exiled_with: str | None = None
    # Its place in the order the cards exiled with that permanent were exiled (1 first), for
    # "the last creature card exiled with it" (Duplicant); 0 when it is exiled with nothing.
    exiled_at: int = 0
    # The Aura (its label) that put this creature onto the battlefield and attached itself to
    # it: Animate Dead's "enchant creature put onto the battlefield with this Aura" and its
    # "that creature" (CR 607.2a); a new object has none (400.7).
    put_with: str | None = None
    # CR 714.2b, 714.4: the chapter numbers its lore counters reached (one per number, from
    # fewer than N to N or more) whose chapter ability hasn't been resolved by an activate
    # step yet; a Saga isn't sacrificed while one of its chapters is still waiting. A new
    # object has none (400.7).
    chapters_pending: tuple[int, ...] = ()

    @property
    def on_battlefield(self) -> bool:
        """Phased-out permanents are treated as though they don't exist (CR 702.26b)."""
        return self.zone == "battlefield" and not self.phased_out

    def counter_count(self, kind: str) -> int:
        return dict(self.counters).get(kind, 0)


@dataclass(frozen=True, slots=True)
class ResolvedEffect:
    """A continuous effect from a resolved spell or ability (CR 611.2).

    ``affected`` and ``locked`` are fixed on resolution: the set of objects
    (CR 611.2c) and every value the effect computed (CR 608.2h).
    """

    eid: str
    label: str
    spec: EffectSpec
    source: str
    source_name: str
    controller: str
    timestamp: int
    order: int
    affected: tuple[str, ...]
    targets: tuple[str, ...]
    choices: Choices
    x: int | None
    locked: tuple[tuple[tuple[int, str], object], ...] = ()
    copy: CopySnapshot | None = None

    def locked_payload(self, part_index: int, label: str) -> object | None:
        for key, value in self.locked:
            if key == (part_index, label):
                return value
        return None


@dataclass(frozen=True, slots=True)
class NotModelled:
    """An ability or sentence the engine recognised but does not apply (an honest gap)."""

    object: str
    ability: str
    why: str

    def as_json(self) -> dict[str, str]:
        return {"object": self.object, "ability": self.ability, "why": self.why}


@dataclass(frozen=True, slots=True)
class StepChoice:
    """The replacement choices a step's event reached (CR 616.1), and the one taken."""

    step: int | None
    path: tuple[str, ...]
    default: bool
    # Every distinct outcome the rules allowed, when the orders lead apart (else empty).
    outcomes: tuple[Outcome, ...] = ()
    # Each applied effect's id with the names a learner may use for it.
    names: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # What happened on the path taken.
    results: tuple[Event, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayerAbility:
    """Hexproof or shroud a resolved spell or ability gave a player for the rest of the
    board (CR 613.10, 702.11d, 702.18a): read where a target's legality is decided."""

    player: str
    ability: str
    source_name: str


@dataclass(frozen=True, slots=True)
class Game:
    players: tuple[str, ...]
    active: str
    life: tuple[tuple[str, int], ...]
    objects: tuple[GameObject, ...] = ()
    resolved: tuple[ResolvedEffect, ...] = ()
    # Replacement/prevention effects and "can't" effects made by resolved spells and
    # abilities (shields, CR 615.4; regeneration, 614.8; "this turn" effects).
    shields: tuple[ActiveReplacement, ...] = ()
    rules: tuple[ActiveCant, ...] = ()
    next_timestamp: int = 1
    next_order: int = 0
    hand_sizes: tuple[tuple[str, int], ...] = ()  # when a board gives a hand as a number
    library_sizes: tuple[tuple[str, int | None], ...] = ()  # None: not known
    player_counters: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()  # poison (122.1f)
    verdicts: tuple[tuple[str, str], ...] = ()  # (player, "won"/"lost"), CR 104
    drew_from_empty: frozenset[str] = frozenset()  # CR 704.5b
    shuffled: frozenset[str] = frozenset()  # players whose library order is unknown (701.24a)
    not_modelled: tuple[NotModelled, ...] = ()
    choices_made: tuple[StepChoice, ...] = ()
    this_turn: TurnRecord = TurnRecord()
    blessed: frozenset[str] = frozenset()  # players with the city's blessing (CR 702.131)
    starting_life: tuple[tuple[str, int], ...] = ()  # CR 103.4; a player not listed: 20
    designations: Designations = Designations()  # monarch, initiative, day/night, dungeons
    player_abilities: tuple[PlayerAbility, ...] = ()  # "You gain hexproof ..." (613.10)

    def object(self, label: str) -> GameObject | None:
        for obj in self.objects:
            if obj.label == label:
                return obj
        return None

    def next_exiled_at(self, source: str) -> int:
        """The place of a card exiled with ``source`` now: after every card already exiled
        with it (CR 607.2a)."""
        return 1 + max((o.exiled_at for o in self.objects if o.exiled_with == source), default=0)

    def life_of(self, player: str) -> int:
        return dict(self.life).get(player, 20)

    def starting_life_of(self, player: str) -> int:
        """CR 103.4: the life total the player began the game with."""
        return dict(self.starting_life).get(player, 20)

    def with_object(self, obj: GameObject) -> Game:
        """Replace the object with the same label, or add it."""
        objects = tuple(o for o in self.objects if o.label != obj.label)
        if len(objects) == len(self.objects):
            return replace(self, objects=self.objects + (obj,))
        return replace(
            self, objects=tuple(obj if o.label == obj.label else o for o in self.objects)
        )

    def counters_of_player(self, player: str) -> dict[str, int]:
        return dict(dict(self.player_counters).get(player, ()))

    def stamped(self) -> tuple[Game, int]:
        """The next timestamp (CR 613.7), and the game that has used it."""
        return replace(self, next_timestamp=self.next_timestamp + 1), self.next_timestamp

    def with_player_counters(self, player: str, kind: str, n: int) -> Game:
        """``n`` more (or fewer) counters of a kind on a player, never below none (122.1)."""
        counts = self.counters_of_player(player)
        counts[kind] = max(0, counts.get(kind, 0) + n)
        table = dict(self.player_counters)
        table[player] = tuple(sorted(counts.items()))
        return replace(self, player_counters=tuple(table.items()))

    def opponents(self, player: str) -> tuple[str, ...]:
        return tuple(p for p in self.players if p != player)


def add_counters(game: Game, label: str, kind: str, n: int) -> Game:
    """Counters on a permanent; each new counter of a kind restamps the kind (CR 613.7c)."""
    if label in game.players:
        return game.with_player_counters(label, kind, n)
    obj = game.object(label)
    if obj is None or not obj.on_battlefield:
        return game
    counts = dict(obj.counters)
    stamps = dict(obj.counter_timestamps)
    before = counts.get(kind, 0)
    counts[kind] = max(0, before + n)
    if kind == "lore" and n > 0:
        # CR 714.2b: each chapter number from more than `before` up to the new count triggers.
        reached = tuple(range(before + 1, counts[kind] + 1))
        obj = replace(obj, chapters_pending=(*obj.chapters_pending, *reached))
    if n > 0:
        game, stamps[kind] = game.stamped()
    counts = {k: v for k, v in counts.items() if v}
    stamps = {k: v for k, v in stamps.items() if k in counts}
    return game.with_object(
        replace(obj, counters=tuple(counts.items()), counter_timestamps=tuple(stamps.items()))
    )
