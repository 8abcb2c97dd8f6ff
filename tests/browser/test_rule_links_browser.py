"""A rule number in a lesson is a link to its entry on the rules page (issue #28)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tutor.learn.content import load_lessons
from tutor.learn.models import Lesson

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("transactional_db")]


def test_a_rule_number_in_a_lesson_opens_its_entry(
    live_server, page, console_errors, serious_violations
):
    load_lessons()
    lesson = Lesson.objects.get(slug="who-chooses-and-in-what-order")
    page.goto(f"{live_server.url}{lesson.get_absolute_url()}")
    assert serious_violations(page) == []
    page.locator("article.lesson-text").get_by_role("link", name="CR 120.2a").first.click()
    expect(page).to_have_url(re.compile(r"/rules/#cr-120-2a$"))
    entry = page.locator("#cr-120-2a")
    expect(entry).to_contain_text("CR 120.2a")
    expect(entry).to_contain_text("damage equal to its power")
    assert serious_violations(page) == []
    assert console_errors == []
