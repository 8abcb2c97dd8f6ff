"""A builder board's class question when no characteristic has a wrong answer: the order
of the effects (CR 613.7), and who orders the replacement effects (CR 616.1).

Cards (Oracle text checked in the project's library, ``python -m rules_engine cards
show``): Grizzly Bears (vanilla 2/2), Glorious Anthem ("Creatures you control get
+1/+1."), Night of Souls' Betrayal ("All creatures get -1/-1."), Torbran, Thane of Red
Fell ("If a red source you control would deal damage to an opponent or a permanent an
opponent controls, it deals that much damage plus 2 instead."), Furnace of Rath ("If a
source would deal damage to a permanent or player, it deals double that damage to that
permanent or player instead."), Hill Giant (vanilla red 3/3).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.classes.helpers import make_session
from tutor.boards.codec import encode_board
from tutor.classes import live
from tutor.classes.questions import QuestionProblem, _board_questions, from_board
from tutor.classes.sources import snapshot_for
from tutor.core.question import Form, Kind, Question
from tutor.learn.items import NoItem, best_characteristic_item


def board(*steps: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "steps": list(steps),
    }


BEARS = {"enter": "Grizzly Bears", "as": "bears", "controller": "Alice"}
# +1/+1 and -1/-1 in layer 7c: the bears end as printed (2/2), so every reading of their
# characteristics gives the right answer, but the order the two apply in is asked.
ANTHEM_AND_NIGHT = board(
    BEARS,
    {"enter": "Glorious Anthem", "as": "anthem", "controller": "Alice"},
    {"enter": "Night of Souls' Betrayal", "as": "night", "controller": "Bob"},
)
# Alice's Torbran and Furnace of Rath, and her Hill Giant's 3 damage to Bob: Bob, the
# player dealt damage, orders the two (CR 616.1), whoever controls them.
TORBRAN_AND_FURNACE = board(
    {"enter": "Torbran, Thane of Red Fell", "as": "torbran", "controller": "Alice"},
    {"enter": "Furnace of Rath", "as": "furnace", "controller": "Alice"},
    {"enter": "Hill Giant", "as": "giant", "controller": "Alice"},
    {"damage": 3, "from": "giant", "on": "Bob"},
)


def test_two_effects_that_cancel_out_ask_the_order_they_apply_in():
    with pytest.raises(NoItem):
        best_characteristic_item(ANTHEM_AND_NIGHT, "bears", least=1)
    question = from_board(encode_board(ANTHEM_AND_NIGHT), "bears")
    assert question.kind is Kind.ORDER and question.object == "bears"
    assert question.prompt == "In which order do the effects apply to Grizzly Bears in layer 7c?"
    # CR 613.7: oldest first in the layer; the newest-first reading reverses them.
    assert question.key_text == "Glorious Anthem → Night of Souls' Betrayal"
    assert {o.text: o.misreading for o in question.distractors} == {
        "Night of Souls' Betrayal → Glorious Anthem": "newest-first"
    }


@pytest.mark.django_db
def test_the_order_question_is_pushed_and_marked_in_class():
    _, session = make_session()
    source = {"kind": "board", "token": encode_board(ANTHEM_AND_NIGHT), "label": "bears"}
    pushed = live.push(session, snapshot_for(source))
    assert pushed.kind == Kind.ORDER
    wrong = next(o["key"] for o in pushed.options if o["key"] != pushed.key)
    ada, bo = (live.join(session, name) for name in ("Ada", "Bo"))
    assert live.record_answer(ada, pushed.pk, pushed.key).answer.right
    assert not live.record_answer(bo, pushed.pk, wrong).answer.right


def _who_chooses(built: dict[str, Any]) -> Question:
    for make in _board_questions(built, None):
        try:
            question = make()
        except NoItem:
            continue
        if question.kind is Kind.WHO_CHOOSES:
            return question
    raise AssertionError("no who-chooses question")


def test_a_damage_step_under_torbran_and_furnace_asks_who_chooses():
    question = _who_chooses(TORBRAN_AND_FURNACE)
    assert question.form is Form.SINGLE
    assert question.prompt.endswith("Who chooses the order in which the replacement effects apply?")
    # CR 616.1: Bob, dealt the damage, chooses; reading it as the effects' controller's
    # choice is the wrong-chooser misreading.
    assert question.key_text == "Bob"
    assert {o.text: o.misreading for o in question.distractors} == {"Alice": "wrong-chooser"}


def test_from_board_asks_the_best_outcome_when_it_names_more_mistakes():
    # Torbran then Furnace is (3+2)x2 = 10, Furnace then Torbran 3x2+2 = 8: Bob takes 8.
    # The best-outcome question names more mistakes than who chooses, so it is pushed
    # (a builder damage step marks damage "on" Bob; the event deals it "to" him).
    question = from_board(encode_board(TORBRAN_AND_FURNACE), "")
    assert question.kind is Kind.EVENT_BEST and question.key_text == "8"
    assert {o.text: o.misreading for o in question.distractors} == {
        "16": "replace-twice",
        "3": "forgot-replacements",
        "10": "wrong-chooser",
    }


def test_a_leave_step_is_no_event_to_ask_and_never_breaks_the_push():
    # The event stepper asks "die" or "to_graveyard", never "leave": before, asking the
    # step raised the engine's BoardError out of the push.
    left = board(*ANTHEM_AND_NIGHT["steps"], {"leave": "night", "to": "graveyard"})
    try:
        question = from_board(encode_board(left), "bears")
    except QuestionProblem as problem:
        assert str(problem).startswith("this board can't make a question: ")
    else:
        assert question.kind is not Kind.EVENT_OUTCOME
