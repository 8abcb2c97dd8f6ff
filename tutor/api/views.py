"""The JSON API: the engine's answers for other tools, the same JSON as the command line.

Requests are JSON bodies (a board in the board format); answers are JSON,
errors included (``{"error": ...}`` with a 4xx status). No cookies are read,
so the endpoints are exempt from CSRF; they are limited in rate, and a board is held to
the site's bounds (``tutor.boards.limits``) like a share link's or a puzzle's.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_POST

from rules_engine import BoardError, answer_json
from tutor.api.openapi import openapi_document
from tutor.boards.codec import BoardTokenError, ensure_shareable
from tutor.boards.engine import event_answer
from tutor.boards.limits import MAX_JSON_BYTES
from tutor.boards.services import BoardProblem, evaluate_cached
from tutor.core.ratelimit import over_limit
from tutor.puzzles.models import Puzzle
from tutor.puzzles.services import SHORT_ID, public_json

MAX_BODY_BYTES = MAX_JSON_BYTES


def _error(status: int, message: str, **extra: Any) -> JsonResponse:
    return JsonResponse({"error": message, **extra}, status=status)


def _throttled(request: HttpRequest) -> JsonResponse | None:
    """A 429 when this address has used up its minute (``API_REQUESTS_PER_MINUTE``)."""
    wait = over_limit(request, "api", settings.API_REQUESTS_PER_MINUTE)
    if wait is None:
        return None
    response = _error(429, f"too many requests: try again in {wait} s")
    response["Retry-After"] = str(wait)
    return response


def _answer(request: HttpRequest, compute: Callable[[Any], dict[str, Any]]) -> JsonResponse:
    throttled = _throttled(request)
    if throttled is not None:
        return throttled
    try:
        body = request.body
    except RequestDataTooBig:  # past Django's own cap (DATA_UPLOAD_MAX_MEMORY_SIZE)
        body = None
    if body is None or len(body) > MAX_BODY_BYTES:
        return _error(413, f"the board is too large (at most {MAX_BODY_BYTES} bytes)")
    if request.content_type != "application/json":
        return _error(415, "send the board as JSON (Content-Type: application/json)")
    try:
        board = json.loads(body)
    except (ValueError, RecursionError) as error:
        return _error(400, f"the body is not valid JSON ({error.__class__.__name__})")
    try:
        ensure_shareable(board)
    except BoardTokenError as error:
        return _error(400, str(error))
    try:
        return JsonResponse(compute(board))
    except BoardError as error:
        return _error(400, str(error), path=error.path)
    except BoardProblem as problem:  # stopped by a hard limit, or no worker free (503)
        return _error(problem.status, str(problem))


@csrf_exempt
@require_POST
def evaluate(request: HttpRequest) -> JsonResponse:
    """Characteristics through layers 1-7 (``python -m rules_engine evaluate``)."""
    return _answer(request, lambda board: answer_json(evaluate_cached(board)))


@csrf_exempt
@require_POST
def event(request: HttpRequest) -> JsonResponse:
    """The choice tree and outcomes of the board's event (``python -m rules_engine event``)."""
    return _answer(request, event_answer)


@require_GET
def puzzle(request: HttpRequest, short_id: str) -> JsonResponse:
    """A saved puzzle for other tools: its board and question, never its answer."""
    throttled = _throttled(request)
    if throttled is not None:
        return throttled
    found = None
    if SHORT_ID.fullmatch(short_id):
        found = Puzzle.objects.prefetch_related("themes").filter(short_id=short_id).first()
    if found is None:
        return _error(404, "no puzzle has this id")
    url = request.build_absolute_uri(found.get_absolute_url())
    try:
        return JsonResponse(public_json(found, url))
    except BoardProblem as problem:
        if problem.status == 503:
            return _error(503, str(problem))
        return _error(422, f"the engine can't pose this puzzle any more: {problem}")


@require_GET
def openapi(request: HttpRequest) -> JsonResponse:
    return JsonResponse(openapi_document(request.build_absolute_uri("/")))
