"""What a parsed continuous effect *is*: who it affects and what it does per layer.

These are the values the Oracle parser produces and the layer system applies.
They hold no game state, so one parse of a card's text serves every board.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rules_engine.affected import Filter, Subject
from rules_engine.steps import TurnAmount
from rules_engine.turn_deeds import AttackedWithThisTurn, CountersPutThisTurn, SacrificedThisTurn

# CR 613.1-613.4: the layers and sublayers, in the order they apply.
LAYERS: tuple[str, ...] = ("1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d")

LAYER_RULES: dict[str, str] = {
    "1a": "613.2a",
    "1b": "613.2b",
    "2": "613.1b",
    "3": "613.1c",
    "4": "613.1d",
    "5": "613.1e",
    "6": "613.1f",
    "7a": "613.4a",
    "7b": "613.4b",
    "7c": "613.4c",
    "7d": "613.4d",
}

LAYER_TITLES: dict[str, str] = {
    "1a": "copy effects",
    "1b": "face-down status",
    "2": "control",
    "3": "text",
    "4": "types",
    "5": "colors",
    "6": "abilities",
    "7a": "power/toughness from characteristic-defining abilities",
    "7b": "power/toughness set to a value",
    "7c": "power/toughness modified (and counters)",
    "7d": "power and toughness switched",
}


# --- Numbers that effects compute ----------------------------------------------


@dataclass(frozen=True, slots=True)
class Const:
    value: int


@dataclass(frozen=True, slots=True)
class VarX:
    """The X of the spell or ability; fixed on resolution (CR 608.2h)."""


@dataclass(frozen=True, slots=True)
class ManaValueOfAffected:
    """ "its mana value": the affected object's own mana value (CR 202.3)."""


@dataclass(frozen=True, slots=True)
class CountObjects:
    """ "the number of ..." / "for each ...": objects matching a subject."""

    subject: Subject


@dataclass(frozen=True, slots=True)
class CardTypesAmong:
    """ "the number of card types among cards in all graveyards" (Tarmogoyf)."""

    subject: Subject


@dataclass(frozen=True, slots=True)
class LifeTotal:
    """ "your life total": the life of the source's controller; "the highest life total
    among your opponents" / "the life total of an opponent with the most life" (Malignus,
    Roiling Horror): the most life any one opponent has; "the highest life total among
    players" (Scourge of the Skyclaves): the most life any player still in the game has."""

    who: Literal["you", "most_opponent", "most_player"] = "you"


@dataclass(frozen=True, slots=True)
class StartingLife:
    """ "your starting life total" (Path of Bravery): CR 103.4, 20 unless the board says."""


@dataclass(frozen=True, slots=True)
class OpponentsBelowHalfStartingLife:
    """ "for each opponent whose life total is less than half their starting life total"
    (Anya, Merciless Angel): how many opponents have less life than half what they began
    the game with (CR 103.4)."""


@dataclass(frozen=True, slots=True)
class PlayersLost:
    """ "for each player who has lost the game" (Rampant Frogantua): the players the game
    records as having lost (CR 104.3; in a multiplayer game the others play on, 800.4a)."""


@dataclass(frozen=True, slots=True)
class OpponentCount:
    """How many opponents the source's controller has in the game (CR 102.2, 102.3): "for
    each opponent you have" (Blazing Sunsteel), "unless you have two or more opponents"
    (the Battlebond lands)."""


@dataclass(frozen=True, slots=True)
class TimesAttacked:
    """ "for each time it has attacked this turn" (Moraug, Fury of Akoum: each affected
    creature's own count), "for each time ~ attacked this game" (Rampaging Ursaguana: the
    source's): how many times it was declared an attacker (CR 508.1a), as the board says
    (an earlier combat left it; a new object never attacked, 400.7)."""

    whose: Literal["affected", "source"]
    this_game: bool = False


@dataclass(frozen=True, slots=True)
class AffectedKeywordTotal:
    """ "for each point of bushido it has" (Takeno, Samurai General): the numbers of every
    instance of the keyword the affected object has, added up (CR 702.45b: each instance
    of bushido works separately)."""

    keyword: str


