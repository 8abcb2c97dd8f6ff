"""A learn quiz item read as the one question value: same options, key and misreadings,
and learn's select-all contract (ticked keys sorted and joined by ",")."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from tutor.core.question import AnswerProblem, Form, Kind
from tutor.learn.as_question import question_of
from tutor.learn.content import load_lessons
from tutor.learn.items import Choice, Item
from tutor.learn.models import Lesson
from tutor.learn.practice import lesson_items

BOARD = json.dumps({"format": "mtg-board/1", "players": ["Alice"], "steps": []})


@pytest.mark.django_db
def test_every_lesson_item_reads_as_a_question_with_its_key_and_named_mistakes():
    load_lessons()
    items = [
        item
        for lesson in Lesson.objects.all()
        for item in lesson_items(lesson.boards, lesson.practice, lesson.concept)
    ]
    assert items
    for item in items:
        question = question_of(item)
        assert question.key == item.key and question.is_right(item.key)
        assert [(o.key, o.text, o.misreading) for o in question.options] == [
            (c.key, c.text, c.misconception) for c in item.choices
        ]
        assert question.key_text == item.key_text()
        for wrong in item.distractors:
            assert not question.is_right(question.read(wrong.key))
            assert question.misreading_of(wrong.key) == wrong.misconception


@dataclass(frozen=True)
class SelectAllItem(Item):
    select_all: bool = True
    right_keys: frozenset[str] = frozenset()


def test_a_select_all_item_is_answered_by_its_sorted_ticked_keys():
    choices = (Choice("b2", "Flying"), Choice("a1", "Reach"), Choice("c3", "Haste", "newest-first"))
    item = SelectAllItem(
        "abilities", "Which?", BOARD, choices, "a1,b2", right_keys=frozenset({"b2", "a1"})
    )
    question = question_of(item)
    assert question.form is Form.SELECT_ALL and question.kind is Kind.CHARACTERISTIC
    assert question.key == "a1,b2" == item.key
    assert question.read(["b2", "a1"]) == "a1,b2" and question.is_right("a1,b2")
    assert not question.is_right(question.read(["a1"]))
    with pytest.raises(AnswerProblem):
        question.read(["a1", "forged"])


def test_a_typed_item_takes_a_power_and_toughness_typed_as_its_option():
    choices = (Choice("k58", "5/8"), Choice("k44", "4/4", "timestamps-only"))
    item = Item("pt", "P/T?", BOARD, choices, "k58", "ogre", typed=True)
    question = question_of(item)
    assert question.form is Form.TYPED and question.object == "ogre"
    assert question.read(" 5/8 ") == "k58" and question.is_right("k58")
    assert question.read("6/6") == "6/6" and not question.is_right("6/6")
