"""Request limits per client address, kept in Django's cache: a fixed window
(``over_limit``, a minute unless a caller asks for another) for limits that only need to
slow a client down, and a sliding one (``over_sliding_limit``) where the window's edge must
not be a gift: rated puzzle attempts (six back to back across o'clock were two full hours'
worth), sign-ups.

With Redis configured (``REDIS_URL``) the cache is shared, so the limit holds
across server processes; otherwise each process counts on its own.
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
        value: str = request.META.get(key, "")
        forwarded = [part.strip() for part in value.split(",")]
        if forwarded[-1]:
            return forwarded[-1][:64]
    remote: str | None = request.META.get("REMOTE_ADDR")
    return remote or "unknown"


def bump(key: str, timeout: int) -> int:
    """Count one more under ``key`` (kept ``timeout`` seconds), atomically where the cache
    is shared between processes; the count so far."""
    cache.add(key, 0, timeout=timeout)
    try:
        return int(cache.incr(key))
    except ValueError:  # evicted between add and incr
        cache.set(key, 1, timeout=timeout)
        return 1


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


def over_sliding_limit(
    request: HttpRequest, scope: str, per_window: int, window: int = HOUR, who: str = ""
) -> int | None:
    """Like ``over_limit`` over the last ``window`` seconds rather than the clock's: the
    count of the window before is weighed by how much of it is still inside the last
    ``window`` seconds (the sliding-window counter; each count an atomic increment, so
    requests at the same moment can't slip through together). Every request counts,
    refused or not. Seconds to wait when over, else ``None``."""
    now = time.time()
    key = _key(request, scope, now, window, who)
    before = cache.get(_key(request, scope, now - window, window, who)) or 0
    used = bump(key, timeout=2 * window)
    still_inside = 1 - (now % window) / window
    if before * still_inside + used > per_window:
        return _wait(now, window)
    return None