@dataclass(frozen=True, slots=True)
class Half:
    """ "half the number of Forests you control, rounded down" (Aspect of Wolf), "half the
    highest life total among your opponents, rounded up" (Malignus): CR 107.1a, a number
    is rounded only when the text says so, and the text always says which way."""

    expr: Expr
    up: bool


@dataclass(frozen=True, slots=True)
class YourSpeed:
    """ "where X is your speed" (CR 702.179f: a player with no speed has speed 0)."""


@dataclass(frozen=True, slots=True)
class PlayerCounters:
    """ "for each experience counter you have" (Kalemne), "for each poison counter your
    opponents have" (Mycosynth Fiend): counters on players (CR 122.1)."""

    kind: str
    # "affected_controller": "for each poison counter its controller has" (Phyresis
    # Outbreak), the player who controls the object getting the bonus.
    who: Literal["you", "opponents", "affected_controller"] = "you"


@dataclass(frozen=True, slots=True)
class DistinctNames:
    """ "the number of differently named lands you control" (Awakened Amalgam): how many
    different names the objects have (CR 201.2); with ``of`` "mana_value", how many different
    mana values ("five or more mana values among cards in your graveyard", Aven Heartstabber;
    CR 202.3: a card with no mana cost has mana value 0, which is one of them); with "mana_cost",
    how many different mana costs (CR 202.1: the mana symbols themselves, so {2}{B} and
    {1}{B}{B} differ; a card with no mana symbols has no mana cost to count, 202.1b)."""

    subject: Subject
    # "power": how many different powers ("three or more creatures with different powers",
    # coven, an ability word with no rules meaning, CR 207.2c).
    of: Literal["name", "mana_value", "power", "mana_cost"] = "name"


@dataclass(frozen=True, slots=True)
class Sum:
    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class Times:
    factor: int
    expr: Expr


@dataclass(frozen=True, slots=True)
class Product:
    """Two numbers multiplied: "X +1/+1 counters for each creature devoured this way, where X
    is the number of creatures devoured this way" (Thromok the Insatiable)."""

    left: Expr
    right: Expr


@dataclass(frozen=True, slots=True)
class Negate:
    expr: Expr


@dataclass(frozen=True, slots=True)
class AtMost:
    """ "+1/+1 for each of its creature types, to a maximum of 10" (Diligent Zookeeper): the
    bonus is never more than the number the text gives."""

    expr: Expr
    most: int


@dataclass(frozen=True, slots=True)
class AtLeastZero:
    """CR 107.1b: a calculation that determines an effect's result uses zero for a negative
    number unless the effect sets or doubles P/T or a life total: the X of "gets +X/+X,
    where X is its power" (Chameleon Colossus at -2 power gets +0/+0)."""

    expr: Expr


@dataclass(frozen=True, slots=True)
class HowCast:
    """Facts of how it was cast or entered, which the step's ``choices`` state: "the number of
    colors of mana spent to cast it" (converge, sunburst 702.44a), "the number of times it
    was kicked" (multikicker, 702.33c), tribute paid (1 or 0, 702.104a) and the cards
    revealed for amplify (702.38a), and the creatures devoured (702.82a-b)."""

    fact: Literal[
        "colors_spent",
        "times_kicked",
        "tribute",
        "revealed",
        "devoured",
        "mana_spent",
        "sacrificed_power",
        "gift",  # CR 702.174: the gift was promised (1 or 0)
        "bargained",  # CR 702.166
        "evidence",  # CR 701.59a: evidence was collected to cast it (1 or 0)
        "mayhem",  # CR 702.187a: cast for its mayhem cost (1 or 0)
        "teamwork",  # CR 702.194: cast using teamwork (1 or 0)
        "treasure_mana",  # CR 601.2h: the mana from Treasures spent to cast it
        "convoked",  # CR 702.51a: the creatures that convoked it
        "artifact_mana",  # CR 601.2h: the mana from artifact sources spent to cast it
        "rolled_total",  # CR 706.1, 614.12: the total of the dice rolled as it entered
        "most_of_one_color",  # the most mana of one color spent (adamant, 207.2c)
        "mana_W",  # the mana of each color spent (CR 601.2h)
        "mana_U",
        "mana_B",
        "mana_R",
        "mana_G",
        # CR 601.2: it entered as a spell that was cast, as the step's choices say (cast from
        # hand, with escape or another permission, kicked, or with mana spent); 1 or 0.
        "was_cast",
        "escaped",  # CR 702.138b: cast with escape (1 or 0)
        # The intensity MTG Arena keeps on an Alchemy card (no CR rule): the step's
        # ``choices.intensity``, else its "Starting intensity N" (oracle/digital.py).
        "intensity",
        # A number the draft gave the card (CR 905.2: abilities that work during the draft),
        # which the game only reads: the step's ``choices.draft_number``.
        "draft_number",
        "played_from_hand",  # CR 305.1: the land was played from its owner's hand (1 or 0)
        "turns_since_foretold",  # CR 702.143a: turns its controller began since it was foretold
    ]


