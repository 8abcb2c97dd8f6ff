"""The board pages in a real browser: build, step through layers, walk an event's choices."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.web.boards import BOARDS, DS_THEN_SCALES, GRAY_OGRE, token_of

pytestmark = pytest.mark.browser


def add_step(page, wait_for_htmx) -> None:
    with page.expect_response(lambda r: r.url.endswith("/add")):
        page.get_by_role("button", name="Add this step").click()
    wait_for_htmx(page)


def ogre_pt(page):
    """The Gray Ogre card's current power/toughness (a locator, for auto-waiting checks)."""
    card = page.locator("article.mtg-card", has=page.get_by_role("heading", name="Gray Ogre"))
    return card.locator(".mtg-card__pt strong")


def test_build_the_cr_613_5_gray_ogre_board_by_clicking_and_typing(
    live_server, page, console_errors, wait_for_htmx, screenshot, serious_violations
):
    page.goto(f"{live_server.url}/build/")
    assert serious_violations(page) == []

    # 1. Gray Ogre enters (the library's autocomplete suggests it, and shows its text).
    assert page.locator("#card-names option").count() == 0  # the board names no card yet
    page.get_by_label("Card (from the library)").fill("Gray O")
    expect(page.locator("#card-names option").first).to_have_attribute("value", "Gray Ogre")
    page.get_by_label("Card (from the library)").fill("Gray Ogre")
    expect(page.locator("#card-preview")).to_contain_text("Creature — Ogre")
    page.get_by_label("Label").fill("ogre")
    add_step(page, wait_for_htmx)
    expect(ogre_pt(page)).to_have_text("2/2")
    assert re.search(r"/build/1\.[\w-]+/$", page.url)

    # 2. A +1/+1 counter: only the fields that verb uses are shown.
    page.get_by_label("What happens").select_option("counters")
    assert not page.get_by_label("Card (from the library)").is_visible()
    page.get_by_label("Which permanent or effect").select_option("ogre")
    page.get_by_label("How many").fill("1")
    add_step(page, wait_for_htmx)
    expect(ogre_pt(page)).to_have_text("3/3")

    # 3-5. Invented cards: a pump spell, an anthem, and the 0/1 effect.
    inventions = [
        ("cast", "Pump", "Instant", "Target creature gets +4/+4 until end of turn.", "7/7"),
        ("enter", "Wall Anthem", "Enchantment", "Creatures you control get +0/+2.", "7/9"),
        (
            "cast",
            "Shrink",
            "Instant",
            "Target creature has base power and toughness 0/1 until end of turn.",
            "5/8",
        ),
    ]
    for verb, name, card_type, text, expected in inventions:
        page.get_by_label("What happens").select_option(verb)
        page.get_by_text("Invent a card instead").click()
        page.get_by_label("Invented card: name").fill(name)
        page.get_by_label(card_type, exact=True).check()
        page.get_by_label("Rules text").fill(text)
        if verb == "cast":
            page.get_by_label("Targets", exact=True).select_option("ogre")
        add_step(page, wait_for_htmx)
        expect(ogre_pt(page)).to_have_text(expected)

    # The timeline lists the five steps; the board survives a reload (it is in the URL).
    assert page.locator("ol.timeline > li").count() == 5
    page.reload()
    expect(ogre_pt(page)).to_have_text("5/8")
    screenshot("builder-gray-ogre")

    assert console_errors == [], "\n".join(console_errors)

    # A phrase the grammar can't read is explained beside the field (a 422 answer).
    page.get_by_label("What happens").select_option("enter")
    page.get_by_text("Invent a card instead").click()
    page.get_by_label("Invented card: name").fill("Banana Lord")
    page.get_by_label("Creature", exact=True).check()
    page.get_by_label("Rules text").fill("Creatures you control get +1/+1 for each banana.")
    add_step(page, wait_for_htmx)
    assert "banana" in page.locator("#id_invent_abilities_error").inner_text()
    assert page.locator("ol.timeline > li").count() == 5
    assert all("status of 422" in error for error in console_errors), console_errors
    console_errors.clear()

    # Reorder with the buttons: the shrink moves before the anthem.
    page.get_by_role("button", name="Move step 5 earlier").click()
    expect(page.locator("ol.timeline > li").nth(3)).to_contain_text("Shrink")
    page.go_back()
    expect(page.locator("ol.timeline > li").nth(4)).to_contain_text("Shrink")
    assert console_errors == [], "\n".join(console_errors)


def test_step_through_the_gray_ogres_layers_with_the_arrow_keys(
    live_server, page, console_errors, screenshot, serious_violations
):
    page.goto(f"{live_server.url}/b/{token_of(GRAY_OGRE)}")
    screenshot("board-gray-ogre")
    page.locator("article.mtg-card", has=page.get_by_role("heading", name="Gray Ogre")).get_by_role(
        "link", name="Step through its layers"
    ).click()
    # The stepper's page must have loaded (its script listens for the arrows) before the
    # first key press, or the press lands on the page being left.
    page.wait_for_url(re.compile(r"/layers/ogre/$"), wait_until="load")
    expected = [("2", "2"), ("0", "1"), ("1", "2"), ("5", "6"), ("5", "8"), ("5", "8")]
    for number, (power, toughness) in enumerate(expected):
        if number:
            page.keyboard.press("ArrowRight")
            page.wait_for_url(re.compile(rf"\?step={number}$"))
        frame = page.locator("#frame")
        expect(frame.locator(".frame__progress")).to_have_text(f"Step {number} of 5")
        for field, value in (("power", power), ("toughness", toughness)):
            row = frame.locator("tr", has=page.locator("th", has_text=field))
            expect(row.locator("td").last).to_have_text(value)
        if number == 1:
            assert "CR 613.4b" in frame.inner_text()
            assert serious_violations(page) == []
            screenshot("layer-stepper-step-1")
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(re.compile(r"\?step=4$"))
    page.go_back()
    page.wait_for_url(re.compile(r"\?step=5$"))
    assert console_errors == [], "\n".join(console_errors)


