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


def over_limit(request: HttpRequest, scope: str, per_minute: int) -> int | None:
    """Seconds to wait when this client has used up its minute, else ``None``."""
    now = time.time()
    window = int(now // 60)
    key = f"ratelimit:{scope}:{client_address(request)}:{window}"
    cache.add(key, 0, timeout=120)
    try:
        used = cache.incr(key)
    except ValueError:  # evicted between add and incr: count this one afresh
        cache.set(key, 1, timeout=120)
        used = 1
    if used > per_minute:
        return max(1, int(60 - now % 60))
    return None
