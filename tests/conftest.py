"""Fixtures and rules shared by the whole test suite.

Service markers (registered in pyproject.toml):

- ``browser``: needs Debian's Chromium at /usr/bin/chromium and Playwright.
- ``redis``: needs Redis at REDIS_URL (default redis://127.0.0.1:6379/0).
- ``postgres``: needs the test database to be PostgreSQL. Without DATABASE_URL
  pointing at PostgreSQL these tests are deselected at collection (they are
  not about this configuration); with it, an unreachable server is a failure.

Scope markers: ``database_free`` (its result can't depend on the database, the cache or
the channel layer) and ``every_board`` (one of the per-board site walks). With
``TEST_SCOPE=services`` (``make test TEST_SCOPE=services``, the PostgreSQL and Redis pass
of .ci/run) only what those services can change runs again: the engine's tests
(tests/engine, no Django) and ``database_free`` tests are deselected, and the per-board
walks take every tenth board (the same views and services for each board; the first pass
walks them all).

When a service is missing, the test is skipped with the reason, except under
CI=true, where it fails instead: CI must never pass by skipping what it is
there to check (.ci/run starts every service first).

Workers (pytest-xdist, ``make test`` runs ``-n auto``): pytest-django gives each
worker its own test database (``_gw0``, ``_gw1`` … after its name, SQLite and
PostgreSQL alike), and ``pytest_xdist_setupnodes`` below gives each its own Redis
database, so one worker emptying its cache never empties another's. Servers under
test (tests/serving.py, pytest-django's ``live_server``) take the port the kernel
gives them.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest
from django.conf import settings
from django.template.base import Template
from django.test import Client
from django.test.utils import _TestState
from whitenoise.middleware import WhiteNoiseMiddleware

from rules_engine.cards import load_card_library

REPO_ROOT = Path(__file__).resolve().parent.parent

# Engine work runs inline, in the test process and in the servers the tests start (the
# tests of the worker pool start their own, or pass ENGINE_POOL=true): starting a pool
# loads the card library again, seconds per server. tutor/core/engine_pool.py.
os.environ["ENGINE_POOL"] = "false"
settings.ENGINE_POOL = False
CHROMIUM = Path("/usr/bin/chromium")
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
SERVICE_MARKERS = ("browser", "postgres", "redis")


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def worker_number() -> int:
    """This pytest-xdist worker's number (``gw1`` is 1); 0 without workers."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(worker.removeprefix("gw")) if worker.startswith("gw") else 0


def redis_url_of_worker(url: str, number: int) -> str:
    """``url`` with its database number moved up by the worker's ``number``."""
    if number == 0:
        return url
    parts = urlsplit(url)
    database = parts.path.strip("/") or "0"
    if parts.scheme not in ("redis", "rediss") or not database.isdigit():
        raise pytest.UsageError(
            f"REDIS_URL={url!r}: test workers each take their own Redis database after "
            "the URL's, so it must be redis://HOST:PORT/N (or rediss://)."
        )
    return urlunsplit(parts._replace(path=f"/{int(database) + number}"))


def redis_url() -> str:
    """The Redis the tests use: REDIS_URL (already this worker's own, see
    ``pytest_xdist_setupnodes``), else the default on this worker's own database."""
    return os.environ.get("REDIS_URL") or redis_url_of_worker(DEFAULT_REDIS_URL, worker_number())


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_setupnodes(config: pytest.Config, specs: list[Any]) -> None:
    """Each worker starts with its own REDIS_URL (database N, N+1, …), before Django reads
    its settings: every test that touches the database empties the cache (``_fresh_cache``),
    and on Redis that empties the whole Redis database. Server processes the worker starts
    inherit it."""
    url = os.environ.get("REDIS_URL")
    if not url:
        return
    for number, spec in enumerate(specs):
        spec.env["REDIS_URL"] = redis_url_of_worker(url, number)


