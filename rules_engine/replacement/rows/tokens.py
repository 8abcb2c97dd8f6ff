"""Rows for tokens created replaced (CR 614.1a, 111.1)."""

from __future__ import annotations

import re

from rules_engine.oracle.cursor import OracleParseError
from rules_engine.replacement.rows.row import Row, Sentence
from rules_engine.replacement.specs import Family, Spec, TokenSpec
from rules_engine.tokens import PREDEFINED

_T = re.compile

# Anointed Procession, Parallel Lives, Ojer Taq ("three times that many"), Primal Vigor.
TOKENS_BY_EFFECT = _T(
    r"^if an effect would create one or more (?P<creature>creature )?tokens under your control, "
    r"it creates (?P<mod>twice|three times) that many of those tokens instead$"
)


# Xorn: "instead create those tokens plus an additional Treasure token".
TOKENS_PLUS_ONE = _T(
    r"^if you would create one or more (?P<kind>\w+) tokens, instead create those tokens plus an "
    r"additional (?P=kind) token$"
)


# Peregrin Took, Chatterfang ("plus that many 1/1 green Squirrel creature tokens"), and
# Divine Visitation ("that many 4/4 white Angel creature tokens ... are created instead").
# Newer cards: "plus a 1/1 green Frog creature token" (Quina, Qu Gourmet), "one or more
# artifact tokens ... plus an additional 1/1 colorless Thopter artifact creature token with
# flying" (Stridehangar Automaton).
TOKENS_PLUS_OTHER = _T(
    r"^if one or more (?P<kind>creature |artifact )?tokens would be created under your control, "
    r"(?:those tokens plus (?P<plus>(?:an additional|an?) (?>(?P<one>.+?) token)(?P<onewith> with "
    r"[\w ,]+?)?|that many (?P<many>.+?) tokens)|that many (?>(?P<instead>.+?) tokens)(?P<with> "
    r"with [\w ,]+?)?) are created instead$"
)


# Tippy-Toe, Terrific Partner: "If you would create one or more tokens, instead create those
# tokens plus an additional Food token"; Worldwalker Helm: "one or more artifact tokens".
TOKENS_YOU_PLUS_OTHER = _T(
    r"^if you would create one or more (?P<kind>creature |artifact )?tokens, instead create "
    r"those tokens plus (?:an additional|an?) (?>(?P<one>.+?) token)(?P<onewith> with [\w ,]+)?$"
)


# Halving Season: "If an opponent would create one or more tokens, they create half that many
# of each of those kinds of tokens instead, rounded down" (CR 614.1a, 107.1a).
TOKENS_HALF = _T(
    r"^if (?P<who>you|an opponent) would create one or more tokens, (?:you|they) create half "
    r"that many of each of those kinds of tokens instead, rounded down$"
)


# Academy Manufactor: "If you would create a Clue, Food, or Treasure token, instead create one
# of each" (CR 614.1a; each token of those kinds becomes one of each kind).
TOKENS_ONE_OF_EACH = _T(
    r"^if you would create an? (?P<kinds>\w+(?:, \w+)*,? or \w+) token, instead create one of "
    r"each$"
)


# Jinnie Fay: "you may instead create that many 2/2 green Cat creature tokens with haste or
# that many 3/1 green Dog creature tokens with vigilance" (614.1a; the creator chooses).
TOKENS_INSTEAD_CHOICE = _T(
    r"^if you would create one or more tokens, you may instead create that many (?>(?P<a>.+?) "
    r"tokens)(?P<awith> with \w+)? or that many (?P<b>.+?) tokens(?P<bwith> with \w+)?$"
)


# Fisher's Talent: "If you would create a Fish token, create a 3/3 blue Shark creature token
# instead" (CR 614.1a): each token of that subtype the event would create becomes one of
# those (two Fish, two Sharks); tokens of other kinds in the same event stay as they are.
TOKENS_KIND_INSTEAD = _T(
    r"^if you would create an? (?P<kind>[a-z]+) token, create (?P<new>an? [\w/ ]+? token) "
    r"instead$"
)


