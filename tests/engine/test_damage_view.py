"""Several damage events reaching one player or permanent at once or in a row (found by the
red team: Worship against simultaneous combat damage, CR 510.2; Deification;
Bloatfly Swarm's rad counters): each is checked against the board the earlier ones left, or
against what all the simultaneous damage adds up to (replacement/damage_view.py). The
worked examples are under tests/boards/events/damage-at-once/."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import evaluate
from rules_engine.ask.event import event_answer
from rules_engine.errors import BoardError

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


def floors(answer: dict[str, Any]) -> list[list[int | None]]:
    return [
        [r.get("life_becomes_at_least") for r in outcome["results"] if "damage" in r]
        for outcome in answer["outcomes"]
    ]


def test_worship_reads_what_simultaneous_damage_adds_up_to():
    # 2 + 2 at once would take Alice from 3 to -1: Worship applies (neither alone would).
    answer = event_answer(board({"event": {"simultaneous": [hit("g1"), hit("g2")]}}))
    assert named(answer) == []
    assert floors(answer) == [[1, 1]]


def test_worship_sees_what_the_damage_before_did():
    # One after another: 3 -> 1, then the second 2 would take her below 1.
    answer = event_answer(board({"event": {"sequence": [hit("g1"), hit("g2")]}}))
    assert floors(answer) == [[None, 1]]


def test_worship_stays_out_when_the_total_leaves_life_above_one():
    answer = event_answer(board({"event": {"simultaneous": [hit("g1", 1), hit("g2", 1)]}}))
    assert floors(answer) == [[None, None]]


def test_one_damage_event_leaves_worship_trusted():
    answer = event_answer(board({"event": hit("g1", 5)}))
    assert named(answer) == []


def test_damage_steps_one_at_a_time():
    # Each step sees what the one before did: Alice goes 3 -> 1 -> 1.
    steps = [{"damage": 2, "on": "Alice", "from": "g1"}, {"damage": 2, "on": "Alice", "from": "g2"}]
    answer = evaluate(board(extra=steps))
    assert named(answer) == []
    assert answer["players"]["Alice"]["life"] == 1


def test_the_choice_says_what_the_simultaneous_damage_adds_up_to():
    # A learner sees why Worship applies to 2 damage at 3 life: 2 more comes at once.
    answer = event_answer(board({"event": {"simultaneous": [hit("g1"), hit("g2")]}}))
    assert "2 more damage is dealt to Alice at the same time" in answer["tree"]["explain"]
    assert "counts all 4 (510.2)" in answer["tree"]["explain"]


def test_a_long_run_of_events_with_effects_to_order_is_refused_not_written_out():
    # Red team s18: 20 damage events in a row under two damage effects Alice may order make
    # 2^10 paths; the tree is capped (explore.MAX_NODES) and refused as too much work.
    steps = [
        {"enter": "Ali from Cairo", "as": "ali", "controller": "Alice"},
        {"enter": "Furnace of Rath", "as": "furnace", "controller": "Bob"},
        {"enter": "Hill Giant", "as": "g1", "controller": "Bob"},
    ]
    found = board({"event": {"sequence": [hit("g1", 1) for _ in range(20)]}})
    found["steps"] = steps
    with pytest.raises(BoardError) as error:
        event_answer(found)
    assert error.value.path == "ask.event" and "more work than a board may use" in str(error.value)