def database_is_postgres() -> bool:
    return settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"


# --- Service checks: each returns None when the service is usable, else why not.


@cache
def browser_problem() -> str | None:
    if not (CHROMIUM.is_file() and os.access(CHROMIUM, os.X_OK)):
        return f"no Chromium at {CHROMIUM} (install it: apt-get install -y chromium)"
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "Playwright is not installed (pip install -e '.[test]')"
    return None


@cache
def redis_problem() -> str | None:
    import redis

    url = redis_url()
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2)
        try:
            client.ping()
        finally:
            client.close()
    except Exception as error:
        return f"Redis at {url} is not reachable ({type(error).__name__}: {error})"
    return None


@cache
def postgres_problem() -> str | None:
    import psycopg

    db = settings.DATABASES["default"]
    # The server's maintenance database, which Django's test runner opens too to create the
    # test database: the configured database need not exist, and whether this worker has
    # already switched to its test database depends on which of its tests came first.
    try:
        psycopg.connect(
            dbname="postgres",
            user=db.get("USER") or None,
            password=db.get("PASSWORD") or None,
            host=db.get("HOST") or None,
            port=db.get("PORT") or None,
            connect_timeout=3,
        ).close()
    except Exception as error:
        where = f"{db.get('HOST') or 'localhost'}:{db.get('PORT') or 5432}"
        return f"PostgreSQL at {where} is not reachable ({type(error).__name__}: {error})"
    return None


SERVICE_PROBLEMS: dict[str, Callable[[], str | None]] = {
    "browser": browser_problem,
    "postgres": postgres_problem,
    "redis": redis_problem,
}


TEST_SCOPES = ("all", "services")
# The services pass walks one board in this many (its first board, then every tenth).
SERVICES_BOARD_STRIDE = 10


def test_scope() -> str:
    scope = os.environ.get("TEST_SCOPE", "").strip() or "all"
    if scope not in TEST_SCOPES:
        raise pytest.UsageError(f"TEST_SCOPE={scope!r}: expected one of {', '.join(TEST_SCOPES)}")
    return scope


def _kept_by_services_pass(items: list[pytest.Item]) -> list[pytest.Item]:
    """The tests whose result the database, cache or channel layer can change."""
    engine = REPO_ROOT / "tests" / "engine"
    kept: list[pytest.Item] = []
    walks = 0
    for item in items:
        if item.path.is_relative_to(engine) or item.get_closest_marker("database_free"):
            continue
        if item.get_closest_marker("every_board"):
            walks += 1
            if (walks - 1) % SERVICES_BOARD_STRIDE:
                continue
        kept.append(item)
    return kept


def _deselect(config: pytest.Config, items: list[pytest.Item], kept: list[pytest.Item]) -> None:
    chosen = set(map(id, kept))
    deselected = [item for item in items if id(item) not in chosen]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = kept


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if test_scope() == "services":
        _deselect(config, items, _kept_by_services_pass(items))
    # PostgreSQL tests check the PostgreSQL configuration: without it they are
    # not skipped (nothing is missing), they are simply not part of this run.
    if not database_is_postgres():
        _deselect(config, items, [i for i in items if i.get_closest_marker("postgres") is None])
    # Browser tests last: Playwright's sync API keeps an event loop in the main
    # thread until the session ends, which would disturb the async tests and
    # Django's async-safety checks in any test that ran after it.
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    for marker in SERVICE_MARKERS:
        if item.get_closest_marker(marker) is None:
            continue
        problem = SERVICE_PROBLEMS[marker]()
        if problem is None:
            continue
        if marker == "postgres":
            # Only selected when DATABASE_URL asks for PostgreSQL: then it must be there.
            pytest.fail(f"{marker} test: {problem}; DATABASE_URL asks for it.", pytrace=False)
        if in_ci():
            pytest.fail(
                f"{marker} test: {problem}. Under CI=true a missing service is a failure, "
                "not a skip: .ci/run installs and starts every service the tests need.",
                pytrace=False,
            )
        pytest.skip(f"{marker} test: {problem}")


