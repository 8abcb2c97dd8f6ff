"""The grammar of "how much": the numbers an effect counts.

"the number of Swamps you control", "your life total", "its power", "half ..., rounded
down", sums of them, and what "for each" counts, as expressions worked out whenever they
are needed (CR 604.3, 613.4a). Also the "+N/+N" pairs that "gets" and "becomes" name.
"""

from __future__ import annotations

from collections.abc import Callable

from rules_engine.affected import Subject
from rules_engine.effects import (
    AffectedKeywordTotal,
    AffectedStat,
    BasicLandTypesAmong,
    CardTypesAmong,
    ColorsAmong,
    CommanderCasts,
    Const,
    CountersOnSource,
    CountObjects,
    Devotion,
    DistinctNames,
    EnteredThisTurnCount,
    Expr,
    GreatestStat,
    GreatestStatName,
    Half,
    HandSize,
    HowCast,
    LifeTotal,
    ManaSymbols,
    ManaValueOfAffected,
    Negate,
    OpponentCount,
    OpponentsBelowHalfStartingLife,
    PartySize,
    PlayerCounters,
    PlayersLost,
    SpellsCastThisTurn,
    Sum,
    Times,
    TimesAttacked,
    TurnTotal,
    VarX,
    YourSpeed,
)
from rules_engine.oracle.cursor import Cursor
from rules_engine.oracle.numbers import NUMBER_WORDS, read_number
from rules_engine.oracle.subjects import EXILED_CARD, SubjectContext, parse_subject
from rules_engine.oracle.text import SELF
from rules_engine.vocabulary import COLOR_WORDS

# "the greatest power/toughness/mana value among ...": the stat each wording names.
_GREATEST_STATS: dict[str, GreatestStatName] = {
    "power": "power",
    "toughness": "toughness",
    "mana value": "mana_value",
}


def pt_pair(token: str) -> tuple[Expr, Expr] | None:
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
    for read in _TERMS:
        expr = read(cursor, context)
        if expr is not None:
            return expr
    cursor.fail("expected a number")


# A reader of one term: its value, with the cursor past it; None (cursor unmoved) if the
# words at the cursor are not its.
_TermReader = Callable[[Cursor, SubjectContext], Expr | None]


def _phrase(*wordings: str, expr: Expr) -> _TermReader:
    """A term that is one of fixed wordings, always the same value."""
    split = tuple(tuple(wording.split()) for wording in wordings)

    def read(cursor: Cursor, context: SubjectContext) -> Expr | None:
        return expr if any(cursor.accept(*words) for words in split) else None

    return read


def _among(wording: str, make: Callable[[Subject], Expr], missing: str) -> _TermReader:
    """A term about the objects a subject names: "the number of colors among ..."."""
    words = tuple(wording.split())

    def read(cursor: Cursor, context: SubjectContext) -> Expr | None:
        if not cursor.accept(*words):
            return None
        subject = parse_subject(cursor, context)
        if subject is None:
            cursor.fail(missing)
        return make(subject)

    return read


def _half(cursor: Cursor, context: SubjectContext) -> Expr | None:
    """ "half the number of Forests you control, rounded down" (CR 107.1a)."""
    if not cursor.accept("half"):
        return None
    inner = _term(cursor, context)
    cursor.accept(",")
    if not cursor.accept("rounded"):
        cursor.fail("expected 'rounded up' or 'rounded down' after 'half ...'")
    way = cursor.accept_any("up", "down")
    if way is None:
        cursor.fail("expected 'rounded up' or 'rounded down'")
    return Half(inner, up=way == "up")


def _devotion(cursor: Cursor, context: SubjectContext) -> Expr | None:
    if not cursor.accept("your", "devotion", "to"):
        return None
    return Devotion(_color_list(cursor))


def _how_cast(words: str, expr: HowCast) -> _TermReader:
    """ "the number of colors of mana spent to cast it", "... times it was kicked"."""
    split = tuple(words.split())

    def read(cursor: Cursor, context: SubjectContext) -> Expr | None:
        return expr if _accept_how_cast(cursor, *split) else None

    return read


def _devoured(cursor: Cursor, context: SubjectContext) -> Expr | None:
    return HowCast("devoured") if _accept_devoured(cursor) else None  # CR 702.82a-b


