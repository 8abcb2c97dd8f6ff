"""Conditions: "as long as", "if", "unless" (CR 611.3a: checked continuously; 608.2c: checked
as a spell resolves), read into ``effects.Condition`` values. One condition is tried against
an ordered table of readers (``_READERS``: by their words in oracle/condition_words.py, by
what they count in oracle/condition_counts.py, and the general "SUBJECT is/has ..." here)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Literal

from rules_engine.affected import Filter, Subject
from rules_engine.effects import (
    AllOf,
    Always,
    AnyOf,
    CastInMainPhase,
    CityBlessing,
    Compare,
    Condition,
    CountAtLeast,
    HandSize,
    HowCast,
    LifeTotal,
    Negate,
    Not,
    ObjectMatches,
    OpponentsBelowHalfStartingLife,
    SourceStatus,
    StartingLife,
    Sum,
    TurnTotal,
    YourTurn,
)
from rules_engine.oracle import condition_counts as counts
from rules_engine.oracle import condition_words as said
from rules_engine.oracle import exiled_conditions as exiled
from rules_engine.oracle.condition_words import Asked, Reader, asked, exactly, is_a, kinds_or
from rules_engine.oracle.cursor import Cursor, OracleParseError
from rules_engine.oracle.history import history_condition
from rules_engine.oracle.sentence_state import SentenceState, number_then, resolve_antecedent
from rules_engine.oracle.subjects import SubjectContext, parse_comparison, parse_subject
from rules_engine.oracle.text import SELF, tokenize
from rules_engine.oracle.turn_conditions import TURN_READERS


def instead_condition(
    words: str, sentence: str, state: SentenceState
) -> Condition | Literal["kicked"]:
    if words.lower() == "~ was kicked":
        return "kicked"
    m = re.match(
        r"^(?:it's|that creature is) (?:(?:a|an) )?(?P<what>[\w -]+)$", words, re.IGNORECASE
    )
    if not m:
        # "if its power is 2" (Savage Swipe) says what "it has power 2" says.
        # "if that creature's power is 0 or less" (Depressurize): the same of "that creature".
        words = re.sub(
            r"^(its|that creature's) (power|toughness) is ",
            lambda w: f"{'it' if w[1].lower() == 'its' else 'that creature'} has {w[2]} ",
            words,
            flags=re.IGNORECASE,
        )
        return read_condition(words, sentence, state)  # "if a creature died this turn"
    subject = state.previous if state.previous is not None else Subject("self", words=SELF)
    try:
        return is_a(subject, m["what"], words, sentence)
    except OracleParseError:
        # "If it's night, ..." (731.1), "If it's your turn, ...": not a kind of object but a
        # fact of the game, checked as the spell resolves (CR 608.2c).
        return read_condition(words, sentence, state)


def parse_condition(words: str, sentence: str, it: Subject | None = None) -> Condition:
    """A condition on its own ("you control two or more other lands"), for the replacement
    grammar's "enters tapped unless ..." (OracleParseError if it can't be read); ``it`` is
    what "it" / "that creature" names (a spell's target, for its own "instead")."""
    words = re.sub(r" and/or ", " or ", words)
    return read_condition(words, sentence, SentenceState(SubjectContext(), previous=it))


def read_condition(words: str, sentence: str, state: SentenceState) -> Condition:
    """The "as long as" conditions of static abilities (CR 611.3a: checked continuously),
    one, or two joined by "and" or "or" when each half reads on its own."""
    try:
        return _one_condition(words, sentence, state)
    except OracleParseError:
        if listed := _listed_statuses(words, sentence, state):
            return listed
        for m in re.finditer(r" (and|or) ", words):
            head, tail = words[: m.start()], words[m.end() :]
            if (lead := re.match(r"(?:it's|it is|~ is) ", head)) and " " not in tail.strip():
                tail = lead[0] + tail  # "it's attacking or blocking": "it's" serves both
            try:
                first = _one_condition(head, sentence, state)
                second = _second_condition(head, tail, sentence, state)
            except OracleParseError:
                continue
            return AllOf((first, second)) if m[1] == "and" else AnyOf((first, second))
        raise


_STATUS_LIST = re.compile(
    r"(?P<who>~|it) is (?P<first>\w+), (?P<second>\w+),? and (?P<third>(?:has|is) .+)"
)


def _listed_statuses(words: str, sentence: str, state: SentenceState) -> Condition | None:
    """ "~ is enchanted, equipped, and has a counter on it" (Kosei, Penitent Warlord): three
    conditions on one object, all of which must hold (CR 611.3a)."""
    if not (m := _STATUS_LIST.fullmatch(words)):
        return None
    who = m["who"]
    parts = (f"{who} is {m['first']}", f"{who} is {m['second']}", f"{who} {m['third']}")
    return AllOf(tuple(_one_condition(part, sentence, state) for part in parts))


def _second_condition(head: str, tail: str, sentence: str, state: SentenceState) -> Condition:
    """The condition after "and" / "or": on its own, or, where it can't be read alone,
    sharing the first one's "you control" ("you control an artifact and an enchantment",
    When We Were Young: both must hold)."""
    try:
        return _one_condition(tail, sentence, state)
    except OracleParseError:
        if not head.startswith("you control ") or tail.startswith("you "):
            raise
        return _one_condition(f"you control {tail}", sentence, state)


def _one_condition(words: str, sentence: str, state: SentenceState) -> Condition:
    """One condition: the first reader of ``_READERS`` that knows the words answers (or
    refuses them, naming why)."""
    a = asked(words, sentence, state)
    for reader in _READERS:
        if (found := reader(a)) is not None:
            return found
    raise a.fail()


# --- The general "SUBJECT is/has ..." -------------------------------------------------

# Each reads on from where the one before it left the cursor, after the subject.
AboutSubject = Callable[[Asked, Cursor, Subject], Condition | None]


def _subject_condition(a: Asked) -> Condition | None:
    """ "enchanted creature is a Wizard", "~ is attacking", "target creature has toughness 5
    or greater", "it has a +1/+1 counter on it": the subject, then what is said of it."""
    cursor = Cursor(tokenize(a.words), sentence=a.sentence)
    subject = parse_subject(cursor, a.state.context)
    if subject is None:
        raise a.fail()
    subject = resolve_antecedent(subject, a.state)
    a.state.previous = subject
    for reader in _ABOUT_SUBJECT:
        if (found := reader(a, cursor, subject)) is not None:
            return found
    raise a.fail()


def _on_battlefield(_a: Asked, cursor: Cursor, _subject: Subject) -> Condition | None:
    return Always() if cursor.accept("is", "on", "the", "battlefield") else None


def _status(_a: Asked, cursor: Cursor, subject: Subject) -> Condition | None:
    if cursor.accept("is", "attacking", "alone") and cursor.at_end():
        # "As long as enchanted creature is attacking alone" (Security Bypass), CR 506.5.
        return SourceStatus("attacking_alone", subject)
    status = cursor.accept_any(
        "is equipped",
        "is enchanted",
        "is attacking",
        "is blocking",
        "is tapped",
        "is untapped",
        "is monstrous",
        "is renowned",
    )
    if status and cursor.at_end():
        return SourceStatus(status.split()[1], subject)  # type: ignore[arg-type]
    return None


def _negated(a: Asked, cursor: Cursor, subject: Subject) -> Condition | None:
    negated = cursor.accept("isn't") or cursor.accept("is", "not")
    if not negated:
        return None
    # "~ isn't attacking", "enchanted artifact isn't a creature": the opposite.
    rest = " ".join(cursor.tokens[cursor.pos :])
    a.state.previous = subject
    return Not(read_condition(f"it's {rest}", a.sentence, a.state))


def _counters(_a: Asked, cursor: Cursor, subject: Subject) -> Condition | None:
    """ "it has two or more +1/+1 counters on it", "~ has no ice counters on it", "it has two
    or fewer oil counters on it" (Evolved Spinoderm), "~ has seven or more loyalty counters on
    him" (Grand Master of Flowers)."""
    if not (cursor.peek() == "has" and cursor.peek(1) not in ("a", "one") and cursor.peek(1)):
        return None
    mark = cursor.pos
    cursor.pos += 1
    no = cursor.accept("no")
    at_least = None if no else number_then(cursor)
    if no or (at_least is not None and at_least[1] in (">=", "<=")):
        kind = cursor.raw() if cursor.peek(1) == "counters" else None
        if kind is not None:
            cursor.pos += 1
        on_it = cursor.accept_any("counters on it", "counters on him", "counters on her")
        if on_it and cursor.at_end():
            if no:
                return Not(SourceStatus("counter", subject, counter_kind=kind))
            assert at_least is not None
            if at_least[1] == "<=":  # "two or fewer": not three or more
                more = at_least[0] + 1
                return Not(SourceStatus("counter", subject, counter_kind=kind, minimum=more))
            return SourceStatus("counter", subject, counter_kind=kind, minimum=at_least[0])
    cursor.pos = mark
    return None


def _stat(a: Asked, cursor: Cursor, subject: Subject) -> Condition | None:
    if not (stat := cursor.accept_any("has power", "has toughness")):
        return None
    # "If target creature has toughness 5 or greater, it gets +4/-4" (Blood Lust): its
    # power or toughness as the spell resolves (CR 608.2c).
    comparison = parse_comparison(cursor)
    if comparison is None or comparison[1] < 0 or not cursor.at_end():
        raise a.fail()
    if stat.endswith("power"):
        return ObjectMatches(subject, Filter(power=comparison))
    return ObjectMatches(subject, Filter(toughness=comparison))


def _a_counter(a: Asked, cursor: Cursor, subject: Subject) -> Condition | None:
    if not (cursor.accept("has", "a") or cursor.accept("has", "one", "or", "more")):
        return None
    kind = cursor.raw() if cursor.peek(1) in ("counter", "counters") else None
    if kind is not None:
        cursor.pos += 1
    # "~ has a shield counter on him" (Captain America, Super-Soldier).
    on_it = (
        "counter on it",
        "counters on it",
        "counter on him",
        "counter on her",
        "counters on him",  # "one or more loyalty counters on him" (Kaito, Bane of Nightmares)
        "counters on her",
    )
    if cursor.accept_any(*on_it) and cursor.at_end():
        return SourceStatus("counter", subject, counter_kind=kind)
    raise a.fail()


def _kind(_a: Asked, cursor: Cursor, subject: Subject) -> Condition | None:
    if not (cursor.accept("is") or cursor.accept("are") or cursor.accept("'s")):
        return None
    cursor.accept("a") or cursor.accept("an")
    wanted = kinds_or([t.lower() for t in cursor.tokens[cursor.pos :]], subject)
    if isinstance(wanted, AnyOf):
        return wanted
    if wanted is not None:
        return ObjectMatches(subject, wanted)
    return None


# In this order, each on the cursor where the one before left it (a status not at the end
# goes on to "isn't", a failed "has N counters" puts the cursor back).
_ABOUT_SUBJECT: tuple[AboutSubject, ...] = (
    _on_battlefield,
    _status,
    _negated,
    _counters,
    _stat,
    _a_counter,
    _kind,
)


_ATTACHED_TO_YOURS = " is attached to a creature you control"


def _attached_to_yours(a: Asked) -> Condition | None:
    """ "as long as an Equipment named Groom's Finery is attached to a creature you control"
    (Bride's Gown): one such permanent, anyone's, is attached to a creature whose controller
    is the effect's controller (CR 301.5: an Equipment is attached to a creature)."""
    words = a.words
    if not words.lower().endswith(_ATTACHED_TO_YOURS) or not words.startswith(("a ", "an ")):
        return None
    what = words[words.index(" ") + 1 : -len(_ATTACHED_TO_YOURS)]
    cursor = Cursor(tokenize(what), sentence=a.sentence)
    subject = parse_subject(cursor, a.state.context)
    if subject is None or subject.kind != "filter" or not cursor.at_end():
        return None
    found = tuple(
        replace(f, attached_to_creature=True, attached_to_yours=True) for f in subject.filters
    )
    return CountAtLeast(replace(subject, filters=found), 1)


# --- The table -----------------------------------------------------------------------

# Lieutenant (CR 903.3): "your commander" is the commander you own, wherever it is; the
# condition holds while you control it on the battlefield.
_YOUR_COMMANDER = CountAtLeast(
    Subject(
        "filter", (Filter(commander=True, owner="you", controller="you"),), words="your commander"
    ),
    1,
)
_ME = Subject("self", words=SELF)
_INTENSITY = re.compile(r"~'s intensity is (\d+) or (?:more|greater)")


def _intensity(a: Asked) -> Condition | None:
    """ "As long as this card's intensity is 3 or more" (Awestruck Cygnet): MTG Arena's
    intensity (Alchemy, no CR rule), the board's ``choices.intensity`` or the starting one."""
    m = _INTENSITY.fullmatch(a.text)
    return Compare(HowCast("intensity"), ">=", int(m[1])) if m else None


# The readers in the order they are tried; the first to return a condition (or to refuse
# the words it knows) decides. The order is the meaning: a fixed phrase before the patterns
# that would read it otherwise, and the general "SUBJECT is/has ..." (which reads almost any
# words that begin with a subject) last.
_READERS: tuple[Reader, ...] = (
    exactly(YourTurn(), "it's your turn", "it is your turn"),
    # The turn's record and the game's designations (oracle/history.py).
    lambda a: history_condition(
        a.text, a.state.previous is None or a.state.previous.kind == "self"
    ),
    # The turn's record and the cast's facts beyond those (oracle/turn_conditions.py).
    *TURN_READERS,
    exactly(CityBlessing(), "you have the city's blessing"),  # CR 702.131
    said.versus_opponent,
    exactly(_YOUR_COMMANDER, "you control your commander"),
    # CR 702.104a: the opponent's choice.
    exactly(Compare(HowCast("tribute"), ">=", 1), "tribute was paid"),
    _intensity,
    said.cast_this_turn,
    exactly(  # CR 505.1
        CastInMainPhase(),
        "you cast ~ during your main phase",
        "you cast this spell during your main phase",
    ),
    said.mana_spent,
    said.opponent_count,
    # Cindering Cutthroat: the turn's record of life lost (CR 119.3), any opponent's.
    exactly(
        Compare(TurnTotal("life_lost", "opponents"), ">=", 1), "an opponent lost life this turn"
    ),
    said.colors_spent,
    # CR 702.82b: as it entered.
    exactly(
        Compare(HowCast("devoured"), ">=", 1), "it devoured a creature", "~ devoured a creature"
    ),
    said.happened_this_turn,
    said.most_common_color,
    said.top_of_library,
    said.library_size,
    said.all_share_a_color,
    exactly(  # Path of Bravery (CR 103.4)
        Compare(Sum(LifeTotal(), Negate(StartingLife())), ">=", 0),
        "your life total is greater than or equal to your starting life total",
    ),
    exactly(  # Anya, Merciless Angel
        Compare(OpponentsBelowHalfStartingLife(), ">=", 1),
        "an opponent's life total is less than half their starting life total",
    ),
    said.its_controller_controls,
    said.controls_attached,
    said.warped,
    said.face_down,
    said.opponent_graveyard,
    said.opponent_exile,
    said.attached_count,
    said.it_status,
    said.exact_counters,
    exactly(  # Okina Nightwatch: your hand is bigger than the biggest opponent's (CR 611.3a).
        Compare(Sum(HandSize(), Negate(HandSize("most_opponent"))), ">=", 1),
        "you have more cards in hand than each opponent",
    ),
    counts.hand_count,
    counts.controls_none,
    exactly(
        YourTurn(negated=True), "it's not your turn", "it isn't your turn", "it is not your turn"
    ),
    said.it_is_a,
    said.has_keyword,
    said.counter_on_one,
    exactly(Always(), "~ remains on the battlefield", "~ is on the battlefield"),
    # Pact Weapon, Conqueror's Flail: the Equipment is on a creature (CR 301.5).
    exactly(SourceStatus("attached_to_creature", _ME), "~ is attached to a creature"),
    said.turn_condition,
    said.starting_life_condition,
    said.own_stat,
    said.full_party,
    # CR 113.6b: the ability says it works while its card is in a graveyard (Anger).
    exactly(SourceStatus("in_graveyard", _ME), "~ is in your graveyard"),
    counts.life,
    counts.devotion,
    counts.counters_among,
    counts.mana_values_in_graveyard,
    counts.different_powers,
    counts.card_types_in_graveyard,
    counts.there_are_cards_in_graveyard,
    exiled.exiled_count,  # CR 607.2a
    exiled.exiled_has_keyword,
    exiled.exiled_is,
    counts.cards_are_in_graveyard,
    counts.cards_in_graveyard,
    counts.you_or_opponents_control,
    counts.chosen_player_controls,
    counts.any_player_controls,
    _attached_to_yours,
    _subject_condition,
)
