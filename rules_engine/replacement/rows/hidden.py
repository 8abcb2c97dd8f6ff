"""Rows for replacements of events no board holds: milling, rolling dice, flipping a coin,
scrying, mana, exploring, conniving, planeswalking, copying a spell, untapping in the untap
step, paying life (CR 614.1a).

A board's steps and events are what happens to permanents and players in view: damage,
life, counters, tokens, entering, dying, drawing (docs/board-format.md, "Events"). Cards
milled, dice rolled, coins flipped, cards scried and mana in a pool are not among them, so
a replacement of one of those reads correctly and never meets its event on a board: the
engine reports it as inert here (``gaps.ability_status``), with the event and its rule,
never as a sentence it cannot read.
"""

from __future__ import annotations

import re

from rules_engine.replacement.phrases import number
from rules_engine.replacement.rows.row import Builder, Row, Sentence
from rules_engine.replacement.specs import Family, HiddenEvent, HiddenSpec, Spec

_T = re.compile

# CR 701.17a: "If an opponent would mill one or more cards, they mill twice that many cards
# instead" (Bruvac the Grandiloquent), "that many cards plus four" (The Water Crystal).
MILL = _T(
    r"^if (?P<who>you|an opponent|a player) would mill one or more cards, (?:you|they|that "
    r"player) mill (?:(?P<twice>twice) that many cards|that many cards plus (?P<plus>\w+)) "
    r"instead$"
)


# CR 706.1: "If you would roll one or more dice, instead roll that many dice plus one and
# ignore the lowest roll" (Barbarian Class, Wyll, Pixie Guide); planar dice (CR 901.9,
# Ichor Elixir).
DICE = _T(
    r"^if you would roll one or more (?P<planar>planar )?dice, instead roll that many "
    r"(?:planar )?dice plus one and ignore (?:the lowest roll|one)$"
)


# CR 705.1, 706.1: Pokey, the Scallywagg's "If you would flip a coin, you may instead roll a
# d20" and "If you would roll a d20, you may instead flip a coin".
COIN_OR_DIE = _T(
    r"^if you would (?P<what>flip a coin|roll a d20), you may instead (?:roll a d20|flip a coin)$"
)


# CR 701.22a: "If you would scry a number of cards, scry that many cards plus one instead"
# (Kenessos, Priest of Thassa), "draw that many cards instead" (Eligeth, Crossroads Augur).
SCRY = _T(
    r"^if you would scry a number of cards, (?:scry that many cards plus one|draw that many "
    r"cards) instead$"
)


# CR 500.4: mana empties from a pool as each step and phase ends; "If you would lose unspent
# mana, that mana becomes colorless instead" (Horizon Stone, Omnath, Ozai).
UNSPENT_MANA = _T(
    r"^if you would lose unspent mana, that mana becomes (?:colorless|white|blue|black|red|"
    r"green) instead$"
)


# CR 106.12: "If you tap a permanent for mana, it produces three times as much of that mana
# instead" (Nyxbloom Ancient; Virtue of Strength's "a basic land").
TAPPED_FOR_MANA = _T(
    r"^if you tap an? (?:basic land|permanent) for mana, it produces (?:twice|three times) as "
    r"much of that mana instead$"
)


# CR 701.44a: "If a creature you control would explore, instead it explores, then it explores
# again" (Topography Tracker), "instead you scry 1, then that creature explores" (Twists and
# Turns). No board step makes a permanent explore (a resolving "explores" is named as a one-shot
# the engine doesn't perform), so the event never happens on a board.
EXPLORE = _T(
    r"^if a creature you control would explore, instead (?:it explores, then it explores "
    r"again|you scry 1, then that creature explores)$"
)


# CR 701.50a: "If a creature you control would connive, instead you draw a card, then that
# creature connives" (Leader, Super-Genius); conniving is never performed on a board either.
CONNIVE = _T(
    r"^if a creature you control would connive, instead you draw a card, then that creature "
    r"connives$"
)


# CR 701.31a, 901.8: planeswalking happens only in a Planechase game (Susan Foreman); a board
# has no planar deck.
PLANESWALK = _T(
    r"^if you would planeswalk, instead look at the top two cards of your planar deck, put one "
    r"on the bottom of your planar deck and the other on top, then planeswalk$"
)


# CR 707.10: copying a spell puts a copy of it on the stack; a board has no stack of spells
# to copy ("cast" resolves at once). Twinning Staff's next sentence ("You may choose new
# targets for the additional copy", 707.10c) is read with it (``follows``).
COPY_SPELL = _T(
    r"^if you would copy a spell one or more times, instead copy it that many times plus an "
    r"additional time$"
)


# CR 502.3: untapping in the untap step, which no board step performs: "If a permanent with a
# wind counter on it would untap during its controller's untap step, remove all wind counters
# from it instead" (Freyalise's Winds); Bewitching Leechcraft grants "If this creature would
# untap during your untap step, remove a +1/+1 counter from it instead. If you do, untap it."
UNTAP_STEP = _T(
    r"^if (?:~|a permanent with an? [\w+/-]+ counter on it) would untap during (?:your|its "
    r"controller's) untap step, remove (?:a \+1/\+1 counter|all [\w+/-]+ counters) from it "
    r"instead$"
)


