"""A websocket that echoes JSON: proves the websocket stack works end to end."""

from __future__ import annotations

import json
from typing import Any

from channels.generic.websocket import AsyncJsonWebsocketConsumer

# Close code for "received a type of data it cannot accept" (RFC 6455, 7.4.1).
UNSUPPORTED_DATA = 1003


class PingConsumer(AsyncJsonWebsocketConsumer):
    """Sends every JSON text message straight back; answers bad JSON with an error."""

    async def receive(
        self, text_data: str | None = None, bytes_data: bytes | None = None, **kwargs: Any
    ) -> None:
        if text_data is None:
            await self.close(code=UNSUPPORTED_DATA)
            return
        try:
            content = json.loads(text_data)
        except json.JSONDecodeError as error:
            await self.send_json({"error": f"not JSON: {error.msg} at position {error.pos}"})
            return
        await self.send_json(content)
