"""A live-class page reduced to its websocket, doing what ``static/js/live.js`` does with
answers: each has an id and is kept until acknowledged, and every unacknowledged one is
sent again after a reconnection. Used by tests and benchmarks (a server process killed in
the middle of a burst), never by the site itself."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
import uuid
from collections.abc import Callable
from typing import Any

import websockets
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

Wanted = Callable[[dict[str, Any]], bool]


class LivePage:
    def __init__(self, base: str, code: str, cookie: str, reconnect_seconds: float = 60) -> None:
        self.base = base
        self.url = base.replace("http://", "ws://") + f"/ws/live/{code}/"
        self.cookie = cookie
        self.reconnect_seconds = reconnect_seconds
        self.pending: dict[str, dict[str, Any]] = {}
        # Answer id -> (when it was first sent, when its acknowledgement arrived).
        self.sent_at: dict[str, float] = {}
        self.acked_at: dict[str, float] = {}
        self.acks: dict[str, dict[str, Any]] = {}
        self.reconnections = 0
        self.inbox: asyncio.Queue[tuple[float, dict[str, Any]]] = asyncio.Queue()
        self.socket: Any = None
        self.reader: asyncio.Task[None] | None = None
        self.closing = False
        self.all_acked = asyncio.Event()
        self.all_acked.set()

    async def open(self) -> None:
        """Connect (retrying while the server is away), then resend what is pending."""
        deadline = time.monotonic() + self.reconnect_seconds
        retry = 0.5
        while True:
            try:
                self.socket = await websockets.connect(
                    self.url,
                    additional_headers=[("Origin", self.base), ("Cookie", self.cookie)],
                    open_timeout=30,
                    max_size=None,
                )
                break
            except (OSError, InvalidHandshake, InvalidStatus, TimeoutError):
                if time.monotonic() > deadline:
                    raise
                # As live.js: doubling waits, spread out, so a class doesn't knock at once.
                await asyncio.sleep(retry * (0.5 + random.random()))
                retry = min(retry * 2, 8.0)
        for message in list(self.pending.values()):
            await self._send(message)
        self.reader = asyncio.create_task(self._read())

    async def _send(self, message: dict[str, Any]) -> None:
        with contextlib.suppress(ConnectionClosed, AttributeError):
            await self.socket.send(json.dumps(message))

    async def _read(self) -> None:
        try:
            async for raw in self.socket:
                message = json.loads(raw)
                now = time.perf_counter()
                answer_id = message.get("id")
                if message.get("type") == "answered" and answer_id in self.pending:
                    del self.pending[answer_id]
                    self.acked_at[answer_id] = now
                    self.acks[answer_id] = message
                    if not self.pending:
                        self.all_acked.set()
                elif message.get("type") == "error" and answer_id in self.pending:
                    if message.get("final"):
                        del self.pending[answer_id]
                    await self.inbox.put((now, message))
                else:
                    await self.inbox.put((now, message))
        except ConnectionClosed:
            pass
        if not self.closing:
            self.reconnections += 1
            asyncio.get_running_loop().create_task(self.open())

    async def answer(self, question: int, answer: object) -> str:
        answer_id = uuid.uuid4().hex
        message = {"action": "answer", "id": answer_id, "question": question, "answer": answer}
        self.pending[answer_id] = message
        self.sent_at[answer_id] = time.perf_counter()
        self.all_acked.clear()
        await self._send(message)
        return answer_id

    async def send(self, message: dict[str, Any]) -> None:
        await self._send(message)

    async def until(self, wanted: Wanted, seconds: float = 60) -> tuple[float, dict[str, Any]]:
        """The first message ``wanted`` accepts (and when it arrived); earlier ones go."""
        async with asyncio.timeout(seconds):
            while True:
                arrived, message = await self.inbox.get()
                if wanted(message):
                    return arrived, message

    async def close(self) -> None:
        self.closing = True
        if self.socket is not None:
            await self.socket.close()
        if self.reader is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self.reader
