"""Issue 26 in a real browser: deleting a step later steps use keeps the builder and asks
there; a move keeps focus on the moved step and is announced; on a phone the "Add a
step" form comes before the timeline and the steppers never scroll sideways."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.web.boards import DS_THEN_SCALES, GRAY_OGRE, token_of

pytestmark = pytest.mark.browser


def test_deleting_a_step_others_use_asks_in_the_builder(
    live_server, page, console_errors, wait_for_htmx, serious_violations
):
    page.goto(f"{live_server.url}/build/{token_of(GRAY_OGRE)}/")
    page.get_by_role("button", name="Delete step 1").click()
    wait_for_htmx(page)
    problem = page.locator("#builder-problem")
    expect(problem).to_contain_text("Step 1 can't be deleted on its own")
    expect(problem).to_be_focused()
    expect(page.get_by_role("heading", name="Build a board")).to_be_visible()
    assert "labels so far" not in problem.inner_text()
    assert serious_violations(page) == []
    page.get_by_role("button", name=re.compile("Delete step 1 and those 3 steps")).click()
    wait_for_htmx(page)
    expect(page.locator(".workspace__timeline .timeline > li")).to_have_count(1)
    expect(page.locator("#builder-status")).to_contain_text("Steps 1, 2, 3 and 5 removed")
    # The refusal is a 422 on purpose (the browser logs it as a failed load): nothing else.
    others = [e for e in console_errors if "status of 422" not in e]
    assert others == [], "\n".join(others)


def test_a_move_keeps_focus_on_the_moved_step_and_is_announced(
    live_server, page, console_errors, wait_for_htmx
):
    page.goto(f"{live_server.url}/build/{token_of(GRAY_OGRE)}/")
    page.get_by_role("button", name="Move step 4 earlier").click()
    wait_for_htmx(page)
    expect(page.get_by_role("button", name="Move step 3 earlier")).to_be_focused()
    expect(page.locator("#builder-status")).to_contain_text(
        "Step 4 moved earlier: it is now step 3"
    )
    page.keyboard.press("Enter")  # the same button again: it moves on
    wait_for_htmx(page)
    expect(page.get_by_role("button", name="Move step 2 earlier")).to_be_focused()
    assert console_errors == [], "\n".join(console_errors)


def test_on_a_phone_the_form_comes_first_and_nothing_scrolls_sideways(
    live_server, page, console_errors, serious_violations, wait_for_htmx
):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/build/{token_of(GRAY_OGRE)}/")
    form = page.locator(".step-form").bounding_box()
    timeline = page.locator(".workspace__timeline .timeline").bounding_box()
    assert form["y"] < timeline["y"]
    assert page.locator(".step-form").count() == 1
    for token, label in ((token_of(DS_THEN_SCALES), "bears"), (token_of(GRAY_OGRE), "ogre")):
        page.goto(f"{live_server.url}/board/{token}/layers/{label}/?step=0")
        for step in range(12):
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= 390, (label, step, width)
            following = page.locator("a[data-next]")
            if following.count() == 0:
                break
            following.click()
            wait_for_htmx(page)
    assert serious_violations(page) == []
