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
