"""Every number and text a board carries is bounded, and so is what an event may make
(rules_engine/bounds.py, docs/limits.md): the reproductions of issue 24, refused at once
with the step that made them so, never memory or seconds of work."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from typing import Any

import pytest

from rules_engine import bounds
from rules_engine.ask.characteristics import answer_json, evaluate_board
from rules_engine.ask.event import event_answer
from rules_engine.cards import card_from_json
from rules_engine.errors import BoardError
from rules_engine.oracle.cursor import OracleParseError
from rules_engine.perform import TOO_MANY_ORDERS
from rules_engine.replacement.grammar import _read_or_error, read_replacements


def doublers_then_wastes(seasons: int, x: int) -> dict[str, Any]:
    """Doubling Seasons, then Secure the Wastes ("Create X 1/1 white Warrior creature
    tokens") with X."""
    steps: list[dict[str, Any]] = [
        {"enter": "Doubling Season", "as": f"ds{i}", "controller": "Alice"} for i in range(seasons)
    ]
    steps.append({"cast": "Secure the Wastes", "as": "stw", "controller": "Alice", "x": x})
    return {"format": "mtg-board/1", "players": ["Alice", "Bob"], "steps": steps}


def refusal(board: dict[str, Any]) -> BoardError:
    with pytest.raises(BoardError) as caught:
        evaluate_board(board)
    return caught.value


def test_an_x_of_a_billion_is_refused_as_the_board_is_read():
    error = refusal(doublers_then_wastes(0, 10**9))
    assert str(error) == (
        "steps[0].x: 1000000000 is more than the largest X a board may use (1,000)"
    )


def test_an_x_of_a_billion_is_refused_in_a_process_with_little_memory():
    # Before the bound, Secure the Wastes with X = 10^9 grew memory by 90 MB/s until
    # MemoryError. In a child process limited to 1 GB of address space beyond what the
    # interpreter and the card library take, it is refused with the step named.
    code = textwrap.dedent(
        """
        import resource, sys
        from rules_engine.ask.characteristics import evaluate_board
        from rules_engine.errors import BoardError
        from tests.engine.test_bounds import doublers_then_wastes
        evaluate_board(doublers_then_wastes(0, 1))  # the card library's first load
        used = int(open("/proc/self/statm").read().split()[0]) * resource.getpagesize()
        resource.setrlimit(resource.RLIMIT_AS, (used + 2**30, used + 2**30))
        resource.setrlimit(resource.RLIMIT_CPU, (30, 30))
        try:
            evaluate_board(doublers_then_wastes(0, 10**9))
        except BoardError as exc:
            print(exc)
        """
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.startswith("steps[0].x: 1000000000 is more than the largest X")


def test_seven_doubling_seasons_are_refused_within_the_work_budget():
    # 5,040 orders of seven Doubling Seasons (CR 616.1) took 26.6 s before "too many choice
    # paths"; the orders are now charged to the layers' work meter as they are explored.
    error = refusal(doublers_then_wastes(7, 1))
    assert error.path == "steps[7]" and error.message == TOO_MANY_ORDERS


def test_six_doubling_seasons_and_x_four_are_refused_within_the_work_budget():
    # 720 orders, each with 256 tokens entering: answered after 9.8 s before.
    error = refusal(doublers_then_wastes(6, 4))
    assert error.path == "steps[6]" and error.message == TOO_MANY_ORDERS


def test_tokens_past_the_bound_are_refused_as_a_doubler_modifies_the_event():
    error = refusal(doublers_then_wastes(1, 251))
    assert error.path == "steps[1]"
    assert "502 Warrior tokens" in error.message and "at most 500" in error.message


@pytest.mark.parametrize(("seasons", "x"), [(0, 500), (1, 250), (2, 50), (3, 4)])
def test_doubled_tokens_within_the_bounds_are_answered(seasons, x):
    answer = answer_json(evaluate_board(doublers_then_wastes(seasons, x)))
    warriors = [o for o in answer["objects"].values() if o["name"].startswith("Warrior")]
    assert len(warriors) == x * 2**seasons


def test_counters_of_more_than_4300_digits_are_refused_and_the_message_prints():
    # Python won't write an int of more than 4,300 digits as text: two such counters steps
    # made /api/evaluate and /b/<token> answer 500.
    board = {
        "steps": [
            {"enter": "Grizzly Bears", "as": "g"},
            {"counters": "+1/+1", "on": "g", "n": 10**4299},
            {"counters": "+1/+1", "on": "g", "n": 9 * 10**4299},
        ]
    }
    error = refusal(board)
    assert error.path == "steps[1].n"
    assert "a number of about 4,299 digits is more than the most counters" in str(error)


BEARS = {"enter": "Grizzly Bears", "as": "g"}


@pytest.mark.parametrize(
    ("board", "path"),
    [
        ({"life": {"Alice": 10**7}}, "life.Alice"),
        ({"starting_life": {"Alice": 10**7}}, "starting_life.Alice"),
        ({"steps": [BEARS, {"damage": 10**7, "on": "g"}]}, "steps[1].damage"),
        ({"steps": [BEARS, {"counters": "+1/+1", "on": "g", "n": -(10**7)}]}, "steps[1].n"),
        ({"zones": {"Alice": {"library": 10**6}}}, "zones.Alice.library"),
        ({"this_turn": {"life_gained": {"Alice": 10**7}}}, "this_turn.life_gained.Alice"),
        ({"this_turn": {"creatures_died": 10**6}}, "this_turn.creatures_died"),
        ({"steps": [BEARS, {"activate": "g", "ability": 10**6}]}, "steps[1].ability"),
        (
            {"steps": [{"cast": "Grizzly Bears", "choices": {"mana_spent": 10**6}}]},
            "steps[0].choices.mana_spent",
        ),
    ],
)
def test_every_number_of_a_board_is_bounded(board, path):
    error = refusal(board)
    assert error.path == path
    assert "is more than" in error.message or "at least -1,000,000" in error.message


def test_a_huge_printed_power_is_refused_not_a_crash():
    with pytest.raises(BoardError, match="power: a number from -9999 to 9999"):
        card_from_json({"name": "Huge", "types": ["Creature"], "power": 10**5000}, "c")


def test_a_typed_ability_and_a_typed_card_are_bounded():
    long = "Flying. " * 130  # 1,040 characters
    with pytest.raises(BoardError, match=r"c\.abilities\[0\]: an ability has at most 1,000"):
        card_from_json({"name": "Long", "types": ["Creature"], "abilities": [long]}, "c")
    many = ["Flying"] * (bounds.MAX_ABILITIES + 1)
    with pytest.raises(BoardError, match="at most 20 abilities"):
        card_from_json({"name": "Many", "types": ["Creature"], "abilities": many}, "c")
    with pytest.raises(BoardError, match="c.name: a card's name has at most 200"):
        card_from_json({"name": "N" * 201, "types": ["Creature"]}, "c")


def test_a_line_break_in_a_typed_ability_starts_another_ability():
    card = card_from_json(
        {"name": "Two", "types": ["Creature"], "abilities": ["Flying\nTrample"]}, "c"
    )
    assert card.rules_text == ("Flying", "Trample")


def test_all_the_text_typed_into_a_board_is_bounded():
    ability = "Creatures you control get +1/+1. " * 29  # 957 characters
    card = {"name": "Anthem", "types": ["Enchantment"], "abilities": [ability] * 2}
    steps = [{"enter": dict(card, name=f"Anthem {i}")} for i in range(11)]
    error = refusal({"steps": steps})
    assert error.path == "steps" and "at most 20,000" in error.message


def test_any_text_of_a_board_is_bounded():
    error = refusal({"title": "t" * 4_001})
    assert error.path == "title" and "4,000 characters" in error.message


def test_four_invented_cards_with_a_long_redirection_are_refused_or_read_at_once():
    # Issue 24: four invented cards whose 3,981-character "All damage that would be dealt to
    # ... is dealt to ... instead" cost 24.5 s (REDIRECT_ALL backtracked). Now such an
    # ability is refused as too long, and one of 1,000 characters is read in linear time.
    filler = "a by a this turn is dealt to " * 136
    too_long = f"All damage that would be dealt to {filler}you"
    card = {"name": "Redirector", "types": ["Enchantment"], "abilities": [too_long]}
    board = {"steps": [{"enter": card}]}
    assert refusal(board).path == "steps[0].enter.abilities[0]"
    ability = f"All damage that would be dealt to {filler[:940]}you"
    steps = [
        {"enter": {"name": f"Redirector {i}", "types": ["Enchantment"], "abilities": [ability]}}
        for i in range(4)
    ]
    answer = answer_json(evaluate_board({"steps": steps}))
    assert len(answer["objects"]) == 4


def test_an_event_question_is_bounded_and_charged_to_the_work_budget():
    seasons = [{"enter": "Doubling Season", "as": f"ds{i}"} for i in range(6)]
    soldier = {"name": "Soldier", "types": ["Creature"], "power": 1, "toughness": 1, "token": True}
    many = {"steps": seasons, "ask": {"event": {"create_tokens": soldier, "n": 10_000}}}
    with pytest.raises(BoardError, match=r"ask\.event\.n: 10000 is more than the most tokens"):
        event_answer(many)
    orders = {"steps": seasons, "ask": {"event": {"create_tokens": soldier, "n": 4}}}
    with pytest.raises(BoardError) as caught:
        event_answer(orders)
    assert caught.value.path == "ask.event" and caught.value.message == TOO_MANY_ORDERS
    draws = {"steps": [], "ask": {"event": {"draw": 501, "player": "Alice"}}}
    with pytest.raises(BoardError, match=r"ask\.event\.draw: 501 is more than the most cards"):
        event_answer(draws)


def test_a_resolving_spell_draws_at_most_the_bound_one_at_a_time():
    board = {"steps": [{"cast": "Stroke of Genius", "targets": ["Alice"], "x": 501}]}
    error = refusal(board)
    assert error.path == "steps[0]" and "501 cards drawn" in error.message


def test_the_bounds_are_summarised_for_the_docs_and_the_site():
    assert bounds.summary()["max_x"] == 1_000
    assert bounds.summary()["max_objects"] == 500


def test_a_replacement_text_the_grammar_cannot_read_is_read_once():
    # Every step meets every object's abilities again: an unread text was read again each
    # time (twenty invented cards took half a second), now the refusal is remembered too.
    text = "All damage that would be dealt to w0 by a this turn is dealt to w0 by a y0"
    for _ in range(2):
        with pytest.raises(OracleParseError, match="does not know") as caught:
            read_replacements(text, "Redirector")
    before = _read_or_error.cache_info().hits
    with pytest.raises(OracleParseError):
        read_replacements(text, "Redirector")
    assert _read_or_error.cache_info().hits == before + 1
    assert caught.value.phrase.startswith("All damage")


def test_counters_compounding_under_doublers_are_refused_when_they_pass_the_bound():
    # Each Solidarity of Heroes doubles the counters (puts as many again), and two Doubling
    # Seasons double what it puts: five times as many each cast. Step by step that would
    # reach numbers no message can print; it stops at the step that passes 10^15.
    steps: list[dict[str, Any]] = [{"enter": "Doubling Season", "as": f"ds{i}"} for i in range(2)]
    steps += [BEARS, {"counters": "+1/+1", "on": "g", "n": 10**6}]
    steps += [{"cast": "Solidarity of Heroes", "targets": ["g"]} for _ in range(30)]
    error = refusal({"steps": steps})
    assert error.path == "steps[16]"
    assert error.message.startswith("the +1/+1 counters on Grizzly Bears would grow to")


def test_face_down_names_how_it_was_turned_face_down_or_is_refused():
    board = {
        "format": "mtg-board/1",
        "players": ["Alice"],
        "steps": [{"enter": "Grizzly Bears", "as": "b", "controller": "Alice", "face_down": "x"}],
    }
    with pytest.raises(BoardError) as raised:
        evaluate_board(board)
    assert raised.value.path == "steps[0].face_down"
    assert '"disguise"' in raised.value.message


def test_a_modal_triggered_ability_needs_its_mode():
    # CR 700.2: the mode is chosen as it is put on the stack; a board must say which.
    board = {
        "format": "mtg-board/1",
        "players": ["Alice"],
        "steps": [
            {"enter": "Sauron, Dino Devotee", "as": "s", "controller": "Alice"},
            {"activate": "s", "ability": 1},
        ],
    }
    with pytest.raises(BoardError) as raised:
        evaluate_board(board)
    assert raised.value.path == "steps[1].choices.mode"
    assert "choose a mode from 0 to 1" in raised.value.message
