"""Several damage events reaching one player or permanent at once or in a row: effects the
engine checks against the board as it was before all of them are named, not trusted
(replacement/stale.py; found by the red team: Worship against simultaneous combat damage,
CR 120.4b and 510.2; Deification; Bloatfly Swarm's rad counters)."""

from __future__ import annotations

from typing import Any

from rules_engine import evaluate
from rules_engine.ask.event import event_answer

WORSHIP_STEPS: list[dict[str, Any]] = [
    {"enter": "Worship", "as": "worship", "controller": "Alice"},
    {"enter": "Grizzly Bears", "as": "bear", "controller": "Alice"},
    {"enter": "Hill Giant", "as": "g1", "controller": "Bob"},
    {"enter": "Craw Wurm", "as": "g2", "controller": "Bob"},
]


def board(
    ask: dict[str, Any] | None = None, extra: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    found: dict[str, Any] = {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Bob",
        "life": {"Alice": 3},
        "steps": WORSHIP_STEPS + (extra or []),
    }
    if ask is not None:
        found["ask"] = ask
    return found


def hit(source: str, n: int = 2) -> dict[str, Any]:
    return {"damage": n, "from": source, "to": "Alice", "combat": True}


def named(answer: dict[str, Any]) -> list[str]:
    return [gap["ability"] for gap in answer["not_modelled"]]


def test_worship_against_simultaneous_damage_is_named():
    answer = event_answer(board({"event": {"simultaneous": [hit("g1"), hit("g2")]}}))
    assert any(text.startswith("If you control a creature, damage") for text in named(answer))
    assert not any("~" in text for text in named(answer))


def test_one_damage_event_leaves_worship_trusted():
    answer = event_answer(board({"event": hit("g1", 5)}))
    assert named(answer) == []


def test_damage_steps_one_at_a_time_are_trusted():
    # Each step sees what the one before did: Alice goes 3 -> 1 -> 1.
    steps = [{"damage": 2, "on": "Alice", "from": "g1"}, {"damage": 2, "on": "Alice", "from": "g2"}]
    answer = evaluate(board(extra=steps))
    assert named(answer) == []
    assert answer["players"]["Alice"]["life"] == 1
