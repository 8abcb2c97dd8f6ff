"""The fixed words of the game: colors, types and subtypes (CR 105, 205).

Kept in one place so that the parser, the layer system and text-changing
effects (CR 612) agree on what counts as a color word or a type word.
"""

from __future__ import annotations

# CR 105.1: the five colors, written by their letters everywhere in the engine.
COLOR_LETTERS: tuple[str, ...] = ("W", "U", "B", "R", "G")
COLOR_WORDS: dict[str, str] = {
    "white": "W",
    "blue": "U",
    "black": "B",
    "red": "R",
    "green": "G",
}
COLOR_NAMES: dict[str, str] = {letter: word for word, letter in COLOR_WORDS.items()}

# CR 205.2a: card types, in the order they are printed on a type line.
CARD_TYPES: tuple[str, ...] = (
    "Kindred",
    "Tribal",
    "Enchantment",
    "Artifact",
    "Land",
    "Creature",
    "Battle",
    "Planeswalker",
    "Instant",
    "Sorcery",
)
PERMANENT_TYPES: frozenset[str] = frozenset(
    {"Land", "Enchantment", "Artifact", "Creature", "Battle", "Planeswalker"}
)

# CR 205.4a: supertypes.
SUPERTYPES: tuple[str, ...] = ("Basic", "Legendary", "Snow", "World", "Ongoing")

# CR 305.6: basic land types and the mana each one's intrinsic ability makes.
BASIC_LAND_TYPES: dict[str, str] = {
    "Plains": "W",
    "Island": "U",
    "Swamp": "B",
    "Mountain": "R",
    "Forest": "G",
}

# CR 205.3i: land types (the basic ones first).
LAND_TYPES: frozenset[str] = frozenset(
    set(BASIC_LAND_TYPES)
    | {
        "Cave",
        "Desert",
        "Gate",
        "Lair",
        "Locus",
        "Mine",
        "Planet",  # Adagia, Windswept Bastion (Edge of Eternities)
        "Power-Plant",
        "Sphere",
        "Tower",
        "Town",
        "Urza's",
    }
)
NONBASIC_LAND_TYPES: frozenset[str] = LAND_TYPES - set(BASIC_LAND_TYPES)
ARTIFACT_TYPES: frozenset[str] = frozenset(
    {
        "Attraction",
        "Blood",
        "Bobblehead",
        "Clue",
        "Contraption",
        "Equipment",
        "Food",
        "Fortification",
        "Gold",
        "Incubator",
        "Infinity",
        "Junk",
        "Lander",
        "Map",
        "Mutagen",
        "Powerstone",
        "Spacecraft",
        "Stone",
        "Treasure",
        "Vehicle",
    }
)
ENCHANTMENT_TYPES: frozenset[str] = frozenset(
    {
        "Aura",
        "Background",
        "Cartouche",
        "Case",
        "Class",
        "Curse",
        "Room",
        "Rune",
        "Saga",
        "Shard",
        "Shrine",
        "Role",
    }
)
SPELL_TYPES: frozenset[str] = frozenset({"Adventure", "Arcane", "Lesson", "Omen", "Trap"})
# CR 205.3j: planeswalker types (every one on a card in the library, and later ones;
# "Will" is left out: as a word it would be read as a type in ordinary sentences).
PLANESWALKER_TYPES: frozenset[str] = frozenset(
    [
        "Ajani",
        "Aminatou",
        "Angrath",
        "Arlinn",
        "Ashiok",
        "Basri",
        "Bolas",
        "Calix",
        "Chandra",
        "Dack",
        "Daretti",
        "Davriel",
        "Domri",
        "Dovin",
        "Elspeth",
        "Estrid",
        "Freyalise",
        "Garruk",
        "Gideon",
        "Grist",
        "Huatli",
        "Jace",
        "Jaya",
        "Kaito",
        "Karn",
        "Kasmina",
        "Kaya",
        "Kiora",
        "Koth",
        "Liliana",
        "Lukka",
        "Nahiri",
        "Narset",
        "Niko",
        "Nissa",
        "Nixilis",
        "Oko",
        "Ral",
        "Rowan",
        "Saheeli",
        "Samut",
        "Sarkhan",
        "Serra",
        "Sorin",
        "Tamiyo",
        "Teferi",
        "Teyo",
        "Tezzeret",
        "Tibalt",
        "Tyvar",
        "Ugin",
        "Venser",
        "Vivien",
        "Vraska",
        "Windgrace",
        "Wrenn",
        "Xenagos",
        "Yanggu",
        "Yanling",
        "Zariel",
    ]
)