@dataclass(frozen=True, slots=True)
class HandSize:
    """ "the number of cards in your hand" (or in the chosen player's hand, CR 614.12; or the
    most cards in any one opponent's hand, for "more cards in hand than each opponent")."""

    who: Literal["you", "chosen", "all", "most_opponent", "affected_controller", "opponents"] = (
        "you"
    )


@dataclass(frozen=True, slots=True)
class AffectedStat:
    """ "its power" / "its toughness" of the affected object, or how many colors it has
    ("+1/+1 for each of its colors", CR 105.2) or creature types ("for each of its creature
    types", Diligent Zookeeper, CR 205.3m)."""

    # "type_words": "for each supertype, card type, and subtype it has" (Embiggen; CR 205.2a,
    # 205.3a, 205.4a: each one it has counts once)
    stat: Literal["power", "toughness", "colors", "creature_types", "type_words"]
    # "source": the effect's own source's, "where X is ~'s power" (Auriok Bladewarden, Wild
    # Beastmaster), whatever object the effect affects.
    whose: Literal["affected", "source"] = "affected"


@dataclass(frozen=True, slots=True)
class BasicLandTypesAmong:
    """Domain: "the number of basic land types among lands you control"."""

    subject: Subject


@dataclass(frozen=True, slots=True)
class PartySize:
    """CR 700.8: "creature in your party": up to one each of Cleric, Rogue, Warrior and
    Wizard among ``subject`` (creatures you control), as many as can be filled at once."""

    subject: Subject


GreatestStatName = Literal["power", "toughness", "mana_value"]


@dataclass(frozen=True, slots=True)
class GreatestStat:
    """ "the greatest power among creatures you control"; with ``total``, "the total mana
    value of other creatures you control" (Ancient Ooze)."""

    stat: GreatestStatName
    subject: Subject
    total: bool = False


@dataclass(frozen=True, slots=True)
class Devotion:
    """CR 700.5: mana symbols of the colors among mana costs of permanents you control."""

    colors: frozenset[str]


@dataclass(frozen=True, slots=True)
class CountersOnSource:
    """ "for each charge counter on ~"; with ``subject``, the counters on those objects
    ("the number of +1/+1 counters on creatures you control", Fungal Behemoth); ``kind``
    "" counts counters of every kind ("for each counter on ~", Gavel of the Righteous)."""

    kind: str
    subject: Subject | None = None


@dataclass(frozen=True, slots=True)
class ManaSymbols:
    """ "the number of green mana symbols in the mana costs of permanents you control"
    (chroma): each mana symbol of the color, a hybrid one included (CR 107.4e)."""

    colors: frozenset[str]
    subject: Subject | None  # None: the affected object's own mana cost (Light from Within)


@dataclass(frozen=True, slots=True)
class ColorsAmong:
    """ "the number of colors among permanents you control"."""

    subject: Subject


@dataclass(frozen=True, slots=True)
class CreaturesDiedThisTurn:
    """ "for each creature that died this turn" (Bloodcrazed Paladin): read from the game's
    record of the turn (CR 700.4: put into a graveyard from the battlefield)."""


@dataclass(frozen=True, slots=True)
class EnteredThisTurnCount:
    """ "the number of creatures that entered under your control this turn" (Kinbinding),
    "for each land that entered under your control this turn" (Bioengineered Future): read
    from the game's record of the turn (CR 603.6a), so one that has left since counts."""

    types: frozenset[str] = frozenset()  # any of these card types as it entered (none: any)


