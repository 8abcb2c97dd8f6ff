"""Replacement keywords and shapes added in round 2 of issue #13 (CR 614-615, 702).

Unleash's optional entering counter (702.98a), "prevent the next X damage" shields sized
by the spell's X (107.3a, 615.7), and dredge offered on its owner's draws (702.52a). The
worked examples are under ``tests/boards/replacement-breadth/`` (``unleash-*``,
``temper-*``, ``festival-*``, ``dredge-*``).
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.ask.characteristics import evaluate_board
from rules_engine.ask.event import explore_event
from rules_engine.effects import YourTurn
from rules_engine.oracle.keyword_table import Keyword
from rules_engine.oracle.keywords import keyword_gap, parse_keyword
from rules_engine.replacement.events import Draw, PutCounters, ZoneMove, result_json
from rules_engine.replacement.grammar import parse_replacements
from rules_engine.replacement.specs import CantSpec, ReplacementSpec


def one(text: str, name: str = "Example") -> ReplacementSpec:
    specs = parse_replacements(text, name)
    assert len(specs) == 1, specs
    spec = specs[0]
    assert isinstance(spec, ReplacementSpec)
    return spec


def test_unleash_is_an_optional_entering_counter() -> None:
    found = parse_keyword("Unleash")
    assert found is not None and Keyword.UNLEASH.modelled
    (text,) = found.replacement_texts()
    spec = one(text, "Rakdos Cackler")
    assert (spec.family, spec.counter_kind, spec.amount, spec.optional) == (
        "enter_counters",
        "+1/+1",
        1,
        True,
    )
    assert keyword_gap("Unleash", "battlefield") is None


@pytest.mark.parametrize("keyword", ["Graft X"])
def test_entering_keywords_that_need_more_than_the_board_are_still_named(keyword: str) -> None:
    # An X the keyword's expansion can't hold (702.58a) is not applied: named.
    assert keyword_gap(keyword, "battlefield") is not None


@pytest.mark.parametrize(
    "keyword",
    [
        "Bloodthirst 1",
        "Sunburst",
        "Rebound",
        "Tribute 2",
        "Amplify 1",
        "Riot",
        "Devour 1",
        "Read ahead",
    ],
)
def test_entering_keywords_the_game_records_are_applied(keyword: str) -> None:
    # Bloodthirst reads the turn's record (702.54a), sunburst the colors spent (702.44a),
    # rebound exiles a spell cast from its owner's hand (702.88a), tribute and amplify read
    # the step's choices (702.104a, 702.38a), and so do devour (702.82a) and read ahead's
    # chapter (702.155a).
    zone = "stack" if keyword == "Rebound" else "battlefield"
    assert keyword_gap(keyword, zone) is None


@pytest.mark.parametrize(
    ("text", "family"),
    [
        ("Prevent the next X damage that would be dealt to target creature this turn.", None),
        ("Prevent the next X damage that would be dealt to you this turn.", None),
        ("Prevent the next X damage that would be dealt to any target this turn.", None),
        (
            "The next X damage that would be dealt to target creature this turn is dealt to "
            "Example instead.",
            "redirect",
        ),
    ],
)
def test_the_next_x_damage_is_sized_by_the_spells_x(text: str, family: str | None) -> None:
    spec = one(text)
    assert spec.family == (family or "prevent_shield")
    assert spec.shield == "amount" and spec.x_amount and spec.amount is None


def test_a_number_stays_a_number() -> None:
    spec = one("Prevent the next 3 damage that would be dealt to target creature this turn.")
    assert (spec.amount, spec.x_amount) == (3, False)


def _dredge_board(library: Any, **step: Any) -> dict[str, Any]:
    return {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "zones": {"Alice": {"graveyard": ["Darkblast"], "library": library}},
        "steps": [{"cast": "Divination", "as": "divination", "controller": "Alice", **step}],
        "ask": {"characteristics": "divination"},
    }


def _zones(board: dict[str, Any]) -> dict[str, str]:
    game = evaluate_board(board).game
    return {o.label: o.zone for o in game.objects if o.label.startswith("Alice.")}


LIBRARY = ["Forest", "Island", "Swamp", "Mountain", "Plains"]


def test_a_game_draw_is_dredged_by_default() -> None:
    # The game's default path applies a "you may" effect: the first draw is dredged
    # (mill three, Darkblast back to the hand); Darkblast can't replace the second draw.
    zones = _zones(_dredge_board(LIBRARY))
    assert zones["Alice.graveyard[0]"] == "hand"
    assert [zones[f"Alice.library[{i}]"] for i in range(5)] == [
        "graveyard",
        "graveyard",
        "graveyard",
        "hand",
        "library",
    ]


def test_a_declined_dredge_draws() -> None:
    zones = _zones(_dredge_board(LIBRARY, replacements=[]))
    assert zones["Alice.graveyard[0]"] == "graveyard"
    assert [zones[f"Alice.library[{i}]"] for i in range(2)] == ["hand", "hand"]


def test_a_library_of_unknown_cards_mills_cards_it_does_not_name() -> None:
    result = evaluate_board(_dredge_board(4))
    (choice,) = result.game.choices_made
    moved = [e for e in choice.results if isinstance(e, ZoneMove)]
    assert [e.obj for e in moved] == ["a card from Alice's library"] * 3 + ["Alice.graveyard[0]"]
    assert [e for e in choice.results if isinstance(e, Draw)] == [Draw("Alice")]


def test_too_few_cards_in_the_library_no_dredge() -> None:
    # 702.52b: three cards are needed; with two, both draws draw.
    result = evaluate_board(_dredge_board(2))
    assert not any(c.path for c in result.game.choices_made)


def test_combat_damage_from_creatures_you_control_cant_be_prevented() -> None:
    # Questing Beast (CR 615.12), limited to combat damage.
    (spec,) = parse_replacements(
        "Combat damage that would be dealt by creatures you control can't be prevented.",
        "Questing Beast",
    )
    assert isinstance(spec, CantSpec)
    assert (spec.kind, spec.combat_only) == ("prevent_damage", True)
    assert spec.objects is not None


def test_prevention_during_your_turn_is_a_condition() -> None:
    spec = one(
        "Prevent all damage that would be dealt to Gideon Blackblade during your turn.",
        "Gideon Blackblade",
    )
    assert spec.family == "prevent_static" and isinstance(spec.condition, YourTurn)


def test_you_and_other_permanents_you_control() -> None:
    spec = one(
        "Prevent all noncombat damage that would be dealt to you and other permanents you control.",
        "The Wanderer",
    )
    assert spec.noncombat_only and spec.target is not None
    assert spec.target.players == "you" and spec.target.objects is not None


def test_the_next_n_damage_by_a_source_of_your_choice() -> None:
    spec = one(
        "Prevent the next 3 damage that would be dealt to any target this turn by a source "
        "of your choice."
    )
    assert (spec.amount, spec.source_choice, spec.shield) == (3, True, "amount")


def test_enters_tapped_if_you_control_lands() -> None:
    spec = one(
        "If you control two or more other lands, Den of the Bugbear enters tapped.",
        "Den of the Bugbear",
    )
    assert spec.family == "enter_tapped" and spec.condition is not None


def _phantom_board(event: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Bob",
        "steps": [
            {"enter": "Phantom Centaur", "as": "centaur", "controller": "Alice"},
            {"enter": "Grizzly Bears", "as": "bears", "controller": "Bob"},
            {"enter": "Hill Giant", "as": "giant", "controller": "Bob"},
        ],
        "ask": {"event": event},
    }


def _removed(event: dict[str, Any]) -> list[int]:
    (outcome,) = explore_event(_phantom_board(event)).outcomes
    return [-e.n for e in outcome.results if isinstance(e, PutCounters) and e.n < 0]


def test_a_phantom_loses_one_counter_for_simultaneous_damage() -> None:
    # Gatherer ruling on Phantom Centaur (2022-12-08): damage from several sources at the
    # same time is all prevented and only one +1/+1 counter is removed.
    hits = [
        {"damage": 2, "from": "bears", "to": "centaur", "combat": True},
        {"damage": 3, "from": "giant", "to": "centaur", "combat": True},
    ]
    assert _removed({"simultaneous": hits}) == [1]
    assert _removed({"sequence": hits}) == [1, 1]


def test_a_phantom_with_no_counter_left_loses_none() -> None:
    hit = {"damage": 1, "from": "giant", "to": "centaur"}
    assert _removed({"sequence": [hit] * 4}) == [1, 1, 1]


def test_a_counter_removal_is_not_putting_counters() -> None:
    assert result_json(PutCounters("+1/+1", "centaur", -1)) == {
        "remove_counters": "+1/+1",
        "from": "centaur",
        "n": 1,
    }
