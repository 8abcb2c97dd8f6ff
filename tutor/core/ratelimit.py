"""A fixed-window request limit per client address, kept in Django's cache.

With Redis configured (``REDIS_URL``) the cache is shared, so the limit holds
across server processes; otherwise each process counts on its own. Windows are a
minute unless a caller asks for another (an hour for rated puzzle attempts).
"""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

MINUTE = 60
HOUR = 60 * 60


def client_address(request: HttpRequest) -> str:
    """The connection's address, or behind a documented proxy (``settings.
    CLIENT_ADDRESS_HEADER``) the last address in that header: the one the proxy itself
    added, which a client can't forge (addresses before it can be)."""
    header = settings.CLIENT_ADDRESS_HEADER
    if header:
        key = "HTTP_" + header.upper().replace("-", "_")
        forwarded = [part.strip() for part in request.META.get(key, "").split(",")]
        if forwarded[-1]:
            return forwarded[-1][:64]
    return request.META.get("REMOTE_ADDR") or "unknown"


def _key(request: HttpRequest, scope: str, now: float, window: int, who: str = "") -> str:
    who = who or client_address(request)
    return f"ratelimit:{scope}:{window}:{who}:{int(now // window)}"


def _wait(now: float, window: int) -> int:
    return max(1, int(window - now % window))


def used_up(request: HttpRequest, scope: str, per_minute: int, who: str = "") -> int | None:
    """Like ``over_limit`` without counting this request: for limits that count only
    failures (a wrong join code), checked before the attempt. ``who``: whose attempts
    (default: the client address)."""
    now = time.time()
    used = cache.get(_key(request, scope, now, MINUTE, who)) or 0
    return _wait(now, MINUTE) if used >= per_minute else None


def over_limit(
    request: HttpRequest, scope: str, per_window: int, window: int = MINUTE, who: str = ""
) -> int | None:
    """Seconds to wait when this client has used up its window, else ``None``."""
    now = time.time()
    key = _key(request, scope, now, window, who)
    cache.add(key, 0, timeout=2 * window)
    try:
        used = cache.incr(key)
    except ValueError:  # evicted between add and incr: count this one afresh
        cache.set(key, 1, timeout=2 * window)
        used = 1
    if used > per_window:
        return _wait(now, window)
    return None
