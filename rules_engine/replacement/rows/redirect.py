"""Rows for damage dealt to another instead (CR 614.9), and Eye for an Eye's echo
(614.1a, 615.7).
"""

from __future__ import annotations

import re

from rules_engine.replacement.phrases import (
    amount_or_x,
    damage_source_in,
    destination_in,
    source_in,
    targets_before,
    who_in,
)
from rules_engine.replacement.rows.row import Row, Sentence
from rules_engine.replacement.specs import (
    DamageSpec,
    Family,
    Mark,
    RedirectTo,
    Spec,
    Who,
)

_T = re.compile

_REDIRECT_TO: dict[str, RedirectTo] = {"you": "you", "~": "self", "enchanted creature": "enchanted"}


# "The next 3 damage that would be dealt to target creature this turn is dealt to you
# instead" (a redirection shield, used up like a prevention shield, 615.7).
REDIRECT_NEXT = _T(
    r"^the next (?P<n>\w+) damage that would be dealt to (?P<tgt>.+?) this turn is dealt to "
    r"(?P<to>you|~|enchanted creature|target creature(?: you control)?) instead$"
)


# CR 614.9: "All damage that would be dealt [this turn] to X [by Y] is dealt to Z instead"
# (Treacherous Link, Turn the Tables, Kor Chant).
# CR 614.9, 615.7: the source named first and chosen, the damage sent to the spell's target:
# "The next 2 damage that a source of your choice would deal to you and/or permanents you
# control this turn is dealt to any target instead" (Harm's Way, Shining Shoal).
REDIRECT_NEXT_FROM = _T(
    r"^the next (?P<n>\w+) damage that (?>(?P<src>.+?) would deal to )(?P<tgt>.+?) this turn is "
    r"dealt to any target instead$"
)


REDIRECT_ALL = _T(
    r"^all (?P<combat>combat )?damage that would be dealt (?P<t1>this turn )?to "
    r"(?>(?P<tgt>.+?)(?= this turn(?: by | is dealt to )| by | is dealt to ))(?P<t2> this turn)?"
    r"(?: by (?>(?P<src>.+?)(?=(?: this turn)? is dealt to )))?(?P<t3> this turn)? is dealt to "
    r"(?P<to>.+?) instead$"
)


# CR 614.9, 615.7: "The next N damage that would be dealt to target creature this turn is
# dealt to another target creature instead."
REDIRECT_NEXT_ANOTHER = _T(
    r"^the next (?P<n>\w+) damage that would be dealt to (?>(?P<tgt>.+?) this turn is dealt to )"
    r"(?P<to>another target .+?) instead$"
)


# CR 614.9: "The next time a source of your choice would deal damage this turn, that damage
# is dealt to that source's controller instead."
REDIRECT_NEXT_TIME = _T(
    r"^the next time (?>(?P<src>.+?) would deal damage)(?: to (?>(?P<tgt>.+?)(?=(?: this turn)?, "
    r"(?:that damage is dealt to|it deals that damage to) )))?(?: this turn)?, "
    r"(?:that damage is dealt to|it deals that damage to) (?P<to>.+?) instead$"
)


# CR 614.1a, 615.7: "The next time a source of your choice would deal damage to you this turn,
# instead that source deals that much damage to you and ~ deals that much damage to that
# source's controller" (Eye for an Eye: the damage is still dealt, and more is added).
ECHO_NEXT_TIME = _T(
    r"^the next time (?P<src>.+?) would deal damage to you this turn, instead that source deals "
    r"that much damage to you and ~ deals that much damage to that source's controller$"
)


# CR 614.9: "If an instant or sorcery spell of the chosen color would deal damage to you, it
# deals that damage to its controller instead" (Harsh Judgment: "its" is the spell's).
REDIRECT_TO_ITS_CONTROLLER = _T(
    r"^if (?>(?P<src>.+?) would deal damage to )(?P<tgt>.+?), it deals that damage to its "
    r"controller instead$"
)


def _redirect_all(m: re.Match[str], s: Sentence) -> Spec | None:
    src, choice = damage_source_in(m["src"], s.text)
    to, slot = destination_in(m["to"], targets_before(m["tgt"], m["src"]), s.text)
    return DamageSpec(
        s.text,
        Family.REDIRECT,
        combat_only=bool(m["combat"]),
        target=who_in(m["tgt"], s.text),
        source=src,
        source_choice=choice,
        redirect_to=to,
        redirect_slot=slot,
        shield="this_turn" if m["t1"] or m["t2"] or m["t3"] else None,
    )