@dataclass(frozen=True, slots=True)
class TurnTotal:
    """ "the damage dealt to your opponents this turn" (bloodthirst X, 702.54c), "the amount
    of life you've gained this turn" (Voracious Wurm), "the total life lost by your opponents
    this turn" (Cryptborn Horror): read from the game's record of the turn."""

    kind: TurnAmount
    who: Literal["you", "opponents"]


@dataclass(frozen=True, slots=True)
class SpellsCastThisTurn:
    """ "the number of other spells cast this turn" (Storm Entity): the spells the turn's
    record holds, by anyone or by you, of a color or any (CR 601.2i: cast once put on the
    stack and paid for)."""

    by_you: bool = False
    color: str | None = None
    types: frozenset[str] = frozenset()  # any of these card types ("instant or sorcery")
    not_types: frozenset[str] = frozenset()  # none of these ("noncreature spells")
    # "another instant or sorcery spell" (Burrog Barrage): not the spell this text is on,
    # which the record holds once it is cast (CR 601.2i).
    other: bool = False


@dataclass(frozen=True, slots=True)
class GreatestAmongPlayers:
    """ "the greatest number of creatures a player controls" (Investigator's Journal), "the
    greatest number of cards an opponent has drawn this turn" (Thought Sponge): ``expr``
    worked out as if each player (each opponent, with ``opponents``) were "you", and the
    greatest of those numbers (CR 614.12: counted as the permanent would enter)."""

    expr: Expr
    opponents: bool = False


@dataclass(frozen=True, slots=True)
class CommanderCasts:
    """ "for each time you've cast your commander from the command zone this game" (The
    Swarmlord, Jeska): what the board says (``commander_casts``), as commander tax counts
    it (CR 903.8)."""


Expr = (
    Const
    | VarX
    | ManaValueOfAffected
    | CountObjects
    | CardTypesAmong
    | LifeTotal
    | Half
    | AffectedKeywordTotal
    | TimesAttacked
    | StartingLife
    | OpponentsBelowHalfStartingLife
    | OpponentCount
    | PlayersLost
    | PlayerCounters
    | YourSpeed
    | DistinctNames
    | Sum
    | Times
    | Product
    | Negate
    | AtLeastZero
    | AtMost
    | HandSize
    | HowCast
    | AffectedStat
    | BasicLandTypesAmong
    | GreatestStat
    | Devotion
    | CountersOnSource
    | ManaSymbols
    | ColorsAmong
    | PartySize
    | CreaturesDiedThisTurn
    | EnteredThisTurnCount
    | TurnTotal
    | SpellsCastThisTurn
    | GreatestAmongPlayers
    | CommanderCasts
)


# --- What an effect does, per layer --------------------------------------------


@dataclass(frozen=True, slots=True)
class CopyOf:
    """Layer 1a: become a copy (CR 706.2, 707.9 for "except" modifications)."""

    source: Literal["chosen", "target"] = "chosen"
    except_types: frozenset[str] = frozenset()
    except_supertypes: frozenset[str] = frozenset()
    except_subtypes: frozenset[str] = frozenset()
    except_not_supertypes: frozenset[str] = frozenset()
    except_pt: tuple[int, int] | None = None
    except_abilities: tuple[str, ...] = ()
    except_colors: frozenset[str] | None = None
    # "except its name is ~" (Sakashima the Impostor, CR 707.9b): "~" is its own name.
    except_name: str | None = None
    # "except it doesn't copy that creature's color": the copy keeps its own (CR 707.9c).
    keeps_own_color: bool = False
    # "and, if it's a creature, ... it has changeling" (Moritte, CR 707.9f): (text, type).
    except_abilities_if: tuple[tuple[str, str], ...] = ()
    enters_tapped: bool = False  # "you may have ~ enter tapped as a copy of" (Vesuva)
    # "except it enters with an additional +1/+1 counter on it if it's a creature": not a
    # copiable value but a replacement on its entering (CR 614.1c, 707.9a): (kind, n, type),
    # type "" when unconditional.
    enters_with: tuple[tuple[str, int, str], ...] = ()
    # "its power and toughness are equal to this creature's power and toughness" (Hulking
    # Metamorph, CR 707.9b): its own printed power and toughness, not the original's.
    except_own_pt: bool = False
    # "it's a Vehicle artifact ... and it loses all other card types" (Imposter Mech): the
    # exception's card types replace the original's (CR 707.9b, 205.1a).
    except_only_types: bool = False
    # "you may have it become a copy of ... until end of turn" (Cursed Mirror): the copy ends
    # in the cleanup step (CR 514.2), which no board reaches.
    until_end_of_turn: bool = False


