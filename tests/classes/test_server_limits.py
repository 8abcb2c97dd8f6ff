"""What a real server process (Daphne) does with requests meant to hurt it (issue 24): a
board that would take gigabytes is refused by its engine worker and the server goes on
answering; the live socket says why it closes (a message over 1 MiB, a join code no session
can have, Redis down: 4013, since Daphne can't send 1013), never a bare drop or a
crash's 1011."""

from __future__ import annotations

import asyncio
import json

import pytest
import requests
import websockets
from channels.db import database_sync_to_async

from tests import serving
from tests.classes import servers
from tests.classes.helpers import make_session
from tutor.classes.consumers import TRY_AGAIN_LATER

pytestmark = pytest.mark.django_db(transaction=True)

# Secure the Wastes with X = 10^9 (issue 24, item 1): a billion Warrior tokens.
HUGE_X = {
    "format": "mtg-board/1",
    "players": ["Alice", "Bob"],
    "steps": [{"cast": "Secure the Wastes", "controller": "Alice", "x": 10**9}],
}


def _cookie(browser) -> str:  # noqa: ANN001
    return "; ".join(f"{k}={v.value}" for k, v in browser.cookies.items())


def _server(**env: str | None):  # noqa: ANN202
    return serving.daphne({"DATABASE_URL": servers.test_database_url(), "REDIS_URL": None, **env})


async def _closed(base: str, path: str, cookie: str = "", send: str | None = None):  # noqa: ANN202
    """The messages the server sent, and its close code."""
    url = base.replace("http://", "ws://") + path
    headers = [("Origin", base)] + ([("Cookie", cookie)] if cookie else [])
    received = []
    async with websockets.connect(url, additional_headers=headers, max_size=None) as socket:
        if send is not None:
            await socket.recv()  # the first state
            await socket.send(send)
        try:
            async with asyncio.timeout(20):
                while True:
                    received.append(json.loads(await socket.recv()))
        except websockets.ConnectionClosed:
            pass
        return received, socket.close_code


def test_a_board_out_of_memory_is_refused_and_the_server_answers_on():
    env = {"ENGINE_POOL": "true", "ENGINE_WORKERS": "1", "ENGINE_WORKER_MEMORY_MB": "400"}
    with _server(**env, ENGINE_TASK_MS="60000") as base:
        refused = requests.post(f"{base}/api/evaluate", json=HUGE_X, timeout=90)
        assert refused.status_code == 400
        assert "error" in refused.json()  # JSON, whichever bound refused it
        assert requests.get(f"{base}/", timeout=10).status_code == 200
        one = {"format": "mtg-board/1", "players": ["Alice", "Bob"], "steps": []}
        assert requests.post(f"{base}/api/evaluate", json=one, timeout=30).status_code == 200


async def test_the_live_socket_closes_with_a_reason():
    teacher, session = await database_sync_to_async(make_session)()
    with _server() as base:
        # A join code no session can have: 4400, not a database error.
        _, code = await _closed(base, "/ws/live/%00/")
        assert code == 4400
        # A message over Daphne's 1 MiB: an error frame, then 1009.
        big = json.dumps({"action": "ping", "pad": "x" * (1024 * 1024 + 10)})
        received, code = await _closed(
            base, f"/ws/live/{session.join_code}/", _cookie(teacher), send=big
        )
        assert code == 1009
        assert received and received[-1]["type"] == "error"
        assert "too long" in received[-1]["message"]


async def test_with_redis_down_the_live_socket_says_try_again_later():
    teacher, session = await database_sync_to_async(make_session)()
    with serving.closed_port() as port, _server(REDIS_URL=f"redis://127.0.0.1:{port}/0") as base:
        _, code = await _closed(base, f"/ws/live/{session.join_code}/", _cookie(teacher))
        assert code == TRY_AGAIN_LATER == 4013
