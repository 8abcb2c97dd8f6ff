"""The grammar of "what": verb phrases that become layer parts.

"gets +1/+1" is layer 7c, "has flying" layer 6, "is a Mountain" layer 4, "is
black" layer 5, "has base power and toughness 1/1" layer 7b (CR 613.1, 613.4).
One description ("becomes a 1/5 white Soldier creature") may yield parts in
several layers at once (CR 613.6).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from rules_engine.effects import (
    AbilityChange,
    AffectedKeywordTotal,
    AffectedStat,
    BasicLandTypesAmong,
    CardTypesAmong,
    ColorChange,
    ColorsAmong,
    Const,
    CopyOf,
    CountersOnSource,
    CountObjects,
    Devotion,
    DistinctNames,
    Expr,
    GreatestStat,
    GreatestStatName,
    Half,
    HandSize,
    HowCast,
    LifeTotal,
    ManaSymbols,
    ManaValueOfAffected,
    ModifyPT,
    Negate,
    OpponentCount,
    OpponentsBelowHalfStartingLife,
    Part,
    PartySize,
    PlayerCounters,
    SetName,
    SetPT,
    SpellsCastThisTurn,
    Subject,
    Sum,
    Times,
    TurnTotal,
    TypeChange,
    VarX,
)
from rules_engine.oracle.cursor import Cursor, OracleParseError
from rules_engine.oracle.keywords import read_keyword
from rules_engine.oracle.numbers import NUMBER_WORDS, read_number
from rules_engine.oracle.subjects import SubjectContext, parse_subject
from rules_engine.oracle.text import SELF
from rules_engine.vocabulary import ALL_TYPE_WORDS, COLOR_WORDS

# "the greatest power/toughness/mana value among ...": the stat each wording names.
_GREATEST_STATS: dict[str, GreatestStatName] = {
    "power": "power",
    "toughness": "toughness",
    "mana value": "mana_value",
}

VERBS = {
    "isn't",
    "aren't",
    "get",
    "gets",
    "have",
    "has",
    "gain",
    "gains",
    "lose",
    "loses",
    "is",
    "are",
    "become",
    "becomes",
    "can't",
    "cannot",
    "don't",
    "doesn't",
    "must",
    "may",
    "attack",
    "attacks",
    "block",
    "blocks",
}
# Verbs of rules about what an object can or must do (CR 613.11), e.g. "attacks each
# combat if able": kept as text, since they change no characteristic.
RULE_VERBS = {"can't", "cannot", "don't", "doesn't", "must", "may"}
RULE_VERBS |= {"attack", "attacks", "block", "blocks"}


@dataclass
class PredicateResult:
    """Parts gathered from a subject's verb phrases, plus what was only a rule."""

    parts: list[Part] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    lose_other_types: bool = False


def _signed(token: str) -> int | None:
    if token in ("x", "+x"):
        return None
    try:
        return int(token)
    except ValueError:
        return None


def _pt_pair(token: str) -> tuple[Expr, Expr] | None:
    """ "+1/+1", "-2/-0", "X/X", "1/1" as expressions."""
    if "/" not in token:
        return None
    left, right = token.split("/", 1)

    def one(side: str) -> Expr | None:
        side = side.lower()
        sign = -1 if side.startswith("-") else 1
        body = side.lstrip("+-")
        if body == "x":
            return VarX() if sign > 0 else Negate(VarX())
        if body.isdigit():
            return Const(sign * int(body))
        return None

    p, t = one(left), one(right)
    if p is None or t is None:
        return None
    return p, t


def _color_list(cursor: Cursor) -> frozenset[str]:
    colors: set[str] = set()
    while cursor.peek() in COLOR_WORDS:
        colors.add(COLOR_WORDS[cursor.peek()])
        cursor.pos += 1
        cursor.accept("and")
    return frozenset(colors)


def parse_expression(cursor: Cursor, context: SubjectContext) -> Expr:
    """ "the number of Swamps you control", "your life total", "its mana value", ...,
    and sums of them read left to right: "1 plus the number of lands you control", "the
    number of Zombies on the battlefield plus the number of Zombie cards in all
    graveyards" (CR 604.3: a CDA's value is computed whenever it is needed, 613.4a)."""
    expr = _term(cursor, context)
    while True:
        if cursor.accept("minus"):
            expr = Sum(expr, Negate(_term(cursor, context)))
        elif cursor.accept("plus"):
            expr = Sum(expr, _term(cursor, context))
        else:
            return expr