def _turn_total_term(cursor: Cursor, context: SubjectContext) -> Expr | None:
    return _turn_total(cursor)


def _party_size(cursor: Cursor, context: SubjectContext) -> Expr | None:
    """ "the number of creatures in your party" (Allied Assault, Archpriest of Iona): CR
    700.8, up to one each of Cleric, Rogue, Warrior and Wizard among your creatures."""
    if cursor.accept("the", "number", "of", "creatures", "in", "your", "party"):
        return PartySize(_creatures_you_control(context))
    return None


def _total(cursor: Cursor, context: SubjectContext) -> Expr | None:
    """ "the total mana value of other creatures you control" (Ancient Ooze)."""
    if not cursor.accept("the", "total"):
        return None
    stat = cursor.accept_any("power", "toughness", "mana value")
    if stat is None or not cursor.accept("of"):
        cursor.fail("expected 'the total power/toughness/mana value of'")
    subject = parse_subject(cursor, context)
    if subject is None:
        cursor.fail("expected what to add up")
    return GreatestStat(_GREATEST_STATS[stat], subject, total=True)


def _greatest(cursor: Cursor, context: SubjectContext) -> Expr | None:
    """ "the greatest power among creatures you control"."""
    if not (cursor.accept("the", "greatest") or cursor.accept("the", "highest")):
        return None
    stat = cursor.accept_any("power", "toughness", "mana value")
    if stat is None or not cursor.accept("among"):
        cursor.fail("expected 'power/toughness/mana value among'")
    subject = parse_subject(cursor, context)
    if subject is None:
        cursor.fail("expected what to look at")
    return GreatestStat(_GREATEST_STATS[stat], subject)


def _exiled_card_stat(cursor: Cursor, context: SubjectContext) -> Expr | None:
    """ "the exiled card's power" (Drach'Nyen), "... mana value" (Idris) in a static
    ability: the card exiled with ~ by its linked ability (CR 607.2a), 0 with none."""
    if not (context.static and cursor.accept("the", "exiled", "card's")):
        return None
    stat = cursor.accept_any("power", "toughness", "mana value")
    if stat is None:
        cursor.fail("expected the exiled card's power, toughness or mana value")
    return GreatestStat(_GREATEST_STATS[stat], EXILED_CARD, total=True)


def _twice(cursor: Cursor, context: SubjectContext) -> Expr | None:
    return Times(2, _term(cursor, context)) if cursor.accept("twice") else None


def _number_of(cursor: Cursor, context: SubjectContext) -> Expr | None:
    """ "the number of charge counters on ~", "... +1/+1 counters on creatures you control",
    "the number of Swamps you control"."""
    if not cursor.accept("the", "number", "of"):
        return None
    if (held := _player_counters(cursor)) is not None:
        return held  # "the number of experience counters you have" (Minthara, CR 122.1)
    counters = _counters_on_self(cursor)
    if counters is not None:
        return CountersOnSource(counters)
    if cursor.accept("counters", "on", SELF) or cursor.accept("counters", "on", "it"):
        # "the number of counters on ~" (Hancock, Ghoulish Mayor): every kind (CR 122.1).
        return CountersOnSource("")
    if cursor.peek(1) in ("counter", "counters") and cursor.peek(2) in ("on", "among"):
        # "... +1/+1 counters on creatures you control", "... among other creatures you
        # control" (Ascendant Acolyte): every counter of the kind on each of them.
        kind = cursor.raw()
        cursor.pos += 3
        subject = parse_subject(cursor, context)
        if subject is None:
            cursor.fail("expected what the counters are on")
        return CountersOnSource(kind, subject)
    subject = parse_subject(cursor, context)
    if subject is None:
        cursor.fail("expected what to count")
    return CountObjects(subject)


def _constant(cursor: Cursor, context: SubjectContext) -> Expr | None:
    if cursor.peek().isdigit() or (
        cursor.peek() in NUMBER_WORDS and cursor.peek() not in ("a", "an")
    ):
        return Const(_small_number(cursor))
    return None


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
    # Greven, Predator Captain: the life you lost this turn (CR 119.3).
    ("the amount of life you've lost this turn", TurnTotal("life_lost", "you")),
    ("the amount of life you lost this turn", TurnTotal("life_lost", "you")),
    # CR 700.4: under whose control each died.
    (
        "the number of creatures that died under your control this turn",
        TurnTotal("creatures_died_under", "you"),
    ),
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