# CR 205.3m: creature types.
CREATURE_TYPES: frozenset[str] = frozenset(
    t.strip()
    for t in [
        "Advisor",
        " Aetherborn",
        " Alien",
        " Ally",
        " Angel",
        " Antelope",
        " Ape",
        " Archer",
        " Archon",
        " Armadillo",
        " Army",
        " Artificer",
        " Assassin",
        " Assembly-Worker",
        " Astartes",
        " Atog",
        " Aurochs",
        " Avatar",
        " Azra",
        " Badger",
        " Balloon",
        " Barbarian",
        " Bard",
        " Basilisk",
        " Bat",
        " Bear",
        " Beast",
        " Beaver",
        " Beeble",
        " Beholder",
        " Berserker",
        " Bird",
        " Bison",
        " Blinkmoth",
        " Boar",
        " Bringer",
        " Brushwagg",
        " Camarid",
        " Camel",
        " Capybara",
        " Caribou",
        " Carrier",
        " Cat",
        " Centaur",
        " Child",
        " Chimera",
        " Citizen",
        " Cleric",
        " Clown",
        " Cockatrice",
        " Construct",
        " Coward",
        " Coyote",
        " Crab",
        " Crocodile",
        " C'tan",
        " Custodes",
        " Cyberman",
        " Cyclops",
        " Dalek",
        " Dauthi",
        " Demigod",
        " Demon",
        " Deserter",
        " Detective",
        " Devil",
        " Dinosaur",
        " Djinn",
        " Doctor",
        " Dog",
        " Dragon",
        " Drake",
        " Dreadnought",
        " Drix",
        " Drone",
        " Druid",
        " Dryad",
        " Dwarf",
        " Echidna",
        " Efreet",
        " Egg",
        " Elder",
        " Eldrazi",
        " Elemental",
        " Elephant",
        " Elf",
        " Elk",
        " Employee",
        " Eye",
        " Faerie",
        " Ferret",
        " Fish",
        " Flagbearer",
        " Fox",
        " Fractal",
        " Frog",
        " Fungus",
        " Gamer",
        " Gargoyle",
        " Germ",
        " Giant",
        " Gith",
        " Glimmer",
        " Gnoll",
        " Gnome",
        " Goat",
        " Goblin",
        " God",
        " Golem",
        " Gorgon",
        " Graveborn",
        " Gremlin",
        " Griffin",
        " Guest",
        " Hag",
        " Halfling",
        " Hamster",
        " Harpy",
        " Hedgehog",
        " Hellion",
        " Hero",
        " Hippo",
        " Hippogriff",
        " Homarid",
        " Homunculus",
        " Horror",
        " Horse",
        " Human",
        " Hydra",
        " Hyena",
        " Illusion",
        " Imp",
        " Incarnation",
        " Inkling",
        " Inquisitor",
        " Insect",
        " Jackal",
        " Jellyfish",
        " Juggernaut",
        " Kangaroo",
        " Kavu",
        " Kirin",
        " Kithkin",
        " Knight",
        " Kobold",
        " Kor",
        " Kraken",
        " Llama",
        " Lamia",
        " Lammasu",
        " Leech",
        " Lemur",
        " Leviathan",
        " Lhurgoyf",
        " Licid",
        " Lizard",
        " Lobster",
        " Manticore",
        " Masticore",
        " Mercenary",
        " Merfolk",
        " Metathran",
        " Minion",
        " Minotaur",
        " Mite",
        " Mole",
        " Monger",
        " Mongoose",
        " Monk",
        " Monkey",
        " Moogle",
        " Moonfolk",
        " Mount",
        " Mouse",
        " Mutant",
        " Myr",
        " Mystic",
        " Nautilus",
        " Necron",
        " Nephilim",
        " Nightmare",
        " Nightstalker",
        " Ninja",
        " Noble",
        " Noggle",
        " Nomad",
        " Nymph",
        " Octopus",
        " Ogre",
        " Ooze",
        " Orb",
        " Orc",
        " Orgg",
        " Otter",
        " Ouphe",
        " Ox",
        " Oyster",
        " Pangolin",
        " Peasant",
        " Pegasus",
        " Pentavite",
        " Performer",
        " Pest",
        " Phelddagrif",
        " Phoenix",
        " Phyrexian",
        " Pilot",
        " Pincher",
        " Pirate",
        " Plant",
        " Platypus",
        " Porcupine",
        " Possum",
        " Praetor",
        " Primarch",
        " Prism",
        " Processor",
        " Qu",
        " Rabbit",
        " Raccoon",
        " Ranger",
        " Rat",
        " Rebel",
        " Reflection",
        " Rhino",
        " Rigger",
        " Robot",
        " Rogue",
        " Sable",
        " Salamander",
        " Samurai",
        " Sand",
        " Saproling",
        " Satyr",
        " Scarecrow",
        " Scientist",
        " Scion",
        " Scorpion",
        " Scout",
        " Sculpture",
        " Seal",
        " Serf",
        " Serpent",
        " Servo",
        " Shade",
        " Shaman",
        " Shapeshifter",
        " Shark",
        " Sheep",
        " Siren",
        " Skeleton",
        " Skunk",
        " Slith",
        " Sliver",
        " Sloth",
        " Slug",
        " Snail",
        " Snake",
        " Soldier",
        " Soltari",
        " Spawn",
        " Specter",
        " Spellshaper",
        " Sphinx",
        " Spider",
        " Spike",
        " Spirit",
        " Splinter",
        " Sponge",
        " Squid",
        " Squirrel",
        " Starfish",
        " Surrakar",
        " Survivor",
        " Symbiote",
        " Synth",
        " Tentacle",
        " Tetravite",
        " Thalakos",
        " Thopter",
        " Thrull",
        " Tiefling",
        " Time Lord",
        " Toy",
        " Treefolk",
        " Trilobite",
        " Triskelavite",
        " Troll",
        " Turtle",
        " Tyranid",
        " Unicorn",
        " Vampire",
        " Varmint",
        " Vedalken",
        " Villain",
        " Volver",
        " Wall",
        " Walrus",
        " Warlock",
        " Warrior",
        " Weasel",
        " Weird",
        " Werewolf",
        " Whale",
        " Wizard",
        " Wolf",
        " Wolverine",
        " Wombat",
        " Worm",
        " Wraith",
        " Wurm",
        " Yeti",
        " Zombie",
        " Zubera",
    ]
)

