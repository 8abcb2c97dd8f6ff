"""Helpers for views that serve both whole pages and htmx fragments."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """An ``HttpRequest`` after django-htmx's middleware: for type checkers."""

    htmx: HtmxDetails


def render_page(
    request: HtmxHttpRequest,
    template_name: str,
    context: dict[str, Any] | None = None,
    *,
    fragment: str = "content",
    status: int = 200,
) -> HttpResponse:
    """Render a page, or only its ``fragment`` partial for an htmx request.

    A boosted request (``hx-boost`` navigation) swaps the whole body, so it gets
    the whole page. Views using this must vary on ``HX-Request`` and
    ``HX-Boosted`` (``@vary_on_headers("HX-Request", "HX-Boosted")``) so caches
    keep the two answers apart.
    """
    if request.htmx and not request.htmx.boosted:
        template_name = f"{template_name}#{fragment}"
    return render(request, template_name, context, status=status)