# "for each time you've cast your commander from the command zone this game" (CR 903.8).
_COMMANDER_CASTS: tuple[str, ...] = ("time", "you've", "cast", "your", "commander", "from")
_COMMANDER_CASTS += ("the", "command", "zone", "this", "game")


def for_each(cursor: Cursor, context: SubjectContext) -> Expr:
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
    elif cursor.accept("time", "it", "has", "attacked", "this", "turn"):
        count = TimesAttacked("affected")  # Moraug, Fury of Akoum (CR 508.1a)
    elif cursor.accept("time", SELF, "attacked", "this", "game") or cursor.accept(
        "time", "this", "creature", "attacked", "this", "game"
    ):
        count = TimesAttacked("source", this_game=True)  # Rampaging Ursaguana
    elif cursor.accept("player", "who", "has", "lost", "the", "game"):
        count = PlayersLost()  # Rampant Frogantua (CR 104.3)
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
    elif cursor.accept("mana", "from", "a", "treasure", "that", "was", "spent", "to", "cast", SELF):
        count = HowCast("treasure_mana")  # Spoils of the Hunt (CR 601.2h): the step's choices
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
    elif cursor.accept("of", "its", "creature", "types"):
        count = AffectedStat("creature_types")  # Diligent Zookeeper (CR 205.3m)
    elif cursor.accept(*_COMMANDER_CASTS):
        count = CommanderCasts()  # Commander's Insignia: commander tax's count (CR 903.8)
    elif cursor.accept("supertype", ",", "card", "type", ",", "and", "subtype", "it", "has"):
        count = AffectedStat("type_words")  # Embiggen (CR 205.2a, 205.3a, 205.4a)
    elif cursor.accept("basic", "land", "type", "among"):
        lands = parse_subject(cursor, context)
        if lands is None:
            cursor.fail("expected lands after 'basic land type among'")
        count = BasicLandTypesAmong(lands)
    elif cursor.accept("creature", "in", "your", "party"):
        count = PartySize(_creatures_you_control(context))
    elif cursor.accept("card", "you've", "drawn", "this", "turn") or cursor.accept(
        "card", "you", "drew", "this", "turn"
    ):
        count = TurnTotal("cards_drawn", "you")  # Fists of Flame (CR 121.2)
    elif _commander_casts(cursor):
        # Vanguard of the Restless: what commander tax counts (CR 903.8), the board's
        # ``commander_casts`` for the source's controller.
        count = CommanderCasts()
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


def _commander_casts(cursor: Cursor) -> bool:
    """ "time you've cast your commander (or a commander) from the command zone this game"."""
    mark = cursor.pos
    if (
        cursor.accept("time", "you've", "cast")
        and cursor.accept_any("your", "a")
        and cursor.accept("commander", "from", "the", "command", "zone", "this", "game")
    ):
        return True
    cursor.pos = mark
    return False


def _player_counters(cursor: Cursor) -> PlayerCounters | None:
    """ "experience counter you have", "poison counter your opponents have", "poison counter
    its controller has" (CR 122.1); "experience counters you have" after "the number of"."""
    if cursor.peek(1) not in ("counter", "counters"):
        return None
    for who, words in (
        ("you", ("you", "have")),
        ("opponents", ("your", "opponents", "have")),
        ("affected_controller", ("its", "controller", "has")),
    ):
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


def scale(per: Expr, count: Expr) -> Expr:
    if isinstance(per, Const):
        return Times(per.value, count)
    return per


