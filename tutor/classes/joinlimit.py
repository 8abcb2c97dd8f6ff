"""How many wrong join codes a browser may try: counted per browser (its session), so
that a class behind one address (a school's network, a proxy) never has a student with
the right code refused because classmates mistyped theirs. The join page itself
(``GET /join/<code>/``) gives a new browser its session (``start``), so a new student's
first try is their own, never charged to the address.

A request without a session cookie (a script that drops cookies) is counted against its
address instead, with a ceiling ``COOKIELESS_FACTOR`` times higher. And since a script can
also take a new session for every guess, every wrong code from an address counts towards
a much higher ceiling per address (``CLASS_JOINS_PER_ADDRESS_PER_MINUTE``, 200 by default:
a class of thirty mistyping three times each stays far below it); past it the address waits
a minute, and each time it comes back over the ceiling twice as long (up to an hour), so
rotating sessions buys a few hundred guesses an hour, not 1,740 a minute. Join codes are
31^6: there is nothing to find at that rate.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest

from tutor.core.ratelimit import MINUTE, bump, client_address, over_limit, used_up

SCOPE = "join"
COOKIELESS_FACTOR = 10
FIRST_WAIT = MINUTE
LONGEST_WAIT = 60 * MINUTE
# An address's back-off starts again from a minute after this long without going over.
BACKOFF_MEMORY = 6 * 60 * MINUTE


def _now() -> float:
    return time.time()


def _who(request: HttpRequest) -> tuple[str, int]:
    key = request.session.session_key
    per_minute = settings.CLASS_JOINS_PER_MINUTE
    if key:
        return f"browser-{key}", per_minute
    return "", per_minute * COOKIELESS_FACTOR


def start(request: HttpRequest) -> None:
    """The join page's GET: a browser without a session gets one now (a session key and
    its cookie, nothing else), so its tries are counted as its own from the first."""
    if request.session.session_key is None:
        request.session.save()
        request.session.modified = True  # so the response carries the cookie


def _address_keys(request: HttpRequest) -> tuple[str, str, str]:
    address = client_address(request)
    minute = int(_now() // MINUTE)
    return (
        f"joinlimit:address:{address}:{minute}",
        f"joinlimit:blocked:{address}",
        f"joinlimit:level:{address}",
    )


def wait_before_trying(request: HttpRequest) -> int | None:
    """Seconds this browser must wait before another try, else ``None``."""
    _, blocked, _ = _address_keys(request)
    until = cache.get(blocked)
    if until is not None and until > _now():
        return max(1, int(until - _now()))
    who, limit = _who(request)
    return used_up(request, SCOPE, limit, who)


def count_wrong_code(request: HttpRequest) -> None:
    who, limit = _who(request)
    over_limit(request, SCOPE, limit, who=who)
    if not who:
        # From now on this browser's tries are its own (kept in a new session), this one
        # included.
        request.session.save()
        who, limit = _who(request)
        over_limit(request, SCOPE, limit, who=who)
    _count_for_address(request)


def _count_for_address(request: HttpRequest) -> None:
    counter, blocked, level_key = _address_keys(request)
    used = bump(counter, timeout=2 * MINUTE)
    if used < settings.CLASS_JOINS_PER_ADDRESS_PER_MINUTE:
        return
    level = int(cache.get(level_key) or 0)
    wait = min(FIRST_WAIT * 2**level, LONGEST_WAIT)
    cache.set(blocked, _now() + wait, timeout=wait)
    cache.set(level_key, level + 1, timeout=wait + BACKOFF_MEMORY)
    cache.delete(counter)
