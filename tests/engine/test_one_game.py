"""A board's steps are one game: replacement effects see them, choices can be named."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules_engine import BoardError, evaluate
from rules_engine.board import parse_board
from tests.engine.boards import BOARDS

SCALES = {
    "name": "Hardened Scales",
    "mana_cost": "{G}",
    "colors": ["G"],
    "types": ["Enchantment"],
    "abilities": [
        "If one or more +1/+1 counters would be put on a creature you control, that many "
        "plus one +1/+1 counters are put on it instead."
    ],
}
SEASON = {
    "name": "Doubling Season",
    "mana_cost": "{4}{G}",
    "colors": ["G"],
    "types": ["Enchantment"],
    "abilities": [
        "If an effect would create one or more tokens under your control, it creates twice "
        "that many of those tokens instead.",
        "If an effect would put one or more counters on a permanent you control, it puts "
        "twice that many of those counters on that permanent instead.",
    ],
}


def _board(order: list[str] | None = None) -> dict[str, Any]:
    step: dict[str, Any] = {"counters": "+1/+1", "on": "bears", "n": 1}
    if order is not None:
        step["replacements"] = order
    return {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "steps": [
            {"enter": SCALES, "as": "scales", "controller": "Alice"},
            {"enter": SEASON, "as": "season", "controller": "Alice"},
            {"enter": "Grizzly Bears", "as": "bears", "controller": "Alice"},
            step,
        ],
        "ask": {"characteristics": "bears"},
    }


def test_the_affected_player_orders_the_counter_replacements() -> None:
    """CR 616.1: Scales then Season gives (1+1)*2 = 4; Season then Scales gives 2+1 = 3."""
    first = evaluate(_board(["scales", "season"]))
    second = evaluate(_board(["Doubling Season", "Hardened Scales"]))
    assert first["objects"]["bears"]["counters"] == {"+1/+1": 4}
    assert second["objects"]["bears"]["counters"] == {"+1/+1": 3}
    (choice,) = second["replacements"]
    assert choice["default"] is False
    assert len(choice["outcomes"]) == 2  # the other order is named in the answer


def test_without_an_order_the_default_is_taken_and_said() -> None:
    answer = evaluate(_board())
    (choice,) = answer["replacements"]
    assert choice["default"] is True
    assert choice["applied"] == ["scales", "season#1"]  # the order they came into play
    assert answer["objects"]["bears"]["counters"] == {"+1/+1": 4}


def test_an_order_the_rules_dont_allow_is_refused_with_the_legal_ones() -> None:
    with pytest.raises(BoardError) as error:
        evaluate(_board(["season"]))
    assert error.value.path == "steps[3].replacements"
    assert "616.1" in str(error.value)


def test_a_long_copy_chain_is_refused_at_once() -> None:
    steps: list[dict[str, Any]] = [{"enter": "Grizzly Bears", "as": "c0"}]
    steps += [
        {"enter": "Clone", "as": f"c{i}", "choices": {"copy": f"c{i - 1}"}} for i in range(1, 101)
    ]
    with pytest.raises(BoardError, match="copy"):
        evaluate({"format": "mtg-board/1", "steps": steps})


def test_an_unperformed_one_shot_is_named_not_dropped() -> None:
    # Clashing reveals cards the board may not list and asks where each goes.
    peek = {
        "name": "Example Sorcery",
        "types": ["Sorcery"],
        "abilities": ["Clash with an opponent."],
    }
    answer = evaluate({"format": "mtg-board/1", "steps": [{"cast": peek, "as": "peek"}]})
    assert answer["not_modelled"] == [
        {
            "object": "peek",
            "ability": "Clash with an opponent.",
            "why": "the engine doesn't perform this one-shot action, so the board goes on "
            "without it",
        }
    ]


def test_interlocking_effects_are_refused_by_the_work_they_do() -> None:
    # Opalescence and Humility make every enchantment a creature and strip them all: each
    # step's layers cost far more than the permanents' count says (rules_engine/work.py).
    cards = ["Opalescence", "Humility", "Glorious Anthem"]
    steps = [{"enter": cards[i % 3], "as": f"c{i}"} for i in range(60)]
    with pytest.raises(BoardError, match="too big to play out") as error:
        evaluate({"format": "mtg-board/1", "steps": steps})
    assert error.value.path.startswith("steps[")


def test_the_largest_worked_example_is_well_inside_the_work_budget() -> None:
    from rules_engine import work
    from rules_engine.timeline import replaying

    board = json.loads((BOARDS / "invented" / "party-fifty-changelings.json").read_text())
    with work.metered(10**9) as meter:
        replaying.replay_board(parse_board(board), budget=None)
    assert meter is not None and meter.spent * 3 < replaying.LAYER_WORK_BUDGET


def test_soulbond_pairs_only_with_another_unpaired_creature_its_controller_controls():
    # CR 702.95a: a board that pairs otherwise is refused with a message naming the choice.
    board = {
        "players": ["Alice", "Bob"],
        "steps": [
            {"enter": "Silverblade Paladin", "as": "paladin", "controller": "Alice"},
            {"enter": "Grizzly Bears", "as": "bears", "controller": "Bob"},
            {"activate": "paladin", "ability": 0, "choices": {"pair": "bears"}},
        ],
    }
    with pytest.raises(BoardError) as refused:
        evaluate(board)
    assert refused.value.path == "steps[2].choices.pair"
    assert "controller controls" in refused.value.message


def _spell(text: str) -> dict[str, Any]:
    return {"name": "Example Sorcery", "types": ["Sorcery"], "abilities": [text]}


def test_milling_cards_the_board_does_not_list_counts_them_and_claims_nothing() -> None:
    # CR 701.17a: the milled cards are unknown ones; a graveyard count sees them.
    threshold = {
        "name": "Threshold Example",
        "types": ["Creature"],
        "power": 1,
        "toughness": 1,
        "abilities": ["As long as seven or more cards are in your graveyard, ~ gets +2/+2."],
    }
    steps: list[dict[str, Any]] = [
        {"enter": threshold, "as": "t", "controller": "Alice"},
        {"cast": _spell("Mill seven cards."), "as": "mill", "controller": "Alice"},
    ]
    board = {"format": "mtg-board/1", "zones": {"Alice": {"library": 10}}, "steps": steps}
    answer = evaluate({**board, "ask": {"characteristics": "t"}})
    assert (answer["objects"]["t"]["power"], answer["objects"]["t"]["toughness"]) == (3, 3)
    assert not any("unknown" in label for label in answer["objects"])
    assert answer["not_modelled"] == []


def test_a_draw_from_a_shuffled_library_is_named() -> None:
    # CR 701.24a: after a shuffle the board no longer knows which card is on top.
    steps: list[dict[str, Any]] = [
        {"enter": "Grizzly Bears", "as": "bear", "controller": "Alice"},
        {
            "cast": _spell("Shuffle target creature into its owner's library."),
            "as": "s",
            "controller": "Alice",
            "targets": ["bear"],
        },
        {"cast": _spell("Draw a card."), "as": "d", "controller": "Alice"},
    ]
    board = {"format": "mtg-board/1", "zones": {"Alice": {"library": ["Forest"]}}, "steps": steps}
    answer = evaluate({**board, "ask": {"characteristics": "bear"}})
    assert [n["ability"] for n in answer["not_modelled"]] == ["draw"]


def test_paragraphs_that_each_choose_targets_take_them_in_text_order() -> None:
    # CR 601.2c: Seeds of Strength's three targets, in the order of its text; 115.3: the same
    # creature may be chosen for more than one "target" word.
    steps: list[dict[str, Any]] = [
        {"enter": "Grizzly Bears", "as": "a", "controller": "Alice"},
        {"enter": "Savannah Lions", "as": "b", "controller": "Alice"},
        {"cast": "Seeds of Strength", "as": "s", "controller": "Alice", "targets": ["a", "b", "a"]},
    ]
    answer = evaluate({"format": "mtg-board/1", "steps": steps, "ask": {"characteristics": "a"}})
    a, b = answer["objects"]["a"], answer["objects"]["b"]
    assert (a["power"], a["toughness"], b["power"], b["toughness"]) == (4, 4, 3, 2)
    assert answer["not_modelled"] == []


def test_an_aura_phased_out_with_its_host_does_not_phase_in_alone() -> None:
    """CR 702.26g: an Aura that phased out indirectly phases in only along with its host."""
    board = {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "steps": [
            {"enter": "Grizzly Bears", "as": "bear", "controller": "Alice"},
            {"enter": "Holy Strength", "as": "aura", "controller": "Alice", "attach": "bear"},
            {"phase_out": "bear"},
            {"phase_in": "aura"},
        ],
    }
    with pytest.raises(BoardError) as refused:
        evaluate(board)
    assert refused.value.path == "steps[3].phase_in"
    assert "phases in only along with it" in refused.value.message


def test_a_permanent_attached_to_itself_is_refused_with_the_step_named():
    # CR 301.5c, 303.4d: Equipment can't equip itself and an Aura can't enchant itself.
    board = {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "steps": [
            {"enter": "Bonesplitter", "as": "sword", "controller": "Alice"},
            {"attach": "sword", "to": "sword"},
        ],
    }
    with pytest.raises(BoardError) as refused:
        evaluate(board)
    assert refused.value.path == "steps[1].to"
    assert "itself" in refused.value.message
