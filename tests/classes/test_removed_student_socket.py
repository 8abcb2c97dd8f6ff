"""A student the teacher removes is told so, their socket closes, and they can't come back
on it; the teacher's console redraws without them."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from tests.classes.helpers import (
    HOST,
    ORIGIN,
    connect,
    cookie,
    make_session_async,
    student_browser_async,
)
from tutor.asgi import application
from tutor.classes import people

pytestmark = pytest.mark.django_db(transaction=True)


async def drain(socket: WebsocketCommunicator) -> list[dict]:
    found = []
    while not await socket.receive_nothing(timeout=0.3):
        found.append(await socket.receive_json_from())
    return found


async def test_a_removed_students_socket_is_told_and_closed():
    teacher_browser, session = await make_session_async()
    bo_browser = await student_browser_async(session, "Bo")
    teacher = await connect(teacher_browser, session)
    bo = await connect(bo_browser, session)
    await drain(teacher)
    bo_id = await database_sync_to_async(lambda: session.students.get().pk)()

    await database_sync_to_async(people.remove)(session, bo_id)
    told = await bo.receive_json_from(timeout=5)
    assert told == {"type": "removed", "message": "Your teacher removed you from this session."}
    assert (await bo.receive_output(timeout=5))["type"] == "websocket.close"
    assert "Nobody has joined yet." in (await drain(teacher))[-1]["html"]

    again = WebsocketCommunicator(
        application, f"/ws/live/{session.join_code}/", headers=[ORIGIN, HOST, cookie(bo_browser)]
    )
    connected, code = await again.connect()
    assert not connected and code == 4403
