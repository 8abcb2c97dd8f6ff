"""Rows for a draw replaced (CR 614.1a, 614.6, 121.2)."""

from __future__ import annotations

import re

from rules_engine.oracle.cursor import OracleParseError
from rules_engine.replacement.phrases import (
    number,
)
from rules_engine.replacement.rows.row import Row, Sentence
from rules_engine.replacement.specs import DrawSpec, Family, PlayerWord, Spec

_T = re.compile

DRAW_EXCEPT_FIRST = _T(
    r"^if (?P<who>you|an opponent) would draw a card except the first one (?:you|they) draw in each "
    r"of (?:your|their) draw steps, (?P<rest>.+)$"
)


DRAW_TWO = _T(r"^if you would draw a card, draw two cards instead$")  # Thought Reflection


# CR 614.1a, 614.6: "Until end of turn, if target player would draw a card, instead that
# player skips that draw and you draw a card" (Plagiarize, a resolved effect on its target).
DRAW_STEAL_TARGET = _T(
    r"^if target player would draw a card, instead that player skips that draw and you draw a "
    r"card$"
)


# CR 614.1a: "If you would draw a card, you may put a study counter on ~ instead" (Pursuit of
# Knowledge: the card isn't drawn).
DRAW_TO_COUNTER = _T(
    r"^if you would draw a card, you may put an? (?P<kind>\S+) counter on ~ instead$"
)


# CR 614.1a, 121.4: "If you would draw a card while your library has no cards in it, instead
# put five +1/+1 counters on ~" (Ormos, Archive Keeper): only a draw from an empty library,
# which then isn't a draw (the player doesn't lose for it, 704.5b).
DRAW_EMPTY_TO_COUNTERS = _T(
    r"^if you would draw a card while your library has no cards in it, instead put (?P<n>\w+) "
    r"(?P<kind>\S+) counters? on ~$"
)


# CR 614.1a, 406.3: "If you would draw a card, exile the top card of your library face down
# instead" (Asmodeus the Archfiend's Binding Contract), "exile the top two cards of your
# library instead" (Eruth, Tormented Prophet): the cards leave the library one by one (as
# milled cards do), none is drawn.
DRAW_TO_EXILE = _T(
    r"^if you would draw a card, exile the top (?:card|(?P<n>\w+) cards) of your library"
    r"(?P<down> face down)? instead$"
)


DRAW_LICH = _T(
    r"^if you would draw a card, instead look at the top (?P<n>\w+) cards of your library, then put "
    r"one into your hand and the rest into your graveyard$"
)


DRAW_EMPTY_WIN = _T(
    r"^if you would draw a card while your library has no cards in it, you win the game instead$"
)


# CR 121.3, 614.1a: "If you would draw a card while your library has no cards in it, skip
# that draw instead" (Living Conundrum): only a draw from an empty library is skipped.
DRAW_EMPTY_SKIP = _T(
    r"^if you would draw a card while your library has no cards in it, skip that draw instead$"
)


DRAW_SKIP = _T(
    r"^if (?P<who>you|a player) would draw a card, (?:you|that player) (?P<may>may )?skips? "
    r"that draw instead$"
)


DRAW_GAIN_LIFE = _T(
    r"^if you would draw a card, you (?P<may>may )?(?:instead )?gain (?P<n>\w+) life(?: instead)?$"
)


NEXT_DRAW_LIFE = _T(
    r"^the next time you would draw a card this turn, you gain (?P<n>\w+) life instead$"
)


DRAW_TO_RETURN = _T(
    r"^if you would draw a card, return a card from your graveyard to your hand instead$"
)


def _draw_except_first(m: re.Match[str], s: Sentence) -> Spec | None:
    who: PlayerWord = "you" if m["who"] == "you" else "opponent"
    rest = m["rest"]
    if rest == "draw two cards instead":
        return DrawSpec(s.text, Family.DRAW_EXTRA, player=who, except_first_draw=True, factor=2)
    if rest == "instead that player skips that draw and you draw a card":
        return DrawSpec(s.text, Family.DRAW_STEAL, player=who, except_first_draw=True)
    if m2 := re.fullmatch(r"instead you create (?P<token>an? [\w ]+ token)", rest):
        # Hullbreacher: "instead you create a Treasure token" (the draw doesn't happen).
        return DrawSpec(
            s.text,
            Family.DRAW_TO_TOKENS,
            player=who,
            except_first_draw=True,
            options=(m2["token"],),
        )
    raise OracleParseError(s.text, f'cannot read what happens instead: "{rest}"')


def _draw_steal_target(m: re.Match[str], s: Sentence) -> Spec | None:
    return DrawSpec(s.text, Family.DRAW_STEAL, player="target")


def _draw_to_counter(m: re.Match[str], s: Sentence) -> Spec | None:
    return DrawSpec(
        s.text, Family.DRAW_TO_COUNTER, player="you", counter_kind=m["kind"], optional=True
    )


def _draw_empty_to_counters(m: re.Match[str], s: Sentence) -> Spec | None:
    return DrawSpec(
        s.text,
        Family.DRAW_TO_COUNTER,
        player="you",
        counter_kind=m["kind"],
        amount=number(m["n"], s.text),
        empty_library=True,
    )


def _draw_to_exile(m: re.Match[str], s: Sentence) -> Spec | None:
    n = number(m["n"], s.text) if m["n"] else 1
    return DrawSpec(s.text, Family.DRAW_TO_EXILE, player="you", amount=n, face_down=bool(m["down"]))


