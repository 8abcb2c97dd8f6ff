"""Steps a browser test of a live class takes again and again."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect


def push_puzzle(teacher: Page, title: str) -> None:
    """Find the puzzle by its title and push it (the console has no 129-item dropdown)."""
    teacher.get_by_label("Title, card or theme").fill(title)
    teacher.get_by_role("button", name="Search puzzles").click()
    teacher.wait_for_url(re.compile(r"[?&]q="))  # the console again, with the results
    expect(teacher.locator("#live-status")).to_have_text("Connected.")
    teacher.get_by_role("button", name=f"Push the puzzle “{title}”").click()


def join(page: Page, server: str, code: str, name: str) -> None:
    page.goto(f"{server}/join/{code}/")
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Join").click()
