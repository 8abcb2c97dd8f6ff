"""What a replacement, prevention or "can't" effect watches for and does.

Read once from Oracle text (``grammar.py`` and the rows of ``rows/``), applied by
``families.py``. The fields are the template's parameters, so an invented card written in
the same templates gets exactly the behaviour of the real card it imitates. ``Family``
names the template, ``GROUP`` the kind of event it watches, ``Mark`` and ``PerPrevented``
what a template says beyond its family.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from rules_engine.affected import Subject
from rules_engine.effects import Condition, Expr

# CR 616.1a-e: which effects must be chosen first.
Tier = Literal["self", "control", "copy", "backface", "other"]
TIER_RULES: dict[str, str] = {
    "self": "616.1a",
    "control": "616.1b",
    "copy": "616.1c",
    "backface": "616.1d",
    "other": "616.1e",
}

# "chosen": the player chosen as the effect's source entered (Sawhorn Nemesis, CR 614.12).
PlayerWord = Literal[
    "you", "opponent", "any", "enchanted", "none", "target", "target_or_controller", "chosen"
]
# Where redirected damage goes instead (CR 614.9): "its controller" is the damaged
# permanent's controller, "that source's controller" the damage source's.
# "chosen": the creature a resolving spell chose ("Choose target creature you control. ...
# is dealt to the chosen creature instead", Heroic Sacrifice; Gideon's Sacrifice's "Choose a
# creature or planeswalker you control", the step's ``choices.chosen``).
RedirectTo = Literal[
    "enchanted", "self", "you", "target", "its_controller", "source_controller", "chosen"
]


class Family(StrEnum):
    """The template of a replacement or prevention effect (``ReplacementSpec.family``).

    A ``str`` enum: its members compare equal to (and print as) the plain strings that
    name the families in board answers.
    """

    # Damage (CR 120, 614.9, 615)
    KICKED_DAMAGE = "kicked_damage"
    DAMAGE_MODIFY = "damage_modify"
    DAMAGE_TO_COUNTERS = "damage_to_counters"
    PREVENT_STATIC = "prevent_static"
    PREVENT_SHIELD = "prevent_shield"
    REDIRECT = "redirect"
    WORSHIP = "worship"
    # Deification: damage that would remove all of a planeswalker's loyalty counters removes
    # all but one instead (CR 120.3c, 614.1a).
    LOYALTY_FLOOR = "loyalty_floor"
    # An event no board holds (CR 614.1a): milling, dice, coins, scry, mana (rows/hidden.py)
    HIDDEN_EVENT = "hidden_event"
    # Destruction (614.8, 702.89a)
    REGENERATE = "regenerate"
    UMBRA_ARMOR = "umbra_armor"
    SACRIFICE_INSTEAD = "sacrifice_instead"  # Crackling Emergence's Aura (614.1a)
    # Going to a graveyard (700.4, 702.35a)
    GRAVEYARD = "graveyard"
    DIE_EXILE_TOKEN = "die_exile_token"
    DIE_ELSEWHERE = "die_elsewhere"
    MADNESS = "madness"
    # Drawing (121.2)
    DRAW_EXTRA = "draw_extra"
    DRAW_STEAL = "draw_steal"
    DRAW_LICH = "draw_lich"
    DRAW_EMPTY_WIN = "draw_empty_win"
    DRAW_SKIP = "draw_skip"
    DRAW_LIFE = "draw_life"
    DRAW_TO_RETURN = "draw_to_return"
    DREDGE = "dredge"  # a card in its owner's graveyard (702.52a)
    DRAW_TO_TOKENS = "draw_to_tokens"  # Hullbreacher
    DRAW_TO_COUNTER = "draw_to_counter"  # Pursuit of Knowledge
    DRAW_TO_EXILE = "draw_to_exile"  # Asmodeus the Archfiend, Eruth
    # Life
    GAIN_MODIFY = "gain_modify"
    GAIN_NONE = "gain_none"
    GAIN_TO_YOU = "gain_to_you"
    GAIN_TO_LOSS = "gain_to_loss"
    GAIN_TO_DRAW = "gain_to_draw"
    LOSS_TO_GAIN = "loss_to_gain"
    LOSE_MODIFY = "lose_modify"
    DAMAGE_NO_LOSS = "damage_no_loss"  # Archon of Coronation (CR 120.3a's loss doesn't happen)
    # Tokens
    TOKENS = "tokens"
    TOKENS_PLUS = "tokens_plus"
    TOKENS_INSTEAD = "tokens_instead"
    TOKENS_EACH = "tokens_each"  # Academy Manufactor: "instead create one of each"
    TOKENS_CONTROL = "tokens_control"  # Crafty Cutpurse: "created under your control instead"
    # Counters, also as a permanent enters
    COUNTERS = "counters"
    PLAYER_COUNTERS = "player_counters"
    COUNTERS_BY_PLAYER = "counters_by_player"  # Vorinclex: keyed to who puts them (122.6)
    # Entering the battlefield (614.1c-d, 614.12)
    ENTER_TAPPED = "enter_tapped"
    ENTER_UNTAPPED = "enter_untapped"  # Spelunking: "Lands you control enter untapped"
    ENTER_COPY = "enter_copy"
    ENTER_COUNTERS = "enter_counters"
    ENTER_CONTROL = "enter_control"
    SELF_COPY = "self_copy"
    AS_ENTERS = "as_enters"
    ENTER_SACRIFICE = "enter_sacrifice"  # Lotus Vale: sacrifice lands, or it doesn't enter
    ENTER_ALSO = "enter_also"  # Lich, Thief of Blood: something done as it enters (614.12)
    ENTER_EXILE = "enter_exile"  # Containment Priest: exiled instead of entering
    # Steps, phases and turns (614.10)
    SKIP = "skip"
    # Losing the game (104.3, 614.1a): "If you would lose the game, instead ..." (game_loss)
    LOSE_GAME_INSTEAD = "lose_game_instead"
    # Not a replacement: a "can't" effect read as one, to match its objects (cants.py).
    CANT = "cant"


class EventGroup(StrEnum):
    """The kind of event a family watches (``replacement/events.py``): one spec type per
    group is the plan in docs/architecture.md ("one family group, one module")."""

    DAMAGE = "damage"  # Damage
    DESTRUCTION = "destruction"  # Destroy
    ZONE_MOVE = "zone_move"  # ZoneMove
    DRAW = "draw"  # Draw
    LIFE = "life"  # GainLife, LoseLife
    TOKENS = "tokens"  # CreateTokens
    COUNTERS = "counters"  # PutCounters
    ENTERING = "entering"  # Enter
    STEP = "step"  # StepHappens
    CANT = "cant"  # not a replacement (CantSpec), matched like one
    HIDDEN = "hidden"  # an event no board holds: milling, dice, coins, scry, mana (HiddenSpec)
    GAME_LOSS = "game_loss"  # LoseGame (GameLossSpec)


def _grouped(*groups: tuple[EventGroup, tuple[Family, ...]]) -> dict[Family, EventGroup]:
    """Each family's group; a family listed in two groups is a mistake, caught at import."""
    found: dict[Family, EventGroup] = {}
    for group, families in groups:
        for family in families:
            if family in found:
                raise ValueError(f"{family} is in {found[family]} and {group}")
            found[family] = group
    return found


