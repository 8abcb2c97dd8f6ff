"""The home page in a real browser: keyboard access, navigation, htmx under our CSP."""

import pytest

pytestmark = pytest.mark.browser


def test_home_page_in_the_browser(live_server, page, console_errors, wait_for_htmx, repo_root):
    page.goto(f"{live_server.url}/")
    assert page.title() == "Layerlab: learn how continuous effects work"
    assert page.locator("h1").inner_text() == "Learn how continuous effects really work"

    # The first Tab reaches the skip link, which then shows on screen.
    page.keyboard.press("Tab")
    focused = page.evaluate(
        "() => [document.activeElement.className, document.activeElement.textContent]"
    )
    assert focused == ["skip-link", "Skip to main content"]
    assert page.locator(".skip-link").bounding_box()["y"] >= 0

    # Following it moves focus to the main content.
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.id") == "main"

    # htmx loaded (not blocked by the CSP) and can fetch a fragment into <main>.
    assert page.evaluate("() => typeof window.htmx") == "object"
    page.evaluate("() => htmx.ajax('GET', '/learn/', {target: '#main', swap: 'innerHTML'})")
    wait_for_htmx(page)
    assert page.locator("main h1").inner_text() == "Learn"
    assert page.locator("main").locator("nav").count() == 0

    # At phone width (390px) nothing needs horizontal scrolling.
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{live_server.url}/")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    (repo_root / "test-results").mkdir(exist_ok=True)
    page.screenshot(path=str(repo_root / "test-results" / "home-390.png"), full_page=True)

    # A section link in the menu leads to its page.
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Puzzles").click()
    page.wait_for_url(f"{live_server.url}/puzzles/")
    assert page.get_by_role("heading", level=1).inner_text() == "Puzzles"
    assert page.get_by_role("link", name="Puzzles").get_attribute("aria-current") == "page"

    assert console_errors == []
