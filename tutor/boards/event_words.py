"""Events and their results in plain words, for the replacement stepper.

The engine speaks the board format's JSON vocabulary; learners read
sentences. Anything this module does not know is still shown, as its JSON,
rather than hidden.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from rules_engine.replacement.answer import EVENT_KEYS as ENGINE_EVENT_KEYS

ZONES = {
    "graveyard": "its owner's graveyard",
    "exile": "exile",
    "hand": "its owner's hand",
    "library_top": "the top of its owner's library",
    "library_bottom": "the bottom of its owner's library",
    "library": "its owner's library (shuffled in)",
    "battlefield": "the battlefield",
}

Namer = Callable[[Any], str]
# What an event is written with; results also use "step" for a step that happens.
EVENT_KEYS = (*ENGINE_EVENT_KEYS, "step")


def namer(names: Mapping[str, str]) -> Namer:
    """Labels and inline cards to what a learner recognises: "Grizzly Bears (bears)"."""

    def name(thing: Any) -> str:
        if isinstance(thing, dict):
            return str(thing.get("name", "a card"))
        text = str(thing)
        return f"{names[text]} ({text})" if text in names and names[text] != text else text

    return name


def _count(n: Any, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _damage(event: dict[str, Any], name: Namer, verb: str) -> str:
    kind = "combat damage" if event.get("combat") else "damage"
    text = f"{name(event.get('from'))} {verb} {event['damage']} {kind} to {name(event.get('to'))}"
    if "life_becomes_at_least" in event:
        text += f" (its player's life can't go below {event['life_becomes_at_least']})"
    return text


def _counters(event: dict[str, Any], name: Namer, verb: str) -> str:
    return f"{_count(event.get('n', 1), event['counters'] + ' counter')} {verb} {name(event['on'])}"


def _enter(event: dict[str, Any], name: Namer, verb: str) -> str:
    parts = [f"{name(event['enter'])} {verb} the battlefield"]
    if event.get("controller"):
        parts.append(f"under {event['controller']}'s control")
    if event.get("copy_of"):
        parts.append(f"as a copy of {name(event['copy_of'])}")
    if event.get("tapped"):
        parts.append("tapped")
    counters = event.get("counters") or event.get("with_counters") or {}
    if isinstance(counters, dict) and counters:
        listed = ", ".join(_count(n, f"{kind} counter") for kind, n in counters.items())
        parts.append(f"with {listed}")
    return " ".join(parts)


def describe_event(event: dict[str, Any], name: Namer, *, happens: bool = False) -> str:
    """One event, as what would happen (default) or what does happen."""
    would = not happens

    def verb(would_text: str, does_text: str) -> str:
        return would_text if would else does_text

    if "simultaneous" in event:
        return "; ".join(describe_event(e, name, happens=happens) for e in event["simultaneous"])
    if "sequence" in event:
        return ", then ".join(describe_event(e, name, happens=happens) for e in event["sequence"])
    if "damage" in event:
        return _damage(event, name, verb("would deal", "deals"))
    if "counters" in event and "on" in event:
        return _counters(event, name, verb("would be put on", "put on"))
    if "enter" in event:
        return _enter(event, name, verb("would enter", "enters"))
    if "create_tokens" in event:
        tokens = _count(event.get("n", 1), name(event["create_tokens"]) + " token")
        return f"{event.get('controller', '?')} {verb('would create', 'creates')} {tokens}"
    if "destroy" in event:
        return f"{name(event['destroy'])} {verb('would be', 'is')} destroyed"
    if "die" in event:
        return f"{name(event['die'])} {verb('would die', 'dies')}"
    if "to_graveyard" in event:
        origin = f" from {event['from']}" if event.get("from") else ""
        moved = verb("would be put", "is put")
        return f"{name(event['to_graveyard'])} {moved} into a graveyard{origin}"
    if "draw" in event:
        return (
            f"{event.get('player')} {verb('would draw', 'draws')} {_count(event['draw'], 'card')}"
        )
    if "gain_life" in event:
        return f"{event.get('player')} {verb('would gain', 'gains')} {event['gain_life']} life"
    if "lose_life" in event:
        amount = event["lose_life"] or "no"
        lost = f"{event.get('player')} {verb('would lose', 'loses')} {amount} life"
        return f"{lost} from the damage" if event.get("from_damage") else lost
    if "skip" in event:
        # The event is the step itself: replaced by nothing, it is skipped.
        return f"{event.get('player')}'s {event['skip']} step {verb('would begin', 'takes place')}"
    if "step" in event:
        return f"{event.get('player')}'s {event['step']} {verb('would happen', 'happens')}"
    return describe_result(event, name)


def describe_replaced(event: dict[str, Any], name: Namer) -> str:
    """What an event became after a replacement: still something that *would* happen."""
    if any(key in event for key in EVENT_KEYS):
        return describe_event(event, name)
    return describe_result(event, name)


def describe_result(result: dict[str, Any], name: Namer) -> str:
    """What actually happened at the end of a path (the board format's result vocabulary)."""
    if "prevented" in result:
        return f"{result['prevented']} damage to {name(result.get('to'))} is prevented"
    if "leave" in result:
        zone = ZONES.get(result.get("to", ""), result.get("to", "elsewhere"))
        return f"{name(result['leave'])} goes to {zone} instead"
    if "regenerate" in result:
        return f"{name(result['regenerate'])} regenerates: tapped, removed from combat, damage gone"
    if "nothing" in result:
        return "nothing happens"
    if "win_game" in result:
        return f"{result['win_game']} wins the game"
    if "lose_game" in result:
        return f"{result['lose_game']} loses the game"
    if "return_from_graveyard" in result:
        return f"{result.get('player')} returns {name(result['return_from_graveyard'])} instead"
    if "look_at_top" in result:
        return (
            f"{result.get('player')} looks at the top {result['look_at_top']} cards, "
            "puts one into their hand and the rest into their graveyard"
        )
    if any(key in result for key in EVENT_KEYS):
        return describe_event(result, name, happens=True)
    return json.dumps(result, sort_keys=True)