GROUP: dict[Family, EventGroup] = _grouped(
    (EventGroup.HIDDEN, (Family.HIDDEN_EVENT,)),
    (EventGroup.GAME_LOSS, (Family.LOSE_GAME_INSTEAD,)),
    (
        EventGroup.DAMAGE,
        (
            Family.KICKED_DAMAGE,
            Family.DAMAGE_MODIFY,
            Family.DAMAGE_TO_COUNTERS,
            Family.PREVENT_STATIC,
            Family.PREVENT_SHIELD,
            Family.REDIRECT,
            Family.WORSHIP,
            Family.LOYALTY_FLOOR,
        ),
    ),
    (
        EventGroup.DESTRUCTION,
        (Family.REGENERATE, Family.UMBRA_ARMOR, Family.SACRIFICE_INSTEAD),
    ),
    (
        EventGroup.ZONE_MOVE,
        (Family.GRAVEYARD, Family.DIE_EXILE_TOKEN, Family.DIE_ELSEWHERE, Family.MADNESS),
    ),
    (
        EventGroup.DRAW,
        (
            Family.DRAW_EXTRA,
            Family.DRAW_STEAL,
            Family.DRAW_LICH,
            Family.DRAW_EMPTY_WIN,
            Family.DRAW_SKIP,
            Family.DRAW_LIFE,
            Family.DRAW_TO_RETURN,
            Family.DREDGE,
            Family.DRAW_TO_TOKENS,
            Family.DRAW_TO_COUNTER,
            Family.DRAW_TO_EXILE,
        ),
    ),
    (
        EventGroup.LIFE,
        (
            Family.GAIN_MODIFY,
            Family.GAIN_NONE,
            Family.GAIN_TO_YOU,
            Family.GAIN_TO_LOSS,
            Family.GAIN_TO_DRAW,
            Family.LOSS_TO_GAIN,
            Family.LOSE_MODIFY,
            Family.DAMAGE_NO_LOSS,
        ),
    ),
    (
        EventGroup.TOKENS,
        (
            Family.TOKENS,
            Family.TOKENS_PLUS,
            Family.TOKENS_INSTEAD,
            Family.TOKENS_EACH,
            Family.TOKENS_CONTROL,
        ),
    ),
    (
        EventGroup.COUNTERS,
        (Family.COUNTERS, Family.PLAYER_COUNTERS, Family.COUNTERS_BY_PLAYER),
    ),
    (
        EventGroup.ENTERING,
        (
            Family.ENTER_TAPPED,
            Family.ENTER_UNTAPPED,
            Family.ENTER_COPY,
            Family.ENTER_COUNTERS,
            Family.ENTER_CONTROL,
            Family.SELF_COPY,
            Family.AS_ENTERS,
            Family.ENTER_SACRIFICE,
            Family.ENTER_ALSO,
            Family.ENTER_EXILE,
        ),
    ),
    (EventGroup.STEP, (Family.SKIP,)),
    (EventGroup.CANT, (Family.CANT,)),
)


