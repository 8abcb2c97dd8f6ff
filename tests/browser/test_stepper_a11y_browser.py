"""The layer stepper in a real browser, by keyboard alone (issue #16)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.web.boards import token_of

pytestmark = pytest.mark.browser
OPAL_HUMILITY = "interactions/humility-opalescence-opalescence-first.json"


def test_predict_on_a_layer_4_step_asks_for_types_and_accepts_any_order(
    live_server, page, console_errors, wait_for_htmx, serious_violations
):
    url = f"{live_server.url}/board/{token_of(OPAL_HUMILITY)}/layers/humility/?step=1&predict=1"
    page.goto(url)
    expect(page.get_by_role("heading", name=re.compile("Layer 4"))).to_be_visible()
    field = page.get_by_label(re.compile("what are its card types"))
    field.focus()
    page.keyboard.type("creature, enchantment")
    page.keyboard.press("Enter")
    wait_for_htmx(page)
    expect(page.locator(".verdict")).to_contain_text("Right: types: Enchantment; Creature")
    assert serious_violations(page) == []
    # On to layer 6 by keyboard: the next question is about abilities.
    page.keyboard.press("ArrowRight")
    wait_for_htmx(page)
    expect(page.get_by_label(re.compile("which abilities does it have"))).to_be_visible()
    assert console_errors == [], "\n".join(console_errors)


def _focused(page) -> str:
    return page.evaluate(
        "() => { const e = document.activeElement; return (e.id || '') + '|' + "
        "(e.innerText || '') + '|' + (e.labels && e.labels[0] ? e.labels[0].innerText : ''); }"
    )


def _tab_until(page, wanted: str, limit: int) -> int:
    """Tab until the focused element mentions ``wanted``; the number of presses."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if wanted in _focused(page):
            return presses
    raise AssertionError(f"{limit} Tab presses never reached {wanted!r}")


def test_build_three_cards_and_step_through_by_keyboard_alone(
    live_server, page, console_errors, wait_for_htmx, serious_violations
):
    page.goto(f"{live_server.url}/build/")
    presses = _tab_until(page, "Card (from the library)", 40)
    for n, card in enumerate(["Grizzly Bears", "Glorious Anthem", "Gray Ogre"], start=1):
        page.keyboard.type(card)
        page.keyboard.press("Enter")
        wait_for_htmx(page)
        status = page.locator("#builder-status")
        expect(status).to_contain_text(f"Step {n} added: {card} enters")
        # Focus is back on the card field, ready for the next card: no Tab needed.
        assert _focused(page).startswith("id_card|"), _focused(page)
        assert serious_violations(page) == []
    # Only the status line is a live region: the workspace is not read out on each change.
    assert page.locator("#workspace[aria-live], #workspace [aria-live]").count() == 0
    assert page.locator("#builder-status").get_attribute("role") == "status"
    expect(page.locator("ol.timeline > li")).to_have_count(3)

    presses += _tab_until(page, "Step through its layers", 80)
    page.keyboard.press("Enter")
    page.wait_for_url("**/layers/**")
    expect(page.get_by_role("heading", name="The printed card")).to_be_visible()
    page.keyboard.press("ArrowRight")
    wait_for_htmx(page)
    expect(page.locator("#frame")).to_contain_text("Glorious Anthem")
    assert serious_violations(page) == []
    assert presses < 80, f"{presses} Tab presses"
    assert console_errors == [], "\n".join(console_errors)


def test_focus_after_adding_a_step_is_the_card_field(live_server, page, wait_for_htmx):
    page.goto(f"{live_server.url}/build/")
    page.get_by_label("Card (from the library)").fill("Grizzly Bears")
    page.get_by_role("button", name="Add this step").click()
    wait_for_htmx(page)
    expect(page.get_by_label("Card (from the library)")).to_be_focused()
    expect(page.get_by_label("Card (from the library)")).to_have_value("")


def test_the_event_form_shows_only_the_chosen_events_fields(live_server, page):
    from tests.web.boards import DS_THEN_SCALES

    page.goto(f"{live_server.url}/board/{token_of(DS_THEN_SCALES)}/event/?kind=draw&player=Alice")
    page.locator("summary", has_text="another event").click()
    expect(page.get_by_label("Player (draws, life, tokens, entering)")).to_be_visible()
    expect(page.get_by_label("Damage source")).to_be_hidden()
    page.get_by_label("Event", exact=True).select_option("damage")
    expect(page.get_by_label("Damage source")).to_be_visible()
    expect(page.get_by_label("Kind of counter")).to_be_hidden()


def test_the_dependency_graph_at_phone_width_scrolls_never_clips(
    live_server, page, serious_violations
):
    page.set_viewport_size({"width": 375, "height": 740})
    token = token_of("interactions/blood-moon-urborg-moon-first.json")
    page.goto(f"{live_server.url}/b/{token}")
    region = page.get_by_role("region", name=re.compile("Dependency graph of layer 4"))
    expect(region).to_be_visible()
    # The page itself never scrolls sideways; the graph scrolls inside its region.
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    box = region.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 376
    size = page.evaluate(
        "() => parseFloat(getComputedStyle(document.querySelector('.dependency-graph text'))"
        ".fontSize)"
    )
    assert size >= 14
    svg_text = page.locator(".dependency-graph").first.text_content() or ""
    assert "Urborg, Tomb of Yawgmoth" in svg_text and "Blood Moon" in svg_text
    assert "depends on" in svg_text and "for its existence" in svg_text
    assert "#" not in svg_text
    caption = page.locator("figure.graph figcaption").first
    expect(caption).to_contain_text("Urborg, Tomb of Yawgmoth depends on Blood Moon")
    region.focus()
    page.keyboard.press("ArrowRight")
    assert serious_violations(page) == []


@pytest.mark.django_db(transaction=True)
def test_on_a_phone_the_question_comes_before_the_board_and_progress_is_legible(
    live_server, page, serious_violations
):
    from tests.puzzles.helpers import saved

    page.set_viewport_size({"width": 375, "height": 740})
    page.goto(f"{live_server.url}{saved('pt').get_absolute_url()}")
    answer = page.locator("#play").bounding_box()
    board = page.locator(".puzzle-board").bounding_box()
    assert answer and board and answer["y"] < board["y"]
    assert answer["y"] < 740, "the answer box is on the first screen"
    page.goto(f"{live_server.url}/learn/progress/")
    sizes = page.evaluate(
        "() => [...document.querySelectorAll('.chart text')].map(t => t.getBoundingClientRect()"
        ".height)"
    )
    assert sizes and min(sizes) >= 12, sizes
    # Table cells break between words only (no "Timesta mps"): the table scrolls instead.
    wraps = page.evaluate(
        "() => [...document.querySelectorAll('.progress-table th, .progress-table td')]"
        ".map(c => getComputedStyle(c).overflowWrap + ' ' + getComputedStyle(c).wordBreak)"
    )
    assert wraps and set(wraps) == {"normal normal"}, set(wraps)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    assert serious_violations(page) == []
