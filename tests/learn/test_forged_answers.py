"""Learn's practice and lesson pages read answers through the one question value
(``tutor.core.question``): a forged or malformed answer is a clear 400 (422 for htmx)
that records nothing, and a real answer is marked and kept in its one encoding."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from tests.learn.test_answer_forms import select_all_of
from tutor.core.question import Form
from tutor.learn import practice
from tutor.learn.as_question import question_of
from tutor.learn.content import load_lessons
from tutor.learn.generator import Generated
from tutor.learn.items import Item
from tutor.learn.models import Answer, Lesson

pytestmark = pytest.mark.django_db

LONG = "a" * 10_000


def _pages() -> list[tuple[str, Item]]:
    """A generated practice page and a lesson's practice page, with their items."""
    load_lessons()
    lesson = Lesson.objects.get(number=3)
    items = practice.lesson_items(lesson.boards, lesson.practice, lesson.concept)
    return [
        (reverse("practice-item", args=[1, 0]), practice.generated_item(0, 1).item),
        (reverse("lesson-practice", args=[lesson.slug, 1]), items[0]),
    ]


def _forged(item: Item) -> list[dict[str, Any]]:
    question = question_of(item)
    key = item.choices[0].key
    other = item.choices[1].key
    forged: list[dict[str, Any]] = [
        {"choice": "not-a-key"},
        {"choice": [key, key]},  # one option, sent twice
        {},
        {"choice": ""},
        {"choice": f"{key}\x00"},
        {"choice": "\x1b[31m\r\n"},
        {"choice": LONG},
        {"choice": [key] * 65},
    ]
    if question.form is not Form.SELECT_ALL:
        forged += [{"choice": [key, other]}, {"choice": f"{key},{other}"}]
    if question.form is Form.TYPED:
        forged += [{"choice": key, "typed": "5/8\x00"}, {"typed": LONG}]
    return forged


@pytest.mark.parametrize("page", [0, 1], ids=["practice", "lesson"])
def test_a_forged_answer_is_a_400_or_a_422_for_htmx_and_records_nothing(client, page):
    url, item = _pages()[page]
    for data in _forged(item):
        response = client.post(url, data)
        assert response.status_code == 400, data
        assert 'role="alert"' in response.content.decode()
        htmx = client.post(url, data, headers={"HX-Request": "true"})
        assert htmx.status_code == 422 and "<html" not in htmx.content.decode(), data
    assert not Answer.objects.exists()


@pytest.mark.parametrize("page", [0, 1], ids=["practice", "lesson"])
def test_right_and_wrong_answers_are_recorded_in_the_question_encoding(client, page):
    url, item = _pages()[page]
    question = question_of(item)
    wrong = next(o.key for o in question.options if o.key not in question.right)
    client.post(url, {"choice": wrong})
    # One row per concept the item credits, each the same answer.
    given = set(Answer.objects.values_list("right", "given", "misconception"))
    slug = question.misreading_of((wrong,)) or ""
    assert given == {(False, question.encode((wrong,)), slug)}
    client.post(url, {"choice": list(question.right), "attempt": "2"})
    given = set(Answer.objects.filter(right=True).values_list("given", flat=True))
    assert given == {question.key}


def test_a_typed_answer_is_recorded_as_typed_and_sent_again_with_the_rule(client):
    # The first generated practice page whose question takes a typed answer.
    level, seed, item = next(
        (level, seed, it)
        for seed in range(40)
        for level in (1, 2, 3, 4)
        if (it := practice.generated_item(seed, level).item).typed
    )
    url = reverse("practice-item", args=[level, seed])
    html = client.post(url, {"typed": " 99 / 98 ", "attempt": "2"}).content.decode()
    assert set(Answer.objects.values_list("right", "given")) == {(False, "99/98")}
    assert "you said 99/98" in html
    if 'name="rule"' in html:
        assert '<input type="hidden" name="typed" value="99/98">' in html


def test_a_select_all_page_refuses_a_repeated_or_unknown_tick(client, monkeypatch):
    item = select_all_of(practice.generated_item(0, 1).item)
    keys = [c.key for c in item.choices]
    made = Generated(item, ("layer-7",), 1)
    monkeypatch.setattr(practice, "generated_item", lambda seed, level: made)
    url = reverse("practice-item", args=[1, 3])
    for data in (
        {"choice": [keys[0], keys[0]]},
        {"choice": [keys[0], "(none)"]},
        {"choice": [keys[0], "forged"]},
        {"choice": []},
    ):
        assert client.post(url, data).status_code == 400, data
    assert not Answer.objects.exists()
    html = client.post(url, {"choice": ["(none)"], "attempt": "2"}).content.decode()
    answer = Answer.objects.get()
    assert (answer.right, answer.given) == (False, "")
    if 'name="rule"' in html:  # the rule question sends "None of these" again
        assert '<input type="hidden" name="choice" value="(none)">' in html
