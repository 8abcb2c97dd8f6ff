"""A method a view doesn't take is a 405 with ``Allow``, whatever the method: without this,
Django's CSRF check (which runs before the view and its ``require_http_methods``) answers
a POST, PUT or DELETE to a GET-only page with a 403, as if the method were allowed and the
token missing.

The methods a view takes are read from the view itself: Django's ``require_http_methods``
(and ``require_GET``, ``require_POST``, ``require_safe``) keep them in their wrapper's
closure as ``request_method_list``; a class-based view names them in ``http_method_names``.
A view that says nothing takes every method, as before.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed, JsonResponse

LOG = logging.getLogger(__name__)


def _closure_methods(function: Any) -> frozenset[str] | None:
    code = getattr(function, "__code__", None)
    cells = getattr(function, "__closure__", None)
    if code is None or not cells:
        return None
    for name, cell in zip(code.co_freevars, cells, strict=False):
        if name == "request_method_list":
            return frozenset(str(m).upper() for m in cell.cell_contents)
    return None


@lru_cache(maxsize=512)
def allowed_methods(view: Callable[..., Any]) -> frozenset[str] | None:
    """The methods ``view`` takes (``None``: it doesn't say). Each decorator layer
    (``functools.wraps`` keeps ``__wrapped__``) may narrow them."""
    view_class = getattr(view, "view_class", None)
    if view_class is not None:
        return frozenset(
            m.upper()
            for m in view_class.http_method_names
            if m == "options" or hasattr(view_class, m)
        ) | ({"HEAD"} if hasattr(view_class, "get") else set())
    allowed: frozenset[str] | None = None
    layer: Any = view
    for _ in range(20):
        found = _closure_methods(layer)
        if found is not None:
            allowed = found if allowed is None else allowed & found
        layer = getattr(layer, "__wrapped__", None)
        if layer is None:
            break
    return allowed


class MethodNotAllowedMiddleware:
    """Placed before ``CsrfViewMiddleware``: its ``process_view`` runs first."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable[..., Any], args: Iterable[Any], kwargs: Any
    ) -> HttpResponse | None:
        allowed = allowed_methods(view)
        if allowed is None or request.method in allowed:
            return None
        if request.path.startswith("/api/"):  # the JSON API answers in JSON
            methods = ", ".join(sorted(allowed))
            message = f"{request.method} is not allowed here: use {methods}"
            response: HttpResponse = JsonResponse({"error": message}, status=405)
            response["Allow"] = methods
            return response
        return HttpResponseNotAllowed(sorted(allowed))
