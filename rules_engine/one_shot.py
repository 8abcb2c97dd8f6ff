"""A one-shot part of a resolving spell or ability (CR 608.2c): what the action reader
(oracle/actions.py) builds and the timeline performs as events replacement effects see.
Kept apart from the continuous-effect values of effects.py, which it refers to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from rules_engine.affected import Filter, Subject
from rules_engine.effects import Condition, CopyOf

OneShotKind = Literal[
    "recover",  # a card returned from a graveyard to its owner's hand (CR 400.7)
    "counters",
    "tap",
    "untap",
    "damage",
    "destroy",
    "exile",
    "bounce",
    "sacrifice",
    "tokens",
    "draw",
    "gain_life",
    "lose_life",
    "monstrosity",
    "fight",
    "bite",
    "reanimate",
    "copy_token",
    "move",  # a permanent or ~ put into a library, exile or a hand (CR 400.7, 401.4)
    "mill",  # the top N cards of a library into its owner's graveyard (CR 701.17a)
    "surveil",  # look at the top N, any number into the graveyard (CR 701.25a)
    "discard",  # cards from a hand into its owner's graveyard (CR 701.9a)
    "populate",  # a copy of a creature token you control (CR 701.36a)
    "remove_counters",  # counters taken off a permanent (CR 122.8)
    "player_counters",  # counters a player gets or loses: energy, poison (CR 122.1)
    "choose_card",  # "You choose a card from it": what a later "that card" may be
    "set_life",  # "Each player's life total becomes N": gains or losses (CR 119.5)
    "amass",  # an Army token if you have none, then counters on an Army (CR 701.47a)
    "proliferate",  # another counter of each kind already there (CR 701.34a)
    "designate",  # a player becomes the monarch or takes the initiative (CR 725.1, 726.1)
    "ring_tempts",  # the Ring tempts you: the emblem grows, choose a Ring-bearer (CR 701.54a)
    "counter",  # a spell on the stack cancelled, into its owner's graveyard (CR 701.6a)
    "suspect",  # a creature becomes suspected: menace, "can't block" (CR 701.60)
    "unsuspect",  # a suspected creature is no longer suspected (CR 701.60)
    "phase_out",  # permanents phase out, with what is attached to them (CR 702.26a, 702.26g)
    "goad",  # a creature is goaded: it attacks, and not its goader, if able (CR 701.15)
    "manifest_dread",  # one of the top two cards face down as a 2/2, one to the graveyard
    "incubate",  # an Incubator artifact token with N +1/+1 counters on it (CR 701.53a)
    "search",  # cards found in a library, into a hand or onto the battlefield (CR 701.23a)
    "role",  # a Role token created attached to a permanent (CR 111.10, 303.7)
    "attach",  # Equipment you control attached to a creature (CR 701.3a)
    "graveyard_into_library",  # a player's graveyard shuffled into their library (701.24a)
    "exile_top",  # the top N cards of a library into exile (CR 406.3)
    "exile_graveyard",  # every card in a player's graveyard into exile (CR 406.3)
    "counter_kinds",  # a counter of each kind among creatures you control on a new token
    "equip_each",  # an Equipment you control attached to each token just created (701.3a)
    "keep_one",  # each player's chosen creature gets a counter, the rest are sacrificed
    "face_up",  # face-down permanents turned face up (CR 708.8)
    "roll",  # a spell's die roll, its result the cast step's ``choices.rolls`` (CR 706.2)
]
# Players a one-shot names: "you", "target player" (a target slot), "each opponent", ...
PlayerRef = Literal["you", "target", "each_opponent", "each_player", "controller"]


@dataclass(frozen=True, slots=True)
class OneShot:
    """A one-shot part of a resolving spell or ability (CR 608.2c), performed as events that
    replacement effects see: "Put four +1/+1 counters on it.", "~ deals 3 damage to any
    target.", "Create two 1/1 white Soldier creature tokens."."""

    kind: OneShotKind
    subject: Subject | None = None  # the permanents it acts on
    text: str = ""
    counter_kind: str = ""
    n: int = 0
    x: bool = False  # the amount is the spell's X (CR 107.3)
    players: PlayerRef | None = None  # the players it acts on, when it names players
    slot: int | None = None  # "any target": the target slot (an object or a player)
    token: str = ""  # the token phrase ("a 1/1 white Soldier creature token")
    regenerable: bool = True  # a destruction "can't be regenerated" (CR 701.19c)
    # "Double the number of +1/+1 counters on ...": as many more as each already has (701.10).
    doubled: bool = False
    # "gains life equal to its power": the amount is that object's power, read when the
    # part happens, or as it last existed if it has left (CR 608.2h).
    amount_of: str = ""
    # "fights" (CR 701.14a) and "deals damage equal to its power to" (a one-sided fight):
    # ``subject`` is the creature dealing damage, ``other`` the one it is dealt to.
    other: Subject | None = None
    tapped: bool = False  # "return ... to the battlefield tapped"
    # "You gain 1 life for each creature you control": ``n`` times the number of these
    # objects as the part happens (CR 608.2h).
    per: Subject | None = None
    # "damage equal to 2 plus the number of Lesson cards in your graveyard" (Combustion
    # Technique): added to the count (CR 608.2h).
    plus: int = 0
    # "If you control a Merfolk, draw a card." / "If ~ was kicked, it deals 5 damage ...":
    # the part happens only if this holds as it would happen (CR 608.2c, 702.33d).
    only_if: Condition | Literal["kicked"] | None = None
    copy: CopyOf | None = None  # "create a token that's a copy of ..., except ..." (707.9)
    # "move": where it goes ("library_top", "library_bottom", "library" for shuffled into,
    # "exile", "hand"), with ``n`` counters of ``counter_kind`` on it there ("Exile ~ with
    # three time counters on it"); "remove_counters"/"player_counters": ``every`` for "all".
    to_zone: str = ""
    every: bool = False
    if_done: bool = False  # "If you do, ...": only if the part before it did something
    from_zone: str = ""  # "exiles two cards from their hand": where the cards come from
    # "bolster N": the counters go on the creature with the least toughness among those
    # the subject names (CR 701.39a), the step's ``choices.chosen`` among several.
    least_toughness: bool = False
    # "Counter target spell unless its controller pays {2}" (CR 118.12): nothing happens if
    # the step says that player paid (``choices.paid``).
    unless_paid: bool = False
    # "reanimate": "... with a +1/+1 counter on it": the counters it enters with (614.1c).
    enter_counters: tuple[tuple[str, int], ...] = ()
    # "counters": "on a creature you control": one of those the subject names, the step's
    # ``choices.chosen`` (by default the first to have entered), no target (CR 608.2d).
    chosen_one: bool = False
    # "Distribute four +1/+1 counters among up to four target creatures": the step's
    # ``choices.divided`` gives each target its share, announced as it is cast (CR 601.2d).
    divided: bool = False
    # "damage divided as you choose among one, two, or three targets": players may be among
    # the targets as well as the permanents ``subject`` names ("targets", CR 115.4).
    any_target: bool = False
    # "set_life": what each player's life total becomes, "" for ``n``: "creatures" (the
    # number of creatures that player controls) or "lowest" (the lowest life total).
    life_becomes: Literal["", "creatures", "lowest"] = ""
    # "designate": which designation the player gets ("You take the initiative.").
    designation: Literal["", "monarch", "initiative", "day", "night"] = ""
    # "reanimate": "... target creature cards from a single graveyard": all from one (601.2c).
    one_graveyard: bool = False
    # "Destroy any of them that are Walls." (Blow Your House Down): only those of the objects
    # ``subject`` names that fit this as the part happens (CR 608.2c).
    narrow: Filter | None = None
    # "Destroy all Equipment attached to that creature." (Awaken the Sleeper): only those of
    # the objects ``subject`` names attached to one this names (CR 301.5).
    attached_to: Subject | None = None
