"""Rows for "can't" effects (CR 614.17): not replacements, but the event doesn't happen."""

from __future__ import annotations

import re
from dataclasses import replace

from rules_engine.affected import Subject
from rules_engine.replacement.phrases import (
    condition_in,
    number,
    objects_in,
    source_in,
    what_objects,
)
from rules_engine.replacement.rows.row import Row, Sentence
from rules_engine.replacement.specs import (
    CantSpec,
    Family,
    PlayerWord,
    Spec,
)

_T = re.compile

_CANT_WHO: dict[str, PlayerWord] = {"players": "any", "you": "you", "your opponents": "opponent"}


_CANT_DRAW_MORE_WHO: dict[str, PlayerWord] = {"each player": "any", "players": "any", "you": "you"}


CANT_GAIN = _T(r"^(?P<who>players|you|your opponents) can't gain life(?: this turn)?$")


# CR 119.8: "Players can't lose life this turn" (Everybody Lives!): no life is lost, from
# damage either (120.3a makes damage's loss a life loss).
CANT_LOSE_LIFE = _T(r"^(?P<who>players|you|your opponents) can't lose life(?: this turn)?$")


# CR 104.3, 614.17: "Players can't lose the game this turn" (Everybody Lives!), "your
# opponents can't win the game this turn" (Courageous Resolve) in a sentence of its own.
CANT_LOSE_GAME = _T(r"^(?P<who>players|you) can't lose the game(?: this turn)?$")
CANT_WIN_GAME = _T(r"^(?P<who>players|your opponents) can't win the game(?: this turn)?$")


CANT_DRAW = _T(r"^(?P<who>players|you|your opponents) can't draw cards$")


CANT_DRAW_MORE = _T(
    r"^(?P<who>each player|players|each opponent|your opponents|you) can't draw more than "
    r"(?P<n>\w+) cards? each turn$"
)


CANT_CHANGE = _T(r"^your life total can't change$")


# CR 701.19c: "A creature dealt damage this way can't be regenerated this turn." (Incinerate),
# "That creature can't be regenerated this turn." (Disintegrate): regeneration shields
# don't apply to it this turn; "This creature can't be regenerated this turn." (Clergy of the
# Holy Nimbus's activated ability): its source; "Target creature can't be regenerated this
# turn." (Gravebind): the spell's target, a shield already made included (701.19c).
CANT_REGENERATE = _T(
    r"^(?:if it's a creature, )?(?P<what>a creature dealt damage this way|that creature|it|"
    r"the creature|target creature|~) can't be regenerated this turn$"
)


# CR 614.17: Grafdigger's Cage, "Creature cards in graveyards and libraries can't enter.";
# Weathered Runestone, "Nonland permanent cards in graveyards and libraries can't enter."
# (older printings end "can't enter the battlefield").
CANT_ENTER_FROM = _T(
    r"^(?:(?P<type>creature|artifact|land|enchantment|planeswalker|(?P<nonland>nonland )?"
    r"permanent) )?cards in (?P<zones>graveyards and libraries|graveyards and exile|"
    r"graveyards|libraries|exile) can't enter(?: the battlefield)?$"
)


# CR 614.17: "Lands can't enter." (Worms of the Earth): whatever the words name, checked on
# the permanent as it would exist on the battlefield (614.12; CR 608.3b's example: a Clone
# entering as a copy of Dryad Arbor is a land, so it can't enter).
CANT_ENTER = _T(r"^(?P<what>[^,.]+?) can't enter(?: the battlefield)?$")


# CR 615.12: "Combat damage can't be prevented" (Frenzied Baloth) is combat damage only.
CANT_PREVENT = _T(
    r"^(?:damage|this damage|the damage|(?P<combat0>combat )damage|(?P<combat>combat )?damage "
    r"that would be dealt by (?P<src>.+?)) can't be prevented"
    r"(?: this turn)?$"
)


CANT_PLAYER_COUNTERS = _T(r"^players can't get counters$")


CANT_COUNTERS_ON = _T(r"^counters can't be put on (?P<on>.+)$")


CANT_HAVE_COUNTERS = _T(
    r"^(?P<on>.+?) can't have (?P<kind>[+-]1/[+-]1 )?counters put on (?:it|them)$"
)


