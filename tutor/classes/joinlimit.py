"""How many wrong join codes a browser may try: counted per browser (its session), so
that a class behind one address (a school's network, a proxy) never has a student with
the right code refused because classmates mistyped theirs.

A request without a session cookie (a script that drops cookies) is counted against its
address instead, with a ceiling ``COOKIELESS_FACTOR`` times higher: join codes are
guessed one request at a time, and 31^6 codes leave nothing to find at that rate.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

from tutor.core.ratelimit import over_limit, used_up

SCOPE = "join"
COOKIELESS_FACTOR = 10


def _who(request: HttpRequest) -> tuple[str, int]:
    key = request.session.session_key
    per_minute = settings.CLASS_JOINS_PER_MINUTE
    if key:
        return f"browser-{key}", per_minute
    return "", per_minute * COOKIELESS_FACTOR


def wait_before_trying(request: HttpRequest) -> int | None:
    """Seconds this browser must wait before another try, else ``None``."""
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
