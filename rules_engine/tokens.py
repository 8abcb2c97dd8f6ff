"""Token cards from the Oracle phrase that creates them (CR 111.4, 111.10)."""

from __future__ import annotations

import re
from dataclasses import replace

from rules_engine.cards import CardDef
from rules_engine.vocabulary import ALL_TYPE_WORDS, COLOR_WORDS

# CR 111.10: predefined tokens, each an artifact with its own subtype.
PREDEFINED = (
    "food",
    "treasure",
    "clue",
    "blood",
    "map",
    "gold",
    "powerstone",
    "junk",
    "mutagen",
)


# CR 111.10a-b, 111.10e ...: the abilities of the predefined tokens the engine creates, in
# today's wording ("Sacrifice this token", as in the current reminder texts of Gild, Bake
# into a Pie and Prosperous Innkeeper).
PREDEFINED_ABILITIES = {
    "treasure": ("{T}, Sacrifice this token: Add one mana of any color.",),
    "clue": ("{2}, Sacrifice this token: Draw a card.",),
    "food": ("{2}, {T}, Sacrifice this token: You gain 3 life.",),
    "gold": ("Sacrifice this token: Add one mana of any color.",),
    # The Ooze's reminder text and its ruling (2026-01-27): "Mutagen tokens are a kind of
    # predefined token. Each one is a colorless artifact with the artifact subtype Mutagen".
    "mutagen": (
        "{1}, {T}, Sacrifice this token: Put a +1/+1 counter on target creature. "
        "Activate only as a sorcery.",
    ),
}
# CR 111.10, 303.7: the Role tokens, colorless Aura enchantment tokens with the subtype Role,
# "Enchant creature" and what each gives the creature it enchants; each named for its Role.
ROLE_ABILITIES = {
    "cursed": ("Enchanted creature has base power and toughness 1/1.",),
    "monster": ("Enchanted creature gets +1/+1 and has trample.",),
    "royal": ("Enchanted creature gets +1/+1 and has ward {1}.",),
    "sorcerer": (
        'Enchanted creature gets +1/+1 and has "Whenever this creature attacks, scry 1."',
    ),
    "virtuous": ("Enchanted creature gets +1/+1 for each enchantment you control.",),
    "wicked": (
        "Enchanted creature gets +1/+1.",
        "When this token is put into a graveyard from the battlefield, each opponent loses 1 life.",
    ),
    "young hero": (
        'Enchanted creature has "Whenever this creature attacks, if its toughness is 3 or '
        'less, put a +1/+1 counter on it."',
    ),
}
_ROLE = re.compile(r"^(?:a|an|one) (?P<role>[a-z]+(?: hero)?) role tokens?$", re.IGNORECASE)


def role_card(phrase: str) -> CardDef | None:
    """ "a Monster Role token" -> the Role token's card (CR 111.10), or None."""
    m = _ROLE.match(phrase.strip())
    if m is None or m["role"].lower() not in ROLE_ABILITIES:
        return None
    role = m["role"].lower()
    return CardDef(
        name=f"{role.title()} Role",
        types=("Enchantment",),
        subtypes=("Aura", "Role"),
        token=True,
        rules_text=("Enchant creature", *ROLE_ABILITIES[role]),
    )


# "a colorless artifact token named Gold" (Gild), "a legendary 2/2 ... token named Voja": its
# name is the one given (CR 111.4).
_NAMED = re.compile(r"^(?>(?P<base>.+? tokens?) named )(?P<name>[\w' ,-]+)$", re.IGNORECASE)
# CR 111.3: an ability the phrase gives the token in quotation marks ('a 1/1 red Satyr
# creature token with "This token can't block."'), one of its paragraphs.
_QUOTED = re.compile(r'"(?P<ability>[^"]*+)"')


def token_card(phrase: str) -> CardDef:
    """ "a 2/2 black Zombie creature token with flying" -> the token's card: its name is
    its subtypes plus the word "Token" (CR 111.4), or the name the phrase gives it."""
    phrase = phrase.strip()
    if (role := role_card(phrase)) is not None:
        return role
    given: str | None = None
    if named := _NAMED.match(phrase):
        phrase, given = named["base"], named["name"]
    phrase, _, granted = phrase.partition(" with ")
    quoted = tuple(m["ability"] for m in _QUOTED.finditer(granted))
    keywords = (
        tuple(
            k.strip().capitalize()
            for k in re.split(r",? and |, ", _QUOTED.sub("", granted).lower())
            if k.strip() and k.strip() != "and"
        )
        + quoted
    )
    predefined = re.fullmatch(r"(?:a|an|one) (?P<name>\w+) tokens?", phrase, re.I)
    if given is None and predefined and predefined["name"].lower() in PREDEFINED:
        word = predefined["name"].capitalize()
        return CardDef(
            name=f"{word} Token",
            types=("Artifact",),
            subtypes=(word,),
            token=True,
            rules_text=PREDEFINED_ABILITIES.get(word.lower(), ()),
        )
    m = re.match(r"^(?:a|an|one) (?P<words>.+?) (?P<creature>creature )?tokens?$", phrase.lower())
    pt = re.search(r"\b(?P<p>\d+)/(?P<t>\d+) ", phrase)  # "a legendary 2/2 ... token"
    if not m:
        return CardDef(name=given or phrase, types=("Creature",), token=True)
    card = _described(m["words"], creature=bool(m["creature"] or pt))
    return replace(
        card,
        name=given or " ".join(card.subtypes + ("Token",)),
        power=pt["p"] if pt else None,
        toughness=pt["t"] if pt else None,
        rules_text=keywords,
    )


def _described(words: str, *, creature: bool) -> CardDef:
    """The colors, supertypes, card types and subtypes the words of a token name."""
    colors: list[str] = []
    subtypes: list[str] = []
    supertypes: list[str] = []
    types = ["Creature"] if creature else []
    for word in words.split():
        if word in COLOR_WORDS:
            colors.append(COLOR_WORDS[word])
        elif word in ALL_TYPE_WORDS:
            kind, value = ALL_TYPE_WORDS[word]
            if kind == "subtype":
                subtypes.append(value)
            elif kind == "supertype":
                supertypes.append(value)
            elif kind == "type" and value not in types:
                types.insert(0, value)  # "artifact creature token"
    return CardDef(
        name="",
        colors=tuple(colors),
        supertypes=tuple(supertypes),
        types=tuple(types),
        subtypes=tuple(subtypes),
        token=True,
    )