def _term(cursor: Cursor, context: SubjectContext) -> Expr:
    """One number of a sum: a count, a life total, a stat, or a number."""
    expr: Expr
    if cursor.accept("your", "life", "total"):
        expr = LifeTotal()
    elif cursor.accept("the", "highest", "life", "total", "among", "your", "opponents") or (
        cursor.accept("the", "life", "total", "of", "an", "opponent", "with", "the", "most", "life")
    ):
        expr = LifeTotal("most_opponent")  # Malignus, Roiling Horror
    elif cursor.accept("half"):
        # "half the number of Forests you control, rounded down" (CR 107.1a)
        inner = _term(cursor, context)
        cursor.accept(",")
        if not cursor.accept("rounded"):
            cursor.fail("expected 'rounded up' or 'rounded down' after 'half ...'")
        way = cursor.accept_any("up", "down")
        if way is None:
            cursor.fail("expected 'rounded up' or 'rounded down'")
        expr = Half(inner, up=way == "up")
    elif cursor.accept(
        "the",
        "number",
        "of",
        "cards",
        "in",
        "the",
        "hand",
        "of",
        "the",
        "opponent",
        "with",
        "the",
        "most",
        "cards",
        "in",
        "hand",
    ):
        expr = HandSize("most_opponent")  # Adamaro, First to Desire
    elif cursor.accept("the", "number", "of", "differently", "named"):
        named = parse_subject(cursor, context)
        if named is None:
            cursor.fail("expected what to count after 'differently named'")
        expr = DistinctNames(named)  # Awakened Amalgam (CR 201.2)
    elif cursor.accept("its", "mana", "value") or cursor.accept(
        "that", "creature's", "mana", "value"
    ):
        # "Target creature ... gets +X/+0, where X is that creature's mana value" (Surge of
        # Strength): the affected creature's, fixed as the spell resolves (CR 608.2h).
        expr = ManaValueOfAffected()
    elif cursor.accept("its", "power"):
        expr = AffectedStat("power")
    elif cursor.accept("its", "toughness"):
        expr = AffectedStat("toughness")
    elif cursor.accept("x"):
        expr = VarX()
    elif cursor.accept("your", "devotion", "to"):
        expr = Devotion(_color_list(cursor))
    elif cursor.accept("the", "number", "of", "cards", "in", "your", "hand"):
        expr = HandSize()
    elif _accept_how_cast(cursor, "colors", "of", "mana", "spent", "to", "cast"):
        expr = HowCast("colors_spent")  # converge, sunburst (CR 702.44a)
    elif _accept_how_cast(cursor, "times"):
        expr = HowCast("times_kicked")  # "for each time it was kicked" (CR 702.33c)
    elif cursor.accept("the", "number", "of", "cards", "revealed", "this", "way") or cursor.accept(
        "the", "number", "of", "card", "revealed", "this", "way"
    ):
        expr = HowCast("revealed")  # amplify (CR 702.38a)
    elif _accept_devoured(cursor):
        expr = HowCast("devoured")  # devour (CR 702.82a-b)
    elif (turn := _turn_total(cursor)) is not None:
        expr = turn
    elif cursor.accept("the", "number", "of", "basic", "land", "types", "among"):
        subject = parse_subject(cursor, context)
        if subject is None:
            cursor.fail("expected lands after 'basic land types among'")
        expr = BasicLandTypesAmong(subject)
    elif cursor.accept("the", "number", "of", "colors", "among"):
        subject = parse_subject(cursor, context)
        if subject is None:
            cursor.fail("expected what to look at after 'colors among'")
        expr = ColorsAmong(subject)
    elif cursor.accept("the", "total", "number", "of", "cards", "in", "all", "players'", "hands"):
        expr = HandSize(who="all")
    elif cursor.accept("the", "total"):
        # "the total mana value of other creatures you control" (Ancient Ooze)
        stat = cursor.accept_any("power", "toughness", "mana value")
        if stat is None or not cursor.accept("of"):
            cursor.fail("expected 'the total power/toughness/mana value of'")
        subject = parse_subject(cursor, context)
        if subject is None:
            cursor.fail("expected what to add up")
        expr = GreatestStat(_GREATEST_STATS[stat], subject, total=True)
    elif (symbols := _mana_symbols(cursor, context)) is not None:
        expr = symbols
    elif cursor.accept("the", "greatest") or cursor.accept("the", "highest"):
        stat = cursor.accept_any("power", "toughness", "mana value")
        if stat is None or not cursor.accept("among"):
            cursor.fail("expected 'power/toughness/mana value among'")
        subject = parse_subject(cursor, context)
        if subject is None:
            cursor.fail("expected what to look at")
        expr = GreatestStat(_GREATEST_STATS[stat], subject)
    elif cursor.accept("the", "number", "of", "card", "types", "among"):
        subject = parse_subject(cursor, context)
        if subject is None:
            cursor.fail("expected cards after 'card types among'")
        expr = CardTypesAmong(subject)
    elif cursor.accept("twice"):
        expr = Times(2, _term(cursor, context))
    elif cursor.accept("the", "number", "of", "cards", "in", "the", "chosen", "player's", "hand"):
        expr = HandSize(who="chosen")  # "as ~ enters, choose a player" (CR 614.12)
    elif cursor.accept("the", "number", "of"):
        counters = _counters_on_self(cursor)
        if counters is not None:
            expr = CountersOnSource(counters)
        elif cursor.peek(1) in ("counter", "counters") and cursor.peek(2) == "on":
            kind = cursor.raw()
            cursor.pos += 3
            subject = parse_subject(cursor, context)
            if subject is None:
                cursor.fail("expected what the counters are on")
            expr = CountersOnSource(kind, subject)
        else:
            subject = parse_subject(cursor, context)
            if subject is None:
                cursor.fail("expected what to count")
            expr = CountObjects(subject)
    elif cursor.peek().isdigit() or (
        cursor.peek() in NUMBER_WORDS and cursor.peek() not in ("a", "an")
    ):
        expr = Const(_small_number(cursor))
    else:
        cursor.fail("expected a number")
    return expr


