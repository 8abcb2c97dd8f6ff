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


@pytest.fixture
def console_errors(page) -> list[str]:
    """Every console error and uncaught exception on ``page`` (CSP violations included)."""
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
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