def _draw_two(m: re.Match[str], s: Sentence) -> Spec | None:
    return DrawSpec(s.text, Family.DRAW_EXTRA, player="you", factor=2)


def _draw_lich(m: re.Match[str], s: Sentence) -> Spec | None:
    return DrawSpec(s.text, Family.DRAW_LICH, player="you", amount=number(m["n"], s.text))


def _draw_empty_win(m: re.Match[str], s: Sentence) -> Spec | None:
    return DrawSpec(s.text, Family.DRAW_EMPTY_WIN, player="you", empty_library=True)


def _draw_empty_skip(m: re.Match[str], s: Sentence) -> Spec | None:
    return DrawSpec(s.text, Family.DRAW_SKIP, player="you", empty_library=True)


def _draw_skip(m: re.Match[str], s: Sentence) -> Spec | None:
    who: PlayerWord = "you" if m["who"] == "you" else "any"
    return DrawSpec(s.text, Family.DRAW_SKIP, player=who, optional=bool(m["may"]))


def _draw_gain_life(m: re.Match[str], s: Sentence) -> Spec | None:
    return DrawSpec(
        s.text,
        Family.DRAW_LIFE,
        player="you",
        amount=number(m["n"], s.text),
        optional=bool(m["may"]),
    )


def _next_draw_life(m: re.Match[str], s: Sentence) -> Spec | None:
    return DrawSpec(
        s.text,
        Family.DRAW_LIFE,
        player="you",
        amount=number(m["n"], s.text),
        shield="next_time",
    )


def _draw_to_return(m: re.Match[str], s: Sentence) -> Spec | None:
    return DrawSpec(s.text, Family.DRAW_TO_RETURN, player="you", to_zone="hand")


# Lower priorities are tried first (``replacement/sentences.py``).
ROWS: tuple[Row, ...] = (
    Row(
        Family.DRAW_EXTRA,
        DRAW_EXCEPT_FIRST,
        _draw_except_first,
        rule="614.1a",
        example="If you would draw a card except the first one you draw in each of your draw steps, draw two cards instead.",
        card="Alhammarret's Archive",
        priority=510,
        also=(
            Family.DRAW_STEAL,
            Family.DRAW_TO_TOKENS,
        ),
    ),
    Row(
        Family.DRAW_STEAL,
        DRAW_STEAL_TARGET,
        _draw_steal_target,
        rule="614.1a",
        example="Until end of turn, if target player would draw a card, instead that player skips that draw and you draw a card.",
        card="Plagiarize",
        priority=520,
    ),
    Row(
        Family.DRAW_TO_COUNTER,
        DRAW_TO_COUNTER,
        _draw_to_counter,
        rule="614.1a",
        example="If you would draw a card, you may put a study counter on this enchantment instead.",
        card="Pursuit of Knowledge",
        priority=530,
    ),
    Row(
        Family.DRAW_TO_COUNTER,
        DRAW_EMPTY_TO_COUNTERS,
        _draw_empty_to_counters,
        rule="614.1a",
        example="If you would draw a card while your library has no cards in it, instead put five +1/+1 counters on Ormos.",
        card="Ormos, Archive Keeper",
        priority=535,
    ),
    Row(
        Family.DRAW_TO_EXILE,
        DRAW_TO_EXILE,
        _draw_to_exile,
        rule="614.1a",
        example="If you would draw a card, exile the top card of your library face down instead.",
        card="Asmodeus the Archfiend",
        priority=537,
    ),
    Row(
        Family.DRAW_EXTRA,
        DRAW_TWO,
        _draw_two,
        rule="614.1a",
        example="If you would draw a card, draw two cards instead.",
        card="Thought Reflection",
        priority=540,
    ),
    Row(
        Family.DRAW_LICH,
        DRAW_LICH,
        _draw_lich,
        rule="614.1a",
        example="If you would draw a card, instead look at the top three cards of your library, then put one into your hand and the rest into your graveyard.",
        card="Underrealm Lich",
        priority=550,
    ),
    Row(
        Family.DRAW_EMPTY_WIN,
        DRAW_EMPTY_WIN,
        _draw_empty_win,
        rule="614.1a",
        example="If you would draw a card while your library has no cards in it, you win the game instead.",
        card="Jace, Wielder of Mysteries",
        priority=560,
    ),
    Row(
        Family.DRAW_SKIP,
        DRAW_EMPTY_SKIP,
        _draw_empty_skip,
        rule="614.1a",
        example="If you would draw a card while your library has no cards in it, skip that draw instead.",
        card="Living Conundrum",
        priority=565,
    ),
    Row(
        Family.DRAW_SKIP,
        DRAW_SKIP,
        _draw_skip,
        rule="614.1a",
        example="If you would draw a card, you may skip that draw instead.",
        card="Obstinate Familiar",
        priority=570,
    ),
    Row(
        Family.DRAW_LIFE,
        DRAW_GAIN_LIFE,
        _draw_gain_life,
        rule="614.1a",
        example="If you would draw a card, you may gain 2 life instead.",
        card="",
        priority=580,
    ),
    Row(
        Family.DRAW_LIFE,
        NEXT_DRAW_LIFE,
        _next_draw_life,
        rule="614.1a",
        example="The next time you would draw a card this turn, you gain 5 life instead.",
        card="Words of Worship",
        priority=590,
    ),
    Row(
        Family.DRAW_TO_RETURN,
        DRAW_TO_RETURN,
        _draw_to_return,
        rule="614.1a",
        example="If you would draw a card, return a card from your graveyard to your hand instead.",
        card="Forbidden Crypt",
        priority=710,
    ),
)
