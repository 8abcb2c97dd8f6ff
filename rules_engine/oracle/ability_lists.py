"""Abilities named in a sentence: "trample and lifelink", "protection from red", "toxic 1",
'"{T}: Add {C}."' (keywords by the keyword table, CR 702; quoted abilities as written),
for what "has", "gains", "loses" and "becomes ... with" give or take (layer 6, CR 613.1f).
"""

from __future__ import annotations

from rules_engine.oracle.cursor import Cursor, OracleParseError
from rules_engine.oracle.keywords import read_keyword
from rules_engine.vocabulary import ALL_TYPE_WORDS, COLOR_WORDS

# Qualities a protection ability may name (CR 702.16a); the last four are worked out as the
# ability is granted (apply.py): the player chosen as the source entered (702.16j), each
# opponent of the effect's controller, the colors of its controller's permanents, and the
# affected object's own colors.
_QUALITY_WORDS = (
    "the chosen color",
    "the chosen card type",  # Serra's Emissary: chosen as it entered (CR 607.2)
    "the color of your choice",
    "everything",
    "all colors",
    "each color",  # today's wording of "all colors" (CR 702.16a)
    "the chosen player",
    "each of your opponents",  # Courageous Resolve: each opponent of its controller (702.16j)
    "the colors of permanents you control",
    "its colors",
    # "hexproof from each of its colors" (Tam, Mindful First-Year): one instance for each
    # color the object has as it is granted (CR 702.11e, 105.2).
    "each of its colors",
    # Protection from mana values (CR 702.16a, 202.3), named as they are now by ``apply.py``:
    # odd or even chosen as it entered (Lavabrink Venturer), every one but the number chosen
    # (Haktos the Unscarred), those among your artifacts (Rebbec, Architect of Ascension).
    "each mana value of the chosen quality",
    "each mana value other than the chosen number",
    "each mana value among artifacts you control",
)


def _quality_word(word: str, *, negated_only: bool = False) -> bool:
    """A word protection can be from: a color, a type, "monocolored", "colorless" (Angelic
    Intervention), or "non-" one of them."""
    if word.startswith("non") and word not in ALL_TYPE_WORDS:
        return _quality_word(word.removeprefix("non").removeprefix("-"))
    if negated_only:
        return False
    return (
        word in COLOR_WORDS
        or word == "colorless"
        or word in ALL_TYPE_WORDS
        or word.startswith("mono")
        or word == "multicolored"
    )


# "Humans you control have each of the chosen abilities" (Greymond, Avacyn's Stalwart): the
# abilities chosen as its source entered (CR 614.12, 607.2), which ``apply.py`` names from the
# source's choices as the ability is granted.
CHOSEN_ABILITIES = "Each of the chosen abilities"

# "gains your choice of deathtouch or lifelink" (Alchemist's Gift): one of the keywords
# offered, chosen as the spell resolves (CR 608.2d), the step's choices.option; ``apply.py``
# grants the one chosen.
YOUR_CHOICE = "Your choice of "


def _one_ability(cursor: Cursor) -> str | None:
    """One keyword ability (with its parameter) or quoted ability, or None."""
    if cursor.accept("each", "of", "the", "chosen", "abilities"):
        return CHOSEN_ABILITIES
    raw = cursor.raw()
    word = cursor.peek()
    if raw.startswith('"'):
        cursor.pos += 1
        text = raw.strip('"')
        # Minimus Containment: 'a Treasure artifact with "{T}, ...: Add one mana of any
        # color," and it loses ...': the comma inside the quote belongs to the sentence
        # around it; the ability itself ends with a period.
        return text[:-1] + "." if text.endswith(",") else text
    if cursor.accept("your", "choice", "of"):
        return YOUR_CHOICE + _offered(cursor)
    if word in ("protection", "hexproof") and cursor.peek(1) == "from":
        start = cursor.pos
        cursor.pos += 2
        while True:
            for quality in _QUALITY_WORDS:
                if cursor.accept(*quality.split()):
                    break
            else:
                if not _quality_word(cursor.peek()):
                    cursor.fail(f"cannot tell what {word} is from")
                cursor.pos += 1
                # "protection from non-Human creatures" (Spare from Evil): an object must
                # fit every word (CR 702.16a).
                while _quality_word(cursor.peek(), negated_only=True) or (
                    cursor.peek(-1).startswith("non") and cursor.peek() in ALL_TYPE_WORDS
                ):
                    cursor.pos += 1
            if cursor.peek() in ("and", "or") and cursor.peek(1) == "from":
                cursor.pos += 2
                continue
            break
        text = " ".join(cursor.tokens[start : cursor.pos])
        return text[0].upper() + text[1:]
    # A keyword with its parameter, by the keyword table: "toxic 1", "ward {2}".
    return read_keyword(cursor)


def _offered(cursor: Cursor) -> str:
    """ "deathtouch or lifelink", "flying, vigilance, or lifelink", "double strike,
    protection from red, vigilance, or shadow": the keywords offered, lower case, as
    written."""
    offered: list[str] = []
    last = False
    while True:
        ability = _one_ability(cursor)
        if ability is None or ability.startswith((YOUR_CHOICE, CHOSEN_ABILITIES)):
            cursor.fail("expected the abilities offered")
        offered.append(ability.lower())
        if last:
            break
        if cursor.accept(",", "or") or cursor.accept("or"):
            last = True
        elif not cursor.accept(","):
            cursor.fail("expected the abilities offered")
    if len(offered) == 2:
        return " or ".join(offered)
    return ", ".join(offered[:-1]) + ", or " + offered[-1]


def offered_words(text: str) -> tuple[str, ...]:
    """The choices a granted "your choice of A, B, or C" or "protection from A or from B"
    offers, lower case; nothing for any other ability."""
    if text.startswith(YOUR_CHOICE):
        body = text.removeprefix(YOUR_CHOICE).replace(", or ", ", ").replace(" or ", ", ")
        return tuple(body.split(", "))
    head, sep, second = text.partition(" or from ")
    return (head.partition(" from ")[2].lower(), second.lower()) if sep else ()


def starts_ability(cursor: Cursor, offset: int) -> bool:
    mark = cursor.pos
    cursor.pos += offset
    try:
        return _one_ability(cursor) is not None
    except OracleParseError:
        return False
    finally:
        cursor.pos = mark


def ability_list(cursor: Cursor) -> list[str]:
    """Keyword abilities and quoted abilities: "trample and lifelink", '"{T}: Add {C}."'."""
    names: list[str] = []
    while True:
        ability = _one_ability(cursor)
        if ability is None:
            if not names:
                cursor.fail("expected an ability")
            return names
        names.append(ability)
        if cursor.raw(-1).endswith(',"') and starts_ability(cursor, 0):
            # 'have "Equipped creature gets +2/+0," equip Pirate {1}, and equip {3}'
            # (Gemcutter Buccaneer): the list's comma is printed inside the quotes.
            continue
        if cursor.peek() == "," and cursor.peek(1) == "and" and starts_ability(cursor, 2):
            cursor.pos += 2
            continue
        if cursor.peek() in (",", "and") and starts_ability(cursor, 1):
            cursor.pos += 1
            continue
        return names
