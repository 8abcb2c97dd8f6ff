"""Rows for a card put elsewhere instead of a graveyard, dying, and regeneration
(CR 614.1a, 614.8, 700.4).
"""

from __future__ import annotations

import re

from rules_engine.affected import Filter, Subject
from rules_engine.replacement.phrases import (
    exile_counters,
    graveyard_rest,
    number,
    what_objects,
)
from rules_engine.replacement.rows.row import Row, Sentence
from rules_engine.replacement.specs import Family, PlayerWord, ReplacementSpec, Spec, ZoneSpec

_T = re.compile

_GRAVEYARD_OF: dict[str, PlayerWord] = {
    "a graveyard": "any",
    "an opponent's graveyard": "opponent",
    "your graveyard": "you",
    "enchanted player's graveyard": "enchanted",
    "its owner's graveyard": "any",
}


GRAVEYARD = _T(
    r"^if (?P<what>.+?) would be put into (?P<gy>a graveyard|an opponent's graveyard|your graveyard|"
    r"enchanted player's graveyard|its owner's graveyard)(?: from (?P<from>anywhere other than "
    r"the battlefield|anywhere|the battlefield))?(?: this turn)?, "
    r"(?P<rest>.+)$"
)


DIE_INSTEAD = _T(r"^if (?P<what>.+?) would die, instead exile that card and create (?P<token>.+)$")


# "If that creature would die this turn, exile it instead" (Magma Spray: a resolved shield).
DIE_ELSEWHERE = _T(r"^if (?P<what>.+?) would die(?: this turn)?, (?P<rest>.+)$")


REGENERATE = _T(r"^regenerate (?P<what>~|target creature|enchanted creature|equipped creature)$")


REGENERATE_STATIC = _T(r"^if ~ would be destroyed, regenerate it$")  # Mossbridge Troll


# CR 614.1a, 614.6, 701.21a: "If enchanted land would be destroyed, instead sacrifice this
# Aura and that land gains indestructible until end of turn." (Crackling Emergence, Harmonious
# Emergence): the Aura is sacrificed and the land gains the ability, in place of the
# destruction.
SACRIFICE_INSTEAD = _T(
    r"^if enchanted (?P<what>land|creature|permanent) would be destroyed, instead sacrifice ~ "
    r"and that (?P=what) gains (?P<kw>indestructible) until end of turn$"
)


def _sacrifice_instead(m: re.Match[str], s: Sentence) -> Spec | None:
    return ReplacementSpec(
        s.text,
        Family.SACRIFICE_INSTEAD,
        objects=Subject("attached", words=f"enchanted {m['what']}"),
        options=(m["kw"].capitalize(),),
    )


def _graveyard(m: re.Match[str], s: Sentence) -> Spec | None:
    gy = _GRAVEYARD_OF[m["gy"]]
    return ZoneSpec(
        s.text,
        Family.GRAVEYARD,
        objects=what_objects(m["what"], s.text),
        graveyard_of=gy,
        to_zone=graveyard_rest(m["rest"], s.text),
        exile_counters=exile_counters(m["rest"]),
        optional=m["rest"].startswith("you may "),
        from_battlefield=m["from"] == "the battlefield",
        not_from_battlefield=m["from"] == "anywhere other than the battlefield",
    )


def _die_instead(m: re.Match[str], s: Sentence) -> Spec | None:
    return ZoneSpec(
        s.text,
        Family.DIE_EXILE_TOKEN,
        objects=what_objects(m["what"], s.text),
        to_zone="exile",
        token=m["token"],
    )


# CR 614.1a, 614.6: "instead exile it and you gain 2 life" (The Darkness Crystal).
AND_GAIN = _T(r"^(?P<rest>instead exile it) and you gain (?P<n>\w+) life$")


# CR 614.1a, 614.6: "instead exile it and put a number of +1/+1 counters equal to that
# creature's power on ~" (Ravenous Slime).
AND_POWER_COUNTERS = _T(
    r"^(?P<rest>instead exile it) and put a number of (?P<kind>[+-]?\w+(?:/[+-]?\w+)?) "
    r"counters equal to that creature's power on ~$"
)


def _die_elsewhere(m: re.Match[str], s: Sentence) -> Spec | None:
    rest, gain, power_counters = m["rest"], 0, None
    if found := AND_GAIN.match(rest):
        rest, gain = found["rest"], number(found["n"], s.text)
    if found := AND_POWER_COUNTERS.match(rest):
        rest, power_counters = found["rest"], found["kind"]
    return ZoneSpec(
        s.text,
        Family.DIE_ELSEWHERE,
        objects=what_objects(m["what"], s.text),
        to_zone=graveyard_rest(rest, s.text),
        exile_counters=exile_counters(rest),
        optional=rest.startswith("you may "),
        gain_life=gain,
        power_counters=power_counters,
    )


def _regenerate_static(m: re.Match[str], s: Sentence) -> Spec | None:
    return ReplacementSpec(s.text, Family.REGENERATE, objects=Subject("self", words="~"))


def _regenerate(m: re.Match[str], s: Sentence) -> Spec | None:
    return ReplacementSpec(
        s.text,
        Family.REGENERATE,
        shield="next_time",
        objects=Subject("self", words="~")
        if m["what"] == "~"
        else Subject("attached", words=m["what"])
        if m["what"] in ("enchanted creature", "equipped creature")
        else Subject("targets", (Filter(),), target_slots=(0,)),
    )


# Lower priorities are tried first (``replacement/sentences.py``).
ROWS: tuple[Row, ...] = (
    Row(
        Family.GRAVEYARD,
        GRAVEYARD,
        _graveyard,
        rule="614.1a",
        example="If a permanent would be put into a graveyard, exile it instead.",
        card="Samurai of the Pale Curtain",
        priority=480,
    ),
    Row(
        Family.DIE_EXILE_TOKEN,
        DIE_INSTEAD,
        _die_instead,
        rule="614.1a",
        example="If a nontoken creature an opponent controls would die, instead exile that card and create a 2/2 black Zombie creature token.",
        card="Kalitas, Traitor of Ghet",
        priority=490,
    ),
    Row(
        Family.DIE_ELSEWHERE,
        DIE_ELSEWHERE,
        _die_elsewhere,
        rule="614.1a",
        example="If this creature would die, exile it instead.",
        card="Gloomshrieker",
        priority=500,
    ),
    Row(
        Family.SACRIFICE_INSTEAD,
        SACRIFICE_INSTEAD,
        _sacrifice_instead,
        rule="614.1a",
        example="If enchanted land would be destroyed, instead sacrifice this Aura and that land gains indestructible until end of turn.",
        card="Crackling Emergence",
        priority=596,
    ),
    Row(
        Family.REGENERATE,
        REGENERATE_STATIC,
        _regenerate_static,
        rule="614.1a",
        example="If this creature would be destroyed, regenerate it.",
        card="Clergy of the Holy Nimbus",
        priority=600,
    ),
    Row(
        Family.REGENERATE,
        REGENERATE,
        _regenerate,
        rule="614.1a",
        example="Regenerate this creature.",
        card="Soldevi Sentry",
        priority=630,
    ),
)
