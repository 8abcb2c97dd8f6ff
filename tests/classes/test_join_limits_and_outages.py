"""Limits that fit a classroom, and a site that says so when Redis is down: wrong join
codes count per browser, so a student with the right code is never refused because of
classmates; behind a documented proxy the client's address comes from its header; with
Redis unreachable, pages and the live websocket answer "try again later", never 500."""

from __future__ import annotations

import uuid

import pytest
from channels.testing import WebsocketCommunicator
from django.test import Client, RequestFactory
from django.urls import reverse

from tests import serving
from tests.classes.helpers import HOST, ORIGIN, cookie, make_session, make_session_async
from tutor.asgi import application
from tutor.classes import joinlimit
from tutor.classes.consumers import BAD_CODE, TRY_AGAIN_LATER
from tutor.core.ratelimit import client_address

pytestmark = pytest.mark.django_db


def _address() -> str:
    return f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.7"


def test_others_wrong_codes_never_refuse_a_right_one(settings):
    settings.CLASS_JOINS_PER_MINUTE = 3
    _, session = make_session()
    school = _address()
    for n in range(8):  # eight classmates, each mistyping three times
        classmate = Client(REMOTE_ADDR=school)
        for _ in range(3):
            wrong = classmate.post(reverse("join"), {"code": "ZZZZZZ", "name": f"S{n}"})
            assert wrong.status_code == 400
    latecomer = Client(REMOTE_ADDR=school)
    joined = latecomer.post(reverse("join"), {"code": session.join_code, "name": "Ada"})
    assert joined.status_code == 302
    # The browser that used up its own tries waits.
    stubborn = Client(REMOTE_ADDR=school)
    codes = [
        stubborn.post(reverse("join"), {"code": "ZZZZZZ", "name": "x"}).status_code
        for _ in range(4)
    ]
    assert codes == [400, 400, 400, 429]


def test_the_client_address_comes_from_the_proxy_header_when_configured(settings):
    request = RequestFactory().get(
        "/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.9"
    )
    assert client_address(request) == "10.0.0.1"  # no proxy configured: the header is ignored
    settings.CLIENT_ADDRESS_HEADER = "X-Forwarded-For"
    # The last address is the one the proxy added; the ones before it the client can forge.
    assert client_address(request) == "203.0.113.9"
    bare = RequestFactory().get("/", REMOTE_ADDR="10.0.0.1")
    assert client_address(bare) == "10.0.0.1"


@pytest.fixture
def redis_down(settings):
    """Redis pointed at a port nothing listens on (held closed for the test)."""
    with serving.closed_port() as port:
        closed = f"redis://127.0.0.1:{port}/0"
        settings.CACHES = {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": closed,
                "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
            }
        }
        settings.CHANNEL_LAYERS = {
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                "CONFIG": {"hosts": [{"address": closed, "socket_connect_timeout": 1}]},
            }
        }
        yield closed


def test_with_redis_down_joining_answers_503_not_500(redis_down):
    _, session = make_session()
    browser = Client(raise_request_exception=False)
    response = browser.post(reverse("join"), {"code": session.join_code, "name": "Ada"})
    assert response.status_code == 503
    assert "can't reach its shared store" in response.content.decode()
    assert response["Retry-After"]


@pytest.mark.django_db(transaction=True)
async def test_with_redis_down_the_live_socket_says_try_again_later(redis_down):
    teacher_browser, session = await make_session_async()
    socket = WebsocketCommunicator(
        application,
        f"/ws/live/{session.join_code}/",
        headers=[ORIGIN, HOST, cookie(teacher_browser)],
    )
    connected, _ = await socket.connect()
    assert connected
    closed = await socket.receive_output(timeout=10)
    assert closed == {"type": "websocket.close", "code": TRY_AGAIN_LATER}


@pytest.mark.parametrize(
    ("method", "path", "data"),
    [
        ("get", "/join/%00/", None),
        ("get", "/live/%00/", None),
        ("get", "/join/AB%01CD/", None),
        ("post", "/join/", {"code": "AB\x00", "name": "Ada"}),
        ("post", "/join/", {"code": "ABCDEF", "name": "Ada\x00"}),
        ("post", "/join/%00/", {"code": "", "name": "Ada"}),
    ],
)
def test_a_control_character_in_a_code_or_name_is_a_400(method, path, data):
    browser = Client(raise_request_exception=False)
    response = getattr(browser, method)(path, data) if data else getattr(browser, method)(path)
    assert response.status_code == 400
    assert "control character" in response.content.decode()


@pytest.mark.django_db(transaction=True)
async def test_a_control_character_in_the_socket_s_code_closes_it_as_a_bad_request():
    socket = WebsocketCommunicator(application, "/ws/live/\x00/", headers=[ORIGIN, HOST])
    connected, _ = await socket.connect()
    assert connected
    closed = await socket.receive_output(timeout=10)
    assert closed == {"type": "websocket.close", "code": BAD_CODE}


def test_the_join_page_gives_a_new_browser_its_session():
    browser = Client()
    page = browser.get("/join/ABCDEF/")
    assert page.status_code == 200
    assert "sessionid" in page.cookies


def test_cookieless_wrong_codes_never_lock_out_a_new_student(settings):
    """Issue 24: 100 wrong codes from clients that drop their cookies, then a new student
    with the right code, whose first answer must not be charged to the address."""
    _, session = make_session()
    school = _address()
    for _ in range(100):
        script = Client(REMOTE_ADDR=school)
        script.cookies.clear()
        assert script.post(reverse("join"), {"code": "ZZZZZZ", "name": "x"}).status_code in (
            400,
            429,
        )
    student = Client(REMOTE_ADDR=school)
    assert student.get(f"/join/{session.join_code}/").status_code == 200
    joined = student.post(reverse("join"), {"code": session.join_code, "name": "Ada"})
    assert joined.status_code == 302


def test_an_address_rotating_sessions_meets_a_ceiling_that_backs_off(settings, monkeypatch):
    settings.CLASS_JOINS_PER_MINUTE = 3
    settings.CLASS_JOINS_PER_ADDRESS_PER_MINUTE = 20
    now = [1_000_000.0]
    monkeypatch.setattr(joinlimit, "_now", lambda: now[0])
    address = _address()

    def guess() -> int:
        fresh = Client(REMOTE_ADDR=address)  # a new session for every guess
        fresh.get("/join/")
        return fresh.post(reverse("join"), {"code": "ZZZZZZ", "name": "x"}).status_code

    codes = [guess() for _ in range(25)]
    assert codes[:20] == [400] * 20 and set(codes[20:]) == {429}
    refused = Client(REMOTE_ADDR=address).post(reverse("join"), {"code": "ZZZZZZ", "name": "x"})
    assert refused["Retry-After"] == "60"
    now[0] += 61  # the minute is over: the address may try again ...
    assert [guess() for _ in range(20)] == [400] * 20
    refused = Client(REMOTE_ADDR=address).post(reverse("join"), {"code": "ZZZZZZ", "name": "x"})
    assert refused["Retry-After"] == "120"  # ... and over the ceiling again waits twice as long