# What the turn's record adds up (``TurnRecord``): "the damage dealt to your opponents this
# turn" (bloodthirst X, 702.54c), "the amount of life you've gained this turn", "the total
# life lost by your opponents this turn", "the number of other spells cast this turn", "the
# number of cards you've drawn this turn" (CR 121.2: each card drawn is one draw).
_TURN_TOTALS: tuple[tuple[str, Expr], ...] = (
    ("the total damage dealt to your opponents this turn", TurnTotal("damage_taken", "opponents")),
    ("the damage dealt to your opponents this turn", TurnTotal("damage_taken", "opponents")),
    ("the amount of life you've gained this turn", TurnTotal("life_gained", "you")),
    ("the amount of life you gained this turn", TurnTotal("life_gained", "you")),
    ("the total life lost by your opponents this turn", TurnTotal("life_lost", "opponents")),
    ("the amount of life your opponents have lost this turn", TurnTotal("life_lost", "opponents")),
    ("the number of other spells cast this turn", SpellsCastThisTurn()),
    ("the number of cards you've drawn this turn", TurnTotal("cards_drawn", "you")),
    ("the number of cards you drew this turn", TurnTotal("cards_drawn", "you")),
    ("the amount of mana spent to cast it", HowCast("mana_spent")),
    ("the sacrificed creature's power", HowCast("sacrificed_power")),
    ("the amount of mana spent to cast ~", HowCast("mana_spent")),
    ("the number of other spell cast this turn", SpellsCastThisTurn()),
)


def _turn_total(cursor: Cursor) -> Expr | None:
    for words, expr in _TURN_TOTALS:
        if cursor.accept(*words.split()):
            return expr
    return None


def _accept_devoured(cursor: Cursor) -> bool:
    """ "the number of creatures devoured this way" (devour's own count, CR 702.82a), "the
    number of creatures devoured by ~" / "it devoured" (702.82b: the ones it devoured)."""
    start = cursor.pos
    if cursor.accept("the", "number", "of") and cursor.accept_any(
        "creatures", "creature", "permanents", "permanent"
    ):
        if cursor.accept("devoured", "this", "way") or cursor.accept("devoured", "by", SELF):
            return True
        if cursor.accept_any("it", SELF) is not None and cursor.accept("devoured"):
            return True
    cursor.pos = start
    return False


def _accept_how_cast(cursor: Cursor, *words: str) -> bool:
    """ "the number of colors of mana spent to cast it/~", "the number of times it was
    kicked" ("color" and "time" too, as "for each ..." reads them)."""
    start = cursor.pos
    if not cursor.accept("the", "number", "of"):
        return False
    head, *rest = words
    if cursor.accept_any(head, head.removesuffix("s")) is not None and cursor.accept(*rest):
        if head == "times":
            if cursor.accept_any("it", SELF) is not None and cursor.accept("was", "kicked"):
                return True
        elif cursor.accept_any("it", SELF, "this spell") is not None:
            return True
    cursor.pos = start
    return False


def _small_number(cursor: Cursor) -> int:
    token = cursor.peek()
    value = read_number(token)
    if value is None:
        cursor.fail("expected a number")
    cursor.pos += 1
    return value


def _mana_symbols(cursor: Cursor, context: SubjectContext) -> ManaSymbols | None:
    """ "the number of green mana symbols in the mana costs of permanents you control"."""
    start = cursor.pos
    if cursor.accept("the", "number", "of"):
        color = cursor.accept_any(*COLOR_WORDS)
        if color is not None and cursor.accept(
            "mana", "symbols", "in", "the", "mana", "costs", "of"
        ):
            subject = parse_subject(cursor, context)
            if subject is not None:
                return ManaSymbols(frozenset({COLOR_WORDS[color]}), subject)
    cursor.pos = start
    return None


def _counters_on_self(cursor: Cursor) -> str | None:
    """ "charge counters on ~" -> "charge"."""
    start = cursor.pos
    kind = cursor.raw()
    if (
        cursor.peek(1) in ("counter", "counters")
        and cursor.peek(2) == "on"
        and cursor.peek(3) in (SELF, "it")
    ):
        cursor.pos += 4
        return kind
    cursor.pos = start
    return None


