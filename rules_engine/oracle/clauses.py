"""A sentence split into its clauses: two effects, a rule and a grant, several damages,
two one-shot actions (each read on its own, CR 608.2c)."""

from __future__ import annotations

import re

from rules_engine.oracle.sentence_kinds import makes_continuous_effect, performs_actions
from rules_engine.oracle.sentence_state import blank_quotes
from rules_engine.oracle.templates import names_a_rule
from rules_engine.oracle.text import SELF

_COMPOUND_CONTROL = re.compile(
    r"^(?P<first>untap .+?) and (?P<second>gain control of (?:it|them))$", re.IGNORECASE
)
# "Double target creature's power and it gains first strike" (Legion Leadership, 701.10).
_CONTROL_AND_GAINS = re.compile(
    r"^(?P<first>(?:gain control of|double) .+?) and (?P<second>(?:it|they) gains? .+)$",
    re.IGNORECASE,
)


_RULE_AND_HAS = re.compile(
    r"^(?P<subj>.+?) (?P<rule>can't (?:be blocked|block|attack)(?: [\w ]+?)?) and "
    r"(?P<has>(?:has|have) .+)$",
    re.IGNORECASE,
)


# "You and Humans you control have hexproof", "You, planeswalkers you control, and other
# creatures you control have hexproof", "As long as it's your turn, you and ~ have hexproof".
_YOU_AND_OTHERS = re.compile(
    r"^(?P<lead>(?:as long as [^,]+, )?)you(?:,| and) (?P<others>.+?) have "
    r"(?P<what>hexproof|shroud|protection from [\w ]+)$",
    re.IGNORECASE,
)


def _conditions_each(body: str) -> list[str] | None:
    """ "~ gets +0/+2 as long as you control a Plains, has flying as long as you control an
    Island, ... and has trample as long as you control a Forest" (Tek; Tribal Golem leaves
    the verb out after the first): one effect per condition (CR 611.3a), each read as
    "~ VERB ... as long as ..."."""
    if not body.startswith(f"{SELF} ") or body.count(" as long as ") < 2:
        return None
    cuts = list(re.finditer(r", (?:and )?", blank_quotes(body)))
    pieces, start = [], len(SELF) + 1
    for cut in cuts:
        pieces.append(body[start : cut.start()])
        start = cut.end()
    pieces.append(body[start:])
    if not all(" as long as " in piece for piece in pieces):
        return None
    verb = ""
    clauses = []
    for piece in pieces:
        first = piece.split(" ", 1)[0]
        if first in ("gets", "has"):
            verb = first
        elif not verb:
            return None
        else:
            piece = f"{verb} {piece}"
        clauses.append(f"{SELF} {piece}")
    return clauses


_HAS_EACH_IF = re.compile(r"^(?P<subj>[^,]+?) (?P<verb>has|have) (?P<rest>[^\"]+)$", re.IGNORECASE)


def _abilities_each_if(body: str) -> list[str] | None:
    """ "Equipped creature has lifelink if you control a Cleric, deathtouch if you control a
    Rogue, haste if you control a Warrior, and flying if you control a Wizard" (Multiclass
    Baldric): one grant per condition, each read as "... has lifelink as long as you control
    a Cleric" (a static ability's condition is checked continuously, CR 611.3a)."""
    if not (m := _HAS_EACH_IF.match(body)):
        return None
    pieces = re.split(r", (?:and )?", m["rest"])
    if len(pieces) < 2 or not all(" if " in piece for piece in pieces):
        return None
    clauses = []
    for piece in pieces:
        ability, condition = piece.split(" if ", 1)
        if not condition.startswith("it"):
            clauses.append(f"{m['subj']} {m['verb']} {ability} as long as {condition}")
            continue
        # "Each creature you control has vigilance if it's white, ..." (Scion of Draco): "it"
        # is each creature in turn, so the color narrows who has it ("Each white creature").
        color = re.fullmatch(r"it's (white|blue|black|red|green)", condition)
        each = re.match(r"each ", m["subj"], re.IGNORECASE)
        if color is None or each is None:
            return None
        subject = f"{each[0]}{color[1]} {m['subj'][each.end() :]}"
        clauses.append(f"{subject} {m['verb']} {ability}")
    return clauses