class Mark(StrEnum):
    """A template's particular reading, beyond its family (``ReplacementSpec.marks``)."""

    # Prevention (CR 615.1a, 615.7)
    SOURCE_SHARES_COLOR = "source_shares_color"  # Well-Laid Plans: "if they share a color"
    ALL_BUT = "all_but"  # Temple Altisaur: "prevent all but 1 of that damage"
    SHARES_COLOR = "shares_color"  # "... and each other creature that shares a color with it"
    DIVIDED = "divided"  # Remedy: one shield per target, "divided as you choose" (601.2d)
    THIS_WAY = "this_way"  # Pollen Remedy: "prevent the next 6 damage this way instead"
    # Damage (CR 614.1a)
    ECHO_TO_SOURCE_CONTROLLER = "echo_to_source_controller"  # Eye for an Eye
    # Ojer Axonil: "would deal an amount of noncombat damage less than ~'s power ..., that
    # source deals damage equal to ~'s power instead" (``count``, counted as it would apply).
    RAISE_TO_COUNT = "raise_to_count"
    # Entering (CR 614.1c, 614.12)
    X = "x"  # "enters with X +1/+1 counters on it": the X paid (107.3m)
    RIOT = "riot"  # a counter or haste, as its controller chooses (702.136a)
    DEVOUR = "devour"  # counters for what it sacrificed as it entered (702.82a)
    FORM = "form"  # Primal Clay: the chosen form (707.9b)
    SACRIFICED_PT = "sacrificed_pt"  # Dracoplasm: the power and toughness of the sacrificed
    LOSE_LIFE_TOTAL = "lose_life_total"  # Lich: "you lose life equal to your life total"
    REMOVE_ALL_COUNTERS = "remove_all_counters"  # Thief of Blood
    # Sin, Unending Cataclysm: only from the permanents the step's ``choices.remove_counters``
    # names ("any number of artifacts, creatures, and enchantments", 614.1c).
    REMOVE_FROM_CHOSEN = "remove_from_chosen"
    # Dermotaxi, Mimeoplasm: "As ~ enters, exile a creature card from a graveyard" (614.1c): the
    # cards the step's ``choices.exile`` names go to exile, exiled with it (607.2a).
    EXILE_AS_ENTERS = "exile_as_enters"
    # Indominus Rex: "As ~ enters, discard any number of creature cards" (614.1c), the step's
    # ``choices.discard``; "It enters with a flying counter on it if a card discarded this way
    # has flying" for each keyword in ``with_abilities``.
    DISCARD_AS_ENTERS = "discard_as_enters"
    # Crowd-Control Warden: "As ~ enters or is turned face up, put X +1/+1 counters on it":
    # the counters it enters with, and put on it as it is turned face up (614.1e).
    TURNED_FACE_UP = "turned_face_up"
    ONLY_FACE_UP = "only_face_up"  # Hooded Hydra: "As ~ is turned face up" alone, not entering
    # Gift of Doom: "As this Aura is turned face up, you may attach it to a creature" (614.1e):
    # the turn_face_up step's "attach" names the creature.
    FACE_UP_ATTACH = "face_up_attach"
    SOURCE_KINDS = "source_kinds"  # Blue, Loyal Raptor: a counter of each kind on its source
    # Coin of Mastery: "for each mana from an artifact source spent to cast it": counted from
    # how the entering permanent was cast (601.2h), not its source.
    ENTERING_CAST = "entering_cast"


