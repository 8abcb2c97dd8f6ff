"""The one keyword table: every keyword ability of CR 702, what it is to this engine, and
how its parameter is written.

Each entry says:

- its rule (``702.9`` flying);
- its :class:`Category`: what the keyword does on a board here. A static ability that
  other rules look at (evasion, combat, damage, targeting: layer 6 grants and removes it
  like any ability); a characteristic-defining ability (changeling, devoid: CR 604.3); a
  static ability that makes a continuous effect (living metal); a replacement or
  prevention effect (fading, amplify, dredge: CR 614, 615); a condition on the ability
  after its dash (max speed); or inert here: a triggered or activated ability, a cost or
  a way to cast the card, which creates no continuous, replacement or prevention effect
  until it triggers, is activated or is cast;
- its :class:`Shape`: no parameter ("Flying"), a number ("Toxic 1"), a cost ("Cycling
  {2}", "Ward—Discard a card."), a quality ("Protection from red", "Enchant creature"),
  a quality and a cost ("Splice onto Arcane {1}{R}", "Plainscycling {2}"), a number and
  a cost ("Awaken 3—{5}{W}"), or an ability after a dash ("Boast — {1}{R}: ...");
- an example as printed, which :func:`parse_keyword` reads back to the same keyword
  (``tests/engine/test_keywords.py``).

The replacement keywords the engine applies say how (``expansion``: the sentence the
replacement grammar reads for them); the others say what they would do, and the board's
answer names them in ``not_modelled`` (:meth:`KeywordAbility.not_modelled_in`).

The sentence readers that find these keywords in text (``parse_keyword``,
``read_keyword``) are in ``keywords.py``.

>>> Keyword.DREDGE.rule, Keyword.DREDGE.category.value, Keyword.DREDGE.shape.value
('702.52', 'replacement', 'number')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Literal

__all__ = [
    "KEYWORD_COUNTERS",
    "KEYWORD_NAMES",
    "Category",
    "Keyword",
    "KeywordInfo",
    "Shape",
]


class Category(Enum):
    """What a keyword does on a board, for this engine."""

    # A static ability on the battlefield that other rules look at (combat, damage,
    # targeting, state-based actions); layer 6 grants and removes it (CR 613.1f).
    ABILITY = "ability"
    # Defines a characteristic in every zone (CR 604.3): changeling, devoid.
    CDA = "characteristic-defining"
    # A static ability that makes a continuous effect on the battlefield (CR 611.3).
    CONTINUOUS = "continuous"
    # A replacement or prevention effect (CR 614, 615), working where ``zone`` says.
    REPLACEMENT = "replacement"
    # "[Keyword] — [ability]": the ability works only under the keyword's condition; the
    # sentence reader reads the ability.
    CONDITION = "condition"
    # Triggered or activated abilities, costs and ways to cast: no continuous, replacement
    # or prevention effect until it triggers, is activated or is cast.
    INERT = "inert here"


class Shape(Enum):
    """How a keyword's parameter is written after (or around) its name."""

    NONE = "none"  # Flying
    NUMBER = "number"  # Toxic 1, Afterlife 2, Modular—Sunburst
    COST = "cost"  # Cycling {2}, Ward—Discard a card., Equip legendary creature {3}
    QUALITY = "quality"  # Protection from red, Enchant creature, Forestwalk, Partner with X
    QUALITY_COST = "quality and cost"  # Splice onto Arcane {1}{R}, Plainscycling {2}
    NUMBER_COST = "number and cost"  # Awaken 3—{5}{W}, Suspend 4—{1}{U}
    ABILITY = "ability"  # Boast — {1}{R}: ..., Max speed — ...


Zone = Literal["battlefield", "stack", "hand", "graveyard"]


@dataclass(frozen=True, slots=True)
class KeywordInfo:
    """One row of the table."""

    name: str  # lower case, as printed ("first strike")
    rule: str  # CR 702.x
    category: Category
    shape: Shape
    example: str  # as printed on a card
    # The word that introduces the quality ("from", "for", "a", "onto", "with", "—"); ""
    # when the quality follows the name directly ("Enchant creature").
    connector: str = ""
    optional: bool = False  # the parameter may be left out ("Vanishing", "Hexproof")
    qualified: bool = False  # a quality may come before the number or cost ("Equip Knight {1}")
    aliases: tuple[str, ...] = ()  # older names ("totem armor")
    # Replacement and continuous keywords: what it does (from the rule), where it works,
    # and, if the engine applies it, the sentence it reads for it (``{n}``: the number).
    effect: str = ""
    subrule: str = "a"  # the subrule that says so (702.151b)
    zone: Zone = "battlefield"
    expansion: str = ""
    modelled: bool = False  # applied by the engine without an expansion (umbra armor)