SUBTYPE_CATEGORY: dict[str, str] = {
    **dict.fromkeys(CREATURE_TYPES, "Creature"),
    **dict.fromkeys(LAND_TYPES, "Land"),
    **dict.fromkeys(ARTIFACT_TYPES, "Artifact"),
    **dict.fromkeys(ENCHANTMENT_TYPES, "Enchantment"),
    **dict.fromkeys(PLANESWALKER_TYPES, "Planeswalker"),
    **dict.fromkeys(SPELL_TYPES, "Instant"),
}


# Subtypes of two words (CR 205.3m: "Time Lord"), which a type line's words split apart.
_TWO_WORD_SUBTYPES = {tuple(t.split()): t for t in SUBTYPE_CATEGORY if " " in t}


def join_subtypes(words: tuple[str, ...]) -> tuple[str, ...]:
    """A type line's subtype words with two-word subtypes put back together.

    >>> join_subtypes(("Time", "Lord", "Doctor"))
    ('Time Lord', 'Doctor')
    """
    out: list[str] = []
    i = 0
    while i < len(words):
        pair = _TWO_WORD_SUBTYPES.get(tuple(words[i : i + 2]))
        out.append(pair or words[i])
        i += 2 if pair else 1
    return tuple(out)


def subtype_category(subtype: str) -> str:
    """The card type a subtype belongs to (CR 205.3b); unknown words count as creature types."""
    return SUBTYPE_CATEGORY.get(subtype, "Creature")