def split_clauses(body: str) -> list[str]:
    """Split "Untap X and gain control of it" into its two effects, and "Equipped creature
    can't be blocked and has shroud" into a rule (613.11) and a grant (layer 6)."""
    if m := _RULE_AND_HAS.match(body):
        return [f"{m['subj']} {m['rule']}", f"{m['subj']} {m['has']}"]
    if (m := _YOU_AND_OTHERS.match(body)) and not (m["lead"] and m["what"].startswith("prot")):
        # (A player's protection under a condition isn't read: its damage prevention, 702.16e,
        # is found from the plain words "You have protection from ...".)
        # "You and Humans you control have hexproof": the player's ability is a rule about
        # a player (613.10), the permanents' a layer 6 effect; the same condition for both.
        others = re.sub(r",? and ", " and ", m["others"]).rstrip(",")
        return [f"{m['lead']}you have {m['what']}", f"{m['lead']}{others} have {m['what']}"]
    if (conditioned := _conditions_each(body)) is not None:
        return conditioned
    if (conditioned := _abilities_each_if(body)) is not None:
        return conditioned
    for pattern in (_COMPOUND_CONTROL, _CONTROL_AND_GAINS):
        if m := pattern.match(body):
            return [m["first"], m["second"]]
    if m := _THREE_DAMAGES.match(body):
        # "~ deals 2 damage to target creature, 3 damage to another target creature, and 4
        # damage to a third target creature" (Serpentine Spike): three parts, three targets.
        third = re.sub(r"^a third target ", "another target ", m["z"], flags=re.IGNORECASE)
        return [
            f"{m['who']} deals {m['a']} damage to {m['x']}",
            f"{m['who']} deals {m['b']} damage to {m['y']}",
            f"{m['who']} deals {m['c']} damage to {third}",
        ]
    if m := _TWO_DAMAGES.match(body):
        # "~ deals 4 damage to target creature and 2 damage to that creature's controller"
        who = m["who"]
        return [
            f"{who} deals {m['a']} damage to {m['x']}",
            f"{who} deals {m['b']} damage to {m['y']}",
        ]
    if (m := _SHARED_X.match(body)) and len(parts := _two_actions(m["main"])) > 1:
        # "You gain X life and draw X cards, where X is ...": the X of both one-shots.
        return [f"{part}, where X is {m['what']}" for part in parts]
    if m := _GETS_AND_FIGHTS.match(body):
        # "Then that creature gets +1/+1 until end of turn and fights target creature you
        # don't control." (Ent's Fury): the bonus first, then the fight (CR 608.2c, 701.14a).
        return [f"{m['subj']} {m['effect']}", f"{m['subj']} fights {m['other']}"]
    return (
        _two_effects(body)
        or _effect_then_action(body)
        or _action_then_effect(body)
        or _two_actions(body)
    )


def _action_then_effect(body: str) -> list[str] | None:
    """ "Create a 2/1 black Villain creature token with menace, then creatures you control get
    +1/+0 until end of turn" (Hire a Crew): a one-shot part, then an effect that begins after
    it, so it sees the token (CR 608.2c, 611.2c)."""
    unquoted = re.sub(r'"[^"]*"', lambda q: "_" * len(q.group(0)), body)
    at = unquoted.find(", then ")
    if at < 0:
        return None
    first, second = body[:at], body[at + len(", then ") :]
    if performs_actions(first) and makes_continuous_effect(second) and not performs_actions(second):
        return [first, second]
    return None


def _effect_then_action(body: str) -> list[str] | None:
    """ "Target creature loses all abilities, then ~ deals 4 damage to it": an effect, then
    a one-shot part, followed in the order written (CR 608.2c)."""
    unquoted = re.sub(r'"[^"]*"', lambda q: "_" * len(q.group(0)), body)
    at = unquoted.find(", then ")
    if at < 0:
        return None
    first, second = body[:at], body[at + len(", then ") :]
    if makes_continuous_effect(first) and not performs_actions(first) and performs_actions(second):
        return [first, second]
    return None


