from __future__ import annotations

from typing import Any

from django.http import HttpRequest


def csp_nonce(request: HttpRequest) -> dict[str, Any]:
    """django-csp's per-response nonce as ``csp_nonce``.

    That is the name django-htmx's ``{% htmx_script %}`` reads (and Django 6's
    own CSP support uses). The value stays lazy: a response only gets a nonce
    in its CSP header if its template actually used one.
    """
    return {"csp_nonce": getattr(request, "csp_nonce", None)}