# "If you have 5 or less life, you can't lose life this turn" (Courageous Resolve's fateful
# hour, split from its list by replacement/compounds.py): made only if the condition holds
# as the spell resolves (CR 608.2c).
IF_CANT_LOSE = _T(
    r"^if (?P<cond>[^,]+), (?P<rest>(?:players|you|your opponents) can't "
    r"(?:lose life|lose the game|win the game)(?: this turn)?)$"
)


# "If you control a creature with power 4 or greater, damage can't be prevented this turn"
# (Wild Slash): a "can't" made only if the condition holds as the spell resolves.
IF_CANT_PREVENT = _T(r"^if (?P<cond>.+?), (?P<rest>(?:the )?damage can't be prevented.*)$")


def _cant_gain(m: re.Match[str], s: Sentence) -> Spec | None:
    who = _CANT_WHO[m["who"]]
    return CantSpec(s.text, "gain_life", player=who)


def _cant_lose_life(m: re.Match[str], s: Sentence) -> Spec | None:
    return CantSpec(s.text, "lose_life", player=_CANT_WHO[m["who"]])


def _cant_lose_game(m: re.Match[str], s: Sentence) -> Spec | None:
    return CantSpec(s.text, "lose_game", player=_CANT_WHO[m["who"]])


def _cant_win_game(m: re.Match[str], s: Sentence) -> Spec | None:
    return CantSpec(s.text, "win_game", player=_CANT_WHO[m["who"]])


def _cant_draw_more(m: re.Match[str], s: Sentence) -> Spec | None:
    who = _CANT_DRAW_MORE_WHO.get(m["who"], "opponent")
    return CantSpec(s.text, "draw_limit", player=who, limit=number(m["n"], s.text))


def _cant_draw(m: re.Match[str], s: Sentence) -> Spec | None:
    who = _CANT_WHO[m["who"]]
    return CantSpec(s.text, "draw", player=who)


def _cant_change(m: re.Match[str], s: Sentence) -> Spec | None:
    return CantSpec(s.text, "life_change", player="you")


def _cant_regenerate(m: re.Match[str], s: Sentence) -> Spec | None:
    what = m["what"]
    if what == "a creature dealt damage this way":
        objects = what_objects(what, s.text)
    elif what == "~":
        objects = Subject("self", words="~")
    else:
        # "that creature", "it", "target creature": the spell's or ability's target.
        objects = Subject("antecedent", words=what)
    return CantSpec(s.text, "regenerate", objects=objects)


def _cant_enter_from(m: re.Match[str], s: Sentence) -> Spec | None:
    zones = tuple(z.rstrip("s").replace("librarie", "library") for z in m["zones"].split(" and "))
    words = m["type"] or ""
    kind = "Permanent" if words.endswith("permanent") else words.capitalize() or None
    not_kind = "Land" if m["nonland"] else None
    return CantSpec(s.text, "enter_from", from_zones=zones, card_type=kind, not_type=not_kind)


def _cant_enter(m: re.Match[str], s: Sentence) -> Spec | None:
    return CantSpec(s.text, "enter", objects=objects_in(m["what"], s.text))


def _cant_prevent(m: re.Match[str], s: Sentence) -> Spec | None:
    # "This damage" (a spell's own) and "by sources you control" limit it to those sources.
    if s.body.startswith(("this damage", "the damage")):
        return CantSpec(s.text, "prevent_damage", objects=Subject("self", words="~"))
    sources = None
    if m["src"]:
        sources = source_in(m["src"], s.text)[0]
    # Questing Beast: "Combat damage that would be dealt by creatures you control ..."
    combat = bool(m["combat"] or m["combat0"])
    return CantSpec(s.text, "prevent_damage", objects=sources, combat_only=combat)


def _cant_player_counters(m: re.Match[str], s: Sentence) -> Spec | None:
    return CantSpec(s.text, "counters_on_players", player="any")


def _cant_have_counters(m: re.Match[str], s: Sentence) -> Spec | None:
    on = Subject("self", words="~") if m["on"] == "~" else objects_in(m["on"], s.text)
    kind = m["kind"].strip() if m["kind"] else None
    return CantSpec(s.text, "counters_on_objects", objects=on, counter_kind=kind)


def _cant_counters_on(m: re.Match[str], s: Sentence) -> Spec | None:
    return CantSpec(s.text, "counters_on_objects", objects=objects_in(m["on"], s.text))


