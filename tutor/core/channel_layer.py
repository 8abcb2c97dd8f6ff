"""The in-memory channel layer (one server process), without its cost per message that
grows with the number of connections.

channels' ``InMemoryChannelLayer`` walks every channel and every group membership to drop
expired ones on each receive and group send: a reveal to 200 students is 200 receives,
each walking ~600 entries, which made the reveal's cost grow with the square of the class.
Expired messages (a minute old) and memberships (a day) are dropped here at most once a
second instead, which changes nothing a consumer can see.

Its group send also starts one task per member and waits for them all, each deep-copying
the same message: for a reveal to 200 students that is 200 tasks and 200 deep copies
before the first student's connection can even wake up. Here every member's copy is
queued at once; a message of plain values (the live events are text and numbers) is
copied shallowly, which is the same copy for values that can't change.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from copy import deepcopy
from typing import Any

from channels.layers import BaseChannelLayer, InMemoryChannelLayer, get_channel_layer
from django.core.exceptions import ImproperlyConfigured

CLEAN_EVERY_SECONDS = 1.0
_PLAIN = (str, int, float, bool, bytes, type(None))


def _copier(message: dict[str, Any]) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """How each member gets its own copy, as channels' layer gives it (so no consumer sees
    another's changes): a shallow one when every value is immutable."""
    if all(isinstance(value, _PLAIN) for value in message.values()):
        return dict
    return deepcopy


def channel_layer() -> BaseChannelLayer:
    """The default channel layer, which settings always configure (``CHANNEL_LAYERS``)."""
    layer = get_channel_layer()
    if layer is None:
        raise ImproperlyConfigured("CHANNEL_LAYERS has no default layer")
    return layer


class ChannelLayer(InMemoryChannelLayer):
    _cleaned = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._cleaned < CLEAN_EVERY_SECONDS:
            return
        self._cleaned = now
        # types-channels leaves out this private method, which channels 4 defines.
        super()._clean_expired()  # type: ignore[misc]

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        """Queued for every member in one pass; a full channel misses the message, as in
        channels' own layer."""
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        expires = time.time() + self.expiry
        copy = _copier(message)
        for channel in list(self.groups.get(group, {})):
            queue = self.channels.get(channel)
            if queue is None:
                queue = self.channels[channel] = asyncio.Queue(self.get_capacity(channel))
            with contextlib.suppress(asyncio.QueueFull):
                queue.put_nowait((expires, copy(message)))
