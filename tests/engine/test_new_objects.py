"""A permanent that leaves the battlefield and comes back is a new object (CR 400.7); an
Aura returned without being cast would have its host chosen as it enters (303.4f), a
choice the engine names as not modelled rather than guessing."""

from __future__ import annotations

from typing import Any

from rules_engine.ask.characteristics import answer_json, evaluate_board


def _board(target: str) -> dict[str, Any]:
    return {
        "format": "mtg-board/1",
        "title": "Flicker of Fate",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "steps": [
            {"enter": "Grizzly Bears", "as": "bears", "controller": "Alice"},
            {"enter": "Pacifism", "as": "pacifism", "controller": "Bob", "attach": "bears"},
            {"cast": "Flicker of Fate", "as": "f", "controller": "Alice", "targets": [target]},
        ],
        "ask": {"characteristics": "bears"},
    }


def test_a_flickered_aura_names_the_host_choice_it_does_not_make() -> None:
    answer = answer_json(evaluate_board(_board("pacifism")))
    gaps = [g for g in answer["not_modelled"] if g["object"] == "pacifism"]
    assert gaps and "303.4f" in gaps[0]["why"]


def test_a_flickered_creature_loses_its_aura_and_names_nothing() -> None:
    answer = answer_json(evaluate_board(_board("bears")))
    assert answer["objects"]["pacifism"]["zone"] == "graveyard"
    assert answer["not_modelled"] == []
    assert answer["state_based_actions"][0]["rule"] == "704.5m"