@dataclass(frozen=True, slots=True)
class SetController:
    """Layer 2: "You control ...", "Gain control of ...", "Target player gains control
    of ..." (CR 613.1b); ``target`` is that player's target slot; "The monarch controls ..."
    (Fealty to the Realm): whoever is the monarch now (CR 725)."""

    who: Literal["source_controller", "caster", "target_player", "monarch"] = "source_controller"
    target: int | None = None


@dataclass(frozen=True, slots=True)
class ExchangeControl:
    """Layer 2: "Exchange control of two target ..." (CR 701.12b)."""


@dataclass(frozen=True, slots=True)
class ChangeText:
    """Layer 3: replace one word with another everywhere in the rules text (CR 612)."""

    kinds: frozenset[Literal["color", "basic_land_type", "creature_type"]]
    # The new word when the text names it ("with Vampire", New Blood); else chosen (choices.to).
    to: str | None = None
    # "All instances of color words ... are changed to the chosen color word" (Swirl the
    # Mists): every word of its kinds becomes ``to``, or the color chosen as it entered.
    every: bool = False


@dataclass(frozen=True, slots=True)
class TypeChange:
    """Layer 4: card types, subtypes and supertypes (CR 205.1, 305.7)."""

    set_types: frozenset[str] | None = None
    add_types: frozenset[str] = frozenset()
    retain: bool = False  # "in addition to its other types", "It's still a land" (205.1b)
    set_subtypes: frozenset[str] | None = None  # replaces subtypes of the same kinds
    add_subtypes: frozenset[str] = frozenset()
    set_chosen_type: bool = False
    add_chosen_type: bool = False
    all_creature_types: bool = False
    lose_all_creature_types: bool = False
    every_basic_land_type: bool = False
    lose_other_types: bool = False  # "loses all other card types"
    add_supertypes: frozenset[str] = frozenset()
    remove_supertypes: frozenset[str] = frozenset()
    lose_subtype_kinds: frozenset[str] = frozenset()  # "lose all land types"
    remove_types: frozenset[str] = frozenset()  # "isn't a creature"
    # "has the ... creature types of the last creature card exiled with it" (Duplicant): its
    # creature types become those of the object this names (CR 205.1a, 613.1d).
    creature_types_of: Subject | None = None


@dataclass(frozen=True, slots=True)
class SetName:
    """Layer 3: "... named Legitimate Businessperson" (CR 612.8)."""

    name: str


@dataclass(frozen=True, slots=True)
class ColorChange:
    """Layer 5: set or add colors (CR 105.3)."""

    colors: frozenset[str] = frozenset()
    chosen: bool = False
    add: bool = False  # "in addition to its other colors"


@dataclass(frozen=True, slots=True)
class AbilityChange:
    """Layer 6: add and remove abilities (CR 613.1f); removal first, then grants."""

    grant: tuple[str, ...] = ()
    remove: frozenset[str] = frozenset()
    remove_all: bool = False
    except_mana: bool = False
    cant_have: frozenset[str] = frozenset()
    grant_from: Subject | None = None  # "has all activated abilities of ..."
    # Which of those objects' abilities (CR 602.1; 606.3 loyalty abilities; 605.1a mana
    # abilities): "activated" (mana abilities among them), "triggered", "loyalty" (only
    # loyalty abilities), "nonmana" (activated but not mana), "nonloyalty".
    grant_kinds: frozenset[str] = frozenset({"activated"})
    # ' ... with equip {X} and "Equipped creature gets +X/+0," where X is that artifact's
    # mana value' (Bludgeon Brawl): the X of the granted texts, counted for each object it
    # affects (CR 613.1f), so each gets its own number.
    x: Expr | None = None


@dataclass(frozen=True, slots=True)
class SetPT:
    """Layers 7a and 7b: set power and/or toughness (CR 613.4a-b)."""

    power: Expr | None
    toughness: Expr | None


@dataclass(frozen=True, slots=True)
class ModifyPT:
    """Layer 7c: add to power and toughness (CR 613.4c)."""

    power: Expr
    toughness: Expr


