"""The echo websocket at ws/ping/ (tutor.core.consumers.PingConsumer), through the
full ASGI application: origin check, sessions and auth, URL routing."""

import pytest
from channels.testing import WebsocketCommunicator

from tutor.asgi import application

ALLOWED_ORIGIN = (b"origin", b"http://127.0.0.1:8000")
FOREIGN_ORIGIN = (b"origin", b"https://evil.example")
HOST = (b"host", b"127.0.0.1:8000")

pytestmark = pytest.mark.django_db(transaction=True)


async def test_ping_echoes_json_from_an_allowed_origin():
    communicator = WebsocketCommunicator(application, "/ws/ping/", headers=[ALLOWED_ORIGIN, HOST])
    connected, _ = await communicator.connect()
    assert connected
    try:
        await communicator.send_json_to({"ping": 1, "layers": ["7a", "7b", "7c"]})
        assert await communicator.receive_json_from() == {"ping": 1, "layers": ["7a", "7b", "7c"]}
    finally:
        await communicator.disconnect()


async def test_ping_answers_text_that_is_not_json_with_an_error():
    communicator = WebsocketCommunicator(application, "/ws/ping/", headers=[ALLOWED_ORIGIN, HOST])
    connected, _ = await communicator.connect()
    assert connected
    try:
        await communicator.send_to(text_data="ping?")
        reply = await communicator.receive_json_from()
        assert reply["error"].startswith("not JSON")
    finally:
        await communicator.disconnect()


async def test_ping_closes_on_binary_frames():
    communicator = WebsocketCommunicator(application, "/ws/ping/", headers=[ALLOWED_ORIGIN, HOST])
    connected, _ = await communicator.connect()
    assert connected
    await communicator.send_to(bytes_data=b"\x00\x01")
    message = await communicator.receive_output()
    assert message == {"type": "websocket.close", "code": 1003}
    await communicator.wait()


async def test_ping_refuses_a_foreign_origin():
    communicator = WebsocketCommunicator(application, "/ws/ping/", headers=[FOREIGN_ORIGIN, HOST])
    connected, _ = await communicator.connect()

    assert not connected
    await communicator.wait()


async def test_ping_refuses_a_handshake_without_origin_header():
    # Browsers always send Origin; a handshake without one is not from a page of ours.
    communicator = WebsocketCommunicator(application, "/ws/ping/", headers=[HOST])
    connected, _ = await communicator.connect()

    assert not connected
    await communicator.wait()
