"""Cards exiled with a permanent (CR 607.2a, 406.6; rules_engine/timeline/exiled.py, the
board's ``exiled_with``) and the sentences that read them: what links, what doesn't, what
is refused, and what stays named as not modelled."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.ask.characteristics import evaluate_board
from rules_engine.cards import library_card
from rules_engine.characteristics import printed_abilities
from rules_engine.errors import BoardError


def _board(zones: dict[str, Any], steps: list[dict[str, Any]]) -> dict[str, Any]:
    return {"format": "mtg-board/1", "players": ["Alice", "Bob"], "zones": zones, "steps": steps}


def _gaps(name: str) -> list[str]:
    card = library_card(name)
    assert card is not None
    return [
        sentence
        for a in printed_abilities(card.name, card.rules_text, card.is_spell_card)
        for sentence, _ in a.parsed.gaps
    ]


def test_a_spell_that_exiles_links_nothing() -> None:
    """CR 607.2a: only an ability of the permanent links what it exiles."""
    board = _board(
        {},
        [
            {"enter": "Patchwork Crawler", "as": "crawler"},
            {"enter": "Llanowar Elves", "as": "elves", "controller": "Bob"},
            {
                "cast": {
                    "name": "Banish",
                    "types": ["Instant"],
                    "abilities": ["Exile target creature."],
                },
                "targets": ["elves"],
            },
        ],
    )
    game = evaluate_board(board).game
    elves = game.object("elves")
    assert elves is not None and elves.zone == "exile" and elves.exiled_with is None


def test_the_permanent_leaving_unlinks_its_cards() -> None:
    """CR 406.6, 400.7: the cards stay in exile, linked to nothing."""
    board = _board(
        {"Alice": {"exile": ["Llanowar Elves"]}},
        [
            {"enter": "Patchwork Crawler", "as": "crawler", "exiled_with": ["Alice.exile[0]"]},
            {"leave": "crawler", "to": "hand"},
        ],
    )
    game = evaluate_board(board).game
    card = game.object("Alice.exile[0]")
    assert card is not None and card.zone == "exile" and card.exiled_with is None


@pytest.mark.parametrize(
    ("exiled_with", "message"),
    [
        (["Alice.graveyard[0]"], "not a card in exile"),
        (["Alice.exile[0]", "Alice.exile[0]"], "each once"),
        ("Alice.exile[0]", "a list of labels"),
    ],
)
def test_a_bad_exiled_with_is_refused_with_its_field(exiled_with: Any, message: str) -> None:
    board = _board(
        {"Alice": {"exile": ["Llanowar Elves"], "graveyard": ["Grizzly Bears"]}},
        [{"enter": "Patchwork Crawler", "as": "crawler", "exiled_with": exiled_with}],
    )
    with pytest.raises(BoardError) as error:
        evaluate_board(board)
    assert "exiled_with" in error.value.path and message in error.value.message


def test_a_card_exiled_with_another_permanent_is_refused() -> None:
    board = _board(
        {"Alice": {"exile": ["Llanowar Elves"]}},
        [
            {"enter": "Patchwork Crawler", "as": "one", "exiled_with": ["Alice.exile[0]"]},
            {"enter": "Patchwork Crawler", "as": "two", "exiled_with": ["Alice.exile[0]"]},
        ],
    )
    with pytest.raises(BoardError, match="already exiled with"):
        evaluate_board(board)


def test_protection_in_the_list_is_not_said_again() -> None:
    """Eater of Virtue: "protection" names no one ability (CR 702.16a), so the sentence
    stays named as not modelled rather than granting a bare "Protection"."""
    assert any(s.startswith("The same is true for") for s in _gaps("Eater of Virtue"))


def test_the_exiled_card_in_a_resolving_text_is_not_a_linked_card() -> None:
    """Cemetery Desecrator's "the exiled card" is the card its trigger exiled this way, even
    after it died (no link, CR 406.6): not read as "the card exiled with ~"."""
    assert any("the exiled card" in s for s in _gaps("Cemetery Desecrator"))