TOKENS_CREATED = _T(
    r"^if one or more (?P<creature>creature )?tokens would be created(?P<yours> under your "
    r"control)?, (?P<mod>twice|three times) that many of those tokens are created instead$"
)


def _tokens_plus_other(m: re.Match[str], s: Sentence) -> Spec | None:
    if m["instead"]:
        card = f"a {m['instead']} token{m['with'] or ''}"
        kinds = ("Creature",) if m["kind"] else ()  # only creature tokens are replaced
        return TokenSpec(s.text, Family.TOKENS_INSTEAD, player="you", token=card, extra_types=kinds)
    card = f"a {m['one']} token{m['onewith'] or ''}" if m["one"] else f"a {m['many']} token"
    _known_token(m["one"] or m["many"], s.text)
    return TokenSpec(
        s.text,
        Family.TOKENS_PLUS,
        player="you",
        token=card,
        factor=0 if m["one"] else 1,
        extra_types=_kind_types(m["kind"]),
    )


def _kind_types(kind: str | None) -> tuple[str, ...]:
    """ "creature tokens", "artifact tokens": only tokens of that card type are watched."""
    return (kind.strip().capitalize(),) if kind else ()


def _known_token(words: str, sentence: str) -> None:
    """A token named by one word is a predefined token (CR 111.10); one the engine doesn't
    know ("a Mutagen token") is refused rather than made up."""
    if " " not in words.strip() and words.strip().lower() not in PREDEFINED:
        raise OracleParseError(sentence, f'the engine doesn\'t know what a "{words}" token is')


def _tokens_you_plus_other(m: re.Match[str], s: Sentence) -> Spec | None:
    _known_token(m["one"], s.text)
    return TokenSpec(
        s.text,
        Family.TOKENS_PLUS,
        player="you",
        token=f"a {m['one']} token{m['onewith'] or ''}",
        factor=0,
        extra_types=_kind_types(m["kind"]),
    )


# Crafty Cutpurse's trigger: "each token that would be created under an opponent's control this
# turn is created under your control instead" (CR 614.1a, 111.2: the tokens' controller).
TOKENS_STOLEN = _T(
    r"^each token that would be created under an opponent's control(?P<turn> this turn)? is "
    r"created under your control instead$"
)


def _tokens_stolen(m: re.Match[str], s: Sentence) -> Spec | None:
    # CR 111.2: a token enters the battlefield under its creator's control; this effect
    # changes under whose control it enters, so it is applied first (616.1b).
    return TokenSpec(
        s.text,
        Family.TOKENS_CONTROL,
        tier="control",
        player="opponent",
        shield="this_turn" if m["turn"] else None,
    )


def _tokens_half(m: re.Match[str], s: Sentence) -> Spec | None:
    return TokenSpec(
        s.text,
        Family.TOKENS,
        player="you" if m["who"] == "you" else "opponent",
        half_down=True,
    )


def _tokens_one_of_each(m: re.Match[str], s: Sentence) -> Spec | None:
    each = tuple(str(k).capitalize() for k in re.split(r",? or |, ", m["kinds"]))
    return TokenSpec(s.text, Family.TOKENS_EACH, player="you", options=each)


def _tokens_instead_choice(m: re.Match[str], s: Sentence) -> Spec | None:
    cards = (f"a {m['a']} token{m['awith'] or ''}", f"a {m['b']} token{m['bwith'] or ''}")
    return TokenSpec(s.text, Family.TOKENS_INSTEAD, player="you", options=cards, optional=True)


def _tokens_kind_instead(m: re.Match[str], s: Sentence) -> Spec | None:
    return TokenSpec(
        s.text, Family.TOKENS_INSTEAD, player="you", token=m["new"], token_kind=m["kind"]
    )


