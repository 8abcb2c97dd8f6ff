""" "Which rule decides this?" on some items (#14): the deciding rule among two others, the
explanation folded until the learner has chosen."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tutor.learn.content import lesson_files, load_lessons
from tutor.learn.lesson_files import read_lesson
from tutor.learn.models import Lesson
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


def test_some_items_ask_for_the_deciding_rule_among_three_and_others_do_not():
    items = _all_items()
    prompts = [(item, rule_prompt(item)) for _, _, item in items]
    asked = [(item, p) for item, p in prompts if p is not None]
    assert 0.25 * len(items) <= len(asked) <= 0.75 * len(items)
    for item, prompt in asked:
        assert len(set(prompt.options)) == 3 and prompt.rule in prompt.options
        assert f"(CR {prompt.rule}.)" in why_right(item)


@pytest.mark.django_db
def test_the_feedback_folds_the_explanation_under_the_rule_question(client):
    load_lessons()
    slug, n, item = next(
        (slug, n, item) for slug, n, item in _all_items() if rule_prompt(item) is not None
    )
    lesson = Lesson.objects.get(slug=slug)
    url = reverse("lesson-practice", args=[lesson.slug, n])
    html = client.post(url, {"choice": item.key}).content.decode()
    prompt = rule_prompt(item)
    assert '<details class="rule-prompt">' in html and "Which rule decides this?" in html
    assert all(f"CR {rule}" in html for rule in prompt.options)
    why = html[html.index('<p class="why">') :]
    assert f">CR {prompt.rule}</a>" in why[:600] and ". Why: " in why