def _that_number_plus(cursor: Cursor, base: Expr) -> Expr:
    if cursor.accept("that", "number", "plus"):
        token = cursor.peek()
        value = read_number(token)
        if value is None:
            cursor.fail("expected a number after 'plus'")
        cursor.pos += 1
        return Sum(base, Const(value))
    if cursor.accept("that", "number"):
        return base
    return parse_expression(cursor, SubjectContext())


# Qualities a protection ability may name (CR 702.16a); the last three are worked out as the
# ability is granted (apply.py): the player chosen as the source entered (702.16j), the
# colors of its controller's permanents, and the affected object's own colors.
_QUALITY_WORDS = (
    "the chosen color",
    "the color of your choice",
    "everything",
    "all colors",
    "each color",  # today's wording of "all colors" (CR 702.16a)
    "the chosen player",
    "the colors of permanents you control",
    "its colors",
)


def _quality_word(word: str, *, negated_only: bool = False) -> bool:
    """A word protection can be from: a color, a type, "monocolored", or "non-" one of them."""
    if word.startswith("non") and word not in ALL_TYPE_WORDS:
        return _quality_word(word.removeprefix("non").removeprefix("-"))
    if negated_only:
        return False
    return (
        word in COLOR_WORDS
        or word in ALL_TYPE_WORDS
        or word.startswith("mono")
        or word == "multicolored"
    )


def _one_ability(cursor: Cursor) -> str | None:
    """One keyword ability (with its parameter) or quoted ability, or None."""
    raw = cursor.raw()
    word = cursor.peek()
    if raw.startswith('"'):
        cursor.pos += 1
        text = raw.strip('"')
        # Minimus Containment: 'a Treasure artifact with "{T}, ...: Add one mana of any
        # color," and it loses ...': the comma inside the quote belongs to the sentence
        # around it; the ability itself ends with a period.
        return text[:-1] + "." if text.endswith(",") else text
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


def _starts_ability(cursor: Cursor, offset: int) -> bool:
    mark = cursor.pos
    cursor.pos += offset
    try:
        return _one_ability(cursor) is not None
    except OracleParseError:
        return False
    finally:
        cursor.pos = mark


def _ability_list(cursor: Cursor) -> list[str]:
    """Keyword abilities and quoted abilities: "trample and lifelink", '"{T}: Add {C}."'."""
    names: list[str] = []
    while True:
        ability = _one_ability(cursor)
        if ability is None:
            if not names:
                cursor.fail("expected an ability")
            return names
        names.append(ability)
        if cursor.peek() == "," and cursor.peek(1) == "and" and _starts_ability(cursor, 2):
            cursor.pos += 2
            continue
        if cursor.peek() in (",", "and") and _starts_ability(cursor, 1):
            cursor.pos += 1
            continue
        return names


@dataclass
class _Description:
    """What "is"/"becomes" says an object is, before it is split into layers."""

    types: set[str] = field(default_factory=set)
    subtypes: set[str] = field(default_factory=set)
    supertypes: set[str] = field(default_factory=set)
    colors: set[str] = field(default_factory=set)
    colorless: bool = False
    chosen_color: bool = False
    chosen_type: bool = False
    all_creature_types: bool = False
    every_basic_land_type: bool = False
    pt: tuple[Expr, Expr] | None = None
    grants: list[str] = field(default_factory=list)
    add_types: bool = False
    add_colors: bool = False
    still: bool = False
    copy: CopyOf | None = None
    name: str | None = None


def _description_words(cursor: Cursor, d: _Description) -> None:
    """Colors, P/T, supertypes, subtypes and types in any printed order."""
    while True:
        raw = cursor.raw()
        word = cursor.peek()
        pair = _pt_pair(raw)
        if pair is not None:
            d.pt = pair
        elif word in COLOR_WORDS:
            d.colors.add(COLOR_WORDS[word])
        elif word == "colorless":
            d.colorless = True
        elif word == "and" and (
            cursor.peek(1) in COLOR_WORDS
            or (cursor.peek(1) in ALL_TYPE_WORDS and cursor.peek(1) not in ("a", "an"))
        ):
            pass
        elif word == "," and d.subtypes and _subtype_follows(cursor):
            pass  # "a Mountain, Forest, and Plains" (Lush Growth)
        elif word in ALL_TYPE_WORDS:
            kind, canonical = ALL_TYPE_WORDS[word]
            {"type": d.types, "supertype": d.supertypes, "subtype": d.subtypes}[kind].add(canonical)
        else:
            return
        cursor.pos += 1


def _subtype_follows(cursor: Cursor) -> bool:
    """After a comma in a list of subtypes: another subtype ("Forest", "and Plains")."""
    offset = 2 if cursor.peek(1) == "and" else 1
    return ALL_TYPE_WORDS.get(cursor.peek(offset), ("", ""))[0] == "subtype"


