"""Puzzles in a real browser: solve one with the keyboard, filter the library,
frame the embed on another site (and fail to frame anything else)."""

from __future__ import annotations

import re
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from threading import Thread

import pytest
from playwright.sync_api import expect

from tests.puzzles.helpers import saved
from tutor.puzzles.services import question_of

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("transactional_db")]


@pytest.fixture
def other_site():
    """Another origin on this machine (another port) that serves the page it is given:
    a real server, since Chromium keeps public pages from framing loopback ones."""
    pages: dict[str, bytes] = {}

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
            body = pages.get(self.path, b"")
            self.send_response(200 if body else 404)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    Thread(target=server.serve_forever, daemon=True).start()

    def serve(html: str) -> str:
        pages["/"] = html.encode()
        return f"http://127.0.0.1:{server.server_port}/"

    yield serve
    server.shutdown()


def test_solve_a_puzzle_with_the_keyboard_then_open_the_explanation(
    live_server, page, console_errors, wait_for_htmx, tab_to, serious_violations, screenshot
):
    puzzle = saved("pt")
    page.goto(f"{live_server.url}{puzzle.get_absolute_url()}")
    expect(page.get_by_role("heading", level=1)).to_have_text(puzzle.title)
    assert serious_violations(page) == []
    expect(page.get_by_text("The answer", exact=True)).to_have_count(0)

    tab_to(page, "Your answer")
    page.keyboard.type("0/0")
    with page.expect_response(lambda r: r.url.endswith("/answer")):
        page.keyboard.press("Enter")
    wait_for_htmx(page)
    verdict = page.get_by_role("status").filter(has_text="Not quite")
    expect(verdict).to_be_visible()
    assert page.evaluate("document.activeElement.id") == "play"  # focus followed the swap
    expect(page.locator(".answer-facts")).to_contain_text(question_of(puzzle).right[0])
    screenshot("puzzle-answered")
    assert serious_violations(page) == []

    tab_to(page, "Step through the explanation")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/board/[\w.-]+/layers/.+/\?step=1$"))
    expect(page.locator("#frame-heading")).to_contain_text("Layer")

    # Reloading the puzzle keeps the first answer: it was stored, not just shown.
    page.goto(f"{live_server.url}{puzzle.get_absolute_url()}")
    expect(page.get_by_role("status").filter(has_text="Not quite")).to_be_visible()
    assert console_errors == []


def test_filter_the_library_by_theme(live_server, page, console_errors, wait_for_htmx):
    event = saved("event")
    layers = saved("pt")
    page.goto(f"{live_server.url}/puzzles/")
    expect(page.get_by_role("link", name=event.title)).to_be_visible()
    theme = event.themes.first()
    with page.expect_response(lambda r: "theme=" in r.url):
        page.get_by_label("Theme").select_option(theme.slug)
    wait_for_htmx(page)
    expect(page).to_have_url(re.compile(f"theme={theme.slug}"))
    expect(page.get_by_role("link", name=event.title)).to_be_visible()
    if not layers.themes.filter(slug=theme.slug).exists():
        expect(page.get_by_role("link", name=layers.title)).to_have_count(0)
    assert console_errors == []


def test_another_site_can_frame_the_embed_and_nothing_else(live_server, page, other_site):
    puzzle = saved("event")
    question = question_of(puzzle)
    right = [o.text for o in question.options if o.key in question.right]
    host = f"""<!doctype html><title>A judge's blog</title>
      <iframe id="embed" title="puzzle" src="{live_server.url}/embed/p/{puzzle.short_id}"
              width="600" height="700"></iframe>
      <iframe id="page" title="page" src="{live_server.url}{puzzle.get_absolute_url()}"></iframe>"""
    page.goto(other_site(host))

    embed = page.frame_locator("#embed")
    expect(embed.get_by_role("heading", level=1)).to_have_text(puzzle.title)
    for text in right:
        embed.get_by_label(text).check()
    embed.get_by_role("button", name="Check my answer").click()
    expect(embed.get_by_role("status")).to_contain_text("Right")

    # The puzzle page itself refuses to be framed (frame-ancestors 'none', X-Frame-Options).
    framed = page.locator("#page").element_handle().content_frame()
    assert framed is not None
    framed.wait_for_load_state()
    assert framed.url.startswith("chrome-error://")  # Chromium's page for a refused frame