class PerPrevented(StrEnum):
    """CR 615.5: a prevention's additional part, done for the damage it prevents (or, for
    the two that remove counters, whenever it applies, 615.12)."""

    COUNTERS = "counters_per_prevented"  # Test of Faith, Phyrexian Hydra
    TOKENS = "tokens_per_prevented"  # Hostility
    DRAW = "draw_per_prevented"  # Swans of Bryn Argoll
    LIFE = "life_per_prevented"
    REMOVE_COUNTER = "remove_counter"  # the Phantoms, Unbreathing Horde
    REMOVE_THAT_MANY = "remove_that_many"  # Protean Hydra
    REFLECT_TO_CONTROLLER = "reflect_to_controller"
    # "prevent that damage and put a +1/+1 counter on ~" (Ironscale Hydra, Nine Lives): one
    # counter each time it applies, even if the damage can't be prevented (615.12), as the
    # Phantoms' counter is removed.
    ONE_COUNTER = "one_counter"
    # "prevent that damage and that creature's owner shuffles it into their library" (Weeping
    # Angel): the creature it would have been dealt to, even if the damage can't be prevented.
    SHUFFLE_DAMAGED = "shuffle_damaged"
    # "prevent that damage and mill twice that many cards" (Angel of Suffering), "... and each
    # opponent mills that many cards" (The Mindskinner): the spec's ``player`` mills ``factor``
    # times the damage (CR 701.17a), even if the damage can't be prevented (615.12).
    MILL = "mill_that_many"


# "extra_turn": a turn an effect gave (CR 500.7), which "would begin an extra turn" watches;
# it is a turn too, so "skip your next turn" applies to it.
Skippable = Literal["untap", "upkeep", "draw", "combat", "turn", "extra_turn"]


@dataclass(frozen=True, slots=True)
class Who:
    """A damage recipient or affected party: players and/or permanents."""

    players: PlayerWord = "none"
    objects: Subject | None = None


