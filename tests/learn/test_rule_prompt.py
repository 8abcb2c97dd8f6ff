""" "Which rule decides this?" (issue #28): the same question for an item whatever answer
was given, asked after the answer, scored against the item's deciding rule and recorded as
an answer of its own kind."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tutor.learn import mastery
from tutor.learn.content import lesson_files, load_lessons
from tutor.learn.lesson_files import read_lesson
from tutor.learn.models import Answer, ConceptProgress, Lesson
from tutor.learn.practice import lesson_items, rule_prompt, why_right


def _all_items() -> list:
    found = []
    for path in lesson_files():
        spec = read_lesson(path)
        found += [
            (spec.slug, n, item)
            for n, item in enumerate(
                lesson_items(spec.boards, list(spec.practice), spec.concept), start=1
            )
        ]
    return found


def test_the_rule_question_is_fixed_per_item_and_offers_three_rules():
    asked = [(item, rule_prompt(item)) for _, _, item in _all_items()]
    asked = [(item, p) for item, p in asked if p is not None]
    assert len(asked) >= 50
    for item, prompt in asked:
        assert len(set(prompt.options)) == 3 and prompt.rule in prompt.options
        assert f"(CR {prompt.rule}.)" in why_right(item)
        # The same prompt every time: it never depends on the wrong answer picked.
        assert rule_prompt(item) == prompt


def _lesson_item() -> tuple[str, int, object]:
    load_lessons()
    return next((s, n, i) for s, n, i in _all_items() if rule_prompt(i) is not None)


@pytest.mark.django_db
def test_the_rule_question_is_the_same_after_any_answer(client):
    slug, n, item = _lesson_item()
    url = reverse("lesson-practice", args=[slug, n])
    prompt = rule_prompt(item)
    pages = [
        client.post(url, {"choice": choice.key, "attempt": "2"}).content.decode()
        for choice in item.choices
    ]
    for html in pages:
        assert "Which rule decides this?" in html
        assert all(f'name="rule" value="{rule}"' in html for rule in prompt.options)


@pytest.mark.django_db
def test_the_rule_answer_is_scored_and_recorded_apart_from_the_answer(client):
    slug, n, item = _lesson_item()
    url = reverse("lesson-practice", args=[slug, n])
    prompt = rule_prompt(item)
    client.post(url, {"choice": item.key})
    wrong = next(rule for rule in prompt.options if rule != prompt.rule)
    html = client.post(url, {"choice": item.key, "rule": wrong}).content.decode()
    assert f"you chose CR {wrong}" in html and f">CR {prompt.rule}</a>" in html
    rule_rows = Answer.objects.filter(kind=mastery.RULE_KIND)
    assert rule_rows and all(not a.right and a.given == wrong for a in rule_rows)
    assert all(a.item_id == f"{item.id}:rule" for a in rule_rows)
    # The item's own answer was recorded once, not again with the rule.
    assert (
        Answer.objects.filter(
            item_id=item.id, concept=Lesson.objects.get(slug=slug).concept
        ).count()
        == 1
    )
    # A second rule answer changes nothing; a rule not offered is refused.
    client.post(url, {"choice": item.key, "rule": prompt.rule})
    assert Answer.objects.filter(kind=mastery.RULE_KIND).count() == rule_rows.count()
    assert client.post(url, {"choice": item.key, "rule": "999.9"}).status_code == 400
    # The rule answer moves no progress (it counts only as a kind for proficiency).
    progress = ConceptProgress.objects.get(concept=Lesson.objects.get(slug=slug).concept)
    assert progress.attempts == 1


@pytest.mark.django_db
def test_a_typed_answer_is_carried_into_the_rule_question(client):
    load_lessons()
    slug, n, item = next(
        (s, n, i) for s, n, i in _all_items() if i.typed and rule_prompt(i) is not None
    )
    url = reverse("lesson-practice", args=[slug, n])
    html = client.post(url, {"typed": "99/99", "attempt": "2"}).content.decode()
    assert '<input type="hidden" name="typed" value="99/99">' in html
    # The explanation waits, folded, until the rule is named.
    assert '<details class="walkthrough-fold">' in html
    prompt = rule_prompt(item)
    page = client.post(url, {"typed": "99/99", "rule": prompt.rule})
    assert page.status_code == 200 and "you said 99/99" in page.content.decode()
    assert '<details class="walkthrough-fold">' not in page.content.decode()
    assert Answer.objects.filter(kind=mastery.RULE_KIND, right=True).exists()
