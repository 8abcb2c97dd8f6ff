"""An exile replacement that puts counters on the card (CR 614.1a, 122.1): the card in exile
has them, so an ability that works in exile can read them (Draugr Necromancer's ice counters,
Ravenloft Adventurer's hit counters, Dauthi Voidwalker's void counters)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.ask.characteristics import evaluate_board


def _board(replacer: str) -> dict[str, Any]:
    return {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "steps": [
            {"enter": replacer, "as": "replacer", "controller": "Alice"},
            {"enter": "Grizzly Bears", "as": "bears", "controller": "Bob"},
            {"cast": "Shock", "as": "shock", "controller": "Alice", "targets": ["bears"]},
        ],
        "ask": {"characteristics": "replacer"},
    }


@pytest.mark.parametrize(
    ("replacer", "counter"),
    [
        ("Draugr Necromancer", "ice"),  # "exile that card with an ice counter on it instead"
        ("Ravenloft Adventurer", "hit"),  # "instead exile it and put a hit counter on it"
        ("Dauthi Voidwalker", "void"),  # "instead exile it with a void counter on it"
    ],
)
def test_the_exiled_card_has_the_counter_the_replacement_puts_on_it(replacer, counter):
    game = evaluate_board(_board(replacer)).game
    bears = game.object("bears")
    assert bears is not None and bears.zone == "exile"
    assert dict(bears.counters) == {counter: 1}


def test_a_card_put_into_a_graveyard_normally_has_no_counters():
    game = evaluate_board(_board("Grizzly Bears")).game
    bears = game.object("bears")
    assert bears is not None and bears.zone == "graveyard" and bears.counters == ()