def _parse_description(cursor: Cursor, context: SubjectContext) -> _Description:
    d = _Description()
    cursor.accept("a") or cursor.accept("an")
    if cursor.accept("copy", "of"):
        subject = parse_subject(cursor, context)
        if subject is None:
            cursor.fail("expected what it copies")
        d.copy = CopyOf(source="target" if subject.kind == "targets" else "chosen")
        return d
    if (
        cursor.accept("the", "chosen", "color")
        or cursor.accept("the", "color", "of", "your", "choice")
        or cursor.accept("the", "color", "or", "colors", "of", "your", "choice")
    ):
        d.chosen_color = True
    elif cursor.accept("all", "colors"):
        d.colors |= {"W", "U", "B", "R", "G"}
    elif (
        cursor.accept("the", "chosen", "type")
        or cursor.accept("the", "creature", "type", "of", "your", "choice")
        or cursor.accept("the", "basic", "land", "type", "of", "your", "choice")
        or cursor.accept(
            "that", "type"
        )  # "Choose a creature type. Each creature becomes that type"
    ):
        # The choice is the board's choices.creature_type or choices.land_type (305.7).
        d.chosen_type = True
    elif cursor.accept("every", "basic", "land", "type"):
        d.every_basic_land_type = True
    elif cursor.accept("every", "creature", "type"):
        d.all_creature_types = True
    _description_words(cursor, d)
    while True:
        if cursor.accept("with", "base", "power", "and", "toughness") or cursor.accept(
            "with", "power", "and", "toughness"
        ):
            pair = _pt_pair(cursor.raw())
            if pair is not None:
                cursor.pos += 1
                d.pt = pair
            elif cursor.accept("each", "equal", "to"):
                expr = parse_expression(cursor, context)
                d.pt = (expr, expr)
            else:
                cursor.fail("expected power and toughness")
        elif cursor.accept(
            "with", "base", "power", "and", "base", "toughness", "each", "equal", "to"
        ):
            expr = parse_expression(cursor, context)
            d.pt = (expr, expr)
        elif cursor.accept("with", "all", "creature", "types"):
            d.all_creature_types = True
        elif cursor.peek() == "with" and _starts_ability(cursor, 1):
            cursor.pos += 1
            d.grants.extend(_ability_list(cursor))
        elif cursor.accept("named"):
            words = []
            while cursor.raw() and not cursor.at_end() and cursor.peek() not in ("until", "and"):
                words.append(cursor.raw())
                cursor.pos += 1
            d.name = " ".join(words)
        elif cursor.peek() == "and" and (
            cursor.peek(1) in ALL_TYPE_WORDS or cursor.peek(1) in COLOR_WORDS
        ):
            cursor.pos += 1
            _description_words(cursor, d)
        elif (
            cursor.accept("that's", "still", "a")
            or cursor.accept("that's", "still", "an")
            or cursor.accept("that", "is", "still", "a")  # Gideon, Ally of Zendikar's wording
            or cursor.accept("that", "is", "still", "an")
            or cursor.accept("that", "are", "still")
        ):
            if cursor.peek() not in ALL_TYPE_WORDS:
                cursor.fail("expected what it still is")
            cursor.pos += 1
            d.still = True
        elif cursor.accept(
            "in", "addition", "to", "its", "other", "colors", "and", "types"
        ) or cursor.accept("in", "addition", "to", "their", "other", "colors", "and", "types"):
            d.add_colors = True
            d.add_types = True
        elif cursor.accept("in", "addition", "to", "its", "other", "colors") or cursor.accept(
            "in", "addition", "to", "their", "other", "colors"
        ):
            d.add_colors = True
        elif cursor.accept("in", "addition", "to", "its", "other") or cursor.accept(
            "in", "addition", "to", "their", "other"
        ):
            cursor.accept("land") or cursor.accept("creature")
            cursor.expect("types") if cursor.peek() == "types" else cursor.expect("type")
            d.add_types = True
        else:
            return d


def _description_parts(d: _Description) -> list[Part]:
    """Split a description into its layers (CR 613.6), with CR 205.1 for types."""
    parts: list[Part] = []
    if d.copy is not None:
        return [Part("1a", d.copy)]
    if (
        d.types
        or d.subtypes
        or d.supertypes
        or d.chosen_type
        or d.all_creature_types
        or d.every_basic_land_type
    ):
        # CR 205.1b: "in addition", "still a land" and "artifact creature" keep prior types.
        artifact_creature = {"Artifact", "Creature"} <= d.types
        retain = d.add_types or d.still or artifact_creature
        keep_subtypes = d.add_types or d.still
        parts.append(
            Part(
                "4",
                TypeChange(
                    set_types=None if retain or not d.types else frozenset(d.types),
                    add_types=frozenset(d.types) if retain else frozenset(),
                    retain=retain,
                    set_subtypes=None if keep_subtypes or not d.subtypes else frozenset(d.subtypes),
                    add_subtypes=frozenset(d.subtypes) if keep_subtypes else frozenset(),
                    set_chosen_type=d.chosen_type and not d.add_types,
                    add_chosen_type=d.chosen_type and d.add_types,
                    all_creature_types=d.all_creature_types,
                    every_basic_land_type=d.every_basic_land_type,
                    add_supertypes=frozenset(d.supertypes),
                ),
            )
        )
    if d.colors or d.colorless or d.chosen_color:
        parts.append(
            Part(
                "5",
                ColorChange(
                    colors=frozenset(d.colors),
                    chosen=d.chosen_color,
                    add=d.add_colors,
                ),
            )
        )
    if d.name:
        parts.append(Part("3", SetName(d.name)))
    if d.grants:
        parts.append(Part("6", AbilityChange(grant=tuple(d.grants))))
    if d.pt is not None:
        parts.append(Part("7b", SetPT(*d.pt)))
    return parts