def subtype_allowed(subtype: str, card_types: frozenset[str] | set[str] | tuple[str, ...]) -> bool:
    """Whether a subtype can stay on an object with these card types (CR 205.1a, 205.3d)."""
    category = subtype_category(subtype)
    if category == "Creature":
        return "Creature" in card_types or "Kindred" in card_types or "Tribal" in card_types
    if category == "Instant":
        return "Instant" in card_types or "Sorcery" in card_types
    return category in card_types


_IRREGULAR_PLURALS: dict[str, str] = {
    "Elf": "Elves",
    "Dwarf": "Dwarves",
    "Wolf": "Wolves",
    "Werewolf": "Werewolves",
    "Mouse": "Mice",
    "Ox": "Oxen",
    "Fungus": "Fungi",
    "Homunculus": "Homunculi",
    "Octopus": "Octopuses",
    "Sphinx": "Sphinxes",
    "Pegasus": "Pegasi",  # "Other Pegasi, Unicorns, and Horses you control" (Thurid)
    "Harpy": "Harpies",
    "Ally": "Allies",
    "Mercenary": "Mercenaries",
    "Plains": "Plains",
    "Fish": "Fish",
    "Sheep": "Sheep",
    "Merfolk": "Merfolk",
    "Kithkin": "Kithkin",
    "Djinn": "Djinn",
    "Efreet": "Efreet",
    "Moonfolk": "Moonfolk",
    "Samurai": "Samurai",
    "Kor": "Kor",
    "Vedalken": "Vedalken",
    "Thalakos": "Thalakos",
    "Treefolk": "Treefolk",
    "Nephilim": "Nephilim",
    "Dauthi": "Dauthi",
    "Soltari": "Soltari",
    "Zubera": "Zubera",
    "Metathran": "Metathran",
    "Lammasu": "Lammasu",
    "Sliver": "Slivers",
    "Sorcery": "Sorceries",
    "Mercenaries": "Mercenaries",
    "Hero": "Heroes",  # "Heroes you control get +2/+2" (Avengers Assemble!)
    "Platypus": "Platypuses",
    "Walrus": "Walruses",
    "Nautilus": "Nautiluses",
    "Gith": "Gith",
    "Qu": "Qu",
    "Azra": "Azra",
}


def plural(word: str) -> str:
    """The plural Oracle uses for a type word ("Elf" -> "Elves")."""
    if word in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[word]
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


ALL_TYPE_WORDS: dict[str, tuple[str, str]] = {}
"""Lower-case singular and plural type words -> (kind, canonical word)."""

for _t in CARD_TYPES:
    ALL_TYPE_WORDS[_t.lower()] = ("type", _t)
    ALL_TYPE_WORDS[plural(_t).lower()] = ("type", _t)
for _t in SUPERTYPES:
    ALL_TYPE_WORDS[_t.lower()] = ("supertype", _t)
for _t in SUBTYPE_CATEGORY:
    ALL_TYPE_WORDS.setdefault(_t.lower(), ("subtype", _t))
    ALL_TYPE_WORDS.setdefault(plural(_t).lower(), ("subtype", _t))
