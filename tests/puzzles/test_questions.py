"""Questions and keys come from the engine: checked against the boards' authoritative answers."""

from __future__ import annotations

import json

import pytest

from rules_engine.ask.characteristics import answer_json, evaluate_board
from tests.puzzles.helpers import seed_file
from tutor.core.question import AnswerProblem, Form, Kind
from tutor.puzzles.questions import question_for
from tutor.puzzles.spec import question_board


def board_of(kind: str) -> tuple[dict, dict]:
    data = json.loads(seed_file(kind).read_text())
    return question_board(data, data["title"]), data


def test_a_typed_power_and_toughness_is_read_leniently_and_marked_against_the_engine():
    board, data = board_of("pt")
    question = question_for(board, "pt")
    label = board["ask"]["characteristics"]
    expected = data["expect"]["objects"][label]
    assert question.right == (f"{expected['power']}/{expected['toughness']}",)
    spaced = question.parse([f" {expected['power']} / {expected['toughness']} "])
    assert question.is_right(spaced)
    assert not question.is_right(question.parse(["99/99"]))
    with pytest.raises(AnswerProblem):
        question.parse(["five/eight"])
    with pytest.raises(AnswerProblem):
        question.parse([])


def test_a_set_question_offers_values_seen_on_the_board_and_takes_them_in_any_order():
    board, _ = board_of("subtypes")
    question = question_for(board, "subtypes")
    result = answer_json(evaluate_board(board))
    final = result["objects"][board["ask"]["characteristics"]]["subtypes"]
    assert question.form is Form.SELECT_ALL
    assert sorted(question.right) == sorted(final)
    keys = [option.key for option in question.options]
    assert set(final) <= set(keys) and len(keys) > len(final)
    assert question.is_right(question.parse(list(reversed(final))))
    with pytest.raises(AnswerProblem):
        question.parse(["Not A Subtype"])


def test_an_order_question_lists_effects_by_name_and_wants_every_place_filled():
    board, data = board_of("order")
    question = question_for(board, "")
    assert question.kind is Kind.ORDER and question.form is Form.ORDER
    assert list(question.right) == data["expect"]["order"]
    assert tuple(o.key for o in question.options) != question.right  # never listed in order
    assert question.is_right(question.parse(list(question.right)))
    with pytest.raises(AnswerProblem):
        question.parse(list(question.right)[:-1])


def test_a_dependency_question_is_yes_or_no_from_the_engines_graph():
    board, data = board_of("depends")
    question = question_for(board, "")
    assert question.right == ("yes" if data["expect"]["depends"] else "no",)
    with pytest.raises(AnswerProblem):
        question.parse(["yes", "no"])


def test_an_event_question_offers_the_outcomes_and_slips_and_keys_the_real_ones():
    board, data = board_of("event")
    question = question_for(board, "")
    assert question.stepper == "event"
    assert question.form is Form.SELECT_ALL  # never tells whether the choices matter
    assert len(question.right) == len(data["expect"]["outcomes"])
    assert len(question.options) > len(question.right)  # at least one wrong outcome
    assert question.is_right(question.parse(list(question.right)))


def test_a_board_without_an_ask_is_not_a_puzzle():
    board, _ = board_of("pt")
    del board["ask"]
    with pytest.raises(ValueError, match="ask"):
        question_for(board, "pt")