def _if_cant_prevent(m: re.Match[str], s: Sentence) -> Spec | None:
    """A "can't be prevented" (or "can't lose life", "can't lose the game", "can't win the
    game") made only if a condition holds as the spell resolves."""
    if not isinstance(cant := s.again(m["rest"]), CantSpec):
        return None
    words = m["cond"].strip()
    if words == "~ was kicked":
        return replace(cant, condition="kicked")
    return replace(cant, condition=condition_in(words, s.text))


# Lower priorities are tried first (``replacement/sentences.py``).
ROWS: tuple[Row, ...] = (
    Row(
        Family.CANT,
        CANT_GAIN,
        _cant_gain,
        rule="614.17",
        example="Players can't gain life.",
        card="Everlasting Torment",
        priority=890,
    ),
    # Everybody Lives! prints these joined (replacement/compounds.py splits them).
    Row(
        Family.CANT,
        CANT_LOSE_LIFE,
        _cant_lose_life,
        rule="614.17",
        example="Players can't lose life this turn.",
        card="",
        priority=891,
    ),
    Row(
        Family.CANT,
        CANT_LOSE_GAME,
        _cant_lose_game,
        rule="614.17",
        example="Players can't lose the game this turn.",
        card="",
        priority=892,
    ),
    Row(
        Family.CANT,
        CANT_WIN_GAME,
        _cant_win_game,
        rule="614.17",
        example="Players can't win the game this turn.",
        card="",
        priority=893,
    ),
    Row(
        Family.CANT,
        CANT_DRAW_MORE,
        _cant_draw_more,
        rule="614.17",
        example="Each player can't draw more than one card each turn.",
        card="Spirit of the Labyrinth",
        priority=900,
    ),
    Row(
        Family.CANT,
        CANT_DRAW,
        _cant_draw,
        rule="614.17",
        example="Players can't draw cards.",
        card="Maralen of the Mornsong",
        priority=910,
    ),
    Row(
        Family.CANT,
        CANT_CHANGE,
        _cant_change,
        rule="614.17",
        example="Your life total can't change.",
        card="Platinum Emperion",
        priority=920,
    ),
    Row(
        Family.CANT,
        CANT_REGENERATE,
        _cant_regenerate,
        rule="701.19c",
        example="It can't be regenerated this turn.",
        card="Engulfing Flames",
        priority=930,
    ),
    Row(
        Family.CANT,
        CANT_ENTER_FROM,
        _cant_enter_from,
        rule="614.17",
        example="Creature cards in graveyards can't enter.",
        card="Kunoros, Hound of Athreos",
        priority=940,
    ),
    Row(
        Family.CANT,
        CANT_ENTER,
        _cant_enter,
        rule="614.17",
        example="Lands can't enter.",
        card="Worms of the Earth",
        priority=945,
    ),
    Row(
        Family.CANT,
        IF_CANT_PREVENT,
        _if_cant_prevent,
        rule="614.17",
        example="Ferocious — If you control a creature with power 4 or greater, damage can't be prevented this turn.",
        card="Wild Slash",
        priority=950,
    ),
    Row(
        Family.CANT,
        IF_CANT_LOSE,
        _if_cant_prevent,
        rule="614.17",
        example="If you have 5 or less life, you can't lose life this turn.",
        card="",
        priority=951,
    ),
    Row(
        Family.CANT,
        CANT_PREVENT,
        _cant_prevent,
        rule="614.17",
        example="Damage can't be prevented.",
        card="Everlasting Torment",
        priority=960,
    ),
    Row(
        Family.CANT,
        CANT_PLAYER_COUNTERS,
        _cant_player_counters,
        rule="614.17",
        example="Players can't get counters.",
        card="Solemnity",
        priority=970,
    ),
    Row(
        Family.CANT,
        CANT_HAVE_COUNTERS,
        _cant_have_counters,
        rule="614.17",
        example="This creature can't have counters put on it.",
        card="Melira's Keepers",
        priority=980,
    ),
    Row(
        Family.CANT,
        CANT_COUNTERS_ON,
        _cant_counters_on,
        rule="614.17",
        example="Counters can't be put on artifacts, creatures, enchantments, or lands.",
        card="Solemnity",
        priority=990,
    ),
)
