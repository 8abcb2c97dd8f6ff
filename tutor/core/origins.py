"""The websocket handshake's same-origin check.

Browsers apply neither CORS nor CSRF to websockets, so a page on any origin can open
one with the visitor's cookies. Channels' ``AllowedHostsOriginValidator`` compares only
the Origin's host name with ``ALLOWED_HOSTS``, so another port or scheme of the same
host (say a different app on ``localhost:3000``, or a plain-http page of an https site)
would pass. Here the Origin must be this site's own origin, as Django's CSRF check
requires for a form post: the scheme, host and port the handshake was sent to, on an
allowed host, or an origin listed in ``CSRF_TRUSTED_ORIGINS``.
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
        if key.lower() == name and isinstance(value, bytes):
            return value.decode("latin1")
    return None


DEFAULT_PORTS = {"http": 80, "https": 443}


def _port(port: str, scheme: str) -> int | None:
    if not port:
        return DEFAULT_PORTS[scheme]
    return int(port) if port.isdigit() else None


def same_origin(origin: str | None, host: str | None, secure: bool) -> bool:
    """Whether a handshake's Origin is the site it was sent to (or a trusted origin):
    scheme, host and port, as Django's CSRF check compares a form post's.

    ``secure``: the handshake came over TLS (wss, or through a TLS proxy that says so:
    ``SECURE_PROXY_SSL_HEADER``), so only an https page is this site."""
    if not origin or not host:
        return False
    if origin in settings.CSRF_TRUSTED_ORIGINS:
        return True
    parts = urlsplit(origin)
    scheme = "https" if secure else "http"
    if parts.scheme != scheme or not parts.netloc:
        return False
    domain, port = split_domain_port(host.lower())
    allowed = settings.ALLOWED_HOSTS
    if settings.DEBUG and not allowed:
        allowed = ["localhost", "127.0.0.1", "[::1]"]
    if not domain or not validate_host(domain, allowed):
        return False
    origin_domain, origin_port = split_domain_port(parts.netloc.lower())
    here = _port(port, scheme)
    return origin_domain == domain and here is not None and _port(origin_port, scheme) == here


def secure_handshake(scope: Scope) -> bool:
    """Whether the handshake reached us over TLS, or through a proxy that terminated it
    and says so in the header ``SECURE_PROXY_SSL_HEADER`` names (as Django trusts it)."""
    if scope.get("scheme") == "wss":
        return True
    proxy = getattr(settings, "SECURE_PROXY_SSL_HEADER", None)
    if not proxy:
        return False
    name, value = proxy
    header = name.removeprefix("HTTP_").replace("_", "-").lower().encode("latin1")
    sent = _header(scope, header)
    return sent is not None and sent.split(",")[0].strip() == value


class SameOriginValidator:
    """ASGI middleware: websocket handshakes from another origin are refused (403)."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> Any:
        origin, host = _header(scope, b"origin"), _header(scope, b"host")
        if same_origin(origin, host, secure_handshake(scope)):
            return await self.application(scope, receive, send)
        # An ASGI scope is a plain dict; types-channels wants its TypedDict of channels' keys.
        return await WebsocketDenier()(scope, receive, send)  # type: ignore[arg-type]