def _lose(cursor: Cursor, result: PredicateResult) -> None:
    if cursor.accept("all", "abilities", "except", "mana", "abilities"):
        result.parts.append(Part("6", AbilityChange(remove_all=True, except_mana=True)))
    elif cursor.accept("all", "abilities"):
        result.parts.append(Part("6", AbilityChange(remove_all=True)))
    elif cursor.accept("all", "land", "types", "and", "abilities"):
        result.parts.append(
            Part("4", TypeChange(lose_subtype_kinds=frozenset({"Land"}), retain=True))
        )
        result.parts.append(Part("6", AbilityChange(remove_all=True)))
    elif cursor.accept("all", "land", "types"):
        result.parts.append(
            Part("4", TypeChange(lose_subtype_kinds=frozenset({"Land"}), retain=True))
        )
    elif cursor.accept("all", "creature", "types"):
        result.parts.append(Part("4", TypeChange(lose_all_creature_types=True, retain=True)))
    elif cursor.accept("all", "other", "card", "types", "and", "abilities") or cursor.accept(
        "all", "other", "abilities", ",", "card", "types", ",", "and", "creature", "types"
    ):
        result.lose_other_types = True
        result.parts.append(Part("6", AbilityChange(remove_all=True)))
    elif cursor.accept("all", "other", "abilities"):
        result.parts.append(Part("6", AbilityChange(remove_all=True)))
    else:
        names = _ability_list(cursor)
        removed = frozenset(n.lower() for n in names)
        if cursor.accept("and", "can't", "have", "or", "gain"):
            again = _ability_list(cursor)
            result.parts.append(
                Part(
                    "6",
                    AbilityChange(remove=removed, cant_have=frozenset(n.lower() for n in again)),
                )
            )
        else:
            result.parts.append(Part("6", AbilityChange(remove=removed)))


def _get(cursor: Cursor, context: SubjectContext, result: PredicateResult) -> None:
    # "it gets an additional +1/+0" (Silver-Inlaid Dagger): one more effect of its own.
    cursor.accept("an", "additional")
    pair = _pt_pair(cursor.raw())
    if pair is None:
        cursor.fail("expected +N/+N")
    cursor.pos += 1
    power, toughness = pair
    if cursor.accept("for", "each"):
        count = _for_each(cursor, context)
        power = _scale(power, count)
        toughness = _scale(toughness, count)
        # "+1/+1 for each creature you control and +1/+1 for each Aura you control"
        # (Eidolon of Countless Battles): the bonuses add up.
        while (
            cursor.peek() == "and"
            and (more := _pt_pair(cursor.raw(1))) is not None
            and (cursor.peek(2), cursor.peek(3)) == ("for", "each")
        ):
            cursor.pos += 4
            count = _for_each(cursor, context)
            power = Sum(power, _scale(more[0], count))
            toughness = Sum(toughness, _scale(more[1], count))
    result.parts.append(Part("7c", ModifyPT(power, toughness)))


# "for each opponent whose life total is less than half their starting life total"
_BELOW_HALF_STARTING_LIFE = (
    "opponent",
    "whose",
    "life",
    "total",
    "is",
    "less",
    "than",
    "half",
    "their",
    "starting",
    "life",
    "total",
)


