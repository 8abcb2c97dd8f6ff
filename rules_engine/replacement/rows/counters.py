"""Rows for counters put on permanents and players replaced (CR 614.1a, 122.6)."""

from __future__ import annotations

import re

from rules_engine.oracle.cursor import OracleParseError
from rules_engine.replacement.phrases import (
    what_objects,
)
from rules_engine.replacement.rows.row import Row, Sentence
from rules_engine.replacement.specs import (
    Family,
    PlayerWord,
    ReplacementSpec,
    Spec,
    Who,
)

_T = re.compile

COUNTERS_DOUBLE_EFFECT = _T(
    r"^if an effect would put one or more counters on (?P<on>.+?), it puts twice that many of those "
    r"counters on that permanent instead$"
)


COUNTERS_MODIFY = _T(
    r"^if one or more (?P<kind>[+-]1/[+-]1 )?counters would be put on (?P<on>.+?), "
    r"(?P<mod>that many plus one|twice that many|that many minus one|that many (?:[+-]1/[+-]1 )?"
    r"counters minus one)(?: of each of those kinds of counters| [+-]1/[+-]1 counters| counters)? "
    r"are put on (?:it|that creature|that permanent) instead$"
)


PLAYER_COUNTERS_PLUS = _T(
    r"^if you would get one or more counters, you get that many plus one of each of those kinds of "
    r"counters instead$"
)


# CR 614.1a, 122.6: a change keyed to who puts the counters, on permanents and players alike
# (Vorinclex, Monstrous Raider; Lae'zel's "on a creature or planeswalker you control or on
# yourself").
COUNTERS_BY_PLAYER = _T(
    r"^if (?P<who>you|an opponent) would put one or more counters on (?P<on>.+?), (?:they )?"
    r"put (?P<mod>twice that many|half that many|that many plus one) of each of those kinds of "
    r"counters on that (?:permanent or player|permanent) instead(?:, rounded (?P<round>down))?$"
)


# CR 614.1a, 122.1: energy counters a player gets ("{E}", 107.14): "If you would get one or
# more {E}, you get twice that many {E} instead" (Aether Refinery), "that many plus one {E}"
# (Izzet Generatorium).
ENERGY_MODIFY = _T(
    r"^if you would get one or more \{e\}, you get (?P<mod>twice that many|that many plus one) "
    r"\{e\} instead$"
)


def _counters_by_player(m: re.Match[str], sentence: str) -> ReplacementSpec:
    """Vorinclex's and Lae'zel's "if you would put one or more counters on ..." (614.1a):
    ``player`` is who puts them, ``target`` what may get them (a permanent and/or a player)."""
    on = m["on"]
    players: PlayerWord = "none"
    if on == "a permanent or player":
        on, players = "a permanent", "any"
    elif on.endswith(" or on yourself"):
        on, players = on.removesuffix(" or on yourself"), "you"
    if m["mod"] == "half that many" and m["round"] != "down":
        raise OracleParseError(sentence, "half, rounded which way?")
    return ReplacementSpec(
        sentence,
        Family.COUNTERS_BY_PLAYER,
        player="you" if m["who"] == "you" else "opponent",
        target=Who(players, what_objects(on, sentence)),
        factor=2 if m["mod"] == "twice that many" else 1,
        plus=1 if m["mod"] == "that many plus one" else 0,
        half_down=m["mod"] == "half that many",
    )


def _counters_double_effect(m: re.Match[str], s: Sentence) -> Spec | None:
    return ReplacementSpec(s.text, Family.COUNTERS, objects=what_objects(m["on"], s.text), factor=2)


def _counters_modify(m: re.Match[str], s: Sentence) -> Spec | None:
    kind = m["kind"].strip() if m["kind"] else None
    twice = m["mod"] == "twice that many"
    plus = 0 if twice else -1 if m["mod"].endswith("minus one") else 1
    return ReplacementSpec(
        s.text,
        Family.COUNTERS,
        objects=what_objects(m["on"], s.text),
        counter_kind=kind,
        factor=2 if twice else 1,
        plus=plus,
    )


def _counters_by_player_row(m: re.Match[str], s: Sentence) -> Spec | None:
    return _counters_by_player(m, s.text)


def _energy_modify(m: re.Match[str], s: Sentence) -> Spec | None:
    twice = m["mod"] == "twice that many"
    return ReplacementSpec(
        s.text,
        Family.PLAYER_COUNTERS,
        player="you",
        counter_kind="energy",
        factor=2 if twice else 1,
        plus=0 if twice else 1,
    )


def _player_counters_plus(m: re.Match[str], s: Sentence) -> Spec | None:
    return ReplacementSpec(s.text, Family.PLAYER_COUNTERS, player="you", plus=1)


# Lower priorities are tried first (``replacement/sentences.py``).
ROWS: tuple[Row, ...] = (
    Row(
        Family.COUNTERS,
        COUNTERS_DOUBLE_EFFECT,
        _counters_double_effect,
        rule="614.1a",
        example="If an effect would put one or more counters on a permanent you control, it puts twice that many of those counters on that permanent instead.",
        card="Doubling Season",
        priority=770,
    ),
    Row(
        Family.COUNTERS,
        COUNTERS_MODIFY,
        _counters_modify,
        rule="614.1a",
        example="If one or more +1/+1 counters would be put on Mowu, that many plus one +1/+1 counters are put on it instead.",
        card="Mowu, Loyal Companion",
        priority=780,
    ),
    Row(
        Family.COUNTERS_BY_PLAYER,
        COUNTERS_BY_PLAYER,
        _counters_by_player_row,
        rule="614.1a",
        example="If you would put one or more counters on a permanent or player, put twice that many of each of those kinds of counters on that permanent or player instead.",
        card="Innkeeper's Talent",
        priority=790,
    ),
    Row(
        Family.PLAYER_COUNTERS,
        ENERGY_MODIFY,
        _energy_modify,
        rule="614.1a",
        example="If you would get one or more {E} (energy counters), you get twice that many {E} instead.",
        card="Aether Refinery",
        priority=795,
    ),
    Row(
        Family.PLAYER_COUNTERS,
        PLAYER_COUNTERS_PLUS,
        _player_counters_plus,
        rule="614.1a",
        example="If you would get one or more counters, you get that many plus one of each of those kinds of counters instead.",
        card="Winding Constrictor",
        priority=800,
    ),
)