@dataclass(frozen=True, slots=True)
class Rider:
    """CR 615.5: "If damage from a red source is prevented this way, ~ deals that much damage
    to the source's controller" -- an additional effect of a prevention, done for the damage
    it prevents from a source that fits (``source``; None: any source)."""

    kind: Literal[
        "reflect_to_controller", "reflect_to_source", "reflect_to_target", "life_per_prevented"
    ]
    source: Subject | None = None
    # "~ deals that much damage to any target": which of the step's targets that is, counted
    # from the "target" words before it (CR 115.1): Acolyte's Reward's second, Refraction
    # Trap's first.
    slot: int = 1


@dataclass(frozen=True, slots=True)
class ReplacementSpec:
    """One replacement or prevention effect, as its template says.

    ``family`` names the template; the other fields are its parameters. These are the ones
    families of several event groups read; a group's own are in its subclass (``SPEC_OF``:
    ``DamageSpec``, ``EnterSpec`` ...), and a spec is always of its family's group's class
    (checked as it is made), so ``isinstance`` tells what a spec can hold.
    """

    text: str
    family: Family
    tier: Tier = "other"
    # who or what it watches
    source: Subject | None = None  # a damage source ("a red source you control")
    target: Who | None = None
    player: PlayerWord = "any"
    objects: Subject | None = None
    # what it does
    factor: int = 1
    plus: int = 0
    amount: int | None = None  # "prevent 1 of that damage", "prevent the next 3 damage"
    to_zone: str | None = None
    counter_kind: str | None = None  # None = any kind
    shield: Literal["next_time", "amount", "this_turn"] | None = None
    # What its template says beyond its family (each value names its card and rule).
    marks: frozenset[Mark] = frozenset()
    # The token it creates instead or besides ("a 2/2 black Zombie creature token"), and
    # which tokens it watches ("creature", "treasure"; None: any).
    token: str | None = None
    kicked: bool = False
    extra_types: tuple[str, ...] = ()
    optional: bool = False
    half_down: bool = False  # "half that much life, rounded down"
    # "As long as ~ is untapped, ...", "Ferocious — ~ enters with ... if you control ...", a
    # spell's "... instead if you have no cards in hand": checked when the event would happen.
    condition: Condition | None = None
    count: Expr | None = None  # "enters with a +1/+1 counter on it for each ..." (614.1c)
    options: tuple[str, ...] = ()
    at_least: int | None = None
    # CR 603.2, 603.12: a triggered ability the effect makes, written after it: "When
    # damage is prevented this way, ~ deals that much damage to any other target" (Phyrexian
    # Vindicator), "When you do, create a 1/1 green Saproling creature token" (Nemata), "When
    # one or more counters are removed from ~ this way, ..." (Magma Pummeler). It triggers as
    # the effect applies and does its part when it resolves, after the event (so never part
    # of what the event becomes). Its sentences, for the explanation.
    triggers: tuple[str, ...] = ()
    # CR 608.2c, 614.15: a resolving spell's "If ~ was kicked, prevent the next 4 damage ...
    # instead" (Orim's Touch), "Ferocious — If you control ..., instead prevent ..." (Winds of
    # Qal Sisma): checked as it resolves; with ``instead`` it takes the place of the effect
    # before it.
    on_resolution: Condition | Literal["kicked"] | None = None
    instead: bool = False
    half_up: bool = False  # "half that damage, rounded up"; "half that much life, rounded up"
    prevention: bool = False  # a prevention effect (CR 615), not another replacement

    def __post_init__(self) -> None:
        kind = SPEC_OF[GROUP[self.family]]
        if type(self) is not kind:
            raise TypeError(
                f"a {self.family} effect is a {kind.__name__}, not {type(self).__name__}"
            )


