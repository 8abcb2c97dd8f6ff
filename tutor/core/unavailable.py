"""When Redis (the shared cache and channel layer) can't be reached, every page that needs
it answers 503 with a plain message and a Retry-After, instead of a 500: the site is
down for a moment, not broken, and the browser (or a student's page) tries again."""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

LOG = logging.getLogger(__name__)
RETRY_SECONDS = 10
MESSAGE = (
    "Layerlab can't reach its shared store (Redis) just now, so it can't take this "
    f"request. Nothing you sent was saved: try again in {RETRY_SECONDS} seconds."
)
UNREACHABLE = (RedisConnectionError, RedisTimeoutError)


def unavailable() -> HttpResponse:
    response = HttpResponse(MESSAGE, status=503, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(RETRY_SECONDS)
    return response


class RedisUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, error: Exception) -> HttpResponse | None:
        if isinstance(error, UNREACHABLE):
            LOG.warning("Redis unreachable (%s): answered 503", error)
            return unavailable()
        return None
