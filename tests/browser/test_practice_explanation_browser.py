"""Issue #28 in a real browser: answer a practice question wrong, read the explanation of
this board (its cards, the step where the paths part), name the deciding rule, and follow
a rule link to its entry on /rules/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tutor.boards.rules import rule_anchor
from tutor.learn import practice

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("transactional_db")]


def test_a_wrong_answer_explains_this_board_and_links_its_rules(
    live_server, page, console_errors, wait_for_htmx, serious_violations
):
    item = practice.generated_item(0, 1).item
    wrong = next(c for c in item.distractors if c.misconception == "switch-before-counters")
    page.goto(f"{live_server.url}/learn/practice/1/0/")
    for _ in range(2):  # a first try, then the second one that shows the answer
        page.get_by_label(wrong.text, exact=True).check()
        with page.expect_response(lambda r: r.request.method == "POST"):
            page.get_by_role("button", name="Check my answer").click()
        wait_for_htmx(page)
    expect(page.get_by_role("status")).to_contain_text(f"the answer is {item.key_text()}")
    # Focus lands on the answered question, whose verdict is announced.
    assert page.evaluate("document.activeElement.id") == "play"
    # The explanation waits, folded, while the rule question is open.
    page.get_by_text("Show how this board works out").click()
    told = page.locator(".walkthrough")
    expect(told.get_by_role("heading", name="How this board works out")).to_be_visible()
    expect(told).to_contain_text("The paths part at step")
    expect(told).to_contain_text("Inside Out")  # this board's switch, by its card's name
    assert serious_violations(page) == []

    # Which rule decides this? Answered on the page, announced.
    prompt = practice.rule_prompt(item)
    assert prompt is not None
    page.get_by_label(f"CR {prompt.rule}", exact=True).check()
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.get_by_role("button", name="Check the rule").click()
    wait_for_htmx(page)
    expect(page.locator(".rule-prompt [role=status]")).to_contain_text("Right")

    link = page.locator(".walkthrough a.rule-link", has_text="613.4d").first
    link.click()
    expect(page).to_have_url(re.compile(rf"/rules/#{rule_anchor('613.4d')}$"))
    expect(page.locator(f"#{rule_anchor('613.4d')}")).to_be_visible()
    assert serious_violations(page) == []
    assert console_errors == []