def _for_each(cursor: Cursor, context: SubjectContext) -> Expr:
    """What "for each" counts: counters, cards in a hand, players, objects ..."""
    count: Expr
    kind = _counters_on_self(cursor) or _counters_on_it(cursor)
    if kind is not None:
        count = CountersOnSource(kind)
    elif cursor.peek(2) in (SELF, "it") and cursor.accept("counter", "on"):
        cursor.pos += 1
        count = CountersOnSource("")  # "for each counter on ~": every kind (Gavel)
    elif cursor.accept("opponent", "you", "have") or (
        cursor.peek() == "opponent"
        and cursor.peek(1) in ("", ".", "until")
        and cursor.accept("opponent")
    ):
        count = OpponentCount()  # Blazing Sunsteel (CR 102.3)
    elif cursor.accept("card", "in", "your", "opponents'", "hands"):
        count = HandSize("opponents")
    elif cursor.accept("card", "in", "your", "hand"):
        count = HandSize()
    elif cursor.accept("card", "in", "its", "controller's", "hand"):
        count = HandSize("affected_controller")
    elif cursor.accept("card", "in", "the", "chosen", "player's", "hand"):
        count = HandSize("chosen")
    elif cursor.accept(*_BELOW_HALF_STARTING_LIFE):
        count = OpponentsBelowHalfStartingLife()  # Anya, Merciless Angel
    elif (held := _player_counters(cursor)) is not None:
        count = held
    elif cursor.peek(1) == "counter" and (
        (cursor.peek(2) == "on" and cursor.peek(3) != "it") or cursor.peek(2) == "among"
    ):
        # "+1/+1 for each +1/+1 counter on other creatures you control" (Gleam of Authority),
        # "for each lore counter among Sagas you control" (Chong and Lily)
        kind = cursor.raw()
        cursor.pos += 3
        holders = parse_subject(cursor, context)
        if holders is None:
            cursor.fail("expected what the counters are on")
        count = CountersOnSource(kind, holders)
    elif cursor.accept("point", "of", "bushido", "it", "has"):
        count = AffectedKeywordTotal("bushido")  # Takeno, Samurai General (CR 702.45b)
    elif (
        (color := cursor.peek()) in COLOR_WORDS
        and cursor.peek(1) == "mana"
        and cursor.accept(color, "mana", "symbol", "in", "its", "mana", "cost")
    ):
        count = ManaSymbols(frozenset({COLOR_WORDS[color]}), None)  # CR 107.4e
    elif cursor.accept("of", "its", "colors"):
        count = AffectedStat("colors")  # Civic Saber, Knight of New Alara
    elif cursor.accept("basic", "land", "type", "among"):
        lands = parse_subject(cursor, context)
        if lands is None:
            cursor.fail("expected lands after 'basic land type among'")
        count = BasicLandTypesAmong(lands)
    elif cursor.accept("creature", "in", "your", "party"):
        count = PartySize(_creatures_you_control(context))
    elif cursor.accept("color", "among"):
        among = parse_subject(cursor, context)
        if among is None:
            cursor.fail("expected what to look at after 'color among'")
        count = ColorsAmong(among)
    else:
        counted = parse_subject(cursor, context)
        if counted is None:
            cursor.fail("expected what to count after 'for each'")
        count = CountObjects(counted)
    return count


def _player_counters(cursor: Cursor) -> PlayerCounters | None:
    """ "experience counter you have", "poison counter your opponents have" (CR 122.1)."""
    if cursor.peek(1) != "counter":
        return None
    for who, words in (("you", ("you", "have")), ("opponents", ("your", "opponents", "have"))):
        if all(cursor.peek(2 + i) == w for i, w in enumerate(words)):
            kind = cursor.raw()
            cursor.pos += 2 + len(words)
            return PlayerCounters(kind, who)  # type: ignore[arg-type]
    return None


def _creatures_you_control(context: SubjectContext) -> Subject:
    cursor = Cursor(["creatures", "you", "control"], sentence="creatures you control")
    subject = parse_subject(cursor, context)
    assert subject is not None
    return subject


def _counters_on_it(cursor: Cursor) -> str | None:
    """ "+1/+1 counter on it" (the affected object is the source in self-pumps)."""
    start = cursor.pos
    kind = cursor.raw()
    if cursor.peek(1) == "counter" and cursor.peek(2) == "on" and cursor.peek(3) == "it":
        cursor.pos += 4
        return kind
    cursor.pos = start
    return None


def _scale(per: Expr, count: Expr) -> Expr:
    if isinstance(per, Const):
        return Times(per.value, count)
    return per


def _have(cursor: Cursor, context: SubjectContext, result: PredicateResult) -> None:
    if cursor.accept("base", "power", "and", "toughness") or cursor.accept(
        "base", "power", "and", "base", "toughness"
    ):
        pair = _pt_pair(cursor.raw())
        if pair is not None:
            cursor.pos += 1
            result.parts.append(Part("7b", SetPT(*pair)))
            return
        if cursor.accept("each", "equal", "to"):
            expr = parse_expression(cursor, context)
            result.parts.append(Part("7b", SetPT(expr, expr)))
            return
        cursor.fail("expected base power and toughness")
    if cursor.accept("base", "power") or cursor.accept("base", "toughness"):
        stat = cursor.tokens[cursor.pos - 1].lower()
        token = cursor.peek()
        if not token.lstrip("-").isdigit():
            cursor.fail(f"expected a number for base {stat}")
        cursor.pos += 1
        value = Const(int(token))
        result.parts.append(
            Part("7b", SetPT(value, None) if stat == "power" else SetPT(None, value))
        )
        return
    if cursor.accept("all", "activated", "abilities", "of"):
        subject = parse_subject(cursor, context)
        if subject is None:
            cursor.fail("expected whose abilities")
        result.parts.append(Part("6", AbilityChange(grant_from=subject)))
        return
    if cursor.accept("all", "creature", "types"):
        result.parts.append(Part("4", TypeChange(all_creature_types=True, retain=True)))
        return
    names = _ability_list(cursor)
    result.parts.append(Part("6", AbilityChange(grant=tuple(names))))


