"""Browser tests: Playwright's sync API driving Debian's Chromium.

Mark every browser test module ``pytestmark = pytest.mark.browser`` (the
top-level conftest skips or, under CI=true, fails them without Chromium, and
runs them last).

Uses pytest-playwright's fixtures (``page`` and friends) with the launch
arguments below, against pytest-django's ``live_server``. That server is WSGI:
it cannot serve websockets, so a browser test that needs them must run its
own Daphne server (``daphne.testing.DaphneProcess`` or Channels'
``ChannelsLiveServerTestCase``).
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

CHROMIUM = "/usr/bin/chromium"
# The machine has no network: without these Chromium keeps trying to reach
# Google's services and logs refused connections.
QUIET_FLAGS = [
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.fixture(scope="session", autouse=True)
def _allow_django_orm_beside_playwright() -> Iterator[None]:
    """Playwright's sync API runs an event loop in the test thread; Django then
    refuses ORM calls there (live_server's database set-up and flush) unless told
    that this is safe. It is: nothing else uses that loop."""
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    yield
    if previous is None:
        os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
    else:
        os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    args = list(QUIET_FLAGS)
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.insert(0, "--no-sandbox")  # Chromium's sandbox cannot run as root.
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "headless": True,
        "args": args,
    }


class ConsoleErrors(list):
    """Console errors, except the inline styles axe-core sets while it measures contrast
    (our CSP refuses them, rightly), once axe has been run in the test."""

    axe_ran = False

    def record(self, text: str) -> None:
        if not (self.axe_ran and "Applying inline style violates" in text):
            self.append(text)


@pytest.fixture
def console_errors(page) -> ConsoleErrors:
    """Every console error and uncaught exception on ``page`` (CSP violations included)."""
    errors = ConsoleErrors()
    page.on(
        "console", lambda message: errors.record(message.text) if message.type == "error" else None
    )
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    return errors


def wait_for_htmx(page, timeout: float = 5_000) -> None:
    """Wait until htmx has finished: no element is requesting, swapping or settling."""
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request, .htmx-settling, .htmx-swapping')",
        timeout=timeout,
    )


@pytest.fixture(name="wait_for_htmx")
def wait_for_htmx_fixture():
    return wait_for_htmx


def tab_to(page, name: str, limit: int = 80) -> None:
    """Press Tab until the focused element's text or label contains ``name`` (keyboard only)."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(
            "() => { const e = document.activeElement;"
            " return (e.innerText || '') + ' ' + (e.getAttribute('aria-label') || '')"
            " + ' ' + (e.labels && e.labels[0] ? e.labels[0].innerText : ''); }"
        )
        if name in focused:
            return
    raise AssertionError(f"Tab never reached {name!r}")


@pytest.fixture(name="tab_to")
def tab_to_fixture():
    return tab_to


SERIOUS = {"serious", "critical"}


def serious_violations(page) -> list[str]:
    """axe-core's serious and critical findings on the page, as readable lines."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at "
        + ", ".join(str(node["target"]) for node in v["nodes"][:3])
        for v in results.response["violations"]
        if v["impact"] in SERIOUS
    ]


@pytest.fixture(name="serious_violations")
def serious_violations_fixture(console_errors):
    """``serious_violations(page)``: axe-core's serious and critical findings."""

    def run(page) -> list[str]:
        console_errors.axe_ran = True
        console_errors[:] = [e for e in console_errors if "Applying inline style" not in e]
        return serious_violations(page)

    return run


@pytest.fixture
def screenshot(page, repo_root):
    """Save a full-page screenshot under test-results/ for review."""
    folder = repo_root / "test-results"
    folder.mkdir(exist_ok=True)

    def take(name: str) -> None:
        page.screenshot(path=str(folder / f"{name}.png"), full_page=True)

    return take