@dataclass(frozen=True, slots=True)
class SwitchPT:
    """Layer 7d: switch power and toughness (CR 613.4d)."""


Action = (
    CopyOf
    | SetController
    | ExchangeControl
    | ChangeText
    | SetName
    | TypeChange
    | ColorChange
    | AbilityChange
    | SetPT
    | ModifyPT
    | SwitchPT
)


@dataclass(frozen=True, slots=True)
class Part:
    """The piece of one effect that applies in one layer (CR 613.6)."""

    layer: str
    action: Action


# --- Conditions -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CountAtLeast:
    """ "As long as you control five or more enchantments" (``op`` "<=" for "two or fewer")."""

    subject: Subject
    minimum: int
    op: str = ">="


@dataclass(frozen=True, slots=True)
class ObjectMatches:
    """ "As long as enchanted permanent is a creature"."""

    subject: Subject
    filter: Filter


@dataclass(frozen=True, slots=True)
class Always:
    """ "As long as this is on the battlefield": true wherever the ability functions."""


@dataclass(frozen=True, slots=True)
class YourTurn:
    """ "As long as it's your turn" (or, negated, "it's not your turn")."""

    negated: bool = False


@dataclass(frozen=True, slots=True)
class Compare:
    """A number compared with a constant: life totals, devotion, cards in a graveyard."""

    expr: Expr
    op: Literal[">=", "<=", "<", ">", "=="]
    value: int
    who: Literal["you", "opponent"] = "you"


@dataclass(frozen=True, slots=True)
class SourceStatus:
    """ "As long as ~ is equipped / enchanted / attacking / untapped / has a counter on it"."""

    status: Literal[
        "equipped",
        "enchanted",
        "attacking",
        "blocking",
        "tapped",
        "untapped",
        "counter",
        "monstrous",
        "renowned",  # CR 702.112b
        "solved",  # CR 719.3b
        "class_level",  # CR 716.2a: its class level is ``minimum`` or greater
        "ring_bearer",  # CR 701.54b: its controller's Ring-bearer
        "paired",
        "in_graveyard",  # CR 113.6b: an ability that says it works from a graveyard
        # CR 611.2b: "for as long as ~ remains on the battlefield" of a resolved effect
        "on_battlefield",
        "attached_to_creature",  # "as long as this Equipment is attached to a creature"
        "attacked_this_turn",  # CR 508.1a: "as long as it attacked this turn"
        "attacked_battle_this_turn",  # CR 508.1b: "as long as it attacked a battle this turn"
        # CR 506.5: the only creature declared as an attacker; boards have no combat, so none
        "attacking_alone",
    ]
    subject: Subject
    counter_kind: str | None = None
    minimum: int = 1  # "has three or more +1/+1 counters on it"


@dataclass(frozen=True, slots=True)
class AnyPlayerControls:
    """ "as long as any player controls a black permanent"."""

    subject: Subject


HappenedEvent = Literal[
    "creature_died",
    "opponent_dealt_damage",
    "you_attacked",
    "your_permanent_left",
    "your_land_entered",
    "you_surveilled",
    "you_committed_crime",  # CR 700.13
    "nonland_left",  # void: "a nonland permanent left the battlefield this turn"
    "spell_warped",  # void: "a spell was warped this turn" (CR 702.185a)
]


@dataclass(frozen=True, slots=True)
class CityBlessing:
    """ "As long as you have the city's blessing" (CR 702.131): a designation a player keeps
    for the rest of the game once they have it."""


@dataclass(frozen=True, slots=True)
class HappenedThisTurn:
    """ "If a creature died this turn" (morbid), "if an opponent was dealt damage this turn"
    (bloodthirst, 702.54a), "if you attacked this turn" (raid), "if a permanent you controlled
    left the battlefield this turn" (revolt), "if you had a land enter the battlefield under
    your control this turn": read from the game's record of the turn (``TurnRecord``)."""

    event: HappenedEvent


@dataclass(frozen=True, slots=True)
class VersusOpponent:
    """ "If you have less life than an opponent", "if you control fewer creatures than each
    opponent", "if an opponent controls more lands than you": the same number, once for you
    and once for each opponent (its "you" read as that opponent), compared; ``each`` when
    every opponent must fit, else any one (CR 608.2c, 611.3a)."""

    expr: Expr
    op: Literal["<", ">"]
    each: bool = False


