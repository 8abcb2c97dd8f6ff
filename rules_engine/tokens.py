"""Token cards from the Oracle phrase that creates them (CR 111.4, 111.10)."""

from __future__ import annotations

import re

from rules_engine.cards import CardDef
from rules_engine.vocabulary import ALL_TYPE_WORDS, COLOR_WORDS

# CR 111.10: predefined tokens, each an artifact with its own subtype.
PREDEFINED = ("food", "treasure", "clue", "blood", "map", "gold", "powerstone", "junk")


def token_card(phrase: str) -> CardDef:
    """ "a 2/2 black Zombie creature token with flying" -> the token's card: its name is
    its subtypes plus the word "Token" (CR 111.4)."""
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
        if named and named["name"].lower() in PREDEFINED:
            word = named["name"].capitalize()
            return CardDef(name=f"{word} Token", types=("Artifact",), subtypes=(word,), token=True)
        return CardDef(name=phrase, types=("Creature",), token=True)
    colors: list[str] = []
    subtypes: list[str] = []
    types = ["Creature"]
    for word in m["words"].split():
        if word in COLOR_WORDS:
            colors.append(COLOR_WORDS[word])
        elif word in ALL_TYPE_WORDS and ALL_TYPE_WORDS[word][0] == "subtype":
            subtypes.append(ALL_TYPE_WORDS[word][1])
        elif word in ALL_TYPE_WORDS and ALL_TYPE_WORDS[word][0] == "type":
            kind = ALL_TYPE_WORDS[word][1]
            if kind not in types:
                types.insert(0, kind)  # "artifact creature token"
    name = " ".join(subtypes + ["Token"])
    return CardDef(
        name=name,
        colors=tuple(colors),
        types=tuple(types),
        subtypes=tuple(subtypes),
        power=m["p"],
        toughness=m["t"],
        token=True,
        rules_text=keywords,
    )