def parse_predicates(cursor: Cursor, context: SubjectContext) -> PredicateResult:
    """Verb phrases joined by "and" / ", and", each adding parts."""
    result = PredicateResult()
    verb = ""
    while True:
        cursor.accept("it") or cursor.accept("they")
        cursor.accept("each")
        cursor.accept("also")  # "White creatures you control also gain first strike"
        after_get = verb in ("get", "gets")
        verb = cursor.peek()
        if after_get and verb not in VERBS and _starts_ability(cursor, 0):
            # "Target creature gets +1/+1 and flying until end of turn" (Maximize Altitude):
            # the keyword after "gets +N/+N and" is gained, as if "gains" were written.
            result.parts.append(Part("6", AbilityChange(grant=tuple(_ability_list(cursor)))))
        elif verb in ("get", "gets"):
            cursor.pos += 1
            _get(cursor, context, result)
        elif verb in ("have", "has"):
            cursor.pos += 1
            _have(cursor, context, result)
        elif verb in ("gain", "gains"):
            cursor.pos += 1
            if cursor.accept("all", "creature", "types"):
                result.parts.append(Part("4", TypeChange(all_creature_types=True, retain=True)))
            else:
                result.parts.append(Part("6", AbilityChange(grant=tuple(_ability_list(cursor)))))
        elif verb in ("lose", "loses"):
            cursor.pos += 1
            _lose(cursor, result)
        elif verb in ("is", "are") and cursor.peek(1) == "goaded":
            # CR 701.15b: a goaded creature attacks each combat if able, and a player other
            # than the goading player if able: a rule about attacking, no characteristic.
            result.rules.append(" ".join(cursor.tokens[cursor.pos : cursor.pos + 2]))
            cursor.pos += 2
        elif verb in ("is", "are", "become", "becomes"):
            cursor.pos += 1
            description = _parse_description(cursor, context)
            parts = _description_parts(description)
            if not parts:
                cursor.fail("expected what it is")
            result.parts.extend(parts)
        elif verb in ("isn't", "aren't"):
            cursor.pos += 1
            cursor.accept("a") or cursor.accept("an")
            removed: set[str] = set()
            while cursor.peek() in ALL_TYPE_WORDS and ALL_TYPE_WORDS[cursor.peek()][0] == "type":
                removed.add(ALL_TYPE_WORDS[cursor.peek()][1])
                cursor.pos += 1
            if not removed:
                cursor.fail("expected the card type it isn't")
            result.parts.append(Part("4", TypeChange(remove_types=frozenset(removed), retain=True)))
        elif verb in RULE_VERBS:
            # CR 613.11: rules-modifying effects are not characteristics; kept as text. A
            # verb of a characteristic after it still applies: "~ can't be attacked and has
            # "..."" (The Aetherspark) grants the ability in layer 6.
            end = _rule_end(cursor)
            result.rules.append(" ".join(cursor.tokens[cursor.pos : end]))
            cursor.pos = end
            if end < len(cursor.tokens):
                cursor.pos += 1  # the "and"
                continue
            return result
        else:
            cursor.fail("expected a verb such as gets, has, loses or is")
        if cursor.peek() == "," and cursor.peek(1) == "and":
            cursor.pos += 2
            continue
        if cursor.peek() == "and" or (cursor.peek() == "," and cursor.peek(1) in VERBS):
            cursor.pos += 1
            continue
        return result


_AFTER_RULE = {"has", "have", "gets", "get"}


def _rule_end(cursor: Cursor) -> int:
    """Where a rule's words end: at "and" before a verb of a characteristic, or the end."""
    for index in range(cursor.pos + 1, len(cursor.tokens) - 1):
        if cursor.tokens[index] == "and" and cursor.tokens[index + 1].lower() in _AFTER_RULE:
            return index
    return len(cursor.tokens)


def merge_type_parts(parts: list[Part], lose_other_types: bool) -> list[Part]:
    """ "loses all other card types" turns kept types into set types (Darksteel Mutation)."""
    if not lose_other_types:
        return parts
    merged: list[Part] = []
    for part in parts:
        action = part.action
        if isinstance(action, TypeChange) and (action.add_types or action.set_types):
            types = (action.set_types or frozenset()) | action.add_types
            subtypes = action.set_subtypes or action.add_subtypes or frozenset()
            action = replace(
                action,
                set_types=types,
                add_types=frozenset(),
                retain=False,
                set_subtypes=subtypes if subtypes else None,
                add_subtypes=frozenset(),
                lose_other_types=True,
            )
        merged.append(Part(part.layer, action))
    return merged