@dataclass(frozen=True, slots=True)
class DamageSpec(ReplacementSpec):
    """Damage dealt, prevented, redirected or changed (CR 120, 614.1a, 614.9, 615)."""

    source_choice: bool = False  # "a source of your choice" (the step's target names it)
    combat_only: bool = False
    redirect_to: RedirectTo | None = None
    if_you_control_creature: bool = False
    per_prevented: PerPrevented | None = None  # CR 615.5: a prevention's additional part
    kicked_amount: int | None = None
    noncombat_only: bool = False  # "would deal noncombat damage"
    protection_from: tuple[str, ...] = ()  # CR 702.16: the qualities damage is prevented from
    redirect_slot: int | None = None  # which target is "another target creature" (614.9)
    on_source: bool = False  # "put that many depletion counters on ~ instead" (not on "it")
    # "Prevent the next X damage ...": the shield's size is the X its spell or ability was
    # cast or activated with (CR 107.3a), given to the shield as it is created (615.7).
    x_amount: bool = False
    # CR 614.1a, 615.1a: "would deal 3 or less damage", "4 or more damage" (the amount as the
    # effect would apply, after effects applied before it; ``at_least`` is shared with "if X
    # is 5 or more"); "deals 3 damage ... instead".
    at_most: int | None = None
    set_to: int | None = None
    riders: tuple[Rider, ...] = ()  # Comeuppance, Honorable Passage, Samite Ministration
    # "by sources with the chosen name" (Gideon's Intervention: the name chosen as it entered,
    # CR 614.12; the step's choices give it).
    source_named: bool = False
    # "except combat damage that would be dealt by enchanted creatures and enchantment
    # creatures" (Inspire Awe, CR 615.1a): sources it doesn't watch, as the damage would be
    # dealt.
    except_source: Subject | None = None
    # "then give each player a rad counter for each +1/+1 counter removed this way" (Bloatfly
    # Swarm, CR 615.5, 122.1): the kind each player gets, as many as were removed.
    each_player_counter: str | None = None


@dataclass(frozen=True, slots=True)
class ZoneSpec(ReplacementSpec):
    """A card going to a graveyard, or dying, put elsewhere instead (CR 614.1a, 700.4)."""

    graveyard_of: PlayerWord = "any"
    from_battlefield: bool = False  # "into a graveyard from the battlefield"
    not_from_battlefield: bool = False  # "... not on the battlefield would be put into"
    # The Darkness Crystal: "instead exile it and you gain 2 life" (one event replaced by
    # two, CR 614.6: the move elsewhere and its controller's life).
    gain_life: int = 0
    # Draugr Necromancer's "exile that card with an ice counter on it instead", Ravenloft
    # Adventurer's "instead exile it and put a hit counter on it": the kind of counter the
    # card has in exile (CR 122.1; a counter on a card in exile, which abilities there read).
    exile_counters: tuple[str, int] | None = None
    # Ravenous Slime: "instead exile it and put a number of +1/+1 counters equal to that
    # creature's power on ~": the kind put on the effect's source, as many as the dying
    # creature's power as it last existed on the battlefield (CR 614.6, 608.2h).
    power_counters: str | None = None


@dataclass(frozen=True, slots=True)
class DrawSpec(ReplacementSpec):
    """A draw replaced (CR 614.1a, 614.6, 121.2)."""

    except_first_draw: bool = False
    empty_library: bool = False
    face_down: bool = False  # "exile the top card of your library face down instead"


@dataclass(frozen=True, slots=True)
class LifeSpec(ReplacementSpec):
    """Life gained or lost replaced (CR 614.1a, 119.3)."""

    during_your_turn: bool = False  # "would lose life during your turn"


@dataclass(frozen=True, slots=True)
class TokenSpec(ReplacementSpec):
    """Tokens created replaced (CR 614.1a, 111.1)."""

    token_kind: str | None = None


class HiddenEvent(StrEnum):
    """An event a replacement watches that no board step or event holds (the words name it
    for learners)."""

    MILL = "milling"
    DICE = "rolling dice"
    COIN = "flipping a coin or rolling a d20"
    SCRY = "scrying"
    MANA = "mana in a mana pool"
    EXPLORE = "exploring"
    CONNIVE = "conniving"
    PLANESWALK = "planeswalking"
    COPY_SPELL = "copying a spell"
    UNTAP_STEP = "untapping in the untap step"
    PAY_LIFE = "paying life"


