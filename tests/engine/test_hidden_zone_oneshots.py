"""One-shots on hidden zones and mana (issue 27): a library search performed (CR 701.23a,
701.24a), mana added to a pool and learning read as changing nothing a board holds (CR
106.4, 701.48a)."""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine import evaluate
from rules_engine.cards import library_card
from rules_engine.gaps import Status, card_report
from tests.engine.test_oneshot_readers import _read


@pytest.mark.parametrize(
    ("sentence", "zone", "tapped"),
    [
        (
            "Search your library for a basic land card, reveal it, put it into your hand, "
            "then shuffle.",
            "hand",
            False,
        ),
        (
            "Search your library for a Mountain card, reveal it, put it into your hand.",
            "hand",
            False,
        ),
        (
            "Search your library for a Cave card, put it onto the battlefield tapped, "
            "then shuffle.",
            "battlefield",
            True,
        ),
        (
            "Search your library for a Dinosaur creature card, put it onto the battlefield, "
            "then shuffle.",
            "battlefield",
            False,
        ),
    ],
)
def test_a_search_reads_where_the_card_goes(sentence: str, zone: str, tapped: bool) -> None:
    action = _read(sentence)
    assert action is not None and action.kind == "search"
    assert (action.to_zone, action.tapped, action.n) == (zone, tapped, 1)
    assert action.subject is not None
    assert {f.zone for f in action.subject.filters} == {"library"}


def _search_board(spell: str, hand: Any, library: Any) -> dict[str, Any]:
    zones: dict[str, Any] = {"hand": hand}
    if library is not None:
        zones["library"] = library
    return {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "zones": {"Alice": zones},
        "steps": [
            {"enter": "Maro", "as": "maro", "controller": "Alice"},
            {"cast": spell, "as": "spell", "controller": "Alice", "choices": {"mode": 0}},
        ],
    }


def test_a_search_of_an_unlisted_library_finds_an_unknown_card_for_the_hand() -> None:
    """As a draw from a library the board doesn't list (CR 121.2): one more card in hand."""
    answer = evaluate(_search_board("Go Forth", 1, None))
    assert answer["objects"]["maro"]["power"] == 2
    assert answer["not_modelled"] == []


def test_a_search_finds_only_a_card_that_fits() -> None:
    """CR 701.23a: a Hill Giant isn't a basic land card; nothing listed fits and the library
    holds no other card, so the hand stays as it is."""
    answer = evaluate(_search_board("Go Forth", ["Island"], []))
    assert answer["objects"]["maro"]["power"] == 1
    answer = evaluate(_search_board("Go Forth", ["Island"], ["Hill Giant"]))
    assert answer["objects"]["maro"]["power"] == 1


def test_a_search_onto_the_battlefield_of_an_unlisted_library_is_named() -> None:
    """An unknown card has no characteristics to enter with: the board says so."""
    board = _search_board("Cosmium Confluence", 0, None)
    board["steps"][1]["choices"] = {"modes": [0, 0, 0]}
    answer = evaluate(board)
    assert any("search" in item["why"] for item in answer["not_modelled"])


@pytest.mark.parametrize(
    ("card", "text"),
    [
        ("Narset's Rebuke", "Add {U}{R}{W}."),
        ("Traitorous Greed", "Add two mana of any one color."),
        ("Open the Omenpaths", "Add two mana of any one color and two mana of any other color."),
        ("Arcane Subtraction", "Learn."),
    ],
)
def test_mana_and_learning_are_not_named(card: str, text: str) -> None:
    """CR 106.4: a pool no board reads; 701.48a: learning taken as neither choice."""
    found = library_card(card)
    assert found is not None
    reports = card_report(found)
    assert all(r.status is not Status.NOT_MODELLED for r in reports)
    assert any(text in r.text for r in reports)


@pytest.mark.parametrize(
    ("sentence", "players"),
    [
        ("Target player shuffles their graveyard into their library.", "target"),
        ("Shuffle your graveyard into your library.", "you"),
    ],
)
def test_a_graveyard_shuffled_into_a_library_names_its_player(sentence: str, players: str) -> None:
    """CR 701.24a: every card of that player's graveyard goes into their library."""
    action = _read(sentence)
    assert action is not None and action.kind == "graveyard_into_library"
    assert action.players == players