def test_predict_first_marks_the_guess(live_server, page, console_errors):
    page.goto(f"{live_server.url}/board/{token_of(GRAY_OGRE)}/layers/ogre/?step=1&predict=1")
    assert page.locator("#frame ins").count() == 0
    page.get_by_label(re.compile("Predict first")).fill("0/1")
    page.get_by_role("button", name="Check my prediction").click()
    expect(page.locator(".verdict")).to_contain_text("Right: 0/1")
    page.get_by_role("link", name="Next →").click()
    expect(page.locator(".frame__progress")).to_have_text("Step 2 of 5")
    page.get_by_label(re.compile("Predict first")).fill("3/3")
    page.get_by_role("button", name="Check my prediction").click()
    expect(page.locator(".verdict")).to_contain_text("Not quite: you said 3/3; it is 1/2")
    assert console_errors == [], "\n".join(console_errors)


def test_doubling_season_and_hardened_scales_both_orders_keyboard_only(
    live_server, page, console_errors, tab_to, screenshot, serious_violations
):
    page.goto(f"{live_server.url}/board/{token_of(DS_THEN_SCALES)}/event/")
    assert "Alice chooses" in page.locator("#walk").inner_text()
    assert serious_violations(page) == []
    screenshot("event-stepper")

    for first, second, result in [
        ("Doubling Season", "Hardened Scales", "3 +1/+1 counters"),
        ("Hardened Scales", "Doubling Season", "4 +1/+1 counters"),
    ]:
        tab_to(page, f"Apply {first}")
        with page.expect_response(lambda r: "path=" in r.url):
            page.keyboard.press("Enter")
        page.get_by_text(f"Chosen: {first}").wait_for()
        # Focus moved to the new walk: the next choice is a few Tabs away.
        assert page.evaluate("() => document.activeElement.id") == "walk"
        tab_to(page, f"Apply {second}")
        with page.expect_response(lambda r: "path=" in r.url):
            page.keyboard.press("Enter")
        outcome = page.locator("ul.results")
        outcome.wait_for()
        assert result in outcome.inner_text(), outcome.inner_text()
        tab_to(page, "Start again")
        with page.expect_response(lambda r: "/event/" in r.url):
            page.keyboard.press("Enter")
        # The swap lands a moment after the response: wait for it (a strict
        # wait_for would fail while both old choices are still shown).
        expect(page.locator(".walk__chosen")).to_have_count(0)
    assert console_errors == [], "\n".join(console_errors)


def test_the_pages_work_at_phone_size(
    live_server, page, console_errors, screenshot, serious_violations
):
    page.set_viewport_size({"width": 390, "height": 844})
    token = token_of(GRAY_OGRE)
    pages = {
        "builder-390": f"/build/{token}/",
        "layers-390": f"/board/{token}/layers/ogre/?step=1",
        "event-390": f"/board/{token_of(DS_THEN_SCALES)}/event/",
        "whatif-390": f"/board/{token}/whatif/?remove=1",
    }
    for name, path in pages.items():
        page.goto(live_server.url + path)
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390, name
        assert serious_violations(page) == [], name
        screenshot(name)
    # A change made at phone size: delete the last step.
    page.goto(f"{live_server.url}/build/{token}/")
    page.get_by_role("button", name="Delete step 5").click()
    expect(ogre_pt(page)).to_have_text("7/9")
    assert console_errors == [], "\n".join(console_errors)


def test_open_a_board_file_from_the_examples_and_explore_it(live_server, page, console_errors):
    page.goto(f"{live_server.url}/build/")
    page.get_by_text("Open a board file instead").click()
    page.get_by_label("Or choose a board file (.json)").set_input_files(
        str(BOARDS / "interactions" / "blood-moon-urborg-moon-first.json")
    )
    page.get_by_role("button", name="Open this board").click()
    page.wait_for_url(re.compile(r"/build/1\.[\w-]+/$"))
    assert page.locator("article.mtg-card").count() >= 2
    page.get_by_role("link", name="Open this board").click()
    page.get_by_role("heading", level=2, name=re.compile("Dependencies")).wait_for()
    assert page.locator("svg.dependency-graph").count() >= 1
    assert console_errors == [], "\n".join(console_errors)


def test_a_built_board_shared_by_link_opens_identically_in_a_fresh_browser(
    live_server, page, browser, console_errors, wait_for_htmx
):
    page.goto(f"{live_server.url}/build/")
    page.get_by_label("Card (from the library)").fill("Gray Ogre")
    page.get_by_label("Label").fill("ogre")
    add_step(page, wait_for_htmx)
    page.get_by_label("Card (from the library)").fill("Glorious Anthem")
    add_step(page, wait_for_htmx)
    page.get_by_role("link", name="Open this board").click()
    battlefield = page.locator(".cards").inner_text()
    link = page.get_by_label(re.compile("Link to this board")).input_value()
    assert re.fullmatch(rf"{live_server.url}/b/1\.[\w-]+", link)

    fresh = browser.new_context()  # no cookies, no history: only the link
    try:
        other = fresh.new_page()
        other.goto(link)
        assert other.locator(".cards").inner_text() == battlefield
        expect(other.locator(".cards")).to_contain_text("3/3")
    finally:
        fresh.close()
    assert console_errors == [], "\n".join(console_errors)
