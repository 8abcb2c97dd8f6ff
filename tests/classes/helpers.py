"""A class with a live session, a teacher's and students' browsers, and their websockets."""

from __future__ import annotations

from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.test import Client

from tutor.asgi import application
from tutor.classes import live
from tutor.classes.models import Classroom, LiveSession

ORIGIN = (b"origin", b"http://127.0.0.1:8000")
# The handshake is sent to the site of that origin (the Host a browser sends).
HOST = (b"host", b"127.0.0.1:8000")


def make_session(teacher_name: str = "mentor") -> tuple[Client, LiveSession]:
    teacher = User.objects.create_user(teacher_name, password="a-long-passphrase-9")
    room = Classroom.objects.create(teacher=teacher, name="Judge class")
    session = live.start_session(room)
    browser = Client()
    browser.force_login(teacher)
    return browser, session


def student_browser(session: LiveSession, name: str) -> Client:
    browser = Client()
    joined = browser.post("/join/", {"code": session.join_code, "name": name})
    assert joined.status_code == 302, joined.content
    return browser


def cookie(browser: Client) -> tuple[bytes, bytes]:
    jar = "; ".join(f"{k}={v.value}" for k, v in browser.cookies.items())
    return (b"cookie", jar.encode())


async def connect(browser: Client, session: LiveSession) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(
        application, f"/ws/live/{session.join_code}/", headers=[ORIGIN, HOST, cookie(browser)]
    )
    connected, _ = await socket.connect()
    assert connected
    first = await socket.receive_json_from(timeout=5)
    assert first["type"] == "state"
    return socket


make_session_async = database_sync_to_async(make_session)
student_browser_async = database_sync_to_async(student_browser)
