"""Done by keyboard alone, in a reasonable number of key presses, and axe-core clean after
every htmx swap (issue #16): the replacement stepper, a practice question and a puzzle;
the layer stepper's dependency graph at phone width."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.web.boards import token_of

pytestmark = pytest.mark.browser

MIMIC = "events/interactions/master-biomancer-mutant-makes-metallic-mimic-apply.json"
URBORG_MOON = "interactions/blood-moon-urborg-moon-first.json"
# Key presses a learner may spend on one page's task: generous, but far from 76 Tabs.
BUDGET = 25


def _focused(page) -> str:
    return page.evaluate(
        "() => { const e = document.activeElement; return (e.id || '') + '|' + "
        "(e.innerText || '') + '|' + (e.labels && e.labels[0] ? e.labels[0].innerText : ''); }"
    )


def _tab_until(page, wanted: str, limit: int = BUDGET) -> int:
    """Tab until the focused element mentions ``wanted``; the number of presses."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if wanted in _focused(page):
            return presses
    raise AssertionError(f"{limit} Tab presses never reached {wanted!r}")


def test_the_replacement_stepper_by_keyboard_alone(
    live_server, page, console_errors, wait_for_htmx, serious_violations
):
    """Master Biomancer makes the Bear a Mutant, then Metallic Mimic applies (CR 614.12)."""
    page.goto(f"{live_server.url}/board/{token_of(MIMIC)}/event/")
    assert serious_violations(page) == []
    presses = 0
    for effect in ("Master Biomancer", "Metallic Mimic"):
        presses += _tab_until(page, f"Apply {effect}")
        page.keyboard.press("Enter")
        presses += 1
        wait_for_htmx(page)
        expect(page.locator(".walk__chosen").last).to_contain_text(effect)
        # The swapped walk takes focus, so the next choice is a few Tabs away.
        assert page.evaluate("() => document.activeElement.id") == "walk"
        assert serious_violations(page) == []
    expect(page.locator("ul.results")).to_contain_text("3 +1/+1 counters")
    deciding = page.get_by_role("region", name="The rule that decides")
    expect(deciding).to_contain_text("Metallic Mimic applies because Grizzly Bears")
    expect(deciding.get_by_role("link", name="CR 614.12")).to_have_attribute(
        "href", "/rules/#cr-614-12"
    )
    assert presses <= 2 * BUDGET, f"{presses} key presses"
    assert console_errors == [], "\n".join(console_errors)


@pytest.mark.usefixtures("transactional_db")
def test_a_practice_question_by_keyboard_alone(
    live_server, page, console_errors, wait_for_htmx, serious_violations
):
    from tutor.learn.content import load_lessons
    from tutor.learn.models import Lesson
    from tutor.learn.practice import lesson_items

    load_lessons()
    lesson = Lesson.objects.get(number=1)
    item = lesson_items(lesson.boards, lesson.practice, lesson.concept)[0]
    page.goto(f"{live_server.url}{lesson.get_absolute_url()}practice/1/")
    assert serious_violations(page) == []
    # Tab into the options (a radio group is one Tab stop), Space ticks the first, arrows
    # move to the key, Enter submits.
    presses = _tab_until(page, item.choices[0].text)
    page.keyboard.press("Space")
    presses += 1
    keys = [c.key for c in item.choices]
    for _ in range(keys.index(item.key)):
        page.keyboard.press("ArrowDown")
        presses += 1
    expect(page.get_by_label(item.key_text(), exact=True)).to_be_checked()
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.keyboard.press("Enter")
    presses += 1
    wait_for_htmx(page)
    expect(page.get_by_role("status")).to_contain_text("Right")
    assert page.evaluate("() => document.activeElement.id") == "play"
    assert serious_violations(page) == []
    presses += _tab_until(page, "Next")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/practice/2/$"))
    assert presses <= BUDGET, f"{presses} key presses"
    assert console_errors == [], "\n".join(console_errors)


@pytest.mark.django_db(transaction=True)
def test_a_puzzle_by_keyboard_alone_in_few_presses(
    live_server, page, console_errors, wait_for_htmx, serious_violations
):
    from tests.puzzles.helpers import saved
    from tutor.puzzles.services import question_of

    puzzle = saved("pt")
    page.goto(f"{live_server.url}{puzzle.get_absolute_url()}")
    presses = _tab_until(page, "Your answer")
    page.keyboard.type(question_of(puzzle).right[0])
    with page.expect_response(lambda r: r.url.endswith("/answer")):
        page.keyboard.press("Enter")
    presses += 1
    wait_for_htmx(page)
    expect(page.get_by_role("status").filter(has_text="Right")).to_be_visible()
    assert page.evaluate("document.activeElement.id") == "play"
    assert serious_violations(page) == []
    presses += _tab_until(page, "Step through the explanation")
    page.keyboard.press("Enter")
    expect(page.locator("#frame-heading")).to_contain_text("Layer")
    page.keyboard.press("ArrowRight")
    wait_for_htmx(page)
    assert serious_violations(page) == []
    assert presses <= BUDGET, f"{presses} key presses"
    assert console_errors == [], "\n".join(console_errors)


def test_the_layer_steppers_dependency_graph_at_390_px_scrolls_never_clips(
    live_server, page, console_errors, wait_for_htmx, serious_violations
):
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/board/{token_of(URBORG_MOON)}/layers/urborg/?step=0")
    region = page.get_by_role("region", name=re.compile("Dependency graph of layer 4"))
    for _ in range(6):  # by keyboard, on to the step whose layer has the graph
        if region.count():
            break
        page.keyboard.press("ArrowRight")
        wait_for_htmx(page)
    expect(region).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    box = region.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 391
    # What doesn't fit scrolls inside the region: its content is whole, never cut off.
    widths = page.evaluate(
        "() => { const r = document.querySelector('.graph__scroll');"
        " const s = r.querySelector('svg').getBoundingClientRect();"
        " return [r.scrollWidth, Math.ceil(s.width), getComputedStyle(r).overflowX]; }"
    )
    assert widths[0] >= widths[1] and widths[2] in ("auto", "scroll"), widths
    expect(page.locator("#frame figcaption").first).to_contain_text(
        "Urborg, Tomb of Yawgmoth depends on Blood Moon"
    )
    assert serious_violations(page) == []
    assert console_errors == [], "\n".join(console_errors)
