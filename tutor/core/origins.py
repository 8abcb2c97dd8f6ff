"""The websocket handshake's same-origin check.

Browsers apply neither CORS nor CSRF to websockets, so a page on any origin can open
one with the visitor's cookies. Channels' ``AllowedHostsOriginValidator`` compares only
the Origin's host name with ``ALLOWED_HOSTS``, so another port of the same host (say a
different app on ``localhost:3000``) would pass. Here the Origin must be this site's own
origin, as Django's CSRF check requires for a form post: the host and port the
handshake was sent to, on an allowed host, or an origin listed in
``CSRF_TRUSTED_ORIGINS``.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

Scope = dict[str, Any]


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key.lower() == name:
            return value.decode("latin1")
    return None


def _without_default_port(host: str) -> str:
    """``example.com:443`` and ``example.com`` name one site.

    The handshake's Host carries no scheme, and behind a TLS proxy the hop to us is plain
    http, so a default port (80 or 443) counts as absent on both sides."""
    domain, port = split_domain_port(host.lower())
    return domain if port in ("", "80", "443") else f"{domain}:{port}"


def same_origin(origin: str | None, host: str | None) -> bool:
    """Whether a handshake's Origin is the site it was sent to (or a trusted origin)."""
    if not origin or not host:
        return False
    if origin in settings.CSRF_TRUSTED_ORIGINS:
        return True
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    domain, _ = split_domain_port(host.lower())
    allowed = settings.ALLOWED_HOSTS
    if settings.DEBUG and not allowed:
        allowed = ["localhost", "127.0.0.1", "[::1]"]
    if not domain or not validate_host(domain, allowed):
        return False
    return _without_default_port(parts.netloc) == _without_default_port(host)


class SameOriginValidator:
    """ASGI middleware: websocket handshakes from another origin are refused (403)."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> Any:
        if same_origin(_header(scope, b"origin"), _header(scope, b"host")):
            return await self.application(scope, receive, send)
        return await WebsocketDenier()(scope, receive, send)