@dataclass(frozen=True, slots=True)
class HiddenSpec(ReplacementSpec):
    """A replacement of an event no board holds (CR 614.1a): read, and inert on a board."""

    event: HiddenEvent = HiddenEvent.MILL
    rule: str = ""  # the rule of the event it replaces ("701.17a" for milling)


@dataclass(frozen=True, slots=True)
class GameLossSpec(ReplacementSpec):
    """A player's loss of the game replaced (CR 104.3, 614.1a): "If you would lose the game,
    instead exile ~ and your life total becomes 1" (The Golden Throne), "The next time you
    would lose the game this turn, instead draw seven cards and your life total becomes 1"
    (Stunning Reversal)."""

    exile_self: bool = False  # "exile ~": the effect's source goes to exile
    draws: int = 0  # "draw seven cards" (CR 121.2: one at a time)
    life_becomes: int | None = None  # CR 119.5: the life gained or lost to reach it


@dataclass(frozen=True, slots=True)
class SkipSpec(ReplacementSpec):
    """A step, phase or turn skipped (CR 614.1b, 614.10)."""

    skips: Skippable | None = None  # CR 614.1b, 614.10: the step, phase or turn skipped
    # "you may skip that step instead. If you do, you gain 2 life." (Fasting, 614.6: the
    # skip and the life together replace the step).
    gain_life: int = 0


@dataclass(frozen=True, slots=True)
class EnterSpec(ReplacementSpec):
    """How a permanent enters (CR 614.1c-d, 614.12)."""

    counters_from_power: bool = False
    unless: Condition | None = None  # "enters tapped unless you control ..." (slow, check lands)
    charge_unless_creature: bool = False  # sunburst: charge counters if not a creature (702.44a)
    tapped: bool = False  # "enters tapped with two charge counters on it" (one effect)
    pay_life: int = 0  # shock lands: "you may pay 2 life. If you don't, it enters tapped"
    # CR 614.12, 614.1c: "As ~ enters, choose two colors" -- the answers the entering
    # permanent's step must give (``Choices`` fields: "colors", "player", "option" ...), the
    # words offered ("black or red"), and who chooses ("an opponent chooses", 607.2).
    chooses: tuple[str, ...] = ()
    chooser: Literal["controller", "opponent"] = "controller"
    # CR 614.1c, 702.33d: "it enters with two +1/+1 counters on it and with flying": abilities
    # it has on the battlefield because of how it entered; "was kicked with its {1}{U}
    # kicker": only that kicker cost counts.
    with_abilities: tuple[str, ...] = ()
    kicker_cost: str | None = None
    # CR 614.1c, 601.2a: "... if you cast it from your hand" (True) or "... if you didn't
    # cast it from your hand" (False), which the step's choices state ("cast_from_hand").
    cast_from_hand: bool | None = None
    # CR 702.138c: "~ escapes with ..." is "if ~ escaped, it enters with ...", which the
    # step's choices state ("escaped").
    escaped: bool = False
    # CR 614.1c: "If ~ would enter, sacrifice two untapped lands instead" (Lotus Vale): what
    # its controller sacrifices (``amount`` of them, or each one when ``amount`` is None).
    sacrifice: Subject | None = None
    # CR 614.1c: "enters with a +1/+1 counter, a flying counter, ... and a shield counter on
    # it" (Agent's Toolkit): the counters after the first (``counter_kind``, ``amount``).
    more_counters: tuple[tuple[str, int], ...] = ()
    # CR 614.1c, 601.2h: adamant's "if at least three white mana was spent to cast this
    # spell" -- ("W", 3); "mana of the same color" is ("same", 3) -- which the step's
    # ``choices.mana_by_color`` states (``rules_engine/mana_paid.py``).
    mana_at_least: tuple[str, int] | None = None
    # "equal to ~'s toughness" (Arwen) rather than its power (Master Biomancer), with
    # ``counters_from_power``.
    from_stat: Literal["power", "toughness"] = "power"
    # CR 614.12: "As this land enters, you may reveal a Dragon card from your hand. This land
    # enters tapped unless you revealed a Dragon card this way or you control a Dragon":
    # whether a card was revealed is the step's ``choices.revealed``. For "If you do or if
    # you control a Dragon, ~ enters with a +1/+1 counter on it" (Dragon's Disciple) the
    # counters come with a card revealed or with ``unless`` holding.
    revealed_instead: bool = False
    # CR 614.1c, 601.3: "If you cast a spell this way, that creature enters with ..." -- only
    # a permanent whose step names this effect's source as the permission it was cast with
    # (``choices.cast_with``).
    cast_this_way: bool = False
    # CR 614.1c, 107.3m: "If X is 2 or less, it enters tapped" (Slumbering Trudge): only when
    # the X it was cast with is at most this.
    x_at_most: int | None = None
    # CR 614.12: "As ~ enters, you may return a nonland permanent you control to its owner's
    # hand. If you do, ..." (Rescuer Sphinx): what it may return (the step's choices.chosen).
    returned: Subject | None = None
    # CR 614.1c: "~ enters under the control of an opponent of your choice" (Xantcha, Sleeper
    # Agent): the player chosen as it enters (the step's choices.player) controls it.
    to_chosen_player: bool = False