@dataclass(frozen=True, slots=True)
class ManaSpent:
    """ "If {B} was spent to cast ~" (Rolling Spoil): a color of mana paid for the spell
    (CR 601.2h), which the step's ``choices.mana_colors`` states."""

    color: str


@dataclass(frozen=True, slots=True)
class CastInMainPhase:
    """ "If you cast ~ during your main phase" (Might of Old Krosa, addendum): when it was
    cast (CR 505.1), which the step's ``choices.main_phase`` states."""


@dataclass(frozen=True, slots=True)
class Not:
    """The opposite of a condition: "~ isn't attacking", "you have no cards in hand", and
    "Otherwise, ..." after an "As long as" sentence (CR 611.3a, checked continuously)."""

    condition: Condition


@dataclass(frozen=True, slots=True)
class AllOf:
    """Conditions joined by "and": "As long as you have 30 or more life and an opponent has
    10 or less life" (Blood Baron of Vizkopa) holds only while both do (CR 611.3a)."""

    conditions: tuple[Condition, ...]


@dataclass(frozen=True, slots=True)
class AnyOf:
    """Conditions joined by "or": "As long as you control a Desert or there is a Desert card
    in your graveyard" (Sidewinder Naga) holds while either does (CR 611.3a)."""

    conditions: tuple[Condition, ...]


@dataclass(frozen=True, slots=True)
class MostCommonColor:
    """ "black is the most common color among all permanents or is tied for most common"
    (the Djinns of Mirage), "the chosen color is ... but isn't tied" (Call to Arms), and
    "it shares a color with the most common color ... or a color tied for most common"
    (Heroic Defiance). A color's count is the number of ``among`` objects of that color
    (a multicolored permanent counts for each of its colors, CR 105.2); a color no object
    has is never the most common one. ``color`` is a color letter, or None for the color
    chosen as the source entered (CR 607.2)."""

    among: Subject
    color: str | None = None
    ties: bool = True  # a color tied for most common counts too
    sharing: Subject | None = None  # any of this object's colors is a most common one


@dataclass(frozen=True, slots=True)
class ItsControllerControls:
    """ "as long as its controller controls another creature" (Favorable Destiny) / "no
    other creatures" (Predator's Gambit): ``counted`` objects controlled by whoever controls
    ``subject``, the subject itself left out, compared with ``minimum``."""

    subject: Subject
    counted: Subject
    minimum: int
    op: Literal[">=", "<="] = ">="


@dataclass(frozen=True, slots=True)
class TopOfLibrary:
    """ "As long as the top card of your library is a creature card" (Mul Daya Channelers,
    Vampire Nocturnus): the first card of the source controller's library, as the board
    lists it (CR 401.1: a library is kept in order). A library the board gives only as a
    number, or not at all, has no known top card, so this does not hold."""

    filter: Filter


@dataclass(frozen=True, slots=True)
class AnyLibrarySize:
    """ "as long as a library has twenty or fewer cards in it" (Isleback Spawn): some
    player's library, as the board gives it (its cards, or a number). A library the board
    leaves out is not known, so it never makes this hold."""

    op: Literal[">=", "<="]
    value: int
    # "as long as there are no cards in your library" (Living Conundrum): its controller's.
    whose: Literal["any", "you"] = "any"


@dataclass(frozen=True, slots=True)
class AllShareAColor:
    """ "Nonartifact creatures get +2/+2 as long as they all share a color" (Common Cause):
    one color every one of those objects has (CR 105.2); a colorless one shares none."""

    subject: Subject


@dataclass(frozen=True, slots=True)
class EnteredThisTurn:
    """ "As long as ~ entered this turn" (``itself``), "as long as another creature / an
    artifact entered under your control this turn", "two or more nonland permanents entered
    under your control this turn": the permanents the turn's record says entered
    (``TurnRecord.entered``, CR 603.6a), counted by their card types as they entered."""

    itself: bool = False
    types: frozenset[str] = frozenset()  # any of these card types
    not_types: frozenset[str] = frozenset()
    other: bool = False  # "another": the source itself left out
    minimum: int = 1
    subtypes: frozenset[str] = frozenset()  # or any of these subtypes ("another Knight")


