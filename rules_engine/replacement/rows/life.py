"""Rows for life gained or lost replaced (CR 614.1a, 119.3)."""

from __future__ import annotations

import re

from rules_engine.replacement.phrases import (
    number,
)
from rules_engine.replacement.rows.row import Row, Sentence
from rules_engine.replacement.specs import Family, LifeSpec, PlayerWord, Spec

_T = re.compile

# Sulfuric Vortex; Flames of the Blood Hand's "If that player would gain life this turn"
# (the spell's target player).
GAIN_NONE = _T(
    r"^if (?P<who>a player|that player|that player or that planeswalker's controller) would "
    r"gain life(?: this turn)?, that player gains no life instead$"
)


GAIN_MODIFY = _T(
    r"^if you would gain life, you gain (?:(?P<twice>twice that much life)|that much life plus "
    r"(?P<plus>\w+)) instead$"
)


GAIN_TO_DRAW = _T(r"^if you would gain life, draw that many cards instead$")


# Tainted Remedy; Bloodletter of Aclazotz; "lose half that much life".
GAIN_TO_YOU = _T(r"^if an opponent would gain life, you gain that much life instead$")


GAIN_TO_LOSS = _T(
    r"^if (?P<who>you|an opponent) would gain life, (?:you|that player|they) loses? that much "
    r"life instead$"
)


LOSE_TO_GAIN = _T(
    r"^if (?P<who>you|an opponent) would lose life, (?:you|that player|they) gains? that much "
    r"life instead$"
)


LOSE_MODIFY = _T(
    r"^if (?P<who>you|an opponent) would lose life(?P<turn> during your turn)?, (?:you|that player|"
    r"they) loses? (?:(?P<twice>twice that much life)|half that much life, rounded (?P<round>down|up))"
    r"(?: instead)?$"
)


# CR 120.3a, 614.1a: "Damage doesn't cause you to lose life" (Archon of Coronation, under "As
# long as you're the monarch, "): the damage is still dealt (it isn't prevented, 615), only
# the life loss it would cause doesn't happen.
DAMAGE_NO_LOSS = _T(r"^damage doesn't cause (?P<who>you) to lose life$")


def _damage_no_loss(m: re.Match[str], s: Sentence) -> Spec | None:
    return LifeSpec(s.text, Family.DAMAGE_NO_LOSS, player="you")


def _gain_none(m: re.Match[str], s: Sentence) -> Spec | None:
    # Today's Flames of the Blood Hand: the target player, or the target planeswalker's
    # controller.
    gainer: PlayerWord = "any" if m["who"] == "a player" else "target"
    if m["who"].endswith("controller"):
        gainer = "target_or_controller"
    return LifeSpec(s.text, Family.GAIN_NONE, player=gainer)


def _gain_modify(m: re.Match[str], s: Sentence) -> Spec | None:
    plus = 0 if m["twice"] else number(m["plus"], s.text)
    return LifeSpec(
        s.text, Family.GAIN_MODIFY, player="you", factor=2 if m["twice"] else 1, plus=plus
    )


def _gain_to_draw(m: re.Match[str], s: Sentence) -> Spec | None:
    return LifeSpec(s.text, Family.GAIN_TO_DRAW, player="you")


def _gain_to_you(m: re.Match[str], s: Sentence) -> Spec | None:
    return LifeSpec(s.text, Family.GAIN_TO_YOU, player="opponent")


def _gain_to_loss(m: re.Match[str], s: Sentence) -> Spec | None:
    family = Family.GAIN_TO_LOSS if "would gain" in s.body else Family.LOSS_TO_GAIN
    who: PlayerWord = "you" if m["who"] == "you" else "opponent"
    return LifeSpec(s.text, family, player=who)


def _lose_modify(m: re.Match[str], s: Sentence) -> Spec | None:
    return LifeSpec(
        s.text,
        Family.LOSE_MODIFY,
        player="you" if m["who"] == "you" else "opponent",
        factor=2 if m["twice"] else 1,
        half_up=m["round"] == "up",
        half_down=m["round"] == "down",
        during_your_turn=bool(m["turn"]),
    )


# Lower priorities are tried first (``replacement/sentences.py``).
ROWS: tuple[Row, ...] = (
    Row(
        Family.GAIN_NONE,
        GAIN_NONE,
        _gain_none,
        rule="614.1a",
        example="If a player would gain life, that player gains no life instead.",
        card="Sulfuric Vortex",
        priority=610,
    ),
    Row(
        Family.GAIN_MODIFY,
        GAIN_MODIFY,
        _gain_modify,
        rule="614.1a",
        example="If you would gain life, you gain twice that much life instead.",
        card="Alhammarret's Archive",
        priority=660,
    ),
    Row(
        Family.GAIN_TO_DRAW,
        GAIN_TO_DRAW,
        _gain_to_draw,
        rule="614.1a",
        example="If you would gain life, draw that many cards instead.",
        card="Lich",
        priority=670,
    ),
    Row(
        Family.GAIN_TO_YOU,
        GAIN_TO_YOU,
        _gain_to_you,
        rule="614.1a",
        example="If an opponent would gain life, you gain that much life instead.",
        card="",
        priority=680,
    ),
    Row(
        Family.GAIN_TO_LOSS,
        GAIN_TO_LOSS,
        _gain_to_loss,
        rule="614.1a",
        example="If an opponent would gain life, that player loses that much life instead.",
        card="Tainted Remedy",
        priority=690,
    ),
    Row(
        Family.LOSS_TO_GAIN,
        LOSE_TO_GAIN,
        _gain_to_loss,
        rule="614.1a",
        example="If you would lose life, you gain that much life instead.",
        card="",
        priority=691,
    ),
    Row(
        Family.DAMAGE_NO_LOSS,
        DAMAGE_NO_LOSS,
        _damage_no_loss,
        rule="614.1a",
        example="damage doesn't cause you to lose life.",
        card="Archon of Coronation",
        priority=695,
    ),
    Row(
        Family.LOSE_MODIFY,
        LOSE_MODIFY,
        _lose_modify,
        rule="614.1a",
        example="If an opponent would lose life during your turn, they lose twice that much life instead.",
        card="Bloodletter of Aclazotz",
        priority=700,
    ),
)
