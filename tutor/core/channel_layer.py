"""The in-memory channel layer (one server process), without its cost per message that
grows with the number of connections.

channels' ``InMemoryChannelLayer`` walks every channel and every group membership to drop
expired ones on each receive and group send: a reveal to 200 students is 200 receives,
each walking ~600 entries, which made the reveal's cost grow with the square of the class.
Expired messages (a minute old) and memberships (a day) are dropped here at most once a
second instead, which changes nothing a consumer can see.
"""

from __future__ import annotations

import time

from channels.layers import InMemoryChannelLayer

CLEAN_EVERY_SECONDS = 1.0


class ChannelLayer(InMemoryChannelLayer):  # type: ignore[misc]
    _cleaned = 0.0

    def _clean_expired(self) -> None:
        now = time.monotonic()
        if now - self._cleaned < CLEAN_EVERY_SECONDS:
            return
        self._cleaned = now
        super()._clean_expired()
