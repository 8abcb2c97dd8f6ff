"""The builder asks for the order of replacement effects when it changes the result
(CR 616.1), and the layer stepper tells what happened instead, in a real browser."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.web.boards import scales_and_season
from tutor.boards.codec import encode_board

pytestmark = pytest.mark.browser


def bears(page):
    return page.locator("article.mtg-card", has=page.get_by_role("heading", name="Grizzly Bears"))


def test_the_builder_asks_which_order_and_doubling_season_first_gives_three_counters(
    live_server, page, console_errors, wait_for_htmx, screenshot, serious_violations
):
    # Hardened Scales, Doubling Season and Grizzly Bears are on the battlefield.
    token = encode_board(scales_and_season(counters=False))
    page.goto(f"{live_server.url}/build/{token}/")
    expect(page.locator(".order-form")).to_have_count(0)

    # A +1/+1 counter is put on Grizzly Bears: the builder asks for the order.
    page.get_by_label("What happens").select_option("counters")
    page.get_by_label("Which permanent or effect").select_option("bears")
    page.get_by_label("How many").fill("1")
    with page.expect_response(lambda r: r.url.endswith("/add")):
        page.get_by_role("button", name="Add this step").click()
    wait_for_htmx(page)
    form = page.locator(".order-form")
    expect(form).to_contain_text("Step 4: in which order do its replacement effects apply?")
    default = page.get_by_label(re.compile("^Hardened Scales first, then Doubling Season"))
    expect(default).to_be_checked()
    expect(form).to_contain_text("Grizzly Bears gets 4 +1/+1 counters (the default)")
    expect(bears(page)).to_contain_text("4 +1/+1 counters")
    assert serious_violations(page) == []
    screenshot("builder-replacement-order")

    # The learner picks Doubling Season first.
    page.get_by_label(re.compile("^Doubling Season first")).check()
    with page.expect_response(lambda r: "/order/3" in r.url):
        page.get_by_role("button", name="Use this order").click()
    wait_for_htmx(page)
    expect(bears(page)).to_contain_text("3 +1/+1 counters")
    expect(bears(page).locator(".mtg-card__pt strong")).to_have_text("5/5")
    expect(page.locator(".order-form:visible")).to_have_count(0)  # asked no longer
    status = page.locator("#step-3-replacements")
    expect(status).to_contain_text("applied Doubling Season, then Hardened Scales")
    expect(status).to_be_focused()  # focus lands on the chosen step's status
    assert re.search(r"/build/1\.[\w-]+/$", page.url)

    # The board is in the URL: a reload keeps the order; the stepper tells what happened.
    page.reload()
    expect(bears(page)).to_contain_text("3 +1/+1 counters")
    bears(page).get_by_role("link", name="Step through its layers").click()
    page.wait_for_url(re.compile(r"/layers/bears/$"), wait_until="load")
    page.get_by_role("link", name="Next →").click()
    story = page.locator(".replacement-story")
    expect(story).to_contain_text("Step 4: Grizzly Bears would get 1 +1/+1 counter.")
    expect(story).to_contain_text("Grizzly Bears gets 3 +1/+1 counters.")
    expect(story).to_contain_text("3 counters instead of 1")
    assert serious_violations(page) == []
    screenshot("layer-stepper-replacement")
    assert console_errors == [], "\n".join(console_errors)


def test_the_order_form_works_without_javascript(live_server, browser, console_errors):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/build/{encode_board(scales_and_season())}/")
        page.get_by_label(re.compile("^Doubling Season first")).check()
        page.get_by_role("button", name="Use this order").click()
        page.wait_for_url(re.compile(r"/#step-3-replacements$"))
        expect(bears(page)).to_contain_text("3 +1/+1 counters")
    finally:
        context.close()
