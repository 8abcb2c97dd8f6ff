"""Real server processes (Daphne) on the test database, for what the in-process test server
can't do: websockets in a browser, and several processes sharing one Redis channel layer."""

from __future__ import annotations

from contextlib import AbstractContextManager

from django.db import connection

from tests import serving


def test_database_url() -> str:
    """The database the tests are using right now, as a URL a child process can open."""
    settings = connection.settings_dict
    if settings["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{settings['NAME']}"
    user = settings.get("USER") or ""
    password = f":{settings['PASSWORD']}" if settings.get("PASSWORD") else ""
    host = settings.get("HOST") or "127.0.0.1"
    port = settings.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{settings['NAME']}"


def daphne(redis_url: str | None = None) -> AbstractContextManager[str]:
    """A Daphne process on the test database (and on Redis if given); yields its base URL."""
    return serving.daphne({"DATABASE_URL": test_database_url(), "REDIS_URL": redis_url})
