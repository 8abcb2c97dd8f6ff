"""The home page."""

from __future__ import annotations

from django.http import HttpResponse
from django.utils import timezone
from django.views.decorators.http import require_GET
from django.views.decorators.vary import vary_on_headers

from tutor.core.htmx import HtmxHttpRequest, render_page
from tutor.core.sections import SECTIONS
from tutor.puzzles.services import daily_puzzle


@require_GET
@vary_on_headers("HX-Request", "HX-Boosted")
def home(request: HtmxHttpRequest) -> HttpResponse:
    context = {"sections": SECTIONS, "daily": daily_puzzle(timezone.localdate())}
    return render_page(request, "core/home.html", context)