# The spec of each event group (``GROUP``): destruction (regeneration, umbra armor) and
# counters have no fields of their own, and use ``ReplacementSpec`` itself, as "can't"
# effects matched like replacements do (``cants.py``).
SPEC_OF: dict[EventGroup, type[ReplacementSpec]] = {
    EventGroup.DAMAGE: DamageSpec,
    EventGroup.DESTRUCTION: ReplacementSpec,
    EventGroup.ZONE_MOVE: ZoneSpec,
    EventGroup.DRAW: DrawSpec,
    EventGroup.LIFE: LifeSpec,
    EventGroup.TOKENS: TokenSpec,
    EventGroup.COUNTERS: ReplacementSpec,
    EventGroup.ENTERING: EnterSpec,
    EventGroup.STEP: SkipSpec,
    EventGroup.CANT: ReplacementSpec,
    EventGroup.HIDDEN: HiddenSpec,
    EventGroup.GAME_LOSS: GameLossSpec,
}


CantKind = Literal[
    "gain_life",
    "lose_life",
    "life_change",
    "counters_on_players",
    "counters_on_objects",
    "lose_game",
    "win_game",
    "prevent_damage",
    "draw",
    "draw_limit",
    "destroy",
    "enter_from",
    "enter",
    "regenerate",
]


@dataclass(frozen=True, slots=True)
class CantSpec:
    """CR 614.17: "can't" effects are not replacements, but the event doesn't happen."""

    text: str
    kind: CantKind
    player: PlayerWord = "any"
    objects: Subject | None = None
    counter_kind: str | None = None  # "can't have -1/-1 counters put on them" (Melira)
    limit: int = 0  # "can't draw more than one card each turn" (Spirit of the Labyrinth)
    combat_only: bool = False  # "Combat damage that would be dealt by ..." (Questing Beast)
    # "Creature cards in graveyards and libraries can't enter" (Grafdigger's Cage).
    from_zones: tuple[str, ...] = ()
    card_type: str | None = None  # "Permanent": any permanent type (CR 110.4)
    not_type: str | None = None  # "Nonland permanent cards ..." (Weathered Runestone)
    # A spell's "If ~ was kicked, ... and the damage can't be prevented" (Urza's Rage), "If
    # you have no cards in hand, ..." (Demonfire): checked as the spell resolves (608.2c), so
    # the effect exists only if it held then.
    condition: Condition | Literal["kicked"] | None = None


Spec = ReplacementSpec | CantSpec
