"""Issue #28 in a real browser: answer a practice question wrong, read the explanation of
this board (its cards, the step where the paths part), name the deciding rule, and follow
a rule link to its entry on /rules/."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tutor.boards.rules import rule_anchor
from tutor.learn import practice
from tutor.learn.items import Choice, Item

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("transactional_db")]


def _wrong_answer_item(level: int = 1) -> tuple[int, Item, Choice]:
    """The first seed whose practice item is a one-answer question about a permanent's
    characteristics (its paths part at a layer step) with a named misreading and a rule
    question: the generator decides the board, the test reads it."""
    for seed in range(60):
        item = practice.generated_item(seed, level).item
        if item.select_all or "event" in item.board["ask"] or practice.rule_prompt(item) is None:
            continue
        wrong = next((c for c in item.distractors if c.misconception), None)
        if wrong is not None and len(item.choices) >= 3:
            return seed, item, wrong
    raise AssertionError("no practice item with a named misreading in 60 seeds")


def _card_names(board: dict[str, Any]) -> set[str]:
    return {step["enter"] for step in board.get("steps", ()) if isinstance(step.get("enter"), str)}


def test_a_wrong_answer_explains_this_board_and_links_its_rules(
    live_server, page, console_errors, wait_for_htmx, serious_violations
):
    seed, item, wrong = _wrong_answer_item()
    page.goto(f"{live_server.url}/learn/practice/1/{seed}/")
    for _ in range(2):  # a first try, then the second one that shows the answer
        page.get_by_label(wrong.text, exact=True).check()
        with page.expect_response(lambda r: r.request.method == "POST"):
            page.get_by_role("button", name="Check my answer").click()
        wait_for_htmx(page)
    expect(page.get_by_role("status").first).to_contain_text("the answer is")
    # Focus lands on the answered question, whose verdict is announced.
    assert page.evaluate("document.activeElement.id") == "play"
    # The explanation waits, folded, while the rule question is open.
    page.get_by_text("Show how this board works out").click()
    told = page.locator(".walkthrough")
    expect(told.get_by_role("heading", name="How this board works out")).to_be_visible()
    # Where the paths part: at a step, or (every step shared) in what the effects start from.
    expect(told).to_contain_text(
        re.compile("The paths part at step|Both readings apply the same effects")
    )
    text = told.inner_text()
    assert any(name in text for name in _card_names(item.board)), "names this board's cards"
    assert serious_violations(page) == []

    # Which rule decides this? Answered on the page, announced.
    prompt = practice.rule_prompt(item)
    assert prompt is not None
    page.get_by_label(f"CR {prompt.rule}", exact=True).check()
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.get_by_role("button", name="Check the rule").click()
    wait_for_htmx(page)
    expect(page.locator(".rule-prompt [role=status]")).to_contain_text("Right")

    link = page.locator(".walkthrough a.rule-link").first
    rule = link.inner_text().strip().removeprefix("CR ")
    link.click()
    expect(page).to_have_url(re.compile(rf"/rules/#{rule_anchor(rule)}$"))
    expect(page.locator(f"#{rule_anchor(rule)}")).to_be_visible()
    assert serious_violations(page) == []
    assert console_errors == []
