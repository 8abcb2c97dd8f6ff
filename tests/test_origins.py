"""The websocket same-origin check (tutor.core.origins): the Origin must be the site the
handshake was sent to, scheme and port included, on an allowed host, or a trusted origin."""

import pytest
from channels.testing import WebsocketCommunicator

from tutor.core.origins import SameOriginValidator, same_origin


@pytest.mark.parametrize(
    ("origin", "host", "secure", "allowed"),
    [
        ("http://127.0.0.1:8000", "127.0.0.1:8000", False, True),
        ("http://localhost:8000", "localhost:8000", False, True),
        ("https://localhost", "localhost", True, True),
        # Behind a TLS proxy that says so: the https origin, the default port either way.
        ("https://localhost", "localhost:443", True, True),
        ("http://LOCALHOST:8000", "localhost:8000", False, True),
        ("http://localhost:80", "localhost", False, True),
        # Same host and port, another scheme: another origin.
        ("https://127.0.0.1:8000", "127.0.0.1:8000", False, False),
        ("http://localhost", "localhost", True, False),
        ("http://localhost:443", "localhost:443", True, False),
        ("https://localhost", "localhost", False, False),
        # Same host name, another port: another origin.
        ("http://127.0.0.1:3000", "127.0.0.1:8000", False, False),
        ("http://localhost", "localhost:8000", False, False),
        ("https://localhost:8443", "localhost", True, False),
        # Another host, a missing header, or an Origin that is not a web origin.
        ("https://evil.example", "127.0.0.1:8000", False, False),
        ("http://evil.example", "evil.example", False, False),
        (None, "127.0.0.1:8000", False, False),
        ("http://127.0.0.1:8000", None, False, False),
        ("null", "127.0.0.1:8000", False, False),
        ("file://", "127.0.0.1:8000", False, False),
        ("ftp://127.0.0.1:8000", "127.0.0.1:8000", False, False),
        ("http://127.0.0.1:8000", "", False, False),
        ("http://127.0.0.1:80x", "127.0.0.1", False, False),
    ],
)
def test_same_origin(origin, host, secure, allowed):
    assert same_origin(origin, host, secure) is allowed


def test_a_trusted_origin_may_open_a_socket_from_elsewhere(settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://classroom.example"]
    assert same_origin("https://classroom.example", "127.0.0.1:8000", False)
    assert not same_origin("https://classroom.example:8443", "127.0.0.1:8000", False)


async def accept(scope, receive, send):
    await send({"type": "websocket.accept"})


async def handshake(path_headers, scheme="ws"):
    communicator = WebsocketCommunicator(SameOriginValidator(accept), "/ws/", path_headers)
    communicator.scope["scheme"] = scheme
    connected, _ = await communicator.connect()
    await communicator.disconnect()
    return connected


# A refused handshake goes through a channels consumer, which tidies database connections
# as it dispatches (kept ones, CONN_MAX_AGE): the test allows that database access.
@pytest.mark.django_db(transaction=True)
async def test_the_handshake_compares_the_scheme_it_came_over(settings):
    https_page = [(b"origin", b"https://localhost"), (b"host", b"localhost")]
    assert not await handshake(https_page)
    assert await handshake(https_page, scheme="wss")
    http_page = [(b"origin", b"http://localhost"), (b"host", b"localhost")]
    assert not await handshake(http_page, scheme="wss")


@pytest.mark.django_db(transaction=True)
async def test_a_tls_proxy_is_believed_only_when_the_settings_say_so(settings):
    proxied = [
        (b"origin", b"https://localhost"),
        (b"host", b"localhost"),
        (b"x-forwarded-proto", b"https"),
    ]
    settings.SECURE_PROXY_SSL_HEADER = None
    assert not await handshake(proxied)
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    assert await handshake(proxied)