@dataclass(frozen=True, slots=True)
class DealtDamage:
    """ "~ has hexproof if it hasn't dealt damage yet" (Karakyk Guardian; negated with
    ``Not``): the source has dealt damage since it entered the battlefield (CR 400.7: a
    permanent that leaves and returns is a new object that hasn't)."""


Designation = Literal[
    "monarch",
    "initiative",
    "completed_dungeon",
    "day",
    "night",
    "max_speed",
    "starting_player",  # CR 103.1: the player who took the game's first turn
    "first_three_turns",  # it's your turn, and one of the first three you've had (CR 500)
]


@dataclass(frozen=True, slots=True)
class Designated:
    """ "As long as you're the monarch" (CR 725), "as long as you have the initiative"
    (726), "as long as you've completed a dungeon" (309.7), "as long as it's night" (731):
    what the board says of the game (``Designations``); absent, nobody has it and it is
    neither day nor night."""

    kind: Designation


Condition = (
    EnteredThisTurn
    | SacrificedThisTurn
    | CountersPutThisTurn
    | AttackedWithThisTurn
    | DealtDamage
    | Designated
    | CountAtLeast
    | AllShareAColor
    | AnyLibrarySize
    | TopOfLibrary
    | ItsControllerControls
    | MostCommonColor
    | AllOf
    | AnyOf
    | ObjectMatches
    | Always
    | YourTurn
    | Compare
    | SourceStatus
    | AnyPlayerControls
    | HappenedThisTurn
    | CityBlessing
    | VersusOpponent
    | ManaSpent
    | CastInMainPhase
    | Not
)


@dataclass(frozen=True, slots=True)
class EffectSpec:
    """One continuous effect as written: its subject and its parts by layer.

    ``cda`` marks a characteristic-defining ability (CR 604.3); whether it counts
    as one also depends on where the ability came from, which the engine checks.
    """

    text: str
    subject: Subject
    parts: tuple[Part, ...]
    condition: Condition | None = None
    cda: bool = False
    until_end_of_turn: bool = False
    targets_used: int = 0
    min_targets: int | None = None  # "up to N target ...": fewer targets are fine
    instead_if: Condition | Literal["kicked"] | None = None  # 614.15 inside a spell
    # "If this spell was kicked, ..." (702.33d) or "If it's a Spirit, ..." (608.2c): the
    # effect is created only if this holds as the spell or ability resolves.
    only_if: Condition | Literal["kicked"] | None = None
    # CR 611.2b: a resolved effect "for as long as <condition>" ends the first time its
    # condition is false, and doesn't come back if it holds again (Aquitect's Will).
    lasts_while: bool = False
    # "You may sacrifice a Food. If you do, ... Otherwise, ..." (Insatiable Appetite): made
    # only if the one-shot part just before it did something (True) or didn't (False),
    # as the text is followed in order (CR 608.2c); None: no such condition.
    after_done: bool | None = None
    # MTG Arena's "perpetually" (Alchemy, no CR rule): a resolved effect that never ends and
    # stays with the card as it changes zones (oracle/digital.py).
    perpetual: bool = False
    # "If ~ leaves the battlefield, this effect continues until end of turn." (Titania's
    # Song): a static ability's effect that outlasts its source; as the source leaves, it
    # goes on as an effect on the objects it affected then (game.py's ``ResolvedEffect``,
    # lingering.py; CR 611.3b, 611.2c) until end of turn.
    lingers: bool = False
    layers: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "layers", frozenset(p.layer for p in self.parts))

    def parts_in(self, layer: str) -> tuple[Part, ...]:
        return tuple(p for p in self.parts if p.layer == layer)


@dataclass(frozen=True, slots=True)
class PlayerGrant:
    """A resolving text giving players an ability for the rest of the turn or until their
    next turn ("You gain hexproof until your next turn.", Blossoming Calm; "You and
    permanents you control gain hexproof ...", Lazotep Plating): an effect on a player, not
    on an object's characteristics (CR 613.10), which the targeting check reads (702.11d)."""

    text: str
    who: Literal["you", "each"]  # its controller, or each player ("Players gain ...")
    ability: Literal["hexproof", "shroud"]
