"""Any board a mentor opens in the builder becomes a class question: where no
characteristic has a wrong answer the engine can name, the step's event is asked instead.

Cards (Oracle text checked in the project's library, ``python -m rules_engine cards show``):
Hardened Scales ("If one or more +1/+1 counters would be put on a creature you control,
that many plus one +1/+1 counters are put on it instead."), Doubling Season ("If an effect
would put one or more counters on a permanent you control, it puts twice that many of
those counters on that permanent instead."), Grizzly Bears (vanilla 2/2).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.classes.helpers import make_session
from tutor.boards.codec import encode_board
from tutor.classes import live
from tutor.classes.questions import QuestionProblem, from_board
from tutor.classes.sources import snapshot_for
from tutor.core.question import Form, Kind
from tutor.learn.items import NoItem, best_characteristic_item


def board(*steps: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "mtg-board/1",
        "players": ["Alice", "Bob"],
        "active": "Alice",
        "steps": list(steps),
    }


BEARS = {"enter": "Grizzly Bears", "as": "bears", "controller": "Alice"}
SCALES_AND_SEASON = board(
    {"enter": "Hardened Scales", "as": "scales", "controller": "Alice"},
    {"enter": "Doubling Season", "as": "season", "controller": "Alice"},
    BEARS,
    {"counters": "+1/+1", "on": "bears", "n": 1},
)


def test_scales_and_season_on_a_counters_step_ask_the_event_not_a_characteristic():
    # The layers can't tell a wrong answer from the right one here: the counters are
    # already on, and every layer misreading reads the same 6/6.
    with pytest.raises(NoItem):
        best_characteristic_item(SCALES_AND_SEASON, "bears", least=1)
    question = from_board(encode_board(SCALES_AND_SEASON), "bears")
    assert question.kind is Kind.EVENT_OUTCOME and question.form is Form.SELECT_ALL
    assert question.prompt.startswith("Grizzly Bears would get 1 +1/+1 counter.")
    # CR 616.1: Alice, whose creature gets the counter, orders the two effects: Hardened
    # Scales first (1 + 1 = 2, doubled: 4) or Doubling Season first (2, plus one: 3).
    texts = {o.key: o.text for o in question.options}
    assert sorted(texts[k] for k in question.right) == [
        "Grizzly Bears gets 3 +1/+1 counters",
        "Grizzly Bears gets 4 +1/+1 counters",
    ]
    # Forgetting both effects, or one of them: the wrong answers.
    wrong = {o.text: o.misreading for o in question.distractors}
    assert wrong == {
        "Grizzly Bears gets 1 +1/+1 counter": "forgot-replacements",
        "Grizzly Bears gets 2 +1/+1 counters": None,
    }
    # The board asked is the one before the step, its event as the question.
    assert question.board["ask"] == {"event": {"counters": "+1/+1", "on": "bears", "n": 1}}
    assert question.stepper == "event"


@pytest.mark.django_db
def test_the_event_question_is_pushed_answered_and_named_in_class():
    _, session = make_session()
    source = {"kind": "board", "token": encode_board(SCALES_AND_SEASON), "label": "bears"}
    pushed = live.push(session, snapshot_for(source))
    assert pushed.kind == Kind.EVENT_OUTCOME and pushed.multiple
    assert "/event/" in pushed.stepper_url and not pushed.stepper_object
    right = pushed.key.split(",")
    wrong = next(o["key"] for o in pushed.options if o["key"] not in right)
    ada, bo = (live.join(session, name) for name in ("Ada", "Bo"))
    assert live.record_answer(ada, pushed.pk, right[::-1]).answer.right
    assert not live.record_answer(bo, pushed.pk, [wrong]).answer.right
    assert pushed.misreadings[wrong] == "Forgetting the replacement effects"
    with pytest.raises(QuestionProblem, match="one of the options"):
        live.record_answer(live.join(session, "Cy"), pushed.pk, ["forged"])
    bars = live.tally(pushed)
    assert [(bar.count, bar.right) for bar in bars] == [(1, True), (1, False)]


def test_a_board_where_a_characteristic_has_wrong_answers_still_asks_it():
    # Glorious Anthem ("Creatures you control get +1/+1.") after Grizzly Bears, then
    # Turn to Frog: the frog's 1/1 is set in 7b, the anthem applies after it in 7c.
    frog = board(
        BEARS,
        {"enter": "Glorious Anthem", "as": "anthem", "controller": "Alice"},
        {"cast": "Turn to Frog", "controller": "Bob", "targets": ["bears"]},
    )
    question = from_board(encode_board(frog), "bears")
    assert question.kind is Kind.CHARACTERISTIC and question.key_text == "2/2"
    # Timestamp order alone: the anthem first (3/3), then the frog's 1/1 over it.
    assert {o.text: o.misreading for o in question.distractors} == {"1/1": "timestamps-only"}


def test_a_board_on_which_nothing_changes_anything_is_refused_with_the_reason():
    with pytest.raises(QuestionProblem, match="this board can't make a question: "):
        from_board(encode_board(board(BEARS)), "bears")