_k = KeywordInfo


_A, _CDA, _CONT, _REPL, _COND, _INERT = (
    Category.ABILITY,
    Category.CDA,
    Category.CONTINUOUS,
    Category.REPLACEMENT,
    Category.CONDITION,
    Category.INERT,
)
_NONE, _NUM, _COST, _QUAL, _QCOST, _NCOST, _ABIL = (
    Shape.NONE,
    Shape.NUMBER,
    Shape.COST,
    Shape.QUALITY,
    Shape.QUALITY_COST,
    Shape.NUMBER_COST,
    Shape.ABILITY,
)
_ENTERS_PLUS = "~ enters with {n} +1/+1 counters on it."
# CR 702.155a: read ahead, as the replacement grammar reads it (the chapter chosen is the
# step's "option").
READ_AHEAD_TEXT = (
    "~ enters with a number of lore counters on it equal to the chapter chosen as it enters."
)


class Keyword(Enum):
    """Every keyword ability of CR 702 (Comprehensive Rules of August 2026), in rule order.

    Variants the rules name separately (megamorph, multikicker, typecycling, commander
    ninjutsu, the partner abilities) are entries of their own under the same rule.
    """

    _value_: KeywordInfo

    DEATHTOUCH = _k("deathtouch", "702.2", _A, _NONE, "Deathtouch")
    DEFENDER = _k("defender", "702.3", _A, _NONE, "Defender")
    DOUBLE_STRIKE = _k("double strike", "702.4", _A, _NONE, "Double strike")
    # 702.5a: a static ability saying what an Aura can be attached to (704.5m).
    ENCHANT = _k("enchant", "702.5", _A, _QUAL, "Enchant creature you control")
    EQUIP = _k("equip", "702.6", _INERT, _COST, "Equip legendary creature {3}", qualified=True)
    FIRST_STRIKE = _k("first strike", "702.7", _A, _NONE, "First strike")
    FLASH = _k("flash", "702.8", _INERT, _NONE, "Flash")  # 702.8a: works while casting
    FLYING = _k("flying", "702.9", _A, _NONE, "Flying")
    HASTE = _k("haste", "702.10", _A, _NONE, "Haste")
    HEXPROOF = _k(
        "hexproof",
        "702.11",
        _A,
        _QUAL,
        "Hexproof from monocolored",
        connector="from",
        optional=True,
    )
    INDESTRUCTIBLE = _k("indestructible", "702.12", _A, _NONE, "Indestructible")
    INTIMIDATE = _k("intimidate", "702.13", _A, _NONE, "Intimidate")
    # 702.14: "[quality]walk" -- forestwalk, nonbasic landwalk, snow swampwalk.
    LANDWALK = _k("landwalk", "702.14", _A, _QUAL, "Nonbasic landwalk")
    LIFELINK = _k("lifelink", "702.15", _A, _NONE, "Lifelink")
    PROTECTION = _k("protection", "702.16", _A, _QUAL, "Protection from red", connector="from")
    REACH = _k("reach", "702.17", _A, _NONE, "Reach")
    SHROUD = _k("shroud", "702.18", _A, _NONE, "Shroud")
    TRAMPLE = _k("trample", "702.19", _A, _NONE, "Trample")
    TRAMPLE_OVER_PLANESWALKERS = _k(
        "trample over planeswalkers", "702.19", _A, _NONE, "Trample over planeswalkers"
    )
    VIGILANCE = _k("vigilance", "702.20", _A, _NONE, "Vigilance")
    WARD = _k("ward", "702.21", _INERT, _COST, "Ward—Discard a card.")  # 702.21a: triggered
    BANDING = _k("banding", "702.22", _A, _NONE, "Banding")
    BANDS_WITH_OTHER = _k("bands with other", "702.22", _A, _QUAL, "Bands with other Legends")
    RAMPAGE = _k("rampage", "702.23", _INERT, _NUM, "Rampage 2")
    CUMULATIVE_UPKEEP = _k(
        "cumulative upkeep", "702.24", _INERT, _COST, "Cumulative upkeep {G} or {W}"
    )
    FLANKING = _k("flanking", "702.25", _INERT, _NONE, "Flanking")
    PHASING = _k("phasing", "702.26", _A, _NONE, "Phasing")
    BUYBACK = _k("buyback", "702.27", _INERT, _COST, "Buyback {3}")
    SHADOW = _k("shadow", "702.28", _A, _NONE, "Shadow")
    CYCLING = _k("cycling", "702.29", _INERT, _COST, "Cycling {2}")
    # 702.29e: "[type]cycling" -- plainscycling, basic landcycling, wizardcycling.
    TYPECYCLING = _k("typecycling", "702.29", _INERT, _QCOST, "Basic landcycling {1}{B}")
    ECHO = _k("echo", "702.30", _INERT, _COST, "Echo—Discard a card.")
    HORSEMANSHIP = _k("horsemanship", "702.31", _A, _NONE, "Horsemanship")
    FADING = _k(
        "fading",
        "702.32",
        _REPL,
        _NUM,
        "Fading 3",
        effect="it enters with N fade counters on it",
        expansion="~ enters with {n} fade counters on it.",
    )
    KICKER = _k("kicker", "702.33", _INERT, _COST, "Kicker {2}{U} and/or {1}{B}")
    MULTIKICKER = _k("multikicker", "702.33", _INERT, _COST, "Multikicker {1}{G}")
    FLASHBACK = _k("flashback", "702.34", _INERT, _COST, "Flashback {2}{R}")
    # 702.35a: a static ability working in its owner's hand, and a trigger.
    MADNESS = _k(
        "madness",
        "702.35",
        _REPL,
        _COST,
        "Madness {1}{B}",
        zone="hand",
        effect="if it would be discarded, it's exiled instead and may be cast",
    )
    FEAR = _k("fear", "702.36", _A, _NONE, "Fear")
    MORPH = _k("morph", "702.37", _INERT, _COST, "Morph—Reveal a white card in your hand.")
    MEGAMORPH = _k("megamorph", "702.37", _INERT, _COST, "Megamorph {5}{G}")
    AMPLIFY = _k(
        "amplify",
        "702.38",
        _REPL,
        _NUM,
        "Amplify 1",
        effect=(
            "as it enters, its controller may reveal cards sharing a creature type with it, "
            "and it enters with N +1/+1 counters for each"
        ),
        expansion="~ enters with {n} +1/+1 counters on it for each card revealed this way.",
    )
    PROVOKE = _k("provoke", "702.39", _INERT, _NONE, "Provoke")
    STORM = _k("storm", "702.40", _INERT, _NONE, "Storm")
    AFFINITY = _k("affinity", "702.41", _INERT, _QUAL, "Affinity for artifacts", connector="for")
    ENTWINE = _k("entwine", "702.42", _INERT, _COST, "Entwine {2}")
    # 702.43a: "This permanent enters with N +1/+1 counters on it" and a trigger.
    MODULAR = _k(
        "modular",
        "702.43",
        _REPL,
        _NUM,
        "Modular 3",
        effect="it enters with N +1/+1 counters on it",
        expansion=_ENTERS_PLUS,
    )
    SUNBURST = _k(
        "sunburst",
        "702.44",
        _REPL,
        _NONE,
        "Sunburst",
        effect=(
            "it enters with a +1/+1 counter (a charge counter if it isn't a creature) for "
            "each color of mana spent to cast it"
        ),
        expansion=(
            "~ enters with a +1/+1 counter on it for each color of mana spent to cast it, or "
            "that many charge counters if it isn't entering as a creature."
        ),
    )
    BUSHIDO = _k("bushido", "702.45", _INERT, _NUM, "Bushido 2")
    SOULSHIFT = _k("soulshift", "702.46", _INERT, _NUM, "Soulshift 5")
    SPLICE = _k("splice", "702.47", _INERT, _QCOST, "Splice onto Arcane {1}{R}", connector="onto")
    # 702.48: "[quality] offering", written before the name.
    OFFERING = _k("offering", "702.48", _INERT, _QUAL, "Snake offering")
    NINJUTSU = _k("ninjutsu", "702.49", _INERT, _COST, "Ninjutsu {1}{U}")
    COMMANDER_NINJUTSU = _k(
        "commander ninjutsu", "702.49", _INERT, _COST, "Commander ninjutsu {2}{U}{B}"
    )
    EPIC = _k("epic", "702.50", _INERT, _NONE, "Epic")
    CONVOKE = _k("convoke", "702.51", _INERT, _NONE, "Convoke")
    # 702.52a: a static ability working only while the card is in a graveyard. The
    # explorer offers each such card as an optional replacement of its owner's draws
    # (replacement/explore.py ``_dredge_effects``), 702.52b's library size checked.
    DREDGE = _k(
        "dredge",
        "702.52",
        _REPL,
        _NUM,
        "Dredge 3",
        zone="graveyard",
        effect=(
            "if its owner would draw a card, they may mill N cards and return it to their "
            "hand instead"
        ),
        modelled=True,
    )
    TRANSMUTE = _k("transmute", "702.53", _INERT, _COST, "Transmute {1}{B}{B}")
    BLOODTHIRST = _k(
        "bloodthirst",
        "702.54",
        _REPL,
        _NUM,
        "Bloodthirst 2",
        effect="if an opponent was dealt damage this turn, it enters with N +1/+1 counters",
        expansion=(
            "If an opponent was dealt damage this turn, ~ enters with {n} +1/+1 counters on it."
        ),
    )
    HAUNT = _k("haunt", "702.55", _INERT, _NONE, "Haunt")
    REPLICATE = _k("replicate", "702.56", _INERT, _COST, "Replicate {1}{U}")
    FORECAST = _k("forecast", "702.57", _INERT, _ABIL, "Forecast — {1}{U}, Reveal ~: Draw a card.")
    # 702.58a: "This permanent enters with N +1/+1 counters on it" and a trigger.
    GRAFT = _k(
        "graft",
        "702.58",
        _REPL,
        _NUM,
        "Graft 2",
        effect="it enters with N +1/+1 counters on it",
        expansion=_ENTERS_PLUS,
    )
    RECOVER = _k("recover", "702.59", _INERT, _COST, "Recover {1}{B}")
    RIPPLE = _k("ripple", "702.60", _INERT, _NUM, "Ripple 4")
    SPLIT_SECOND = _k("split second", "702.61", _INERT, _NONE, "Split second")  # on the stack
    SUSPEND = _k("suspend", "702.62", _INERT, _NCOST, "Suspend 4—{1}{U}")
    # 702.63a: enters with N time counters, and triggers; without a number (702.63b) only
    # the triggers.
    VANISHING = _k(
        "vanishing",
        "702.63",
        _REPL,
        _NUM,
        "Vanishing 3",
        optional=True,
        effect="it enters with N time counters on it",
        expansion="~ enters with {n} time counters on it.",
    )
    # 702.64a: "If a source would deal damage to this creature, prevent N of that damage."
    ABSORB = _k(
        "absorb",
        "702.64",
        _REPL,
        _NUM,
        "Absorb 2",
        effect="N of the damage each source would deal to it is prevented",
        expansion="If a source would deal damage to ~, prevent {n} of that damage.",
    )
    AURA_SWAP = _k("aura swap", "702.65", _INERT, _COST, "Aura swap {2}{U}")
    DELVE = _k("delve", "702.66", _INERT, _NONE, "Delve")
    FORTIFY = _k("fortify", "702.67", _INERT, _COST, "Fortify {3}")
    FRENZY = _k("frenzy", "702.68", _INERT, _NUM, "Frenzy 1")
    GRAVESTORM = _k("gravestorm", "702.69", _INERT, _NONE, "Gravestorm")
    POISONOUS = _k("poisonous", "702.70", _INERT, _NUM, "Poisonous 1")
    TRANSFIGURE = _k("transfigure", "702.71", _INERT, _COST, "Transfigure {1}{B}{B}")
    CHAMPION = _k("champion", "702.72", _INERT, _QUAL, "Champion a Faerie", connector="a")
    CHANGELING = _k("changeling", "702.73", _CDA, _NONE, "Changeling")  # 702.73a
    EVOKE = _k("evoke", "702.74", _INERT, _COST, "Evoke {1}{W}")
    HIDEAWAY = _k("hideaway", "702.75", _INERT, _NUM, "Hideaway 4", optional=True)
    PROWL = _k("prowl", "702.76", _INERT, _COST, "Prowl {U}")
    REINFORCE = _k("reinforce", "702.77", _INERT, _NCOST, "Reinforce 1—{1}{W}")
    CONSPIRE = _k("conspire", "702.78", _INERT, _NONE, "Conspire")
    PERSIST = _k("persist", "702.79", _INERT, _NONE, "Persist")  # 702.79a: triggered
    WITHER = _k("wither", "702.80", _A, _NONE, "Wither")
    RETRACE = _k("retrace", "702.81", _INERT, _NONE, "Retrace")
    DEVOUR = _k(
        "devour",
        "702.82",
        _REPL,
        _NUM,
        "Devour 1",
        qualified=True,  # 702.82c: "devour [quality] N"
        effect=(
            "as it enters, its controller may sacrifice creatures, and it enters with N "
            "+1/+1 counters for each"
        ),
        # The creatures sacrificed are the step's choice (``choices.devour``).
        expansion="~ enters with {n} +1/+1 counters on it for each creature devoured this way.",
    )
    EXALTED = _k("exalted", "702.83", _INERT, _NONE, "Exalted")
    UNEARTH = _k("unearth", "702.84", _INERT, _COST, "Unearth {B}")
    CASCADE = _k("cascade", "702.85", _INERT, _NONE, "Cascade")
    ANNIHILATOR = _k("annihilator", "702.86", _INERT, _NUM, "Annihilator 2")
    LEVEL_UP = _k("level up", "702.87", _INERT, _COST, "Level up {1}{W}")
    # 702.88a: a static ability working while the spell is on the stack.
    REBOUND = _k(
        "rebound",
        "702.88",
        _REPL,
        _NONE,
        "Rebound",
        zone="stack",
        effect=(
            "cast from its owner's hand, it's exiled as it resolves instead of put into the "
            "graveyard, and may be cast again at their next upkeep"
        ),
        # A cast step's spell was cast from its owner's hand: the timeline exiles it as it
        # resolves (``_cast``); the recast is a delayed trigger, inert on a board (603.7).
        modelled=True,
    )
    # 702.89a: "If enchanted permanent would be destroyed, instead remove all damage marked
    # on it and destroy this Aura" (replacement/state.py applies it).
    UMBRA_ARMOR = _k(
        "umbra armor",
        "702.89",
        _REPL,
        _NONE,
        "Umbra armor",
        aliases=("totem armor",),
        effect="if the enchanted permanent would be destroyed, this Aura is destroyed instead",
        modelled=True,
    )
    INFECT = _k("infect", "702.90", _A, _NONE, "Infect")
    BATTLE_CRY = _k("battle cry", "702.91", _INERT, _NONE, "Battle cry")
    LIVING_WEAPON = _k("living weapon", "702.92", _INERT, _NONE, "Living weapon")
    UNDYING = _k("undying", "702.93", _INERT, _NONE, "Undying")  # 702.93a: triggered
    MIRACLE = _k("miracle", "702.94", _INERT, _COST, "Miracle {R}")
    SOULBOND = _k("soulbond", "702.95", _INERT, _NONE, "Soulbond")
    OVERLOAD = _k("overload", "702.96", _INERT, _COST, "Overload {6}{R}")
    SCAVENGE = _k("scavenge", "702.97", _INERT, _COST, "Scavenge {3}{G}{G}")
    # 702.98a: two static abilities, "you may have this permanent enter with an additional
    # +1/+1 counter on it" and "it can't block as long as it has a +1/+1 counter on it".
    # The first is an optional "enters with" replacement (614.1c) its controller may decline
    # (the step's "replacements": [] declines it); the second is a blocking restriction the
    # combat rules look at, kept on the permanent as the keyword itself (like decayed's
    # "can't block", 702.147a), so nothing of it is left unapplied on a board.
    UNLEASH = _k(
        "unleash",
        "702.98",
        _REPL,
        _NONE,
        "Unleash",
        effect=(
            "its controller may have it enter with a +1/+1 counter, and it can't block while "
            "it has one"
        ),
        expansion="You may have ~ enter with an additional +1/+1 counter on it.",
    )
    CIPHER = _k("cipher", "702.99", _INERT, _NONE, "Cipher")
    EVOLVE = _k("evolve", "702.100", _INERT, _NONE, "Evolve")
    EXTORT = _k("extort", "702.101", _INERT, _NONE, "Extort")
    FUSE = _k("fuse", "702.102", _INERT, _NONE, "Fuse")
    BESTOW = _k("bestow", "702.103", _INERT, _COST, "Bestow {5}{W}{W}")
    TRIBUTE = _k(
        "tribute",
        "702.104",
        _REPL,
        _NUM,
        "Tribute 2",
        effect="as it enters, an opponent may have it enter with N more +1/+1 counters",
        # The chosen opponent's choice is the step's ``choices.tribute`` (paid or not).
        expansion="~ enters with {n} +1/+1 counters on it if tribute was paid.",
    )
    DETHRONE = _k("dethrone", "702.105", _INERT, _NONE, "Dethrone")
    HIDDEN_AGENDA = _k("hidden agenda", "702.106", _INERT, _NONE, "Hidden agenda")
    DOUBLE_AGENDA = _k("double agenda", "702.106", _INERT, _NONE, "Double agenda")
    OUTLAST = _k("outlast", "702.107", _INERT, _COST, "Outlast {1}{W}")
    PROWESS = _k("prowess", "702.108", _INERT, _NONE, "Prowess")
    DASH = _k("dash", "702.109", _INERT, _COST, "Dash {2}{R}")
    EXPLOIT = _k("exploit", "702.110", _INERT, _NONE, "Exploit")
    MENACE = _k("menace", "702.111", _A, _NONE, "Menace")
    RENOWN = _k("renown", "702.112", _INERT, _NUM, "Renown 1")  # 702.112a: triggered
    AWAKEN = _k("awaken", "702.113", _INERT, _NCOST, "Awaken 3—{5}{W}")
    DEVOID = _k("devoid", "702.114", _CDA, _NONE, "Devoid")  # 702.114a
    INGEST = _k("ingest", "702.115", _INERT, _NONE, "Ingest")
    MYRIAD = _k("myriad", "702.116", _INERT, _NONE, "Myriad")
    SURGE = _k("surge", "702.117", _INERT, _COST, "Surge {1}{U}")
    SKULK = _k("skulk", "702.118", _A, _NONE, "Skulk")
    EMERGE = _k("emerge", "702.119", _INERT, _COST, "Emerge {5}{G}{G}")
    ESCALATE = _k("escalate", "702.120", _INERT, _COST, "Escalate {1}")
    MELEE = _k("melee", "702.121", _INERT, _NONE, "Melee")
    CREW = _k("crew", "702.122", _INERT, _NUM, "Crew 3")
    FABRICATE = _k("fabricate", "702.123", _INERT, _NUM, "Fabricate 1")  # 702.123a: triggered
    PARTNER = _k("partner", "702.124", _INERT, _QUAL, "Partner", connector="—", optional=True)
    PARTNER_WITH = _k(
        "partner with", "702.124", _INERT, _QUAL, "Partner with Pir, Imaginative Rascal"
    )
    FRIENDS_FOREVER = _k("friends forever", "702.124", _INERT, _NONE, "Friends forever")
    CHOOSE_A_BACKGROUND = _k("choose a background", "702.124", _INERT, _NONE, "Choose a Background")
    DOCTORS_COMPANION = _k("doctor's companion", "702.124", _INERT, _NONE, "Doctor's companion")
    UNDAUNTED = _k("undaunted", "702.125", _INERT, _NONE, "Undaunted")
    IMPROVISE = _k("improvise", "702.126", _INERT, _NONE, "Improvise")
    AFTERMATH = _k("aftermath", "702.127", _INERT, _NONE, "Aftermath")
    EMBALM = _k("embalm", "702.128", _INERT, _COST, "Embalm {3}{W}")
    ETERNALIZE = _k("eternalize", "702.129", _INERT, _COST, "Eternalize {4}{B}{B}")
    AFFLICT = _k("afflict", "702.130", _INERT, _NUM, "Afflict 2")
    ASCEND = _k("ascend", "702.131", _INERT, _NONE, "Ascend")  # a player designation
    ASSIST = _k("assist", "702.132", _INERT, _NONE, "Assist")
    JUMP_START = _k("jump-start", "702.133", _INERT, _NONE, "Jump-start")
    MENTOR = _k("mentor", "702.134", _INERT, _NONE, "Mentor")
    AFTERLIFE = _k("afterlife", "702.135", _INERT, _NUM, "Afterlife 2")  # 702.135a: triggered
    # 702.136a: "You may have this permanent enter with an additional +1/+1 counter on it.
    # If you don't, it gains haste."
    RIOT = _k(
        "riot",
        "702.136",
        _REPL,
        _NONE,
        "Riot",
        effect="it enters with a +1/+1 counter unless its controller has it gain haste",
        # The controller's choice is the step's ``choices.riot`` ("counter" or "haste").
        expansion="~ enters with an additional +1/+1 counter on it or with haste, as riot says.",
    )
    SPECTACLE = _k("spectacle", "702.137", _INERT, _COST, "Spectacle {B}{R}")
    ESCAPE = _k(
        "escape",
        "702.138",
        _INERT,
        _COST,
        "Escape—{3}{B}{B}, Exile five other cards from your graveyard.",
    )
    COMPANION = _k(
        "companion",
        "702.139",
        _INERT,
        _QUAL,
        "Companion — Each nonland card in your starting deck has an odd mana value.",
        connector="—",
    )
    MUTATE = _k("mutate", "702.140", _INERT, _COST, "Mutate {3}{G}{U}")
    ENCORE = _k("encore", "702.141", _INERT, _COST, "Encore {5}{R}")
    BOAST = _k("boast", "702.142", _INERT, _ABIL, "Boast — {1}{R}: Draw a card.")
    FORETELL = _k("foretell", "702.143", _INERT, _COST, "Foretell {1}{U}", optional=True)
    DEMONSTRATE = _k("demonstrate", "702.144", _INERT, _NONE, "Demonstrate")
    # 702.145: day and night are a game designation (CR 731) this engine does not track.
    DAYBOUND = _k("daybound", "702.145", _INERT, _NONE, "Daybound")
    NIGHTBOUND = _k("nightbound", "702.145", _INERT, _NONE, "Nightbound")
    DISTURB = _k("disturb", "702.146", _INERT, _COST, "Disturb {1}{U}")
    DECAYED = _k("decayed", "702.147", _A, _NONE, "Decayed")  # 702.147a: can't block
    CLEAVE = _k("cleave", "702.148", _INERT, _COST, "Cleave {1}{W}{W}")
    TRAINING = _k("training", "702.149", _INERT, _NONE, "Training")
    # 702.150a: fewer loyalty counters only if life was paid for Phyrexian mana while casting.
    COMPLEATED = _k("compleated", "702.150", _INERT, _NONE, "Compleated")
    # 702.151b: attached to a creature, the Equipment stops being a creature.
    RECONFIGURE = _k(
        "reconfigure",
        "702.151",
        _CONT,
        _COST,
        "Reconfigure {2}",
        effect="while it's attached to a creature, it isn't a creature",
        subrule="b",
        expansion="As long as ~ is attached to a creature, ~ isn't a creature.",
    )
    BLITZ = _k("blitz", "702.152", _INERT, _COST, "Blitz {2}{B}{B}")
    CASUALTY = _k("casualty", "702.153", _INERT, _NUM, "Casualty 2")
    ENLIST = _k("enlist", "702.154", _INERT, _NONE, "Enlist")
    READ_AHEAD = _k(
        "read ahead",
        "702.155",
        _REPL,
        _NONE,
        "Read ahead",
        effect="as it enters, its controller chooses a chapter, and it enters with that many "
        "lore counters",
        expansion=READ_AHEAD_TEXT,
    )
    # 702.156a: "This permanent enters with X +1/+1 counters on it" and a trigger.
    RAVENOUS = _k(
        "ravenous",
        "702.156",
        _REPL,
        _NONE,
        "Ravenous",
        effect="it enters with X +1/+1 counters on it",
        expansion="~ enters with X +1/+1 counters on it.",
    )
    SQUAD = _k("squad", "702.157", _INERT, _COST, "Squad {2}")
    SPACE_SCULPTOR = _k("space sculptor", "702.158", _INERT, _NONE, "Space sculptor")
    VISIT = _k("visit", "702.159", _INERT, _ABIL, "Visit — You gain 2 life.")
    PROTOTYPE = _k("prototype", "702.160", _INERT, _COST, "Prototype {1}{R} — 3/2")
    # 702.161a: "As long as it's your turn, this permanent is an artifact creature in
    # addition to its other types."
    LIVING_METAL = _k(
        "living metal",
        "702.161",
        _CONT,
        _NONE,
        "Living metal",
        effect="during its controller's turn it is an artifact creature",
        expansion="As long as it's your turn, ~ is an artifact creature in addition to its "
        "other types.",
    )
    MORE_THAN_MEETS_THE_EYE = _k(
        "more than meets the eye", "702.162", _INERT, _COST, "More Than Meets the Eye {2}{U}{R}"
    )
    FOR_MIRRODIN = _k("for mirrodin!", "702.163", _INERT, _NONE, "For Mirrodin!")
    TOXIC = _k("toxic", "702.164", _A, _NUM, "Toxic 1")  # 702.164a: static (damage results)
    BACKUP = _k("backup", "702.165", _INERT, _NUM, "Backup 1")  # 702.165a: triggered
    BARGAIN = _k("bargain", "702.166", _INERT, _NONE, "Bargain")
    CRAFT = _k("craft", "702.167", _INERT, _QCOST, "Craft with artifact {3}{B}", connector="with")
    DISGUISE = _k("disguise", "702.168", _INERT, _COST, "Disguise {2}{W}")
    SOLVED = _k("solved", "702.169", _COND, _ABIL, "Solved — Creatures you control get +1/+1.")
    PLOT = _k("plot", "702.170", _INERT, _COST, "Plot {2}{R}")
    SADDLE = _k("saddle", "702.171", _INERT, _NUM, "Saddle 1")
    SPREE = _k("spree", "702.172", _INERT, _NONE, "Spree")
    FREERUNNING = _k("freerunning", "702.173", _INERT, _COST, "Freerunning {1}{B}")
    GIFT = _k("gift", "702.174", _INERT, _QUAL, "Gift a Food", connector="a")
    OFFSPRING = _k("offspring", "702.175", _INERT, _COST, "Offspring {2}")
    # 702.176a: enters with time counters and isn't a creature, only if cast for its
    # impending cost.
    IMPENDING = _k("impending", "702.176", _INERT, _NCOST, "Impending 4—{2}{B}{B}")
    EXHAUST = _k("exhaust", "702.177", _INERT, _ABIL, "Exhaust — {2}: Draw a card.")
    MAX_SPEED = _k(
        "max speed", "702.178", _COND, _ABIL, "Max speed — Creatures you control have haste."
    )
    START_YOUR_ENGINES = _k("start your engines!", "702.179", _INERT, _NONE, "Start your engines!")
    HARMONIZE = _k("harmonize", "702.180", _INERT, _COST, "Harmonize {4}{G}")
    MOBILIZE = _k("mobilize", "702.181", _INERT, _NUM, "Mobilize 2")
    JOB_SELECT = _k("job select", "702.182", _INERT, _NONE, "Job select")
    TIERED = _k("tiered", "702.183", _INERT, _NONE, "Tiered")
    STATION = _k("station", "702.184", _INERT, _NONE, "Station")
    WARP = _k("warp", "702.185", _INERT, _COST, "Warp {1}{R}")
    INFINITY = _k("∞", "702.186", _COND, _ABIL, "∞ — Creatures you control get +1/+1.")
    MAYHEM = _k("mayhem", "702.187", _INERT, _COST, "Mayhem {1}{R}", optional=True)
    WEB_SLINGING = _k("web-slinging", "702.188", _INERT, _COST, "Web-slinging {2}{W}")
    FIREBENDING = _k("firebending", "702.189", _INERT, _NUM, "Firebending 2")
    SNEAK = _k("sneak", "702.190", _INERT, _COST, "Sneak {2}{B}")
    INCREMENT = _k("increment", "702.191", _INERT, _NONE, "Increment")
    PARADIGM = _k("paradigm", "702.192", _INERT, _NONE, "Paradigm")
    POWER_UP = _k("power-up", "702.193", _INERT, _ABIL, "Power-up — {3}: Draw a card.")
    TEAMWORK = _k("teamwork", "702.194", _INERT, _NUM, "Teamwork 3")
    STORIED = _k("storied", "702.195", _INERT, _NONE, "Storied")

    def __repr__(self) -> str:
        return f"<Keyword.{self.name}: {self._value_.name!r}>"

    @property
    def info(self) -> KeywordInfo:
        return self._value_

    @property
    def rule(self) -> str:
        return self._value_.rule

    @property
    def category(self) -> Category:
        return self._value_.category

    @property
    def shape(self) -> Shape:
        return self._value_.shape

    @property
    def title(self) -> str:
        """The name as it starts a line: "First strike"."""
        name = self._value_.name
        return name[:1].upper() + name[1:]

    @property
    def modelled(self) -> bool:
        """Whether the engine applies what it does (always, for a static ability other
        rules look at, and for inert keywords: there is nothing to apply)."""
        info = self._value_
        if info.category in (Category.REPLACEMENT, Category.CONTINUOUS):
            return info.modelled or bool(info.expansion)
        return True


# CR 122.1b: keyword counters, each granting its keyword (613.1f).
KEYWORD_COUNTERS: frozenset[Keyword] = frozenset(
    {
        Keyword.FLYING,
        Keyword.FIRST_STRIKE,
        Keyword.DOUBLE_STRIKE,
        Keyword.DEATHTOUCH,
        Keyword.DECAYED,
        Keyword.EXALTED,
        Keyword.HASTE,
        Keyword.HEXPROOF,
        Keyword.INDESTRUCTIBLE,
        Keyword.LIFELINK,
        Keyword.MENACE,
        Keyword.REACH,
        Keyword.SHADOW,
        Keyword.TRAMPLE,
        Keyword.VIGILANCE,
    }
)

_BASIC_LANDWALK = ("plainswalk", "islandwalk", "swampwalk", "mountainwalk", "forestwalk")

KEYWORD_NAMES: frozenset[str] = frozenset(
    {k.info.name for k in Keyword}
    | {alias for k in Keyword for alias in k.info.aliases}
    | set(_BASIC_LANDWALK)
)
"""Every keyword's name (and older name) in lower case."""
