"""The websocket same-origin check (tutor.core.origins): the Origin must be the site the
handshake was sent to, port included, on an allowed host, or a trusted origin."""

import pytest

from tutor.core.origins import same_origin


@pytest.mark.parametrize(
    ("origin", "host", "allowed"),
    [
        ("http://127.0.0.1:8000", "127.0.0.1:8000", True),
        ("http://localhost:8000", "localhost:8000", True),
        ("https://localhost", "localhost", True),
        # Behind a TLS proxy: the browser's https origin, the default port on either side.
        ("https://localhost", "localhost:443", True),
        ("http://LOCALHOST:8000", "localhost:8000", True),
        # Same host name, another port: another origin.
        ("http://127.0.0.1:3000", "127.0.0.1:8000", False),
        ("http://localhost", "localhost:8000", False),
        # Another host, a missing header, or an Origin that is not a web origin.
        ("https://evil.example", "127.0.0.1:8000", False),
        ("http://evil.example", "evil.example", False),
        (None, "127.0.0.1:8000", False),
        ("http://127.0.0.1:8000", None, False),
        ("null", "127.0.0.1:8000", False),
        ("file://", "127.0.0.1:8000", False),
        ("ftp://127.0.0.1:8000", "127.0.0.1:8000", False),
        ("http://127.0.0.1:8000", "", False),
    ],
)
def test_same_origin(origin, host, allowed):
    assert same_origin(origin, host) is allowed


def test_a_trusted_origin_may_open_a_socket_from_elsewhere(settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://classroom.example"]
    assert same_origin("https://classroom.example", "127.0.0.1:8000")
    assert not same_origin("https://classroom.example:8443", "127.0.0.1:8000")