# CR 119.4: paying life, which a board never does: a board's steps pay no costs but a
# planeswalker's loyalty (docs/board-format-extensions.md, the activate step), and no one-shot
# the engine performs pays life. "If you would pay life while your library has at least that
# many cards in it, exile that many cards from the top of your library instead" (Ashiok,
# Wicked Manipulator).
PAY_LIFE = _T(
    r"^if you would pay life while your library has at least that many cards in it, exile that "
    r"many cards from the top of your library instead$"
)


# The sentence after a hidden replacement that says more of the same replacement, read with
# it: (the event, the sentence's pattern).
_FOLLOWS: tuple[tuple[HiddenEvent, re.Pattern[str]], ...] = (
    (HiddenEvent.COPY_SPELL, _T(r"^you may choose new targets for the additional copy$")),
    # CR 608.2c "If you do": the untap the removal allows (Bewitching Leechcraft).
    (HiddenEvent.UNTAP_STEP, _T(r"^if you do, untap it$")),
    # CR 705.1, 706.1: how the other result reads (Pokey, the Scallywagg: "1-10 is tails and
    # 11-20 is heads", "Tails is 1 and heads is 20"), part of the same replacement.
    (HiddenEvent.COIN, _T(r"^1-10 is tails and 11-20 is heads$|^tails is 1 and heads is 20$")),
)


def follows(body: str, last: Spec) -> bool:
    """Is ``body`` (a sentence as the patterns read it) the rest of the hidden replacement
    read just before it (Twinning Staff's new targets, Bewitching Leechcraft's "If you do")?"""
    if not isinstance(last, HiddenSpec):
        return False
    return any(last.event is event and p.match(body) for event, p in _FOLLOWS)


def _hidden(event: HiddenEvent, rule: str) -> Builder:
    def build(m: re.Match[str], s: Sentence) -> Spec | None:
        if "plus" in m.groupdict() and m["plus"]:
            number(m["plus"], s.text)  # a number the sentence must give
        return HiddenSpec(s.text, Family.HIDDEN_EVENT, event=event, rule=rule)

    return build


_ROWS: tuple[tuple[re.Pattern[str], HiddenEvent, str, str, str], ...] = (
    (
        MILL,
        HiddenEvent.MILL,
        "701.17a",
        "If an opponent would mill one or more cards, they mill twice that many cards instead.",
        "Bruvac the Grandiloquent",
    ),
    (
        DICE,
        HiddenEvent.DICE,
        "706.1",
        "If you would roll one or more dice, instead roll that many dice plus one and ignore the lowest roll.",
        "Barbarian Class",
    ),
    (
        COIN_OR_DIE,
        HiddenEvent.COIN,
        "705.1",
        "If you would flip a coin, you may instead roll a d20.",
        "Pokey, the Scallywagg",
    ),
    (
        SCRY,
        HiddenEvent.SCRY,
        "701.22a",
        "If you would scry a number of cards, scry that many cards plus one instead.",
        "Kenessos, Priest of Thassa",
    ),
    (
        UNSPENT_MANA,
        HiddenEvent.MANA,
        "500.4",
        "If you would lose unspent mana, that mana becomes colorless instead.",
        "Horizon Stone",
    ),
    (
        TAPPED_FOR_MANA,
        HiddenEvent.MANA,
        "106.12",
        "If you tap a permanent for mana, it produces three times as much of that mana instead.",
        "Nyxbloom Ancient",
    ),
    (
        EXPLORE,
        HiddenEvent.EXPLORE,
        "701.44a",
        "If a creature you control would explore, instead it explores, then it explores again.",
        "Topography Tracker",
    ),
    (
        CONNIVE,
        HiddenEvent.CONNIVE,
        "701.50a",
        "If a creature you control would connive, instead you draw a card, then that creature connives.",
        "Leader, Super-Genius",
    ),
    (
        PLANESWALK,
        HiddenEvent.PLANESWALK,
        "701.31a",
        "If you would planeswalk, instead look at the top two cards of your planar deck, put one on the bottom of your planar deck and the other on top, then planeswalk.",
        "Susan Foreman",
    ),
    (
        COPY_SPELL,
        HiddenEvent.COPY_SPELL,
        "707.10",
        "If you would copy a spell one or more times, instead copy it that many times plus an additional time.",
        "Twinning Staff",
    ),
    (
        PAY_LIFE,
        HiddenEvent.PAY_LIFE,
        "119.4",
        "If you would pay life while your library has at least that many cards in it, exile that many cards from the top of your library instead.",
        "Ashiok, Wicked Manipulator",
    ),
    (
        UNTAP_STEP,
        HiddenEvent.UNTAP_STEP,
        "502.3",
        "If a permanent with a wind counter on it would untap during its controller's untap step, remove all wind counters from it instead.",
        "Freyalise's Winds",
    ),
)


# Lower priorities are tried first (``replacement/sentences.py``): none of these shapes is
# another row's, so they go last.
ROWS: tuple[Row, ...] = tuple(
    Row(
        Family.HIDDEN_EVENT,
        pattern,
        _hidden(event, rule),
        rule="614.1a",  # the replacement's rule; the event's own is ``HiddenSpec.rule``
        example=example,
        card=card,
        priority=1500 + i,
    )
    for i, (pattern, event, rule, example, card) in enumerate(_ROWS)
)