# Every term, tried in this order; the first that reads the words wins. The order matters
# where one wording begins another: the fixed "the number of ..." wordings (cards in a
# hand, colors spent, devoured, mana symbols, card types) come before the general "the
# number of <subject>" near the end, "the total number of cards in all players' hands"
# before "the total <stat> of", and a bare number last.
_TERMS: tuple[_TermReader, ...] = (
    _phrase("your life total", expr=LifeTotal()),
    _phrase("your speed", expr=YourSpeed()),  # CR 702.179f
    _phrase(
        "the highest life total among your opponents",
        "the life total of an opponent with the most life",
        expr=LifeTotal("most_opponent"),  # Malignus, Roiling Horror
    ),
    _phrase(
        "the highest life total among players",
        "the highest life total among all players",
        expr=LifeTotal("most_player"),  # Scourge of the Skyclaves
    ),
    _half,
    _phrase(
        "the number of cards in the hand of the opponent with the most cards in hand",
        expr=HandSize("most_opponent"),  # Adamaro, First to Desire
    ),
    # Awakened Amalgam (CR 201.2)
    _among(
        "the number of differently named",
        DistinctNames,
        "expected what to count after 'differently named'",
    ),
    # Embodiment of Agonies: "for each different mana cost among nonland cards in your
    # graveyard" (CR 202.1).
    *(
        _among(
            f"the number of different mana {cost} among",
            lambda subject: DistinctNames(subject, "mana_cost"),
            "expected cards after 'different mana costs among'",
        )
        for cost in ("cost", "costs")
    ),
    # "Target creature ... gets +X/+0, where X is that creature's mana value" (Surge of
    # Strength): the affected creature's, fixed as the spell resolves (CR 608.2h).
    _phrase(
        "its mana value",
        "that creature's mana value",
        "that artifact's mana value",
        expr=ManaValueOfAffected(),
    ),
    # "Target creature gets +X/+X ..., where X is that creature's power" (Nantuko Mentor,
    # Xenagos): the affected creature's, fixed as the ability resolves (CR 608.2h).
    _phrase("its power", "that creature's power", expr=AffectedStat("power")),
    _phrase("its toughness", "that creature's toughness", expr=AffectedStat("toughness")),
    # "where X is ~'s power" (Auriok Bladewarden): the source's own, whatever it affects.
    _phrase("~'s power", expr=AffectedStat("power", whose="source")),
    _phrase("~'s toughness", expr=AffectedStat("toughness", whose="source")),
    _phrase("x", expr=VarX()),
    # MTG Arena's intensity (Alchemy, no CR rule), a number on the object itself.
    _phrase("~'s intensity", expr=HowCast("intensity")),
    # CR 905.2, 905.1d: a number the card's draft abilities gave it, stated by the board
    # (Lurking Automaton, Pyretic Hunter, Cogwork Grinder).
    _phrase(
        "the highest number you noted for cards named ~",
        "the number of cards you removed from the draft with cards named ~",
        expr=HowCast("draft_number"),
    ),
    # CR 702.143a: stated by the board (Lupine Harbingers); 0 when it wasn't foretold.
    _phrase(
        "the number of turns you've begun since it was foretold",
        expr=HowCast("turns_since_foretold"),
    ),
    _devotion,
    _phrase("the number of cards in your hand", expr=HandSize()),
    # "7 minus the number of cards in that creature's controller's hand" (Flunk): the hand of
    # whoever controls the affected creature (CR 608.2h: counted as the spell resolves).
    _phrase(
        "the number of cards in that creature's controller's hand",
        "the number of cards in its controller's hand",
        expr=HandSize("affected_controller"),
    ),
    _phrase(
        "the number of creatures that entered under your control this turn",
        "the number of creatures that entered the battlefield under your control this turn",
        expr=EnteredThisTurnCount(frozenset({"Creature"})),  # Kinbinding (CR 603.6a)
    ),
    # converge, sunburst (CR 702.44a)
    _how_cast("colors of mana spent to cast", HowCast("colors_spent")),
    _how_cast("times", HowCast("times_kicked")),  # "for each time it was kicked" (CR 702.33c)
    _phrase(
        "the number of cards revealed this way",
        "the number of card revealed this way",
        expr=HowCast("revealed"),  # amplify (CR 702.38a)
    ),
    _devoured,
    _turn_total_term,
    _party_size,
    _among(
        "the number of basic land types among",
        BasicLandTypesAmong,
        "expected lands after 'basic land types among'",
    ),
    _among(
        "the number of colors among", ColorsAmong, "expected what to look at after 'colors among'"
    ),
    _phrase("the total number of cards in all players' hands", expr=HandSize(who="all")),
    _total,
    _exiled_card_stat,
    _mana_symbols,
    _greatest,
    _among(
        "the number of card types among", CardTypesAmong, "expected cards after 'card types among'"
    ),
    _twice,
    _phrase(
        "the number of cards in the chosen player's hand",
        expr=HandSize(who="chosen"),  # "as ~ enters, choose a player" (CR 614.12)
    ),
    _number_of,
    _constant,
)