def _tokens_plus_one(m: re.Match[str], s: Sentence) -> Spec | None:
    return TokenSpec(s.text, Family.TOKENS, player="you", plus=1, token_kind=m["kind"])


def _tokens_by_effect(m: re.Match[str], s: Sentence) -> Spec | None:
    yours = "yours" not in m.groupdict() or bool(m["yours"])
    return TokenSpec(
        s.text,
        Family.TOKENS,
        player="you" if yours else "any",
        factor=2 if m["mod"] == "twice" else 3,
        token_kind="creature" if m["creature"] else None,
    )


# Lower priorities are tried first (``replacement/sentences.py``).
ROWS: tuple[Row, ...] = (
    Row(
        Family.TOKENS_PLUS,
        TOKENS_PLUS_OTHER,
        _tokens_plus_other,
        rule="614.1a",
        example="If one or more tokens would be created under your control, those tokens plus an additional Food token are created instead.",
        card="Peregrin Took",
        priority=720,
        also=(Family.TOKENS_INSTEAD,),
    ),
    Row(
        Family.TOKENS_EACH,
        TOKENS_ONE_OF_EACH,
        _tokens_one_of_each,
        rule="614.1a",
        example="If you would create a Clue, Food, or Treasure token, instead create one of each.",
        card="Academy Manufactor",
        priority=730,
    ),
    Row(
        Family.TOKENS_INSTEAD,
        TOKENS_INSTEAD_CHOICE,
        _tokens_instead_choice,
        rule="614.1a",
        example="If you would create one or more tokens, you may instead create that many 2/2 green Cat creature tokens with haste or that many 3/1 green Dog creature tokens with vigilance.",
        card="Jinnie Fay, Jetmir's Second",
        priority=740,
    ),
    Row(
        Family.TOKENS_INSTEAD,
        TOKENS_KIND_INSTEAD,
        _tokens_kind_instead,
        rule="614.1a",
        example="If you would create a Fish token, create a 3/3 blue Shark creature token instead.",
        card="Fisher's Talent",
        priority=745,
    ),
    Row(
        Family.TOKENS,
        TOKENS_PLUS_ONE,
        _tokens_plus_one,
        rule="614.1a",
        example="If you would create one or more Treasure tokens, instead create those tokens plus an additional Treasure token.",
        card="Jolene, the Plunder Queen",
        priority=750,
    ),
    Row(
        Family.TOKENS_PLUS,
        TOKENS_YOU_PLUS_OTHER,
        _tokens_you_plus_other,
        rule="614.1a",
        example="If you would create one or more tokens, instead create those tokens plus an additional Food token.",
        card="Tippy-Toe, Terrific Partner",
        priority=755,
    ),
    Row(
        Family.TOKENS_CONTROL,
        TOKENS_STOLEN,
        _tokens_stolen,
        rule="614.1a",
        example="each token that would be created under an opponent's control this turn is created under your control instead.",
        card="Crafty Cutpurse",
        priority=756,
    ),
    Row(
        Family.TOKENS,
        TOKENS_HALF,
        _tokens_half,
        rule="614.1a",
        example="If an opponent would create one or more tokens, they create half that many of each of those kinds of tokens instead, rounded down.",
        card="Halving Season",
        priority=757,
    ),
    Row(
        Family.TOKENS,
        TOKENS_BY_EFFECT,
        _tokens_by_effect,
        rule="614.1a",
        example="If an effect would create one or more tokens under your control, it creates twice that many of those tokens instead.",
        card="Anointed Procession",
        priority=760,
    ),
    Row(
        Family.TOKENS,
        TOKENS_CREATED,
        _tokens_by_effect,
        rule="614.1a",
        example="If one or more tokens would be created, twice that many of those tokens are created instead.",
        card="Primal Vigor",
        priority=761,
    ),
)
