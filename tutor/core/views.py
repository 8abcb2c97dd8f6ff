"""The home page and the placeholder pages of sections that do not exist yet."""

from __future__ import annotations

from django.http import HttpResponse
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from tutor.core.htmx import HtmxHttpRequest, render_page
from tutor.core.sections import SECTION_BY_SLUG, SECTIONS


@require_GET
@vary_on_headers("HX-Request", "HX-Boosted")
def home(request: HtmxHttpRequest) -> HttpResponse:
    return render_page(request, "core/home.html", {"sections": SECTIONS})


@require_GET
@vary_on_headers("HX-Request", "HX-Boosted")
def coming_soon(request: HtmxHttpRequest, section: str) -> HttpResponse:
    """Placeholder for a section whose app is not written yet (the URLConf names it)."""
    return render_page(request, "core/coming_soon.html", {"section": SECTION_BY_SLUG[section]})