@pytest.fixture(scope="module")
def render_without_capture() -> Any:
    """Templates rendered as the site renders them, without the test environment's capture.

    Django's test set-up wraps every template render (each include and form widget too) to
    send a signal with which the test client keeps a copy of every context. A module that
    reads only status codes and page text, never ``response.context`` or the templates
    used, takes this fixture (``pytestmark = pytest.mark.usefixtures(...)``): the capture
    cost about a quarter of each builder page (issue #25).
    """
    instrumented = Template._render
    Template._render = _TestState.saved_data.template_render
    yield
    Template._render = instrumented


@pytest.fixture(scope="session", autouse=True)
def _static_files_listed_once() -> Iterator[None]:
    """WhiteNoise's static files, listed once per test process instead of once per test.

    Every test client builds the middleware again for its first request, and WhiteNoise
    walks every static file through the staticfiles finders each time (about 10 ms a test:
    a sixth of a per-board site walk, issue #25). No test changes the static files, so each
    new middleware takes the first one's list; the files are still served the same way.
    """
    list_files = WhiteNoiseMiddleware.add_files_from_finders
    listed: dict[str, Any] = {}

    def add_files_from_finders(self: WhiteNoiseMiddleware) -> None:
        if not listed:
            list_files(self)
            listed.update(self.files)
        self.files.update(listed)

    WhiteNoiseMiddleware.add_files_from_finders = add_files_from_finders  # type: ignore[method-assign]
    yield
    WhiteNoiseMiddleware.add_files_from_finders = list_files  # type: ignore[method-assign]


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    """Once a test has loaded the card library, set it aside from the garbage collector.

    Its hundreds of thousands of objects live as long as the process, and every full
    collection scanned them all: about a tenth of a per-board site walk (issue #25). The
    site's engine workers and live classes freeze it the same way (engine_worker.py,
    pushing.py). Collected first, so no garbage of the tests before is kept for good.
    """
    global _library_frozen
    if _library_frozen or not load_card_library.cache_info().currsize:
        return
    gc.collect()
    gc.freeze()
    _library_frozen = True


_library_frozen = False


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return REPO_ROOT


# --- Clients -------------------------------------------------------------------


class HtmxClient(Client):
    """A test client whose every request says it comes from htmx (``HX-Request: true``).

    ``boosted=True`` also sends ``HX-Boosted: true``, as an ``hx-boost`` link does.
    """

    def __init__(self, *args: Any, boosted: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.htmx_headers = {"HX-Request": "true"}
        if boosted:
            self.htmx_headers["HX-Boosted"] = "true"

    def generic(self, *args: Any, headers: dict[str, str] | None = None, **kwargs: Any) -> Any:
        return super().generic(*args, headers={**self.htmx_headers, **(headers or {})}, **kwargs)


@pytest.fixture
def htmx_client() -> HtmxClient:
    """Like pytest-django's ``client``, but every request is an htmx request."""
    return HtmxClient()


@pytest.fixture
def boosted_client() -> HtmxClient:
    """Every request is an ``hx-boost`` navigation (HX-Request and HX-Boosted)."""
    return HtmxClient(boosted=True)


@pytest.fixture
def csrf_client() -> Client:
    """A client that enforces CSRF checks, as a browser's requests face them."""
    return Client(enforce_csrf_checks=True)


@pytest.fixture(autouse=True)
def _fresh_cache(request: pytest.FixtureRequest) -> None:
    """Counts kept in the cache (rate limits, hourly rating caps) outlive a test's database
    rollback while ids repeat across tests: every test that touches the database starts
    with an empty cache, as a fresh server would."""
    if "django_db_setup" not in request.fixturenames and not request.node.get_closest_marker(
        "django_db"
    ):
        return
    from django.core.cache import cache

    cache.clear()
