"""What the engine recognised but does not apply (its answers' ``not_modelled``), in
learners' words: ``presenters.unmodelled_items`` and ``services.unmodelled``."""

from __future__ import annotations

from rules_engine.ask.characteristics import answer_json, evaluate_board
from tests.web.boards import DS_THEN_SCALES, GRAY_OGRE, PEEK_LINE, example, with_peek
from tutor.boards import services
from tutor.boards.presenters import Unmodelled, answer_unmodelled, unmodelled_items

WHY = "the engine doesn't perform this one-shot action, so the board goes on without it"


def test_items_name_the_card_never_the_label_and_read_tilde_as_its_name():
    entries = [
        {"object": "crack", "ability": "~ deals 3 damage to target player.", "why": WHY},
        {"object": "crack", "ability": "~ deals 3 damage to target player.", "why": WHY},
        {"object": "mystery", "ability": "Scry 1.", "why": WHY},
    ]
    items = unmodelled_items(entries, {"crack": "Skullcrack"})
    assert items == (
        Unmodelled("Skullcrack", "Skullcrack deals 3 damage to target player.", WHY),
        Unmodelled("mystery", "Scry 1.", WHY),  # nothing names it: the label, as a last resort
    )
    assert str(items[1]) == f"Scry 1. (on mystery): {WHY}"


def test_the_evaluate_answer_and_the_result_give_the_same_items():
    board = with_peek(example(GRAY_OGRE))
    result = evaluate_board(board)
    from_answer = answer_unmodelled(answer_json(result), board)
    assert from_answer == services.unmodelled(board)
    assert [(i.name, i.ability) for i in from_answer] == [("Peek", PEEK_LINE)]


def test_an_answer_without_the_key_has_nothing_unmodelled():
    assert answer_unmodelled({"tree": {}, "outcomes": []}, example(DS_THEN_SCALES)) == ()
    assert services.unmodelled(example(GRAY_OGRE)) == ()


def test_a_board_asking_an_event_also_counts_the_event_answers_list(monkeypatch):
    real = services.event_answer

    def answer_with_a_gap(board, *args):
        gap = {"object": "ds", "ability": "A made-up sentence.", "why": "it is made up"}
        return {**real(board, *args), "not_modelled": [gap]}

    monkeypatch.setattr(services, "event_answer", answer_with_a_gap)
    services._asked_event_unmodelled.cache_clear()
    try:
        found = services.unmodelled(example(DS_THEN_SCALES))
    finally:
        services._asked_event_unmodelled.cache_clear()
    assert found == (Unmodelled("Doubling Season", "A made-up sentence.", "it is made up"),)
