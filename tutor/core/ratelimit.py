"""A fixed-window request limit per client address, kept in Django's cache.

With Redis configured (``REDIS_URL``) the cache is shared, so the limit holds
across server processes; otherwise each process counts on its own.
"""

from __future__ import annotations

import time

from django.core.cache import cache
from django.http import HttpRequest


def client_address(request: HttpRequest) -> str:
    return request.META.get("REMOTE_ADDR") or "unknown"


def _key(request: HttpRequest, scope: str, now: float) -> str:
    return f"ratelimit:{scope}:{client_address(request)}:{int(now // 60)}"


def used_up(request: HttpRequest, scope: str, per_minute: int) -> int | None:
    """Like ``over_limit`` without counting this request: for limits that count only
    failures (a wrong join code), checked before the attempt."""
    now = time.time()
    used = cache.get(_key(request, scope, now)) or 0
    return max(1, int(60 - now % 60)) if used >= per_minute else None


def over_limit(request: HttpRequest, scope: str, per_minute: int) -> int | None:
    """Seconds to wait when this client has used up its minute, else ``None``."""
    now = time.time()
    key = _key(request, scope, now)
    cache.add(key, 0, timeout=120)
    try:
        used = cache.incr(key)
    except ValueError:  # evicted between add and incr: count this one afresh
        cache.set(key, 1, timeout=120)
        used = 1
    if used > per_minute:
        return max(1, int(60 - now % 60))
    return None