_GETS_AND_FIGHTS = re.compile(
    r"^(?P<subj>that creature|it) (?P<effect>gets [+-]\S+)"
    r" and fights (?P<other>[^,]+)$",
    re.IGNORECASE,
)
_SHARED_X = re.compile(r"^(?P<main>.+), where X is (?P<what>.+)$")


# "Creatures you control get +1/+1 and creatures your opponents control get -1/-1."
# "Target creature gets +3/+3, up to one other target creature gets +2/+2, and up to one
# other target creature gets +1/+1" (Arm the Cathars): a list of subjects, each its own.
_SECOND_SUBJECT = re.compile(
    r"(?:,? and |, (?=up to \w+ (?:other )?target\b))"
    r"(?=(?:target|other|each|all|another|creatures|enchanted|equipped|up to)\b)",
    re.IGNORECASE,
)


def _two_effects(body: str) -> list[str] | None:
    """Two continuous effects, each with its own subject, in one sentence (Zealous
    Persecution): split where the second subject begins, both halves effects on their own."""
    if lead := re.match(r"^(as long as [^,]+), (?=\S)", body, re.IGNORECASE):
        # "As long as you control your commander, ~ gets +2/+2 and creatures you control
        # have vigilance": the condition is both effects' (CR 611.3a), written once.
        halves = _two_effects(body[lead.end() :])
        return [f"{lead[1]}, {half}" for half in halves] if halves else None
    if re.match(r"^(?:as long as|if|during|for as long as|otherwise)\b", body, re.IGNORECASE):
        return None  # a condition before both would be lost on the second
    unquoted = re.sub(r'"[^"]*"', lambda q: "_" * len(q.group(0)), body)
    for m in _SECOND_SUBJECT.finditer(unquoted):
        first, second = body[: m.start()], body[m.end() :]
        if all(
            makes_continuous_effect(h) and not performs_actions(h) and not names_a_rule(h)
            for h in (first, second)
        ):
            return [first, *(_two_effects(second) or [second])]
    return None


# "~ deals 4 damage to target creature and 2 damage to that creature's controller."
_TWO_DAMAGES = re.compile(
    r"^(?P<who>~|it) deals (?P<a>\w+) damage to (?P<x>.+?) and (?P<b>\w+) damage to (?P<y>.+)$",
    re.IGNORECASE,
)


_THREE_DAMAGES = re.compile(
    r"^(?P<who>~|it) deals (?P<a>\w+) damage to (?P<x>[^,]+?), (?P<b>\w+) damage to "
    r"(?P<y>[^,]+?),? and (?P<c>\w+) damage to (?P<z>.+)$",
    re.IGNORECASE,
)


def _two_actions(body: str) -> list[str]:
    """ "You lose 1 life and create a 1/1 ... token": two one-shots done in order (608.2c),
    split only where both halves are actions on their own."""
    unquoted = re.sub(r'"[^"]*"', lambda q: "_" * len(q.group(0)), body)
    for m in re.finditer(r" and |, then ", unquoted):
        first, second = body[: m.start()], body[m.end() :]
        if second.lower() == "shuffle":
            continue  # a search's own shuffle (CR 701.23a, 701.24a): one instruction
        if second.lower() == "sacrifices the rest":
            continue  # "puts a vow counter on a creature ... and sacrifices the rest": one choice
        if _SEARCH_THEN_PUT.match(first) and re.match(r"put (?:it|them)\b", second, re.I):
            continue  # "Search ... for a card ... and put it onto the battlefield": one search
        if (actor := _ACTOR.match(first)) and _ACTOR_VERB.match(second):
            # "Target opponent exiles two cards from their hand and loses 2 life": the same
            # player does both.
            who = actor["who"].lower()
            second = f"{'that player' if who.startswith('target') else who} {second}"
        if performs_actions(first) and performs_actions(second) and not second.startswith("~"):
            return [first, *_two_actions(second)]
    return [body]


_SEARCH_THEN_PUT = re.compile(r"^(?:you may )?search\b", re.IGNORECASE)
_ACTOR = re.compile(r"^(?P<who>target player|target opponent|each player|each opponent) ", re.I)
_ACTOR_VERB = re.compile(r"^(?:loses|gains|draws|discards|mills|sacrifices|creates) ", re.I)
