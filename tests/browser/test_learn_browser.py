"""Lesson 1 end to end in a real browser: the stepper inside the lesson, the practice with
one wrong answer on purpose (the named mistake shows), and the progress page after."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tutor.learn.content import load_lessons
from tutor.learn.handwritten import misconception_named
from tutor.learn.models import Lesson
from tutor.learn.practice import lesson_items

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("transactional_db")]


def test_take_lesson_one_to_the_end(
    live_server, page, console_errors, wait_for_htmx, serious_violations, screenshot
):
    load_lessons()
    lesson = Lesson.objects.get(number=1)
    items = lesson_items(lesson.boards, lesson.practice, lesson.concept)
    page.goto(f"{live_server.url}{lesson.get_absolute_url()}")
    expect(page.get_by_role("heading", level=1)).to_have_text(lesson.title)
    assert serious_violations(page) == []

    # The embedded stepper steps in place: the lesson's address doesn't change.
    address = page.url
    with page.expect_response(lambda r: "embedded=1" in r.url):
        page.get_by_role("link", name="Next →").first.click()
    wait_for_htmx(page)
    expect(page.locator("#frame .frame__progress")).to_contain_text("Step 1 of")
    assert page.url == address

    page.get_by_role("link", name="Start the practice").click()
    for n, item in enumerate(items, start=1):
        expect(page.get_by_role("heading", level=1)).to_contain_text(f"practice {n} of")
        if n == 1:
            wrong = next(c for c in item.distractors if c.misconception)
            page.get_by_label(wrong.text, exact=True).check()
        else:
            page.get_by_label(item.key_text(), exact=True).check()
        with page.expect_response(lambda r: r.request.method == "POST"):
            page.get_by_role("button", name="Check my answer").click()
        wait_for_htmx(page)
        if n == 1:
            named = misconception_named(wrong.misconception)
            assert named is not None
            expect(page.get_by_role("heading", name=f"The mistake: {named.name}")).to_be_visible()
            # The second try: the key and the stepper come after it.
            page.get_by_label(wrong.text, exact=True).check()
            with page.expect_response(lambda r: r.request.method == "POST"):
                page.get_by_role("button", name="Check my answer").click()
            wait_for_htmx(page)
            expect(page.get_by_role("status")).to_contain_text(f"the answer is {item.key_text()}")
            expect(
                page.get_by_role(
                    # A hand-written misreading (lesson 1's headline) has no engine run to
                    # diff against, so the stepper opens at its start.
                    "link",
                    name=re.compile("where the right answer parts|Step through the right answer"),
                )
            ).to_be_visible()
            screenshot("lesson-1-named-mistake")
            assert serious_violations(page) == []
        else:
            expect(page.get_by_role("status")).to_contain_text("Right")
        page.get_by_role("link", name="Next", exact=True).click()

    expect(page).to_have_url(re.compile(f"{lesson.get_absolute_url()}#practice-done$"))
    page.get_by_role("link", name="My progress").click()
    row = page.get_by_role("row", name=re.compile("Characteristics and copiable values"))
    answered = len(items)
    expect(row).to_contain_text(str(answered))
    right_pct = round(100 * (answered - 1) / answered)
    expect(row).to_contain_text(f"{right_pct}%")
    assert console_errors == []