def _echo_next_time(m: re.Match[str], s: Sentence) -> Spec | None:
    src, choice = source_in(m["src"], s.text)
    return DamageSpec(
        s.text,
        Family.DAMAGE_MODIFY,
        target=Who("you"),
        source=src,
        source_choice=choice,
        shield="next_time",
        marks=frozenset({Mark.ECHO_TO_SOURCE_CONTROLLER}),
    )


def _redirect_to_its_controller(m: re.Match[str], s: Sentence) -> Spec | None:
    src, choice = source_in(m["src"], s.text)
    return DamageSpec(
        s.text,
        Family.REDIRECT,
        target=who_in(m["tgt"], s.text),
        source=src,
        source_choice=choice,
        redirect_to="source_controller",
    )


def _redirect_next_another(m: re.Match[str], s: Sentence) -> Spec | None:
    to, slot = destination_in(m["to"], targets_before(m["tgt"]), s.text)
    amount, x = amount_or_x(m["n"], s.text)
    return DamageSpec(
        s.text,
        Family.REDIRECT,
        target=who_in(m["tgt"], s.text),
        redirect_to=to,
        redirect_slot=slot,
        amount=amount,
        x_amount=x,
        shield="amount",
    )


def _redirect_next_time(m: re.Match[str], s: Sentence) -> Spec | None:
    src, choice = source_in(m["src"], s.text)
    to, slot = destination_in(m["to"], targets_before(m["tgt"], m["src"]), s.text)
    return DamageSpec(
        s.text,
        Family.REDIRECT,
        target=who_in(m["tgt"], s.text) if m["tgt"] else None,
        source=src,
        source_choice=choice,
        redirect_to=to,
        redirect_slot=slot,
        shield="next_time",
    )


def _redirect_next(m: re.Match[str], s: Sentence) -> Spec | None:
    to = _REDIRECT_TO.get(m["to"], "target")
    amount, x = amount_or_x(m["n"], s.text)
    return DamageSpec(
        s.text,
        Family.REDIRECT,
        target=who_in(m["tgt"], s.text),
        redirect_to=to,
        amount=amount,
        x_amount=x,
        shield="amount",
    )


def _redirect_next_from(m: re.Match[str], s: Sentence) -> Spec | None:
    amount, x = amount_or_x(m["n"], s.text)
    source, chosen = source_in(m["src"], s.text)
    return DamageSpec(
        s.text,
        Family.REDIRECT,
        target=who_in(m["tgt"], s.text),
        source=source,
        source_choice=chosen,
        redirect_to="target",
        redirect_slot=0,  # its only "target"; the chosen source is named after it
        amount=amount,
        x_amount=x,
        shield="amount",
    )


# Lower priorities are tried first (``replacement/sentences.py``).
ROWS: tuple[Row, ...] = (
    Row(
        Family.REDIRECT,
        REDIRECT_NEXT_FROM,
        _redirect_next_from,
        rule="614.9",
        example="The next 2 damage that a source of your choice would deal to you and/or permanents you control this turn is dealt to any target instead.",
        card="Harm's Way",
        priority=111,
    ),
    Row(
        Family.REDIRECT,
        REDIRECT_ALL,
        _redirect_all,
        rule="614.9",
        example="All damage that would be dealt to you is dealt to this creature instead.",
        card="Empyrial Archangel",
        priority=110,
    ),
    Row(
        Family.DAMAGE_MODIFY,
        ECHO_NEXT_TIME,
        _echo_next_time,
        rule="614.1a",
        example="The next time a source of your choice would deal damage to you this turn, instead that source deals that much damage to you and Eye for an Eye deals that much damage to that source's controller.",
        card="Eye for an Eye",
        priority=120,
    ),
    Row(
        Family.REDIRECT,
        REDIRECT_TO_ITS_CONTROLLER,
        _redirect_to_its_controller,
        rule="614.9",
        example="If an instant or sorcery spell of the chosen color would deal damage to you, it deals that damage to its controller instead.",
        card="Harsh Judgment",
        priority=130,
    ),
    Row(
        Family.REDIRECT,
        REDIRECT_NEXT_ANOTHER,
        _redirect_next_another,
        rule="614.9",
        example="The next 1 damage that would be dealt to target creature this turn is dealt to another target creature instead.",
        card="Carom",
        priority=140,
    ),
    Row(
        Family.REDIRECT,
        REDIRECT_NEXT_TIME,
        _redirect_next_time,
        rule="614.9",
        example="The next time a source of your choice would deal damage this turn, that damage is dealt to that source's controller instead.",
        card="Reflect Damage",
        priority=150,
    ),
    Row(
        Family.REDIRECT,
        REDIRECT_NEXT,
        _redirect_next,
        rule="615.7",
        example="The next 1 damage that would be dealt to target creature, planeswalker, or player this turn is dealt to this creature instead.",
        card="Martyrdom",
        priority=400,
    ),
)
