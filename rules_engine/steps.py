"""The steps of a board's timeline, as typed values (board format, "Steps").

A step is a tagged union: one frozen dataclass per verb, so the game that
performs them never reads JSON keys and never parses an id back apart.
``board.py`` builds these from a board's JSON; ``timeline`` performs them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Literal

from rules_engine.cards import CardDef
from rules_engine.turn_deeds import AttackerRecord, CountersPutRecord, SacrificeRecord


@dataclass(frozen=True, slots=True)
class Choices:
    """Answers to "as ... enters" and resolution choices (board format, "Choices")."""

    color: str | None = None
    creature_type: str | None = None
    copy: tuple[str, ...] = ()
    # Layerlab extension: a Class's level as it enters the board (CR 716.2a: a designation
    # its level abilities set; 716.2d: a permanent with no level is level 1).
    class_level: int = 1
    from_word: str | None = None
    to_word: str | None = None
    kicked: bool = False
    mode: int | None = None
    # The modes of a spell that chooses more than one (CR 700.2), in the order chosen; a mode
    # may appear twice only where the spell says so (700.2d).
    modes: tuple[int, ...] = ()
    player: str | None = None
    # How it was cast, which no board position shows: the times it was kicked (multikicker,
    # CR 702.33c) and the colors of mana spent (sunburst 702.44a, converge).
    times_kicked: int = 0
    colors_spent: int = 0
    pair: str | None = None  # the creature a soulbond trigger pairs it with (CR 702.95a)
    ring_bearer: str | None = None  # the creature chosen as the Ring tempts you (701.54a)
    tribute: bool = False  # the chosen opponent paid tribute (CR 702.104a)
    revealed: int = 0  # cards revealed for amplify (CR 702.38a)
    riot_haste: bool = False  # riot: haste chosen instead of the counter (CR 702.136a)
    # "As ~ enters, choose ..." beyond one color or creature type (CR 614.12, 614.1c):
    # two colors, two players, one of the words offered ("Khans or Dragons"), a card
    # type, a card name, or another permanent (its label).
    colors: tuple[str, ...] = ()
    players: tuple[str, ...] = ()
    option: str | None = None
    card_type: str | None = None
    card_name: str | None = None
    chosen: str | None = None
    # The kicker costs paid, for a card with two kickers (CR 702.33d, "kicked with its
    # {1}{U} kicker").
    kickers: tuple[str, ...] = ()
    cast_from_hand: bool = False  # it entered as a spell cast from its owner's hand (601.2a)
    escaped: bool = False  # it entered as a spell cast with escape from a graveyard (702.138b)
    # The creatures sacrificed to devour as it entered, by label (CR 702.82a; "devoured",
    # 702.82b).
    devour: tuple[str, ...] = ()
    # The mana spent to cast it (CR 601.2h): how much (Marath) and of which colors ("if {B}
    # was spent to cast ~", Rolling Spoil).
    mana_spent: int = 0
    mana_colors: frozenset[str] = frozenset()
    main_phase: bool = False  # cast during its controller's main phase (CR 505.1)
    # How much mana of each color was spent to cast it (CR 601.2h; adamant, 207.2c): color
    # letters and amounts, read by ``rules_engine/mana_paid.py``.
    mana_by_color: tuple[tuple[str, int], ...] = ()
    # The permanent whose permission it was cast with ("You may cast creature spells from
    # your graveyard. If you cast a spell this way, ...", CR 601.3), by label.
    cast_with: str | None = None
    # "Counter target spell unless its controller pays {2}": that player paid (CR 701.6a,
    # 118.12: the payment is that player's choice as the spell resolves).
    paid: bool = False
    # The creature sacrificed to pay an additional cost (CR 601.2h), and its power as it
    # last existed on the battlefield (608.2h), which the cast step records once paid.
    sacrificed: str | None = None
    # "divided as you choose" (CR 601.2d): the amount for each target, in target order.
    divided: tuple[int, ...] = ()
    sacrificed_power: int = 0
    # Cards a resolving spell's player chose: those surveil puts into the graveyard (CR
    # 701.25a) and those discarded (701.9b), by their zone labels ("Alice.library[0]").
    graveyard: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    exile: tuple[str, ...] = ()  # "exiles two cards from their hand" (the player's choice)
    # Proliferate (CR 701.34a): the permanents (labels) and players (names) chosen; None when
    # the step doesn't say: every permanent and player with a counter.
    proliferate: tuple[str, ...] | None = None
    # How a spell was cast (CR 601.2): the gift promised (702.174) and bargained (702.166);
    # the mana of each color spent (adamant) is ``mana_by_color`` above.
    gift: bool = False
    bargained: bool = False
    evidence: bool = False  # evidence was collected to cast it (CR 701.59a)
    mayhem: bool = False  # cast for its mayhem cost (CR 702.187a)
    warp: bool = False  # cast for its warp cost (CR 702.185a)
    teamwork: bool = False  # cast using teamwork (CR 702.194)
    treasure_mana: int = 0  # mana from Treasures spent to cast it (CR 601.2h)
    convoked: int = 0  # the creatures tapped for it with convoke (CR 702.51a)
    artifact_mana: int = 0  # mana from artifact sources spent to cast it (CR 601.2h)
    # "As this creature enters, roll X d6" (Neverwinter Hydra): the results rolled as it
    # entered (CR 706.1, 614.12), which no board position shows.
    rolls: tuple[int, ...] = ()
    # The intensity of an MTG Arena Alchemy card as it is now (its "Starting intensity N"
    # raised by "intensify"), which no board position shows; None: its starting intensity.
    intensity: int | None = None
    # A number from the draft before the game (CR 905.2, 905.1d): "the highest number you
    # noted for cards named ~" (Lurking Automaton), "the number of cards you removed from the
    # draft with cards named ~" (Cogwork Grinder), which no board position shows.
    draft_number: int = 0
    # The entering land was played from its owner's hand (CR 305.1, 116.2a: the special action
    # of playing a land), for "~ enters tapped if it was played from your hand".
    played_from_hand: bool = False
    # "As ~ enters, remove all counters from any number of artifacts, creatures, and
    # enchantments" (Sin, Unending Cataclysm, CR 614.1c): the permanents chosen, by label.
    remove_counters: tuple[str, ...] = ()
    # "the number of turns you've begun since it was foretold" (Lupine Harbingers, CR 702.143a),
    # which no board position shows; 0 when it wasn't foretold.
    turns_since_foretold: int = 0

    def merged(self, extra: Choices) -> Choices:
        """These choices, with ``extra``'s where it makes one (an ability's own choices
        over the ones its permanent made as it entered)."""
        return Choices(
            color=extra.color or self.color,
            creature_type=extra.creature_type or self.creature_type,
            copy=extra.copy or self.copy,
            from_word=extra.from_word or self.from_word,
            to_word=extra.to_word or self.to_word,
            kicked=extra.kicked or self.kicked,
            mode=extra.mode if extra.mode is not None else self.mode,
            player=extra.player or self.player,
            times_kicked=extra.times_kicked or self.times_kicked,
            colors_spent=extra.colors_spent or self.colors_spent,
            pair=extra.pair or self.pair,
            ring_bearer=extra.ring_bearer or self.ring_bearer,
            tribute=extra.tribute or self.tribute,
            revealed=extra.revealed or self.revealed,
            riot_haste=extra.riot_haste or self.riot_haste,
            colors=extra.colors or self.colors,
            players=extra.players or self.players,
            option=extra.option or self.option,
            card_type=extra.card_type or self.card_type,
            card_name=extra.card_name or self.card_name,
            chosen=extra.chosen or self.chosen,
            kickers=extra.kickers or self.kickers,
            cast_from_hand=extra.cast_from_hand or self.cast_from_hand,
            escaped=extra.escaped or self.escaped,
            devour=extra.devour or self.devour,
            mana_spent=extra.mana_spent or self.mana_spent,
            mana_colors=extra.mana_colors or self.mana_colors,
            main_phase=extra.main_phase or self.main_phase,
            mana_by_color=extra.mana_by_color or self.mana_by_color,
            cast_with=extra.cast_with or self.cast_with,
            paid=extra.paid or self.paid,
            sacrificed=extra.sacrificed or self.sacrificed,
            sacrificed_power=extra.sacrificed_power or self.sacrificed_power,
            graveyard=extra.graveyard or self.graveyard,
            discard=extra.discard or self.discard,
            exile=extra.exile or self.exile,
            gift=extra.gift or self.gift,
            bargained=extra.bargained or self.bargained,
            evidence=extra.evidence or self.evidence,
            mayhem=extra.mayhem or self.mayhem,
            warp=extra.warp or self.warp,
            teamwork=extra.teamwork or self.teamwork,
            treasure_mana=extra.treasure_mana or self.treasure_mana,
            convoked=extra.convoked or self.convoked,
            artifact_mana=extra.artifact_mana or self.artifact_mana,
            rolls=extra.rolls or self.rolls,
            intensity=extra.intensity if extra.intensity is not None else self.intensity,
            draft_number=extra.draft_number or self.draft_number,
            played_from_hand=extra.played_from_hand or self.played_from_hand,
            remove_counters=extra.remove_counters or self.remove_counters,
            turns_since_foretold=extra.turns_since_foretold or self.turns_since_foretold,
            class_level=max(extra.class_level, self.class_level),
        )


@dataclass(frozen=True, slots=True)
class CastRecord:
    """A spell cast this turn: who cast it, its colors and card types (Storm Entity, Hotheaded
    Giant's "another red spell", "if you've cast an instant or sorcery spell this turn")."""

    by: str
    colors: frozenset[str] = frozenset()
    types: frozenset[str] = frozenset()
    label: str = ""  # a cast step's spell ("" for one cast before the board's steps)
    warped: bool = False  # cast for its warp cost (CR 702.185a: "a spell was warped")


@dataclass(frozen=True, slots=True)
class EnterRecord:
    """A permanent that entered the battlefield this turn: under whose control, with which
    card types as it entered, and its label ("" for one the board only says entered earlier
    this turn). Read by "as long as ~ entered this turn", "another creature entered under
    your control this turn" and "two or more nonland permanents entered under your control
    this turn" (CR 603.6a: it entered when it moved onto the battlefield)."""

    controller: str
    types: frozenset[str] = frozenset()
    label: str = ""
    subtypes: frozenset[str] = frozenset()  # "another Knight entered ..." (Swordsworn Cavalier)


@dataclass(frozen=True, slots=True)
class Designations:
    """Layerlab extension: what a board says about the game outside any one permanent: the
    monarch (CR 725.1), the player who has the initiative (726.1), day or night (731.1: the
    game starts with neither, None) and the players who have completed a dungeon (309.7)."""

    monarch: str | None = None
    initiative: str | None = None
    day_night: Literal["day", "night"] | None = None
    completed_dungeon: frozenset[str] = frozenset()
    # Each player's speed (CR 702.179b: a player has none until a rule or effect sets it;
    # a player not listed has none, which counts as 0, 702.179f) and how many times the
    # Ring has tempted each player (CR 701.54c: their emblem's abilities; not listed, 0).
    speed: tuple[tuple[str, int], ...] = ()
    ring_tempted: tuple[tuple[str, int], ...] = ()
    # The timestamp of each player's emblem named The Ring (CR 701.54c, 613.7a): 0 for one
    # the board begins with, else the timestamp it got as the Ring first tempted them.
    ring_since: tuple[tuple[str, int], ...] = ()
    # The player who took the game's first turn (CR 103.1; None: the board doesn't say) and
    # how many turns each player has begun this game, the current one included (a player not
    # listed: more than the first few, CR 500).
    starting_player: str | None = None
    turns_begun: tuple[tuple[str, int], ...] = ()
    # How many times each player has cast a commander from the command zone this game (CR
    # 903.8, what commander tax counts; a player not listed: none).
    commander_casts: tuple[tuple[str, int], ...] = ()

    def speed_of(self, player: str) -> int:
        """CR 702.179f: a player with no speed has speed 0 for any effect that asks."""
        return dict(self.speed).get(player, 0)

    def tempted(self, player: str) -> int:
        return dict(self.ring_tempted).get(player, 0)


# The amounts the turn's record keeps per player.
TurnAmount = Literal[
    "damage_taken",
    "life_gained",
    "life_lost",
    "cards_drawn",
    "creatures_died_under",  # creatures that died under each player's control (CR 700.4)
    "attackers",  # creatures each player attacked with (CR 508.1a)
    "dice_rolled",  # dice each player rolled (CR 706.1)
]


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """What happened earlier this turn, for the cards that ask (morbid, revolt, raid,
    bloodthirst 702.54a, "if you had a land enter ..."): what the board says happened before
    its steps (``this_turn``), plus what its own steps did."""

    creature_died: bool = False  # CR 700.4: a creature was put into a graveyard from play
    creatures_died: int = 0  # how many ("for each creature that died this turn")
    dealt_damage: frozenset[str] = frozenset()  # players dealt damage
    attacked: frozenset[str] = frozenset()  # players who attacked with a creature
    permanent_left: frozenset[str] = frozenset()  # players a permanent they controlled left
    nonland_left: bool = False  # a nonland permanent left the battlefield (void)
    land_entered: frozenset[str] = frozenset()  # players a land entered under the control of
    damage_dealt: frozenset[tuple[str, str]] = frozenset()  # (source, permanent) pairs
    # How much, per player: damage dealt to them (bloodthirst X, 702.54c), life gained
    # (Voracious Wurm) and life lost (Cryptborn Horror); and the spells cast, each its
    # caster and colors (Storm Entity, Hotheaded Giant).
    damage_taken: tuple[tuple[str, int], ...] = ()
    life_gained: tuple[tuple[str, int], ...] = ()
    life_lost: tuple[tuple[str, int], ...] = ()
    spells: tuple[CastRecord, ...] = ()
    surveilled: frozenset[str] = frozenset()  # players who surveilled (CR 701.25)
    cards_drawn: tuple[tuple[str, int], ...] = ()  # cards each player drew (CR 121.2)
    entered: tuple[EnterRecord, ...] = ()  # permanents that entered (CR 603.6a)
    committed_crime: frozenset[str] = frozenset()  # players who committed a crime (700.13)
    # Conditions' facts of the turn (turn_deeds.py): creatures that died under each
    # player's control, creatures each attacked with, permanents each sacrificed.
    creatures_died_under: tuple[tuple[str, int], ...] = ()
    attackers: tuple[tuple[str, int], ...] = ()
    sacrificed: tuple[SacrificeRecord, ...] = ()
    counters_put: tuple[CountersPutRecord, ...] = ()  # counters each player put (CR 122.6)
    dice_rolled: tuple[tuple[str, int], ...] = ()  # dice each player rolled (CR 706.1)
    attacked_with: tuple[AttackerRecord, ...] = ()  # creatures attacked with, by subtype

    def total(self, kind: TurnAmount, players: Iterable[str]) -> int:
        """The amount of ``kind`` for these players this turn."""
        wanted = set(players)
        return sum(n for p, n in getattr(self, kind) if p in wanted)

    def add(self, kind: TurnAmount, player: str, n: int) -> TurnRecord:
        """This record with ``n`` more of ``kind`` for ``player``."""
        amounts = dict(getattr(self, kind))
        amounts[player] = amounts.get(player, 0) + n
        found = tuple(sorted(amounts.items()))
        if kind == "damage_taken":
            return replace(self, damage_taken=found)
        if kind == "life_gained":
            return replace(self, life_gained=found)
        if kind == "cards_drawn":
            return replace(self, cards_drawn=found)
        if kind == "creatures_died_under":
            return replace(self, creatures_died_under=found)
        if kind == "attackers":
            return replace(self, attackers=found)
        if kind == "dice_rolled":
            return replace(self, dice_rolled=found)
        return replace(self, life_lost=found)


class _Located:
    """Every step knows where it stands in the board, for error messages."""

    __slots__ = ()
    index: int

    @property
    def path(self) -> str:
        return f"steps[{self.index}]"


@dataclass(frozen=True, slots=True)
class EnterStep(_Located):
    """A permanent enters the battlefield (CR 614.12: as it would exist there)."""

    index: int
    label: str
    card: CardDef
    controller: str
    owner: str
    tapped: bool = False
    face_down: bool = False
    # Layerlab extension: face down by disguise or cloak, with ward {2} (702.168a, 701.58a).
    face_down_ward: bool = False
    commander: bool = False  # Layerlab extension: its owner's commander (CR 903.3)
    renowned: bool = False  # Layerlab extension: already renowned (CR 702.112b)
    solved: bool = False  # Layerlab extension: a Case already solved (CR 719.3b)
    ring_bearer: bool = False  # Layerlab extension: its controller's Ring-bearer (701.54b)
    # Layerlab extension: it has been on the battlefield since an earlier turn, so its
    # entering isn't part of this turn's record ("~ entered this turn", landfall's record).
    earlier_turn: bool = False
    # Layerlab extension: it has already dealt damage since it entered (CR 120.1).
    dealt_damage: bool = False
    attacked_this_turn: bool = False  # Layerlab extension: it attacked earlier this turn
    # Layerlab extension: how many times it attacked this turn (``attacked_this_turn`` as a
    # number; true is once) and this game (CR 508.1a).
    attacks_this_turn: int = 0
    attacked_battle_this_turn: bool = False  # Layerlab extension: a battle it attacked (508.1b)
    attacks_this_game: int = 0
    # Layerlab extension: counters put on it earlier this turn, (who, kind) (CR 122.6).
    counters_put: tuple[tuple[str, str], ...] = ()
    stickered: bool = False  # Layerlab extension: it has a sticker on it (CR 123.4)
    # Layerlab extension: the cards in exile (their zone labels) exiled with it earlier by
    # its linked ability (CR 607.2a): "cards exiled with ~" names them.
    exiled_with: tuple[str, ...] = ()
    attach: str | None = None
    choices: Choices = field(default_factory=Choices)
    x: int | None = None
    replacements: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class CastStep(_Located):
    """An instant or sorcery resolves (CR 608.2), then goes to its graveyard (608.2n)."""

    index: int
    label: str
    card: CardDef
    controller: str
    targets: tuple[str, ...] = ()
    choices: Choices = field(default_factory=Choices)
    x: int | None = None
    replacements: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class ActivateStep(_Located):
    """Ability ``ability`` (Oracle order) of a permanent resolves: activated or triggered."""

    index: int
    label: str
    source: str
    ability: int
    targets: tuple[str, ...] = ()
    choices: Choices = field(default_factory=Choices)
    x: int | None = None
    replacements: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class AttachStep(_Located):
    index: int
    obj: str
    to: str


@dataclass(frozen=True, slots=True)
class CountersStep(_Located):
    """Counters are put on (n > 0) or removed from (n < 0) a permanent or player."""

    index: int
    kind: str
    on: str
    n: int
    replacements: tuple[str, ...] | None = None
    by: str | None = None  # the player who puts them (CR 122.6), when the board says


@dataclass(frozen=True, slots=True)
class DamageStep(_Located):
    """Damage is dealt (CR 120), by ``source`` when the board names one."""

    index: int
    n: int
    on: str
    source: str | None = None
    combat: bool = False
    replacements: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class LeaveStep(_Located):
    index: int
    obj: str
    to: str = "graveyard"
    replacements: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class EndStep(_Located):
    """A resolved effect's duration is over."""

    index: int
    effect: str


@dataclass(frozen=True, slots=True)
class FaceStep(_Located):
    """Turned face up or face down (CR 708; a new timestamp, 613.7f)."""

    index: int
    obj: str
    face_down: bool
    # "As this Aura is turned face up, you may attach it to a creature" (Gift of Doom, CR
    # 614.1e): the creature chosen, by label; None: not attached.
    attach: str | None = None


@dataclass(frozen=True, slots=True)
class PhaseStep(_Located):
    """Phased out or in (CR 702.26; it keeps its timestamp)."""

    index: int
    obj: str
    phased_out: bool


Step = (
    EnterStep
    | CastStep
    | ActivateStep
    | AttachStep
    | CountersStep
    | DamageStep
    | LeaveStep
    | EndStep
    | FaceStep
    | PhaseStep
)

# Steps that create an object or an effect and so take a label.
LABELLED = (EnterStep, CastStep, ActivateStep)


def step_label(step: Step) -> str | None:
    """The label a step gives to what it creates, if any."""
    return step.label if isinstance(step, LABELLED) else None
