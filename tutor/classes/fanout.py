"""A panel that is the same for the whole class (a new question, the reveal, each step of
the explanation) reaches each server process once, not each student's connection.

Through the channel layer, a message to a group of 200 is 200 messages, and each one wakes
its own consumer over several turns of the event loop before anything is written: every
student's screen waited for the whole class's consumers to wake (the reveal's cost grew
with the class). Here each process keeps the session's student connections it serves and
listens on one channel of its own, in the session's fan-out group: one message there is
written to every local student's socket in one go, each with the student's own verdict
filled in (``LiveConsumer.live_shared``). With Redis that is also one message per process
instead of one per student.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any, Protocol

from tutor.core.channel_layer import channel_layer
from tutor.core.unavailable import UNREACHABLE

LOG = logging.getLogger(__name__)
# How long the listener waits before listening again when the channel layer failed.
RETRY_SECONDS = 1.0


def group(session_id: int) -> str:
    """One member per server process serving a student of the session."""
    return f"live-{session_id}-fanout"


class Member(Protocol):
    """A student's connection: takes a shared panel without waiting on anything."""

    async def live_shared(self, event: dict[str, Any]) -> None: ...


class _Local:
    """A session's student connections on this process, and the channel it listens on."""

    def __init__(self) -> None:
        self.members: set[Member] = set()
        self.channel = ""
        self.task: asyncio.Task[None] | None = None


class Fanout:
    """One per event loop (server process)."""

    def __init__(self) -> None:
        self.sessions: dict[int, _Local] = {}

    async def join(self, session_id: int, member: Member) -> None:
        local = self.sessions.get(session_id)
        if local is None:
            local = self.sessions[session_id] = _Local()
            layer = channel_layer()
            try:
                local.channel = await layer.new_channel()
                await layer.group_add(group(session_id), local.channel)
            except BaseException:
                if self.sessions.get(session_id) is local:
                    del self.sessions[session_id]
                raise
            local.task = asyncio.create_task(self._listen(local))
        local.members.add(member)

    async def leave(self, session_id: int, member: Member) -> None:
        local = self.sessions.get(session_id)
        if local is None or member not in local.members:
            return
        local.members.discard(member)
        if local.members:
            return
        del self.sessions[session_id]
        if local.task is not None:
            local.task.cancel()
        if local.channel:
            # Redis drops the membership on its own (group expiry) if it can't be told.
            with contextlib.suppress(*UNREACHABLE):
                await channel_layer().group_discard(group(session_id), local.channel)

    async def _listen(self, local: _Local) -> None:
        layer = channel_layer()
        while True:
            try:
                event = await layer.receive(local.channel)
            except UNREACHABLE:
                LOG.warning("live fan-out: channel layer unreachable; listening again")
                await asyncio.sleep(RETRY_SECONDS)
                continue
            for member in list(local.members):
                try:
                    await member.live_shared(event)
                except Exception:  # one closed socket never keeps the others waiting
                    LOG.exception("live fan-out: a connection failed to take a panel")


_fanouts: dict[asyncio.AbstractEventLoop, Fanout] = {}


def fanout() -> Fanout:
    """This event loop's fan-out (tests run each on a loop of its own)."""
    loop = asyncio.get_running_loop()
    found = _fanouts.get(loop)
    if found is None:
        for old in [known for known in _fanouts if known.is_closed()]:
            del _fanouts[old]
        found = _fanouts[loop] = Fanout()
    return found
