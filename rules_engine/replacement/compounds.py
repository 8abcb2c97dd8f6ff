"""Sentences that are two effects, as data: each shape and how it splits (CR 614-615).

"You can't lose the game and your opponents can't win the game" (Platinum Angel) is two
"can't" effects; "Prevent all combat damage that would be dealt to and dealt by that
creature this turn" (Maze of Ith) two preventions. A ``Compound`` is the shape, the
function that gives the parts (the sentences each effect is read from, in the grammar's
lower case with the card's name as "~"), the rule and an example; ``split_compound`` tries
them in order and the first that splits decides. ``tests/engine/test_replacement_rows.py``
checks each example is split by its own shape.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

_T = re.compile

# CR 608.2c, 702.33d: a spell's effect made only if it was kicked ("If ~ was kicked, that
# creature can't be regenerated this turn"), checked as it resolves.
KICKED_ONLY = _T(r"^if ~ was kicked, (?P<rest>.+)$")


# CR 104.3, 614.17: Platinum Angel; Angel's Grace says "this turn" (a resolved effect ends
# with its "end" step anyway).
CANT_LOSE_WIN = _T(
    r"^you can't lose the game(?: this turn)? and your opponents can't win the game(?: this turn)?$"
)


# CR 119.8, 104.3, 614.17: "Players can't lose life this turn and players can't lose the game
# or win the game this turn" (Everybody Lives!); "If you have 5 or less life, you can't lose
# life this turn, you can't lose the game this turn, and your opponents can't win the game
# this turn" (Courageous Resolve's fateful hour, its condition on each part).
CANT_LOSE_LIFE_AND = _T(
    r"^(?P<cond>if [^,]+, )?(?P<life>(?:players|you) can't lose life(?: this turn)?),? and "
    r"(?P<rest>.+)$"
)
CANT_LOSE_LIFE_LIST = _T(
    r"^(?P<cond>if [^,]+, )(?P<life>you can't lose life(?: this turn)?), "
    r"(?P<game>you can't lose the game(?: this turn)?), and "
    r"(?P<win>your opponents can't win the game(?: this turn)?)$"
)
LOSE_OR_WIN = _T(
    r"^(?P<who>players) can't lose the game(?P<t1> this turn)? or win the game(?P<t2> this turn)?$"
)


# CR 502.3: "~ enters tapped and doesn't untap during your untap step" (Leviathan): the
# replacement (614.1c) and a rule about the untap step, which no board step performs.
TAPPED_AND_NO_UNTAP = _T(r"^~ enters tapped and (?P<rule>doesn't untap during your untap step)$")


DIE_OR_PUT = _T(
    r"^if (?>(?P<dies>.+?) would die or )(?>(?P<card>.+?) not on the battlefield would be put "
    r"into )(?>(?P<gy>.+?graveyard), )(?P<rest>.+ instead)$"
)


TO_AND_BY = _T(
    r"^prevent all (?P<combat>combat )?damage that would be dealt to and dealt by (?P<what>.+?)"
    r"(?P<turn> this turn)?$"
)


# CR 615.12 with 608.2c: "If ~ was kicked, instead it deals 10 damage to that permanent or
# player and the damage can't be prevented" (Urza's Rage, Lightning Surge); Demonfire's and
# Banefire's "~ can't be countered ... and the damage can't be prevented" (the "can't be
# countered" part, like the line "~ can't be countered", changes nothing on a board).
AND_UNPREVENTABLE = _T(
    r"^if (?>(?P<cond>.+?), (?=instead |~ can't be countered|this spell can't be countered))"
    r"(?:(?P<instead>instead .+?)|(?:~|this spell) can't be countered(?: by "
    r"spells or abilities)?) and the damage can't be prevented$"
)


NO_REGEN_AND_EXILE = _T(
    r"^(?P<cant>(?:if it's a creature, )?(?:it|that creature) can't be regenerated this turn),? "
    r"and if (?P<what>it|that creature) would die this turn, (?P<rest>.+)$"
)


AND_PER_PREVENTED = _T(
    r"^(?>(?P<prevent>prevent .+?), and (?=put an? ))"
    r"(?P<extra>put an? .+ for each 1 damage prevented this way)$"
)

# CR 615.5: "If damage would be dealt to ~, prevent that damage and put that many +1/+1
# counters on him" (Anti-Venom; "on it": Panther Habit, Jared Carthalion, Gatta and Luzzu):
# the counters go on the permanent the damage would have been dealt to, one for each 1
# damage prevented (none if the damage can't be prevented, 615.12).
AND_THAT_MANY_COUNTERS = _T(
    r"^(?>(?P<prevent>.+?, prevent that damage) and (?=put that many ))put that many "
    r"(?P<kind>[+-]?\w+(?:/[+-]?\w+)?) counters on (?:it|him|her|them)$"
)

# The untap-step rule Leviathan's sentence carries (CR 502.3), which no board step performs.
UNTAP_STEP_RULE = "~ doesn't untap during your untap step"


@dataclass(frozen=True, slots=True)
class Compound:
    """A sentence shape that is two effects: ``split`` gives the parts, or None when the
    sentence isn't this shape's after all (the next one is tried)."""

    pattern: re.Pattern[str]
    split: Callable[[re.Match[str]], list[str] | None]
    rule: str
    example: str  # as printed on ``card`` ("": an older wording no card prints now)
    card: str


def _kicked(m: re.Match[str]) -> list[str] | None:
    # Scorching Lava: "If ~ was kicked, that creature can't be regenerated this turn and if it
    # would die this turn, exile it instead" -- both parts only if it was kicked.
    parts = split_compound(m["rest"])
    return [f"if ~ was kicked, {part}" for part in parts] if len(parts) > 1 else None


def _lose_and_win(m: re.Match[str]) -> list[str] | None:
    return ["you can't lose the game", "your opponents can't win the game"]


def _lose_life_and(m: re.Match[str]) -> list[str] | None:
    rest = split_compound(m["rest"])
    if not all(" can't " in part for part in rest):
        return None
    cond = m["cond"] or ""
    return [f"{cond}{part}" for part in (m["life"], *rest)]


def _lose_life_list(m: re.Match[str]) -> list[str] | None:
    return [f"{m['cond']}{m[part]}" for part in ("life", "game", "win")]


def _lose_or_win(m: re.Match[str]) -> list[str] | None:
    turn = m["t1"] or m["t2"] or ""
    return [f"{m['who']} can't lose the game{turn}", f"{m['who']} can't win the game{turn}"]


def _tapped_and_no_untap(m: re.Match[str]) -> list[str] | None:
    return ["~ enters tapped", UNTAP_STEP_RULE]


def _die_or_put(m: re.Match[str]) -> list[str] | None:
    # Anafenza, the Foremost: one sentence, two events it watches.
    return [
        f"if {m['dies']} would die, {m['rest']}",
        f"if {m['card']} would be put into {m['gy']} from anywhere other than the "
        f"battlefield, {m['rest']}",
    ]


def _to_and_by(m: re.Match[str]) -> list[str] | None:
    kind, turn = m["combat"] or "", m["turn"] or ""
    return [
        f"prevent all {kind}damage that would be dealt to {m['what']}{turn}",
        f"prevent all {kind}damage that would be dealt by {m['what']}{turn}",
    ]


def _and_unpreventable(m: re.Match[str]) -> list[str] | None:
    cond = m["cond"]
    parts = [f"if {cond}, {m['instead']}"] if m["instead"] else []
    return [*parts, f"if {cond}, the damage can't be prevented"]


def _no_regen_and_exile(m: re.Match[str]) -> list[str] | None:
    # Carbonize: "If it's a creature, it can't be regenerated this turn, and if it would
    # die this turn, exile it instead." -- a "can't" (701.19c) and a replacement.
    return [m["cant"], f"if {m['what']} would die this turn, {m['rest']}"]


def _and_per_prevented(m: re.Match[str]) -> list[str] | None:
    # Test of Faith: "Prevent the next 3 damage ..., and put a +1/+1 counter on that
    # creature for each 1 damage prevented this way" (615.5's additional part).
    return [m["prevent"], m["extra"]]


def _and_that_many_counters(m: re.Match[str]) -> list[str] | None:
    # The additional part as the grammar reads it in a sentence of its own (Vigor's).
    each = f"put a {m['kind']} counter on that creature for each 1 damage prevented this way"
    return [m["prevent"], each]


# In order: a kicked compound first, so that its parts are each kicked.
COMPOUNDS: tuple[Compound, ...] = (
    Compound(
        KICKED_ONLY,
        _kicked,
        "702.33d",
        "If this spell was kicked, that creature can't be regenerated this turn and if it would die this turn, exile it instead.",
        "Scorching Lava",
    ),
    Compound(
        CANT_LOSE_WIN,
        _lose_and_win,
        "614.17",
        "You can't lose the game and your opponents can't win the game.",
        "Herald of Eternal Dawn",
    ),
    Compound(
        CANT_LOSE_LIFE_LIST,
        _lose_life_list,
        "614.17",
        "If you have 5 or less life, you can't lose life this turn, you can't lose the game this turn, and your opponents can't win the game this turn.",
        "Courageous Resolve",
    ),
    Compound(
        CANT_LOSE_LIFE_AND,
        _lose_life_and,
        "614.17",
        "Players can't lose life this turn and players can't lose the game or win the game this turn.",
        "Everybody Lives!",
    ),
    Compound(
        LOSE_OR_WIN,
        _lose_or_win,
        "614.17",
        "Players can't lose the game or win the game this turn.",
        "",
    ),
    Compound(
        TAPPED_AND_NO_UNTAP,
        _tapped_and_no_untap,
        "614.1c",
        "Traxos enters tapped and doesn't untap during your untap step.",
        "Traxos, Scourge of Kroog",
    ),
    Compound(
        DIE_OR_PUT,
        _die_or_put,
        "614.1a",
        "If a nontoken creature an opponent owns would die or a creature card not on the battlefield would be put into an opponent's graveyard, exile that card instead.",
        "Anafenza, the Foremost",
    ),
    Compound(
        TO_AND_BY,
        _to_and_by,
        "615.1a",
        "Prevent all damage that would be dealt to and dealt by enchanted creature.",
        "Heart of Light",
    ),
    Compound(
        AND_UNPREVENTABLE,
        _and_unpreventable,
        "615.12",
        "If X is 5 or more, this spell can't be countered and the damage can't be prevented.",
        "Banefire",
    ),
    Compound(
        NO_REGEN_AND_EXILE,
        _no_regen_and_exile,
        "701.19c",
        "If it's a creature, it can't be regenerated this turn, and if it would die this turn, exile it instead.",
        "Carbonize",
    ),
    Compound(
        AND_PER_PREVENTED,
        _and_per_prevented,
        "615.5",
        "Prevent the next 3 damage that would be dealt to target creature this turn, and put a +1/+1 counter on that creature for each 1 damage prevented this way.",
        "",
    ),
    Compound(
        AND_THAT_MANY_COUNTERS,
        _and_that_many_counters,
        "615.5",
        "If damage would be dealt to Anti-Venom, prevent that damage and put that many +1/+1 counters on him.",
        "Anti-Venom, Horrifying Healer",
    ),
)


def split_compound(body: str) -> list[str]:
    """The effects' sentences in ``body``: its parts if it is a compound, else itself."""
    for compound in COMPOUNDS:
        if (m := compound.pattern.match(body)) and (parts := compound.split(m)) is not None:
            return parts
    return [body]
